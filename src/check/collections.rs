//! Sequences, sets, bags, options, maps and tuples: their members
//! (`xs.size`, `o.getOrElse(d)`, `m.keys`, …), their operators (`x :: xs`,
//! `xs ++ x`, `m ++ (k, v)`, `xs[i -> v]`, `m[k]`) and map and tuple
//! literals, resolved and typed. A member that is one core built-in or
//! operator is that (`m.keys`, `xs.contains(x)` is `x in xs`); the others
//! are `core::ExprKind::Collection` nodes (`isEmpty`, `removeAt(i)`,
//! `x :: xs`, a map literal, …), which `passes::collections` rewrites.

use super::body::Body;
use super::env::Member;
use super::types;
use crate::core::build::size;
use crate::core::{Builtin, Collection, Expr, ExprKind as K, Type};
use crate::diag::ErrorCode;
use crate::syntax::ast::{self, BinOp, ExprKind as A};
use crate::syntax::span::Span;

/// The member methods of the built-in types; a call of another name is
/// never one of them, and its receiver is checked once, by the call.
const METHODS: &[&str] = &[
    "contains",
    "removeAt",
    "getOrElse",
    "add",
    "remove",
    "disjoint",
    "equals",
];

fn builtin(b: Builtin, args: Vec<Expr>, ty: Type, span: Span) -> Expr {
    Expr::new(K::Builtin(b, args), ty, span)
}

fn collection(c: Collection, args: Vec<Expr>, ty: Type, span: Span) -> Expr {
    Expr::new(K::Collection(c, args), ty, span)
}

fn map_types(t: &Type) -> Option<(&Type, &Type)> {
    match t {
        Type::Map(kv) => Some((&kv.0, &kv.1)),
        _ => None,
    }
}

fn set_of(t: Type) -> Type {
    Type::Set(Box::new(t))
}

