//! Resolution and type checking: syntax tree → typed core program.
//!
//! Two phases. First every declaration of every file is collected
//! (`env::collect`): classes, fields, member signatures, default
//! constructors; so order and file boundaries do not matter. Then each
//! method, function and predicate is checked on its own (`decl`), with its
//! own scopes (`scope`), producing typed core expressions (`expr`,
//! `call`) and statements (`stmt`) with the sugar removed.
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

mod body;
mod call;
mod constants;
mod decl;
mod env;
mod expr;
mod group;
mod interfaces;
mod locks;
mod refine;
mod scope;
mod stmt;
mod thread_local;
mod threads;
mod types;

#[cfg(test)]
mod tests;

use crate::core::Program;
use crate::diag;
use crate::diag::Diagnostic;
use crate::syntax::ast::{Decl, Member, Unit};
use decl::{Bodies, Done};
use env::{Env, Job};

/// Checks the files of one program together.
pub fn check(units: &[Unit]) -> diag::Result<Program> {
    check_with(units, &Bodies::default())
}

/// The results of the jobs, in their order. Jobs only read the
/// environment, so a large program's are checked on several threads.
fn check_jobs(
    env: &Env,
    jobs: &[Job<'_>],
    bodies: &Bodies,
) -> Vec<(Option<Done>, Vec<Diagnostic>)> {
    let jobs: Vec<&Job<'_>> = jobs.iter().collect();
    crate::parallel::map_runs(jobs, 32, |_, run| {
        run.into_iter()
            .map(|j| decl::check_job(env, j, bodies))
            .collect::<Vec<_>>()
    })
    .into_iter()
    .flatten()
    .collect()
}

/// [`check`], consuming the syntax tree: method bodies (the bulk of it) are
/// taken out first and each is dropped as soon as it is checked, so the tree
/// and the core program are not both whole at once.
pub fn check_owned(mut units: Vec<Unit>) -> diag::Result<Program> {
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
    check_with(&units, &bodies)
}

fn check_with(units: &[Unit], bodies: &Bodies) -> diag::Result<Program> {
    let mut errs = Vec::new();
    let (mut env, jobs) = env::collect(units, &mut errs);
    let mut done = Vec::with_capacity(jobs.len());
    for (d, e) in check_jobs(&env, &jobs, bodies) {
        errs.extend(e);
        done.extend(d);
    }
    if !errs.is_empty() {
        errs.sort_by_key(|d| d.span.map(|s| (s.file, s.start, s.end)));
        // A do/while body is checked twice (its first run and the loop).
        errs.dedup_by(|a, b| a.span == b.span && a.message == b.message);
        return Err(errs);
    }
    let p = &mut env.program;
    for d in done {
        match d {
            Done::Method(id, contract, body) => {
                let m = &mut p.methods[id.0 as usize];
                m.contract = contract;
                m.body = body;
            }
            Done::Function(id, contract, body) => {
                let f = &mut p.functions[id.0 as usize];
                f.contract = contract;
                f.body = body;
            }
            Done::Predicate(id, body) => p.predicates[id.0 as usize].body = body,
        }
    }
    let mut program = std::mem::take(&mut env.program);
    refine::run(&env, units, &mut program, &mut errs);
    thread_local::check(&program, &mut errs);
    errs.extend(constants::cycles(&env, &program));
    if !errs.is_empty() {
        errs.sort_by_key(|d| d.span.map(|s| (s.file, s.start, s.end)));
        return Err(errs);
    }
    Ok(program)
}
