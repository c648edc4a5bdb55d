//! The PVL lexer (logos).
//!
//! [`Lexer`] yields `(start, Token, end)` byte-offset triples for the
//! external-lexer lalrpop grammar (`grammars/pvl.lalrpop`); it knows nothing
//! of files, the grammar attaches the [`FileId`](super::span::FileId).
//! Whitespace and comments (`// …`, `/* … */`, including VerCors expectation
//! markers like `/*[/expect postFailed:false]*/`) are skipped. Bad input
//! becomes a [`LexError`] value, never a silent skip.
//!
//! Two lexical choices keep the grammar LR(1):
//! * `[]` (with optional blanks inside) is one token, so `C[] x;` (a local of
//!   array type) and `a[i] = x;` (an assignment) part ways after one token.
//! * backslash keywords (`\forall*`, `\in`, …) are single tokens; a lone `\`
//!   is fraction division (`1\2`).

use super::nesting::{Nesting, Shape, TOO_DEEP};
use logos::{Logos, Skip};
use std::fmt;

/// What went wrong while lexing; the position is in [`LexError`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LexErrorKind {
    /// A character that starts no token.
    #[default]
    BadChar,
    /// `/*` without a matching `*/`.
    UnterminatedComment,
    /// Found by a grammar action's local check (an integer too large, a
    /// field with a contract, …): the message says what is wrong.
    Malformed(&'static str),
}

/// An error below the grammar's own syntax errors: from the lexer, or from a
/// grammar action's local check. A byte range, no file: the glue adds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LexError {
    pub kind: LexErrorKind,
    pub start: usize,
    pub end: usize,
}

impl fmt::Display for LexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            LexErrorKind::BadChar => f.write_str("unexpected character"),
            LexErrorKind::UnterminatedComment => {
                f.write_str("unterminated comment: `/*` without `*/`")
            }
            LexErrorKind::Malformed(msg) => f.write_str(msg),
        }
    }
}

/// Skips a block comment whose `/*` was just matched.
fn block_comment<'s>(lex: &mut logos::Lexer<'s, Token<'s>>) -> Result<Skip, LexErrorKind> {
    match lex.remainder().find("*/") {
        Some(i) => {
            lex.bump(i + 2);
            Ok(Skip)
        }
        None => {
            lex.bump(lex.remainder().len());
            Err(LexErrorKind::UnterminatedComment)
        }
    }
}

