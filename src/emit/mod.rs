//! Emitters: verification IR → backend text, with a map from output positions to origins.

pub mod boogie;
pub mod silver;

use crate::syntax::span::LineCol;
use crate::vir::Origin;

/// Where each blamed node was printed (1-based lines and columns, end exclusive
/// in the way the backend reports it). There is an entry per blamed node of
/// the program, so they are kept small: 32-bit lines and columns.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PosMap {
    entries: Vec<(Origin, Pos, Pos)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pos {
    line: u32,
    column: u32,
}

impl Pos {
    fn of(p: LineCol) -> Pos {
        // A text of more than 4G lines or columns is not printed.
        Pos {
            line: p.line as u32,
            column: p.column as u32,
        }
    }

    fn line_col(self) -> LineCol {
        LineCol {
            line: self.line as usize,
            column: self.column as usize,
        }
    }
}

impl PosMap {
    pub fn push(&mut self, origin: Origin, start: LineCol, end: LineCol) {
        self.entries.push((origin, Pos::of(start), Pos::of(end)));
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn reserve_exact(&mut self, more: usize) {
        self.entries.reserve_exact(more);
    }

    pub fn truncate(&mut self, len: usize) {
        self.entries.truncate(len);
    }

    /// The entries in the order they were recorded.
    pub fn iter(&self) -> impl Iterator<Item = (Origin, LineCol, LineCol)> + '_ {
        self.entries
            .iter()
            .map(|&(o, s, e)| (o, s.line_col(), e.line_col()))
    }

    /// Appends `other`'s entries, `lines` further down and with origins
    /// moved by `offset` (see `vir::renumber`).
    pub fn append(&mut self, other: PosMap, lines: usize, offset: u32) {
        let lines = lines as u32;
        self.entries.reserve(other.entries.len());
        self.entries
            .extend(other.entries.into_iter().map(|(o, s, e)| {
                let o = if o.is_none() { o } else { Origin(o.0 + offset) };
                let down = |p: Pos| Pos {
                    line: p.line + lines,
                    column: p.column,
                };
                (o, down(s), down(e))
            }));
    }
}

/// Backend text plus the positions of its blamed nodes.
#[derive(Clone, Debug)]
pub struct Emitted {
    pub text: String,
    pub positions: PosMap,
}
