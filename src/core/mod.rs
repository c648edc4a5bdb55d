//! The core program: resolved, typed, close to PVL.
//!
//! The checker (`crate::check`) builds it from the syntax tree; passes
//! (`crate::passes`) rewrite it; the encoder (`crate::encode`) turns it into
//! the verification IR. Names are resolved to ids, every expression knows its
//! type and its span, and sugar is gone: `for` loops are `while` loops,
//! `PointsTo`/`Value` are `Perm`, quantifier ranges are implications.

pub mod build;
pub mod print;
pub mod visit;

use crate::diag::FailureCode;
pub use crate::int::IntValue;
pub use crate::name::Name;
use crate::syntax::ast::{BinOp, LockOp, Quantifier, UnOp};
use crate::syntax::span::Span;
use std::collections::BTreeMap;

macro_rules! id_type {
    ($($name:ident),*) => {$(
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);
    )*};
}
id_type!(ClassId, FieldId, MethodId, FunctionId, PredicateId);

#[derive(Clone, Debug, Default)]
pub struct Program {
    pub classes: Vec<Class>,
    pub fields: Vec<Field>,
    pub methods: Vec<Method>,
    pub functions: Vec<Function>,
    pub predicates: Vec<Predicate>,
    /// Some expression sums an int array (`(\sum a[*])`): the encoder then
    /// records, at each int-array write, how the array's sum changes.
    pub sums_arrays: bool,
    /// Some expression names `\current_thread`: `passes::current_thread`
    /// then gives every method and thread-local predicate the thread's id.
    pub names_current_thread: bool,
    /// The classes the thread and lock layers act on, by id.
    pub features: Features,
}

/// What the concurrency layers act on, resolved once by the checker (which
/// declares every member before it checks a body) and read by the checker
/// and the passes by id: no member is found again by its name.
#[derive(Clone, Debug, Default)]
pub struct Features {
    /// Lockable classes, each with its lock invariant.
    pub lock_invariant: BTreeMap<ClassId, PredicateId>,
    /// Runnable classes, each with its `void run()`.
    pub run: BTreeMap<ClassId, MethodId>,
    /// Each class (or interface) method that implements methods of its
    /// supertypes, superinterfaces' first (`passes::refine`).
    pub implements: Vec<Implements>,
    /// The models (`model M { … }`, `passes::histories`), each with its
    /// actions and processes.
    pub models: BTreeMap<ClassId, Model>,
    /// The methods with an atomicity specification (`/*@ atomic */`,
    /// `/*@ mover */`), checked by `crate::atomicity`. A program with one
    /// is an atomicity program: its classes' monitors need no lock
    /// invariant and its calls no ghost arguments, as it is explored, not
    /// encoded.
    pub atomicity: BTreeMap<MethodId, crate::syntax::ast::Atomicity>,
    /// The program writes `instanceof` (`passes::dyntype` then records
    /// every object's class, as it does when there are exceptions).
    pub instance_of: bool,
    /// Calvin-R's annotations (`passes::calvin_r`), when a unit has some.
    pub calvin_r: Option<CalvinR>,
    /// The group predicates as declared (`group resource P(…, frac p)`,
    /// thesis ch. 2), whose last parameter is their fraction: P(…, p + q)
    /// is P(…, p) ** P(…, q). A plain one's instances are
    /// [`ExprKind::GroupAccess`] until `passes::group`, which encodes it as
    /// a scaled predicate (without that parameter); an inline one (`inline
    /// group resource inv(frac p) = …`) stands for its body, which the pass
    /// checks scales in p.
    pub group: std::collections::BTreeSet<PredicateId>,
    /// The classes of the rely/guarantee programs (Calvin's and Calvin-R's),
    /// each with its monitor's owner: a ghost int field the front end
    /// declares (`holder`: the id of the thread holding the monitor, 0 when
    /// free). In such a class `tid` and `main` are thread ids and
    /// `synchronized` is the owner's.
    pub monitor_owner: BTreeMap<ClassId, FieldId>,
    /// A Calvin program's annotations (`passes::calvin`): Some when it has
    /// an environment assumption, a global invariant or an action.
    pub calvin: Option<Calvin>,
}

/// Calvin-R's program (`passes::calvin_r`): its classes and annotations.
#[derive(Clone, Debug, Default)]
pub struct CalvinR {
    /// The classes of the units with Calvin-R's annotations: in them `tid`
    /// is the running thread's id and `acquire(m)`/`release(m)` are a
    /// mutex's steps, and each of their methods is a thread's code.
    pub classes: Vec<ClassId>,
    /// The fields' access predicates (a field without one: any thread may
    /// access it).
    pub access: BTreeMap<FieldId, AccessPredicate>,
    /// The methods' `performs` specs.
    pub performs: BTreeMap<MethodId, Performs>,
}

/// A field's access predicate `A_x(tid)`: over `this`, `tid`
/// (`CurrentThread`) and, for an array field's elements, the index.
#[derive(Clone, Debug)]
pub struct AccessPredicate {
    pub pred: Expr,
    pub index: Option<Var>,
    pub span: Span,
}

/// A method's `performs` spec: its actions, and how they compose.
#[derive(Clone, Debug)]
pub struct Performs {
    pub actions: Vec<PerformsAction>,
    pub shape: crate::syntax::ast::PerformsShape,
    pub span: Span,
}

