//! The files of other classes a Java file needs, found as VerCors (and
//! `javac -sourcepath`) finds them: a file declaring `package a.b;` lies in
//! `<root>/a/b/`, and the class `p.C` it uses lives in `<root>/p/C.java`.
//!
//! Which classes a file may use without naming their file: a class of its own
//! package (`<root>/a/b/C.java` for a name `C` it uses and does not declare),
//! one it imports (`import p.C;`, or `import p.*;` for a name `C` it uses),
//! and the class of a static import (`import static p.C.m;`,
//! `import static p.C.*;`). The files found are read with the run's, and what
//! they need in turn ([`related`]); whether a name then means the class is the
//! checker's decision (`check::env::FileNames`: another package's class only
//! through an import), so loading a file never makes a name resolve that
//! Java's rules do not.

use super::lexer::{Lexer, Token};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// What the search needs of a file: its package, imports, the names it uses
/// and the classes it declares.
#[derive(Default)]
struct Outline {
    package: Vec<String>,
    /// (path, `.*`, static)
    imports: Vec<(Vec<String>, bool, bool)>,
    used: BTreeSet<String>,
    declared: BTreeSet<String>,
}

fn outline(text: &str) -> Outline {
    let toks: Vec<Token> = Lexer::new(text)
        .filter_map(|t| t.ok().map(|(_, t, _)| t))
        .collect();
    let mut o = Outline::default();
    let mut i = 0;
    // The dotted name from `i` up to `;`: (names, ends in `.*`).
    let path = |i: &mut usize| {
        let mut names = Vec::new();
        let mut all = false;
        while *i < toks.len() && toks[*i] != Token::Semi {
            match toks[*i] {
                Token::Ident(s) => names.push(s.to_owned()),
                Token::Star => all = true,
                _ => {}
            }
            *i += 1;
        }
        (names, all)
    };
    while i < toks.len() {
        match toks[i] {
            Token::Package => {
                i += 1;
                o.package = path(&mut i).0;
            }
            Token::Import => {
                i += 1;
                let is_static = toks.get(i) == Some(&Token::Static);
                let (names, all) = path(&mut i);
                o.imports.push((names, all, is_static));
            }
            Token::Class | Token::Interface | Token::Enum => {
                if let Some(Token::Ident(s)) = toks.get(i + 1) {
                    o.declared.insert((*s).to_owned());
                    i += 1;
                }
            }
            Token::Ident(s) => {
                o.used.insert(s.to_owned());
            }
            _ => {}
        }
        i += 1;
    }
    o
}

/// The source root of a file of package `package`: its directory with the
/// package's names taken off the end; None when the directories do not match
/// the package (then, as in VerCors, no other file is looked for).
fn root(file: &Path, package: &[String]) -> Option<PathBuf> {
    // `C.java` given as is: its directory is the working one.
    let file = std::path::absolute(file).ok()?;
    let mut dir = file.parent()?.to_path_buf();
    for name in package.iter().rev() {
        if dir.file_name()?.to_str()? != name {
            return None;
        }
        dir = dir.parent()?.to_path_buf();
    }
    Some(dir)
}

/// The files of classes `file` may use, that exist.
fn candidates(file: &Path, text: &str) -> Vec<PathBuf> {
    let o = outline(text);
    let Some(root) = root(file, &o.package) else {
        return Vec::new();
    };
    let in_dir = |dir: &[String], class: &str| {
        let mut p = root.clone();
        p.extend(dir);
        p.push(format!("{class}.java"));
        p
    };
    let mut out = Vec::new();
    let undeclared = || o.used.iter().filter(|n| !o.declared.contains(*n));
    for (path, all, is_static) in &o.imports {
        // `import p.C;`, `import static p.C.*;`: C; `import static p.C.m;`: C.
        let class_path = match (all, is_static) {
            (false, true) => &path[..path.len().saturating_sub(1)],
            (true, false) => {
                out.extend(undeclared().map(|n| in_dir(path, n)));
                continue;
            }
            _ => &path[..],
        };
        if let Some((class, package)) = class_path.split_last() {
            out.push(in_dir(package, class));
        }
    }
    out.extend(undeclared().map(|n| in_dir(&o.package, n)));
    out.retain(|p| p.is_file());
    out
}

/// The files the given Java files need, transitively, that are not among
/// them (compared as canonical paths), in the order found.
pub fn related(files: &[(PathBuf, String)]) -> Vec<PathBuf> {
    let canon = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let mut seen: BTreeSet<PathBuf> = files.iter().map(|(p, _)| canon(p)).collect();
    let mut todo: Vec<(PathBuf, String)> = files
        .iter()
        .filter(|(p, _)| p.extension().is_some_and(|e| e == "java"))
        .cloned()
        .collect();
    let mut found = Vec::new();
    while let Some((path, text)) = todo.pop() {
        for c in candidates(&path, &text) {
            if seen.insert(canon(&c)) {
                if let Ok(t) = std::fs::read_to_string(&c) {
                    found.push(c.clone());
                    todo.push((c, t));
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_root_is_the_directory_without_the_package() {
        let pkg = |s: &str| s.split('.').map(str::to_owned).collect::<Vec<_>>();
        assert_eq!(
            root(Path::new("/r/a/b/C.java"), &pkg("a.b")),
            Some(PathBuf::from("/r"))
        );
        assert_eq!(root(Path::new("/r/x/C.java"), &pkg("a")), None);
        assert_eq!(root(Path::new("/r/C.java"), &[]), Some(PathBuf::from("/r")));
    }

    #[test]
    fn outline_reads_package_imports_and_names() {
        let o = outline(
            "package a.b; import static p.C.*; import q.D; class E { D d; int f() { return m(); } }",
        );
        assert_eq!(o.package, ["a", "b"]);
        assert_eq!(o.imports.len(), 2);
        assert!(o.imports[0].1 && o.imports[0].2);
        assert!(o.used.contains("D") && o.used.contains("m"));
        assert!(o.declared.contains("E"));
    }
}
