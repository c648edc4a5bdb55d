//! Behavioural subtyping for interface methods (Liskov and Wing; the
//! thesis's interfaces `Runnable` and the synchronisers' specifications).
//! A call on a receiver of static type I uses I.m's contract; the object
//! may be any implementer C, so C.m must satisfy it:
//!
//! ```text
//!   {P_C} C.m {Q_C}      {P_I} exhale P_C; inhale Q_C {Q_I}
//!   ──────────────────────────────────────────────────────── (refine)
//!                     {P_I} C.m {Q_I}
//! ```
//!
//! The second premise is the frame rule spelled out: what P_I holds beyond
//! P_C stays with the caller across the call, and with C.m's postcondition
//! it must give I.m's (`\old` in either postcondition is the state before
//! the call). Two cases:
//!
//! * **Inherit.** A C.m without contract clauses takes I.m's (parameters
//!   renamed to C.m's): the premise holds trivially, and C.m is verified
//!   against exactly what callers through I rely on. Exception: an I.m
//!   whose precondition is `false` (the spec library's `Runnable.run`: it
//!   cannot be called through the interface) is not inherited; C.m keeps
//!   its own, empty contract, which refines it.
//! * **Refine.** A C.m with its own clauses gets the second premise as a
//!   generated method `m__implements__I` of C with I.m's parameters and
//!   precondition: exhale C.m's precondition (`implementsPre:R`: I.m's
//!   precondition does not give it), inhale C.m's postcondition, exhale
//!   I.m's postcondition (`implementsPost:R`). Both are reported at C.m's
//!   name.
//!
//! Which methods implement which is the checker's (`Program::features`,
//! with their ghost parameters matched). Removes that relation
//! (`Features::implements`): each entry is an inherited contract or a
//! refinement method once declared. Before `context_everywhere` so that
//! inherited `context_everywhere` clauses reach C.m's loops.

use super::{Lower, Out, Pass};
use crate::core::visit::{find, map_expr, subst_this};
use crate::core::{
    Block, ClassId, Contract, Expr, ExprKind, Method, MethodId, Program, Stmt, StmtKind, Type, Var,
};
use crate::diag::{Diagnostic, ErrorCode, FailureCode, Reason};
use crate::name::Name;
use crate::syntax::ast::BinOp;
use crate::syntax::span::Span;
use std::collections::HashMap;

pub const PASS: Pass = Pass {
    name: "refine",
    description: "interface methods: an implementation without contract inherits its interface's; one with its own gets a method that checks it refines the interface's",
    declare: declarations,
    removes: |_| false,
    removes_expr: |_| false,
    // Each implementation is a contract or a method once declared.
    removes_decl: |p| p.features.implements.first().map(|i| i.name),
};

/// The local holding the result of the spelled-out call.
const RESULT: &str = "weft_impl_result";

/// Nothing happens in bodies.
struct Refine;

impl Lower for Refine {
    fn body(&self, _: &Program, _: MethodId, _: &mut Block, _: &mut Out) {}
}

/// Inherits contracts and appends the refinement methods to `p`.
fn declarations(p: &mut Program, errs: &mut Vec<Diagnostic>) -> Box<dyn Lower> {
    let own_contract: Vec<bool> = p.methods.iter().map(|m| !is_empty(&m.contract)).collect();
    let mut generated = Vec::new();
    // Each becomes an inherited contract or a refinement method.
    let implements = std::mem::take(&mut p.features.implements);
    for i in &implements {
        let (c, cm, span) = (i.class, i.method, i.name);
        let mut own = own_contract[cm.0 as usize];
        for &im in &i.interface_methods {
            if !own {
                if !p.method(im).contract.requires.iter().any(is_false) {
                    match inherited(p, c, im, cm, span) {
                        Ok(contract) => p.methods[cm.0 as usize].contract = contract,
                        Err(d) => errs.push(d),
                    }
                    // The next interface's m is refined by this contract.
                    own = true;
                }
                continue;
            }
            match obligation(p, c, cm, im, span) {
                Ok(m) => generated.push(m),
                Err(d) => errs.push(d),
            }
        }
    }
    p.methods.extend(generated);
    Box::new(Refine)
}

fn is_empty(c: &Contract) -> bool {
    c.requires.is_empty() && c.ensures.is_empty() && c.context_everywhere.is_empty()
}

fn is_false(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Bool(false))
}

