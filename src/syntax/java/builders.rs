//! Helpers for the Java grammar's actions: Java's own desugaring into the
//! PVL syntax tree, and the "not supported yet" reports for Java the tree
//! cannot express. Spans, operator precedence and the constructs both
//! languages share come from the PVL builders (`crate::syntax::builders`).
//!
//! Desugarings (each exact):
//! * `do S while (c);` → `S; while (c) S` (the loop contract goes to the `while`:
//!   the invariant holds before every test of `c`);
//! * `++x`/`x++` statements, `x op= e` → `x = x op e`;
//! * a field initializer `T f = e;` → `this.f = e;` at the start of every
//!   constructor (a class without one gets a constructor that ensures write
//!   permission to its fields, like the default constructor);
//! * `break;`/`continue;` jump to labels after / at the end of the loop body
//!   (the checker places them);
//! * `synchronized (o) { S }` → the `Synchronized` node, and a `synchronized`
//!   method's body → `synchronized (this) { body }` (the checker places the
//!   unlocks); statement calls `o.wait()`/`o.notify()`/`o.notifyAll()` →
//!   `wait o;`/`notify o;`; `lock_invariant I;` → `resource lock_invariant() = I;`;
//! * `resource p = e;` (no parameter list) → `resource p() = e;`, and
//!   `fold p;`/`unfold o.p;` → `fold p();`/`unfold o.p();`.

// Boxed arguments are the grammar's currency (see the PVL grammar's header).
#![allow(clippy::boxed_local, clippy::vec_box, clippy::too_many_arguments)]

use super::lexer::{JavaError, JavaErrorKind, Token};
use super::literal;
use crate::syntax::ast::*;
use crate::syntax::builders::{self as b, ContractItem, Declarator, Stmts};
use crate::syntax::span::{FileId, Span};
use lalrpop_util::ParseError;

pub type PResult<'i, T> = Result<T, ParseError<usize, Token<'i>, JavaError>>;
type Errors = Vec<JavaError>;
/// A `throws` clause: its start, the exception names, its end.
pub type Throws = Box<(usize, Vec<Vec<Ident>>, usize)>;

fn not_supported(errors: &mut Errors, l: usize, r: usize, what: impl Into<String>) {
    errors.push(JavaError {
        kind: JavaErrorKind::NotSupported(what.into()),
        start: l,
        end: r,
    });
}

fn malformed<'i, T>(l: usize, r: usize, msg: &str) -> PResult<'i, T> {
    Err(ParseError::User {
        error: JavaError {
            kind: JavaErrorKind::Malformed(msg.to_owned()),
            start: l,
            end: r,
        },
    })
}

fn sp(s: Span) -> (usize, usize) {
    (s.start as usize, s.end as usize)
}

// ------------------------------------------------------------ top level

/// A parsed Java file: the shared syntax tree (its package and imports in `Unit::java`).
#[derive(Clone, Debug)]
pub struct JUnit {
    pub unit: Unit,
}

pub enum JTypeDecl {
    /// A class and the classes nested in it (hoisted: `nested_class`);
    /// `inner`: a class declared without `static` (not an interface or an
    /// enum), which inside another class is an inner class.
    Classes {
        classes: Vec<Class>,
        inner: bool,
    },
    /// Global specification members (`Decl::Member`).
    Global(Vec<Member>),
    Empty,
}

pub fn unit(
    package: Option<Vec<Ident>>,
    imports: Vec<Box<Import>>,
    decls: Vec<Box<JTypeDecl>>,
) -> JUnit {
    let mut decls: Vec<Decl> = decls
        .into_iter()
        .flat_map(|d| match *d {
            JTypeDecl::Classes { classes, .. } => classes.into_iter().map(Decl::Class).collect(),
            JTypeDecl::Global(ms) => ms.into_iter().map(Decl::Member).collect(),
            JTypeDecl::Empty => Vec::new(),
        })
        .collect();
    calvin_holders(&mut decls);
    calvinr_marks(&mut decls);
    JUnit {
        unit: Unit {
            decls,
            library: false,
            spec_regions: Vec::new(),
            java: Some(JavaScope {
                package: package
                    .unwrap_or_default()
                    .into_iter()
                    .map(|i| i.name)
                    .collect(),
                imports: imports.into_iter().map(|i| *i).collect(),
            }),
        },
    }
}

pub fn import(
    file: FileId,
    l: usize,
    r: usize,
    is_static: bool,
    path: Vec<Ident>,
    all: bool,
) -> Box<Import> {
    Box::new(Import {
        path: path.into_iter().map(|i| i.name).collect(),
        all,
        is_static,
        span: b::span(file, l, r),
    })
}

/// `[t: T]`, VerCors's empty sequence of `T` (as in PVL).
pub fn empty_seq<'i>(
    file: FileId,
    l: usize,
    r: usize,
    t: Ident,
    ty: Type,
) -> PResult<'i, Box<Expr>> {
    match b::empty_lit_kind(&t, ty, false) {
        Some(kind) => Ok(b::expr(file, l, r, kind)),
        None => {
            let (tl, tr) = (t.span.start as usize, t.span.end as usize);
            malformed(tl, tr, "an empty sequence is written `[t: T]`")
        }
    }
}

/// Members outside every class (specification functions and predicates):
/// PVL's global members.
pub fn global(m: JMember) -> Box<JTypeDecl> {
    Box::new(JTypeDecl::Global(m.members))
}

pub fn empty_decl() -> Box<JTypeDecl> {
    Box::new(JTypeDecl::Empty)
}

/// `class C extends D implements I { … }` / `interface I { … }`.
pub fn type_decl(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    contract: Contract,
    mods: Vec<JMod>,
    is_interface: bool,
    name: Ident,
    extends: Option<Box<(usize, Vec<Type>, usize)>>,
    implements: Option<Box<(usize, Vec<Type>, usize)>>,
    members: Vec<JMember>,
) -> Box<JTypeDecl> {
    // `given` before a class: its ghost parameters (`super::instantiate`).
    let ghost_params = contract.given;
    for c in &contract.clauses {
        let (cl, cr) = sp(c.span);
        not_supported(errors, cl, cr, "a contract clause before a class");
    }
    for m in &mods {
        if matches!(
            m.kind,
            "synchronized" | "ghost" | "pure" | "inline" | "group"
        ) {
            not_supported(errors, m.l, m.r, format!("`{}` on a class", m.kind));
        }
    }
    // `extends D` of one class: recorded, and D's members are copied into
    // the class before checking (`super::inherit`). Every class extends
    // Object: saying so changes nothing. An interface's `extends` and a
    // class's `implements` name the interfaces it is a subtype of.
    let mut superclass = None;
    let mut interfaces = Vec::new();
    let names = |errors: &mut Errors, l: usize, r: usize, ts: &[Type], out: &mut Vec<Type>| {
        for t in ts {
            match &t.kind {
                TypeKind::Named(_) | TypeKind::Generic(..) => out.push(t.clone()),
                _ => not_supported(errors, l, r, "implementing this type"),
            }
        }
    };
    if let Some(e) = extends {
        let (el, ts, er) = *e;
        match (is_interface, ts.as_slice()) {
            (true, _) => names(errors, el, er, &ts, &mut interfaces),
            (false, [t]) => match &t.kind {
                TypeKind::Named(n) if n.name == "Object" => {}
                TypeKind::Named(n) => superclass = Some(n.clone()),
                _ => not_supported(errors, el, er, "inheritance (`extends`) of this type"),
            },
            _ => not_supported(errors, el, er, "extending several classes"),
        }
    }
    if let Some(i) = implements {
        let (il, ts, ir) = *i;
        if is_interface {
            not_supported(errors, il, ir, "`implements` on an interface");
        } else {
            names(errors, il, ir, &ts, &mut interfaces);
        }
    }
    let mut out = Vec::new();
    let mut inits = Vec::new();
    let mut nested = Vec::new();
    for m in members {
        out.extend(m.members);
        inits.extend(m.inits);
        nested.extend(m.nested);
    }
    if !inits.is_empty() {
        add_field_inits(file, &name, &mut out, inits, b::span(file, l, r));
    }
    if is_interface {
        for m in &mut out {
            match m {
                Member::Method(m) if m.kind == MethodKind::Constructor => {
                    let (ml, mr) = sp(m.name.span);
                    not_supported(errors, ml, mr, "a constructor in an interface");
                }
                // A ghost final field (Lock's `parent`) is a value every
                // implementing object has; other fields are not supported.
                Member::Field(f) if !(f.mods.is_ghost && f.mods.is_final) => {
                    let (fl, fr) = sp(f.name.span);
                    not_supported(errors, fl, fr, "a field in an interface");
                }
                _ => {}
            }
        }
    }
    let class = Class {
        type_params: Vec::new(),
        ghost_params,
        name,
        extends: superclass,
        implements: interfaces,
        is_interface,
        is_abstract: mods.iter().any(|m| m.kind == "abstract"),
        // A history class (the thesis's `History`, Listing 48): one with
        // processes (`passes::histories`).
        is_model: out
            .iter()
            .any(|m| matches!(m, Member::Method(m) if m.mods.history.is_some())),
        enum_constants: None,
        members: out,
        span: b::span(file, l, r),
    };
    let inner = !is_interface && !mods.iter().any(|m| m.kind == "static");
    nested.insert(0, class);
    Box::new(JTypeDecl::Classes {
        classes: nested,
        inner,
    })
}

/// `enum E { A, B }`: a class without members whose constants the checker
/// makes the values of `core::Type::Enum`. Constants with arguments or
/// bodies, and an enum's own members, are not supported.
#[allow(clippy::too_many_arguments)]
pub fn enum_decl(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    mods: Vec<JMod>,
    name: Ident,
    implements: Option<Box<(usize, Vec<Type>, usize)>>,
    constants: Vec<Ident>,
    members: Option<Vec<JMember>>,
) -> Box<JTypeDecl> {
    for m in &mods {
        if !matches!(m.kind, "public" | "private" | "protected" | "static" | "@") {
            not_supported(errors, m.l, m.r, format!("`{}` on an enum", m.kind));
        }
    }
    if let Some(i) = implements {
        not_supported(errors, i.0, i.2, "an enum implementing an interface");
    }
    for m in members.iter().flatten() {
        for x in &m.members {
            let (ml, mr) = sp(member_span(x));
            not_supported(errors, ml, mr, "a member of an enum");
        }
    }
    let class = Class {
        type_params: Vec::new(),
        ghost_params: Vec::new(),
        name,
        extends: None,
        implements: Vec::new(),
        is_interface: false,
        is_abstract: false,
        is_model: false,
        enum_constants: Some(constants),
        members: Vec::new(),
        span: b::span(file, l, r),
    };
    // An enum in a class is static.
    Box::new(JTypeDecl::Classes {
        classes: vec![class],
        inner: false,
    })
}

