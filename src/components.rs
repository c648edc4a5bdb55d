//! Which files of a run form one program.
//!
//! `weft verify a.pvl b.pvl` must fail exactly where `a.pvl` and `b.pvl` fail
//! alone when neither uses the other: a solver's verdict on one member can
//! depend on everything else in its context (the axioms of unrelated functions,
//! the order of declarations), so unrelated files are never put in one backend
//! program. The files of a run are split into components: a file joins the
//! files that declare a top-level name (a class, a global procedure, function
//! or predicate) it mentions, transitively. Each component is verified as one
//! program, on its own.
//!
//! Both sides are read off the tokens, erring towards joining: a file
//! *mentions* every identifier it contains; it *declares* the name after
//! `class`/`interface`/`enum` and every identifier followed by `(` or type
//! arguments outside braces (a global member's name, or a name called in a
//! global contract, which only joins more). A dependency is never missed, as
//! every top-level declaration is one of those forms. A file that does not lex
//! puts the whole run in one component, so its error is reported as before.
//!
//! Library files (Java's specified classes) are shared: each component that
//! mentions one of their names gets them, without that joining components.

use crate::syntax::span::{FileId, Files};
use rustc_hash::{FxHashMap, FxHashSet};

/// What the split needs to know of a token.
enum Lexeme<'a> {
    Ident(&'a str),
    /// `class`, `interface`, `enum`: the next identifier is declared.
    ClassKeyword,
    OpenBrace,
    CloseBrace,
    /// `(` or type arguments: the identifier before is declared, at the top level.
    Call,
    Other,
}

/// The names a file declares at the top level and the identifiers it mentions;
/// None if it does not lex.
fn names(name: &str, text: &str) -> Option<(Vec<String>, FxHashSet<String>)> {
    let lexemes: Vec<Lexeme> = if name.ends_with(".java") {
        use crate::syntax::java::lexer::{Lexer, Token as T};
        Lexer::new(text)
            .map(|t| {
                t.ok().map(|(_, t, _)| match t {
                    T::Ident(s) => Lexeme::Ident(s),
                    // `\sum(…)` calls the library's vector sums.
                    T::BsSum => Lexeme::Ident(crate::syntax::java::builders::VECTOR_CLASS),
                    T::Class | T::Interface | T::Enum => Lexeme::ClassKeyword,
                    T::LBrace => Lexeme::OpenBrace,
                    T::RBrace => Lexeme::CloseBrace,
                    T::LParen | T::Lt => Lexeme::Call,
                    _ => Lexeme::Other,
                })
            })
            .collect::<Option<_>>()?
    } else {
        use crate::syntax::lexer::{Lexer, Token as T};
        Lexer::new(text)
            .map(|t| {
                t.ok().map(|(_, t, _)| match t {
                    T::Ident(s) => Lexeme::Ident(s),
                    T::Class => Lexeme::ClassKeyword,
                    T::LBrace => Lexeme::OpenBrace,
                    T::RBrace => Lexeme::CloseBrace,
                    T::LParen | T::TypeArgsLt => Lexeme::Call,
                    _ => Lexeme::Other,
                })
            })
            .collect::<Option<_>>()?
    };
    let mut declared = Vec::new();
    let mut mentioned = FxHashSet::default();
    let mut depth = 0usize;
    for (i, l) in lexemes.iter().enumerate() {
        match l {
            Lexeme::Ident(s) => {
                mentioned.insert(s.to_string());
                let next = lexemes.get(i + 1);
                if depth == 0 && matches!(next, Some(Lexeme::Call)) {
                    declared.push(s.to_string());
                }
            }
            Lexeme::ClassKeyword => {
                if let Some(Lexeme::Ident(s)) = lexemes.get(i + 1) {
                    declared.push(s.to_string());
                }
            }
            Lexeme::OpenBrace => depth += 1,
            Lexeme::CloseBrace => depth = depth.saturating_sub(1),
            Lexeme::Call | Lexeme::Other => {}
        }
    }
    Some((declared, mentioned))
}

