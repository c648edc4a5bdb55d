//! Java's abrupt termination by exceptions, lowered into plain control flow.
//!
//! The rule (a method `m` with postcondition Q and `signals (Eᵢ eᵢ) Pᵢ`,
//! `throws Eⱼ` read as `signals (Eⱼ e) true`): every run of the body ends
//! either normally, with the thrown object `exc` null, in a state where Q
//! holds, or by throwing an `exc` that is an instance of some Eᵢ, in a state
//! where every Pᵢ whose Eᵢ it is an instance of holds:
//!
//! ```text
//! ensures Q              ~>  ensures exc == null ==> Q
//! signals (E e) P        ~>  ensures exc != null && exc instanceof E ==> P[e := exc]
//!                            ensures exc == null || exc instanceof E₁ || … || exc instanceof Eₙ
//! ```
//!
//! `exc` is a ghost result (`yields`) of a method with a `signals` or
//! `throws` clause, a local of any other. In the body, with `exc` null on
//! every normal path:
//!
//! ```text
//! throw e                 ~>  exc = e; raise
//! x = m(…)  (m throws)    ~>  x = m(…) yields exc; if (exc != null) raise
//! try B catch (E x) C     ~>  B[raise := goto L]; goto end;
//!                             L: if (exc instanceof E) { x = exc; exc = null; C } else raise;
//!                             end:
//! try B finally F         ~>  mode = 0; B[each exit X that leaves B := mode = k_X; goto L];
//!                             L: saved = exc; exc = null; F;
//!                             if (mode == k_X) { X } …   (exc = saved before a raise)
//! raise (outside any try) ~>  goto exit;  …  exit: assert exc instanceof E₁ || … || Eₙ (extraExc)
//! ```
//!
//! where an exit of a `try` block is a `raise`, a `return` (its value kept
//! in a local) or a `goto` to a label outside it (`break`, `continue`). A
//! `try` with both `catch` and `finally` is `try { try B catch … } finally F`.
//!
//! Why it is sound: every path of the lowered body is a path of the Java
//! statement (the exceptional edges are added where Java has them: at a
//! `throw` and after a call of a method whose contract says it may throw;
//! weft's model has no other exceptions, as its arithmetic and array
//! accesses are checked to succeed), the postcondition is checked on each
//! of its exits under the condition that names that exit, and a caller
//! assumes no more than that contract. A method whose contract names no
//! exception cannot end by one: the exceptional exit is an assertion that
//! fails (`extraExc`). `finally` runs on every exit because each exit of
//! its block is turned into a jump to it followed by a dispatch on the exit
//! taken, lowered again in the context outside the `try`.
//!
//! The pass removes `Throw`, `Try` and the contracts' `signals`; what it
//! makes (`instanceof`) is `passes::dyntype`'s.

use super::{Lower, Out, Pass};
use crate::core::build::{self, and, any, at, eq, implies, int, local, ne, null};
use crate::core::visit::{child_blocks_mut, each_stmt, map_expr};
use crate::core::{
    Block, ClassId, Expr, ExprKind as K, Method, MethodId, Name, Program, Stmt, StmtKind as S,
    Type, Var,
};
use crate::diag::FailureCode;
use crate::syntax::span::Span;
use std::collections::HashSet;

pub const PASS: Pass = Pass {
    name: "exceptions",
    description: "throw, try/catch/finally and signals become jumps, a thrown-object result and guarded postconditions",
    declare: |p, _| declarations(p),
    removes: |s| matches!(s, S::Throw(_) | S::Try { .. }),
    removes_expr: |_| false,
    removes_decl: |p| {
        p.methods
            .iter()
            .find_map(|m| m.contract.signals.first().map(|s| s.span))
    },
};

/// The thrown object of every method.
const EXC: &str = "weft_exc";

/// What the bodies need of the declarations.
struct Exceptions {
    /// For each method, the classes its contract lets it throw (None: it
    /// cannot throw).
    throws: Vec<Option<Vec<ClassId>>>,
    /// The type of a thrown object.
    exc_ty: Type,
}

