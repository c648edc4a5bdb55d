//! `weft explain CODE`: what a failure or error code means, a minimal program
//! that fails with it, and that program fixed.
//!
//! The texts and programs are files in `src/diag/explain/`, embedded in the
//! binary, one set per code named by its stem ([`stem`]): `STEM.txt` (a
//! one-line hint, an empty line, the meaning), `STEM.pvl` or `STEM.java` (fails
//! with the code, in a marked region) and `STEM.fixed.pvl` or `.fixed.java`
//! (verifies). The test suite verifies both programs on both backends, like
//! every example (`tests/suite.rs`), so an explanation cannot drift from what
//! weft reports. The hint is also shown under each diagnostic and in JSON and
//! SARIF output.

use include_dir::{include_dir, Dir};

static FILES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/src/diag/explain");

/// The reasons a failure code may carry after its colon (`postFailed:perm`).
const REASONS: [&str; 3] = ["false", "perm", "negativePermValue"];

/// The file stem of a code: a failure code without its reason
/// (`postFailed:false` → `postFailed`), an error code with its colon as `_`
/// (`typeError:mismatch` → `typeError_mismatch`).
pub fn stem(code: &str) -> String {
    match code.split_once(':') {
        Some((base, reason)) if REASONS.contains(&reason) => base.to_string(),
        _ => code.replace(':', "_"),
    }
}

/// A program of an explanation.
#[derive(Clone, Copy, Debug)]
pub struct Program {
    /// The file name, e.g. `postFailed.pvl`.
    pub name: &'static str,
    pub text: &'static str,
}

impl Program {
    /// The text as a reader should see it: without weft's test markers
    /// (`/*[/expect …]*/`, `/*[/end]*/`, `// expect-error:`, `// unsupported-on:`).
    pub fn shown(&self) -> String {
        let mut out = String::new();
        for line in self.text.lines() {
            let t = line.trim_start();
            if t.starts_with("// expect-error:") || t.starts_with("// unsupported-on:") {
                continue;
            }
            let stripped = strip_markers(line);
            // A line that held only a marker goes with it.
            if stripped.trim().is_empty() && !line.trim().is_empty() {
                continue;
            }
            out.push_str(&stripped);
            out.push('\n');
        }
        out
    }
}

/// `line` without `/*[/expect …]*/` and `/*[/end]*/` markers.
fn strip_markers(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find("/*[/") {
        out.push_str(&rest[..at]);
        match rest[at..].find("]*/") {
            Some(end) => rest = &rest[at + end + 3..],
            None => {
                rest = &rest[at..];
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

/// What `weft explain` says about one code.
#[derive(Clone, Debug)]
pub struct Explanation {
    pub stem: String,
    /// One line: what usually fixes it.
    pub hint: &'static str,
    /// What the code means and where weft reports it.
    pub meaning: &'static str,
    /// A program that fails with the code, and the same program fixed.
    pub failing: Option<Program>,
    pub fixed: Option<Program>,
}

fn text(name: &str) -> Option<&'static str> {
    FILES.get_file(name).and_then(|f| f.contents_utf8())
}

fn program(name: String) -> Option<Program> {
    let f = FILES.get_file(&name)?;
    Some(Program {
        name: f.path().to_str()?,
        text: f.contents_utf8()?,
    })
}

/// The explanation of `code` (with or without its reason), if weft has one.
pub fn lookup(code: &str) -> Option<Explanation> {
    let stem = stem(code);
    let txt = text(&format!("{stem}.txt"))?;
    let (hint, meaning) = txt.split_once('\n').unwrap_or((txt, ""));
    let either = |suffix: &str| {
        program(format!("{stem}{suffix}.pvl")).or_else(|| program(format!("{stem}{suffix}.java")))
    };
    Some(Explanation {
        hint: hint.trim(),
        meaning: meaning.trim(),
        failing: either(""),
        fixed: either(".fixed"),
        stem,
    })
}

/// The one-line hint for `code`.
pub fn hint(code: &str) -> Option<&'static str> {
    lookup(code).map(|e| e.hint)
}

/// The stems of every explained code, sorted.
pub fn stems() -> Vec<String> {
    let mut out: Vec<String> = FILES
        .files()
        .filter_map(|f| f.path().to_str()?.strip_suffix(".txt").map(String::from))
        .collect();
    out.sort();
    out
}

impl Explanation {
    /// The text `weft explain` prints.
    pub fn render(&self) -> String {
        let mut s = format!("{}: {}\n", self.stem, self.hint);
        if !self.meaning.is_empty() {
            s.push('\n');
            s.push_str(self.meaning);
            s.push('\n');
        }
        let mut show = |title: &str, p: &Program| {
            s.push_str(&format!("\n{title} ({}):\n\n", p.name));
            for line in p.shown().lines() {
                if line.is_empty() {
                    s.push('\n');
                } else {
                    s.push_str(&format!("    {line}\n"));
                }
            }
        };
        if let Some(p) = &self.failing {
            show("A program that fails with it", p);
        }
        if let Some(p) = &self.fixed {
            show("The same program, fixed", p);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::{ErrorCode, FailureCode};
    use strum::IntoEnumIterator;

    #[test]
    fn stems_of_codes() {
        assert_eq!(stem("postFailed:false"), "postFailed");
        assert_eq!(stem("postFailed:negativePermValue"), "postFailed");
        assert_eq!(stem("perm"), "perm");
        assert_eq!(stem("typeError:mismatch"), "typeError_mismatch");
    }

    #[test]
    fn markers_are_not_shown() {
        let p = Program {
            name: "x.pvl",
            text: "// expect-error: parseError\n  /*[/expect assertFailed:false]*/assert x;/*[/end]*/\n",
        };
        assert_eq!(p.shown(), "  assert x;\n");
    }

    /// Every code weft can report is explained, with a hint of one short line.
    #[test]
    fn every_code_is_explained() {
        let codes = FailureCode::iter()
            .map(|c| c.to_string())
            .chain(ErrorCode::iter().map(|c| c.to_string()));
        for code in codes {
            let e = lookup(&code).unwrap_or_else(|| panic!("no explanation of {code}"));
            assert!(!e.hint.is_empty() && e.hint.len() <= 120, "hint of {code}");
            assert!(!e.meaning.is_empty(), "meaning of {code}");
        }
    }

    /// A failing program is marked with its own code; a fix comes with a failing program.
    #[test]
    fn programs_are_marked_with_their_code() {
        for s in stems() {
            let e = lookup(&s).unwrap();
            if let Some(p) = e.failing {
                let marked = p
                    .text
                    .split("/*[/expect ")
                    .skip(1)
                    .chain(p.text.split("// expect-error: ").skip(1))
                    .any(|rest| {
                        let code: String = rest
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == ':' || *c == '_')
                            .collect();
                        stem(&code) == s
                    });
                assert!(marked, "{} is not marked with {s}", p.name);
                assert!(!p.text.contains("/*[/expect") || p.text.contains("/*[/end]*/"));
            }
            if let Some(p) = e.fixed {
                assert!(e.failing.is_some(), "{} fixes nothing", p.name);
                assert!(
                    !p.text.contains("/*[/expect"),
                    "{} expects a failure",
                    p.name
                );
                assert!(
                    !p.text.contains("expect-error"),
                    "{} expects an error",
                    p.name
                );
            }
        }
    }
}
