//! A mutable walk over the syntax tree, for the rewrites the Java front end
//! makes before checking (class ghost parameters, `syntax::java::instantiate`).
//!
//! A [`Rewrite`] sees every type and every expression after their parts
//! (post-order), and may replace it in place.

use super::ast::*;

pub trait Rewrite {
    fn ty(&mut self, _t: &mut Type) {}
    fn expr(&mut self, _e: &mut Expr) {}
}

pub fn member(r: &mut dyn Rewrite, m: &mut Member) {
    match m {
        Member::Field(f) => ty(r, &mut f.ty),
        Member::Method(m) => {
            contract(r, &mut m.contract);
            ty(r, &mut m.ret);
            params(r, &mut m.params);
            if let Some(b) = &mut m.body {
                block(r, b);
            }
        }
        Member::Function(f) => {
            contract(r, &mut f.contract);
            ty(r, &mut f.ret);
            params(r, &mut f.params);
            if let Some(b) = &mut f.body {
                expr(r, b);
            }
        }
        Member::Predicate(p) => {
            contract(r, &mut p.contract);
            params(r, &mut p.params);
            if let Some(b) = &mut p.body {
                expr(r, b);
            }
        }
    }
}

fn params(r: &mut dyn Rewrite, ps: &mut [Param]) {
    for p in ps {
        ty(r, &mut p.ty);
    }
}

pub fn contract(r: &mut dyn Rewrite, c: &mut Contract) {
    for c in &mut c.clauses {
        expr(r, &mut c.expr);
    }
    params(r, &mut c.given);
    params(r, &mut c.yields);
}

pub fn ty(r: &mut dyn Rewrite, t: &mut Type) {
    match &mut t.kind {
        TypeKind::Seq(e)
        | TypeKind::Set(e)
        | TypeKind::Bag(e)
        | TypeKind::Option(e)
        | TypeKind::Array(e) => ty(r, e),
        TypeKind::Map(k, v) => {
            ty(r, k);
            ty(r, v);
        }
        TypeKind::Family { params, .. } => {
            for p in params {
                ty(r, p);
            }
        }
        _ => {}
    }
    r.ty(t);
}

pub fn block(r: &mut dyn Rewrite, b: &mut Block) {
    for s in &mut b.stmts {
        stmt(r, s);
    }
}

pub fn stmt(r: &mut dyn Rewrite, s: &mut Stmt) {
    match &mut s.kind {
        StmtKind::Local { ty: t, init, .. } => {
            ty(r, t);
            if let Some(e) = init {
                expr(r, e);
            }
        }
        StmtKind::Assign { target, value } => {
            expr(r, target);
            expr(r, value);
        }
        StmtKind::If { cond, then, els } => {
            expr(r, cond);
            block(r, then);
            if let Some(b) = els {
                block(r, b);
            }
        }
        StmtKind::While {
            contract: c,
            cond,
            body,
        } => {
            contract(r, c);
            expr(r, cond);
            block(r, body);
        }
        StmtKind::For {
            contract: c,
            init,
            cond,
            update,
            body,
        } => {
            contract(r, c);
            for s in init {
                stmt(r, s);
            }
            if let Some(e) = cond {
                expr(r, e);
            }
            for s in update {
                stmt(r, s);
            }
            block(r, body);
        }
        StmtKind::ForRange {
            contract: c,
            lo,
            hi,
            body,
            ..
        } => {
            contract(r, c);
            expr(r, lo);
            expr(r, hi);
            block(r, body);
        }
        StmtKind::Return(e) => {
            if let Some(e) = e {
                expr(r, e);
            }
        }
        StmtKind::Synchronized { lock, body } => {
            expr(r, lock);
            block(r, body);
        }
        StmtKind::Expr(e)
        | StmtKind::Lock(_, e)
        | StmtKind::Assert(e)
        | StmtKind::Assume(e)
        | StmtKind::Inhale(e)
        | StmtKind::Exhale(e)
        | StmtKind::Refute(e)
        | StmtKind::Fold(e)
        | StmtKind::Unfold(e)
        | StmtKind::Fork(e)
        | StmtKind::Join(e) => expr(r, e),
        StmtKind::Ghost(s) => stmt(r, s),
        StmtKind::Block(b) => block(r, b),
        StmtKind::Label(_) | StmtKind::Break | StmtKind::Continue => {}
    }
}

pub fn expr(r: &mut dyn Rewrite, e: &mut Expr) {
    use ExprKind as K;
    match &mut e.kind {
        K::Int(_)
        | K::Bool(_)
        | K::Null
        | K::This
        | K::Result
        | K::Write
        | K::Read
        | K::NoPerm
        | K::Name(_)
        | K::OptNone => {}
        K::Select(x, _)
        | K::Unary(_, x)
        | K::Old(_, x)
        | K::Value(x)
        | K::CurPerm(x)
        | K::Held(x)
        | K::Committed(x)
        | K::Length(x)
        | K::OptSome(x)
        | K::Idle(x)
        | K::Running(x) => expr(r, x),
        K::Index(a, b)
        | K::Binary(_, a, b)
        | K::Perm(a, b)
        | K::Unfolding(a, b)
        | K::Scale(a, b)
        | K::ArrayOf(a, b) => {
            expr(r, a);
            expr(r, b);
        }
        K::Slice(x, lo, hi) => {
            expr(r, x);
            for y in [lo, hi].into_iter().flatten() {
                expr(r, y);
            }
        }
        K::Call(c) => {
            if let Some(x) = &mut c.recv {
                expr(r, x);
            }
            for a in &mut c.args {
                expr(r, a);
            }
            for (_, a) in &mut c.given {
                expr(r, a);
            }
        }
        K::New(_, args) => {
            for a in args {
                expr(r, a);
            }
        }
        K::NewGeneric(n) => {
            for a in &mut n.args {
                expr(r, a);
            }
        }
        K::NewArray(t, n) => {
            ty(r, t);
            expr(r, n);
        }
        K::Cond(a, b, c) | K::PointsTo(a, b, c) => {
            expr(r, a);
            expr(r, b);
            expr(r, c);
        }
        K::Quant {
            binders,
            range,
            cond,
            body,
            ..
        } => {
            for b in binders {
                ty(r, &mut b.ty);
            }
            if let Some((lo, hi)) = range {
                expr(r, lo);
                expr(r, hi);
            }
            if let Some(c) = cond {
                expr(r, c);
            }
            expr(r, body);
        }
        K::Let {
            ty: t, value, body, ..
        } => {
            ty(r, t);
            expr(r, value);
            expr(r, body);
        }
        K::SeqLit(t, xs) | K::SetLit(t, xs) | K::BagLit(t, xs) => {
            if let Some(t) = t {
                ty(r, t);
            }
            for x in xs {
                expr(r, x);
            }
        }
    }
    r.expr(e);
}
