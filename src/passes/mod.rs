//! The lowering, in order: [`LOWERING`] is every step from the parsed
//! syntax tree to the core program the encoder takes. Each step removes one
//! family of constructs by rewriting it into simpler code:
//!
//! * the tree steps ([`TreePass`]) rewrite the syntax tree of the whole
//!   program before checking: Java's constructs that are encodings (class
//!   ghost parameters, `new Thread(r)`, `extends`, kernels, ch. 7 atomics:
//!   [`java`]), the marking of JML's ghost code, PVL's generics. They make
//!   classes the checker must resolve like written ones;
//! * `check` resolves names and types: the syntax tree becomes the core
//!   program ([`crate::check`]);
//! * `lift`, the first core pass, runs the effects inside expressions
//!   (calls, `new`, increments, `then`) as statements before theirs, in
//!   Java's order;
//! * `loops` lowers the source loops and their jumps (the checker resolved
//!   which loop each `break` and `continue` leaves) into `While`, labels
//!   and gotos, which is all the later steps meet;
//! * `explore` is where a program with atomicity specifications leaves the
//!   list for the explorer ([`crate::atomicity`]), which checks it by
//!   exploring its states, not by encoding it; it reads the program as the
//!   core passes before it leave it ([`run_before_explore`]);
//! * the core passes ([`Pass`]) rewrite the core program: first Calvin's
//!   encodings, then the sugar the checker resolved and typed into nodes of
//!   their own (the collections' members and operators, group predicates'
//!   instances), then the
//!   specification constructs and the concurrency layers. A layer's
//!   constructs reach its pass as typed core nodes (statement kinds,
//!   `core::Token`) and the classes it acts on as `Program::features`, by
//!   id; the pass declares the members that encode them.
//!
//! A core pass has two parts, so that a method body can go through every pass,
//! and on to the encoder, as soon as it is checked: `declare` rewrites the
//! declarations (contracts, new members) and gives the pass's [`Lower`],
//! which rewrites one body at a time reading only declarations. Every
//! pass's declarations are rewritten before any body; a pass whose
//! declarations read the bodies (`Needs::CheckedBodies`) reads them as the
//! passes before it left them. A body's pass may make
//! methods from it ([`Out::made`]), which then go through the later passes.
//! `weft emit --list-passes` prints the list; `weft emit --dump-after STEP`
//! the program after any step of it.

mod atomics;
pub mod calvin;
pub mod calvin_r;
mod collections;
mod context_everywhere;
mod current_thread;
mod desugar;
mod dyntype;
mod exceptions;
mod group;
mod histories;
pub mod java;
mod lift;
pub mod locks;
mod loops;
mod par;
mod refine;
mod rely_guarantee;
#[cfg(test)]
pub(crate) mod testing;
pub mod threads;

use crate::core::visit::{map_body_exprs, map_decl_exprs};
use crate::core::{Block, Expr, ExprKind, Method, MethodId, Program, StmtKind};
use crate::diag::{self, Diagnostic};
use crate::span::Span;
use crate::syntax::ast::{self, Member, Unit};

/// A rewriting of the core program.
pub struct Pass {
    pub name: &'static str,
    pub description: &'static str,
    /// Errors (of the user's program) go to the vector.
    pub declare: fn(&mut Program, &mut Vec<Diagnostic>) -> Box<dyn Lower>,
    /// The statements the pass removes: none is left in a body it lowered,
    /// nor after any later pass (checked after each pass in debug builds and
    /// tests: [`leftover`]).
    pub removes: fn(&StmtKind) -> bool,
    /// The expressions the pass removes: none is left in a body it lowered,
    /// nor in a declaration once it declared.
    pub removes_expr: fn(&ExprKind) -> bool,
    /// What the pass removes from the declarations that is no expression (a
    /// kind of contract clause, a relation of `Program::features`): where
    /// one is still found once it declared, if anywhere.
    pub removes_decl: fn(&Program) -> Option<Span>,
}

/// No declaration: for a pass whose contract is its statements and
/// expressions.
pub fn no_decl(_: &Program) -> Option<Span> {
    None
}

