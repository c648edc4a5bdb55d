//! Thread creation and termination: PVL `fork`/`join` (VerCors semantics).
//!
//! A class with a method `void run()` (no parameters, not static) is
//! *runnable*. Each runnable class `C` has two ghost fields, `weft_idle` and
//! `weft_running`, declared by this pass (`declare`) and never
//! listed among the class's fields (so `new` does not give them). Write
//! permission to one of them is the token: `idle(t)` is
//! `Perm(t.weft_idle, write)`, `running(t)` is `Perm(t.weft_running, write)`.
//! A token is thus an abstract resource that cannot be duplicated, can be
//! quantified over (`\forall*`) like any field permission, and needs no new
//! construct in the encodings.
//!
//! ```text
//! constructor of C          ~>  ensures idle(this) (unless it says so itself);
//!                               body starts with inhale idle(this)
//! fork e                    ~>  C t = e;
//!                               assert t != null                    (forkNull)
//!                               exhale idle(t)                      (running)
//!                               exhale run's requires[this := t]    (forkPre:R)
//!                               inhale running(t)
//! join e                    ~>  C t = e;
//!                               assert t != null                    (joinNull)
//!                               exhale running(t)                   (idle)
//!                               inhale run's ensures[this := t]
//!                               inhale idle(t)
//! ```
//!
//! `run`'s postcondition may not use `\old` if the thread is joined anywhere
//! (VerCors forbids it always): at a join there is no state of the fork to
//! refer to. The fork and join checks carry the
//! codes above; both backends report them through the generic check blame.
//! Java's `start`/`join` can lower to the same core `Fork`/`Join` nodes.

use super::{Lower, Out, Pass};
use crate::core::visit::{find, map_body_exprs, map_decl_exprs, subst_this};
use crate::core::{
    Block, ClassId, Expr, ExprKind, FieldId, MethodId, Program, Stmt, StmtKind, Token, Type, Var,
};
use crate::diag::{Diagnostic, ErrorCode, FailureCode, Reason};
use crate::name::Name;
use crate::syntax::ast::BinOp;
use crate::syntax::span::Span;
use std::collections::BTreeMap;

/// The name of the ghost field whose write permission is `idle(t)`.
pub const IDLE: &str = "weft_idle";
/// The name of the ghost field whose write permission is `running(t)`.
pub const RUNNING: &str = "weft_running";

/// A runnable class: its `run` method and token fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Runnable {
    pub run: MethodId,
    pub idle: FieldId,
    pub running: FieldId,
}

/// Declares the token fields of runnable class `c` with run method `run`.
fn declare(p: &mut Program, c: ClassId, run: MethodId) -> Runnable {
    Runnable {
        run,
        idle: p.add_token_field(IDLE, c),
        running: p.add_token_field(RUNNING, c),
    }
}

/// `Perm(t.field, write)`: a token of thread `t`.
fn token_perm(t: Expr, field: FieldId, span: Span) -> Expr {
    let loc = Expr::new(ExprKind::Field(Box::new(t), field), Type::Bool, span);
    let write = Expr::new(ExprKind::Write, Type::Rational, span);
    Expr::new(
        ExprKind::Perm(Box::new(loc), Box::new(write)),
        Type::Resource,
        span,
    )
}

/// What a fork or join of an instance of one runnable class needs.
struct Lowering {
    r: Runnable,
    requires: Vec<Expr>,
    ensures: Vec<Expr>,
    /// Where `run`'s postcondition uses `\old`: an error at a join.
    olds: Vec<Span>,
}

/// The pass's entry in [`super::PASSES`].
pub const PASS: Pass = Pass {
    name: "threads",
    description: "fork/join become checks of idle/running tokens and run's contract",
    declare: |p, _| declarations(p),
    removes: |s| matches!(s, StmtKind::Fork(_) | StmtKind::Join(_)),
    removes_expr: |e| matches!(e, ExprKind::Token(Token::Idle | Token::Running, _)),
    removes_decl: super::no_decl,
};

/// The runnable classes, and the lowering of their forks and joins.
struct Threads(BTreeMap<ClassId, Lowering>);

/// Constructors of runnable classes ensure their thread is idle.
fn declarations(p: &mut Program) -> Box<dyn Lower> {
    let runnables: BTreeMap<ClassId, Runnable> = (p.features.run.clone().into_iter())
        .map(|(c, run)| (c, declare(p, c, run)))
        .collect();
    if !runnables.is_empty() {
        map_decl_exprs(p, &mut |e| token(|c| runnables[&c], e));
    }
    let mut classes = BTreeMap::new();
    for (&c, &r) in &runnables {
        let run = p.method(r.run);
        let olds = run
            .contract
            .ensures
            .iter()
            .filter_map(|e| find(e, &|x| matches!(x.kind, ExprKind::Old(..))))
            .map(|old| old.span)
            .collect();
        classes.insert(
            c,
            Lowering {
                r,
                requires: run.contract.requires.clone(),
                ensures: run.contract.ensures.clone(),
                olds,
            },
        );
    }
    for m in &mut p.methods {
        if let (true, Some(l)) = (m.is_constructor, m.class.and_then(|c| classes.get(&c))) {
            // VerCors's constructors say `ensures idle(this)` themselves:
            // a second token would make the postcondition unsatisfiable.
            let says_idle = m
                .contract
                .ensures
                .iter()
                .any(|e| find(e, &|x| is_token_of_this(x, l.r.idle)).is_some());
            if says_idle {
                continue;
            }
            let c = m.class.unwrap_or(ClassId(0));
            let this = Expr::new(ExprKind::This, Type::Class(c), m.span);
            m.contract.ensures.push(token_perm(this, l.r.idle, m.span));
        }
    }
    Box::new(Threads(classes))
}

