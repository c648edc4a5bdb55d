//! The one walk over core statements, and the one folder of core
//! expressions, that every pass (and the checker's own rewrites) use.
//!
//! [`child_blocks_mut`] and [`child_blocks`] name the blocks directly inside a
//! statement by an exhaustive match: a new statement kind that holds a block
//! (a par block, an atomic block) must be added there, and is then seen by
//! every pass, rather than silently skipped by each pass's own walk.

use super::{Block, Expr, ExprKind as K, Method, Program, Stmt, StmtKind};
use crate::name::Name;
use std::collections::HashSet;

/// The statement kinds without blocks inside, as one pattern for the
/// exhaustive walks (here and in the encoder, the explorer): a new kind must
/// be placed among these or handled.
macro_rules! no_blocks {
    () => {
        $crate::core::StmtKind::Throw(_)
            | $crate::core::StmtKind::Local(..)
            | $crate::core::StmtKind::AssignLocal(..)
            | $crate::core::StmtKind::AssignField { .. }
            | $crate::core::StmtKind::AssignIndex { .. }
            | $crate::core::StmtKind::Call { .. }
            | $crate::core::StmtKind::NewArray { .. }
            | $crate::core::StmtKind::Return(_)
            | $crate::core::StmtKind::Lock(..)
            | $crate::core::StmtKind::Assert(_)
            | $crate::core::StmtKind::Assume(_)
            | $crate::core::StmtKind::Inhale(_)
            | $crate::core::StmtKind::Exhale(_)
            | $crate::core::StmtKind::Havoc(_)
            | $crate::core::StmtKind::Refute(_)
            | $crate::core::StmtKind::Fold(_)
            | $crate::core::StmtKind::Unfold(_)
            | $crate::core::StmtKind::Apply(_)
            | $crate::core::StmtKind::Label(_)
            | $crate::core::StmtKind::Witness(_)
            | $crate::core::StmtKind::Goto(_)
            | $crate::core::StmtKind::Fork(_)
            | $crate::core::StmtKind::Join(_)
            | $crate::core::StmtKind::Check { .. }
            | $crate::core::StmtKind::History(..)
    };
}
pub(crate) use no_blocks;

/// The source loops and their jumps (which are among no block kinds), as one pattern: `passes::loops`
/// lowers them, first of the core passes, so that the walks after it (the
/// encoder, the explorer) meet none.
macro_rules! source_loops {
    () => {
        $crate::core::StmtKind::Loop { .. }
            | $crate::core::StmtKind::ForRange { .. }
            | $crate::core::StmtKind::DoWhile { .. }
            | $crate::core::StmtKind::Labelled { .. }
            | $crate::core::StmtKind::Break(_)
            | $crate::core::StmtKind::Continue(_)
    };
}
pub(crate) use source_loops;

/// Every statement kind, for a walk that handles some kinds first and
/// lets the rest through: a new kind must be added here, and so is seen
/// by every such walk (`#[allow(unreachable_patterns)]` where the walk
/// named some of them before).
macro_rules! every_kind {
    () => {
        $crate::core::visit::no_blocks!()
            | $crate::core::StmtKind::If { .. }
            | $crate::core::StmtKind::While { .. }
            | $crate::core::StmtKind::Block(_)
            | $crate::core::StmtKind::AtomicStep(_)
            | $crate::core::StmtKind::Invariant { .. }
            | $crate::core::StmtKind::Atomic { .. }
            | $crate::core::StmtKind::Synchronized { .. }
            | $crate::core::StmtKind::Package { .. }
            | $crate::core::StmtKind::Par(_)
            | $crate::core::StmtKind::Barrier { .. }
            | $crate::core::StmtKind::Action(..)
            | $crate::core::StmtKind::Try { .. }
            | $crate::core::visit::source_loops!()
    };
}
pub(crate) use every_kind;

/// The locals `s` itself declares (not those of the blocks inside it).
pub fn declared(s: &StmtKind) -> Vec<Name> {
    match s {
        StmtKind::Local(v, _) | StmtKind::ForRange { var: v, .. } => vec![v.name],
        StmtKind::Try { catches, .. } => catches.iter().map(|c| c.var.name).collect(),
        StmtKind::Par(threads) => threads
            .iter()
            .flat_map(|t| t.iters.iter().map(|(v, _, _)| v.name))
            .collect(),
        #[allow(unreachable_patterns)]
        every_kind!() => Vec::new(),
    }
}

