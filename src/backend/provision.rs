//! Provisioning of Silicon and Z3 into the cache directory (pinned, checksummed).
//!
//! The pins live in `backends/pins.toml` (embedded at build time). On first
//! use each pinned wheel is fetched with pip into a temporary directory, its
//! sha256 checked, and one member extracted. Everything is extracted into a
//! temporary directory beside the final one and renamed into place, under a
//! lock file, so concurrent weft processes (parallel tests) never see a
//! half-written backend. A class-data-sharing archive of Silicon's classes is
//! created once afterwards; it cuts the JVM's start-up by a second or two.
//! Boogie comes from Debian's package instead (see the `boogie` submodule).

mod boogie;

pub use boogie::{boogie_pin, ensure_boogie, provision_boogie, BoogiePin, BoogieSetup};

use super::BackendError;
use sha2::{Digest, Sha256};
use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const PINS: &str = include_str!("../../backends/pins.toml");

/// Where a provisioned Silicon lives.
#[derive(Clone, Debug)]
pub struct SiliconPaths {
    pub jar: PathBuf,
    pub z3: PathBuf,
    /// A class-data-sharing archive for `-XX:SharedArchiveFile`, when one could be made.
    pub cds_archive: Option<PathBuf>,
    /// The compiled warm driver (`backends/silicon/WeftSilicon.java`), when `javac`
    /// could compile it; without it each program starts a JVM of its own.
    pub driver: Option<WarmDriver>,
}

/// One pinned wheel member.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pin {
    pub package: String,
    pub version: String,
    pub wheel: String,
    pub sha256: String,
    pub member: String,
    /// The extracted member's sha256.
    pub member_sha256: String,
}

/// JVM options for every run. Measured on a 2-core machine under load
/// (load average 3.4), `assert 1 == 1`, four interleaved rounds: plain
/// `java -Xss16m -jar` 3.3–5.5 s; with the serial GC and C1 only
/// (`TieredStopAtLevel=1`) 2.4–3.5 s; plus the class-data-sharing archive
/// 1.6–2.8 s. A 32-method file with errors: 7.3 s plain, 3.8 s with all three.
/// `--numberOfParallelVerifiers 1` made no difference on small programs.
/// The stack: Silicon's evaluator recurses once per operand, not per level,
/// so a sum of 10 000 terms needs about 200 MB (16 MB held 1 000). The stack
/// is reserved, not used, until a program needs it; start-up is unchanged.
pub const JVM_FLAGS: &[&str] = &["-Xss256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"];

/// Reads `[name]` from the embedded pins file.
pub fn pin(name: &str) -> Result<Pin, BackendError> {
    parse_pin(PINS, name)
}

fn parse_pin(text: &str, name: &str) -> Result<Pin, BackendError> {
    let get = section(text, name);
    let field = |k: &str| {
        get.get(k).cloned().ok_or_else(|| {
            BackendError::Provision(format!("backends/pins.toml: [{name}] has no `{k}`"))
        })
    };
    Ok(Pin {
        package: field("package")?,
        version: field("version")?,
        wheel: field("wheel")?,
        sha256: field("sha256")?,
        member: field("member")?,
        member_sha256: field("member_sha256")?,
    })
}

/// The `key = "value"` lines of `[name]` in a pins file.
fn section(text: &str, name: &str) -> std::collections::HashMap<String, String> {
    let header = format!("[{name}]");
    let mut in_section = false;
    let mut get = std::collections::HashMap::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_section = line == header;
        } else if in_section && !line.starts_with('#') {
            if let Some((k, v)) = line.split_once('=') {
                get.insert(k.trim().to_string(), v.trim().trim_matches('"').to_string());
            }
        }
    }
    get
}

/// weft's cache directory: `$WEFT_CACHE`, else `$XDG_CACHE_HOME/weft`, else `~/.cache/weft`.
pub fn cache_dir() -> Result<PathBuf, BackendError> {
    if let Some(d) = std::env::var_os("WEFT_CACHE").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(d));
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(d).join("weft"));
    }
    dirs::home_dir()
        .map(|h| h.join(".cache").join("weft"))
        .ok_or_else(|| BackendError::Missing {
            what: "a cache directory (no home directory)".into(),
            fix: "set WEFT_CACHE to a writable directory".into(),
        })
}