/// One action of a `performs` spec: the locations it may change (`o.f`,
/// `o.a[i]`), and its predicate between the states before and after it
/// (`\old` the one before), over the method's parameters and `\result`.
#[derive(Clone, Debug)]
pub struct PerformsAction {
    pub label: Option<Name>,
    pub modifies: Vec<Expr>,
    pub pred: Expr,
    pub span: Span,
}

/// Calvin's annotations, checked: two-state predicates (`\old` before, the
/// fields after) over `this`, an object of their class, and `tid`
/// (`CurrentThread`).
#[derive(Clone, Debug, Default)]
pub struct Calvin {
    /// The clauses of E and I, in the order written.
    pub clauses: Vec<RgClause>,
    /// The method abstractions' actions, in the order written; each is its
    /// class's next method's (after it in the same file).
    pub actions: Vec<RgAction>,
    /// The ghost fields of its classes: an access is no step of its own.
    pub ghost: std::collections::BTreeSet<FieldId>,
    /// Its Thread classes (Calvin §6.2), each with its ghost fields `start`
    /// (the thread forked) and the id of its thread.
    pub threads: BTreeMap<ClassId, (FieldId, FieldId)>,
    /// The statics classes of its classes (their static fields that are
    /// not final, the fields of one object, `check::env`): those fields are
    /// shared state too (TMV's `static int mx, x;`).
    pub statics: std::collections::BTreeSet<ClassId>,
}

/// A clause of Calvin's environment assumption E or global invariant I, of
/// every object of `class`.
#[derive(Clone, Debug)]
pub struct RgClause {
    pub class: ClassId,
    pub kind: crate::syntax::ast::RgClause,
    pub expr: Expr,
}

/// A method abstraction's action (Calvin §6.3): its two-state predicate and
/// the locations (fields) it may change besides the method's `modifies`.
#[derive(Clone, Debug)]
pub struct RgAction {
    pub class: ClassId,
    pub span: Span,
    pub pred: Expr,
    pub also_modifies: Vec<Expr>,
}

/// A model: a class whose fields are a history's abstract state, with its
/// actions and processes (methods of the class, without bodies).
#[derive(Clone, Debug, Default)]
pub struct Model {
    pub members: BTreeMap<MethodId, ModelMember>,
}

/// An action or a process of a model.
#[derive(Clone, Debug)]
pub struct ModelMember {
    pub kind: crate::syntax::ast::HistoryMember,
    /// The fields it may change (`modifies`); the others keep their values.
    pub modifies: Vec<FieldId>,
    /// The fields it reads (`accessible`).
    pub accessible: Vec<FieldId>,
    /// A process's definition: an expression of type `Process` over its
    /// parameters and `this`.
    pub def: Option<Expr>,
}

/// A method `method` of `class` that implements `interface_methods` (of
/// `class`'s interfaces, transitively, nearest first), whose ghost
/// parameters agree with each of theirs.
#[derive(Clone, Debug)]
pub struct Implements {
    pub class: ClassId,
    pub method: MethodId,
    pub interface_methods: Vec<MethodId>,
    /// The method's name in the class: where a refinement failure is reported.
    pub name: Span,
}

impl Program {
    pub fn class(&self, id: ClassId) -> &Class {
        &self.classes[id.0 as usize]
    }
    pub fn field(&self, id: FieldId) -> &Field {
        &self.fields[id.0 as usize]
    }
    pub fn method(&self, id: MethodId) -> &Method {
        &self.methods[id.0 as usize]
    }
    pub fn function(&self, id: FunctionId) -> &Function {
        &self.functions[id.0 as usize]
    }
    pub fn predicate(&self, id: PredicateId) -> &Predicate {
        &self.predicates[id.0 as usize]
    }

    /// Declares a boolean ghost field of class `c` that is not among the
    /// class's fields (so `new` does not give it): write permission to it is
    /// a token of the thread or lock layers.
    pub fn add_token_field(&mut self, name: &str, c: ClassId) -> FieldId {
        self.fields.push(Field {
            name: name.into(),
            class: c,
            ty: Type::Bool,
            is_final: false,
            is_ghost: true,
            owner_links: Vec::new(),
            never_null: false,
            span: self.class(c).span,
        });
        FieldId(self.fields.len() as u32 - 1)
    }

    /// Class `c` and every interface it is a subtype of, `c` first, each
    /// once, nearer ones first (breadth first).
    pub fn supertypes(&self, c: ClassId) -> Vec<ClassId> {
        let mut out = vec![c];
        let mut i = 0;
        while i < out.len() {
            if let Some(class) = self.classes.get(out[i].0 as usize) {
                for s in &class.interfaces {
                    if !out.contains(s) {
                        out.push(*s);
                    }
                }
            }
            i += 1;
        }
        out
    }

    /// Whether class type `a` is assignable to class type `b`.
    pub fn is_subclass(&self, a: ClassId, b: ClassId) -> bool {
        a == b || self.supertypes(a).contains(&b) || self.superclasses(a).any(|s| s == b)
    }

    /// `java.lang.Throwable`, the root of the exception classes, when the
    /// program has it (the spec library's, loaded with any exception class).
    pub fn throwable(&self) -> Option<ClassId> {
        let i = self.classes.iter().position(|c| c.name == "Throwable")?;
        Some(ClassId(i as u32))
    }

