//! Long source lines cut around a diagnostic's labels, for the human renderer.
//!
//! codespan-reporting prints every labelled line whole, so an error in a
//! generated 100 000-character line printed all of it. [`Clipped`] shows the
//! renderer, per diagnostic, a view of each file in which every line longer than
//! [`MAX_LINE`] keeps only [`CONTEXT`] characters either side of each label's
//! ends, the cuts shown as `…`. Lines stay where they are (so the gutter's line
//! numbers are right), the labels are moved into the view, and the header's
//! `file:line:column` is computed on the original text.

use std::collections::HashMap;
use std::ops::Range;

use codespan_reporting::diagnostic::Diagnostic as CsDiagnostic;
use codespan_reporting::files::{Error, Files as CsFiles, Location};

use crate::span::{FileId, Files};

/// The longest line shown whole.
pub const MAX_LINE: usize = 240;
/// Characters kept either side of a label's start and end on a longer line.
pub const CONTEXT: usize = 60;
const CUT: &str = "…";

/// The files as one diagnostic is shown.
pub struct Clipped<'a> {
    files: &'a Files,
    views: HashMap<FileId, View>,
}

/// A file's text with its long lines cut.
struct View {
    text: String,
    line_starts: Vec<usize>,
    /// The kept pieces, in order: `len` bytes at `original` are at `clipped`.
    pieces: Vec<Piece>,
}

#[derive(Clone, Copy)]
struct Piece {
    clipped: usize,
    original: usize,
    len: usize,
}

impl<'a> Clipped<'a> {
    /// The view for `d`, and `d` with its labels moved into it.
    pub fn new(
        files: &'a Files,
        mut d: CsDiagnostic<FileId>,
    ) -> (Clipped<'a>, CsDiagnostic<FileId>) {
        let mut points: HashMap<FileId, Vec<usize>> = HashMap::new();
        for l in &d.labels {
            points
                .entry(l.file_id)
                .or_default()
                .extend([l.range.start, l.range.end]);
        }
        let mut views = HashMap::new();
        for (file, points) in points {
            if let Some(view) = View::of(files, file, &points) {
                views.insert(file, view);
            }
        }
        for l in &mut d.labels {
            if let Some(v) = views.get(&l.file_id) {
                l.range = v.to_clipped(l.range.start)..v.to_clipped(l.range.end);
            }
        }
        (Clipped { files, views }, d)
    }
}

impl View {
    /// The view of file `id` with labels ending at `points`; `None` if no labelled
    /// line is long (the common case, decided from the labelled lines alone).
    fn of(files: &Files, id: FileId, points: &[usize]) -> Option<View> {
        let text = files.text(id);
        // A line's text without its end (`\n`, `\r\n`), from the file's line table.
        let line = |i: usize| -> Option<Range<usize>> {
            let r = CsFiles::line_range(files, id, i).ok()?;
            let content = text[r.clone()].trim_end_matches(['\n', '\r']);
            Some(r.start..r.start + content.len())
        };
        let long = |r: &Range<usize>| r.len() > MAX_LINE;
        let labelled_long = points.iter().any(|&p| {
            CsFiles::line_index(files, id, p)
                .ok()
                .and_then(line)
                .is_some_and(|r| long(&r))
        });
        if !labelled_long {
            return None;
        }
        let count = files.line_col(id, text.len()).line;
        let mut view = View {
            text: String::with_capacity(text.len().min(1 << 16)),
            line_starts: Vec::with_capacity(count),
            pieces: Vec::new(),
        };
        for r in (0..count).filter_map(line) {
            view.line_starts.push(view.text.len());
            if !long(&r) {
                view.keep(text, r.start..r.end);
            } else {
                let here: Vec<usize> = (points.iter().copied())
                    .filter(|p| r.start <= *p && *p <= r.end)
                    .collect();
                view.cut_line(text, r.clone(), &here);
            }
            // The line's end as written.
            let next = text[r.end..]
                .find('\n')
                .map_or(text.len(), |i| r.end + i + 1);
            view.keep(text, r.end..next);
        }
        Some(view)
    }

    /// Appends `text[range]` as a kept piece.
    fn keep(&mut self, text: &str, range: Range<usize>) {
        if range.is_empty() {
            return;
        }
        self.pieces.push(Piece {
            clipped: self.text.len(),
            original: range.start,
            len: range.len(),
        });
        self.text.push_str(&text[range]);
    }

