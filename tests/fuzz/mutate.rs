//! The fuzzer's inputs: weft's own examples and test cases, each mutated by
//! a few random edits. Shared by the bounded run in the test suite
//! (`tests/fuzz.rs`) and the long run (`benches/fuzz.rs`).
//!
//! An input is a pure function of `(seed, index)`, so a crash found at
//! index 7 123 456 of a long run is replayed from those two numbers alone.

use std::path::{Path, PathBuf};
use weft::driver;
use weft::syntax::span::Files;

/// One program of the corpus: its text and whether it is Java.
pub struct Program {
    pub java: bool,
    pub text: String,
}

/// Every `.pvl` and `.java` file under `examples/` and `tests/cases/`, in a
/// fixed order.
pub fn corpus() -> Vec<Program> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dirs: Vec<PathBuf> = vec![root.join("examples"), root.join("tests/cases")];
    let files = driver::input_files(&dirs);
    assert!(!files.is_empty(), "the corpus is empty");
    files
        .iter()
        .map(|p| Program {
            java: p.extension().is_some_and(|e| e == "java"),
            text: std::fs::read_to_string(p).expect("a corpus file is readable"),
        })
        .collect()
}

/// Pieces the edits insert: the languages' keywords and operators, the
/// spec-comment markers, and literals at the edges of what a lexer expects.
const PIECES: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ";",
    ",",
    ".",
    ":",
    "?",
    "!",
    "-",
    "+",
    "*",
    "/",
    "%",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "&&",
    "||",
    "==>",
    "**",
    "\\",
    "=",
    "++",
    "--",
    "..",
    "/*@",
    "@*/",
    "//@",
    "/*",
    "*/",
    "//",
    "\n",
    "\"",
    "'",
    "@",
    "#",
    "$",
    "requires ",
    "ensures ",
    "context ",
    "context_everywhere ",
    "loop_invariant ",
    "given ",
    "yields ",
    "decreases ",
    "modifies ",
    "accessible ",
    "invariant ",
    "lock_invariant ",
    "resource ",
    "pure ",
    "ghost ",
    "inline ",
    "static ",
    "final ",
    "class ",
    "void ",
    "int ",
    "boolean ",
    "bool ",
    "seq<int> ",
    "set<int> ",
    "bag<int> ",
    "frac ",
    "zfrac ",
    "if ",
    "else ",
    "while ",
    "for ",
    "return ",
    "new ",
    "this",
    "null",
    "true",
    "false",
    "Perm(",
    "PointsTo(",
    "Value(",
    "perm(",
    "write",
    "read",
    "none",
    "\\old(",
    "\\result",
    "\\forall ",
    "\\exists ",
    "\\sum ",
    "\\unfolding ",
    "\\let ",
    "fold ",
    "unfold ",
    "assert ",
    "assume ",
    "inhale ",
    "exhale ",
    "lock ",
    "unlock ",
    "wait ",
    "notify ",
    "fork ",
    "join ",
    "par ",
    "barrier(",
    "atomic(",
    "invariant ",
    "kernel ",
    "process ",
    "action ",
    "Hist(",
    "synchronized ",
    "Thread ",
    "run",
    "start()",
    "AtomicInteger ",
    "env_assumption ",
    "global_invariant ",
    "unwritable_by_env_if ",
    "tid",
    "holder",
    "0",
    "1",
    "-1",
    "1\\2",
    "2147483648",
    "99999999999999999999999999999999999999",
    "0x",
    "1e10",
    "1.5",
    "\"s\"",
    "'c'",
    "é",
    "\u{0}",
    "\u{feff}",
    "\u{10ffff}",
];

/// Openers whose long runs probe how deeply weft nests.
const DEEP: &[(&str, &str)] = &[
    ("(", ")"),
    ("{", "}"),
    ("!", ""),
    ("-", ""),
    ("if (true) {", "}"),
    ("while (false) {", "}"),
    ("\\old(", ")"),
    ("(true ? ", " : 0)"),
    ("1 + ", ""),
    ("true ==> ", ""),
    ("x.", ""),
    ("seq<", ">"),
];

/// The input at `index` of the run with `seed`: a corpus program with one
/// to four random edits.
pub fn input(corpus: &[Program], seed: u64, index: u64) -> (bool, String) {
    let mut rng = fastrand::Rng::with_seed(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let base = &corpus[rng.usize(..corpus.len())];
    let mut text: Vec<char> = base.text.chars().collect();
    for _ in 0..rng.usize(1..=4) {
        edit(&mut rng, corpus, &mut text);
    }
    (base.java, text.into_iter().collect())
}

fn span(rng: &mut fastrand::Rng, len: usize) -> (usize, usize) {
    let start = rng.usize(..=len);
    let end = (start + rng.usize(0..=24)).min(len);
    (start, end)
}

fn edit(rng: &mut fastrand::Rng, corpus: &[Program], text: &mut Vec<char>) {
    let len = text.len();
    match rng.u8(..7) {
        // Delete a short span.
        0 => {
            let (a, b) = span(rng, len);
            text.drain(a..b);
        }
        // Repeat one.
        1 => {
            let (a, b) = span(rng, len);
            let piece: Vec<char> = text[a..b].to_vec();
            text.splice(b..b, piece);
        }
        // Insert a keyword, operator or odd literal.
        2 | 3 => {
            let at = rng.usize(..=len);
            let piece = PIECES[rng.usize(..PIECES.len())];
            text.splice(at..at, piece.chars());
        }
        // Put in a span of another program.
        4 => {
            let other: Vec<char> = corpus[rng.usize(..corpus.len())].text.chars().collect();
            let (a, b) = span(rng, other.len());
            let (c, d) = span(rng, len);
            text.splice(c..d, other[a..b].iter().copied());
        }
        // Swap two lines.
        5 => {
            let lines: Vec<usize> = (0..len).filter(|&i| text[i] == '\n').collect();
            if lines.len() >= 3 {
                let i = rng.usize(..lines.len() - 1);
                let (a, b) = (lines[i] + 1, lines[i + 1]);
                let moved: Vec<char> = text.drain(a..=b).collect();
                let at = rng.usize(..=text.len());
                text.splice(at..at, moved);
            }
        }
        // Nest deeply: up to 30 000 openers (past weft's limit), closed or not.
        _ => {
            let (open, close) = DEEP[rng.usize(..DEEP.len())];
            let n = if rng.bool() {
                rng.usize(1..200)
            } else {
                rng.usize(1..30_000)
            };
            let at = rng.usize(..=len);
            let mut piece = open.repeat(n);
            piece.push('x');
            if rng.u8(..4) != 0 {
                piece.push_str(&close.repeat(n));
            }
            text.splice(at..at, piece.chars());
        }
    }
}

/// Runs one input through the front end, the passes and both emitters,
/// as `weft emit` would; a panic or an overflow here is a crash.
pub fn run(java: bool, text: String) {
    let mut files = Files::new();
    let name = if java { "Fuzz.java" } else { "fuzz.pvl" };
    let ids = driver::load_text(&mut files, name, text);
    let _ = driver::emit_text(&files, &ids, driver::Backend::Silicon);
    let _ = driver::emit_text(&files, &ids, driver::Backend::Boogie);
}
