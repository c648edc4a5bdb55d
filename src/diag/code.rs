//! Failure and error codes, as types. Verification failures use VerCors's
//! codes (`postFailed:false`), so VerCors expectations carry over.

use std::fmt;

/// Why a contract-like check failed: the `R` in `postFailed:R`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A boolean part does not hold.
    #[default]
    False,
    /// Insufficient permission.
    Perm,
    /// A permission amount that may be negative.
    NegativePermValue,
}

impl Reason {
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::False => "false",
            Reason::Perm => "perm",
            Reason::NegativePermValue => "negativePermValue",
        }
    }
}

/// A verification failure, reported on the source construct.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::EnumIter)]
pub enum FailureCode {
    AssertFailed(Reason),
    PreFailed(Reason),
    PostFailed(Reason),
    InvariantNotEstablished(Reason),
    NotMaintained(Reason),
    /// An invariant block's invariant does not hold on entry (`notEstablished`).
    NotEstablished(Reason),
    /// The caller lacks a par block's threads' preconditions (at the block).
    ParPreFailed(Reason),
    /// A par thread's postcondition may not hold (at the clause).
    ParPostFailed(Reason),
    /// A thread may lack what it gives at a barrier (at the barrier).
    BarrierNotEstablished(Reason),
    /// What the threads take at a barrier is more than they all give (at the barrier).
    Inconsistent(Reason),
    /// An atomic block does not give its invariant back (`notMaintained`, as a
    /// loop invariant's; told apart here for the message).
    AtomicNotMaintained(Reason),
    FoldFailed(Reason),
    UnfoldFailed(Reason),
    /// A `package` whose proof does not turn the wand's left side and the
    /// footprint into its right side.
    PackageFailed(Reason),
    /// An `apply` without the wand or its left side.
    ApplyFailed(Reason),
    ExhaleFailed(Reason),
    /// A `refute` whose assertion can hold.
    RefuteFailed,
    AssignFieldFailed,
    /// A read of a location without permission.
    Perm,
    ArrayBounds,
    ArrayNull,
    /// `new T[n]` with a negative `n`.
    ArraySize,
    /// A sequence index below zero.
    IndexNegative,
    /// A sequence index at or past the length.
    IndexExceedsLength,
    DivByZero,
    /// A call on a receiver that may be null.
    InvocationObjectNull,
    NotInjective,
    /// The amount of a scaled predicate (`[p]pred(…)`) may be negative.
    ScaleNeg,
    /// A precondition that can never hold.
    Unsatisfiable,
    /// An AtomicInteger protocol that can create resource (weft's own check,
    /// `passes::java::protocol`).
    ShareSanity,
    /// A Calvin thread's step writes a field whose `unwritable_by_env_if`
    /// condition holds for another thread (`passes::calvin`).
    EnvAssumption,
    /// A Calvin thread's step breaks another thread's `env_assumption`, or
    /// the assumption is not reflexive and transitive.
    Guarantee,
    /// A Calvin thread's step breaks the `global_invariant`.
    GlobalInvariant,
    /// A method body does not simulate its abstraction (Calvin).
    Abstraction,
    /// A Calvin-R step accesses a shared variable when its access predicate
    /// does not allow it, or an environment step may take away exclusive
    /// access (`passes::calvin_r`).
    AccessPredicate,
    /// A Calvin-R method's steps do not reduce to one atomic step (right
    /// movers, at most one non-mover, left movers).
    NotAtomic,
    /// Bogor: the exploration found an atomic or mover method that cannot be
    /// left once entered (a `wait`, a deadlock or a cycle inside it).
    NotAtomicDefinitely,
    /// Bogor: a step of an atomic or mover method breaks its pattern on
    /// some interleaving (or, where no run shows otherwise, statically).
    NotAtomicPossibly,
    /// Bogor: an annotated method the exploration did not settle (its
    /// bound was reached, or the harness never runs it).
    NotExplored,
    /// A Calvin-R method's reduced step does not match its `performs` spec.
    ActionMismatch,
    /// `.get` on an option that may be `None`.
    OptionNone,
    /// A class cast `(C) e` where `e` may be an object of no subclass of
    /// `C` (weft's own check, `passes::dyntype`: VerCors reads the cast as
    /// its operand).
    CastFailed,
    /// `m[k]` where k may not be a key of the map m.
    MapKey,
    /// `lock o` of an object whose lock invariant was not committed.
    LockNotCommitted,
    /// `unlock o`/`wait o` without the lock invariant of `o`.
    InvariantFailed(Reason),
    /// `unlock`/`wait`/`notify` on a lock this thread does not hold.
    HeldFailed(Reason),
    /// `commit o`/`lock o` with `o` possibly null.
    LockNull,
    /// `commit o` without the lock invariant of `o`.
    CommitFailed(Reason),
    /// `fork t` of a thread that is not idle (already forked).
    Running,
    /// `join t` of a thread that is not running (never forked, or joined already).
    Idle,
    /// `fork t` where `run`'s precondition may not hold.
    ForkPre(Reason),
    /// `fork t` with `t` possibly null.
    ForkNull,
    /// `join t` with `t` possibly null.
    JoinNull,
    /// A method implementing an interface method needs more than the
    /// interface method's precondition gives.
    ImplementsPre(Reason),
    /// A method implementing an interface method may not ensure the
    /// interface method's postcondition.
    ImplementsPost(Reason),
    /// An action block whose body does not implement its action (the
    /// action's precondition at entry, its postcondition at exit, the fields
    /// it does not modify unchanged, active permission on those it does).
    ActionFailed(Reason),
    /// A history statement or action block without the history fraction
    /// (`m.state(p, P)`) or the passive permissions it needs.
    HistoryPerm,
    /// A process's postcondition may not follow from its actions' contracts.
    ProcessPostFailed(Reason),
    /// A method may end by throwing an exception its `signals` and `throws`
    /// clauses do not name (`passes::exceptions`).
    ExtraExc,
    /// An expectation marker region that caught no failure.
    NotTripped,
    /// An expectation marker region that caught more than one failure.
    TrippedTwice,
    /// A backend failure weft could not map: a bug in weft.
    Internal,
}

