//! Expressions: resolve names, compute types, remove sugar.

use super::body::Body;
use super::env::Member;
use super::types::{self, is_assertion, is_numeric};
use crate::core::visit::has_effects;
use crate::core::{Builtin, Expr, ExprKind as K, Type};
use crate::diag::ErrorCode;
use crate::name::Name;
use crate::syntax::ast::{self, BinOp, ExprKind as A, Quantifier, UnOp};
use crate::syntax::span::Span;

fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

/// `l op r` with a known result type.
/// Which collection a literal builds.
#[derive(Clone, Copy)]
enum Coll {
    Seq,
    Set,
    Bag,
}

impl Coll {
    fn wrap(self, t: Type) -> Type {
        match self {
            Coll::Seq => Type::Seq(Box::new(t)),
            Coll::Set => Type::Set(Box::new(t)),
            Coll::Bag => Type::Bag(Box::new(t)),
        }
    }
    /// The element type of `t` if it is this kind of collection.
    fn elem(self, t: &Type) -> Option<&Type> {
        match (self, t) {
            (Coll::Seq, Type::Seq(e)) | (Coll::Set, Type::Set(e)) | (Coll::Bag, Type::Bag(e)) => {
                Some(e)
            }
            _ => None,
        }
    }
}

/// The element type of a sequence, set or bag.
fn collection_elem(t: &Type) -> Option<&Type> {
    match t {
        Type::Seq(e) | Type::Set(e) | Type::Bag(e) => Some(e),
        _ => None,
    }
}

/// `/` where a fraction is expected (a permission amount, a `frac`
/// argument) divides as fractions: `1/2` is one half there, as Java
/// specifications write it (`1\2` in PVL). Elsewhere `/` on integers is
/// integer division.
fn fraction_div(op: BinOp, hint: Option<&Type>) -> BinOp {
    match (op, hint) {
        (BinOp::Div, Some(Type::Frac | Type::ZFrac | Type::Rational)) => BinOp::FracDiv,
        _ => op,
    }
}

