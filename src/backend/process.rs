//! Running a backend process so that nothing of it outlives its run.
//!
//! A backend is a tree of processes: Silicon is a JVM that starts Z3, Boogie is
//! Mono (or .NET) that starts Z3. Killing the direct child leaves its solvers
//! running at full CPU. So each backend starts as the leader of a process group
//! of its own, and every end of a run — its timeout, a failed wait, weft's own
//! SIGINT, SIGTERM or SIGHUP — kills the whole group. The groups alive and the
//! temporary folders they work in are registered here, so that the signal
//! handler ([`install_signal_handler`]) can end them and remove the folders
//! before weft exits.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use wait_timeout::ChildExt;

/// What a finished run printed.
pub struct Finished {
    pub status: ExitStatus,
    pub stdout: String,
    pub stderr: String,
    pub time: Duration,
}

/// Why a run has no output to read.
pub enum Stopped {
    /// It could not be started.
    Spawn(std::io::Error),
    /// It ran past its time and was killed (with its group); what it had printed.
    Timeout { stdout: String },
    /// Waiting for it failed; it was killed.
    Wait(std::io::Error),
}

/// Live process groups and the temporary folders of their runs.
static LIVE: Mutex<Vec<(u32, Option<PathBuf>)>> = Mutex::new(Vec::new());

/// Temporary folders handed to a process that outlives them (a warm worker's requests).
static FOLDERS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A temporary folder the signal handler removes if weft is interrupted while it lives.
pub struct TrackedDir(tempfile::TempDir);

impl TrackedDir {
    pub fn new() -> std::io::Result<TrackedDir> {
        let dir = tempfile::tempdir()?;
        FOLDERS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(dir.path().to_path_buf());
        Ok(TrackedDir(dir))
    }

    pub fn path(&self) -> &std::path::Path {
        self.0.path()
    }
}

impl Drop for TrackedDir {
    fn drop(&mut self) {
        let mut folders = FOLDERS.lock().unwrap_or_else(|e| e.into_inner());
        folders.retain(|f| f != self.0.path());
    }
}

/// Runs `cmd` (its pipes are set here) with `timeout`, in a process group of its own
/// that is killed on every way out but a normal exit. `work`: the run's temporary
/// folder, removed by the signal handler if weft is interrupted.
pub fn run(
    cmd: &mut Command,
    timeout: Duration,
    work: Option<PathBuf>,
) -> Result<Finished, Stopped> {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let started = Instant::now();
    let mut child = spawn_group(cmd, work).map_err(Stopped::Spawn)?;
    let out = read_on_thread(child.stdout.take());
    let err = read_on_thread(child.stderr.take());
    let waited = child.wait_timeout(timeout);
    let result = match waited {
        Ok(Some(status)) => Ok(status),
        Ok(None) => {
            kill_group(&mut child);
            // What it printed is read below, once its pipes have closed.
            Err(Stopped::Timeout {
                stdout: String::new(),
            })
        }
        Err(e) => {
            kill_group(&mut child);
            Err(Stopped::Wait(e))
        }
    };
    // The group may hold more than the child (a solver the child left behind when it
    // crashed): end it in every case. While such a process lives the group's id names
    // it alone (Linux does not hand out an id that is still a group's).
    kill_group_of(child.id());
    unregister(child.id());
    let stdout = out.join().unwrap_or_default();
    let status = match result {
        Ok(status) => status,
        Err(Stopped::Timeout { .. }) => return Err(Stopped::Timeout { stdout }),
        Err(other) => return Err(other),
    };
    Ok(Finished {
        status,
        stdout,
        stderr: err.join().unwrap_or_default(),
        time: started.elapsed(),
    })
}

/// [`run`] for a backend named `what`: a run that stopped without output is the
/// backend error it is (`cannot_start` says what failed to start; `unfinished`
/// reads from what a killed run printed which of its members had no verdict).
pub fn run_backend(
    cmd: &mut Command,
    timeout: Duration,
    work: &std::path::Path,
    what: &str,
    cannot_start: impl FnOnce(std::io::Error) -> String,
    unfinished: impl FnOnce(&str) -> Vec<String>,
) -> Result<Finished, super::BackendError> {
    use super::BackendError;
    run(cmd, timeout, Some(work.to_path_buf())).map_err(|stopped| match stopped {
        Stopped::Spawn(e) => BackendError::Crashed {
            status: None,
            output: cannot_start(e),
        },
        Stopped::Timeout { stdout } => BackendError::Timeout {
            after: timeout,
            unfinished: unfinished(&stdout),
        },
        Stopped::Wait(e) => BackendError::Crashed {
            status: None,
            output: format!("waiting for {what} failed: {e}"),
        },
    })
}

