//! The state of checking one callable (method, function or predicate): its
//! scopes, what `this` and `\result` mean there, and the errors found.

use crate::name::Name;
use std::collections::{HashMap, HashSet};

use super::env::Env;
use super::scope::Scopes;
use super::types;
use crate::core::{ClassId, Expr, Type};
use crate::diag::{Diagnostic, ErrorCode};
use crate::syntax::ast;
use crate::syntax::span::Span;

pub(super) struct Body<'e> {
    pub env: &'e Env,
    pub errs: Vec<Diagnostic>,
    pub scopes: Scopes,
    /// The enclosing class, also in static members (for error messages and
    /// static calls).
    pub class: Option<ClassId>,
    /// The class of `this`, when there is one.
    pub this: Option<ClassId>,
    /// In a constructor: final fields of `class` may be written.
    pub in_ctor: bool,
    /// In a specification: method calls are not allowed.
    pub spec: bool,
    /// The type of `\result` where it may be used (the `ensures` of a
    /// non-void method or function).
    pub result: Option<Type>,
    /// What `return` must give (`Void` for none).
    pub ret: Type,
    /// The labels of the method, for `\old[L]`.
    pub labels: HashSet<Name>,
    /// The enclosing loops and labelled statements, innermost last: where
    /// `break` and `continue` jump.
    pub loops: Vec<LoopExits>,
    /// The labels of the loop about to be checked (`L: while …`, `L1: L2: while …`).
    pub loop_label: Vec<Name>,
    /// Numbers the loops and labelled statements of this callable.
    pub next_loop: u32,
    /// How many quantifier bodies enclose the expression being checked
    /// (a trigger marker `{: e :}` needs one).
    pub quant_depth: u32,
    /// The invariant blocks around the statement being checked, innermost last.
    pub invariants: Vec<Name>,
    /// The invariants the enclosing atomic blocks hold.
    pub atomics: Vec<Name>,
    /// The names of the par threads around, innermost last (None: unnamed).
    pub pars: Vec<Option<Name>>,
    /// Ghost statements of the calls in the statement being checked (Java's
    /// `with { … }` / `then { … }`): run just before and just after it.
    pub ghost_before: Vec<crate::core::Stmt>,
    pub ghost_after: Vec<crate::core::Stmt>,
    /// Checking a statement's own expressions, where a call, an object or
    /// array creation, an increment or a `then` may stand (as an effect in
    /// the expression, `passes::lift`); false where one is refused.
    pub effects: bool,
    /// Where a call inside an expression is refused because its calls
    /// would have to run again (a loop condition), for the message.
    pub unlifted_in: Option<&'static str>,
    /// Checking ghost code (a `ghost` statement, a Java spec comment, a
    /// call's `with`/`then` block, a ghost method): it may write only ghost
    /// state (`Body::ghost_write`).
    pub ghost: bool,
    /// The ghost locals: declared in ghost code, `given`/`yields`
    /// parameters, and a ghost method's parameters.
    pub ghost_locals: HashSet<Name>,
    /// Program locals that ghost code writes (`then { x = w; }`, `//@ x = e;`):
    /// ghost values from then on, so program code must not read them
    /// (`Body::ghost_flow`).
    pub ghost_written: Vec<(Name, Name, Span)>,
    /// The first read of each local by program code (not ghost, not a
    /// specification).
    pub real_reads: HashMap<Name, Span>,
    /// Checking the local an assignment writes (not a read of it).
    pub assigning: bool,
    /// Whether `\current_thread` may be used here (in methods and
    /// `thread_local` predicates), or why not.
    pub current_thread: Result<(), &'static str>,
}

/// A loop or labelled statement that a `break` (and, a loop, a `continue`)
/// may target.
pub(super) struct LoopExits {
    /// The source labels (`outer` in `outer: for …`; a chain `a: b: for …` has two).
    pub label: Vec<Name>,
    pub is_loop: bool,
    /// What its jumps name it (`core::StmtKind::Break`).
    pub id: crate::core::LoopId,
}

