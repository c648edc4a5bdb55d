//! Rendering a `pretty` document annotated with origins, recording where each
//! annotated node lands (1-based line and column, end exclusive), and looking
//! backend positions up again. Not Silver-specific: any emitter whose docs are
//! annotated with [`Origin`]s can render through [`render_with_positions`].

use crate::emit::PosMap;
use crate::syntax::span::LineCol;
use crate::vir::Origin;
use pretty::{RcDoc, Render, RenderAnnotated};

/// Renders `doc` at `width` columns; returns the text and the positions of
/// every annotated node.
///
/// Each node gets one entry spanning its printed text. When that text starts
/// with opening parentheses (a parenthesised left operand), it gets a second
/// entry whose start is the first character after them: Silicon's parser
/// reports some nodes from their first token (`&&`, `||`, `==>`, `==`, `!=`,
/// `? :`, `!`) and others from their left operand's own start, which lies
/// inside that operand's parentheses (`<`, `+`, `*`, `in`, field access,
/// sequence index). Ends always include closing parentheses.
pub fn render_with_positions(doc: &RcDoc<'_, Origin>, width: usize) -> (String, PosMap) {
    let mut out = Output::new(width);
    out.render(doc);
    out.finish()
}

/// Text rendered so far, document after document, with the positions of
/// their annotated nodes (see [`render_with_positions`]).
pub struct Output {
    width: usize,
    r: Recorder,
}

impl Output {
    pub fn new(width: usize) -> Output {
        Output {
            width,
            r: Recorder::default(),
        }
    }

    /// Renders `doc` after what is already written; `doc` should start at a
    /// line's start, as its layout assumes.
    pub fn render(&mut self, doc: &RcDoc<'_, Origin>) {
        // The recorder's writes cannot fail.
        let _ = doc.render_raw(self.width, &mut self.r);
    }

    /// Writes `n` line breaks.
    pub fn newlines(&mut self, n: usize) {
        for _ in 0..n {
            let _ = self.r.write_str("\n");
        }
    }

    pub fn finish(self) -> (String, PosMap) {
        (self.r.out, self.r.positions)
    }
}

struct Open {
    origin: Origin,
    start: LineCol,
    /// Where the text starts once leading `(` are skipped; unknown until a
    /// character other than `(` or white space is written.
    inner_start: Option<LineCol>,
}

struct Recorder {
    out: String,
    line: usize,
    column: usize,
    open: Vec<Open>,
    positions: PosMap,
}

impl Default for Recorder {
    fn default() -> Self {
        Recorder {
            out: String::new(),
            line: 1,
            column: 1,
            open: Vec::new(),
            positions: PosMap::default(),
        }
    }
}

impl Recorder {
    fn here(&self) -> LineCol {
        LineCol {
            line: self.line,
            column: self.column,
        }
    }
}

impl Render for Recorder {
    type Error = ();

    fn write_str(&mut self, s: &str) -> Result<usize, ()> {
        for ch in s.chars() {
            if ch != '(' && !ch.is_whitespace() {
                let here = self.here();
                for o in self.open.iter_mut().rev() {
                    if o.inner_start.is_some() {
                        // Outer annotations opened earlier already have theirs.
                        break;
                    }
                    o.inner_start = Some(here);
                }
            }
            if ch == '\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        }
        self.out.push_str(s);
        Ok(s.len())
    }

    fn fail_doc(&self) {}
}

impl<'a> RenderAnnotated<'a, Origin> for Recorder {
    fn push_annotation(&mut self, origin: &'a Origin) -> Result<(), ()> {
        let start = self.here();
        self.open.push(Open {
            origin: *origin,
            start,
            inner_start: None,
        });
        Ok(())
    }

    fn pop_annotation(&mut self) -> Result<(), ()> {
        if let Some(o) = self.open.pop() {
            let end = self.here();
            self.positions.entries.push((o.origin, o.start, end));
            if let Some(inner) = o.inner_start {
                if inner != o.start {
                    self.positions.entries.push((o.origin, inner, end));
                }
            }
        }
        Ok(())
    }
}

fn key(p: LineCol) -> (usize, usize) {
    (p.line, p.column)
}

impl PosMap {
    /// The origin of the node the backend reported at `start`–`end`.
    ///
    /// An entry with exactly these positions wins (the first recorded one, if
    /// several: outer nodes are recorded after their sub-nodes, so that is the
    /// innermost). Otherwise, among entries starting at `start`, the one whose
    /// end is nearest to `end` (in (line, column) order; on a tie, the one
    /// ending before `end`, then the first recorded; distance compares
    /// lines first, then columns). `None` if no entry starts
    /// at `start`.
    pub fn lookup(&self, start: LineCol, end: LineCol) -> Option<Origin> {
        if let Some((o, _, _)) = self
            .entries
            .iter()
            .find(|(_, s, e)| *s == start && *e == end)
        {
            return Some(*o);
        }
        let distance = |e: LineCol| -> (usize, usize, bool) {
            (
                e.line.abs_diff(end.line),
                e.column.abs_diff(end.column),
                key(e) > key(end),
            )
        };
        self.entries
            .iter()
            .filter(|(_, s, _)| *s == start)
            .min_by_key(|(_, _, e)| distance(*e))
            .map(|(o, _, _)| *o)
    }

    /// The innermost entry that encloses `start`–`end`: for callers that
    /// blame the statement around a reported sub-expression (Silicon reports
    /// an `assert`'s expression, not the statement).
    pub fn lookup_enclosing(&self, start: LineCol, end: LineCol) -> Option<Origin> {
        self.entries
            .iter()
            .filter(|(_, s, e)| key(*s) <= key(start) && key(end) <= key(*e))
            .min_by_key(|(_, s, e)| (e.line - s.line, std::cmp::Reverse(key(*s)), key(*e)))
            .map(|(o, _, _)| *o)
    }
}
