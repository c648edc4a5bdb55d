//! Source loops and their jumps: `while`/`for` loops whose `break` and
//! `continue` name them, range loops, `do … while` and labelled statements
//! (`StmtKind::Loop`, `ForRange`, `DoWhile`, `Labelled`, `Break`,
//! `Continue`, which the checker resolved) become `While` loops, labels and
//! forward gotos. A jump leaves only statements that enclose it, so each is
//! a `goto` to a label right after its target or at the end of its body:
//!
//! ```text
//! Loop n {inv} (c) B {U}      ~>  while (c) {inv} { B; cont_n:; U }  brk_n:
//! Loop n {inv} H (c) B {U}    ~>  while (true) {inv}
//!                                   { H; if (!c) goto brk_n; { B }; cont_n:; U }  brk_n:
//! ForRange n i lo hi {inv} B  ~>  { int i = lo;
//!                                   while (i < hi) {lo <= i && i <= hi; inv}
//!                                     { B; cont_n:; i = i + 1 }  brk_n: }
//! DoWhile n m {inv} B (c)     ~>  { { B }; cont_n:;
//!                                   Loop m {inv} (c) B′;  brk_n: }
//! Labelled n B                ~>  { B }  brk_n:
//! Break(n) / Continue(n)      ~>  goto brk_n / goto cont_n
//! ```
//!
//! `H`, the statements of the calls in a loop's condition (`passes::lift`),
//! runs at the head of every iteration, after the invariant, as Java
//! evaluates the condition. A label is put only where a jump goes to it (`weft_break{n}`,
//! `weft_continue{n}`). The range loop's added invariant bounds `i`, so
//! the user's invariants may rely on it; `lo` and `hi` are pure and read
//! again where they occur. `do B while (c)` is `B; while (c) B` with the
//! loop's invariant, the same meaning as running `B` first: a jump in the
//! first run leaves or restarts the loop too. `B′` is a copy of `B` whose
//! loops are numbered from `m` on (the checker numbered them so:
//! `DoWhile::again`) and whose locals are renamed (each local of a
//! callable has its own name).
//!
//! Right after `lift`: every later pass, and the explorer, see only
//! `While`, labels and gotos (a `then`'s statements were checked not to
//! jump out of them; `passes::exceptions` runs a `finally` before a jump
//! out of its `try`, `passes::desugar` unlocks before one out of a
//! `synchronized` block).

use super::{Lower, Out, Pass};
use crate::core::build::{self, stmt};
use crate::core::visit::{child_blocks_mut, each_stmt, each_stmt_mut, local_names, map_body_exprs};
use crate::core::{
    Block, Expr, ExprKind as K, LoopId, MethodId, Program, Stmt, StmtKind as S, Type,
};
use crate::name::Name;
use crate::syntax::ast::BinOp;
use std::collections::{HashMap, HashSet};

/// The pass's entry in [`super::PASSES`].
pub const PASS: Pass = Pass {
    name: "loops",
    description: "loops with their break and continue, range loops, do-while and labelled statements become while loops, labels and gotos",
    declare: |_, _| Box::new(Loops),
    removes: |s| matches!(s, crate::core::visit::source_loops!()),
    removes_expr: super::none,
    removes_decl: super::no_decl,
};

struct Loops;

impl Lower for Loops {
    fn body(&self, p: &Program, m: MethodId, b: &mut Block, _: &mut Out) {
        let mut used = local_names(p.method(m), b);
        lower_block(b, &mut used);
    }
}

fn brk(id: LoopId) -> Name {
    Name::from(format!("weft_break{}", id.0))
}

fn cont(id: LoopId) -> Name {
    Name::from(format!("weft_continue{}", id.0))
}

/// Whether `b` breaks out of `id`, and whether it continues it.
fn jumps(b: &Block, id: LoopId) -> (bool, bool) {
    let (mut breaks, mut continues) = (false, false);
    each_stmt(b, &mut |s| match s.kind {
        S::Break(x) => breaks |= x == id,
        S::Continue(x) => continues |= x == id,
        #[allow(unreachable_patterns)]
        crate::core::visit::every_kind!() => {}
    });
    (breaks, continues)
}

fn lower_block(b: &mut Block, used: &mut HashSet<Name>) {
    for s in std::mem::take(&mut b.stmts) {
        lower(s, used, &mut b.stmts);
    }
}

