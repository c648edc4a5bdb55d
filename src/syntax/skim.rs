//! The first parse of a large PVL program leaves method bodies unparsed.
//!
//! [`Skim`] passes the lexer's tokens on, except that a method body (a `{`
//! right after a parameter list's `)`, among a class's members or at the top
//! of the file) becomes one [`Token::LazyBody`] spanning it, braces
//! included. The grammar takes that token as the body and the method keeps
//! its place ([`Method::unparsed_body`](super::ast::Method)); the body is
//! parsed by [`super::parser::parse_body`] when the method is checked, so the syntax trees
//! of all bodies (most of a program) are never alive at once.
//!
//! VerCors's thread body `run { … }` (the name `run` right before `{` among
//! a class's members) is folded the same way.
//!
//! The skim only sees tokens, so it leaves in the stream what it cannot
//! tell apart: a body after `pure` (a function's `{ return e; }`). It gives
//! up (an error, and the caller parses the file whole) where a contract
//! names a label (`\old[L]`): checking that contract needs the body's
//! labels. A token taken for a body where the grammar wants none is a parse
//! error, which also makes the caller parse the file whole; so the skim can
//! make a file parse differently only by making it fail.

use super::lexer::{LexError, LexErrorKind, Lexer, Spanned, Token};
use super::span::Span;

/// The lexer's tokens with method bodies folded into one token each.
pub struct Skim<'i> {
    inner: Lexer<'i>,
    /// Open braces outside the bodies folded so far: 0 at the top of the
    /// file, 1 among a class's members.
    depth: u32,
    /// The previous token was `)`, or the name `run` (VerCors's
    /// `run { … }` thread body among a class's members).
    after_paren: bool,
    /// The previous token was `\old`.
    after_old: bool,
    /// A `pure` modifier was seen for the member being read.
    pure: bool,
}

impl<'i> Skim<'i> {
    pub fn new(inner: Lexer<'i>) -> Skim<'i> {
        Skim {
            inner,
            depth: 0,
            after_paren: false,
            after_old: false,
            pure: false,
        }
    }

    /// The rest of a body whose `{` starts at `start`, as one token.
    fn fold(&mut self, start: usize) -> Spanned<'i> {
        let mut open = 1u32;
        let mut end = start + 1;
        loop {
            match self.inner.next() {
                Some(Ok((_, Token::LBrace, _))) => open += 1,
                Some(Ok((_, Token::RBrace, e))) => {
                    open -= 1;
                    if open == 0 {
                        return Ok((start, Token::LazyBody, e));
                    }
                }
                Some(Ok((_, _, e))) => end = e,
                Some(Err(e)) => return Err(e),
                // Unbalanced: the whole parse reports it.
                None => return Err(give_up(start, end)),
            }
        }
    }
}

fn give_up(start: usize, end: usize) -> LexError {
    LexError {
        kind: LexErrorKind::Malformed("the skim cannot read this"),
        start,
        end,
    }
}

impl<'i> Iterator for Skim<'i> {
    type Item = Spanned<'i>;

    fn next(&mut self) -> Option<Spanned<'i>> {
        let token = self.inner.next()?;
        let Ok((start, t, end)) = token else {
            return Some(token);
        };
        let members = self.depth <= 1;
        let after_paren = std::mem::replace(
            &mut self.after_paren,
            t == Token::RParen || (t == Token::Ident("run") && self.depth == 1),
        );
        let after_old = std::mem::replace(&mut self.after_old, t == Token::BsOld);
        match t {
            Token::LBrace if members && after_paren && !self.pure => {
                return Some(self.fold(start));
            }
            Token::LBrace => self.depth += 1,
            Token::RBrace => {
                self.depth = self.depth.saturating_sub(1);
                if self.depth <= 1 {
                    self.pure = false;
                }
            }
            Token::Semi if members => self.pure = false,
            Token::Pure if members => self.pure = true,
            Token::LBracket if members && after_old => return Some(Err(give_up(start, end))),
            _ => {}
        }
        Some(Ok((start, t, end)))
    }
}

/// The tokens of a body the skim left, after the mark that makes the
/// grammar parse one body.
pub fn body_tokens(text: &str, at: Span) -> impl Iterator<Item = Spanned<'_>> {
    let (start, end) = (at.start as usize, at.end as usize);
    std::iter::once(Ok((start, Token::BodyStart, start)))
        .chain(Lexer::part(&text[start..end], start))
}
