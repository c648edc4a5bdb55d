//! Whether a protected resource can be held more than once: the body of an
//! AtomicInteger instance's `exceeds(t)`, "no one holds t of `inv` at once".
//!
//! The thesis's Semaphore releases by the step c → c + 1, which its protocol
//! allows only below the maximum (`c < num`). The releasing thread cannot
//! read that off the integer; it follows from what it holds: a permit,
//! `inv(1/num)`, while the synchroniser holds `inv(c/num)` in state c, and
//! the two are fractions of one resource, so c/num + 1/num ≤ 1. The contract
//! of `get` states the general rule: a thread may show it a witness `inv(w)`
//! (and gets it back), and learns that the synchroniser's share in the value
//! read plus w does not `exceed` what can exist at once. The synchroniser
//! holds its share of the value (the sanity check's accounting, `protocol`),
//! and the witness is the thread's, so both are held at the moment of the
//! read.
//!
//! Sound only for a resource whose fractions add up to at most one. weft
//! writes `t > 1` when `inv` is, through aliases and predicates of fixed
//! objects, a group predicate with a conjunct `Perm(loc, p)` (or
//! `PointsTo(loc, p, v)`) at its own fraction p, with `loc` a field of a
//! fixed object: p + q of it is a permission p + q to `loc`, at most one.
//! A fixed object is `this` or reached from it through final fields, so every
//! holder's `inv` names the same location. Otherwise `false`: the witness
//! tells nothing.

use std::collections::{HashMap, HashSet};

use crate::name::Name;
use crate::syntax::ast::*;

/// Writes the body of every bodiless `exceeds(t)` of an instance that also
/// has a predicate `inv`.
pub(super) fn write_exceeds(units: &mut [Unit]) {
    let bounded: HashSet<Name> = {
        let classes: HashMap<Name, &Class> = units
            .iter()
            .flat_map(|u| &u.decls)
            .filter_map(|d| match d {
                Decl::Class(c) => Some((c.name.name, c)),
                _ => None,
            })
            .collect();
        classes
            .values()
            .filter(|c| exceeds(c).is_some())
            .filter(|c| at_most_one(&classes, c, Name::from("inv"), &mut HashSet::new()))
            .map(|c| c.name.name)
            .collect()
    };
    for u in units.iter_mut() {
        for d in &mut u.decls {
            let Decl::Class(c) = d else { continue };
            let one = bounded.contains(&c.name.name);
            for m in &mut c.members {
                let Member::Function(f) = m else { continue };
                if !is_exceeds(f) {
                    continue;
                }
                let span = f.span;
                let e = |kind| Expr { kind, span };
                let body = if one {
                    e(ExprKind::Binary(
                        BinOp::Gt,
                        Box::new(e(ExprKind::Name(f.params[0].name.clone()))),
                        Box::new(e(ExprKind::Int(IntValue::from(1)))),
                    ))
                } else {
                    e(ExprKind::Bool(false))
                };
                f.mods.is_inline = true;
                f.body = Some(body);
            }
        }
    }
}

fn is_exceeds(f: &Function) -> bool {
    f.name.name == "exceeds" && f.body.is_none() && f.params.len() == 1
}

fn exceeds(c: &Class) -> Option<&Function> {
    c.members.iter().find_map(|m| match m {
        Member::Function(f) if is_exceeds(f) => Some(f),
        _ => None,
    })
}

