//! The members and operators of the collection types that are no one
//! built-in (`core::ExprKind::Collection`, resolved and typed by
//! `check::collections`), as the built-ins and operators they stand for:
//!
//! ```text
//! xs.isEmpty       ~>  |xs| == 0
//! b.contains(x)    ~>  (x in b) > 0              (a bag: x's multiplicity)
//! k in m           ~>  k in m.keys               (a map)
//! xs.removeAt(i)   ~>  xs[0..i] + xs[i + 1..|xs|]
//! o.getOrElse(d)   ~>  o == None ? d : o.get
//! x :: xs          ~>  [x] + xs
//! xs ++ x          ~>  xs + [x]
//! xs[..hi]         ~>  xs[0..hi]
//! xs[lo..]         ~>  xs[lo..|xs|]
//! map<K, V>{k1 -> v1, …}  ~>  mapempty[k1 := v1][…]
//! ```
//!
//! Each is equal to its rewriting by the definitions of the members; every
//! node made takes the span of the construct. Where they may stand: in
//! code, contracts, function and predicate bodies and the definitions of a
//! model's processes, all rewritten here. Removes `Collection`.

use super::{Lower, Out, Pass};
use crate::core::build::{int, size};
use crate::core::visit::{map_body_exprs, map_decl_exprs, map_expr};
use crate::core::{Block, Builtin, Collection as C, Expr, ExprKind as K, MethodId, Program, Type};
use crate::syntax::ast::BinOp;
use crate::syntax::span::Span;

pub const PASS: Pass = Pass {
    name: "collections",
    description: "members and operators of the collection types become built-ins and operators",
    declare: |p, _| declarations(p),
    removes: |_| false,
    removes_expr: |e| matches!(e, K::Collection(..)),
    removes_decl: super::no_decl,
};

struct Collections;

fn declarations(p: &mut Program) -> Box<dyn Lower> {
    map_decl_exprs(p, &mut lower);
    for model in p.features.models.values_mut() {
        for member in model.members.values_mut() {
            if let Some(def) = member.def.take() {
                member.def = Some(map_expr(def, &mut lower));
            }
        }
    }
    Box::new(Collections)
}

impl Lower for Collections {
    fn body(&self, _: &Program, _: MethodId, b: &mut Block, _: &mut Out) {
        map_body_exprs(b, &mut lower);
    }
}

/// `e` rewritten where it is a `Collection` node (its operands already are).
fn lower(e: Expr) -> Expr {
    match e.kind {
        K::Collection(c, xs) => rewrite(c, xs, e.ty, e.span),
        kind => Expr { kind, ..e },
    }
}

/// The node `c` over `xs`, of type `ty`, rewritten (see the module's
/// table); a node whose operands do not fit its kind (a bug in the checker)
/// is left, for the validator to report.
fn rewrite(c: C, xs: Vec<Expr>, ty: Type, span: Span) -> Expr {
    match c {
        C::IsEmpty => match <[Expr; 1]>::try_from(xs) {
            Ok([xs]) => Expr::binary(BinOp::Eq, size(xs, span), int(0, span), Type::Bool, span),
            Err(xs) => kept(c, xs, ty, span),
        },
        C::MapLit if xs.len().is_multiple_of(2) => {
            let mut m = builtin(Builtin::MapEmpty, Vec::new(), ty.clone(), span);
            let mut kvs = xs.into_iter();
            while let (Some(k), Some(v)) = (kvs.next(), kvs.next()) {
                m = builtin(Builtin::MapUpdate, vec![m, k, v], ty.clone(), span);
            }
            m
        }
        _ => match <[Expr; 2]>::try_from(xs) {
            Ok([a, b]) => binary(c, a, b, ty, span),
            Err(xs) => kept(c, xs, ty, span),
        },
    }
}

fn kept(c: C, xs: Vec<Expr>, ty: Type, span: Span) -> Expr {
    Expr::new(K::Collection(c, xs), ty, span)
}

fn builtin(b: Builtin, xs: Vec<Expr>, ty: Type, span: Span) -> Expr {
    Expr::new(K::Builtin(b, xs), ty, span)
}

/// `xs[lo..hi]`.
fn slice(xs: Expr, lo: Expr, hi: Expr, span: Span) -> Expr {
    let t = xs.ty.clone();
    builtin(Builtin::SeqSlice, vec![xs, lo, hi], t, span)
}