fn declarations(p: &mut Program) -> Box<dyn Lower> {
    let exc_ty = p.throwable().map_or(Type::Null, Type::Class);
    let mut throws = Vec::with_capacity(p.methods.len());
    for m in &mut p.methods {
        let signals = std::mem::take(&mut m.contract.signals);
        if signals.is_empty() {
            throws.push(None);
            continue;
        }
        let span = m.span;
        let exc = local(Name::from(EXC), exc_ty.clone(), span);
        m.yields.push(Var {
            name: Name::from(EXC),
            ty: exc_ty.clone(),
            span,
        });
        for q in &mut m.contract.ensures {
            let normal = eq(local(Name::from(EXC), exc_ty.clone(), q.span), null(q.span));
            let x = std::mem::replace(q, Expr::bool(true, q.span));
            *q = implies(normal, x);
        }
        let mut classes: Vec<ClassId> = Vec::new();
        for s in signals {
            let e = at(exc.clone(), s.span);
            let when = and(ne(e.clone(), null(s.span)), instance_of(e.clone(), s.class));
            let post = rename(s.expr, s.var.name, &e);
            m.contract.ensures.push(implies(when, post));
            if !classes.contains(&s.class) {
                classes.push(s.class);
            }
        }
        let which = classes.iter().map(|c| instance_of(exc.clone(), *c));
        let thrown = build::or(eq(exc.clone(), null(span)), any(which, span));
        m.contract.ensures.push(thrown);
        throws.push(Some(classes));
    }
    Box::new(Exceptions { throws, exc_ty })
}

fn instance_of(e: Expr, c: ClassId) -> Expr {
    let span = e.span;
    Expr::new(K::InstanceOf(Box::new(e), c), Type::Bool, span)
}

/// `e` with the local `from` read as `to`.
fn rename(e: Expr, from: Name, to: &Expr) -> Expr {
    map_expr(e, &mut |x| match x.kind {
        K::Local(n) if n == from => at(to.clone(), x.span),
        _ => x,
    })
}

impl Lower for Exceptions {
    fn body(&self, p: &Program, m: MethodId, b: &mut Block, _: &mut Out) {
        let method = p.method(m);
        let mut has = false;
        each_stmt(b, &mut |s| {
            has |= matches!(s.kind, S::Throw(_) | S::Try { .. })
                || matches!(&s.kind, S::Call { call, .. } if self.throws[call.method.0 as usize].is_some());
        });
        let own = &self.throws[m.0 as usize];
        if !has && own.is_none() {
            return;
        }
        let mut l = Lowering {
            x: self,
            p,
            method,
            exc: Name::from(EXC),
            ret: None,
            fresh: 0,
            frames: Vec::new(),
            decls: Vec::new(),
            exit: Name::from("weft_exc_exit"),
            exit_used: false,
        };
        let span = b.span;
        let body = std::mem::replace(
            b,
            Block {
                stmts: Vec::new(),
                span,
            },
        );
        let lowered = l.block(body);
        let mut stmts = std::mem::take(&mut l.decls);
        let exc = l.exc_var(span);
        if own.is_none() {
            stmts.insert(0, build::stmt(S::Local(exc, Some(null(span))), span));
        } else {
            stmts.insert(0, build::stmt(S::AssignLocal(l.exc, null(span)), span));
        }
        stmts.extend(lowered.stmts);
        if l.exit_used {
            let done = l.label("done");
            stmts.push(build::stmt(S::Goto(done), span));
            stmts.push(build::stmt(S::Label(l.exit), span));
            let e = l.exc_read(method.span);
            let allowed = own.as_deref().unwrap_or(&[]);
            let expr = any(
                allowed.iter().map(|c| instance_of(e.clone(), *c)),
                method.span,
            );
            stmts.push(build::stmt(
                S::Check {
                    exhale: false,
                    expr,
                    code: FailureCode::ExtraExc,
                },
                method.span,
            ));
            stmts.push(build::stmt(S::Label(done), span));
        }
        b.stmts = stmts;
    }
}

/// An exit of a `try` block that must run its `finally` first.
#[derive(Clone, PartialEq)]
enum Exit {
    /// An exception (in `exc`) leaves the block.
    Raise,
    /// `return`, its value (if any) in the method's return local.
    Return(bool),
    /// A jump to a label outside the block.
    Goto(Name),
}

