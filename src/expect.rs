//! Expectation markers in source files, VerCors-compatible.
//!
//! A region `/*[/expect CODE]*/ … /*[/end]*/` expects exactly one failure with code CODE whose
//! primary span starts inside the region, i.e. at or after the end of the opening marker and
//! before the start of `/*[/end]*/`. [`check_expectations`] removes the failures the regions
//! expect and adds `notTripped` / `trippedTwice` failures for the regions that were not met, so
//! a file whose expectations all hold ends up with no failures at all.
//!
//! Front-end error cases instead carry a header line `// expect-error: CODE` near the top of
//! the file ([`expected_error`]).

use crate::diag::{Code, Diagnostic, ErrorCode, FailureCode, Result};
use crate::syntax::span::{FileId, Files, Span};

const OPEN: &str = "/*[/expect";
const END: &str = "/*[/end]*/";
/// Every marker starts with this; anything else starting with it is a malformed marker.
const MARKER: &str = "/*[/";
const MARKER_CLOSE: &str = "]*/";

/// How many leading lines [`expected_error`] looks at.
const HEADER_LINES: usize = 10;

/// One `/*[/expect CODE]*/ … /*[/end]*/` region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// The expected code as written (`postFailed:false`, or just `postFailed`).
    pub code: String,
    /// The opening marker `/*[/expect CODE]*/`.
    pub open: Span,
    /// What the region covers: from the end of the opening marker to the start of the closing.
    pub body: Span,
    /// The closing marker `/*[/end]*/`.
    pub close: Span,
}

impl Region {
    /// Whether a failure at `span` is inside this region (by where it starts).
    pub fn contains(&self, span: Span) -> bool {
        span.file == self.body.file && self.body.start <= span.start && span.start < self.body.end
    }
}

/// Whether an expected code accepts a failure code: equal, or the expected code has no reason
/// (`postFailed`) and equals the failure code's base (`postFailed:false`).
pub fn code_matches(expected: &str, actual: &str) -> bool {
    expected == actual
        || (!expected.contains(':')
            && actual
                .split_once(':')
                .is_some_and(|(base, _)| base == expected))
}

/// The expectation regions of one file, in source order. Markers do not nest; a marker that is
/// malformed, unclosed, unopened or nested is a `parseError`.
pub fn parse_regions(files: &Files, file: FileId) -> Result<Vec<Region>> {
    let text = files.text(file);
    let mut regions = Vec::new();
    let mut errors = Vec::new();
    // The currently open region: its code and opening marker.
    let mut open: Option<(String, Span)> = None;
    let mut pos = 0;
    while let Some((start, bare)) = next_marker(text, pos) {
        let marker = if bare {
            // `[/expect CODE]` or `[/end]` in the code: up to its `]`.
            let len = text[start..]
                .find(']')
                .map_or(text.len() - start, |l| l + 1);
            text[start..start + len].to_string()
        } else {
            // `/*[/expect CODE]*/`, or as VerCors's lexer also reads it,
            // `/*[/expect CODE]` with the comment left open: the marker ends
            // at its `]` (and its `*/`, if one follows), and what follows is
            // code or a `/*@` specification.
            let on_line = text[start..].find('\n').map_or(text.len(), |i| start + i);
            let Some(len) = text[start..on_line].find(']') else {
                let span = Span::new(file, start, start + MARKER.len());
                errors.push(marker_error(
                    span,
                    "expectation marker is not closed by `]*/`",
                ));
                break;
            };
            let closed = text[start + len..].starts_with(MARKER_CLOSE);
            let len = if closed {
                len + MARKER_CLOSE.len()
            } else {
                len + 1
            };
            text[start..start + len].to_string()
        };
        let end = start + marker.len();
        let span = Span::new(file, start, end);
        // One spelling for every form: the commented, closed one.
        let marker = match (bare, marker.ends_with("*/")) {
            (true, _) => format!("/*{marker}*/"),
            (false, false) => format!("{marker}*/"),
            (false, true) => marker,
        };
        let marker = marker.as_str();
        pos = end;
        if marker == END {
            match open.take() {
                Some((code, open_span)) => regions.push(Region {
                    code,
                    open: open_span,
                    body: Span::new(file, open_span.end as usize, start),
                    close: span,
                }),
                None => errors.push(marker_error(
                    span,
                    "`/*[/end]*/` without an opening `/*[/expect …]*/`",
                )),
            }
        } else if let Some(rest) = marker.strip_prefix(OPEN) {
            // `rest` is ` CODE]*/`: a space, then exactly one code.
            let inner = &rest[..rest.len() - MARKER_CLOSE.len()];
            let code = inner.trim();
            let well_formed = inner.starts_with(char::is_whitespace)
                && !code.is_empty()
                && code
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == ':' || c == '_');
            if !well_formed {
                errors.push(marker_error(
                    span,
                    "expected one failure code, as in `/*[/expect postFailed:false]*/`",
                ));
            } else if let Some((_, outer)) = &open {
                errors.push(
                    marker_error(span, "expectation regions may not nest")
                        .with_related(*outer, "the enclosing region opens here"),
                );
            } else {
                open = Some((code.to_string(), span));
            }
        } else {
            errors.push(marker_error(
                span,
                "unknown marker: expected `/*[/expect CODE]*/` or `/*[/end]*/`",
            ));
        }
    }
    if let Some((_, span)) = open {
        errors.push(marker_error(
            span,
            "expectation region is not closed by `/*[/end]*/`",
        ));
    }
    if errors.is_empty() {
        Ok(regions)
    } else {
        Err(errors)
    }
}