/// The body part of a pass.
pub trait Lower: Send + Sync {
    /// Rewrites the body of method `m`; errors and the methods it makes go to `out`.
    fn body(&self, p: &Program, m: MethodId, b: &mut Block, out: &mut Out);
}

/// What lowering a body gives besides the body.
#[derive(Default)]
pub struct Out {
    /// Errors of the user's program.
    pub errs: Vec<Diagnostic>,
    /// Methods made from the body: proof obligations verified on their own,
    /// which nothing calls (a par block's thread, a barrier's consistency, a
    /// process). Each is named within its maker (`name`), holds nothing its
    /// pass or an earlier one removes, and goes through the later passes
    /// as a body of the method it was made from.
    pub made: Vec<Method>,
}

/// Which backends give a step's constructs a meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backends {
    pub silicon: bool,
    pub boogie: bool,
}

impl Backends {
    pub const BOTH: Backends = Backends {
        silicon: true,
        boogie: true,
    };
    /// Rely/guarantee and atomicity: no permission-based meaning, so no Silver.
    pub const BOOGIE: Backends = Backends {
        silicon: false,
        boogie: true,
    };
}

/// A rewriting of the syntax tree of the whole program, before checking.
pub struct TreePass {
    pub name: &'static str,
    pub description: &'static str,
    /// Whether only Java has its constructs (PVL's trees skip it).
    pub java_only: bool,
    pub run: fn(&mut [Unit]) -> Result<(), Vec<Diagnostic>>,
    /// What the step removes, as the core passes' contracts say it: none is
    /// left after it, nor after a later step ([`tree_leftover`], debug
    /// builds and tests). Members (a template, a kernel method) …
    pub removes_member: fn(&Member) -> bool,
    /// … statements …
    pub removes: fn(&ast::StmtKind) -> bool,
    /// … and expressions.
    pub removes_expr: fn(&ast::ExprKind) -> bool,
}

/// No node of a kind: a tree step whose work is not a node kind (`ghost`
/// marks, `inherit` copies, `runnable` and `csl` rewrite uses of library
/// classes) has only this for a part of its contract.
pub fn none<T>(_: &T) -> bool {
    false
}

/// What one entry of [`LOWERING`] does.
pub enum Step {
    /// A rewriting of the syntax tree.
    Tree(TreePass),
    /// Resolution and typing: the syntax tree becomes the core program. It
    /// lowers nothing.
    Check,
    /// A program with atomicity specifications leaves the list here, for
    /// the explorer.
    Explore,
    /// A rewriting of the core program.
    Core(Pass),
}

/// What a step reads of the program besides what it rewrites.
#[derive(Clone, Copy)]
pub enum Needs {
    /// A tree step: the parsed tree (method bodies may be left unparsed
    /// until checked, `syntax::skim`). A core pass: the declarations, then
    /// one body at a time.
    Declarations,
    /// A tree step that rewrites method bodies too, on a tree it applies
    /// to: every body parsed.
    ParsedBodies(fn(&[Unit]) -> bool),
    /// A core pass whose declarations read method bodies, on a program it
    /// applies to: every body checked before any pass declares, and taken
    /// through the passes before it before it declares (`declare_first`).
    CheckedBodies(fn(&Program) -> bool),
}

/// One entry of the lowering.
pub struct Entry {
    pub step: Step,
    /// The backends that give the constructs the step removes a meaning; a
    /// program that has them is refused on the others.
    pub backends: Backends,
    pub needs: Needs,
}

impl Entry {
    pub fn name(&self) -> &'static str {
        match &self.step {
            Step::Tree(t) => t.name,
            Step::Check => "check",
            Step::Explore => "explore",
            Step::Core(p) => p.name,
        }
    }

    pub fn description(&self) -> &'static str {
        match &self.step {
            Step::Tree(t) => t.description,
            Step::Check => {
                "names resolved and types checked: the syntax tree becomes the core program"
            }
            Step::Explore => {
                "atomicity specifications (Bogor): the program leaves the list for weft's explorer"
            }
            Step::Core(p) => p.description,
        }
    }
}