/// A node of two operands, `a` and `b`, rewritten.
fn binary(c: C, a: Expr, b: Expr, ty: Type, span: Span) -> Expr {
    let op = |op, l, r, ty| Expr::binary(op, l, r, ty, span);
    match c {
        C::BagContains => {
            let count = op(BinOp::In, a, b, Type::Int);
            op(BinOp::Gt, count, int(0, span), Type::Bool)
        }
        C::HasKey => match &b.ty {
            Type::Map(kv) => {
                let keys_t = Type::Set(Box::new(kv.0.clone()));
                let keys = builtin(Builtin::MapKeys, vec![b], keys_t, span);
                op(BinOp::In, a, keys, Type::Bool)
            }
            _ => kept(c, vec![a, b], ty, span),
        },
        C::RemoveAt => {
            let next = op(BinOp::Add, b.clone(), int(1, span), Type::Int);
            let before = slice(a.clone(), int(0, span), b, span);
            let end = size(a.clone(), span);
            let after = slice(a, next, end, span);
            op(BinOp::Add, before, after, ty)
        }
        C::GetOrElse => {
            let none = Expr::new(K::OptNone, a.ty.clone(), span);
            let is_none = op(BinOp::Eq, a.clone(), none, Type::Bool);
            let get = builtin(Builtin::OptGet, vec![a], ty.clone(), span);
            Expr::new(
                K::Cond(Box::new(is_none), Box::new(b), Box::new(get)),
                ty,
                span,
            )
        }
        C::Prepend => {
            let one = Expr::new(K::SeqLit(vec![a]), ty.clone(), span);
            op(BinOp::Add, one, b, ty)
        }
        C::Append => {
            let one = Expr::new(K::SeqLit(vec![b]), ty.clone(), span);
            op(BinOp::Add, a, one, ty)
        }
        C::Take => slice(a, int(0, span), b, span),
        C::Drop => {
            let end = size(a.clone(), span);
            slice(a, b, end, span)
        }
        // Of one operand, or of pairs.
        C::IsEmpty | C::MapLit => kept(c, vec![a, b], ty, span),
    }
}

#[cfg(test)]
mod tests {
    use crate::core::print;
    use crate::passes::testing::{after, body, checked, contract, Pvl};

    /// The function's body, as core text.
    fn function(p: &crate::core::Program, name: &str) -> String {
        let f = p
            .functions
            .iter()
            .find(|f| f.name == name)
            .expect("a function");
        print::expr(p, f.body.as_ref().expect("a body"))
    }

    #[test]
    fn sequence_members_and_operators_become_built_ins_and_operators() {
        let text = "class C {
          requires !xs.isEmpty && (0 :: xs).head == 0 && (xs ++ 1)[|xs|] == 1;
          ensures \\result == xs.removeAt(i);
          seq<int> m(seq<int> xs, int i) { return xs[i..] + xs[..i]; } }";
        let p = checked(Pvl, text).expect("checks");
        assert_eq!(
            contract(&p, "m"),
            [
                "requires (&& (&& (Not (isEmpty xs)) (== (head (prepend 0 xs)) 0)) \
                 (== (seqidx (append xs 1) (size xs)) 1))",
                "ensures (== \\result (removeAt xs i))",
            ]
        );
        assert_eq!(body(&p, "m"), "{(return (+ (drop xs i) (take xs i)))}");
        let p = after(Pvl, text, "collections");
        assert_eq!(
            contract(&p, "m"),
            [
                "requires (&& (&& (Not (== (size xs) 0)) (== (head (+ (seq 0) xs)) 0)) \
                 (== (seqidx (+ xs (seq 1)) (size xs)) 1))",
                "ensures (== \\result (+ (slice xs 0 i) (slice xs (+ i 1) (size xs))))",
            ]
        );
        assert_eq!(
            body(&p, "m"),
            "{(return (+ (slice xs i (size xs)) (slice xs 0 i)))}"
        );
    }

    #[test]
    fn options_bags_and_maps_in_functions_and_predicates() {
        let text = "class C { int f;
          pure int get(option<int> o, bag<int> b, map<int, int> m) =
            o.getOrElse(b.contains(1) && 2 in m ? 3 : 4);
          resource p(map<int, int> m) = Perm(f, 1\\2) ** m == map<int, int>{1 -> 2, 3 -> 4}; }";
        let p = checked(Pvl, text).expect("checks");
        assert_eq!(
            function(&p, "get"),
            "(getOrElse o (? (&& (bagcontains 1 b) (haskey 2 m)) 3 4))"
        );
        let p = after(Pvl, text, "collections");
        assert_eq!(
            function(&p, "get"),
            "(? (== o None) (? (&& (> (\\in 1 b) 0) (\\in 2 (keys m))) 3 4) (get o))"
        );
        let pred = p.predicates.iter().find(|q| q.name == "p").unwrap();
        assert_eq!(
            print::expr(&p, pred.body.as_ref().unwrap()),
            "(** (Perm (. this f) (\\ 1 2)) \
             (== m (mapupdate (mapupdate (mapempty ) 1 2) 3 4)))"
        );
    }
}