fn member_span(m: &Member) -> Span {
    match m {
        Member::Field(f) => f.span,
        Member::Method(m) => m.span,
        Member::Function(f) => f.span,
        Member::Predicate(p) => p.span,
        Member::RelyGuarantee(r) => r.span(),
    }
}

/// `super(args)`: a call named `super`, replaced by the superclass
/// constructor's contract when members are inherited (`super::inherit`).
pub fn super_call(file: FileId, l: usize, m: usize, r: usize, t: b::CallTail) -> Box<Expr> {
    let name = Ident {
        name: Name::from(SUPER),
        span: b::span(file, l, m),
    };
    b::call(file, l, r, None, name, t)
}

/// The name a `super(…)` call carries until inheritance replaces it.
pub const SUPER: &str = "super";

/// Field initializers run at the start of every constructor.
fn add_field_inits(
    file: FileId,
    class: &Ident,
    members: &mut Vec<Member>,
    inits: Vec<Stmt>,
    span: Span,
) {
    let mut found = false;
    for m in members.iter_mut() {
        if let Member::Method(m) = m {
            if m.kind == MethodKind::Constructor {
                found = true;
                if let Some(body) = &mut m.body {
                    let mut stmts = inits.clone();
                    stmts.append(&mut body.stmts);
                    body.stmts = stmts;
                }
            }
        }
    }
    if found {
        return;
    }
    // The implicit constructor, with the default constructor's contract,
    // and the values of fields initialised to literals.
    let (l, r) = sp(span);
    let mut ensures: Vec<Clause> = members
        .iter()
        .filter_map(|m| match m {
            Member::Field(f) if !f.mods.is_final => Some(f),
            _ => None,
        })
        .map(|f| {
            let this = b::expr(file, l, r, ExprKind::This);
            let loc = b::expr(file, l, r, ExprKind::Select(this, f.name.clone()));
            let perm = b::expr(
                file,
                l,
                r,
                ExprKind::Perm(loc, b::expr(file, l, r, ExprKind::Write)),
            );
            Clause {
                kind: ClauseKind::Ensures,
                expr: *perm,
                span,
            }
        })
        .collect();
    for init in &inits {
        if let StmtKind::Assign { target, value } = &init.kind {
            let literal = matches!(
                value.kind,
                ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Null
            );
            if literal {
                let eq = b::bin(
                    file,
                    l,
                    r,
                    BinOp::Eq,
                    Box::new(target.clone()),
                    Box::new(value.clone()),
                );
                ensures.push(Clause {
                    kind: ClauseKind::Ensures,
                    expr: *eq,
                    span,
                });
            }
        }
    }
    members.push(Member::Method(Method::synthesized_constructor(
        class.clone(),
        Vec::new(),
        ensures,
        inits,
        span,
    )));
}

// -------------------------------------------------------------- members

/// One member declaration: the members it declares, and the field
/// initializers (`this.f = e;`) it contributes to the constructors.
pub struct JMember {
    pub members: Vec<Member>,
    pub inits: Vec<Stmt>,
    /// The classes declared in the class (`nested_class`).
    pub nested: Vec<Class>,
}

impl JMember {
    fn of(members: Vec<Member>) -> JMember {
        JMember {
            members,
            inits: Vec::new(),
            nested: Vec::new(),
        }
    }

    /// Adds the members its prefix declared (a `lock_invariant`, Calvin's
    /// annotations; an `unwritable_by_env_if P` before a field `f` becomes
    /// the clause `\old(P) ==> f == \old(f)` of the environment assumption,
    /// one per field).
    pub fn with(mut self, extra: Vec<Member>) -> JMember {
        let fields: Vec<Ident> = self
            .members
            .iter()
            .filter_map(|m| match m {
                Member::Field(f) => Some(f.name.clone()),
                _ => None,
            })
            .collect();
        for m in extra {
            match m {
                Member::RelyGuarantee(RelyGuarantee::Clause {
                    kind: RgClause::Unwritable,
                    expr,
                    span,
                }) => {
                    for f in &fields {
                        self.members
                            .push(Member::RelyGuarantee(RelyGuarantee::Clause {
                                kind: RgClause::Unwritable,
                                expr: unwritable(&expr, span, f),
                                span,
                            }));
                    }
                }
                m => self.members.push(m),
            }
        }
        self
    }
}

/// `/*@ env_assumption E; */`, `global_invariant I;`, `unwritable_by_env_if
/// P;` (a member of the class, `passes::calvin`; the checker types `E` as
/// a two-state predicate: `\old`, the fields of `this`, `tid`, `main`).
pub fn rely_guarantee_clause(
    file: FileId,
    l: usize,
    r: usize,
    kind: RgClause,
    e: Box<Expr>,
) -> Member {
    Member::RelyGuarantee(RelyGuarantee::Clause {
        kind,
        expr: *e,
        span: b::span(file, l, r),
    })
}

/// A method abstraction's `action: also_modifies v ensures e;` (Calvin
/// §6.3), a member of the class like the other annotations:
/// `passes::calvin` ties it to the method whose prefix holds it, whose
/// `modifies c;` is the abstraction's frame.
pub fn rely_guarantee_action(
    file: FileId,
    l: usize,
    r: usize,
    also_modifies: Vec<Box<Expr>>,
    e: Box<Expr>,
) -> Member {
    Member::RelyGuarantee(RelyGuarantee::Action {
        pred: *e,
        also_modifies: also_modifies.into_iter().map(|x| *x).collect(),
        span: b::span(file, l, r),
    })
}

/// A bodiless ghost method `void NAME_offset()` whose one `ensures` is a
/// Calvin-R annotation (`accessible_if`), so that the checker resolves it
/// as a two-state predicate.
pub fn calvin_annotation(file: FileId, l: usize, r: usize, kind: &str, e: Box<Expr>) -> Member {
    let span = b::span(file, l, r);
    Member::Method(Method {
        kind: MethodKind::Method,
        type_params: Vec::new(),
        mods: Modifiers {
            is_ghost: true,
            ..Modifiers::default()
        },
        contract: b::contract(vec![b::clause(file, l, r, ClauseKind::Ensures, e)]),
        ret: b::ty(file, l, r, TypeKind::Void),
        name: Ident {
            name: format!("{kind}_{l}").as_str().into(),
            span,
        },
        params: Vec::new(),
        body: None,
        unparsed_body: None,
        derived: None,
        span,
    })
}

/// A Calvin-R `performs` action as a marker method (`calvin_annotation`):
/// the action `e` (if any) is the first `ensures`, then each location `x`
/// as `x == x`.
pub fn calvin_action(
    file: FileId,
    l: usize,
    r: usize,
    kind: &str,
    locs: Vec<Box<Expr>>,
    action: Option<Box<Expr>>,
) -> Member {
    let first = action.unwrap_or_else(|| {
        Box::new(Expr {
            kind: ExprKind::Bool(true),
            span: b::span(file, l, r),
        })
    });
    let Member::Method(mut m) = calvin_annotation(file, l, r, kind, first) else {
        unreachable!("an annotation is a method")
    };
    for x in locs {
        let same = Box::new(Expr {
            span: x.span,
            kind: ExprKind::Binary(BinOp::Eq, x.clone(), x),
        });
        m.contract
            .clauses
            .push(match b::clause(file, l, r, ClauseKind::Ensures, same) {
                b::ContractItem::Clause(c) => *c,
                _ => unreachable!("a clause"),
            });
    }
    Member::Method(m)
}

/// `unwritable_by_env_if P` (at `span`) of field `f`: `\old(P) ==> f == \old(f)`.
fn unwritable(p: &Expr, span: Span, f: &Ident) -> Expr {
    let ex = |kind| Expr { kind, span };
    let name = || Box::new(ex(ExprKind::Name(f.clone())));
    let old_p = ex(ExprKind::Old(None, Box::new(p.clone())));
    let same = ex(ExprKind::Binary(
        BinOp::Eq,
        name(),
        Box::new(ex(ExprKind::Old(None, name()))),
    ));
    ex(ExprKind::Binary(
        BinOp::Implies,
        Box::new(old_p),
        Box::new(same),
    ))
}

/// `int m /*@ accessible_if P */;`, `int[] a /*@ accessible_if[j] P */;`:
/// the field with its access predicate.
#[allow(clippy::too_many_arguments)]
pub fn accessible_field<'i>(
    file: FileId,
    errors: &mut Errors,
    (l, r): (usize, usize),
    cm: (Contract, Vec<JMod>, Vec<Member>),
    ty: Type,
    d: Box<Declarator>,
    (al, ar): (usize, usize),
    index: Option<Ident>,
    e: Box<Expr>,
) -> PResult<'i, JMember> {
    let mut m = fields(file, errors, l, r, cm.0, cm.1, ty, vec![d])?.with(cm.2);
    let access = AccessPredicate {
        index,
        pred: *e,
        span: b::span(file, al, ar),
    };
    match m.members.iter_mut().find_map(|x| match x {
        Member::Field(f) => Some(f),
        _ => None,
    }) {
        Some(f) => f.access = Some(Box::new(access)),
        None => return malformed(al, ar, "an access predicate of a field that is not one"),
    }
    Ok(m)
}

/// One action of a `performs` specification, as parsed.
pub struct PerformsAction {
    pub l: usize,
    pub r: usize,
    /// `"L"` with its quotes.
    pub label: Option<String>,
    pub mods: Vec<Box<Expr>>,
    pub pred: Box<Expr>,
}

/// A `performs` specification as parsed: atomic actions composed by
/// choice `[]`, sequence `;` and iteration `*`.
pub enum PerformsSpec {
    Action(PerformsAction),
    Choice(Box<PerformsSpec>, Box<PerformsSpec>),
    Seq(Box<PerformsSpec>, Box<PerformsSpec>),
    Star(Box<PerformsSpec>),
}

