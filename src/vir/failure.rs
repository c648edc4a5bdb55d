//! The backends' vocabulary of failures (Viper's error kinds and reasons):
//! the emitters say which kind each generated check fails with, the backends
//! read their output into it, and blame maps it to source codes.

use serde::{Deserialize, Serialize};

/// What kind of check the backend says failed (Viper's error kinds).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FailureKind {
    AssertFailed,
    PostconditionViolated,
    /// A method call's precondition.
    CallPrecondition,
    /// A function application's precondition.
    AppPrecondition,
    AssignmentFailed,
    ExhaleFailed,
    InhaleFailed,
    FoldFailed,
    UnfoldFailed,
    /// `Packaging wand might fail.`
    PackageFailed,
    /// `Applying wand might fail.`
    ApplyFailed,
    LoopInvariantNotEstablished,
    LoopInvariantNotPreserved,
    /// A method call failed for another reason than its precondition.
    CallFailed,
    ContractNotWellformed,
    FunctionNotWellformed,
    PredicateNotWellformed,
    /// Viper's `refute` that could not be refuted.
    RefuteFailed,
    /// Anything else, with the backend's words.
    Other(String),
}

/// Why it failed (Viper's error reasons).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FailureReason {
    /// `Assertion E might not hold.`
    AssertionFalse,
    /// `There might be insufficient permission to access E`
    InsufficientPermission,
    DivisionByZero,
    NegativePermission,
    NotInjective,
    SeqIndexNegative,
    SeqIndexExceedsLength,
    /// `Map M might not contain an entry at key K.`
    MapKey,
    Other(String),
}
