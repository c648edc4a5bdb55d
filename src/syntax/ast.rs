//! The surface syntax tree shared by the PVL and Java front ends.
//!
//! Untyped and unresolved: a name is an [`Ident`], a field access and a
//! sequence's `.head` look the same. The checker (`crate::check`) resolves
//! names and types and produces the typed core program (`crate::core`).
//! Every node carries the [`Span`] of the text it came from.

use super::span::Span;
pub use crate::int::IntValue;
pub use crate::name::Name;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    pub name: Name,
    pub span: Span,
}

/// One parsed source file.
#[derive(Clone, Debug)]
pub struct Unit {
    pub decls: Vec<Decl>,
    /// A class of weft's specification library (`backends/spec/`): trusted,
    /// so a template of it that no program instantiates is not an omission.
    pub library: bool,
    /// A Java file's spec comments, in order: what lies inside them is
    /// ghost (`syntax::java::ghost`). Empty for PVL.
    pub spec_regions: Vec<Span>,
    /// A Java file's package and imports (None for PVL): which classes of
    /// other files it sees (`check::names::ClassNames`).
    pub java: Option<JavaScope>,
}

/// A Java file's `package a.b;` (empty: the default package) and imports.
#[derive(Clone, Debug, Default)]
pub struct JavaScope {
    pub package: Vec<Name>,
    pub imports: Vec<Import>,
}

/// `import a.b.C;`, `import a.b.*;`, `import static a.b.C.m;`, `import static a.b.C.*;`.
#[derive(Clone, Debug)]
pub struct Import {
    pub path: Vec<Name>,
    pub all: bool,
    pub is_static: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // one per declaration: boxing buys nothing
pub enum Decl {
    Class(Class),
    /// A global method, function or predicate (outside any class).
    Member(Member),
}

#[derive(Clone, Debug)]
pub struct Class {
    pub name: Ident,
    /// PVL type parameters `class Box<T>`: the class is a template,
    /// expanded once per instantiation by `syntax::generics` before checking.
    pub type_params: Vec<Ident>,
    /// Java's `extends D` (D not Object); the Java front end copies D's
    /// members into the class before checking (`passes::java::inherit`).
    pub extends: Option<Ident>,
    /// Java class ghost parameters (`/*@ given group (frac -> resource) inv; @*/`
    /// before the class): the class is a template, expanded once per
    /// instantiation by `passes::java::instantiate` before checking.
    pub ghost_params: Vec<Param>,
    /// Java's `implements I, J` of a class, or `extends I, J` of an
    /// interface: the interfaces it is a subtype of (directly).
    /// Named types, or `I/*@<args>@*/` until `passes::java::instantiate`.
    pub implements: Vec<Type>,
    /// A Java `interface`: no fields or constructors; its methods are abstract.
    pub is_interface: bool,
    /// A Java `abstract class`: no object of its own; its methods run only
    /// as its subclasses' copies (`passes::java::inherit`).
    pub is_abstract: bool,
    /// A PVL `model` (a history's abstract state, actions and processes;
    /// `passes::histories`): its methods are its actions and processes.
    pub is_model: bool,
    /// A Java `enum`: its constants, in order (the class has no members).
    /// The checker gives it the type `core::Type::Enum`.
    pub enum_constants: Option<Vec<Ident>>,
    pub members: Vec<Member>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Member {
    Field(Field),
    Method(Method),
    Function(Function),
    Predicate(Predicate),
    /// A rely/guarantee annotation of its class (Calvin's, `passes::calvin`).
    RelyGuarantee(RelyGuarantee),
}

/// Calvin's annotations of a class (Flanagan, Freund, Qadeer, Seshia;
/// `passes::calvin`), and the fields the front end declares for the
/// rely/guarantee layers. The checker types the expressions as two-state
/// predicates over `this` (`\old`, the class's fields, `tid`, `main`) and
/// records them, and the fields by id, in `core::Features`.
#[derive(Clone, Debug)]
pub enum RelyGuarantee {
    /// `env_assumption E;`, `global_invariant I;`, or `unwritable_by_env_if
    /// P;` before a field `f`, which the front end writes `\old(P) ==> f ==
    /// \old(f)` (one per field it declares).
    Clause {
        kind: RgClause,
        expr: Expr,
        span: Span,
    },
    /// A method abstraction's action before a method (Calvin §6.3):
    /// `action: also_modifies v1, v2 ensures e;`.
    Action {
        pred: Expr,
        also_modifies: Vec<Expr>,
        span: Span,
    },
    /// A field of the class with a role in the layer: `field` is declared
    /// by the class (written, or by the front end).
    Field {
        role: RgField,
        field: Ident,
        span: Span,
    },
}

/// What a rely/guarantee clause is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RgClause {
    /// A conjunct of the environment assumption `E` (fails as `guarantee`).
    EnvAssumption,
    /// `unwritable_by_env_if`'s conjunct of `E` (fails as `envAssumption`).
    Unwritable,
    /// A conjunct of the global invariant `I`.
    GlobalInvariant,
}

/// The role of a field in the rely/guarantee layers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RgField {
    /// A ghost field of a Calvin class: its accesses are no steps of their own.
    Ghost,
    /// The monitor's owner (Calvin's and Calvin-R's `holder`): the id of the
    /// thread holding the object's monitor, 0 when free.
    MonitorOwner,
    /// A Calvin Thread object's `start` (its thread forked, Calvin §6.2).
    ThreadStarted,
    /// The id of a Calvin Thread object's thread.
    ThreadId,
}

