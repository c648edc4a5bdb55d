//! Atomicity specifications checked as Bogor checks them (Hatcliff, Robby
//! and Dwyer, "Verifying atomicity specifications for concurrent
//! object-oriented software using model checking"): Flanagan and Qadeer's
//! `atomic` and `mover` method annotations, over Lipton's reduction.
//!
//! A Java method may be annotated `/*@ atomic */` (its steps reduce to one:
//! right movers, at most one non-mover, left movers, R* N? L*) or
//! `/*@ mover */` (every step both a left and a right mover); a method
//! without one is `compound`, which every method satisfies. The front end
//! reads the annotations (`ast::Modifiers::atomicity`,
//! `core::Features::atomicity`); this module is an analysis of the checked
//! core program, not a lowering: when a program has annotations
//! (`--backend boogie`; `--backend silicon` refuses the program, which has
//! no permission-based meaning) the driver's front end calls [`prepare`]
//! instead of the passes (the harness, the compiled methods, the static
//! check: errors there are the input's), and where a backend would run it
//! calls [`Prepared::run`], the search (so `weft emit` does not explore).
//! Its verdict is reported as a backend's is.
//!
//! # What is checked
//!
//! Lipton's reduction needs two things of a region (an annotated method's
//! run): R2, the steps commute as the pattern says (so any interleaving is
//! equivalent to one where the region runs without interruption), and R1,
//! a region once entered can be left. Flanagan and Qadeer's type system
//! checks R2 statically and not R1; Bogor explores a closed program and
//! checks both on each run of the region. weft does both:
//!
//! * **Static** ([`classify::check_static`]): each step of the method's
//!   body is classified by the table in [`classify`] (acquire right,
//!   release left, an access to a field always accessed under its object's
//!   monitor both while that monitor is held, other shared accesses
//!   non-movers, calls by the callee's annotation or body), and every path
//!   must fit the pattern. Sound for every caller, but conservative, and
//!   blind to R1.
//! * **Exploration** ([`explore`]): every interleaving of the program run
//!   from its static `main` (the harness: it creates the objects and starts
//!   the threads), each state stored once, each step classified from the
//!   state (a monitor actually held, an object no other thread can reach, a
//!   field every shared access of which held its object's monitor over the
//!   whole explored state space) and each thread's regions moved along the
//!   pattern (Bogor's region positions N, R, L), with the paper's
//!   refinement of the end of its §3.1 (below).
//!
//! Per annotated method the report is, first that applies:
//!
//! 1. `notAtomic:definitely`: the exploration found a `wait` inside the
//!    method, a state where its thread can never leave it (a deadlock of
//!    all threads, or a cycle of threads each waiting for another's
//!    monitor or end), or a cycle of states along which its thread runs
//!    inside it; with the interleaving that gets there.
//! 2. `notAtomic:possibly`: on some interleaving (given in the message as
//!    `thread:line` steps) a step breaks the pattern. Movers are a
//!    sufficient condition, so the method may still be atomic.
//! 3. atomic within the bound: the exploration was complete and ran the
//!    method; a note says so, with the bound and the number of states. As
//!    in Bogor, this holds for this harness: a caller the harness does not
//!    exercise may still break the method. A static break does not count
//!    against it (the exploration's classification is the finer one, e.g.
//!    for thread-local objects, Bogor's Fig. 6b).
//! 4. Otherwise (the harness never runs the method, or the bound cut the
//!    exploration): the static check's break as `notAtomic:possibly`, else
//!    `notExplored`.
//!
//! # The refinement: monitors that protect nothing
//!
//! Bogor's "(W)" column: a lock acquire or release on an object that is
//! thread-local, or already protected (dominated) by a lock the thread
//! holds, does not move the thread's region position. weft decides it per
//! step from the explored state ([`classify::Facts`]):
//!
//! * **local**: no other thread reaches the object from its frames' locals
//!   (or the monitor it waits on) through fields, where an edge `P.f` does
//!   not count if the thread holds `P`'s monitor and `f` is *strictly
//!   protected*: over the first run's whole state space, every access to
//!   `f` of an object another thread could reach held that object's
//!   monitor. Thread-local is the case of no path at all; *dominated* the
//!   case where every path goes through such an edge (Fig. 6b's
//!   `theCollection`, Fig. 7's `waitingWriterMonitors_`). A read-only field
//!   read without the monitor is no such edge: another thread could read
//!   it while the thread holds `P`.
//! * **clean**: no other thread touched the object (a field access, a
//!   monitor operation, its creation) since the thread last did; each
//!   object keeps its last toucher in the state.
//!
//! A local monitor's release is then a both mover and so is its acquire
//! when the object is also clean; a local object's field accesses are both
//! movers when clean, else right movers.
//!
//! Why this is sound relative to the harness (the paper's argument, made
//! precise for Lipton's one-sided movers): a right mover must commute with
//! every step of another thread up to the thread's next step. If the
//! object is local at the state, no other thread can touch it in that
//! interval: reaching it means reading `f` of some held `P` (the first run
//! saw no access to `f` without `P`'s monitor in any reachable state, and
//! the thread keeps `P` at least until its next step) or being handed it
//! by a thread that reaches it, and only this thread does. A left mover
//! must commute with every step of another thread since the thread's
//! previous step, and never be disabled by one: a clean object was touched
//! by none of them. Locality alone would not do for the left side, which
//! Bogor's independence (forward-looking, for partial-order reduction)
//! does not need: a thread that releases a monitor and drops its last
//! reference to the object in one transition leaves the object
//! thread-local to the next acquirer, whose acquire cannot move before
//! that release
//! (`tests::a_thread_local_monitor_another_thread_just_released_is_no_left_mover`).
//! A release is a left mover anyway, so a local release is both; a clean,
//! local acquire is both. Each class is thus one Lipton's theorem accepts,
//! on every interleaving of the harness, which the search enumerates
//! (states that differ in a toucher are different states, so the
//! classification is a function of the state).
//!
//! # Why an explicit-state search in weft, not Boogie
//!
//! R1 is a property of the closed program's global state space (a
//! deadlock is a reachable state without successors, a livelock a
//! reachable cycle); a bounded unrolling in Boogie would encode the
//! interleavings as nondeterminism and still need the cycle check outside.
//! A depth-first search over stored states gives deadlocks, cycles (back
//! edges of the search) and the interleaving that breaks a method (the
//! search's stack) directly, for the small harnesses of the paper. It uses
//! no partial-order reduction: only thread-local instructions (locals,
//! branches, calls) are merged into the visible step before them, which is
//! sound since they commute with every step of another thread and never
//! block. States are stored as 128-bit fingerprints (hash compaction: two
//! distinct states taken for one is possible, with negligible odds).
//!
//! # Soundness, and what is not modelled
//!
//! "Atomic within the bound" says: along every interleaving of this
//! harness's threads the method's steps fit the pattern under the
//! classification above, no thread can be stuck or loop inside it, and
//! the exploration was not cut. The classification is Lipton's (each class
//! commutes as the table says, given the discipline the first run
//! observed, and for local and clean objects as argued above), so by his
//! theorem every run of the method is equivalent to
//! one where it runs at once. Not modelled: exceptions (an exception the
//! program would throw is reported as not supported, at its place),
//! spurious wake-ups, static fields, arrays, and Java's memory model (the
//! exploration is sequentially consistent, which is what a program whose
//! shared fields are protected by monitors sees). Specifications in the
//! program (assertions, ghost code) are not executed.

