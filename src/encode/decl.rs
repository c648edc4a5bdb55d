//! Declarations: methods, constructors, functions, predicates, final fields.
//!
//! ```text
//! [T C.m(params) given G yields Y / requires P ensures Q { body }]
//!   = method C__m(this: Ref, params, G) returns (weft_result: T, Y)
//!       requires this != null; requires P ensures Q { body; label weft_end }
//! [C(params) / requires P ensures Q { body }]
//!   = method C__new(params) returns (this: Ref)
//!       requires P ensures this != null; ensures Q
//!     { this := new(fields of C); body; label weft_end; assume final values }
//! ```

use super::names::{END_LABEL, RESULT};
use super::{Encoder, Scope};
use crate::core::{self, MethodId, StmtKind as S, Type as T};
use crate::diag;
use crate::name::Name;
use crate::vir::{self, BinOp, Blame, Expr, ExprKind, LocalDecl, Stmt, StmtKind, What};
use std::collections::HashSet;

/// `function C__f__val(r: Ref): T`: a final field's value, fixed at construction.
pub(super) fn final_value_function(
    names: &super::Names,
    f: core::FieldId,
    ty: vir::Type,
) -> vir::Function {
    vir::Function {
        name: names.final_value(f),
        params: vec![LocalDecl {
            name: "r".into(),
            ty: vir::Type::Ref,
        }],
        ret: ty,
        pres: vec![],
        posts: vec![],
        body: None,
        origin: vir::Origin::NONE,
    }
}

/// Field `name` of class `c` or of an interface it implements.
fn field_named(p: &core::Program, c: core::ClassId, name: Name) -> Option<core::FieldId> {
    p.supertypes(c)
        .into_iter()
        .flat_map(|s| p.class(s).fields.iter().copied())
        .find(|f| p.field(*f).name == name)
}

/// The facts field `f`'s declared type binds (`core::Field::owner_links`),
/// for an object `obj` whose field holds `value`: `value != null ==>
/// value.inv$owner == obj` (or `== own(via)`, the object's own owner field).
pub(super) fn owner_link_facts(
    p: &core::Program,
    names: &super::Names,
    f: core::FieldId,
    obj: Expr,
    value: Expr,
    own: impl Fn(core::FieldId) -> Expr,
) -> Vec<Expr> {
    let field = p.field(f);
    let T::Class(target) = field.ty else {
        return vec![];
    };
    let mut out = Vec::new();
    for link in &field.owner_links {
        let Some(g) = field_named(p, target, link.owner_field).filter(|g| p.field(*g).is_final)
        else {
            continue;
        };
        let expected = match link.via {
            None => obj.clone(),
            Some(via) => match field_named(p, field.class, via) {
                Some(v) if p.field(v).is_final => own(v),
                _ => continue,
            },
        };
        let bound = Expr::plain(ExprKind::FuncApp(names.final_value(g), vec![value.clone()]));
        out.push(Expr::binary(
            BinOp::Implies,
            Expr::binary(BinOp::Ne, value.clone(), Expr::plain(ExprKind::NullLit)),
            Expr::binary(BinOp::Eq, bound, expected),
        ));
    }
    out
}

/// Where a constructor body assigns `this.f` (the last place), if it does.
fn assignment_of(b: &core::Block, f: core::FieldId) -> Option<crate::syntax::span::Span> {
    let mut found = None;
    for s in &b.stmts {
        match &s.kind {
            S::AssignField { recv, field, .. }
                if *field == f && matches!(recv.kind, core::ExprKind::This) =>
            {
                found = Some(s.span)
            }
            S::Block(inner) | S::AtomicStep(inner) => found = assignment_of(inner, f).or(found),
            // Every kind is named: a new kind must say whether its
            // assignments count. Only the top level and plain blocks do.
            S::If { .. }
            | S::While { .. }
            | S::Invariant { .. }
            | S::Atomic { .. }
            | S::Synchronized { .. }
            | S::Package { .. }
            | S::Par(_)
            | S::Barrier { .. }
            | S::Action(..)
            | S::Try { .. } => {}
            crate::core::visit::no_blocks!() | crate::core::visit::source_loops!() => {}
        }
    }
    found
}

