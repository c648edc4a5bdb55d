//! PVL generics, by instantiation (monomorphisation) before checking.
//!
//! A class `class Box<T> { … }` or a member `T id<T>(T t)` with type
//! parameters is a template. Each distinct use with type arguments
//! (`Box<int>`, `new Box<int>()`, `id<int>(x)`, `o.m<T>(…)`) becomes an
//! ordinary declaration named `Box$int`, `id$int`, in which every type
//! parameter is replaced by its argument; the use names it. So the checker,
//! passes and encoders never see a type parameter, as for Java's class ghost
//! parameters (`passes::java::instantiate`).
//!
//! A template that no program text instantiates is still checked and
//! verified once, for an abstract type: each of its type parameters stands
//! for an empty class of the same name (one per name, shared by the
//! templates), about which nothing is known but equality. Type arguments are
//! not inferred: a call of a generic member needs them written (VerCors
//! infers some; weft reports the call as not supported).

use std::collections::{HashMap, HashSet, VecDeque};

use crate::diag::{Diagnostic, ErrorCode};
use crate::syntax::ast::*;
use crate::syntax::span::Span;
use crate::syntax::walk::{self, Rewrite};

/// Whether any file declares a generic class or member (then method bodies
/// must be parsed, not skimmed, before [`expand`]).
pub fn has_templates(units: &[Unit]) -> bool {
    units.iter().flat_map(|u| &u.decls).any(|d| match d {
        Decl::Class(c) => !c.type_params.is_empty() || c.members.iter().any(is_template),
        Decl::Member(m) => is_template(m),
    })
}

fn is_template(m: &Member) -> bool {
    !type_params(m).is_empty()
}

fn type_params(m: &Member) -> &[Ident] {
    match m {
        Member::Method(m) => &m.type_params,
        Member::Function(f) => &f.type_params,
        Member::Field(_) | Member::Predicate(_) | Member::RelyGuarantee(_) => &[],
    }
}

/// Where a member template lives: a class (by name) or the top level.
type Owner = Option<Name>;

struct ClassTemplate {
    class: Class,
    unit: usize,
    used: bool,
}

struct MemberTemplate {
    member: Member,
    unit: usize,
    used: bool,
}

enum Request {
    Class(Name, Vec<Type>, Name),
    Member(Owner, Name, Vec<Type>, Name),
}

#[derive(Default)]
struct State {
    classes: HashMap<Name, ClassTemplate>,
    members: HashMap<(Owner, Name), MemberTemplate>,
    /// Instances made or queued, by name.
    made: HashSet<Name>,
    queue: VecDeque<Request>,
    errors: Vec<Diagnostic>,
    /// Calls of generic members and `new` of generic classes seen without
    /// type arguments, by the span
    /// of the name: errors unless the call turns out to be the inside of a
    /// `TypeApplied` (children are rewritten before their parents).
    bare: HashMap<Span, Diagnostic>,
}

/// Replaces every template use in `units` by an instance, adding the
/// instances next to their templates; templates themselves are removed.
pub fn expand(units: &mut [Unit]) -> Result<(), Vec<Diagnostic>> {
    if !has_templates(units) {
        return Ok(());
    }
    let mut st = State::default();
    take_templates(units, &mut st);
    // The program text outside templates first.
    for u in units.iter_mut() {
        for d in &mut u.decls {
            match d {
                Decl::Class(c) => {
                    let mut r = Ctx::new(&mut st, HashMap::new(), Some(c.name.name));
                    for m in &mut c.members {
                        walk::member(&mut r, m);
                    }
                }
                Decl::Member(m) => walk::member(&mut Ctx::new(&mut st, HashMap::new(), None), m),
            }
        }
    }
    drain(units, &mut st);
    // Templates nobody instantiated: once, for abstract types.
    let mut abstract_types: Vec<Ident> = Vec::new();
    // In a fixed order (the maps' is not): the output, and the verdict
    // cache's key, are the same from run to run.
    let mut unused_classes: Vec<Name> = st
        .classes
        .iter()
        .filter(|(_, t)| !t.used)
        .map(|(n, _)| *n)
        .collect();
    unused_classes.sort_by_key(|n| (st.classes[n].unit, n.to_string()));
    for n in unused_classes {
        let params = st.classes[&n].class.type_params.clone();
        let args = abstract_args(&params, &mut abstract_types);
        let name = mangle(n, &args);
        if st.made.insert(name) {
            st.queue.push_back(Request::Class(n, args, name));
        }
    }
    let mut unused_members: Vec<(Owner, Name)> = st
        .members
        .iter()
        .filter(|(_, t)| !t.used)
        .map(|(k, _)| *k)
        .collect();
    unused_members.sort_by_key(|k| {
        let owner = k.0.map_or(String::new(), |o| o.to_string());
        (st.members[k].unit, owner, k.1.to_string())
    });
    for (owner, n) in unused_members {
        let params = type_params(&st.members[&(owner, n)].member).to_vec();
        let args = abstract_args(&params, &mut abstract_types);
        let name = mangle(n, &args);
        if st.made.insert(name) {
            st.queue.push_back(Request::Member(owner, n, args, name));
        }
    }
    drain(units, &mut st);
    if let Some(u) = units.first_mut() {
        let taken: HashSet<Name> = u
            .decls
            .iter()
            .filter_map(|d| match d {
                Decl::Class(c) => Some(c.name.name),
                Decl::Member(_) => None,
            })
            .collect();
        let mut seen = HashSet::new();
        for t in abstract_types {
            if taken.contains(&t.name) {
                st.errors.push(Diagnostic::not_supported(
                    t.span,
                    format!("a type parameter named like the class {}", t.name),
                ));
            } else if seen.insert(t.name) {
                u.decls.push(Decl::Class(empty_class(t)));
            }
        }
    }
    let mut bare: Vec<_> = st.bare.into_values().collect();
    bare.sort_by_key(|d| d.span.map(|s| (s.file, s.start)));
    st.errors.extend(bare);
    if st.errors.is_empty() {
        Ok(())
    } else {
        Err(st.errors)
    }
}

