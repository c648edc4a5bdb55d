//! The passes' unit tests' one harness: a program's text through the
//! lowering up to one step, and the core text (or, after a tree step, the
//! source) it gives, with no backend.
//!
//! A program is parsed (PVL or Java, one file), taken through the tree steps
//! (the Java-only ones on Java), checked ([`crate::check::check`], which
//! checks every body, so Calvin's inlining sees its callees) and taken
//! through the core passes up to and including one ([`super::run_until`]),
//! as `weft emit --dump-after PASS` does. What is compared is
//! [`crate::core::print`]'s text: a method's body on one line ([`body`]), or
//! its outline ([`shape`]: a statement's head, the structure kept) where the
//! body is long.

use crate::core::print;
use crate::core::{Block, Method, Program, StmtKind};
use crate::diag::{self, Diagnostic};
use crate::syntax::ast::Unit;
use crate::syntax::span::FileId;

/// The program's language.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lang {
    Pvl,
    Java,
}

pub use Lang::{Java, Pvl};

/// The syntax tree of `text` as parsed.
pub fn parsed(lang: Lang, text: &str) -> Unit {
    match lang {
        Pvl => crate::syntax::parse_pvl(FileId(0), text),
        Java => crate::syntax::java::parse_java(FileId(0), text),
    }
    .unwrap_or_else(|e| panic!("does not parse: {e:?}"))
}

/// The tree after the tree steps up to and including `last` (all of them
/// without), as source, or the step's errors.
pub fn tree_after(lang: Lang, text: &str, last: Option<&str>) -> diag::Result<String> {
    let mut units = vec![parsed(lang, text)];
    super::lower_tree(&mut units, lang == Java, last)?;
    Ok(crate::syntax::print::decls(&units[0].decls))
}

/// The core program of `text`, or the tree steps' or the checker's errors.
pub fn checked(lang: Lang, text: &str) -> diag::Result<Program> {
    let mut units = vec![parsed(lang, text)];
    super::lower_tree(&mut units, lang == Java, None)?;
    crate::check::check(&units)
}

/// The core program of `text` after the core pass `pass`, or the errors of
/// the passes up to it (the program must check).
pub fn lowered(lang: Lang, text: &str, pass: &str) -> diag::Result<Program> {
    let p = checked(lang, text).unwrap_or_else(|e| panic!("does not check: {e:?}"));
    super::run_until(p, pass).unwrap_or_else(|| panic!("{pass} is no core pass"))
}

/// [`lowered`], which must succeed.
pub fn after(lang: Lang, text: &str, pass: &str) -> Program {
    lowered(lang, text, pass).unwrap_or_else(|e| panic!("{pass} refuses: {e:?}"))
}

/// The errors of the passes up to `pass` on `text`, which must have some.
pub fn refused(lang: Lang, text: &str, pass: &str) -> Vec<Diagnostic> {
    match lowered(lang, text, pass) {
        Ok(p) => panic!("{pass} accepts:\n{}", print::program(&p)),
        Err(e) => e,
    }
}

/// An error's code and the text under its span.
pub fn at<'t>(text: &'t str, d: &Diagnostic) -> (String, &'t str) {
    let span = d.span.expect("a span");
    (
        d.code.to_string(),
        &text[span.start as usize..span.end as usize],
    )
}

/// The method named `name` (`C.m` for the one of class C; a method made by
/// a pass is named within its maker: `m__thread`, …).
pub fn method<'p>(p: &'p Program, name: &str) -> &'p Method {
    let (class, name) = match name.split_once('.') {
        Some((c, m)) => (Some(c), m),
        None => (None, name),
    };
    p.methods
        .iter()
        .find(|m| {
            m.name == name && class.is_none_or(|c| m.class.is_some_and(|k| p.class(k).name == c))
        })
        .unwrap_or_else(|| {
            let names: Vec<_> = p.methods.iter().map(|m| m.name.to_string()).collect();
            panic!("no method {name}: {names:?}")
        })
}