/// `idle(t)` and `running(t)` as the token fields that encode them, with
/// `runnable` the members of each runnable class.
fn token(runnable: impl Fn(ClassId) -> Runnable, e: Expr) -> Expr {
    match e.kind {
        ExprKind::Token(t @ (Token::Idle | Token::Running), o) => {
            // The checker admits only objects of runnable classes.
            let Type::Class(c) = o.ty else {
                unreachable!("a token of an object")
            };
            let r = runnable(c);
            let field = if t == Token::Idle { r.idle } else { r.running };
            token_perm(*o, field, e.span)
        }
        kind => Expr { kind, ..e },
    }
}

/// Whether `e` is the token `Perm(this.field, _)`.
fn is_token_of_this(e: &Expr, field: FieldId) -> bool {
    let ExprKind::Perm(loc, _) = &e.kind else {
        return false;
    };
    matches!(&loc.kind, ExprKind::Field(o, f) if *f == field && matches!(o.kind, ExprKind::This))
}

impl Lower for Threads {
    fn body(&self, p: &Program, m: MethodId, b: &mut Block, out: &mut Out) {
        let errs = &mut out.errs;
        let m = p.method(m);
        // The constructor of a runnable class creates an idle thread.
        if let (true, Some(l)) = (m.is_constructor, m.class.and_then(|c| self.0.get(&c))) {
            let c = m.class.unwrap_or(ClassId(0));
            let this = Expr::new(ExprKind::This, Type::Class(c), m.span);
            let s = Stmt {
                kind: StmtKind::Inhale(token_perm(this, l.r.idle, m.span)),
                span: m.span,
            };
            b.stmts.insert(0, s);
        }
        if !self.0.is_empty() {
            map_body_exprs(b, &mut |e| token(|c| self.0[&c].r, e));
        }
        let mut fresh = 0;
        lower_block(b, &self.0, &mut fresh, errs);
    }
}

fn lower_block(
    b: &mut Block,
    classes: &BTreeMap<ClassId, Lowering>,
    fresh: &mut u32,
    errors: &mut Vec<Diagnostic>,
) {
    crate::core::visit::each_stmt_mut(b, &mut |s| {
        let span = s.span;
        let is_fork = matches!(s.kind, StmtKind::Fork(_));
        let (StmtKind::Fork(e) | StmtKind::Join(e)) = &mut s.kind else {
            return;
        };
        if let (false, Type::Class(c)) = (is_fork, &e.ty) {
            // Only a join inhales the postcondition: a run that is never joined may use \old.
            for &old in classes.get(c).map_or(&[][..], |l| &l.olds) {
                errors.push(Diagnostic::error(
                    ErrorCode::Misplaced,
                    old,
                    "the postcondition of a run method may not use \\old when its thread is joined: a join has no state of the fork to refer to",
                ));
            }
        }
        let e = std::mem::replace(e, Expr::bool(true, span));
        match lower(is_fork, e, span, classes, fresh) {
            Ok(stmts) => s.kind = StmtKind::Block(Block { stmts, span }),
            Err(d) => errors.push(d),
        }
    });
}

/// The statements that stand for `fork e` (`is_fork`) or `join e`.
fn lower(
    is_fork: bool,
    e: Expr,
    span: Span,
    classes: &BTreeMap<ClassId, Lowering>,
    fresh: &mut u32,
) -> Result<Vec<Stmt>, Diagnostic> {
    let l = match &e.ty {
        Type::Class(c) => classes.get(c),
        _ => None,
    }
    .ok_or_else(|| {
        Diagnostic::error(
            ErrorCode::RunnableMethodMissing,
            e.span,
            "this object's class has no method void run()",
        )
    })?;
    let stmt = |kind| Stmt { kind, span };
    let mut out = Vec::new();
    // Evaluated once: the checks and the contract all speak of the same thread.
    let t = match e.kind {
        ExprKind::Local(_) | ExprKind::This => e,
        _ => {
            *fresh += 1;
            let var = Var {
                name: Name::from(format!("weft_thread_{fresh}")),
                ty: e.ty.clone(),
                span,
            };
            let t = Expr::new(ExprKind::Local(var.name), e.ty.clone(), e.span);
            out.push(stmt(StmtKind::Local(var, Some(e))));
            t
        }
    };
    let null = Expr::new(ExprKind::Null, Type::Null, span);
    let not_null = Expr::new(
        ExprKind::Binary(BinOp::Ne, Box::new(t.clone()), Box::new(null)),
        Type::Bool,
        span,
    );
    let check = |exhale, expr, code| StmtKind::Check { exhale, expr, code };
    let (null_code, give, take) = if is_fork {
        (FailureCode::ForkNull, l.r.idle, l.r.running)
    } else {
        (FailureCode::JoinNull, l.r.running, l.r.idle)
    };
    out.push(stmt(check(false, not_null, null_code)));
    let missing = if is_fork {
        FailureCode::Running
    } else {
        FailureCode::Idle
    };
    out.push(stmt(check(
        true,
        token_perm(t.clone(), give, span),
        missing,
    )));
    if is_fork {
        if let Some(pre) = conjoin(&l.requires, &t) {
            let code = FailureCode::ForkPre(Reason::False);
            out.push(stmt(check(true, pre, code)));
        }
    } else if let Some(post) = conjoin(&l.ensures, &t) {
        out.push(stmt(StmtKind::Inhale(post)));
    }
    out.push(stmt(StmtKind::Inhale(token_perm(t, take, span))));
    Ok(out)
}