impl Body<'_> {
    /// `recv.name` where `recv` has a built-in type.
    pub(super) fn builtin_field(
        &mut self,
        recv: Expr,
        name: &ast::Ident,
        span: Span,
    ) -> Option<Expr> {
        let n = name.name.as_str();
        let ty = recv.ty.clone();
        match (&ty, n) {
            (Type::Array(_), "length") => {
                Some(builtin(Builtin::ArrayLength, vec![recv], Type::Int, span))
            }
            (Type::Seq(_) | Type::Set(_) | Type::Bag(_) | Type::Map(_), "size") => {
                Some(size(recv, span))
            }
            (Type::Seq(_) | Type::Set(_) | Type::Bag(_) | Type::Map(_), "isEmpty") => Some(
                collection(Collection::IsEmpty, vec![recv], Type::Bool, span),
            ),
            (Type::Seq(t), "head") => {
                Some(builtin(Builtin::SeqHead, vec![recv], (**t).clone(), span))
            }
            (Type::Seq(_), "tail") => Some(builtin(Builtin::SeqTail, vec![recv], ty.clone(), span)),
            (Type::Option(t), "get") => {
                Some(builtin(Builtin::OptGet, vec![recv], (**t).clone(), span))
            }
            (Type::Map(kv), "keys") => Some(builtin(
                Builtin::MapKeys,
                vec![recv],
                set_of(kv.0.clone()),
                span,
            )),
            (Type::Map(kv), "values") => Some(builtin(
                Builtin::MapValues,
                vec![recv],
                set_of(kv.1.clone()),
                span,
            )),
            (Type::Map(kv), "items") => {
                let t = set_of(Type::Tuple(kv.clone()));
                Some(builtin(Builtin::MapItems, vec![recv], t, span))
            }
            (Type::Tuple(ab), "fst") => {
                Some(builtin(Builtin::TupleFst, vec![recv], ab.0.clone(), span))
            }
            (Type::Tuple(ab), "snd") => {
                Some(builtin(Builtin::TupleSnd, vec![recv], ab.1.clone(), span))
            }
            (t, _) => {
                let msg = format!("a value of type {} has no member {n}", self.env.show(t));
                self.err(ErrorCode::TypeMismatch, name.span, msg)
            }
        }
    }

    /// `recv.m(args)` for a member method of a built-in type. None when the
    /// call is not one (its receiver is an object, or the name is another);
    /// `Some(None)` after an error.
    pub(super) fn builtin_call(&mut self, call: &ast::Call, span: Span) -> Option<Option<Expr>> {
        // The thesis's `head(xs)` and `tail(xs)` (ch. 7), where the program
        // declares no such method. A field of that name does not hide them:
        // in Java a call names a method, never a field (the thesis's queue
        // has a field `tail` and writes `hist.q = tail(hist.q)`).
        let fun = matches!(call.name.name.as_str(), "head" | "tail");
        if call.recv.is_none() && fun && call.args.len() == 1 {
            let callable = |m: Member| !matches!(m, Member::Field(_) | Member::Constant(_));
            let declared = self
                .env
                .member(self.class, &call.name.name)
                .is_some_and(callable)
                || self.env.globals.resolve(&call.name).is_some_and(callable);
            if !declared {
                let recv = self.expr(&call.args[0], None);
                return Some(recv.and_then(|r| self.builtin_field(r, &call.name, span)));
            }
        }
        let recv = call.recv.as_deref()?;
        let name = call.name.name.as_str();
        if !METHODS.contains(&name) || self.class_named(recv).is_some() {
            return None;
        }
        let Some(recv) = self.expr(recv, None) else {
            return Some(None);
        };
        if matches!(recv.ty, Type::Class(_) | Type::Null) {
            return None;
        }
        if !call.given.is_empty() || !call.yields.is_empty() {
            let msg = format!("{name} of a built-in type has no ghost parameters");
            return Some(self.err(ErrorCode::Misplaced, span, msg));
        }
        Some(self.member_method(recv, name, &call.args, span))
    }

    fn member_method(
        &mut self,
        recv: Expr,
        name: &str,
        args: &[ast::Expr],
        span: Span,
    ) -> Option<Expr> {
        let ty = recv.ty.clone();
        let arity = match name {
            "add" => 2,
            _ => 1,
        };
        if args.len() != arity {
            let msg = format!("{name} takes {arity} argument(s), {} given", args.len());
            return self.err(ErrorCode::TypeMismatch, span, msg);
        }
        match (&ty, name) {
            (Type::Seq(e) | Type::Set(e) | Type::Bag(e), "contains") => {
                let x = self.expect(&args[0], e)?;
                // A bag contains x when it counts it at least once.
                Some(match ty {
                    Type::Bag(_) => {
                        collection(Collection::BagContains, vec![x, recv], Type::Bool, span)
                    }
                    _ => self.membership(x, recv, span),
                })
            }
            (Type::Seq(_), "removeAt") => {
                let i = self.expect(&args[0], &Type::Int)?;
                Some(collection(
                    Collection::RemoveAt,
                    vec![recv, i],
                    ty.clone(),
                    span,
                ))
            }
            (Type::Option(e), "getOrElse") => {
                let d = self.expect(&args[0], e)?;
                let t = (**e).clone();
                Some(collection(Collection::GetOrElse, vec![recv, d], t, span))
            }
            (Type::Map(kv), "add") => {
                let k = self.expect(&args[0], &kv.0);
                let v = self.expect(&args[1], &kv.1);
                Some(builtin(
                    Builtin::MapUpdate,
                    vec![recv, k?, v?],
                    ty.clone(),
                    span,
                ))
            }
            (Type::Map(kv), "remove") => {
                let k = self.expect(&args[0], &kv.0)?;
                Some(builtin(Builtin::MapRemove, vec![recv, k], ty.clone(), span))
            }
            (Type::Map(_), "disjoint") => {
                let other = self.expect(&args[0], &ty)?;
                Some(builtin(
                    Builtin::MapDisjoint,
                    vec![recv, other],
                    Type::Bool,
                    span,
                ))
            }
            (
                Type::Seq(_)
                | Type::Set(_)
                | Type::Bag(_)
                | Type::Map(_)
                | Type::Option(_)
                | Type::Tuple(_),
                "equals",
            ) => {
                let other = self.expect(&args[0], &ty)?;
                Some(Expr::binary(BinOp::Eq, recv, other, Type::Bool, span))
            }
            (t, _) => {
                let msg = format!("cannot call {name} on a value of type {}", self.env.show(t));
                self.err(ErrorCode::TypeMismatch, span, msg)
            }
        }
    }

    /// `x in xs` once both sides are typed: a boolean for sequences and
    /// sets, the multiplicity (an int) for bags, as in VerCors; on a map,
    /// whether x is a key.
    pub(super) fn membership(&mut self, x: Expr, xs: Expr, span: Span) -> Expr {
        let ty = match &xs.ty {
            Type::Bag(_) => Type::Int,
            Type::Map(_) => return collection(Collection::HasKey, vec![x, xs], Type::Bool, span),
            _ => Type::Bool,
        };
        Expr::binary(BinOp::In, x, xs, ty, span)
    }

    /// `x :: xs`.
    pub(super) fn prepend(&mut self, x: &ast::Expr, xs: &ast::Expr, span: Span) -> Option<Expr> {
        let xs = self.expr(xs, None)?;
        let Type::Seq(e) = &xs.ty else {
            return self.mismatch(xs.span, "a sequence", &xs.ty);
        };
        let x = self.expect(x, e)?;
        let t = xs.ty.clone();
        Some(collection(Collection::Prepend, vec![x, xs], t, span))
    }

    /// `xs ++ x`; `m ++ (k, v)`: m with k mapped to v.
    pub(super) fn append(&mut self, xs: &ast::Expr, x: &ast::Expr, span: Span) -> Option<Expr> {
        let xs = self.expr(xs, None)?;
        let t = xs.ty.clone();
        match (&t, &x.kind) {
            (Type::Seq(e), _) => {
                let x = self.expect(x, e)?;
                Some(collection(Collection::Append, vec![xs, x], t.clone(), span))
            }
            (Type::Map(kv), A::TupleLit(None, k, v)) => {
                let k = self.expect(k, &kv.0);
                let v = self.expect(v, &kv.1);
                Some(builtin(
                    Builtin::MapUpdate,
                    vec![xs, k?, v?],
                    t.clone(),
                    span,
                ))
            }
            (Type::Map(_), _) => self.err(
                ErrorCode::TypeMismatch,
                x.span,
                "a map is extended with a pair: m ++ (key, value)",
            ),
            _ => self.mismatch(xs.span, "a sequence or map", &t),
        }
    }

    /// `xs[i -> v]`: Silver's own update, its index checked as a read's.
    pub(super) fn seq_update(
        &mut self,
        xs: &ast::Expr,
        i: &ast::Expr,
        v: &ast::Expr,
        span: Span,
    ) -> Option<Expr> {
        let xs = self.expr(xs, None);
        let i = self.expect(i, &Type::Int);
        let xs = xs?;
        let Type::Seq(e) = &xs.ty else {
            return self.mismatch(xs.span, "a sequence", &xs.ty);
        };
        let v = self.expect(v, e);
        let (i, v) = (i?, v?);
        let t = xs.ty.clone();
        // Unlike appends it may stand in a trigger (`{: count(xs[i -> v], q) :}`).
        Some(builtin(Builtin::SeqUpdate, vec![xs, i, v], t, span))
    }

    /// `m[k]`: the value at a key, which must be in the map (`mapKey`).
    pub(super) fn map_get(&mut self, m: Expr, k: &ast::Expr, span: Span) -> Option<Expr> {
        let (kt, vt) = map_types(&m.ty).map(|(k, v)| (k.clone(), v.clone()))?;
        let k = self.expect(k, &kt)?;
        Some(builtin(Builtin::MapGet, vec![m, k], vt, span))
    }

    /// `map<K, V>{k1 -> v1, …}`.
    pub(super) fn map_literal(
        &mut self,
        kv: &(ast::Type, ast::Type),
        pairs: &[(ast::Expr, ast::Expr)],
        span: Span,
    ) -> Option<Expr> {
        let k = self.ty(&kv.0);
        let v = self.ty(&kv.1);
        let (k, v) = (k?, v?);
        let t = Type::Map(Box::new((k.clone(), v.clone())));
        let mut kvs = Vec::with_capacity(2 * pairs.len());
        let mut ok = true;
        for (ke, ve) in pairs {
            let kx = self.expect(ke, &k);
            let vx = self.expect(ve, &v);
            match (kx, vx) {
                (Some(kx), Some(vx)) => kvs.extend([kx, vx]),
                _ => ok = false,
            }
        }
        ok.then(|| collection(Collection::MapLit, kvs, t, span))
    }

    /// `xs[lo..hi]`; `xs[..hi]` and `xs[lo..]` are `Take` and `Drop`.
    pub(super) fn slice(
        &mut self,
        xs: &ast::Expr,
        lo: Option<&ast::Expr>,
        hi: Option<&ast::Expr>,
        span: Span,
    ) -> Option<Expr> {
        let xs = self.expr(xs, None);
        let lo = lo.map(|e| self.expect(e, &Type::Int));
        let hi = hi.map(|e| self.expect(e, &Type::Int));
        let xs = xs?;
        if !matches!(xs.ty, Type::Seq(_)) {
            return self.mismatch(xs.span, "a sequence", &xs.ty);
        }
        let t = xs.ty.clone();
        Some(match (lo, hi) {
            (Some(lo), Some(hi)) => builtin(Builtin::SeqSlice, vec![xs, lo?, hi?], t, span),
            (None, Some(hi)) => collection(Collection::Take, vec![xs, hi?], t, span),
            (Some(lo), None) => collection(Collection::Drop, vec![xs, lo?], t, span),
            // The grammar writes a bound at least; none is the whole.
            (None, None) => xs,
        })
    }

    /// `tuple<A, B>{a, b}`; a bare pair `(a, b)` only follows `++` on a map.
    pub(super) fn tuple_literal(
        &mut self,
        ab: Option<&(ast::Type, ast::Type)>,
        a: &ast::Expr,
        b: &ast::Expr,
        span: Span,
    ) -> Option<Expr> {
        let Some(ab) = ab else {
            return self.err(
                ErrorCode::TypeMismatch,
                span,
                "a pair (a, b) is only written after ++ on a map; a tuple is tuple<A, B>{a, b}",
            );
        };
        let ta = self.ty(&ab.0);
        let tb = self.ty(&ab.1);
        let (ta, tb) = (ta?, tb?);
        let a = self.expect(a, &ta);
        let b = self.expect(b, &tb);
        let t = Type::Tuple(Box::new((ta, tb)));
        Some(builtin(Builtin::TupleMake, vec![a?, b?], t, span))
    }

    /// Whether `<`, `<=`, `>`, `>=` compare two sets or two bags (inclusion).
    pub(super) fn is_inclusion(&self, l: &Type, r: &Type) -> bool {
        l == r && matches!(l, Type::Set(_) | Type::Bag(_))
            || matches!((l, r), (Type::Set(a), Type::Set(b)) | (Type::Bag(a), Type::Bag(b))
                if types::join(&self.env.program, a, b).is_some())
    }
}