/// The regions of every file in the store.
/// Where the next marker starts at or after `pos`, and whether it is bare. VerCors writes
/// markers in comments (`/*[/expect perm]*/`) or bare in the code (`[/expect perm]x[/end]`;
/// the lexers skip those); a bare one is only `[/expect ` or `[/end]`, as `[/` may start an
/// index whose expression opens with a comment.
fn next_marker(text: &str, pos: usize) -> Option<(usize, bool)> {
    let mut from = pos;
    loop {
        let found = from + text[from..].find("[/")?;
        if found >= 2 && found - 2 >= pos && &text[found - 2..found] == "/*" {
            return Some((found - 2, false));
        }
        let rest = &text[found..];
        if rest.starts_with("[/expect ") || rest.starts_with("[/end]") {
            return Some((found, true));
        }
        from = found + 2;
    }
}

pub fn parse_all_regions(files: &Files) -> Result<Vec<Region>> {
    let mut regions = Vec::new();
    let mut errors = Vec::new();
    for id in files.ids() {
        match parse_regions(files, id) {
            Ok(r) => regions.extend(r),
            Err(e) => errors.extend(e),
        }
    }
    if errors.is_empty() {
        Ok(regions)
    } else {
        Err(errors)
    }
}

fn marker_error(span: Span, message: &str) -> Diagnostic {
    Diagnostic::error(ErrorCode::ParseError, span, message).with_label("in this marker")
}

/// Matches failures against regions and returns what is left to report: the failures no region
/// expected, plus a `notTripped` failure for each region that caught nothing and a
/// `trippedTwice` failure (with the caught failures as related spans) for each region that
/// caught more than one. Failures at the same span with the same code count once: they are one
/// construct failing (e.g. reported once per return path). Errors pass through unchanged.
pub fn check_expectations(
    files: &Files,
    regions: &[Region],
    failures: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    let _ = files; // Spans carry everything needed; `files` keeps the door open for messages.
    let mut caught: Vec<Vec<Diagnostic>> = vec![Vec::new(); regions.len()];
    let mut remaining = Vec::new();
    for d in failures {
        let region = match (d.code, d.span) {
            (Code::Failure(code), Some(span)) => regions.iter().position(|r| {
                let at_construct = d
                    .related
                    .iter()
                    .any(|x| x.role == crate::diag::Role::MethodEnd && r.contains(x.span));
                (r.contains(span) || at_construct) && code_matches(&r.code, &code.to_string())
            }),
            _ => None,
        };
        match region {
            Some(i) => {
                if !caught[i]
                    .iter()
                    .any(|c| c.code == d.code && c.span == d.span)
                {
                    caught[i].push(d);
                }
            }
            None => remaining.push(d),
        }
    }
    for (region, caught) in regions.iter().zip(caught) {
        match caught.len() {
            1 => {}
            0 => remaining.push(
                Diagnostic::failure(
                    FailureCode::NotTripped,
                    region.open,
                    format!("expected {} here, but nothing failed", region.code),
                )
                .with_label("this expectation was not met"),
            ),
            n => {
                let mut d = Diagnostic::failure(
                    FailureCode::TrippedTwice,
                    region.open,
                    format!("expected one {} failure here, but {n} failed", region.code),
                )
                .with_label("this region expects exactly one failure");
                for c in caught {
                    if let Some(span) = c.span {
                        d = d.with_related(span, format!("{}: {}", c.code, c.message));
                    }
                }
                remaining.push(d);
            }
        }
    }
    remaining
}

