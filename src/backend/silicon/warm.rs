//! Warm Silicon: long-lived JVMs that each verify many Silver files.
//!
//! Starting a JVM and loading Silicon is most of a small program's time (about
//! 2 s of 2.5 on the 2-core reference machine), and a JVM that has run Silicon
//! before verifies the next program several times faster (its code is compiled).
//! So weft keeps a pool of worker JVMs running its own driver,
//! `backends/silicon/WeftSilicon.java` (its header gives the line protocol), and
//! hands each verification to an idle worker, starting one when none is idle: as
//! many workers as verifications run at once (`--jobs`), each verifying one
//! program at a time.
//!
//! Faults never become verdicts. A worker past its request's deadline (hung, or
//! just slow) is killed with its process group (the JVM and its Z3 processes) and
//! the request is a timeout; a worker whose output ends (killed, crashed) or that
//! answers `@weft crash` (an exception, out of memory) is killed and the request is
//! a crash. Either way the worker is not reused; the next request starts a fresh
//! one, so the other programs of the run go on.

use super::super::process;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How a worker is started: a program and its arguments.
#[derive(Clone, Debug)]
pub struct WorkerCommand {
    pub program: PathBuf,
    pub args: Vec<String>,
}

/// A finished request: the driver's verdict text and the members as they finished.
#[derive(Debug)]
pub struct Answer {
    /// Silicon's output with the driver's `@weft offending` lines (each belongs to
    /// the entry before it; `super::parse_output` reads them); the other protocol
    /// lines are taken out.
    pub output: String,
    /// Each member's name and verification time, in the order Silicon finished them.
    pub members: Vec<(String, Duration)>,
    /// The worker answered in full; false when time ran out during the
    /// counterexample run after the verdict (the verdict stands, the worker
    /// is ended).
    pub complete: bool,
}

/// Why a request has no answer.
#[derive(Debug)]
pub enum Fault {
    /// The deadline passed; the members finished by then.
    Timeout { finished: Vec<String> },
    /// The worker could not be started.
    Spawn(String),
    /// The worker died, or reported an exception; what it printed.
    Crashed { output: String },
}

/// Workers waiting for a request, for one worker command.
pub struct Pool {
    command: WorkerCommand,
    idle: Mutex<Vec<Worker>>,
}

impl Pool {
    pub fn new(command: WorkerCommand) -> Pool {
        Pool {
            command,
            idle: Mutex::new(Vec::new()),
        }
    }

    /// Verifies `file` (seeding the solver with `seed`) on an idle worker or a new one;
    /// the worker's start counts against `timeout`.
    pub fn verify(
        &self,
        file: &Path,
        seed: Option<u64>,
        model: bool,
        timeout: Duration,
    ) -> Result<Answer, Fault> {
        let deadline = Instant::now() + timeout;
        let idle = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let mut worker = match idle {
            Some(w) => w,
            None => Worker::start(&self.command, deadline)?,
        };
        match worker.request(file, seed, model, deadline) {
            Ok(answer) if !answer.complete => {
                worker.end();
                Ok(answer)
            }
            Ok(answer) => {
                self.idle
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(worker);
                Ok(answer)
            }
            Err(fault) => {
                worker.end();
                Err(fault)
            }
        }
    }

    /// Ends the idle workers (at the end of a run; a worker also ends by itself when
    /// weft exits and its input closes).
    pub fn shutdown(&self) {
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        for mut w in idle.drain(..) {
            w.end();
        }
    }
}

/// One running driver.
struct Worker {
    child: Child,
    stdin: ChildStdin,
    /// Its standard output, line by line; closed when the output ends.
    lines: Receiver<String>,
    /// The end of its standard error, for crash reports.
    stderr: Arc<Mutex<String>>,
}

/// How much of a worker's standard error a crash report keeps.
const STDERR_KEPT: usize = 16 * 1024;

