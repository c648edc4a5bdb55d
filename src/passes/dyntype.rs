//! Dynamic types: each object's class, for `instanceof` (and so for
//! `catch` and `signals`, which `passes::exceptions` makes into it).
//!
//! ```text
//! (declared)          function weft_class_of(Object o): int   (no body, no precondition)
//! x = new C(…)   ~>   x = new C(…); assume weft_class_of(x) == #C
//! e instanceof D ~>   e != null && (weft_class_of(e) == #C₁ || … || weft_class_of(e) == #Cₖ)
//! (D) e          ~>   checked[castFailed](e == null || weft_class_of(e) == #C₁ || …, e)
//! ```
//!
//! where #C is the class's index and C₁ … Cₖ are D and the classes that are
//! subtypes of it (`Program::is_subclass`). Why it is sound: the class of
//! an object is fixed when it is made, and the only fact assumed of the
//! function is that, at the `new` that makes the object (a fresh reference,
//! so the assumption cannot contradict an earlier one); the program is
//! closed, so D's subclasses are known. The function reads no heap, so its
//! value survives every heap change.
//!
//! The function is declared when the program has exception classes
//! (`catch` and `signals` test them) or writes `instanceof` (of a class it
//! is not statically known to be: `core::Features::instance_of`); the pass
//! removes `InstanceOf`. A parameter's class is unknown, so of an object
//! not made in the method only what its contract says is known.
//!
//! A downcast `(D) e` (the checker keeps only those: an upcast is its
//! operand) is its operand once the operand is checked to be null or of a
//! subclass of D: a `Checked` expression, which the encoder makes an
//! `asserting` where it is evaluated, in code and in specifications alike
//! (in a predicate body or a contract, a well-definedness condition, as an
//! array index's bounds; so `g ==> Perm(((D) e).f, 1)` needs the cast to
//! hold only where `g` does). Java throws `ClassCastException` where the
//! check fails; weft reports `castFailed` (VerCors reads the cast as its
//! operand, unchecked).

use super::{Lower, Out, Pass};
use crate::core::build::{and, any, eq, int, ne, null, or};
use crate::core::visit::{child_blocks_mut, map_body_exprs, map_decl_exprs};
use crate::core::{
    Block, ClassId, Expr, ExprKind as K, Function, FunctionId, MethodId, Program, Stmt,
    StmtKind as S, Type, Var,
};
use crate::diag::FailureCode;

pub const PASS: Pass = Pass {
    name: "dyntype",
    description:
        "instanceof becomes a test of each object's class, assumed where the object is made",
    declare: |p, _| declarations(p),
    removes: |_| false,
    removes_expr: |e| matches!(e, K::InstanceOf(..) | K::Cast(..)),
    removes_decl: super::no_decl,
};

/// The class function, and for each class D (by index) the classes that
/// are D or its subtypes, computed once for every body.
struct DynType(Option<(FunctionId, Vec<Vec<ClassId>>)>);

fn declarations(p: &mut Program) -> Box<dyn Lower> {
    let Some(class) = p
        .throwable()
        .or_else(|| p.features.instance_of.then_some(ClassId(0)))
        .filter(|c| (c.0 as usize) < p.classes.len())
    else {
        return Box::new(DynType(None));
    };
    let id = FunctionId(p.functions.len() as u32);
    let span = p.class(class).span;
    p.functions.push(Function {
        derived: None,
        name: "weft_class_of".into(),
        class: None,
        is_static: true,
        is_inline: false,
        params: vec![Var {
            name: "o".into(),
            ty: Type::Class(class),
            span,
        }],
        ret: Type::Int,
        contract: Default::default(),
        body: None,
        span,
    });
    let subs = subclasses(p);
    map_decl_exprs(p, &mut |e| instance_of(e, id, &subs));
    Box::new(DynType(Some((id, subs))))
}

fn class_of(e: Expr, f: FunctionId) -> Expr {
    let span = e.span;
    Expr::new(
        K::FunctionCall {
            func: f,
            recv: None,
            args: Box::new([e]),
        },
        Type::Int,
        span,
    )
}

/// `instanceof` and casts, lowered (see the module's table).
fn instance_of(e: Expr, f: FunctionId, subs: &[Vec<ClassId>]) -> Expr {
    let span = e.span;
    let of_class = |x: &Expr, d: ClassId| {
        let tests = subs[d.0 as usize]
            .iter()
            .map(|c| eq(class_of(x.clone(), f), int(i64::from(c.0), span)));
        any(tests, span)
    };
    match e.kind {
        K::InstanceOf(x, d) => and(ne((*x).clone(), null(span)), of_class(&x, d)),
        K::Cast(x, d) => {
            let cond = or(eq((*x).clone(), null(span)), of_class(&x, d));
            let kind = K::Checked(Box::new([cond, *x]), FailureCode::CastFailed);
            Expr::new(kind, e.ty, span)
        }
        kind => Expr { kind, ..e },
    }
}

