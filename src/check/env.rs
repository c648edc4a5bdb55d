//! Declarations: every class and member of every file, collected before any
//! body is checked, so declaration order and file boundaries do not matter.

use crate::name::Name;
use rustc_hash::FxHashMap as HashMap;

pub(super) use super::names::{ClassNames, FileNames, Scope};
use super::scope::Scopes;
use super::types;
use crate::core::{
    self, ClassId, Expr, ExprKind, FieldId, FunctionId, MethodId, PredicateId, Program, Type, Var,
};
use crate::diag::{Diagnostic, ErrorCode};
use crate::syntax::ast;
use crate::syntax::span::FileId;

/// What a member name of a class (or a global name) stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Member {
    Field(FieldId),
    Method(MethodId),
    Function(FunctionId),
    Predicate(PredicateId),
    /// A `static final` field with a value: a function without parameters,
    /// used by name (`N`, `C.N`), never called or written.
    Constant(FunctionId),
}

#[derive(Clone, Debug, Default)]
pub(super) struct ClassInfo {
    pub members: HashMap<Name, Member>,
    /// A predicate named like a method of the class (Java's Thread has both
    /// a `start()` predicate and method): specifications see the predicate.
    pub spec_members: HashMap<Name, Member>,
    /// A field named like a method, function or predicate of the class
    /// (PVL keeps fields and callables apart: a field `sum` and a method
    /// `sum(…)`): names and selections see the field, calls the callable.
    pub fields: HashMap<Name, FieldId>,
    pub ctors: Vec<MethodId>,
}

/// The declarations of the whole program: the core program with signatures
/// filled in (bodies and contracts come later), and the name tables.
pub(super) struct Env {
    pub program: Program,
    pub class_ids: ClassNames,
    pub classes: Vec<ClassInfo>,
    pub globals: FileNames<Member>,
    /// Written names of given/yields parameters of the methods that have
    /// some (calls pass them by name).
    pub given_names: HashMap<MethodId, Vec<Name>>,
    /// The values of given parameters a call may leave out (`given T x = v;`),
    /// by position; closed expressions, so the caller's scope checks them.
    pub given_defaults: HashMap<MethodId, Vec<Option<ast::Expr>>>,
    pub yields_names: HashMap<MethodId, Vec<Name>>,
    /// Overloading (VerCors's `is_empty(seq<int>)` beside `is_empty(List)`):
    /// the member a name's table holds → the other functions (methods) of
    /// that name and scope, whose parameter types differ. A call picks one
    /// by arity, then by argument types.
    pub overloads: HashMap<Member, Vec<Member>>,
    /// The parameters of each plain group predicate as written, its
    /// fraction last: its instances are checked against them, also after
    /// `passes::group` took the fraction off the core predicate (bodies are
    /// checked after the passes' declarations).
    pub group_params: HashMap<PredicateId, Vec<Var>>,
    /// Java's `extends`: class → superclass (members already copied).
    pub supers: HashMap<ClassId, Name>,
    /// Java's static fields that are not constants, as VerCors encodes them:
    /// fields of a class `C$statics` of their own whose one object is the
    /// value of an abstract function (`C$statics.instance()`, never null).
    /// Class → its statics class and the function; field → the function.
    pub statics: HashMap<ClassId, (ClassId, FunctionId)>,
    pub static_fields: HashMap<FieldId, FunctionId>,
    /// Java's `import static p.C.m;` (`Some(m)`) and `import static p.C.*;` (None), by file:
    /// a name no scope declares is looked up among these classes' static members.
    pub static_imports: HashMap<FileId, Vec<(ClassId, Option<Name>)>>,
}

/// A callable whose contract and body remain to be checked, with the scope
/// holding its parameters (already renamed).
pub(super) struct Job<'a> {
    pub kind: JobKind<'a>,
    pub class: Option<ClassId>,
    pub scopes: Scopes,
}