/// Whether the body assigns `this.f` exactly once, as a statement of its
/// own top level (not in a branch or loop): the object's final value of f
/// is then known from that statement on.
fn assigned_once_at_top(b: &core::Block, f: core::FieldId) -> bool {
    let is_it = |s: &core::Stmt| {
        matches!(&s.kind, S::AssignField { recv, field, .. }
            if *field == f && matches!(recv.kind, core::ExprKind::This))
    };
    let mut all = 0;
    crate::core::visit::each_stmt(b, &mut |s| {
        if matches!(&s.kind, S::AssignField { field, .. } if *field == f) {
            all += 1;
        }
    });
    all == 1 && b.stmts.iter().filter(|s| is_it(s)).count() == 1
}

/// `this != null`, as a clause that cannot fail.
fn this_is_not_null(o: vir::Origin) -> Expr {
    Expr::binary(
        BinOp::Ne,
        Expr::local(crate::name!("this")),
        Expr::plain(ExprKind::NullLit),
    )
    .with_origin(o)
}

impl Encoder<'_> {
    fn begin_member(
        &mut self,
        scope: Scope,
        vars: &[&core::Var],
        ret: &T,
        derived: Option<crate::syntax::ast::Derived>,
    ) {
        self.scope = scope;
        self.derived = derived;
        self.renames.clear();
        self.temps.clear();
        // Temporaries are the member's locals: numbered per member, the
        // output is the same whatever the runs the methods went in.
        self.fresh = 0;
        self.has_return = false;
        self.return_type = ret.clone();
        self.local_types = vars.iter().map(|v| (v.name, v.ty.clone())).collect();
    }

    fn decls(&mut self, vars: &[core::Var]) -> Vec<LocalDecl> {
        vars.iter()
            .map(|v| LocalDecl {
                name: v.name,
                ty: self.ty(&v.ty),
            })
            .collect()
    }

    fn this_decl() -> LocalDecl {
        LocalDecl {
            name: crate::name!("this"),
            ty: vir::Type::Ref,
        }
    }

    /// `0 < p <= 1` for `frac` parameters, `0 <= p <= 1` for `zfrac`: a contract clause
    /// blamed as `blame` (a precondition for parameters, a postcondition for yields).
    fn fraction_bounds(&mut self, params: &[core::Var], blame: Blame) -> Vec<Expr> {
        let mut out = Vec::new();
        for v in params {
            let lower = match v.ty {
                T::Frac => BinOp::Lt,
                T::ZFrac => BinOp::Le,
                _ => continue,
            };
            let p = Expr::local(v.name);
            let bound = Expr::and(
                Expr::binary(lower, Expr::plain(ExprKind::NoPerm), p.clone()),
                Expr::binary(BinOp::Le, p, Expr::plain(ExprKind::FullPerm)),
            );
            let o = self.origin(v.span, blame, What::FractionBound);
            out.push(bound.with_origin(o));
        }
        out
    }

    /// Encodes method `id`, whose contract and body (taken out of the
    /// program) are `contract` and `body`.
    pub(super) fn method(
        &mut self,
        id: MethodId,
        contract: core::Contract,
        body: Option<core::Block>,
    ) -> diag::Result<vir::Method> {
        let name = self.names.method(id);
        self.method_named(self.p.method(id), name, contract, body)
    }

    /// Encodes method `m` (of the program, or made by a pass from a body)
    /// as `name`.
    pub(super) fn method_named(
        &mut self,
        m: &core::Method,
        name: Name,
        contract: core::Contract,
        body: Option<core::Block>,
    ) -> diag::Result<vir::Method> {
        let scope = match (m.is_constructor, m.class) {
            (true, Some(c)) => Scope::Constructor(c),
            _ => Scope::Method,
        };
        let all: Vec<&core::Var> = m.params.iter().chain(&m.given).chain(&m.yields).collect();
        // The contract sees final fields as fixed values, the constructor body as fields.
        self.begin_member(Scope::Method, &all, &m.ret, m.derived);

        let mut params = Vec::new();
        let mut pres = Vec::new();
        if m.has_this() || m.is_constructor {
            params.push(Self::this_decl());
            let o = self.origin(
                m.span,
                Blame::CannotFail("the caller checks the receiver"),
                What::Receiver,
            );
            pres.push(this_is_not_null(o));
        }
        if let (true, Some(c)) = (m.is_constructor, m.class) {
            // The caller allocates the object (so it is fresh there) and
            // hands over write permission to every field.
            let o = self.origin(
                m.span,
                Blame::CannotFail("the caller allocates the object"),
                What::Constructor,
            );
            for f in self.p.class(c).fields.clone() {
                let field = self.names.field(f);
                pres.push(
                    Expr::plain(ExprKind::FieldAcc(
                        Box::new(Expr::local(crate::name!("this"))),
                        field,
                        Box::new(Expr::plain(ExprKind::FullPerm)),
                    ))
                    .with_origin(o),
                );
            }
        }
        params.extend(self.decls(&m.params));
        params.extend(self.decls(&m.given));
        let mut returns = Vec::new();
        if !m.is_constructor && m.ret != T::Void {
            let ty = self.ty(&m.ret);
            returns.push(LocalDecl {
                name: RESULT.into(),
                ty,
            });
        }
        returns.extend(self.decls(&m.yields));

        let bounds = self.fraction_bounds(&m.params, Blame::Precondition);
        pres.extend(bounds);
        let given_bounds = self.fraction_bounds(&m.given, Blame::Precondition);
        pres.extend(given_bounds);
        pres.extend(self.clauses(&contract.requires, Blame::Precondition, What::Precondition)?);
        for g in grants(&contract.requires, m.span) {
            self.origins.grant(g);
        }
        // A yielded fraction is one, so the method ensures its bounds, before the
        // postconditions that use it as an amount.
        let mut posts = self.fraction_bounds(&m.yields, Blame::Postcondition);
        posts.extend(self.clauses(&contract.ensures, Blame::Postcondition, What::Postcondition)?);

        self.scope = scope;
        let body = match body {
            None => None,
            Some(b) => {
                let mut stmts = self.satisfiability_check(&contract.requires, m.span);
                stmts.extend(self.method_body(m, &b)?);
                Some(stmts)
            }
        };
        let origin = self.origin(m.span, Blame::Direct, What::Method);
        Ok(vir::Method {
            name,
            params,
            returns,
            pres,
            posts,
            body,
            origin,
        })
    }

    /// `refute false` at the start of the body: it fails exactly when the
    /// precondition is unsatisfiable (`unsatisfiable`). A clause that is
    /// literally `false` is taken as intended.
    fn satisfiability_check(
        &mut self,
        reqs: &[core::Expr],
        method: crate::syntax::span::Span,
    ) -> Vec<Stmt> {
        let intended = reqs
            .iter()
            .any(|e| matches!(e.kind, core::ExprKind::Bool(false)));
        if reqs.is_empty() || intended {
            return vec![];
        }
        let span = reqs
            .iter()
            .map(|e| e.span)
            .reduce(|a, b| a.fuse(b))
            .unwrap_or(method);
        let o = self.origin(
            span,
            Blame::As(crate::diag::FailureCode::Unsatisfiable),
            What::Precondition,
        );
        vec![Stmt::new(
            StmtKind::Refute(Expr::bool(false).with_origin(o)),
            o,
        )]
    }

    fn method_body(&mut self, m: &core::Method, b: &core::Block) -> diag::Result<Vec<Stmt>> {
        // Silver parameters are immutable: a parameter the body assigns gets a local copy.
        let assigned = assigned_locals(b);
        let mut prologue = Vec::new();
        for v in m.params.iter().chain(&m.given) {
            if assigned.contains(v.name.as_str()) {
                let copy = Name::from(format!("{}__loc", v.name));
                let ty = self.ty(&v.ty);
                prologue.push(Stmt::plain(StmtKind::LocalVar(LocalDecl {
                    name: copy,
                    ty,
                })));
                prologue.push(Stmt::plain(StmtKind::Assign(
                    copy,
                    Box::new(Expr::local(v.name)),
                )));
                self.renames.insert(v.name, copy);
            }
        }
        let class_fields: Vec<core::FieldId> = match (m.is_constructor, m.class) {
            (true, Some(c)) => self.p.class(c).fields.clone(),
            _ => vec![],
        };
        self.fixed_early = class_fields
            .iter()
            .copied()
            // A field whose type binds ghost predicates to this object only
            // (no link through another field, which may be set later): its
            // binding is checked at the assignment, before the value is fixed
            // (the final value's function states the binding).
            .filter(|&f| {
                let field = self.p.field(f);
                field.is_final
                    && field.owner_links.iter().all(|l| l.via.is_none())
                    && assigned_once_at_top(b, f)
            })
            .collect();
        let mut body = Vec::new();
        self.block(b, &mut body)?;
        let early = std::mem::take(&mut self.fixed_early);
        let mut out: Vec<Stmt> = self
            .temps
            .drain(..)
            .map(|d| Stmt::plain(StmtKind::LocalVar(d)))
            .collect();
        out.extend(prologue);
        out.extend(body);
        if self.has_return {
            out.push(Stmt::plain(StmtKind::Label(END_LABEL.into())));
        }
        // A final field whose declared type binds ghost predicates to this
        // object: checked once all final fields are set (they never change).
        for &f in class_fields.iter().filter(|f| !early.contains(f)) {
            let this = || Expr::local(crate::name!("this"));
            let value = Expr::plain(ExprKind::FieldAccess(Box::new(this()), self.names.field(f)));
            let own = |v| Expr::plain(ExprKind::FieldAccess(Box::new(this()), self.names.field(v)));
            let facts = owner_link_facts(self.p, self.names, f, this(), value, own);
            let span = assignment_of(b, f).unwrap_or(m.span);
            out.extend(self.binding_checks(facts, span));
        }
        // The constructor fixes each final field's value for the object's lifetime.
        for f in class_fields {
            if self.p.field(f).is_final {
                let value = Expr::plain(ExprKind::FieldAccess(
                    Box::new(Expr::local(crate::name!("this"))),
                    self.names.field(f),
                ));
                let fixed = Expr::plain(ExprKind::FuncApp(
                    self.names.final_value(f),
                    vec![Expr::local(crate::name!("this"))],
                ));
                out.push(Stmt::plain(StmtKind::Assume(Expr::binary(
                    BinOp::Eq,
                    fixed,
                    value,
                ))));
            }
        }
        Ok(out)
    }

    /// Asserts that a final field's value binds its type's ghost predicates to
    /// the object (`facts`, [`owner_link_facts`]), blamed at the assignment.
    pub(super) fn binding_checks(
        &mut self,
        facts: Vec<Expr>,
        span: crate::syntax::span::Span,
    ) -> Vec<Stmt> {
        facts
            .into_iter()
            .map(|fact| {
                let o = self.origin(
                    span,
                    Blame::As(diag::FailureCode::AssertFailed(diag::Reason::False)),
                    What::FieldBinding,
                );
                Stmt::new(StmtKind::Assert(fact.with_origin(o)), o)
            })
            .collect()
    }

    /// Inline functions are not declared: their calls are replaced by their bodies.
    pub(super) fn function(&mut self, id: core::FunctionId) -> diag::Result<Option<vir::Function>> {
        let f = self.p.function(id);
        if f.is_inline {
            return Ok(None);
        }
        let vars: Vec<&core::Var> = f.params.iter().collect();
        self.begin_member(Scope::Function, &vars, &f.ret, f.derived);
        let mut params = Vec::new();
        if f.has_this() {
            params.push(Self::this_decl());
        }
        params.extend(self.decls(&f.params));
        let mut pres = self.fraction_bounds(&f.params, Blame::Precondition);
        pres.extend(self.clauses(
            &f.contract.requires,
            Blame::Precondition,
            What::Precondition,
        )?);
        let posts = self.clauses(
            &f.contract.ensures,
            Blame::Postcondition,
            What::Postcondition,
        )?;
        let body = match &f.body {
            Some(b) => Some(self.expr_as(b, &f.ret)?),
            None => None,
        };
        let ret = self.ty(&f.ret);
        let origin = self.origin(f.span, Blame::Direct, What::Function);
        Ok(Some(vir::Function {
            name: self.names.function(id),
            params,
            ret,
            pres,
            posts,
            body,
            origin,
        }))
    }

    /// Inline predicates are not declared: their uses are replaced by their bodies.
    pub(super) fn predicate(
        &mut self,
        id: core::PredicateId,
    ) -> diag::Result<Option<vir::Predicate>> {
        let q = self.p.predicate(id);
        if q.is_inline {
            return Ok(None);
        }
        let vars: Vec<&core::Var> = q.params.iter().collect();
        self.begin_member(Scope::Predicate, &vars, &T::Void, q.derived);
        let mut params = Vec::new();
        if q.has_this() {
            params.push(Self::this_decl());
        }
        params.extend(self.decls(&q.params));
        // A `frac p` parameter lies in (0, 1]: said first, so that the body's
        // `Perm(x, p)` is well-formed.
        let bounds = self.fraction_bounds(&q.params, Blame::Precondition);
        let body = match &q.body {
            Some(b) => Some(
                bounds
                    .into_iter()
                    .rev()
                    .fold(self.expr(b)?, |body, bound| Expr::and(bound, body)),
            ),
            None => None,
        };
        let origin = self.origin(q.span, Blame::Direct, What::Predicate);
        Ok(Some(vir::Predicate {
            name: self.names.predicate(id),
            params,
            body,
            origin,
        }))
    }
}