impl RelyGuarantee {
    pub fn span(&self) -> Span {
        match self {
            RelyGuarantee::Clause { span, .. }
            | RelyGuarantee::Action { span, .. }
            | RelyGuarantee::Field { span, .. } => *span,
        }
    }
}

/// A `switch` statement: the groups in order (a group's statements follow
/// its labels; in the old form control falls through into the next group).
#[derive(Clone, Debug)]
pub struct Switch {
    pub subject: Expr,
    pub groups: Vec<SwitchGroup>,
    /// The arrow form (`case c -> S`): no group falls through.
    pub arrows: bool,
}

/// One group of a switch: its labels' constants (`case a, b:` or several
/// labels in a row), whether one is `default`, the labels' span, the
/// statements.
#[derive(Clone, Debug)]
pub struct SwitchGroup {
    pub consts: Vec<Expr>,
    pub default: bool,
    pub labels: Span,
    pub body: Block,
}

impl Member {
    pub fn span(&self) -> Span {
        match self {
            Member::Field(f) => f.span,
            Member::Method(m) => m.span,
            Member::Function(f) => f.span,
            Member::Predicate(p) => p.span,
            Member::RelyGuarantee(r) => r.span(),
        }
    }

    /// Marks a copied member (fields are not blamed: they need no mark).
    pub fn set_derived(&mut self, d: Derived) {
        match self {
            Member::Field(_) | Member::RelyGuarantee(_) => {}
            Member::Method(m) => m.derived = Some(d),
            Member::Function(f) => f.derived = Some(d),
            Member::Predicate(p) => p.derived = Some(d),
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Modifiers {
    pub is_static: bool,
    pub is_final: bool,
    pub is_ghost: bool,
    pub is_inline: bool,
    pub is_pure: bool,
    pub is_thread_local: bool,
    /// `group resource p(frac q)`: split/merge over `q` (scaled by the checker).
    pub is_group: bool,
    /// `lemma` (Java spec library): a bodiless ghost method whose proof weft
    /// writes per instance (`passes::java::instantiate`).
    pub is_lemma: bool,
    /// A field holding the owner of a class ghost parameter's predicate
    /// (`passes::java::instantiate`): never null, as every owner is an object.
    pub is_owner: bool,
    /// `kernel` (the thesis's GPU kernels): lowered by `passes::java::kernel`.
    pub is_kernel: bool,
    /// An action or a process of a `model` (`passes::histories`): a bodiless
    /// method, or one whose body is `return P;` with P its process expression.
    pub history: Option<HistoryMember>,
    /// Bogor's atomicity specification of a method (`/*@ atomic */`,
    /// `/*@ mover */`, checked by `crate::atomicity`); None: `compound`,
    /// which every method satisfies.
    pub atomicity: Option<Atomicity>,
}

/// A method's atomicity specification, with the annotation's place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Atomicity {
    pub kind: AtomicityKind,
    pub span: Span,
}

/// Flanagan and Qadeer's atomicities a method may be annotated with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicityKind {
    /// Its steps reduce to one: right movers, at most one non-mover, left movers.
    Atomic,
    /// Every step is both a left and a right mover.
    Mover,
}

impl AtomicityKind {
    pub fn keyword(self) -> &'static str {
        match self {
            AtomicityKind::Atomic => "atomic",
            AtomicityKind::Mover => "mover",
        }
    }
}

/// What a method of a `model` is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryMember {
    Action,
    Process,
}

#[derive(Clone, Debug)]
pub struct Field {
    pub mods: Modifiers,
    pub ty: Type,
    pub name: Ident,
    /// A `static final` field's value (a Java constant). An instance field's
    /// initialiser is not kept here: it becomes statements of the constructors.
    pub init: Option<Expr>,
    /// Class ghost predicates its declared type binds to this object
    /// (Java's `final Lock/*@<inv>@*/ l;`, see [`OwnerLink`]).
    pub owner_links: Vec<OwnerLink>,
    /// Calvin-R's access predicate of the field (`passes::calvin_r`).
    pub access: Option<Box<AccessPredicate>>,
    pub span: Span,
}

/// Calvin-R's access predicate of a field (`passes::calvin_r`): `int m
/// /*@ accessible_if P */;`, or per element of an array field
/// `accessible_if[j] P` (`index` is `j`, an int). P is over `this`, `tid`
/// (the accessing thread) and the index.
#[derive(Clone, Debug)]
pub struct AccessPredicate {
    pub index: Option<Ident>,
    pub pred: Expr,
    pub span: Span,
}

