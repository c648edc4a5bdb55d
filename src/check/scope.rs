//! Local scopes of one method, function or predicate, and the renaming that
//! makes every variable name unique within it.
//!
//! Core variables must have unique names per callable (the encoder declares
//! them all at method level), and must not clash with Viper keywords. So a
//! declaration gets its written name if that is free, `name_` if the name is
//! a Viper keyword or built-in, and `name_1`, `name_2`, … when the name is
//! already used in the callable (shadowing, or a sibling block).

use crate::name::Name;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::core::{Type, Var};
use crate::diag::{Diagnostic, ErrorCode};
use crate::syntax::ast::Ident;
use crate::syntax::span::Span;

/// Names that cannot be Viper variable names.
const RESERVED: &[&str] = &[
    "result",
    "acc",
    "perm",
    "old",
    "method",
    "function",
    "predicate",
    "field",
    "var",
    "returns",
    "inhale",
    "exhale",
    "fold",
    "unfold",
    "assert",
    "assume",
    "new",
    "wildcard",
    "write",
    "none",
    "forall",
    "exists",
    "forperm",
    "let",
    "in",
    "union",
    "intersection",
    "setminus",
    "subset",
    "Seq",
    "Set",
    "Multiset",
    "Int",
    "Bool",
    "Perm",
    "Ref",
    "Rational",
    "label",
    "goto",
    "domain",
    "axiom",
    "true",
    "false",
    "null",
    "while",
    "if",
    "elseif",
    "else",
    "invariant",
    "requires",
    "ensures",
    "unfolding",
    "apply",
    "package",
    "refute",
    "import",
    "define",
    "Map",
    "range",
    "epsilon",
    "packaging",
    "applying",
    "decreases",
    "fresh",
    "constraining",
];

pub(super) fn is_reserved(name: &str) -> bool {
    RESERVED.contains(&name)
}

#[derive(Clone, Debug)]
pub(super) struct Scopes {
    /// Innermost last: written name → the core variable.
    frames: Vec<HashMap<Name, Var>>,
    /// Every core name handed out in this callable.
    used: HashSet<Name>,
}

impl Scopes {
    pub(super) fn new() -> Scopes {
        Scopes {
            frames: vec![HashMap::default()],
            used: HashSet::default(),
        }
    }

    pub(super) fn push(&mut self) {
        self.frames.push(HashMap::default());
    }

    pub(super) fn pop(&mut self) {
        self.frames.pop();
    }

    pub(super) fn lookup(&self, name: &str) -> Option<&Var> {
        self.frames.iter().rev().find_map(|f| f.get(name))
    }

    /// Declares a variable in the innermost scope; a second declaration of
    /// the same name in the same scope is an error.
    pub(super) fn declare(&mut self, name: &Ident, ty: Type) -> Result<Var, Diagnostic> {
        if self
            .frames
            .last()
            .is_some_and(|f| f.contains_key(&name.name))
        {
            return Err(Diagnostic::error(
                ErrorCode::Duplicate,
                name.span,
                format!("{} is already declared in this scope", name.name),
            ));
        }
        let var = self.fresh(&name.name, ty, name.span);
        if let Some(f) = self.frames.last_mut() {
            f.insert(name.name, var.clone());
        }
        Ok(var)
    }

    /// Declares a local, which may shadow one of the same name in the same
    /// block: PVL (as VerCors reads it) allows `int t = …; int t = …;`, the
    /// second a new variable from there on. (Java forbids it; javac rejects
    /// such a program, so accepting it changes the meaning of none.)
    pub(super) fn declare_local(&mut self, name: &Ident, ty: Type) -> Var {
        let var = self.fresh(&name.name, ty, name.span);
        if let Some(f) = self.frames.last_mut() {
            f.insert(name.name, var.clone());
        }
        var
    }

    /// A variable with a new unique name, not visible by any written name
    /// (for temporaries the checker introduces).
    pub(super) fn fresh(&mut self, name: &str, ty: Type, span: Span) -> Var {
        let taken = |used: &HashSet<Name>, n: &str| used.contains(n) || is_reserved(n);
        // Most names are free as written: interned as they are, no copy.
        let name = if taken(&self.used, name) {
            let base = if is_reserved(name) {
                format!("{name}_")
            } else {
                name.to_string()
            };
            let mut candidate = base.clone();
            let mut n = 0;
            while taken(&self.used, &candidate) {
                n += 1;
                candidate = format!("{base}_{n}");
            }
            Name::from(candidate)
        } else {
            Name::new(name)
        };
        self.used.insert(name);
        Var { name, ty, span }
    }
}