/// The clauses with `this := t`, joined by `**` (None when there are none).
fn conjoin(clauses: &[Expr], t: &Expr) -> Option<Expr> {
    clauses
        .iter()
        .map(|c| subst_this(c.clone(), t))
        .reduce(|a, b| {
            let span = a.span.fuse(b.span);
            Expr::new(
                ExprKind::Binary(BinOp::Star, Box::new(a), Box::new(b)),
                Type::Resource,
                span,
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag;

    /// The program after every pass (locks is the last).
    fn lowered(text: &str) -> diag::Result<Program> {
        crate::passes::testing::lowered(crate::passes::testing::Pvl, text, "locks")
    }

    /// The statement kinds of a block, flattened, as short names.
    fn shape(b: &Block, out: &mut Vec<String>) {
        for s in &b.stmts {
            match &s.kind {
                StmtKind::Block(b) => shape(b, out),
                StmtKind::Local(v, _) => out.push(format!("local {}", v.name)),
                StmtKind::Check { exhale, code, .. } => out.push(format!(
                    "{} {code}",
                    if *exhale { "exhale" } else { "assert" }
                )),
                StmtKind::Inhale(_) => out.push("inhale".into()),
                k => out.push(format!("{k:?}").chars().take(12).collect()),
            }
        }
    }

    const PROGRAM: &str = "class W {\n  int x;\n  requires Perm(x, write) ** x == 0;\n  ensures Perm(x, write);\n  void run() { x = 1; }\n}\nclass M {\n  void m(W[] ws) {\n    W w = new W();\n    fork w;\n    join w;\n    fork ws[0];\n  }\n}";

    #[test]
    fn fork_and_join_become_checks() {
        let p = lowered(PROGRAM).unwrap();
        let m = p.methods.iter().find(|m| m.name == "m").unwrap();
        let mut out = Vec::new();
        shape(m.body.as_ref().unwrap(), &mut out);
        let fork = [
            "assert forkNull",
            "exhale running",
            "exhale forkPre:false",
            "inhale",
        ];
        let join = ["assert joinNull", "exhale idle", "inhale", "inhale"];
        let mut want = vec!["local w".to_string(), out[1].clone()];
        want.extend(fork.iter().chain(&join).map(|s| s.to_string()));
        // A thread given by an expression is evaluated once, into a local.
        want.push("local weft_thread_1".into());
        want.extend(fork.iter().map(|s| s.to_string()));
        assert_eq!(out, want);
    }

    #[test]
    fn constructors_give_idle() {
        let p = lowered(PROGRAM).unwrap();
        let idle = (0..p.fields.len())
            .map(|i| FieldId(i as u32))
            .find(|&f| p.field(f).name == IDLE && p.field(f).class == ClassId(0))
            .unwrap();
        let ctor = p
            .methods
            .iter()
            .find(|m| m.is_constructor && m.class == Some(ClassId(0)))
            .unwrap();
        let gives_idle = |e: &Expr| matches!(&e.kind, ExprKind::Perm(loc, _) if matches!(loc.kind, ExprKind::Field(_, f) if f == idle));
        assert!(ctor.contract.ensures.iter().any(gives_idle));
        let body = ctor.body.as_ref().unwrap();
        assert!(matches!(&body.stmts[0].kind, StmtKind::Inhale(e) if gives_idle(e)));
    }

    #[test]
    fn old_in_run_post_only_rejected_when_joined() {
        let run = "class W {\n  int x;\n  context Perm(x, write);\n  ensures x == \\old(x) + 1;\n  void run() { x = x + 1; }\n}\n";
        assert!(lowered(run).is_ok());
        let joined = format!("{run}void m(W w) {{\n  join w;\n}}");
        let errs = lowered(&joined).unwrap_err();
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].code, diag::Code::Error(ErrorCode::Misplaced));
    }
}
