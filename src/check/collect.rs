//! The order in which declarations are collected ([`collect`]): classes,
//! their interfaces, their members, the global members, then the lockable
//! and runnable classes ([`core::Features`]) and the default constructors.
//! [`super::env`] holds the tables and how one declaration enters them;
//! this module drives it, so that `env` needs neither `interfaces` nor the passes.

use super::env::{ClassInfo, ClassNames, Collector, Env, FileNames, Job};
use crate::core::{self, ClassId, Program};
use crate::diag::Diagnostic;
use crate::syntax::ast::{self, LOCK_INVARIANT};
use rustc_hash::FxHashMap as HashMap;

/// Java's static imports, by file: `import static p.C.m;` and `import static p.C.*;` name a
/// class of package p (written or of the library); one that names none is undeclared.
fn static_imports(env: &mut Env, units: &[ast::Unit], errs: &mut Vec<Diagnostic>) {
    for u in units {
        let Some(java) = &u.java else { continue };
        let Some(file) = u.decls.iter().find_map(|d| match d {
            ast::Decl::Class(c) => Some(c.name.span.file),
            ast::Decl::Member(_) => None,
        }) else {
            continue;
        };
        for i in java.imports.iter().filter(|i| i.is_static) {
            // `p.C.*` names C last; `p.C.m` names C before m.
            let (class_path, member) = if i.all {
                (&i.path[..], None)
            } else {
                (
                    &i.path[..i.path.len().saturating_sub(1)],
                    i.path.last().copied(),
                )
            };
            let Some((name, package)) = class_path.split_last() else {
                continue;
            };
            match env.class_ids.in_package(package, name) {
                Some(c) => env
                    .static_imports
                    .entry(file)
                    .or_default()
                    .push((c, member)),
                None => {
                    let path: Vec<&str> = class_path.iter().map(|n| n.as_str()).collect();
                    errs.push(Diagnostic::error(
                        crate::diag::ErrorCode::Undeclared,
                        i.span,
                        format!("no class {} to import from", path.join(".")),
                    ));
                }
            }
        }
    }
}