/// Every local name of `m` with body `b`: its parameters, ghost
/// parameters and results, and the locals `b` declares (a pass's fresh
/// local must be none of them).
pub fn local_names(m: &Method, b: &Block) -> HashSet<Name> {
    let mut used: HashSet<Name> = (m.params.iter().chain(&m.given).chain(&m.yields))
        .map(|v| v.name)
        .collect();
    each_stmt(b, &mut |s| used.extend(declared(&s.kind)));
    used
}

/// The blocks directly inside `s`, in order.
pub fn child_blocks_mut(s: &mut StmtKind) -> Vec<&mut Block> {
    match s {
        StmtKind::If { then, els, .. } => std::iter::once(then).chain(els.as_mut()).collect(),
        StmtKind::While { body, .. }
        | StmtKind::ForRange { body, .. }
        | StmtKind::DoWhile { body, .. }
        | StmtKind::Labelled { body, .. } => vec![body],
        StmtKind::Loop {
            head, body, update, ..
        } => vec![head, body, update],
        StmtKind::Block(b) | StmtKind::AtomicStep(b) => vec![b],
        StmtKind::Invariant { body, .. }
        | StmtKind::Atomic { body, .. }
        | StmtKind::Synchronized { body, .. } => vec![body],
        StmtKind::Package { proof, .. } => vec![proof],
        StmtKind::Par(threads) => threads.iter_mut().map(|t| &mut t.body).collect(),
        StmtKind::Barrier { hint, .. } => vec![hint],
        StmtKind::Action(_, body) => vec![body],
        StmtKind::Try {
            body,
            catches,
            finally,
        } => std::iter::once(body)
            .chain(catches.iter_mut().map(|c| &mut c.body))
            .chain(finally.as_mut())
            .collect(),
        no_blocks!() | StmtKind::Break(_) | StmtKind::Continue(_) => Vec::new(),
    }
}

/// The blocks directly inside `s`, in order.
pub fn child_blocks(s: &StmtKind) -> Vec<&Block> {
    match s {
        StmtKind::If { then, els, .. } => std::iter::once(then).chain(els.as_ref()).collect(),
        StmtKind::While { body, .. }
        | StmtKind::ForRange { body, .. }
        | StmtKind::DoWhile { body, .. }
        | StmtKind::Labelled { body, .. } => vec![body],
        StmtKind::Loop {
            head, body, update, ..
        } => vec![head, body, update],
        StmtKind::Block(b) | StmtKind::AtomicStep(b) => vec![b],
        StmtKind::Invariant { body, .. }
        | StmtKind::Atomic { body, .. }
        | StmtKind::Synchronized { body, .. } => vec![body],
        StmtKind::Package { proof, .. } => vec![proof],
        StmtKind::Par(threads) => threads.iter().map(|t| &t.body).collect(),
        StmtKind::Barrier { hint, .. } => vec![hint],
        StmtKind::Action(_, body) => vec![body],
        StmtKind::Try {
            body,
            catches,
            finally,
        } => std::iter::once(body)
            .chain(catches.iter().map(|c| &c.body))
            .chain(finally.as_ref())
            .collect(),
        no_blocks!() | StmtKind::Break(_) | StmtKind::Continue(_) => Vec::new(),
    }
}

/// Calls `f` on every statement of `b` and of the blocks nested in it, each
/// statement before the blocks inside it (which are those `f` left there: a
/// statement `f` replaces by a block of new statements has those visited).
pub fn each_stmt_mut(b: &mut Block, f: &mut dyn FnMut(&mut Stmt)) {
    for s in &mut b.stmts {
        f(s);
        for inner in child_blocks_mut(&mut s.kind) {
            each_stmt_mut(inner, f);
        }
    }
}

/// Calls `f` on every statement of `b` and of the blocks nested in it, outermost first.
pub fn each_stmt(b: &Block, f: &mut dyn FnMut(&Stmt)) {
    for s in &b.stmts {
        f(s);
        for inner in child_blocks(&s.kind) {
            each_stmt(inner, f);
        }
    }
}

// Expressions.

/// Rebuilds `e` bottom-up: `f` sees each node after its children were rewritten.
pub fn map_expr(e: Expr, f: &mut dyn FnMut(Expr) -> Expr) -> Expr {
    let Expr { kind, ty, span } = e;
    let kind = map_children(kind, &mut |x| map_expr(x, f));
    f(Expr { kind, ty, span })
}

