//! What `weft test` needs beyond verifying one file: a stable share of the
//! programs for one of several CI machines (`--partition K/N`), and a JUnit
//! XML report for CI systems' test views (`--format junit`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// `K/N`: the K-th of N shares of the programs (1 ≤ K ≤ N).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partition {
    pub k: u64,
    pub n: u64,
}

impl std::str::FromStr for Partition {
    type Err = String;

    fn from_str(s: &str) -> Result<Partition, String> {
        let bad = || format!("`{s}` is no partition: write K/N, 1 ≤ K ≤ N (e.g. 2/4)");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (k, n) = (
            k.trim().parse::<u64>().map_err(|_| bad())?,
            n.trim().parse::<u64>().map_err(|_| bad())?,
        );
        if k == 0 || n == 0 || k > n {
            return Err(bad());
        }
        Ok(Partition { k, n })
    }
}

impl Partition {
    /// Whether `path` is in this share. The share is decided by a hash of
    /// the path as given (FNV-1a, fixed: the same on every machine and
    /// every run), not by its rank among the files, so adding a program
    /// moves no other program to another share.
    pub fn holds(&self, path: &Path) -> bool {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in path.to_string_lossy().bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        h % self.n == self.k - 1
    }
}

/// One program's result in a test run.
pub struct Case {
    pub path: PathBuf,
    pub time: Duration,
    pub outcome: CaseOutcome,
}

pub enum CaseOutcome {
    Passed,
    /// Its problems, as text.
    Failed(String),
    /// Not run on this backend, and why.
    Skipped(String),
}

/// The JUnit XML report of a run on `backend`: one test suite, a test case
/// per program (its class name the program's folder, its name the file).
pub fn junit(backend: &str, cases: &[Case]) -> String {
    let count = |f: fn(&CaseOutcome) -> bool| cases.iter().filter(|c| f(&c.outcome)).count();
    let failures = count(|o| matches!(o, CaseOutcome::Failed(_)));
    let skipped = count(|o| matches!(o, CaseOutcome::Skipped(_)));
    let total: f64 = cases.iter().map(|c| c.time.as_secs_f64()).sum();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"weft\" tests=\"{}\" failures=\"{failures}\" skipped=\"{skipped}\" time=\"{total:.3}\">",
        cases.len()
    );
    let _ = writeln!(
        out,
        "  <testsuite name=\"weft test ({})\" tests=\"{}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\" time=\"{total:.3}\">",
        escape(backend),
        cases.len()
    );
    for c in cases {
        let class = c
            .path
            .parent()
            .map_or(String::new(), |p| p.display().to_string());
        let name = c
            .path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        let _ = write!(
            out,
            "    <testcase classname=\"{}\" name=\"{}\" file=\"{}\" time=\"{:.3}\"",
            escape(&class),
            escape(&name),
            escape(&c.path.display().to_string()),
            c.time.as_secs_f64()
        );
        match &c.outcome {
            CaseOutcome::Passed => out.push_str("/>\n"),
            CaseOutcome::Failed(text) => {
                let first = text.lines().next().unwrap_or("failed");
                let _ = writeln!(
                    out,
                    ">\n      <failure message=\"{}\">{}</failure>\n    </testcase>",
                    escape(first),
                    escape(text)
                );
            }
            CaseOutcome::Skipped(why) => {
                let _ = writeln!(
                    out,
                    ">\n      <skipped message=\"{}\"/>\n    </testcase>",
                    escape(why)
                );
            }
        }
    }
    out.push_str("  </testsuite>\n</testsuites>\n");
    out
}

/// `s` as XML text or attribute value: the five special characters
/// escaped, and the control characters XML 1.0 cannot hold (a diagnostic's
/// colours) dropped.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' | '\t' | '\r' => out.push(c),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_split_the_programs_once_each() {
        let paths: Vec<PathBuf> = (0..200)
            .map(|i| PathBuf::from(format!("t/p{i}.pvl")))
            .collect();
        let shares: Vec<Partition> = (1..=3).map(|k| Partition { k, n: 3 }).collect();
        for p in &paths {
            assert_eq!(shares.iter().filter(|s| s.holds(p)).count(), 1, "{p:?}");
        }
        // Every share gets some: the hash spreads them.
        for s in &shares {
            assert!(paths.iter().filter(|p| s.holds(p)).count() > 40);
        }
    }

    #[test]
    fn a_partition_is_written_k_of_n() {
        assert_eq!("2/4".parse(), Ok(Partition { k: 2, n: 4 }));
        for bad in ["0/4", "5/4", "1/0", "1", "a/b", "1/2/3"] {
            assert!(bad.parse::<Partition>().is_err(), "{bad}");
        }
    }

    #[test]
    fn junit_reports_each_case_with_its_outcome_escaped() {
        let case = |path: &str, outcome| Case {
            path: PathBuf::from(path),
            time: Duration::from_millis(1500),
            outcome,
        };
        let xml = junit(
            "silicon",
            &[
                case("a/ok.pvl", CaseOutcome::Passed),
                case(
                    "a/bad.pvl",
                    CaseOutcome::Failed("x < y & \"z\"\n\u{1b}[1mmore".into()),
                ),
                case("b/s.java", CaseOutcome::Skipped("no <meaning>".into())),
            ],
        );
        assert!(
            xml.contains("tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\""),
            "{xml}"
        );
        assert!(xml.contains(
            "<testcase classname=\"a\" name=\"ok.pvl\" file=\"a/ok.pvl\" time=\"1.500\"/>"
        ));
        assert!(
            xml.contains("<failure message=\"x &lt; y &amp; &quot;z&quot;\">"),
            "{xml}"
        );
        assert!(xml.contains("[1mmore"), "{xml}");
        assert!(!xml.contains('\u{1b}'));
        assert!(xml.contains("<skipped message=\"no &lt;meaning&gt;\"/>"));
    }
}
