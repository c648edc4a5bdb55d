//! Finding Boogie, or installing Debian's `boogie` package when this process may.
//!
//! Boogie is `$WEFT_BOOGIE` when that is set, else `boogie` on PATH. When neither is
//! there and the process runs as root or has password-less sudo, weft runs
//! `apt-get update` and `apt-get install -y boogie` (non-interactive, output captured)
//! under the cache directory's provisioning lock, so parallel tests install it once.
//! Otherwise it reports [`BackendError::Missing`] with the command that fixes it.
//!
//! The version is pinned in `backends/pins.toml` (`[boogie]`). A Boogie that reports
//! another version is used with a warning rather than refused: the output reader
//! accepts only the lines it knows, so a different Boogie can cost a verdict but cannot
//! fake one.

use super::{cache_dir, lock, section, BackendError, PINS};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

/// The `[boogie]` pin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoogiePin {
    /// The Debian package.
    pub package: String,
    /// The Debian version `dpkg-query` reports.
    pub version: String,
    /// The version `boogie /version` prints, up to its build number.
    pub reports: String,
}

/// Reads `[boogie]` from the embedded pins file.
pub fn boogie_pin() -> Result<BoogiePin, BackendError> {
    parse_boogie_pin(PINS)
}

fn parse_boogie_pin(text: &str) -> Result<BoogiePin, BackendError> {
    let get = section(text, "boogie");
    let field = |k: &str| {
        get.get(k).cloned().ok_or_else(|| {
            BackendError::Provision(format!("backends/pins.toml: [boogie] has no `{k}`"))
        })
    };
    Ok(BoogiePin {
        package: field("package")?,
        version: field("version")?,
        reports: field("reports")?,
    })
}

/// What [`provision_boogie`] found or did.
#[derive(Clone, Debug)]
pub struct BoogieSetup {
    /// The executable to run.
    pub path: PathBuf,
    /// The version it printed (`2.4.1.10503`), when it could be read.
    pub version: Option<String>,
    /// Whether this call installed the package.
    pub installed: bool,
    /// Set when the version differs from the pin or could not be read.
    pub warning: Option<String>,
}

/// Boogie's executable, found once per process; installs it when it is missing and this
/// process may install packages. A version warning is printed to stderr once.
pub fn ensure_boogie() -> Result<PathBuf, BackendError> {
    static READY: OnceLock<PathBuf> = OnceLock::new();
    if let Some(path) = READY.get() {
        return Ok(path.clone());
    }
    let setup = provision_boogie()?;
    // Two threads may both get here; only the first one's warning is printed.
    if READY.set(setup.path.clone()).is_ok() {
        if let Some(w) = &setup.warning {
            eprintln!("weft: warning: {w}");
        }
    }
    Ok(setup.path)
}

/// Finds Boogie or installs it, and checks its version against the pin.
pub fn provision_boogie() -> Result<BoogieSetup, BackendError> {
    let pin = boogie_pin()?;
    let (path, installed) = match find()? {
        Some(path) => (path, false),
        None => (install(&pin)?, true),
    };
    let version = reported_version(&path);
    let mut warning = match &version {
        Some(v) if version_matches(v, &pin.reports) => None,
        Some(v) => Some(format!(
            "{} is Boogie {v}; weft is tested with Boogie {} (backends/pins.toml)",
            path.display(),
            pin.reports
        )),
        None => Some(format!(
            "cannot tell the version of {} (`boogie /version`); weft is tested with Boogie {}",
            path.display(),
            pin.reports
        )),
    };
    if installed && warning.is_none() {
        match dpkg_version(&pin.package) {
            Some(v) if v == pin.version => {}
            other => {
                warning = Some(format!(
                    "apt installed {} {}; weft pins {} (backends/pins.toml)",
                    pin.package,
                    other.as_deref().unwrap_or("(unknown version)"),
                    pin.version
                ))
            }
        }
    }
    Ok(BoogieSetup {
        path,
        version,
        installed,
        warning,
    })
}

/// `$WEFT_BOOGIE` (an error when set but not there), else `boogie` on PATH.
fn find() -> Result<Option<PathBuf>, BackendError> {
    if let Some(p) = std::env::var_os("WEFT_BOOGIE").filter(|p| !p.is_empty()) {
        return which::which(&p)
            .map(Some)
            .map_err(|_| BackendError::Missing {
                what: format!(
                    "Boogie at WEFT_BOOGIE={} (no such executable)",
                    Path::new(&p).display()
                ),
                fix: "point WEFT_BOOGIE at a Boogie 2.4.1 executable, or unset it".into(),
            });
    }
    Ok(which::which("boogie").ok())
}

/// How this process may run apt-get.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Installer {
    Root,
    Sudo,
}

fn installer() -> Option<Installer> {
    let quiet = |cmd: &mut Command| {
        cmd.stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .output()
            .ok()
    };
    let uid = quiet(Command::new("id").arg("-u"))?;
    if String::from_utf8_lossy(&uid.stdout).trim() == "0" {
        return Some(Installer::Root);
    }
    let sudo = quiet(Command::new("sudo").args(["-n", "true"]))?;
    sudo.status.success().then_some(Installer::Sudo)
}

fn missing(pin: &BoogiePin) -> BackendError {
    BackendError::Missing {
        what: format!("Boogie {}", pin.reports),
        fix: format!("sudo apt-get install -y {}", pin.package),
    }
}

