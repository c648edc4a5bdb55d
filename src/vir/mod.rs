//! The verification IR: a small permission-based language that both
//! backends print (Silver almost one to one; Boogie through weft's own
//! heap-and-mask encoding).
//!
//! Every node that a backend can blame carries an [`Origin`]: an index into
//! the [`OriginTable`], which records the source span and how a failure of the
//! node reads in source terms ([`Blame`]). Nodes that cannot fail carry
//! [`Origin::NONE`].

pub mod failure;
pub mod origin;
pub mod renumber;
pub mod visit;

pub use crate::name::Name;
pub use origin::{Blame, Origin, OriginInfo, OriginTable, What};

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Type {
    Int,
    Bool,
    Perm,
    Ref,
    Seq(Box<Type>),
    Set(Box<Type>),
    Multiset(Box<Type>),
    Map(Box<Type>, Box<Type>),
    /// A domain type with type arguments, e.g. `Option[Int]`.
    Domain(Name, Vec<Type>),
    /// A domain's type parameter, inside the domain.
    TypeVar(Name),
}

#[derive(Clone, Debug, Default)]
pub struct Program {
    pub domains: Vec<Domain>,
    pub fields: Vec<Field>,
    pub functions: Vec<Function>,
    pub predicates: Vec<Predicate>,
    pub methods: Vec<Method>,
}

#[derive(Clone, Debug)]
pub struct Domain {
    pub name: Name,
    pub type_params: Vec<Name>,
    pub functions: Vec<DomainFunction>,
    pub axioms: Vec<Axiom>,
}

#[derive(Clone, Debug)]
pub struct DomainFunction {
    pub name: Name,
    pub params: Vec<LocalDecl>,
    pub ret: Type,
    pub unique: bool,
}

#[derive(Clone, Debug)]
pub struct Axiom {
    pub name: Name,
    pub body: Expr,
}

#[derive(Clone, Debug)]
pub struct Field {
    pub name: Name,
    pub ty: Type,
}

#[derive(Clone, Debug, PartialEq)]
pub struct LocalDecl {
    pub name: Name,
    pub ty: Type,
}

#[derive(Clone, Debug)]
pub struct Function {
    pub name: Name,
    pub params: Vec<LocalDecl>,
    pub ret: Type,
    pub pres: Vec<Expr>,
    pub posts: Vec<Expr>,
    pub body: Option<Expr>,
    pub origin: Origin,
}

#[derive(Clone, Debug)]
pub struct Predicate {
    pub name: Name,
    pub params: Vec<LocalDecl>,
    pub body: Option<Expr>,
    pub origin: Origin,
}

#[derive(Clone, Debug)]
pub struct Method {
    pub name: Name,
    pub params: Vec<LocalDecl>,
    pub returns: Vec<LocalDecl>,
    pub pres: Vec<Expr>,
    pub posts: Vec<Expr>,
    pub body: Option<Vec<Stmt>>,
    pub origin: Origin,
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub origin: Origin,
}

// Expressions in the larger variants are boxed so that a statement stays
// small (statements live in vectors, one slot per statement).
#[derive(Clone, Debug)]
pub enum StmtKind {
    /// `var x: T` (Silver allows declarations anywhere in a body).
    LocalVar(LocalDecl),
    /// `x := e`
    Assign(Name, Box<Expr>),
    /// `recv.field := e`
    FieldAssign {
        recv: Box<Expr>,
        field: Name,
        value: Box<Expr>,
    },
    /// `x := new(fields…)`: a fresh reference with write permission to the fields.
    New {
        target: Name,
        fields: Vec<Name>,
    },
    /// `targets := m(args)`
    Call {
        method: Name,
        args: Vec<Expr>,
        targets: Vec<Name>,
    },
    Inhale(Expr),
    Exhale(Expr),
    /// `exhale held; inhale held` where `held` is all the method holds:
    /// every location takes an arbitrary value (the environment's step of
    /// Calvin's encodings). Boogie replaces the heap at once.
    Havoc(Expr),
    Assert(Expr),
    /// Viper's `refute e`: fails when `e` can be proven.
    Refute(Expr),
    /// Assume a pure expression (printed as `inhale` in Silver).
    Assume(Expr),
    /// `fold acc(P(args), p)`; the expression is a `PredicateAccess`.
    Fold(Expr),
    Unfold(Expr),
    /// `package A --* B { proof }`; the expression is a `Binary(Wand, A, B)`.
    Package {
        wand: Box<Expr>,
        proof: Vec<Stmt>,
    },
    /// `apply A --* B`.
    Apply(Expr),
    If {
        cond: Box<Expr>,
        then: Vec<Stmt>,
        els: Vec<Stmt>,
    },
    While {
        cond: Box<Expr>,
        invariants: Vec<Expr>,
        body: Vec<Stmt>,
    },
    Label(Name),
    Goto(Name),
    /// A nested block, printed with its own braces.
    Seq(Vec<Stmt>),
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub origin: Origin,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Not,
    Neg,
}