fn io_err(what: &str, path: &Path, e: std::io::Error) -> BackendError {
    BackendError::Provision(format!("{what} {}: {e}", path.display()))
}

/// Finds Java, and provisions Silicon and Z3 if they are not in the cache yet.
pub fn ensure_silicon() -> Result<SiliconPaths, BackendError> {
    let java = java()?;
    let silicon = pin("silicon")?;
    let z3 = pin("z3")?;
    let cache = cache_dir()?;
    let dir = silicon_dir(&cache, &silicon, &z3);
    let paths = SiliconPaths {
        jar: dir.join("silicon.jar"),
        z3: dir.join("z3"),
        cds_archive: None,
        driver: None,
    };
    if !dir.is_dir() {
        fs::create_dir_all(&cache).map_err(|e| io_err("cannot create", &cache, e))?;
        let lock = lock(&cache)?;
        // Another process may have finished while this one waited.
        if !dir.is_dir() {
            install(&cache, &dir, &[(&silicon, "silicon.jar"), (&z3, "z3")])?;
        }
        drop(lock);
    }
    let archive = dir.join("silicon.jsa");
    if !archive.is_file() && !dir.join("silicon.jsa.failed").exists() {
        let lock = lock(&cache)?;
        if !archive.is_file() {
            make_cds_archive(&java, &paths, &dir);
        }
        drop(lock);
    }
    let driver = ensure_driver(&cache, &paths, &dir);
    Ok(SiliconPaths {
        cds_archive: archive.is_file().then_some(archive),
        driver,
        ..paths
    })
}

fn silicon_dir(cache: &Path, silicon: &Pin, z3: &Pin) -> PathBuf {
    cache.join(format!("silicon-{}-z3-{}", silicon.version, z3.version))
}

/// After a run that ended without a verdict: whether the provisioned Silicon
/// or Z3 differs from its pin (a truncated download, a disk fault, a hand
/// edit). If so it is removed and provisioned again, and the caller may retry;
/// `Ok(None)` when the files are intact (the failure is the run's own).
pub fn repair_silicon() -> Result<Option<String>, BackendError> {
    let (silicon, z3) = (pin("silicon")?, pin("z3")?);
    let cache = cache_dir()?;
    let dir = silicon_dir(&cache, &silicon, &z3);
    let damaged = |dir: &Path| {
        [(&silicon, "silicon.jar"), (&z3, "z3")]
            .into_iter()
            .find_map(
                |(pin, name)| match check_sha256(&dir.join(name), &pin.member_sha256) {
                    Err(BackendError::Provision(m)) => Some(m),
                    Err(e) => Some(e.to_string()),
                    Ok(()) => None,
                },
            )
    };
    if !dir.is_dir() || damaged(&dir).is_none() {
        return Ok(None);
    }
    let lock = lock(&cache)?;
    // Another process may have repaired it while this one waited.
    let Some(fault) = damaged(&dir) else {
        return Ok(None);
    };
    let aside = tempfile::Builder::new()
        .prefix(".corrupt-")
        .tempdir_in(&cache)
        .map_err(|e| io_err("cannot create a directory in", &cache, e))?;
    fs::rename(&dir, aside.path().join("old")).map_err(|e| io_err("cannot move", &dir, e))?;
    drop(aside);
    drop(lock);
    ensure_silicon()?;
    Ok(Some(format!(
        "the provisioned backend was corrupt ({fault}), and was provisioned again"
    )))
}

/// The warm driver's source, compiled against the provisioned Silicon on first use.
const DRIVER_SOURCE: &str = include_str!("../../backends/silicon/WeftSilicon.java");
/// The program the driver verifies once to record its class-data-sharing archive.
const WARMUP: &str = include_str!("../../backends/silicon/warmup.vpr");

