//! The long fuzzing run: `cargo bench --bench fuzz -- [--inputs N] [--seed S]
//! [--jobs J] [--timeout SECS]`, and `-- --show S:I` to print input `I` of
//! seed `S`.
//!
//! A stack overflow aborts the process it happens in, so the inputs run in
//! child processes (this same program with `--child`). A child writes the
//! index of each input before it runs it; when a child dies or stops
//! answering, the last index it wrote is the crash (or the hang), which is
//! saved under `target/fuzz-crashes/` and reported, and a new child goes on
//! after it. The summary line is the figure the README quotes.

#[path = "../tests/fuzz/mutate.rs"]
mod mutate;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

struct Args {
    inputs: u64,
    seed: u64,
    jobs: u64,
    timeout: u64,
}

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        argv.iter()
            .position(|a| a == flag)
            .and_then(|i| argv.get(i + 1))
            .cloned()
    };
    if let Some(at) = value("--show") {
        let (s, i) = at.split_once(':').expect("--show SEED:INDEX");
        let corpus = mutate::corpus();
        let (java, text) = mutate::input(&corpus, s.parse().unwrap(), i.parse().unwrap());
        eprintln!("({})", if java { "Java" } else { "PVL" });
        print!("{text}");
        return;
    }
    if let Some(range) = value("--child") {
        return child(&range);
    }
    let number = |flag, default: u64| value(flag).map_or(default, |v| v.parse().expect(flag));
    let args = Args {
        inputs: number("--inputs", 100_000),
        seed: number("--seed", 1),
        jobs: number("--jobs", 2).max(1),
        timeout: number("--timeout", 20),
    };
    let started = Instant::now();
    let chunk = args.inputs.div_ceil(args.jobs);
    let found: Vec<Vec<(u64, &str)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..args.jobs)
            .map(|j| {
                let (from, to) = (j * chunk, ((j + 1) * chunk).min(args.inputs));
                let args = &args;
                s.spawn(move || supervise(args, from, to))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let found: Vec<(u64, &str)> = found.into_iter().flatten().collect();
    for (i, what) in &found {
        println!("{what}: seed {} index {i}", args.seed);
    }
    println!(
        "fuzz: {} inputs, seed {}, {} crashes or hangs, {:.0} s",
        args.inputs,
        args.seed,
        found.len(),
        started.elapsed().as_secs_f64()
    );
    if !found.is_empty() {
        std::process::exit(1);
    }
}

/// Runs inputs `from..to` in child processes; the crashes and hangs found.
fn supervise(args: &Args, mut from: u64, to: u64) -> Vec<(u64, &'static str)> {
    let me = std::env::current_exe().expect("the fuzzer's own path");
    let mut found = Vec::new();
    while from < to {
        let mut child = Command::new(&me)
            .args(["--child", &format!("{}:{from}:{to}", args.seed)])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("a fuzzing child");
        let out = child.stdout.take().expect("piped");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut last = None;
        let hung = loop {
            match rx.recv_timeout(Duration::from_secs(args.timeout)) {
                Ok(line) if line == "done" => break false,
                Ok(line) => last = line.parse::<u64>().ok(),
                Err(mpsc::RecvTimeoutError::Disconnected) => break false,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let _ = child.kill();
                    break true;
                }
            }
        };
        let status = child.wait().expect("the child's status");
        if status.success() && !hung {
            break;
        }
        let at = last.unwrap_or(from);
        let what = if hung { "hang" } else { "crash" };
        save(args.seed, at, what);
        found.push((at, what));
        from = at + 1;
    }
    found
}

fn save(seed: u64, index: u64, what: &str) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/fuzz-crashes");
    let _ = std::fs::create_dir_all(&dir);
    let corpus = mutate::corpus();
    let (java, text) = mutate::input(&corpus, seed, index);
    let ext = if java { "java" } else { "pvl" };
    let _ = std::fs::write(dir.join(format!("{what}-{seed}-{index}.{ext}")), text);
}

/// Runs inputs `from..to` of `seed`, writing each index before its run.
fn child(range: &str) {
    let parts: Vec<u64> = range.split(':').map(|x| x.parse().unwrap()).collect();
    let (seed, from, to) = (parts[0], parts[1], parts[2]);
    std::thread::Builder::new()
        .stack_size(weft::parallel::STACK)
        .spawn(move || {
            let corpus = mutate::corpus();
            let mut out = std::io::stdout().lock();
            for i in from..to {
                let _ = writeln!(out, "{i}");
                let _ = out.flush();
                let (java, text) = mutate::input(&corpus, seed, i);
                // A panic is a crash too: end the child without unwinding.
                if std::panic::catch_unwind(|| mutate::run(java, text)).is_err() {
                    std::process::abort();
                }
            }
            let _ = writeln!(out, "done");
        })
        .expect("a fuzzing thread")
        .join()
        .expect("the fuzzing thread ends");
}
