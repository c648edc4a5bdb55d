//! Statements. A method body runs in the state `Heap`/`Mask`; `old` is the
//! state after the precondition (`$OldHeap`/`$OldMask`).
//!
//! * call: exhale the callee's precondition (arguments bound), forget,
//!   havoc the targets, inhale the postcondition (`old` = the state before
//!   the call);
//! * loop: exhale the invariant, forget, havoc what the body assigns; check
//!   one iteration from the invariant alone (`if (*) { … assume false; }`);
//!   then inhale the invariant and the negated condition on top of the frame;
//! * fold: exhale the body (its values stay: they are held through the
//!   instance), store its frame in `Heap[null, P(args)]`, add
//!   the instance; unfold: take the instance, inhale the body, tie the
//!   values to the frame.

use super::assertion::{Blaming, WILDCARD_SCALE};
use super::expr::{ident, label_heap, label_mask, St};
use super::info::has_resources;
use super::proc::{Gen, R};
use super::ty::boogie;
use super::{Check, Inner, Unsupported};
use crate::name::Name;
use crate::vir::failure::{FailureKind, FailureReason};
use crate::vir::{Expr, ExprKind, Origin, Stmt, StmtKind};

/// The state of a method body.
pub fn body_state() -> St {
    St::new("Heap", "Mask", "$OldHeap", "$OldMask")
}