/// Appends the lowering of `s` to `out`.
fn lower(s: Stmt, used: &mut HashSet<Name>, out: &mut Vec<Stmt>) {
    let span = s.span;
    match s.kind {
        S::Loop {
            id,
            invariants,
            mut head,
            cond,
            mut body,
            mut update,
        } => {
            let (mut breaks, continues) = jumps(&body, id);
            lower_block(&mut body, used);
            // The condition's calls: `while (true) { calls; if (!c) break; body }`.
            let cond = if head.stmts.is_empty() {
                cond
            } else {
                lower_block(&mut head, used);
                let at = cond.span;
                let mut stmts = head.stmts;
                stmts.push(build::when(
                    build::not(cond),
                    vec![stmt(S::Goto(brk(id)), at)],
                    at,
                ));
                let user = body.span;
                stmts.push(stmt(S::Block(body), user));
                body = Block { stmts, span };
                breaks = true;
                Expr::bool(true, at)
            };
            if continues {
                body.stmts.push(stmt(S::Label(cont(id)), span));
            }
            lower_block(&mut update, used);
            body.stmts.append(&mut update.stmts);
            let k = S::While {
                invariants,
                cond,
                body,
            };
            out.push(stmt(k, span));
            if breaks {
                out.push(stmt(S::Label(brk(id)), span));
            }
        }
        S::ForRange {
            id,
            var,
            lo,
            hi,
            invariants: user,
            body,
        } => {
            let bin = |op, a, b, ty| build::at(build::binary(op, a, b, ty), span);
            let i = build::local(var.name, Type::Int, var.span);
            let bounds = bin(
                BinOp::And,
                bin(BinOp::Le, lo.clone(), i.clone(), Type::Bool),
                bin(BinOp::Le, i.clone(), hi.clone(), Type::Bool),
                Type::Bool,
            );
            let mut invariants = vec![bounds];
            invariants.extend(user);
            let cond = bin(BinOp::Lt, i.clone(), hi, Type::Bool);
            let next = bin(BinOp::Add, i, build::int(1, span), Type::Int);
            let update = Block {
                stmts: vec![stmt(S::AssignLocal(var.name, next), span)],
                span,
            };
            let mut stmts = vec![stmt(S::Local(var, Some(lo)), span)];
            let k = S::Loop {
                id,
                invariants,
                head: Block::empty(span),
                cond,
                body,
                update,
            };
            lower(stmt(k, span), used, &mut stmts);
            out.push(stmt(S::Block(Block { stmts, span }), span));
        }
        S::DoWhile {
            id,
            again,
            invariants,
            mut body,
            cond,
        } => {
            let mut copy = body.clone();
            renumber(&mut copy, id, again);
            rename(&mut copy, used);
            let (breaks, continues) = jumps(&body, id);
            lower_block(&mut body, used);
            let mut stmts = vec![stmt(S::Block(body), copy.span)];
            if continues {
                stmts.push(stmt(S::Label(cont(id)), span));
            }
            let k = S::Loop {
                id: again,
                invariants,
                head: Block::empty(span),
                cond,
                body: copy,
                update: Block::empty(span),
            };
            lower(stmt(k, span), used, &mut stmts);
            if breaks {
                stmts.push(stmt(S::Label(brk(id)), span));
            }
            out.push(stmt(S::Block(Block { stmts, span }), span));
        }
        S::Labelled { id, mut body } => {
            let (breaks, _) = jumps(&body, id);
            lower_block(&mut body, used);
            out.push(stmt(S::Block(body), span));
            if breaks {
                out.push(stmt(S::Label(brk(id)), span));
            }
        }
        S::Break(id) => out.push(stmt(S::Goto(brk(id)), span)),
        S::Continue(id) => out.push(stmt(S::Goto(cont(id)), span)),
        mut kind => {
            for inner in child_blocks_mut(&mut kind) {
                lower_block(inner, used);
            }
            out.push(stmt(kind, span));
        }
    }
}

/// The loops of a do-while's body (numbered `id` up to `again`, excluded),
/// numbered as the loop's copy: from `again` on.
fn renumber(b: &mut Block, id: LoopId, again: LoopId) {
    let shift = |x: &mut LoopId| {
        if id <= *x && *x < again {
            x.0 += again.0 - id.0;
        }
    };
    each_stmt_mut(b, &mut |s| match &mut s.kind {
        S::Loop { id, .. }
        | S::ForRange { id, .. }
        | S::Labelled { id, .. }
        | S::Break(id)
        | S::Continue(id) => shift(id),
        S::DoWhile { id, again, .. } => {
            shift(id);
            shift(again);
        }
        #[allow(unreachable_patterns)]
        crate::core::visit::every_kind!() => {}
    });
}