/// The spec's actions in order, and its shape over their numbers.
fn flatten<'i>(
    file: FileId,
    s: PerformsSpec,
    actions: &mut Vec<crate::syntax::ast::PerformsAction>,
) -> PResult<'i, PerformsShape> {
    // Left to right: the actions are numbered in the order written.
    let mut part = |s: Box<PerformsSpec>| flatten(file, *s, actions).map(Box::new);
    Ok(match s {
        PerformsSpec::Action(a) => {
            let span = b::span(file, a.l, a.r);
            let label = match &a.label {
                Some(q) => Some(Ident {
                    name: label_of(q, a.l, a.r)?.as_str().into(),
                    span,
                }),
                None => None,
            };
            actions.push(crate::syntax::ast::PerformsAction {
                label,
                modifies: a.mods.into_iter().map(|m| *m).collect(),
                pred: *a.pred,
                span,
            });
            PerformsShape::Action(actions.len() - 1)
        }
        PerformsSpec::Choice(x, y) => PerformsShape::Choice(part(x)?, part(y)?),
        PerformsSpec::Seq(x, y) => PerformsShape::Seq(part(x)?, part(y)?),
        PerformsSpec::Star(x) => PerformsShape::Star(part(x)?),
    })
}

/// `performs action "L1": (mods) { P1 } [] action "L2": … `: the method's
/// spec, a part of its contract.
pub fn performs<'i>(file: FileId, l: usize, r: usize, spec: PerformsSpec) -> PResult<'i, JPrefix> {
    let mut actions = Vec::new();
    let shape = flatten(file, spec, &mut actions)?;
    Ok(JPrefix::Performs(Box::new(Performs {
        actions,
        shape,
        span: b::span(file, l, r),
    })))
}

/// A label `"L"`'s text: a Java identifier.
fn label_of<'i>(quoted: &str, l: usize, r: usize) -> PResult<'i, String> {
    let text = quoted.trim_matches('"');
    let ok = text
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if ok {
        Ok(text.to_string())
    } else {
        malformed(
            l,
            r,
            "a performs action's label is a Java identifier in quotes",
        )
    }
}

/// `witness "L";`: the commit point of the action labelled L.
pub fn witness<'i>(file: FileId, l: usize, r: usize, s: &str) -> PResult<'i, Stmts> {
    let label = label_of(s, l, r)?;
    let name = Ident {
        name: label.as_str().into(),
        span: b::span(file, l, r),
    };
    Ok(b::one(file, l, r, StmtKind::Witness(name)))
}

/// Gives every class of a unit that carries Calvin-R's annotations a
/// monitor owner (unless Calvin's annotations did).
fn calvinr_marks(decls: &mut [Decl]) {
    if !has_calvin_r(decls) {
        return;
    }
    for d in decls {
        let Decl::Class(c) = d else { continue };
        if c.is_interface {
            continue;
        }
        let span = c.name.span;
        // The monitor's owner, for `synchronized` (as Calvin's).
        let has_owner = c.members.iter().any(|m| {
            matches!(
                m,
                Member::RelyGuarantee(RelyGuarantee::Field {
                    role: RgField::MonitorOwner,
                    ..
                })
            )
        });
        if !has_owner {
            c.members.extend(monitor_owner(span));
        }
    }
}

/// `//@ ghost int holder;`, the class's monitor owner: the id of the thread
/// holding the object's monitor, 0 when free (`core::Features::monitor_owner`).
/// Calvin's annotations name it `holder`, as the papers do.
fn monitor_owner(span: Span) -> [Member; 2] {
    let field = ghost_field(TypeKind::Int, "holder", span);
    [field, role(RgField::MonitorOwner, "holder", span)]
}

/// The rely/guarantee role of the class's field `name`.
fn role(role: RgField, name: &str, span: Span) -> Member {
    Member::RelyGuarantee(RelyGuarantee::Field {
        role,
        field: Ident {
            name: name.into(),
            span,
        },
        span,
    })
}

/// Whether a class of the unit has Calvin's annotations.
fn has_calvin_annotation(decls: &[Decl]) -> bool {
    decls.iter().any(|d| match d {
        Decl::Class(c) => c.members.iter().any(|m| {
            matches!(
                m,
                Member::RelyGuarantee(RelyGuarantee::Clause { .. } | RelyGuarantee::Action { .. })
            )
        }),
        Decl::Member(_) => false,
    })
}

/// `//@ ghost T name;`.
fn ghost_field(kind: TypeKind, name: &str, span: Span) -> Member {
    Member::Field(Field {
        mods: Modifiers {
            is_ghost: true,
            ..Modifiers::default()
        },
        ty: Type { kind, span },
        name: Ident {
            name: name.into(),
            span,
        },
        init: None,
        owner_links: Vec::new(),
        access: None,
        span,
    })
}

/// Calvin's object model, in each class of a unit that uses Calvin's
/// annotations: the ghost fields' role (their accesses are no steps of
/// their own), a monitor owner `holder` (the id of the thread holding the
/// object's monitor, 0 when free), and a Thread object's fields.
fn calvin_holders(decls: &mut [Decl]) {
    if !has_calvin_annotation(decls) {
        return;
    }
    for d in decls {
        let Decl::Class(c) = d else { continue };
        if c.is_interface {
            continue;
        }
        let ghosts: Vec<Member> = c
            .members
            .iter()
            .filter_map(|m| match m {
                Member::Field(f) if f.mods.is_ghost => {
                    Some(Member::RelyGuarantee(RelyGuarantee::Field {
                        role: RgField::Ghost,
                        field: f.name.clone(),
                        span: f.span,
                    }))
                }
                _ => None,
            })
            .collect();
        c.members.extend(ghosts);
        let span = c.name.span;
        c.members.extend(monitor_owner(span));
        // Calvin §6.2: a Thread object's abstract `start` (false until its
        // thread is forked) and, since weft's thread ids are ints, the id
        // of its thread (`passes::calvin::threads`), both ghost.
        if c.extends.as_ref().is_some_and(|e| e.name == "Thread") {
            for (kind, name, r) in [
                (TypeKind::Bool, "start", RgField::ThreadStarted),
                (TypeKind::Int, CALVIN_THREAD_ID, RgField::ThreadId),
            ] {
                c.members.push(ghost_field(kind, name, span));
                c.members.push(role(RgField::Ghost, name, span));
                c.members.push(role(r, name, span));
            }
        }
    }
}

/// The ghost field of a Calvin Thread object holding its thread's id.
pub const CALVIN_THREAD_ID: &str = "weft_thread_id";

/// A class's members, with those its prefix declared (a `lock_invariant`).
pub fn with_extra(mut members: Vec<JMember>, extra: Vec<Member>) -> Vec<JMember> {
    if !extra.is_empty() {
        members.push(JMember::of(extra));
    }
    members
}

/// A modifier keyword (Java or JML) or an annotation, with its place.
pub struct JMod {
    pub kind: &'static str,
    pub l: usize,
    pub r: usize,
}

pub fn modifier(l: usize, kind: &'static str, r: usize) -> JMod {
    JMod { kind, l, r }
}

/// `@Override` and friends say nothing weft needs.
pub fn annotation(l: usize, _name: Vec<Ident>, r: usize) -> JMod {
    JMod { kind: "@", l, r }
}

/// The modifiers the tree knows; the others are access control or say
/// nothing to a sequential verifier (`volatile`, `transient`).
/// `synchronized` is a method's (see [`method`]); elsewhere it is refused.
fn modifiers(errors: &mut Errors, ms: &[JMod]) -> Modifiers {
    let mut out = Modifiers::default();
    for m in ms {
        match m.kind {
            "static" => out.is_static = true,
            "final" => out.is_final = true,
            "ghost" => out.is_ghost = true,
            "inline" => out.is_inline = true,
            "pure" => out.is_pure = true,
            "thread_local" => out.is_thread_local = true,
            "group" => out.is_group = true,
            "lemma" => out.is_lemma = true,
            "kernel" => out.is_kernel = true,
            "global" | "local" => not_supported(errors, m.l, m.r, format!("`{}` here", m.kind)),
            "synchronized" => not_supported(errors, m.l, m.r, "`synchronized` here"),
            "atomic" | "mover" => not_supported(
                errors,
                m.l,
                m.r,
                format!("`{}` on anything but a method", m.kind),
            ),
            _ => {}
        }
    }
    out
}

pub struct JHeader {
    pub contract: Contract,
    pub mods: Vec<JMod>,
    pub name: Ident,
    pub params: Vec<Param>,
}

pub enum JBody {
    Expr(Box<Expr>),
    Block(Block),
    Abstract,
}

/// The classes of a `throws` clause, by their simple names (`java.io.IOException`
/// is `IOException`: the library loads it for the qualified name too).
fn throws_types(throws: Option<Throws>) -> Vec<Type> {
    let Some(t) = throws else { return Vec::new() };
    t.1.iter()
        .map(|path| {
            let last = path[path.len() - 1].clone();
            Type {
                span: path[0].span.fuse(last.span),
                kind: TypeKind::Named(last),
            }
        })
        .collect()
}

/// The last name of a qualified name (`java.io.IOException` → `IOException`).
pub fn last(mut path: Vec<Ident>) -> Ident {
    path.pop().expect("a qualified name has a name")
}

/// `signals (E e) P;`
pub fn signals(file: FileId, l: usize, r: usize, ty: Type, name: Ident, e: Box<Expr>) -> JItem {
    JItem::Item(ContractItem::Signals(Box::new(Signals {
        ty,
        name,
        expr: *e,
        span: b::span(file, l, r),
    })))
}

/// Outside a kernel, `given T x = v;` (one name, no memory scope, no size) is
/// a ghost parameter a call may leave out: it then gets v, which names
/// nothing (the caller's scope checks it).
fn given_defaults(errors: &mut Errors, c: &mut Contract) {
    for item in std::mem::take(&mut c.kernel) {
        match item {
            KernelItem::Memory(KernelMemory {
                scope: MemScope::Plain,
                ty,
                name,
                size: None,
                init: Some(v),
                span,
            }) => {
                let mut v = v;
                let mut named = false;
                crate::syntax::walk::each_expr_mut(&mut v, &mut |x| {
                    named |= matches!(
                        x.kind,
                        ExprKind::Name(_)
                            | ExprKind::This
                            | ExprKind::Call(_)
                            | ExprKind::Select(..)
                    );
                });
                if named {
                    let (l, r) = sp(v.span);
                    not_supported(
                        errors,
                        l,
                        r,
                        "a ghost parameter's default that names something (write a literal)",
                    );
                }
                c.defaults.push((name.name, v));
                c.given.push(Param {
                    ty,
                    name,
                    span,
                    scope: MemScope::Plain,
                });
            }
            other => c.kernel.push(other),
        }
    }
}

