//! Per-stage timing for benchmarks: with `WEFT_STAGES=1` in the environment
//! each front-end stage prints its wall time and the process's resident set
//! to stderr. Off by default; reading the environment once costs nothing.

use std::sync::OnceLock;
use std::time::Instant;

fn enabled() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("WEFT_STAGES").is_some_and(|v| v != "0"))
}

/// Runs `f` as the stage `name`, reporting it when enabled.
pub fn stage<T>(name: &str, f: impl FnOnce() -> T) -> T {
    if !enabled() {
        return f();
    }
    let started = Instant::now();
    let out = f();
    let elapsed = started.elapsed().as_secs_f64();
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    eprintln!(
        "stage {name:<10} {elapsed:>8.3} s  rss {:>7.1} MB  peak {:>7.1} MB",
        status_mb(&status, "VmRSS:"),
        status_mb(&status, "VmHWM:")
    );
    out
}

/// A `kB` line of /proc/self/status in MB (0 where there is none).
fn status_mb(status: &str, key: &str) -> f64 {
    status
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}
