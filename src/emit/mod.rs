//! Emitters: verification IR → backend text, with a map from output positions to origins.

pub mod boogie;
pub mod silver;

use std::borrow::Cow;

use crate::syntax::span::LineCol;
use crate::vir::Origin;

/// Where each blamed node was printed (1-based lines and columns, end exclusive
/// in the way the backend reports it). There is an entry per blamed node of
/// the program, so they are kept small: 32-bit lines and columns. Maps
/// appended to another are kept as parts, each with its shift (see
/// [`PosMap::append`]), so that assembling a large program's printed runs
/// copies none of their entries.
#[derive(Clone, Debug, Default)]
pub struct PosMap {
    parts: Vec<Part>,
    len: usize,
}

/// Entries recorded together, `lines` further down in the text and with
/// origins `offset` further on than recorded.
#[derive(Clone, Debug)]
struct Part {
    entries: Vec<(Origin, Pos, Pos)>,
    lines: u32,
    offset: u32,
}

impl Part {
    fn unshifted(&self) -> bool {
        self.lines == 0 && self.offset == 0
    }
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

    fn line_col(self, lines: u32) -> LineCol {
        LineCol {
            line: (self.line + lines) as usize,
            column: self.column as usize,
        }
    }
}

impl PosMap {
    pub fn push(&mut self, origin: Origin, start: LineCol, end: LineCol) {
        let entry = (origin, Pos::of(start), Pos::of(end));
        match self.parts.last_mut() {
            Some(last) if last.unshifted() => last.entries.push(entry),
            _ => self.parts.push(Part {
                entries: vec![entry],
                lines: 0,
                offset: 0,
            }),
        }
        self.len += 1;
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Keeps the first `len` entries.
    pub fn truncate(&mut self, len: usize) {
        while self.len > len {
            let Some(last) = self.parts.last_mut() else {
                break;
            };
            let keep = last.entries.len().saturating_sub(self.len - len);
            self.len -= last.entries.len() - keep;
            last.entries.truncate(keep);
            if keep == 0 {
                self.parts.pop();
            }
        }
    }

    /// Copies the entries into blocks of their exact size.
    pub fn compact(&mut self) {
        for p in &mut self.parts {
            p.entries = p.entries.as_slice().to_vec();
        }
    }

    /// The entries in the order they were recorded.
    pub fn iter(&self) -> impl Iterator<Item = (Origin, LineCol, LineCol)> + '_ {
        self.parts.iter().flat_map(|p| {
            p.entries.iter().map(move |&(o, s, e)| {
                let o = if o.is_none() {
                    o
                } else {
                    Origin(o.0 + p.offset)
                };
                (o, s.line_col(p.lines), e.line_col(p.lines))
            })
        })
    }

    /// Appends `other`'s entries, `lines` further down and with origins
    /// moved by `offset` (see `vir::renumber`), as parts of their own.
    pub fn append(&mut self, other: PosMap, lines: usize, offset: u32) {
        self.len += other.len;
        self.parts.extend(other.parts.into_iter().map(|p| Part {
            entries: p.entries,
            lines: p.lines + lines as u32,
            offset: p.offset + offset,
        }));
    }
}

/// Backend text in parts, one after another: a large program's printed
/// methods are handed on as they were printed, never copied into one
/// buffer.
#[derive(Clone, Debug, Default)]
pub struct Text {
    parts: Vec<String>,
}

impl Text {
    /// Appends a part.
    pub fn push(&mut self, part: String) {
        self.parts.push(part);
    }

    /// Appends `s` to the last part.
    pub fn push_str(&mut self, s: &str) {
        match self.parts.last_mut() {
            Some(last) => last.push_str(s),
            None => self.parts.push(s.to_string()),
        }
    }

    /// Bytes in all.
    pub fn len(&self) -> usize {
        self.parts.iter().map(String::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.parts.iter().all(String::is_empty)
    }

    fn bytes(&self) -> impl Iterator<Item = u8> + '_ {
        self.parts.iter().flat_map(|p| p.bytes())
    }

    pub fn write_to(&self, w: &mut (impl std::io::Write + ?Sized)) -> std::io::Result<()> {
        self.parts
            .iter()
            .try_for_each(|p| w.write_all(p.as_bytes()))
    }

    /// The lines, as `str::lines` gives them; a line that runs over parts
    /// is copied.
    pub fn lines(&self) -> Lines<'_> {
        Lines {
            parts: self.parts.iter(),
            cur: "",
        }
    }
}

/// See [`Text::lines`].
pub struct Lines<'a> {
    parts: std::slice::Iter<'a, String>,
    /// What is left of the part being read.
    cur: &'a str,
}

impl<'a> Iterator for Lines<'a> {
    type Item = Cow<'a, str>;

    fn next(&mut self) -> Option<Cow<'a, str>> {
        if let Some(i) = self.cur.find('\n') {
            let line = &self.cur[..i];
            self.cur = &self.cur[i + 1..];
            return Some(Cow::Borrowed(line));
        }
        // The line goes on in the next parts, if any.
        let mut acc: Option<String> = None;
        loop {
            let Some(p) = self.parts.next() else {
                let rest = std::mem::take(&mut self.cur);
                return match acc {
                    Some(mut a) => {
                        a.push_str(rest);
                        Some(Cow::Owned(a))
                    }
                    None => (!rest.is_empty()).then_some(Cow::Borrowed(rest)),
                };
            };
            if acc.is_none() && self.cur.is_empty() {
                self.cur = p;
                return self.next();
            }
            let a = acc.get_or_insert_with(|| std::mem::take(&mut self.cur).to_string());
            match p.find('\n') {
                Some(i) => {
                    a.push_str(&p[..i]);
                    self.cur = &p[i + 1..];
                    return acc.map(Cow::Owned);
                }
                None => a.push_str(p),
            }
        }
    }
}

/// Equal when the entries are, however they are kept in parts.
impl PartialEq for PosMap {
    fn eq(&self, other: &PosMap) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

/// Equal when the texts are, however they are cut in parts.
impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        self.len() == other.len() && self.bytes().eq(other.bytes())
    }
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        Text { parts: vec![s] }
    }
}

impl std::fmt::Display for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.parts.iter().try_for_each(|p| f.write_str(p))
    }
}

/// Backend text plus the positions of its blamed nodes.
#[derive(Clone, Debug)]
pub struct Emitted {
    pub text: Text,
    pub positions: PosMap,
}

#[cfg(test)]
mod tests {
    use super::Text;

    #[test]
    fn lines_run_over_parts_as_in_one_string() {
        let cases: &[&[&str]] = &[
            &["a\nb", "c\n", "\nd"],
            &["", "x", "", "y\n"],
            &["one\n", "two\n"],
            &["\n\n", "", "z"],
            &[],
        ];
        for parts in cases {
            let mut t = Text::default();
            parts.iter().for_each(|p| t.push(p.to_string()));
            let whole = parts.concat();
            let got: Vec<String> = t.lines().map(|l| l.into_owned()).collect();
            let want: Vec<&str> = whole.lines().collect();
            assert_eq!(got, want, "{parts:?}");
            assert_eq!(t.to_string(), whole);
            assert_eq!(t.len(), whole.len());
        }
    }
}