/// Binary operators. Arithmetic and comparisons apply to Int and Perm alike
/// (Silver overloads them); `Div`/`Mod` are the backend's built-in ones
/// (Euclidean on Int; use the prelude functions for Java semantics).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// Int/Int Euclidean division (Silver's `\`); the IR has no Perm/Int
    /// division other than `PermDiv`.
    Div,
    Mod,
    /// Int/Int, Perm/Int or Perm/Perm giving a Perm: Silver's `/`.
    PermDiv,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Implies,
    /// Sequence concatenation `++`.
    SeqConcat,
    /// `x in xs` (sequences, sets; multiplicity for multisets).
    In,
    Union,
    Intersection,
    Setminus,
    Subset,
    /// The magic wand `A --* B` (Silicon only).
    Wand,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifier {
    Forall,
    Exists,
}

pub use crate::int::IntValue;

// Rare or large payloads are boxed so that an expression stays 64 bytes: the
// IR of a large program holds hundreds of thousands of them.
#[derive(Clone, Debug)]
pub enum ExprKind {
    IntLit(IntValue),
    BoolLit(bool),
    NullLit,
    Local(Name),
    /// `result` inside a function's postcondition.
    Result,
    FieldAccess(Box<Expr>, Name),
    /// Application of a heap-dependent function.
    FuncApp(Name, Vec<Expr>),
    /// Application of a domain function (with the result type, which Silver
    /// sometimes needs to disambiguate type parameters).
    DomainFuncApp(Name, Box<[Expr]>, Box<Type>),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `old(e)` or `old[L](e)`
    Old(Option<Name>, Box<Expr>),
    /// `acc(recv.f, p)`
    FieldAcc(Box<Expr>, Name, Box<Expr>),
    /// `acc(P(args), p)`
    PredicateAcc(Name, Box<[Expr]>, Box<Expr>),
    /// `perm(recv.f)`
    CurPermField(Box<Expr>, Name),
    /// `perm(P(args))`
    CurPermPredicate(Name, Vec<Expr>),
    FullPerm,
    NoPerm,
    Wildcard,
    Quant {
        q: Quantifier,
        vars: Box<[LocalDecl]>,
        triggers: Box<[Vec<Expr>]>,
        body: Box<Expr>,
    },
    Let(Box<LocalDecl>, Box<Expr>, Box<Expr>),
    /// `asserting (c) in e`: the value of `e`, where evaluating it first
    /// checks the pure condition `c` (a failure is blamed on `c`'s origin).
    /// On Silver the check is the backend's own; on Boogie a
    /// well-definedness check.
    Asserting(Box<Expr>, Box<Expr>),
    /// `unfolding acc(P(args), p) in e`
    Unfolding(Box<Expr>, Box<Expr>),
    /// `Seq[T]()` when empty, `Seq(a, b)` otherwise.
    SeqLit(Box<Type>, Vec<Expr>),
    SetLit(Box<Type>, Vec<Expr>),
    MultisetLit(Box<Type>, Vec<Expr>),
    /// `|e|`
    Size(Box<Expr>),
    /// `xs[i]`
    SeqIndex(Box<Expr>, Box<Expr>),
    /// `xs[i := v]`: fails like `xs[i]` when `i` is out of bounds.
    SeqUpdate(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `xs[lo..hi]`, `xs[lo..]`, `xs[..hi]`
    SeqSlice(Box<Expr>, Option<Box<Expr>>, Option<Box<Expr>>),
    /// An operation on maps, with the operands it takes (see [`MapOp`]) and
    /// the type of the map it works on (`Map[K, V]`).
    Map(MapOp, Box<[Expr]>, Box<Type>),
}

/// Operations on maps (Silver's native `Map[K, V]`; on Boogie, weft's `Map#…`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapOp {
    /// `Map[K, V]()`: no operands.
    Empty,
    /// `m[k := v]`: m, k, v.
    Update,
    /// `m[k]`: m, k. Fails when k is not a key (blamed on its origin).
    Get,
    /// `domain(m)`: the set of keys.
    Domain,
    /// `range(m)`: the set of values.
    Range,
}