const fn tree(t: TreePass) -> Entry {
    Entry {
        step: Step::Tree(t),
        backends: Backends::BOTH,
        needs: Needs::Declarations,
    }
}

const fn core(p: Pass, backends: Backends) -> Entry {
    Entry {
        step: Step::Core(p),
        backends,
        needs: Needs::Declarations,
    }
}

/// The whole lowering, in order.
pub const LOWERING: &[Entry] = &[
    // Java's statement that is control flow: no later step meets it.
    tree(java::SWITCH),
    // Java's encodings: an instance's class may be a runnable, and a class
    // made by either may extend another (`java`).
    tree(java::KERNEL),
    tree(java::BINDERS),
    tree(java::INSTANTIATE),
    tree(java::RUNNABLE),
    tree(java::INHERIT),
    tree(java::CSL),
    // After the Java passes, which read the tree as written.
    tree(GHOST),
    // PVL's templates, instantiated in bodies too.
    Entry {
        needs: Needs::ParsedBodies(crate::syntax::generics::has_templates),
        ..tree(GENERICS)
    },
    Entry {
        step: Step::Check,
        backends: Backends::BOTH,
        needs: Needs::Declarations,
    },
    // First of the core passes: every later step sees calls only as
    // statements (a loop condition's in the loop's head).
    core(lift::PASS, Backends::BOTH),
    // Next: the explorer and every later pass see only while loops, labels
    // and gotos.
    core(loops::PASS, Backends::BOTH),
    Entry {
        step: Step::Explore,
        backends: Backends::BOOGIE,
        needs: Needs::Declarations,
    },
    // First: a Calvin-R program's methods are sequential code once it is
    // done (acquire and release are its atomic steps).
    Entry {
        needs: Needs::CheckedBodies(calvin_r::inlines_bodies),
        ..core(calvin_r::PASS, Backends::BOOGIE)
    },
    // Beside calvin_r, after it: a Calvin program's threads are sequential
    // code once it is done (its `synchronized` is the monitor owner's, not
    // the locks layer's). It inlines the bodies of the methods a thread
    // calls. It removes every atomic step, Calvin-R's that calvin_r left
    // (outside the methods it lowers) as the sequential code they are.
    Entry {
        needs: Needs::CheckedBodies(calvin::inlines_bodies),
        ..core(calvin::PASS, Backends::BOOGIE)
    },
    // The first after Calvin's, whose declarations inline bodies as checked:
    // the collections' members and operators, which every later pass reads
    // as the built-ins and operators they are.
    core(collections::PASS, Backends::BOTH),
    // Group predicates: every later pass sees plain predicates, scaled.
    core(group::PASS, Backends::BOTH),
    // Before context_everywhere: an inherited contract's clauses reach loops.
    core(refine::PASS, Backends::BOTH),
    core(context_everywhere::PASS, Backends::BOTH),
    // After context_everywhere, whose postconditions are the normal exit's;
    // before desugar, so that an exception leaving a synchronized block is
    // one more jump out of it, which unlocks.
    core(exceptions::PASS, Backends::BOTH),
    // What exceptions makes (instanceof) is its.
    core(dyntype::PASS, Backends::BOTH),
    // Sugar: what it makes is the locks layer's.
    core(desugar::PASS, Backends::BOTH),
    // Layer 3 of the thesis (ch. 7), on top of the others: its action
    // blocks stand inside atomic blocks and locked regions, and what it
    // makes (checks, inhales, exhales, calls) is plain core to them.
    core(histories::PASS, Backends::BOTH),
    // First of the layers: its blocks hold forks, joins and locks that the later
    // passes lower, and its inhales and exhales are plain core to them.
    core(atomics::PASS, Backends::BOTH),
    // After atomics: a thread's atomic blocks are lowered where the invariant
    // block around them is; before threads and locks, which then lower what
    // the threads' bodies fork and lock.
    core(par::PASS, Backends::BOTH),
    // Before threads: a fork inlines run's contract, in which the current
    // thread is then the forked thread's id.
    core(current_thread::PASS, Backends::BOTH),
    // After context_everywhere: a fork needs run's whole contract.
    core(threads::PASS, Backends::BOTH),
    core(locks::PASS, Backends::BOTH),
];