#[derive(Logos, Clone, Copy, Debug, PartialEq, Eq)]
#[logos(error = LexErrorKind)]
#[logos(skip r"[ \t\r\n\f]+")]
// A line comment ends at the newline: greedy is what we want.
#[logos(skip(r"//[^\n]*", allow_greedy = true))]
// VerCors's expectation markers may also stand bare in the code (`[/expect perm]x[/end]`).
#[logos(skip r"\[/expect [A-Za-z:]+\]")]
#[logos(skip r"\[/end\]")]
pub enum Token<'input> {
    #[token("/*", block_comment)]
    BlockComment,

    #[regex(r"[A-Za-z_$][A-Za-z0-9_$]*")]
    // A backtick-escaped name (`` `remove` ``): any text, a keyword included.
    #[regex(r"`[^`\n]+`", |lex| { let s = lex.slice(); &s[1..s.len() - 1] })]
    Ident(&'input str),
    #[regex(r"[0-9]+")]
    IntLit(&'input str),

    // Declarations and modifiers.
    #[token("class")]
    Class,
    #[token("constructor")]
    Constructor,
    #[token("static")]
    Static,
    #[token("final")]
    Final,
    #[token("ghost")]
    Ghost,
    #[token("inline")]
    Inline,
    #[token("pure")]
    Pure,
    #[token("thread_local")]
    ThreadLocal,

    // Contracts.
    #[token("requires")]
    Requires,
    #[token("ensures")]
    Ensures,
    #[token("context")]
    Context,
    #[token("context_everywhere")]
    ContextEverywhere,
    #[token("loop_invariant")]
    LoopInvariant,
    #[token("decreases")]
    Decreases,
    #[token("given")]
    Given,
    #[token("yields")]
    Yields,
    /// VerCors's `e then S` (`ast::ExprKind::Then`).
    #[token("then")]
    Then,

    // Types.
    #[token("int")]
    Int,
    #[token("boolean")]
    Boolean,
    #[token("bool")]
    Bool,
    #[token("void")]
    Void,
    #[token("resource")]
    Resource,
    #[token("frac")]
    Frac,
    #[token("zfrac")]
    ZFrac,
    #[token("rational")]
    Rational,
    #[token("seq")]
    Seq,
    #[token("set")]
    Set,
    #[token("bag")]
    Bag,
    #[token("option")]
    Option,
    #[token("map")]
    Map,
    #[token("tuple")]
    Tuple,

    // Intrinsic locks.
    #[token("lock_invariant")]
    LockInvariant,
    #[token("commit")]
    Commit,
    #[token("lock")]
    Lock,
    #[token("unlock")]
    Unlock,
    #[token("wait")]
    Wait,
    #[token("notify")]
    Notify,
    #[token("held")]
    Held,
    #[token("committed")]
    Committed,

    // Statements.
    #[token("if")]
    If,
    #[token("else")]
    Else,
    #[token("while")]
    While,
    #[token("for")]
    For,
    #[token("return")]
    Return,
    #[token("assert")]
    Assert,
    #[token("assume")]
    Assume,
    #[token("inhale")]
    Inhale,
    #[token("exhale")]
    Exhale,
    #[token("refute")]
    Refute,
    #[token("fold")]
    Fold,
    #[token("unfold")]
    Unfold,
    #[token("label")]
    Label,
    #[token("goto")]
    Goto,
    #[token("fork")]
    Fork,
    #[token("join")]
    Join,
    // Parallel blocks and their kin: parsed, then notSupported (check).
    #[token("par")]
    Par,
    #[token("parallel")]
    Parallel,
    #[token("sequential")]
    Sequential,
    #[token("vec")]
    Vec,
    #[token("barrier")]
    Barrier,
    #[token("invariant")]
    Invariant,
    #[token("atomic")]
    Atomic,
    // Histories (VerCors's models).
    #[token("model")]
    Model,
    #[token("process")]
    Process,
    #[token("action")]
    Action,
    #[token("modifies")]
    Modifies,
    #[token("accessible")]
    Accessible,

    // Expression keywords.
    #[token("true")]
    True,
    #[token("false")]
    False,
    #[token("null")]
    Null,
    #[token("this")]
    This,
    #[token("write")]
    Write,
    #[token("read")]
    Read,
    #[token("none")]
    NoPerm,
    #[token("new")]
    New,
    #[token("Perm")]
    Perm,
    #[token("PointsTo")]
    PointsTo,
    #[token("Value")]
    Value,
    #[token("perm")]
    CurPerm,
    #[token("unfolding")]
    Unfolding,
    #[token("in")]
    In,
    #[token("Some")]
    Some,
    #[token("None")]
    None,
    #[token("idle")]
    Idle,
    #[token("running")]
    Running,

    // Backslash keywords.
    #[token("\\result")]
    BsResult,
    #[token("\\current_thread")]
    BsCurrentThread,
    #[token("\\old")]
    BsOld,
    // VerCors's grammar also spells the quantifiers `∀`, `∀*` and `∃`.
    #[token("\\forall")]
    #[token("\u{2200}")]
    BsForall,
    #[token("\\forall*")]
    #[token("\u{2200}*")]
    BsForallStar,
    #[token("\\exists")]
    #[token("\u{2203}")]
    BsExists,
    #[token("\\let")]
    BsLet,
    #[token("\\unfolding")]
    BsUnfolding,
    #[token("\\in")]
    BsIn,
    #[token("\\array")]
    BsArray,
    #[token("\\matrix")]
    BsMatrix,
    #[token("\\values")]
    BsValues,
    // VerCors's constructs weft parses but does not encode yet.
    #[token("\\sum")]
    BsSum,
    #[token("\\typeof")]
    BsTypeof,
    #[token("\\type")]
    BsType,

    // Punctuation.
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("{")]
    LBrace,
    /// `{:` opens a trigger marker `{: e :}` in a quantifier's body.
    #[token("{:")]
    TriggerOpen,
    /// `{:n:` (and `{:<…n:`): VerCors's numbered trigger group, the marks
    /// numbered n together one trigger (`ast::TriggerGroup`).
    #[regex(r"\{:<*[0-9]*:")]
    TriggerGroupOpen(&'input str),
    #[token(":}")]
    TriggerClose,
    #[token("}")]
    RBrace,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[regex(r"\[[ \t]*\]")]
    EmptyBrackets,
    #[token(";")]
    Semi,
    #[token(",")]
    Comma,
    #[token(".")]
    Dot,
    #[token("..")]
    DotDot,
    #[token("?")]
    Question,
    #[token(":")]
    Colon,
    #[token("::")]
    ColonColon,
    #[token("->")]
    Arrow,
    #[token("?.")]
    QuestionDot,
    #[token("|")]
    Bar,

    // Operators.
    #[token("=")]
    Assign,
    #[token("+=")]
    PlusAssign,
    #[token("-=")]
    MinusAssign,
    #[token("*=")]
    StarAssign,
    #[token("/=")]
    SlashAssign,
    #[token("++")]
    PlusPlus,
    #[token("--")]
    MinusMinus,
    #[token("==")]
    EqEq,
    #[token("!=")]
    NotEq,
    #[token("<")]
    Lt,
    /// A `<` that opens type arguments or parameters (`Box<int>`,
    /// `f<T>(…)`, `class Box<T> {`): not lexed, but told apart from
    /// less-than by [`Lexer`] looking ahead (see `type_args_follow`).
    TypeArgsLt,
    #[token("<=")]
    Le,
    #[token(">")]
    Gt,
    #[token(">=")]
    Ge,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("*")]
    Star,
    #[token("/")]
    Slash,
    #[token("%")]
    Percent,
    #[token("\\")]
    Backslash,
    #[token("!")]
    Bang,
    #[token("&&")]
    AndAnd,
    #[token("||")]
    OrOr,
    #[token("==>")]
    Implies,
    #[token("**")]
    StarStar,
    /// `A -* B`, the magic wand.
    #[token("-*")]
    Wand,
    #[token("package")]
    Package,
    #[token("apply")]
    Apply,

    // Never lexed: made by `syntax::skim`. A whole method body left for
    // later, and the mark that starts the parse of one.
    LazyBody,
    BodyStart,
}

