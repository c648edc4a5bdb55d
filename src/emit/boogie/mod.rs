//! The Boogie backend's encoding: verification IR → Boogie 2.4.1 text, with
//! weft's own heap-and-mask encoding of permissions (the classic shape of
//! Carbon and Chalice; see the design doc in `lib.rs`).
//!
//! Every check is an `assert` on a line of its own; [`Checks`] says, per
//! line, which source construct fails how, so Boogie's `file(line,col)`
//! errors map back to the same failure codes as Silicon's.

mod assertion;
mod decl;
mod expr;
mod info;
mod proc;
mod qp;
mod stmt;
mod ty;
mod wd;

use crate::vir::failure::{FailureKind, FailureReason};
use crate::vir::{Expr, Origin, Program};
use std::collections::BTreeMap;

/// The permission model (heap, mask, frames), from `backends/boogie`.
pub const PERMISSIONS_BPL: &str = include_str!("../../../backends/boogie/permissions.bpl");
/// Sequences, sets and multisets, from `backends/boogie`.
pub const COLLECTIONS_BPL: &str = include_str!("../../../backends/boogie/collections.bpl");
/// Maps, from `backends/boogie`: only in programs that use them.
pub const MAPS_BPL: &str = include_str!("../../../backends/boogie/maps.bpl");

/// What a failing `assert` means in source terms.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    pub kind: FailureKind,
    pub reason: FailureReason,
    /// The node Silicon would report (the construct, or the clause of it).
    pub failing: Origin,
    pub inner: Inner,
    /// The contract clause involved (a callee's precondition), for a related location.
    pub clause: Origin,
    /// Boogie's text of the checked condition (tells a null check from a bounds check).
    pub text: String,
    /// A `refute`: the assert is expected to fail; the refute fails when it holds.
    pub refute: bool,
}

/// A failure located more precisely than the failing construct.
#[derive(Clone, Debug, PartialEq)]
pub enum Inner {
    None,
    /// A field read without permission (reported on the read).
    Read(Origin),
    /// The target of a field assignment.
    AssignTarget,
    /// The amount of a predicate instance (`[p]pred(…)`), whose sign is
    /// checked: VerCors's `scaleNeg`.
    Scale,
}

/// The checks of a program by (1-based) line of their assert.
#[derive(Clone, Debug, Default)]
pub struct Checks {
    pub by_line: BTreeMap<usize, Check>,
    /// The first line of each procedure, in order.
    pub procedures: Vec<usize>,
    /// The method each procedure verifies (None for a predicate's or
    /// function's well-definedness), by procedure index.
    pub methods: Vec<Option<Origin>>,
}

impl Checks {
    /// The procedure line `line` is in (its index in `procedures`).
    pub fn procedure_of(&self, line: usize) -> usize {
        self.procedures.partition_point(|&first| first <= line)
    }

    /// The method whose procedure holds line `line`.
    pub fn method_at(&self, line: usize) -> Option<Origin> {
        let k = self.procedure_of(line).checked_sub(1)?;
        self.methods.get(k).copied().flatten()
    }
}

#[derive(Clone, Debug)]
pub struct BoogieEmitted {
    pub text: String,
    pub checks: Checks,
}

/// A construct the Boogie encoding does not handle yet.
#[derive(Clone, Debug)]
pub struct Unsupported {
    pub what: String,
    pub origin: Origin,
}

impl Unsupported {
    pub fn new(what: impl Into<String>, at: &Expr) -> Unsupported {
        Unsupported {
            what: what.into(),
            origin: at.origin,
        }
    }
    pub fn at(what: impl Into<String>, origin: Origin) -> Unsupported {
        Unsupported {
            what: what.into(),
            origin,
        }
    }
}

/// Encodes the program into Boogie text.
pub fn emit(p: &Program) -> Result<BoogieEmitted, Unsupported> {
    decl::program(p)
}