pub fn method<'i>(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    h: JHeader,
    ret: Type,
    throws: Option<Throws>,
    body: JBody,
) -> PResult<'i, JMember> {
    let mut h = h;
    h.contract.throws = throws_types(throws);
    let (sync, other): (Vec<JMod>, Vec<JMod>) =
        h.mods.into_iter().partition(|m| m.kind == "synchronized");
    let (atomicity, other): (Vec<JMod>, Vec<JMod>) = other
        .into_iter()
        .partition(|m| m.kind == "atomic" || m.kind == "mover");
    let mut mods = modifiers(errors, &other);
    mods.atomicity = atomicity_of(file, errors, &atomicity);
    let span = b::span(file, l, r);
    let sync = sync.first().map(|m| (m.l, m.r));
    let mut ret = ret;
    // The thesis's protocols (ch. 5) write `pred trans(role r, int c, int n) = e;`
    // and `frac share(role r, int v) { return e; }`: a boolean predicate, and
    // a method of a specification-only type, are pure functions.
    if is_named(&ret, "pred") {
        ret.kind = TypeKind::Bool;
        mods.is_pure = true;
    }
    if matches!(ret.kind, TypeKind::Frac | TypeKind::ZFrac)
        || h.params.iter().any(|p| is_named(&p.ty, "role"))
    {
        mods.is_pure = true;
    }
    let member = if ret.kind == TypeKind::Resource {
        Member::Predicate(Predicate {
            derived: None,
            mods,
            contract: h.contract,
            name: h.name,
            params: h.params,
            body: predicate_body(body, r)?,
            span,
        })
    } else if mods.is_pure {
        Member::Function(Function {
            derived: None,
            type_params: Vec::new(),
            mods,
            contract: h.contract,
            ret,
            name: h.name,
            params: h.params,
            body: match body {
                JBody::Expr(e) => Some(*e),
                JBody::Abstract => None,
                JBody::Block(b) => Some(pure_block(b, r)?),
            },
            span,
        })
    } else {
        let mut contract = h.contract;
        if !mods.is_kernel {
            given_defaults(errors, &mut contract);
        }
        let mut body = method_body(body, r)?;
        if let Some((sl, sr)) = sync {
            body = synchronized_body(file, errors, sl, sr, mods.is_static, body);
        }
        Member::Method(Method {
            derived: None,
            kind: MethodKind::Method,
            type_params: Vec::new(),
            mods,
            contract,
            ret,
            name: h.name,
            params: h.params,
            body,
            unparsed_body: None,
            span,
        })
    };
    if let (Some((sl, sr)), false) = (sync, matches!(member, Member::Method(_))) {
        not_supported(
            errors,
            sl,
            sr,
            "`synchronized` on a pure method or predicate",
        );
    }
    Ok(JMember::of(vec![member]))
}

/// A method's atomicity specification (`crate::atomicity`): one at most.
fn atomicity_of(file: FileId, errors: &mut Errors, ms: &[JMod]) -> Option<Atomicity> {
    let first = ms.first()?;
    for m in &ms[1..] {
        errors.push(JavaError {
            kind: JavaErrorKind::Malformed("a method has one atomicity specification".into()),
            start: m.l,
            end: m.r,
        });
    }
    Some(Atomicity {
        kind: if first.kind == "atomic" {
            AtomicityKind::Atomic
        } else {
            AtomicityKind::Mover
        },
        span: b::span(file, first.l, first.r),
    })
}

/// A pure method's `{ return e; }` is its expression.
fn is_named(t: &Type, name: &str) -> bool {
    matches!(&t.kind, TypeKind::Named(n) if n.name == name)
}

/// `group inv = resinv;` (the thesis's SpinLock, Listing 35): the group
/// predicate `inv` is another name for the group family `resinv`, an inline
/// `group resource inv(frac p) = resinv(p);`.
/// A history class's process, `contract process p(params) = P;` (the
/// thesis's Listing 48); without a definition, `process a(params);` is an
/// action, as the thesis's `get`.
#[allow(clippy::too_many_arguments)]
pub fn process(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    prefix: (Contract, Vec<JMod>, Vec<Member>),
    name: Ident,
    params: Vec<Param>,
    def: Option<Box<Expr>>,
) -> JMember {
    let (contract, mods, extra) = prefix;
    if let Some(m) = mods.first() {
        not_supported(errors, m.l, m.r, "a modifier on a process");
    }
    let kind = if def.is_some() {
        HistoryMember::Process
    } else {
        HistoryMember::Action
    };
    JMember::of(b::history_member(
        file, l, r, contract, kind, name, params, def,
    ))
    .with(extra)
}

/// `action h, p, P, h.a(args);`: the history, fraction, past and action.
pub type ActionHead = [Box<Expr>; 4];

/// The thesis's `action h, p, P, h.a(args); S`: S implements the action.
pub fn action(file: FileId, l: usize, r: usize, h: ActionHead, s: b::Stmts) -> b::Stmts {
    let [m, p, f, a] = h;
    let stmts = match s {
        b::Stmts::One(s) => vec![*s],
        b::Stmts::Many(ss) => ss,
    };
    let span = b::span(file, l, r);
    let body = Block { stmts, span };
    b::one(
        file,
        l,
        r,
        StmtKind::Action {
            model: *m,
            perm: *p,
            future: *f,
            action: *a,
            body,
            past: true,
        },
    )
}

pub fn group_alias(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    prefix: (Contract, Vec<JMod>, Vec<Member>),
    name: Ident,
    target: Box<Expr>,
) -> JMember {
    let (contract, mods, extra) = prefix;
    let span = b::span(file, l, r);
    let mut m = modifiers(errors, &mods);
    if !m.is_group {
        let (nl, nr) = sp(name.span);
        not_supported(
            errors,
            nl,
            nr,
            "a member without a type (only `group p = q;`, an alias of a group predicate)",
        );
    }
    if let Some(c) = contract.clauses.first() {
        let (cl, cr) = sp(c.span);
        not_supported(errors, cl, cr, "a contract on a group alias");
    }
    let ExprKind::Name(family) = target.kind else {
        let (tl, tr) = sp(target.span);
        not_supported(
            errors,
            tl,
            tr,
            "an alias of anything but a predicate's name",
        );
        return JMember::of(Vec::new()).with(extra);
    };
    m.is_inline = true;
    let p = Ident {
        name: Name::from("p"),
        span: name.span,
    };
    let frac = Type {
        kind: TypeKind::Frac,
        span: name.span,
    };
    let body = Expr {
        kind: ExprKind::Call(Box::new(Call {
            recv: None,
            name: family,
            args: vec![Expr {
                kind: ExprKind::Name(p.clone()),
                span: target.span,
            }],
            given: Vec::new(),
            yields: Vec::new(),
            with: Vec::new(),
            then: Vec::new(),
        })),
        span: target.span,
    };
    JMember::of(vec![Member::Predicate(Predicate {
        derived: None,
        mods: m,
        contract: Contract::default(),
        name,
        params: vec![Param {
            ty: frac,
            name: p,
            span,
            scope: MemScope::Plain,
        }],
        body: Some(body),
        span,
    })])
    .with(extra)
}

fn predicate_body<'i>(body: JBody, r: usize) -> PResult<'i, Option<Expr>> {
    match body {
        JBody::Expr(e) => Ok(Some(*e)),
        JBody::Abstract => Ok(None),
        JBody::Block(b) => malformed(
            b.span.start as usize,
            r,
            "a predicate body is written `= e;`",
        ),
    }
}

fn pure_block<'i>(b: Block, r: usize) -> PResult<'i, Expr> {
    b::returned_expr(b)
        .or_else(|start| malformed(start, r, "a pure method's body must be `{ return e; }`"))
}

fn method_body<'i>(body: JBody, r: usize) -> PResult<'i, Option<Block>> {
    match body {
        JBody::Block(b) => Ok(Some(b)),
        JBody::Abstract => Ok(None),
        JBody::Expr(e) => malformed(
            e.span.start as usize,
            r,
            "only pure methods and predicates have a `= e;` body",
        ),
    }
}

pub fn constructor<'i>(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    h: JHeader,
    throws: Option<Throws>,
    body: JBody,
) -> PResult<'i, JMember> {
    let mut h = h;
    h.contract.throws = throws_types(throws);
    // Java has no synchronized constructors; `modifiers` refuses the keyword.
    let mut mods = modifiers(errors, &h.mods);
    // The thesis's `group inv(frac p) = Perm(data, p);` (ch. 5): a group
    // resource predicate whose type `resource` goes without saying.
    if mods.is_group {
        return Ok(JMember::of(vec![Member::Predicate(Predicate {
            derived: None,
            mods,
            contract: h.contract,
            name: h.name,
            params: h.params,
            body: predicate_body(body, r)?,
            span: b::span(file, l, r),
        })]));
    }
    mods.is_static = false;
    let (nl, nr) = sp(h.name.span);
    Ok(JMember::of(vec![Member::Method(Method {
        derived: None,
        kind: MethodKind::Constructor,
        type_params: Vec::new(),
        mods,
        contract: h.contract,
        ret: b::ty(file, nl, nr, TypeKind::Void),
        name: h.name,
        params: h.params,
        body: method_body(body, r)?,
        unparsed_body: None,
        span: b::span(file, l, r),
    })]))
}

/// `mods T a = e, b;`: fields; or `resource p = e;`, a predicate without parameters.
/// A field's `{a, b}` initialiser: a literal of the collection its type
/// names (`Set<role> roles = {T};`); Java's array initialisers are not
/// supported yet.
fn braces(errors: &mut Errors, ty: &Type, init: Expr) -> Expr {
    let ExprKind::SetLit(None, xs) = init.kind else {
        return init;
    };
    let kind = match &ty.kind {
        TypeKind::Set(t) => ExprKind::SetLit(Some(t.clone()), xs),
        TypeKind::Seq(t) => ExprKind::SeqLit(Some(t.clone()), xs),
        TypeKind::Bag(t) => ExprKind::BagLit(Some(t.clone()), xs),
        _ => {
            let (l, r) = sp(init.span);
            not_supported(errors, l, r, "an array initializer");
            ExprKind::SetLit(None, xs)
        }
    };
    Expr {
        kind,
        span: init.span,
    }
}

/// The declarators of a field or local of type `ty`, `{…}` initialisers typed.
pub fn brace_inits(
    errors: &mut Errors,
    ty: &Type,
    mut decls: Vec<Box<Declarator>>,
) -> Vec<Box<Declarator>> {
    for d in &mut decls {
        if let Some(init) = d.init.take() {
            d.init = Some(braces(errors, ty, init));
        }
    }
    decls
}