/// Starts `cmd` as the leader of a process group of its own, registered so that
/// weft's signal handler ends it. End it with [`end_group`].
pub fn spawn_group(cmd: &mut Command, work: Option<PathBuf>) -> std::io::Result<Child> {
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(cmd, 0);
    // Registered under the lock held across the spawn, so a signal arriving in between
    // still finds the group.
    let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    let child = cmd.spawn()?;
    live.push((child.id(), work));
    Ok(child)
}

/// Kills the group `child` leads (its solvers too), reaps the child, forgets the group.
pub fn end_group(child: &mut Child) {
    kill_group(child);
    unregister(child.id());
}

fn unregister(pid: u32) {
    let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    live.retain(|(p, _)| *p != pid);
}

/// Reads a pipe to its end on a thread of its own, so a full pipe cannot stall the backend.
fn read_on_thread<R: Read + Send + 'static>(pipe: Option<R>) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(mut p) = pipe {
            let _ = p.read_to_end(&mut buf);
        }
        String::from_utf8_lossy(&buf).into_owned()
    })
}

/// Kills the child's group, then reaps the child.
fn kill_group(child: &mut Child) {
    kill_group_of(child.id());
    let _ = child.kill();
    let _ = child.wait();
}

/// Sends SIGKILL to the process group `pgid` leads (nothing if it is gone).
fn kill_group_of(pgid: u32) {
    #[cfg(unix)]
    if let Ok(id) = i32::try_from(pgid) {
        // SAFETY: kill(2) with a negative id signals a process group; no memory is shared.
        unsafe {
            libc::kill(-id, libc::SIGKILL);
        }
    }
}

/// Ends every live backend group and removes its folder, then exits with 128 + the
/// signal's number, on SIGINT, SIGTERM or SIGHUP. Called once, by the CLI.
pub fn install_signal_handler() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        std::thread::spawn(move || {
            if let Some(sig) = signals.forever().next() {
                let live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
                for (pid, work) in live.iter() {
                    kill_group_of(*pid);
                    if let Some(w) = work {
                        let _ = std::fs::remove_dir_all(w);
                    }
                }
                for f in FOLDERS.lock().unwrap_or_else(|e| e.into_inner()).iter() {
                    let _ = std::fs::remove_dir_all(f);
                }
                std::process::exit(128 + sig);
            }
        });
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// Whether a process of this id exists.
    fn alive(pid: &str) -> bool {
        std::path::Path::new(&format!("/proc/{pid}")).exists()
    }

    #[test]
    fn a_timeout_ends_the_grandchildren_too() {
        // The shell starts a long `sleep` and prints its id, then waits: the run's
        // timeout must end the sleep as well as the shell.
        let dir = tempfile::tempdir().expect("temp dir");
        let pid_file = dir.path().join("pid");
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(format!("sleep 60 & echo $! > {}; wait", pid_file.display()));
        let r = run(&mut cmd, Duration::from_millis(500), None);
        assert!(matches!(r, Err(Stopped::Timeout { .. })));
        let pid = std::fs::read_to_string(&pid_file).expect("pid written");
        let pid = pid.trim();
        // SIGKILL is delivered at once, but the zombie may need a moment to be reaped by init.
        let gone = (0..50).any(|_| {
            std::thread::sleep(Duration::from_millis(20));
            !alive(pid) || is_zombie(pid)
        });
        assert!(gone, "the grandchild {pid} survived the timeout");
    }

    fn is_zombie(pid: &str) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .map(|s| s.split_whitespace().nth(2) == Some("Z"))
            .unwrap_or(true)
    }

    #[test]
    fn a_normal_run_gives_its_output() {
        let mut cmd = Command::new("sh");
        cmd.args(["-c", "echo out; echo err >&2; exit 3"]);
        let Ok(f) = run(&mut cmd, Duration::from_secs(10), None) else {
            panic!("the run did not finish");
        };
        assert_eq!(f.stdout, "out\n");
        assert_eq!(f.stderr, "err\n");
        assert_eq!(f.status.code(), Some(3));
    }
}