impl Body<'_> {
    /// Checks an expression. `hint` is the type the context expects, used
    /// only to type `None` and empty literals; callers check compatibility.
    pub(super) fn expr(&mut self, e: &ast::Expr, hint: Option<&Type>) -> Option<Expr> {
        let span = e.span;
        let new = |k: K, t: Type| Some(Expr::new(k, t, span));
        // A process where one is expected (a `given process` argument).
        if hint == Some(&Type::Process) && !matches!(e.kind, A::Name(_)) {
            return self.in_spec(|b| b.process(e));
        }
        match &e.kind {
            A::Binary(op @ (BinOp::Eq | BinOp::Ne), l, r)
                if self.looks_process(l) || self.looks_process(r) =>
            {
                let (l, r) = (self.process(l), self.process(r));
                new(K::Binary(*op, Box::new(l?), Box::new(r?)), Type::Bool)
            }
            A::Int(n) => new(K::Int(*n), Type::Int),
            A::Bool(b) => new(K::Bool(*b), Type::Bool),
            // An enum's null is its integer 0 (`core::Type::Enum`).
            A::Null => match hint {
                Some(t @ Type::Enum(_)) => new(K::Int(0.into()), t.clone()),
                _ => new(K::Null, Type::Null),
            },
            A::This => self.this_expr(span),
            A::CurrentThread => match self.current_thread {
                Ok(()) => new(K::CurrentThread, Type::Int),
                Err(why) => self.err(ErrorCode::Misplaced, span, format!("\\current_thread {why}")),
            },
            A::Result => match &self.result {
                Some(t) => new(K::Result, t.clone()),
                None => self.err(
                    ErrorCode::Misplaced,
                    span,
                    "\\result may only be used in the postcondition of a non-void method or function",
                ),
            },
            A::Write => new(K::Write, Type::Rational),
            A::Read => new(K::Read, Type::Rational),
            A::NoPerm => new(K::NoPerm, Type::Rational),
            A::Name(id) => self.name(id, hint),
            A::Select(r, f) => self.select(r, f, span),
            A::Index(a, i) => self.index(a, i, span),
            A::Slice(xs, lo, hi) => self.slice(xs, lo.as_deref(), hi.as_deref(), span),
            A::Call(c) => self.call_expr(c, span, None),
            A::Update(t, v, old) if self.lifting() => self.lift_update(t, v, *old, span),
            A::Update(..) => self.impure_in_expr(span, "an increment", "an increment or decrement"),
            A::Then(x, then) if self.lifting() => self.lift_then(x, then, hint, span),
            A::Then(..) => self.impure_in_expr(
                span,
                "an expression with ghost statements after it (`then`)",
                "ghost statements after an expression (`then`)",
            ),
            A::New(_) | A::NewArray(..) if self.lifting() => {
                let rhs = self.rhs(e, None)?;
                self.lift(rhs, span)
            }
            A::New(n) => {
                let subject = format!("constructor {}", n.class.name);
                self.impure_in_expr(span, &subject, "a constructor call")
            }
            A::NewArray(..) => self.impure_in_expr(span, "array creation", "an array creation"),
            A::NewGeneric(n) => {
                let subject = format!("constructor {}", n.class.name);
                self.impure_in_expr(span, &subject, "a constructor call")
            }
            A::Unary(op, x) => self.unary(*op, x, span),
            A::Binary(BinOp::Prepend, x, xs) => self.prepend(x, xs, span),
            A::Binary(BinOp::Append, xs, x) => self.append(xs, x, span),
            A::Binary(BinOp::Member, x, xs) => self.binary_op(BinOp::In, x, xs, span),
            A::Binary(op, l, r) => self.binary_op(fraction_div(*op, hint), l, r, span),
            A::SeqUpdate(xs, i, v) => self.seq_update(xs, i, v, span),
            A::InstanceOf(x, t) => self.instance_of(x, t, span),
            A::Cast(x, t) => self.cast(x, t, span),
            A::MapLit(kv, pairs) => self.map_literal(kv, pairs, span),
            A::TupleLit(ab, a, b) => self.tuple_literal(ab.as_deref(), a, b, span),
            A::Cond(c, a, b) => {
                let c = self.cond(c);
                let (a, b) = (self.expr(a, hint), self.expr(b, hint));
                let (c, a, b) = (c?, a?, b?);
                match types::join(&self.env.program, &a.ty, &b.ty) {
                    Some(t) => new(K::Cond(bx(c), bx(a), bx(b)), t),
                    None => {
                        let msg = format!(
                            "the branches of ?: have incompatible types {} and {}",
                            self.env.show(&a.ty),
                            self.env.show(&b.ty)
                        );
                        self.err(ErrorCode::TypeMismatch, span, msg)
                    }
                }
            }
            A::Old(label, x) => {
                if let Some(l) = label {
                    if !self.labels.contains(&l.name) {
                        let msg = format!("label {} is not declared in this method", l.name);
                        self.err::<()>(ErrorCode::Undeclared, l.span, msg);
                    }
                }
                let x = self.expr(x, hint)?;
                let ty = x.ty.clone();
                new(K::Old(label.as_ref().map(|l| l.name), bx(x)), ty)
            }
            // `Perm(a[*], p)`: `(\forall* int j; 0 <= j && j < a.length; Perm(a[j], p))`.
            A::Perm(loc, p) if matches!(loc.kind, A::AllIndices(_)) => {
                let A::AllIndices(a) = &loc.kind else { unreachable!() };
                let q = every_element(a, |elem| A::Perm(elem, p.clone()), span);
                self.expr(&q, hint)
            }
            A::Perm(loc, p) => {
                let loc = self.location(loc);
                let p = self.perm_amount(p);
                new(K::Perm(bx(loc?), bx(p?)), Type::Resource)
            }
            A::PointsTo(loc, p, v) => {
                let l = self.location(loc);
                let p = self.perm_amount(p);
                let l = l?;
                let v = self.expect(v, &l.ty);
                let (p, v) = (p?, v?);
                let perm = Expr::new(K::Perm(bx(l.clone()), bx(p)), Type::Resource, span);
                let eq = Expr::binary(BinOp::Eq, l, v, Type::Bool, span);
                new(K::Binary(BinOp::Star, bx(perm), bx(eq)), Type::Resource)
            }
            A::Value(loc) => {
                let loc = self.location(loc)?;
                let read = Expr::new(K::Read, Type::Rational, span);
                new(K::Perm(bx(loc), bx(read)), Type::Resource)
            }
            A::CurPerm(loc) => {
                let loc = self.location(loc)?;
                new(K::CurPerm(bx(loc)), Type::Rational)
            }
            // The thesis's Lock and Semaphore name a predicate `held(frac p)`.
            A::Held(x) if matches!(self.env.member(self.class, "held"), Some(Member::Predicate(_))) => {
                let call = ast::Call {
                    recv: None,
                    name: ast::Ident {
                        name: "held".into(),
                        span,
                    },
                    args: vec![(**x).clone()],
                    given: Vec::new(),
                    yields: Vec::new(),
                    with: Vec::new(),
                    then: Vec::new(),
                };
                self.call_expr(&call, span, None)
            }
            A::Held(x) => self.held_expr(x, span),
            A::Committed(x) => self.committed_expr(x, span),
            A::Quant(qe) => self.quant(
                qe.q,
                &qe.binders,
                &qe.ranges,
                qe.cond.as_deref(),
                &qe.body,
                span,
            ),
            A::Let {
                ty,
                name,
                value,
                body,
            } => {
                let ty = self.ty(ty)?;
                let value = self.expect(value, &ty)?;
                self.scoped(|b| {
                    let var = b.declare(name, ty)?;
                    let body = b.expr(body, hint)?;
                    let t = body.ty.clone();
                    new(
                        K::Let {
                            var: Box::new(var),
                            value: bx(value),
                            body: bx(body),
                        },
                        t,
                    )
                })
            }
            A::Unfolding(p, x) => {
                let p = self.expr(p, None);
                let x = self.expr(x, hint);
                let p = p?;
                if p.kind.instance().is_none() {
                    return self.err(
                        ErrorCode::TypeMismatch,
                        p.span,
                        "unfolding needs a predicate instance",
                    );
                }
                let x = x?;
                let t = x.ty.clone();
                new(K::Unfolding(bx(p), bx(x)), t)
            }
            A::Scale(p, pred) => {
                let perm = self.perm_amount(p);
                let A::Call(c) = &pred.kind else {
                    return self.err(
                        ErrorCode::TypeMismatch,
                        pred.span,
                        "[p] can only scale a predicate instance",
                    );
                };
                let x = self.call_expr(c, pred.span, Some(perm?))?;
                if x.kind.instance().is_none() {
                    return self.err(
                        ErrorCode::TypeMismatch,
                        pred.span,
                        "[p] can only scale a predicate instance",
                    );
                }
                Some(Expr { span, ..x })
            }
            A::ArraySum(a) => {
                let a = self.expr(a, None)?;
                if a.ty != Type::Array(Box::new(Type::Int)) {
                    return self.mismatch(a.span, "an int array", &a.ty);
                }
                new(K::ArraySum(bx(a)), Type::Int)
            }
            A::AllIndices(_) => self.err(
                ErrorCode::Misplaced,
                span,
                "`a[*]` (every element) may only stand in `Perm(a[*], p)` and `(\\sum a[*])`",
            ),
            A::ArrayOf(a, n) => {
                let a = self.expr(a, None);
                let n = self.expect(n, &Type::Int);
                let a = a?;
                if !matches!(a.ty, Type::Array(_)) {
                    return self.mismatch(a.span, "an array", &a.ty);
                }
                new(K::ArrayOf(bx(a), bx(n?)), Type::Bool)
            }
            A::MatrixOf(m, rows, cols) => self.expr(&matrix(m, rows, cols, span), hint),
            A::ValuesOf(a, lo, hi) => {
                let a = self.expr(a, None);
                let lo = self.expect(lo, &Type::Int);
                let hi = self.expect(hi, &Type::Int);
                let a = a?;
                let Type::Array(elem) = &a.ty else {
                    return self.mismatch(a.span, "an array", &a.ty);
                };
                let ty = Type::Seq(elem.clone());
                new(K::Builtin(crate::core::Builtin::ArrayValues, vec![a, lo?, hi?]), ty)
            }
            A::SeqLit(t, xs) => self.literal(Coll::Seq, t.as_deref(), xs, hint, span),
            A::SetLit(t, xs) => self.literal(Coll::Set, t.as_deref(), xs, hint, span),
            A::BagLit(t, xs) => self.literal(Coll::Bag, t.as_deref(), xs, hint, span),
            A::Length(x) => {
                let x = self.expr(x, None)?;
                if collection_elem(&x.ty).is_none() && !matches!(x.ty, Type::Map(_)) {
                    return self.mismatch(x.span, "a sequence, set, bag or map", &x.ty);
                }
                new(K::Builtin(Builtin::Size, vec![x]), Type::Int)
            }
            A::OptSome(x) => {
                let inner = match hint {
                    Some(Type::Option(t)) => Some(&**t),
                    _ => None,
                };
                let x = self.expr(x, inner)?;
                let t = Type::Option(Box::new(x.ty.clone()));
                new(K::OptSome(bx(x)), t)
            }
            A::Idle(t) => self.thread_token(t, true, span),
            A::Running(t) => self.thread_token(t, false, span),
            // `syntax::generics` replaces every call with type arguments it can.
            A::TypeApplied(..) => self.err(
                ErrorCode::NotSupported,
                span,
                "type arguments in this position",
            ),
            A::NotSupported(what) => self.err(ErrorCode::NotSupported, span, *what),
            A::Trigger(g, _) if g.outer > 0 => self.err(
                ErrorCode::NotSupported,
                span,
                "a trigger mark of an outer quantifier (`{:<n: … :}`)",
            ),
            A::Trigger(g, x) => {
                if self.quant_depth == 0 {
                    return self.err(
                        ErrorCode::Misplaced,
                        span,
                        "a trigger marker `{: … :}` outside a quantifier's body",
                    );
                }
                let x = self.expr(x, hint)?;
                let t = x.ty.clone();
                new(K::Trigger(g.group, bx(x)), t)
            }
            // `passes::java::binders` removes those of postconditions.
            A::Bind(n) => self.err(
                ErrorCode::Misplaced,
                span,
                format!("?{} binds a value only in a method's postcondition", n.name),
            ),
            A::OptNone => match hint {
                Some(t @ Type::Option(_)) => new(K::OptNone, t.clone()),
                _ => self.err(
                    ErrorCode::TypeMismatch,
                    span,
                    "cannot infer the type of None here",
                ),
            },
        }
    }

    pub(super) fn this_expr(&mut self, span: Span) -> Option<Expr> {
        match self.this {
            Some(c) => Some(Expr::new(K::This, Type::Class(c), span)),
            None => self.err(
                ErrorCode::Misplaced,
                span,
                "this cannot be used in a static context",
            ),
        }
    }

    /// A plain name: a variable, else a field of `this` or a constant of the class.
    fn name(&mut self, id: &ast::Ident, hint: Option<&Type>) -> Option<Expr> {
        if let Some(v) = self.scopes.lookup(&id.name) {
            if !(self.spec || self.ghost || self.assigning) {
                self.real_reads.entry(v.name).or_insert(id.span);
            }
            return Some(Expr::new(K::Local(v.name), v.ty.clone(), id.span));
        }
        if let Some(Type::Enum(c)) = hint {
            if let Some(x) = self.enum_constant(*c, id) {
                return Some(x);
            }
        }
        if hint == Some(&Type::Role) && self.env.field_member(self.class, &id.name).is_none() {
            return self.role(id);
        }
        let member = self.env.field_member(self.class, &id.name);
        if let Some(Member::Constant(f)) = member {
            return Some(self.constant(f, id.span));
        }
        if let Some(Member::Field(f)) = member {
            if self.env.static_fields.contains_key(&f) {
                return self.static_field(f, id.span);
            }
            if self.this.is_none() {
                let msg = format!("field {} cannot be used in a static context", id.name);
                return self.err(ErrorCode::Misplaced, id.span, msg);
            }
            let this = self.this_expr(id.span)?;
            let ty = self.env.program.field(f).ty.clone();
            return Some(Expr::new(K::Field(bx(this), f), ty, id.span));
        }
        // `import static p.C.x;` / `import static p.C.*;`: C's static field or constant.
        match self.env.static_imported(id, true) {
            Some(Member::Constant(f)) => return Some(self.constant(f, id.span)),
            Some(Member::Field(f)) => return self.static_field(f, id.span),
            _ => {}
        }
        // The rely/guarantee layers' built-ins (`passes::calvin`), in a class
        // with a monitor owner (of a unit with Calvin's or Calvin-R's
        // annotations): `tid`, the running thread's id, and `main`, the main
        // thread's (1).
        if self.rely_guarantee_class() {
            match id.name.as_str() {
                "tid" => return Some(Expr::new(K::CurrentThread, Type::Int, id.span)),
                "main" => return Some(Expr::new(K::Int(1.into()), Type::Int, id.span)),
                _ => {}
            }
        }
        self.err(
            ErrorCode::Undeclared,
            id.span,
            format!("{} is not declared", id.name),
        )
    }

    /// `A` of enum `c` (`E.A`, or `case A:` in a switch over an E): its
    /// integer, k + 1 for the k-th constant (`core::Type::Enum`).
    fn enum_constant(&self, c: crate::core::ClassId, id: &ast::Ident) -> Option<Expr> {
        let cs = self.env.program.class(c).enum_constants.as_ref()?;
        let k = cs.iter().position(|n| *n == id.name)?;
        Some(Expr::new(
            K::Int((k as i128 + 1).into()),
            Type::Enum(c),
            id.span,
        ))
    }

    /// A role literal (thesis ch. 5): a name no variable or field has, where
    /// a role is expected, names a role (the protocol writes `T`, `P`, `C`
    /// without declaring them; `S` is the synchroniser's).
    fn role(&mut self, id: &ast::Ident) -> Option<Expr> {
        match crate::core::role_value(&id.name) {
            Some(v) => Some(Expr::new(K::Int(v.into()), Type::Role, id.span)),
            None => self.err(
                ErrorCode::NotSupported,
                id.span,
                format!(
                    "role {}: a role name longer than 18 characters or not ASCII",
                    id.name
                ),
            ),
        }
    }

    /// A static field that is not final (`x`, `C.x`, `o.x`): the field of
    /// its class's statics object, the value of an abstract function
    /// (`Env::statics`), as VerCors encodes it.
    /// In Calvin's programs it is shared state (`core::Calvin::statics`);
    /// Calvin-R's environment does not know these objects: a static field
    /// in such a unit is not supported yet.
    fn static_field(&mut self, f: crate::core::FieldId, span: Span) -> Option<Expr> {
        let instance = *self.env.static_fields.get(&f)?;
        if self.calvin_r_class() {
            let msg = "a static field in a program with Calvin-R's annotations";
            return self.err(ErrorCode::NotSupported, span, msg);
        }
        let object = self.constant(instance, span);
        let ty = self.env.program.field(f).ty.clone();
        Some(Expr::new(K::Field(bx(object), f), ty, span))
    }

    /// A constant's value: a call of its function.
    fn constant(&self, func: crate::core::FunctionId, span: Span) -> Expr {
        let ty = self.env.program.function(func).ret.clone();
        let call = K::FunctionCall {
            func,
            recv: None,
            args: Box::default(),
        };
        Expr::new(call, ty, span)
    }

    /// The name of the constant `e` denotes (`N` or `C.N`), if it does.
    pub(super) fn constant_named(&self, e: &ast::Expr) -> Option<Name> {
        let (class, n) = match &e.kind {
            A::Name(n) if self.scopes.lookup(&n.name).is_none() => (self.class, n),
            A::Select(r, n) => (Some(self.class_named(r)?), n),
            _ => return None,
        };
        match self.env.member(class, &n.name)? {
            Member::Constant(_) => Some(n.name),
            _ => None,
        }
    }

    /// The class `r` names, if it is a class name that no variable or field shadows.
    pub(super) fn class_named(&self, r: &ast::Expr) -> Option<crate::core::ClassId> {
        let A::Name(n) = &r.kind else { return None };
        let shadowed = self.scopes.lookup(&n.name).is_some()
            || matches!(
                self.env.field_member(self.class, &n.name),
                Some(Member::Field(_))
            );
        if shadowed {
            return None;
        }
        self.env.class_ids.resolve(n)
    }

    /// `r.name`: a field, a class's constant, or a member of a built-in type.
    fn select(&mut self, r: &ast::Expr, name: &ast::Ident, span: Span) -> Option<Expr> {
        if let Some(c) = self.class_named(r) {
            if let Some(x) = self.enum_constant(c, name) {
                return Some(Expr { span, ..x });
            }
            match self.env.field_member(Some(c), &name.name) {
                Some(Member::Constant(f)) => return Some(self.constant(f, span)),
                Some(Member::Field(f)) if self.env.static_fields.contains_key(&f) => {
                    return self.static_field(f, span);
                }
                _ => {}
            }
            let class = &self.env.program.class(c).name;
            let msg = format!("class {class} has no constant {}", name.name);
            return self.err(ErrorCode::Undeclared, name.span, msg);
        }
        let recv = self.expr(r, None)?;
        let n = name.name.as_str();
        match &recv.ty {
            Type::Class(c) => match self.env.field_member(Some(*c), n) {
                // Java reads a static field through an object too (`o.x`,
                // the object evaluated and not used: not even for null).
                Some(Member::Field(f)) if self.env.static_fields.contains_key(&f) => {
                    self.static_field(f, span)
                }
                Some(Member::Field(f)) => {
                    let ty = self.env.program.field(f).ty.clone();
                    Some(Expr::new(K::Field(bx(recv), f), ty, span))
                }
                // Java reads a class's constant through an object too (`s.LIMIT`).
                Some(Member::Constant(f)) => Some(self.constant(f, span)),
                _ => {
                    let msg = format!("class {} has no field {n}", self.env.program.class(*c).name);
                    self.err(ErrorCode::Undeclared, name.span, msg)
                }
            },
            _ => self.builtin_field(recv, name, span),
        }
    }

    fn index(&mut self, a: &ast::Expr, i_ast: &ast::Expr, span: Span) -> Option<Expr> {
        let a = self.expr(a, None)?;
        // A map's key is checked against its key type.
        let i = if matches!(a.ty, Type::Map(_)) {
            Expr::new(K::Int(0.into()), Type::Int, span)
        } else {
            self.expect(i_ast, &Type::Int)?
        };
        match &a.ty {
            Type::Array(t) => {
                let t = (**t).clone();
                Some(Expr::new(K::ArrayIndex(bx(a), bx(i)), t, span))
            }
            Type::Seq(t) => {
                let t = (**t).clone();
                Some(Expr::new(
                    K::Builtin(Builtin::SeqIndex, vec![a, i]),
                    t,
                    span,
                ))
            }
            Type::Map(_) => self.map_get(a, i_ast, span),
            t => {
                let t = t.clone();
                self.mismatch(a.span, "an array or sequence", &t)
            }
        }
    }

    /// A method or constructor call where only pure expressions may stand.
    /// `subject` names it ("method m"), `nested` says what it is ("a method call").
    pub(super) fn impure_in_expr<T>(
        &mut self,
        span: Span,
        subject: &str,
        nested: &str,
    ) -> Option<T> {
        if self.spec {
            let msg = format!("{subject} is not pure: it cannot be used in a specification");
            self.err(ErrorCode::Misplaced, span, msg)
        } else if let Some(place) = self.unlifted_in {
            self.err(
                ErrorCode::NotSupported,
                span,
                format!("not supported yet: {nested} in {place} (it would run again on every iteration); assign its result to a local before the loop and again at the end of its body"),
            )
        } else {
            self.err(
                ErrorCode::NotSupported,
                span,
                format!("{nested} inside an expression; assign its result to a local first"),
            )
        }
    }

    /// The trigger marked in a quantifier's body (all its marks together)
    /// must mention every bound variable, or no backend can use it.
    fn trigger_covers(&mut self, vars: &[crate::core::Var], marks: &[Expr]) -> Option<()> {
        use crate::core::visit::find;
        let Some(first) = marks.first() else {
            return Some(());
        };
        let bound = |x: &Expr| {
            find(
                x,
                &|y| matches!(&y.kind, K::Local(n) if vars.iter().any(|v| v.name == *n)),
            )
            .is_some()
        };
        // Backends match triggers syntactically: a bound variable may sit
        // in applications, selections and membership in a sequence or set
        // (`xs.contains(x)`, a function of both backends), not under
        // arithmetic or logic.
        let membership = |x: &Expr| match &x.kind {
            K::Binary(BinOp::In | BinOp::Member, _, xs) => {
                matches!(xs.ty, Type::Seq(_) | Type::Set(_))
            }
            _ => false,
        };
        for m in marks {
            let computed = find(m, &|x| {
                let operator = match &x.kind {
                    K::Collection(c, _) => c.is_computed(),
                    k => matches!(
                        k,
                        K::Unary(..)
                            | K::Binary(..)
                            | K::Cond(..)
                            | K::Quant { .. }
                            | K::Let { .. }
                    ),
                };
                operator && !membership(x) && bound(x)
            });
            if matches!(m.kind, K::Local(_)) || computed.is_some() {
                let msg =
                    "not a valid trigger: a bound variable may only be an argument or index here";
                return self.err(
                    ErrorCode::Misplaced,
                    computed.map_or(m.span, |c| c.span),
                    msg,
                );
            }
        }
        for v in vars {
            let mentioned = marks
                .iter()
                .any(|m| find(m, &|x| matches!(&x.kind, K::Local(n) if *n == v.name)).is_some());
            if !mentioned {
                let msg = format!(
                    "this trigger does not mention the bound variable {}",
                    v.name
                );
                return self.err(ErrorCode::Misplaced, first.span, msg);
            }
        }
        Some(())
    }

    fn unary(&mut self, op: UnOp, x: &ast::Expr, span: Span) -> Option<Expr> {
        let x = self.expr(x, None)?;
        let ty = match op {
            UnOp::Not if x.ty == Type::Bool => Type::Bool,
            UnOp::Not => return self.mismatch(x.span, "boolean", &x.ty),
            UnOp::Neg if x.ty == Type::Int => Type::Int,
            UnOp::Neg if is_numeric(&x.ty) => Type::Rational,
            UnOp::Neg => return self.mismatch(x.span, "a number", &x.ty),
        };
        Some(Expr::new(K::Unary(op, bx(x)), ty, span))
    }

    fn binary_op(&mut self, op: BinOp, l: &ast::Expr, r: &ast::Expr, span: Span) -> Option<Expr> {
        // `None == x`: type the side that can be typed alone first.
        let (l, r) = if matches!(l.kind, A::OptNone) {
            let r = self.expr(r, None)?;
            let l = self.expr(l, Some(&r.ty));
            (l, Some(r))
        } else {
            let l = self.expr(l, None);
            let r = self.expr(r, l.as_ref().map(|l| &l.ty));
            (l, r)
        };
        let (l, r) = (l?, r?);
        let (l, r) = self.enum_operands(op, l, r);
        if matches!(op, BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor) {
            return self.bit_op(op, l, r, span);
        }
        if op == BinOp::In && matches!(r.ty, Type::Bag(_) | Type::Map(_)) {
            let fits = match &r.ty {
                Type::Bag(e) => types::compatible(&self.env.program, &l.ty, e),
                Type::Map(kv) => types::compatible(&self.env.program, &l.ty, &kv.0),
                _ => false,
            };
            if fits {
                return Some(self.membership(l, r, span));
            }
        }
        // The thesis's ch. 6: between fractions (frac, zfrac), `-` is the
        // cut-off subtraction (0 where the difference would be negative), so
        // `inv(share(S, n) - share(S, c))` is the part to hand over, or none.
        let fracs = |t: &Type| matches!(t, Type::Frac | Type::ZFrac);
        if op == BinOp::Sub && fracs(&l.ty) && fracs(&r.ty) {
            if let Some(x) = [&l, &r].into_iter().find(|x| has_effects(x)) {
                let msg = "not supported yet: a call inside a fraction's cut-off subtraction; assign its result to a local first";
                return self.err(ErrorCode::NotSupported, x.span, msg);
            }
            let gt = Expr::binary(BinOp::Gt, l.clone(), r.clone(), Type::Bool, span);
            let diff = Expr::binary(BinOp::Sub, l, r, Type::Rational, span);
            let zero = Expr::new(K::Int(0.into()), Type::Int, span);
            return Some(Expr::new(
                K::Cond(bx(gt), bx(diff), bx(zero)),
                Type::Rational,
                span,
            ));
        }
        let ty = self.binary_type(op, &l, &r);
        let Some(ty) = ty else {
            let msg = format!(
                "operator {} cannot be applied to {} and {}",
                op.symbol(),
                self.env.show(&l.ty),
                self.env.show(&r.ty)
            );
            return self.err(ErrorCode::TypeMismatch, span, msg);
        };
        Some(Expr::binary(op, l, r, ty, span))
    }

    /// Java's `&`, `|`, `^`. On booleans they are logic evaluating both
    /// operands: `l ^ r` is `l != r`, `l & r` is `l == r && l` and `l | r`
    /// is `l != r || l`, where the comparison evaluates both operands (so a
    /// check in `r`, a null or bounds check, is made whatever `l` is). When
    /// `l` has an effect (a call), which must run once, `l & r` is `l ? r :
    /// (r && false)` and `l | r` is `l ? (r || true) : r`: `r` is evaluated
    /// once on each path. On integers: not supported yet (VerCors has no
    /// model of them either).
    fn bit_op(&mut self, op: BinOp, l: Expr, r: Expr, span: Span) -> Option<Expr> {
        if l.ty == Type::Bool && r.ty == Type::Bool && op != BinOp::BitXor && has_effects(&l) {
            let bool = |x: Expr, op, b| Expr::binary(op, x, Expr::bool(b, span), Type::Bool, span);
            let (a, b) = match op {
                BinOp::BitAnd => (r.clone(), bool(r, BinOp::And, false)),
                _ => (bool(r.clone(), BinOp::Or, true), r),
            };
            return Some(Expr::new(K::Cond(bx(l), bx(a), bx(b)), Type::Bool, span));
        }
        if l.ty == Type::Bool && r.ty == Type::Bool {
            let cmp = |op| Expr::binary(op, l.clone(), r.clone(), Type::Bool, span);
            return Some(match op {
                BinOp::BitXor => cmp(BinOp::Ne),
                BinOp::BitAnd => {
                    Expr::binary(BinOp::And, cmp(BinOp::Eq), l.clone(), Type::Bool, span)
                }
                _ => Expr::binary(BinOp::Or, cmp(BinOp::Ne), l.clone(), Type::Bool, span),
            });
        }
        if is_numeric(&l.ty) && is_numeric(&r.ty) {
            let msg = format!("the bit operator {} on integers", op.symbol());
            return self.err(ErrorCode::NotSupported, span, msg);
        }
        let msg = format!(
            "operator {} cannot be applied to {} and {}",
            op.symbol(),
            self.env.show(&l.ty),
            self.env.show(&r.ty)
        );
        self.err(ErrorCode::TypeMismatch, span, msg)
    }

    /// `x instanceof D`: `x != null` when x's type is D's subtype, else a
    /// test of x's class (`passes::dyntype`, which knows D's subclasses).
    fn instance_of(&mut self, x: &ast::Expr, t: &ast::Type, span: Span) -> Option<Expr> {
        let x = self.expr(x, None)?;
        let t = self.ty(t)?;
        let Type::Class(d) = t else {
            let msg = format!("`instanceof` {}", self.env.show(&t));
            return self.err(ErrorCode::NotSupported, span, msg);
        };
        match &x.ty {
            Type::Null => Some(Expr::new(K::Bool(false), Type::Bool, span)),
            ty if types::compatible(&self.env.program, ty, &t) => {
                let null = Expr::new(K::Null, Type::Null, span);
                Some(Expr::binary(BinOp::Ne, x, null, Type::Bool, span))
            }
            Type::Class(_) | Type::Array(_) => {
                Some(Expr::new(K::InstanceOf(bx(x), d), Type::Bool, span))
            }
            ty => self.mismatch(span, "an object before `instanceof`", &ty.clone()),
        }
    }

    /// `(C) x`, a class cast: x itself, typed C, when x's static type is a
    /// subtype of C (an upcast) or x is `null`; a downcast (from a
    /// superclass, an interface or `Object`) is a `Cast` node, checked by
    /// `passes::dyntype`. Between unrelated classes it is a type error, as
    /// in Java.
    fn cast(&mut self, x: &ast::Expr, t: &ast::Type, span: Span) -> Option<Expr> {
        let x = self.expr(x, None)?;
        let t = self.ty(t)?;
        let Type::Class(c) = t else {
            let msg = format!("a cast to {}", self.env.show(&t));
            return self.err(ErrorCode::NotSupported, span, msg);
        };
        let p = &self.env.program;
        match &x.ty {
            Type::Null => Some(Expr::new(K::Null, t, span)),
            ty if types::compatible(p, ty, &t) => Some(Expr { ty: t, ..x }),
            Type::Class(d)
                if types::compatible(p, &t, &x.ty)
                    || p.class(*d).is_interface
                    || p.class(c).is_interface =>
            {
                Some(Expr::new(K::Cast(bx(x), c), t, span))
            }
            ty => {
                let msg = format!(
                    "a {} cannot be cast to {}",
                    self.env.show(ty),
                    self.env.show(&t)
                );
                self.err(ErrorCode::TypeMismatch, span, msg)
            }
        }
    }

    /// `l == r` and `l != r` on enum values compare the values their
    /// integers stand for (`core::enum_value`); a `null` operand is the
    /// enum's 0.
    fn enum_operands(&self, op: BinOp, l: Expr, r: Expr) -> (Expr, Expr) {
        if !matches!(op, BinOp::Eq | BinOp::Ne) {
            return (l, r);
        }
        let c = match (&l.ty, &r.ty) {
            (Type::Enum(c), _) | (_, Type::Enum(c)) => *c,
            _ => return (l, r),
        };
        let n = self
            .env
            .program
            .class(c)
            .enum_constants
            .as_ref()
            .map_or(0, Vec::len);
        let fix = |x: Expr| match x.kind {
            K::Null => Expr::new(K::Int(0.into()), Type::Enum(c), x.span),
            _ if x.ty == Type::Enum(c) => crate::core::enum_value(x, n),
            _ => x,
        };
        (fix(l), fix(r))
    }

    /// The result type of `l op r`, None if the operands do not fit.
    fn binary_type(&self, op: BinOp, l: &Expr, r: &Expr) -> Option<Type> {
        use BinOp::*;
        let (lt, rt) = (&l.ty, &r.ty);
        let bools = *lt == Type::Bool && *rt == Type::Bool;
        let nums = is_numeric(lt) && is_numeric(rt);
        match op {
            And | Or if bools => Some(Type::Bool),
            // `&&` takes booleans only, as in VerCors (`Perm(x, 1) && b` is a type error:
            // resources are joined with `**`).
            Implies if *lt == Type::Bool && is_assertion(rt) => Some(rt.clone()),
            Star | Wand if is_assertion(lt) && is_assertion(rt) => Some(Type::Resource),
            Eq | Ne if types::join(&self.env.program, lt, rt).is_some() => Some(Type::Bool),
            Lt | Le | Gt | Ge if nums => Some(Type::Bool),
            Lt | Le | Gt | Ge if self.is_inclusion(lt, rt) => Some(Type::Bool),
            Add | Sub | Mul | Div | Mod if nums => Some(if *lt == Type::Int && *rt == Type::Int {
                Type::Int
            } else {
                Type::Rational
            }),
            FracDiv if nums => Some(Type::Rational),
            Add if lt == rt && collection_elem(lt).is_some() => Some(lt.clone()),
            Sub if lt == rt && matches!(lt, Type::Set(_)) => Some(lt.clone()),
            In => collection_elem(rt)
                .filter(|e| types::compatible(&self.env.program, lt, e))
                .map(|_| Type::Bool),
            _ => None,
        }
    }

    /// A heap location for `Perm`, `perm`, `PointsTo`, `Value`.
    fn location(&mut self, e: &ast::Expr) -> Option<Expr> {
        let x = self.expr(e, None)?;
        if matches!(x.kind, K::Field(..) | K::ArrayIndex(..)) {
            Some(x)
        } else {
            self.err(
                ErrorCode::TypeMismatch,
                e.span,
                "Perm needs a field or array element",
            )
        }
    }

    /// A permission amount: a number or `write`/`read`/`none`.
    pub(super) fn perm_amount(&mut self, e: &ast::Expr) -> Option<Expr> {
        let x = self.expr(e, Some(&Type::Rational))?;
        if is_numeric(&x.ty) {
            Some(x)
        } else {
            self.mismatch(e.span, "a permission", &x.ty)
        }
    }

    fn quant(
        &mut self,
        q: Quantifier,
        binders: &[ast::Binder],
        ranges: &[(usize, Box<ast::Expr>, Box<ast::Expr>)],
        cond: Option<&ast::Expr>,
        body: &ast::Expr,
        span: Span,
    ) -> Option<Expr> {
        self.scoped(|b| {
            // A range's bounds see the binders before its own (`int i = 0..n, int j = i..n`).
            let mut vars = Vec::new();
            let mut bounds = Vec::new();
            for (k, binder) in binders.iter().enumerate() {
                for (_, lo, hi) in ranges.iter().filter(|(i, _, _)| *i == k) {
                    bounds.push((k, b.expect(lo, &Type::Int), b.expect(hi, &Type::Int)));
                }
                let ty = b.ty(&binder.ty)?;
                vars.push(b.declare(&binder.name, ty)?);
            }
            let mut guard = None;
            for (i, lo, hi) in bounds {
                let var = &vars[i];
                if var.ty != Type::Int {
                    return b.mismatch(var.span, "int", &var.ty);
                }
                let x = Expr::new(K::Local(var.name), Type::Int, var.span);
                let (lo, hi) = (lo?, hi?);
                let low = Expr::binary(BinOp::Le, lo, x.clone(), Type::Bool, span);
                let high = Expr::binary(BinOp::Lt, x, hi, Type::Bool, span);
                let g = Expr::binary(BinOp::And, low, high, Type::Bool, span);
                guard = Some(match guard {
                    Some(prev) => Expr::binary(BinOp::And, prev, g, Type::Bool, span),
                    None => g,
                });
            }
            if let Some(c) = cond {
                let c = b.cond(c);
                let c = c?;
                guard = Some(match guard {
                    Some(g) => Expr::binary(BinOp::And, g, c, Type::Bool, span),
                    None => c,
                });
            }
            b.quant_depth += 1;
            let body = match q {
                Quantifier::ForallStar => b.assertion(body),
                Quantifier::Forall | Quantifier::Exists => b.cond(body),
            };
            b.quant_depth -= 1;
            let (body, triggers) = crate::core::visit::take_trigger_marks(body?);
            for t in &triggers {
                b.trigger_covers(&vars, t)?;
            }
            let body = match (guard, q) {
                (None, _) => body,
                (Some(g), Quantifier::Exists) => {
                    Expr::binary(BinOp::And, g, body, Type::Bool, span)
                }
                (Some(g), _) => {
                    let t = body.ty.clone();
                    Expr::binary(BinOp::Implies, g, body, t, span)
                }
            };
            let ty = match q {
                Quantifier::ForallStar => Type::Resource,
                _ => Type::Bool,
            };
            Some(Expr::new(
                K::Quant {
                    q,
                    vars: vars.into(),
                    triggers: triggers.into_iter().map(Vec::into_boxed_slice).collect(),
                    body: bx(body),
                },
                ty,
                span,
            ))
        })
    }

    /// `seq<T>{…}`, `[a, b]`, sets and bags.
    fn literal(
        &mut self,
        kind: Coll,
        written: Option<&ast::Type>,
        elems: &[ast::Expr],
        hint: Option<&Type>,
        span: Span,
    ) -> Option<Expr> {
        let declared = match written {
            Some(t) => Some(self.ty(t)?),
            None => hint.and_then(|h| kind.elem(h)).cloned(),
        };
        let mut xs = Vec::new();
        let mut ok = true;
        for e in elems {
            match self.expr(e, declared.as_ref()) {
                Some(x) => xs.push(x),
                None => ok = false,
            }
        }
        if !ok {
            return None;
        }
        // Written type: every element must fit. Else: the most general one.
        let elem = match (written.and(declared.clone()), xs.first()) {
            (Some(t), _) => t,
            (None, Some(first)) => {
                let mut t = first.ty.clone();
                for x in &xs[1..] {
                    match types::join(&self.env.program, &t, &x.ty) {
                        Some(j) => t = j,
                        None => {
                            let want = self.env.show(&t);
                            return self.mismatch(x.span, &want, &x.ty);
                        }
                    }
                }
                // A hint may widen (e.g. `[1]` where a seq<rational> is expected).
                match &declared {
                    Some(d) if types::compatible(&self.env.program, &t, d) => d.clone(),
                    _ => t,
                }
            }
            (None, None) => match declared {
                Some(t) => t,
                None => {
                    return self.err(
                        ErrorCode::TypeMismatch,
                        span,
                        "cannot infer the element type of an empty literal",
                    )
                }
            },
        };
        for x in &xs {
            if !types::compatible(&self.env.program, &x.ty, &elem) {
                let want = self.env.show(&elem);
                return self.mismatch(x.span, &want, &x.ty);
            }
        }
        let kind_ty = kind.wrap(elem);
        let k = match kind {
            Coll::Seq => K::SeqLit(xs),
            Coll::Set => K::SetLit(xs),
            Coll::Bag => K::BagLit(xs),
        };
        Some(Expr::new(k, kind_ty, span))
    }
}