/// `kind` with each direct subexpression `x` replaced by `f(x)`, in
/// evaluation order (an [`K::Effect`]'s statements' expressions too, the
/// value last when it is read after them).
pub fn map_children(kind: K, f: &mut dyn FnMut(Expr) -> Expr) -> K {
    let mut m = |x: Box<Expr>| Box::new(f(*x));
    match kind {
        k @ (K::Int(_)
        | K::Bool(_)
        | K::Null
        | K::This
        | K::Result
        | K::CurrentThread
        | K::Local(_)
        | K::Write
        | K::Read
        | K::NoPerm
        | K::OptNone) => k,
        K::Field(r, fld) => K::Field(m(r), fld),
        K::ArrayIndex(a, i) => K::ArrayIndex(m(a), m(i)),
        K::Builtin(b, xs) => K::Builtin(b, map_all(xs, f)),
        K::FunctionCall { func, recv, args } => K::FunctionCall {
            func,
            recv: recv.map(&mut m),
            args: map_all(args.into(), f).into(),
        },
        K::PredicateAccess(a) => K::PredicateAccess(map_access(*a, f)),
        K::GroupAccess(a) => K::GroupAccess(map_access(*a, f)),
        K::Invoke(mut call) => {
            call.recv = call.recv.map(&mut *f);
            call.args = map_all(call.args, f);
            for g in call.given.iter_mut().flatten() {
                *g = f(std::mem::replace(g, Expr::bool(true, g.span)));
            }
            K::Invoke(call)
        }
        K::NewArray(elem, dims) => K::NewArray(elem, map_all(dims, f)),
        K::Effect(mut x) => {
            let take = |e: &mut Expr| std::mem::replace(e, Expr::bool(true, e.span));
            if x.first {
                x.value = f(take(&mut x.value));
            }
            each_stmt_mut(&mut x.stmts, &mut |s| map_stmt_exprs(s, f));
            if !x.first {
                x.value = f(take(&mut x.value));
            }
            K::Effect(x)
        }
        K::Unary(op, x) => K::Unary(op, m(x)),
        K::Binary(op, l, r) => K::Binary(op, m(l), m(r)),
        K::Cond(c, a, b) => K::Cond(m(c), m(a), m(b)),
        K::Old(l, x) => K::Old(l, m(x)),
        K::ArraySum(x) => K::ArraySum(m(x)),
        K::InstanceOf(x, c) => K::InstanceOf(m(x), c),
        K::Cast(x, c) => K::Cast(m(x), c),
        K::Checked(xs, code) => {
            let [c, v] = *xs;
            K::Checked(Box::new([f(c), f(v)]), code)
        }
        K::Perm(loc, p) => K::Perm(m(loc), m(p)),
        K::CurPerm(loc) => K::CurPerm(m(loc)),
        K::Quant {
            q,
            vars,
            triggers,
            body,
        } => K::Quant {
            q,
            vars,
            triggers: triggers
                .into_vec()
                .into_iter()
                .map(|t| t.into_vec().into_iter().map(|x| *m(Box::new(x))).collect())
                .collect(),
            body: m(body),
        },
        K::Let { var, value, body } => K::Let {
            var,
            value: m(value),
            body: m(body),
        },
        K::Unfolding(p, x) => K::Unfolding(m(p), m(x)),
        K::ArrayOf(a, n) => K::ArrayOf(m(a), m(n)),
        K::SeqLit(xs) => K::SeqLit(map_all(xs, f)),
        K::SetLit(xs) => K::SetLit(map_all(xs, f)),
        K::BagLit(xs) => K::BagLit(map_all(xs, f)),
        K::OptSome(x) => K::OptSome(m(x)),
        K::Trigger(g, x) => K::Trigger(g, m(x)),
        K::Token(t, x) => K::Token(t, m(x)),
        K::History(h, xs) => K::History(h, map_all(xs, f)),
        K::Collection(c, xs) => K::Collection(c, map_all(xs, f)),
    }
}

fn map_access(
    a: crate::core::PredicateAccess,
    f: &mut dyn FnMut(Expr) -> Expr,
) -> Box<crate::core::PredicateAccess> {
    let recv = a.recv.map(&mut *f);
    Box::new(crate::core::PredicateAccess {
        pred: a.pred,
        recv,
        args: map_all(a.args, f),
        perm: f(a.perm),
    })
}

fn map_all(xs: Vec<Expr>, f: &mut dyn FnMut(Expr) -> Expr) -> Vec<Expr> {
    xs.into_iter().map(f).collect()
}

/// The first node of `e` (outermost first) that satisfies `pred`.
pub fn find<'e>(e: &'e Expr, pred: &dyn Fn(&Expr) -> bool) -> Option<&'e Expr> {
    if pred(e) {
        return Some(e);
    }
    let mut found = None;
    each_child(e, &mut |k| {
        if found.is_none() {
            found = find(k, pred);
        }
    });
    found
}