/// Collects the declarations of all units. Errors go to `errs`; erroneous
/// members are left out.
pub(super) fn collect<'a>(
    units: &'a [ast::Unit],
    errs: &mut Vec<Diagnostic>,
) -> (Env, Vec<Job<'a>>) {
    let mut c = Collector {
        env: Env {
            program: Program::default(),
            class_ids: ClassNames::default(),
            classes: Vec::new(),
            globals: FileNames::default(),
            given_names: HashMap::default(),
            given_defaults: HashMap::default(),
            overloads: HashMap::default(),
            yields_names: HashMap::default(),
            group_params: HashMap::default(),
            supers: HashMap::default(),
            statics: HashMap::default(),
            static_fields: HashMap::default(),
            static_imports: HashMap::default(),
        },
        jobs: Vec::new(),
        errs,
    };
    reserve(&mut c.env.program, &mut c.jobs, units);
    // Which classes each Java file sees (its package and imports).
    for u in units {
        let Some(java) = &u.java else { continue };
        for decl in &u.decls {
            if let ast::Decl::Class(class) = decl {
                let scope = super::env::Scope {
                    package: java.package.clone(),
                    imports: java.imports.clone(),
                    library: u.library,
                };
                c.env.class_ids.scope(class.name.span.file, scope);
            }
        }
    }
    // Classes first: member signatures mention class types.
    let mut classes = Vec::new();
    for decl in units.iter().flat_map(|u| &u.decls) {
        if let ast::Decl::Class(class) = decl {
            let id = ClassId(c.env.program.classes.len() as u32);
            if !c.env.class_ids.declare(&class.name, id) {
                c.dup(&class.name, "class");
                continue;
            }
            c.env.program.classes.push(core::Class {
                name: class.name.name,
                fields: Vec::new(),
                is_interface: class.is_interface,
                interfaces: Vec::new(),
                superclass: None,
                enum_constants: class
                    .enum_constants
                    .as_ref()
                    .map(|cs| cs.iter().map(|c| c.name).collect()),
                span: class.span,
            });
            c.env.classes.push(ClassInfo::default());
            if let Some(s) = &class.extends {
                c.env.supers.insert(id, s.name);
            }
            classes.push((id, class));
        }
    }
    static_imports(&mut c.env, units, c.errs);
    for (id, class) in &classes {
        let ids = super::interfaces::resolve(&c.env, &classes, class, c.errs);
        c.env.program.classes[id.0 as usize].interfaces = ids;
    }
    for (id, class) in &classes {
        for m in &class.members {
            c.member(Some(*id), m);
        }
    }
    super::interfaces::check_members(&c.env, &classes, c.errs);
    exception_subtypes(&mut c.env);
    for decl in units.iter().flat_map(|u| &u.decls) {
        if let ast::Decl::Member(m) = decl {
            c.member(None, m);
        }
    }
    let mut atomicity = std::mem::take(&mut c.env.program.features.atomicity);
    // An abstract class's own methods never run (its subclasses' copies
    // do, `passes::java::inherit`): their specifications are the copies'.
    let abstract_classes: Vec<ClassId> = (classes.iter())
        .filter(|(_, k)| k.is_abstract)
        .map(|(id, _)| *id)
        .collect();
    let methods = &c.env.program.methods;
    atomicity.retain(|m, _| {
        let class = methods[m.0 as usize].class;
        !class.is_some_and(|k| abstract_classes.contains(&k))
    });
    let group = std::mem::take(&mut c.env.program.features.group);
    c.env.program.features = core::Features {
        atomicity,
        calvin_r: calvin_r(units, &classes),
        group,
        ..features(&c.env.program)
    };
    super::rely_guarantee::fields(&mut c.env, &classes, c.errs);
    // The models and their members, so that bodies can resolve processes.
    for (id, class) in classes.iter().filter(|(_, c)| c.is_model) {
        let mut model = core::Model::default();
        for m in &class.members {
            if let ast::Member::Method(m) = m {
                let found = c.env.classes[id.0 as usize]
                    .members
                    .get(&m.name.name)
                    .copied();
                if let (Some(kind), Some(super::env::Member::Method(mid))) = (m.mods.history, found)
                {
                    model.members.insert(
                        mid,
                        core::ModelMember {
                            kind,
                            modifies: Vec::new(),
                            accessible: Vec::new(),
                            def: None,
                        },
                    );
                }
            }
        }
        c.env.program.features.models.insert(*id, model);
    }
    for (id, class) in &classes {
        if c.env.classes[id.0 as usize].ctors.is_empty() && !class.is_interface {
            c.default_ctor(*id, class);
        }
    }
    // Grown one member at a time; they live as long as the program.
    let p = &mut c.env.program;
    p.methods.shrink_to_fit();
    p.functions.shrink_to_fit();
    p.fields.shrink_to_fit();
    (c.env, c.jobs)
}

/// The lockable classes (a `lock_invariant` predicate) and the runnable ones
/// (a `void run()`), each with that member.
fn features(p: &Program) -> core::Features {
    let mut f = core::Features::default();
    for (i, q) in p.predicates.iter().enumerate() {
        let is_invariant = q.name == LOCK_INVARIANT && !q.is_static && q.params.is_empty();
        if let Some(c) = q.class.filter(|_| is_invariant) {
            f.lock_invariant
                .entry(c)
                .or_insert(core::PredicateId(i as u32));
        }
    }
    for (i, m) in p.methods.iter().enumerate() {
        if let Some(c) = m.class.filter(|_| is_run(m)) {
            f.run.entry(c).or_insert(core::MethodId(i as u32));
        }
    }
    f
}

