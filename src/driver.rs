//! The pipeline, end to end: read → parse → check → passes → encode → emit →
//! run the backend → blame. The CLI and the tests both call this.

use crate::backend::{self, BackendError, RunOptions};
use crate::diag::{Diagnostic, ErrorCode};
use crate::emit;
use crate::emit::{Emitted, Text};
use crate::encode::Encoded;
use crate::expect;
use crate::stages::stage;
use crate::syntax::span::{FileId, Files};
use crate::vir::OriginTable;
use crate::{blame, check, diag, pipeline, syntax};
use std::path::Path;
use std::time::Duration;

/// Which verifier runs the encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Backend {
    Silicon,
    Boogie,
}

impl Backend {
    pub fn name(self) -> &'static str {
        match self {
            Backend::Silicon => "silicon",
            Backend::Boogie => "boogie",
        }
    }

    /// Whether this backend is one of `b` (a step's: `passes::Entry::backends`).
    pub fn gives_meaning(self, b: crate::passes::Backends) -> bool {
        match self {
            Backend::Silicon => b.silicon,
            Backend::Boogie => b.boogie,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Options {
    pub backend: Backend,
    pub timeout: Duration,
    /// Backend runs at once (the programs of a run: see `components`).
    pub jobs: usize,
    /// For measuring stability: the solver's seeds, and the order of the declarations
    /// (shuffled by it). None: the backend's seeds, the source's order.
    pub seed: Option<u64>,
    /// Use and keep verdicts in the cache (`backend::cache`).
    pub cache: bool,
    /// Silicon on warm workers (`backend::silicon::warm`) rather than a JVM per program.
    pub warm: bool,
    /// A model of each failed assertion ([`RunOptions::counterexample`]).
    pub counterexample: bool,
    /// How far a program with atomicity specifications is explored (`atomicity`).
    pub explore: crate::atomicity::Bound,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            backend: Backend::Silicon,
            timeout: Duration::from_secs(120),
            jobs: crate::parallel::default_jobs(),
            seed: None,
            cache: true,
            warm: true,
            counterexample: false,
            explore: crate::atomicity::Bound::default(),
        }
    }
}

impl Options {
    /// The settings of each backend run.
    pub fn run_options(&self) -> RunOptions {
        RunOptions {
            timeout: self.timeout,
            seed: self.seed,
            cache: self.cache,
            warm: self.warm,
            counterexample: self.counterexample,
        }
    }
}

/// What a run came to; each has its exit code.
#[derive(Debug)]
pub enum Outcome {
    /// The backend verified the program (exit 0).
    Verified,
    /// The backend reported failures (exit 1).
    Failed(Vec<Diagnostic>),
    /// The input is wrong: nothing was sent to a backend (exit 2).
    InputError(Vec<Diagnostic>),
    /// The tool or the backend failed (exit 3).
    ToolError(Vec<Diagnostic>),
}

impl Outcome {
    pub fn exit_code(&self) -> i32 {
        match self {
            Outcome::Verified => 0,
            Outcome::Failed(_) => 1,
            Outcome::InputError(_) => 2,
            Outcome::ToolError(_) => 3,
        }
    }

    pub fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            Outcome::Verified => &[],
            Outcome::Failed(d) | Outcome::InputError(d) | Outcome::ToolError(d) => d,
        }
    }
}

/// Every input file (.pvl or .java) under the paths (a path may be a file), sorted.
pub fn input_files(paths: &[impl AsRef<Path>]) -> Vec<std::path::PathBuf> {
    fn walk(p: &Path, out: &mut Vec<std::path::PathBuf>) {
        if p.is_dir() {
            for e in std::fs::read_dir(p).into_iter().flatten().flatten() {
                walk(&e.path(), out);
            }
        } else if p.extension().is_some_and(|e| e == "pvl" || e == "java") {
            out.push(p.to_path_buf());
        }
    }
    let mut out = Vec::new();
    for p in paths {
        walk(p.as_ref(), &mut out);
    }
    out.sort();
    out
}

/// Reads the files into the store, followed by the files of the classes the
/// Java files among them use from their package or imports
/// (`syntax::java::sources`, as VerCors finds them) and the specification
/// library classes they name (`syntax::java::library`).
pub fn load(files: &mut Files, paths: &[impl AsRef<Path>]) -> Result<Vec<FileId>, Diagnostic> {
    let mut ids = read_files(files, paths)?;
    let given: Vec<(std::path::PathBuf, String)> = paths
        .iter()
        .zip(&ids)
        .map(|(p, id)| (p.as_ref().to_path_buf(), files.text(*id).to_owned()))
        .collect();
    let related = syntax::java::sources::related(&given);
    ids.extend(read_files(files, &related)?);
    Ok(with_library(files, ids))
}

