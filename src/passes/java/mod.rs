//! Java constructs that are encodings, lowered on the syntax tree before checking.
//!
//! The thesis's Java programs use three constructs that are not core: class ghost
//! parameters (ch. 4: a class `given` a predicate or a value), `new Thread(r)` for a
//! `Runnable r`, and `extends`. Each is rewritten into plain classes here, so the
//! checker, the core passes and the encoders never meet them. They run on the tree,
//! not on the core program, because each one makes classes (an instance per ghost
//! argument, a thread class per runnable, a subclass with its inherited members) that
//! the checker must then resolve like written ones. PVL has none of them.
//!
//! In order ([`JAVA`]):
//! 0. [`kernel`] removes GPU kernels (ch. 8): a kernel becomes par blocks of work
//!    groups and threads inside invariant blocks, its atomic operations atomic
//!    blocks, its barriers the par layer's.
//! 1. `binders` removes `?w` from postconditions: a ghost result the body
//!    sets where it folds the predicate `w` is passed to.
//! 2. [`instantiate`] removes ghost parameters: a class per distinct argument list; a
//!    lemma of the specification library gets its proof per instance (`lemma`); an
//!    AtomicInteger protocol is checked at each `new` (`protocol`, `shareSanity`), and
//!    whether its resource can be held twice is written into its `exceeds` (`bounded`).
//! 3. [`runnable`] removes `new Thread(r)`: a thread class per runnable class, whose
//!    `run` has the runnable's contract.
//! 4. [`inherit`] removes `extends`: the superclass's members copied into the subclass.
//! 5. [`csl`] removes the atomic operations of the ch. 7 model (`get`, `set`,
//!    `compareAndSet` of an atomic cell class in a class with a `csl_invariant`): atomic
//!    blocks in an invariant block of the method; the constructors establish it.

mod binders;
mod bounded;
pub mod csl;
pub mod inherit;
pub mod instantiate;
pub mod kernel;
mod lemma;
mod protocol;
pub mod runnable;

use crate::diag::Diagnostic;
use crate::syntax::ast::Unit;

/// A rewriting of the syntax tree of a Java program.
pub struct TreePass {
    pub name: &'static str,
    pub description: &'static str,
    pub run: fn(&mut [Unit]) -> Result<(), Vec<Diagnostic>>,
}

/// The Java tree passes, in order: an instance's class may be a runnable, and a class
/// made by either may extend another.
pub const JAVA: &[TreePass] = &[
    TreePass {
        name: "kernel",
        description: "GPU kernels: work groups and their threads as par blocks in invariant blocks",
        run: kernel::lower,
    },
    TreePass {
        name: "binders",
        description: "?w in a postcondition: a ghost result set where the body folds its predicate",
        run: binders::lower,
    },
    TreePass {
        name: "instantiate",
        description: "class ghost parameters: a class per argument list",
        run: instantiate::expand,
    },
    TreePass {
        name: "runnable",
        description: "new Thread(r): a thread class per runnable class",
        run: runnable::synthesize,
    },
    TreePass {
        name: "inherit",
        description: "extends: the superclass's members copied into the subclass",
        run: inherit::flatten,
    },
    TreePass {
        name: "csl",
        description:
            "ch. 7 atomics: csl_invariant established by the constructors, held by each atomic step",
        run: csl::lower,
    },
];

/// Runs every Java tree pass in order, each as a stage of its own (`WEFT_STAGES`).
pub fn lower(units: &mut [Unit]) -> Result<(), Vec<Diagnostic>> {
    lower_through(units, JAVA.len())
}

/// The names of the tree passes, in order.
pub fn names() -> Vec<&'static str> {
    JAVA.iter().map(|p| p.name).collect()
}

/// Runs the tree passes up to and including the one named `last` (the tree
/// `weft emit --dump-after` prints); None if no tree pass has that name.
pub fn lower_until(units: &mut [Unit], last: &str) -> Option<Result<(), Vec<Diagnostic>>> {
    let n = JAVA.iter().position(|pass| pass.name == last)? + 1;
    Some(lower_through(units, n))
}

/// The first `n` tree passes, in order.
fn lower_through(units: &mut [Unit], n: usize) -> Result<(), Vec<Diagnostic>> {
    for pass in &JAVA[..n.min(JAVA.len())] {
        crate::stages::stage(pass.name, || (pass.run)(units))?;
    }
    Ok(())
}
