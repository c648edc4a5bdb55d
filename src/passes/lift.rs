//! Effects inside expressions, in Java's order: each call, object or array
//! creation (`ExprKind::Invoke`, `NewArray`) and each increment or
//! `e /*@ then S */` (`ExprKind::Effect`) in a statement's expression runs
//! as statements of its own just before that statement, into a fresh local
//! that the expression then reads. Java evaluates operands left to right and
//! only the operands it reaches, so:
//!
//! ```text
//! S[… m(a) …]            ~>  call = m(a); S[… call …]
//! S[l ⊕ R[m()]]          ~>  t = l; call = m(); S[t ⊕ R[call]]   (l may read what m() changes)
//! S[l && R]              ~>  t = l;    if (t)  { effects of R; t = R′ }; S[t]
//! S[l || R]              ~>  t = l;    if (!t) { effects of R; t = R′ }; S[t]
//! S[l ==> R]             ~>  t = true; if (l)  { effects of R; t = R′ }; S[t]
//! S[c ? A : B]           ~>  t; if (c) { effects of A; t = A′ } else { …; t = B′ }; S[t]
//! S[x++] / S[++x]        ~>  t = x; x = x + 1; S[t]   /   x = x + 1; t = x; S[t]
//! S[e then G]            ~>  t = e; G; S[t]
//! Loop {inv} H (c) B {U} ~>  Loop {inv} H; effects of c (c′) B {U}
//! ```
//!
//! An operand is read into a local before a later operand's effects only if
//! they could change it: it reads the heap, or a local an increment or a
//! `then` writes. A loop's condition's effects join the loop's head, which
//! `passes::loops` runs at every iteration, after the invariant. The checker
//! allowed effects only in a statement's own expressions (not in
//! specifications, a `do … while` condition or a range loop's bounds), so
//! this is the whole meaning: the program after the pass is the one Java
//! runs, with every call a statement. Runs first of the core passes.

use super::{Lower, Out, Pass};
use crate::core::build::{local, stmt};
use crate::core::visit::{
    child_blocks_mut, declared, each_stmt, find, has_effects, local_names, map_body_exprs,
    map_children, map_stmt_exprs,
};
use crate::core::{Block, Effect, Expr, ExprKind as K, MethodId, Program, Stmt, StmtKind as S};
use crate::core::{Type, Var};
use crate::name::Name;
use crate::span::Span;
use crate::syntax::ast::{BinOp, UnOp};
use std::collections::HashSet;

/// The pass's entry in [`super::PASSES`].
pub const PASS: Pass = Pass {
    name: "lift",
    description: "calls, object and array creation, increments and `then` inside expressions run as statements before theirs, in Java's evaluation order",
    declare: |_, _| Box::new(Lift),
    removes: |_| false,
    removes_expr: K::is_effect,
    removes_decl: super::no_decl,
};

struct Lift;

impl Lower for Lift {
    fn body(&self, p: &Program, m: MethodId, b: &mut Block, _: &mut Out) {
        let mut used = local_names(p.method(m), b);
        in_effects(b, &mut used);
        Lifter { used }.block(b);
    }
}

/// The locals that the statements inside the effects of `b` declare (an
/// effect inside another's statements is among the nodes the map visits).
fn in_effects(b: &mut Block, used: &mut HashSet<Name>) {
    map_body_exprs(b, &mut |x| {
        if let K::Effect(eff) = &x.kind {
            each_stmt(&eff.stmts, &mut |s| used.extend(declared(&s.kind)));
        }
        x
    });
}

struct Lifter {
    /// Every local name of the body, and those made here.
    used: HashSet<Name>,
}

/// The statements one statement's effects run before it, and the locals
/// they write (an operand reading one is read before them).
#[derive(Default)]
struct Cx {
    pre: Vec<Stmt>,
    updated: Vec<Name>,
}

impl Lifter {
    fn block(&mut self, b: &mut Block) {
        for s in std::mem::take(&mut b.stmts) {
            self.stmt(s, &mut b.stmts);
        }
    }

    /// `s` into `out`, after the effects of its own expressions; then the
    /// statements of its blocks, each in turn.
    fn stmt(&mut self, mut s: Stmt, out: &mut Vec<Stmt>) {
        let mut cx = Cx::default();
        if let S::Loop { cond, head, .. } = &mut s.kind {
            // The condition's effects run whenever it is evaluated: at the head.
            let c = take(cond);
            *cond = self.expr(c, &mut cx);
            head.stmts.append(&mut cx.pre);
        } else {
            let mut xs = Vec::new();
            map_stmt_exprs(&mut s, &mut |e| {
                let span = e.span;
                xs.push(e);
                Expr::bool(true, span)
            });
            // Operands without effects come back as they were.
            let mut xs = self.sequence(xs, &mut cx).into_iter();
            map_stmt_exprs(&mut s, &mut |e| xs.next().unwrap_or(e));
        }
        for b in child_blocks_mut(&mut s.kind) {
            self.block(b);
        }
        out.append(&mut cx.pre);
        out.push(s);
    }

