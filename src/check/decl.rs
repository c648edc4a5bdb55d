//! Contracts and bodies of methods, functions and predicates.

use std::collections::HashSet;

use super::body::Body;
use super::env::{Env, Job, JobKind};
use crate::core::{self, Block, Expr, FunctionId, MethodId, PredicateId, Type};
use crate::diag::{Diagnostic, ErrorCode};
use crate::syntax::ast::{self, ClauseKind};

/// The checked parts of one callable, to be stored in the program.
pub(super) enum Done {
    Method(MethodId, core::Contract, Option<Block>),
    Function(FunctionId, core::Contract, Option<Expr>),
    Predicate(PredicateId, Option<Expr>),
}

/// Checks the contract and body of one callable.
pub(super) fn check_job(env: &Env, job: &Job<'_>) -> (Option<Done>, Vec<Diagnostic>) {
    let mut b = Body::new(env, job.scopes.clone(), job.class);
    let done = match job.kind {
        JobKind::Method(id, m) => method(&mut b, id, m),
        JobKind::Function(id, f) => function(&mut b, id, f),
        JobKind::Predicate(id, p) => predicate(&mut b, id, p),
        JobKind::Constant(id, f) => constant(&mut b, id, f),
    };
    (done, b.errs)
}

fn method(b: &mut Body<'_>, id: MethodId, m: &ast::Method) -> Option<Done> {
    let decl = b.env.program.method(id);
    let is_ctor = decl.is_constructor;
    b.this = if is_ctor || !decl.is_static {
        b.class
    } else {
        None
    };
    b.in_ctor = is_ctor;
    b.ret = if is_ctor {
        Type::Void
    } else {
        decl.ret.clone()
    };
    b.labels = m
        .body
        .as_ref()
        .map(|body| labels(b, body))
        .unwrap_or_default();
    let result = (!is_ctor && decl.ret != Type::Void).then(|| decl.ret.clone());
    let contract = contract(b, &m.contract, result, "a method", true);
    let body = m.body.as_ref().map(|body| b.block(body));
    Some(Done::Method(id, contract, body))
}

fn function(b: &mut Body<'_>, id: FunctionId, f: &ast::Function) -> Option<Done> {
    let decl = b.env.program.function(id);
    b.this = if decl.is_static { None } else { b.class };
    b.ret = decl.ret.clone();
    no_ghost_params(b, &f.contract, "a function");
    let ret = decl.ret.clone();
    let contract = contract(b, &f.contract, Some(ret.clone()), "a function", false);
    let body = f
        .body
        .as_ref()
        .and_then(|e| b.in_spec(|b| b.expect(e, &ret)));
    Some(Done::Function(id, contract, body))
}

/// A constant's value: a pure expression in a static context.
fn constant(b: &mut Body<'_>, id: FunctionId, f: &ast::Field) -> Option<Done> {
    let ret = b.env.program.function(id).ret.clone();
    b.this = None;
    let body = f
        .init
        .as_ref()
        .and_then(|e| b.in_spec(|b| b.expect(e, &ret)));
    Some(Done::Function(id, core::Contract::default(), body))
}

fn predicate(b: &mut Body<'_>, id: PredicateId, p: &ast::Predicate) -> Option<Done> {
    let decl = b.env.program.predicate(id);
    b.this = if decl.is_static { None } else { b.class };
    no_ghost_params(b, &p.contract, "a predicate");
    for c in &p.contract.clauses {
        misplaced_clause(b, c, "a predicate");
    }
    let mut body = p.body.as_ref().and_then(|e| b.in_spec(|b| b.assertion(e)));
    if let Some(q) = b.env.group_param.get(&id) {
        let Some(e) = body.take() else {
            return Some(Done::Predicate(id, None));
        };
        if super::group::homogeneous(&e, q) {
            body = Some(super::group::at_one(e, q));
        } else {
            let msg = "a group predicate whose body is not homogeneous in its fraction \
                       (every amount p times a constant, p used nowhere else)";
            b.err::<()>(ErrorCode::NotSupported, e.span, msg);
        }
    }
    Some(Done::Predicate(id, body))
}

fn no_ghost_params(b: &mut Body<'_>, c: &ast::Contract, what: &str) {
    if let Some(p) = c.given.first().or(c.yields.first()) {
        let msg = format!("ghost parameters (given/yields) are not allowed on {what}");
        b.err::<()>(ErrorCode::Misplaced, p.span, msg);
    }
}

fn misplaced_clause(b: &mut Body<'_>, c: &ast::Clause, what: &str) {
    if c.kind == ClauseKind::Decreases {
        b.decreases(c.span);
    } else {
        let msg = format!("{} is not allowed on {what}", c.kind.keyword());
        b.err::<()>(ErrorCode::Misplaced, c.span, msg);
    }
}

/// The contract of a method (`everywhere`: context_everywhere allowed) or
/// function. `result` is the type of `\result` in `ensures`, if any.
fn contract(
    b: &mut Body<'_>,
    c: &ast::Contract,
    result: Option<Type>,
    what: &str,
    everywhere: bool,
) -> core::Contract {
    let mut out = core::Contract::default();
    for clause in &c.clauses {
        let check = |b: &mut Body<'_>, result: Option<Type>| {
            b.result = result;
            let x = b.in_spec(|b| b.assertion(&clause.expr));
            b.result = None;
            x
        };
        match clause.kind {
            ClauseKind::Requires => out.requires.extend(check(b, None)),
            ClauseKind::Ensures => out.ensures.extend(check(b, result.clone())),
            // Also a precondition, so `\result` cannot occur.
            ClauseKind::Context => {
                if let Some(x) = check(b, None) {
                    out.requires.push(x.clone());
                    out.ensures.push(x);
                }
            }
            ClauseKind::ContextEverywhere if everywhere => {
                out.context_everywhere.extend(check(b, None))
            }
            _ => misplaced_clause(b, clause, what),
        }
    }
    out
}

/// The labels of a method body; each may be declared once.
fn labels(b: &mut Body<'_>, body: &ast::Block) -> HashSet<String> {
    fn walk(b: &mut Body<'_>, s: &ast::Stmt, seen: &mut HashSet<String>) {
        use ast::StmtKind as S;
        match &s.kind {
            S::Label(l) if !seen.insert(l.name.clone()) => {
                let msg = format!("label {} is declared twice", l.name);
                b.err::<()>(ErrorCode::Duplicate, l.span, msg);
            }
            S::If { then, els, .. } => {
                walk_block(b, then, seen);
                if let Some(e) = els {
                    walk_block(b, e, seen);
                }
            }
            S::While { body, .. } | S::ForRange { body, .. } => walk_block(b, body, seen),
            S::For {
                init, update, body, ..
            } => {
                for s in init.iter().chain(update) {
                    walk(b, s, seen);
                }
                walk_block(b, body, seen);
            }
            S::Ghost(s) | S::Labelled(_, s) => walk(b, s, seen),
            S::DoWhile { body, .. } => walk_block(b, body, seen),
            S::Block(body) => walk_block(b, body, seen),
            _ => {}
        }
    }
    fn walk_block(b: &mut Body<'_>, body: &ast::Block, seen: &mut HashSet<String>) {
        for s in &body.stmts {
            walk(b, s, seen);
        }
    }
    let mut seen = HashSet::new();
    walk_block(b, body, &mut seen);
    seen
}
