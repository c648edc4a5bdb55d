//! Array checks that the clauses before them imply, left out.
//!
//! The clauses of a contract or of a loop invariant are evaluated in order,
//! wherever they are evaluated (assumed, asserted, or checked to be
//! well-formed): when clause k is, clauses 1..k-1 hold, and so do the guards
//! it is under (`g` in `g ==> …`, `a` in `a && …`, a quantifier's range). An
//! access's null or bounds check that follows from those facts by a chain of
//! (in)equalities between plain terms — `a != null ** a.length == n **
//! (\forall* int j = 0 .. n; Perm(a[j], …))`, the idiom of VerCors's
//! programs — holds at every evaluation, so it is not made: Silicon would
//! spend a query on it at each (a loop invariant is evaluated five times; on
//! the K-arrays benchmark, about 370 queries). Only facts over locals,
//! literals, lengths and arithmetic count, so the heap plays no part; a fact
//! that mentions a variable bound further in is not used there.

use crate::name::Name;
use crate::vir::{BinOp, Expr, ExprKind};

/// Leaves out the checks of `clauses` (in order) that earlier clauses and
/// enclosing guards imply.
pub fn drop_known(clauses: &mut [Expr]) {
    let mut facts = Facts::default();
    for c in clauses {
        walk(c, &facts);
        facts.assume(c);
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Rel {
    Lt,
    Le,
    NonNull,
}

/// Known atoms: `a < b`, `a <= b`, `a != null`, over plain terms' keys.
#[derive(Clone, Default)]
struct Facts {
    atoms: Vec<(Rel, String, String, Vec<Name>)>,
}

impl Facts {
    /// Adds the atoms of a formula known to hold.
    fn assume(&mut self, e: &Expr) {
        use BinOp as B;
        let ExprKind::Binary(op, l, r) = &e.kind else {
            return;
        };
        if *op == B::And {
            self.assume(l);
            self.assume(r);
            return;
        }
        if *op == B::Ne && matches!(r.kind, ExprKind::NullLit) {
            if let Some(k) = key(l) {
                self.atoms.push((Rel::NonNull, k, String::new(), locals(l)));
            }
            return;
        }
        let (Some(kl), Some(kr)) = (key(l), key(r)) else {
            return;
        };
        let mut names = locals(l);
        names.extend(locals(r));
        let mut add = |rel, a: &String, b: &String| {
            self.atoms.push((rel, a.clone(), b.clone(), names.clone()));
        };
        match op {
            B::Lt => add(Rel::Lt, &kl, &kr),
            B::Le => add(Rel::Le, &kl, &kr),
            B::Gt => add(Rel::Lt, &kr, &kl),
            B::Ge => add(Rel::Le, &kr, &kl),
            B::Eq => {
                add(Rel::Le, &kl, &kr);
                add(Rel::Le, &kr, &kl);
            }
            _ => {}
        }
    }

    /// These facts without those that mention one of `names`.
    fn without(&self, names: &[Name]) -> Facts {
        Facts {
            atoms: self
                .atoms
                .iter()
                .filter(|(_, _, _, ns)| !ns.iter().any(|n| names.contains(n)))
                .cloned()
                .collect(),
        }
    }

    /// Whether the facts imply `c` (an access's check).
    fn imply(&self, c: &Expr) -> bool {
        use BinOp as B;
        let ExprKind::Binary(op, l, r) = &c.kind else {
            return false;
        };
        if *op == B::Ne && matches!(r.kind, ExprKind::NullLit) {
            return key(l).is_some_and(|k| {
                self.atoms
                    .iter()
                    .any(|(rel, a, _, _)| *rel == Rel::NonNull && *a == k)
            });
        }
        let (Some(kl), Some(kr)) = (key(l), key(r)) else {
            return false;
        };
        match op {
            B::Le
                if matches!(l.kind, ExprKind::IntLit(n) if n.get() == 0)
                    && matches!(r.kind, ExprKind::IntLit(n) if n.get() >= 0) =>
            {
                true
            }
            B::Le => self.path(&kl, &kr, false),
            B::Lt => self.path(&kl, &kr, true),
            _ => false,
        }
    }

    /// Whether a chain of known `<`/`<=` leads from `from` to `to` (with a
    /// `<` in it, if `strict`).
    fn path(&self, from: &str, to: &str, strict: bool) -> bool {
        let mut seen: Vec<(String, bool)> = Vec::new();
        let mut todo = vec![(from.to_string(), false)];
        while let Some((at, was_strict)) = todo.pop() {
            if at == to && (was_strict || !strict) {
                return true;
            }
            if seen.contains(&(at.clone(), was_strict)) {
                continue;
            }
            seen.push((at.clone(), was_strict));
            for (rel, a, b, _) in &self.atoms {
                if *a == at && *rel != Rel::NonNull {
                    todo.push((b.clone(), was_strict || *rel == Rel::Lt));
                }
            }
        }
        false
    }
}

/// Leaves out the checks in `e` that `facts` (and the guards inside `e`)
/// imply.
fn walk(e: &mut Expr, facts: &Facts) {
    use ExprKind as K;
    match &mut e.kind {
        K::Asserting(c, body) => {
            walk(c, facts);
            walk(body, facts);
            let mut known = facts.clone();
            let mut kept = Vec::new();
            for x in c.conjuncts() {
                if !known.imply(x) {
                    kept.push(x.clone());
                }
                known.assume(x);
            }
            match kept.into_iter().reduce(Expr::and) {
                Some(rest) => **c = rest,
                None => {
                    let body = std::mem::replace(&mut **body, Expr::bool(true));
                    *e = body;
                }
            }
        }
        K::Binary(BinOp::And | BinOp::Implies, l, r) => {
            walk(l, facts);
            let mut inner = facts.clone();
            inner.assume(l);
            walk(r, &inner);
        }
        K::Cond(c, t, f) => {
            walk(c, facts);
            let mut inner = facts.clone();
            inner.assume(c);
            walk(t, &inner);
            walk(f, facts);
        }
        K::Quant { vars, body, .. } => {
            let names: Vec<Name> = vars.iter().map(|d| d.name).collect();
            walk(body, &facts.without(&names));
        }
        K::Let(d, v, body) => {
            walk(v, facts);
            walk(body, &facts.without(&[d.name]));
        }
        // Another state: the facts are of this one.
        K::Old(..) => {}
        _ => crate::vir::visit::children_mut(e, &mut |x| walk(x, facts)),
    }
}

/// A plain term's key: locals, literals, lengths and arithmetic over them
/// (an access check is transparent: its term is the location's).
fn key(e: &Expr) -> Option<String> {
    use ExprKind as K;
    Some(match &e.kind {
        K::Local(x) => x.to_string(),
        K::IntLit(n) => n.get().to_string(),
        K::Asserting(_, body) => return key(body),
        K::DomainFuncApp(f, xs, _) if f.as_str() == super::prelude::LEN && xs.len() == 1 => {
            format!("len({})", key(&xs[0])?)
        }
        K::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), l, r) => {
            format!("({} {op:?} {})", key(l)?, key(r)?)
        }
        _ => return None,
    })
}

