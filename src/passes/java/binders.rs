//! `?w` in a postcondition: a ghost result (the thesis's ch. 6).
//!
//! `ensures held(?w, p) ** w < num` says that *some* `w` makes the rest
//! hold. The binder becomes a ghost result of the method (`yields int w;`,
//! its type the parameter's it is passed for) and `?w` the name `w`, so a
//! caller learns the postcondition of the value the method yields, as of
//! any ghost result. The method picks the value: at each `fold P(…, e, …)`
//! of the predicate `P` the binder is passed to, the body sets `w = e` (the
//! thesis's bodies end by folding it, `fold held(nextc, p)`).
//!
//! Sound whatever the body does: the postcondition is checked for the value
//! `w` has at the method's end, like any ghost result's; the assignments only
//! choose the witness. A binder anywhere else is an error (`check::expr`).

use std::collections::HashMap;

use crate::diag::{Diagnostic, ErrorCode};
use crate::syntax::ast::*;
use crate::syntax::walk::{self, Rewrite};

pub fn lower(units: &mut [Unit]) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    for u in units.iter_mut() {
        for d in &mut u.decls {
            let Decl::Class(c) = d else { continue };
            let params: HashMap<Name, Vec<Type>> = c
                .members
                .iter()
                .filter_map(|m| match m {
                    Member::Predicate(p) => Some((p.name.name, types(&p.params))),
                    Member::Function(f) => Some((f.name.name, types(&f.params))),
                    _ => None,
                })
                .collect();
            for m in &mut c.members {
                if let Member::Method(m) = m {
                    method(m, &params, &mut errors);
                }
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

fn types(ps: &[Param]) -> Vec<Type> {
    ps.iter().map(|p| p.ty.clone()).collect()
}

/// A binder: its name, and the predicate (or function) and argument place
/// it is passed at.
struct Found {
    name: Ident,
    callee: Name,
    index: usize,
}

fn method(m: &mut Method, params: &HashMap<Name, Vec<Type>>, errors: &mut Vec<Diagnostic>) {
    let mut found: Vec<Found> = Vec::new();
    for c in &mut m.contract.clauses {
        if c.kind != ClauseKind::Ensures {
            continue;
        }
        walk::each_expr_mut(&mut c.expr, &mut |e| {
            if let ExprKind::Call(call) = &mut e.kind {
                for (index, a) in call.args.iter_mut().enumerate() {
                    if let ExprKind::Bind(n) = &a.kind {
                        let n = n.clone();
                        let own = matches!(
                            call.recv.as_deref().map(|r| &r.kind),
                            None | Some(ExprKind::This)
                        );
                        if own {
                            found.push(Found {
                                name: n.clone(),
                                callee: call.name.name,
                                index,
                            });
                        } else {
                            errors.push(Diagnostic::error(
                                ErrorCode::NotSupported,
                                a.span,
                                format!(
                                    "not supported yet: ?{} passed to a predicate of another object",
                                    n.name
                                ),
                            ));
                        }
                        a.kind = ExprKind::Name(n);
                    }
                }
            }
        });
    }
    for f in found {
        if m.contract.yields.iter().any(|y| y.name.name == f.name.name)
            || m.params.iter().any(|y| y.name.name == f.name.name)
        {
            errors.push(Diagnostic::error(
                ErrorCode::Duplicate,
                f.name.span,
                format!("?{} binds a name the method already has", f.name.name),
            ));
            continue;
        }
        let Some(ty) = params.get(&f.callee).and_then(|ps| ps.get(f.index)) else {
            errors.push(Diagnostic::error(
                ErrorCode::NotSupported,
                f.name.span,
                format!(
                    "not supported yet: ?{} passed to {}, which is not a predicate or function of this class",
                    f.name.name, f.callee
                ),
            ));
            continue;
        };
        m.contract.yields.push(Param {
            ty: ty.clone(),
            name: f.name.clone(),
            span: f.name.span,
            scope: MemScope::default(),
        });
        if let Some(body) = &mut m.body {
            walk::block(&mut Witness(&f), body);
        }
    }
}

/// Sets the binder at each fold of its predicate (just before it).
struct Witness<'a>(&'a Found);

impl Rewrite for Witness<'_> {
    fn block(&mut self, b: &mut Block) {
        let f = self.0;
        let mut out = Vec::with_capacity(b.stmts.len());
        for s in std::mem::take(&mut b.stmts) {
            let value = match &s.kind {
                StmtKind::Fold(e) => folded_arg(e, f),
                _ => None,
            };
            // Before the fold: its arguments are read while still readable.
            if let Some(v) = value {
                let span = v.span;
                out.push(Stmt {
                    kind: StmtKind::Assign {
                        target: Expr {
                            kind: ExprKind::Name(f.name.clone()),
                            span,
                        },
                        value: v,
                    },
                    span,
                });
            }
            out.push(s);
        }
        b.stmts = out;
    }
}

/// The argument at the binder's place of a fold of its predicate.
fn folded_arg(e: &Expr, f: &Found) -> Option<Expr> {
    match &e.kind {
        ExprKind::Scale(_, x) => folded_arg(x, f),
        ExprKind::Call(c)
            if c.name.name == f.callee
                && matches!(
                    c.recv.as_deref().map(|r| &r.kind),
                    None | Some(ExprKind::This)
                ) =>
        {
            c.args.get(f.index).cloned()
        }
        _ => None,
    }
}