impl fmt::Display for FailureCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FailureCode::*;
        let with =
            |f: &mut fmt::Formatter<'_>, base: &str, r: &Reason| write!(f, "{base}:{}", r.as_str());
        match self {
            AssertFailed(r) => with(f, "assertFailed", r),
            PreFailed(r) => with(f, "preFailed", r),
            PostFailed(r) => with(f, "postFailed", r),
            InvariantNotEstablished(r) => with(f, "invariantNotEstablished", r),
            NotMaintained(r) | AtomicNotMaintained(r) => with(f, "notMaintained", r),
            NotEstablished(r) => with(f, "notEstablished", r),
            ParPreFailed(r) => with(f, "parPreFailed", r),
            ParPostFailed(r) => with(f, "parPostFailed", r),
            BarrierNotEstablished(r) => with(f, "notEstablished", r),
            Inconsistent(r) => with(f, "inconsistent", r),
            FoldFailed(r) => with(f, "foldFailed", r),
            UnfoldFailed(r) => with(f, "unfoldFailed", r),
            PackageFailed(r) => with(f, "packageFailed", r),
            ApplyFailed(r) => with(f, "applyFailed", r),
            ExhaleFailed(r) => with(f, "exhaleFailed", r),
            RefuteFailed => f.write_str("refuteFailed"),
            AssignFieldFailed => f.write_str("assignFieldFailed"),
            Perm => f.write_str("perm"),
            ArrayBounds => f.write_str("arrayBounds"),
            ArrayNull => f.write_str("arrayNull"),
            ArraySize => f.write_str("arraySize"),
            IndexNegative => f.write_str("indexNegative"),
            IndexExceedsLength => f.write_str("indexExceedsLength"),
            DivByZero => f.write_str("divByZero"),
            InvocationObjectNull => f.write_str("invocationObjectNull"),
            NotInjective => f.write_str("notInjective"),
            ScaleNeg => f.write_str("scaleNeg"),
            Unsatisfiable => f.write_str("unsatisfiable"),
            ShareSanity => f.write_str("shareSanity"),
            EnvAssumption => f.write_str("envAssumption"),
            Guarantee => f.write_str("guarantee"),
            GlobalInvariant => f.write_str("globalInvariant"),
            Abstraction => f.write_str("abstraction"),
            AccessPredicate => f.write_str("accessPredicate"),
            NotAtomic => f.write_str("notAtomic"),
            NotAtomicDefinitely => f.write_str("notAtomic:definitely"),
            NotAtomicPossibly => f.write_str("notAtomic:possibly"),
            NotExplored => f.write_str("notExplored"),
            ActionMismatch => f.write_str("actionMismatch"),
            OptionNone => f.write_str("optionNone"),
            CastFailed => f.write_str("castFailed"),
            MapKey => f.write_str("mapKey"),
            LockNotCommitted => f.write_str("lockNotCommitted"),
            InvariantFailed(r) => with(f, "invariantFailed", r),
            HeldFailed(r) => with(f, "heldFailed", r),
            LockNull => f.write_str("lockNull"),
            CommitFailed(r) => with(f, "commitFailed", r),
            Running => f.write_str("running"),
            Idle => f.write_str("idle"),
            ForkPre(r) => with(f, "forkPre", r),
            ForkNull => f.write_str("forkNull"),
            JoinNull => f.write_str("joinNull"),
            ImplementsPre(r) => with(f, "implementsPre", r),
            ImplementsPost(r) => with(f, "implementsPost", r),
            ActionFailed(r) => with(f, "actionFailed", r),
            HistoryPerm => f.write_str("historyPerm"),
            ProcessPostFailed(r) => with(f, "processPostFailed", r),
            ExtraExc => f.write_str("extraExc"),
            NotTripped => f.write_str("notTripped"),
            TrippedTwice => f.write_str("trippedTwice"),
            Internal => f.write_str("internal"),
        }
    }
}