/// A `try` the statement being lowered is inside.
enum Frame {
    /// Its `catch` clauses' dispatch, where an exception goes.
    Catch(Name),
    /// Its `finally`: where each exit goes first, the local saying which
    /// exit was taken, the labels inside the block, the exits seen.
    Finally {
        label: Name,
        mode: Name,
        inside: HashSet<Name>,
        exits: Vec<Exit>,
    },
}

struct Lowering<'a> {
    x: &'a Exceptions,
    p: &'a Program,
    method: &'a Method,
    exc: Name,
    /// The local a `return` inside a `try … finally` keeps its value in.
    ret: Option<Name>,
    fresh: u32,
    frames: Vec<Frame>,
    /// Locals the lowering introduces, declared at the start of the body.
    decls: Vec<Stmt>,
    exit: Name,
    exit_used: bool,
}

impl Lowering<'_> {
    fn label(&mut self, what: &str) -> Name {
        self.fresh += 1;
        Name::from(format!("weft_{what}_{}", self.fresh))
    }

    fn exc_var(&self, span: Span) -> Var {
        Var {
            name: self.exc,
            ty: self.x.exc_ty.clone(),
            span,
        }
    }

    fn exc_read(&self, span: Span) -> Expr {
        local(self.exc, self.x.exc_ty.clone(), span)
    }

    /// A new local of type `ty`, declared at the start of the body.
    fn new_local(&mut self, what: &str, ty: Type, span: Span) -> Name {
        let name = self.label(what);
        let var = Var { name, ty, span };
        self.decls.push(build::stmt(S::Local(var, None), span));
        name
    }

    fn block(&mut self, b: Block) -> Block {
        let mut out = Vec::with_capacity(b.stmts.len());
        for s in b.stmts {
            self.stmt(s, &mut out);
        }
        Block {
            stmts: out,
            span: b.span,
        }
    }

    fn stmt(&mut self, mut s: Stmt, out: &mut Vec<Stmt>) {
        let span = s.span;
        match s.kind {
            S::Throw(e) => {
                out.push(build::stmt(S::AssignLocal(self.exc, e), span));
                self.raise(span, out);
            }
            S::Try {
                body,
                catches,
                finally: Some(f),
            } if !catches.is_empty() => {
                // try { try B catch … } finally F
                let inner = build::stmt(
                    S::Try {
                        body,
                        catches,
                        finally: None,
                    },
                    span,
                );
                let body = Block {
                    stmts: vec![inner],
                    span,
                };
                let outer = S::Try {
                    body,
                    catches: Vec::new(),
                    finally: Some(f),
                };
                self.stmt(build::stmt(outer, span), out);
            }
            S::Try {
                body,
                catches,
                finally: None,
            } => self.try_catch(body, catches, span, out),
            S::Try {
                body,
                finally: Some(f),
                ..
            } => self.try_finally(body, f, span, out),
            S::Return(v) if self.innermost_finally().is_some() => {
                let has = v.is_some();
                if let Some(v) = v {
                    let ret = self.ret_local(span);
                    out.push(build::stmt(S::AssignLocal(ret, v), span));
                }
                self.leave(Exit::Return(has), span, out);
            }
            S::Goto(l) if self.crosses_finally(l) => self.leave(Exit::Goto(l), span, out),
            S::Call { target, mut call } => {
                let throws = self.x.throws[call.method.0 as usize].is_some();
                if throws {
                    // The thrown object is the callee's last ghost result
                    // (the checker, which ran after `declarations`, may
                    // have given it a slot already).
                    let n = self.p.method(call.method).yields.len();
                    call.yields.resize(n, None);
                    call.yields[n - 1] = Some(self.exc);
                }
                out.push(build::stmt(S::Call { target, call }, span));
                if throws {
                    let mut raise = Vec::new();
                    self.raise(span, &mut raise);
                    let cond = ne(self.exc_read(span), null(span));
                    out.push(build::when(cond, raise, span));
                }
            }
            _ => {
                for inner in child_blocks_mut(&mut s.kind) {
                    let b = std::mem::replace(
                        inner,
                        Block {
                            stmts: Vec::new(),
                            span,
                        },
                    );
                    *inner = self.block(b);
                }
                out.push(s);
            }
        }
    }

    /// The exception in `exc` goes to the innermost handler: a `catch`
    /// dispatch, a `finally`, or the method's exceptional exit.
    fn raise(&mut self, span: Span, out: &mut Vec<Stmt>) {
        match self.frames.last() {
            Some(Frame::Catch(l)) => out.push(build::stmt(S::Goto(*l), span)),
            Some(Frame::Finally { .. }) => self.leave(Exit::Raise, span, out),
            None => {
                self.exit_used = true;
                out.push(build::stmt(S::Goto(self.exit), span));
            }
        }
    }

    fn innermost_finally(&self) -> Option<usize> {
        self.frames
            .iter()
            .rposition(|f| matches!(f, Frame::Finally { .. }))
    }

    /// Whether a jump to `l` leaves the block of the innermost `finally`.
    fn crosses_finally(&self, l: Name) -> bool {
        match self.innermost_finally().map(|i| &self.frames[i]) {
            Some(Frame::Finally { inside, .. }) => !inside.contains(&l),
            _ => false,
        }
    }

    /// Leaves the block of the innermost `finally` by `exit`: records it and
    /// jumps to the `finally`.
    fn leave(&mut self, exit: Exit, span: Span, out: &mut Vec<Stmt>) {
        let i = self
            .innermost_finally()
            .expect("leave inside a finally's block");
        let Frame::Finally {
            label, mode, exits, ..
        } = &mut self.frames[i]
        else {
            unreachable!("innermost_finally finds a Finally frame")
        };
        let k = match exits.iter().position(|x| *x == exit) {
            Some(k) => k,
            None => {
                exits.push(exit);
                exits.len() - 1
            }
        };
        let (label, mode) = (*label, *mode);
        out.push(build::stmt(
            S::AssignLocal(mode, int(k as i64 + 1, span)),
            span,
        ));
        out.push(build::stmt(S::Goto(label), span));
    }

    fn ret_local(&mut self, span: Span) -> Name {
        if let Some(r) = self.ret {
            return r;
        }
        let r = self.new_local("ret", self.method.ret.clone(), span);
        self.ret = Some(r);
        r
    }

    fn try_catch(
        &mut self,
        body: Block,
        catches: Vec<crate::core::Catch>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let dispatch = self.label("catch");
        let end = self.label("try_end");
        self.frames.push(Frame::Catch(dispatch));
        let body = self.block(body);
        self.frames.pop();
        out.push(build::stmt(S::Block(body), span));
        out.push(build::stmt(S::Goto(end), span));
        out.push(build::stmt(S::Label(dispatch), span));
        // if (exc instanceof E₁) { x₁ = exc; exc = null; C₁ } else if … else raise
        let mut rest = Vec::new();
        self.raise(span, &mut rest);
        for c in catches.into_iter().rev() {
            let e = self.exc_read(c.span);
            let cond = any(c.classes.iter().map(|k| instance_of(e.clone(), *k)), c.span);
            let mut then = vec![
                build::stmt(S::Local(c.var.clone(), Some(e)), c.span),
                build::stmt(S::AssignLocal(self.exc, null(c.span)), c.span),
            ];
            then.extend(self.block(c.body).stmts);
            let then = Block {
                stmts: then,
                span: c.span,
            };
            let els = Some(Block { stmts: rest, span });
            rest = vec![build::stmt(S::If { cond, then, els }, c.span)];
        }
        out.extend(rest);
        out.push(build::stmt(S::Label(end), span));
    }

    fn try_finally(&mut self, body: Block, f: Block, span: Span, out: &mut Vec<Stmt>) {
        let label = self.label("finally");
        let mode = self.new_local("mode", Type::Int, span);
        let saved = self.new_local("saved", self.x.exc_ty.clone(), span);
        let mut inside = HashSet::new();
        each_stmt(&body, &mut |s| {
            if let S::Label(l) = s.kind {
                inside.insert(l);
            }
        });
        out.push(build::stmt(S::AssignLocal(mode, int(0, span)), span));
        self.frames.push(Frame::Finally {
            label,
            mode,
            inside,
            exits: Vec::new(),
        });
        let body = self.block(body);
        let Some(Frame::Finally { exits, .. }) = self.frames.pop() else {
            unreachable!("the frame pushed above")
        };
        out.push(build::stmt(S::Block(body), span));
        out.push(build::stmt(S::Label(label), span));
        out.push(build::stmt(
            S::AssignLocal(saved, self.exc_read(span)),
            span,
        ));
        out.push(build::stmt(S::AssignLocal(self.exc, null(span)), span));
        let f_span = f.span;
        let f = self.block(f);
        out.push(build::stmt(S::Block(f), f_span));
        for (k, exit) in exits.into_iter().enumerate() {
            let mut then = Vec::new();
            match exit {
                Exit::Raise => {
                    let v = local(saved, self.x.exc_ty.clone(), span);
                    then.push(build::stmt(S::AssignLocal(self.exc, v), span));
                    self.raise(span, &mut then);
                }
                Exit::Return(has) => {
                    let v = has.then(|| {
                        let r = self.ret.expect("a return with a value set the local");
                        local(r, self.method.ret.clone(), span)
                    });
                    self.stmt(build::stmt(S::Return(v), span), &mut then);
                }
                Exit::Goto(l) => self.stmt(build::stmt(S::Goto(l), span), &mut then),
            }
            let cond = eq(local(mode, Type::Int, span), int(k as i64 + 1, span));
            out.push(build::when(cond, then, span));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{after, body, method, Java};

    /// The postconditions and body of method `name` after this pass, on a
    /// program with its own two exception classes.
    fn lowered(text: &str, name: &str) -> (Vec<String>, String) {
        let text = format!("class Throwable {{}} class Bad extends Throwable {{}} {text}");
        let p = after(Java, &text, "exceptions");
        let ens = method(&p, name)
            .contract
            .ensures
            .iter()
            .map(|e| crate::core::print::expr(&p, e))
            .collect();
        (ens, body(&p, name))
    }

    #[test]
    fn signals_guard_the_postconditions() {
        let (ens, _) = lowered(
            "class C { //@ ensures \\result == 1;
               //@ signals (Bad b) b != null;
               int m() { return 1; } }",
            "m",
        );
        assert_eq!(
            ens,
            [
                "(==> (== weft_exc null) (== \\result 1))",
                "(==> (&& (!= weft_exc null) (instanceof weft_exc Bad)) (!= weft_exc null))",
                "(|| (== weft_exc null) (instanceof weft_exc Bad))",
            ]
        );
    }

    #[test]
    fn a_throw_outside_any_try_goes_to_the_checked_exit() {
        let (_, body) = lowered("class C { void m(Bad b) { throw b; } }", "m");
        assert_eq!(
            body,
            "{(local weft_exc null) (= weft_exc b) (goto weft_exc_exit) (goto weft_done_1) \
             (label weft_exc_exit) (check-assert extraExc false) (label weft_done_1)}"
        );
    }

    #[test]
    fn a_catch_dispatches_on_the_class() {
        let (_, body) = lowered(
            "class C { void m(Bad b) { try { throw b; } catch (Bad e) { } } }",
            "m",
        );
        assert!(
            body.contains(
                "{(= weft_exc b) (goto weft_catch_1)} (goto weft_try_end_2) (label weft_catch_1) \
                 (if (instanceof weft_exc Bad) {(local e weft_exc) (= weft_exc null)} {(goto weft_exc_exit)})"
            ),
            "{body}"
        );
    }

    #[test]
    fn finally_runs_before_a_return_leaves() {
        let (_, body) = lowered(
            "class C { int m(int x) { try { return x; } finally { x = 2; } } }",
            "m",
        );
        assert!(
            body.contains(
                "(= weft_mode_2 0) {(= weft_ret_4 x) (= weft_mode_2 1) (goto weft_finally_1)} \
                 (label weft_finally_1) (= weft_saved_3 weft_exc) (= weft_exc null) {(= x 2)} \
                 (if (== weft_mode_2 1) {(return weft_ret_4)})"
            ),
            "{body}"
        );
    }

    #[test]
    fn a_call_of_a_throwing_method_takes_its_exception() {
        let (_, body) = lowered(
            "class C { //@ signals (Bad b) true;
               void t(); void m() { t(); } }",
            "m",
        );
        assert!(
            body.contains(
                "(call this.t() yields weft_exc) (if (!= weft_exc null) {(goto weft_exc_exit)})"
            ),
            "{body}"
        );
    }
}
