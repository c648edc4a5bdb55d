//! An interleaving as the message shows it: `thread:line` per step, `main`
//! the harness's thread and `tN` the N-th thread it (or another) started.

use crate::syntax::span::{Files, Span};

/// Steps shown at most (the last ones: those nearest the violation).
const SHOWN: usize = 40;

pub fn render(files: &Files, steps: &[(u8, Span)]) -> String {
    let mut out: Vec<String> = Vec::new();
    if steps.len() > SHOWN {
        out.push(format!("… {} earlier steps …", steps.len() - SHOWN));
    }
    let from = steps.len().saturating_sub(SHOWN);
    for (t, span) in &steps[from..] {
        let line = if span.end == 0 {
            "?".to_string()
        } else {
            files
                .line_col(span.file, span.start as usize)
                .line
                .to_string()
        };
        out.push(format!("{}:{line}", thread_name(*t)));
    }
    out.join(" ")
}

pub fn thread_name(t: u8) -> String {
    if t == 0 {
        "main".into()
    } else {
        format!("t{t}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_thread_and_line() {
        let mut files = Files::new();
        let f = files.add("a.java", "a\nb\nc\n");
        let steps = [(0, Span::new(f, 0, 1)), (2, Span::new(f, 4, 5))];
        assert_eq!(render(&files, &steps), "main:1 t2:3");
    }
}