pub fn fields<'i>(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    c: Contract,
    ms: Vec<JMod>,
    ty: Type,
    decls: Vec<Box<Declarator>>,
) -> PResult<'i, JMember> {
    let mods = modifiers(errors, &ms);
    if ty.kind == TypeKind::Resource && decls.len() == 1 {
        let d = decls.into_iter().next().expect("one declarator");
        return Ok(JMember::of(vec![Member::Predicate(Predicate {
            derived: None,
            mods,
            contract: c,
            name: d.name,
            params: Vec::new(),
            body: d.init,
            span: b::span(file, l, r),
        })]));
    }
    if let Some(p) = &c.performs {
        let (pl, pr) = sp(p.span);
        return malformed(pl, pr, "a performs spec precedes a method, not a field");
    }
    if !c.clauses.is_empty() || !c.given.is_empty() || !c.yields.is_empty() {
        return malformed(l, r, "a field cannot have a contract");
    }
    let mut out_static = Vec::new();
    // A `static final` field with a value is a constant (the checker makes it
    // a function); another static field is a field of the class's statics
    // object (the checker's `Env::statics`), its initializer not run: Java
    // runs it once, at a time weft does not model, so the field's first
    // value is unknown.
    let constant = mods.is_static && mods.is_final;
    if mods.is_static && !mods.is_final {
        for d in brace_inits(errors, &ty, decls) {
            let span = ty.span.fuse(d.name.span);
            out_static.push(uninitialised_field(mods, &ty, d.name, span));
        }
        return Ok(JMember::of(out_static));
    }
    if mods.is_static {
        if let Some(d) = decls.iter().find(|d| d.init.is_none()) {
            let (nl, nr) = sp(d.name.span);
            not_supported(errors, nl, nr, "a `static final` field without a value");
        }
    }
    let one = decls.len() == 1;
    let mut out = JMember::of(Vec::new());
    for d in brace_inits(errors, &ty, decls) {
        let span = if one {
            b::span(file, l, r)
        } else {
            ty.span.fuse(d.name.span)
        };
        // A final instance field with a literal value (`final int E = 0;`, the
        // thesis's protocol states) is a constant too: every object has the
        // same value, so it is the class's, readable without permission.
        let literal = matches!(
            d.init.as_ref().map(|e| &e.kind),
            Some(ExprKind::Int(_) | ExprKind::Bool(_))
        );
        if constant || (mods.is_final && literal && !mods.is_ghost) {
            let mods = Modifiers {
                is_static: true,
                ..mods
            };
            out.members.push(Member::Field(Field {
                mods,
                ty: ty.clone(),
                name: d.name,
                init: d.init,
                owner_links: Vec::new(),
                access: None,
                span,
            }));
            continue;
        }
        if let Some(init) = d.init {
            let (il, ir) = (d.l, d.r);
            let this = b::expr(
                file,
                d.name.span.start as usize,
                d.name.span.start as usize,
                ExprKind::This,
            );
            let target = b::expr(
                file,
                il,
                d.name.span.end as usize,
                ExprKind::Select(this, d.name.clone()),
            );
            out.inits.push(Stmt {
                kind: StmtKind::Assign {
                    target: *target,
                    value: init,
                },
                span: b::span(file, il, ir),
            });
        }
        out.members
            .push(uninitialised_field(mods, &ty, d.name, span));
    }
    Ok(out)
}

/// A field as declared, its initializer (if any) run elsewhere.
fn uninitialised_field(mods: Modifiers, ty: &Type, name: Ident, span: Span) -> Member {
    Member::Field(Field {
        mods,
        ty: ty.clone(),
        name,
        init: None,
        owner_links: Vec::new(),
        access: None,
        span,
    })
}

/// `resource lock_invariant() = I;`: what `lock_invariant I;` declares.
pub fn lock_invariant_member(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    name_l: usize,
    r: usize,
    prefix: (Contract, Vec<JMod>, Vec<Member>),
    e: Box<Expr>,
) -> JMember {
    let (contract, mods, extra) = prefix;
    for m in mods
        .iter()
        .filter(|m| !matches!(m.kind, "@" | "public" | "private" | "protected"))
    {
        not_supported(
            errors,
            m.l,
            m.r,
            format!("`{}` on the lock invariant", m.kind),
        );
    }
    if let Some(c) = contract.clauses.first() {
        let (cl, cr) = sp(c.span);
        not_supported(errors, cl, cr, "a contract on the lock invariant");
    }
    let mut members = b::lock_invariant(file, name_l, r, e);
    if let Some(Member::Predicate(p)) = members.first_mut() {
        p.span = b::span(file, l, r);
    }
    JMember::of(members).with(extra)
}

/// A class declared in a class (`static class Node { … }`, an interface,
/// an enum): a class of the unit, by its simple name, as if declared beside
/// its outer class; Java's empty member `;` is nothing (the thesis's
/// Listing 35 writes `frac share(…){ … };`). An inner class (one without
/// `static`) is not supported: its objects' implicit outer object is not
/// modelled, and VerCors rejects it too.
pub fn nested_class(errors: &mut Errors, l: usize, r: usize, d: Box<JTypeDecl>) -> JMember {
    let nested = match *d {
        JTypeDecl::Classes { classes, inner } => {
            if inner {
                not_supported(
                    errors,
                    l,
                    r,
                    "an inner class (a class in a class without `static`, whose objects have an outer object; a `static` class is supported)",
                );
            }
            classes
        }
        JTypeDecl::Global(_) => {
            not_supported(errors, l, r, "a global specification member in a class");
            Vec::new()
        }
        JTypeDecl::Empty => Vec::new(),
    };
    JMember {
        nested,
        ..JMember::of(Vec::new())
    }
}

pub fn param(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    ms: Vec<JMod>,
    ty: Type,
    name: Ident,
) -> Box<Param> {
    let mut scope = MemScope::Plain;
    for m in &ms {
        match m.kind {
            // `final` says nothing here; `group` marks a predicate family (the locks issue).
            "final" | "group" | "@" => {}
            "global" => scope = MemScope::Global,
            "local" => scope = MemScope::Local,
            _ => not_supported(errors, m.l, m.r, format!("`{}` on a parameter", m.kind)),
        }
    }
    let mut ty = ty;
    if let TypeKind::Family { group, .. } = &mut ty.kind {
        *group = ms.iter().any(|m| m.kind == "group");
    }
    let mut p = b::param(file, l, r, ty, name);
    p.scope = scope;
    p
}

/// A contract item, or `also` (which joins specification cases).
pub enum JItem {
    Item(ContractItem),
    Items(Vec<ContractItem>),
    Also(usize, usize),
}

/// `given T a, b, U c;`: one ghost parameter per name.
pub fn givens(file: FileId, first: Box<Param>, more: Vec<(Option<Type>, Ident)>) -> JItem {
    let mut ty = first.ty.clone();
    let mut out = vec![ContractItem::Given(first)];
    for (t, name) in more {
        if let Some(t) = t {
            ty = t;
        }
        let (l, r) = (sp(ty.span).0, sp(name.span).1);
        out.push(ContractItem::Given(b::param(file, l, r, ty.clone(), name)));
    }
    JItem::Items(out)
}

pub fn also(l: usize, r: usize) -> JItem {
    JItem::Also(l, r)
}

/// A leading `also` adds to inherited specifications, of which there are
/// none without inheritance; between clauses it would start a second
/// specification case, which weft does not have.
pub fn contract(errors: &mut Errors, items: Vec<JItem>) -> Contract {
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.into_iter().enumerate() {
        match item {
            JItem::Item(c) => out.push(c),
            JItem::Items(cs) => out.extend(cs),
            JItem::Also(l, r) if i > 0 => {
                not_supported(errors, l, r, "a second specification case (`also`)")
            }
            JItem::Also(..) => {}
        }
    }
    b::contract(out)
}

/// A contract item or a modifier, before a declaration.
pub enum JPrefix {
    Item(JItem),
    Mod(JMod),
    /// `lock_invariant I;`: the class's lock-invariant predicate.
    LockInvariant(Vec<Member>),
    /// Calvin-R's `performs` spec of the method.
    Performs(Box<Performs>),
}

pub fn prefix(errors: &mut Errors, items: Vec<JPrefix>) -> (Contract, Vec<JMod>, Vec<Member>) {
    let mut contract = Vec::new();
    let mut mods = Vec::new();
    let mut members = Vec::new();
    let mut performs = None;
    for p in items {
        match p {
            JPrefix::Item(i) => contract.push(i),
            JPrefix::Mod(m) => mods.push(m),
            JPrefix::LockInvariant(ms) => members.extend(ms),
            JPrefix::Performs(p) if performs.is_none() => performs = Some(p),
            JPrefix::Performs(p) => {
                let (l, r) = sp(p.span);
                malformed_at(errors, l, r, "a method has at most one performs spec");
            }
        }
    }
    let mut c = self::contract(errors, contract);
    c.performs = performs;
    (c, mods, members)
}

/// `(frac -> resource)`: the type of a predicate family, as a class ghost parameter has.
pub fn arrow_type(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    params: Vec<Type>,
    ret: Type,
) -> Type {
    if ret.kind == TypeKind::Resource {
        return b::ty(
            file,
            l,
            r,
            TypeKind::Family {
                params,
                group: false,
            },
        );
    }
    let _ = errors;
    b::ty(
        file,
        l,
        r,
        TypeKind::FunctionFamily {
            params,
            ret: Box::new(ret),
        },
    )
}

/// `Lock/*@<inv, true>@*/`: a class template with ghost arguments.
pub fn generic_type(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    name: Ident,
    args: Vec<Expr>,
) -> Type {
    let args = ghost_args(errors, args);
    b::ty(file, l, r, TypeKind::Generic(name, args))
}

/// Class ghost arguments are names or literals (`-2` too, and a set of
/// names `{T}`).
fn ghost_args(errors: &mut Errors, args: Vec<Expr>) -> Vec<GhostArg> {
    let mut out = Vec::new();
    for a in args {
        match a.kind {
            ExprKind::SetLit(None, es)
                if es.iter().all(|e| matches!(e.kind, ExprKind::Name(_))) =>
            {
                let names = es
                    .into_iter()
                    .filter_map(|e| match e.kind {
                        ExprKind::Name(n) => Some(n),
                        _ => None,
                    })
                    .collect();
                out.push(GhostArg::Names(names, a.span));
            }
            ExprKind::Name(n) => out.push(GhostArg::Name(n)),
            ExprKind::Bool(v) => out.push(GhostArg::Bool(v, a.span)),
            ExprKind::Int(v) => out.push(GhostArg::Int(v.get(), a.span)),
            ExprKind::Unary(UnOp::Neg, x) if matches!(x.kind, ExprKind::Int(_)) => {
                let ExprKind::Int(v) = x.kind else {
                    unreachable!()
                };
                out.push(GhostArg::Int(-v.get(), a.span));
            }
            _ => {
                let (al, ar) = sp(a.span);
                not_supported(
                    errors,
                    al,
                    ar,
                    "a class ghost argument other than a name or a literal",
                );
            }
        }
    }
    out
}