/// The compiled warm driver, in a folder named by its source's hash (a changed driver
/// is compiled again), compiled and archived if needed. `None` when `javac` or `jar` is
/// missing or fails: the failure is remembered beside it and costs only speed.
fn ensure_driver(cache: &Path, paths: &SiliconPaths, dir: &Path) -> Option<WarmDriver> {
    let hash = format!("{:x}", Sha256::digest(DRIVER_SOURCE.as_bytes()));
    let folder = dir.join(format!("driver-{}", &hash[..12]));
    let failed = dir.join(format!("driver-{}.failed", &hash[..12]));
    let found = |f: &Path| {
        let jar = f.join("weft-silicon.jar");
        let archive = f.join("warm.jsa");
        jar.is_file().then(|| WarmDriver {
            jar,
            cds_archive: archive.is_file().then_some(archive),
        })
    };
    if let Some(d) = found(&folder) {
        return Some(d);
    }
    if failed.exists() {
        return None;
    }
    let lock = lock(cache).ok()?;
    if found(&folder).is_none() && !failed.exists() {
        if build_driver(&paths.jar, &folder).is_some() {
            archive_driver(paths, &folder);
        } else {
            let _ = fs::write(&failed, "");
        }
    }
    drop(lock);
    found(&folder)
}

/// `javac -cp silicon.jar`, then `jar`, into a temporary folder renamed to `folder`.
/// A jar, not a class folder: the JVM's class-data sharing refuses a non-empty folder
/// on the class path.
fn build_driver(silicon: &Path, folder: &Path) -> Option<()> {
    let javac = which::which("javac").ok()?;
    let jar = which::which("jar").ok()?;
    // Beside the final folder, so the rename stays on one file system.
    let work = tempfile::tempdir_in(folder.parent()?).ok()?;
    let source = work.path().join("WeftSilicon.java");
    fs::write(&source, DRIVER_SOURCE).ok()?;
    let classes = work.path().join("classes");
    let out = work.path().join("out");
    fs::create_dir(&out).ok()?;
    let mut compile = Command::new(javac);
    compile
        .args(["-nowarn", "-encoding", "UTF-8", "-cp"])
        .arg(silicon)
        .arg("-d")
        .arg(&classes)
        .arg(&source);
    let mut package = Command::new(jar);
    package
        .arg("--create")
        .arg("--file")
        .arg(out.join("weft-silicon.jar"))
        .arg("-C")
        .arg(&classes)
        .arg(".");
    for cmd in [&mut compile, &mut package] {
        let status = cmd
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .ok()?;
        status.success().then_some(())?;
    }
    fs::rename(&out, folder).ok()
}

/// Runs the driver in `folder` once on [`WARMUP`], recording `warm.jsa` beside it
/// ([`record_archive`]). Without it workers start about a second slower; nothing else
/// changes.
fn archive_driver(paths: &SiliconPaths, folder: &Path) -> Option<()> {
    let java = java().ok()?;
    let work = tempfile::tempdir().ok()?;
    let program = work.path().join("warmup.vpr");
    fs::write(&program, WARMUP).ok()?;
    let driver = WarmDriver {
        jar: folder.join("weft-silicon.jar"),
        cds_archive: None,
    };
    let args = driver.worker_args(paths).into_iter().map(OsString::from);
    let request = format!("{}\t-\n", program.display());
    record_archive(&java, &folder.join("warm.jsa"), args, &request)
}

/// Runs `java` with `args` and `-XX:ArchiveClassesAtExit`, `input` on its standard
/// input, and puts the class-data-sharing archive it records at `archive` (written under
/// a temporary name and renamed, so a reader never sees half of one). `None` if the run
/// failed or recorded nothing.
fn record_archive(
    java: &Path,
    archive: &Path,
    args: impl IntoIterator<Item = OsString>,
    input: &str,
) -> Option<()> {
    let name = archive.file_name()?.to_string_lossy().into_owned();
    let tmp = archive.with_file_name(format!("{name}.{}.tmp", std::process::id()));
    let mut child = Command::new(java)
        .arg(format!("-XX:ArchiveClassesAtExit={}", tmp.display()))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    // Written, then closed (dropped), before the wait: the JVM reads to the end.
    let written = child
        .stdin
        .take()
        .is_some_and(|mut i| i.write_all(input.as_bytes()).is_ok());
    let done = child.wait().is_ok_and(|s| s.success()) && written && tmp.is_file();
    if done {
        fs::rename(&tmp, archive).ok()
    } else {
        let _ = fs::remove_file(&tmp);
        None
    }
}

