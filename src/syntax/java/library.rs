//! The specification library: Java classes written in weft's annotated Java
//! (`backends/spec/<package path>/<Class>.java`), embedded in the binary and
//! added to a program that names them.
//!
//! A class of `java.lang` is loaded when a Java file of the program (or an
//! already loaded library class) uses its simple name; a class of another
//! package when, in addition, the file imports it (`import p.C;` or
//! `import p.*;`). A program's own class of the same name wins. To add a
//! class (e.g. `java.util.concurrent.Semaphore`), write its file under
//! `backends/spec/` and add a line to [`LIBRARY`].

use super::lexer::{Lexer, Token};
use std::collections::BTreeSet;

/// One library class.
pub struct Entry {
    pub package: &'static str,
    pub class: &'static str,
    pub text: &'static str,
}

impl Entry {
    /// The path the diagnostics show (the file's place in the repository).
    pub fn path(&self) -> String {
        format!(
            "backends/spec/{}/{}.java",
            self.package.replace('.', "/"),
            self.class
        )
    }
}

macro_rules! entry {
    ($package:literal, $path:literal, $class:literal) => {
        Entry {
            package: $package,
            class: $class,
            text: include_str!(concat!(
                "../../../backends/spec/",
                $path,
                "/",
                $class,
                ".java"
            )),
        }
    };
}

pub const LIBRARY: &[Entry] = &[
    entry!("java.lang", "java/lang", "Object"),
    entry!("java.lang", "java/lang", "String"),
    entry!("java.lang", "java/lang", "Math"),
    entry!("java.lang", "java/lang", "JmlVector"),
    entry!("java.lang", "java/lang", "Throwable"),
    entry!("java.lang", "java/lang", "Exception"),
    entry!("java.lang", "java/lang", "RuntimeException"),
    entry!("java.lang", "java/lang", "Error"),
    entry!("java.lang", "java/lang", "InterruptedException"),
    entry!("java.lang", "java/lang", "ArithmeticException"),
    entry!("java.lang", "java/lang", "ArrayStoreException"),
    entry!("java.lang", "java/lang", "ClassCastException"),
    entry!("java.lang", "java/lang", "IllegalArgumentException"),
    entry!("java.lang", "java/lang", "IllegalStateException"),
    entry!("java.lang", "java/lang", "IndexOutOfBoundsException"),
    entry!("java.lang", "java/lang", "ArrayIndexOutOfBoundsException"),
    entry!("java.lang", "java/lang", "NegativeArraySizeException"),
    entry!("java.lang", "java/lang", "NullPointerException"),
    entry!("java.lang", "java/lang", "UnsupportedOperationException"),
    entry!("java.io", "java/io", "IOException"),
    entry!("java.io", "java/io", "UncheckedIOException"),
    entry!("java.lang", "java/lang", "Thread"),
    entry!("java.lang", "java/lang", "Runnable"),
    entry!("java.util.concurrent", "java/util/concurrent", "Semaphore"),
    entry!(
        "java.util.concurrent",
        "java/util/concurrent",
        "CountDownLatch"
    ),
    entry!(
        "java.util.concurrent",
        "java/util/concurrent",
        "CyclicBarrier"
    ),
    entry!(
        "java.util.concurrent.atomic",
        "java/util/concurrent/atomic",
        "AtomicInteger"
    ),
    entry!(
        "java.util.concurrent.locks",
        "java/util/concurrent/locks",
        "LockSet"
    ),
    entry!(
        "java.util.concurrent.locks",
        "java/util/concurrent/locks",
        "Lock"
    ),
    entry!(
        "java.util.concurrent.locks",
        "java/util/concurrent/locks",
        "ReentrantLock"
    ),
    entry!(
        "java.util.concurrent.locks",
        "java/util/concurrent/locks",
        "ReadWriteLock"
    ),
    entry!(
        "java.util.concurrent.locks",
        "java/util/concurrent/locks",
        "ReentrantReadWriteLock"
    ),
];

/// What a file names, declares and imports, read from its tokens.
#[derive(Default)]
struct Names {
    used: BTreeSet<String>,
    declared: BTreeSet<String>,
    /// `p.C` and `p.*`.
    imports: BTreeSet<String>,
}

