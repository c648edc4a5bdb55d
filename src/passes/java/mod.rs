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
//! In order (the first entries of [`super::LOWERING`]):
//! 0. `switch` removes `switch`: labels, jumps and a labelled block.
//! 1. [`kernel`] removes GPU kernels (ch. 8): a kernel becomes par blocks of work
//!    groups and threads inside invariant blocks, its atomic operations atomic
//!    blocks, its barriers the par layer's.
//! 2. `binders` removes `?w` from postconditions: a ghost result the body
//!    sets where it folds the predicate `w` is passed to.
//! 3. [`instantiate`] removes ghost parameters: a class per distinct argument list; a
//!    lemma of the specification library gets its proof per instance (`lemma`); an
//!    AtomicInteger protocol is checked at each `new` (`protocol`, `shareSanity`), and
//!    whether its resource can be held twice is written into its `exceeds` (`bounded`).
//! 4. [`runnable`] removes `new Thread(r)`: a thread class per runnable class, whose
//!    `run` has the runnable's contract.
//! 5. [`inherit`] removes `extends`: the superclass's members copied into the subclass.
//! 6. [`csl`] removes the atomic operations of the ch. 7 model (`get`, `set`,
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
mod switch;

use super::{none, TreePass};
use crate::syntax::ast::{ExprKind, Member, StmtKind};

/// The tree pass `switch` of [`super::LOWERING`].
pub const SWITCH: TreePass = TreePass {
    name: "switch",
    description: "switch: the subject once, a test per group in order, jumps into the groups (falling through), break leaving it",
    java_only: true,
    run: switch::lower,
    removes_member: none,
    removes: |s| matches!(s, StmtKind::Switch(_)),
    removes_expr: none,
};

/// The tree pass `kernel` of [`super::LOWERING`].
pub const KERNEL: TreePass = TreePass {
    name: "kernel",
    description: "GPU kernels: work groups and their threads as par blocks in invariant blocks",
    java_only: true,
    run: kernel::lower,
    removes_member: |m| matches!(m, Member::Method(x) if x.mods.is_kernel),
    removes: |s| {
        matches!(
            s,
            StmtKind::KernelBarrier { .. } | StmtKind::KernelAtomic { .. }
        )
    },
    removes_expr: none,
};

/// The tree pass `binders` of [`super::LOWERING`].
pub const BINDERS: TreePass = TreePass {
    name: "binders",
    description: "?w in a postcondition: a ghost result set where the body folds its predicate",
    java_only: true,
    run: binders::lower,
    removes_member: none,
    removes: none,
    removes_expr: |e| matches!(e, ExprKind::Bind(_)),
};

/// The tree pass `instantiate` of [`super::LOWERING`].
pub const INSTANTIATE: TreePass = TreePass {
    name: "instantiate",
    description: "class ghost parameters: a class per argument list",
    java_only: true,
    run: instantiate::expand,
    removes_member: none,
    removes: none,
    removes_expr: |e| matches!(e, ExprKind::NewGeneric(_)),
};

/// The tree pass `runnable` of [`super::LOWERING`].
pub const RUNNABLE: TreePass = TreePass {
    name: "runnable",
    description: "new Thread(r): a thread class per runnable class",
    java_only: true,
    run: runnable::synthesize,
    removes_member: none,
    removes: none,
    removes_expr: none,
};

/// The tree pass `inherit` of [`super::LOWERING`].
pub const INHERIT: TreePass = TreePass {
    name: "inherit",
    description: "extends: the superclass's members copied into the subclass",
    java_only: true,
    run: inherit::flatten,
    removes_member: none,
    removes: none,
    removes_expr: none,
};

/// The tree pass `csl` of [`super::LOWERING`].
pub const CSL: TreePass = TreePass {
    name: "csl",
    description:
        "ch. 7 atomics: csl_invariant established by the constructors, held by each atomic step",
    java_only: true,
    run: csl::lower,
    removes_member: none,
    removes: none,
    removes_expr: none,
};