pub(super) enum JobKind<'a> {
    Method(MethodId, &'a ast::Method),
    Function(FunctionId, &'a ast::Function),
    Predicate(PredicateId, &'a ast::Predicate),
    /// A constant's value (`Member::Constant`).
    Constant(FunctionId, &'a ast::Field),
    /// Calvin-R's access predicate of a field, with its index variable.
    Access(FieldId, &'a ast::AccessPredicate, Option<Var>),
    /// Calvin-R's `performs` spec of a method (the scope holds the
    /// method's parameters).
    Performs(MethodId, &'a ast::Performs),
    /// A rely/guarantee clause or action (`check::rely_guarantee`).
    RelyGuarantee(&'a ast::RelyGuarantee),
}

impl Env {
    /// A member of a class, or a global member when `class` is None. A
    /// class's own members come first, then its interfaces' (transitively,
    /// nearer first): the member found there IS the interface's.
    pub(super) fn member(&self, class: Option<ClassId>, name: &str) -> Option<Member> {
        match class {
            Some(c) => self
                .program
                .supertypes(c)
                .into_iter()
                .find_map(|s| self.classes.get(s.0 as usize)?.members.get(name).copied()),
            None => self.globals.get(name).copied(),
        }
    }

    /// A member as a specification sees it: a predicate before a method of
    /// the same name.
    pub(super) fn spec_member(&self, class: Option<ClassId>, name: &str) -> Option<Member> {
        let Some(c) = class else {
            return self.member(None, name);
        };
        self.program.supertypes(c).into_iter().find_map(|s| {
            let info = self.classes.get(s.0 as usize)?;
            info.spec_members
                .get(name)
                .or_else(|| info.members.get(name))
                .copied()
        })
    }

    /// A member as a name or a selection `o.name` sees it: a field before a
    /// callable of the same name.
    pub(super) fn field_member(&self, class: Option<ClassId>, name: &str) -> Option<Member> {
        let Some(c) = class else {
            return self.member(None, name);
        };
        self.program.supertypes(c).into_iter().find_map(|s| {
            let info = self.classes.get(s.0 as usize)?;
            info.fields
                .get(name)
                .map(|f| Member::Field(*f))
                .or_else(|| info.members.get(name).copied())
        })
    }

    /// Whether a member can be used without an object.
    pub(super) fn is_static(&self, m: Member) -> bool {
        let p = &self.program;
        match m {
            Member::Field(f) => self.static_fields.contains_key(&f),
            Member::Constant(_) => true,
            Member::Method(id) => p.method(id).is_static,
            Member::Function(id) => p.function(id).is_static,
            Member::Predicate(id) => p.predicate(id).is_static,
        }
    }

    /// A static member a Java file imports by `import static` under the written name: a
    /// field or constant for a name (`field`), else a method, function or predicate.
    pub(super) fn static_imported(&self, id: &ast::Ident, field: bool) -> Option<Member> {
        let imports = self.static_imports.get(&id.span.file)?;
        imports.iter().find_map(|(c, only)| {
            if only.is_some_and(|n| n != id.name) {
                return None;
            }
            let m = if field {
                self.field_member(Some(*c), &id.name)
                    .filter(|m| matches!(m, Member::Field(_) | Member::Constant(_)))
            } else {
                self.member(Some(*c), &id.name)
                    .filter(|m| !matches!(m, Member::Field(_) | Member::Constant(_)))
            };
            m.filter(|m| self.is_static(*m))
        })
    }

    /// Whether class `a` inherits (transitively) from the class named `b`.
    pub(super) fn inherits(&self, a: ClassId, b: &str) -> bool {
        let mut at = a;
        for _ in 0..self.supers.len() {
            let Some(s) = self.supers.get(&at) else { break };
            if s == b {
                return true;
            }
            let Some(next) = self.class_ids.get(s) else {
                break;
            };
            at = *next;
        }
        false
    }

    pub(super) fn show(&self, t: &Type) -> String {
        types::show(t, &self.program)
    }
}

/// Builds the [`Env`] one declaration at a time (driven by `super::collect`).
pub(super) struct Collector<'a, 'e> {
    pub env: Env,
    pub jobs: Vec<Job<'a>>,
    pub errs: &'e mut Vec<Diagnostic>,
}

impl<'a> Collector<'a, '_> {
    pub(super) fn dup(&mut self, name: &ast::Ident, what: &str) {
        let msg = if name.name == crate::syntax::ast::LOCK_INVARIANT {
            "a class has at most one lock_invariant".to_string()
        } else {
            format!("{what} {} is declared twice", name.name)
        };
        self.errs
            .push(Diagnostic::error(ErrorCode::Duplicate, name.span, msg));
    }

    fn ty(&mut self, t: &ast::Type, allow_void: bool) -> Option<Type> {
        types::convert(t, &self.env.class_ids, &self.env.program, allow_void)
            .map_err(|d| self.errs.push(d))
            .ok()
    }

    /// Declares parameters in `scopes`; None if a type is wrong.
    fn params(&mut self, scopes: &mut Scopes, params: &[ast::Param]) -> Option<Vec<Var>> {
        let mut ok = true;
        let mut vars = Vec::new();
        for p in params {
            let Some(ty) = self.ty(&p.ty, false) else {
                ok = false;
                continue;
            };
            match scopes.declare(&p.name, ty) {
                Ok(v) => vars.push(v),
                Err(d) => {
                    self.errs.push(d);
                    ok = false;
                }
            }
        }
        ok.then_some(vars)
    }

    /// Registers a member name; false (and an error) if it is taken.
    fn register(&mut self, class: Option<ClassId>, name: &ast::Ident, m: Member) -> bool {
        if let Some(c) = class {
            // A predicate and a method may share a name (Thread's `start`,
            // `join`): the predicate goes to the specification table.
            let info = &mut self.env.classes[c.0 as usize];
            let callable = |m: &Member| {
                matches!(
                    m,
                    Member::Method(_) | Member::Function(_) | Member::Predicate(_)
                )
            };
            match (info.members.get(&name.name).copied(), m) {
                (Some(old), Member::Field(f))
                    if callable(&old) && !info.fields.contains_key(&name.name) =>
                {
                    info.fields.insert(name.name, f);
                    return true;
                }
                (Some(Member::Field(f)), new)
                    if callable(&new) && !info.fields.contains_key(&name.name) =>
                {
                    info.fields.insert(name.name, f);
                    info.members.insert(name.name, new);
                    return true;
                }
                _ => {}
            }
            let pair = match (info.members.get(&name.name), m) {
                (Some(Member::Method(_)), Member::Predicate(_)) => Some(m),
                (Some(old @ Member::Predicate(_)), Member::Method(_)) => Some(*old),
                _ => None,
            };
            if let Some(pred) = pair {
                if info.spec_members.contains_key(&name.name) {
                    self.dup(name, "member");
                    return false;
                }
                info.spec_members.insert(name.name, pred);
                if let Member::Method(_) = m {
                    info.members.insert(name.name, m);
                }
                return true;
            }
        }
        let Some(c) = class else {
            if !self.env.globals.declare(name, m) {
                let old = self.env.globals.resolve(name);
                return self.overload(old, name, m);
            }
            return true;
        };
        let table = &mut self.env.classes[c.0 as usize].members;
        if let Some(old) = table.get(&name.name).copied() {
            return self.overload(Some(old), name, m);
        }
        table.insert(name.name, m);
        true
    }

    /// A second function or method of a taken name: an overload of the first
    /// if that is one too; [`Self::distinct_overload`] checks
    /// their parameter types once the new one's are known.
    fn overload(&mut self, old: Option<Member>, name: &ast::Ident, m: Member) -> bool {
        match (old, m) {
            (
                Some(old @ (Member::Function(_) | Member::Method(_))),
                Member::Function(_) | Member::Method(_),
            ) => {
                self.env.overloads.entry(old).or_default().push(m);
                true
            }
            _ => {
                self.dup(name, "member");
                false
            }
        }
    }

    /// For an overload `m` (just registered, with parameter types `params`):
    /// its core name, unique among its overloads (`is_empty$1`), or None and a
    /// duplicate error if an overload has the same parameter types.
    fn distinct_overload(&mut self, name: &ast::Ident, m: Member, params: &[Var]) -> Option<Name> {
        let p = &self.env.program;
        let types = |m: &Member| -> Option<Vec<Type>> {
            let ps = match *m {
                Member::Function(id) => &p.functions.get(id.0 as usize)?.params,
                Member::Method(id) => &p.methods.get(id.0 as usize)?.params,
                _ => return None,
            };
            Some(ps.iter().map(|v| v.ty.clone()).collect())
        };
        let Some((first, others)) = self
            .env
            .overloads
            .iter()
            .find(|(_, v)| v.contains(&m))
            .map(|(k, v)| (*k, v.clone()))
        else {
            return Some(name.name);
        };
        let mine: Vec<Type> = params.iter().map(|v| v.ty.clone()).collect();
        let same = std::iter::once(first)
            .chain(others.iter().copied().filter(|o| *o != m))
            .any(|o| types(&o).as_ref() == Some(&mine));
        if same {
            self.env.overloads.get_mut(&first)?.retain(|o| *o != m);
            self.dup(name, "member");
            return None;
        }
        let k = others.iter().position(|o| *o == m).unwrap_or(0) + 1;
        Some(Name::from(format!("{}${k}", name.name)))
    }

    pub(super) fn member(&mut self, class: Option<ClassId>, m: &'a ast::Member) {
        match m {
            ast::Member::Field(f) => self.field(class, f),
            ast::Member::Method(m) => self.method(class, m),
            ast::Member::Function(f) => self.function(class, f),
            ast::Member::Predicate(p) => self.predicate(class, p),
            ast::Member::RelyGuarantee(r) => self.rely_guarantee(class, r),
        }
    }

    fn field(&mut self, class: Option<ClassId>, f: &'a ast::Field) {
        let Some(c) = class else {
            self.errs.push(Diagnostic::error(
                ErrorCode::Misplaced,
                f.span,
                "a field must be declared in a class",
            ));
            return;
        };
        let Some(ty) = self.ty(&f.ty, false) else {
            return;
        };
        if let Some(a) = f.access.as_ref().filter(|_| f.mods.is_static) {
            let msg = "an access predicate of a static field (Calvin-R's shared state is the objects' fields)";
            self.errs
                .push(Diagnostic::error(ErrorCode::NotSupported, a.span, msg));
        }
        if f.mods.is_static && !f.mods.is_final {
            return self.static_field(c, f, ty);
        }
        if f.mods.is_static {
            return self.constant(c, f, ty);
        }
        let id = FieldId(self.env.program.fields.len() as u32);
        if !self.register(class, &f.name, Member::Field(id)) {
            return;
        }
        self.env.program.fields.push(core::Field {
            name: f.name.name,
            class: c,
            ty,
            is_final: f.mods.is_final,
            is_ghost: f.mods.is_ghost,
            owner_links: if f.mods.is_final {
                f.owner_links.clone()
            } else {
                Vec::new()
            },
            never_null: f.mods.is_final && f.mods.is_owner,
            span: f.span,
        });
        self.env.program.classes[c.0 as usize].fields.push(id);
        if let Some(a) = &f.access {
            self.access(c, id, a);
        }
    }

    /// Calvin-R's access predicate of field `id` of class `c`: checked on
    /// its own, with the index (of an array's element) an int.
    fn access(&mut self, c: ClassId, id: FieldId, a: &'a ast::AccessPredicate) {
        let mut scopes = Scopes::new();
        let index = match &a.index {
            Some(j) => match scopes.declare(j, Type::Int) {
                Ok(v) => Some(v),
                Err(d) => return self.errs.push(d),
            },
            None => None,
        };
        self.jobs.push(Job {
            kind: JobKind::Access(id, a, index),
            class: Some(c),
            scopes,
        });
    }

    /// A static field that is not final: a field of the class's statics
    /// object (`Env::statics`), made with the class's first such field.
    fn static_field(&mut self, c: ClassId, f: &'a ast::Field, ty: Type) {
        let (statics, instance) = match self.env.statics.get(&c) {
            Some(s) => *s,
            None => {
                let statics = ClassId(self.env.program.classes.len() as u32);
                let owner = &self.env.program.classes[c.0 as usize];
                let (name, span) = (owner.name, owner.span);
                self.env.program.classes.push(core::Class {
                    name: Name::from(format!("{name}$statics")),
                    fields: Vec::new(),
                    is_interface: false,
                    interfaces: Vec::new(),
                    superclass: None,
                    enum_constants: None,
                    span,
                });
                self.env.classes.push(ClassInfo::default());
                let instance = FunctionId(self.env.program.functions.len() as u32);
                let class_ty = Type::Class(statics);
                let result = Expr::new(ExprKind::Result, class_ty.clone(), span);
                let null = Expr::new(ExprKind::Null, class_ty.clone(), span);
                let not_null = Expr::binary(ast::BinOp::Ne, result, null, Type::Bool, span);
                self.env.program.functions.push(core::Function {
                    derived: None,
                    name: Name::from("instance"),
                    class: Some(statics),
                    is_static: true,
                    is_inline: false,
                    params: Vec::new(),
                    ret: class_ty,
                    contract: core::Contract {
                        ensures: vec![not_null],
                        ..core::Contract::default()
                    },
                    body: None,
                    span,
                });
                self.env.statics.insert(c, (statics, instance));
                (statics, instance)
            }
        };
        let id = FieldId(self.env.program.fields.len() as u32);
        if !self.register(Some(c), &f.name, Member::Field(id)) {
            return;
        }
        self.env.program.fields.push(core::Field {
            name: f.name.name,
            class: statics,
            ty,
            is_final: false,
            is_ghost: f.mods.is_ghost,
            owner_links: Vec::new(),
            never_null: false,
            span: f.span,
        });
        self.env.program.classes[statics.0 as usize].fields.push(id);
        self.env.static_fields.insert(id, instance);
    }

    /// A `static final` field with a value is a static function without
    /// parameters whose body is the value: the backends know its value, and
    /// the checker's order of jobs does not matter.
    fn constant(&mut self, c: ClassId, f: &'a ast::Field, ty: Type) {
        let id = FunctionId(self.env.program.functions.len() as u32);
        if !self.register(Some(c), &f.name, Member::Constant(id)) {
            return;
        }
        self.env.program.functions.push(core::Function {
            derived: None,
            name: f.name.name,
            class: Some(c),
            is_static: true,
            is_inline: false,
            params: Vec::new(),
            ret: ty,
            contract: core::Contract::default(),
            body: None,
            span: f.span,
        });
        self.jobs.push(Job {
            kind: JobKind::Constant(id, f),
            class: Some(c),
            scopes: Scopes::new(),
        });
    }

    fn method(&mut self, class: Option<ClassId>, m: &'a ast::Method) {
        let is_ctor = m.kind == ast::MethodKind::Constructor;
        if is_ctor && class.is_none() {
            self.errs.push(Diagnostic::error(
                ErrorCode::Misplaced,
                m.name.span,
                "a constructor must be declared in a class",
            ));
            return;
        }
        let mut scopes = Scopes::new();
        let params = self.params(&mut scopes, &m.params);
        let given = self.params(&mut scopes, &m.contract.given);
        let yields = self.params(&mut scopes, &m.contract.yields);
        let ret = match class {
            Some(c) if is_ctor => Some(Type::Class(c)),
            _ => self.ty(&m.ret, true),
        };
        let (Some(params), Some(given), Some(yields), Some(ret)) = (params, given, yields, ret)
        else {
            return;
        };
        let id = MethodId(self.env.program.methods.len() as u32);
        if is_ctor {
            if let Some(c) = class {
                self.env.classes[c.0 as usize].ctors.push(id);
            }
        } else if !self.register(class, &m.name, Member::Method(id)) {
            return;
        }
        let core_name = if is_ctor {
            m.name.name
        } else {
            match self.distinct_overload(&m.name, Member::Method(id), &params) {
                Some(n) => n,
                None => return,
            }
        };
        let names = |ps: &[ast::Param]| ps.iter().map(|p| p.name.name).collect();
        // Most methods have none: only the others are recorded.
        if !m.contract.given.is_empty() {
            self.env.given_names.insert(id, names(&m.contract.given));
        }
        if !m.contract.defaults.is_empty() {
            let defaults = m
                .contract
                .given
                .iter()
                .map(|p| {
                    let d = m.contract.defaults.iter().find(|(n, _)| *n == p.name.name);
                    d.map(|(_, v)| v.clone())
                })
                .collect();
            self.env.given_defaults.insert(id, defaults);
        }
        if !m.contract.yields.is_empty() {
            self.env.yields_names.insert(id, names(&m.contract.yields));
        }
        if let Some(a) = m.mods.atomicity {
            self.env.program.features.atomicity.insert(id, a);
        }
        self.env.program.methods.push(core::Method {
            derived: m.derived,
            name: core_name,
            class,
            is_constructor: is_ctor,
            is_static: class.is_none() || (m.mods.is_static && !is_ctor),
            is_ghost: m.mods.is_ghost,
            params,
            given,
            yields,
            ret,
            contract: core::Contract::default(),
            body: None,
            span: m.span,
        });
        self.jobs.push(Job {
            kind: JobKind::Method(id, m),
            class,
            scopes,
        });
        // Calvin-R's spec, checked on its own: its actions see the
        // parameters (and `\result`) as a postcondition does.
        if let Some(spec) = &m.contract.performs {
            let mut scopes = Scopes::new();
            if self.params(&mut scopes, &m.params).is_some() {
                self.jobs.push(Job {
                    kind: JobKind::Performs(id, spec),
                    class,
                    scopes,
                });
            }
        }
    }

    /// Calvin-R's `performs` is a method's: before a function or a
    /// predicate (a group alias, a lock invariant) it is refused, not dropped.
    fn no_performs(&mut self, c: &ast::Contract) {
        if let Some(spec) = &c.performs {
            self.errs.push(Diagnostic::error(
                ErrorCode::Misplaced,
                spec.span,
                "a performs spec precedes a method, not a function or a predicate",
            ));
        }
    }

    fn function(&mut self, class: Option<ClassId>, f: &'a ast::Function) {
        self.no_performs(&f.contract);
        let mut scopes = Scopes::new();
        let params = self.params(&mut scopes, &f.params);
        let ret = self.ty(&f.ret, false);
        let (Some(params), Some(ret)) = (params, ret) else {
            return;
        };
        let id = FunctionId(self.env.program.functions.len() as u32);
        if !self.register(class, &f.name, Member::Function(id)) {
            return;
        }
        let Some(core_name) = self.distinct_overload(&f.name, Member::Function(id), &params) else {
            return;
        };
        self.env.program.functions.push(core::Function {
            derived: f.derived,
            name: core_name,
            class,
            is_static: class.is_none() || f.mods.is_static,
            is_inline: f.mods.is_inline,
            params,
            ret,
            contract: core::Contract::default(),
            body: None,
            span: f.span,
        });
        self.jobs.push(Job {
            kind: JobKind::Function(id, f),
            class,
            scopes,
        });
    }

    fn predicate(&mut self, class: Option<ClassId>, p: &'a ast::Predicate) {
        self.no_performs(&p.contract);
        let mut scopes = Scopes::new();
        let Some(params) = self.params(&mut scopes, &p.params) else {
            return;
        };
        let id = PredicateId(self.env.program.predicates.len() as u32);
        // A group predicate splits over its last parameter, its fraction
        // (`passes::group`): `handle(role r, int d, frac p)` is `[p]handle(r, d)`.
        // An inline one (`group inv = resinv;`) is its body at each use,
        // where the body's own group predicate splits.
        let fraction_last = params.last().is_some_and(|v| v.ty == Type::Frac);
        if p.mods.is_group && !p.mods.is_inline && !fraction_last {
            self.errs.push(Diagnostic::error(
                ErrorCode::NotSupported,
                p.name.span,
                "a group predicate whose last parameter is not its fraction (`group resource p(…, frac q)`)",
            ));
            return;
        }
        if !self.register(class, &p.name, Member::Predicate(id)) {
            return;
        }
        if p.mods.is_group && fraction_last {
            self.env.program.features.group.insert(id);
            if !p.mods.is_inline {
                self.env.group_params.insert(id, params.clone());
            }
        }
        self.env.program.predicates.push(core::Predicate {
            derived: p.derived,
            name: p.name.name,
            class,
            is_static: class.is_none() || p.mods.is_static,
            is_inline: p.mods.is_inline,
            is_thread_local: p.mods.is_thread_local,
            params,
            body: None,
            span: p.span,
        });
        self.jobs.push(Job {
            kind: JobKind::Predicate(id, p),
            class,
            scopes,
        });
    }

    /// `C()` with `ensures Perm(this.f, write)` for every non-final field.
    pub(super) fn default_ctor(&mut self, c: ClassId, class: &ast::Class) {
        let span = class.span;
        let this = Expr::new(ExprKind::This, Type::Class(c), span);
        let p = &self.env.program;
        let ensures = p
            .class(c)
            .fields
            .iter()
            .filter(|f| !p.field(**f).is_final)
            .map(|f| {
                let loc = Expr::new(
                    ExprKind::Field(Box::new(this.clone()), *f),
                    p.field(*f).ty.clone(),
                    span,
                );
                let write = Expr::new(ExprKind::Write, Type::Rational, span);
                Expr::new(
                    ExprKind::Perm(Box::new(loc), Box::new(write)),
                    Type::Resource,
                    span,
                )
            })
            .collect();
        let id = MethodId(self.env.program.methods.len() as u32);
        self.env.classes[c.0 as usize].ctors.push(id);
        self.env.program.methods.push(core::Method {
            derived: None,
            name: class.name.name,
            class: Some(c),
            is_constructor: true,
            is_static: false,
            is_ghost: false,
            params: Vec::new(),
            given: Vec::new(),
            yields: Vec::new(),
            ret: Type::Class(c),
            contract: core::Contract {
                ensures,
                ..core::Contract::default()
            },
            body: Some(core::Block {
                stmts: Vec::new(),
                span,
            }),
            span,
        });
    }
}
