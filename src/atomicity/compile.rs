//! The core methods the explorer runs, flattened into instructions with
//! jumps: a thread's place is a method and an index, so a state is a few
//! vectors that hash and compare cheaply.
//!
//! Each shared-memory access is an instruction of its own (`x.f = x.f + 1`
//! is a read into a temporary, then a write), as the JVM executes them: a
//! step of the explorer is one of these *visible* instructions. Locals,
//! branches, jumps, calls and returns are *invisible*: they touch only the
//! thread's own frame, commute with every other thread's step and never
//! block, so the explorer runs them together with the visible step before
//! them. `synchronized (e) { S }` is an acquire of `e`'s monitor, `S` and a
//! release, with a release of each monitor a `return`, `break` or `continue`
//! leaves. Specifications (assertions, folds, ghost code) are not executed.
//!
//! What the explorer cannot run is an error at its span, never skipped.

use crate::core::{
    Block, ClassId, Expr, ExprKind, FieldId, Method, MethodId, Program, Stmt, StmtKind, Type,
};
use crate::diag::Diagnostic;
use crate::name::Name;
use crate::syntax::ast::{BinOp, LockOp, UnOp};
use crate::syntax::span::Span;
use std::collections::HashMap;

/// A local variable's index in its frame (`this` is 0 when there is one).
pub type Slot = u16;