/// JML's ghost code marked as PVL's (`syntax::java::ghost`).
const GHOST: TreePass = TreePass {
    name: "ghost",
    description: "what a JML region holds becomes ghost: statements, fields, methods",
    java_only: true,
    run: |units| {
        crate::syntax::java::ghost::mark(units);
        Ok(())
    },
    removes_member: none,
    removes: none,
    removes_expr: none,
};

/// PVL's generics (`syntax::generics`).
pub const GENERICS: TreePass = TreePass {
    name: "generics",
    description: "generic classes and members: a copy per type-argument list used",
    java_only: false,
    run: crate::syntax::generics::expand,
    removes_member: none,
    removes: none,
    removes_expr: |e| matches!(e, ast::ExprKind::TypeApplied(..)),
};

/// The core passes of [`LOWERING`], in order.
pub static PASSES: std::sync::LazyLock<Vec<&'static Pass>> = std::sync::LazyLock::new(|| {
    LOWERING
        .iter()
        .filter_map(|e| match &e.step {
            Step::Core(p) => Some(p),
            _ => None,
        })
        .collect()
});

/// The entry named `name`.
pub fn entry(name: &str) -> Option<&'static Entry> {
    LOWERING.iter().find(|e| e.name() == name)
}

/// The backends of the core pass `pass` (one of [`LOWERING`]'s).
pub fn backends_of(pass: &Pass) -> Backends {
    backends_where(|s| matches!(s, Step::Core(p) if p.name == pass.name))
}

/// The backends of the explorer's exit.
pub fn explore_backends() -> Backends {
    backends_where(|s| matches!(s, Step::Explore))
}

fn backends_where(is: impl Fn(&Step) -> bool) -> Backends {
    LOWERING
        .iter()
        .find(|e| is(&e.step))
        .map_or(Backends::BOTH, |e| e.backends)
}

/// Whether a tree step needs the bodies of `units` parsed.
pub fn needs_parsed_bodies(units: &[Unit]) -> bool {
    LOWERING
        .iter()
        .any(|e| matches!(e.needs, Needs::ParsedBodies(f) if f(units)))
}

/// Whether a core pass needs the bodies of `p` checked before it declares.
pub fn needs_checked_bodies(p: &Program) -> bool {
    LOWERING
        .iter()
        .any(|e| matches!(e.needs, Needs::CheckedBodies(f) if f(p)))
}

/// The names of the steps, in order.
pub fn names() -> Vec<&'static str> {
    LOWERING.iter().map(Entry::name).collect()
}

/// Runs the tree steps in order, each as a stage of its own (`WEFT_STAGES`),
/// up to and including `last` (every one without); the Java-only ones on
/// Java trees only.
pub fn lower_tree(
    units: &mut [Unit],
    java: bool,
    last: Option<&str>,
) -> Result<(), Vec<Diagnostic>> {
    let mut done: Vec<&TreePass> = Vec::new();
    for e in LOWERING {
        if let Step::Tree(t) = &e.step {
            if java || !t.java_only {
                crate::stages::stage(t.name, || (t.run)(units))?;
                done.push(t);
                if cfg!(debug_assertions) {
                    tree_leftover(&done, units)?;
                }
            }
        }
        if Some(e.name()) == last {
            break;
        }
    }
    Ok(())
}

