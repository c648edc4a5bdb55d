//! Class ghost parameters (thesis ch. 4), by instantiation.
//!
//! A class or interface with `/*@ given … @*/` before it is a template. Each
//! distinct use `C/*@<args>@*/` (in a type or at `new`) becomes an ordinary
//! class named `C$arg1$arg2…`, so the checker, passes and encoder never see a
//! ghost parameter:
//!
//! * a value parameter (`given boolean isExclusive;`, `given int n;`) is
//!   replaced by its literal argument throughout the class;
//! * a predicate parameter (`given group (frac -> resource) inv;`) bound to an
//!   instance predicate `P` of class `D` becomes a ghost final field
//!   `inv$owner` of type `D` and an inline predicate
//!   `inv(frac x0) = inv$owner.P(x0)`: `lock.inv(1)` *is* the owner's `P(1)`,
//!   and `fold`/`unfold` of it fold and unfold `P`. Every constructor takes
//!   the owner as an extra last argument and stores it.
//!
//! A final field declared `C/*@<P>@*/` with `P` a predicate of its own class
//! (`final ReentrantLock/*@<countInv>@*/ sync;` in Counter) records that its
//! value's `inv$owner` is the object holding it ([`OwnerLink`]): the encoder
//! checks it after the constructor's assignment and gives it as a fact of the
//! field's final value, so clients need not state it.
//!
//! At `new C/*@<P>@*/(…)` the owner is `this` when `P` is a predicate of the
//! class being written, and the enclosing instance's own owner when `P` is
//! that class's ghost parameter (forwarding). Templates may share a name
//! when their numbers of ghost parameters differ (the two CountDownLatch
//! specifications). A template that is never instantiated is not checked.

use std::collections::{HashMap, HashSet, VecDeque};

use super::protocol;
use crate::diag::{Diagnostic, ErrorCode, FailureCode};
use crate::syntax::ast::*;
use crate::syntax::span::Span;
use crate::syntax::walk::{self, Rewrite};

/// What a ghost parameter is bound to, as part of an instance's identity.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Bound {
    Bool(bool),
    Int(i128),
    /// Instance predicate (or pure function) `pred` of class `class`.
    Pred {
        class: Name,
        pred: Name,
    },
    /// A set of thread roles (an AtomicInteger protocol's `rs`).
    Roles(Vec<Name>),
}

impl Bound {
    fn mangle(&self) -> Name {
        match self {
            Bound::Bool(b) => Name::from(b.to_string()),
            Bound::Int(i) if *i < 0 => Name::from(format!("m{}", -i)),
            Bound::Int(i) => Name::from(i.to_string()),
            Bound::Pred { class, pred } => Name::from(format!("{class}_{pred}")),
            Bound::Roles(rs) => Name::from(rs.join("_")),
        }
    }

    fn literal(&self, span: Span) -> Option<Expr> {
        let kind = match self {
            Bound::Bool(b) => ExprKind::Bool(*b),
            Bound::Int(i) => ExprKind::Int(IntValue::from(*i)),
            Bound::Pred { .. } => return None,
            Bound::Roles(rs) => {
                let role = Type {
                    kind: TypeKind::Named(Ident {
                        name: Name::from("role"),
                        span,
                    }),
                    span,
                };
                let names = rs
                    .iter()
                    .map(|r| Expr {
                        kind: ExprKind::Name(Ident { name: *r, span }),
                        span,
                    })
                    .collect();
                ExprKind::SetLit(Some(Box::new(role)), names)
            }
        };
        Some(Expr { kind, span })
    }
}

/// Suffix of the field holding a predicate parameter's owner.
const OWNER: &str = "$owner";

fn owner_field(param: &str) -> Name {
    Name::from(format!("{param}{OWNER}"))
}

/// Replaces every template use in `units` by an instance, adding the
/// instances next to their templates; templates themselves are removed.
pub fn expand(units: &mut [Unit]) -> Result<(), Vec<Diagnostic>> {
    let mut st = State::default();
    for (ui, u) in units.iter_mut().enumerate() {
        for d in std::mem::take(&mut u.decls) {
            match d {
                Decl::Class(c) if !c.ghost_params.is_empty() => {
                    let key = (c.name.name, c.ghost_params.len());
                    if st.templates.contains_key(&key) {
                        st.errors.push(Diagnostic::error(
                            ErrorCode::Duplicate,
                            c.name.span,
                            format!(
                                "{} with {} ghost parameters is declared twice",
                                c.name.name, key.1
                            ),
                        ));
                        continue;
                    }
                    st.template_names.insert(c.name.name);
                    st.templates.insert(key, Template { class: c, unit: ui });
                }
                d => u.decls.push(d),
            }
        }
    }
    for u in units.iter_mut() {
        for d in &mut u.decls {
            match d {
                Decl::Class(c) => {
                    let mut ctx = Ctx::new(&mut st, c, HashMap::new());
                    for t in &mut c.implements {
                        walk::ty(&mut ctx, t);
                    }
                    for m in &mut c.members {
                        ctx.owner_links(m);
                        walk::member(&mut ctx, m);
                        ctx.unplaced_obligations();
                    }
                    super::lemma::prove(c, None, &mut st.errors);
                }
                Decl::Member(m) => {
                    let mut ctx = Ctx {
                        st: &mut st,
                        class: None,
                        preds: HashMap::new(),
                        params: HashMap::new(),
                        constants: HashMap::new(),
                        roles: Vec::new(),
                        functions: HashMap::new(),
                        finals: HashSet::new(),
                        pending: Vec::new(),
                    };
                    walk::member(&mut ctx, m);
                    ctx.unplaced_obligations();
                }
            }
        }
    }
    while let Some(req) = st.queue.pop_front() {
        let (unit, class) = st.instance(req);
        units[unit].decls.push(Decl::Class(class));
    }
    if st.errors.is_empty() {
        st.unchecked_templates(units);
    }
    for u in units.iter_mut() {
        for d in &mut u.decls {
            if let Decl::Class(c) = d {
                inline_protocol_functions(c, &st.protocol_functions);
                match st.protocol_values.get(&c.name.name) {
                    Some(Some(values)) => protocol_values_body(c, values),
                    Some(None) => {
                        let bounds = st.protocol_bounds.get(&c.name.name).cloned().flatten();
                        protocol_bounds_body(c, bounds);
                    }
                    None => {}
                }
            }
        }
    }
    super::bounded::write_exceeds(units);
    if st.errors.is_empty() {
        Ok(())
    } else {
        Err(st.errors)
    }
}

struct Template {
    class: Class,
    unit: usize,
}

/// A requested instance: template key, arguments, owners, and its name.
struct Request {
    template: (Name, usize),
    bounds: Vec<Bound>,
    name: Name,
    /// The first use, where the instance's own proofs report.
    site: Span,
}