/// [`load`] of one file whose text is given (an editor's buffer, `weft lsp`).
pub fn load_text(files: &mut Files, name: &str, text: String) -> Vec<FileId> {
    let id = files.add(name.to_string(), text);
    with_library(files, vec![id])
}

/// `ids` and the files of the Java specification library they name.
fn with_library(files: &mut Files, mut ids: Vec<FileId>) -> Vec<FileId> {
    let java: Vec<&str> = ids
        .iter()
        .filter(|id| files.name(**id).ends_with(".java"))
        .map(|id| files.text(*id))
        .collect();
    if !java.is_empty() {
        for e in syntax::java::library::referenced(&java) {
            ids.push(files.add(e.path(), e.text));
        }
    }
    ids
}

fn read_files(files: &mut Files, paths: &[impl AsRef<Path>]) -> Result<Vec<FileId>, Diagnostic> {
    paths
        .iter()
        .map(|p| {
            let p = p.as_ref();
            std::fs::read_to_string(p)
                .map(|text| files.add(p.display().to_string(), text))
                .map_err(|e| {
                    Diagnostic::tool(ErrorCode::Io, format!("cannot read {}: {e}", p.display()))
                })
        })
        .collect()
}

/// How PVL files are parsed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Parse {
    /// Method bodies left for later (`syntax::skim`).
    Skim,
    Whole,
}

/// The syntax trees of the files (the Java rewrites made).
fn parse(files: &Files, ids: &[FileId], how: Parse) -> diag::Result<Vec<syntax::ast::Unit>> {
    let (mut units, java) = parse_files(files, ids, how)?;
    // A tree step that rewrites bodies (PVL generics) needs them parsed:
    // the skim left them unparsed.
    if matches!(how, Parse::Skim) && crate::passes::needs_parsed_bodies(&units) {
        return parse(files, ids, Parse::Whole);
    }
    crate::passes::lower_tree(&mut units, java, None)?;
    Ok(units)
}

/// The syntax trees of the files, the Java rewrites made (for tests of the
/// stages after parsing).
#[cfg(test)]
pub(crate) fn parse_for_tests(
    files: &Files,
    ids: &[FileId],
) -> diag::Result<Vec<syntax::ast::Unit>> {
    parse(files, ids, Parse::Whole)
}