/// Calvin-R's `performs` specification of a method (`passes::calvin_r`):
/// atomic actions composed by choice `[]`, sequence `;` and iteration `*`.
#[derive(Clone, Debug)]
pub struct Performs {
    /// In the order they are written (`shape` numbers them so).
    pub actions: Vec<PerformsAction>,
    pub shape: PerformsShape,
    pub span: Span,
}

/// One action of a `performs` spec: `action "L": (mods) { P }`, P a
/// two-state predicate over the method's parameters and `\result` (`\old`
/// is the state before the action), `modifies` the locations it may change.
#[derive(Clone, Debug)]
pub struct PerformsAction {
    pub label: Option<Ident>,
    pub modifies: Vec<Expr>,
    pub pred: Expr,
    pub span: Span,
}

/// Whether declarations carry Calvin-R's annotations (an access predicate or
/// a `performs` spec): every class of a unit that does is Calvin-R's, in
/// which `tid` and `acquire`/`release` mean Calvin-R's.
pub fn has_calvin_r(decls: &[Decl]) -> bool {
    decls.iter().any(|d| match d {
        Decl::Class(c) => c.members.iter().any(|m| match m {
            Member::Field(f) => f.access.is_some(),
            Member::Method(m) => m.contract.performs.is_some(),
            Member::Function(_) | Member::Predicate(_) | Member::RelyGuarantee(_) => false,
        }),
        Decl::Member(_) => false,
    })
}

/// How a `performs` spec composes its actions (`Action(k)`: the k-th).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PerformsShape {
    Action(usize),
    Choice(Box<PerformsShape>, Box<PerformsShape>),
    Seq(Box<PerformsShape>, Box<PerformsShape>),
    Star(Box<PerformsShape>),
}

/// A final field whose declared type binds a class ghost predicate parameter
/// to a predicate of the object declaring the field (Java's `final
/// ReentrantLock/*@<countInv>@*/ sync;` in class Counter): the field's value,
/// when not null, has its owner field `owner_field` (`inv$owner`) equal to the
/// declaring object, or to that object's own owner field `via` when the
/// predicate is a ghost parameter passed on. Checked where the constructor
/// assigns the field, known wherever the field is read.
#[derive(Clone, Debug, PartialEq)]
pub struct OwnerLink {
    pub owner_field: Name,
    pub via: Option<Name>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MethodKind {
    Method,
    Constructor,
}

/// How a member came to be where it is when it is a copy of one written
/// elsewhere (its spans are the original's): a failure in the copy says
/// which copy it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Derived {
    pub rule: Rule,
    /// What asked for the copy: the subclass's `extends`, the ghost
    /// arguments of the instance.
    pub at: Span,
}

/// The rule that copied a member.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Java's `extends`: the superclass's member, in the subclass.
    Inherited,
    /// Class ghost parameters: the template's member, in one instance.
    Instantiated,
    /// Not a copy: a check of one of the member's steps against an
    /// annotation elsewhere (Calvin's `unwritable_by_env_if`), which `at` names.
    Annotation,
}

impl Derived {
    /// The related location's message.
    pub fn note(&self) -> &'static str {
        match self.rule {
            Rule::Inherited => "in the copy of this member that this subclass inherits",
            Rule::Instantiated => "in the instance of this class for these ghost arguments",
            Rule::Annotation => "the annotation that does not allow the write",
        }
    }
}

/// A method or constructor (a constructor's `ret` is `void`, its name the class's).
#[derive(Clone, Debug)]
pub struct Method {
    pub kind: MethodKind,
    /// PVL type parameters `T id<T>(T t)` (see `Class::type_params`).
    pub type_params: Vec<Ident>,
    pub mods: Modifiers,
    pub contract: Contract,
    pub ret: Type,
    pub name: Ident,
    pub params: Vec<Param>,
    pub body: Option<Block>,
    /// Where the body is when the first parse of a PVL file left it
    /// unparsed (`body` is then None): it is parsed when the method is
    /// checked (`syntax::skim`).
    pub unparsed_body: Option<Span>,
    /// Set when the member is a copy of one written elsewhere.
    pub derived: Option<Derived>,
    pub span: Span,
}

/// A pure function: `pure int f(int x) = e;`, with a block body `{ return e; }`
/// already reduced to the expression by the parser, or abstract (`;`).
#[derive(Clone, Debug)]
pub struct Function {
    /// PVL type parameters `pure T id<T>(T t) = t;` (see `Class::type_params`).
    pub type_params: Vec<Ident>,
    pub mods: Modifiers,
    pub contract: Contract,
    pub ret: Type,
    pub name: Ident,
    pub params: Vec<Param>,
    pub body: Option<Expr>,
    /// Set when the member is a copy of one written elsewhere.
    pub derived: Option<Derived>,
    pub span: Span,
}