/// The front-end error a test case expects, from a `// expect-error: CODE` line among the first
/// lines of the file (e.g. `// expect-error: typeError:mismatch`).
pub fn expected_error(text: &str) -> Option<String> {
    text.lines().take(HEADER_LINES).find_map(|line| {
        let rest = line.trim_start().strip_prefix("//")?.trim_start();
        let code = rest
            .strip_prefix("expect-error:")?
            .split_whitespace()
            .next()?;
        Some(code.to_string())
    })
}

/// A header `// unsupported-on: BACKEND reason` marks a program one backend
/// cannot check yet; returns the reason when `backend` is named.
pub fn unsupported_on(text: &str, backend: &str) -> Option<String> {
    text.lines().take(HEADER_LINES).find_map(|line| {
        let rest = line.trim_start().strip_prefix("//")?.trim_start();
        let rest = rest.strip_prefix("unsupported-on:")?.trim_start();
        let (name, reason) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        (name == backend).then(|| reason.trim().to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Reason;

    #[test]
    fn unsupported_header_names_a_backend() {
        let text = "// unsupported-on: boogie quantified predicates\nclass C {}";
        assert_eq!(
            unsupported_on(text, "boogie").as_deref(),
            Some("quantified predicates")
        );
        assert_eq!(unsupported_on(text, "silicon"), None);
    }

    fn file(text: &str) -> (Files, FileId) {
        let mut files = Files::new();
        let id = files.add("t.pvl", text);
        (files, id)
    }

    /// A failure with `code` on the first occurrence of `needle`.
    fn fail_at(files: &Files, id: FileId, code: FailureCode, needle: &str) -> Diagnostic {
        let start = files.text(id).find(needle).unwrap();
        Diagnostic::failure(
            code,
            Span::new(id, start, start + needle.len()),
            "it failed",
        )
    }

    fn codes(ds: &[Diagnostic]) -> Vec<String> {
        ds.iter().map(|d| d.code.to_string()).collect()
    }

    const POST_FALSE: FailureCode = FailureCode::PostFailed(Reason::False);

    #[test]
    fn bare_markers_are_regions_too() {
        let text =
            "requires [/expect perm]x[/end] == 1;\n a[/*i*/0] /*[/expect assertFailed]*/ y [/end]";
        let (files, id) = file(text);
        let rs = parse_regions(&files, id).unwrap();
        assert_eq!(rs.len(), 2);
        assert_eq!(rs[0].code, "perm");
        assert_eq!(&text[rs[0].open.range()], "[/expect perm]");
        assert_eq!(&text[rs[0].body.range()], "x");
        assert_eq!(&text[rs[0].close.range()], "[/end]");
        assert_eq!(rs[1].code, "assertFailed");
        assert_eq!(&text[rs[1].body.range()], " y ");
        let (files, id) = file("[/expect perm x");
        assert!(parse_regions(&files, id).is_err());
    }

    #[test]
    fn a_marker_may_leave_its_comment_open() {
        let text = "/*[/expect postFailed:false]\n/*@ ensures x; @*/ m(); /*[/end]*/";
        let (files, id) = file(text);
        let rs = parse_regions(&files, id).unwrap();
        assert_eq!(rs.len(), 1);
        assert_eq!(rs[0].code, "postFailed:false");
        assert_eq!(&text[rs[0].open.range()], "/*[/expect postFailed:false]");
        assert_eq!(&text[rs[0].body.range()], "\n/*@ ensures x; @*/ m(); ");
        // A marker never spans lines.
        assert!(parse_regions(&file("/*[/expect perm\n]*/").0, id).is_err());
    }

    #[test]
    fn parses_regions_with_spans() {
        let text = "a /*[/expect postFailed:false]*/ ensures x; /*[/end]*/ b\n/*[/expect  perm ]*/y/*[/end]*/";
        let (files, id) = file(text);
        let rs = parse_regions(&files, id).unwrap();
        assert_eq!(rs.len(), 2);
        assert_eq!(rs[0].code, "postFailed:false");
        assert_eq!(&text[rs[0].open.range()], "/*[/expect postFailed:false]*/");
        assert_eq!(&text[rs[0].body.range()], " ensures x; ");
        assert_eq!(&text[rs[0].close.range()], "/*[/end]*/");
        assert_eq!(rs[1].code, "perm");
        assert_eq!(&text[rs[1].body.range()], "y");
    }

    #[test]
    fn malformed_markers_are_parse_errors() {
        for text in [
            "/*[/expect postFailed:false]*/ x", // unclosed region
            "x /*[/end]*/",                     // end without open
            "/*[/expect]*/ x /*[/end]*/",       // no code
            "/*[/expect a b]*/ x /*[/end]*/",   // two codes
            "/*[/expectperm]*/ x /*[/end]*/",   // no space
            "/*[/expect perm x /*[/end]*/",     // code runs into the end marker
            "/*[/expect a]*/ /*[/expect b]*/ /*[/end]*/ /*[/end]*/", // nested
            "/*[/expct perm]*/ x /*[/end]*/",   // unknown marker
            "/*[/expect perm",                  // never closed
        ] {
            let (files, id) = file(text);
            let errs = parse_regions(&files, id).expect_err(text);
            assert!(
                errs.iter()
                    .all(|d| d.code == Code::Error(ErrorCode::ParseError)),
                "{text}"
            );
        }
        let (files, _) = file("/*[/end]*/");
        assert!(parse_all_regions(&files).is_err());
    }

    #[test]
    fn code_matching() {
        assert!(code_matches("postFailed:false", "postFailed:false"));
        assert!(code_matches("postFailed", "postFailed:false"));
        assert!(code_matches("perm", "perm"));
        assert!(!code_matches("postFailed:perm", "postFailed:false"));
        assert!(!code_matches("postFailed:false", "postFailed"));
        assert!(!code_matches("post", "postFailed:false"));
        assert!(!code_matches("perm", "preFailed:perm"));
    }

    #[test]
    fn expected_failure_disappears() {
        let (files, id) = file("m() /*[/expect postFailed]*/ ensures x > 0; /*[/end]*/ {}");
        let rs = parse_regions(&files, id).unwrap();
        let out = check_expectations(&files, &rs, vec![fail_at(&files, id, POST_FALSE, "x > 0")]);
        assert!(out.is_empty(), "{out:?}");
    }

    #[test]
    fn unexpected_and_outside_failures_stay_and_region_is_not_tripped() {
        let text = "/*[/expect postFailed:perm]*/ ensures x > 0; /*[/end]*/ assert y;";
        let (files, id) = file(text);
        let rs = parse_regions(&files, id).unwrap();
        let wrong = fail_at(&files, id, POST_FALSE, "x > 0");
        let outside = fail_at(&files, id, FailureCode::AssertFailed(Reason::False), "y");
        let out = check_expectations(&files, &rs, vec![wrong.clone(), outside.clone()]);
        assert_eq!(
            codes(&out),
            ["postFailed:false", "assertFailed:false", "notTripped"]
        );
        assert_eq!(out[0], wrong);
        assert_eq!(out[1], outside);
        assert_eq!(out[2].span, Some(rs[0].open));
        assert_eq!(
            out[2].message,
            "expected postFailed:perm here, but nothing failed"
        );
    }

    #[test]
    fn failure_on_end_marker_is_outside() {
        let text = "/*[/expect perm]*/x/*[/end]*/";
        let (files, id) = file(text);
        let rs = parse_regions(&files, id).unwrap();
        let at_end = fail_at(&files, id, FailureCode::Perm, "/*[/end]*/");
        let out = check_expectations(&files, &rs, vec![at_end]);
        assert_eq!(codes(&out), ["perm", "notTripped"]);
        // Starting inside and running past the end still counts.
        let inside = Diagnostic::failure(FailureCode::Perm, Span::new(id, 18, text.len()), "p");
        assert!(check_expectations(&files, &rs, vec![inside]).is_empty());
    }

    #[test]
    fn two_failures_trip_twice() {
        let text = "/*[/expect perm]*/ a.x + b.x /*[/end]*/";
        let (files, id) = file(text);
        let rs = parse_regions(&files, id).unwrap();
        let a = fail_at(&files, id, FailureCode::Perm, "a.x");
        let b = fail_at(&files, id, FailureCode::Perm, "b.x");
        let out = check_expectations(&files, &rs, vec![a.clone(), b.clone()]);
        assert_eq!(codes(&out), ["trippedTwice"]);
        assert_eq!(out[0].span, Some(rs[0].open));
        let related: Vec<_> = out[0].related.iter().map(|r| r.span).collect();
        assert_eq!(related, [a.span.unwrap(), b.span.unwrap()]);
        // The same failure reported twice (e.g. per return path) counts once.
        assert!(check_expectations(&files, &rs, vec![a.clone(), a]).is_empty());
    }

    #[test]
    fn errors_and_other_files_pass_through() {
        let mut files = Files::new();
        let a = files.add("a.pvl", "/*[/expect perm]*/ x /*[/end]*/");
        let b = files.add("b.pvl", "/*[/expect perm]*/ x /*[/end]*/");
        let rs = parse_all_regions(&files).unwrap();
        assert_eq!(rs.len(), 2);
        let in_b = fail_at(&files, b, FailureCode::Perm, "x /*");
        let err = Diagnostic::error(ErrorCode::TypeMismatch, Span::new(a, 19, 20), "t");
        let tool = Diagnostic::tool(ErrorCode::Backend, "down");
        let out = check_expectations(&files, &rs, vec![err.clone(), in_b, tool.clone()]);
        assert_eq!(out.len(), 3);
        assert_eq!(out[0], err);
        assert_eq!(out[1], tool);
        assert_eq!(out[2].span, Some(rs[0].open)); // a.pvl's region: not tripped
    }

    #[test]
    fn expect_error_header() {
        assert_eq!(
            expected_error("// expect-error: typeError:mismatch\nclass C {}"),
            Some("typeError:mismatch".to_string())
        );
        assert_eq!(
            expected_error("// A bad call.\n  //expect-error:   parseError  (missing ;)\n"),
            Some("parseError".to_string())
        );
        assert_eq!(expected_error("class C {}\n"), None);
        assert_eq!(expected_error("// expect-error:\n"), None);
        let late = format!("{}// expect-error: parseError\n", "\n".repeat(HEADER_LINES));
        assert_eq!(expected_error(&late), None);
    }

    /// The repository's own cases: every marker parses, every negative case has exactly one
    /// region, every front-end error case names its code and marks its place.
    #[test]
    fn repository_cases_are_well_formed() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut stack = vec![root.join("examples"), root.join("tests/cases")];
        let mut seen = 0;
        while let Some(dir) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "pvl" && e != "java") {
                    continue;
                }
                seen += 1;
                let text = std::fs::read_to_string(&path).unwrap();
                let mut files = Files::new();
                let id = files.add(path.display().to_string(), text.clone());
                let regions = parse_regions(&files, id)
                    .unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
                let kind = path
                    .parent()
                    .and_then(|p| p.file_name())
                    .and_then(|n| n.to_str());
                let is_case = path.starts_with(root.join("tests/cases"));
                match kind {
                    Some("fail") => assert_eq!(regions.len(), 1, "{}", path.display()),
                    // Negative tests of a feature (tests/cases/locks): one failure each.
                    Some("locks") if path.starts_with(root.join("tests/cases")) => {
                        assert_eq!(regions.len(), 1, "{}", path.display())
                    }
                    // Synchroniser negative tests (tests/cases/java/concurrent): one failure each.
                    Some("concurrent") if is_case => {
                        assert_eq!(regions.len(), 1, "{}", path.display())
                    }
                    // Aimed at the encodings: any number of expected failures,
                    // each at its own line (a family of cases shares one run).
                    Some("encoding") => {}
                    // PVL forms as VerCors writes them (generics, triggers,
                    // goto, …): a feature's working uses with its expected
                    // failures, or a front-end error with its place.
                    Some("pvl") if is_case && expected_error(&text).is_some() => {
                        assert!(regions.len() <= 1, "{}", path.display())
                    }
                    Some("pvl") if is_case => {}
                    // Collections (tests/cases/collections): a family of
                    // expected failures per file, each on its own line.
                    Some("collections") => {}
                    // Calvin's rely/guarantee and Calvin-R (tests/cases/calvin,
                    // tests/cases/calvin-r): a family of broken threads or
                    // methods per file, each failing in its own method.
                    Some("calvin" | "calvin-r") if is_case => {}
                    // Exceptions (tests/cases/java/exceptions): the ways out of
                    // a method or a try, each failing in its own method.
                    Some("exceptions") if is_case => {}
                    // VerCors's JML forms (tests/cases/java/jml): a family of
                    // expected failures, bare markers among them, per file.
                    Some("jml") if is_case => {}
                    // Magic wands (tests/cases/wands, tests/cases/java/wands): a
                    // working use with the failures of package and apply.
                    Some("wands") if is_case => {}
                    // Java's types (tests/cases/java/enums, tests/cases/java/types):
                    // a family of expected failures, one per method.
                    Some("enums" | "types") if is_case => {}
                    // The spec library's classes (tests/cases/java/library):
                    // a family of expected failures per file.
                    Some("library") if is_case => {}
                    // Thread, atomics and par negative tests: one expected failure, or a
                    // front-end error.
                    Some("threads" | "atomics" | "par" | "gpu")
                        if is_case && expected_error(&text).is_some() =>
                    {
                        assert!(regions.len() <= 1, "{}", path.display())
                    }
                    Some("threads" | "atomics" | "par" | "gpu") if is_case => {
                        assert_eq!(regions.len(), 1, "{}", path.display())
                    }
                    // Atomicity (examples/atomicity, tests/cases/atomicity): one
                    // harness per file, at most one expected failure or error.
                    Some("atomicity") => {
                        assert!(regions.len() <= 1, "{}", path.display())
                    }
                    // History cases: a working use, or one expected failure.
                    Some("histories") if is_case => {
                        assert!(regions.len() <= 1, "{}", path.display())
                    }
                    // A thesis program weft rejects (SingleCell's protocol): its
                    // one expected failure, explained in the file.
                    Some("atomics") if !is_case => {
                        assert!(regions.len() <= 1, "{}", path.display())
                    }
                    // Front-end errors: the regions mark each error's place
                    // (none for an error at the end of the file); a family
                    // of the same error may have one region per member.
                    Some("errors") => {
                        assert!(expected_error(&text).is_some(), "{}", path.display());
                    }
                    // The papers' listings as printed (examples/papers/…): the
                    // failures weft finds in them, each explained in its header.
                    _ if path.starts_with(root.join("examples/papers")) => {}
                    // Packages (tests/cases/java/packages/p/…): folders named
                    // as Java packages, a use with its expected failures.
                    _ if path.starts_with(root.join("tests/cases/java/packages")) => {}
                    // The papers' programs (examples/papers/<paper>): a listing as
                    // printed, with the bugs its paper shows, each at the line
                    // the paper names.
                    _ if path.starts_with(root.join("examples/papers")) => {}
                    _ => assert!(regions.is_empty(), "{}", path.display()),
                }
            }
        }
        assert!(seen > 0);
    }
}