/// Splits `ids` into the programs to verify on their own, each in the order of
/// `ids`, the components in the order of their first file. `shared(id)`: a
/// library file, added to every component that mentions what it declares.
pub fn components(
    files: &Files,
    ids: &[FileId],
    shared: impl Fn(FileId) -> bool,
) -> Vec<Vec<FileId>> {
    let (library, own): (Vec<FileId>, Vec<FileId>) = ids.iter().partition(|id| shared(**id));
    let mut read = Vec::with_capacity(own.len());
    for &id in &own {
        match names(files.name(id), files.text(id)) {
            Some(n) => read.push(n),
            None => return vec![ids.to_vec()],
        }
    }
    let mut declarers: FxHashMap<&str, Vec<usize>> = FxHashMap::default();
    for (i, (declared, _)) in read.iter().enumerate() {
        for d in declared {
            declarers.entry(d.as_str()).or_default().push(i);
        }
    }
    // Union-find over the files.
    let mut parent: Vec<usize> = (0..own.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for (i, (_, mentioned)) in read.iter().enumerate() {
        for m in mentioned {
            for &j in declarers.get(m.as_str()).map_or(&[][..], |v| &v[..]) {
                let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                parent[a.max(b)] = a.min(b);
            }
        }
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut group_of: FxHashMap<usize, usize> = FxHashMap::default();
    for i in 0..own.len() {
        let r = root(&mut parent, i);
        let g = *group_of.entry(r).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(i);
    }
    let library: Vec<(FileId, Vec<String>, FxHashSet<String>)> = library
        .into_iter()
        .map(|id| {
            let (declared, mentioned) = names(files.name(id), files.text(id)).unwrap_or_default();
            (id, declared, mentioned)
        })
        .collect();
    groups
        .into_iter()
        .map(|g| {
            let mut out: Vec<FileId> = g.iter().map(|&i| own[i]).collect();
            // The library files the group needs, and those they need in turn.
            let mut taken = vec![false; library.len()];
            let mut mentions: Vec<&FxHashSet<String>> = g.iter().map(|&i| &read[i].1).collect();
            while let Some(k) = (0..library.len()).find(|&k| {
                !taken[k]
                    && library[k]
                        .1
                        .iter()
                        .any(|d| mentions.iter().any(|m| m.contains(d)))
            }) {
                taken[k] = true;
                mentions.push(&library[k].2);
            }
            out.extend(
                (0..library.len())
                    .filter(|&k| taken[k])
                    .map(|k| library[k].0),
            );
            out
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(sources: &[(&str, &str)]) -> Vec<Vec<usize>> {
        let mut files = Files::default();
        let ids: Vec<FileId> = sources
            .iter()
            .map(|(n, t)| files.add(n.to_string(), t.to_string()))
            .collect();
        components(&files, &ids, |_| false)
            .into_iter()
            .map(|g| {
                g.iter()
                    .map(|id| ids.iter().position(|i| i == id).unwrap())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn unrelated_files_are_programs_of_their_own() {
        let got = split(&[
            ("a.pvl", "class A { int f; }"),
            ("b.pvl", "class B { void m() { } }"),
        ]);
        assert_eq!(got, [vec![0], vec![1]]);
    }

    #[test]
    fn a_file_joins_the_declarer_of_a_name_it_uses_transitively() {
        let got = split(&[
            ("client.pvl", "void main() { B b = new B(); }"),
            ("unrelated.pvl", "pure int one() = 1;"),
            ("b.pvl", "class B { C c; }"),
            ("c.pvl", "class C { }"),
            ("uses_one.pvl", "requires one() == 1; void m() { }"),
        ]);
        assert_eq!(got, [vec![0, 2, 3], vec![1, 4]]);
    }

    #[test]
    fn a_file_that_does_not_lex_keeps_the_run_whole() {
        let got = split(&[("a.pvl", "class A { # }"), ("b.pvl", "class B { }")]);
        assert_eq!(got, [vec![0, 1]]);
    }
}
