//! Java's `switch`, lowered to labels and jumps before checking.
//!
//! ```text
//! switch (e) { case c1, c2: S1  default: S2 }
//!   ~>  switch$$L: { var subject$$L = e;
//!         if (subject$$L == c1 || subject$$L == c2) goto case$$L$$0;
//!         goto case$$L$$1;                        (no default: break switch$$L)
//!         label case$$L$$0; S1
//!         label case$$L$$1; S2 }
//! ```
//!
//! with every `break;` that leaves the switch (not inside a loop or another
//! switch in it) written `break switch$$L;`, and in the arrow form a `break
//! switch$$L;` after each group's statement. Why this is Java's meaning: the
//! subject is evaluated once, before any test (JLS 14.11.3), and compared
//! with the constants in order; control enters the first group whose
//! constant is equal, else the `default` group wherever it stands, else
//! leaves; the old form's groups follow one another, so one falls through
//! into the next, and `break` leaves the switch, which the label makes the
//! checker's ordinary labelled `break`. The subject's type is its value's
//! (`ast::TypeKind::Inferred`): an int, or an enum, whose constants the
//! comparisons then read. `L` is the switch's offset in its file, so its
//! labels are fresh in its method (`$$` is in no Java name).
//!
//! Removes `ast::StmtKind::Switch`.

use crate::diag::Diagnostic;
use crate::syntax::ast::*;
use crate::syntax::span::Span;
use crate::syntax::walk::{child_blocks_mut, each_member_mut};

/// Lowers every switch of the program.
pub fn lower(units: &mut [Unit]) -> Result<(), Vec<Diagnostic>> {
    each_member_mut(units, &mut |m| {
        if let Member::Method(Method { body: Some(b), .. }) = m {
            block(b);
        }
    });
    Ok(())
}

fn block(b: &mut Block) {
    b.stmts.iter_mut().for_each(stmt);
}

/// Inner switches first, so that the breaks left to retarget are this one's.
fn stmt(s: &mut Stmt) {
    child_blocks_mut(s, &mut block);
    if matches!(s.kind, StmtKind::Switch(_)) {
        let empty = StmtKind::Block(Block {
            stmts: Vec::new(),
            span: s.span,
        });
        if let StmtKind::Switch(sw) = std::mem::replace(&mut s.kind, empty) {
            s.kind = lowered(*sw, s.span);
        }
    }
}

fn ident(name: String, span: Span) -> Ident {
    Ident {
        name: Name::from(name.as_str()),
        span,
    }
}

fn one(kind: StmtKind, span: Span) -> Stmt {
    Stmt { kind, span }
}

fn lowered(sw: Switch, span: Span) -> StmtKind {
    let l = span.start;
    let brk = ident(format!("switch$${l}"), span);
    let leave = |at: Span| one(StmtKind::Break(Some(brk.clone())), at);
    let subject = ident(format!("subject$${l}"), sw.subject.span);
    let case_label = |k: usize, at: Span| ident(format!("case$${l}$${k}"), at);
    let at = sw.subject.span;
    let mut stmts = vec![one(
        StmtKind::Local {
            ty: Type {
                kind: TypeKind::Inferred,
                span: at,
            },
            name: subject.clone(),
            init: Some(sw.subject),
        },
        at,
    )];
    // The tests, in order; then the default, or out.
    for (k, g) in sw.groups.iter().enumerate() {
        let test = g.consts.iter().cloned().fold(None, |acc: Option<Expr>, c| {
            let at = c.span;
            let name = Expr {
                kind: ExprKind::Name(subject.clone()),
                span: at,
            };
            let eq = Expr {
                kind: ExprKind::Binary(BinOp::Eq, Box::new(name), Box::new(c)),
                span: at,
            };
            Some(match acc {
                None => eq,
                Some(a) => Expr {
                    kind: ExprKind::Binary(BinOp::Or, Box::new(a), Box::new(eq)),
                    span: g.labels,
                },
            })
        });
        if let Some(cond) = test {
            let go = one(StmtKind::Goto(case_label(k, g.labels)), g.labels);
            let then = Block {
                stmts: vec![go],
                span: g.labels,
            };
            stmts.push(one(
                StmtKind::If {
                    cond,
                    then,
                    els: None,
                },
                g.labels,
            ));
        }
    }
    stmts.push(match sw.groups.iter().position(|g| g.default) {
        Some(k) => {
            let at = sw.groups[k].labels;
            one(StmtKind::Goto(case_label(k, at)), at)
        }
        None => leave(span),
    });
    // The groups, one after the other.
    for (k, mut g) in sw.groups.into_iter().enumerate() {
        g.body.stmts.iter_mut().for_each(|s| retarget(s, &brk));
        stmts.push(one(StmtKind::Label(case_label(k, g.labels)), g.labels));
        stmts.extend(g.body.stmts);
        if sw.arrows {
            stmts.push(leave(g.labels));
        }
    }
    let body = one(StmtKind::Block(Block { stmts, span }), span);
    StmtKind::Labelled(brk, Box::new(body))
}