impl Lower for DynType {
    fn body(&self, p: &Program, m: MethodId, b: &mut Block, _: &mut Out) {
        let Some((f, subs)) = &self.0 else { return };
        map_body_exprs(b, &mut |e| instance_of(e, *f, subs));
        made_here(b, *f, p);
        // A constructor of C runs only on the object `new C(…)` has just
        // made (a subclass's `super(…)` is the constructor's body copied,
        // `passes::java::inherit`), so its `this` is of class C.
        let m = p.method(m);
        if let Some(c) = m.class.filter(|_| m.is_constructor) {
            let this = Expr::new(K::This, Type::Class(c), b.span);
            let fact = eq(class_of(this, *f), int(i64::from(c.0), b.span));
            b.stmts.insert(
                0,
                Stmt {
                    kind: S::Assume(fact),
                    span: b.span,
                },
            );
        }
    }
}

/// After each `x = new C(…)`: `assume weft_class_of(x) == #C`.
fn made_here(b: &mut Block, f: FunctionId, p: &Program) {
    let mut out = Vec::with_capacity(b.stmts.len());
    for mut s in std::mem::take(&mut b.stmts) {
        for inner in child_blocks_mut(&mut s.kind) {
            made_here(inner, f, p);
        }
        let fact = class_fact(&s, f, p);
        out.push(s);
        out.extend(fact);
    }
    b.stmts = out;
}

fn class_fact(s: &Stmt, f: FunctionId, p: &Program) -> Option<Stmt> {
    let S::Call {
        target: Some(t),
        call,
    } = &s.kind
    else {
        return None;
    };
    let m = p.method(call.method);
    let c = m.class.filter(|_| m.is_constructor)?;
    let x = Expr::new(K::Local(*t), Type::Class(c), s.span);
    let fact = eq(class_of(x, f), int(i64::from(c.0), s.span));
    Some(Stmt {
        kind: S::Assume(fact),
        span: s.span,
    })
}

/// For each class D, the classes that are D or its subtypes (not interfaces).
fn subclasses(p: &Program) -> Vec<Vec<ClassId>> {
    let ids = || (0..p.classes.len()).map(|c| ClassId(c as u32));
    ids()
        .map(|d| {
            ids()
                .filter(|c| !p.class(*c).is_interface && p.is_subclass(*c, d))
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{after, body, Java};

    /// The core text of method `m` of the Java `text` after `dyntype`.
    fn body_after_dyntype(text: &str) -> String {
        body(&after(Java, text, "dyntype"), "m")
    }

    #[test]
    fn instanceof_of_plain_classes_without_exceptions() {
        let text = "class A {} class B {}
          class C { void m(A x) { A a = new A(); //@ assert !(a instanceof B) && x instanceof A;
          } }";
        let body = body_after_dyntype(text);
        // B's only instances are B's (class 1); x's static type is A: x != null.
        assert!(
            body.contains("(assume (== (fn weft_class_of a) 0))"),
            "{body}"
        );
        assert!(
            body.contains("(Not (&& (!= a null) (== (fn weft_class_of a) 1)))"),
            "{body}"
        );
        assert!(body.contains("(!= x null)"), "{body}");
    }

    #[test]
    fn instanceof_tests_the_class_assumed_at_new() {
        let text = "class Throwable {} class Bad extends Throwable {} class Worse extends Bad {}
          class C { void m() { try { throw new Worse(); } catch (Bad e) { } } }";
        let body = body_after_dyntype(text);
        // Bad's instances are Bad's and Worse's (classes 1 and 2).
        assert!(
            body.contains("(call exc = new Worse()) (assume (== (fn weft_class_of exc) 2))"),
            "{body}"
        );
        assert!(
            body.contains(
                "(if (&& (!= weft_exc null) (|| (== (fn weft_class_of weft_exc) 1) (== (fn weft_class_of weft_exc) 2)))"
            ),
            "{body}"
        );
    }

    #[test]
    fn a_downcast_is_its_operand_checked_and_an_upcast_its_operand() {
        let text = "interface I {} class A implements I { }
          class C { void m(I o, A a) { A x = (A) o; I y = (I) a; } }";
        let body = body_after_dyntype(text);
        // A is class 1, I's only implementer.
        assert!(
            body.contains("(checked[castFailed] (|| (== o null) (== (fn weft_class_of o) 1)) o)"),
            "{body}"
        );
        assert!(
            !body.contains("checked[castFailed] (|| (== a null)"),
            "{body}"
        );
    }
}