fn scan(text: &str, names: &mut Names) {
    let toks: Vec<Token> = Lexer::new(text)
        .filter_map(|t| t.ok().map(|(_, t, _)| t))
        .collect();
    let mut i = 0;
    while i < toks.len() {
        match toks[i] {
            Token::Import => {
                let mut path = String::new();
                i += 1;
                // `import static p.C.m;` and `import static p.C.*;` use C.
                let is_static = toks.get(i) == Some(&Token::Static);
                let mut parts: Vec<&str> = Vec::new();
                while i < toks.len() && toks[i] != Token::Semi {
                    match toks[i] {
                        Token::Ident(s) => {
                            path.push_str(s);
                            parts.push(s);
                        }
                        Token::Dot => path.push('.'),
                        Token::Star => path.push('*'),
                        _ => {}
                    }
                    i += 1;
                }
                if is_static {
                    let star = path.ends_with('*');
                    let class = parts.len().checked_sub(if star { 1 } else { 2 });
                    if let Some(k) = class {
                        names.used.insert(parts[k].to_owned());
                        names.imports.insert(parts[..=k].join("."));
                    }
                } else {
                    names.imports.insert(path);
                }
            }
            Token::Class | Token::Interface => {
                if let Some(Token::Ident(s)) = toks.get(i + 1) {
                    names.declared.insert((*s).to_owned());
                }
            }
            Token::Ident(s) => {
                names.used.insert(s.to_owned());
                // A qualified name (`java.io.IOException`) imports what it names.
                let mut path = s.to_owned();
                let mut j = i;
                while let (Some(Token::Dot), Some(Token::Ident(n))) =
                    (toks.get(j + 1), toks.get(j + 2))
                {
                    path.push('.');
                    path.push_str(n);
                    j += 2;
                }
                if j > i && (i == 0 || toks[i - 1] != Token::Dot) {
                    names.imports.insert(path);
                }
            }
            // `\sum(…)` is a call of JmlVector's functions (not `(\sum a[*])`).
            Token::BsSum if toks.get(i + 1) == Some(&Token::LParen) => {
                names.used.insert(super::builders::VECTOR_CLASS.to_owned());
            }
            // A literal is a String (`String.literal(…)`).
            Token::StringLit(_) => {
                names.used.insert("String".to_owned());
            }
            _ => {}
        }
        i += 1;
    }
}

/// The library classes the given Java sources need, transitively, in library order.
/// Whether a file of this name is a library file `load` added (`Entry::path`).
pub fn is_library(name: &str) -> bool {
    LIBRARY.iter().any(|e| e.path() == name)
}

pub fn referenced(texts: &[&str]) -> Vec<&'static Entry> {
    let mut names = Names::default();
    for t in texts {
        scan(t, &mut names);
    }
    let mut loaded: Vec<&'static Entry> = Vec::new();
    loop {
        let next = LIBRARY.iter().find(|e| {
            !loaded.iter().any(|l| std::ptr::eq(*l, *e))
                && names.used.contains(e.class)
                && !names.declared.contains(e.class)
                && (e.package == "java.lang"
                    || names
                        .imports
                        .contains(&format!("{}.{}", e.package, e.class))
                    || names.imports.contains(&format!("{}.*", e.package)))
        });
        let Some(e) = next else { break };
        loaded.push(e);
        // Its own declaration must not hide it; what it uses may pull in more.
        let mut own = Names::default();
        scan(e.text, &mut own);
        names.used.extend(own.used);
        names.imports.extend(own.imports);
    }
    loaded.sort_by_key(|e| LIBRARY.iter().position(|l| std::ptr::eq(l, *e)));
    loaded
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes(texts: &[&str]) -> Vec<&'static str> {
        referenced(texts).iter().map(|e| e.class).collect()
    }

    #[test]
    fn loads_what_is_named() {
        assert!(classes(&["class A { int x; }"]).is_empty());
        assert_eq!(
            classes(&["class A { static void main(String[] args) {} }"]),
            ["String"]
        );
        assert!(classes(&["class String {} class A { String s; }"]).is_empty());
        assert_eq!(
            classes(&["class A { void m() { x = \"s\"; } }"]),
            ["String"]
        );
    }

    #[test]
    fn loads_the_vector_sums_and_static_imports() {
        assert_eq!(
            classes(&["class A { //@ ensures \\sum([0 .. 1], xs) == 0;\n void m() {} }"]),
            ["JmlVector"]
        );
        assert!(classes(&["class A { //@ ensures (\\sum a[*]) == 0;\n void m() {} }"]).is_empty());
        assert_eq!(
            classes(&["import static java.lang.Math.sqrt; class A {}"]),
            ["Math"]
        );
    }

    #[test]
    fn every_library_file_parses() {
        for e in LIBRARY {
            let r = super::super::parse_java(Default::default(), e.text);
            assert!(r.is_ok(), "{}: {:?}", e.path(), r.err());
        }
    }
}
