//! Resolution and type checking: syntax tree → typed core program.
//!
//! Three phases. First every declaration of every file is collected
//! (`collect::collect`): classes, fields, member signatures, default
//! constructors; so order and file boundaries do not matter. Then each
//! contract, function and predicate is checked on its own (`decl`), with its
//! own scopes (`scope`), producing typed core expressions (`expr`, `call`)
//! ([`declare`]). Last, each method body, when the caller asks for it
//! ([`Declared::body`]), with the scope its contract left: statements
//! (`stmt`) with the sugar removed.
//!
//! Choices worth knowing downstream:
//! * every variable (parameter, local, binder) has a name unique in its
//!   callable; Viper keywords get a `_` suffix (`result` → `result_`);
//! * a method call or `new` whose result goes to a field, an array element
//!   or a `return` is split into a call into a fresh local `tmp…` and a use;
//! * a `rational` is accepted where a `frac`/`zfrac` is expected (`1\2` as a
//!   frac argument); the range is the encoder's proof obligation;
//! * `&&` between resources is accepted (type resource), as in VerCors;
//! * `for (int i = lo .. hi)` gets the invariant `lo <= i && i <= hi`.
//!
//! Errors are collected (several per run where they are independent) and
//! returned sorted by position; a callable with an error is still checked to
//! the end, so one mistake does not hide the next.

mod atomics;
mod body;
mod call;
mod collect;
mod collections;
mod constants;
mod decl;
mod env;
mod exceptions;
mod expr;
mod histories;
mod implements;
mod inline;
mod interfaces;
mod lift;
mod locks;
mod names;
mod par;
mod rely_guarantee;
mod scope;
mod stmt;
mod thread_local;
mod threads;
mod types;
mod wands;

#[cfg(test)]
mod tests;

use crate::core::Program;
use crate::diag;
use crate::diag::Diagnostic;
use crate::syntax::ast::{Decl, Member, Unit};
pub use decl::Pending;
use decl::{Bodies, Done};
use env::{Env, Job};

/// Checks the files of one program together.
pub fn check(units: &[Unit]) -> diag::Result<Program> {
    let writes = Writes::of(&mut units.to_vec());
    let mut d = declarations(units, &Bodies::default());
    writes.mark(&mut d.env.program);
    check_with(d)
}

/// What the program writes that its lowering or encoding depends on before
/// any body is checked (read before the bodies are taken out of the tree;
/// Java bodies are never skimmed).
#[derive(Clone, Copy)]
struct Writes {
    instance_of: bool,
    sums_arrays: bool,
    current_thread: bool,
}

impl Writes {
    /// One walk of the tree.
    fn of(units: &mut [Unit]) -> Writes {
        use crate::syntax::ast::ExprKind as K;
        let mut w = Writes {
            instance_of: false,
            sums_arrays: false,
            current_thread: false,
        };
        crate::syntax::walk::each_unit_expr(units, &mut |e| match e.kind {
            // A class cast is checked by the same test (`passes::dyntype`).
            K::InstanceOf(..) | K::Cast(..) => w.instance_of = true,
            K::ArraySum(_) => w.sums_arrays = true,
            K::CurrentThread => w.current_thread = true,
            _ => {}
        });
        w
    }

    fn mark(self, p: &mut Program) {
        p.features.instance_of = self.instance_of;
        p.sums_arrays = self.sums_arrays;
        p.names_current_thread = self.current_thread;
    }
}

/// Every body checked in turn, then stored in the program.
fn check_with(mut d: Declared) -> diag::Result<Program> {
    let mut errs = Vec::new();
    let mut done = Vec::new();
    for p in std::mem::take(&mut d.pending) {
        let id = p.method;
        match d.body(p) {
            Ok(b) => done.push((id, b)),
            Err(e) => errs.extend(e),
        }
    }
    d.verdict(errs)?;
    let mut program = d.env.program;
    for (id, b) in done {
        program.methods[id.0 as usize].body = Some(b);
    }
    Ok(program)
}

/// A program whose declarations are checked: classes, fields, signatures,
/// contracts, functions, predicates and constants. Method bodies wait in
/// `pending`, each to be checked on its own ([`Declared::body`]) when the
/// caller is ready for it: the rest of the pipeline can take a body through
/// to the backend's text before the next is checked.
pub struct Declared {
    env: Env,
    pub pending: Vec<Pending>,
    /// The errors of the declarations.
    errors: Vec<Diagnostic>,
    /// The whole-program checks that need every contract (interface
    /// methods' ghost parameters, thread-local predicates, cycles of constants); made only when the
    /// declarations have no errors.
    late: Vec<Diagnostic>,
}