pub mod classify;
pub mod compile;
pub mod explore;
#[cfg(test)]
mod tests;
mod trace;

pub use explore::Bound;

use crate::core::{MethodId, Program, Type};
use crate::diag::{Diagnostic, ErrorCode, FailureCode};
use crate::syntax::ast;
use crate::syntax::span::{Files, Span};

/// The verdict on a program's atomicity specifications.
#[derive(Debug, Default)]
pub struct Report {
    /// The methods that are not shown atomic (exit 1 when there is one).
    pub failures: Vec<Diagnostic>,
    /// One line per annotated method: its verdict, the bound and the states.
    pub notes: Vec<String>,
    pub time: std::time::Duration,
}

/// The first atomicity specification in the units (a program with one is
/// explored for atomicity).
pub fn annotation(units: &[ast::Unit]) -> Option<Span> {
    units
        .iter()
        .filter(|u| !u.library)
        .flat_map(|u| &u.decls)
        .find_map(|d| match d {
            ast::Decl::Class(c) => c.members.iter().find_map(|m| match m {
                ast::Member::Method(x) => x.mods.atomicity.map(|a| a.span),
                _ => None,
            }),
            ast::Decl::Member(ast::Member::Method(x)) => x.mods.atomicity.map(|a| a.span),
            ast::Decl::Member(_) => None,
        })
}