impl Token<'_> {
    /// What the token does to the nesting bound (`super::nesting`).
    fn shape(&self) -> Shape {
        use Token as T;
        match self {
            T::LParen | T::LBrace | T::LBracket | T::TriggerOpen | T::TriggerGroupOpen(_) => {
                Shape::Open
            }
            T::RParen | T::RBrace | T::RBracket | T::TriggerClose => Shape::Close,
            T::Semi | T::Comma => Shape::Separator,
            T::Dot
            | T::DotDot
            | T::Question
            | T::Colon
            | T::ColonColon
            | T::Arrow
            | T::QuestionDot
            | T::Bar
            | T::Assign
            | T::PlusAssign
            | T::MinusAssign
            | T::StarAssign
            | T::SlashAssign
            | T::PlusPlus
            | T::MinusMinus
            | T::EqEq
            | T::NotEq
            | T::Lt
            | T::TypeArgsLt
            | T::Le
            | T::Gt
            | T::Ge
            | T::Minus
            | T::Slash
            | T::Percent
            | T::Backslash
            | T::Bang
            | T::Implies
            | T::Wand
            | T::BsUnfolding
            | T::BsIn => Shape::Operator,
            T::Plus | T::Star | T::AndAnd | T::OrOr | T::StarStar => Shape::Associative,
            _ => Shape::Leaf,
        }
    }

    /// The source text of a fixed token; a description for the others.
    pub fn text(&self) -> &str {
        use Token::*;
        match self {
            BlockComment => "/*",
            Ident(s) | IntLit(s) | TriggerGroupOpen(s) => s,
            Class => "class",
            Constructor => "constructor",
            Static => "static",
            Final => "final",
            Ghost => "ghost",
            Inline => "inline",
            Pure => "pure",
            ThreadLocal => "thread_local",
            Requires => "requires",
            Ensures => "ensures",
            Context => "context",
            ContextEverywhere => "context_everywhere",
            LoopInvariant => "loop_invariant",
            Decreases => "decreases",
            Given => "given",
            Yields => "yields",
            Then => "then",
            Int => "int",
            Boolean => "boolean",
            Bool => "bool",
            Void => "void",
            Resource => "resource",
            Frac => "frac",
            ZFrac => "zfrac",
            Rational => "rational",
            Seq => "seq",
            Set => "set",
            Bag => "bag",
            Option => "option",
            Map => "map",
            Tuple => "tuple",
            LockInvariant => "lock_invariant",
            Commit => "commit",
            Lock => "lock",
            Unlock => "unlock",
            Wait => "wait",
            Notify => "notify",
            Held => "held",
            Committed => "committed",
            If => "if",
            Else => "else",
            While => "while",
            For => "for",
            Return => "return",
            Assert => "assert",
            Assume => "assume",
            Inhale => "inhale",
            Exhale => "exhale",
            Refute => "refute",
            Fold => "fold",
            Unfold => "unfold",
            Label => "label",
            Goto => "goto",
            Fork => "fork",
            Join => "join",
            Par => "par",
            Parallel => "parallel",
            Sequential => "sequential",
            Vec => "vec",
            Barrier => "barrier",
            Invariant => "invariant",
            Atomic => "atomic",
            Model => "model",
            Process => "process",
            Action => "action",
            Modifies => "modifies",
            Accessible => "accessible",
            True => "true",
            False => "false",
            Null => "null",
            This => "this",
            Write => "write",
            Read => "read",
            NoPerm => "none",
            New => "new",
            Perm => "Perm",
            PointsTo => "PointsTo",
            Value => "Value",
            CurPerm => "perm",
            Unfolding => "unfolding",
            In => "in",
            Some => "Some",
            None => "None",
            Idle => "idle",
            Running => "running",
            BsResult => "\\result",
            BsCurrentThread => "\\current_thread",
            BsOld => "\\old",
            BsForall => "\\forall",
            BsForallStar => "\\forall*",
            BsExists => "\\exists",
            BsLet => "\\let",
            BsUnfolding => "\\unfolding",
            BsIn => "\\in",
            BsArray => "\\array",
            BsMatrix => "\\matrix",
            BsValues => "\\values",
            BsSum => "\\sum",
            BsTypeof => "\\typeof",
            BsType => "\\type",
            LParen => "(",
            RParen => ")",
            LBrace => "{",
            TriggerOpen => "{:",
            TriggerClose => ":}",
            RBrace => "}",
            LBracket => "[",
            RBracket => "]",
            EmptyBrackets => "[]",
            Semi => ";",
            Comma => ",",
            Dot => ".",
            DotDot => "..",
            Question => "?",
            Colon => ":",
            ColonColon => "::",
            Arrow => "->",
            QuestionDot => "?.",
            Bar => "|",
            Assign => "=",
            PlusAssign => "+=",
            MinusAssign => "-=",
            StarAssign => "*=",
            SlashAssign => "/=",
            PlusPlus => "++",
            MinusMinus => "--",
            EqEq => "==",
            NotEq => "!=",
            Lt => "<",
            TypeArgsLt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            Plus => "+",
            Minus => "-",
            Star => "*",
            Slash => "/",
            Percent => "%",
            Backslash => "\\",
            Bang => "!",
            AndAnd => "&&",
            OrOr => "||",
            Implies => "==>",
            StarStar => "**",
            Wand => "-*",
            Package => "package",
            Apply => "apply",
            LazyBody => "{ … }",
            BodyStart => "",
        }
    }
}

