//! Java's exceptions, resolved and typed: `throw e`, `try`/`catch`/`finally`
//! and the classes a `catch`, `signals` or `throws` names. Nothing is
//! lowered here: the core keeps `Throw` and `Try`, which
//! `passes::exceptions` turns into plain control flow.

use super::body::Body;
use super::call::Rhs;
use super::stmt::call_into;
use crate::core::{self, ClassId, Expr, ExprKind as K, Stmt, StmtKind as S, Type};
use crate::diag::ErrorCode;
use crate::syntax::ast;
use crate::syntax::span::Span;

/// VerCors's code for a catch clause that an earlier one of its `try` covers.
const REDUNDANT_CATCH: &str = "redundantCatchClause";

impl Body<'_> {
    /// The class of `t`, which must be `Throwable` or a subclass of it.
    pub(super) fn exception_class(&mut self, t: &ast::Type) -> Option<ClassId> {
        let ty = self.ty(t)?;
        match ty {
            Type::Class(c) if is_throwable(&self.env.program, c) => Some(c),
            _ => {
                let msg = format!(
                    "{} is not an exception class (Throwable or a subclass of it)",
                    self.env.show(&ty)
                );
                self.err(ErrorCode::TypeMismatch, t.span, msg)
            }
        }
    }

    /// `throw e;`: e is an exception object (a `new` runs first, into a local).
    pub(super) fn throw_stmt(&mut self, e: &ast::Expr, span: Span, out: &mut Vec<Stmt>) {
        let Some(rhs) = self.rhs(e, None) else { return };
        let x = match rhs {
            Rhs::Pure(x) => x,
            rhs => {
                let ty = rhs.ty();
                let var = self.scopes.fresh("exc", ty.clone(), span);
                out.push(Stmt {
                    kind: S::Local(var.clone(), None),
                    span,
                });
                out.push(Stmt {
                    kind: call_into(var.name, rhs),
                    span,
                });
                Expr::new(K::Local(var.name), ty, e.span)
            }
        };
        match &x.ty {
            Type::Class(c) if is_throwable(&self.env.program, *c) => out.push(Stmt {
                kind: S::Throw(x),
                span,
            }),
            t => {
                let msg = format!(
                    "a {} cannot be thrown: only an exception (Throwable or a subclass of it)",
                    self.env.show(t)
                );
                self.err::<()>(ErrorCode::TypeMismatch, e.span, msg);
            }
        }
    }

    /// `try { B } catch (E e) { C } … finally { F }`.
    pub(super) fn try_stmt(
        &mut self,
        body: &ast::Block,
        catches: &[ast::Catch],
        finally: Option<&ast::Block>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let body = self.block(body);
        let mut seen: Vec<ClassId> = Vec::new();
        let mut cs = Vec::new();
        for c in catches {
            let classes: Vec<ClassId> = c
                .types
                .iter()
                .filter_map(|t| self.exception_class(t))
                .collect();
            if classes.len() != c.types.len() {
                continue;
            }
            for (k, t) in classes.iter().zip(&c.types) {
                if let Some(earlier) = seen.iter().find(|s| self.env.program.is_subclass(*k, **s)) {
                    let msg = format!(
                        "{REDUNDANT_CATCH}: an earlier catch clause of this try already catches every {} (it catches {})",
                        self.env.program.class(*k).name,
                        self.env.program.class(*earlier).name
                    );
                    self.err::<()>(ErrorCode::Duplicate, t.span, msg);
                }
            }
            seen.extend(&classes);
            // A multi-catch's variable has the nearest class all of them extend.
            let ty = Type::Class(common_superclass(&self.env.program, &classes));
            let handled = self.scoped(|b| {
                let var = b.declare(&c.name, ty)?;
                Some((var, b.block(&c.body)))
            });
            if let Some((var, body)) = handled {
                cs.push(core::Catch {
                    classes,
                    var,
                    body,
                    span: c.span,
                });
            }
        }
        let finally = finally.map(|f| self.block(f));
        out.push(Stmt {
            kind: S::Try {
                body,
                catches: cs,
                finally,
            },
            span,
        });
    }
}

/// Whether class `c` is `Throwable` or one of its subclasses.
pub(super) fn is_throwable(p: &core::Program, c: ClassId) -> bool {
    p.throwable().is_some_and(|t| p.is_subclass(c, t))
}

/// The nearest class that every one of `cs` is (one of them, or a superclass).
fn common_superclass(p: &core::Program, cs: &[ClassId]) -> ClassId {
    let first = cs[0];
    std::iter::once(first)
        .chain(p.superclasses(first))
        .find(|k| cs.iter().all(|c| p.is_subclass(*c, *k)))
        .unwrap_or(first)
}