// ------------------------------------------------------------ statements

pub enum JLoop {
    While(Contract, Expr),
    For(Contract, Vec<Stmt>, Option<Expr>, Vec<Stmt>),
    /// Already reported.
    Unsupported,
}

pub fn while_head(c: Contract, cond: Box<Expr>) -> Box<JLoop> {
    Box::new(JLoop::While(c, *cond))
}

pub fn for_head(
    c: Contract,
    init: Vec<Stmt>,
    cond: Option<Box<Expr>>,
    update: Vec<Stmts>,
) -> Box<JLoop> {
    Box::new(JLoop::For(c, init, cond.map(b::unbox), b::flatten(update)))
}

/// A block after a contract: VerCors's iteration contract (each iteration of
/// the loop whose body it is verified on its own, as a parallel loop). Refused,
/// the block kept so that the parse goes on.
pub fn contract_block(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    m: usize,
    r: usize,
    bl: Block,
) -> Stmts {
    not_supported(
        errors,
        l,
        m,
        "a contract on a loop body or block (VerCors's iteration contract)",
    );
    b::one(file, l, r, StmtKind::Block(bl))
}

pub fn foreach_head(errors: &mut Errors, l: usize, r: usize, _c: Contract) -> Box<JLoop> {
    not_supported(errors, l, r, "an enhanced `for` loop");
    Box::new(JLoop::Unsupported)
}

fn empty(file: FileId, l: usize, r: usize) -> Stmts {
    b::one(
        file,
        l,
        r,
        StmtKind::Block(Block {
            stmts: Vec::new(),
            span: b::span(file, l, r),
        }),
    )
}

pub fn loop_(
    file: FileId,
    _errors: &mut Errors,
    l: usize,
    r: usize,
    head: Box<JLoop>,
    body: Stmts,
) -> Stmts {
    let body = b::body_block(body, b::span(file, l, r));
    let kind = match *head {
        JLoop::While(contract, cond) => StmtKind::While {
            contract: Box::new(contract),
            cond,
            body,
        },
        JLoop::For(contract, init, cond, update) => StmtKind::For {
            contract: Box::new(contract),
            init,
            cond,
            update,
            body,
        },
        JLoop::Unsupported => return empty(file, l, r),
    };
    b::one(file, l, r, kind)
}

/// `L: S`: the checker resolves `break L` / `continue L` against it.
pub fn labelled(file: FileId, l: usize, r: usize, name: Ident, s: Stmts) -> Stmts {
    let ss = b::flatten(vec![s]);
    let inner = match <[Stmt; 1]>::try_from(ss) {
        Ok([one]) => one,
        Err(ss) => Stmt {
            kind: StmtKind::Block(Block {
                stmts: ss,
                span: b::span(file, l, r),
            }),
            span: b::span(file, l, r),
        },
    };
    b::one(file, l, r, StmtKind::Labelled(name, Box::new(inner)))
}

/// `//@ loop_invariant I; L: S`: a loop's contract may stand before its
/// labels (VerCors reads `l1: l2: //@ loop_invariant J; while …` too, each
/// contract the loop's, the first written first). A contract before a
/// labelled statement that is not a loop is refused at the contract.
pub fn contract_labelled(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    contract: Contract,
    name: Ident,
    s: Stmts,
) -> Stmts {
    let (nl, _) = sp(name.span);
    let mut out = labelled(file, l, r, name, s);
    if let Stmts::One(st) = &mut out {
        if let Some(c) = loop_contract_mut(st) {
            prepend_contract(contract, c);
            return out;
        }
    }
    malformed_at(
        errors,
        l,
        nl,
        "a loop contract must stand before a loop (or the labels of one)",
    );
    out
}

/// The contract of the loop `s` is, under its labels.
fn loop_contract_mut(s: &mut Stmt) -> Option<&mut Contract> {
    match &mut s.kind {
        StmtKind::Labelled(_, inner) => loop_contract_mut(inner),
        StmtKind::While { contract, .. }
        | StmtKind::For { contract, .. }
        | StmtKind::DoWhile { contract, .. } => Some(contract.as_mut()),
        _ => None,
    }
}

/// `outer`'s items, then `inner`'s.
fn prepend_contract(outer: Contract, inner: &mut Contract) {
    fn join<T>(mut a: Vec<T>, b: &mut Vec<T>) {
        a.append(b);
        *b = a;
    }
    join(outer.clauses, &mut inner.clauses);
    join(outer.given, &mut inner.given);
    join(outer.yields, &mut inner.yields);
    join(outer.defaults, &mut inner.defaults);
    join(outer.kernel, &mut inner.kernel);
}

fn malformed_at(errors: &mut Errors, l: usize, r: usize, msg: &str) {
    errors.push(JavaError {
        kind: JavaErrorKind::Malformed(msg.to_owned()),
        start: l,
        end: r,
    });
}

/// An item of a switch block: a label (`case a, b:`, `default:`, or the
/// arrow forms; its span, its constants (none for `default`), whether it is
/// an arrow), or a statement.
pub enum JSwitchItem {
    Case(usize, usize, Vec<Box<Expr>>, bool),
    Stmt(Stmts),
}

/// One group of a switch block as read: its labels' span, constants,
/// whether one is `default`, and its statements.
struct Group {
    l: usize,
    r: usize,
    consts: Vec<Expr>,
    default: bool,
    stmts: Vec<Stmt>,
}

/// `switch (e) { case c1: S1 … default: Sd … }` (and the arrow form
/// `case c1, c2 -> S`): the groups of labels and statements, checked for
/// the forms Java forbids (mixed forms, two defaults, a statement before
/// the first label, an arrow with several statements); a `switch` on
/// strings is not supported. The tree step `passes::java::switch` lowers it.
pub fn switch(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    subject: Box<Expr>,
    items: Vec<JSwitchItem>,
) -> Stmts {
    let mut groups: Vec<Group> = Vec::new();
    let mut arrows = None;
    let mut last_was_label = false;
    let mut seen_default = false;
    for item in items {
        match item {
            JSwitchItem::Case(cl, cr, consts, arrow) => {
                if *arrows.get_or_insert(arrow) != arrow {
                    malformed_at(errors, cl, cr, "a switch mixes `case …:` and `case … ->`");
                }
                let default = consts.is_empty();
                if default && std::mem::replace(&mut seen_default, true) {
                    malformed_at(errors, cl, cr, "a switch with two `default` labels");
                }
                for c in &consts {
                    if is_string_literal(c) {
                        let (el, er) = sp(c.span);
                        not_supported(errors, el, er, "a `switch` on strings");
                    }
                }
                if last_was_label && !arrow {
                    let g = groups.last_mut().expect("a label was read");
                    g.r = cr;
                    g.consts.extend(consts.into_iter().map(|c| *c));
                    g.default |= default;
                } else {
                    groups.push(Group {
                        l: cl,
                        r: cr,
                        consts: consts.into_iter().map(|c| *c).collect(),
                        default,
                        stmts: Vec::new(),
                    });
                }
                last_was_label = true;
            }
            JSwitchItem::Stmt(st) => {
                let Some(g) = groups.last_mut() else {
                    let ss = b::flatten(vec![st]);
                    if let Some(first) = ss.first() {
                        let (fl, fr) = sp(first.span);
                        malformed_at(
                            errors,
                            fl,
                            fr,
                            "a statement in a switch before its first label",
                        );
                    }
                    continue;
                };
                if arrows == Some(true) && !last_was_label {
                    let ss = b::flatten(vec![st]);
                    if let Some(first) = ss.first() {
                        let (fl, fr) = sp(first.span);
                        malformed_at(errors, fl, fr, "`case … ->` takes one statement");
                    }
                    continue;
                }
                g.stmts.extend(b::flatten(vec![st]));
                last_was_label = false;
            }
        }
    }
    let groups = groups
        .into_iter()
        .map(|g| SwitchGroup {
            consts: g.consts,
            default: g.default,
            labels: b::span(file, g.l, g.r),
            body: Block {
                span: g.stmts.first().map_or(b::span(file, g.l, g.r), |s| s.span),
                stmts: g.stmts,
            },
        })
        .collect();
    let switch = Switch {
        subject: *subject,
        groups,
        arrows: arrows == Some(true),
    };
    b::one(file, l, r, StmtKind::Switch(Box::new(switch)))
}

/// A string literal (`j::string_lit`'s call of `String`).
fn is_string_literal(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Call(c)
        if matches!(c.recv.as_deref(), Some(Expr { kind: ExprKind::Name(n), .. }) if n.name == "String"))
}

/// `do S while (c);` (the checker runs S once, then loops).
pub fn do_while(
    file: FileId,
    l: usize,
    r: usize,
    contract: Contract,
    body: Stmts,
    cond: Box<Expr>,
) -> Stmts {
    let kind = StmtKind::DoWhile {
        contract: Box::new(contract),
        body: b::body_block(body, b::span(file, l, r)),
        cond: *cond,
    };
    b::one(file, l, r, kind)
}

/// `break;` / `continue;`, optionally to a label.
pub fn jump(file: FileId, l: usize, r: usize, is_break: bool, label: Option<Ident>) -> Stmts {
    let kind = if is_break {
        StmtKind::Break(label)
    } else {
        StmtKind::Continue(label)
    };
    b::one(file, l, r, kind)
}

/// `synchronized (o) { S }` (the checker places the unlocks).
pub fn synchronized(file: FileId, l: usize, r: usize, lock: Box<Expr>, body: Block) -> Stmts {
    b::one(file, l, r, StmtKind::Synchronized { lock: *lock, body })
}

/// A `synchronized` method's body runs holding `this`'s lock (the
/// modifier's span stands for `this`); a static one would hold the class's.
fn synchronized_body(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    is_static: bool,
    body: Option<Block>,
) -> Option<Block> {
    if is_static {
        not_supported(errors, l, r, "a `static synchronized` method");
        return body;
    }
    let body = body?;
    let span = body.span;
    let this = b::expr(file, l, r, ExprKind::This);
    Some(Block {
        stmts: vec![Stmt {
            kind: StmtKind::Synchronized { lock: *this, body },
            span,
        }],
        span,
    })
}