impl fmt::Display for Token<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Token::Ident(s) => write!(f, "identifier `{s}`"),
            Token::IntLit(s) => write!(f, "integer `{s}`"),
            t => write!(f, "`{}`", t.text()),
        }
    }
}

/// The token stream the grammar reads: `(start, token, end)` or an error.
pub struct Lexer<'input> {
    inner: logos::Lexer<'input, Token<'input>>,
    /// Where the lexed text starts in its file (positions are the file's).
    base: usize,
    /// The next `<` opens type arguments (the identifier before it was
    /// looked past).
    type_args_next: bool,
    /// The bound on nesting (`super::nesting`).
    nesting: Nesting,
}

/// Whether the tokens after an identifier, `lex` positioned just after it,
/// are `<` type arguments `>` followed by `(`, `{`, `>`, `,`, `[]` or (if
/// the names inside are capitalised) an identifier: then the `<` opens type
/// arguments (`Box<int> b`, `f<T>(x)`, `class Box<T> {`), not a less-than.
/// Only types may stand between the brackets, so `a < b` and
/// `a < b && c > d` stay comparisons; `a < b > (c)` would read as a generic
/// call, as in C#.
fn type_args_follow<'s>(mut lex: logos::Lexer<'s, Token<'s>>) -> bool {
    use Token as T;
    if !matches!(lex.next(), Some(Ok(T::Lt))) {
        return false;
    }
    let mut depth = 1u32;
    // Whether every name inside starts with a capital, as class names and
    // type parameters do by convention: then `Box<T> b` declares, while
    // `f(i < n, j > m)` compares.
    let mut capitals = true;
    for _ in 0..64 {
        match lex.next() {
            Some(Ok(T::Lt)) => depth += 1,
            Some(Ok(T::Gt)) => {
                depth -= 1;
                if depth == 0 {
                    return match lex.next() {
                        Some(Ok(T::Ident(_))) => capitals,
                        next => matches!(
                            next,
                            Some(Ok(T::LParen
                                | T::LBrace
                                | T::Gt
                                | T::Comma
                                | T::EmptyBrackets))
                        ),
                    };
                }
            }
            Some(Ok(T::Ident(s))) => capitals &= s.starts_with(|c: char| c.is_ascii_uppercase()),
            Some(Ok(
                T::Int
                | T::Boolean
                | T::Bool
                | T::Resource
                | T::Frac
                | T::ZFrac
                | T::Rational
                | T::Seq
                | T::Set
                | T::Bag
                | T::Option
                | T::Map
                | T::Comma
                | T::EmptyBrackets,
            )) => {}
            _ => return false,
        }
    }
    false
}

