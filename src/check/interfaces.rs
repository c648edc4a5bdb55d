//! Java interfaces: the interfaces a class is a subtype of, and that the
//! class fits them. Member lookup falls back to a class's interfaces
//! (`Env::member`), so a predicate or pure function an interface declares
//! is one member shared by every implementer; a class may therefore not
//! redefine it (that would be a second, different predicate).

use super::env::{Env, Member};
use crate::core::ClassId;
use crate::diag::{Diagnostic, ErrorCode};
use crate::name::Name;
use crate::syntax::ast;
use crate::syntax::span::Span;

/// The interfaces `class` implements directly, with those of the classes
/// it copies members from (`extends`, see `syntax::java::inherit`): their
/// methods are its methods. Errors are reported for its own list only.
pub(super) fn resolve(
    env: &Env,
    classes: &[(ClassId, &ast::Class)],
    class: &ast::Class,
    errs: &mut Vec<Diagnostic>,
) -> Vec<ClassId> {
    let mut out = Vec::new();
    let mut at = Some(class);
    for depth in 0..=classes.len() {
        let Some(c) = at else { break };
        for t in &c.implements {
            // Ghost arguments are gone by now (`syntax::java::instantiate`).
            let ast::TypeKind::Named(i) = &t.kind else {
                continue;
            };
            match env.class_ids.resolve(i).as_ref() {
                Some(id) if env.program.class(*id).is_interface && !out.contains(id) => {
                    out.push(*id)
                }
                Some(id) if env.program.class(*id).is_interface => {}
                Some(_) if depth == 0 => errs.push(Diagnostic::error(
                    ErrorCode::TypeMismatch,
                    i.span,
                    format!("{} is a class, not an interface", i.name),
                )),
                None if depth == 0 => errs.push(Diagnostic::error(
                    ErrorCode::Undeclared,
                    i.span,
                    format!("interface {} is not declared", i.name),
                )),
                _ => {}
            }
        }
        at = c.extends.as_ref().and_then(|e| {
            classes
                .iter()
                .find(|(_, k)| k.name.name == e.name)
                .map(|(_, k)| *k)
        });
    }
    out
}

/// The span of the member `name` of `class` as written (its name).
pub(super) fn member_span(class: &ast::Class, name: &str) -> Span {
    class
        .members
        .iter()
        .find_map(|m| {
            let id = match m {
                ast::Member::Field(f) => &f.name,
                ast::Member::Method(m) => &m.name,
                ast::Member::Function(f) => &f.name,
                ast::Member::Predicate(p) => &p.name,
                ast::Member::RelyGuarantee(_) => return None,
            };
            (id.name == name).then_some(id.span)
        })
        .unwrap_or(class.name.span)
}