/// An expression statement. `o.wait()`, `o.notify()` and `o.notifyAll()`
/// (or without `o.`, on `this`) are the lock operations `wait o`/`notify o`:
/// Java's `Object` has no other methods of those names, and weft classes
/// extend nothing else. (The permission encoding reads `notifyAll` as `notify`.)
pub fn expr_stmt(file: FileId, l: usize, r: usize, e: Box<Expr>) -> Stmts {
    // `x++;`: its value is not read.
    if let ExprKind::Update(..) = &e.kind {
        let ExprKind::Update(target, value, _) = e.kind else {
            unreachable!()
        };
        return b::assign(file, l, r, target, value);
    }
    if let ExprKind::Call(c) = &e.kind {
        let op = match c.name.name.as_str() {
            "wait" => Some(LockOp::Wait),
            "notify" => Some(LockOp::Notify),
            "notifyAll" => Some(LockOp::NotifyAll),
            _ => None,
        };
        let plain = c.args.is_empty() && c.given.is_empty() && c.yields.is_empty();
        if let (Some(op), true) = (op, plain) {
            let recv = match &c.recv {
                Some(o) => (**o).clone(),
                None => {
                    let (nl, nr) = sp(c.name.span);
                    *b::expr(file, nl, nr, ExprKind::This)
                }
            };
            return b::one(file, l, r, StmtKind::Lock(op, recv));
        }
    }
    b::one(file, l, r, StmtKind::Expr(*e))
}

pub struct JCatch {
    pub types: Vec<Type>,
    pub name: Ident,
    pub body: Block,
    pub l: usize,
    pub r: usize,
}

/// `try { B } catch (E e) { C } finally { F }` (`passes::exceptions`
/// lowers it). A `try` without `catch` or `finally` is not Java.
pub fn try_(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    body: Block,
    catches: Vec<JCatch>,
    finally: Option<Block>,
) -> Stmts {
    if catches.is_empty() && finally.is_none() {
        not_supported(errors, l, r, "a `try` without `catch` or `finally`");
    }
    let catches = catches
        .into_iter()
        .map(|c| Catch {
            types: c.types,
            name: c.name,
            body: c.body,
            span: b::span(file, c.l, c.r),
        })
        .collect();
    let kind = StmtKind::Try {
        body,
        catches,
        finally,
    };
    b::one(file, l, r, kind)
}

/// `x op= e` is `x = x op e`: `x`'s parts are evaluated twice, so a call
/// or an increment in them is not supported.
pub fn compound(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    target: Box<Expr>,
    op: BinOp,
    value: Box<Expr>,
) -> Stmts {
    let mut impure = None;
    let mut t = (*target).clone();
    crate::syntax::walk::each_expr_mut(&mut t, &mut |x: &mut Expr| {
        if impure.is_none()
            && matches!(
                x.kind,
                ExprKind::Call(_)
                    | ExprKind::New(_)
                    | ExprKind::NewArray(..)
                    | ExprKind::Update(..)
            )
        {
            impure = Some(x.span);
        }
    });
    if let Some(at) = impure {
        let (il, ir) = sp(at);
        not_supported(
            errors,
            il,
            ir,
            "a call or an increment in the target of a compound assignment",
        );
    }
    b::compound(file, l, r, target, op, value)
}

/// `T x[][]` (C's spelling): `T[][] x`; `ends` are where each `[]` ends.
pub fn c_array_type(file: FileId, mut t: Type, ends: Vec<usize>) -> Type {
    let l = t.span.start as usize;
    for r in ends {
        t = b::array_ty(file, l, r, t);
    }
    t
}

/// `++x` / `--x` (`old` false) or `x++` / `x--`: `x` becomes `x ± 1`
/// (`ExprKind::Update`; a statement of one is an assignment: `expr_stmt`).
pub fn update(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    target: Box<Expr>,
    op: BinOp,
    old: bool,
) -> Box<Expr> {
    let (tl, tr) = sp(target.span);
    // Only a variable can be incremented (`x----` is not Java); refusing the
    // rest also keeps the copy of the target below from doubling per level.
    if !matches!(
        target.kind,
        ExprKind::Name(_) | ExprKind::Select(..) | ExprKind::Index(..)
    ) {
        malformed_at(
            errors,
            tl,
            tr,
            "`++` and `--` need a variable, a field or an array element",
        );
        return target;
    }
    // The `1` stands at the operator.
    let (ol, or) = if old { (tr, r) } else { (l, tl) };
    let one = b::expr(file, ol, or.max(ol), ExprKind::Int(IntValue::from(1)));
    let value = b::expr(file, tl, tr, ExprKind::Binary(op, target.clone(), one));
    b::expr(file, l, r, ExprKind::Update(target, value, old))
}

/// `held(a, b, …)`: a call of the program's own predicate `held` (one
/// argument is the lock-held test, resolved by the checker).
pub fn held_call(
    file: FileId,
    l: usize,
    hr: usize,
    r: usize,
    e: Box<Expr>,
    es: Vec<Box<Expr>>,
) -> Box<Expr> {
    let mut args = vec![*e];
    args.extend(es.into_iter().map(|x| *x));
    let name = b::ident(file, l, "held", hr);
    b::call(file, l, r, None, name, b::call_tail(args, None, None))
}

/// A predicate named without arguments (`preFork`, `o.state`) is applied to none.
pub fn pred_app(e: Box<Expr>) -> Box<Expr> {
    let span = e.span;
    let call = match e.kind {
        ExprKind::Name(n) => Call {
            recv: None,
            name: n,
            args: Vec::new(),
            given: Vec::new(),
            yields: Vec::new(),
            with: Vec::new(),
            then: Vec::new(),
        },
        ExprKind::Select(o, n) => Call {
            recv: Some(o),
            name: n,
            args: Vec::new(),
            given: Vec::new(),
            yields: Vec::new(),
            with: Vec::new(),
            then: Vec::new(),
        },
        kind => return Box::new(Expr { kind, span }),
    };
    Box::new(Expr {
        kind: ExprKind::Call(Box::new(call)),
        span,
    })
}

pub fn fold(file: FileId, l: usize, r: usize, e: Box<Expr>, is_fold: bool) -> Stmts {
    let e = *pred_app(e);
    b::one(
        file,
        l,
        r,
        if is_fold {
            StmtKind::Fold(e)
        } else {
            StmtKind::Unfold(e)
        },
    )
}

// ----------------------------------------------------------- expressions

pub enum JOp {
    Not,
    Neg,
    Plus,
    /// `~x`: on mathematical integers exactly `-x - 1` (two's complement).
    Complement,
}

/// An identifier. A Java letter outside ASCII is spelled `$$<hex>$$` inside
/// weft (the backends' identifiers are ASCII); `$$` in a written identifier
/// is reserved for that, so a spelled name never meets a written one.
pub fn ident(file: FileId, errors: &mut Errors, l: usize, name: &str, r: usize) -> Ident {
    if name.is_ascii() {
        if name.contains("$$") {
            not_supported(errors, l, r, "`$$` in an identifier (weft reserves it)");
        }
        return b::ident(file, l, name, r);
    }
    let mut spelled = String::with_capacity(name.len() * 2);
    for c in name.chars() {
        if c.is_ascii() {
            spelled.push(c);
        } else {
            spelled.push_str(&format!("$${:x}$$", c as u32));
        }
    }
    b::ident(file, l, &spelled, r)
}

pub fn un(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    op: JOp,
    e: Box<Expr>,
) -> Box<Expr> {
    match op {
        JOp::Not => b::un(file, l, r, UnOp::Not, e),
        JOp::Neg => {
            // `-2147483648`: the one place the literal 2^31 is legal (JLS
            // §3.10.1); likewise 2^63 in `-9223372036854775808L`.
            let (el, er) = sp(e.span);
            let min = |long| {
                let m = if long {
                    literal::MIN_LONG_MAGNITUDE
                } else {
                    literal::MIN_INT_MAGNITUDE
                };
                matches!(&e.kind, ExprKind::Int(v) if v.get() == m)
            };
            for long in [false, true] {
                if min(long) && er == r {
                    errors.retain(|x| {
                        !(x.start == el
                            && x.end == er
                            && x.kind == JavaErrorKind::Malformed(too_large_min(long)))
                    });
                }
            }
            b::un(file, l, r, UnOp::Neg, e)
        }
        // The thesis's `+0` (ch. 5): a read share, positive and as small as needed.
        JOp::Plus if matches!(&e.kind, ExprKind::Int(i) if i.get() == 0) => {
            b::expr(file, l, r, ExprKind::Read)
        }
        JOp::Plus => e,
        JOp::Complement => {
            let neg = b::un(file, l, r, UnOp::Neg, e);
            let one = b::expr(file, l, r, ExprKind::Int(IntValue::from(1)));
            b::expr(file, l, r, ExprKind::Binary(BinOp::Sub, neg, one))
        }
    }
}

fn too_large_min(long: bool) -> String {
    if long {
        "integer number too large: 9223372036854775808L (only `-9223372036854775808L` is a long)"
            .to_owned()
    } else {
        "integer number too large: 2147483648 (only `-2147483648` is an int)".to_owned()
    }
}

/// An integer literal with its Java value (`literal::int_literal`); an error
/// in `errors` otherwise (parsing goes on with the value 0).
pub fn int_lit(file: FileId, errors: &mut Errors, l: usize, r: usize, text: &str) -> Box<Expr> {
    let value = match literal::int_literal(text) {
        Ok(lit) => {
            if lit.needs_minus {
                // Removed by `un` when the literal is the operand of `-`.
                errors.push(JavaError {
                    kind: JavaErrorKind::Malformed(too_large_min(lit.long)),
                    start: l,
                    end: r,
                });
            }
            lit.value
        }
        Err(e) => {
            lit_error(errors, l, r, e);
            0
        }
    };
    b::expr(file, l, r, ExprKind::Int(IntValue::from(value)))
}

fn lit_error(errors: &mut Errors, l: usize, r: usize, e: literal::LitError) {
    let kind = match e {
        literal::LitError::Malformed(m) => JavaErrorKind::Malformed(m),
        literal::LitError::NotSupported(what) => JavaErrorKind::NotSupported(what.into()),
    };
    errors.push(JavaError {
        kind,
        start: l,
        end: r,
    });
}