/// weft's warm Silicon driver, compiled (see `backend::silicon::warm`).
#[derive(Clone, Debug)]
pub struct WarmDriver {
    /// The driver's jar, on the class path after Silicon's.
    pub jar: PathBuf,
    /// Its class-data-sharing archive, when one could be recorded.
    pub cds_archive: Option<PathBuf>,
}

impl WarmDriver {
    /// The JVM's arguments for a worker, after `java` (and before any archive option
    /// of the caller's): flags, class path, main class, Z3.
    pub fn worker_args(&self, paths: &SiliconPaths) -> Vec<String> {
        let mut args: Vec<String> = Vec::new();
        if let Some(a) = &self.cds_archive {
            args.push(format!("-XX:SharedArchiveFile={}", a.display()));
        }
        // The JVM's own warnings (an archive it cannot use) go to standard error:
        // standard output carries the protocol.
        args.extend(["-Xlog:disable", "-Xlog:all=warning:stderr"].map(String::from));
        args.extend(JVM_FLAGS.iter().map(|f| f.to_string()));
        args.push("-cp".into());
        args.push(format!("{}:{}", paths.jar.display(), self.jar.display()));
        args.push("WeftSilicon".into());
        args.push(paths.z3.display().to_string());
        args
    }
}

/// `java` on PATH.
pub fn java() -> Result<PathBuf, BackendError> {
    which::which("java").map_err(|_| BackendError::Missing {
        what: "Java (java on PATH)".into(),
        fix: "apt-get install -y default-jre-headless".into(),
    })
}

/// An exclusive lock on `cache/provision.lock`, released when dropped.
fn lock(cache: &Path) -> Result<File, BackendError> {
    let path = cache.join("provision.lock");
    let f = File::create(&path).map_err(|e| io_err("cannot create", &path, e))?;
    f.lock().map_err(|e| io_err("cannot lock", &path, e))?;
    Ok(f)
}

/// Downloads, checks and extracts every `(pin, file name)` into a temporary
/// directory in `cache`, then renames it to `dir`.
fn install(cache: &Path, dir: &Path, items: &[(&Pin, &str)]) -> Result<(), BackendError> {
    let python = which::which("python3").map_err(|_| BackendError::Missing {
        what: "Python 3 (python3 on PATH, to download the backend)".into(),
        fix: "apt-get install -y python3 python3-pip".into(),
    })?;
    let pip_ok = Command::new(&python)
        .args(["-m", "pip", "--version"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !pip_ok {
        return Err(BackendError::Missing {
            what: "pip (python3 -m pip, to download the backend)".into(),
            fix: "apt-get install -y python3-pip".into(),
        });
    }
    let downloads = tempfile::tempdir().map_err(|e| {
        BackendError::Provision(format!("cannot create a temporary directory: {e}"))
    })?;
    let staging = tempfile::Builder::new()
        .prefix(".staging-")
        .tempdir_in(cache)
        .map_err(|e| io_err("cannot create a directory in", cache, e))?;
    for (pin, name) in items {
        let wheel = download(&python, pin, downloads.path())?;
        check_sha256(&wheel, &pin.sha256)?;
        let member = staging.path().join(name);
        extract(&wheel, &pin.member, &member)?;
        check_sha256(&member, &pin.member_sha256)?;
    }
    make_executable(&staging.path().join("z3"))?;
    let staged = staging.keep();
    fs::rename(&staged, dir).map_err(|e| {
        let _ = fs::remove_dir_all(&staged);
        io_err("cannot move the backend into", dir, e)
    })
}

fn download(python: &Path, pin: &Pin, into: &Path) -> Result<PathBuf, BackendError> {
    let spec = format!("{}=={}", pin.package, pin.version);
    let out = Command::new(python)
        .args([
            "-m",
            "pip",
            "download",
            "--no-deps",
            "--only-binary=:all:",
            "-d",
        ])
        .arg(into)
        .arg(&spec)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| BackendError::Provision(format!("cannot run pip: {e}")))?;
    let wheel = into.join(&pin.wheel);
    if !out.status.success() || !wheel.is_file() {
        return Err(BackendError::Provision(format!(
            "`python3 -m pip download --no-deps --only-binary=:all: {spec}` did not produce {}:\n{}{}",
            pin.wheel,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )));
    }
    Ok(wheel)
}

fn check_sha256(path: &Path, expected: &str) -> Result<(), BackendError> {
    let mut f = File::open(path).map_err(|e| io_err("cannot read", path, e))?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = f
            .read(&mut buf)
            .map_err(|e| io_err("cannot read", path, e))?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
    }
    let actual: String = hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    if actual != expected.to_ascii_lowercase() {
        return Err(BackendError::Provision(format!(
            "checksum mismatch for {}: expected sha256 {expected}, got {actual}",
            path.display()
        )));
    }
    Ok(())
}

