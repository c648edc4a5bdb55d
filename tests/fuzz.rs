//! A bounded fuzzing run: a few thousand mutated programs (see
//! `tests/fuzz/mutate.rs`) through the front end, the passes and both
//! emitters, none of which may panic or overflow its stack. The long run is
//! `cargo bench --bench fuzz` (`benches/fuzz.rs`).

#[path = "fuzz/mutate.rs"]
mod mutate;

/// A fixed seed keeps the suite's verdict stable; `WEFT_FUZZ_SEED` picks
/// another (the failure message names it, so any crash is replayable).
fn seed() -> u64 {
    std::env::var("WEFT_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_261_127)
}

const INPUTS: u64 = 1_500;

#[test]
fn mutated_programs_never_crash() {
    let seed = seed();
    // The stack weft's own stages run on (a test thread has 2 MB).
    let crashes = std::thread::Builder::new()
        .stack_size(weft::parallel::STACK)
        .spawn(move || {
            let corpus = mutate::corpus();
            let mut crashes = Vec::new();
            for i in 0..INPUTS {
                let (java, text) = mutate::input(&corpus, seed, i);
                if std::panic::catch_unwind(|| mutate::run(java, text)).is_err() {
                    crashes.push(i);
                }
            }
            crashes
        })
        .expect("a fuzzing thread")
        .join()
        .expect("the fuzzing thread ends");
    assert!(
        crashes.is_empty(),
        "inputs that panic (replay with `cargo bench --bench fuzz -- --show {seed}:INDEX`): {crashes:?}"
    );
}