    /// The superclasses of `c` that it is a subtype of, nearest first.
    pub fn superclasses(&self, c: ClassId) -> impl Iterator<Item = ClassId> + '_ {
        let mut at = c;
        let mut steps = self.classes.len();
        std::iter::from_fn(move || {
            let s = self.classes.get(at.0 as usize)?.superclass?;
            steps = steps.checked_sub(1)?;
            at = s;
            Some(s)
        })
    }
}

#[derive(Clone, Debug)]
pub struct Class {
    pub name: Name,
    pub fields: Vec<FieldId>,
    /// A Java interface: no fields, no constructors, abstract methods.
    pub is_interface: bool,
    /// The interfaces the class implements (or the interface extends),
    /// directly; a class's type is assignable to each of them, transitively.
    pub interfaces: Vec<ClassId>,
    /// Java's `extends`, where the class is a subtype of its superclass:
    /// an exception class (see [`Program::is_subclass`]).
    pub superclass: Option<ClassId>,
    /// A Java enum's constants, in order (values of [`Type::Enum`]).
    pub enum_constants: Option<Vec<Name>>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Field {
    pub name: Name,
    pub class: ClassId,
    pub ty: Type,
    /// Readable without permission; written only in the class's constructors.
    pub is_final: bool,
    /// Declared `ghost` (or inside a Java spec comment): program code does
    /// not have it, and ghost code may write it.
    pub is_ghost: bool,
    /// What the field's declared type binds (final fields only).
    pub owner_links: Vec<crate::syntax::ast::OwnerLink>,
    /// A final field whose value is never null (the owner of a class ghost
    /// parameter's predicate): a fact of its value for every object.
    pub never_null: bool,
    pub span: Span,
}

/// A typed variable: parameter, local, quantified or let-bound. Names are
/// unique within their method (the checker renames shadowing locals).
#[derive(Clone, Debug, PartialEq)]
pub struct Var {
    pub name: Name,
    pub ty: Type,
    pub span: Span,
}

/// The parameter `passes::current_thread` adds last to every method and
/// thread-local predicate: no call writes it (the pass passes it on).
pub const THREAD_ID: &str = "weft_tid";

/// The parameters a call writes: all but the current thread's.
pub fn explicit(params: &[Var]) -> &[Var] {
    match params.split_last() {
        Some((last, rest)) if last.name == THREAD_ID => rest,
        _ => params,
    }
}

#[derive(Clone, Debug, Default)]
pub struct Contract {
    pub requires: Vec<Expr>,
    pub ensures: Vec<Expr>,
    /// Holds at entry, exit, and as an invariant of every loop in the body.
    pub context_everywhere: Vec<Expr>,
    /// The locations a method abstraction may write (`modifies c;`, read by
    /// `passes::calvin`; any other program with one is refused there).
    pub modifies: Vec<Expr>,
    /// The method's exceptional postconditions, its `throws` clause's
    /// classes among them (with `true`); removed by `passes::exceptions`.
    pub signals: Vec<Signals>,
}

/// `signals (E e) P`: when the method ends by throwing an instance of
/// `class`, P holds of it (`var`); `throws E` is `signals (E e) true`.
#[derive(Clone, Debug)]
pub struct Signals {
    pub class: ClassId,
    pub var: Var,
    pub expr: Expr,
    pub span: Span,
}

impl Contract {
    /// Every clause: requires, ensures, context_everywhere, modifies, signals.
    pub fn exprs_mut(&mut self) -> impl Iterator<Item = &mut Expr> {
        self.requires
            .iter_mut()
            .chain(&mut self.ensures)
            .chain(&mut self.context_everywhere)
            .chain(&mut self.modifies)
            .chain(self.signals.iter_mut().map(|s| &mut s.expr))
    }
}

/// `catch (E | F x) { body }` of a `try`.
#[derive(Clone, Debug)]
pub struct Catch {
    pub classes: Vec<ClassId>,
    pub var: Var,
    pub body: Block,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Method {
    pub name: Name,
    /// None for a global method.
    pub class: Option<ClassId>,
    pub is_constructor: bool,
    pub is_static: bool,
    /// Declared `ghost` (a lemma, or inside a Java spec comment): its body
    /// is ghost code, which may write only ghost state.
    pub is_ghost: bool,
    pub params: Vec<Var>,
    pub given: Vec<Var>,
    pub yields: Vec<Var>,
    /// `Type::Void` when nothing is returned.
    pub ret: Type,
    pub contract: Contract,
    pub body: Option<Block>,
    /// Set when the member is a copy of one written elsewhere.
    pub derived: Option<crate::syntax::ast::Derived>,
    pub span: Span,
}

impl Method {
    /// Whether the method has an implicit `this` parameter.
    pub fn has_this(&self) -> bool {
        self.class.is_some() && !self.is_static && !self.is_constructor
    }
}

#[derive(Clone, Debug)]
pub struct Function {
    pub name: Name,
    pub class: Option<ClassId>,
    pub is_static: bool,
    /// `inline pure`: each call stands for the body, with the arguments
    /// substituted; the function is not declared, so its contract is not used.
    pub is_inline: bool,
    pub params: Vec<Var>,
    pub ret: Type,
    pub contract: Contract,
    pub body: Option<Expr>,
    /// Set when the member is a copy of one written elsewhere.
    pub derived: Option<crate::syntax::ast::Derived>,
    pub span: Span,
}

impl Function {
    pub fn has_this(&self) -> bool {
        self.class.is_some() && !self.is_static
    }
}

#[derive(Clone, Debug)]
pub struct Predicate {
    pub name: Name,
    pub class: Option<ClassId>,
    pub is_static: bool,
    /// `inline resource`: the body is substituted where the predicate is used.
    pub is_inline: bool,
    /// `thread_local resource`: owned by one thread, never part of another
    /// predicate (so never handed to another thread).
    pub is_thread_local: bool,
    pub params: Vec<Var>,
    pub body: Option<Expr>,
    /// Set when the member is a copy of one written elsewhere.
    pub derived: Option<crate::syntax::ast::Derived>,
    pub span: Span,
}

impl Predicate {
    pub fn has_this(&self) -> bool {
        self.class.is_some() && !self.is_static
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    Int,
    Bool,
    Void,
    Resource,
    /// A fraction in (0, 1].
    Frac,
    /// A fraction in [0, 1].
    ZFrac,
    Rational,
    /// A reference to an instance of a class.
    Class(ClassId),
    /// The type of `null`: assignable to any class or array.
    Null,
    Array(Box<Type>),
    Seq(Box<Type>),
    Set(Box<Type>),
    Bag(Box<Type>),
    Option(Box<Type>),
    /// Key and value types, boxed together (a type is 16 bytes).
    Map(Box<(Type, Type)>),
    /// A pair (the items of a map are a set of them).
    Tuple(Box<(Type, Type)>),
    /// A thread role of an AtomicInteger protocol (thesis ch. 5): `S`, the
    /// synchroniser, or a name the protocol writes (`T`, `P`, `C`). An
    /// integer to the backends: [`role_value`].
    Role,
    /// A process of a model (`passes::histories`).
    Process,
    /// A value of a Java enum (the class's `enum_constants`): an integer to
    /// the backends, `null` 0 and the k-th constant k + 1. Every integer
    /// stands for a value of the enum, by [`enum_value`]: an integer
    /// outside 0..=n stands for null, so a value read from anywhere (a
    /// parameter, a field, an array) is null or a constant, and a switch
    /// over every constant is exhaustive without a typing fact anywhere.
    /// The checker compares enum values through it (`check::expr`).
    Enum(ClassId),
}

/// The enum value an integer stands for (see [`Type::Enum`]): itself in
/// 1..=n, else 0 (null); `x` is pure (the checker lifts calls out).
/// Sound: the values a Java program makes are 0 and the constants, which
/// stand for themselves, so on them this is the identity and enum
/// comparison is Java's; other integers are only extra states.
pub fn enum_value(x: Expr, n: usize) -> Expr {
    use crate::syntax::ast::BinOp;
    let span = x.span;
    let ty = x.ty.clone();
    if let ExprKind::Int(v) = &x.kind {
        if (0..=n as i128).contains(&v.get()) {
            return x;
        }
    }
    let int = |v: i128| Expr::new(ExprKind::Int(v.into()), Type::Int, span);
    let low = Expr::binary(BinOp::Le, int(1), x.clone(), Type::Bool, span);
    let high = Expr::binary(BinOp::Le, x.clone(), int(n as i128), Type::Bool, span);
    let both = Expr::binary(BinOp::And, low, high, Type::Bool, span);
    Expr::new(
        ExprKind::Cond(
            Box::new(both),
            Box::new(x),
            Box::new(Expr::new(ExprKind::Int(0.into()), ty.clone(), span)),
        ),
        ty,
        span,
    )
}

/// The integer a role name stands for: its characters as digits in base
/// 128, so that distinct names are distinct numbers without a table; None
/// for a name too long for that (more than 18 characters) or not ASCII.
pub fn role_value(name: &str) -> Option<i128> {
    if name.len() > 18 || !name.is_ascii() {
        return None;
    }
    Some(name.bytes().fold(0i128, |v, c| v * 128 + i128::from(c)))
}

impl Type {
    pub fn is_ref(&self) -> bool {
        matches!(self, Type::Class(_) | Type::Null | Type::Array(_))
    }
    pub fn is_perm(&self) -> bool {
        matches!(self, Type::Frac | Type::ZFrac | Type::Rational)
    }
}

#[derive(Clone, Debug)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

impl Block {
    /// A block with no statements.
    pub fn empty(span: Span) -> Block {
        Block {
            stmts: Vec::new(),
            span,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

/// A call of a method or constructor, as it appears in a statement.
#[derive(Clone, Debug)]
pub struct Call {
    pub method: MethodId,
    /// The receiver of an instance method; None for static/global methods
    /// and constructors.
    pub recv: Option<Expr>,
    pub args: Vec<Expr>,
    /// Ghost arguments, in the callee's `given` order (None: not passed).
    pub given: Vec<Option<Expr>>,
    /// `yields { local = param }`, in the callee's `yields` order.
    pub yields: Vec<Option<Name>>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    /// Declare a local (unique name), optionally initialised.
    Local(Var, Option<Expr>),
    AssignLocal(Name, Expr),
    // Receivers, arrays and calls are boxed to keep every statement small.
    AssignField {
        recv: Box<Expr>,
        field: FieldId,
        value: Expr,
    },
    AssignIndex {
        array: Box<Expr>,
        index: Box<Expr>,
        value: Expr,
    },
    /// `target = m(…)`, `m(…)`, or `target = new C(…)` (a constructor call).
    Call {
        target: Option<Name>,
        call: Box<Call>,
    },
    /// `target = new T[d1]…[dk]`: `elem` is T, the type of the innermost
    /// elements; `dims` (one at least) are the sizes, outermost first.
    NewArray {
        target: Name,
        elem: Type,
        dims: Vec<Expr>,
    },
    If {
        cond: Expr,
        then: Block,
        els: Option<Block>,
    },
    While {
        invariants: Vec<Expr>,
        cond: Expr,
        body: Block,
    },
    /// A source loop whose `break`s and `continue`s target it by `id`
    /// (lowered by `passes::loops` into a `While` and labels): `while` and
    /// `for`, whose `update` runs after the body and after a `continue`
    /// (empty for a `while`). `head` holds the calls of the condition
    /// (`passes::lift`), run before each test of `cond` (which reads their
    /// results), after the invariant.
    Loop {
        id: LoopId,
        invariants: Vec<Expr>,
        head: Block,
        cond: Expr,
        body: Block,
        update: Block,
    },
    /// `for (int var = lo .. hi) body`: `var` runs from `lo` up to `hi`
    /// (excluded), which are pure; `invariants` are the user's.
    ForRange {
        id: LoopId,
        var: Var,
        lo: Expr,
        hi: Expr,
        invariants: Vec<Expr>,
        body: Block,
    },
    /// `do body while (cond)`: the body runs once before the loop. Its
    /// `break`s and `continue`s target `id`; the loops inside the body are
    /// numbered from `id + 1` up to `again`, excluded: the numbers from
    /// `again` on, as many, are the loop's copy of the body's.
    DoWhile {
        id: LoopId,
        again: LoopId,
        invariants: Vec<Expr>,
        body: Block,
        cond: Expr,
    },
    /// `L: S`, S not a loop: a `break L` inside leaves it.
    Labelled {
        id: LoopId,
        body: Block,
    },
    /// `break` out of the loop or labelled statement `id`, which encloses it.
    Break(LoopId),
    /// `continue` of the loop `id`, which encloses it.
    Continue(LoopId),
    Return(Option<Expr>),
    /// An operation on an object's intrinsic lock (lowered by `passes::locks`).
    Lock(LockOp, Expr),
    /// Java's `synchronized (lock) { body }`, `lock` of a lockable class
    /// (lowered by `passes::desugar` into lock operations).
    Synchronized {
        lock: Expr,
        body: Block,
    },
    /// One atomic step of a thread of a rely/guarantee program: Calvin's
    /// `atomic: { body }` (the papers' atomic guarded step, CAS), Calvin-R's
    /// `acquire(m)`/`release(m)` and monitor steps (`when P do S`: the
    /// body's leading `assume`s are P). The environment does not interleave
    /// inside it (removed by `passes::calvin_r` in a Calvin-R program, by
    /// `passes::calvin` everywhere else).
    AtomicStep(Block),
    Assert(Expr),
    Assume(Expr),
    Inhale(Expr),
    Exhale(Expr),
    /// The environment's step of Calvin's encodings: `held` is every
    /// permission the method holds, and every location takes an arbitrary
    /// value (permissions unchanged). It means `exhale held; inhale held`;
    /// the Boogie emitter replaces the heap at once instead, without the
    /// quantified permission bookkeeping of that pair.
    Havoc(Expr),
    Refute(Expr),
    Fold(Expr),
    Unfold(Expr),
    /// `package A -* B { proof }` (`wand` is the `Binary(Wand, A, B)`): the
    /// ghost `proof` shows that `A` plus the footprint taken from the
    /// state gives `B`; the state keeps the wand instead of the footprint.
    Package {
        wand: Expr,
        proof: Block,
    },
    /// `apply A -* B;`: exchanges the wand and `A` for `B`.
    Apply(Expr),
    Label(Name),
    /// Calvin-R's `witness "L";`: the commit point of the action labelled
    /// `L` of the method's `performs` spec, or of its caller's where the
    /// method's body is inlined (removed by `passes::calvin_r`).
    Witness(Name),
    /// A jump forward to a label (`break`, `continue`).
    Goto(Name),
    Block(Block),
    /// `fork t`: start `t`'s `run` method in a new thread (lowered by `passes::threads`).
    Fork(Expr),
    /// `join t`: wait for `t`'s thread to end (lowered by `passes::threads`).
    Join(Expr),
    /// `invariant name(inv) { body }`: `inv` is given up for the body, whose
    /// `Atomic` blocks naming it hold it (lowered by `passes::atomics`).
    Invariant {
        name: Name,
        inv: Expr,
        body: Block,
    },
    /// `atomic(names) { body }`: the body holds the named invariants of the
    /// enclosing `Invariant` blocks.
    Atomic {
        names: Vec<Name>,
        body: Block,
    },
    /// `par` threads running at once (lowered by `passes::par`).
    Par(Vec<ParThread>),
    /// `barrier(name; invariants) { requires; ensures } hint` in a thread of
    /// the par block `name` (lowered by `passes::par`). `suspended` holds the
    /// named invariants' assertions once `passes::atomics` has put them there.
    Barrier {
        name: Name,
        invariants: Vec<Name>,
        suspended: Vec<Expr>,
        requires: Vec<Expr>,
        ensures: Vec<Expr>,
        hint: Block,
    },
    /// A history statement on a model object, over its operands:
    /// `m.create(P)` \[m, P\], `m.destroy()` \[m\], `m.split(p1, P1, p2, P2)` and
    /// `m.merge(p1, P1, p2, P2)` \[m, p1, P1, p2, P2\] (`passes::histories`).
    History(HistoryStmt, Vec<Expr>),
    /// `action(m, p, P, m.a(args)) { body }`: [m, p, P, m.a(args)], P the
    /// future; the thesis's `action m, p, P, m.a(args); S` over `Hist(m, p,
    /// P)`, P the past: [m, p, P, m.a(args), true] (`passes::histories`).
    Action(Vec<Expr>, Block),
    /// Java's `throw e` (lowered by `passes::exceptions`).
    Throw(Expr),
    /// Java's `try { body } catch … finally { … }` (lowered by `passes::exceptions`).
    Try {
        body: Block,
        catches: Vec<Catch>,
        finally: Option<Block>,
    },
    /// A check a pass generated for a source construct (the statement's
    /// span): `exhale expr` if `exhale`, else `assert expr`. Its failure reads
    /// as `code`, with the failing part's reason when `code` takes one.
    Check {
        exhale: bool,
        expr: Expr,
        code: FailureCode,
    },
}

/// A loop or labelled statement of a callable, as its `break`s and
/// `continue`s name it: numbered by the checker in source order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LoopId(pub u32);

/// The history statements (`StmtKind::History`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryStmt {
    Create,
    Destroy,
    Split,
    Merge,
    /// The thesis's form, over `Hist(m, p, P)` (P the past): `m.create_hist()`
    /// gives `Hist(m, 1, empty)`; `m.destroy_hist(m.q(args))` takes
    /// `Hist(m, 1, m.q(args))`; split and merge as above.
    CreateHist,
    DestroyHist,
    SplitHist,
    MergeHist,
}

impl HistoryStmt {
    pub fn name(self) -> &'static str {
        match self {
            HistoryStmt::Create => "create",
            HistoryStmt::Destroy => "destroy",
            HistoryStmt::Split => "split",
            HistoryStmt::Merge => "merge",
            HistoryStmt::CreateHist => "create_hist",
            HistoryStmt::DestroyHist => "destroy_hist",
            HistoryStmt::SplitHist => "split_hist",
            HistoryStmt::MergeHist => "merge_hist",
        }
    }
}

/// One block of threads of a `par` statement: a thread per value of its
/// iteration variables in their ranges (one thread if it has none).
#[derive(Clone, Debug)]
pub struct ParThread {
    pub name: Option<Name>,
    /// Each iteration variable with its range `lo .. hi` (hi excluded).
    pub iters: Vec<(Var, Expr, Expr)>,
    pub requires: Vec<Expr>,
    pub ensures: Vec<Expr>,
    pub body: Block,
    /// Verified in a method of its own (see `syntax::ast::ParThread`).
    pub apart: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: Type,
    pub span: Span,
}

/// Operations on the built-in types that are not binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    /// `a.length`
    ArrayLength,
    /// `|xs|` on sequences, sets and bags
    Size,
    SeqHead,
    SeqTail,
    /// `xs[lo..hi]`; a missing bound is 0 or `|xs|`.
    SeqSlice,
    SeqIndex,
    /// `xs[i -> v]` (xs, i, v): the index is checked as a read's.
    SeqUpdate,
    /// `\values(a, lo, hi)`: the elements `a[lo .. hi)` as a sequence.
    ArrayValues,
    OptGet,
    /// The empty map (its type says which).
    MapEmpty,
    /// `m[k := v]` (m, k, v).
    MapUpdate,
    /// `m[k]`: fails (`mapKey`) when k is not a key.
    MapGet,
    /// The set of keys.
    MapKeys,
    /// The set of values.
    MapValues,
    /// The set of (key, value) tuples.
    MapItems,
    /// `m.remove(k)` (m, k).
    MapRemove,
    /// `m.disjoint(n)`: no key of both (m, n).
    MapDisjoint,
    /// `tuple<A, B>{a, b}` (a, b).
    TupleMake,
    TupleFst,
    TupleSnd,
}

// Kept at 40 bytes (an expression is 80): the core of a large program holds
// hundreds of thousands of expressions. Hence the boxed `Let` variable, the
// boxed-slice predicate arguments and the 8-aligned integer literal.
#[derive(Clone, Debug)]
pub enum ExprKind {
    Int(IntValue),
    Bool(bool),
    Null,
    This,
    Result,
    /// `\current_thread`: removed by `passes::current_thread` (a parameter
    /// of every method, or the id of a thread's own object in its `run`).
    CurrentThread,
    Local(Name),
    /// `recv.f`
    Field(Box<Expr>, FieldId),
    /// `a[i]` on an array.
    ArrayIndex(Box<Expr>, Box<Expr>),
    Builtin(Builtin, Vec<Expr>),
    FunctionCall {
        func: FunctionId,
        recv: Option<Box<Expr>>,
        args: Box<[Expr]>,
    },
    /// A predicate instance used as a resource, at a permission (write if
    /// written plainly, `p` in `[p]pred(…)`).
    PredicateAccess(Box<PredicateAccess>),
    Unary(UnOp, Box<Expr>),
    /// The operand types say which operation it is (`+` on sequences is
    /// concatenation, `/` on ints is Java division, `\` makes a fraction).
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    Old(Option<Name>, Box<Expr>),
    /// `Perm(loc, p)`: loc is a `Field` or `ArrayIndex` expression.
    Perm(Box<Expr>, Box<Expr>),
    /// `perm(loc)`
    CurPerm(Box<Expr>),
    Write,
    /// `read`: some positive amount (Silver's wildcard).
    Read,
    NoPerm,
    /// Range and condition folded into the body (`==>` / `&&`).
    /// `triggers`: the user's triggers, alternatives, each terms matched
    /// together (the terms marked `{: … :}` in the body, one trigger per
    /// group number `{:n: … :}`); empty when the backend or the encoder
    /// chooses.
    Quant {
        q: Quantifier,
        vars: Box<[Var]>,
        triggers: Box<[Box<[Expr]>]>,
        body: Box<Expr>,
    },
    Let {
        var: Box<Var>,
        value: Box<Expr>,
        body: Box<Expr>,
    },
    /// `unfolding pred in body`; pred is a `PredicateAccess`.
    Unfolding(Box<Expr>, Box<Expr>),
    /// `\array(a, n)`
    ArrayOf(Box<Expr>, Box<Expr>),
    /// The sum of an int array's elements (`(\\sum a[*])`).
    ArraySum(Box<Expr>),
    /// Literals; the element type is in the expression's type.
    SeqLit(Vec<Expr>),
    SetLit(Vec<Expr>),
    BagLit(Vec<Expr>),
    OptSome(Box<Expr>),
    OptNone,
    /// `{: e :}` while the checker reads a quantifier's body: `e`, marked
    /// as part of the innermost enclosing quantifier's trigger of the group
    /// number (`ast::TriggerGroup`). The checker moves the marks into the
    /// quantifier's `triggers`; none is left after it.
    Trigger(u32, Box<Expr>),
    /// A thread or lock token of an object (`held(o)`, `idle(t)` …); the
    /// object's class is lockable or runnable ([`Features`]). Removed by
    /// `passes::locks` and `passes::threads`, which declare what encodes them.
    Token(Token, Box<Expr>),
    /// A history construct over its operands ([`History`]); removed by
    /// `passes::histories`.
    History(History, Vec<Expr>),
    /// `e instanceof C`: e is not null and its class is C or a subclass of
    /// C (removed by `passes::dyntype`).
    InstanceOf(Box<Expr>, ClassId),
    /// Java's `(C) e` of a reference whose static type is not C or a subtype
    /// of it: the value of e, which must be null or an object of C or a
    /// subclass (`castFailed`). Typed C; removed by `passes::dyntype`.
    Cast(Box<Expr>, ClassId),
    /// `[cond, value]`: the value, where evaluating it first checks `cond`,
    /// in code and in specifications alike (a failure reads as `code`, at
    /// this expression): what a pass makes of a partial operation.
    Checked(Box<[Expr; 2]>, FailureCode),
    /// A member or operator of the collection types that is no one
    /// built-in, over its operands ([`Collection`]); removed by
    /// `passes::collections`.
    Collection(Collection, Vec<Expr>),
    /// `P(args, e)` (`[f]P(args, e)`) of a plain group predicate P
    /// ([`Features::group`]), as written: `args` end with e, the fraction of
    /// the whole P(args) it is; `perm` is f (write when none is written).
    /// Removed by `passes::group`: `[e]P(args)` (`[f * e]P(args)`).
    GroupAccess(Box<PredicateAccess>),
    /// A method or constructor call inside a statement's expression
    /// (`int x = next() + next();`), typed as the call's result. Java runs
    /// it in place: removed by `passes::lift`, which runs it as a call
    /// statement before the statement, in Java's evaluation order.
    Invoke(Box<Call>),
    /// `new T[d1]…[dk]` inside a statement's expression (`T` is the
    /// element type); typed as the array. Removed by `passes::lift`.
    NewArray(Box<Type>, Vec<Expr>),
    /// Statements that run where the expression is evaluated (`x++`, `++x`,
    /// `e /*@ then S */`, a call with its ghost `with`/`then` blocks as an
    /// assigned field's value): see [`Effect`]. Removed by `passes::lift`.
    Effect(Box<Effect>),
}

/// [`ExprKind::Effect`]: the statements `stmts` run when the expression is
/// evaluated, and its value is `value`, read into a fresh local before they
/// run (`first`: `x++`, `e then S`) or after (`++x`; a local the statements
/// declare is read as it is).
#[derive(Clone, Debug)]
pub struct Effect {
    pub value: Expr,
    pub stmts: Block,
    pub first: bool,
}

impl ExprKind {
    /// Whether it is an effect: a call, an array creation or statements
    /// inside an expression (`passes::lift` removes them).
    pub fn is_effect(&self) -> bool {
        matches!(
            self,
            ExprKind::Invoke(..) | ExprKind::NewArray(..) | ExprKind::Effect(..)
        )
    }