impl<'input> Lexer<'input> {
    pub fn new(text: &'input str) -> Lexer<'input> {
        Lexer::part(text, 0)
    }

    /// Lexes `text`, which starts at byte `base` of its file.
    pub fn part(text: &'input str, base: usize) -> Lexer<'input> {
        Lexer {
            inner: Token::lexer(text),
            base,
            type_args_next: false,
            nesting: Nesting::default(),
        }
    }
}

pub type Spanned<'input> = Result<(usize, Token<'input>, usize), LexError>;

impl<'input> Iterator for Lexer<'input> {
    type Item = Spanned<'input>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut tok = self.inner.next()?;
        match tok {
            Ok(Token::Ident(_)) => self.type_args_next = type_args_follow(self.inner.clone()),
            Ok(Token::Lt) if std::mem::take(&mut self.type_args_next) => {
                tok = Ok(Token::TypeArgsLt)
            }
            _ => self.type_args_next = false,
        }
        let span = self.inner.span();
        let span = span.start + self.base..span.end + self.base;
        Some(match tok {
            Ok(t) if !self.nesting.step(t.shape()) => Err(LexError {
                kind: LexErrorKind::Malformed(TOO_DEEP),
                start: span.start,
                end: span.end,
            }),
            Ok(t) => Ok((span.start, t, span.end)),
            // An unterminated comment runs to the end: point at its `/*`.
            Err(LexErrorKind::UnterminatedComment) => Err(LexError {
                kind: LexErrorKind::UnterminatedComment,
                start: span.start,
                end: span.start + 2,
            }),
            Err(kind) => Err(LexError {
                kind,
                start: span.start,
                end: span.end,
            }),
        })
    }
}