impl Gen<'_> {
    pub fn stmts(&mut self, ss: &[Stmt]) -> R {
        ss.iter().try_for_each(|s| self.stmt(s))
    }

    fn stmt(&mut self, s: &Stmt) -> R {
        let st = body_state();
        let at = s.origin;
        match &s.kind {
            StmtKind::LocalVar(d) => {
                self.p.local(&ident(&d.name), &boogie(&d.ty));
                self.ctx.declare(d);
                self.p.line(format!("havoc {};", ident(&d.name)));
            }
            StmtKind::Assign(x, e) => {
                self.wd(e, &st, at)?;
                let v = self.ctx.expr(e, &st)?;
                self.p.line(format!("{} := {v};", ident(x)));
            }
            StmtKind::FieldAssign { recv, field, value } => {
                // The write permission is checked before the value is read,
                // as Silicon does: `x.f = x.f + 1` without permission fails
                // as an assignment (`assignFieldFailed`), not as a read.
                self.wd(recv, &st, at)?;
                let r = self.ctx.expr(recv, &st)?;
                let cond = format!("Mask[{r}, {field}] == 1.0");
                self.p.check(
                    &cond,
                    Check {
                        kind: FailureKind::AssignmentFailed,
                        reason: FailureReason::InsufficientPermission,
                        failing: at,
                        inner: Inner::AssignTarget,
                        clause: Origin::NONE,
                        text: cond.clone(),
                        refute: false,
                    },
                );
                self.wd(value, &st, at)?;
                let v = self.ctx.expr(value, &st)?;
                self.step(&format!("Heap[{r}, {field} := {v}]"));
                self.p.line(format!("Heap[{r}, {field}] := {v};"));
            }
            StmtKind::New { target, fields } => self.new_object(&ident(target), fields),
            StmtKind::Call {
                method,
                args,
                targets,
            } => self.call(method, args, targets, at)?,
            StmtKind::Inhale(e) => self.inhale_into(e, "Mask", &st, None, true)?,
            StmtKind::Assume(e) if has_resources(e) => {
                self.inhale_into(e, "Mask", &st, None, false)?
            }
            StmtKind::Assume(e) => {
                let v = self.ctx.expr(e, &st)?;
                self.p.line(format!("assume {v};"));
            }
            // No permission moves: `held` is all there is, so the pair
            // `exhale held; inhale held` only forgets every value.
            StmtKind::Havoc(_) => self.forget_all(),
            StmtKind::Exhale(e) => {
                self.wd(e, &st, at)?;
                self.exhale_into(e, "Mask", &st, None, &own(FailureKind::ExhaleFailed, at))?;
                self.forget();
            }
            StmtKind::Assert(e) => {
                self.wd(e, &st, at)?;
                if has_resources(e) {
                    self.p.local("$AssertMask", "MaskType");
                    self.p.line("$AssertMask := Mask;");
                    let b = own(FailureKind::AssertFailed, at);
                    self.exhale_into(e, "$AssertMask", &st, None, &b)?;
                } else {
                    self.exhale_into(e, "Mask", &st, None, &own(FailureKind::AssertFailed, at))?;
                }
            }
            StmtKind::Refute(e) => {
                if has_resources(e) {
                    return Err(Unsupported::new(
                        "refute of a resource on the Boogie backend",
                        e,
                    ));
                }
                self.wd(e, &st, at)?;
                let v = self.ctx.expr(e, &st)?;
                let failing = if e.origin.is_none() { at } else { e.origin };
                self.p.open("if (*)");
                self.p.check(
                    &v,
                    Check {
                        kind: FailureKind::RefuteFailed,
                        reason: FailureReason::AssertionFalse,
                        failing,
                        inner: Inner::None,
                        clause: Origin::NONE,
                        text: v.clone(),
                        refute: true,
                    },
                );
                self.p.line("assume false;");
                self.p.close();
            }
            StmtKind::Fold(acc) => self.fold(acc, at)?,
            StmtKind::Unfold(acc) => self.unfold(acc, at)?,
            StmtKind::If { cond, then, els } => {
                self.wd(cond, &st, at)?;
                let c = self.ctx.expr(cond, &st)?;
                self.p.open(format!("if ({c})"));
                self.stmts(then)?;
                if !els.is_empty() {
                    self.p.otherwise();
                    self.stmts(els)?;
                }
                self.p.close();
            }
            StmtKind::While {
                cond,
                invariants,
                body,
            } => self.while_loop(cond, invariants, body, at)?,
            StmtKind::Label(l) => {
                let (h, m) = (label_heap(l), label_mask(l));
                self.p.local(&h, "HeapType");
                self.p.local(&m, "MaskType");
                self.p.line(format!("{l}:"));
                self.p.line(format!("{h} := Heap;"));
                self.p.line(format!("{m} := Mask;"));
            }
            StmtKind::Goto(l) => self.p.line(format!("goto {l};")),
            StmtKind::Seq(ss) => self.stmts(ss)?,
            StmtKind::Package { wand, .. } => {
                return Err(Unsupported::new("a magic wand on the Boogie backend", wand))
            }
            StmtKind::Apply(wand) => {
                return Err(Unsupported::new("a magic wand on the Boogie backend", wand))
            }
        }
        Ok(())
    }

    fn new_object(&mut self, x: &str, fields: &[Name]) {
        self.p.line(format!("havoc {x};"));
        self.p
            .line(format!("assume {x} != null && !Heap[{x}, $allocated];"));
        self.p.line(format!(
            "assume (forall<A> $f: Field A :: Mask[{x}, $f] == 0.0);"
        ));
        self.step(&format!("Heap[{x}, $allocated := true]"));
        self.p.line(format!("Heap[{x}, $allocated] := true;"));
        for f in fields {
            self.p
                .line(format!("Mask[{x}, {f}] := Mask[{x}, {f}] + 1.0;"));
        }
        self.p.line("assume GoodMask(Mask);");
    }

    /// Arguments as texts that stay valid across the call: anything but a
    /// literal or a local that the call does not assign is saved first.
    fn saved(&mut self, args: &[Expr], targets: &[Name], st: &St) -> R<Vec<String>> {
        let mut out = Vec::new();
        for a in args {
            let text = self.ctx.expr(a, st)?;
            let stable = match &a.kind {
                ExprKind::Local(x) => !targets.contains(x),
                ExprKind::IntLit(_) | ExprKind::BoolLit(_) | ExprKind::NullLit => true,
                _ => false,
            };
            if stable {
                out.push(text);
            } else {
                let t = self.p.fresh("arg", &boogie(&self.ctx.type_of(a)));
                self.p.line(format!("{t} := {text};"));
                out.push(t);
            }
        }
        Ok(out)
    }

    fn call(&mut self, method: &str, args: &[Expr], targets: &[Name], at: Origin) -> R {
        let st = body_state();
        let Some(m) = self.ctx.info().methods.get(method).copied() else {
            return Err(Unsupported::at(
                format!("a call of the unknown method {method}"),
                at,
            ));
        };
        // An earlier stage's inconsistency (found by fuzzing a Calvin
        // program) must not become a panic in the binding below.
        if args.len() != m.params.len() {
            return Err(Unsupported::at(
                format!(
                    "a call of {method} with {} arguments for its {} parameters",
                    args.len(),
                    m.params.len()
                ),
                at,
            ));
        }
        for a in args {
            self.wd(a, &st, at)?;
        }
        let texts = self.saved(args, targets, &st)?;
        self.p.local("$PreCallHeap", "HeapType");
        self.p.local("$PreCallMask", "MaskType");
        self.p.line("$PreCallHeap := Heap;");
        self.p.line("$PreCallMask := Mask;");
        self.bind_all(&m.params, texts.clone(), |g| {
            for pre in &m.pres {
                let b = Blaming {
                    kind: FailureKind::CallPrecondition,
                    construct: at,
                    clause_blamed: false,
                    clause: pre.origin,
                };
                g.exhale_into(pre, "Mask", &st, None, &b)?;
            }
            Ok(())
        })?;
        self.forget();
        for t in targets {
            self.p.line(format!("havoc {};", ident(t)));
        }
        for (t, d) in targets.iter().zip(&m.returns) {
            self.p.assume_typed(&ident(t), &d.ty);
        }
        let after = St::new("Heap", "Mask", "$PreCallHeap", "$PreCallMask");
        let mut decls = m.params.clone();
        decls.extend(m.returns.iter().cloned());
        let mut all = texts;
        all.extend(targets.iter().map(|t| ident(t)));
        self.bind_all(&decls, all, |g| {
            m.posts
                .iter()
                .try_for_each(|post| g.inhale_into(post, "Mask", &after, None, false))
        })
    }

    /// The predicate instance of a fold or unfold: name, saved argument
    /// texts, the amount, and whether it is a wildcard (`[read]P(…)`: a fresh
    /// positive amount, of which the fold takes the body at wildcard amounts
    /// and the unfold takes less than is held, as Silicon's).
    fn instance(&mut self, acc: &Expr, at: Origin) -> R<(String, Vec<String>, String, bool)> {
        let st = body_state();
        let ExprKind::PredicateAcc(name, args, perm) = &acc.kind else {
            return Err(Unsupported::new("a fold or unfold of a non-predicate", acc));
        };
        for a in args {
            self.wd(a, &st, at)?;
        }
        self.wd(perm, &st, at)?;
        let texts = self.saved(args, &[], &st)?;
        if matches!(perm.kind, ExprKind::Wildcard) {
            let w = self.p.fresh("wildcard", "real");
            self.p.line(format!("havoc {w};"));
            self.p.line(format!("assume 0.0 < {w};"));
            return Ok((String::from(name), texts, w, true));
        }
        let p = self.ctx.as_type(perm, true, &st)?;
        let p = if matches!(perm.kind, ExprKind::FullPerm | ExprKind::IntLit(_)) {
            p
        } else {
            let t = self.p.fresh("amount", "real");
            self.p.line(format!("{t} := {p};"));
            t
        };
        Ok((String::from(name), texts, p, false))
    }

    fn fold(&mut self, acc: &Expr, at: Origin) -> R {
        let st = body_state();
        let (name, args, p, wildcard) = self.instance(acc, at)?;
        let loc = format!("null, {name}({})", args.join(", "));
        let frame = self.p.fresh("frame", "Frame");
        let scale = if wildcard { WILDCARD_SCALE } else { &p };
        self.with_body(&name, &args, at, |g, body| {
            let f = g.frame(body, &st)?;
            g.p.line(format!("{frame} := {f};"));
            let b = Blaming {
                kind: FailureKind::FoldFailed,
                construct: at,
                clause_blamed: false,
                clause: Origin::NONE,
            };
            g.exhale_into(body, "Mask", &st, Some(scale), &b)
        })?;
        // No forgetting: the body's locations are still held, through the instance.
        self.p.open(format!("if (Mask[{loc}] == 0.0)"));
        self.step(&format!("Heap[{loc} := {frame}]"));
        self.p.line(format!("Heap[{loc}] := {frame};"));
        self.p.otherwise();
        self.p.line(format!("assume Heap[{loc}] == {frame};"));
        self.p.close();
        self.p.line(format!("Mask[{loc}] := Mask[{loc}] + {p};"));
        self.p.line("assume GoodMask(Mask);");
        Ok(())
    }

    fn unfold(&mut self, acc: &Expr, at: Origin) -> R {
        let st = body_state();
        let (name, args, p, wildcard) = self.instance(acc, at)?;
        let loc = format!("null, {name}({})", args.join(", "));
        let cond = if wildcard {
            format!("Mask[{loc}] > 0.0")
        } else {
            format!("Mask[{loc}] >= {p}")
        };
        self.p.check(
            &cond,
            Check {
                kind: FailureKind::UnfoldFailed,
                reason: FailureReason::InsufficientPermission,
                failing: at,
                inner: Inner::None,
                clause: Origin::NONE,
                text: cond.clone(),
                refute: false,
            },
        );
        if wildcard {
            self.p.line(format!("assume {p} < Mask[{loc}];"));
        }
        self.p.line(format!("Mask[{loc}] := Mask[{loc}] - {p};"));
        self.unfold_into(&name, &args, &p, "Mask", &st, at)
    }

    fn while_loop(
        &mut self,
        cond: &Expr,
        invariants: &[Expr],
        body: &[crate::vir::Stmt],
        at: Origin,
    ) -> R {
        let st = body_state();
        let invariant = |kind: FailureKind, clause: Origin| Blaming {
            kind,
            construct: if clause.is_none() { at } else { clause },
            clause_blamed: true,
            clause: Origin::NONE,
        };
        let mut written = Vec::new();
        assigned(body, &mut written);
        written.retain(|x| self.p.has_local(&ident(x)) || self.ctx.typer.vars.contains_key(x));
        let havoc_written = |g: &mut Self| {
            for x in &written {
                g.p.line(format!("havoc {};", ident(x)));
            }
        };
        // The invariants are well-defined and framed in any state, checked
        // first, as Silicon does: an invariant that reads a field it holds
        // no permission to fails as that, not as not established.
        self.p.open("if (*)");
        havoc_written(self);
        self.p.line("Mask := ZeroMask;");
        self.forget();
        for inv in invariants {
            self.inhale_into(inv, "Mask", &st, None, true)?;
        }
        self.p.line("assume false;");
        self.p.close();
        for inv in invariants {
            let b = invariant(FailureKind::LoopInvariantNotEstablished, inv.origin);
            self.exhale_into(inv, "Mask", &st, None, &b)?;
        }
        self.forget();
        havoc_written(self);
        // One iteration from the invariant alone.
        self.p.open("if (*)");
        self.p.line("Mask := ZeroMask;");
        for inv in invariants {
            self.inhale_into(inv, "Mask", &st, None, false)?;
        }
        self.wd(cond, &st, at)?;
        let c = self.ctx.expr(cond, &st)?;
        self.p.line(format!("assume {c};"));
        self.stmts(body)?;
        for inv in invariants {
            let b = invariant(FailureKind::LoopInvariantNotPreserved, inv.origin);
            self.exhale_into(inv, "Mask", &st, None, &b)?;
        }
        self.p.line("assume false;");
        self.p.close();
        // After the loop: the frame plus the invariant, and the exit condition.
        for inv in invariants {
            self.inhale_into(inv, "Mask", &st, None, false)?;
        }
        let c = self.ctx.expr(cond, &st)?;
        self.p.line(format!("assume !({c});"));
        Ok(())
    }
}

