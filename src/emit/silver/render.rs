//! Text written with the origins of its nodes, recording where each node
//! lands (1-based line and column, end exclusive), and looking backend
//! positions up again. Not Silver-specific.

use crate::emit::PosMap;
use crate::syntax::span::LineCol;
use crate::vir::Origin;

/// Text written so far ([`Output::write`]), with the positions of the nodes
/// opened and closed around it ([`Output::push`], [`Output::pop`]). A
/// printer that guesses a line fits writes it, and takes back what it wrote
/// ([`Output::mark`], [`Output::rollback`]) when the line turns out too long.
///
/// Each node gets one entry spanning its printed text. When that text starts
/// with opening parentheses (a parenthesised left operand), it gets a second
/// entry whose start is the first character after them: Silicon's parser
/// reports some nodes from their first token (`&&`, `||`, `==>`, `==`, `!=`,
/// `? :`, `!`) and others from their left operand's own start, which lies
/// inside that operand's parentheses (`<`, `+`, `*`, `in`, field access,
/// sequence index). Ends always include closing parentheses.
pub struct Output {
    width: usize,
    r: Recorder,
}

/// A place in an [`Output`] to roll back to.
#[derive(Clone, Copy)]
pub struct Mark {
    len: usize,
    line: usize,
    column: usize,
    line_start: usize,
    positions: usize,
    open: usize,
    /// The first open annotation whose inner start was still unknown.
    first_pending: usize,
}

impl Output {
    pub fn new(width: usize) -> Output {
        Output {
            width,
            r: Recorder::default(),
        }
    }

    /// Writes `n` line breaks.
    pub fn newlines(&mut self, n: usize) {
        for _ in 0..n {
            self.r.write("\n");
        }
    }

    /// A line break, then `indent` spaces.
    pub fn newline(&mut self, indent: usize) {
        self.r.write("\n");
        const SPACES: &str = "                                                                ";
        let mut left = indent;
        while left > 0 {
            let n = left.min(SPACES.len());
            self.r.write(&SPACES[..n]);
            left -= n;
        }
    }

    /// Writes text without line breaks.
    pub fn write(&mut self, s: &str) {
        self.r.write(s);
    }

    /// Opens a node with this origin (nothing for [`Origin::NONE`]).
    pub fn push(&mut self, origin: Origin) {
        if !origin.is_none() {
            self.r.open(origin);
        }
    }

    /// Closes the node [`Output::push`] opened for this origin.
    pub fn pop(&mut self, origin: Origin) {
        if !origin.is_none() {
            self.r.close();
        }
    }

    /// Bytes written so far.
    pub fn len(&self) -> usize {
        self.r.out.len()
    }

    pub fn is_empty(&self) -> bool {
        self.r.out.is_empty()
    }

    /// Line breaks written so far.
    pub fn line_breaks(&self) -> usize {
        self.r.line - 1
    }

    /// Bytes written on the current line so far.
    pub fn line_len(&self) -> usize {
        self.r.out.len() - self.r.line_start
    }

    /// The current line's text so far.
    pub fn line_text(&self) -> &str {
        &self.r.out[self.r.line_start..]
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn mark(&self) -> Mark {
        let open = self.r.open.len();
        let mut first_pending = open;
        while first_pending > 0 && self.r.open[first_pending - 1].inner_start.is_none() {
            first_pending -= 1;
        }
        Mark {
            len: self.r.out.len(),
            line: self.r.line,
            column: self.r.column,
            line_start: self.r.line_start,
            positions: self.r.positions.len(),
            open,
            first_pending,
        }
    }

    /// Forgets everything written since `m` (the annotations opened since
    /// must be closed again).
    pub fn rollback(&mut self, m: Mark) {
        let r = &mut self.r;
        r.out.truncate(m.len);
        r.line = m.line;
        r.column = m.column;
        r.line_start = m.line_start;
        r.positions.truncate(m.positions);
        r.open.truncate(m.open);
        for o in &mut r.open[m.first_pending..] {
            o.inner_start = None;
        }
    }

    /// Keeps the text and positions in blocks of their exact size (they
    /// grew by doubling), for an output that is done with.
    pub fn compact(&mut self) {
        let r = &mut self.r;
        r.out = r.out.as_str().to_owned();
        r.positions.compact();
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
    /// Byte offset of the current line's start in `out`.
    line_start: usize,
    open: Vec<Open>,
    positions: PosMap,
}

impl Default for Recorder {
    fn default() -> Self {
        Recorder {
            out: String::new(),
            line: 1,
            column: 1,
            line_start: 0,
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

    fn write(&mut self, s: &str) {
        // Only the innermost open node can lack its inner start (the
        // unknown ones are always the innermost few).
        if self.open.last().is_some_and(|o| o.inner_start.is_none()) {
            self.write_slow(s);
        } else if s.is_ascii() && !s.as_bytes().contains(&b'\n') {
            self.column += s.len();
            self.out.push_str(s);
        } else {
            self.write_slow(s);
        }
    }

    fn write_slow(&mut self, s: &str) {
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
                self.line_start = self.out.len() + ch.len_utf8();
            } else {
                self.column += 1;
            }
            self.out.push(ch);
        }
    }

    fn open(&mut self, origin: Origin) {
        let start = self.here();
        self.open.push(Open {
            origin,
            start,
            inner_start: None,
        });
    }

    fn close(&mut self) {
        if let Some(o) = self.open.pop() {
            let end = self.here();
            self.positions.push(o.origin, o.start, end);
            if let Some(inner) = o.inner_start {
                if inner != o.start {
                    self.positions.push(o.origin, inner, end);
                }
            }
        }
    }
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
        if let Some((o, _, _)) = self.iter().find(|&(_, s, e)| s == start && e == end) {
            return Some(o);
        }
        let distance = |e: LineCol| -> (usize, usize, bool) {
            (
                e.line.abs_diff(end.line),
                e.column.abs_diff(end.column),
                e > end,
            )
        };
        self.iter()
            .filter(|&(_, s, _)| s == start)
            .min_by_key(|&(_, _, e)| distance(e))
            .map(|(o, _, _)| o)
    }

    /// The innermost entry that encloses `start`–`end`: for callers that
    /// blame the statement around a reported sub-expression (Silicon reports
    /// an `assert`'s expression, not the statement).
    pub fn lookup_enclosing(&self, start: LineCol, end: LineCol) -> Option<Origin> {
        self.iter()
            .filter(|&(_, s, e)| s <= start && end <= e)
            .min_by_key(|&(_, s, e)| (e.line - s.line, std::cmp::Reverse(s), e))
            .map(|(o, _, _)| o)
    }
}
