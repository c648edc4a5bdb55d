//! What a Java file's spec regions hold is ghost: JML code the compiled
//! program does not have. The grammar reads a region's contents as if the
//! delimiters were not there (the lexer records where they were:
//! `Unit::spec_regions`), so this step marks each statement, field and
//! method that lies wholly inside a region: a statement becomes `ghost S`
//! (as PVL writes it), a field or method gets the `ghost` modifier. It runs
//! after the Java tree passes (`passes::java`), which match the tree as
//! written, and before checking; what the passes made or copied keeps its
//! source span, so it is marked by where it came from. The checker then
//! keeps ghost code from writing program state (`check::stmt`), which would
//! make the verified program differ from the one that runs.

use crate::syntax::ast::{Block, Member, Stmt, StmtKind, Unit};
use crate::syntax::span::{FileId, Span};
use crate::syntax::walk::{child_blocks_mut, each_member_mut};
use rustc_hash::FxHashMap as HashMap;
use std::ops::Range;

/// Marks what lies inside a spec region of its file as ghost.
pub fn mark(units: &mut [Unit]) {
    let mut regions: HashMap<FileId, Vec<Range<usize>>> = HashMap::default();
    for r in units.iter().flat_map(|u| &u.spec_regions) {
        let at = r.start as usize..r.end as usize;
        regions.entry(r.file).or_default().push(at);
    }
    let inside = |s: Span| regions.get(&s.file).is_some_and(|r| inside(r, s));
    each_member_mut(units, &mut |m| member(m, &inside));
}

fn member(m: &mut Member, inside: &dyn Fn(Span) -> bool) {
    match m {
        Member::Field(f) if inside(f.span) => f.mods.is_ghost = true,
        Member::Method(m) if inside(m.span) => m.mods.is_ghost = true,
        Member::Method(m) => {
            if let Some(b) = &mut m.body {
                block(b, inside);
            }
        }
        _ => {}
    }
}

fn block(b: &mut Block, inside: &dyn Fn(Span) -> bool) {
    for s in &mut b.stmts {
        stmt(s, inside);
    }
}

fn stmt(s: &mut Stmt, inside: &dyn Fn(Span) -> bool) {
    if matches!(s.kind, StmtKind::Ghost(_)) {
        return;
    }
    if inside(s.span) {
        let span = s.span;
        let placeholder = Stmt {
            kind: StmtKind::Block(Block {
                stmts: Vec::new(),
                span,
            }),
            span,
        };
        let inner = std::mem::replace(s, placeholder);
        s.kind = StmtKind::Ghost(Box::new(inner));
    } else {
        child_blocks_mut(s, &mut |b| block(b, inside));
    }
}

/// Whether `s` lies wholly inside one of the regions (sorted, disjoint).
fn inside(regions: &[Range<usize>], s: Span) -> bool {
    let (start, end) = (s.start as usize, s.end as usize);
    // The last region starting at or before `start`.
    let i = regions.partition_point(|r| r.start <= start);
    i > 0 && end <= regions[i - 1].end
}

#[cfg(test)]
mod tests {
    use super::inside;
    use crate::syntax::span::{FileId, Span};

    #[test]
    fn a_span_is_inside_only_when_one_region_holds_all_of_it() {
        let regions = [2..10, 20..30];
        let at = |a, b| Span::new(FileId(0), a, b);
        assert!(inside(&regions, at(3, 9)));
        assert!(inside(&regions, at(20, 30)));
        assert!(!inside(&regions, at(0, 1)));
        assert!(!inside(&regions, at(9, 21)));
        assert!(!inside(&regions, at(12, 15)));
    }
}