impl Declared {
    pub fn program(&self) -> &Program {
        &self.env.program
    }

    /// The program, for the passes' declaration-level rewrites; they may
    /// change contracts and add members, which checking bodies never reads.
    pub fn program_mut(&mut self) -> &mut Program {
        &mut self.env.program
    }

    /// Whether the declarations have no errors (bodies may still have).
    pub fn is_well_formed(&self) -> bool {
        self.errors.is_empty() && self.late.is_empty()
    }

    /// Checks a pending body (only the environment is read: bodies can be
    /// checked on several threads).
    pub fn body(&self, p: Pending) -> diag::Result<crate::core::Block> {
        let (b, errs) = decl::body(&self.env, p);
        if errs.is_empty() {
            Ok(b)
        } else {
            Err(errs)
        }
    }

    /// Whether the program is well-formed, given the errors of its bodies:
    /// all errors of the declarations and bodies, sorted; when there are
    /// none, the whole-program checks'.
    pub fn verdict(&self, mut body_errors: Vec<Diagnostic>) -> diag::Result<()> {
        body_errors.extend(self.errors.iter().cloned());
        if !body_errors.is_empty() {
            // A do/while body is checked twice (its first run and the loop).
            diag::in_source_order(&mut body_errors);
            return Err(body_errors);
        }
        if !self.late.is_empty() {
            return Err(self.late.clone());
        }
        Ok(())
    }
}

/// Checks the declarations, taking the method bodies and every member's
/// contract clauses out of the syntax tree first; the tree is dropped once
/// the declarations are checked.
pub fn declare(mut units: Vec<Unit>) -> Declared {
    let writes = Writes::of(&mut units);
    let mut bodies = Bodies::default();
    for unit in &mut units {
        for decl in &mut unit.decls {
            let members: &mut [Member] = match decl {
                Decl::Class(c) => &mut c.members,
                Decl::Member(m) => std::slice::from_mut(m),
            };
            for m in members {
                bodies.take(m);
            }
        }
    }
    let mut d = declarations(&units, &bodies);
    writes.mark(&mut d.env.program);
    d
}

/// The jobs' results, in runs, in their order. Jobs only read the
/// environment, so a large program's are checked on several threads.
fn check_jobs(env: &Env, jobs: Vec<Job<'_>>, bodies: &Bodies) -> Vec<Vec<decl::Checked>> {
    crate::parallel::map_runs(jobs, 32, |_, run| {
        run.into_iter()
            .map(|j| decl::check_job(env, j, bodies))
            .collect::<Vec<_>>()
    })
}

fn declarations(units: &[Unit], bodies: &Bodies) -> Declared {
    let mut errors = Vec::new();
    let (mut env, jobs) = collect::collect(units, &mut errors);
    let mut pending = Vec::new();
    let checked = check_jobs(&env, jobs, bodies);
    let p = &mut env.program;
    for c in checked.into_iter().flatten() {
        errors.extend(c.errs);
        pending.extend(c.pending);
        let Some(d) = c.done else { continue };
        match d {
            Done::Method(id, contract) => p.methods[id.0 as usize].contract = contract,
            Done::History(id, contract, member) => {
                p.methods[id.0 as usize].contract = contract;
                if let Some(c) = p.methods[id.0 as usize].class {
                    p.features
                        .models
                        .entry(c)
                        .or_default()
                        .members
                        .insert(id, member);
                }
            }
            Done::Function(id, contract, body) => {
                let f = &mut p.functions[id.0 as usize];
                f.contract = contract;
                f.body = body;
            }
            Done::Predicate(id, body) => p.predicates[id.0 as usize].body = body,
            Done::Access(id, a) => {
                let r = p.features.calvin_r.get_or_insert_with(Default::default);
                r.access.insert(id, a);
            }
            Done::Performs(id, spec) => {
                let r = p.features.calvin_r.get_or_insert_with(Default::default);
                r.performs.insert(id, spec);
            }
            Done::RelyGuarantee(x) => rely_guarantee::record(p, x),
        }
    }
    let mut late = Vec::new();
    if errors.is_empty() {
        let mut program = std::mem::take(&mut env.program);
        implements::resolve(&env, units, &mut program, &mut late);
        thread_local::check(&program, &mut late);
        late.extend(constants::cycles(&env, &program));
        late.extend(inline::cycles(&program));
        late.sort_by_key(|d| d.span.map(|s| (s.file, s.start, s.end)));
        env.program = program;
    }
    Declared {
        env,
        pending,
        errors,
        late,
    }
}
