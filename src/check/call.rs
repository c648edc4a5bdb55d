//! Calls: resolving `f(args)` / `o.f(args)` / `new C(args)`, checking
//! arguments, and the ghost `given` / `yields` blocks.

use super::body::Body;
use super::env::Member;
use super::types;
use crate::core::{self, Expr, ExprKind as K, MethodId, Type, Var};
use crate::diag::ErrorCode;
use crate::name::Name;
use crate::syntax::ast;
use crate::syntax::span::Span;

/// What a call in statement position turned out to be.
pub(super) enum CallOrPure {
    /// A method call and the method's result type.
    Call(core::Call, Type),
    Pure(Expr),
}

/// The right-hand side of an assignment or initialisation.
pub(super) enum Rhs {
    Pure(Expr),
    /// A method or constructor call and its result type.
    Call(core::Call, Type),
    /// `new T[d1]…[dk]`: T and the sizes.
    NewArray(Type, Vec<Expr>),
}

/// A call's ghost arguments (`p = e`) and ghost results (`x = y`).
type GhostArgs = (Vec<(ast::Ident, ast::Expr)>, Vec<(ast::Ident, ast::Ident)>);
impl Body<'_> {
    /// Finds what `call` names and its receiver (None for static members).
    /// `spec`: the call is in an expression, where a predicate named like a
    /// method is meant.
    fn resolve(&mut self, call: &ast::Call, spec: bool) -> Option<(Member, Option<Expr>)> {
        let (m, recv) = self.resolve_name(call, spec)?;
        let Some(others) = self.env.overloads.get(&m) else {
            return Some((m, recv));
        };
        Some((self.pick_overload(m, others, call)?, recv))
    }

    /// The overload of `first` (or one of `others`) a call means: the one of
    /// its arity, or among several the first whose parameter types fit the
    /// arguments'.
    fn pick_overload(
        &mut self,
        first: Member,
        others: &[Member],
        call: &ast::Call,
    ) -> Option<Member> {
        let env = self.env;
        let params = |m: &Member| match *m {
            Member::Function(id) => &env.program.function(id).params[..],
            Member::Method(id) => crate::core::explicit(&env.program.method(id).params),
            _ => &[][..],
        };
        let n = call.args.len();
        let fitting: Vec<Member> = std::iter::once(first)
            .chain(others.iter().copied())
            .filter(|m| params(m).len() == n)
            .collect();
        match fitting.as_slice() {
            [] => Some(first),
            [one] => Some(*one),
            _ => {
                let xs: Vec<_> = call.args.iter().map(|a| self.expr(a, None)).collect();
                let xs: Vec<Expr> = xs.into_iter().collect::<Option<_>>()?;
                let fits = |m: &Member| {
                    params(m)
                        .iter()
                        .zip(&xs)
                        .all(|(p, x)| types::compatible(&env.program, &x.ty, &p.ty))
                };
                match fitting.iter().find(|m| fits(m)) {
                    Some(m) => Some(*m),
                    None => {
                        let msg = format!("no {} fits these argument types", call.name.name);
                        self.err(ErrorCode::TypeMismatch, call.name.span, msg)
                    }
                }
            }
        }
    }

    fn resolve_name(&mut self, call: &ast::Call, spec: bool) -> Option<(Member, Option<Expr>)> {
        let name = &call.name.name;
        let lookup = |env: &super::env::Env, c, n: &str| {
            if spec {
                env.spec_member(c, n)
            } else {
                env.member(c, n)
            }
        };
        let Some(recv) = &call.recv else {
            if let Some(m) = lookup(self.env, self.class, name).filter(|_| self.class.is_some()) {
                return self.implicit_recv(m, &call.name);
            }
            // `import static p.C.m;` / `import static p.C.*;`: C's static method.
            if let Some(m) = self.env.static_imported(&call.name, false) {
                return Some((m, None));
            }
            return match self.env.globals.resolve(&call.name) {
                Some(m) => Some((m, None)),
                // The thesis's `handle(…)`: a predicate of one of the class's fields.
                None => match spec.then(|| self.field_predicate(&call.name)).flatten() {
                    Some(found) => found,
                    None => self.err(
                        ErrorCode::Undeclared,
                        call.name.span,
                        format!("{name} is not declared"),
                    ),
                },
            };
        };
        // `C.m(…)`: a static member named through its class.
        if let Some(c) = self.class_named(recv) {
            let m = self.class_member(c, &call.name)?;
            if !self.env.is_static(m) {
                let msg = format!("{name} is not static: it needs an object");
                return self.err(ErrorCode::Misplaced, call.name.span, msg);
            }
            return Some((m, None));
        }
        let recv = self.expr(recv, None)?;
        let Type::Class(c) = recv.ty else {
            let msg = format!(
                "cannot call {name} on a value of type {}",
                self.env.show(&recv.ty)
            );
            return self.err(ErrorCode::TypeMismatch, recv.span, msg);
        };
        let m = match lookup(self.env, Some(c), name) {
            Some(m @ Member::Predicate(_)) => m,
            _ => self.class_member(c, &call.name)?,
        };
        let recv = (!self.env.is_static(m)).then_some(recv);
        Some((m, recv))
    }

    /// A callable member of class `c`.
    fn class_member(&mut self, c: core::ClassId, name: &ast::Ident) -> Option<Member> {
        match self.env.member(Some(c), &name.name) {
            Some(Member::Field(_) | Member::Constant(_)) => {
                let msg = format!("{} is a field, not a method", name.name);
                self.err(ErrorCode::TypeMismatch, name.span, msg)
            }
            Some(m) => Some(m),
            None => {
                let msg = format!(
                    "class {} has no member {}",
                    self.env.program.class(c).name,
                    name.name
                );
                self.err(ErrorCode::Undeclared, name.span, msg)
            }
        }
    }

    /// An unqualified member of the enclosing class: `this` is the receiver.
    /// `handle(T, E, 1)` in a class holding one AtomicInteger `sync` (the
    /// thesis's ch. 5 leaves the receiver out): a predicate the class does not
    /// declare is the one of its own field whose class declares it, when
    /// exactly one does. None where no field (or several) fits.
    fn field_predicate(&mut self, name: &ast::Ident) -> Option<Option<(Member, Option<Expr>)>> {
        let c = self.class?;
        self.this?;
        let program = &self.env.program;
        let mut fits = Vec::new();
        for &f in &program.class(c).fields {
            let field = program.field(f);
            let Type::Class(d) = field.ty else { continue };
            if let Some(m @ Member::Predicate(_)) = self.env.spec_member(Some(d), &name.name) {
                fits.push((field.name, m));
            }
        }
        let [(field, m)] = fits[..] else {
            return None;
        };
        let span = name.span;
        let this = ast::Expr {
            kind: ast::ExprKind::This,
            span,
        };
        let select = ast::Expr {
            kind: ast::ExprKind::Select(Box::new(this), ast::Ident { name: field, span }),
            span,
        };
        Some(self.expr(&select, None).map(|recv| (m, Some(recv))))
    }

    fn implicit_recv(&mut self, m: Member, name: &ast::Ident) -> Option<(Member, Option<Expr>)> {
        if let Member::Field(_) | Member::Constant(_) = m {
            let msg = format!("{} is a field, not a method", name.name);
            return self.err(ErrorCode::TypeMismatch, name.span, msg);
        }
        if self.env.is_static(m) {
            return Some((m, None));
        }
        if self.this.is_none() {
            let msg = format!("{} cannot be called from a static context", name.name);
            return self.err(ErrorCode::Misplaced, name.span, msg);
        }
        let this = self.this_expr(name.span)?;
        Some((m, Some(this)))
    }

    /// Checks arguments against parameters.
    pub(super) fn args(
        &mut self,
        params: &[Var],
        args: &[ast::Expr],
        name: &str,
        span: Span,
    ) -> Option<Vec<Expr>> {
        let params = crate::core::explicit(params);
        if params.len() != args.len() {
            let msg = format!(
                "{name} expects {} argument{}, got {}",
                params.len(),
                if params.len() == 1 { "" } else { "s" },
                args.len()
            );
            return self.err(ErrorCode::Arity, span, msg);
        }
        let xs: Vec<_> = params
            .iter()
            .zip(args)
            .map(|(p, a)| self.expect(a, &p.ty))
            .collect();
        xs.into_iter().collect()
    }

    /// A call in an expression: a function, or a predicate instance (at
    /// `perm` if scaled, else write).
    pub(super) fn call_expr(
        &mut self,
        call: &ast::Call,
        span: Span,
        perm: Option<Expr>,
    ) -> Option<Expr> {
        if let Some(x) = self.builtin_call(call, span) {
            return x;
        }
        if let Some(x) = self.history_expr(call, span) {
            return x;
        }
        let (m, recv) = self.resolve(call, true)?;
        self.pure_call(m, recv, call, span, perm)
    }

    /// A call of a resolved member in an expression.
    fn pure_call(
        &mut self,
        m: Member,
        recv: Option<Expr>,
        call: &ast::Call,
        span: Span,
        perm: Option<Expr>,
    ) -> Option<Expr> {
        let env = self.env;
        let name = &call.name.name;
        if let (Member::Method(id), true) = (m, self.lifting()) {
            if call.with.is_empty() && call.then.is_empty() {
                let (c, t) = self.method_call(id, recv, call, span)?;
                return self.lift(Rhs::Call(c, t), span);
            }
        }
        // `f(x) then S` of a function (or a field, `o.f then S`): `S` after
        // the value, as after any expression.
        let method = matches!(m, Member::Method(_));
        if !method
            && perm.is_none()
            && call.with.is_empty()
            && !call.then.is_empty()
            && self.lifting()
        {
            let bare = ast::Call {
                then: Vec::new(),
                ..call.clone()
            };
            let e = ast::Expr {
                kind: ast::ExprKind::Call(Box::new(bare)),
                span,
            };
            return self.lift_then(&e, &call.then, None, span);
        }
        if let Some(s) = call.with.first().or(call.then.first()) {
            let msg = format!(
                "not supported yet: ghost statements (with/then) around {name}, which is not a \
                 method called as a statement"
            );
            return self.err(ErrorCode::NotSupported, s.span, msg);
        }
        if !call.given.is_empty() || !call.yields.is_empty() {
            if let Member::Function(_) | Member::Predicate(_) = m {
                let msg = format!("{name} has no ghost parameters: given/yields are for methods");
                return self.err(ErrorCode::Misplaced, span, msg);
            }
        }
        let recv = recv.map(Box::new);
        match m {
            Member::Method(_) => {
                self.impure_in_expr(span, &format!("method {name}"), "a method call")
            }
            Member::Field(_) | Member::Constant(_) => None,
            Member::Function(func) => {
                if perm.is_some() {
                    return self.err(
                        ErrorCode::TypeMismatch,
                        span,
                        "[p] can only scale a predicate instance",
                    );
                }
                let f = env.program.function(func);
                let args = self.args(&f.params, &call.args, name, span)?;
                Some(Expr::new(
                    K::FunctionCall {
                        func,
                        recv,
                        args: args.into(),
                    },
                    f.ret.clone(),
                    span,
                ))
            }
            Member::Predicate(pred) => {
                let p = env.program.predicate(pred);
                // A plain group predicate's instance keeps its fraction
                // argument (`passes::group` makes it the amount).
                let group = env.group_params.get(&pred);
                if let Some(params) = group.filter(|ps| ps.len() != call.args.len()) {
                    let msg = format!(
                        "{name} expects {} argument(s) (the last its fraction), got {}",
                        params.len(),
                        call.args.len()
                    );
                    return self.err(ErrorCode::Arity, span, msg);
                }
                let args = self.args(group.unwrap_or(&p.params), &call.args, name, span)?;
                let perm = perm.unwrap_or_else(|| Expr::new(K::Write, Type::Rational, span));
                let access = Box::new(core::PredicateAccess {
                    pred,
                    recv: recv.map(|r| *r),
                    args,
                    perm,
                });
                let kind = match group {
                    Some(_) => K::GroupAccess(access),
                    None => K::PredicateAccess(access),
                };
                Some(Expr::new(kind, Type::Resource, span))
            }
        }
    }

    /// A call where a statement may call a method: the method call with
    /// its result type, or else a pure call expression.
    pub(super) fn call_or_pure(&mut self, call: &ast::Call, span: Span) -> Option<CallOrPure> {
        if let Some(x) = self.builtin_call(call, span) {
            return x.map(CallOrPure::Pure);
        }
        let (m, recv) = self.resolve(call, false)?;
        match m {
            Member::Method(id) => self
                .method_call(id, recv, call, span)
                .map(|(c, t)| CallOrPure::Call(c, t)),
            _ => self
                .pure_call(m, recv, call, span, None)
                .map(CallOrPure::Pure),
        }
    }

    fn method_call(
        &mut self,
        id: MethodId,
        recv: Option<Expr>,
        call: &ast::Call,
        span: Span,
    ) -> Option<(core::Call, Type)> {
        let env = self.env;
        let method = env.program.method(id);
        if self.ghost && !method.is_ghost {
            // Its body may write program state (`Body::ghost_write`).
            let msg = format!(
                "ghost code cannot call {}, a method of the program: declare it ghost, or make it a pure function",
                call.name.name
            );
            self.err::<()>(ErrorCode::Misplaced, call.name.span, msg);
        }
        let args = self.args(&method.params, &call.args, &call.name.name, span);
        let (given, yields) = self.ghost_blocks(id, call);
        // Ghost arguments are ghost code: they may read ghost values.
        let given = self.in_ghost(|b| b.given(id, &given, span));
        let yields = self.yields(id, &yields, span);
        let ret = method.ret.clone();
        Some((
            core::Call {
                method: id,
                recv,
                args: args?,
                given: given?,
                yields: yields?,
                span,
            },
            ret,
        ))
    }

    /// `new C(args)`: picks the constructor by arity, then by argument types.
    pub(super) fn new_call(
        &mut self,
        class: &ast::Ident,
        args: &[ast::Expr],
        given: &[(ast::Ident, ast::Expr)],
        span: Span,
    ) -> Option<(core::Call, Type)> {
        let env = self.env;
        let Some(c) = env.class_ids.resolve(class) else {
            let msg = format!("class {} is not declared", class.name);
            return self.err(ErrorCode::Undeclared, class.span, msg);
        };
        if env.program.class(c).is_interface {
            let msg = format!("{} is an interface: it has no constructor", class.name);
            return self.err(ErrorCode::TypeMismatch, class.span, msg);
        }
        let ctors: Vec<MethodId> = env.classes[c.0 as usize]
            .ctors
            .iter()
            .copied()
            .filter(|m| crate::core::explicit(&env.program.method(*m).params).len() == args.len())
            .collect();
        let id = match ctors.as_slice() {
            [] => {
                let msg = format!(
                    "no constructor of {} takes {} arguments",
                    class.name,
                    args.len()
                );
                return self.err(ErrorCode::Arity, span, msg);
            }
            [one] => *one,
            _ => {
                let xs: Vec<_> = args.iter().map(|a| self.expr(a, None)).collect();
                let xs: Vec<Expr> = xs.into_iter().collect::<Option<_>>()?;
                let fits = |m: &MethodId| {
                    env.program
                        .method(*m)
                        .params
                        .iter()
                        .zip(&xs)
                        .all(|(p, x)| types::compatible(&env.program, &x.ty, &p.ty))
                };
                match ctors.iter().find(|m| fits(m)) {
                    Some(m) => *m,
                    None => {
                        let msg =
                            format!("no constructor of {} fits these argument types", class.name);
                        return self.err(ErrorCode::TypeMismatch, span, msg);
                    }
                }
            }
        };
        let method = env.program.method(id);
        let args = self.args(&method.params, args, &class.name, span)?;
        let given = self.given(id, given, span)?;
        let yields = vec![None; method.yields.len()];
        Some((
            core::Call {
                method: id,
                recv: None,
                args,
                given,
                yields,
                span,
            },
            Type::Class(c),
        ))
    }

    /// `given { p = e, … }` in the callee's order.
    fn given(
        &mut self,
        id: MethodId,
        given: &[(ast::Ident, ast::Expr)],
        span: Span,
    ) -> Option<Vec<Option<Expr>>> {
        let env = self.env;
        let names = env.given_names.get(&id).map_or(&[][..], |v| v.as_slice());
        let params = &env.program.method(id).given;
        let mut out: Vec<Option<Expr>> = vec![None; params.len()];
        let mut ok = true;
        for (name, e) in given {
            let Some(i) = names.iter().position(|n| *n == name.name) else {
                let msg = format!(
                    "{} is not a ghost parameter of {}",
                    name.name,
                    env.program.method(id).name
                );
                ok = self
                    .err::<()>(ErrorCode::Undeclared, name.span, msg)
                    .is_some();
                continue;
            };
            if out[i].is_some() {
                let msg = format!("ghost argument {} is given twice", name.name);
                ok = self
                    .err::<()>(ErrorCode::Duplicate, name.span, msg)
                    .is_some();
                continue;
            }
            match self.expect(e, &params[i].ty) {
                Some(x) => out[i] = Some(x),
                None => ok = false,
            }
        }
        let defaults = env.given_defaults.get(&id);
        for (i, n) in names.iter().enumerate() {
            let default = defaults.and_then(|d| d[i].as_ref());
            if let (None, Some(v)) = (&out[i], default) {
                match self.expect(v, &params[i].ty) {
                    Some(x) => out[i] = Some(x),
                    None => ok = false,
                }
            }
            // An atomicity program is explored, not encoded: its ghost
            // arguments (a join's share) mean nothing (`crate::atomicity`).
            let explored = !env.program.features.atomicity.is_empty();
            if out[i].is_none() && ok && !explored {
                let msg = format!("ghost argument {n} is not given");
                ok = self.err::<()>(ErrorCode::Arity, span, msg).is_some();
            }
        }
        ok.then_some(out)
    }

    /// The call's ghost arguments and results: those of `given {…}` and
    /// `yields {…}`, and in Java's `with {…}` the assignments to the callee's
    /// given parameters, in `then {…}` the assignments `x = y` of one of its
    /// yields parameters `y`. The other statements of the two blocks are
    /// checked here, in the caller's scope, into `ghost_before` and
    /// `ghost_after` (the statement around the call places them).
    fn ghost_blocks(&mut self, id: MethodId, call: &ast::Call) -> GhostArgs {
        let env = self.env;
        let given_names = env.given_names.get(&id).map_or(&[][..], |v| v.as_slice());
        let yields_names = env.yields_names.get(&id).map_or(&[][..], |v| v.as_slice());
        let mut given = call.given.clone();
        let mut yields = call.yields.clone();
        let (mut before, mut after) = (Vec::new(), Vec::new());
        for s in &call.with {
            match &s.kind {
                ast::StmtKind::Assign { target, value } => match &target.kind {
                    ast::ExprKind::Name(n) if given_names.contains(&n.name) => {
                        given.push((n.clone(), value.clone()));
                    }
                    _ => before.push(s),
                },
                _ => before.push(s),
            }
        }
        for s in &call.then {
            match &s.kind {
                ast::StmtKind::Assign { target, value } => match (&target.kind, &value.kind) {
                    (ast::ExprKind::Name(x), ast::ExprKind::Name(y))
                        if yields_names.contains(&y.name) =>
                    {
                        yields.push((x.clone(), y.clone()));
                    }
                    _ => after.push(s),
                },
                _ => after.push(s),
            }
        }
        // Each checked apart: `stmt` places its own calls' ghost code.
        let (mut ghost_before, mut ghost_after) = (Vec::new(), Vec::new());
        self.in_ghost(|b| {
            for s in before {
                b.stmt(s, &mut ghost_before);
            }
            for s in after {
                b.stmt(s, &mut ghost_after);
            }
        });
        self.ghost_before.extend(ghost_before);
        self.ghost_after.extend(ghost_after);
        (given, yields)
    }

    /// `yields { x = y, … }`: local x receives the callee's ghost result y.
    fn yields(
        &mut self,
        id: MethodId,
        yields: &[(ast::Ident, ast::Ident)],
        _span: Span,
    ) -> Option<Vec<Option<Name>>> {
        let env = self.env;
        let names = env.yields_names.get(&id).map_or(&[][..], |v| v.as_slice());
        let params = &env.program.method(id).yields;
        let mut out = vec![None; params.len()];
        let mut ok = true;
        for (local, y) in yields {
            let Some(i) = names.iter().position(|n| *n == y.name) else {
                let msg = format!(
                    "{} is not a ghost result of {}",
                    y.name,
                    env.program.method(id).name
                );
                ok = self.err::<()>(ErrorCode::Undeclared, y.span, msg).is_some();
                continue;
            };
            let Some(var) = self.scopes.lookup(&local.name).cloned() else {
                let msg = format!("{} is not a local variable", local.name);
                ok = self
                    .err::<()>(ErrorCode::Undeclared, local.span, msg)
                    .is_some();
                continue;
            };
            if !types::compatible(&self.env.program, &params[i].ty, &var.ty) {
                let want = self.env.show(&var.ty);
                ok = self
                    .mismatch::<()>(local.span, &want, &params[i].ty)
                    .is_some();
                continue;
            }
            // A ghost result is written by ghost code (`then`/`yields`).
            self.in_ghost(|b| b.ghost_write_local(var.name, local.name, local.span));
            out[i] = Some(var.name);
        }
        ok.then_some(out)
    }
}