fn extract(wheel: &Path, member: &str, to: &Path) -> Result<(), BackendError> {
    let f = File::open(wheel).map_err(|e| io_err("cannot read", wheel, e))?;
    let bad = |e: zip::result::ZipError| {
        BackendError::Provision(format!(
            "cannot extract {member} from {}: {e}",
            wheel.display()
        ))
    };
    let mut archive = zip::ZipArchive::new(f).map_err(bad)?;
    let mut entry = archive.by_name(member).map_err(bad)?;
    let mut out = File::create(to).map_err(|e| io_err("cannot create", to, e))?;
    std::io::copy(&mut entry, &mut out).map_err(|e| io_err("cannot write", to, e))?;
    out.flush().map_err(|e| io_err("cannot write", to, e))
}

#[cfg(unix)]
fn make_executable(path: &Path) -> Result<(), BackendError> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755))
        .map_err(|e| io_err("cannot make executable", path, e))
}

#[cfg(not(unix))]
fn make_executable(_: &Path) -> Result<(), BackendError> {
    Ok(())
}

/// Runs Silicon once on a small program with `-XX:ArchiveClassesAtExit`,
/// writing the archive under a temporary name and renaming it into place. A
/// failure only costs speed: it is remembered in `silicon.jsa.failed` so that
/// later runs do not retry.
fn make_cds_archive(java: &Path, paths: &SiliconPaths, dir: &Path) {
    let made = (|| -> Option<()> {
        let work = tempfile::tempdir().ok()?;
        let program = work.path().join("warmup.vpr");
        fs::write(
            &program,
            "field f: Int\nmethod m(x: Ref) requires acc(x.f) { x.f := 1; assert x.f == 1 }\n",
        )
        .ok()?;
        let mut args: Vec<OsString> = JVM_FLAGS.iter().map(OsString::from).collect();
        args.extend(["-jar".into(), paths.jar.clone().into()]);
        args.extend(["--z3Exe".into(), paths.z3.clone().into(), program.into()]);
        record_archive(java, &dir.join("silicon.jsa"), args, "")
    })();
    if made.is_none() {
        let _ = fs::write(dir.join("silicon.jsa.failed"), "");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pins_parse() {
        let s = pin("silicon").unwrap();
        assert_eq!(s.package, "nagini");
        assert_eq!(s.version, "1.2.0");
        assert_eq!(
            s.member,
            "nagini_translation/resources/backends/silicon.jar"
        );
        let z = pin("z3").unwrap();
        assert_eq!(
            z.wheel,
            "z3_solver-4.12.1.0-py2.py3-none-manylinux1_x86_64.whl"
        );
        assert_eq!(z.sha256.len(), 64);
        assert!(matches!(pin("nothing"), Err(BackendError::Provision(_))));
    }

    #[test]
    fn checksum_mismatch_is_reported() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("x");
        fs::write(&f, "abc").unwrap();
        // sha256("abc")
        let good = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
        assert!(check_sha256(&f, good).is_ok());
        assert!(matches!(
            check_sha256(&f, &"0".repeat(64)),
            Err(BackendError::Provision(m)) if m.contains("checksum mismatch")
        ));
    }
}