/// An internal error if a member, a statement or an expression that one of
/// the tree steps `done` removes is in `units`.
pub fn tree_leftover(done: &[&TreePass], units: &mut [Unit]) -> diag::Result<()> {
    use crate::syntax::span::Span;
    use crate::syntax::walk::{self, Rewrite};
    struct Find<'a> {
        done: &'a [&'a TreePass],
        found: Option<(Span, &'static str)>,
    }
    impl Find<'_> {
        fn note(&mut self, span: Span, removed: impl Fn(&TreePass) -> bool) {
            if self.found.is_none() {
                self.found = self
                    .done
                    .iter()
                    .find(|t| removed(t))
                    .map(|t| (span, t.name));
            }
        }
        fn stmt(&mut self, s: &ast::Stmt) {
            self.note(s.span, |t| (t.removes)(&s.kind));
            // The statements no block holds directly.
            if let ast::StmtKind::Ghost(inner) | ast::StmtKind::Labelled(_, inner) = &s.kind {
                self.stmt(inner);
            }
        }
    }
    impl Rewrite for Find<'_> {
        fn expr(&mut self, e: &mut ast::Expr) {
            self.note(e.span, |t| (t.removes_expr)(&e.kind));
        }
        fn block(&mut self, b: &mut ast::Block) {
            b.stmts.iter().for_each(|s| self.stmt(s));
        }
    }
    let mut find = Find { done, found: None };
    walk::each_member_mut(units, &mut |m| {
        find.note(m.span(), |t| (t.removes_member)(m));
        walk::member(&mut find, m);
    });
    match find.found {
        None => Ok(()),
        Some((span, step)) => Err(vec![Diagnostic::error(
            diag::ErrorCode::Internal,
            span,
            format!(
                "the {step} step left this, which it removes, or a later step brought it back (a bug in weft)"
            ),
        )]),
    }
}

/// The body parts of every pass, in order.
pub struct Lowerings {
    passes: Vec<Box<dyn Lower>>,
    /// Where a body's lowering starts: the bodies went through the passes
    /// before it when a pass's declarations read them ([`declare_first`]).
    first: usize,
}

/// Rewrites the declarations of every pass, in order.
pub fn declare(p: &mut Program) -> diag::Result<Lowerings> {
    declare_first(p, PASSES.len())
}

/// Rewrites the declarations of the first `n` passes, in order.
///
/// A pass whose declarations read the bodies (`Needs::CheckedBodies`)
/// reads them as the passes before it left them: before the first such
/// pass declares, every body of `p` (all checked) goes through the passes
/// before it, and the bodies' lowering then starts at that pass.
fn declare_first(p: &mut Program, n: usize) -> diag::Result<Lowerings> {
    let mut out = Lowerings {
        passes: Vec::new(),
        first: 0,
    };
    let reads_bodies = PASSES[..n].iter().position(|pass| {
        LOWERING.iter().any(|e| {
            matches!((&e.step, e.needs), (Step::Core(q), Needs::CheckedBodies(f)) if q.name == pass.name && f(p))
        })
    });
    for (k, pass) in PASSES[..n].iter().enumerate() {
        if Some(k) == reads_bodies && k > 0 {
            lower_bodies(&out, p)?;
            out.first = k;
        }
        let mut errs = Vec::new();
        out.passes.push((pass.declare)(p, &mut errs));
        sorted(errs)?;
        if cfg!(debug_assertions) {
            left_in_declarations(&PASSES[..out.passes.len()], p)?;
        }
    }
    Ok(out)
}

/// Takes every body of `p` through the passes of `lowerings`; the methods
/// they make are the program's.
fn lower_bodies(lowerings: &Lowerings, p: &mut Program) -> diag::Result<()> {
    let mut errs = Vec::new();
    let mut made = Vec::new();
    for i in 0..p.methods.len() {
        let Some(mut b) = p.methods[i].body.take() else {
            continue;
        };
        match lowerings.body(p, MethodId(i as u32), &mut b) {
            Ok(m) => made.extend(m),
            Err(e) => errs.extend(e),
        }
        p.methods[i].body = Some(b);
    }
    sorted(errs)?;
    p.methods.extend(made);
    Ok(())
}

impl Lowerings {
    /// Takes the body of method `m` through every pass, in order (the first
    /// so many, where fewer were declared); gives the methods the passes
    /// made from it, each through the passes after its maker.
    pub fn body(&self, p: &Program, m: MethodId, b: &mut Block) -> diag::Result<Vec<Method>> {
        let mut made = Vec::new();
        self.body_from(self.first, p, m, b, &mut made)?;
        Ok(made)
    }