/// Checks the program's atomicity specifications: statically, then by
/// exploring its `main` within `bound`. An error is a program the
/// explorer cannot run (no `main`, a construct it does not model).
pub fn check(p: Program, files: &Files, bound: Bound) -> crate::diag::Result<Report> {
    prepare(p, bound)?.run(files)
}

/// A program ready to be explored: what the front end decides (its
/// harness, its compiled methods, the static check), without the search,
/// which is the verification run and belongs where a backend would run.
pub struct Prepared {
    program: Program,
    code: compile::Compiled,
    breaks: Vec<classify::StaticBreak>,
    main: MethodId,
    bound: Bound,
}

/// Finds the harness, compiles the methods it and the annotations reach
/// (refusing what the explorer cannot run) and checks them statically.
pub fn prepare(program: Program, bound: Bound) -> crate::diag::Result<Prepared> {
    let p = &program;
    let main = harness(p)?;
    let mut roots = vec![main];
    roots.extend(p.features.run.values().copied());
    // The static check reads every annotated method, run or not.
    roots.extend(p.features.atomicity.keys().copied());
    let code = compile::compile(p, &roots)?;
    let breaks = classify::check_static(p, &code);
    Ok(Prepared {
        program,
        code,
        breaks,
        main,
        bound,
    })
}

impl Prepared {
    /// Explores the program and gives each annotated method its verdict.
    /// An error is a construct the search met that it does not model (an
    /// exception the program would throw).
    pub fn run(&self, files: &Files) -> crate::diag::Result<Report> {
        let started = std::time::Instant::now();
        let (p, bound) = (&self.program, self.bound);
        let explored = explore::explore(p, &self.code, self.main, bound).map_err(|d| vec![d])?;
        let mut report = verdicts(p, files, &explored, &self.breaks, bound);
        report.time = started.elapsed();
        Ok(report)
    }
}