/// Names of the locals a block assigns to (directly or as call targets).
fn assigned_locals(b: &core::Block) -> HashSet<Name> {
    fn walk(b: &core::Block, out: &mut HashSet<Name>) {
        for s in &b.stmts {
            match &s.kind {
                S::AssignLocal(x, _) => {
                    out.insert(*x);
                }
                S::Call {
                    target: Some(t),
                    call,
                } => {
                    out.insert(*t);
                    out.extend(call.yields.iter().flatten().copied());
                }
                S::Call { target: None, call } => out.extend(call.yields.iter().flatten().copied()),
                S::NewArray { target, .. } => {
                    out.insert(*target);
                }
                S::If { then, els, .. } => {
                    walk(then, out);
                    if let Some(e) = els {
                        walk(e, out);
                    }
                }
                S::While { body, .. } => walk(body, out),
                S::Block(b) | S::AtomicStep(b) => walk(b, out),
                // Every kind is named: a new kind must say what it
                // assigns (these, as before, nothing the loop havocs).
                S::Invariant { .. }
                | S::Atomic { .. }
                | S::Synchronized { .. }
                | S::Package { .. }
                | S::Par(_)
                | S::Barrier { .. }
                | S::Action(..)
                | S::Try { .. } => {}
                // The kinds handled above are among them; the loops pass
                // left no source loop.
                #[allow(unreachable_patterns)]
                crate::core::visit::no_blocks!() | crate::core::visit::source_loops!() => {}
            }
        }
    }
    let mut out = HashSet::new();
    walk(b, &mut out);
    out
}

/// The `Perm(loc, p)` conjuncts of a method's preconditions (at the top of
/// `**` and `&&`), for the permission hint (`blame::hint`).
fn grants(requires: &[core::Expr], method: crate::syntax::span::Span) -> Vec<vir::origin::Grant> {
    use crate::syntax::ast::BinOp as Op;
    let mut out = Vec::new();
    let mut todo: Vec<&core::Expr> = requires.iter().rev().collect();
    while let Some(e) = todo.pop() {
        match &e.kind {
            core::ExprKind::Binary(Op::Star | Op::And, a, b) => {
                todo.push(b);
                todo.push(a);
            }
            core::ExprKind::Perm(loc, p) => out.push(vir::origin::Grant {
                method,
                clause: e.span,
                location: loc.span,
                amount: p.span,
            }),
            _ => {}
        }
    }
    out
}
