//! The passes over the core program, in order. Each removes one family of
//! constructs by rewriting it into simpler core; the list below is the whole
//! layering (later issues add thread, lock, synchroniser, atomic, GPU and
//! history layers in front of the last pass).
//!
//! A pass has two parts, so that a method body can go through every pass,
//! and on to the encoder, as soon as it is checked: `declare` rewrites the
//! declarations (contracts, new members) and gives the pass's [`Lower`],
//! which rewrites one body at a time reading only declarations. Every
//! pass's declarations are rewritten before any body.

mod context_everywhere;
pub mod locks;
pub mod rewrite;
pub mod threads;

use crate::core::{Block, MethodId, Program};
use crate::diag::{self, Diagnostic};

/// A rewriting of the core program.
pub struct Pass {
    pub name: &'static str,
    pub description: &'static str,
    pub declare: fn(&mut Program) -> Box<dyn Lower>,
}

/// The body part of a pass.
pub trait Lower: Send + Sync {
    /// Rewrites the body of method `m`; errors go to `errs`.
    fn body(&self, p: &Program, m: MethodId, b: &mut Block, errs: &mut Vec<Diagnostic>);
}

/// The pipeline, in order.
pub const PASSES: &[Pass] = &[
    context_everywhere::PASS,
    // After context_everywhere: a fork needs run's whole contract.
    threads::PASS,
    locks::PASS,
];

/// The body parts of every pass, in order.
pub struct Lowerings(Vec<Box<dyn Lower>>);

/// Rewrites the declarations of every pass, in order.
pub fn declare(p: &mut Program) -> Lowerings {
    Lowerings(PASSES.iter().map(|pass| (pass.declare)(p)).collect())
}

impl Lowerings {
    /// Takes the body of method `m` through every pass, in order.
    pub fn body(&self, p: &Program, m: MethodId, b: &mut Block) -> diag::Result<()> {
        let mut errs = Vec::new();
        for l in &self.0 {
            l.body(p, m, b, &mut errs);
            if !errs.is_empty() {
                return Err(errs);
            }
        }
        Ok(())
    }
}

/// Runs every pass over the whole program.
pub fn run(mut p: Program) -> diag::Result<Program> {
    let lowerings = declare(&mut p);
    let mut errs = Vec::new();
    for i in 0..p.methods.len() {
        let Some(mut b) = p.methods[i].body.take() else {
            continue;
        };
        if let Err(e) = lowerings.body(&p, MethodId(i as u32), &mut b) {
            errs.extend(e);
        }
        p.methods[i].body = Some(b);
    }
    sorted(errs)?;
    Ok(p)
}

/// The errors of the passes over several bodies, in source order, each once.
pub fn sorted(mut errs: Vec<Diagnostic>) -> diag::Result<()> {
    if errs.is_empty() {
        return Ok(());
    }
    diag::in_source_order(&mut errs);
    Err(errs)
}