/// The abstract arguments of an unused template: its parameters, as the
/// names of the empty classes that stand for them.
fn abstract_args(params: &[Ident], out: &mut Vec<Ident>) -> Vec<Type> {
    params
        .iter()
        .map(|p| {
            out.push(p.clone());
            Type {
                kind: TypeKind::Named(p.clone()),
                span: p.span,
            }
        })
        .collect()
}

fn empty_class(name: Ident) -> Class {
    let span = name.span;
    Class {
        name,
        type_params: Vec::new(),
        extends: None,
        ghost_params: Vec::new(),
        implements: Vec::new(),
        is_interface: false,
        is_abstract: false,
        is_model: false,
        enum_constants: None,
        members: Vec::new(),
        span,
    }
}

fn take_templates(units: &mut [Unit], st: &mut State) {
    for (ui, u) in units.iter_mut().enumerate() {
        for d in std::mem::take(&mut u.decls) {
            match d {
                Decl::Class(c) if !c.type_params.is_empty() => {
                    for m in c.members.iter().filter(|m| is_template(m)) {
                        st.errors.push(Diagnostic::not_supported(
                            type_params(m)[0].span,
                            "a generic member of a generic class",
                        ));
                    }
                    let name = c.name.name;
                    if st.classes.contains_key(&name) {
                        st.errors.push(Diagnostic::error(
                            ErrorCode::Duplicate,
                            c.name.span,
                            format!("class {name} is declared twice"),
                        ));
                        continue;
                    }
                    st.classes.insert(
                        name,
                        ClassTemplate {
                            class: c,
                            unit: ui,
                            used: false,
                        },
                    );
                }
                Decl::Class(mut c) => {
                    let owner = Some(c.name.name);
                    for m in std::mem::take(&mut c.members) {
                        if is_template(&m) {
                            add_member(st, owner, m, ui);
                        } else {
                            c.members.push(m);
                        }
                    }
                    u.decls.push(Decl::Class(c));
                }
                Decl::Member(m) if is_template(&m) => add_member(st, None, m, ui),
                d => u.decls.push(d),
            }
        }
    }
}

/// A template's name (a method or a function: only they have type parameters).
fn member_name(m: &Member) -> Option<&Ident> {
    match m {
        Member::Method(m) => Some(&m.name),
        Member::Function(f) => Some(&f.name),
        Member::Field(_) | Member::Predicate(_) | Member::RelyGuarantee(_) => None,
    }
}

fn add_member(st: &mut State, owner: Owner, m: Member, unit: usize) {
    let Some(name) = member_name(&m).cloned() else {
        return;
    };
    if st.members.contains_key(&(owner, name.name)) {
        st.errors.push(Diagnostic::error(
            ErrorCode::Duplicate,
            name.span,
            format!("generic {} is declared twice", name.name),
        ));
        return;
    }
    st.members.insert(
        (owner, name.name),
        MemberTemplate {
            member: m,
            unit,
            used: false,
        },
    );
}

