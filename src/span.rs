//! Source positions: files, byte spans, and the file store the diagnostics read from.

use std::ops::Range;

/// Index of a file in [`Files`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct FileId(pub u32);

/// A byte range in one source file. `Copy`, so every node can carry one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span {
            file,
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both (same file assumed).
    pub fn fuse(self, other: Span) -> Span {
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    pub fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// One source file: its name, text, and where its lines start.
pub struct SourceFile {
    pub name: String,
    pub text: String,
    line_starts: Vec<usize>,
}

/// A line/column position, both 1-based; ordered by line, then column.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct LineCol {
    pub line: usize,
    pub column: usize,
}

/// The store of every source file of a run.
#[derive(Default)]
pub struct Files {
    files: Vec<SourceFile>,
}

impl Files {
    pub fn new() -> Files {
        Files::default()
    }

    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let text = text.into();
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        self.files.push(SourceFile {
            name: name.into(),
            text,
            line_starts,
        });
        FileId(self.files.len() as u32 - 1)
    }

    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    pub fn name(&self, id: FileId) -> &str {
        &self.get(id).name
    }

    pub fn text(&self, id: FileId) -> &str {
        &self.get(id).text
    }

    pub fn ids(&self) -> impl Iterator<Item = FileId> {
        (0..self.files.len() as u32).map(FileId)
    }

    /// 1-based line and column of a byte offset (column counts characters).
    pub fn line_col(&self, id: FileId, offset: usize) -> LineCol {
        let f = self.get(id);
        let line = match f.line_starts.binary_search(&offset) {
            Ok(l) => l,
            Err(l) => l - 1,
        };
        let start = f.line_starts[line];
        let end = offset.min(f.text.len());
        let column = f
            .text
            .get(start..end)
            .map_or(end - start, |s| s.chars().count())
            + 1;
        LineCol {
            line: line + 1,
            column,
        }
    }

    /// Byte offset of a 1-based line and column, if it exists.
    pub fn offset_of(&self, id: FileId, line: usize, column: usize) -> Option<usize> {
        let f = self.get(id);
        let start = *f.line_starts.get(line.checked_sub(1)?)?;
        let rest = &f.text[start..];
        let skip: usize = rest
            .chars()
            .take(column.checked_sub(1)?)
            .map(char::len_utf8)
            .sum();
        Some(start + skip)
    }
}

impl<'a> codespan_reporting::files::Files<'a> for Files {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, codespan_reporting::files::Error> {
        Ok(&self.get(id).name)
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, codespan_reporting::files::Error> {
        Ok(&self.get(id).text)
    }

    fn line_index(
        &'a self,
        id: FileId,
        byte_index: usize,
    ) -> Result<usize, codespan_reporting::files::Error> {
        Ok(self.line_col(id, byte_index).line - 1)
    }

    fn line_range(
        &'a self,
        id: FileId,
        line_index: usize,
    ) -> Result<Range<usize>, codespan_reporting::files::Error> {
        let f = self.get(id);
        let start = *f.line_starts.get(line_index).ok_or(
            codespan_reporting::files::Error::LineTooLarge {
                given: line_index,
                max: f.line_starts.len() - 1,
            },
        )?;
        let end = f
            .line_starts
            .get(line_index + 1)
            .copied()
            .unwrap_or(f.text.len());
        Ok(start..end)
    }
}