/// Installs the package with apt-get and returns the `boogie` it put on PATH.
fn install(pin: &BoogiePin) -> Result<PathBuf, BackendError> {
    // Not root and no password-less sudo: the user runs the fix.
    let how = installer().ok_or_else(|| missing(pin))?;
    if which::which("apt-get").is_err() {
        return Err(BackendError::Missing {
            what: format!("Boogie {} (`boogie` on PATH; no apt-get here)", pin.reports),
            fix: "install Boogie 2.4.1 and put `boogie` on PATH, or set WEFT_BOOGIE to it".into(),
        });
    }
    let cache = cache_dir()?;
    std::fs::create_dir_all(&cache).map_err(|e| super::io_err("cannot create", &cache, e))?;
    let lock = lock(&cache)?;
    // Another process may have installed it while this one waited.
    if let Some(path) = find()? {
        return Ok(path);
    }
    apt_get(how, &["update"])?;
    apt_get(how, &["install", "-y", &pin.package])?;
    drop(lock);
    find()?.ok_or_else(|| {
        BackendError::Provision(format!(
            "`apt-get install -y {}` succeeded but `boogie` is not on PATH",
            pin.package
        ))
    })
}

fn apt_get(how: Installer, args: &[&str]) -> Result<(), BackendError> {
    let mut cmd = match how {
        Installer::Root => Command::new("apt-get"),
        Installer::Sudo => {
            // sudo resets the environment; `env` sets the variable for apt-get itself.
            let mut c = Command::new("sudo");
            c.args(["-n", "env", "DEBIAN_FRONTEND=noninteractive", "apt-get"]);
            c
        }
    };
    let out = cmd
        .args(args)
        .env("DEBIAN_FRONTEND", "noninteractive")
        .stdin(Stdio::null())
        .output()
        .map_err(|e| BackendError::Provision(format!("cannot run apt-get: {e}")))?;
    if out.status.success() {
        return Ok(());
    }
    Err(BackendError::Provision(format!(
        "`{}apt-get {}` failed:\n{}",
        if how == Installer::Sudo { "sudo " } else { "" },
        args.join(" "),
        tail(&out, 30)
    )))
}

/// The last `n` lines of a command's output, for an error message.
fn tail(out: &Output, n: usize) -> String {
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// The version `boogie /version` prints (it then complains that `/version` is not a
/// file and exits 1, which does not matter here).
fn reported_version(boogie: &Path) -> Option<String> {
    let out = Command::new(boogie)
        .arg("/version")
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    parse_reported_version(&String::from_utf8_lossy(&out.stdout))
}

/// `Boogie program verifier version 2.4.1.10503, Copyright …` → `2.4.1.10503`.
fn parse_reported_version(out: &str) -> Option<String> {
    let line = out.lines().find(|l| l.contains("Boogie"))?;
    let (_, rest) = line.split_once(" version ")?;
    let v: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let v = v.trim_end_matches('.');
    (!v.is_empty()).then(|| v.to_string())
}

/// `2.4.1.10503` matches the pin `2.4.1`; `2.4.10` does not.
fn version_matches(version: &str, pinned: &str) -> bool {
    version == pinned
        || version
            .strip_prefix(pinned)
            .is_some_and(|rest| rest.starts_with('.'))
}

fn dpkg_version(package: &str) -> Option<String> {
    let out = Command::new("dpkg-query")
        .args(["-W", "-f=${Version}", package])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let v = String::from_utf8_lossy(&out.stdout).trim().to_string();
    (out.status.success() && !v.is_empty()).then_some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pin_parses() {
        let p = boogie_pin().unwrap();
        assert_eq!(p.package, "boogie");
        assert_eq!(p.version, "2.4.1+dfsg-0.1");
        assert_eq!(p.reports, "2.4.1");
        assert!(matches!(
            parse_boogie_pin("[boogie]\npackage = \"boogie\"\n"),
            Err(BackendError::Provision(m)) if m.contains("`version`")
        ));
    }

    #[test]
    fn version_line_parses() {
        let out =
            "Boogie program verifier version 2.4.1.10503, Copyright (c) 2003-2014, Microsoft.\n\
                   *** Error: '/version': Filename extension '' is not supported.\n";
        assert_eq!(parse_reported_version(out).as_deref(), Some("2.4.1.10503"));
        assert_eq!(parse_reported_version("no version here"), None);
        assert!(version_matches("2.4.1.10503", "2.4.1"));
        assert!(version_matches("2.4.1", "2.4.1"));
        assert!(!version_matches("2.4.10", "2.4.1"));
        assert!(!version_matches("3.0.1", "2.4.1"));
    }

    /// On this machine kind Boogie is installed (or weft may install it): provisioning
    /// finds it and its version matches the pin.
    #[test]
    fn finds_the_pinned_boogie() {
        let setup = match provision_boogie() {
            Ok(s) => s,
            Err(BackendError::Missing { .. }) if installer().is_none() => return,
            Err(e) => panic!("{e}"),
        };
        assert!(setup.path.is_file(), "{}", setup.path.display());
        assert!(setup.warning.is_none(), "{:?}", setup.warning);
        assert!(setup.version.unwrap().starts_with("2.4.1."));
    }
}