/// Blaming for a statement's own assertion: failures at the asserted clause.
fn own(kind: FailureKind, at: Origin) -> Blaming {
    Blaming {
        kind,
        construct: at,
        clause_blamed: true,
        clause: Origin::NONE,
    }
}

/// Locals a statement list may assign.
fn assigned(ss: &[Stmt], out: &mut Vec<Name>) {
    for s in ss {
        match &s.kind {
            StmtKind::Assign(x, _) | StmtKind::New { target: x, .. } => out.push(Name::from(x)),
            StmtKind::Call { targets, .. } => out.extend(targets.iter().cloned()),
            StmtKind::If { then, els, .. } => {
                assigned(then, out);
                assigned(els, out)
            }
            StmtKind::While { body, .. } | StmtKind::Seq(body) => assigned(body, out),
            StmtKind::Package { proof, .. } => assigned(proof, out),
            StmtKind::LocalVar(_)
            | StmtKind::FieldAssign { .. }
            | StmtKind::Inhale(_)
            | StmtKind::Exhale(_)
            | StmtKind::Havoc(_)
            | StmtKind::Assert(_)
            | StmtKind::Refute(_)
            | StmtKind::Assume(_)
            | StmtKind::Fold(_)
            | StmtKind::Unfold(_)
            | StmtKind::Apply(_)
            | StmtKind::Label(_)
            | StmtKind::Goto(_) => {}
        }
    }
}
