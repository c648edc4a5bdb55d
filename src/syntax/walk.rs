//! A mutable walk over the syntax tree, for the rewrites the Java front end
//! makes before checking (class ghost parameters, `passes::java::instantiate`).
//!
//! A [`Rewrite`] sees every type, expression and statement after their
//! parts (post-order), and may replace it in place; it is told where scopes
//! open and close and what they bind, and may put statements before the
//! statement it saw.

use super::ast::*;

pub trait Rewrite {
    fn ty(&mut self, _t: &mut Type) {}
    fn expr(&mut self, _e: &mut Expr) {}
    /// A statement, after its parts (a local's declaration: after its type
    /// and initializer, so it is in scope from here to the scope's close).
    fn stmt(&mut self, _s: &mut Stmt) {}
    /// Statements to put just before the statement of a block last walked.
    fn before(&mut self) -> Vec<Stmt> {
        Vec::new()
    }
    /// A scope opens: a block, a `for`'s header, a catch.
    fn open(&mut self) {}
    /// The scope last opened closes.
    fn close(&mut self) {}
    /// A name a `for` over a range or a catch binds in its scope (a local's
    /// is its `Local` statement).
    fn bind(&mut self, _name: &Ident, _ty: Option<&Type>) {}
    /// A block, after its statements.
    fn block(&mut self, _b: &mut Block) {}
}

