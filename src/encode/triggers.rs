//! Triggers for quantifiers that read arrays of arrays.
//!
//! Left to itself, Silicon may pick a length term (`weft_len(m[i])`) as the
//! trigger of `(\forall i; …; m[i] != null && m[i].length == n)`, and then
//! never instantiates it where only the element location `m[i]` occurs (a
//! bounds check of `m[i][j]`). For quantifiers that read a sub-array, weft
//! therefore names the element locations as triggers: each location that
//! mentions every bound variable is a trigger of its own; if none does
//! (`m[i] != m[k]`), the first location of each variable together form one.
//!
//! A quantifier that defines an array's elements as arithmetic over other
//! arrays' elements, `(\forall j; g; a[j] == b[j] + c[j])`, is triggered by
//! the defined location `a[j]` alone. Left to itself, Silicon
//! also triggers it on every array read in `e`, and a loop that keeps
//! `a0[j] == a1[j] + … + a18[j]` for the prefix it wrote then instantiates
//! it once per array at every access (the "K arrays, one loop" benchmark:
//! a third of Silicon's time). Facts about `a[k]` are what such a
//! quantifier is used for; the other triggers only add instantiations.
//! Other quantifiers over plain arrays keep the backend's choice.

use std::collections::{HashMap, HashSet};

use super::{prelude, Encoder};
use crate::core::visit::{find, visit_post};
use crate::core::{self, ExprKind as K, Type as T};
use crate::diag;
use crate::syntax::ast::{BinOp, Quantifier};
use crate::vir::visit::{substitute, visit_mut};
use crate::vir::{Expr, ExprKind};

/// `e` without the checks of its array accesses (`asserting`, and the names
/// of nested accesses substituted back): the terms they stand for.
pub(super) fn bare(mut e: Expr) -> Expr {
    visit_mut(&mut e, &mut |x| loop {
        match std::mem::replace(&mut x.kind, ExprKind::NullLit) {
            ExprKind::Asserting(_, body) => *x = *body,
            ExprKind::Let(d, v, body) => {
                let map = HashMap::from([(d.name, bare(*v))]);
                *x = substitute(*body, &map);
            }
            kind => {
                x.kind = kind;
                break;
            }
        }
    });
    e
}

/// The array reads of `e` (innermost first), except those inside `\old`
/// (their locations are not the current heap's), mentioning a variable
/// bound inside `e`, or computing an index from a bound variable (`m[i + 1]`:
/// a trigger cannot hold arithmetic).
fn reads(e: &core::Expr, vars: &[core::Var]) -> Vec<core::Expr> {
    let mut all = Vec::new();
    let mut skip = HashSet::new();
    let mut inner_vars = Vec::new();
    visit_post(e, &mut |x| match &x.kind {
        K::ArrayIndex(..) => all.push(x.clone()),
        K::Old(_, y) => visit_post(y, &mut |z| {
            if let K::ArrayIndex(..) = z.kind {
                skip.insert(format!("{z:?}"));
            }
        }),
        K::Quant { vars, .. } => inner_vars.extend(vars.iter().map(|v| v.name)),
        K::Let { var, .. } => inner_vars.push(var.name),
        _ => {}
    });
    all.into_iter()
        .filter(|x| !skip.contains(&format!("{x:?}")))
        .filter(|x| !inner_vars.iter().any(|v| mentions(x, v)))
        .filter(|x| plain_indices(x, vars))
        .collect()
}

/// Whether every index on the way to the read `x` is a bound variable or
/// does not mention one.
fn plain_indices(x: &core::Expr, vars: &[core::Var]) -> bool {
    match &x.kind {
        K::ArrayIndex(a, i) => {
            let plain = matches!(i.kind, K::Local(_)) || !vars.iter().any(|v| mentions(i, &v.name));
            plain && plain_indices(a, vars)
        }
        K::Field(r, _) => plain_indices(r, vars),
        _ => true,
    }
}

fn mentions(e: &core::Expr, var: &str) -> bool {
    find(e, &|x| matches!(&x.kind, K::Local(n) if n == var)).is_some()
}

/// The element `a[j]` that `(\forall j; g; a[j] == e)` defines: one bound
/// variable, the index exactly that variable, the array free of it, outside
/// `\old`, after any number of guards.
fn defined_element<'e>(
    q: Quantifier,
    vars: &[core::Var],
    body: &'e core::Expr,
) -> Option<&'e core::Expr> {
    let [v] = vars else { return None };
    if q != Quantifier::Forall {
        return None;
    }
    let mut e = body;
    while let K::Binary(BinOp::Implies, _, rhs) = &e.kind {
        e = rhs;
    }
    let K::Binary(BinOp::Eq, l, r) = &e.kind else {
        return None;
    };
    if !arithmetic_of_elements(r, &v.name) {
        return None;
    }
    element_at(l, &v.name).then_some(&**l)
}

