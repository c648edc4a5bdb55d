//! Thread-local resources stay with their thread.
//!
//! A `thread_local` predicate (the spec library's `LockSet.of(S)`, the locks
//! a thread holds) is sound only if no thread can give it to another: the
//! lock logic lets a thread that finds a lock in its own set re-enter without
//! gaining the lock's resource, and a second lock set would let it gain the
//! resource twice. Resources move between threads only inside predicates
//! (preFork, postJoin, lock invariants, a synchroniser's `inv`), so a
//! thread-local predicate may not occur in any predicate's body. Method
//! contracts may name it: a callee borrows its caller's lock set.

use crate::core::visit::find;
use crate::core::Program;
use crate::diag::{Diagnostic, ErrorCode};

pub(super) fn check(p: &Program, errs: &mut Vec<Diagnostic>) {
    for q in &p.predicates {
        let Some(body) = &q.body else { continue };
        let hit = find(body, &|e| {
            e.kind
                .instance()
                .is_some_and(|a| p.predicate(a.pred).is_thread_local)
        });
        if let Some(e) = hit {
            let Some(a) = e.kind.instance() else {
                continue;
            };
            let t = p.predicate(a.pred);
            let name = match t.class {
                Some(c) => format!("{}.{}", p.class(c).name, t.name),
                None => String::from(t.name),
            };
            errs.push(Diagnostic::error(
                ErrorCode::Misplaced,
                e.span,
                format!(
                    "{name} is thread-local: it cannot be part of predicate {} (a thread could hand it to another)",
                    q.name
                ),
            ));
        }
    }
}