    /// A long line: the windows around `points` (or its start), joined by cuts.
    fn cut_line(&mut self, text: &str, line: Range<usize>, points: &[usize]) {
        let mut windows: Vec<Range<usize>> = points
            .iter()
            .map(|&p| {
                let lo = floor_char(text, p.saturating_sub(CONTEXT).max(line.start));
                let hi = ceil_char(text, (p + CONTEXT).min(line.end));
                lo..hi
            })
            .collect();
        if windows.is_empty() {
            windows.push(line.start..ceil_char(text, line.start + 2 * CONTEXT));
        }
        windows.sort_by_key(|w| w.start);
        let mut at = line.start;
        for w in windows {
            let w = w.start.max(at)..w.end;
            if w.end <= at {
                continue;
            }
            if w.start > at {
                self.text.push_str(CUT);
            }
            self.keep(text, w.clone());
            at = w.end;
        }
        if at < line.end {
            self.text.push_str(CUT);
        }
    }

    /// Where an original position (a label's end, so in a kept piece or at its end) is.
    fn to_clipped(&self, original: usize) -> usize {
        let i = self
            .pieces
            .partition_point(|p| p.original + p.len < original);
        match self.pieces.get(i) {
            Some(p) if p.original <= original => p.clipped + (original - p.original),
            Some(p) => p.clipped,
            None => self.text.len(),
        }
    }

    /// The original position of a position in the view (a cut maps to what follows it).
    fn to_original(&self, clipped: usize) -> usize {
        let i = self
            .pieces
            .partition_point(|p| p.clipped + p.len <= clipped);
        match self.pieces.get(i) {
            Some(p) if p.clipped <= clipped => p.original + (clipped - p.clipped),
            Some(p) => p.original,
            None => self.pieces.last().map_or(0, |p| p.original + p.len),
        }
    }
}

fn floor_char(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_char(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

impl<'a> CsFiles<'a> for Clipped<'a> {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, Error> {
        CsFiles::name(self.files, id)
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, Error> {
        match self.views.get(&id) {
            Some(v) => Ok(&v.text),
            None => self.files.source(id),
        }
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, Error> {
        match self.views.get(&id) {
            Some(v) => Ok(v.line_starts.partition_point(|s| *s <= byte_index) - 1),
            None => self.files.line_index(id, byte_index),
        }
    }

    fn line_range(&'a self, id: FileId, line_index: usize) -> Result<Range<usize>, Error> {
        let Some(v) = self.views.get(&id) else {
            return self.files.line_range(id, line_index);
        };
        let start = *v.line_starts.get(line_index).ok_or(Error::LineTooLarge {
            given: line_index,
            max: v.line_starts.len() - 1,
        })?;
        let end = v
            .line_starts
            .get(line_index + 1)
            .copied()
            .unwrap_or(v.text.len());
        Ok(start..end)
    }

    fn location(&'a self, id: FileId, byte_index: usize) -> Result<Location, Error> {
        match self.views.get(&id) {
            Some(v) => self.files.location(id, v.to_original(byte_index)),
            None => self.files.location(id, byte_index),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use codespan_reporting::diagnostic::Label;

    fn render(text: &str, at: Range<usize>) -> String {
        let mut files = Files::new();
        let id = files.add("long.pvl", text);
        let d = CsDiagnostic::error()
            .with_message("m")
            .with_labels(vec![Label::primary(id, at).with_message("here")]);
        let (view, d) = Clipped::new(&files, d);
        let mut out = Vec::new();
        let config = codespan_reporting::term::Config::default();
        codespan_reporting::term::emit_to_io_write(&mut out, &config, &view, &d).expect("rendered");
        String::from_utf8(out).expect("utf-8")
    }

    #[test]
    fn a_long_line_is_cut_around_the_label_and_the_header_keeps_the_column() {
        let line = format!("int x = {}y;", "1 + ".repeat(25_000));
        let text = format!("class C {{\n{line}\n}}\n");
        let y = text.find('y').expect("y");
        let shown = render(&text, y..y + 1);
        assert!(shown.len() < 1_000, "{shown}");
        assert!(
            shown.contains(&format!("long.pvl:2:{}", y - 10 + 1)),
            "{shown}"
        );
        assert!(shown.contains("…1 + 1 + "), "{shown}");
        assert!(shown.contains("y;"), "{shown}");
        // The caret is under the `y`.
        let code = shown.lines().find(|l| l.contains("y;")).expect("code line");
        let caret = shown
            .lines()
            .find(|l| l.contains("^ here"))
            .expect("caret line");
        let column = |l: &str, c: char| l.chars().position(|x| x == c);
        assert_eq!(column(code, 'y'), column(caret, '^'), "{shown}");
    }

    #[test]
    fn short_lines_are_shown_whole() {
        let text = "class C {\n  int x = y;\n}\n";
        let y = text.find('y').expect("y");
        let shown = render(text, y..y + 1);
        assert!(shown.contains("int x = y;"), "{shown}");
        assert!(!shown.contains(CUT), "{shown}");
    }
}