    /// [`Lowerings::body`] from the pass at `first` on.
    fn body_from(
        &self,
        first: usize,
        p: &Program,
        m: MethodId,
        b: &mut Block,
        done: &mut Vec<Method>,
    ) -> diag::Result<()> {
        for (k, l) in self.passes.iter().enumerate().skip(first) {
            let mut out = Out::default();
            l.body(p, m, b, &mut out);
            if !out.errs.is_empty() {
                return Err(out.errs);
            }
            // What this pass or an earlier one removed stays removed: a later
            // pass may add only what the passes after it lower.
            if cfg!(debug_assertions) {
                leftover(&PASSES[..=k], b)?;
            }
            for mut x in out.made {
                if let Some(mut xb) = x.body.take() {
                    if cfg!(debug_assertions) {
                        leftover(&PASSES[..=k], &mut xb)?;
                    }
                    self.body_from(k + 1, p, m, &mut xb, done)?;
                    x.body = Some(xb);
                }
                done.push(x);
            }
        }
        Ok(())
    }
}

/// An internal error if a statement or an expression that one of `passes`
/// removes is in `b` (a bug in weft: the node would reach the encoder, which
/// reports it as not supported, as if it were the user's). One walk for all
/// of them.
pub fn leftover(passes: &[&Pass], b: &mut Block) -> diag::Result<()> {
    let mut found = None;
    crate::core::visit::each_stmt(b, &mut |s| {
        if found.is_none() {
            found = passes
                .iter()
                .find(|q| (q.removes)(&s.kind))
                .map(|q| (s.span, *q));
        }
    });
    map_body_exprs(b, &mut |e| note_removed(passes, e, &mut found));
    left(found, "statement or expression")
}

/// An internal error if an expression or a declaration that one of
/// `passes` removes is in the declarations.
fn left_in_declarations(passes: &[&Pass], p: &mut Program) -> diag::Result<()> {
    let mut found = None;
    map_decl_exprs(p, &mut |e| note_removed(passes, e, &mut found));
    left(found, "expression")?;
    let found = passes
        .iter()
        .find_map(|q| (q.removes_decl)(p).map(|span| (span, *q)));
    left(found, "declaration")
}

/// The first node found, and the pass that removes it.
type Found<'p> = Option<(crate::syntax::span::Span, &'p Pass)>;

fn note_removed<'p>(passes: &'p [&'p Pass], e: Expr, found: &mut Found<'p>) -> Expr {
    if found.is_none() {
        *found = passes
            .iter()
            .find(|q| (q.removes_expr)(&e.kind))
            .map(|q| (e.span, *q));
    }
    e
}

fn left(found: Found<'_>, what: &str) -> diag::Result<()> {
    match found {
        None => Ok(()),
        Some((span, pass)) => Err(vec![Diagnostic::error(
            diag::ErrorCode::Internal,
            span,
            format!(
                "the {} pass left this {what}, which it removes, or a later pass brought it back (a bug in weft)",
                pass.name
            ),
        )]),
    }
}

/// Runs every pass over the whole program.
pub fn run(p: Program) -> diag::Result<Program> {
    run_through(p, PASSES.len())
}

/// Runs the core passes before the explorer's exit ([`Step::Explore`]):
/// the program the explorer reads.
pub fn run_before_explore(p: Program) -> diag::Result<Program> {
    let n = LOWERING
        .iter()
        .take_while(|e| !matches!(e.step, Step::Explore))
        .filter(|e| matches!(e.step, Step::Core(_)))
        .count();
    run_through(p, n)
}

/// Runs the passes up to and including the one named `last` (the core
/// program `weft emit --dump-after` prints); None if no pass has that name.
pub fn run_until(p: Program, last: &str) -> Option<diag::Result<Program>> {
    let n = PASSES.iter().position(|pass| pass.name == last)? + 1;
    Some(run_through(p, n))
}