    /// Operands that Java evaluates left to right: the effects of each run
    /// in turn, and an operand that later effects could change is read
    /// into a local before them.
    fn sequence(&mut self, xs: Vec<Expr>, cx: &mut Cx) -> Vec<Expr> {
        let mut out = Vec::with_capacity(xs.len());
        let mut marks = Vec::with_capacity(xs.len());
        for x in xs {
            out.push(self.expr(x, cx));
            marks.push(cx.pre.len());
        }
        let end = cx.pre.len();
        let mut shift = 0;
        for (x, mark) in out.iter_mut().zip(marks) {
            if mark < end && self.snapshot(x, mark + shift, cx) {
                shift += 1;
            }
        }
        out
    }

    /// `x` read into a local at `at` (before the effects after it), unless
    /// they cannot change it: whether it was.
    fn snapshot(&mut self, x: &mut Expr, at: usize, cx: &mut Cx) -> bool {
        if stable(x) && !reads_any(x, &cx.updated) {
            return false;
        }
        let span = x.span;
        let var = self.fresh(x.ty.clone(), span);
        let value = std::mem::replace(x, local(var.name, var.ty.clone(), span));
        cx.pre.insert(at, stmt(S::Local(var, Some(value)), span));
        true
    }

    /// `e` without effects: theirs are pushed to `cx`.
    fn expr(&mut self, e: Expr, cx: &mut Cx) -> Expr {
        if !has_effects(&e) {
            return e;
        }
        let Expr { kind, ty, span } = e;
        match kind {
            K::Invoke(mut call) => {
                let mut xs = Vec::new();
                xs.extend(call.recv.take());
                let n = call.args.len();
                xs.append(&mut call.args);
                let mut xs = self.sequence(xs, cx);
                call.args = xs.split_off(xs.len() - n);
                call.recv = xs.pop();
                let var = self.fresh(ty, span);
                let read = local(var.name, var.ty.clone(), span);
                let target = Some(var.name);
                cx.pre.push(stmt(S::Local(var, None), span));
                cx.pre.push(stmt(S::Call { target, call }, span));
                read
            }
            K::NewArray(elem, dims) => {
                let dims = self.sequence(dims, cx);
                let var = self.fresh(ty, span);
                let read = local(var.name, var.ty.clone(), span);
                let target = var.name;
                cx.pre.push(stmt(S::Local(var, None), span));
                let elem = *elem;
                cx.pre.push(stmt(S::NewArray { target, elem, dims }, span));
                read
            }
            K::Effect(x) => self.effect(*x, cx),
            K::Binary(op @ (BinOp::And | BinOp::Or | BinOp::Implies), l, r) => {
                let l = self.expr(*l, cx);
                let (r, stmts) = self.guarded(cx, |me, cx| me.expr(*r, cx));
                if stmts.is_empty() {
                    return Expr::binary(op, l, r, ty, span);
                }
                self.short_circuit(op, l, r, stmts, span, cx)
            }
            K::Cond(c, a, b) => {
                let c = self.expr(*c, cx);
                let (a, sa) = self.guarded(cx, |me, cx| me.expr(*a, cx));
                let (b, sb) = self.guarded(cx, |me, cx| me.expr(*b, cx));
                if sa.is_empty() && sb.is_empty() {
                    return Expr::new(K::Cond(Box::new(c), Box::new(a), Box::new(b)), ty, span);
                }
                self.lifted_cond(c, (a, sa), (b, sb), ty, span, cx)
            }
            kind => {
                let mut xs = Vec::new();
                let kind = map_children(kind, &mut |x| {
                    let span = x.span;
                    xs.push(x);
                    Expr::bool(true, span)
                });
                let mut xs = self.sequence(xs, cx).into_iter();
                let kind = map_children(kind, &mut |x| xs.next().unwrap_or(x));
                Expr::new(kind, ty, span)
            }
        }
    }

    /// The value of an effect, read before or after its statements run
    /// (`Effect::first`).
    fn effect(&mut self, x: Effect, cx: &mut Cx) -> Expr {
        if x.first {
            let read = self.bind(x.value, cx);
            self.run(x.stmts, cx);
            return read;
        }
        let declared = self.run(x.stmts, cx);
        match &x.value.kind {
            K::Local(n) if declared.contains(n) => x.value,
            _ => self.bind(x.value, cx),
        }
    }