/// Calvin-R's program, if a unit has its annotations: the classes of such
/// units (the annotations are checked later, each on its own).
fn calvin_r(units: &[ast::Unit], classes: &[(ClassId, &ast::Class)]) -> Option<core::CalvinR> {
    let marked: Vec<&ast::Class> = (units.iter())
        .filter(|u| ast::has_calvin_r(&u.decls))
        .flat_map(|u| &u.decls)
        .filter_map(|d| match d {
            ast::Decl::Class(c) if !c.is_interface => Some(c),
            _ => None,
        })
        .collect();
    if marked.is_empty() {
        return None;
    }
    let classes = (classes.iter())
        .filter(|(_, c)| marked.iter().any(|m| std::ptr::eq(*m, *c)))
        .map(|(id, _)| *id)
        .collect();
    Some(core::CalvinR {
        classes,
        ..core::CalvinR::default()
    })
}

/// Whether `m` is a thread's body: `void run()`, an instance method.
fn is_run(m: &core::Method) -> bool {
    m.name == "run"
        && !m.is_constructor
        && !m.is_static
        && m.params.is_empty()
        && m.given.is_empty()
        && m.yields.is_empty()
        && m.ret == core::Type::Void
}

/// Room for the members `units` declare (a large program's tables would
/// otherwise be copied each time they grow).
fn reserve(p: &mut Program, jobs: &mut Vec<Job<'_>>, units: &[ast::Unit]) {
    let (mut classes, mut methods, mut functions, mut fields, mut predicates) = (0, 0, 0, 0, 0);
    let mut constants = 0;
    for decl in units.iter().flat_map(|u| &u.decls) {
        let members = match decl {
            ast::Decl::Class(c) => {
                classes += 1;
                &c.members[..]
            }
            ast::Decl::Member(m) => std::slice::from_ref(m),
        };
        for m in members {
            match m {
                ast::Member::Field(f) if f.mods.is_static => constants += 1,
                ast::Member::Field(_) => fields += 1,
                ast::Member::Method(_) => methods += 1,
                ast::Member::Function(_) => functions += 1,
                ast::Member::Predicate(_) => predicates += 1,
                ast::Member::RelyGuarantee(_) => {}
            }
        }
    }
    p.classes.reserve_exact(classes);
    // A default constructor per class at most.
    p.methods.reserve_exact(methods + classes);
    // Constants are functions.
    p.functions.reserve_exact(functions + constants);
    p.fields.reserve_exact(fields);
    p.predicates.reserve_exact(predicates);
    jobs.reserve_exact(methods + functions + constants + predicates);
}

/// The one subtyping between classes: an exception class is a subtype of
/// its superclass when that is `Throwable` or one of its subclasses and has
/// no fields. With inheritance by copying (`passes::java::inherit`), a class
/// has its own copies of its superclass's fields and methods; without
/// fields there is nothing a superclass-typed reference could read from the
/// wrong copy, and the library's exception methods are bodiless, so a call
/// through the superclass's contract is the call (`passes::dyntype` gives
/// each object its class, for `instanceof` and `catch`).
fn exception_subtypes(env: &mut Env) {
    let throwable = |env: &Env, mut at: ClassId| {
        for _ in 0..=env.supers.len() {
            if env.program.class(at).name == "Throwable" {
                return true;
            }
            match env.supers.get(&at).and_then(|s| env.class_ids.get(s)) {
                Some(next) => at = *next,
                None => return false,
            }
        }
        false
    };
    let links: Vec<(ClassId, ClassId)> = env
        .supers
        .iter()
        .filter_map(|(sub, sup)| Some((*sub, *env.class_ids.get(sup)?)))
        .filter(|(_, sup)| throwable(env, *sup) && env.program.class(*sup).fields.is_empty())
        .collect();
    for (sub, sup) in links {
        env.program.classes[sub.0 as usize].superclass = Some(sup);
    }
}