/// Each annotated method's verdict from the search and the static check.
fn verdicts(
    p: &Program,
    files: &Files,
    explored: &explore::Outcome,
    breaks: &[classify::StaticBreak],
    bound: Bound,
) -> Report {
    let mut report = Report::default();
    let extent = format!(
        "{} states, depth {}; bound {} states, depth {}",
        explored.states, explored.max_depth, bound.states, bound.depth
    );
    for (m, spec) in &p.features.atomicity {
        let name = method_name(p, *m);
        let kind = spec.kind.keyword();
        let finding = explored.findings.get(m).cloned().unwrap_or_default();
        let static_break = breaks.iter().find(|b| b.method == *m);
        let d = if let Some(v) = &finding.definitely {
            Some(violation(
                files,
                FailureCode::NotAtomicDefinitely,
                format!("{name} is definitely not {kind}: {}", v.why),
                v,
                spec.span,
            ))
        } else if let Some(v) = &finding.possibly {
            Some(violation(
                files,
                FailureCode::NotAtomicPossibly,
                format!("{name} is possibly not {kind}: {}", v.why),
                v,
                spec.span,
            ))
        } else if finding.ran && !explored.cut {
            let also = match static_break {
                Some(b) => format!(
                    " (its static classification has a {} after {}: the explored states show it commutes)",
                    b.step.name(),
                    b.before.name()
                ),
                None => String::new(),
            };
            report
                .notes
                .push(format!("{name}: {kind} within the bound ({extent}){also}"));
            None
        } else if let Some(b) = static_break {
            let why = if explored.cut {
                "the exploration reached its bound"
            } else {
                "main never runs it"
            };
            Some(
                Diagnostic::failure(
                    FailureCode::NotAtomicPossibly,
                    b.span,
                    format!(
                        "{name} is possibly not {kind}: its steps, classified statically, have a {} after {} ({why}, so no interleaving shows otherwise)",
                        b.step.name(),
                        b.before.name()
                    ),
                )
                .with_label("this step breaks right movers, one non-mover, left movers")
                .with_related(spec.span, format!("{name} is specified {kind} here")),
            )
        } else {
            let why = if explored.cut {
                format!("the exploration reached its bound ({extent}) before it finished: raise --explore-states or --explore-depth")
            } else {
                "main never runs it: the harness must call it for the exploration to check it"
                    .into()
            };
            Some(
                Diagnostic::failure(
                    FailureCode::NotExplored,
                    spec.span,
                    format!("{name} is not shown {kind}: {why}"),
                )
                .with_label(
                    "its static classification fits, but termination (Lipton's R1) is unchecked",
                ),
            )
        };
        if let Some(d) = d {
            report.notes.push(format!("{name}: {}", d.code));
            report.failures.push(d);
        }
    }
    if explored.cut {
        report
            .notes
            .push(format!("the exploration reached its bound ({extent})"));
    }
    report
}

fn violation(
    files: &Files,
    code: FailureCode,
    message: String,
    v: &explore::Violation,
    annotation: Span,
) -> Diagnostic {
    let trace = trace::render(files, &v.trace);
    let mut d = Diagnostic::failure(code, v.span, format!("{message}; interleaving: {trace}"))
        .with_label("here")
        .with_related(annotation, "the specification");
    if let Some(inner) = v.inner {
        d = d.with_related(inner, "the step, in a method it calls");
    }
    d
}

/// `Class.method`.
fn method_name(p: &Program, m: MethodId) -> String {
    let method = p.method(m);
    match method.class {
        Some(c) => format!("{}.{}", p.class(c).name, method.name),
        None => method.name.to_string(),
    }
}

/// The closed program's entry: its one static `main`.
fn harness(p: &Program) -> crate::diag::Result<MethodId> {
    let mains: Vec<MethodId> = (0..p.methods.len())
        .map(|i| MethodId(i as u32))
        .filter(|m| {
            let x = p.method(*m);
            x.name == "main" && x.is_static && x.body.is_some() && x.derived.is_none()
        })
        .collect();
    let first = p.features.atomicity.values().next().map(|a| a.span);
    match mains.as_slice() {
        [m] => {
            let ok = crate::core::explicit(&p.method(*m).params)
                .iter()
                .all(|v| matches!(v.ty, Type::Int | Type::Bool | Type::Class(_) | Type::Array(_)));
            if ok {
                Ok(*m)
            } else {
                Err(vec![Diagnostic::not_supported(
                    p.method(*m).span,
                    "a main with parameters other than ints, booleans and references (each is 0, false or null) in an explored program",
                )])
            }
        }
        [] => Err(vec![match first {
            Some(s) => Diagnostic::error(
                ErrorCode::NotSupported,
                s,
                "an atomicity specification needs a harness: a static method main that creates the objects and starts the threads",
            ),
            None => Diagnostic::tool(ErrorCode::NotSupported, "no main to explore"),
        }]),
        [_, second, ..] => Err(vec![Diagnostic::error(
            ErrorCode::NotSupported,
            p.method(*second).span,
            "a second static main: the exploration needs one harness",
        )]),
    }
}