    /// The instance of a predicate access, a group predicate's too.
    pub fn instance(&self) -> Option<&PredicateAccess> {
        match self {
            ExprKind::PredicateAccess(a) | ExprKind::GroupAccess(a) => Some(a),
            _ => None,
        }
    }
}

/// The members and operators of sequences, sets, bags, options and maps
/// that the core has no node of its own for (`ExprKind::Collection`), each
/// over its operands in the order given; `passes::collections` rewrites
/// each into built-ins and operators (its meaning here). A member that is
/// one built-in (`xs.head`, `m.keys`, `m[k]`) is that [`Builtin`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Collection {
    /// `xs.isEmpty` of a sequence, set, bag or map: [xs], `|xs| == 0`.
    IsEmpty,
    /// `b.contains(x)` of a bag: [x, b], `(x in b) > 0` (its multiplicity).
    BagContains,
    /// `k in m` of a map: [k, m], `k in m.keys`.
    HasKey,
    /// `xs.removeAt(i)`: [xs, i], `xs[0..i] + xs[i + 1..|xs|]`.
    RemoveAt,
    /// `o.getOrElse(d)`: [o, d], `o == None ? d : o.get`.
    GetOrElse,
    /// `x :: xs`: [x, xs], `[x] + xs`.
    Prepend,
    /// `xs ++ x` of a sequence: [xs, x], `xs + [x]`.
    Append,
    /// `xs[..hi]`: [xs, hi], `xs[0..hi]`.
    Take,
    /// `xs[lo..]`: [xs, lo], `xs[lo..|xs|]`.
    Drop,
    /// `map<K, V>{k1 -> v1, …}`: [k1, v1, …], the empty map updated pair by pair.
    MapLit,
}

impl Collection {
    /// Whether the operation is, to a backend, arithmetic or logic on its
    /// operands (an operator, a conditional): it may not stand in a trigger
    /// over a variable it binds (`check::expr`'s trigger check). The others
    /// are built-in applications, or membership in a set.
    pub fn is_computed(self) -> bool {
        match self {
            Collection::IsEmpty
            | Collection::BagContains
            | Collection::RemoveAt
            | Collection::GetOrElse
            | Collection::Prepend
            | Collection::Append => true,
            Collection::HasKey | Collection::Take | Collection::Drop | Collection::MapLit => false,
        }
    }