    /// The statements of an effect, each after its own effects, pushed to
    /// `cx`, whose later operands see the locals they write as changed:
    /// the locals they declare.
    fn run(&mut self, b: Block, cx: &mut Cx) -> Vec<Name> {
        let mut run = Vec::new();
        for s in b.stmts {
            self.stmt(s, &mut run);
        }
        let mut declared = Vec::new();
        let block = Block {
            stmts: run,
            span: b.span,
        };
        each_stmt(&block, &mut |s| {
            if let S::AssignLocal(n, _) = &s.kind {
                cx.updated.push(*n);
            }
            if let S::Local(v, _) = &s.kind {
                declared.push(v.name);
            }
        });
        cx.pre.extend(block.stmts);
        declared
    }

    /// `e` read into a fresh local (its effects first): the local's read.
    fn bind(&mut self, e: Expr, cx: &mut Cx) -> Expr {
        let e = self.expr(e, cx);
        let span = e.span;
        let var = self.fresh(e.ty.clone(), span);
        let read = local(var.name, var.ty.clone(), span);
        cx.pre.push(stmt(S::Local(var, Some(e)), span));
        read
    }

    /// Runs `f` (an operand Java may not evaluate) with statements of its
    /// own: its result and them.
    fn guarded(
        &mut self,
        cx: &mut Cx,
        f: impl FnOnce(&mut Self, &mut Cx) -> Expr,
    ) -> (Expr, Vec<Stmt>) {
        let outer = std::mem::take(&mut cx.pre);
        let x = f(self, cx);
        (x, std::mem::replace(&mut cx.pre, outer))
    }

    /// `l op r` whose right operand has the effects `stmts`: `t = l; if (t)
    /// { stmts; t = r }` for `&&`, `if (!t)` for `||`, and `t = true; if (l)
    /// { stmts; t = r }` for `==>`.
    fn short_circuit(
        &mut self,
        op: BinOp,
        l: Expr,
        r: Expr,
        mut stmts: Vec<Stmt>,
        span: Span,
        cx: &mut Cx,
    ) -> Expr {
        let var = self.fresh(Type::Bool, span);
        let t = var.name;
        let x = local(t, Type::Bool, span);
        let (init, cond) = match op {
            BinOp::And => (l, x.clone()),
            BinOp::Or => (
                l,
                Expr::new(K::Unary(UnOp::Not, Box::new(x.clone())), Type::Bool, span),
            ),
            _ => (Expr::bool(true, span), l),
        };
        stmts.push(stmt(S::AssignLocal(t, r), span));
        cx.pre.push(stmt(S::Local(var, Some(init)), span));
        let then = Block { stmts, span };
        cx.pre.push(stmt(
            S::If {
                cond,
                then,
                els: None,
            },
            span,
        ));
        x
    }

    /// `c ? a : b` whose branches have the effects `sa` and `sb`: `t; if (c)
    /// { sa; t = a } else { sb; t = b }`.
    fn lifted_cond(
        &mut self,
        c: Expr,
        (a, sa): (Expr, Vec<Stmt>),
        (b, sb): (Expr, Vec<Stmt>),
        ty: Type,
        span: Span,
        cx: &mut Cx,
    ) -> Expr {
        let var = self.fresh(ty, span);
        let t = var.name;
        let x = local(t, var.ty.clone(), span);
        let branch = |mut stmts: Vec<Stmt>, v: Expr| {
            stmts.push(stmt(S::AssignLocal(t, v), span));
            Block { stmts, span }
        };
        let (then, els) = (branch(sa, a), branch(sb, b));
        cx.pre.push(stmt(S::Local(var, None), span));
        cx.pre.push(stmt(
            S::If {
                cond: c,
                then,
                els: Some(els),
            },
            span,
        ));
        x
    }

    /// A fresh local: `call`, else `call_1`, `call_2`, … (the checker's way).
    fn fresh(&mut self, ty: Type, span: Span) -> Var {
        let mut name = Name::new("call");
        let mut n = 0;
        while self.used.contains(&name) {
            n += 1;
            name = Name::from(format!("call_{n}"));
        }
        self.used.insert(name);
        Var { name, ty, span }
    }
}

fn take(e: &mut Expr) -> Expr {
    std::mem::replace(e, Expr::bool(true, e.span))
}

/// Whether `e` reads one of the locals `names`.
fn reads_any(e: &Expr, names: &[Name]) -> bool {
    !names.is_empty() && find(e, &|x| matches!(&x.kind, K::Local(n) if names.contains(n))).is_some()
}

