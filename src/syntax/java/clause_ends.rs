//! Where a clause of a `/*@ … */` comment ends when its author wrote no `;`.
//!
//! ESC/Java's pragmas, and so Calvin's, TMV's and Calvin-R's papers, end a
//! clause at the end of its comment or where the next clause's keyword
//! starts: `/*@ env_assumption \old(counter) <= counter */`,
//! `/*@ requires holder == tid modifies hasWriter action: … */`. The grammar
//! wants the `;` after each clause; the lexer gives it out where the paper
//! leaves it implicit (a `;` of no width), so both spellings read the same.
//!
//! Only a clause opened by one of the keywords of [`opens`] is closed so,
//! at its nesting depth 0: `/*@ atomic */`, a ghost declaration, or a field's
//! `/*@ accessible_if P */` (whose `;` is Java's, after the comment) are left
//! as they are. Inside a `performs` specification an `action` is part of the
//! clause (its `;` is sequencing; the grammar wants none after it), and in
//! an `action:` the first `ensures` is the action's own.

use super::lexer::Token;
use crate::syntax::nesting::Shape;

/// The clause open in the current `/*@` comment, if any.
#[derive(Default)]
pub struct ClauseEnds {
    open: Option<Open>,
    /// Brackets open since the clause's keyword.
    depth: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Open {
    Plain,
    /// `performs …`: its `action`s and `;`s belong to it.
    Performs,
    /// `action: [also_modifies …]`: until its `ensures`.
    Action,
    /// `action: … ensures E`.
    ActionEnsures,
}

/// The keywords that open a clause (and so end the one before them).
fn opens(t: &Token<'_>) -> Option<Open> {
    use Token as T;
    match t {
        T::Requires
        | T::Ensures
        | T::Context
        | T::ContextEverywhere
        | T::LoopInvariant
        | T::Modifies
        | T::EnvAssumption
        | T::GlobalInvariant
        | T::UnwritableByEnvIf
        | T::Witness => Some(Open::Plain),
        T::Performs => Some(Open::Performs),
        T::Action => Some(Open::Action),
        _ => None,
    }
}

impl ClauseEnds {
    /// A `/*@` comment opens: no clause is open.
    pub fn reset(&mut self) {
        *self = ClauseEnds::default();
    }

    /// `t` (of `shape`) is the next token of the comment: whether a `;` goes
    /// before it (then `t` is to be given again, after the `;`).
    pub fn before(&mut self, t: &Token<'_>, shape: Shape) -> bool {
        match shape {
            Shape::Open => {
                self.depth += 1;
                return false;
            }
            Shape::Close => {
                self.depth = self.depth.saturating_sub(1);
                return false;
            }
            _ => {}
        }
        if self.depth > 0 {
            return false;
        }
        if matches!(t, Token::Semi) {
            if self.open != Some(Open::Performs) {
                self.open = None;
            }
            return false;
        }
        let Some(next) = opens(t) else {
            return false;
        };
        match (self.open, next) {
            (None, _) => {
                self.open = Some(next);
                false
            }
            (Some(Open::Performs), Open::Action) => false,
            // A `performs` specification needs no `;` after it.
            (Some(Open::Performs), _) => {
                self.open = Some(next);
                false
            }
            (Some(Open::Action), Open::Plain) if matches!(t, Token::Ensures) => {
                self.open = Some(Open::ActionEnsures);
                false
            }
            // The clause before ends here: a `;`, then `t` again opens its own.
            (Some(_), _) => {
                self.open = None;
                true
            }
        }
    }

    /// The comment closes: whether a `;` ends a clause still open (not a
    /// `performs`, which takes none).
    pub fn at_end(&mut self) -> bool {
        let open = matches!(self.open, Some(o) if o != Open::Performs) && self.depth == 0;
        self.reset();
        open
    }
}