impl MapOp {
    /// The type of the result, given the map's type.
    pub fn result_type(self, map: &Type) -> Type {
        let (k, v) = match map {
            Type::Map(k, v) => ((**k).clone(), (**v).clone()),
            _ => (Type::Int, Type::Int),
        };
        match self {
            MapOp::Empty | MapOp::Update => map.clone(),
            MapOp::Get => v,
            MapOp::Domain => Type::Set(Box::new(k)),
            MapOp::Range => Type::Set(Box::new(v)),
        }
    }
}

impl Expr {
    pub fn new(kind: ExprKind, origin: Origin) -> Expr {
        Expr { kind, origin }
    }
    /// A node that cannot fail on its own.
    pub fn plain(kind: ExprKind) -> Expr {
        Expr {
            kind,
            origin: Origin::NONE,
        }
    }
    pub fn bool(b: bool) -> Expr {
        Expr::plain(ExprKind::BoolLit(b))
    }
    pub fn int(i: i128) -> Expr {
        Expr::plain(ExprKind::IntLit(i.into()))
    }
    pub fn local(name: impl Into<Name>) -> Expr {
        Expr::plain(ExprKind::Local(name.into()))
    }
    pub fn binary(op: BinOp, l: Expr, r: Expr) -> Expr {
        Expr::plain(ExprKind::Binary(op, Box::new(l), Box::new(r)))
    }
    pub fn and(l: Expr, r: Expr) -> Expr {
        Expr::binary(BinOp::And, l, r)
    }
    pub fn implies(l: Expr, r: Expr) -> Expr {
        Expr::binary(BinOp::Implies, l, r)
    }
    pub fn negate(e: Expr) -> Expr {
        Expr::plain(ExprKind::Unary(UnOp::Not, Box::new(e)))
    }
    /// The operands of a chain of `&&` (`e` itself if it is none).
    pub fn conjuncts(&self) -> Vec<&Expr> {
        match &self.kind {
            ExprKind::Binary(BinOp::And, l, r) => {
                let mut v = l.conjuncts();
                v.extend(r.conjuncts());
                v
            }
            _ => vec![self],
        }
    }

    pub fn with_origin(mut self, origin: Origin) -> Expr {
        self.origin = origin;
        self
    }
}

impl Stmt {
    pub fn new(kind: StmtKind, origin: Origin) -> Stmt {
        Stmt { kind, origin }
    }
    pub fn plain(kind: StmtKind) -> Stmt {
        Stmt {
            kind,
            origin: Origin::NONE,
        }
    }
}

/// Takes a run's encoded members, in order: functions, then predicates,
/// then methods.
pub trait Sink: Send {
    fn function(&mut self, f: Function);
    fn predicate(&mut self, q: Predicate);
    fn method(&mut self, m: Method);
}

/// Collects the members (for emitters that need the whole program).
impl Sink for Program {
    fn function(&mut self, f: Function) {
        self.functions.push(f);
    }
    fn predicate(&mut self, q: Predicate) {
        self.predicates.push(q);
    }
    fn method(&mut self, m: Method) {
        self.methods.push(m);
    }
}