/// The first `n` passes over the whole program.
fn run_through(mut p: Program, n: usize) -> diag::Result<Program> {
    let lowerings = declare_first(&mut p, n)?;
    let mut errs = Vec::new();
    let mut made = Vec::new();
    for i in 0..p.methods.len() {
        let Some(mut b) = p.methods[i].body.take() else {
            continue;
        };
        match lowerings.body(&p, MethodId(i as u32), &mut b) {
            Ok(m) => made.extend(m),
            Err(e) => errs.extend(e),
        }
        p.methods[i].body = Some(b);
    }
    sorted(errs)?;
    // Printed after the program's own methods.
    p.methods.extend(made);
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

#[cfg(test)]
mod validator_tests {
    use super::*;
    use crate::core::{Expr, Stmt};
    use crate::syntax::span::Span;

    #[test]
    fn a_pass_that_leaves_what_it_removes_is_an_internal_error() {
        let span = Span::default();
        let fork = Stmt {
            kind: StmtKind::Fork(Expr::bool(true, span)),
            span,
        };
        // A fork nested in a loop, as a pass that does not descend into loops would leave it.
        let mut body = Block {
            stmts: vec![Stmt {
                kind: StmtKind::While {
                    invariants: Vec::new(),
                    cond: Expr::bool(true, span),
                    body: Block {
                        stmts: vec![fork],
                        span,
                    },
                },
                span,
            }],
            span,
        };
        let threads = PASSES.iter().find(|p| p.name == "threads").expect("listed");
        let errs =
            leftover(std::slice::from_ref(threads), &mut body).expect_err("the fork is left");
        assert_eq!(errs[0].code, diag::Code::Error(diag::ErrorCode::Internal));
        assert!(
            errs[0].message.contains("threads pass"),
            "{}",
            errs[0].message
        );
        // The pass that does not remove forks is content with it.
        let locks = PASSES.iter().find(|p| p.name == "locks").expect("listed");
        assert!(leftover(std::slice::from_ref(locks), &mut body).is_ok());
    }

    #[test]
    fn a_pass_that_leaves_a_declaration_it_removes_is_an_internal_error() {
        use crate::passes::testing::{checked, Pvl};
        let text = "class E { int x;
          context_everywhere Perm(x, 1\\2);
          void m() { } }";
        let mut p = checked(Pvl, text).expect("checks");
        let everywhere = PASSES.iter().find(|q| q.name == "context_everywhere");
        let everywhere = everywhere.expect("listed");
        // Before the pass declares, its clause is there: were the pass to
        // leave it, the validator would say so.
        let errs = left_in_declarations(&[everywhere], &mut p).expect_err("the clause is left");
        assert!(
            errs[0].message.contains("context_everywhere pass"),
            "{}",
            errs[0].message
        );
        (everywhere.declare)(&mut p, &mut Vec::new());
        assert!(left_in_declarations(&[everywhere], &mut p).is_ok());
    }

    #[test]
    fn a_pass_that_leaves_an_expression_it_removes_is_an_internal_error() {
        use crate::core::{ClassId, Token, Type};
        let span = Span::default();
        let this = Expr::new(ExprKind::This, Type::Class(ClassId(0)), span);
        let held = Expr::token(Token::Held, this, span);
        let mut body = Block {
            stmts: vec![Stmt {
                kind: StmtKind::Assert(held),
                span,
            }],
            span,
        };
        let locks = PASSES.iter().find(|p| p.name == "locks").expect("listed");
        let errs =
            leftover(std::slice::from_ref(locks), &mut body).expect_err("held(this) is left");
        assert!(
            errs[0].message.contains("locks pass"),
            "{}",
            errs[0].message
        );
        let threads = PASSES.iter().find(|p| p.name == "threads").expect("listed");
        assert!(leftover(std::slice::from_ref(threads), &mut body).is_ok());
    }

    #[test]
    fn a_tree_step_that_leaves_what_it_removes_is_an_internal_error() {
        let text = "class C { void m() { } /*@ ensures \\result == 1; @*/ int k() { return 1; } }";
        let unit =
            crate::syntax::java::parse_java(crate::syntax::span::FileId(0), text).expect("parses");
        let mut units = vec![unit];
        // A kernel method, as a kernel step that kept it would leave it.
        if let ast::Decl::Class(c) = &mut units[0].decls[0] {
            if let Member::Method(m) = &mut c.members[0] {
                m.mods.is_kernel = true;
            }
        }
        let errs = tree_leftover(&[&java::KERNEL], &mut units).expect_err("the kernel is left");
        assert_eq!(errs[0].code, diag::Code::Error(diag::ErrorCode::Internal));
        assert!(
            errs[0].message.contains("kernel step"),
            "{}",
            errs[0].message
        );
        // The steps that do not remove kernels are content with it.
        assert!(tree_leftover(&[&java::BINDERS, &GENERICS], &mut units).is_ok());
    }

    /// A pass at the first position that makes, from each body, a method
    /// with a copy of it.
    struct Copier;

    impl Lower for Copier {
        fn body(&self, p: &Program, m: MethodId, b: &mut Block, out: &mut Out) {
            out.made.push(Method {
                name: crate::name::Name::from("copy"),
                contract: Default::default(),
                body: Some(b.clone()),
                ..p.method(m).clone()
            });
        }
    }

    #[test]
    fn a_method_made_from_a_body_goes_through_the_later_passes_and_the_encoder() {
        let text = "class C { int x; lock_invariant Perm(x, write);
                    void m() { lock this; x = 1; unlock this; } }";
        let unit =
            crate::syntax::parser::parse_pvl(crate::syntax::span::FileId(0), text).expect("parses");
        let mut p = crate::check::check(&[unit]).expect("checks");
        let mut lowerings = declare(&mut p).expect("declares");
        lowerings.passes[0] = Box::new(Copier);
        let m = MethodId(p.methods.iter().position(|m| m.name == "m").unwrap() as u32);
        let mut b = p.methods[m.0 as usize].body.take().unwrap();
        let made = lowerings.body(&p, m, &mut b).expect("lowers");
        assert_eq!(made.len(), 1);
        // The locks pass lowered the copy too.
        let mut copy = made[0].body.clone().unwrap();
        let locks = PASSES.iter().find(|q| q.name == "locks").unwrap();
        assert!(leftover(std::slice::from_ref(locks), &mut copy).is_ok());
        let mut locked = false;
        crate::core::visit::each_stmt(&copy, &mut |s| {
            locked |= matches!(s.kind, StmtKind::Lock(..))
        });
        assert!(!locked);
        // It is encoded and printed after its maker, named within it.
        let names = crate::encode::names::Names::new(&p);
        let mut enc = crate::encode::RunEncoder::new(&p, &names);
        let mut made = made.into_iter();
        let x = enc
            .made_method(m, 1, made.next().unwrap())
            .expect("encodes");
        assert_eq!(x.name.as_str(), "C__m__1copy");
        let mut printer = crate::emit::silver::RunPrinter::default();
        crate::vir::Sink::method(&mut printer, x);
    }

    /// A pass after desugar that makes a `synchronized` block again.
    struct Resugar;

    impl Lower for Resugar {
        fn body(&self, _: &Program, _: MethodId, b: &mut Block, _: &mut Out) {
            let span = b.span;
            b.stmts.push(Stmt {
                kind: StmtKind::Synchronized {
                    lock: Expr::bool(true, span),
                    body: Block {
                        stmts: Vec::new(),
                        span,
                    },
                },
                span,
            });
        }
    }

    #[test]
    // The validator runs only with debug assertions (as in `cargo test`).
    #[cfg_attr(not(debug_assertions), ignore)]
    fn a_later_pass_that_brings_back_what_an_earlier_one_removed_is_an_internal_error() {
        let unit = crate::syntax::parser::parse_pvl(
            crate::syntax::span::FileId(0),
            "class C { void m() { } }",
        )
        .expect("parses");
        let mut p = crate::check::check(&[unit]).expect("checks");
        // Through desugar (after calvin, which is first).
        let desugar = PASSES.iter().position(|q| q.name == "desugar").unwrap();
        let mut lowerings = declare_first(&mut p, desugar + 2).expect("declares");
        lowerings.passes[desugar + 1] = Box::new(Resugar);
        let m = MethodId(p.methods.iter().position(|m| m.name == "m").unwrap() as u32);
        let mut b = p.methods[m.0 as usize].body.take().unwrap();
        let errs = lowerings.body(&p, m, &mut b).expect_err("brought back");
        assert!(
            errs[0].message.contains("desugar pass"),
            "{}",
            errs[0].message
        );
    }
}