/// The syntax trees of the files as parsed, and whether one is Java.
fn parse_files(
    files: &Files,
    ids: &[FileId],
    how: Parse,
) -> diag::Result<(Vec<syntax::ast::Unit>, bool)> {
    let mut units = Vec::new();
    let mut errors = Vec::new();
    let mut java = false;
    for &id in ids {
        let name = files.name(id);
        let parsed = if name.ends_with(".pvl") {
            stage("parse", || match how {
                Parse::Skim => syntax::skim_pvl(id, files.text(id)),
                Parse::Whole => syntax::parse_pvl(id, files.text(id)),
            })
        } else if name.ends_with(".java") {
            java = true;
            stage("parse", || syntax::java::parse_java(id, files.text(id))).map(|mut u| {
                u.library = syntax::java::library::is_library(name);
                u
            })
        } else {
            errors.push(Diagnostic::tool(
                ErrorCode::NotSupported,
                format!("{name}: only PVL (.pvl) and Java (.java) input is supported"),
            ));
            continue;
        };
        match parsed {
            Ok(u) => units.push(u),
            Err(e) => errors.extend(e),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok((units, java))
}

/// The files as one program, ready for a backend.
pub enum Lowered {
    /// Silver text with the positions of its blamed nodes.
    Silver(Emitted, OriginTable),
    /// The encoded program (the Boogie emitter reads all of it at once).
    Boogie(Encoded),
    /// The files declare nothing: there is nothing to send to a backend.
    Nothing,
    /// A program with atomicity specifications, explored by weft itself
    /// (`atomicity`) where a backend would run.
    Atomicity(Box<crate::atomicity::Prepared>),
}

/// Parses, checks, lowers and encodes the files as one program for
/// `backend`. Method bodies are parsed when checked, and for Silicon every
/// method goes from its text to its Silver before the next is looked at
/// (`pipeline`), so no form of the program is ever whole but its text.
///
/// A method body that does not parse makes the files parse whole, so that
/// the errors are each file's first, as a parser reading it from the start
/// finds them.
pub fn frontend(files: &Files, ids: &[FileId], backend: Backend) -> diag::Result<Lowered> {
    frontend_shuffled(
        files,
        ids,
        backend,
        None,
        crate::atomicity::Bound::default(),
    )
}

/// [`frontend`], the declarations in an order shuffled by `seed` if there is one.
fn frontend_shuffled(
    files: &Files,
    ids: &[FileId],
    backend: Backend,
    seed: Option<u64>,
    explore: crate::atomicity::Bound,
) -> diag::Result<Lowered> {
    let parsed = |how| {
        let mut units = parse(files, ids, how)?;
        if let Some(seed) = seed {
            crate::shuffle::declarations(&mut units, seed);
        }
        diag::Result::Ok(units)
    };
    let lowered = match lower(parsed(Parse::Skim)?, files, backend, explore) {
        Err(e)
            if e.iter()
                .any(|d| d.code == diag::Code::Error(ErrorCode::ParseError)) =>
        {
            lower(parsed(Parse::Whole)?, files, backend, explore)
        }
        lowered => lowered,
    };
    match lowered {
        // The seed perturbs what the backend sees. An error of the front end is the
        // source's, reported as in the source's order (which of two declarations of
        // one name is the duplicate, where a cycle starts), whatever the seed.
        Err(_) if seed.is_some() => frontend_shuffled(files, ids, backend, None, explore),
        lowered => lowered,
    }
}

fn lower(
    units: Vec<syntax::ast::Unit>,
    files: &Files,
    backend: Backend,
    explore: crate::atomicity::Bound,
) -> diag::Result<Lowered> {
    if units.iter().all(|u| u.decls.is_empty()) {
        return Ok(Lowered::Nothing);
    }
    // Atomicity specifications are checked by exploring the program, not
    // by encoding it: no permission-based meaning, no Silicon.
    if let Some(span) = crate::atomicity::annotation(&units) {
        if !backend.gives_meaning(crate::passes::explore_backends()) {
            return Err(vec![Diagnostic::error(
                ErrorCode::NotSupported,
                span,
                "a program with atomicity specifications (Bogor) has no permission-based meaning: check it with --backend boogie, which explores it in weft",
            )]);
        }
        let program = stage("check", || check::check(&units))?;
        // The explorer reads the program as the core passes before its exit leave it.
        let program = stage("passes", || crate::passes::run_before_explore(program))?;
        let prepared = stage("compile", || crate::atomicity::prepare(program, explore))?;
        return Ok(Lowered::Atomicity(Box::new(prepared)));
    }
    // Rely/guarantee programs: their passes' backends only.
    let refused = calvin_annotation(&units).filter(|(_, calvin_r)| {
        let pass = if *calvin_r {
            crate::passes::calvin_r::PASS
        } else {
            crate::passes::calvin::PASS
        };
        !backend.gives_meaning(crate::passes::backends_of(&pass))
    });
    if let Some((span, calvin_r)) = refused {
        return Err(vec![Diagnostic::error(
            ErrorCode::NotSupported,
            span,
            if calvin_r {
                "a Calvin-R (access predicates and reduction) program has no permission-based meaning: verify it with --backend boogie"
            } else {
                "a Calvin (rely/guarantee) program has no permission-based meaning: verify it with --backend boogie"
            },
        )]);
    }
    match backend {
        Backend::Silicon => {
            let lowered = stage("lower", || {
                pipeline::run(units, files, emit::silver::RunPrinter::default)
            })?;
            let emitted = stage("emit", || {
                emit::silver::emit_with_runs(lowered.declarations, lowered.runs)
            });
            Ok(Lowered::Silver(emitted, lowered.origins))
        }
        Backend::Boogie => Ok(Lowered::Boogie(stage("lower", || {
            pipeline::encoded(units, files)
        })?)),
    }
}

/// Where a unit first carries rely/guarantee annotations, and whether they
/// are Calvin-R's (`passes::calvin_r`: an access predicate, a `performs`
/// spec, or else a class of a unit that has some) or Calvin's
/// (`passes::calvin`: a clause, an action, a ghost field's role).
fn calvin_annotation(units: &[syntax::ast::Unit]) -> Option<(crate::syntax::span::Span, bool)> {
    use syntax::ast::{Decl, Member, RelyGuarantee as RG, RgField};
    units.iter().find_map(|u| {
        let calvin_r_unit = syntax::ast::has_calvin_r(&u.decls);
        u.decls.iter().find_map(|d| match d {
            Decl::Class(c) => (c.members.iter())
                .find_map(|m| match m {
                    Member::Method(x) => x.contract.performs.as_ref().map(|p| (p.span, true)),
                    Member::Field(f) => f.access.as_ref().map(|a| (a.span, true)),
                    Member::RelyGuarantee(
                        r @ (RG::Clause { .. }
                        | RG::Action { .. }
                        | RG::Field {
                            role: RgField::Ghost,
                            ..
                        }),
                    ) => Some((r.span(), false)),
                    Member::RelyGuarantee(RG::Field { .. })
                    | Member::Function(_)
                    | Member::Predicate(_) => None,
                })
                .or_else(|| (calvin_r_unit && !c.is_interface).then_some((c.name.span, true))),
            Decl::Member(_) => None,
        })
    })
}

/// The backend text of the files (for `weft emit`).
pub fn emit_text(files: &Files, ids: &[FileId], backend: Backend) -> diag::Result<Text> {
    match frontend(files, ids, backend)? {
        Lowered::Silver(emitted, _) => Ok(emitted.text),
        Lowered::Nothing => Ok(Text::from(String::new())),
        Lowered::Atomicity(_) => Ok(Text::from(
            "// a program with atomicity specifications is explored by weft, not encoded\n"
                .to_string(),
        )),
        Lowered::Boogie(Encoded { program, origins }) => stage("emit", || {
            let text = emit::boogie::emit(&program)
                .map(|e| Text::from(e.text))
                .map_err(|u| vec![unsupported(&u, &origins)]);
            crate::parallel::free_in_background(program);
            text
        }),
    }
}

/// The program after the pass named `pass` (`weft emit --dump-after`): the
/// syntax tree as source after a Java tree pass, the core program as
/// s-expressions after a core pass; None if no pass has that name.
pub fn dump_after(files: &Files, ids: &[FileId], pass: &str) -> Option<diag::Result<String>> {
    use crate::passes::Step;
    let entry = crate::passes::entry(pass)?;
    if let Step::Tree(_) = entry.step {
        return Some(tree_after(files, ids, pass));
    }
    let program = parse(files, ids, Parse::Whole).and_then(|units| check::check(&units));
    Some(match (program, &entry.step) {
        (Err(e), _) => Err(e),
        (Ok(p), Step::Check) => Ok(crate::core::print::program(&p)),
        (Ok(p), Step::Explore) => {
            crate::passes::run_before_explore(p).map(|p| crate::core::print::program(&p))
        }
        (Ok(p), _) => crate::passes::run_until(p, pass)
            .unwrap_or_else(|| unreachable!("{pass} is a core pass: looked up above"))
            .map(|p| crate::core::print::program(&p)),
    })
}

/// The syntax tree after the tree step `pass`, as source (`syntax::print`).
///
/// The specification library's own classes are left out: they are the same
/// in every program. What the passes add to the library's units is shown,
/// since that is the program's: `instantiate` puts an instance next to its
/// template, so the instances of the library's templates (a lock for this
/// invariant) are in the library's units.
fn tree_after(files: &Files, ids: &[FileId], pass: &str) -> diag::Result<String> {
    use std::collections::HashSet;
    use syntax::ast::{Decl, Unit};
    let (mut units, java) = parse_files(files, ids, Parse::Whole)?;
    let class_names = |u: &Unit| -> HashSet<syntax::ast::Name> {
        u.decls
            .iter()
            .filter_map(|d| match d {
                Decl::Class(c) => Some(c.name.name),
                Decl::Member(_) => None,
            })
            .collect()
    };
    let written: Vec<HashSet<_>> = units
        .iter()
        .map(|u| {
            if u.library {
                class_names(u)
            } else {
                HashSet::new()
            }
        })
        .collect();
    crate::passes::lower_tree(&mut units, java, Some(pass))?;
    let mut out = format!("// the syntax tree after the tree step {pass}\n");
    if units.iter().any(|u| u.library) {
        out.push_str("// library classes not shown (classes the passes made in them are)\n");
    }
    let shown = units.iter().zip(&written).flat_map(|(u, written)| {
        u.decls.iter().filter(move |d| match d {
            Decl::Class(c) => !u.library || !written.contains(&c.name.name),
            Decl::Member(_) => !u.library,
        })
    });
    out.push('\n');
    out.push_str(&syntax::print::decls(shown));
    Ok(out)
}

/// A construct the Boogie encoding does not handle: an input error at its source.
fn unsupported(u: &emit::boogie::Unsupported, origins: &OriginTable) -> Diagnostic {
    let message = format!("{} is not supported yet", u.what);
    match origins.get(u.origin) {
        Some(info) => Diagnostic::error(ErrorCode::NotSupported, info.span, message),
        None => Diagnostic::tool(ErrorCode::NotSupported, message),
    }
}

/// Verify the files as one program.
///
/// Files that do not use each other are separate programs, each verified on
/// its own (`components`), `opts.jobs` at once; the outcome is theirs together.
/// An input error in any of them means no backend runs.
pub fn verify(files: &Files, ids: &[FileId], opts: &Options) -> Outcome {
    verify_reporting(files, ids, opts, &|_| {}).0
}

/// One backend program of a run: its files, and what its backend run took.
#[derive(Clone, Debug)]
pub struct ProgramRun {
    pub files: Vec<String>,
    /// The backend's time (the verdict's own time when it came from the cache).
    pub time: Duration,
    /// The verdict came from the cache (`backend::cache`).
    pub cached: bool,
    /// Each member's backend name and time, when the backend tells (Silicon).
    pub members: Vec<(String, Duration)>,
    /// What the run has to say beyond its failures (each annotated method's
    /// verdict, for a program explored for atomicity).
    pub notes: Vec<String>,
}

/// [`verify`], telling `done` of each program as its backend run ends, and returning
/// the programs' runs too.
pub fn verify_reporting(
    files: &Files,
    ids: &[FileId],
    opts: &Options,
    done: &(dyn Fn(&ProgramRun) + Sync),
) -> (Outcome, Vec<ProgramRun>) {
    let library = |id: FileId| syntax::java::library::is_library(files.name(id));
    let groups = crate::components::components(files, ids, library);
    let mut lowered = Vec::with_capacity(groups.len());
    let mut errors = Vec::new();
    // Failures weft decides itself before any backend (an AtomicInteger
    // protocol that creates resource): verdicts, not input errors.
    let mut decided = Vec::new();
    let mut kept = Vec::with_capacity(groups.len());
    for g in &groups {
        match frontend_shuffled(files, g, opts.backend, opts.seed, opts.explore) {
            // Not verified, and not reported as such: no program run.
            Ok(Lowered::Nothing) => {}
            Ok(l) => {
                lowered.push(l);
                kept.push(g.clone());
            }
            Err(e) if all_decided(&e) => decided.extend(e),
            Err(e) => errors.extend(e),
        }
    }
    let groups = kept;
    if errors
        .iter()
        .any(|d| d.code == diag::Code::Error(ErrorCode::Internal))
    {
        // weft's own fault, not the input's: no verdict (exit 3).
        return (Outcome::ToolError(errors), Vec::new());
    }
    if !errors.is_empty() {
        return (Outcome::InputError(errors), Vec::new());
    }
    let jobs: Vec<(&Lowered, &Vec<FileId>)> = lowered.iter().zip(&groups).collect();
    let results = crate::parallel::map_jobs(&jobs, opts.jobs, |(l, g)| {
        let names: Vec<String> = g.iter().map(|id| files.name(*id).to_string()).collect();
        let (outcome, stats) = run_backend(l, files, opts);
        let outcome = with_hints(outcome, l, files);
        let run = ProgramRun {
            files: names,
            time: stats.time,
            cached: stats.cached,
            members: stats.members,
            notes: stats.notes,
        };
        done(&run);
        let outcome = match outcome {
            // Say which program had no verdict: the files it was made of.
            Outcome::ToolError(mut d) => {
                for e in &mut d {
                    e.message = format!("verifying {}: {}", run.files.join(", "), e.message);
                }
                Outcome::ToolError(d)
            }
            other => other,
        };
        (outcome, run)
    });
    crate::parallel::free_in_background(lowered);
    let (mut outcomes, runs): (Vec<Outcome>, Vec<ProgramRun>) = results.into_iter().unzip();
    if !decided.is_empty() {
        outcomes.push(Outcome::Failed(decided));
    }
    (together(outcomes), runs)
}

/// The failures of `outcome` with what the contract gives under each permission
/// failure (`blame::hint`).
fn with_hints(outcome: Outcome, lowered: &Lowered, files: &Files) -> Outcome {
    let origins = match lowered {
        Lowered::Silver(_, origins) => origins,
        Lowered::Boogie(encoded) => &encoded.origins,
        Lowered::Nothing | Lowered::Atomicity(_) => return outcome,
    };
    match outcome {
        Outcome::Failed(mut diags) => {
            for d in &mut diags {
                blame::hint::permission(d, origins.grants(), files);
            }
            Outcome::Failed(diags)
        }
        other => other,
    }
}

/// Whether the front end's diagnostics are all failures it decided itself
/// (verdicts: exit 1, held against markers), not errors in the input.
fn all_decided(diags: &[Diagnostic]) -> bool {
    diags
        .iter()
        .all(|d| matches!(d.code, diag::Code::Failure(_)))
}

/// The outcome of several programs: a tool error if any had one (nothing is
/// verified then), else their failures, else verified.
fn together(outcomes: Vec<Outcome>) -> Outcome {
    let mut failures = Vec::new();
    let mut tool = Vec::new();
    // A run that refused its input (an emitter's or the atomicity
    // explorer's "not supported") is exit 2 when no tool failed.
    let mut input = Vec::new();
    for o in outcomes {
        match o {
            Outcome::Verified => {}
            Outcome::Failed(d) => failures.extend(d),
            Outcome::InputError(d) => input.extend(d),
            Outcome::ToolError(d) => tool.extend(d),
        }
    }
    if !tool.is_empty() {
        tool.extend(input);
        tool.extend(failures);
        Outcome::ToolError(tool)
    } else if !input.is_empty() {
        input.extend(failures);
        Outcome::InputError(input)
    } else if !failures.is_empty() {
        Outcome::Failed(failures)
    } else {
        Outcome::Verified
    }
}

/// Verify the files as one program and hold the failures against the files'
/// expectation markers (`/*[/expect CODE]*/ … /*[/end]*/`): a failure a region
/// expects is not one, and a region that caught none (or two) is. A program
/// whose regions are all met verifies, as VerCors reports it. Input and tool
/// errors stand as they are.
pub fn verify_expecting(files: &Files, ids: &[FileId], opts: &Options) -> Outcome {
    verify_expecting_reporting(files, ids, opts, &|_| {}).0
}

/// [`verify_expecting`] with [`verify_reporting`]'s report of each program.
pub fn verify_expecting_reporting(
    files: &Files,
    ids: &[FileId],
    opts: &Options,
    done: &(dyn Fn(&ProgramRun) + Sync),
) -> (Outcome, Vec<ProgramRun>) {
    let regions = match expect::parse_all_regions(files) {
        Ok(r) => r,
        Err(errors) => return (Outcome::InputError(errors), Vec::new()),
    };
    let (outcome, runs) = verify_reporting(files, ids, opts, done);
    if regions.is_empty() {
        return (outcome, runs);
    }
    let failures = match outcome {
        Outcome::Verified => Vec::new(),
        Outcome::Failed(f) => f,
        other => return (other, runs),
    };
    let left = expect::check_expectations(files, &regions, failures);
    let outcome = if left.is_empty() {
        Outcome::Verified
    } else {
        Outcome::Failed(left)
    };
    (outcome, runs)
}

/// What a backend run took.
struct RunStats {
    time: Duration,
    cached: bool,
    members: Vec<(String, Duration)>,
    notes: Vec<String>,
}

fn run_backend(lowered: &Lowered, files: &Files, opts: &Options) -> (Outcome, RunStats) {
    let started = std::time::Instant::now();
    let mut stats = RunStats {
        time: Duration::ZERO,
        cached: false,
        members: Vec::new(),
        notes: Vec::new(),
    };
    let outcome = match lowered {
        Lowered::Silver(emitted, origins) => run_silicon(emitted, origins, opts, &mut stats),
        Lowered::Boogie(encoded) => run_boogie(encoded, opts, &mut stats),
        Lowered::Nothing => Outcome::Verified,
        Lowered::Atomicity(prepared) => match stage("explore", || prepared.run(files)) {
            Err(e) => Outcome::InputError(e),
            Ok(report) => {
                stats.time = report.time;
                stats.notes = report.notes;
                if report.failures.is_empty() {
                    Outcome::Verified
                } else {
                    Outcome::Failed(report.failures)
                }
            }
        },
    };
    if stats.time.is_zero() {
        stats.time = started.elapsed();
    }
    (outcome, stats)
}

fn run_boogie(encoded: &Encoded, opts: &Options, stats: &mut RunStats) -> Outcome {
    let emitted = match emit::boogie::emit(&encoded.program) {
        Ok(e) => e,
        Err(u) => return Outcome::InputError(vec![unsupported(&u, &encoded.origins)]),
    };
    let run = opts.run_options();
    match backend::boogie::run(&emitted.text, &run) {
        Err(e) => Outcome::ToolError(vec![backend_error(&e)]),
        Ok(v) => {
            stats.time = v.time;
            stats.cached = v.cached;
            let failed_lines: Vec<usize> = v.errors.iter().map(|e| e.at.line).collect();
            let checks = &emitted.checks;
            // Each failure with its line; a refute fails when its assert could not.
            let mut failed: Vec<(usize, Diagnostic)> = Vec::new();
            for e in &v.errors {
                match checks.by_line.get(&e.at.line) {
                    Some(c) if c.refute => {}
                    Some(c) => failed.push((
                        e.at.line,
                        blame::blame_check(c, &encoded.origins, checks.method_at(e.at.line)),
                    )),
                    None => failed.push((e.at.line, blame::unmapped(&e.message))),
                }
            }
            for (line, c) in &checks.by_line {
                if c.refute && !failed_lines.contains(line) {
                    let method = checks.method_at(*line);
                    failed.push((*line, blame::blame_check(c, &encoded.origins, method)));
                }
            }
            // The first failure of each procedure, as Silicon reports a
            // member's (`backend::silicon`) and VerCors expects: Boogie goes
            // on past a failure and reports what follows from it too. A
            // failed refute neither counts nor is dropped: Silicon checks it
            // on a branch of its own, and reports it after an earlier
            // failure as well (that branch ends there, so the refute is not
            // reached), where Boogie, assuming the failed assertion, finds
            // that it holds.
            failed.sort_by_key(|(line, _)| *line);
            let mut seen = std::collections::HashSet::new();
            failed.retain(|(line, _)| {
                checks.by_line.get(line).is_some_and(|c| c.refute)
                    || seen.insert(checks.procedure_of(*line))
            });
            if run.counterexample {
                with_boogie_models(&mut failed, &emitted, &run);
            }
            let mut diags: Vec<Diagnostic> = failed.into_iter().map(|(_, d)| d).collect();
            if diags.is_empty() {
                return Outcome::Verified;
            }
            dedup(&mut diags);
            Outcome::Failed(diags)
        }
    }
}

/// Each failure of a failed assert with the values of its failing state,
/// from a second Boogie run (`backend::boogie::model`); without them when
/// that run gives none (the verdict stands).
fn with_boogie_models(
    failed: &mut [(usize, Diagnostic)],
    emitted: &emit::boogie::BoogieEmitted,
    run: &RunOptions,
) {
    let asserts: Vec<usize> = (failed.iter())
        .map(|(line, _)| *line)
        .filter(|l| emitted.checks.by_line.get(l).is_some_and(|c| !c.refute))
        .collect();
    if asserts.is_empty() {
        return;
    }
    let Ok(models) = backend::boogie::counterexamples(&emitted.text, &asserts, run) else {
        return;
    };
    for (line, d) in failed.iter_mut() {
        if let Some((_, m)) = models.by_line.iter().find(|(l, _)| l == line) {
            d.counterexample = blame::model::source_values(m);
        }
    }
}

fn run_silicon(
    emitted: &Emitted,
    origins: &OriginTable,
    opts: &Options,
    stats: &mut RunStats,
) -> Outcome {
    let run = opts.run_options();
    let verdict = backend::silicon::run(&emitted.text, &run);
    if let Ok(v) = &verdict {
        stats.time = v.time;
        stats.cached = v.cached;
        stats.members = v.members.clone();
    }
    match verdict {
        Err(e) => Outcome::ToolError(vec![backend_error(&e)]),
        Ok(v) if v.failures.is_empty() => Outcome::Verified,
        Ok(v) => {
            let mut diags: Vec<Diagnostic> = v
                .failures
                .iter()
                .filter(|f| !blame::unreached(f, &v.failures, emitted, origins))
                .map(|f| blame::blame(f, emitted, origins))
                .collect();
            dedup(&mut diags);
            Outcome::Failed(diags)
        }
    }
}

/// One construct failing on several paths is one failure. The satisfiability
/// check of a precondition is also not reached when the precondition itself
/// fails (is ill-formed): that failure is the one to report.
fn dedup(diags: &mut Vec<Diagnostic>) {
    let unsatisfiable = crate::diag::Code::Failure(crate::diag::FailureCode::Unsatisfiable);
    let spans: Vec<_> = diags
        .iter()
        .filter(|d| d.code != unsatisfiable)
        .filter_map(|d| d.span)
        .collect();
    diags.retain(|d| {
        d.code != unsatisfiable
            || !d.span.is_some_and(|u| {
                spans
                    .iter()
                    .any(|s| s.file == u.file && u.start <= s.start && s.end <= u.end)
            })
    });
    let mut seen = Vec::new();
    diags.retain(|d| {
        let key = (d.code, d.span);
        if seen.contains(&key) {
            false
        } else {
            seen.push(key);
            true
        }
    });
}

pub fn backend_error(e: &BackendError) -> Diagnostic {
    let message = match e {
        // The members as the source names them.
        BackendError::Timeout { after, unfinished } => BackendError::Timeout {
            after: *after,
            unfinished: unfinished
                .iter()
                .map(|n| crate::encode::names::source_name(n))
                .collect(),
        }
        .to_string(),
        other => other.to_string(),
    };
    Diagnostic::tool(ErrorCode::Backend, message)
}

/// The result of checking one test file against its expectations.
#[derive(Debug)]
pub struct TestOutcome {
    /// What did not go as the file expects (empty: the test passes).
    pub problems: Vec<Diagnostic>,
    /// The backend or the tool failed: no verdict.
    pub tool_error: bool,
    /// The file says the backend cannot check it yet (the reason).
    pub skipped: Option<String>,
}

impl TestOutcome {
    pub fn passed(&self) -> bool {
        self.problems.is_empty() && !self.tool_error
    }
}

/// Verifies one file and checks it against its expectations: the
/// `/*[/expect CODE]*/` regions, and an `// expect-error: CODE` header for
/// files the front end must reject (the error's place is then given by a
/// region too, when the file has one).
pub fn test_file(files: &mut Files, path: &Path, opts: &Options) -> TestOutcome {
    let ids = match load(files, &[path]) {
        Ok(ids) => ids,
        Err(e) => {
            return TestOutcome {
                problems: vec![e],
                tool_error: true,
                skipped: None,
            }
        }
    };
    let regions = match expect::parse_regions(files, ids[0]) {
        Ok(r) => r,
        Err(e) => {
            return TestOutcome {
                problems: e,
                tool_error: false,
                skipped: None,
            }
        }
    };
    if let Some(reason) = expect::unsupported_on(files.text(ids[0]), opts.backend.name()) {
        return TestOutcome {
            problems: Vec::new(),
            tool_error: false,
            skipped: Some(reason),
        };
    }
    let expected_error = expect::expected_error(files.text(ids[0]));
    let outcome = match frontend_shuffled(files, &ids, opts.backend, opts.seed, opts.explore) {
        Err(errors) if all_decided(&errors) && expected_error.is_none() => Outcome::Failed(errors),
        Err(errors) => Outcome::InputError(errors),
        // The exploration may refuse what it meets (an exception the
        // program would throw): an input error an expectation may name.
        Ok(l @ Lowered::Atomicity(_)) => run_backend(&l, files, opts).0,
        Ok(_) if expected_error.is_some() => Outcome::Verified,
        Ok(lowered) => run_backend(&lowered, files, opts).0,
    };
    match (outcome, expected_error) {
        (Outcome::InputError(errors), Some(code)) => TestOutcome {
            problems: check_expected_errors(&regions, &code, errors),
            tool_error: false,
            skipped: None,
        },
        (outcome, Some(code)) => TestOutcome {
            problems: std::iter::once(Diagnostic::tool(
                ErrorCode::Io,
                format!("expected the front end to report {code}, but it accepted the file"),
            ))
            .chain(outcome.diagnostics().iter().cloned())
            .collect(),
            tool_error: false,
            skipped: None,
        },
        (Outcome::Verified, None) => TestOutcome {
            problems: expect::check_expectations(files, &regions, Vec::new()),
            tool_error: false,
            skipped: None,
        },
        (Outcome::Failed(failures), None) => TestOutcome {
            problems: expect::check_expectations(files, &regions, failures),
            tool_error: false,
            skipped: None,
        },
        (Outcome::InputError(e), None) => TestOutcome {
            problems: e,
            tool_error: false,
            skipped: None,
        },
        (Outcome::ToolError(e), None) => TestOutcome {
            problems: e,
            tool_error: true,
            skipped: None,
        },
    }
}

/// A file the front end must reject: some error has the expected code, and
/// where the file has regions, every such error lies in one and every region
/// caught one.
fn check_expected_errors(
    regions: &[expect::Region],
    code: &str,
    errors: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    let matching: Vec<&Diagnostic> = errors
        .iter()
        .filter(|e| expect::code_matches(code, &e.code.to_string()))
        .collect();
    if matching.is_empty() {
        let mut problems = vec![Diagnostic::tool(
            ErrorCode::Io,
            format!("expected the front end to report {code}"),
        )];
        problems.extend(errors.iter().cloned());
        return problems;
    }
    let mut problems = Vec::new();
    for r in regions {
        if !matching
            .iter()
            .any(|e| e.span.is_some_and(|s| r.contains(s)))
        {
            problems.push(Diagnostic::failure(
                crate::diag::FailureCode::NotTripped,
                r.open,
                format!("expected {} here", r.code),
            ));
        }
    }
    if !regions.is_empty() {
        for e in &matching {
            if !e
                .span
                .is_some_and(|s| regions.iter().any(|r| r.contains(s)))
            {
                problems.push((*e).clone());
            }
        }
    }
    problems
}