/// Whether `e` has an effect in it ([`K::is_effect`]).
pub fn has_effects(e: &Expr) -> bool {
    find(e, &|x| x.kind.is_effect()).is_some()
}

/// Takes the marks `{: … :}` out of a quantifier's body `e`: the body
/// without them, and the marked terms, one trigger per group number in
/// increasing order, each in the order written (outermost marks only;
/// nested quantifiers' marks were taken out when they were checked).
pub fn take_trigger_marks(e: Expr) -> (Expr, Vec<Vec<Expr>>) {
    let mut marks: std::collections::BTreeMap<u32, Vec<Expr>> = Default::default();
    let body = map_expr(e, &mut |x| match x.kind {
        K::Trigger(g, inner) => {
            marks.entry(g).or_default().push((*inner).clone());
            *inner
        }
        kind => Expr { kind, ..x },
    });
    (body, marks.into_values().collect())
}

/// Calls `f` on every node of `e`, children before their parent.
pub fn visit_post(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    each_child(e, &mut |k| visit_post(k, f));
    f(e)
}

/// Calls `f` on each direct subexpression of `e`, in order. (A callback
/// rather than a list: scans visit every node, and a list would be an
/// allocation per node.)
pub fn each_child<'e>(e: &'e Expr, f: &mut dyn FnMut(&'e Expr)) {
    match &e.kind {
        K::Int(_)
        | K::Bool(_)
        | K::Null
        | K::This
        | K::Result
        | K::CurrentThread
        | K::Local(_)
        | K::Write
        | K::Read
        | K::NoPerm
        | K::OptNone => {}
        K::Field(x, _)
        | K::Unary(_, x)
        | K::Old(_, x)
        | K::CurPerm(x)
        | K::Quant { body: x, .. }
        | K::Trigger(_, x)
        | K::Token(_, x)
        | K::OptSome(x)
        | K::InstanceOf(x, _)
        | K::Cast(x, _)
        | K::ArraySum(x) => f(x),
        K::Checked(xs, _) => {
            let [a, b] = &**xs;
            f(a);
            f(b)
        }
        K::ArrayIndex(a, b)
        | K::Binary(_, a, b)
        | K::Perm(a, b)
        | K::Let {
            value: a, body: b, ..
        }
        | K::Unfolding(a, b)
        | K::ArrayOf(a, b) => {
            f(a);
            f(b)
        }
        K::Cond(a, b, c) => {
            f(a);
            f(b);
            f(c)
        }
        K::Builtin(_, xs) | K::SeqLit(xs) | K::SetLit(xs) | K::BagLit(xs) | K::History(_, xs) => {
            xs.iter().for_each(f)
        }
        K::Collection(_, xs) => xs.iter().for_each(f),
        K::FunctionCall { recv, args, .. } => {
            recv.iter().for_each(|r| f(r));
            args.iter().for_each(f)
        }
        K::PredicateAccess(a) | K::GroupAccess(a) => {
            a.recv.iter().chain(&a.args).for_each(&mut *f);
            f(&a.perm)
        }
        K::Invoke(call) => {
            call.recv.iter().chain(&call.args).for_each(&mut *f);
            call.given.iter().flatten().for_each(f)
        }
        K::NewArray(_, dims) => dims.iter().for_each(f),
        // Its statements are no subexpressions: only `passes::lift`, the
        // first pass, meets an effect, and it walks them as statements.
        K::Effect(x) => f(&x.value),
    }
}

/// `e` with every `this` replaced by `by`.
pub fn subst_this(e: Expr, by: &Expr) -> Expr {
    map_expr(e, &mut |x| match x.kind {
        K::This => Expr {
            span: x.span,
            ..by.clone()
        },
        _ => x,
    })
}