impl Worker {
    fn start(command: &WorkerCommand, deadline: Instant) -> Result<Worker, Fault> {
        let mut cmd = Command::new(&command.program);
        // In the temporary folder: requests name their files in full, and whatever the
        // JVM or its solvers write lands there (and a test can find them by it).
        cmd.args(&command.args)
            .current_dir(std::env::temp_dir())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = process::spawn_group(&mut cmd, None).map_err(|e| {
            Fault::Spawn(format!("cannot start {}: {e}", command.program.display()))
        })?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            process::end_group(&mut child);
            return Err(Fault::Spawn("the worker's pipes are missing".into()));
        };
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let kept = Arc::new(Mutex::new(String::new()));
        let sink = Arc::clone(&kept);
        std::thread::spawn(move || keep_tail(stderr, &sink));
        let mut worker = Worker {
            child,
            stdin,
            lines,
            stderr: kept,
        };
        // What the JVM may print before the driver runs is not the protocol: skip it.
        loop {
            match worker.next_line(deadline) {
                Ok(l) if l == "@weft ready" => return Ok(worker),
                Ok(_) => {}
                Err(fault) => {
                    worker.end();
                    return Err(fault);
                }
            }
        }
    }

    fn request(
        &mut self,
        file: &Path,
        seed: Option<u64>,
        model: bool,
        deadline: Instant,
    ) -> Result<Answer, Fault> {
        self.stderr
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
        let seed = seed.map_or("-".to_string(), |s| s.to_string());
        let model = if model { "model" } else { "-" };
        writeln!(self.stdin, "{}\t{seed}\t{model}", file.display())
            .and_then(|()| self.stdin.flush())
            .map_err(|e| Fault::Crashed {
                output: format!(
                    "the Silicon worker does not take requests: {e}\n{}",
                    self.stderr_text()
                ),
            })?;
        let mut output = String::new();
        let mut members = Vec::new();
        let mut crash = None;
        loop {
            let line = match self.next_line(deadline) {
                Ok(l) => l,
                // The verdict came; the counterexample run did not finish.
                Err(Fault::Timeout { .. }) if super::has_verdict(&output) => {
                    return Ok(Answer {
                        output,
                        members,
                        complete: false,
                    });
                }
                Err(Fault::Timeout { .. }) => {
                    let finished = members.into_iter().map(|(m, _)| m).collect();
                    return Err(Fault::Timeout { finished });
                }
                Err(fault) => return Err(fault),
            };
            if line == "@weft done" {
                break;
            } else if let Some(m) = line.strip_prefix("@weft member ") {
                if let Some((name, ms)) = m.rsplit_once(' ') {
                    let ms = ms.parse().unwrap_or(0);
                    members.push((name.to_string(), Duration::from_millis(ms)));
                }
            } else if let Some(c) = line.strip_prefix("@weft crash ") {
                crash = Some(c.to_string());
            } else {
                output.push_str(&line);
                output.push('\n');
            }
        }
        match crash {
            Some(c) => Err(Fault::Crashed {
                output: format!("{output}{c}\n{}", self.stderr_text()),
            }),
            None => Ok(Answer {
                output,
                members,
                complete: true,
            }),
        }
    }

    /// The next line of output, or why there is none.
    fn next_line(&mut self, deadline: Instant) -> Result<String, Fault> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => Err(Fault::Timeout {
                finished: Vec::new(),
            }),
            Err(RecvTimeoutError::Disconnected) => {
                // The output ended: the worker is gone. Its exit status says how.
                let status = self
                    .child
                    .wait()
                    .map(|s| s.to_string())
                    .unwrap_or_else(|e| format!("unknown ({e})"));
                Err(Fault::Crashed {
                    output: format!(
                        "the Silicon worker stopped ({status})\n{}",
                        self.stderr_text()
                    ),
                })
            }
        }
    }

    fn stderr_text(&self) -> String {
        // Give the reader a moment to take what a dying worker printed last.
        std::thread::sleep(Duration::from_millis(50));
        self.stderr
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    fn end(&mut self) {
        process::end_group(&mut self.child);
    }
}

/// Reads `pipe` to its end, keeping the last [`STDERR_KEPT`] bytes in `kept`.
fn keep_tail(mut pipe: impl Read, kept: &Mutex<String>) {
    let mut buf = [0u8; 4096];
    while let Ok(n) = pipe.read(&mut buf) {
        if n == 0 {
            break;
        }
        let mut k = kept.lock().unwrap_or_else(|e| e.into_inner());
        k.push_str(&String::from_utf8_lossy(&buf[..n]));
        if k.len() > STDERR_KEPT {
            let mut cut = k.len() - STDERR_KEPT;
            while !k.is_char_boundary(cut) {
                cut += 1;
            }
            k.drain(..cut);
        }
    }
}

#[cfg(all(test, unix))]
mod tests;
