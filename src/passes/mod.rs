//! The passes over the core program, in order. Each removes one family of
//! constructs by rewriting it into simpler core; the list below is the whole
//! layering (later issues add thread, lock, synchroniser, atomic, GPU and
//! history layers in front of the last pass).

mod context_everywhere;
pub mod locks;
pub mod rewrite;
pub mod threads;

use crate::core::Program;
use crate::diag;

/// A rewriting of the core program.
pub struct Pass {
    pub name: &'static str,
    pub description: &'static str,
    pub run: fn(Program) -> diag::Result<Program>,
}

/// The pipeline, in order.
pub const PASSES: &[Pass] = &[
    Pass {
        name: "context_everywhere",
        description:
            "context_everywhere clauses become pre- and postconditions and invariants of every loop",
        run: context_everywhere::run,
    },
    // After context_everywhere: a fork needs run's whole contract.
    Pass {
        name: "threads",
        description: "fork/join become checks of idle/running tokens and run's contract",
        run: threads::run,
    },
    locks::PASS,
];

/// Runs every pass in order.
pub fn run(mut p: Program) -> diag::Result<Program> {
    for pass in PASSES {
        p = (pass.run)(p)?;
    }
    Ok(p)
}