#[derive(Default)]
struct State {
    templates: HashMap<(Name, usize), Template>,
    template_names: HashSet<Name>,
    instances: HashMap<((Name, usize), Vec<Bound>), Name>,
    taken: HashSet<Name>,
    queue: VecDeque<Request>,
    errors: Vec<Diagnostic>,
    /// The `new` of an AtomicInteger protocol already checked (an instance of
    /// the class holding it rewrites it once per instance).
    protocols_checked: HashSet<Span>,
    /// The values each protocol instance can take, over all its `new`s; None
    /// if one of them could not be decided.
    protocol_values: HashMap<Name, Option<Vec<i128>>>,
    /// For a protocol whose values are not a finite set: the invariant of
    /// its values read off `trans` ([`protocol::step_bounds`], over the
    /// value `v`, in the owner's terms), and the formal `trans` is bound as.
    protocol_bounds: HashMap<Name, Option<(Expr, Name)>>,
    /// The sanity obligation of each `new` whose protocol the exploration
    /// could not decide, asserted in every instance of the class holding it.
    protocol_obligations: HashMap<Span, Expr>,
    /// The classes' functions bound as a protocol's `share` and `trans`:
    /// made inline, so the backend sees their arithmetic where the
    /// contract uses them (`share(S, c - 1) - share(S, c)`).
    protocol_functions: HashSet<(Name, Name)>,
}

/// A ghost parameter as the class being rewritten sees it.
#[derive(Clone)]
struct Param_ {
    bound: Bound,
    /// For a predicate parameter: its family type `(params, group)`.
    family: Option<(Vec<Type>, bool)>,
}

/// The signature of one of the class's predicates: parameter types, group.
type PredSig = (Vec<Type>, bool);

/// Rewrites one class (or global member): template uses become instances.
struct Ctx<'s> {
    st: &'s mut State,
    /// The class being written (for `this`'s predicates as arguments).
    class: Option<Name>,
    preds: HashMap<Name, PredSig>,
    params: HashMap<Name, Param_>,
    /// The class's constants with a literal value (`static final int N = 4;`).
    constants: HashMap<Name, Bound>,
    /// The thread roles the class hands handles to ([`protocol_roles`]).
    roles: Vec<Name>,
    /// The class's instance pure functions, which a function family
    /// parameter may be bound to (an AtomicInteger protocol's `share`, `trans`).
    functions: HashMap<Name, Function>,
    /// The class's final instance fields (a protocol's bounds may name them).
    finals: HashSet<Name>,
    /// Protocol sanity obligations ([`protocol::obligation`]) at the `new`
    /// they belong to, for the enclosing block to assert before its statement.
    pending: Vec<(Span, Expr)>,
}

impl<'s> Ctx<'s> {
    /// A sanity obligation no block took (a `new` outside a statement) is
    /// never left unchecked: it is reported.
    fn unplaced_obligations(&mut self) {
        for (site, _) in std::mem::take(&mut self.pending) {
            let msg = "an AtomicInteger whose protocol's sanity the backend must prove, created outside a statement";
            self.st
                .errors
                .push(Diagnostic::not_supported(site, msg.to_owned()));
        }
    }