/// `break;` leaving the switch becomes `break label;`: not inside a loop,
/// whose `break;` is its own, nor a par block's thread, which no jump leaves.
fn retarget(s: &mut Stmt, label: &Ident) {
    match &mut s.kind {
        StmtKind::Break(target @ None) => *target = Some(label.clone()),
        StmtKind::While { .. }
        | StmtKind::For { .. }
        | StmtKind::ForRange { .. }
        | StmtKind::DoWhile { .. }
        | StmtKind::Par(_) => {}
        StmtKind::Ghost(inner) | StmtKind::Labelled(_, inner) => retarget(inner, label),
        _ => child_blocks_mut(s, &mut |b| {
            b.stmts.iter_mut().for_each(|s| retarget(s, label))
        }),
    }
}

#[cfg(test)]
mod tests {
    use crate::syntax::span::FileId;

    /// The method bodies of the Java `text` after the switch step, as source.
    fn after(text: &str) -> String {
        let unit = crate::syntax::java::parse_java(FileId(0), text).expect("parses");
        let mut units = vec![unit];
        super::lower(&mut units).expect("lowers");
        crate::syntax::print::decls(units.iter().flat_map(|u| &u.decls))
    }

    #[test]
    fn a_switch_tests_in_order_and_falls_through() {
        let text = "class C { int m(int x) { int y = 0;
            switch (x) { case 1: case 2: y = 1; default: y = y + 1; break; case 3: y = 3; }
            return y; } }";
        let out = after(text);
        let at = out.find("switch$$").expect("lowered");
        let l: String = out[at + 8..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let expected = [
            format!("switch$${l}: {{"),
            format!("var subject$${l} = x;"),
            format!("if (subject$${l} == 1 || subject$${l} == 2) {{"),
            format!("goto case$${l}$$0;"),
            format!("if (subject$${l} == 3) {{"),
            format!("goto case$${l}$$2;"),
            format!("goto case$${l}$$1;"),
            format!("label case$${l}$$0;"),
            "y = 1;".to_string(),
            format!("label case$${l}$$1;"),
            "y = y + 1;".to_string(),
            format!("break switch$${l};"),
            format!("label case$${l}$$2;"),
            "y = 3;".to_string(),
        ];
        let mut from = 0;
        for e in &expected {
            let i = out[from..]
                .find(e.as_str())
                .unwrap_or_else(|| panic!("{e} in {out}"));
            from += i + e.len();
        }
        assert!(!out.contains("switch ("), "{out}");
    }

    #[test]
    fn a_break_in_a_loop_inside_the_switch_stays_the_loop_s() {
        let text = "class C { void m(int x) {
            switch (x) { case 1 -> { while (x > 0) { break; } } default -> { if (x < 0) { break; } } } } }";
        let out = after(text);
        // The loop's break is unlabelled; the one in the if leaves the switch;
        // each arrow group ends by leaving.
        assert_eq!(out.matches("break;").count(), 1, "{out}");
        assert_eq!(out.matches("break switch$$").count(), 3, "{out}");
    }
}
