//! Which interface methods each class method implements: a class's (or
//! interface's) method implements the method of the same name of each of
//! its supertypes. Their ghost parameters (`given`/`yields`) must agree in
//! number and types (they are matched by position). The pairs are recorded
//! in `Program::features`; `passes::refine` makes the obligations.

use super::env::{Env, Member};
use super::interfaces;
use crate::core::{ClassId, Implements, MethodId, Program, Var};
use crate::diag::{Diagnostic, ErrorCode};
use crate::name::Name;
use crate::syntax::ast;
use std::collections::HashMap;

/// Records each class method's interface methods in `p.features.implements`.
pub(super) fn resolve(env: &Env, units: &[ast::Unit], p: &mut Program, errs: &mut Vec<Diagnostic>) {
    let asts: HashMap<&str, &ast::Class> = units
        .iter()
        .flat_map(|u| &u.decls)
        .filter_map(|d| match d {
            ast::Decl::Class(c) => Some((c.name.name.as_str(), c)),
            ast::Decl::Member(_) => None,
        })
        .collect();
    // Superinterfaces first: an interface's contract is final (inherited
    // or its own) before its implementers look at it.
    let mut order: Vec<ClassId> = (0..p.classes.len()).map(|i| ClassId(i as u32)).collect();
    order.sort_by_key(|c| p.supertypes(*c).len());
    let mut found = Vec::new();
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
            let mut interface_methods = Vec::new();
            for s in p.supertypes(c).into_iter().skip(1) {
                let Some(Member::Method(im)) = env.classes[s.0 as usize].members.get(name) else {
                    continue;
                };
                let (a, b) = (p.method(cm), p.method(*im));
                let ghosts_agree = |x: &[Var], y: &[Var]| {
                    x.len() == y.len() && x.iter().zip(y).all(|(v, w)| v.ty == w.ty)
                };
                if ghosts_agree(&a.given, &b.given) && ghosts_agree(&a.yields, &b.yields) {
                    interface_methods.push(*im);
                    continue;
                }
                errs.push(Diagnostic::error(
                    ErrorCode::TypeMismatch,
                    span,
                    format!(
                        "{}.{name} must declare the ghost parameters (given, yields) of {}.{name}",
                        p.class(c).name,
                        p.class(b.class.unwrap_or(c)).name
                    ),
                ));
            }
            if !interface_methods.is_empty() {
                found.push(Implements {
                    class: c,
                    method: cm,
                    interface_methods,
                    name: span,
                });
            }
        }
    }
    p.features.implements = found;
}