    fn new(st: &'s mut State, c: &mut Class, params: HashMap<Name, Param_>) -> Ctx<'s> {
        let preds = c
            .members
            .iter()
            .filter_map(|m| match m {
                Member::Predicate(p) if !p.mods.is_static => Some((
                    p.name.name,
                    (
                        p.params.iter().map(|x| x.ty.clone()).collect(),
                        p.mods.is_group,
                    ),
                )),
                _ => None,
            })
            .collect();
        let finals = c
            .members
            .iter()
            .filter_map(|m| match m {
                Member::Field(f) if f.mods.is_final && !f.mods.is_static => Some(f.name.name),
                _ => None,
            })
            .collect();
        let constants = c
            .members
            .iter()
            .filter_map(|m| match m {
                Member::Field(f) if f.mods.is_static && f.mods.is_final => {
                    let b = match f.init.as_ref().map(|e| &e.kind) {
                        Some(ExprKind::Int(i)) => Bound::Int(i.get()),
                        Some(ExprKind::Bool(b)) => Bound::Bool(*b),
                        _ => return None,
                    };
                    Some((f.name.name, b))
                }
                _ => None,
            })
            .chain(role_sets(c))
            .collect();
        Ctx {
            st,
            class: Some(c.name.name),
            preds,
            params,
            constants,
            roles: protocol_roles(c),
            finals,
            pending: Vec::new(),
            functions: c
                .members
                .iter()
                .filter_map(|m| match m {
                    Member::Function(f) if !f.mods.is_static => Some((f.name.name, f.clone())),
                    _ => None,
                })
                .collect(),
        }
    }

    /// A final field's declared type `C/*@<…, P, …>@*/` binds each predicate
    /// parameter of C given a predicate P of this class to this object's P:
    /// the field records it ([`OwnerLink`]), and its type becomes the instance.
    fn owner_links(&mut self, m: &mut Member) {
        let Member::Field(f) = m else { return };
        if !f.mods.is_final || f.mods.is_static {
            return;
        }
        let (name, instance, owners) = match &f.ty.kind {
            TypeKind::Generic(name, args) => {
                let (name, args) = (name.clone(), args.clone());
                let Some((instance, owners)) = self.resolve(&name, &args, f.ty.span) else {
                    // Reported (and `expand` fails): nothing for `ty` to report again.
                    f.ty.kind = TypeKind::Void;
                    return;
                };
                (name, instance, owners)
            }
            TypeKind::Named(n) if self.st.template_names.contains(&n.name) => {
                let n = n.clone();
                let Some((instance, owners)) = self.implicit(&n, f.ty.span) else {
                    return;
                };
                (n, instance, owners)
            }
            _ => return,
        };
        let Some((key, _)) = self.st.instance_of(instance) else {
            return;
        };
        let families = self.st.templates[&key]
            .class
            .ghost_params
            .iter()
            .filter(|p| {
                matches!(
                    p.ty.kind,
                    TypeKind::Family { .. } | TypeKind::FunctionFamily { .. }
                )
            })
            .map(|p| owner_field(&p.name.name));
        // Only a predicate of this class binds: this object is then the
        // owner, which its constructor can check. A ghost parameter passed
        // on (`via` the object's own owner field) is the creator's, which a
        // constructor taking the field's value as an argument cannot know;
        // there clients state `f.inv$owner == o` as before.
        for (owner_field, owner) in families.zip(owners) {
            if matches!(owner.kind, ExprKind::This) {
                f.owner_links.push(OwnerLink {
                    owner_field,
                    via: None,
                });
            }
        }
        f.ty.kind = TypeKind::Named(Ident {
            name: instance,
            span: name.span,
        });
    }

    fn err(&mut self, code: ErrorCode, span: Span, msg: String) {
        self.st.errors.push(Diagnostic::error(code, span, msg));
    }

    /// The instance `name<args>` stands for, and the owner expressions its
    /// constructor takes (one per predicate parameter), or None on error.
    fn resolve(
        &mut self,
        name: &Ident,
        args: &[GhostArg],
        span: Span,
    ) -> Option<(Name, Vec<Expr>)> {
        let key = (name.name, args.len());
        let Some(t) = self.st.templates.get(&key) else {
            let msg = if self.st.template_names.contains(&name.name) {
                format!("{} takes a different number of ghost arguments", name.name)
            } else {
                format!("{} has no ghost parameters", name.name)
            };
            let code = if self.st.template_names.contains(&name.name) {
                ErrorCode::Arity
            } else {
                ErrorCode::TypeMismatch
            };
            self.err(code, span, msg);
            return None;
        };
        let formals: Vec<Param> = t.class.ghost_params.clone();
        let args = roles_in_place(&formals, args);
        let mut bounds = Vec::new();
        let mut owners = Vec::new();
        let mut ok = true;
        for (formal, arg) in formals.iter().zip(&args) {
            match self.bind(formal, arg) {
                Some((b, owner)) => {
                    bounds.push(b);
                    owners.extend(owner);
                }
                None => ok = false,
            }
        }
        if !ok {
            return None;
        }
        Some((self.request(name, key, bounds, span), owners))
    }

    /// The instance of template `key` for `bounds`, requested if new.
    fn request(
        &mut self,
        name: &Ident,
        key: (Name, usize),
        bounds: Vec<Bound>,
        span: Span,
    ) -> Name {
        let st = &mut *self.st;
        let inst_key = (key, bounds.clone());
        if let Some(n) = st.instances.get(&inst_key) {
            return *n;
        }
        let mut n = std::iter::once(name.name)
            .chain(bounds.iter().map(Bound::mangle))
            .collect::<Vec<_>>()
            .join("$");
        while st.taken.contains(n.as_str()) {
            n.push('$');
        }
        st.taken.insert(Name::from(n.clone()));
        st.instances.insert(inst_key, Name::from(n.clone()));
        st.queue.push_back(Request {
            template: key,
            bounds,
            name: Name::from(n.clone()),
            site: span,
        });
        Name::from(n)
    }

    /// At `new` of an instance whose template takes a protocol (a `set<role>`,
    /// a `(role, int -> frac)` and a `(role, int, int -> boolean)`, as
    /// AtomicInteger does) bound to this class's functions: the protocol's
    /// sanity for the initial value `init` ([`protocol::check`]).
    fn protocol_sanity(&mut self, instance: Name, init: Option<&Expr>, site: Span) {
        let Some((key, bounds)) = self.st.instance_of(instance) else {
            return;
        };
        let formals = self.st.templates[&key].class.ghost_params.clone();
        let (mut roles, mut share, mut trans) = (None, None, None);
        let mut trans_formal = None;
        for (f, b) in formals.iter().zip(&bounds) {
            match (&f.ty.kind, b) {
                (TypeKind::Set(e), Bound::Roles(rs)) if is_role(e) => roles = Some(rs.clone()),
                (TypeKind::FunctionFamily { params, .. }, Bound::Pred { class, pred })
                    if Some(*class) == self.class =>
                {
                    match params.len() {
                        2 => share = self.functions.get(pred).cloned(),
                        3 => {
                            trans = self.functions.get(pred).cloned();
                            trans_formal = Some(f.name.name);
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        let (Some(roles), Some(share), Some(trans), Some(init)) = (roles, share, trans, init)
        else {
            return;
        };
        if let Some(c) = self.class {
            self.st.protocol_functions.insert((c, share.name.name));
            self.st.protocol_functions.insert((c, trans.name.name));
        }
        if !self.st.protocols_checked.insert(site) {
            if let Some(ob) = self.st.protocol_obligations.get(&site) {
                self.pending.push((site, ob.clone()));
            }
            return;
        }
        let constants = self
            .constants
            .iter()
            .map(|(n, b)| match b {
                Bound::Int(i) => (*n, protocol::Const::Int(*i)),
                Bound::Bool(v) => (*n, protocol::Const::Bool(*v)),
                _ => (*n, protocol::Const::Bool(false)),
            })
            .collect();
        let p = protocol::Protocol {
            roles: &roles,
            share: &share,
            trans: &trans,
            constants: &constants,
        };
        let sanity = protocol::check(&p, init, site);
        let values = match &sanity {
            protocol::Sanity::Sane(v) => v.clone(),
            _ => None,
        };
        // Without a finite set of values: the bounds `trans`'s steps keep, over `$v`.
        let bounds = values.is_none().then(|| {
            let v = Ident {
                name: Name::from(BOUND_VALUE),
                span: site,
            };
            protocol::step_bounds(&trans, &self.finals, &v)
        });
        match sanity {
            protocol::Sanity::Sane(_) => {}
            protocol::Sanity::Violation(d) => self.st.errors.push(d),
            // The backend proves it where the `new` is, with the caller's facts.
            protocol::Sanity::Undecided(_) if protocol::is_plain(init) => {
                let over = bounds
                    .clone()
                    .flatten()
                    .map(|b| (b, Name::from(BOUND_VALUE)));
                let ob = protocol::obligation(&p, init, over, site);
                self.st.protocol_obligations.insert(site, ob.clone());
                self.pending.push((site, ob));
            }
            protocol::Sanity::Undecided(d) => self.st.errors.push(d),
        }
        if let Some(bounds) = bounds {
            self.st
                .protocol_bounds
                .insert(instance, bounds.zip(trans_formal));
        }
        let entry = self
            .st
            .protocol_values
            .entry(instance)
            .or_insert_with(|| Some(Vec::new()));
        match (entry.as_mut(), values) {
            (Some(all), Some(v)) => {
                all.extend(v);
                all.sort_unstable();
                all.dedup();
            }
            _ => *entry = None,
        }
    }

    /// A template written without ghost arguments in a class that declares
    /// a member of each family parameter's name binds them by name, and a
    /// `set<role>` parameter to the roles the class hands handles to: the
    /// thesis's chapter 5 writes `new AtomicInteger(E)` in a class defining
    /// `inv`, `share` and `trans`. None (nothing reported) if it does not fit.
    fn implicit(&mut self, name: &Ident, span: Span) -> Option<(Name, Vec<Expr>)> {
        let key = self
            .st
            .templates
            .keys()
            .filter(|k| k.0 == name.name)
            .min_by_key(|k| k.1)
            .copied()?;
        let formals: Vec<Param> = self.st.templates[&key].class.ghost_params.clone();
        let mut bounds = Vec::new();
        let mut owners = Vec::new();
        for f in &formals {
            match &f.ty.kind {
                TypeKind::Family { .. } | TypeKind::FunctionFamily { .. } => {
                    let n = &f.name.name;
                    let declared = self.preds.contains_key(n)
                        || self.functions.contains_key(n)
                        || self.params.get(n).is_some_and(|p| p.family.is_some());
                    if !declared {
                        return None;
                    }
                    let arg = GhostArg::Name(Ident { name: *n, span });
                    let (b, owner) = self.bind(f, &arg)?;
                    bounds.push(b);
                    owners.extend(owner);
                }
                TypeKind::Set(e) if is_role(e) && !self.roles.is_empty() => {
                    bounds.push(Bound::Roles(self.roles.clone()));
                }
                _ => return None,
            }
        }
        Some((self.request(name, key, bounds, span), owners))
    }

    /// A member of the class being written passed as an argument: bound to
    /// it, with `this` as its owner.
    fn of_this_class(&self, member: Name, span: Span) -> Option<(Bound, Option<Expr>)> {
        let bound = Bound::Pred {
            class: self.class?,
            pred: member,
        };
        let this = Expr {
            kind: ExprKind::This,
            span,
        };
        Some((bound, Some(this)))
    }

    /// One argument against its formal: the bound and, for a predicate, the
    /// owner expression at this use.
    fn bind(&mut self, formal: &Param, arg: &GhostArg) -> Option<(Bound, Option<Expr>)> {
        let span = arg.span();
        let want = &formal.name.name;
        match (&formal.ty.kind, arg) {
            (TypeKind::Family { params, group }, GhostArg::Name(n)) => {
                if let Some(p) = self.params.get(&n.name).cloned() {
                    let Some((ps, g)) = p.family else {
                        let msg = format!("{want} expects a predicate; {} is a value", n.name);
                        self.err(ErrorCode::TypeMismatch, span, msg);
                        return None;
                    };
                    self.fits(want, params, *group, &ps, g, span)?;
                    let owner = self_select(&owner_field(&n.name), span);
                    return Some((p.bound, Some(owner)));
                }
                let Some((ps, g)) = self.preds.get(&n.name).cloned() else {
                    let msg = format!("no predicate {} here to pass as {want}", n.name);
                    self.err(ErrorCode::Undeclared, span, msg);
                    return None;
                };
                self.fits(want, params, *group, &ps, g, span)?;
                self.of_this_class(n.name, span)
            }
            (TypeKind::FunctionFamily { params, ret }, GhostArg::Name(n)) => {
                if let Some(p) = self.params.get(&n.name).cloned() {
                    let owner = self_select(&owner_field(&n.name), span);
                    return Some((p.bound, Some(owner)));
                }
                let Some(f) = self.functions.get(&n.name) else {
                    let msg = format!("no pure function {} here to pass as {want}", n.name);
                    self.err(ErrorCode::Undeclared, span, msg);
                    return None;
                };
                let key = crate::syntax::generics::type_key;
                let same = f.params.len() == params.len()
                    && f.params
                        .iter()
                        .zip(params.iter())
                        .all(|(a, b)| key(&a.ty) == key(b))
                    && key(&f.ret) == key(ret);
                if !same {
                    let msg = format!("the function's signature does not match {want}'s type");
                    self.err(ErrorCode::TypeMismatch, span, msg);
                    return None;
                }
                self.of_this_class(n.name, span)
            }
            (TypeKind::Family { .. } | TypeKind::FunctionFamily { .. }, _) => {
                let msg = format!("{want} expects a predicate, not a literal");
                self.err(ErrorCode::TypeMismatch, span, msg);
                None
            }
            (kind, GhostArg::Name(n)) => match self.params.get(&n.name).cloned() {
                Some(Param_ {
                    bound,
                    family: None,
                }) if literal_fits(kind, &bound) => Some((bound, None)),
                Some(_) => {
                    let msg = format!("{} does not fit {want}", n.name);
                    self.err(ErrorCode::TypeMismatch, span, msg);
                    None
                }
                None if self
                    .constants
                    .get(&n.name)
                    .is_some_and(|b| literal_fits(kind, b)) =>
                {
                    Some((self.constants[&n.name].clone(), None))
                }
                None => {
                    let msg = "a class ghost argument that is not a literal, a constant with a literal value or a ghost parameter";
                    self.st
                        .errors
                        .push(Diagnostic::not_supported(span, msg.to_owned()));
                    None
                }
            },
            (kind, lit) => {
                let bound = match lit {
                    GhostArg::Bool(b, _) => Bound::Bool(*b),
                    GhostArg::Int(i, _) => Bound::Int(*i),
                    GhostArg::Names(ns, _) => Bound::Roles(ns.iter().map(|n| n.name).collect()),
                    GhostArg::Name(_) => unreachable!("handled above"),
                };
                if literal_fits(kind, &bound) {
                    Some((bound, None))
                } else {
                    let msg = format!("this literal does not fit {want}");
                    self.err(ErrorCode::TypeMismatch, span, msg);
                    None
                }
            }
        }
    }

    /// A predicate of signature (`ps`, `g`) passed for a family (`want`, `group`).
    fn fits(
        &mut self,
        name: &str,
        want: &[Type],
        group: bool,
        ps: &[Type],
        g: bool,
        span: Span,
    ) -> Option<()> {
        if want != ps {
            let msg = format!("the predicate's parameters do not match {name}'s family type");
            self.err(ErrorCode::TypeMismatch, span, msg);
            return None;
        }
        if group && !g {
            let msg = format!("{name} is a group: the predicate passed must be a `group` too");
            self.err(ErrorCode::TypeMismatch, span, msg);
            return None;
        }
        Some(())
    }
}

/// Makes the class's functions bound as a protocol's `share` and `trans`
/// inline (unless recursive: an inline function is expanded where used).
fn inline_protocol_functions(c: &mut Class, bound: &HashSet<(Name, Name)>) {
    let class = c.name.name;
    for m in &mut c.members {
        let Member::Function(f) = m else { continue };
        if !bound.contains(&(class, f.name.name)) {
            continue;
        }
        let name = f.name.name;
        // The walk only reads (`Rewrite` is the one traversal of the tree).
        let mut recursive = false;
        if let Some(b) = &mut f.body {
            walk::each_expr_mut(b, &mut |x| {
                recursive |= matches!(&x.kind, ExprKind::Call(call) if call.name.name == name);
            });
        }
        if !recursive {
            f.mods.is_inline = true;
        }
    }
}

/// The value in a protocol's step bounds (no program name has a `$`).
const BOUND_VALUE: &str = "$v";

/// The body of `values(v)` for a protocol with no finite set of values: its
/// step bounds ([`protocol::step_bounds`]), the owner's final fields read
/// through the instance's owner of `trans`; `true` without any.
fn protocol_bounds_body(c: &mut Class, bounds: Option<(Expr, Name)>) {
    // The bounds with the value `v` and the owner of `trans` as `owner`.
    let with = |v: &Expr, owner: &dyn Fn(Span) -> Expr| -> Option<Expr> {
        let (e, _) = bounds.as_ref()?;
        let mut e = e.clone();
        walk::each_expr_mut(&mut e, &mut |x| {
            if let ExprKind::Name(n) = &x.kind {
                x.kind = if n.name == BOUND_VALUE {
                    v.kind.clone()
                } else {
                    ExprKind::Select(Box::new(owner(x.span)), n.clone())
                };
            }
        });
        Some(e)
    };
    let owner = bounds.as_ref().map(|(_, formal)| owner_field(formal));
    let of_this = |span| self_select(owner.as_deref().unwrap_or_default(), span);
    let of_param = |span| Expr {
        kind: ExprKind::Name(Ident {
            name: owner.unwrap_or_default(),
            span,
        }),
        span,
    };
    for m in &mut c.members {
        match m {
            Member::Function(f) if f.name.name == "values" && f.body.is_none() => {
                let [v] = f.params.as_slice() else { continue };
                let var = Expr {
                    kind: ExprKind::Name(v.name.clone()),
                    span: f.span,
                };
                let body = with(&var, &of_this).unwrap_or(Expr {
                    kind: ExprKind::Bool(true),
                    span: f.span,
                });
                f.body = Some(body);
            }
            // Before the constructor runs, the owner is its argument.
            Member::Method(m) if m.kind == MethodKind::Constructor => {
                for cl in &mut m.contract.clauses {
                    if cl.kind != ClauseKind::Requires {
                        continue;
                    }
                    walk::each_expr_mut(&mut cl.expr, &mut |x| {
                        let ExprKind::Call(call) = &x.kind else {
                            return;
                        };
                        let own = matches!(
                            call.recv.as_deref().map(|r| &r.kind),
                            None | Some(ExprKind::This)
                        );
                        if own && call.name.name == "values" && call.args.len() == 1 {
                            let b = with(&call.args[0], &of_param).unwrap_or(Expr {
                                kind: ExprKind::Bool(true),
                                span: x.span,
                            });
                            *x = b;
                        }
                    });
                }
            }
            _ => {}
        }
    }
}

/// The body of an instance's abstract `values(int v)`: v is one of the values
/// the protocol's check found reachable (every write goes through `trans`, so
/// the atomic integer never holds another).
fn protocol_values_body(c: &mut Class, values: &[i128]) {
    for m in &mut c.members {
        let Member::Function(f) = m else { continue };
        let [v] = f.params.as_slice() else { continue };
        if f.name.name != "values" || f.body.is_some() {
            continue;
        }
        let span = f.span;
        let e = |kind| Expr { kind, span };
        let var = || e(ExprKind::Name(v.name.clone()));
        let body = values
            .iter()
            .map(|&x| {
                e(ExprKind::Binary(
                    BinOp::Eq,
                    Box::new(var()),
                    Box::new(e(ExprKind::Int(IntValue::from(x)))),
                ))
            })
            .reduce(|a, b| e(ExprKind::Binary(BinOp::Or, Box::new(a), Box::new(b))))
            .unwrap_or_else(|| e(ExprKind::Bool(false)));
        f.mods.is_inline = true;
        f.body = Some(body);
    }
}

/// The arguments in the formals' order when a set literal of roles stands
/// elsewhere than the template's one `set<role>` parameter: the thesis gives
/// AtomicInteger's ghost parameters in two orders (`inv, share, trans, rs` in
/// Listing 31, `rs, inv, share, trans` in Listing 38), and a literal `{T}`
/// says by its kind which one it is.
fn roles_in_place(formals: &[Param], args: &[GhostArg]) -> Vec<GhostArg> {
    let is_set = |p: &Param| matches!(&p.ty.kind, TypeKind::Set(e) if is_role(e));
    let sets: Vec<usize> = (0..formals.len())
        .filter(|&i| is_set(&formals[i]))
        .collect();
    let lits: Vec<usize> = (0..args.len())
        .filter(|&i| matches!(args[i], GhostArg::Names(..)))
        .collect();
    let mut out = args.to_vec();
    if let ([want], [at]) = (sets.as_slice(), lits.as_slice()) {
        if want != at && *want < out.len() {
            let lit = out.remove(*at);
            out.insert(*want, lit);
        }
    }
    out
}

fn is_role(t: &Type) -> bool {
    matches!(&t.kind, TypeKind::Named(n) if n.name == "role")
}

/// The thread roles a class hands AtomicInteger handles to: the first
/// argument of every `handle(…)` it writes, in order of appearance, when it
/// is a plain name (the thesis's `handle(T, E, 1)`, `handle(P, E, 1)`).
fn protocol_roles(c: &mut Class) -> Vec<Name> {
    struct Roles(Vec<Name>);
    impl Rewrite for Roles {
        fn expr(&mut self, e: &mut Expr) {
            if let ExprKind::Call(call) = &e.kind {
                if call.name.name == "handle" {
                    if let Some(ExprKind::Name(r)) = call.args.first().map(|a| &a.kind) {
                        if r.name != "S" && !self.0.contains(&r.name) {
                            self.0.push(r.name);
                        }
                    }
                }
            }
        }
    }
    // The walk only reads (`Rewrite` is the one traversal of the tree).
    let mut roles = Roles(Vec::new());
    for m in &mut c.members {
        walk::member(&mut roles, m);
    }
    roles.0
}

fn literal_fits(kind: &TypeKind, b: &Bound) -> bool {
    match (kind, b) {
        (TypeKind::Bool, Bound::Bool(_)) | (TypeKind::Int, Bound::Int(_)) => true,
        (TypeKind::Set(e), Bound::Roles(_)) => is_role(e),
        _ => false,
    }
}

/// The class's `set<role>` fields given a literal of role names where they
/// are declared (the thesis's `ghost Set<role> roles = {T};`, which the
/// constructors assign): each can be passed as a protocol's roles.
fn role_sets(c: &Class) -> Vec<(Name, Bound)> {
    let fields: Vec<Name> = c
        .members
        .iter()
        .filter_map(|m| match m {
            Member::Field(f) if matches!(&f.ty.kind, TypeKind::Set(e) if is_role(e)) => {
                Some(f.name.name)
            }
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for m in &c.members {
        let Member::Method(m) = m else { continue };
        if m.kind != MethodKind::Constructor {
            continue;
        }
        for s in m.body.iter().flat_map(|b| &b.stmts) {
            let StmtKind::Assign { target, value } = &s.kind else {
                continue;
            };
            let ExprKind::Select(o, f) = &target.kind else {
                continue;
            };
            let ExprKind::SetLit(_, xs) = &value.kind else {
                continue;
            };
            let names: Option<Vec<Name>> = xs
                .iter()
                .map(|x| match &x.kind {
                    ExprKind::Name(n) => Some(n.name),
                    _ => None,
                })
                .collect();
            if let (ExprKind::This, true, Some(names)) = (&o.kind, fields.contains(&f.name), names)
            {
                if !out.iter().any(|(n, _)| *n == f.name) {
                    out.push((f.name, Bound::Roles(names)));
                }
            }
        }
    }
    out
}

fn self_select(field: &str, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Select(
            Box::new(Expr {
                kind: ExprKind::This,
                span,
            }),
            Ident {
                name: Name::from(field),
                span,
            },
        ),
        span,
    }
}

impl Rewrite for Ctx<'_> {
    /// A protocol's sanity obligation goes before the statement with its `new`.
    fn block(&mut self, b: &mut Block) {
        let pending = std::mem::take(&mut self.pending);
        for (site, ob) in pending {
            let at = b.stmts.iter().position(|s| {
                s.span.file == site.file && s.span.start <= site.start && site.end <= s.span.end
            });
            match at {
                Some(i) => b.stmts.insert(
                    i,
                    Stmt {
                        kind: StmtKind::Check(FailureCode::ShareSanity, ob),
                        span: site,
                    },
                ),
                None => self.pending.push((site, ob)),
            }
        }
    }

    fn ty(&mut self, t: &mut Type) {
        if let TypeKind::Generic(name, args) = &t.kind {
            let (name, args) = (name.clone(), args.clone());
            if let Some((n, _)) = self.resolve(&name, &args, t.span) {
                t.kind = TypeKind::Named(Ident {
                    name: n,
                    span: name.span,
                });
            }
        } else if let TypeKind::Named(n) = &t.kind {
            let n = n.clone();
            if self.st.template_names.contains(&n.name) {
                if let Some((inst, _)) = self.implicit(&n, t.span) {
                    t.kind = TypeKind::Named(Ident {
                        name: inst,
                        span: n.span,
                    });
                    return;
                }
                let msg = format!(
                    "{} has ghost parameters: write its ghost arguments, {}/*@<…>@*/",
                    n.name, n.name
                );
                self.err(ErrorCode::Arity, t.span, msg);
            }
        }
    }

    fn expr(&mut self, e: &mut Expr) {
        match &mut e.kind {
            ExprKind::Name(n) => {
                if let Some(lit) = self
                    .params
                    .get(&n.name)
                    .and_then(|p| p.bound.literal(e.span))
                {
                    *e = lit;
                }
            }
            ExprKind::NewGeneric(g) => {
                let (class, ghost) = (g.class.clone(), g.ghost.clone());
                if let Some((n, owners)) = self.resolve(&class, &ghost, e.span) {
                    self.protocol_sanity(n, g.args.first(), e.span);
                    let mut args = std::mem::take(&mut g.args);
                    args.extend(owners);
                    let name = Ident {
                        name: n,
                        span: class.span,
                    };
                    e.kind = ExprKind::New(Box::new(NewObject {
                        class: name,
                        args,
                        given: Vec::new(),
                    }));
                }
            }
            ExprKind::New(n) if self.st.template_names.contains(&n.class.name) => {
                let class = n.class.clone();
                if let Some((inst, owners)) = self.implicit(&class, e.span) {
                    if let ExprKind::New(n) = &mut e.kind {
                        self.protocol_sanity(inst, n.args.first(), e.span);
                        n.class.name = inst;
                        n.args.extend(owners);
                    }
                    return;
                }
                let ExprKind::New(n) = &e.kind else { return };
                let c = &n.class;
                let msg = format!(
                    "{} has ghost parameters: write its ghost arguments, new {}/*@<…>@*/(…)",
                    c.name, c.name
                );
                let span = e.span;
                self.err(ErrorCode::Arity, span, msg);
            }
            _ => {}
        }
    }
}

impl State {
    /// A template of the program's own that nothing instantiates would be
    /// checked nowhere: saying "verified" of it would be a lie, so it is
    /// refused until weft can check a template on its own (its value
    /// parameters arbitrary, its predicate parameters abstract).
    fn unchecked_templates(&mut self, units: &[Unit]) {
        let used: HashSet<&(Name, usize)> = self.instances.keys().map(|(k, _)| k).collect();
        let mut unused: Vec<&Template> = self
            .templates
            .iter()
            .filter(|(k, t)| !used.contains(k) && !units[t.unit].library)
            .map(|(_, t)| t)
            .collect();
        unused.sort_by_key(|t| (t.unit, t.class.name.span.start));
        for t in unused {
            let c = &t.class;
            self.errors.push(Diagnostic::error(
                ErrorCode::NotSupported,
                c.name.span,
                format!(
                    "not supported yet: {} has ghost parameters and nothing instantiates it; \
                     weft checks such a class through its instances only (use it as \
                     `{}/*@<…>@*/` in the program)",
                    c.name.name, c.name.name
                ),
            ));
        }
    }

    /// The template an instance was made from, and its bounds.
    fn instance_of(&self, instance: Name) -> Option<((Name, usize), Vec<Bound>)> {
        self.instances
            .iter()
            .find(|(_, n)| **n == instance)
            .map(|((k, b), _)| (*k, b.clone()))
    }

    /// The predicate parameters of `c` it passes on, under the same name, to
    /// an interface it implements (`ReentrantLock<inv> implements
    /// Lock<inv, true, true>`): the interface's instance declares their owner
    /// field and alias, which `c` inherits.
    fn provided_by_interfaces(&self, c: &Class) -> HashSet<Name> {
        let mut out = HashSet::new();
        for t in &c.implements {
            let TypeKind::Generic(i, args) = &t.kind else {
                continue;
            };
            let Some(tpl) = self.templates.get(&(i.name, args.len())) else {
                continue;
            };
            for (formal, arg) in tpl.class.ghost_params.iter().zip(args) {
                let is_family = matches!(formal.ty.kind, TypeKind::Family { .. });
                if let GhostArg::Name(n) = arg {
                    if is_family && n.name == formal.name.name {
                        out.insert(n.name);
                    }
                }
            }
        }
        out
    }

    /// Builds the requested instance and rewrites its body (which may
    /// request further instances).
    fn instance(&mut self, req: Request) -> (usize, Class) {
        let t = &self.templates[&req.template];
        let unit = t.unit;
        let mut c = t.class.clone();
        let formals = std::mem::take(&mut c.ghost_params);
        c.name = Ident {
            name: req.name,
            span: c.name.span,
        };
        for m in &mut c.members {
            if let Member::Method(m) = m {
                if m.kind == MethodKind::Constructor {
                    m.name.name.clone_from(&c.name.name);
                }
            }
        }
        let mut params = HashMap::new();
        let mut owned = Vec::new();
        for (f, b) in formals.iter().zip(&req.bounds) {
            let family = match &f.ty.kind {
                TypeKind::Family { params, group } => {
                    owned.push((f, b));
                    Some((params.clone(), *group))
                }
                TypeKind::FunctionFamily { params, .. } => {
                    owned.push((f, b));
                    Some((params.clone(), false))
                }
                _ => None,
            };
            params.insert(
                f.name.name,
                Param_ {
                    bound: b.clone(),
                    family,
                },
            );
        }
        let provided = self.provided_by_interfaces(&c);
        let mut first_of_class: HashMap<&str, &str> = HashMap::new();
        for (f, b) in owned {
            let Bound::Pred { class, pred } = b else {
                continue;
            };
            let from_interface = provided.contains(&f.name.name);
            add_owner(&mut c, f, class, pred, from_interface);
            match first_of_class.get(class.as_str()) {
                Some(first) => same_owner(&mut c, first, &f.name.name, f.span),
                None => {
                    first_of_class.insert(class, &f.name.name);
                }
            }
        }
        let mut ctx = Ctx::new(self, &mut c, params);
        for t in &mut c.implements {
            walk::ty(&mut ctx, t);
        }
        for m in &mut c.members {
            ctx.owner_links(m);
            walk::member(&mut ctx, m);
            ctx.unplaced_obligations();
        }
        super::lemma::prove(&mut c, Some(req.site), &mut self.errors);
        for m in &mut c.members {
            m.set_derived(Derived {
                rule: Rule::Instantiated,
                at: req.site,
            });
        }
        (unit, c)
    }
}

/// The owner field, the alias predicate and the constructors' extra
/// argument for predicate parameter `f` bound to `class.pred`.
fn add_owner(c: &mut Class, f: &Param, class: &str, pred: &str, inherited: bool) {
    let span = f.span;
    let field = owner_field(&f.name.name);
    let id = |name: &str| Ident {
        name: Name::from(name),
        span,
    };
    let e = |kind| Expr { kind, span };
    let owner_ty = Type {
        kind: TypeKind::Named(id(class)),
        span,
    };
    let (params, ret, group) = match &f.ty.kind {
        TypeKind::Family { params, group } => (params, None, *group),
        TypeKind::FunctionFamily { params, ret } => (params, Some(ret), false),
        _ => return,
    };
    let alias_params: Vec<Param> = params
        .iter()
        .enumerate()
        .map(|(i, t)| Param {
            ty: t.clone(),
            name: id(&format!("x{i}")),
            span,
            scope: MemScope::Plain,
        })
        .collect();
    let body = e(ExprKind::Call(Box::new(Call {
        recv: Some(Box::new(self_select(&field, span))),
        name: id(pred),
        args: alias_params
            .iter()
            .map(|p| e(ExprKind::Name(p.name.clone())))
            .collect(),
        given: Vec::new(),
        yields: Vec::new(),
        with: Vec::new(),
        then: Vec::new(),
    })));
    if !inherited {
        c.members.push(Member::Field(Field {
            mods: Modifiers {
                is_final: true,
                is_ghost: true,
                is_owner: true,
                ..Modifiers::default()
            },
            ty: owner_ty.clone(),
            name: id(&field),
            init: None,
            owner_links: Vec::new(),
            access: None,
            span,
        }));
        c.members.push(match ret {
            // A group family's alias scales with its fraction as the
            // predicate it stands for does (`group inv(frac p) = rinv(p)`).
            None => Member::Predicate(Predicate {
                derived: None,
                mods: Modifiers {
                    is_inline: true,
                    is_group: group,
                    ..Modifiers::default()
                },
                contract: Contract::default(),
                name: f.name.clone(),
                params: alias_params,
                body: Some(body),
                span,
            }),
            // Inline: the backend sees the owner's function itself, whose
            // definition it then applies where the alias is used.
            Some(ret) => Member::Function(Function {
                derived: None,
                type_params: Vec::new(),
                mods: Modifiers {
                    is_pure: true,
                    is_ghost: true,
                    is_inline: true,
                    ..Modifiers::default()
                },
                contract: Contract::default(),
                ret: (**ret).clone(),
                name: f.name.clone(),
                params: alias_params,
                body: Some(body),
                span,
            }),
        });
    }
    let owner_param = Param {
        ty: owner_ty,
        name: id(&field),
        span,
        scope: MemScope::Plain,
    };
    let store = Stmt {
        kind: StmtKind::Assign {
            target: self_select(&field, span),
            value: e(ExprKind::Name(id(&field))),
        },
        span,
    };
    let mut has_ctor = false;
    for m in &mut c.members {
        let Member::Method(m) = m else { continue };
        if m.mods.is_lemma && m.body.is_none() {
            // A lemma speaks about any owner: it takes the owner as an
            // argument (a receiver the prover sees as a plain variable).
            m.params.push(owner_param.clone());
            let mut to_param = AliasToParam {
                alias: &f.name.name,
                owner: &field,
                pred,
            };
            walk::contract(&mut to_param, &mut m.contract);
            continue;
        }
        if m.kind != MethodKind::Constructor {
            continue;
        }
        has_ctor = true;
        m.params.push(owner_param.clone());
        // Every owner is an object (`this`, or an owner passed on), which the
        // owner field's "never null" relies on.
        m.contract.clauses.insert(
            0,
            Clause {
                kind: ClauseKind::Requires,
                expr: e(ExprKind::Binary(
                    BinOp::Ne,
                    Box::new(e(ExprKind::Name(id(&field)))),
                    Box::new(e(ExprKind::Null)),
                )),
                span,
            },
        );
        // Before the constructor runs the owner is only its argument.
        let mut to_param = AliasToParam {
            alias: &f.name.name,
            owner: &field,
            pred,
        };
        for c in &mut m.contract.clauses {
            if matches!(c.kind, ClauseKind::Requires | ClauseKind::Context) {
                walk::expr(&mut to_param, &mut c.expr);
            }
        }
        if let Some(b) = &mut m.body {
            // After an explicit `super(…)`, which must stay first.
            let at = usize::from(b.stmts.first().is_some_and(is_super_call));
            b.stmts.insert(at, store.clone());
        }
        // The creator knows whose predicate the new object's alias is.
        m.contract.clauses.push(Clause {
            kind: ClauseKind::Ensures,
            expr: e(ExprKind::Binary(
                BinOp::Eq,
                Box::new(self_select(&field, span)),
                Box::new(e(ExprKind::Name(id(&field)))),
            )),
            span,
        });
    }
    if !has_ctor && !c.is_interface {
        c.members
            .push(Member::Method(default_ctor(c, owner_param, store)));
    }
}

/// `inv(args)` → `inv$owner.P(args)`, with `inv$owner` the constructor's argument.
struct AliasToParam<'a> {
    alias: &'a str,
    owner: &'a str,
    pred: &'a str,
}

impl Rewrite for AliasToParam<'_> {
    fn expr(&mut self, e: &mut Expr) {
        let ExprKind::Call(c) = &mut e.kind else {
            return;
        };
        let on_this = match &c.recv {
            None => true,
            Some(r) => matches!(r.kind, ExprKind::This),
        };
        if on_this && c.name.name == self.alias {
            let span = c.name.span;
            c.recv = Some(Box::new(Expr {
                kind: ExprKind::Name(Ident {
                    name: Name::from(self.owner),
                    span,
                }),
                span,
            }));
            c.name.name = Name::from(self.pred);
        }
    }
}

/// Predicates of one class passed together belong to one object: every
/// constructor requires it, and so may the lemmas (which take the owners as
/// arguments).
fn same_owner(c: &mut Class, a: &str, b: &str, span: Span) {
    let e = |kind| Expr { kind, span };
    let name = |n: &str| {
        e(ExprKind::Name(Ident {
            name: owner_field(n),
            span,
        }))
    };
    let eq = |x: Expr, y: Expr| Clause {
        kind: ClauseKind::Requires,
        expr: e(ExprKind::Binary(BinOp::Eq, Box::new(x), Box::new(y))),
        span,
    };
    for m in &mut c.members {
        let Member::Method(m) = m else { continue };
        if m.kind == MethodKind::Constructor || (m.mods.is_lemma && m.body.is_none()) {
            m.contract.clauses.insert(0, eq(name(a), name(b)));
        }
    }
}

fn is_super_call(s: &Stmt) -> bool {
    matches!(&s.kind, StmtKind::Expr(Expr { kind: ExprKind::Call(c), .. })
        if c.recv.is_none() && c.name.name == crate::syntax::java::builders::SUPER)
}

/// The default constructor (write permission to every non-final field),
/// taking the owner.
fn default_ctor(c: &Class, owner: Param, store: Stmt) -> Method {
    let span = c.span;
    let clauses = super::inherit::field_write_ensures(c, span);
    Method::synthesized_constructor(c.name.clone(), vec![owner], clauses, vec![store], span)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Code;
    use crate::syntax::java::parse_java;
    use crate::syntax::span::FileId;

    const LATCH: &str = "/*@ given (int -> resource) res; given int n; @*/
        class Latch { /*@ requires res(0) ** n > 0; @*/ Latch(); }";

    fn expand_text(texts: &[&str]) -> Result<Vec<Unit>, Vec<(Code, String)>> {
        let mut units: Vec<Unit> = texts
            .iter()
            .enumerate()
            .map(|(i, t)| parse_java(FileId(i as u32), t).expect("parses"))
            .collect();
        match expand(&mut units) {
            Ok(()) => Ok(units),
            Err(es) => Err(es
                .into_iter()
                .map(|d| {
                    let s = d.span.expect("a place");
                    (d.code, texts[s.file.0 as usize][s.range()].to_owned())
                })
                .collect()),
        }
    }

    fn classes(units: &[Unit]) -> Vec<String> {
        units
            .iter()
            .flat_map(|u| &u.decls)
            .filter_map(|d| match d {
                Decl::Class(c) => Some(c.name.name.to_string()),
                Decl::Member(_) => None,
            })
            .collect()
    }

    #[test]
    fn each_distinct_use_is_one_instance() {
        let client = "class C { /*@ resource r(int i) = true; resource s(int i) = true; @*/
            void m() { Latch/*@<r, 2>@*/ a = new Latch/*@<r, 2>@*/();
                       Latch/*@<s, 2>@*/ b = new Latch/*@<s, 2>@*/(); } }";
        let units = expand_text(&[LATCH, client]).expect("expands");
        let mut names = classes(&units);
        names.sort();
        assert_eq!(names, ["C", "Latch$C_r$2", "Latch$C_s$2"]);
        let inst = units[0]
            .decls
            .iter()
            .find_map(|d| match d {
                Decl::Class(c) if c.name.name == "Latch$C_r$2" => Some(c),
                _ => None,
            })
            .expect("instance");
        // The owner field, the alias and the constructor's extra argument.
        assert!(inst.members.iter().any(
            |m| matches!(m, Member::Field(f) if f.name.name == "res$owner" && f.mods.is_final)
        ));
        assert!(inst.members.iter().any(
            |m| matches!(m, Member::Predicate(p) if p.name.name == "res" && p.mods.is_inline)
        ));
        let ctor = inst
            .members
            .iter()
            .find_map(|m| match m {
                Member::Method(m) if m.kind == MethodKind::Constructor => Some(m),
                _ => None,
            })
            .expect("constructor");
        assert_eq!(ctor.params.len(), 1);
        assert_eq!(ctor.name.name, "Latch$C_r$2");
    }

    #[test]
    fn wrong_arguments_are_reported_at_their_place() {
        let errs = |client: &str| expand_text(&[LATCH, client]).expect_err("refused");
        let c = |body: &str| {
            format!(
                "class C {{ /*@ resource r(int i) = true; resource f(frac p) = true; @*/ {body} }}"
            )
        };
        assert_eq!(
            errs(&c("Latch/*@<r>@*/ x;")),
            [(Code::Error(ErrorCode::Arity), "Latch/*@<r>".into())]
        );
        assert_eq!(
            errs(&c("Latch/*@<true, 2>@*/ x;")),
            [(Code::Error(ErrorCode::TypeMismatch), "true".into())]
        );
        assert_eq!(
            errs(&c("Latch/*@<r, true>@*/ x;")),
            [(Code::Error(ErrorCode::TypeMismatch), "true".into())]
        );
        assert_eq!(
            errs(&c("Latch/*@<f, 1>@*/ x;")),
            [(Code::Error(ErrorCode::TypeMismatch), "f".into())]
        );
        assert_eq!(
            errs(&c("Latch/*@<q, 1>@*/ x;")),
            [(Code::Error(ErrorCode::Undeclared), "q".into())]
        );
        assert_eq!(
            errs(&c("Latch x;")),
            [(Code::Error(ErrorCode::Arity), "Latch".into())]
        );
        assert_eq!(
            errs(&c("C/*@<r>@*/ x;")),
            [(Code::Error(ErrorCode::TypeMismatch), "C/*@<r>".into())]
        );
    }

    #[test]
    fn a_constant_with_a_literal_value_is_an_argument() {
        let client = "class C { static final int N = 3; /*@ resource r(int i) = true; @*/
            Latch/*@<r, N>@*/ x; }";
        let units = expand_text(&[LATCH, client]).expect("expands");
        assert!(classes(&units).contains(&"Latch$C_r$3".to_owned()));
    }

    #[test]
    fn a_group_parameter_needs_a_group_predicate() {
        let lock = "/*@ given group (frac -> resource) inv; @*/ class L { }";
        let client = "class C { /*@ resource f(frac p) = true; @*/ L/*@<f>@*/ x; }";
        assert_eq!(
            expand_text(&[lock, client]).expect_err("refused"),
            [(Code::Error(ErrorCode::TypeMismatch), "f".into())]
        );
    }
}