/// Makes the queued instances (which may queue more).
fn drain(units: &mut [Unit], st: &mut State) {
    while let Some(req) = st.queue.pop_front() {
        match req {
            Request::Class(template, args, name) => {
                let t = &st.classes[&template];
                let mut c = t.class.clone();
                let unit = t.unit;
                let subst = bind(&c.type_params, args);
                c.type_params.clear();
                c.name.name = name;
                for m in &mut c.members {
                    if let Member::Method(m) = m {
                        if m.kind == MethodKind::Constructor {
                            m.name.name = name;
                        }
                    }
                }
                let mut r = Ctx::new(st, subst, Some(name));
                for m in &mut c.members {
                    walk::member(&mut r, m);
                }
                units[unit].decls.push(Decl::Class(c));
            }
            Request::Member(owner, template, args, name) => {
                let t = &st.members[&(owner, template)];
                let mut m = t.member.clone();
                let unit = t.unit;
                let subst = bind(type_params(&m), args);
                match &mut m {
                    Member::Method(x) => {
                        x.type_params.clear();
                        x.name.name = name;
                    }
                    Member::Function(x) => {
                        x.type_params.clear();
                        x.name.name = name;
                    }
                    Member::Field(_) | Member::Predicate(_) | Member::RelyGuarantee(_) => {}
                }
                walk::member(&mut Ctx::new(st, subst, owner), &mut m);
                place(units, unit, owner, m);
            }
        }
    }
}

fn bind(params: &[Ident], args: Vec<Type>) -> HashMap<Name, Type> {
    params.iter().map(|p| p.name).zip(args).collect()
}

/// Puts an instance member next to its template: in its class, or at the top.
fn place(units: &mut [Unit], unit: usize, owner: Owner, m: Member) {
    let Some(owner) = owner else {
        units[unit].decls.push(Decl::Member(m));
        return;
    };
    for d in &mut units[unit].decls {
        if let Decl::Class(c) = d {
            if c.name.name == owner {
                c.members.push(m);
                return;
            }
        }
    }
}

/// An instance's name: the template's and its arguments', `Box$int`,
/// `count$seq_int_`. `$` cannot be written in PVL, so no name clashes.
fn mangle(template: Name, args: &[Type]) -> Name {
    let mut s = template.to_string();
    for a in args {
        s.push('$');
        mangle_ty(a, &mut s);
    }
    Name::from(s)
}

/// A type's spelling without places: equal for types written alike.
pub fn type_key(t: &Type) -> String {
    let mut s = String::new();
    mangle_ty(t, &mut s);
    s
}

fn mangle_ty(t: &Type, s: &mut String) {
    let wrap = |s: &mut String, kw: &str, ts: &[&Type]| {
        s.push_str(kw);
        for t in ts {
            s.push('_');
            mangle_ty(t, s);
        }
        s.push('_');
    };
    match &t.kind {
        TypeKind::Int => s.push_str("int"),
        TypeKind::Bool => s.push_str("boolean"),
        TypeKind::Void => s.push_str("void"),
        TypeKind::Inferred => s.push_str("var"),
        TypeKind::Resource => s.push_str("resource"),
        TypeKind::Frac => s.push_str("frac"),
        TypeKind::ZFrac => s.push_str("zfrac"),
        TypeKind::Rational => s.push_str("rational"),
        TypeKind::Process => s.push_str("process"),
        TypeKind::Seq(e) => wrap(s, "seq", &[e]),
        TypeKind::Set(e) => wrap(s, "set", &[e]),
        TypeKind::Bag(e) => wrap(s, "bag", &[e]),
        TypeKind::Option(e) => wrap(s, "option", &[e]),
        TypeKind::Array(e) => wrap(s, "array", &[e]),
        TypeKind::Map(k, v) => wrap(s, "map", &[k, v]),
        TypeKind::Tuple(a, b) => wrap(s, "tuple", &[a, b]),
        TypeKind::Named(n) => s.push_str(n.name.as_str()),
        TypeKind::Applied(n, ts) => {
            s.push_str(n.name.as_str());
            for t in ts {
                s.push('$');
                mangle_ty(t, s);
            }
        }
        TypeKind::Generic(n, _) => s.push_str(n.name.as_str()),
        TypeKind::Family { .. } => s.push_str("family"),
        TypeKind::FunctionFamily { .. } => s.push_str("function"),
    }
}

/// Rewrites one declaration: type parameters to their arguments, uses of
/// templates to their instances (queued).
struct Ctx<'s> {
    st: &'s mut State,
    subst: HashMap<Name, Type>,
    /// The class being rewritten, where `m<T>(…)` looks first.
    class: Owner,
}