/// A character literal is its UTF-16 code unit: a `char` used as Java
/// widens it to `int` (weft has no `char` type; see `literal`).
pub fn char_lit(file: FileId, errors: &mut Errors, l: usize, r: usize, text: &str) -> Box<Expr> {
    let value = match literal::char_literal(text) {
        Ok(unit) => unit as i128,
        Err(e) => {
            lit_error(errors, l, r, e);
            0
        }
    };
    b::expr(file, l, r, ExprKind::Int(IntValue::from(value)))
}

pub fn new_object(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    class: Ident,
    type_args: Option<Vec<Expr>>,
    args: Vec<Expr>,
) -> Box<Expr> {
    match type_args {
        Some(ghost) => {
            let ghost = ghost_args(errors, ghost);
            b::expr(
                file,
                l,
                r,
                ExprKind::NewGeneric(Box::new(NewGeneric { class, ghost, args })),
            )
        }
        None => b::expr(
            file,
            l,
            r,
            ExprKind::New(Box::new(NewObject {
                class,
                args,
                given: Vec::new(),
            })),
        ),
    }
}

pub fn array_init(file: FileId, errors: &mut Errors, l: usize, r: usize) -> Box<Expr> {
    not_supported(errors, l, r, "an array initializer");
    b::expr(file, l, r, ExprKind::Null)
}

/// A string literal `"…"`: `String.literal(seq<int>{c1, …})`, its UTF-16
/// code units (the spec library's opaque `String`).
pub fn string_lit<'i>(file: FileId, l: usize, r: usize, text: &str) -> PResult<'i, Box<Expr>> {
    let Some(body) = text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) else {
        return malformed(l, r, "unterminated string literal");
    };
    let units = match literal::quoted_units(body, '"') {
        Ok(u) => u,
        Err(literal::LitError::Malformed(m)) => return malformed(l, r, &m),
        Err(literal::LitError::NotSupported(m)) => return malformed(l, r, m),
    };
    // Java's string is its UTF-16 code units.
    let codes: Vec<Box<Expr>> = units
        .into_iter()
        .map(|u| b::expr(file, l, r, ExprKind::Int(IntValue::from(u as i128))))
        .collect();
    let int = b::ty(file, l, r, TypeKind::Int);
    let text = b::expr(
        file,
        l,
        r,
        ExprKind::SeqLit(Some(Box::new(int)), b::unbox_all(codes)),
    );
    let class = Ident {
        name: "String".into(),
        span: b::span(file, l, r),
    };
    let call = Call {
        recv: Some(b::expr(file, l, r, ExprKind::Name(class))),
        name: Ident {
            name: "literal".into(),
            span: b::span(file, l, r),
        },
        args: vec![*text],
        given: Vec::new(),
        yields: Vec::new(),
        with: Vec::new(),
        then: Vec::new(),
    };
    Ok(b::expr(file, l, r, ExprKind::Call(Box::new(call))))
}

// ------------------------------------------------------------ GPU kernels

/// After a memory's name in `given`: its size (an array) and initial value.
pub struct MemTail {
    pub size: Option<Box<Expr>>,
    pub init: Option<MemInit>,
}

pub enum MemInit {
    /// `{0}`: an array's elements (only zeros: Java's own start).
    Elements(Vec<Expr>),
    Value(Box<Expr>),
}

/// `given local int cont[gsize] = {0}, region = 0;`: a kernel's ghost memory,
/// local (per work group, the default) or global.
pub fn kernel_memory(
    file: FileId,
    errors: &mut Errors,
    first: Box<Param>,
    tail: MemTail,
    more: Vec<(Ident, Option<MemTail>)>,
) -> JItem {
    // Without `local`/`global`: local memory in a kernel, or outside one a
    // ghost parameter with a default (`given_defaults`).
    let scope = first.scope;
    let ty = first.ty.clone();
    let mut out = Vec::new();
    let decls = std::iter::once((first.name.clone(), Some(tail))).chain(more);
    for (name, tail) in decls {
        let (l, mut r) = sp(name.span);
        let (mut size, mut init) = (None, None);
        if let Some(t) = tail {
            if let Some(n) = t.size {
                r = r.max(sp(n.span).1);
                size = Some(*n);
            }
            match t.init {
                Some(MemInit::Value(e)) if size.is_none() => {
                    r = r.max(sp(e.span).1);
                    init = Some(*e);
                }
                Some(MemInit::Elements(es)) if size.is_some() => {
                    for e in es {
                        if !matches!(&e.kind, ExprKind::Int(v) if v.get() == 0) {
                            let (el, er) = sp(e.span);
                            not_supported(
                                errors,
                                el,
                                er,
                                "an array element other than 0 here (ghost memory starts at zero)",
                            );
                        }
                    }
                }
                Some(MemInit::Value(e)) => {
                    let (el, er) = sp(e.span);
                    not_supported(
                        errors,
                        el,
                        er,
                        "an array initialised by one value (write `{0}`)",
                    );
                }
                Some(MemInit::Elements(_)) => not_supported(errors, l, r, "`{…}` for a scalar"),
                None => {}
            }
        }
        out.push(ContractItem::Kernel(Box::new(KernelItem::Memory(
            KernelMemory {
                scope,
                ty: ty.clone(),
                name,
                size,
                init,
                span: b::span(file, l, r),
            },
        ))));
    }
    JItem::Items(out)
}

/// `group invariant R;` / `kernel invariant R;`.
pub fn kernel_invariant(file: FileId, l: usize, r: usize, global: bool, inv: Box<Expr>) -> JItem {
    JItem::Item(ContractItem::Kernel(Box::new(KernelItem::Invariant {
        global,
        inv: *inv,
        span: b::span(file, l, r),
    })))
}

pub fn kernel_barrier<'i>(
    file: FileId,
    l: usize,
    r: usize,
    name: Ident,
    global: bool,
    contract: Contract,
    body: Option<Block>,
) -> PResult<'i, Stmts> {
    if &*name.name != "barrier" {
        let (nl, nr) = sp(name.span);
        return malformed(nl, nr, "expected `barrier` before `(local)` or `(global)`");
    }
    let kind = StmtKind::KernelBarrier {
        global,
        contract,
        body,
    };
    Ok(b::one(file, l, r, kind))
}

pub fn kernel_atomic(
    file: FileId,
    l: usize,
    r: usize,
    op: &str,
    args: Vec<Expr>,
    then: Option<Block>,
) -> Stmts {
    let op = Ident {
        name: op.into(),
        span: b::span(file, l, l + op.len()),
    };
    b::one(file, l, r, StmtKind::KernelAtomic { op, args, then })
}

/// `(\sum a[*])`.
pub fn array_sum(file: FileId, errors: &mut Errors, l: usize, r: usize, e: Box<Expr>) -> Box<Expr> {
    match e.kind {
        ExprKind::AllIndices(a) => b::expr(file, l, r, ExprKind::ArraySum(a)),
        _ => {
            not_supported(
                errors,
                l,
                r,
                "a sum other than of an array's elements (`(\\sum a[*])`)",
            );
            e
        }
    }
}

/// A vector of VerCors's `\sum([lo .. hi], v)`: a sequence of ints,
/// `\vrep(x)` (x at every index) or `\vcmp(a, b)` (1 where a and b agree, else 0).
pub enum Vector {
    Seq(Box<Expr>),
    Rep(Box<Expr>),
    Cmp(Box<(Vector, Vector)>, (usize, usize)),
}

/// The library class whose pure functions define the vector sums
/// (`backends/spec/java/lang/JmlVector.java`; `library` loads it for `\sum(`).
pub const VECTOR_CLASS: &str = "JmlVector";

/// `\sum([lo .. hi], v)`: the sum of v's elements at lo, …, hi - 1, as a call of
/// the library's recursive functions: `sum(xs, lo, hi)` for a sequence,
/// `count(xs, x, lo, hi)` for `\vcmp(xs, \vrep(x))` (either way round),
/// `agree(xs, ys, lo, hi)` for `\vcmp(xs, ys)`, and `(hi - lo) * x` for `\vrep(x)`.
#[allow(clippy::too_many_arguments)]
pub fn vector_sum(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    lo: Box<Expr>,
    hi: Box<Expr>,
    v: Vector,
) -> Box<Expr> {
    let call = |name: &str, mut args: Vec<Expr>| {
        let class = b::expr(
            file,
            l,
            l,
            ExprKind::Name(b::ident(file, l, VECTOR_CLASS, l)),
        );
        args.extend([(*lo).clone(), (*hi).clone()]);
        b::call(
            file,
            l,
            r,
            Some(class),
            b::ident(file, l, name, l),
            b::call_tail(args, None, None),
        )
    };
    match v {
        Vector::Seq(xs) => call("sum", vec![*xs]),
        Vector::Rep(x) => {
            let n = b::expr(file, l, r, ExprKind::Binary(BinOp::Sub, hi, lo));
            b::expr(file, l, r, ExprKind::Binary(BinOp::Mul, n, x))
        }
        Vector::Cmp(ab, (cl, cr)) => match *ab {
            (Vector::Seq(xs), Vector::Rep(x)) | (Vector::Rep(x), Vector::Seq(xs)) => {
                call("count", vec![*xs, *x])
            }
            (Vector::Seq(xs), Vector::Seq(ys)) => call("agree", vec![*xs, *ys]),
            _ => {
                not_supported(
                    errors,
                    cl,
                    cr,
                    "`\\vcmp` of anything but two sequences or a sequence and `\\vrep(x)`",
                );
                lo
            }
        },
    }
}

/// JML's `(\\sum int i; range; e)`, `\\num_of`, `\\max`, `\\min`: not supported
/// yet (the vector sum `\\sum([lo .. hi], v)` is).
pub fn comprehension(
    errors: &mut Errors,
    l: usize,
    r: usize,
    which: &str,
    body: Box<Expr>,
) -> Box<Expr> {
    not_supported(
        errors,
        l,
        r,
        format!("JML's `({which} int i; …; …)` comprehension"),
    );
    body
}

/// The thesis's `(sum a[*])`.
pub fn thesis_sum(
    file: FileId,
    errors: &mut Errors,
    l: usize,
    r: usize,
    n: Ident,
    a: Ident,
) -> Box<Expr> {
    if &*n.name != "sum" {
        let (nl, nr) = sp(n.span);
        not_supported(
            errors,
            nl,
            nr,
            format!("`({} …[*])`: only `sum` is known", n.name),
        );
    }
    let (al, ar) = sp(a.span);
    let arr = b::expr(file, al, ar, ExprKind::Name(a));
    b::expr(file, l, r, ExprKind::ArraySum(arr))
}
