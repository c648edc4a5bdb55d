//! The `weft` command line.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use weft::diag::render::{self, MemberEntry, ProgramEntry, Report};
use weft::diag::Diagnostic;
use weft::driver::{self, Backend, Options, Outcome};
use weft::syntax::span::Files;

#[derive(Parser)]
#[command(
    name = "weft",
    version,
    about = "A verifier for concurrent programs (PVL and Java + JML → Viper Silver on Silicon, or Boogie)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Colours in diagnostics: auto (when stderr is a terminal and NO_COLOR is not set),
    /// always, never.
    #[arg(long, global = true, value_enum, default_value = "auto")]
    color: Colour,
    /// Only the diagnostics and the verdicts: no progress, no summary line, no `ok` lines.
    #[arg(long, short, global = true)]
    quiet: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Colour {
    Auto,
    Always,
    Never,
}

/// How the run talks to the user (the global flags).
struct Ui {
    colour: Option<bool>,
    quiet: bool,
}

static UI: std::sync::OnceLock<Ui> = std::sync::OnceLock::new();

fn quiet() -> bool {
    UI.get().is_some_and(|u| u.quiet)
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Human,
    Json,
    /// SARIF 2.1.0, for CI code scanning.
    Sarif,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum TestFormat {
    Human,
    Junit,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Target {
    Silver,
    Boogie,
}

#[derive(clap::Args)]
struct RunArgs {
    /// The verifier that checks the encoding.
    #[arg(long, value_enum, default_value = "silicon")]
    backend: Backend,
    /// Seconds one backend run may take; past it the run fails with exit code 3.
    #[arg(long, default_value_t = 120)]
    timeout: u64,
    /// Backend runs at once: the files of `test`, the independent programs of `verify`
    /// [default: the cores weft may use].
    #[arg(long)]
    jobs: Option<usize>,
    /// For measuring stability: seeds the solver with N and shuffles the declarations
    /// by it (benches/stability.sh); a stable program's verdict does not change.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Verify again even when the cache holds a verdict for the same backend text.
    #[arg(long)]
    no_cache: bool,
    /// Start a JVM for each Silicon run instead of reusing warm ones (slower; for measuring).
    #[arg(long)]
    no_warm: bool,
    /// Atomicity specifications: states the exploration stores at most before it
    /// reports "bound reached".
    #[arg(long, value_name = "N", default_value_t = weft::atomicity::Bound::default().states)]
    explore_states: usize,
    /// Atomicity specifications: steps from the start the exploration follows at most.
    #[arg(long, value_name = "N", default_value_t = weft::atomicity::Bound::default().depth)]
    explore_depth: usize,
}

impl RunArgs {
    fn options(&self) -> Options {
        Options {
            backend: self.backend,
            timeout: Duration::from_secs(self.timeout),
            jobs: self
                .jobs
                .unwrap_or_else(weft::parallel::default_jobs)
                .max(1),
            seed: self.seed,
            cache: !self.no_cache,
            warm: !self.no_warm,
            // `verify` asks for them unless told not to; `test` checks
            // markers, which need none.
            counterexample: false,
            explore: weft::atomicity::Bound {
                states: self.explore_states.max(1),
                depth: self.explore_depth.max(1),
            },
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Verify the files: those that use each other as one program, the others each on its own.
    Verify {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        run: RunArgs,
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
        /// No counterexample under a failed assertion (it costs a second backend run
        /// on failure: of the program on Silicon, of its failing procedures on Boogie).
        #[arg(long)]
        no_counterexample: bool,
    },
    /// Print the encoding of the files.
    Emit {
        #[arg(long, value_enum, default_value = "silver")]
        to: Target,
        /// Print instead the program after this step of the lowering: the syntax tree
        /// after a tree step (e.g. `instantiate`), the core program (s-expressions) after
        /// `check` or a core pass (e.g. `par`).
        #[arg(long, value_name = "STEP")]
        dump_after: Option<String>,
        /// Print the steps of the lowering, in order, and what each removes.
        #[arg(long, conflicts_with = "dump_after")]
        list_passes: bool,
        #[arg(required_unless_present = "list_passes")]
        files: Vec<PathBuf>,
    },
    /// Verify every .pvl and .java file under the paths and check its expectation markers.
    Test {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        #[command(flatten)]
        run: RunArgs,
        /// Run only the K-th of N shares of the programs: N CI jobs given 1/N … N/N run
        /// each program once (the share is a hash of the path: adding a program moves no other).
        #[arg(long, value_name = "K/N")]
        partition: Option<weft::test_run::Partition>,
        /// human: a line per program on stderr and a summary on stdout; junit: the summary is
        /// a JUnit XML report on stdout, for CI systems' test views.
        #[arg(long, value_enum, default_value = "human")]
        format: TestFormat,
    },
    /// Print a completion script for a shell (e.g. `weft completions bash > ~/.local/share/bash-completion/completions/weft`).
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Run a language server on stdin/stdout: a file is verified when the editor opens or
    /// saves it, and its diagnostics are published.
    Lsp {
        /// The verifier that checks the encoding.
        #[arg(long, value_enum, default_value = "silicon")]
        backend: Backend,
        /// Seconds one backend run may take.
        #[arg(long, default_value_t = 120)]
        timeout: u64,
    },
    /// Explain a failure or error code (`weft explain postFailed`): what it means, a program
    /// that fails with it and the fix. Without a code, list the codes.
    Explain { code: Option<String> },
    /// Download and install the backends, Silicon and Boogie (also done on first use).
    Setup {
        /// Only this backend [default: both].
        #[arg(long, value_enum)]
        backend: Option<Backend>,
    },
}

fn main() -> ExitCode {
    return_freed_memory_soon();
    let cli = Cli::parse();
    let colour = match cli.color {
        Colour::Auto => None,
        Colour::Always => Some(true),
        Colour::Never => Some(false),
    };
    let _ = UI.set(Ui {
        colour,
        quiet: cli.quiet,
    });
    // Ctrl-C or a kill ends the backends' process trees and their folders too.
    weft::backend::process::install_signal_handler();
    // The stages recurse over the program's nesting: see `parallel::STACK`.
    let code = weft::parallel::with_large_stack(|| match cli.command {
        Command::Verify {
            files,
            run,
            format,
            no_counterexample,
        } => verify(&files, &run, format, !no_counterexample),
        Command::Emit {
            to,
            dump_after,
            list_passes,
            files,
        } => match dump_after {
            _ if list_passes => list_steps(),
            Some(pass) => dump(&files, &pass),
            None => emit(&files, to),
        },
        Command::Test {
            paths,
            run,
            partition,
            format,
        } => test(&paths, &run, partition, format),
        Command::Setup { backend } => setup(backend),
        Command::Explain { code } => explain(code.as_deref()),
        Command::Lsp { backend, timeout } => {
            match weft::lsp::run(backend, Duration::from_secs(timeout)) {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("weft lsp: {e}");
                    3
                }
            }
        }
        Command::Completions { shell } => {
            use clap::CommandFactory;
            clap_complete::generate(shell, &mut Cli::command(), "weft", &mut std::io::stdout());
            0
        }
    });
    // The warm Silicon workers would end when their input closes; end them now.
    weft::backend::silicon::shutdown();
    ExitCode::from(code as u8)
}

fn print_human(files: &Files, diags: &[Diagnostic]) {
    let colour = UI.get().and_then(|u| u.colour);
    if let Err(e) = render::emit_human_stderr(files, diags, colour) {
        eprintln!("weft: cannot print diagnostics: {e}");
    }
}

/// On a terminal, a line that says weft is waiting for the backend and for how long,
/// rewritten each second and cleared when dropped.
struct Progress {
    stop: Option<std::sync::mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
    start: Instant,
}

impl Progress {
    fn start(run: &RunArgs) -> Progress {
        use std::io::IsTerminal;
        if !std::io::stderr().is_terminal() {
            return Progress {
                stop: None,
                thread: None,
                start: Instant::now(),
            };
        }
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let (backend, limit) = (run.backend.name(), run.timeout);
        let thread = std::thread::spawn(move || {
            let start = Instant::now();
            // Nothing for the first second: most programs are done by then or close.
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                rx.recv_timeout(Duration::from_secs(1))
            {
                let s = start.elapsed().as_secs();
                eprint!("\rverifying with {backend}: {s} s (at most {limit} s per program)");
            }
            eprint!("\r\x1b[2K");
        });
        Progress {
            stop: Some(tx),
            thread: Some(thread),
            start: Instant::now(),
        }
    }

    /// On a run longer than a second, a line for each program as its backend run ends:
    /// its files, its time, and its slowest member.
    fn program_done(&self, p: &driver::ProgramRun) {
        if self.thread.is_none() || self.start.elapsed() < Duration::from_secs(1) {
            return;
        }
        let how = if p.cached {
            "from the cache".to_string()
        } else {
            format!("{:.1} s", p.time.as_secs_f32())
        };
        let slowest = p
            .members
            .iter()
            .max_by_key(|(_, t)| *t)
            .filter(|_| !p.cached)
            .map(|(m, t)| {
                let name = weft::encode::names::source_name(m);
                format!("; slowest {name} {:.1} s", t.as_secs_f32())
            })
            .unwrap_or_default();
        eprint!("\r\x1b[2K{}: {how}{slowest}\n", p.files.join(", "));
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn explain(code: Option<&str>) -> i32 {
    use weft::diag::explain;
    let Some(code) = code else {
        for stem in explain::stems() {
            let hint = explain::hint(&stem).unwrap_or_default();
            println!("{stem:<28} {hint}");
        }
        return 0;
    };
    match explain::lookup(code) {
        Some(e) => {
            print!("{}", e.render());
            0
        }
        None => {
            eprintln!("weft knows no code `{code}`; `weft explain` lists the codes");
            2
        }
    }
}

fn verify(paths: &[PathBuf], run: &RunArgs, format: Format, counterexample: bool) -> i32 {
    let start = Instant::now();
    let mut files = Files::new();
    let progress = (format == Format::Human && !quiet()).then(|| Progress::start(run));
    let (outcome, runs) = match driver::load(&mut files, paths) {
        Ok(ids) => {
            let done = |p: &driver::ProgramRun| {
                if let Some(progress) = &progress {
                    progress.program_done(p);
                }
            };
            let opts = Options {
                counterexample,
                ..run.options()
            };
            driver::verify_expecting_reporting(&files, &ids, &opts, &done)
        }
        Err(e) => (Outcome::InputError(vec![e]), Vec::new()),
    };
    drop(progress);
    match format {
        Format::Json => {
            let report = Report::new(
                run.backend.name(),
                &files,
                outcome.diagnostics(),
                start.elapsed().as_millis() as u64,
            )
            .with_files(paths.iter().map(|p| p.display().to_string()).collect())
            .with_programs(runs.iter().map(program_entry).collect());
            println!("{}", report.to_json());
        }
        Format::Sarif => println!(
            "{}",
            weft::diag::sarif::to_json(&files, outcome.diagnostics())
        ),
        Format::Human if quiet() => print_human(&files, outcome.diagnostics()),
        Format::Human => {
            print_human(&files, outcome.diagnostics());
            for note in runs.iter().flat_map(|r| &r.notes) {
                eprintln!("{note}");
            }
            let n = outcome.diagnostics().len();
            match &outcome {
                Outcome::Verified if runs.is_empty() => eprintln!(
                    "nothing to verify: the input declares no class, method, function or predicate"
                ),
                Outcome::Verified => {
                    eprintln!("verified ({:.2} s)", start.elapsed().as_secs_f32())
                }
                Outcome::Failed(_) => eprintln!("{n} verification failure(s)"),
                Outcome::InputError(_) => {
                    eprintln!("{n} error(s) in the input; nothing was verified")
                }
                Outcome::ToolError(_) => eprintln!("no verdict: the backend did not complete"),
            }
        }
    }
    outcome.exit_code()
}

/// A program's run for the JSON report; members as the source names them.
fn program_entry(p: &driver::ProgramRun) -> ProgramEntry {
    ProgramEntry {
        files: p.files.clone(),
        time_ms: p.time.as_millis() as u64,
        cached: p.cached,
        notes: p.notes.clone(),
        members: p
            .members
            .iter()
            .map(|(name, t)| MemberEntry {
                name: weft::encode::names::source_name(name),
                time_ms: t.as_millis() as u64,
            })
            .collect(),
    }
}

fn emit(paths: &[PathBuf], to: Target) -> i32 {
    let backend = match to {
        Target::Silver => Backend::Silicon,
        Target::Boogie => Backend::Boogie,
    };
    let mut files = Files::new();
    let result = driver::load(&mut files, paths)
        .map_err(|e| vec![e])
        .and_then(|ids| driver::emit_text(&files, &ids, backend));
    match result {
        Ok(emitted) => {
            let mut out = std::io::stdout().lock();
            let _ = emitted.write_to(&mut out);
            0
        }
        Err(errors) => {
            print_human(&files, &errors);
            2
        }
    }
}

/// `weft emit --list-passes`: the lowering, one step a line.
fn list_steps() -> i32 {
    use std::io::Write;
    use weft::passes::{Needs, Step, LOWERING};
    let mut out = std::io::stdout().lock();
    for e in LOWERING {
        let on = match &e.step {
            Step::Tree(t) if t.java_only => "tree, Java",
            Step::Tree(_) => "tree",
            Step::Check => "tree → core",
            Step::Explore => "core → explorer",
            Step::Core(_) => "core",
        };
        let backends = match (e.backends.silicon, e.backends.boogie) {
            (true, true) => "",
            (false, true) => ", Boogie only",
            (true, false) => ", Silicon only",
            (false, false) => ", no backend",
        };
        let needs = match e.needs {
            Needs::Declarations => "",
            Needs::ParsedBodies(_) => ", bodies parsed",
            Needs::CheckedBodies(_) => ", bodies checked first",
        };
        let line = format!(
            "{:<20} {:<42} {}",
            e.name(),
            format!("({on}{backends}{needs})"),
            e.description()
        );
        // A closed pipe (`| head`) ends the listing, quietly.
        if writeln!(out, "{line}").is_err() {
            break;
        }
    }
    0
}

/// `weft emit --dump-after PASS`: the syntax tree after that Java tree pass,
/// or the core program after that core pass.
fn dump(paths: &[PathBuf], pass: &str) -> i32 {
    let mut files = Files::new();
    let ids = match driver::load(&mut files, paths) {
        Ok(ids) => ids,
        Err(e) => {
            print_human(&files, &[e]);
            return 2;
        }
    };
    match driver::dump_after(&files, &ids, pass) {
        None => {
            eprintln!(
                "weft emit: no step of the lowering is named {pass}; the steps, in order: {} (`weft emit --list-passes`)",
                weft::passes::names().join(", ")
            );
            2
        }
        Some(Ok(text)) => {
            print!("{text}");
            0
        }
        Some(Err(errors)) => {
            print_human(&files, &errors);
            2
        }
    }
}

fn test(
    paths: &[PathBuf],
    run: &RunArgs,
    partition: Option<weft::test_run::Partition>,
    format: TestFormat,
) -> i32 {
    use weft::test_run::{Case, CaseOutcome};
    // A path that is not there, or holds no program, is a mistake to report, not a pass.
    let mut all = Vec::new();
    for p in paths {
        if !p.exists() {
            eprintln!("weft test: {} does not exist", p.display());
            return 2;
        }
        let found = driver::input_files(std::slice::from_ref(p));
        if found.is_empty() {
            eprintln!("weft test: {} holds no .pvl or .java file", p.display());
            return 2;
        }
        all.extend(found);
    }
    all.sort();
    if let Some(share) = partition {
        all.retain(|p| share.holds(p));
    }
    let opts = run.options();
    let results = weft::parallel::map_jobs(&all, opts.jobs, |path| {
        let start = std::time::Instant::now();
        let mut files = Files::new();
        let outcome = driver::test_file(&mut files, path, &opts);
        let text = if outcome.passed() {
            String::new()
        } else {
            render::human_string(&files, &outcome.problems).unwrap_or_default()
        };
        let status = match &outcome.skipped {
            Some(reason) => format!(
                "skip {} (not on {} yet: {reason})",
                path.display(),
                opts.backend.name()
            ),
            None => format!(
                "{} {}",
                if outcome.passed() { "ok  " } else { "FAIL" },
                path.display()
            ),
        };
        // One write, so that a file's problems follow its line when files run in parallel.
        if !(quiet() && outcome.passed()) {
            eprint!("{status}\n{text}");
        }
        let case = Case {
            path: path.clone(),
            time: start.elapsed(),
            outcome: match (&outcome.skipped, outcome.passed()) {
                (Some(reason), _) => CaseOutcome::Skipped(reason.clone()),
                (None, true) => CaseOutcome::Passed,
                (None, false) => CaseOutcome::Failed(text),
            },
        };
        (outcome.passed(), outcome.tool_error, case)
    });
    let passed = results.iter().filter(|r| r.0).count();
    let failed = results.len() - passed;
    let tool_error = results.iter().any(|r| r.1);
    match format {
        TestFormat::Human => println!("{passed} passed, {failed} failed"),
        TestFormat::Junit => {
            let cases: Vec<Case> = results.into_iter().map(|r| r.2).collect();
            print!("{}", weft::test_run::junit(opts.backend.name(), &cases));
        }
    }
    if tool_error {
        3
    } else if failed > 0 {
        1
    } else {
        0
    }
}

/// Provisions every backend and says what it found or did; exit 3 if any is missing.
fn setup(backend: Option<Backend>) -> i32 {
    let mut code = 0;
    if backend != Some(Backend::Boogie) {
        code = code.max(setup_silicon());
    }
    if backend != Some(Backend::Silicon) {
        code = code.max(setup_boogie());
    }
    code
}

fn setup_silicon() -> i32 {
    let mut code = 0;
    match weft::backend::provision::ensure_silicon() {
        Ok(paths) => {
            eprintln!("Silicon and Z3 are ready: {}", paths.jar.display());
            match &paths.driver {
                Some(d) => eprintln!("weft's warm Silicon driver is ready: {}", d.jar.display()),
                // Only speed is lost: each Silicon run starts a JVM of its own.
                None => eprintln!(
                    "weft's warm Silicon driver could not be built (javac and jar from a JDK \
                     are needed: apt-get install -y default-jdk-headless); each Silicon run \
                     will start a JVM of its own"
                ),
            }
        }
        Err(e) => {
            eprintln!("weft setup: Silicon: {e}");
            code = 3;
        }
    }
    code
}

fn setup_boogie() -> i32 {
    let mut code = 0;
    match weft::backend::provision::provision_boogie() {
        Ok(b) => {
            eprintln!(
                "Boogie {} is ready{}: {}",
                b.version.as_deref().unwrap_or("(version unknown)"),
                if b.installed {
                    " (installed with apt-get)"
                } else {
                    ""
                },
                b.path.display()
            );
            if let Some(w) = b.warning {
                eprintln!("weft setup: warning: {w}");
            }
        }
        Err(e) => {
            eprintln!("weft setup: Boogie: {e}");
            code = 3;
        }
    }
    code
}

// Many small allocations (syntax tree, core program, IR, documents): mimalloc is faster than
// the system allocator here and returns freed memory sooner.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay` (its index in `mi_option_t`, the same in
/// mimalloc 2 and 3; libmimalloc-sys names no constant for it).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Each method's syntax, core and IR are freed while the text grows.
/// mimalloc 3 keeps freed pages for a second (purge delay 1000 ms), longer
/// than the whole front end, so every freed tree stayed resident to the end.
/// Returned at once (0 ms), the pages freed by small nodes do not add to the
/// text's growth (5 MB input: peak RSS 106 -> 100 MB; 10 ms gave 276 -> 218
/// MB before the per-method pipeline), at no cost in time measured.
fn return_freed_memory_soon() {
    // SAFETY: sets a global option before any thread but this one exists.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0) }
}