/// `(\\forall* int j; 0 <= j && j < a.length; body(a[j]))`: `a[*]` spelled out.
/// `\matrix(m, rows, cols)`, as VerCors defines it: `m` is an array of
/// `rows` rows, each readable (`Value`), not null, of length `cols`, and no
/// two of them the same array (so a permission quantified over both indices
/// names distinct locations).
fn matrix(m: &ast::Expr, rows: &ast::Expr, cols: &ast::Expr, span: Span) -> ast::Expr {
    let at = |kind| Box::new(ast::Expr { kind, span });
    let bin = |op, l, r| at(A::Binary(op, l, r));
    let ident = |n: &str| ast::Ident {
        name: Name::from(n),
        span,
    };
    let var = |n: &str| at(A::Name(ident(n)));
    let m = || Box::new(m.clone());
    let row = |n: &str| at(A::Index(m(), var(n)));
    let length = |e| at(A::Select(e, ident("length")));
    let in_rows = |n: &str| {
        bin(
            BinOp::And,
            bin(BinOp::Le, at(A::Int(0i128.into())), var(n)),
            bin(BinOp::Lt, var(n), Box::new(rows.clone())),
        )
    };
    let all = |q, names: &[&str], cond, body| {
        at(A::Quant(Box::new(ast::Quant {
            q,
            binders: names
                .iter()
                .map(|n| ast::Binder {
                    ty: ast::Type {
                        kind: ast::TypeKind::Int,
                        span,
                    },
                    name: ident(n),
                })
                .collect(),
            ranges: Vec::new(),
            cond: Some(cond),
            body,
        })))
    };
    let (r, r0, r1) = ("weft_row", "weft_row0", "weft_row1");
    let shape = bin(
        BinOp::And,
        bin(BinOp::Ne, m(), at(A::Null)),
        bin(BinOp::Eq, length(m()), Box::new(rows.clone())),
    );
    let readable = all(
        Quantifier::ForallStar,
        &[r],
        in_rows(r),
        at(A::Value(row(r))),
    );
    let rows_ok = all(
        Quantifier::Forall,
        &[r],
        in_rows(r),
        bin(
            BinOp::And,
            bin(BinOp::Ne, row(r), at(A::Null)),
            bin(BinOp::Eq, length(row(r)), Box::new(cols.clone())),
        ),
    );
    let distinct = all(
        Quantifier::Forall,
        &[r0, r1],
        bin(
            BinOp::And,
            bin(BinOp::And, in_rows(r0), in_rows(r1)),
            bin(BinOp::Eq, row(r0), row(r1)),
        ),
        bin(BinOp::Eq, var(r0), var(r1)),
    );
    let star = |a, b| bin(BinOp::Star, a, b);
    *star(star(star(shape, readable), rows_ok), distinct)
}

fn every_element(a: &ast::Expr, body: impl FnOnce(Box<ast::Expr>) -> A, span: Span) -> ast::Expr {
    let at = |kind| Box::new(ast::Expr { kind, span });
    let j = ast::Ident {
        name: Name::from("weft_every"),
        span,
    };
    let var = || at(A::Name(j.clone()));
    let bin = |op, l, r| at(A::Binary(op, l, r));
    let length = ast::Ident {
        name: Name::from("length"),
        span,
    };
    let len = at(A::Select(Box::new(a.clone()), length));
    let cond = bin(
        BinOp::And,
        bin(BinOp::Le, at(A::Int(0i128.into())), var()),
        bin(BinOp::Lt, var(), len),
    );
    let elem = at(A::Index(Box::new(a.clone()), var()));
    ast::Expr {
        kind: A::Quant(Box::new(ast::Quant {
            q: Quantifier::ForallStar,
            binders: vec![ast::Binder {
                ty: ast::Type {
                    kind: ast::TypeKind::Int,
                    span,
                },
                name: j,
            }],
            ranges: Vec::new(),
            cond: Some(cond),
            body: at(body(elem)),
        })),
        span,
    }
}