/// `resource p(args) = e;` or abstract `resource p(args);`.
#[derive(Clone, Debug)]
pub struct Predicate {
    pub mods: Modifiers,
    pub contract: Contract,
    pub name: Ident,
    pub params: Vec<Param>,
    pub body: Option<Expr>,
    /// Set when the member is a copy of one written elsewhere.
    pub derived: Option<Derived>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub ty: Type,
    pub name: Ident,
    pub span: Span,
    /// A kernel parameter's memory (`global int[] a`, `local int x`).
    pub scope: MemScope,
}

/// Where a GPU kernel's memory lives (the thesis's ch. 8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MemScope {
    /// Not kernel memory: an ordinary parameter.
    #[default]
    Plain,
    /// One copy for the whole kernel, shared by every thread.
    Global,
    /// One copy per work group, shared by its threads.
    Local,
}

/// A kernel's own items of specification (`passes::java::kernel`).
#[derive(Clone, Debug)]
pub enum KernelItem {
    /// `given local int cont[gsize] = {0};`: ghost memory of the kernel.
    Memory(KernelMemory),
    /// `group invariant R;` (`global` false) / `kernel invariant R;`.
    Invariant { global: bool, inv: Expr, span: Span },
}

#[derive(Clone, Debug)]
pub struct KernelMemory {
    pub scope: MemScope,
    /// The element type (an array) or the type (a scalar).
    pub ty: Type,
    pub name: Ident,
    /// An array's number of elements.
    pub size: Option<Expr>,
    /// A scalar's initial value (arrays start at zero, as Java's do).
    pub init: Option<Expr>,
    pub span: Span,
}

/// A contract: clauses in source order, plus ghost parameters and results.
#[derive(Clone, Debug, Default)]
pub struct Contract {
    pub clauses: Vec<Clause>,
    /// `given T x;` ghost inputs.
    pub given: Vec<Param>,
    /// `yields T x;` ghost outputs.
    pub yields: Vec<Param>,
    /// `given T x = v;` (Java): the value of a ghost parameter a call leaves out.
    pub defaults: Vec<(Name, Expr)>,
    /// A GPU kernel's ghost memory and invariants.
    pub kernel: Vec<KernelItem>,
    /// JML's `signals (E e) P;`: when the method ends by throwing an E, P
    /// holds of it (`passes::exceptions`).
    pub signals: Vec<Signals>,
    /// Java's `throws E, F`: the method may end by throwing an E or an F.
    pub throws: Vec<Type>,
    /// Calvin-R's `performs` specification (`passes::calvin_r`).
    pub performs: Option<Box<Performs>>,
}

/// `signals (E e) P;`: an exceptional postcondition, P over the thrown `e`.
#[derive(Clone, Debug)]
pub struct Signals {
    pub ty: Type,
    pub name: Ident,
    pub expr: Expr,
    pub span: Span,
}