/// Positional renaming of `from`'s parameters (incl. ghosts) to `to`'s.
fn renaming(from: &Method, to: &Method) -> HashMap<Name, Name> {
    let vars = |m: &Method| -> Vec<Name> {
        m.params
            .iter()
            .chain(&m.given)
            .chain(&m.yields)
            .map(|v| v.name)
            .collect()
    };
    vars(from).into_iter().zip(vars(to)).collect()
}

/// `e` with its free locals renamed, `this` of class `c`, and `\result` as
/// `result` (if given). Refuses a binder that would capture a new name.
fn adapt(
    e: &Expr,
    map: &HashMap<Name, Name>,
    c: ClassId,
    result: Option<&Expr>,
    span: Span,
) -> Result<Expr, Diagnostic> {
    let captured = find(e, &|x| match &x.kind {
        ExprKind::Quant { vars, .. } => vars
            .iter()
            .any(|v| map.iter().any(|(k, n)| k != n && *n == v.name)),
        ExprKind::Let { var, .. } => map.iter().any(|(k, n)| k != n && *n == var.name),
        _ => false,
    });
    if let Some(x) = captured {
        return Err(Diagnostic::error(
            ErrorCode::NotSupported,
            x.span,
            "a bound variable named like a parameter of the implementing method (rename one)",
        ));
    }
    let this = Expr::new(ExprKind::This, Type::Class(c), span);
    let e = map_expr(subst_this(e.clone(), &this), &mut |x| match &x.kind {
        ExprKind::Local(n) if map.contains_key(n) => Expr {
            kind: ExprKind::Local(map[n]),
            ..x
        },
        ExprKind::Result => match result {
            Some(r) => Expr {
                span: x.span,
                ..r.clone()
            },
            None => x,
        },
        _ => x,
    });
    Ok(e)
}

fn adapt_all(
    es: &[Expr],
    map: &HashMap<Name, Name>,
    c: ClassId,
    result: Option<&Expr>,
    span: Span,
) -> Result<Vec<Expr>, Diagnostic> {
    es.iter().map(|e| adapt(e, map, c, result, span)).collect()
}

/// I.m's contract for C.m.
fn inherited(
    p: &Program,
    c: ClassId,
    im: MethodId,
    cm: MethodId,
    span: Span,
) -> Result<Contract, Diagnostic> {
    let (from, to) = (p.method(im), p.method(cm));
    let map = renaming(from, to);
    let k = &from.contract;
    Ok(Contract {
        requires: adapt_all(&k.requires, &map, c, None, span)?,
        ensures: adapt_all(&k.ensures, &map, c, None, span)?,
        context_everywhere: adapt_all(&k.context_everywhere, &map, c, None, span)?,
        modifies: adapt_all(&k.modifies, &map, c, None, span)?,
        signals: Vec::new(),
    })
}

/// The clauses joined by `**` (None when there are none).
fn conjoin(es: Vec<Expr>) -> Option<Expr> {
    es.into_iter().reduce(|a, b| {
        let span = a.span.fuse(b.span);
        Expr::new(
            ExprKind::Binary(BinOp::Star, Box::new(a), Box::new(b)),
            Type::Resource,
            span,
        )
    })
}

/// `clauses` of contract `k`, with its `context_everywhere` clauses.
fn with_everywhere(clauses: &[Expr], k: &Contract) -> Vec<Expr> {
    clauses
        .iter()
        .chain(&k.context_everywhere)
        .cloned()
        .collect()
}

