//! Work split over the machine's cores. The checker's jobs, the encoder's
//! methods and the printer's methods are independent of each other, so a
//! large program's are cut into runs of consecutive items, one thread each,
//! and the results put back in order: the output is the same as on one
//! thread.

use std::num::NonZeroUsize;
use std::sync::OnceLock;

/// At most this many threads, whatever the machine.
const MAX_THREADS: usize = 8;

/// The threads to use: the cores this process may run on (asked once: on
/// Linux the answer reads cgroup files).
fn threads() -> usize {
    static THREADS: OnceLock<usize> = OnceLock::new();
    *THREADS.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
        cores.min(MAX_THREADS)
    })
}

/// How many runs `len` items make when each run has at least `min_run`.
fn runs(len: usize, min_run: usize) -> usize {
    threads().min(len / min_run.max(1)).max(1)
}

/// `f` applied to consecutive runs of `items` (with the index of each run's
/// first item), the runs on threads of their own, the results in order.
/// Fewer than `2 * min_run` items stay on the calling thread.
pub fn map_runs<T: Send, R: Send>(
    items: Vec<T>,
    min_run: usize,
    f: impl Fn(usize, Vec<T>) -> R + Sync,
) -> Vec<R> {
    map_weighted_runs(items, min_run, |_| 1, f)
}

/// [`map_runs`] with runs of about the same total `weight` rather than the
/// same number of items (for items whose work differs much).
pub fn map_weighted_runs<T: Send, R: Send>(
    mut items: Vec<T>,
    min_run: usize,
    weight: impl Fn(&T) -> usize,
    f: impl Fn(usize, Vec<T>) -> R + Sync,
) -> Vec<R> {
    let n = runs(items.len(), min_run);
    if n == 1 {
        return vec![f(0, items)];
    }
    // Where each run ends: after the item that brings the weight so far to
    // its share.
    let weights: Vec<usize> = items.iter().map(|t| weight(t).max(1)).collect();
    let total: usize = weights.iter().sum();
    let mut ends = Vec::with_capacity(n);
    let mut so_far = 0;
    for (i, w) in weights.iter().enumerate() {
        so_far += w;
        if ends.len() + 1 < n && so_far * n >= total * (ends.len() + 1) {
            ends.push(i + 1);
        }
    }
    let mut parts = Vec::with_capacity(n);
    for &end in ends.iter().rev() {
        parts.push(items.split_off(end));
    }
    parts.push(items);
    parts.reverse();
    parts.retain(|p| !p.is_empty());
    let n = parts.len();
    let f = &f;
    let mut parts = parts.into_iter();
    let head = parts.next().unwrap_or_default();
    std::thread::scope(|s| {
        let mut first = head.len();
        let mut handles = Vec::with_capacity(n - 1);
        for part in parts {
            let at = first;
            first += part.len();
            let h = std::thread::Builder::new()
                .stack_size(STACK)
                .spawn_scoped(s, move || f(at, part))
                .expect("a worker thread");
            handles.push(h);
        }
        // The first run stays on this thread, whose allocator already holds
        // the memory earlier stages freed.
        let mut out = vec![f(0, head)];
        // A panic on a worker is a bug; let it surface as one.
        out.extend(
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))),
        );
        out
    })
}

/// `f` applied to each of `items` on at most `jobs` threads (with [`STACK`]
/// each), the results in the order of the items.
pub fn map_jobs<T: Sync, R: Send>(items: &[T], jobs: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    if items.len() <= 1 || jobs <= 1 {
        return items.iter().map(f).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<std::sync::Mutex<Option<R>>> =
        items.iter().map(|_| std::sync::Mutex::new(None)).collect();
    std::thread::scope(|s| {
        for _ in 0..jobs.min(items.len()) {
            let worker = std::thread::Builder::new().stack_size(STACK);
            worker
                .spawn_scoped(s, || loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    let Some(item) = items.get(i) else { break };
                    let r = f(item);
                    *results[i].lock().unwrap_or_else(|p| p.into_inner()) = Some(r);
                })
                .expect("a worker thread");
        }
    });
    results
        .into_iter()
        .filter_map(|r| r.into_inner().unwrap_or_else(|p| p.into_inner()))
        .collect()
}

/// The default number of backend runs at once: the cores this process may use.
pub fn default_jobs() -> usize {
    threads()
}

/// Frees `x` on a thread of its own. A large program's trees are millions
/// of small nodes; once the result no longer needs them, freeing them
/// need not hold up the caller.
pub fn free_in_background<T: Send + 'static>(x: T) {
    // Without a thread (resources exhausted), the closure and `x` are freed here.
    let _ = std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || drop(x));
}

/// The stack of every thread that walks a program. The stages recurse over
/// nested expressions and statements (and dropping a tree does too), so a
/// deeply nested input needs more than the default 2 MB (8 MB on the main
/// thread). Reserved address space, not memory: pages are only touched as
/// deep as the input goes.
pub const STACK: usize = 1 << 30;

/// Runs `f` on a thread with [`STACK`] bytes of stack (the CLI's commands).
pub fn with_large_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(STACK)
            .spawn_scoped(s, f)
            .expect("a thread for the command")
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}

#[cfg(test)]
mod tests {
    use super::map_runs;

    #[test]
    fn runs_come_back_in_order_with_their_first_index() {
        let items: Vec<usize> = (0..1000).collect();
        let out = map_runs(items, 10, |at, run| {
            assert_eq!(run[0], at);
            run.iter().sum::<usize>()
        });
        assert_eq!(out.iter().sum::<usize>(), (0..1000).sum::<usize>());
        let few = map_runs(vec![1, 2, 3], 10, |at, run| (at, run));
        assert_eq!(few, vec![(0, vec![1, 2, 3])]);
    }

    #[test]
    fn weighted_runs_share_the_weight_and_keep_the_order() {
        // One heavy item up front, then light ones: the first run is short.
        let items: Vec<usize> = std::iter::once(500)
            .chain(std::iter::repeat_n(1, 500))
            .collect();
        let out = super::map_weighted_runs(items.clone(), 10, |w| *w, |at, run| (at, run));
        let back: Vec<usize> = out.iter().flat_map(|(_, r)| r.clone()).collect();
        assert_eq!(back, items);
        if out.len() == 2 {
            assert_eq!(
                out[0].1.len(),
                1,
                "{:?}",
                out.iter().map(|r| r.1.len()).collect::<Vec<_>>()
            );
            assert_eq!(out[1].0, 1);
        }
    }
}