    /// Its name in the core's text (`core::print`).
    pub fn name(self) -> &'static str {
        match self {
            Collection::IsEmpty => "isEmpty",
            Collection::BagContains => "bagcontains",
            Collection::HasKey => "haskey",
            Collection::RemoveAt => "removeAt",
            Collection::GetOrElse => "getOrElse",
            Collection::Prepend => "prepend",
            Collection::Append => "append",
            Collection::Take => "take",
            Collection::Drop => "drop",
            Collection::MapLit => "maplit",
        }
    }
}

/// The history constructs of expressions (`passes::histories`), each over
/// its operands in the order given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum History {
    /// The process that does nothing (`empty`): no operands.
    Empty,
    /// `p * q`, `p || q`: [p, q].
    Seq,
    Par,
    /// `m.a(args)`, an action or a process of a model: [m, args…].
    Member(MethodId),
    /// `m.state(p, P)`: fraction p of history m, whose future is P: [m, p, P].
    State,
    /// `HPerm(o.f, p)`: passive permission on a model's field: [o.f, p].
    HPerm,
    /// `Hist(m, p, P)` (the thesis's form): fraction p of history m, whose
    /// recorded past is P: [m, p, P].
    Hist,
}

/// The tokens of the thread and lock layers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Token {
    /// `held(o)`: the lock of `o` is held by this thread (a resource).
    Held,
    /// `committed(o)`: the lock of `o` was committed (a boolean).
    Committed,
    /// `idle(t)`: thread `t` is not running (a resource).
    Idle,
    /// `running(t)`: thread `t` was forked and not joined (a resource).
    Running,
}