/// For every class and each of its interfaces: no predicate or pure
/// function of the interface is redefined, and every method of the
/// interface is implemented by a method with the same signature.
pub(super) fn check_members(
    env: &Env,
    classes: &[(ClassId, &ast::Class)],
    errs: &mut Vec<Diagnostic>,
) {
    let p = &env.program;
    for (id, class) in classes {
        let own = &env.classes[id.0 as usize];
        for s in p.supertypes(*id).into_iter().skip(1) {
            let iface = &env.classes[s.0 as usize];
            let iname = &p.class(s).name;
            let mut names: Vec<(&Name, &Member)> = iface
                .members
                .iter()
                .chain(iface.spec_members.iter())
                .collect();
            names.sort_by_key(|(n, _)| n.as_str());
            for (name, m) in names {
                let mine = own
                    .spec_members
                    .get(name)
                    .into_iter()
                    .chain(own.members.get(name))
                    .copied()
                    .collect::<Vec<_>>();
                match m {
                    Member::Predicate(_) | Member::Function(_) | Member::Constant(_) => {
                        if !mine.is_empty() {
                            errs.push(Diagnostic::error(
                                ErrorCode::NotSupported,
                                member_span(class, name),
                                format!(
                                    "redefining {name} of interface {iname}: an interface's predicates and pure functions are shared by all its implementers"
                                ),
                            ));
                        }
                    }
                    Member::Method(im) => {
                        let mine = mine.iter().find_map(|m| match m {
                            Member::Method(x) => Some(*x),
                            _ => None,
                        });
                        match mine {
                            Some(cm) => {
                                let (a, b) = (p.method(cm), p.method(*im));
                                let same = a.is_static == b.is_static
                                    && a.ret == b.ret
                                    && a.params.len() == b.params.len()
                                    && a.params.iter().zip(&b.params).all(|(x, y)| x.ty == y.ty);
                                if !same {
                                    errs.push(Diagnostic::error(
                                        ErrorCode::TypeMismatch,
                                        member_span(class, name),
                                        format!(
                                            "{}.{name} does not have the signature of {iname}.{name}",
                                            class.name.name
                                        ),
                                    ));
                                }
                            }
                            None if !class.is_interface && !own.members.contains_key(name) => {
                                errs.push(Diagnostic::error(
                                    ErrorCode::Undeclared,
                                    class.name.span,
                                    format!(
                                        "class {} does not implement method {name} of interface {iname}",
                                        class.name.name
                                    ),
                                ));
                            }
                            None => {}
                        }
                    }
                    Member::Field(_) => {}
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::core::{ExprKind, Program, StmtKind, Type};
    use crate::diag::{Code, Diagnostic, ErrorCode};
    use crate::syntax::span::FileId;

    fn check(text: &str) -> Result<Program, Vec<Diagnostic>> {
        let unit = crate::syntax::java::parse_java(FileId(0), text).expect("parses");
        crate::check::check(&[unit])
    }

    fn codes(text: &str) -> Vec<Code> {
        check(text).unwrap_err().iter().map(|d| d.code).collect()
    }

    const SHAPES: &str = "interface Shape { /*@ resource ok(); @*/ void draw(); }
        interface Solid extends Shape { }
        class Box implements Solid { public void draw() {} }";

    #[test]
    fn a_class_is_assignable_to_its_interfaces_transitively() {
        let p = check(&format!(
            "{SHAPES} class M {{ void m(Box b) {{ Shape s = b; Solid t = b; }} }}"
        ))
        .unwrap();
        let b = p.classes.iter().position(|c| c.name == "Box").unwrap();
        let shape = p.classes.iter().position(|c| c.name == "Shape").unwrap();
        assert!(p.classes[shape].is_interface);
        assert!(p.is_subclass(
            crate::core::ClassId(b as u32),
            crate::core::ClassId(shape as u32)
        ));
        let mismatch = Code::Error(ErrorCode::TypeMismatch);
        let back = format!("{SHAPES} class M {{ void m(Shape s) {{ Box b = s; }} }}");
        assert_eq!(codes(&back), [mismatch]);
    }

    #[test]
    fn an_interface_predicate_is_the_members_of_every_implementer() {
        let p = check(&format!(
            "{SHAPES} class M {{ /*@ requires b.ok(); @*/ void m(Box b) {{ }} }}"
        ))
        .unwrap();
        let m = p.methods.iter().find(|m| m.name == "m").unwrap();
        let ExprKind::PredicateAccess(a) = &m.contract.requires[0].kind else {
            panic!("a predicate")
        };
        let owner = p.predicate(a.pred).class.unwrap();
        assert_eq!(p.class(owner).name, "Shape");
        // A call on a Box with no draw of its own would use Shape's; Box has one.
        let call = format!("{SHAPES} class M {{ void m(Solid s) {{ s.draw(); }} }}");
        let p = check(&call).unwrap();
        let m = p.methods.iter().find(|m| m.name == "m").unwrap();
        let StmtKind::Call { call, .. } = &m.body.as_ref().unwrap().stmts[0].kind else {
            panic!("a call")
        };
        let callee = p.method(call.method);
        assert_eq!(p.class(callee.class.unwrap()).name, "Shape");
        assert_eq!(callee.ret, Type::Void);
    }

    #[test]
    fn implementations_are_checked() {
        let ns = Code::Error(ErrorCode::NotSupported);
        let undeclared = Code::Error(ErrorCode::Undeclared);
        let mismatch = Code::Error(ErrorCode::TypeMismatch);
        let redefine = "interface I { /*@ resource p(); @*/ }
            class C implements I { /*@ resource p() = true; @*/ }";
        assert_eq!(codes(redefine), [ns]);
        assert_eq!(
            codes("interface I { void m(); } class C implements I { }"),
            [undeclared]
        );
        let signature =
            "interface I { void m(int x); } class C implements I { public void m(boolean x) {} }";
        assert_eq!(codes(signature), [mismatch]);
        assert_eq!(codes("class D { } class C implements D { }"), [mismatch]);
        assert_eq!(
            codes("interface I { } class C { void m() { I i = new I(); } }"),
            [mismatch]
        );
    }
}