pub fn member(r: &mut dyn Rewrite, m: &mut Member) {
    match m {
        Member::Field(f) => {
            ty(r, &mut f.ty);
            if let Some(a) = &mut f.access {
                expr(r, &mut a.pred);
            }
        }
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
        Member::RelyGuarantee(RelyGuarantee::Clause { expr: e, .. }) => expr(r, e),
        Member::RelyGuarantee(RelyGuarantee::Action {
            pred,
            also_modifies,
            ..
        }) => {
            expr(r, pred);
            for x in also_modifies {
                expr(r, x);
            }
        }
        Member::RelyGuarantee(RelyGuarantee::Field { .. }) => {}
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
    for s in &mut c.signals {
        ty(r, &mut s.ty);
        expr(r, &mut s.expr);
    }
    for t in &mut c.throws {
        ty(r, t);
    }
    if let Some(p) = &mut c.performs {
        for a in &mut p.actions {
            a.modifies.iter_mut().for_each(|m| expr(r, m));
            expr(r, &mut a.pred);
        }
    }
}

pub fn ty(r: &mut dyn Rewrite, t: &mut Type) {
    match &mut t.kind {
        TypeKind::Seq(e)
        | TypeKind::Set(e)
        | TypeKind::Bag(e)
        | TypeKind::Option(e)
        | TypeKind::Array(e) => ty(r, e),
        TypeKind::Map(k, v) | TypeKind::Tuple(k, v) => {
            ty(r, k);
            ty(r, v);
        }
        TypeKind::Applied(_, args) => {
            for a in args {
                ty(r, a);
            }
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
    r.open();
    for mut s in std::mem::take(&mut b.stmts) {
        stmt(r, &mut s);
        b.stmts.extend(r.before());
        b.stmts.push(s);
    }
    r.close();
    r.block(b);
}

/// Calls `f` on each block directly inside statement `s` (through `ghost`
/// and labels), not on the blocks inside those.
pub fn child_blocks_mut(s: &mut Stmt, f: &mut dyn FnMut(&mut Block)) {
    match &mut s.kind {
        StmtKind::If { then, els, .. } => {
            f(then);
            if let Some(e) = els {
                f(e);
            }
        }
        StmtKind::While { body, .. }
        | StmtKind::For { body, .. }
        | StmtKind::ForRange { body, .. }
        | StmtKind::DoWhile { body, .. }
        | StmtKind::Block(body)
        | StmtKind::Synchronized { body, .. }
        | StmtKind::Invariant { body, .. }
        | StmtKind::Atomic { body, .. }
        | StmtKind::Action { body, .. } => f(body),
        StmtKind::Ghost(s) | StmtKind::Labelled(_, s) => child_blocks_mut(s, f),
        StmtKind::Par(threads) => threads.iter_mut().for_each(|t| f(&mut t.body)),
        StmtKind::Switch(sw) => sw.groups.iter_mut().for_each(|g| f(&mut g.body)),
        StmtKind::Try {
            body,
            catches,
            finally,
        } => {
            f(body);
            catches.iter_mut().for_each(|c| f(&mut c.body));
            if let Some(b) = finally {
                f(b);
            }
        }
        // Every kind is named: a new block kind must be placed. These
        // blocks are not entered (a package's proof, a barrier's hint, a
        // kernel barrier's or atomic's ghost code).
        StmtKind::Package { .. }
        | StmtKind::Barrier { .. }
        | StmtKind::KernelBarrier { .. }
        | StmtKind::KernelAtomic { .. } => {}
        StmtKind::Local { .. }
        | StmtKind::Assign { .. }
        | StmtKind::Return(_)
        | StmtKind::Expr(_)
        | StmtKind::Lock(..)
        | StmtKind::Assert(_)
        | StmtKind::Assume(_)
        | StmtKind::Inhale(_)
        | StmtKind::Exhale(_)
        | StmtKind::Refute(_)
        | StmtKind::Check(..)
        | StmtKind::Fold(_)
        | StmtKind::Unfold(_)
        | StmtKind::Apply(_)
        | StmtKind::Fork(_)
        | StmtKind::Join(_)
        | StmtKind::Throw(_)
        | StmtKind::Label(_)
        | StmtKind::Witness(_)
        | StmtKind::Goto(_)
        | StmtKind::Break(_)
        | StmtKind::Continue(_)
        | StmtKind::NotSupported(_) => {}
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
            r.open();
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
            r.close();
        }
        StmtKind::ForRange {
            contract: c,
            var,
            lo,
            hi,
            body,
        } => {
            contract(r, c);
            expr(r, lo);
            expr(r, hi);
            r.open();
            r.bind(var, None);
            block(r, body);
            r.close();
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
        | StmtKind::Check(_, e)
        | StmtKind::Fold(e)
        | StmtKind::Unfold(e)
        | StmtKind::Apply(e)
        | StmtKind::Fork(e)
        | StmtKind::Join(e) => expr(r, e),
        StmtKind::Ghost(s) => stmt(r, s),
        StmtKind::Package { wand, proof } => {
            expr(r, wand);
            block(r, proof);
        }
        StmtKind::Throw(e) => expr(r, e),
        StmtKind::Try {
            body,
            catches,
            finally,
        } => {
            block(r, body);
            for c in catches {
                c.types.iter_mut().for_each(|t| ty(r, t));
                r.open();
                r.bind(&c.name, c.types.first());
                block(r, &mut c.body);
                r.close();
            }
            if let Some(b) = finally {
                block(r, b);
            }
        }
        StmtKind::Block(b) => block(r, b),
        StmtKind::DoWhile {
            contract: c,
            body,
            cond,
        } => {
            contract(r, c);
            block(r, body);
            expr(r, cond);
        }
        StmtKind::Labelled(_, s) => stmt(r, s),
        StmtKind::Switch(sw) => {
            expr(r, &mut sw.subject);
            for g in &mut sw.groups {
                g.consts.iter_mut().for_each(|c| expr(r, c));
                block(r, &mut g.body);
            }
        }
        StmtKind::Invariant { inv, body, .. } => {
            expr(r, inv);
            block(r, body);
        }
        StmtKind::Atomic { body, .. } => block(r, body),
        StmtKind::Action {
            model,
            perm,
            future,
            action,
            body,
            ..
        } => {
            for e in [model, perm, future, action] {
                expr(r, e);
            }
            block(r, body);
        }
        StmtKind::Barrier {
            contract: c, hint, ..
        } => {
            contract(r, c);
            if let Some(h) = hint {
                block(r, h);
            }
        }
        StmtKind::KernelBarrier {
            contract: c, body, ..
        } => {
            contract(r, c);
            if let Some(b) = body {
                block(r, b);
            }
        }
        StmtKind::KernelAtomic { args, then, .. } => {
            for a in args {
                expr(r, a);
            }
            if let Some(b) = then {
                block(r, b);
            }
        }
        StmtKind::Par(threads) => {
            for t in threads {
                for i in &mut t.iters {
                    ty(r, &mut i.ty);
                    expr(r, &mut i.lo);
                    expr(r, &mut i.hi);
                }
                contract(r, &mut t.contract);
                block(r, &mut t.body);
            }
        }
        StmtKind::Label(_)
        | StmtKind::Witness(_)
        | StmtKind::Goto(_)
        | StmtKind::Break(_)
        | StmtKind::Continue(_)
        | StmtKind::NotSupported(_) => {}
    }
    r.stmt(s);
}

pub fn expr(r: &mut dyn Rewrite, e: &mut Expr) {
    for t in types_mut(e) {
        ty(r, t);
    }
    for c in children_mut(e) {
        expr(r, c);
    }
    // The ghost statements around a Java call (`with {…}`, `then {…}`).
    match &mut e.kind {
        ExprKind::Call(c) => {
            for s in c.with.iter_mut().chain(c.then.iter_mut()) {
                stmt(r, s);
            }
        }
        // `e /*@ then S */`.
        ExprKind::Then(_, then) => {
            for s in then {
                stmt(r, s);
            }
        }
        _ => {}
    }
    r.expr(e);
}

/// Calls `f` on every expression of `e`, children before parents.
pub fn each_expr_mut(e: &mut Expr, f: &mut dyn FnMut(&mut Expr)) {
    struct Each<'a>(&'a mut dyn FnMut(&mut Expr));
    impl Rewrite for Each<'_> {
        fn expr(&mut self, e: &mut Expr) {
            (self.0)(e)
        }
    }
    expr(&mut Each(f), e);
}

/// The types written inside `e` itself (not in its subexpressions).
fn types_mut(e: &mut Expr) -> Vec<&mut Type> {
    use ExprKind as K;
    match &mut e.kind {
        K::NewArray(t, _) => vec![&mut **t],
        K::Quant(q) => q.binders.iter_mut().map(|b| &mut b.ty).collect(),
        K::Let { ty, .. } => vec![&mut **ty],
        K::TypeApplied(_, ts) => ts.iter_mut().collect(),
        K::SeqLit(t, _) | K::SetLit(t, _) | K::BagLit(t, _) => {
            t.as_deref_mut().into_iter().collect()
        }
        K::MapLit(kv, _) => vec![&mut kv.0, &mut kv.1],
        K::TupleLit(Some(ab), _, _) => vec![&mut ab.0, &mut ab.1],
        K::InstanceOf(_, t) | K::Cast(_, t) => vec![&mut **t],
        _ => vec![],
    }
}

/// The direct subexpressions of `e`.
pub fn children_mut(e: &mut Expr) -> Vec<&mut Expr> {
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
        | K::Bind(_)
        | K::CurrentThread
        | K::NotSupported(_)
        | K::OptNone => vec![],
        K::NewArray(_, xs) => xs.iter_mut().collect(),
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
        | K::Running(x)
        | K::Trigger(_, x)
        | K::TypeApplied(x, _)
        | K::Then(x, _)
        | K::AllIndices(x)
        | K::ArraySum(x) => vec![&mut **x],
        K::Index(a, b)
        | K::Binary(_, a, b)
        | K::Perm(a, b)
        | K::Unfolding(a, b)
        | K::Scale(a, b)
        | K::ArrayOf(a, b) => vec![&mut **a, &mut **b],
        K::Update(a, b, _) => vec![&mut **a, &mut **b],
        K::Cond(a, b, c)
        | K::PointsTo(a, b, c)
        | K::SeqUpdate(a, b, c)
        | K::MatrixOf(a, b, c)
        | K::ValuesOf(a, b, c) => {
            vec![&mut **a, &mut **b, &mut **c]
        }
        K::TupleLit(_, a, b) => vec![&mut **a, &mut **b],
        K::InstanceOf(x, _) | K::Cast(x, _) => vec![&mut **x],
        K::MapLit(_, ps) => ps.iter_mut().flat_map(|(k, v)| [k, v]).collect(),
        K::Slice(a, lo, hi) => {
            let mut v = vec![&mut **a];
            v.extend(lo.as_deref_mut());
            v.extend(hi.as_deref_mut());
            v
        }
        K::Call(c) => {
            let c = &mut **c;
            let mut v: Vec<&mut Expr> = c.recv.as_deref_mut().into_iter().collect();
            v.extend(c.args.iter_mut());
            v.extend(c.given.iter_mut().map(|(_, x)| x));
            v
        }
        K::New(n) => {
            let n = &mut **n;
            let mut v: Vec<&mut Expr> = n.args.iter_mut().collect();
            v.extend(n.given.iter_mut().map(|(_, x)| x));
            v
        }
        K::SeqLit(_, xs) | K::SetLit(_, xs) | K::BagLit(_, xs) => xs.iter_mut().collect(),
        K::NewGeneric(n) => n.args.iter_mut().collect(),
        K::Quant(q) => {
            let mut v = Vec::new();
            for (_, lo, hi) in &mut q.ranges {
                v.push(&mut **lo);
                v.push(&mut **hi);
            }
            v.extend(q.cond.as_deref_mut());
            v.push(&mut *q.body);
            v
        }
        K::Let { value, body, .. } => vec![&mut **value, &mut **body],
    }
}

/// Whether some expression of `units` (contracts, bodies, function and
/// predicate bodies) satisfies `f`. Bodies the skim left unparsed are not
/// seen: only PVL is skimmed.
pub fn any_expr(units: &mut [Unit], f: impl Fn(&Expr) -> bool) -> bool {
    let mut found = false;
    each_unit_expr(units, &mut |e| found |= f(e));
    found
}

/// Calls `f` on every expression of `units` (one walk for several questions).
pub fn each_unit_expr(units: &mut [Unit], f: &mut dyn FnMut(&Expr)) {
    struct Each<'a>(&'a mut dyn FnMut(&Expr));
    impl Rewrite for Each<'_> {
        fn expr(&mut self, e: &mut Expr) {
            (self.0)(e)
        }
    }
    let mut each = Each(f);
    each_member_mut(units, &mut |m| member(&mut each, m));
}

/// Calls `f` on every member of `units`: of each class, and each declared
/// outside classes.
pub fn each_member_mut(units: &mut [Unit], f: &mut dyn FnMut(&mut Member)) {
    for unit in units {
        for decl in &mut unit.decls {
            match decl {
                Decl::Class(c) => c.members.iter_mut().for_each(&mut *f),
                Decl::Member(m) => f(m),
            }
        }
    }
}