fn locals(e: &Expr) -> Vec<Name> {
    let mut out = Vec::new();
    crate::vir::visit::visit(e, &mut |x| {
        if let ExprKind::Local(n) = &x.kind {
            out.push(*n);
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vir::{LocalDecl, Quantifier, Type};

    fn local(x: &str) -> Expr {
        Expr::local(x)
    }
    fn bin(op: BinOp, l: Expr, r: Expr) -> Expr {
        Expr::binary(op, l, r)
    }
    fn len(a: &str) -> Expr {
        super::super::prelude::length(local(a))
    }
    fn non_null(a: &str) -> Expr {
        bin(BinOp::Ne, local(a), Expr::plain(ExprKind::NullLit))
    }
    /// `a[i]`'s location with its checks, as the encoder makes it.
    fn access(a: &str, i: Expr) -> Expr {
        let cond = Expr::and(
            Expr::and(non_null(a), bin(BinOp::Le, Expr::int(0), i.clone())),
            bin(BinOp::Lt, i.clone(), len(a)),
        );
        let loc = super::super::prelude::element(local(a), i);
        Expr::plain(ExprKind::Asserting(Box::new(cond), Box::new(loc)))
    }
    fn forall(j: &str, guard: Expr, body: Expr) -> Expr {
        Expr::plain(ExprKind::Quant {
            q: Quantifier::Forall,
            vars: vec![LocalDecl {
                name: Name::from(j),
                ty: Type::Int,
            }]
            .into(),
            triggers: Box::new([]),
            body: Box::new(Expr::implies(guard, body)),
        })
    }
    fn range(j: &str, lo: Expr, hi: Expr, strict: bool) -> Expr {
        let op = if strict { BinOp::Lt } else { BinOp::Le };
        Expr::and(bin(BinOp::Le, lo, local(j)), bin(op, local(j), hi))
    }
    fn read(a: &str, j: &str) -> Expr {
        Expr::plain(ExprKind::FieldAccess(
            Box::new(access(a, local(j))),
            "f".into(),
        ))
    }
    /// `(\forall int j; 0 <= j && j < hi (or <=); a[j] == 0)`
    fn all_zero(hi: Expr, strict: bool) -> Expr {
        let guard = range("j", Expr::int(0), hi, strict);
        forall("j", guard, bin(BinOp::Eq, read("a", "j"), Expr::int(0)))
    }
    /// The checks left in `cs` once the known ones are dropped.
    fn left(mut cs: Vec<Expr>) -> usize {
        drop_known(&mut cs);
        checks(&cs)
    }
    fn checks(es: &[Expr]) -> usize {
        let mut n = 0;
        for e in es {
            crate::vir::visit::visit(e, &mut |x| {
                if let ExprKind::Asserting(c, _) = &x.kind {
                    n += c.conjuncts().len();
                }
            });
        }
        n
    }

    #[test]
    fn the_context_idiom_needs_no_checks() {
        // a != null ** a.length == n ** (\forall int j = 0 .. n; a[j] == 0)
        let cs = vec![
            non_null("a"),
            bin(BinOp::Eq, len("a"), local("n")),
            all_zero(local("n"), true),
        ];
        assert_eq!(left(cs), 0);
    }

    #[test]
    fn a_chain_of_bounds_is_followed() {
        // 0 <= i ** i <= n ** a != null ** a.length == n ** (\forall int j = 0 .. i; a[j] == 0)
        let cs = vec![
            bin(BinOp::Le, Expr::int(0), local("i")),
            bin(BinOp::Le, local("i"), local("n")),
            non_null("a"),
            bin(BinOp::Eq, len("a"), local("n")),
            all_zero(local("i"), true),
        ];
        assert_eq!(left(cs), 0);
    }

    #[test]
    fn what_does_not_follow_is_checked() {
        // One past the end (j <= n), no null fact, and a fact about the
        // bound variable from outside its quantifier: all kept.
        let cs = vec![
            bin(BinOp::Eq, len("a"), local("n")),
            all_zero(local("n"), false),
        ];
        // null and j < a.length remain (0 <= j follows from the range).
        assert_eq!(left(cs), 2);

        let cs = vec![
            non_null("a"),
            bin(BinOp::Lt, local("j"), len("a")),
            bin(BinOp::Le, Expr::int(0), local("j")),
            forall(
                "j",
                Expr::bool(true),
                bin(BinOp::Eq, read("a", "j"), Expr::int(0)),
            ),
        ];
        assert_eq!(left(cs), 2);
    }

    #[test]
    fn a_later_clause_is_no_fact_for_an_earlier_one() {
        let cs = vec![
            bin(BinOp::Eq, read("a", "k"), Expr::int(0)),
            non_null("a"),
            bin(BinOp::Le, Expr::int(0), local("k")),
            bin(BinOp::Lt, local("k"), len("a")),
        ];
        assert_eq!(left(cs), 3);
    }
}