/// The method `m__implements__I` of C that checks C.m against I.m.
fn obligation(
    p: &Program,
    c: ClassId,
    cm: MethodId,
    im: MethodId,
    span: Span,
) -> Result<Method, Diagnostic> {
    let (mine, theirs) = (p.method(cm), p.method(im));
    let to_i = renaming(mine, theirs);
    let same: HashMap<Name, Name> = HashMap::new();
    let stmt = |kind| Stmt { kind, span };
    let mut body = Vec::new();
    let (k, ik) = (&mine.contract, &theirs.contract);
    let pre = with_everywhere(&k.requires, k);
    if let Some(pre) = conjoin(adapt_all(&pre, &to_i, c, None, span)?) {
        let code = FailureCode::ImplementsPre(Reason::False);
        body.push(stmt(StmtKind::Check {
            exhale: true,
            expr: pre,
            code,
        }));
    }
    let result = (mine.ret != Type::Void).then(|| {
        let var = Var {
            name: RESULT.into(),
            ty: mine.ret.clone(),
            span,
        };
        body.push(stmt(StmtKind::Local(var, None)));
        Expr::new(ExprKind::Local(RESULT.into()), mine.ret.clone(), span)
    });
    let post = with_everywhere(&k.ensures, k);
    if let Some(post) = conjoin(adapt_all(&post, &to_i, c, result.as_ref(), span)?) {
        body.push(stmt(StmtKind::Inhale(post)));
    }
    let ipost = with_everywhere(&ik.ensures, ik);
    if let Some(ipost) = conjoin(adapt_all(&ipost, &same, c, result.as_ref(), span)?) {
        let code = FailureCode::ImplementsPost(Reason::False);
        body.push(stmt(StmtKind::Check {
            exhale: true,
            expr: ipost,
            code,
        }));
    }
    let ipre = with_everywhere(&ik.requires, ik);
    let iface = theirs
        .class
        .map_or(String::new(), |i| String::from(p.class(i).name));
    Ok(Method {
        name: Name::from(format!("{}__implements__{iface}", mine.name)),
        class: Some(c),
        is_constructor: false,
        is_static: false,
        is_ghost: mine.is_ghost,
        params: theirs.params.clone(),
        given: theirs.given.clone(),
        yields: theirs.yields.clone(),
        ret: Type::Void,
        derived: mine.derived,
        contract: Contract {
            requires: adapt_all(&ipre, &same, c, None, span)?,
            ..Contract::default()
        },
        body: Some(Block { stmts: body, span }),
        span,
    })
}

#[cfg(test)]
mod tests {
    use crate::core::{ExprKind, Program, StmtKind};
    use crate::diag::FailureCode;

    /// The program after this pass.
    fn check(text: &str) -> Program {
        crate::passes::testing::after(crate::passes::testing::Java, text, "refine")
    }

    #[test]
    fn a_method_without_contract_takes_the_interface_ones_renamed() {
        let p = check(
            "interface I { /*@ requires x > 0; ensures \\result == x; @*/ int id(int x); }
             class C implements I { public int id(int y) { return y; } }",
        );
        let c = p
            .methods
            .iter()
            .find(|m| m.name == "id" && p.class(m.class.unwrap()).name == "C")
            .unwrap();
        let local = |e: &crate::core::Expr| {
            crate::core::visit::find(e, &|x| matches!(&x.kind, ExprKind::Local(n) if n == "y"))
                .is_some()
        };
        assert_eq!(c.contract.requires.len(), 1);
        assert!(local(&c.contract.requires[0]) && local(&c.contract.ensures[0]));
        // Inherited: nothing to refine.
        assert!(!p.methods.iter().any(|m| m.name.contains("__implements__")));
    }

    #[test]
    fn an_own_contract_gets_a_refinement_method() {
        let p = check(
            "interface I { /*@ requires x > 0; ensures \\result > 0; @*/ int f(int x); }
             class C implements I { /*@ requires x >= 0; ensures \\result == x + 1; @*/
               public int f(int x) { return x + 1; } }",
        );
        let r = p
            .methods
            .iter()
            .find(|m| m.name == "f__implements__I")
            .expect("the obligation");
        assert_eq!(p.class(r.class.unwrap()).name, "C");
        assert_eq!(r.contract.requires.len(), 1);
        let codes: Vec<Option<FailureCode>> = r
            .body
            .as_ref()
            .unwrap()
            .stmts
            .iter()
            .map(|s| match &s.kind {
                StmtKind::Check { code, .. } => Some(*code),
                _ => None,
            })
            .collect();
        use crate::diag::Reason::False;
        assert_eq!(
            codes,
            [
                Some(FailureCode::ImplementsPre(False)),
                None,
                None,
                Some(FailureCode::ImplementsPost(False))
            ]
        );
    }

    #[test]
    fn a_false_precondition_is_not_inherited() {
        let p = check(
            "interface R { /*@ requires false; @*/ void run(); }
             class W implements R { public void run() { } }",
        );
        let w = p
            .methods
            .iter()
            .find(|m| m.name == "run" && p.class(m.class.unwrap()).name == "W")
            .unwrap();
        assert!(w.contract.requires.is_empty());
    }

    #[test]
    fn a_renamed_parameter_a_binder_would_capture_is_refused_at_the_binder() {
        let errs = crate::passes::testing::refused(
            crate::passes::testing::Java,
            "interface I { /*@ requires (\\forall int y; 0 <= y && y < x; true); @*/ void f(int x); }
             class C implements I { public void f(int y) { } }",
            "refine",
        );
        assert_eq!(
            errs[0].code,
            crate::diag::Code::Error(crate::diag::ErrorCode::NotSupported)
        );
        assert!(
            errs[0].message.contains("bound variable"),
            "{}",
            errs[0].message
        );
    }
}