/// Applies `f` to every expression directly in `s` (those of the blocks in
/// it are their statements'): the statement's own operands.
pub fn map_stmt_exprs(s: &mut Stmt, f: &mut dyn FnMut(Expr) -> Expr) {
    let mut go = |e: &mut Expr| {
        let span = e.span;
        let x = std::mem::replace(e, Expr::bool(true, span));
        *e = f(x);
    };
    match &mut s.kind {
        StmtKind::Local(_, e) => e.iter_mut().for_each(go),
        StmtKind::AssignLocal(_, e)
        | StmtKind::Return(Some(e))
        | StmtKind::Lock(_, e)
        | StmtKind::Assert(e)
        | StmtKind::Assume(e)
        | StmtKind::Inhale(e)
        | StmtKind::Exhale(e)
        | StmtKind::Havoc(e)
        | StmtKind::Refute(e)
        | StmtKind::Fold(e)
        | StmtKind::Unfold(e)
        | StmtKind::Apply(e)
        | StmtKind::Package { wand: e, .. }
        | StmtKind::Fork(e)
        | StmtKind::Join(e)
        | StmtKind::Check { expr: e, .. }
        | StmtKind::Throw(e)
        | StmtKind::Invariant { inv: e, .. }
        | StmtKind::Synchronized { lock: e, .. } => go(e),
        StmtKind::AssignField { recv, value, .. } => {
            go(recv);
            go(value);
        }
        StmtKind::AssignIndex {
            array,
            index,
            value,
        } => {
            go(array);
            go(index);
            go(value);
        }
        StmtKind::Call { call, .. } => {
            call.recv.iter_mut().for_each(&mut go);
            call.args.iter_mut().for_each(&mut go);
            call.given.iter_mut().flatten().for_each(&mut go);
        }
        StmtKind::NewArray { dims, .. } => dims.iter_mut().for_each(go),
        StmtKind::If { cond, .. } => go(cond),
        StmtKind::History(_, xs) | StmtKind::Action(xs, _) => xs.iter_mut().for_each(go),
        StmtKind::While {
            invariants, cond, ..
        }
        | StmtKind::Loop {
            invariants, cond, ..
        }
        | StmtKind::DoWhile {
            invariants, cond, ..
        } => {
            invariants.iter_mut().for_each(&mut go);
            go(cond);
        }
        StmtKind::ForRange {
            lo, hi, invariants, ..
        } => {
            go(lo);
            go(hi);
            invariants.iter_mut().for_each(&mut go);
        }
        StmtKind::Barrier {
            suspended,
            requires,
            ensures,
            ..
        } => {
            suspended.iter_mut().for_each(&mut go);
            requires.iter_mut().for_each(&mut go);
            ensures.iter_mut().for_each(&mut go);
        }
        StmtKind::Par(threads) => {
            for t in threads {
                for (_, lo, hi) in &mut t.iters {
                    go(lo);
                    go(hi);
                }
                t.requires.iter_mut().for_each(&mut go);
                t.ensures.iter_mut().for_each(&mut go);
            }
        }
        StmtKind::Return(None)
        | StmtKind::Label(_)
        | StmtKind::Witness(_)
        | StmtKind::Goto(_)
        | StmtKind::Break(_)
        | StmtKind::Continue(_)
        | StmtKind::Labelled { .. }
        | StmtKind::Block(_)
        | StmtKind::AtomicStep(_)
        | StmtKind::Try { .. }
        | StmtKind::Atomic { .. } => {}
    }
}

/// Rewrites every expression of the declarations, bottom-up with `f` (see
/// [`map_expr`]): method contracts, function contracts and bodies, predicate
/// bodies. Method bodies are the passes' [`crate::passes::Lower`]'s.
pub fn map_decl_exprs(p: &mut Program, f: &mut dyn FnMut(Expr) -> Expr) {
    let mut go = |e: &mut Expr| {
        let x = std::mem::replace(e, Expr::bool(true, e.span));
        *e = map_expr(x, f);
    };
    for m in &mut p.methods {
        m.contract.exprs_mut().for_each(&mut go);
    }
    for q in &mut p.functions {
        q.contract
            .exprs_mut()
            .chain(q.body.as_mut())
            .for_each(&mut go);
    }
    for q in &mut p.predicates {
        q.body.iter_mut().for_each(&mut go);
    }
}

/// Rewrites every expression of body `b`, bottom-up with `f` (see [`map_expr`]).
pub fn map_body_exprs(b: &mut Block, f: &mut dyn FnMut(Expr) -> Expr) {
    each_stmt_mut(b, &mut |s| map_stmt_exprs(s, &mut |e| map_expr(e, f)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{ClassId, FieldId, Type};
    use crate::syntax::ast::BinOp;
    use crate::syntax::span::Span;

    fn this_f() -> Expr {
        let this = Expr::new(K::This, Type::Class(ClassId(0)), Span::default());
        Expr::new(
            K::Field(Box::new(this), FieldId(0)),
            Type::Int,
            Span::default(),
        )
    }

    #[test]
    fn substitutes_this_everywhere() {
        let sum = Expr::new(
            K::Binary(BinOp::Add, Box::new(this_f()), Box::new(this_f())),
            Type::Int,
            Span::default(),
        );
        let t = Expr::new(
            K::Local("t".into()),
            Type::Class(ClassId(0)),
            Span::default(),
        );
        let out = subst_this(sum, &t);
        assert!(find(&out, &|x| matches!(x.kind, K::This)).is_none());
        assert!(find(&out, &|x| matches!(&x.kind, K::Local(n) if n == "t")).is_some());
    }
}