/// Whether predicate `pred` of class `c` is a group predicate whose fractions
/// add up to at most one (module doc).
fn at_most_one(
    classes: &HashMap<Name, &Class>,
    c: &Class,
    pred: Name,
    seen: &mut HashSet<(Name, Name)>,
) -> bool {
    if !seen.insert((c.name.name, pred)) {
        return false;
    }
    let Some(p) = c.members.iter().find_map(|m| match m {
        Member::Predicate(p) if p.name.name == pred && p.mods.is_group => Some(p),
        _ => None,
    }) else {
        return false;
    };
    let (Some(body), Some(q)) = (&p.body, p.params.last()) else {
        return false;
    };
    let q = q.name.name;
    let is_q = |e: &Expr| matches!(&e.kind, ExprKind::Name(n) if n.name == q);
    body.conjuncts().into_iter().any(|e| match &e.kind {
        ExprKind::Perm(loc, amt) | ExprKind::PointsTo(loc, amt, _) => {
            is_q(amt) && own_field(c, loc).is_some()
        }
        ExprKind::Call(call) if call.args.last().is_some_and(is_q) => match call.recv.as_deref() {
            None
            | Some(Expr {
                kind: ExprKind::This,
                ..
            }) => at_most_one(classes, c, call.name.name, seen),
            Some(r) => fixed_object(c, r)
                .and_then(|d| classes.get(&d))
                .is_some_and(|d| at_most_one(classes, d, call.name.name, seen)),
        },
        _ => false,
    })
}

/// A field of class `c`: `f` or `this.f`.
fn own_field<'c>(c: &'c Class, e: &Expr) -> Option<&'c Field> {
    let name = match &e.kind {
        ExprKind::Name(n) => n.name,
        ExprKind::Select(r, f) if matches!(r.kind, ExprKind::This) => f.name,
        _ => return None,
    };
    c.members.iter().find_map(|m| match m {
        Member::Field(f) if f.name.name == name && !f.mods.is_static => Some(f),
        _ => None,
    })
}

/// The class of the object `e` names, if it is fixed for an object of `c`:
/// a final field of `c` (an owner field is final).
fn fixed_object(c: &Class, e: &Expr) -> Option<Name> {
    own_field(c, e).filter(|f| f.mods.is_final)?.ty.class_name()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::java::parse_java;
    use crate::syntax::span::FileId;

    /// The body weft writes for class `A`'s `exceeds`, printed.
    fn exceeds_of(text: &str) -> String {
        let mut units = vec![parse_java(FileId(0), text).expect("parses")];
        write_exceeds(&mut units);
        let body = units[0].decls.iter().find_map(|d| match d {
            Decl::Class(c) if c.name.name == "A" => c.members.iter().find_map(|m| match m {
                Member::Function(f) if f.name.name == "exceeds" => f.body.clone(),
                _ => None,
            }),
            _ => None,
        });
        match body.map(|b| b.kind) {
            Some(ExprKind::Bool(b)) => b.to_string(),
            Some(ExprKind::Binary(BinOp::Gt, _, _)) => "t > 1".into(),
            other => format!("{other:?}"),
        }
    }

    const OWNER: &str = "class D { int x; /*@ group resource res(frac p) = Perm(x, p);
        group resource half(frac p) = Perm(x, p / 2); @*/ }";

    #[test]
    fn a_write_permission_at_its_own_fraction_through_a_final_owner_is_at_most_one() {
        let a = "class A { final D o; /*@ group resource inv(frac p) = o.res(p);
            pure boolean exceeds(zfrac t); @*/ }";
        assert_eq!(exceeds_of(&format!("{a} {OWNER}")), "t > 1");
    }

    #[test]
    fn half_a_permission_or_a_field_that_may_change_tells_nothing() {
        let half = "class A { final D o; /*@ group resource inv(frac p) = o.half(p);
            pure boolean exceeds(zfrac t); @*/ }";
        assert_eq!(exceeds_of(&format!("{half} {OWNER}")), "false");
        let mutable = "class A { D o; /*@ group resource inv(frac p) = o.res(p);
            pure boolean exceeds(zfrac t); @*/ }";
        assert_eq!(exceeds_of(&format!("{mutable} {OWNER}")), "false");
        let not_group = "class A { int y; /*@ resource inv(frac p) = Perm(y, p);
            pure boolean exceeds(zfrac t); @*/ }";
        assert_eq!(exceeds_of(not_group), "false");
    }
}