/// Whether `x` is an element `b[v]`: indexed by `v` itself, `b` free of it.
fn element_at(x: &core::Expr, v: &str) -> bool {
    matches!(&x.kind, K::ArrayIndex(b, i)
        if matches!(&i.kind, K::Local(n) if n == v) && !mentions(b, v))
}

/// Whether `e` meets the bound variable `v` only in array elements `b[v]`,
/// under integer arithmetic: a sum of other arrays' elements. Where `e` is
/// a sequence's element, a function of `v` or `v` itself (an array as a
/// model of a sequence, `a[k] == s[k]`), proofs go from `e`'s side too and
/// need its triggers.
fn arithmetic_of_elements(e: &core::Expr, v: &str) -> bool {
    match &e.kind {
        K::ArrayIndex(..) => element_at(e, v),
        K::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, x, y) => {
            arithmetic_of_elements(x, v) && arithmetic_of_elements(y, v)
        }
        K::Unary(_, x) => arithmetic_of_elements(x, v),
        _ => !mentions(e, v),
    }
}

impl Encoder<'_> {
    /// The location of `a[i]` as a trigger term: without its checks.
    fn element_term(&mut self, a: &core::Expr, i: &core::Expr) -> diag::Result<Expr> {
        let (a, i) = (self.expr(a)?, self.expr(i)?);
        Ok(prelude::element(bare(a), bare(i)))
    }

    /// Triggers for a quantifier over `vars` with body `body` (see the module doc).
    pub(super) fn array_triggers(
        &mut self,
        q: Quantifier,
        vars: &[core::Var],
        body: &core::Expr,
    ) -> diag::Result<Vec<Vec<Expr>>> {
        if let Some(x) = defined_element(q, vars, body) {
            if let K::ArrayIndex(a, i) = &x.kind {
                return Ok(vec![vec![self.element_term(a, i)?]]);
            }
        }
        // Most quantifiers read no sub-array: skip collecting their reads.
        let sub_array =
            |x: &core::Expr| matches!(x.kind, K::ArrayIndex(..)) && matches!(x.ty, T::Array(_));
        if find(body, &sub_array).is_none() {
            return Ok(Vec::new());
        }
        let reads = reads(body, vars);
        if !reads.iter().any(|x| matches!(x.ty, T::Array(_))) {
            return Ok(Vec::new());
        }
        let covers = |x: &core::Expr| vars.iter().all(|v| mentions(x, &v.name));
        let chosen: Vec<Vec<&core::Expr>> = if reads.iter().any(covers) {
            reads
                .iter()
                .filter(|x| covers(x))
                .map(|x| vec![x])
                .collect()
        } else {
            let firsts: Option<Vec<&core::Expr>> = vars
                .iter()
                .map(|v| reads.iter().find(|x| mentions(x, &v.name)))
                .collect();
            firsts.into_iter().collect()
        };
        let mut out = Vec::new();
        for set in chosen {
            let mut terms = Vec::new();
            for x in set {
                if let K::ArrayIndex(a, i) = &x.kind {
                    terms.push(self.element_term(a, i)?);
                }
            }
            out.push(terms);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use crate::driver::{emit_text, Backend};
    use crate::syntax::span::Files;

    /// The Silver quantifier that mentions `var`, on one line.
    fn quantifier(src: &str, var: &str) -> String {
        let mut files = Files::new();
        let id = files.add("t.pvl", src);
        let text = emit_text(&files, &[id], Backend::Silicon).expect("emitted");
        let text = text
            .to_string()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let at = text
            .find(&format!("forall {var}: Int ::"))
            .expect("the quantifier");
        text[at..].chars().take(80).collect()
    }

    const ARRAYS: &str =
        "context_everywhere a != null && b != null && a.length == n && b.length == n;
        context (\\forall* int j; 0 <= j && j < n; Perm(a[j], 1\\2) ** Perm(b[j], 1\\2));";

    #[test]
    fn a_defined_element_is_the_only_trigger() {
        let src = format!("{ARRAYS}\nensures (\\forall int k; 0 <= k && k < n; a[k] == b[k] + 1);\nvoid m(int n, int[] a, int[] b);");
        assert!(
            quantifier(&src, "k").starts_with("forall k: Int :: { weft_loc(a, k) } ("),
            "{}",
            quantifier(&src, "k")
        );
    }

    #[test]
    fn other_quantifiers_keep_the_backends_choice() {
        // The element is on the right, the index is not the variable itself,
        // or the other side is not arithmetic over elements (a model sequence).
        for body in [
            "b[k] + 1 == a[k]",
            "a[k + 0] == b[k]",
            "a[k] == s[k]",
            "a[k] == k",
        ] {
            let src = format!("{ARRAYS}\nensures (\\forall int k; 0 <= k && k < n - 1; {body});\nvoid m(int n, int[] a, int[] b, seq<int> s);");
            let q = quantifier(&src, "k");
            assert!(q.starts_with("forall k: Int :: ("), "{q}");
        }
    }
}
