//! Behavioural subtyping for interface methods. A call on a receiver of
//! static type I uses I.m's contract; the object may be any implementer C,
//! so C.m must satisfy I.m's contract. Two rules:
//!
//! * **Inherit.** A C.m without contract clauses takes I.m's (parameters
//!   renamed to C.m's), so it is verified against exactly what callers
//!   through I rely on. Exception: an I.m whose precondition is `false`
//!   (the spec library's `Runnable.run`: it cannot be called through the
//!   interface) is not inherited; C.m keeps its own, empty contract, which
//!   refines it.
//! * **Refine.** A C.m with its own clauses gets a proof obligation, a
//!   generated method `m__implements__I` of C with I.m's parameters and
//!   precondition whose body is a call of C.m spelled out: exhale C.m's
//!   precondition (`implementsPre:R`: I.m's precondition does not give
//!   it), inhale C.m's postcondition, exhale I.m's postcondition
//!   (`implementsPost:R`: C.m does not ensure it). Both are reported at C.m's
//!   name. `\old` in either postcondition is the state before the call.
//!
//! Ghost parameters (`given`/`yields`) of C.m and I.m must agree in number
//! and types (they are matched by position).

use super::env::{Env, Member};
use super::interfaces;
use crate::core::visit::{find, map_expr, subst_this};
use crate::core::{
    Block, ClassId, Contract, Expr, ExprKind, Method, MethodId, Program, Stmt, StmtKind, Type, Var,
};
use crate::diag::{Diagnostic, ErrorCode, FailureCode, Reason};
use crate::name::Name;
use crate::syntax::ast;
use crate::syntax::ast::BinOp;
use crate::syntax::span::Span;
use std::collections::HashMap;

/// The local holding the result of the spelled-out call.
const RESULT: &str = "weft_impl_result";

/// Inherits contracts and appends the refinement methods to `p`.
pub(super) fn run(env: &Env, units: &[ast::Unit], p: &mut Program, errs: &mut Vec<Diagnostic>) {
    let asts: HashMap<&str, &ast::Class> = units
        .iter()
        .flat_map(|u| &u.decls)
        .filter_map(|d| match d {
            ast::Decl::Class(c) => Some((c.name.name.as_str(), c)),
            ast::Decl::Member(_) => None,
        })
        .collect();
    let own_contract: Vec<bool> = p.methods.iter().map(|m| !is_empty(&m.contract)).collect();
    // Superinterfaces first: an interface's contract is final (inherited
    // or its own) before its implementers look at it.
    let mut order: Vec<ClassId> = (0..p.classes.len()).map(|i| ClassId(i as u32)).collect();
    order.sort_by_key(|c| p.supertypes(*c).len());
    let mut generated = Vec::new();
    for c in order {
        let info = &env.classes[c.0 as usize];
        let mut names: Vec<(&Name, MethodId)> = info
            .members
            .iter()
            .filter_map(|(n, m)| match m {
                Member::Method(id) => Some((n, *id)),
                _ => None,
            })
            .collect();
        names.sort();
        for (name, cm) in names {
            let span = asts
                .get(p.class(c).name.as_str())
                .map_or(p.method(cm).span, |k| interfaces::member_span(k, name));
            let ims: Vec<MethodId> = p
                .supertypes(c)
                .into_iter()
                .skip(1)
                .filter_map(|s| match env.classes[s.0 as usize].members.get(name) {
                    Some(Member::Method(im)) => Some(*im),
                    _ => None,
                })
                .collect();
            let mut own = own_contract[cm.0 as usize];
            for im in ims {
                let (a, b) = (p.method(cm), p.method(im));
                let ghosts_agree = |x: &[Var], y: &[Var]| {
                    x.len() == y.len() && x.iter().zip(y).all(|(v, w)| v.ty == w.ty)
                };
                if !ghosts_agree(&a.given, &b.given) || !ghosts_agree(&a.yields, &b.yields) {
                    errs.push(Diagnostic::error(
                        ErrorCode::TypeMismatch,
                        span,
                        format!(
                            "{}.{name} must declare the ghost parameters (given, yields) of {}.{name}",
                            p.class(c).name,
                            p.class(b.class.unwrap_or(c)).name
                        ),
                    ));
                    continue;
                }
                if !own {
                    if !b.contract.requires.iter().any(is_false) {
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
    }
    p.methods.extend(generated);
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
    let pre: Vec<Expr> = k
        .requires
        .iter()
        .chain(&k.context_everywhere)
        .cloned()
        .collect();
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
    let post: Vec<Expr> = k
        .ensures
        .iter()
        .chain(&k.context_everywhere)
        .cloned()
        .collect();
    if let Some(post) = conjoin(adapt_all(&post, &to_i, c, result.as_ref(), span)?) {
        body.push(stmt(StmtKind::Inhale(post)));
    }
    let ipost: Vec<Expr> = ik
        .ensures
        .iter()
        .chain(&ik.context_everywhere)
        .cloned()
        .collect();
    if let Some(ipost) = conjoin(adapt_all(&ipost, &same, c, result.as_ref(), span)?) {
        let code = FailureCode::ImplementsPost(Reason::False);
        body.push(stmt(StmtKind::Check {
            exhale: true,
            expr: ipost,
            code,
        }));
    }
    let ipre: Vec<Expr> = ik
        .requires
        .iter()
        .chain(&ik.context_everywhere)
        .cloned()
        .collect();
    let iface = theirs
        .class
        .map_or(String::new(), |i| String::from(p.class(i).name));
    Ok(Method {
        name: Name::from(format!("{}__implements__{iface}", mine.name)),
        class: Some(c),
        is_constructor: false,
        is_static: false,
        params: theirs.params.clone(),
        given: theirs.given.clone(),
        yields: theirs.yields.clone(),
        ret: Type::Void,
        contract: Contract {
            requires: adapt_all(&ipre, &same, c, None, span)?,
            ensures: Vec::new(),
            context_everywhere: Vec::new(),
        },
        body: Some(Block { stmts: body, span }),
        span,
    })
}

#[cfg(test)]
mod tests {
    use crate::core::{ExprKind, Program, StmtKind};
    use crate::diag::FailureCode;
    use crate::syntax::span::FileId;

    fn check(text: &str) -> Program {
        let unit = crate::syntax::java::parse_java(FileId(0), text).expect("parses");
        crate::check::check(&[unit]).expect("checks")
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
}