impl Token {
    pub fn keyword(self) -> &'static str {
        match self {
            Token::Held => "held",
            Token::Committed => "committed",
            Token::Idle => "idle",
            Token::Running => "running",
        }
    }

    /// The type of a token expression.
    pub fn ty(self) -> Type {
        match self {
            Token::Committed => Type::Bool,
            _ => Type::Resource,
        }
    }
}

/// A predicate instance at an amount: `[perm]pred(args)` on `recv`.
#[derive(Clone, Debug)]
pub struct PredicateAccess {
    pub pred: PredicateId,
    pub recv: Option<Expr>,
    pub args: Vec<Expr>,
    pub perm: Expr,
}

impl Expr {
    pub fn new(kind: ExprKind, ty: Type, span: Span) -> Expr {
        Expr { kind, ty, span }
    }
    pub fn bool(b: bool, span: Span) -> Expr {
        Expr::new(ExprKind::Bool(b), Type::Bool, span)
    }
    /// The token `t` of object `x` (`held(x)`, `idle(x)` …).
    pub fn token(t: Token, x: Expr, span: Span) -> Expr {
        Expr::new(ExprKind::Token(t, Box::new(x)), t.ty(), span)
    }
    /// `l op r`, of type `ty`.
    pub fn binary(op: BinOp, l: Expr, r: Expr, ty: Type, span: Span) -> Expr {
        Expr::new(ExprKind::Binary(op, Box::new(l), Box::new(r)), ty, span)
    }
}