/// `catch (E | F e) { body }` of a `try`.
#[derive(Clone, Debug)]
pub struct Catch {
    pub types: Vec<Type>,
    pub name: Ident,
    pub body: Block,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClauseKind {
    Requires,
    Ensures,
    Context,
    ContextEverywhere,
    LoopInvariant,
    Decreases,
    /// `modifies x, y;` of a model's action or process: one clause per field name.
    Modifies,
    /// `accessible x;` of a model's action or process: one clause per field name.
    Accessible,
}

impl Method {
    /// A constructor the front end writes itself (default, inherited,
    /// instantiated, thread-of-runnable): no modifiers, only `clauses`.
    pub fn synthesized_constructor(
        name: Ident,
        params: Vec<Param>,
        clauses: Vec<Clause>,
        stmts: Vec<Stmt>,
        span: Span,
    ) -> Method {
        Method {
            derived: None,
            kind: MethodKind::Constructor,
            type_params: Vec::new(),
            mods: Modifiers::default(),
            contract: Contract {
                clauses,
                ..Contract::default()
            },
            ret: Type {
                kind: TypeKind::Void,
                span,
            },
            name,
            params,
            body: Some(Block { stmts, span }),
            unparsed_body: None,
            span,
        }
    }
}

impl ClauseKind {
    pub fn keyword(self) -> &'static str {
        match self {
            ClauseKind::Requires => "requires",
            ClauseKind::Ensures => "ensures",
            ClauseKind::Context => "context",
            ClauseKind::ContextEverywhere => "context_everywhere",
            ClauseKind::LoopInvariant => "loop_invariant",
            ClauseKind::Decreases => "decreases",
            ClauseKind::Modifies => "modifies",
            ClauseKind::Accessible => "accessible",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Clause {
    pub kind: ClauseKind,
    /// For `decreases`, the measure (possibly a tuple written `a, b`: only the first is kept).
    pub expr: Expr,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Type {
    pub kind: TypeKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeKind {
    Int,
    Bool,
    Void,
    Resource,
    Frac,
    ZFrac,
    Rational,
    /// `process` (a history's process term; `given process P;`).
    Process,
    Seq(Box<Type>),
    Set(Box<Type>),
    Bag(Box<Type>),
    Option(Box<Type>),
    Map(Box<Type>, Box<Type>),
    Tuple(Box<Type>, Box<Type>),
    Array(Box<Type>),
    /// A class name (resolved by the checker).
    Named(Ident),
    /// The type of the local's initialiser (a switch's subject: an `int`
    /// or an enum).
    Inferred,
    /// `Box<int>`: a generic PVL class applied to type arguments; replaced
    /// by the instance's name (`syntax::generics`) before checking.
    Applied(Ident, Vec<Type>),
    /// `C/*@<inv, true>@*/`: a class template with ghost arguments (Java);
    /// replaced by the instantiated class's name before checking.
    Generic(Ident, Vec<GhostArg>),
    /// `(frac -> resource)`, `group (frac -> resource)`: a predicate family,
    /// the type of a class ghost parameter only.
    Family {
        params: Vec<Type>,
        group: bool,
    },
    /// `(role, int -> frac)`: a pure function passed as a class ghost
    /// parameter (the thesis's AtomicInteger protocols, ch. 5).
    FunctionFamily {
        params: Vec<Type>,
        ret: Box<Type>,
    },
}

/// A class ghost argument: a predicate or ghost parameter name, or a literal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GhostArg {
    Name(Ident),
    Bool(bool, Span),
    Int(i128, Span),
    /// A set literal of names: a protocol's roles (`AtomicInteger/*@<{T},
    /// inv, share, trans>@*/`, the thesis's ch. 5).
    Names(Vec<Ident>, Span),
}

impl GhostArg {
    pub fn span(&self) -> Span {
        match self {
            GhostArg::Name(n) => n.span,
            GhostArg::Bool(_, s) | GhostArg::Int(_, s) | GhostArg::Names(_, s) => *s,
        }
    }
}

impl PartialEq for Type {
    fn eq(&self, other: &Type) -> bool {
        self.kind == other.kind
    }
}
impl Eq for Type {}

#[derive(Clone, Debug)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    /// `T x = e;` / `T x;` (several declarators become several statements).
    Local {
        ty: Type,
        name: Ident,
        init: Option<Expr>,
    },
    /// `target = value;` where target is a name, field access or array element.
    Assign {
        target: Expr,
        value: Expr,
    },
    /// An expression statement: a call, or `new`.
    Expr(Expr),
    If {
        cond: Expr,
        then: Block,
        els: Option<Block>,
    },
    /// `loop_invariant I; while (c) body` (the contract precedes the loop).
    While {
        contract: Box<Contract>,
        cond: Expr,
        body: Block,
    },
    /// Classic `for (init; cond; update) body`.
    For {
        contract: Box<Contract>,
        init: Vec<Stmt>,
        cond: Option<Expr>,
        update: Vec<Stmt>,
        body: Block,
    },
    /// `for (int i = lo .. hi) body`: i ranges over [lo, hi).
    ForRange {
        contract: Box<Contract>,
        var: Ident,
        lo: Box<Expr>,
        hi: Box<Expr>,
        body: Block,
    },
    Return(Option<Expr>),
    /// `commit e;`, `lock e;`, `unlock e;`, `wait e;`, `notify e;` on an object's intrinsic lock.
    Lock(LockOp, Expr),
    /// Java's `synchronized (lock) { body }` (and a `synchronized` method's
    /// body): `lock` is held while `body` runs and released on every exit.
    Synchronized {
        lock: Expr,
        body: Block,
    },
    Assert(Expr),
    Assume(Expr),
    Inhale(Expr),
    Exhale(Expr),
    Refute(Expr),
    /// A tree pass's proof obligation: asserts the expression, a failure
    /// reported with `code` (the parser never writes it).
    Check(crate::diag::FailureCode, Expr),
    Fold(Expr),
    Unfold(Expr),
    /// `package A -* B { proof }`: makes the magic wand `A -* B` from the
    /// state's resources, the ghost `proof` turning `A` into `B`.
    Package {
        wand: Expr,
        proof: Block,
    },
    /// `apply A -* B;`: gives up the wand and `A`, gets `B`.
    Apply(Expr),
    Label(Ident),
    /// Calvin-R's `witness "L";`: the commit point of the action labelled
    /// `L` of the enclosing method's `performs` spec (`passes::calvin_r`).
    Witness(Ident),
    /// `goto L;` (PVL): a jump to the label `L` of the same method, not into a loop.
    Goto(Ident),
    /// `break;` / `continue;` (Java): leave / restart the innermost loop;
    /// `break L;` leaves the statement labelled L, `continue L;` restarts
    /// the loop labelled L.
    Break(Option<Ident>),
    Continue(Option<Ident>),
    /// `L: S` (Java): S is the target of `break L` (and, a loop, of `continue L`).
    Labelled(Ident, Box<Stmt>),
    /// Java's `do body while (cond);`: the invariant holds before each test
    /// of the condition (the body runs once before the loop).
    DoWhile {
        contract: Box<Contract>,
        body: Block,
        cond: Expr,
    },
    /// Java's `switch (subject) { … }`, lowered by the tree step
    /// `passes::java::switch`.
    Switch(Box<Switch>),
    /// `ghost stmt` / `ghost { … }`.
    Ghost(Box<Stmt>),
    /// Java's `throw e;` (`passes::exceptions`).
    Throw(Expr),
    /// Java's `try { body } catch (…) { … } finally { … }` (`passes::exceptions`).
    Try {
        body: Block,
        catches: Vec<Catch>,
        finally: Option<Block>,
    },
    Block(Block),
    /// `fork e;`
    Fork(Expr),
    /// `join e;`
    Join(Expr),
    /// `invariant name(R) { body }` (VerCors): R is given up for the body,
    /// whose `atomic(name)` blocks hold it (`passes::atomics`).
    Invariant {
        name: Ident,
        inv: Expr,
        body: Block,
    },
    /// `action(m, p, P, m.a(args)) { body }`: the body implements action `a`
    /// of the history `m`, whose future at fraction `p` goes from `a * P`
    /// to `P` (`passes::histories`).
    /// `past`: the thesis's `action h, p, P, h.a(args); S`, over `Hist(h,
    /// p, P)` with P the past, which becomes `P * a(args)`.
    Action {
        model: Expr,
        perm: Expr,
        future: Expr,
        action: Expr,
        body: Block,
        past: bool,
    },
    /// `atomic(a, b) { body }`: the body holds the named invariants.
    Atomic {
        names: Vec<Ident>,
        body: Block,
    },
    /// `par name (int i = lo .. hi, …) contract { body }`, or several in
    /// `parallel { par … par … }`: threads running at once (`passes::par`).
    Par(Vec<ParThread>),
    /// `barrier(name; invs) { requires R; ensures E; }` in the threads of the
    /// par block `name`: all of them wait there, each giving R and getting E;
    /// `hint` is a proof step for the barrier's consistency (`passes::par`).
    Barrier {
        name: Ident,
        invariants: Vec<Ident>,
        contract: Contract,
        hint: Option<Block>,
    },
    /// `barrier(local) requires R; ensures E; { ghost }` in a GPU kernel
    /// (`global` for `barrier(global)`); `passes::java::kernel` makes it a
    /// [`StmtKind::Barrier`] of the work group's threads.
    KernelBarrier {
        global: bool,
        contract: Contract,
        body: Option<Block>,
    },
    /// `atomic_add(x, v) then { ghost };` in a GPU kernel: an atomic block of
    /// the group's or the kernel's invariant (`passes::java::kernel`).
    KernelAtomic {
        op: Ident,
        args: Vec<Expr>,
        then: Option<Block>,
    },
    /// A construct that parses but whose meaning belongs to a later layer
    /// (`sequential`, `vec`, `barrier`): the checker
    /// reports it notSupported at the statement's span. Its parts are
    /// dropped: nothing may check them by accident.
    NotSupported(&'static str),
}

/// One block of threads of a `par` statement: a thread per value of its
/// iteration variables (one thread if it has none).
#[derive(Clone, Debug)]
pub struct ParThread {
    pub name: Option<Ident>,
    pub iters: Vec<ParIter>,
    pub contract: Contract,
    pub body: Block,
    /// Verified in a method of its own rather than in the method around it
    /// (`passes::par`): the threads of a GPU kernel, which know of the
    /// method's locals only what the par pass gathers.
    pub apart: bool,
    pub span: Span,
}

/// `int i = lo .. hi`: i ranges over lo, …, hi − 1.
#[derive(Clone, Debug)]
pub struct ParIter {
    pub ty: Type,
    pub name: Ident,
    pub lo: Expr,
    pub hi: Expr,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Not,
    Neg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// `/`: integer division (truncating, as in Java) or rational division.
    Div,
    Mod,
    /// `\`: fraction division, `1\2`.
    FracDiv,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Implies,
    /// `**`: separating conjunction.
    Star,
    /// `A -* B`: the magic wand (as loose as `==>`, right associative).
    Wand,
    /// `x \in xs`.
    In,
    /// `x in xs` (PVL's keyword: binds tighter than the comparisons).
    Member,
    /// `x :: xs`: prepend an element to a sequence.
    Prepend,
    /// `xs ++ x`: append an element to a sequence; `m ++ (k, v)` on a map.
    Append,
    /// Java's `&`, `|`, `^`: on booleans, logic that evaluates both operands
    /// (the checker rewrites them; on integers they are not supported yet).
    BitAnd,
    BitOr,
    BitXor,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Mod => "%",
            BinOp::FracDiv => "\\",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::And => "&&",
            BinOp::Or => "||",
            BinOp::Implies => "==>",
            BinOp::Star => "**",
            BinOp::Wand => "-*",
            BinOp::In => "\\in",
            BinOp::Member => "in",
            BinOp::Prepend => "::",
            BinOp::Append => "++",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
        }
    }
}

/// Which trigger a mark `{: e :}` belongs to. VerCors's `{:n: e :}` numbers
/// it: the marks of one quantifier with the same number are one trigger,
/// different numbers are alternative triggers; an unnumbered mark is in
/// group 0. Each `<` of `{:<n: e :}` puts it in the next quantifier out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TriggerGroup {
    pub group: u32,
    /// The number of `<`: quantifiers out from the innermost one.
    pub outer: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifier {
    Forall,
    /// `\forall*`: separating conjunction over the range (resources).
    ForallStar,
    Exists,
}

/// The name of a class's lock-invariant predicate. PVL's `lock_invariant I;`
/// declares it; Java+JML writes it as VerCors does, `resource lock_invariant() = I;`.
pub const LOCK_INVARIANT: &str = "lock_invariant";

/// The statements on an object's intrinsic lock (PVL; Java's `synchronized`
/// lowers to `Lock` and `Unlock`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LockOp {
    Commit,
    Lock,
    Unlock,
    Wait,
    Notify,
    /// Java's `notifyAll()`: wakes every waiting thread (the permission
    /// encoding treats it as `notify`; `crate::atomicity` tells them apart).
    NotifyAll,
}

impl LockOp {
    pub fn keyword(self) -> &'static str {
        match self {
            LockOp::Commit => "commit",
            LockOp::Lock => "lock",
            LockOp::Unlock => "unlock",
            LockOp::Wait => "wait",
            LockOp::Notify => "notify",
            LockOp::NotifyAll => "notifyAll",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Binder {
    pub ty: Type,
    pub name: Ident,
}

/// A call `f(args)`, `o.m(args)`, optionally with `given { x = e, … }` and
/// `yields { y = x, … }` ghost argument blocks.
impl Ident {
    /// A name the passes make, at `span`.
    pub fn at(name: &str, span: Span) -> Ident {
        Ident {
            name: Name::from(name),
            span,
        }
    }
}

impl Type {
    /// The class a `Named` type names.
    pub fn class_name(&self) -> Option<Name> {
        match &self.kind {
            TypeKind::Named(n) => Some(n.name),
            _ => None,
        }
    }
}

impl Expr {
    /// The conjuncts of a `**` / `&&` chain, left to right.
    pub fn conjuncts(&self) -> Vec<&Expr> {
        match &self.kind {
            ExprKind::Binary(BinOp::Star | BinOp::And, a, b) => {
                let mut v = a.conjuncts();
                v.extend(b.conjuncts());
                v
            }
            _ => vec![self],
        }
    }
}

#[derive(Clone, Debug)]
pub struct Call {
    pub recv: Option<Box<Expr>>,
    pub name: Ident,
    pub args: Vec<Expr>,
    pub given: Vec<(Ident, Expr)>,
    /// `yields { local = yielded_param }`.
    pub yields: Vec<(Ident, Ident)>,
    /// Java's `/*@ with { … } @*/` and `/*@ then { … } @*/`: ghost statements
    /// run just before and just after the call. The checker reads an
    /// assignment to one of the callee's `given` parameters in `with` as a
    /// ghost argument, and `x = y` with `y` a `yields` parameter in `then`
    /// as a ghost result.
    pub with: Vec<Stmt>,
    pub then: Vec<Stmt>,
}

#[derive(Clone, Debug)]
pub struct NewObject {
    pub class: Ident,
    pub args: Vec<Expr>,
    /// `given { p = e, … }`: the constructor's ghost arguments.
    pub given: Vec<(Ident, Expr)>,
}

/// `(\forall T x; cond; body)`, `(\forall T x = lo .. hi; body)`,
/// `(\forall* …)`, `(\exists …)`.
#[derive(Clone, Debug)]
pub struct Quant {
    pub q: Quantifier,
    pub binders: Vec<Binder>,
    /// `x = lo .. hi` forms: a binder (its index in `binders`) with its bounds.
    pub ranges: Vec<(usize, Box<Expr>, Box<Expr>)>,
    pub cond: Option<Box<Expr>>,
    pub body: Box<Expr>,
}

#[derive(Clone, Debug)]
pub struct NewGeneric {
    pub class: Ident,
    pub ghost: Vec<GhostArg>,
    pub args: Vec<Expr>,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Int(IntValue),
    Bool(bool),
    Null,
    This,
    /// `\result`
    Result,
    /// `\current_thread` (the thesis's ch. 7): the id of the thread running
    /// the code (`passes::current_thread`).
    CurrentThread,
    /// `write`, `read`, `none`
    Write,
    Read,
    NoPerm,
    Name(Ident),
    /// `?w` in a postcondition (the thesis's `ensures held(?w, p)`): some
    /// value `w` the rest of the postcondition names (`passes::java::binders`).
    Bind(Ident),
    /// `e.name`: a field, or `length`/`head`/`tail`/`get`/… on built-in types.
    Select(Box<Expr>, Ident),
    /// `e[i]` on arrays and sequences.
    Index(Box<Expr>, Box<Expr>),
    /// `e[lo..hi]`, `e[lo..]`, `e[..hi]` on sequences.
    Slice(Box<Expr>, Option<Box<Expr>>, Option<Box<Expr>>),
    /// Boxed: a call is much larger than most expressions.
    Call(Box<Call>),
    /// `new C(args)`
    New(Box<NewObject>),
    /// `new C/*@<ghost args>@*/(args)` (Java), replaced by a `New` of the
    /// instantiated class before checking.
    NewGeneric(Box<NewGeneric>),
    /// `new T[n]`, `new T[n][m]…`: the element type after the last given
    /// size (`int[]` in `new int[n][]`) and the sizes, outermost first.
    NewArray(Box<Type>, Vec<Expr>),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// Java's `x++`, `++x` (and `--`) inside an expression: `target`
    /// becomes `value` (`x + 1`), and the expression is the old value
    /// (`true`: `x++`) or the new one. `passes::lift` runs it before the
    /// statement (typed as a `core::ExprKind::Effect`); a statement `x++;` is a plain assignment.
    Update(Box<Expr>, Box<Expr>, bool),
    /// `\old(e)` or `\old[L](e)`
    Old(Option<Ident>, Box<Expr>),
    /// `Perm(loc, p)`
    Perm(Box<Expr>, Box<Expr>),
    /// `PointsTo(loc, p, v)`
    PointsTo(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `Value(loc)`
    Value(Box<Expr>),
    /// `perm(loc)`: the permission currently held.
    CurPerm(Box<Expr>),
    /// `held(e)`: this thread holds `e`'s intrinsic lock (a resource).
    Held(Box<Expr>),
    /// `committed(e)`: `e`'s lock invariant was committed (a boolean).
    Committed(Box<Expr>),
    /// `(\forall T x; cond; body)`, `(\forall T x = lo .. hi; body)`,
    /// `(\forall* …)`, `(\exists …)`.
    Quant(Box<Quant>),
    /// `(\let T x = v; body)`
    Let {
        ty: Box<Type>,
        name: Box<Ident>,
        value: Box<Expr>,
        body: Box<Expr>,
    },
    /// `\unfolding p(..) \in e` / `unfolding p(..) in e`
    Unfolding(Box<Expr>, Box<Expr>),
    /// `[p]pred(args)`: a predicate at fraction p.
    Scale(Box<Expr>, Box<Expr>),
    /// `\array(a, n)`: a non-null array of length n.
    ArrayOf(Box<Expr>, Box<Expr>),
    /// `\matrix(m, rows, cols)`: m is a rows × cols array of distinct rows.
    MatrixOf(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `\values(a, lo, hi)`: the elements `a[lo .. hi)` as a sequence.
    ValuesOf(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `a[*]`: every element of `a` (in `Perm(a[*], p)` and `(\sum a[*])`).
    AllIndices(Box<Expr>),
    /// `(\sum a[*])`: the sum of an int array's elements.
    ArraySum(Box<Expr>),
    /// `seq<T>{…}` (ty given), `[a, b]` (ty None; `[t]` empty is written `seq<T>{}`)
    SeqLit(Option<Box<Type>>, Vec<Expr>),
    SetLit(Option<Box<Type>>, Vec<Expr>),
    BagLit(Option<Box<Type>>, Vec<Expr>),
    /// `map<K, V>{k -> v, …}`: key and value types, pairs in order (a later
    /// pair for the same key wins).
    MapLit(Box<(Type, Type)>, Vec<(Expr, Expr)>),
    /// `tuple<A, B>{a, b}` (types given) or `(a, b)` (after `++` on a map).
    TupleLit(Option<Box<(Type, Type)>>, Box<Expr>, Box<Expr>),
    /// Java's `e instanceof C`.
    InstanceOf(Box<Expr>, Box<Type>),
    /// Java's class cast `(C) e` (casts between integer types are the
    /// operand itself).
    Cast(Box<Expr>, Box<Type>),
    /// `xs[i -> v]`: the sequence with element i replaced by v.
    SeqUpdate(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `|e|`: length / cardinality.
    Length(Box<Expr>),
    /// `Some(e)`
    OptSome(Box<Expr>),
    /// `None` (element type from context)
    OptNone,
    /// `idle(e)`: the token of a thread object that may be forked.
    Idle(Box<Expr>),
    /// `running(e)`: the token of a forked thread that may be joined.
    Running(Box<Expr>),
    /// A construct of VerCors's grammar weft parses but does not encode yet
    /// (what it is): the checker reports `notSupported` at its span.
    NotSupported(&'static str),
    /// `{: e :}` in a quantifier's body: `e`, and a trigger of the quantifier.
    Trigger(TriggerGroup, Box<Expr>),
    /// `e /*@ then S */` (VerCors's `valThen`, Java): `e` is evaluated, then
    /// the ghost statements `S` run, then the value of `e` is used (`return
    /// next /*@ then fold list(L); */;`). After a method call the statements
    /// are the call's own (`Call::then`); `passes::lift` runs this one before
    /// its statement, the value in a fresh local (a `core::ExprKind::Effect`).
    Then(Box<Expr>, Vec<Stmt>),
    /// `f<int>(…)`, `o.m<T>(…)`, `new Box<int>(…)`: a call (or `new`) of a
    /// generic PVL member with explicit type arguments; replaced by a call of
    /// the instance (`syntax::generics`) before checking.
    TypeApplied(Box<Expr>, Vec<Type>),
}