impl<'s> Ctx<'s> {
    fn new(st: &'s mut State, subst: HashMap<Name, Type>, class: Owner) -> Ctx<'s> {
        Ctx { st, subst, class }
    }

    fn err(&mut self, code: ErrorCode, span: Span, msg: String) {
        self.st.errors.push(Diagnostic::error(code, span, msg));
    }

    fn arity(&mut self, params: usize, args: &[Type], what: Name, span: Span) -> bool {
        if params == args.len() {
            return true;
        }
        let msg = format!(
            "{what} takes {params} type argument(s), {} given",
            args.len()
        );
        self.err(ErrorCode::Arity, span, msg);
        false
    }

    /// The instance of class template `n` at `args`, queued if new.
    fn class_instance(&mut self, n: &Ident, args: &[Type], span: Span) -> Option<Name> {
        let Some(t) = self.st.classes.get_mut(&n.name) else {
            let msg = format!("{} is not a generic class", n.name);
            self.err(ErrorCode::Undeclared, n.span, msg);
            return None;
        };
        t.used = true;
        let params = t.class.type_params.len();
        self.instance(params, n.name, args, span, |name| {
            Request::Class(n.name, args.to_vec(), name)
        })
    }

    /// The name of template `n`'s instance at `args` (it has `params` type
    /// parameters), its `request` queued the first time.
    fn instance(
        &mut self,
        params: usize,
        n: Name,
        args: &[Type],
        span: Span,
        request: impl FnOnce(Name) -> Request,
    ) -> Option<Name> {
        if !self.arity(params, args, n, span) {
            return None;
        }
        let name = mangle(n, args);
        if self.st.made.insert(name) {
            self.st.queue.push_back(request(name));
        }
        Some(name)
    }

    /// The member template a call `[recv.]n<…>(…)` names: in the class
    /// being rewritten, at the top level, or (with a receiver) the one
    /// class that has one by that name.
    fn member_template(&self, n: Name, has_recv: bool) -> Option<Owner> {
        if self.class.is_some() && self.st.members.contains_key(&(self.class, n)) {
            return Some(self.class);
        }
        if !has_recv && self.st.members.contains_key(&(None, n)) {
            return Some(None);
        }
        let mut owners = self
            .st
            .members
            .keys()
            .filter(|(o, m)| *m == n && o.is_some());
        match (owners.next(), owners.next()) {
            (Some((o, _)), None) => Some(*o),
            _ => None,
        }
    }

    fn member_instance(
        &mut self,
        n: &Ident,
        has_recv: bool,
        args: &[Type],
        span: Span,
    ) -> Option<Name> {
        let Some(owner) = self.member_template(n.name, has_recv) else {
            let msg = format!("{} is not a generic method or function", n.name);
            self.err(ErrorCode::Undeclared, n.span, msg);
            return None;
        };
        let t = self
            .st
            .members
            .get_mut(&(owner, n.name))
            .expect("found above");
        t.used = true;
        let params = type_params(&t.member).len();
        self.instance(params, n.name, args, span, |name| {
            Request::Member(owner, n.name, args.to_vec(), name)
        })
    }
}

impl Rewrite for Ctx<'_> {
    fn ty(&mut self, t: &mut Type) {
        match &t.kind {
            TypeKind::Named(n) => {
                if let Some(arg) = self.subst.get(&n.name) {
                    t.kind = arg.kind.clone();
                } else if self.st.classes.contains_key(&n.name) {
                    let msg = format!("the generic class {} needs type arguments", n.name);
                    self.err(ErrorCode::Arity, t.span, msg);
                }
            }
            TypeKind::Applied(n, args) => {
                let (n, args) = (n.clone(), args.clone());
                if let Some(name) = self.class_instance(&n, &args, t.span) {
                    t.kind = TypeKind::Named(Ident { name, span: n.span });
                }
            }
            _ => {}
        }
    }

    fn expr(&mut self, e: &mut Expr) {
        match &mut e.kind {
            ExprKind::TypeApplied(inner, args) => {
                let args = std::mem::take(args);
                let span = e.span;
                let mut inner = std::mem::replace(
                    &mut **inner,
                    Expr {
                        kind: ExprKind::Null,
                        span,
                    },
                );
                match &mut inner.kind {
                    ExprKind::Call(c) => {
                        self.st.bare.remove(&c.name.span);
                        let has_recv = c.recv.is_some();
                        if let Some(name) = self.member_instance(&c.name, has_recv, &args, span) {
                            c.name.name = name;
                        }
                    }
                    ExprKind::New(n) => {
                        self.st.bare.remove(&n.class.span);
                        if let Some(name) = self.class_instance(&n.class, &args, span) {
                            n.class.name = name;
                        }
                    }
                    _ => {}
                }
                *e = inner;
            }
            ExprKind::Call(c) => {
                let has_recv = c.recv.is_some();
                if self.member_template(c.name.name, has_recv).is_some() {
                    let msg = format!(
                        "a call of the generic {} without type arguments (write {}<…>(…))",
                        c.name.name, c.name.name
                    );
                    let span = c.name.span;
                    self.st
                        .bare
                        .insert(span, Diagnostic::not_supported(span, msg));
                }
            }
            ExprKind::New(n) if self.st.classes.contains_key(&n.class.name) => {
                let msg = format!("the generic class {} needs type arguments", n.class.name);
                let span = n.class.span;
                let d = Diagnostic::error(ErrorCode::Arity, span, msg);
                self.st.bare.insert(span, d);
            }
            _ => {}
        }
    }
}