/// An expression over the frame's locals only: evaluating it reads no
/// shared state.
#[derive(Clone, Debug, PartialEq)]
pub enum PExpr {
    Int(i32),
    Bool(bool),
    Null,
    Local(Slot),
    Unary(UnOp, Box<PExpr>),
    Binary(BinOp, Box<PExpr>, Box<PExpr>),
    Cond(Box<PExpr>, Box<PExpr>, Box<PExpr>),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Instr {
    /// `slot = e` (invisible).
    Set(Slot, PExpr),
    /// `dst = obj.field` (visible).
    Read {
        dst: Slot,
        obj: PExpr,
        field: FieldId,
    },
    /// `obj.field = value` (visible).
    Write {
        obj: PExpr,
        field: FieldId,
        value: PExpr,
    },
    /// `dst = a new object of class`, its fields at their defaults (visible).
    New {
        dst: Slot,
        class: ClassId,
    },
    /// A call of a method with a body: a new frame (invisible).
    Call {
        dst: Option<Slot>,
        method: MethodId,
        recv: Option<PExpr>,
        args: Vec<PExpr>,
    },
    /// `t.start()` / `fork t`: a new thread runs `t`'s `run` (visible).
    Start(PExpr),
    /// `t.join()` / `join t`: blocks until `t`'s thread has ended (visible).
    Join(PExpr),
    /// Leaves the frame with a value (invisible).
    Return(Option<PExpr>),
    /// To `target` unless `cond` holds (invisible).
    BranchFalse {
        cond: PExpr,
        target: usize,
    },
    Jump(usize),
    /// Monitor operations (visible); `Acquire` blocks while another
    /// thread holds the monitor, `Wait` releases it and waits for a notify.
    Acquire(PExpr),
    Release(PExpr),
    Wait(PExpr),
    Notify(PExpr),
    NotifyAll(PExpr),
}

impl Instr {
    /// Whether another thread can tell the instruction happened, or it may block.
    pub fn visible(&self) -> bool {
        !matches!(
            self,
            Instr::Set(..)
                | Instr::Call { .. }
                | Instr::Return(_)
                | Instr::BranchFalse { .. }
                | Instr::Jump(_)
        )
    }
}

/// One instruction and the source construct it comes from.
#[derive(Clone, Debug)]
pub struct Step {
    pub instr: Instr,
    pub span: Span,
}

/// A method as the explorer runs it.
#[derive(Clone, Debug, Default)]
pub struct Code {
    pub steps: Vec<Step>,
    /// Frame size: `this`, the parameters, then locals and temporaries.
    pub slots: usize,
    /// `this` is slot 0.
    pub has_this: bool,
    /// The slots that are never written after their declaration (`this`,
    /// parameters and locals assigned once): a monitor named by one is the
    /// same object for the whole `synchronized` block (`classify`).
    pub fixed: Vec<bool>,
}

/// Every method with a body, compiled; a method without one is None.
pub struct Compiled {
    pub methods: Vec<Option<Code>>,
}

/// Nesting deeper than this is refused rather than followed (the checker
/// has already walked it, but the explorer keeps its own recursion bounded).
const MAX_NESTING: usize = 2_000;

/// Compiles the methods `roots` reach by calls (the harness and the threads
/// it starts), each once.
pub fn compile(p: &Program, roots: &[MethodId]) -> Result<Compiled, Vec<Diagnostic>> {
    let mut methods: Vec<Option<Code>> = vec![None; p.methods.len()];
    let mut done = vec![false; p.methods.len()];
    let mut todo: Vec<MethodId> = roots.to_vec();
    let mut errors = Vec::new();
    while let Some(m) = todo.pop() {
        if std::mem::replace(&mut done[m.0 as usize], true) {
            continue;
        }
        let method = p.method(m);
        let Some(body) = &method.body else { continue };
        match Compiler::new(p, method).method(body) {
            Ok((code, calls)) => {
                todo.extend(calls);
                methods[m.0 as usize] = Some(code);
            }
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(Compiled { methods })
    } else {
        crate::diag::in_source_order(&mut errors);
        Err(errors)
    }
}

/// What a call of a bodiless method means to the explorer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intrinsic {
    Start,
    Join,
    /// A constructor without a body (the library's `Thread()`, `Object()`): nothing.
    Nothing,
}

/// `start()`/`join()` of a thread class (Java's `Thread`, copied into each
/// subclass by the `inherit` pass), or a bodiless constructor.
pub fn intrinsic(p: &Program, m: MethodId) -> Option<Intrinsic> {
    let method = p.method(m);
    if method.body.is_some() {
        return None;
    }
    if method.is_constructor {
        return Some(Intrinsic::Nothing);
    }
    let runnable = method
        .class
        .is_some_and(|c| p.features.run.contains_key(&c) || p.class(c).name == "Thread");
    if !runnable || method.is_static || !crate::core::explicit(&method.params).is_empty() {
        return None;
    }
    match &*method.name {
        "start" => Some(Intrinsic::Start),
        "join" => Some(Intrinsic::Join),
        _ => None,
    }
}

struct Compiler<'p> {
    p: &'p Program,
    slots: HashMap<Name, Slot>,
    next: usize,
    steps: Vec<Step>,
    /// The monitors of the enclosing `synchronized` blocks, outermost first.
    held: Vec<PExpr>,
    /// Each label's place, and the `synchronized` depth it lies at.
    labels: HashMap<Name, (usize, usize)>,
    /// Jumps to labels not placed yet: instruction, label.
    fixups: Vec<(usize, Name)>,
    /// Label depths, found before compiling (jumps go forward).
    label_depth: HashMap<Name, usize>,
    writes: Vec<u32>,
    calls: Vec<MethodId>,
    has_this: bool,
}

type R<T> = Result<T, Diagnostic>;

fn unsupported<T>(span: Span, what: &str) -> R<T> {
    Err(Diagnostic::not_supported(
        span,
        format!("{what} in a program explored for atomicity"),
    ))
}