/// The body of method `name`, on one line.
pub fn body(p: &Program, name: &str) -> String {
    print::block(p, method(p, name).body.as_ref().expect("a body"))
}

/// The contract of method `name`: each requires, then each ensures, as
/// `requires E` / `ensures E`.
pub fn contract(p: &Program, name: &str) -> Vec<String> {
    let m = method(p, name);
    let c = &m.contract;
    c.requires
        .iter()
        .map(|e| format!("requires {}", print::expr(p, e)))
        .chain(
            c.ensures
                .iter()
                .map(|e| format!("ensures {}", print::expr(p, e))),
        )
        .collect()
}

/// The outline of method `name`'s body: a line per statement, its head and
/// the words after it up to its first expression (`label weft_env_2`,
/// `havoc`, `check-assert guarantee`, `= `), a nested block's statements
/// between `{` and `}` lines, with `if`, `while`, `invariant N`, `atomic`,
/// `atomic-step` before them.
pub fn shape(p: &Program, name: &str) -> Vec<String> {
    let mut out = Vec::new();
    outline(p, method(p, name).body.as_ref().expect("a body"), &mut out);
    out
}

/// The outline of a block, into `out`.
pub fn outline(p: &Program, b: &Block, out: &mut Vec<String>) {
    let nested = |head: String, bs: &[&Block], out: &mut Vec<String>| {
        out.push(head);
        for (i, b) in bs.iter().enumerate() {
            if i > 0 {
                out.push("else".into());
            }
            out.push("{".into());
            outline(p, b, out);
            out.push("}".into());
        }
    };
    for s in &b.stmts {
        match &s.kind {
            StmtKind::Block(b) => nested("block".into(), &[b], out),
            StmtKind::If { then, els, .. } => match els {
                Some(e) => nested("if".into(), &[then, e], out),
                None => nested("if".into(), &[then], out),
            },
            StmtKind::While { body, .. } => nested("while".into(), &[body], out),
            StmtKind::Invariant { name, body, .. } => {
                nested(format!("invariant {name}"), &[body], out)
            }
            StmtKind::Atomic { body, .. } => nested("atomic".into(), &[body], out),
            StmtKind::AtomicStep(b) => nested("atomic-step".into(), &[b], out),
            _ => {
                let one = Block {
                    stmts: vec![s.clone()],
                    span: s.span,
                };
                out.push(head(&print::block(p, &one)));
            }
        }
    }
}

/// `{(head a b (e …) …)}` → `head a b`: the head and the atoms before the
/// first parenthesis.
fn head(one: &str) -> String {
    let inner = one
        .trim_start_matches("{(")
        .trim_end_matches('}')
        .trim_end_matches(')');
    inner
        .split(' ')
        .take_while(|w| !w.starts_with('('))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_head_stops_at_the_first_expression() {
        assert_eq!(head("{(label weft_env_2)}"), "label weft_env_2");
        assert_eq!(
            head("{(check-assert guarantee (forall [j] x))}"),
            "check-assert guarantee"
        );
        assert_eq!(head("{(= (. this x) r)}"), "=");
        assert_eq!(head("{(local r 1)}"), "local r 1");
    }

    #[test]
    fn a_body_its_outline_and_an_error_with_its_span() {
        let text =
            "class C { int x; void m(int n) { if (n > 0) { x = n; } else { assert n <= 0; } } }";
        let p = after(Pvl, text, "locks");
        assert_eq!(
            body(&p, "C.m"),
            "{(if (> n 0) {(= (. this x) n)} {(assert (<= n 0))})}"
        );
        assert_eq!(
            shape(&p, "m"),
            ["if", "{", "=", "}", "else", "{", "assert", "}"]
        );
        let text = "class C { void m() { atomic(nope) { } } }";
        let errs = checked(Pvl, text).expect_err("no such invariant");
        assert_eq!(at(text, &errs[0]).1, "nope");
    }
}
