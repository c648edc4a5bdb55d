//! Inheritance by copying: `class S extends D` gets a copy of every member
//! of D that S does not redefine (same name and kind), so inside the copies
//! `this : S`, and a predicate S redefines (Thread's `preFork`/`postJoin`)
//! replaces D's in every copied contract. A copied method with a body is
//! verified again as S's; one without (the spec library's) is trusted.
//!
//! Constructors are not inherited. `super(args)` (or the implicit `super()`
//! of a constructor that does not start with one) becomes, for a superclass
//! constructor without a body, its contract (`exhale pre; inhale post`, the
//! parameters bound to the arguments by locals); with a body, that body
//! inlined (verified again on S's copies of D's fields). A class without a
//! constructor gets `S() { super(); }` ensuring its fields and D's
//! constructor's postcondition.
//!
//! The limit: there is no subtyping between classes. An S is only ever an
//! S, so a Thread variable cannot hold it (the checker reports that as
//! notSupported) and nothing is dispatched dynamically. (S is a subtype of
//! the interfaces D implements: they are checked against S's copies.)

use crate::diag::{Diagnostic, ErrorCode};
use crate::syntax::ast::*;
use crate::syntax::java::builders::SUPER;
use crate::syntax::span::Span;
use std::collections::HashMap;

/// Copies inherited members into every class with `extends`, in place.
pub fn flatten(units: &mut [Unit]) -> Result<(), Vec<Diagnostic>> {
    let mut index: HashMap<Name, (usize, usize)> = HashMap::new();
    for (u, unit) in units.iter().enumerate() {
        for (d, decl) in unit.decls.iter().enumerate() {
            if let Decl::Class(c) = decl {
                index.entry(c.name.name).or_insert((u, d));
            }
        }
    }
    let mut errs = Vec::new();
    let mut done: HashMap<Name, bool> = HashMap::new();
    let names: Vec<Name> = index.keys().cloned().collect();
    for n in names {
        flatten_class(units, &index, &n, &mut done, &mut errs);
    }
    // `super(…)` in a class without a superclass calls Object(): nothing.
    for unit in units.iter_mut() {
        for decl in &mut unit.decls {
            if let Decl::Class(c) = decl {
                if c.extends.is_none() {
                    for m in &mut c.members {
                        if let Member::Method(m) = m {
                            if let Some(body) = &mut m.body {
                                if m.kind == MethodKind::Constructor {
                                    take_super(body);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

fn class_mut(units: &mut [Unit], at: (usize, usize)) -> &mut Class {
    match &mut units[at.0].decls[at.1] {
        Decl::Class(c) => c,
        Decl::Member(_) => unreachable!("the index holds classes only"),
    }
}

/// Flattens class `name` after its superclass; `done[name]` is false while
/// it is in progress (a cycle).
fn flatten_class(
    units: &mut [Unit],
    index: &HashMap<Name, (usize, usize)>,
    name: &str,
    done: &mut HashMap<Name, bool>,
    errs: &mut Vec<Diagnostic>,
) {
    match done.get(name) {
        Some(true) => return,
        Some(false) => {
            let c = class_mut(units, index[name]);
            let span = c.extends.as_ref().map_or(c.name.span, |e| e.span);
            errs.push(Diagnostic::error(
                ErrorCode::NotSupported,
                span,
                format!("class {name} inherits from itself"),
            ));
            return;
        }
        None => {}
    }
    done.insert(Name::from(name), false);
    let Some(sup) = class_mut(units, index[name]).extends.clone() else {
        done.insert(Name::from(name), true);
        return;
    };
    let Some(&at) = index.get(&sup.name) else {
        errs.push(Diagnostic::error(
            ErrorCode::Undeclared,
            sup.span,
            format!("class {} is not declared", sup.name),
        ));
        done.insert(Name::from(name), true);
        return;
    };
    flatten_class(units, index, &sup.name, done, errs);
    let parent = class_mut(units, at).clone();
    let class = class_mut(units, index[name]);
    inherit(class, &parent, errs);
    done.insert(Name::from(name), true);
}

/// What a member of the class stands for, to tell whether the class has its
/// own: a member of the kind and name, or a rely/guarantee field role of
/// the named field (None: a rely/guarantee clause or action, inherited
/// always, as the parent's annotation applies to the class's objects too).
fn kind(m: &Member) -> Option<(u8, &str)> {
    match m {
        Member::Field(f) => Some((0, &f.name.name)),
        Member::Method(m) => Some((1, &m.name.name)),
        Member::Function(f) => Some((2, &f.name.name)),
        Member::Predicate(p) => Some((3, &p.name.name)),
        Member::RelyGuarantee(RelyGuarantee::Field { role, field, .. }) => {
            Some((4 + *role as u8, &field.name))
        }
        Member::RelyGuarantee(RelyGuarantee::Clause { .. } | RelyGuarantee::Action { .. }) => None,
    }
}

fn inherit(class: &mut Class, parent: &Class, errs: &mut Vec<Diagnostic>) {
    let own: Vec<(u8, String)> = class
        .members
        .iter()
        .filter_map(|m| kind(m).map(|(k, n)| (k, n.to_owned())))
        .collect();
    let redefines_pred = parent.members.iter().any(
        |m| matches!(m, Member::Predicate(p) if own.contains(&(3, String::from(p.name.name)))),
    );
    // A Calvin Thread class's `run` may require more than Thread's: its
    // `start()` checks it (`passes::calvin::threads`).
    let checked_at_start = class.members.iter().any(|m| {
        matches!(
            m,
            Member::RelyGuarantee(RelyGuarantee::Field {
                role: RgField::ThreadStarted,
                ..
            })
        )
    });
    for m in &mut class.members {
        if let Member::Method(m) = m {
            if let Some(d) = overridden(parent, m) {
                let run = checked_at_start && m.name.name == "run" && m.params.is_empty();
                if let Err(e) = override_contract(m, d, run) {
                    errs.push(e);
                }
            }
        }
    }
    for m in &parent.members {
        if let Member::Method(x) = m {
            if x.kind == MethodKind::Constructor {
                continue;
            }
            // A thread's run is what start's contract stands for: with a
            // redefined preFork/postJoin, the trusted default would be unsound.
            if x.body.is_none() && x.name.name == "run" && redefines_pred {
                if !own.contains(&(1, "run".to_owned())) {
                    errs.push(Diagnostic::error(
                        ErrorCode::RunnableMethodMissing,
                        class.name.span,
                        format!(
                            "class {} redefines {}'s predicates, so it must define run",
                            class.name.name, parent.name.name
                        ),
                    ));
                }
                continue;
            }
        }
        if !kind(m).is_some_and(|(k, n)| own.contains(&(k, n.to_owned()))) {
            let mut copy = m.clone();
            copy.set_derived(Derived {
                rule: Rule::Inherited,
                at: class.extends.as_ref().map_or(class.name.span, |e| e.span),
            });
            class.members.push(copy);
        }
    }
    let parent_ctors: Vec<&Method> = parent
        .members
        .iter()
        .filter_map(|m| match m {
            Member::Method(m) if m.kind == MethodKind::Constructor => Some(m),
            _ => None,
        })
        .collect();
    let mut has_ctor = false;
    for m in &mut class.members {
        let Member::Method(m) = m else { continue };
        if m.kind != MethodKind::Constructor {
            continue;
        }
        has_ctor = true;
        let Some(body) = &mut m.body else { continue };
        let (args, span) = take_super(body).unwrap_or((Vec::new(), body.span));
        match super_stmts(&parent_ctors, parent, args, span) {
            Ok(mut ss) => {
                ss.append(&mut body.stmts);
                body.stmts = ss;
            }
            Err(d) => errs.push(d),
        }
    }
    if !has_ctor {
        let span = class.name.span;
        match default_ctor(class, &parent_ctors, parent, span) {
            Ok(m) => class.members.push(Member::Method(m)),
            Err(d) => errs.push(d),
        }
    }
}

fn overridden<'p>(parent: &'p Class, m: &Method) -> Option<&'p Method> {
    if m.kind == MethodKind::Constructor {
        return None;
    }
    parent.members.iter().find_map(|d| match d {
        Member::Method(d) if d.kind == MethodKind::Method && d.name.name == m.name.name => Some(d),
        _ => None,
    })
}

/// An expression's shape, without its spans.
fn shape(e: &Expr) -> String {
    let text = format!("{e:?}");
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("Span {") {
        out.push_str(&rest[..i]);
        rest = rest[i..].find('}').map_or("", |j| &rest[i + j + 1..]);
    }
    out.push_str(rest);
    out
}

fn shapes(c: &Contract, k: ClauseKind) -> Vec<String> {
    c.clauses
        .iter()
        .filter(|c| c.kind == k || c.kind == ClauseKind::Context)
        .map(|c| shape(&c.expr))
        .collect()
}

/// Behavioural subtyping, kept simple: an overriding method without a
/// contract takes the overridden one's; with one, it may require only
/// clauses the overridden method requires and must ensure at least what it ensures
/// (so a thread's run cannot assume more than start hands it). A Calvin
/// thread's `run` (`pre_checked_at_start`) keeps its own: its `start()`
/// checks its precondition.
fn override_contract(
    m: &mut Method,
    d: &Method,
    pre_checked_at_start: bool,
) -> Result<(), Diagnostic> {
    let c = &m.contract;
    if c.clauses.is_empty() && c.given.is_empty() && c.yields.is_empty() {
        m.contract = d.contract.clone();
        return Ok(());
    }
    // Thread's contract is about permissions, which a Calvin program has
    // none of: its run's own contract stands.
    if pre_checked_at_start {
        return Ok(());
    }
    // Requiring less is sound: every clause must be one the overridden requires.
    let parent_pre = shapes(&d.contract, ClauseKind::Requires);
    let same_pre = shapes(c, ClauseKind::Requires)
        .iter()
        .all(|x| parent_pre.contains(x));
    let given = |c: &Contract| c.given.iter().map(|p| p.name.name).collect::<Vec<_>>();
    let ens = shapes(c, ClauseKind::Ensures);
    let keeps_post = shapes(&d.contract, ClauseKind::Ensures)
        .iter()
        .all(|x| ens.contains(x));
    if same_pre && keeps_post && given(c) == given(&d.contract) {
        return Ok(());
    }
    Err(Diagnostic::error(
        ErrorCode::NotSupported,
        m.name.span,
        format!(
            "overriding {} with a different contract (it may require only what the overridden method requires and must ensure at least as much)",
            m.name.name
        ),
    ))
}

/// Removes a leading `super(args);` from a constructor body.
fn take_super(body: &mut Block) -> Option<(Vec<Expr>, Span)> {
    let first = body.stmts.first()?;
    let StmtKind::Expr(Expr {
        kind: ExprKind::Call(c),
        ..
    }) = &first.kind
    else {
        return None;
    };
    if c.recv.is_some() || c.name.name != SUPER {
        return None;
    }
    let out = (c.args.clone(), first.span);
    body.stmts.remove(0);
    Some(out)
}

/// What `super(args)` stands for, at `span`.
fn super_stmts(
    ctors: &[&Method],
    parent: &Class,
    args: Vec<Expr>,
    span: Span,
) -> Result<Vec<Stmt>, Diagnostic> {
    let ctor = ctors.iter().find(|c| c.params.len() == args.len());
    let Some(ctor) = ctor else {
        if ctors.is_empty() && args.is_empty() {
            return Ok(Vec::new());
        }
        return Err(Diagnostic::error(
            ErrorCode::Arity,
            span,
            format!(
                "{} has no constructor with {} argument(s)",
                parent.name.name,
                args.len()
            ),
        ));
    };
    let stmt = |kind| Stmt { kind, span };
    let mut out: Vec<Stmt> = ctor
        .params
        .iter()
        .zip(args)
        .map(|(p, a)| {
            stmt(StmtKind::Local {
                ty: p.ty.clone(),
                name: p.name.clone(),
                init: Some(a),
            })
        })
        .collect();
    match &ctor.body {
        Some(b) => out.extend(b.stmts.iter().cloned()),
        None => {
            let clauses = |k: ClauseKind| {
                ctor.contract
                    .clauses
                    .iter()
                    .filter(move |c| c.kind == k || c.kind == ClauseKind::Context)
                    .map(|c| c.expr.clone())
            };
            for e in clauses(ClauseKind::Requires) {
                out.push(stmt(StmtKind::Exhale(e)));
            }
            for e in clauses(ClauseKind::Ensures) {
                out.push(stmt(StmtKind::Inhale(e)));
            }
        }
    }
    Ok(vec![stmt(StmtKind::Block(Block { stmts: out, span }))])
}

/// `ensures Perm(this.f, write)` for every field a constructor may write
/// (non-final, non-static): a default constructor's contract.
pub(super) fn field_write_ensures(class: &Class, span: Span) -> Vec<Clause> {
    let e = |kind| Expr { kind, span };
    class
        .members
        .iter()
        .filter_map(|m| match m {
            Member::Field(f) if !f.mods.is_final && !f.mods.is_static => Some(f),
            _ => None,
        })
        .map(|f| Clause {
            kind: ClauseKind::Ensures,
            expr: e(ExprKind::Perm(
                Box::new(e(ExprKind::Select(
                    Box::new(e(ExprKind::This)),
                    f.name.clone(),
                ))),
                Box::new(e(ExprKind::Write)),
            )),
            span,
        })
        .collect()
}

/// `S() { super(); }`, ensuring write permission to S's fields (as the
/// checker's default constructor does) and the superclass constructor's
/// postcondition.
fn default_ctor(
    class: &Class,
    ctors: &[&Method],
    parent: &Class,
    span: Span,
) -> Result<Method, Diagnostic> {
    let mut clauses = field_write_ensures(class, span);
    if let Some(c) = ctors.iter().find(|c| c.params.is_empty()) {
        clauses.extend(
            c.contract
                .clauses
                .iter()
                .filter(|c| matches!(c.kind, ClauseKind::Ensures | ClauseKind::Context))
                .map(|c| Clause {
                    kind: ClauseKind::Ensures,
                    ..c.clone()
                }),
        );
    }
    let stmts = super_stmts(ctors, parent, Vec::new(), span)?;
    Ok(Method::synthesized_constructor(
        class.name.clone(),
        Vec::new(),
        clauses,
        stmts,
        span,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::java::parse_java;
    use crate::syntax::span::FileId;

    #[test]
    fn a_subclass_gets_the_members_it_does_not_redefine() {
        let mut units = vec![parse_java(
        FileId(0),
        "class D { int x; void m() {} void n() {} } class S extends D { void n() {} S() { super(); } }",
    )
    .expect("parses")];
        flatten(&mut units).expect("flattens");
        let Decl::Class(s) = &units[0].decls[1] else {
            panic!("a class")
        };
        let names: Vec<&str> = s
            .members
            .iter()
            .map(|m| match m {
                Member::Field(f) => f.name.name.as_str(),
                Member::Method(m) => m.name.name.as_str(),
                Member::Function(f) => f.name.name.as_str(),
                Member::Predicate(p) => p.name.name.as_str(),
                Member::RelyGuarantee(_) => "",
            })
            .collect();
        assert_eq!(names, ["n", "S", "x", "m"]);
    }
}