impl<'p> Compiler<'p> {
    fn new(p: &'p Program, m: &Method) -> Compiler<'p> {
        let has_this = m.class.is_some() && !m.is_static;
        let mut c = Compiler {
            p,
            slots: HashMap::new(),
            next: usize::from(has_this),
            steps: Vec::new(),
            held: Vec::new(),
            labels: HashMap::new(),
            fixups: Vec::new(),
            label_depth: HashMap::new(),
            writes: Vec::new(),
            calls: Vec::new(),
            has_this,
        };
        for v in crate::core::explicit(&m.params) {
            c.declare(v.name);
        }
        c
    }

    fn declare(&mut self, n: Name) -> Slot {
        let s = self.fresh();
        self.slots.insert(n, s);
        s
    }

    fn fresh(&mut self) -> Slot {
        let s = self.next as Slot;
        self.next += 1;
        self.writes.push(0);
        s
    }

    fn emit(&mut self, instr: Instr, span: Span) {
        if let Instr::Set(s, _) | Instr::Read { dst: s, .. } | Instr::New { dst: s, .. } = &instr {
            self.wrote(*s);
        }
        if let Instr::Call { dst: Some(s), .. } = &instr {
            self.wrote(*s);
        }
        self.steps.push(Step { instr, span });
    }

    fn wrote(&mut self, s: Slot) {
        let first = usize::from(self.has_this);
        if let Some(w) = (s as usize)
            .checked_sub(first)
            .and_then(|i| self.writes.get_mut(i))
        {
            *w += 1;
        }
    }

    fn method(mut self, body: &Block) -> R<(Code, Vec<MethodId>)> {
        label_depths(&body.stmts, 0, 0, &mut self.label_depth)?;
        self.block(body, 0)?;
        self.emit(Instr::Return(None), body.span);
        for (at, label) in std::mem::take(&mut self.fixups) {
            let Some(&(target, _)) = self.labels.get(&label) else {
                return unsupported(self.steps[at].span, "a jump to a label outside its method");
            };
            self.steps[at].instr = Instr::Jump(target);
        }
        let first = usize::from(self.has_this);
        let mut fixed = vec![true; self.next];
        for (i, w) in self.writes.iter().enumerate() {
            // A local is declared by one write; a parameter by none.
            fixed[first + i] = *w <= 1;
        }
        Ok((
            Code {
                steps: self.steps,
                slots: self.next,
                has_this: self.has_this,
                fixed,
            },
            self.calls,
        ))
    }

    fn block(&mut self, b: &Block, depth: usize) -> R<()> {
        if depth > MAX_NESTING {
            return unsupported(b.span, "nesting this deep");
        }
        for s in &b.stmts {
            self.stmt(s, depth + 1)?;
        }
        Ok(())
    }

    fn stmt(&mut self, s: &Stmt, depth: usize) -> R<()> {
        let span = s.span;
        match &s.kind {
            StmtKind::Local(v, init) => {
                let value = match init {
                    Some(e) => self.expr(e, depth)?,
                    None => default_value(&v.ty),
                };
                let slot = self.declare(v.name);
                self.emit(Instr::Set(slot, value), span);
            }
            StmtKind::AssignLocal(n, e) => {
                let value = self.expr(e, depth)?;
                let slot = self.local(*n, span)?;
                self.emit(Instr::Set(slot, value), span);
            }
            StmtKind::AssignField { recv, field, value } => {
                let obj = self.expr(recv, depth)?;
                let value = self.expr(value, depth)?;
                self.emit(
                    Instr::Write {
                        obj,
                        field: *field,
                        value,
                    },
                    span,
                );
            }
            StmtKind::Call { target, call } => {
                let method = self.p.method(call.method);
                let recv = match &call.recv {
                    Some(r) => Some(self.expr(r, depth)?),
                    None => None,
                };
                let mut args = Vec::with_capacity(call.args.len());
                for a in &call.args {
                    args.push(self.expr(a, depth)?);
                }
                let dst = match target {
                    Some(n) => Some(self.local(*n, span)?),
                    None => None,
                };
                if method.is_constructor {
                    let Some(class) = method.class else {
                        return unsupported(span, "a constructor outside a class");
                    };
                    let obj = self.fresh();
                    self.emit(Instr::New { dst: obj, class }, span);
                    if intrinsic(self.p, call.method) != Some(Intrinsic::Nothing) {
                        self.calls.push(call.method);
                        self.emit(
                            Instr::Call {
                                dst: None,
                                method: call.method,
                                recv: Some(PExpr::Local(obj)),
                                args,
                            },
                            span,
                        );
                    }
                    if let Some(d) = dst {
                        self.emit(Instr::Set(d, PExpr::Local(obj)), span);
                    }
                    return Ok(());
                }
                match intrinsic(self.p, call.method) {
                    Some(Intrinsic::Start) | Some(Intrinsic::Join) if dst.is_some() => {
                        return unsupported(span, "the value of start() or join()")
                    }
                    Some(Intrinsic::Start) => self.thread_op(recv, span, true)?,
                    Some(Intrinsic::Join) => self.thread_op(recv, span, false)?,
                    Some(Intrinsic::Nothing) => {}
                    None if method.body.is_none() => {
                        return unsupported(
                            span,
                            &format!("a call of {}, which has no body,", method.name),
                        )
                    }
                    None => {
                        self.calls.push(call.method);
                        self.emit(
                            Instr::Call {
                                dst,
                                method: call.method,
                                recv,
                                args,
                            },
                            span,
                        );
                    }
                }
            }
            StmtKind::If { cond, then, els } => {
                let c = self.expr(cond, depth)?;
                let branch = self.steps.len();
                self.emit(
                    Instr::BranchFalse {
                        cond: c,
                        target: usize::MAX,
                    },
                    span,
                );
                self.block(then, depth)?;
                match els {
                    Some(e) => {
                        let jump = self.steps.len();
                        self.emit(Instr::Jump(usize::MAX), span);
                        self.patch(branch);
                        self.block(e, depth)?;
                        self.patch(jump);
                    }
                    None => self.patch(branch),
                }
            }
            StmtKind::While { cond, body, .. } => {
                let head = self.steps.len();
                let c = self.expr(cond, depth)?;
                let branch = self.steps.len();
                self.emit(
                    Instr::BranchFalse {
                        cond: c,
                        target: usize::MAX,
                    },
                    span,
                );
                self.block(body, depth)?;
                self.emit(Instr::Jump(head), span);
                self.patch(branch);
            }
            StmtKind::Return(e) => {
                let value = match e {
                    Some(e) => {
                        let v = self.expr(e, depth)?;
                        let t = self.fresh();
                        self.emit(Instr::Set(t, v), span);
                        Some(PExpr::Local(t))
                    }
                    None => None,
                };
                self.release_down_to(0, span);
                self.emit(Instr::Return(value), span);
            }
            StmtKind::Synchronized { lock, body } => {
                let l = self.expr(lock, depth)?;
                // The monitor is the object the expression named on entry.
                let m = match l {
                    PExpr::Local(s) => PExpr::Local(s),
                    other => {
                        let t = self.fresh();
                        self.emit(Instr::Set(t, other), lock.span);
                        PExpr::Local(t)
                    }
                };
                self.emit(Instr::Acquire(m.clone()), lock.span);
                self.held.push(m.clone());
                self.block(body, depth)?;
                self.held.pop();
                // The release is the block's closing brace.
                let end = Span {
                    start: body.span.end.saturating_sub(1),
                    ..body.span
                };
                self.emit(Instr::Release(m), end);
            }
            StmtKind::Lock(op, e) => {
                let x = self.expr(e, depth)?;
                match op {
                    LockOp::Wait => self.emit(Instr::Wait(x), span),
                    LockOp::Notify => self.emit(Instr::Notify(x), span),
                    LockOp::NotifyAll => self.emit(Instr::NotifyAll(x), span),
                    LockOp::Lock => {
                        self.emit(Instr::Acquire(x), span);
                    }
                    LockOp::Unlock => self.emit(Instr::Release(x), span),
                    // A specification statement: hands the invariant to the lock.
                    LockOp::Commit => {}
                }
            }
            StmtKind::Fork(e) => {
                let x = self.expr(e, depth)?;
                self.emit(Instr::Start(x), span);
            }
            StmtKind::Join(e) => {
                let x = self.expr(e, depth)?;
                self.emit(Instr::Join(x), span);
            }
            StmtKind::Label(n) => {
                let at = self.steps.len();
                self.labels.insert(*n, (at, self.held.len()));
            }
            StmtKind::Goto(n) => {
                let target_depth = self.label_depth.get(n).copied().unwrap_or(0);
                self.release_down_to(target_depth, span);
                let at = self.steps.len();
                self.emit(Instr::Jump(usize::MAX), span);
                self.fixups.push((at, *n));
            }
            StmtKind::Block(b) => self.block(b, depth)?,
            // Specifications are not executed.
            StmtKind::Assert(_)
            | StmtKind::Assume(_)
            | StmtKind::Inhale(_)
            | StmtKind::Exhale(_)
            | StmtKind::Havoc(_)
            | StmtKind::Refute(_)
            | StmtKind::Fold(_)
            | StmtKind::Unfold(_)
            | StmtKind::Package { .. }
            | StmtKind::Apply(_)
            | StmtKind::Check { .. } => {}
            StmtKind::AssignIndex { .. } | StmtKind::NewArray { .. } => {
                return unsupported(span, "an array")
            }
            StmtKind::Invariant { .. } | StmtKind::Atomic { .. } => {
                return unsupported(span, "an invariant or atomic block")
            }
            StmtKind::AtomicStep(_) => {
                return unsupported(span, "a rely/guarantee program's atomic step")
            }
            StmtKind::Par(_) | StmtKind::Barrier { .. } => {
                return unsupported(span, "a par block or barrier")
            }
            StmtKind::History(..) | StmtKind::Action(..) => {
                return unsupported(span, "a history statement")
            }
            StmtKind::Throw(_) | StmtKind::Try { .. } => {
                return unsupported(span, "an exception (throw or try)")
            }
            crate::core::visit::source_loops!() => {
                return unsupported(
                    span,
                    "a source loop or jump here (the loops pass should have lowered it)",
                )
            }
            StmtKind::Witness(_) => return unsupported(span, "a Calvin-R witness"),
        }
        Ok(())
    }

    /// `start()` (`start`) or `join()` on the receiver.
    fn thread_op(&mut self, recv: Option<PExpr>, span: Span, start: bool) -> R<()> {
        let Some(t) = recv else {
            return unsupported(span, "start() or join() without a receiver");
        };
        let instr = if start {
            Instr::Start(t)
        } else {
            Instr::Join(t)
        };
        self.emit(instr, span);
        Ok(())
    }

    /// Releases the monitors of the `synchronized` blocks deeper than `depth`, innermost first.
    fn release_down_to(&mut self, depth: usize, span: Span) {
        let held: Vec<PExpr> = self.held.iter().skip(depth).rev().cloned().collect();
        for m in held {
            self.emit(Instr::Release(m), span);
        }
    }

    /// Points the forward jump at `at` to the next instruction.
    fn patch(&mut self, at: usize) {
        let here = self.steps.len();
        match &mut self.steps[at].instr {
            Instr::BranchFalse { target, .. } => *target = here,
            Instr::Jump(t) => *t = here,
            _ => {}
        }
    }

    fn local(&self, n: Name, span: Span) -> R<Slot> {
        match self.slots.get(&n) {
            Some(s) => Ok(*s),
            None => unsupported(span, "a variable the explorer does not know"),
        }
    }

    /// `e` as a pure expression, its shared reads emitted before it, in
    /// Java's order (left to right; the right of `&&`, `||` and the
    /// branches of `?:` only when they are evaluated).
    fn expr(&mut self, e: &Expr, depth: usize) -> R<PExpr> {
        if depth > MAX_NESTING {
            return unsupported(e.span, "nesting this deep");
        }
        let d = depth + 1;
        Ok(match &e.kind {
            ExprKind::Int(v) => match i32::try_from(v.get()) {
                Ok(i) => PExpr::Int(i),
                Err(_) => return unsupported(e.span, "an integer literal beyond Java's int"),
            },
            ExprKind::Bool(b) => PExpr::Bool(*b),
            ExprKind::Null => PExpr::Null,
            ExprKind::This if self.has_this => PExpr::Local(0),
            ExprKind::Local(n) => PExpr::Local(self.local(*n, e.span)?),
            ExprKind::Field(recv, field) => {
                let obj = self.expr(recv, d)?;
                let dst = self.fresh();
                self.emit(
                    Instr::Read {
                        dst,
                        obj,
                        field: *field,
                    },
                    e.span,
                );
                PExpr::Local(dst)
            }
            ExprKind::Unary(op, x) => PExpr::Unary(*op, Box::new(self.expr(x, d)?)),
            ExprKind::Binary(op @ (BinOp::And | BinOp::Or | BinOp::Implies), l, r) if reads(r) => {
                // `l && r`: t = l; if (t) t = r (`||`: if (!t); `==>`: t = !l first).
                let lv = self.expr(l, d)?;
                let t = self.fresh();
                let first = if *op == BinOp::Implies {
                    PExpr::Unary(UnOp::Not, Box::new(lv))
                } else {
                    lv
                };
                self.emit(Instr::Set(t, first), e.span);
                let test = if *op == BinOp::And {
                    PExpr::Local(t)
                } else {
                    PExpr::Unary(UnOp::Not, Box::new(PExpr::Local(t)))
                };
                let branch = self.steps.len();
                self.emit(
                    Instr::BranchFalse {
                        cond: test,
                        target: usize::MAX,
                    },
                    e.span,
                );
                let rv = self.expr(r, d)?;
                self.emit(Instr::Set(t, rv), e.span);
                self.patch(branch);
                PExpr::Local(t)
            }
            ExprKind::Binary(op, l, r) if arithmetic(*op) => {
                let (l, r) = (self.expr(l, d)?, self.expr(r, d)?);
                PExpr::Binary(*op, Box::new(l), Box::new(r))
            }
            ExprKind::Cond(c, a, b) if reads(a) || reads(b) => {
                let cv = self.expr(c, d)?;
                let t = self.fresh();
                let branch = self.steps.len();
                self.emit(
                    Instr::BranchFalse {
                        cond: cv,
                        target: usize::MAX,
                    },
                    e.span,
                );
                let av = self.expr(a, d)?;
                self.emit(Instr::Set(t, av), e.span);
                let jump = self.steps.len();
                self.emit(Instr::Jump(usize::MAX), e.span);
                self.patch(branch);
                let bv = self.expr(b, d)?;
                self.emit(Instr::Set(t, bv), e.span);
                self.patch(jump);
                PExpr::Local(t)
            }
            ExprKind::Cond(c, a, b) => PExpr::Cond(
                Box::new(self.expr(c, d)?),
                Box::new(self.expr(a, d)?),
                Box::new(self.expr(b, d)?),
            ),
            _ => return unsupported(e.span, "this expression"),
        })
    }
}

/// The operators on ints and booleans the explorer evaluates.
fn arithmetic(op: BinOp) -> bool {
    use BinOp::*;
    matches!(
        op,
        Add | Sub | Mul | Div | Mod | Eq | Ne | Lt | Le | Gt | Ge | And | Or | Implies
    )
}

/// Whether evaluating `e` reads a field.
fn reads(e: &Expr) -> bool {
    crate::core::visit::find(e, &|x| matches!(x.kind, ExprKind::Field(..))).is_some()
}

/// Each label's `synchronized` depth (jumps go forward, so this is found first).
fn label_depths(
    stmts: &[Stmt],
    sync: usize,
    depth: usize,
    out: &mut HashMap<Name, usize>,
) -> R<()> {
    for s in stmts {
        if depth > MAX_NESTING {
            return unsupported(s.span, "nesting this deep");
        }
        match &s.kind {
            StmtKind::Label(n) => {
                out.insert(*n, sync);
            }
            StmtKind::Synchronized { body, .. } => {
                label_depths(&body.stmts, sync + 1, depth + 1, out)?
            }
            StmtKind::If { then, els, .. } => {
                label_depths(&then.stmts, sync, depth + 1, out)?;
                if let Some(e) = els {
                    label_depths(&e.stmts, sync, depth + 1, out)?;
                }
            }
            StmtKind::While { body, .. } | StmtKind::Block(body) | StmtKind::AtomicStep(body) => {
                label_depths(&body.stmts, sync, depth + 1, out)?
            }
            // Every kind is named: a new block kind must say whether its
            // labels count. These blocks the compiler refuses (`stmt`).
            StmtKind::Invariant { .. }
            | StmtKind::Atomic { .. }
            | StmtKind::Package { .. }
            | StmtKind::Par(_)
            | StmtKind::Barrier { .. }
            | StmtKind::Action(..)
            | StmtKind::Try { .. } => {}
            // Label, handled above, is among them; the loops pass left no
            // source loop.
            #[allow(unreachable_patterns)]
            crate::core::visit::no_blocks!() | crate::core::visit::source_loops!() => {}
        }
    }
    Ok(())
}

/// The value of a field or local not yet written.
pub fn default_value(t: &Type) -> PExpr {
    match t {
        Type::Int => PExpr::Int(0),
        Type::Bool => PExpr::Bool(false),
        _ => PExpr::Null,
    }
}