/// The locals declared in `b` renamed to names not yet `used`, as the
/// checker names a second declaration of a name: `x_1`, `x_2`, ….
fn rename(b: &mut Block, used: &mut HashSet<Name>) {
    let mut names = HashMap::new();
    each_stmt(b, &mut |s| {
        for n in crate::core::visit::declared(&s.kind) {
            let mut k = 1;
            let fresh = loop {
                let candidate = Name::from(format!("{n}_{k}"));
                if !used.contains(&candidate) {
                    break candidate;
                }
                k += 1;
            };
            used.insert(fresh);
            names.insert(n, fresh);
        }
    });
    if names.is_empty() {
        return;
    }
    let to = |n: &mut Name| {
        if let Some(x) = names.get(n) {
            *n = *x;
        }
    };
    each_stmt_mut(b, &mut |s| match &mut s.kind {
        S::Local(v, _) | S::ForRange { var: v, .. } => to(&mut v.name),
        S::AssignLocal(n, _) | S::NewArray { target: n, .. } => to(n),
        S::Call { target, call } => {
            target.iter_mut().for_each(to);
            call.yields.iter_mut().flatten().for_each(to);
        }
        S::Try { catches, .. } => catches.iter_mut().for_each(|c| to(&mut c.var.name)),
        S::Par(threads) => threads
            .iter_mut()
            .flat_map(|t| t.iters.iter_mut())
            .for_each(|(v, _, _)| to(&mut v.name)),
        #[allow(unreachable_patterns)]
        crate::core::visit::every_kind!() => {}
    });
    map_body_exprs(b, &mut |mut e| {
        if let K::Local(n) = &mut e.kind {
            to(n);
        }
        e
    });
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{after, body, Java, Pvl};

    /// The body of method `name` after this pass.
    fn lowered(lang: crate::passes::testing::Lang, text: &str, name: &str) -> String {
        body(&after(lang, text, "loops"), name)
    }

    #[test]
    fn jumps_go_to_labels_after_their_statement_or_at_the_end_of_the_body() {
        let text = "class C { void m(int n) {
          outer: while (n > 0) { while (n > 1) { continue outer; } }
          done: { break done; }
        } }";
        assert_eq!(
            lowered(Java, text, "m"),
            "{(while [] (> n 0) {(while [] (> n 1) {(goto weft_continue1)}) (label weft_continue1)}) \
             {{(goto weft_break3)}} (label weft_break3)}"
        );
    }

    #[test]
    fn a_for_loop_continues_to_its_update() {
        let text = "class C { void m(int n) {
          int s = 0;
          //@ loop_invariant s >= 0;
          for (int i = 0; i < n; i++) { if (i == 2) { continue; } s = s + i; }
        } }";
        assert_eq!(
            lowered(Java, text, "m"),
            "{(local s 0) {(local i 0) (while [(>= s 0)] (< i n) \
             {(if (== i 2) {(goto weft_continue1)}) (= s (+ s i)) (label weft_continue1) (= i (+ i 1))})}}"
        );
    }

    #[test]
    fn a_range_loop_bounds_its_variable() {
        let text = "void m(int n) {
          int s = 0;
          loop_invariant s >= 0;
          for (int i = 0 .. n) { s = s + i; }
        }";
        assert_eq!(
            lowered(Pvl, text, "m"),
            "{(local s 0) {(local i 0) (while [(&& (<= 0 i) (<= i n)) (>= s 0)] (< i n) \
             {(= s (+ s i)) (= i (+ i 1))})}}"
        );
    }

    #[test]
    fn a_do_while_runs_its_body_first_and_its_copy_has_its_own_loops_and_locals() {
        let text = "class C { void m(int n) {
          do { int t = n; while (t > 0) { break; } if (n == 2) { continue; } break; } while (n > 3);
        } }";
        assert_eq!(
            lowered(Java, text, "m"),
            "{{{(local t n) (while [] (> t 0) {(goto weft_break2)}) (label weft_break2) \
             (if (== n 2) {(goto weft_continue1)}) (goto weft_break1)} (label weft_continue1) \
             (while [] (> n 3) {(local t_1 n) (while [] (> t_1 0) {(goto weft_break4)}) (label weft_break4) \
             (if (== n 2) {(goto weft_continue3)}) (goto weft_break3) (label weft_continue3)}) \
             (label weft_break3) (label weft_break1)}}"
        );
    }

    #[test]
    fn a_jump_left_after_the_pass_is_an_internal_error() {
        use crate::core::{Block, LoopId, Stmt, StmtKind};
        let span = crate::syntax::span::Span::default();
        let jump = Stmt {
            kind: StmtKind::Break(LoopId(1)),
            span,
        };
        let mut b = Block {
            stmts: vec![jump],
            span,
        };
        let errs = crate::passes::leftover(&[&super::PASS], &mut b).expect_err("left");
        assert!(
            errs[0].message.contains("loops pass"),
            "{}",
            errs[0].message
        );
    }

    #[test]
    fn a_condition_with_calls_is_tested_at_the_head_of_the_body() {
        let text = "class C { int next() { return 0; } void m() { while (next() > 0) { } } }";
        assert_eq!(
            lowered(Java, text, "m"),
            "{(while [] true {(local call) (call call = this.next()) \
             (if (Not (> call 0)) {(goto weft_break1)}) {}}) (label weft_break1)}"
        );
    }
}