/// Whether reading `e` gives the same value after a call: it reads no
/// field, element or function of the heap (locals and `this` cannot change).
fn stable(e: &Expr) -> bool {
    find(e, &|x| {
        !matches!(
            x.kind,
            K::Local(_) | K::This | K::Int(_) | K::Bool(_) | K::Null | K::Unary(..) | K::Binary(..)
        )
    })
    .is_none()
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{after, body, Java, Pvl};

    /// The body of method `name` after this pass.
    fn lifted(lang: crate::passes::testing::Lang, text: &str, name: &str) -> String {
        body(&after(lang, text, "lift"), name)
    }

    #[test]
    fn a_call_in_an_expression_runs_before_its_statement() {
        let text = "class C { int get() { return 1; } void m() { int x = get() + 1; } }";
        assert_eq!(
            lifted(Java, text, "m"),
            "{(local call) (call call = this.get()) (local x (+ call 1))}"
        );
    }

    #[test]
    fn a_loop_condition_s_call_runs_at_the_head() {
        let text = "class C { int get() { return 1; } void m() { while (get() > 0) { } } }";
        assert_eq!(
            lifted(Java, text, "m"),
            "{(loop 1 [] {(local call) (call call = this.get())} (> call 0) {})}"
        );
    }

    #[test]
    fn a_heap_read_before_a_call_is_read_first() {
        // Java reads `f` before `bump()` changes it; a local it need not.
        let text = "class C { int f; int bump() { f = f + 1; return f; }
          void m(int y) { int x = f + bump(); int z = y + bump(); } }";
        assert_eq!(
            lifted(Java, text, "m"),
            "{(local call_1 (. this f)) (local call) (call call = this.bump()) (local x (+ call_1 call)) \
             (local call_2) (call call_2 = this.bump()) (local z (+ y call_2))}"
        );
    }

    #[test]
    fn a_field_target_is_read_before_the_call_assigned_to_it() {
        let text =
            "class C { C next; int f; int get() { return 1; } void m() { next.f = get(); } }";
        assert_eq!(
            lifted(Java, text, "m"),
            "{(local call (. this next)) (local tmp) (call tmp = this.get()) (= (. call f) tmp)}"
        );
    }

    #[test]
    fn a_call_right_of_a_short_circuit_runs_only_when_reached() {
        let text = "class C { boolean ok() { return true; }
          void m(boolean a, boolean b) { boolean x = a && ok(); boolean y = a || ok(); boolean z = a ==> ok(); } }";
        assert_eq!(
            lifted(Pvl, text, "m"),
            "{(local call_1 a) (if call_1 {(local call) (call call = this.ok()) (= call_1 call)}) (local x call_1) \
             (local call_3 a) (if (Not call_3) {(local call_2) (call call_2 = this.ok()) (= call_3 call_2)}) (local y call_3) \
             (local call_5 true) (if a {(local call_4) (call call_4 = this.ok()) (= call_5 call_4)}) (local z call_5)}"
        );
    }

    #[test]
    fn a_conditional_s_branch_runs_only_when_taken() {
        let text =
            "class C { int get() { return 1; } void m(boolean c) { int x = c ? get() : 0; } }";
        assert_eq!(
            lifted(Java, text, "m"),
            "{(local call_1) (if c {(local call) (call call = this.get()) (= call_1 call)} {(= call_1 0)}) \
             (local x call_1)}"
        );
    }

    #[test]
    fn increments_read_before_or_after_their_write() {
        let text = "class C { void m(int i) { int a = i++; int b = ++i; int c = i + i++; } }";
        assert_eq!(
            lifted(Java, text, "m"),
            "{(local call i) (= i (+ i 1)) (local a call) \
             (= i (+ i 1)) (local call_1 i) (local b call_1) \
             (local call_3 i) (local call_2 i) (= i (+ i 1)) (local c (+ call_3 call_2))}"
        );
    }

    #[test]
    fn an_array_creation_in_an_expression_is_a_statement() {
        let text = "class C { int m(int n) { return (new int[n]).length; } }";
        assert_eq!(
            lifted(Java, text, "m"),
            "{(local call) (newarray call Int n) (return (length call))}"
        );
    }

    #[test]
    fn nothing_is_left_for_the_later_passes() {
        let text = "class C { int get() { return 1; } int m(int[] a, int i) {
          a[i++] = get() + get(); return get() > 0 ? a[0] : get(); } }";
        let b = lifted(Java, text, "m");
        assert!(!b.contains("invoke") && !b.contains("effect"), "{b}");
    }
}
