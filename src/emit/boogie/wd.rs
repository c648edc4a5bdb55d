//! Well-definedness: the checks that an expression can be evaluated (reads
//! have permission, callees' preconditions hold, indices are in range),
//! emitted as asserts before the expression is used. Conditional operators
//! guard the checks of their branches, as their evaluation would.

use super::expr::St;
use super::proc::{Gen, R};
use super::ty::boogie;
use super::{Check, Inner, Unsupported};
use crate::vir::failure::{FailureKind, FailureReason};
use crate::vir::{BinOp, Expr, ExprKind, Origin};

impl Gen<'_> {
    /// A check of a well-definedness condition of node `at` (or, if it has
    /// no origin, of the enclosing node).
    pub fn wd_check(
        &mut self,
        cond: &str,
        kind: FailureKind,
        reason: FailureReason,
        at: Origin,
        inner: Inner,
        clause: Origin,
    ) {
        self.p.check(
            cond,
            Check {
                kind,
                reason,
                failing: at,
                inner,
                clause,
                text: cond.to_string(),
                refute: false,
            },
        );
    }

    /// Emits the well-definedness checks of `e` read in `st`.
    pub fn wd(&mut self, e: &Expr, st: &St, enclosing: Origin) -> R {
        use ExprKind as K;
        let here = if e.origin.is_none() {
            enclosing
        } else {
            e.origin
        };
        match &e.kind {
            K::IntLit(_)
            | K::BoolLit(_)
            | K::NullLit
            | K::Local(_)
            | K::Result
            | K::FullPerm
            | K::NoPerm
            | K::Wildcard => Ok(()),
            K::FieldAccess(r, f) => {
                self.wd(r, st, here)?;
                let r = self.ctx.expr(r, st)?;
                let inner = if e.origin.is_none() {
                    Inner::None
                } else {
                    Inner::Read(e.origin)
                };
                self.wd_check(
                    &format!("{}[{r}, {f}] > 0.0", st.mask),
                    FailureKind::Other("read".into()),
                    FailureReason::InsufficientPermission,
                    here,
                    inner,
                    Origin::NONE,
                );
                Ok(())
            }
            K::FuncApp(f, args) => {
                for a in args {
                    self.wd(a, st, here)?;
                }
                self.app_pre(f, args, st, here)
            }
            K::DomainFuncApp(_, args, _) => args.iter().try_for_each(|a| self.wd(a, st, here)),
            K::Unary(_, x) | K::Size(x) => self.wd(x, st, here),
            K::Binary(op, l, r) => {
                self.wd(l, st, here)?;
                let guard = match op {
                    BinOp::And | BinOp::Implies => Some(self.ctx.expr(l, st)?),
                    BinOp::Or => Some(format!("!{}", self.ctx.expr(l, st)?)),
                    _ => None,
                };
                self.guarded(guard, |g| g.wd(r, st, here))?;
                // Division of permissions (`1\y`, `p / 2`): Boogie's real
                // division by zero is some value; Silver checks the divisor.
                let perm_div = *op == BinOp::PermDiv
                    || (*op == BinOp::Div && self.ctx.type_of(l) == crate::vir::Type::Perm);
                let nonzero_literal = matches!(r.kind, K::IntLit(n) if n.get() != 0);
                if perm_div && !nonzero_literal {
                    let d = self.ctx.as_type(r, true, st)?;
                    self.wd_check(
                        &format!("{d} != 0.0"),
                        FailureKind::Other("division".into()),
                        FailureReason::DivisionByZero,
                        here,
                        Inner::None,
                        Origin::NONE,
                    );
                }
                Ok(())
            }
            K::Cond(c, a, b) => {
                self.wd(c, st, here)?;
                let c = self.ctx.expr(c, st)?;
                self.p.open(format!("if ({c})"));
                self.wd(a, st, here)?;
                self.p.otherwise();
                self.wd(b, st, here)?;
                self.p.close();
                Ok(())
            }
            K::Old(l, x) => self.wd(x, &st.old(l.as_deref()), here),
            K::FieldAcc(r, _, p) => {
                self.wd(r, st, here)?;
                self.wd(p, st, here)
            }
            K::PredicateAcc(_, args, p) => {
                args.iter().try_for_each(|a| self.wd(a, st, here))?;
                self.wd(p, st, here)
            }
            K::CurPermField(r, _) => self.wd(r, st, here),
            K::CurPermPredicate(_, args) | K::SeqLit(_, args) => {
                args.iter().try_for_each(|a| self.wd(a, st, here))
            }
            K::SetLit(_, args) | K::MultisetLit(_, args) => {
                args.iter().try_for_each(|a| self.wd(a, st, here))
            }
            K::Quant { vars, body, .. } => {
                // The body must be well-defined for every value of the variables.
                self.p.open("if (*)");
                let mut names = Vec::new();
                for d in vars {
                    let v = self.p.fresh(&format!("{}_", d.name), &boogie(&d.ty));
                    self.p.line(format!("havoc {v};"));
                    names.push(v);
                }
                self.bind_all(vars, names, |g| g.wd(body, st, here))?;
                self.p.line("assume false;");
                self.p.close();
                Ok(())
            }
            K::Let(d, v, body) => {
                self.wd(v, st, here)?;
                let v = format!("({})", self.ctx.expr(v, st)?);
                self.bind_all(std::slice::from_ref(d), vec![v], |g| g.wd(body, st, here))
            }
            K::Unfolding(acc, body) => self.wd_unfolding(acc, body, st, here),
            K::Asserting(c, body) => {
                self.wd(c, st, here)?;
                // A conjunct at a time, each blamed on its own origin (as
                // Silicon reports the conjunct that fails).
                for x in c.conjuncts() {
                    let at = if x.origin.is_none() { here } else { x.origin };
                    let cond = self.ctx.expr(x, st)?;
                    self.wd_check(
                        &cond,
                        FailureKind::Other("asserting".into()),
                        FailureReason::AssertionFalse,
                        at,
                        Inner::None,
                        Origin::NONE,
                    );
                }
                self.wd(body, st, here)
            }
            K::SeqIndex(s, i) | K::SeqUpdate(s, i, _) => {
                self.wd(s, st, here)?;
                self.wd(i, st, here)?;
                if let K::SeqUpdate(_, _, v) = &e.kind {
                    self.wd(v, st, here)?;
                }
                let (s, i) = (self.ctx.expr(s, st)?, self.ctx.expr(i, st)?);
                let kind = FailureKind::Other("index".into());
                self.wd_check(
                    &format!("0 <= {i}"),
                    kind.clone(),
                    FailureReason::SeqIndexNegative,
                    here,
                    Inner::None,
                    Origin::NONE,
                );
                self.wd_check(
                    &format!("{i} < Seq#Length({s})"),
                    kind,
                    FailureReason::SeqIndexExceedsLength,
                    here,
                    Inner::None,
                    Origin::NONE,
                );
                Ok(())
            }
            K::SeqSlice(s, lo, hi) => {
                self.wd(s, st, here)?;
                lo.iter().chain(hi).try_for_each(|x| self.wd(x, st, here))
            }
            K::Map(op, args, _) => {
                args.iter().try_for_each(|a| self.wd(a, st, here))?;
                if let (crate::vir::MapOp::Get, [m, k]) = (op, &args[..]) {
                    let (m, k) = (self.ctx.expr(m, st)?, self.ctx.expr(k, st)?);
                    self.wd_check(
                        &format!("Map#Domain({m})[{k}]"),
                        FailureKind::Other("map lookup".into()),
                        FailureReason::MapKey,
                        here,
                        Inner::None,
                        Origin::NONE,
                    );
                }
                Ok(())
            }
        }
    }

    /// Runs `f` inside `if (guard) { … }` when there is a guard.
    pub fn guarded(&mut self, guard: Option<String>, f: impl FnOnce(&mut Self) -> R) -> R {
        match guard {
            None => f(self),
            Some(g) => {
                self.p.open(format!("if ({g})"));
                f(self)?;
                self.p.close();
                Ok(())
            }
        }
    }

    /// Runs `f` with the declarations standing for the Boogie texts.
    pub fn bind_all<T>(
        &mut self,
        decls: &[crate::vir::LocalDecl],
        texts: Vec<String>,
        f: impl FnOnce(&mut Self) -> T,
    ) -> T {
        match decls.split_first() {
            None => f(self),
            Some((d, rest)) => {
                let mut texts = texts;
                let first = texts.remove(0);
                let saved_sub = self.ctx.subst.insert(d.name, first);
                let saved_ty = self.ctx.typer.vars.insert(d.name, d.ty.clone());
                let out = self.bind_all(rest, texts, f);
                match saved_sub {
                    Some(s) => self.ctx.subst.insert(d.name, s),
                    None => self.ctx.subst.remove(&d.name),
                };
                match saved_ty {
                    Some(t) => self.ctx.typer.vars.insert(d.name, t),
                    None => self.ctx.typer.vars.remove(&d.name),
                };
                out
            }
        }
    }

    /// The callee's preconditions at a function application: pure ones are
    /// asserted, resources must be held (in `st`'s mask).
    fn app_pre(&mut self, f: &str, args: &[Expr], st: &St, at: Origin) -> R {
        let Some(func) = self.ctx.info().functions.get(f).copied() else {
            return Ok(());
        };
        let texts = self.ctx.exprs(args, st)?;
        let texts: Vec<String> = texts.into_iter().map(|t| format!("({t})")).collect();
        self.bind_all(&func.params, texts, |g| {
            for pre in &func.pres {
                g.require(pre, st, at, pre.origin, FailureKind::AppPrecondition)?;
            }
            Ok(())
        })
    }

    /// Asserts that `e` (a callee's contract clause, parameters bound) holds
    /// and its resources are held in `st`, without taking them.
    pub fn require(
        &mut self,
        e: &Expr,
        st: &St,
        at: Origin,
        clause: Origin,
        kind: FailureKind,
    ) -> R {
        let scratch = self.p.fresh("CheckMask", "MaskType");
        self.p.line(format!("{scratch} := {};", st.mask));
        let blaming = super::assertion::Blaming {
            kind,
            construct: at,
            clause_blamed: false,
            clause,
        };
        self.exhale_into(e, &scratch, st, None, &blaming)
    }

    /// `unfolding acc(P(args), p) in body`: P must be held; the body is
    /// checked in a scratch mask where P is unfolded, and the values in the
    /// heap are tied to P's frame.
    fn wd_unfolding(&mut self, acc: &Expr, body: &Expr, st: &St, at: Origin) -> R {
        let ExprKind::PredicateAcc(name, args, perm) = &acc.kind else {
            return Err(Unsupported::new("an unfolding of a non-predicate", acc));
        };
        for a in args {
            self.wd(a, st, at)?;
        }
        self.wd(perm, st, at)?;
        let texts = self.ctx.exprs(args, st)?;
        let loc = format!("{name}({})", texts.join(", "));
        let p = self.ctx.as_type(perm, true, st)?;
        self.wd_check(
            &format!("{}[null, {loc}] >= {p}", st.mask),
            FailureKind::UnfoldFailed,
            FailureReason::InsufficientPermission,
            at,
            Inner::None,
            Origin::NONE,
        );
        let scratch = self.p.fresh("UnfoldingMask", "MaskType");
        self.p.line(format!("{scratch} := {};", st.mask));
        self.p.line(format!(
            "{scratch}[null, {loc}] := {scratch}[null, {loc}] - {p};"
        ));
        self.unfold_into(name, &texts, &p, &scratch, st, at)?;
        self.wd(body, &st.with_mask(&scratch), at)
    }
}