impl<'e> Body<'e> {
    pub(super) fn new(env: &'e Env, scopes: Scopes, class: Option<ClassId>) -> Body<'e> {
        Body {
            env,
            errs: Vec::new(),
            scopes,
            class,
            this: None,
            in_ctor: false,
            spec: false,
            result: None,
            ret: Type::Void,
            labels: HashSet::new(),
            loops: Vec::new(),
            loop_label: Vec::new(),
            next_loop: 0,
            quant_depth: 0,
            invariants: Vec::new(),
            atomics: Vec::new(),
            pars: Vec::new(),
            ghost_before: Vec::new(),
            ghost_after: Vec::new(),
            effects: false,
            unlifted_in: None,
            ghost: false,
            ghost_locals: HashSet::new(),
            ghost_written: Vec::new(),
            real_reads: HashMap::new(),
            assigning: false,
            current_thread: Ok(()),
        }
    }

    /// Records an error; returns None so callers can `return self.err(…)`.
    pub(super) fn err<T>(
        &mut self,
        code: ErrorCode,
        span: Span,
        msg: impl Into<String>,
    ) -> Option<T> {
        self.errs.push(Diagnostic::error(code, span, msg));
        None
    }

    pub(super) fn mismatch<T>(&mut self, span: Span, expected: &str, found: &Type) -> Option<T> {
        let found = self.env.show(found);
        self.err(
            ErrorCode::TypeMismatch,
            span,
            format!("expected {expected}, found {found}"),
        )
    }

    /// Checks `e` against an expected type.
    pub(super) fn expect(&mut self, e: &ast::Expr, ty: &Type) -> Option<Expr> {
        let x = self.expr(e, Some(ty))?;
        if types::compatible(&self.env.program, &x.ty, ty) {
            Some(x)
        } else {
            self.type_mismatch(e.span, ty, &x.ty)
        }
    }

    /// "expected `want`, found `got`"; using a subclass for its superclass
    /// is notSupported (no subtyping yet).
    pub(super) fn type_mismatch<T>(&mut self, span: Span, want: &Type, got: &Type) -> Option<T> {
        if let (Type::Class(a), Type::Class(b)) = (got, want) {
            let (a, b) = (*a, self.env.program.class(*b).name);
            if self.env.inherits(a, &b) {
                let sub = &self.env.program.class(a).name;
                let mut msg = format!(
                    "using a {sub} as a {b} (no subtyping or dynamic dispatch between classes)"
                );
                if sub.starts_with("Thread$") {
                    msg.push_str(
                        "; a thread made by new Thread(r) can be held by a Thread variable only where it is created: Thread t = new Thread(r);",
                    );
                }
                return self.err(ErrorCode::NotSupported, span, msg);
            }
        }
        let want = self.env.show(want);
        self.mismatch(span, &want, got)
    }

    pub(super) fn cond(&mut self, e: &ast::Expr) -> Option<Expr> {
        self.expect(e, &Type::Bool)
    }

    /// A boolean or a resource: a clause, an assertion, a predicate body.
    pub(super) fn assertion(&mut self, e: &ast::Expr) -> Option<Expr> {
        let x = self.expr(e, Some(&Type::Resource))?;
        if types::is_assertion(&x.ty) {
            Some(x)
        } else {
            self.mismatch(e.span, "a boolean or resource", &x.ty)
        }
    }

    /// Runs `f` in specification mode.
    pub(super) fn in_spec<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let was = self.spec;
        self.spec = true;
        let r = f(self);
        self.spec = was;
        r
    }

    /// Runs `f` in a nested scope.
    pub(super) fn scoped<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        self.scopes.push();
        let r = f(self);
        self.scopes.pop();
        r
    }

    /// Declares a variable in the current scope (renamed if needed).
    pub(super) fn declare(&mut self, name: &ast::Ident, ty: Type) -> Option<crate::core::Var> {
        match self.scopes.declare(name, ty) {
            Ok(v) => Some(v),
            Err(d) => {
                self.errs.push(d);
                None
            }
        }
    }

    pub(super) fn ty(&mut self, t: &ast::Type) -> Option<Type> {
        match types::convert(t, &self.env.class_ids, &self.env.program, false) {
            Ok(t) => Some(t),
            Err(d) => {
                self.errs.push(d);
                None
            }
        }
    }
}