impl FailureCode {
    /// The same code with reason `r`, for codes that take one (`preFailed:R`);
    /// other codes are returned unchanged.
    pub fn with_reason(self, r: Reason) -> FailureCode {
        use FailureCode::*;
        match self {
            AssertFailed(_) => AssertFailed(r),
            PreFailed(_) => PreFailed(r),
            PostFailed(_) => PostFailed(r),
            InvariantNotEstablished(_) => InvariantNotEstablished(r),
            NotMaintained(_) => NotMaintained(r),
            NotEstablished(_) => NotEstablished(r),
            ParPreFailed(_) => ParPreFailed(r),
            ParPostFailed(_) => ParPostFailed(r),
            BarrierNotEstablished(_) => BarrierNotEstablished(r),
            Inconsistent(_) => Inconsistent(r),
            AtomicNotMaintained(_) => AtomicNotMaintained(r),
            FoldFailed(_) => FoldFailed(r),
            UnfoldFailed(_) => UnfoldFailed(r),
            PackageFailed(_) => PackageFailed(r),
            ApplyFailed(_) => ApplyFailed(r),
            ExhaleFailed(_) => ExhaleFailed(r),
            InvariantFailed(_) => InvariantFailed(r),
            HeldFailed(_) => HeldFailed(r),
            CommitFailed(_) => CommitFailed(r),
            ForkPre(_) => ForkPre(r),
            ImplementsPre(_) => ImplementsPre(r),
            ImplementsPost(_) => ImplementsPost(r),
            ActionFailed(_) => ActionFailed(r),
            ProcessPostFailed(_) => ProcessPostFailed(r),
            other => other,
        }
    }
}

/// Front-end and tool errors (exit 2 and 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::EnumIter)]
pub enum ErrorCode {
    ParseError,
    /// A name that is not declared.
    Undeclared,
    /// A name declared twice in one scope.
    Duplicate,
    /// Wrong number of arguments.
    Arity,
    TypeMismatch,
    /// A construct in a place where it may not stand (a method call in a
    /// specification, a clause on the wrong declaration, …).
    Misplaced,
    /// Writing a `final` field outside a constructor of its class.
    FinalWrite,
    /// `fork`/`join` of an object whose class has no `run` method.
    RunnableMethodMissing,
    /// An inline predicate whose expansion reaches itself.
    CyclicInline,
    /// A construct weft does not support yet.
    NotSupported,
    /// The backend is missing, crashed or timed out.
    Backend,
    /// Reading an input file failed.
    Io,
    /// A bug in weft, found by its own checks (a pass that left what it removes).
    Internal,
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ErrorCode::ParseError => "parseError",
            ErrorCode::Undeclared => "resolutionError:undeclared",
            ErrorCode::Duplicate => "resolutionError:duplicate",
            ErrorCode::Arity => "typeError:arity",
            ErrorCode::TypeMismatch => "typeError:mismatch",
            ErrorCode::Misplaced => "typeError:misplaced",
            ErrorCode::FinalWrite => "typeError:finalWrite",
            ErrorCode::RunnableMethodMissing => "runnableMethodMissing",
            ErrorCode::CyclicInline => "cyclicInline",
            ErrorCode::NotSupported => "notSupported",
            ErrorCode::Backend => "backendError",
            ErrorCode::Io => "ioError",
            ErrorCode::Internal => "internal",
        })
    }
}
