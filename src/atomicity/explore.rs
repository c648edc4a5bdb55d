//! The explicit-state model checker: a depth-first search of every
//! interleaving of the closed program's threads, each state stored once.
//!
//! A state is the heap (each object's fields, its monitor's owner and
//! count, the thread started on it, the thread that last touched it) and each thread's frames (method,
//! instruction, locals), status (running, waiting in a monitor's wait set,
//! notified and re-acquiring, done) and *regions*: the annotated methods it
//! is inside, each with its position in the pattern (Bogor's N, R, L: no
//! region, before the non-mover, after it). A transition is one visible
//! step of one thread (`super::compile`) with the invisible steps after it.
//!
//! The search runs twice. The first run records, over every reachable
//! step, which fields are *protected* (every access to a field of an
//! object another thread can reach holds that object's monitor) or never
//! written while shared; the second classifies each step with that and the
//! state it runs in (`classify::dynamic`: whether the object is local,
//! i.e. reachable by no other thread but through a protected field of a
//! monitor the thread holds, and clean; see `super`'s module doc) and
//! advances the thread's
//! regions, recording for each annotated method
//! * a **definite** violation (Lipton's R1, "a region once entered can be
//!   left"): a `wait` inside the region; a state where no thread can move
//!   and a thread is inside a region, or a cycle of threads each waiting
//!   for a monitor or a join another holds (`circSync`); a cycle of states
//!   along which a thread stays inside one region instance and moves;
//! * a **possible** violation (R2 not shown): a step that breaks R* N? L*
//!   (`mover`: a step that is not a both mover), with the interleaving
//!   that led there;
//! * whether it ran at all.
//!
//! Both runs stop at the bound (states stored, depth of the search): the
//! verdict then says so instead of "atomic".

use super::classify::{self, Class, Facts};
use super::compile::{Code, Compiled, Instr, PExpr, Slot};
use crate::core::{ClassId, FieldId, MethodId, Program, Type};
use crate::diag::Diagnostic;
use crate::syntax::ast::{AtomicityKind, BinOp, UnOp};
use crate::syntax::span::Span;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::{Hash, Hasher};

/// How far the search goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    /// States stored, at most.
    pub states: usize,
    /// Transitions from the initial state, at most.
    pub depth: usize,
}

impl Default for Bound {
    fn default() -> Bound {
        Bound {
            states: 200_000,
            depth: 5_000,
        }
    }
}

/// Invisible instructions a thread runs in one transition, at most (a
/// longer local loop goes on in the next transition, so it shows as a cycle).
const LOCAL_STEPS: usize = 10_000;
/// Threads, at most.
const MAX_THREADS: usize = 64;
/// Objects, at most.
const MAX_OBJECTS: usize = 100_000;
/// Call frames of a thread, at most.
const MAX_FRAMES: usize = 1_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Value {
    Int(i32),
    Bool(bool),
    Null,
    Ref(u32),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Object {
    class: ClassId,
    fields: Vec<Value>,
    /// The monitor's owner and how often it holds it.
    owner: Option<(u8, u32)>,
    /// The thread started on this object.
    thread: Option<u8>,
    /// The thread (plus one; 0: none) whose step last touched the object
    /// (a field access, a monitor operation, its creation): an object
    /// another thread touched since this thread's previous step is no
    /// left mover for it (`classify::Facts::clean`).
    last: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Frame {
    method: MethodId,
    pc: u32,
    locals: Vec<Value>,
    /// Where the caller wants the value returned.
    ret: Option<Slot>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Status {
    Run,
    /// In `obj`'s wait set, with the count it held the monitor with.
    Waiting {
        obj: u32,
        count: u32,
    },
    /// Notified: re-acquires the monitor.
    Notified {
        obj: u32,
        count: u32,
    },
    Done,
}

/// An annotated method a thread is inside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Region {
    method: MethodId,
    kind: AtomicityKind,
    /// The index of its frame.
    frame: u16,
    /// The class of its steps so far (`Right`: position R, `Left`: L;
    /// `Compound` once broken and reported).
    pos: Class,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Thread {
    frames: Vec<Frame>,
    status: Status,
    regions: Vec<Region>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State {
    heap: Vec<Object>,
    threads: Vec<Thread>,
}

/// One transition of a path: whose, where, and what it did to the thread's regions.
#[derive(Clone, Copy, Debug)]
pub struct Move {
    pub thread: u8,
    pub span: Span,
    /// The fewest regions the thread was in during the step, and after it.
    regions_min: u16,
}

/// What the search found for one annotated method.
#[derive(Clone, Debug, Default)]
pub struct Finding {
    /// A definite violation: where, why, and the path to it.
    pub definitely: Option<Violation>,
    /// A pattern break: where, why, and the path to it.
    pub possibly: Option<Violation>,
    /// Some thread entered the method.
    pub ran: bool,
}

#[derive(Clone, Debug)]
pub struct Violation {
    /// The step in the method's own body (a call, when the step is in a callee).
    pub span: Span,
    /// The step itself, when it lies in a callee.
    pub inner: Option<Span>,
    pub why: String,
    /// The interleaving: each step's thread (0 is main) and place.
    pub trace: Vec<(u8, Span)>,
}

/// The search's result.
#[derive(Debug, Default)]
pub struct Outcome {
    pub findings: BTreeMap<MethodId, Finding>,
    pub states: usize,
    pub max_depth: usize,
    /// The bound cut the search short.
    pub cut: bool,
}

/// What the first run learns of the fields.
#[derive(Default)]
struct Discipline {
    /// Accessed, while the object was shared, without its monitor.
    unprotected: HashSet<FieldId>,
    /// Written while the object was shared.
    written_shared: HashSet<FieldId>,
}

struct Machine<'a> {
    p: &'a Program,
    code: &'a Compiled,
    /// Each field's index in its class's objects.
    slot_of: HashMap<FieldId, usize>,
    /// None in the first run.
    discipline: Option<Discipline>,
    learned: Discipline,
    findings: BTreeMap<MethodId, Finding>,
}

type R<T> = Result<T, Diagnostic>;

fn exception(span: Span, what: &str) -> Diagnostic {
    Diagnostic::not_supported(span, format!("{what} (exceptions in an explored program)"))
}

/// Explores the program from `main` within `bound`.
pub fn explore(p: &Program, code: &Compiled, main: MethodId, bound: Bound) -> R<Outcome> {
    let mut slot_of = HashMap::new();
    for c in &p.classes {
        for (i, f) in c.fields.iter().enumerate() {
            slot_of.insert(*f, i);
        }
    }
    let mut m = Machine {
        p,
        code,
        slot_of,
        discipline: None,
        learned: Discipline::default(),
        findings: BTreeMap::new(),
    };
    m.search(main, bound)?;
    m.discipline = Some(std::mem::take(&mut m.learned));
    m.findings = p
        .features
        .atomicity
        .keys()
        .map(|k| (*k, Finding::default()))
        .collect();
    let mut out = m.search(main, bound)?;
    out.findings = m.findings;
    Ok(out)
}

fn fingerprint(s: &State) -> u128 {
    let mut a = std::collections::hash_map::DefaultHasher::new();
    s.hash(&mut a);
    let mut b = std::collections::hash_map::DefaultHasher::new();
    0x9e37_79b9_u32.hash(&mut b);
    s.hash(&mut b);
    (u128::from(a.finish()) << 64) | u128::from(b.finish())
}

/// A state on the search's stack, with the transitions still to try.
struct Entry {
    state: State,
    key: u128,
    moves: Vec<(usize, usize)>,
}

impl Machine<'_> {
    fn code(&self, m: MethodId) -> &Code {
        // Only compiled methods are called (`compile` follows every call).
        static EMPTY: std::sync::OnceLock<Code> = std::sync::OnceLock::new();
        self.code.methods[m.0 as usize]
            .as_ref()
            .unwrap_or_else(|| EMPTY.get_or_init(Code::default))
    }

    fn search(&mut self, main: MethodId, bound: Bound) -> R<Outcome> {
        let mut init = State {
            heap: Vec::new(),
            threads: vec![Thread {
                frames: Vec::new(),
                status: Status::Run,
                regions: Vec::new(),
            }],
        };
        let mut locals = vec![Value::Null; self.code(main).slots];
        for (l, v) in locals
            .iter_mut()
            .zip(crate::core::explicit(&self.p.method(main).params))
        {
            *l = default(&v.ty);
        }
        self.push_frame(&mut init, 0, main, locals, None, Span::default())?;
        self.settle(&mut init, 0)?;
        let mut out = Outcome::default();
        let mut seen: HashSet<u128> = HashSet::new();
        let mut on_stack: HashMap<u128, usize> = HashMap::new();
        let key = fingerprint(&init);
        seen.insert(key);
        on_stack.insert(key, 0);
        self.check_stuck(&init, &[])?;
        let moves = self.moves(&init)?;
        let mut stack = vec![Entry {
            state: init,
            key,
            moves,
        }];
        let mut path: Vec<Move> = Vec::new();
        while let Some(top) = stack.last_mut() {
            let Some((t, choice)) = top.moves.pop() else {
                on_stack.remove(&top.key);
                stack.pop();
                path.pop();
                continue;
            };
            let mut next = top.state.clone();
            let mv = self.step(&mut next, t, choice, &path)?;
            let key = fingerprint(&next);
            path.push(mv);
            if let Some(&k) = on_stack.get(&key) {
                self.check_cycle(&stack[k].state, &path[k..]);
            }
            if !seen.contains(&key) {
                if seen.len() >= bound.states || stack.len() > bound.depth {
                    out.cut = true;
                } else {
                    seen.insert(key);
                    on_stack.insert(key, stack.len());
                    out.max_depth = out.max_depth.max(stack.len());
                    self.check_stuck(&next, &path)?;
                    let moves = self.moves(&next)?;
                    stack.push(Entry {
                        state: next,
                        key,
                        moves,
                    });
                    continue;
                }
            }
            path.pop();
        }
        out.states = seen.len();
        Ok(out)
    }

    /// The transitions of a state: each thread that can move, with each
    /// choice its step has (which waiter a `notify` wakes).
    fn moves(&self, s: &State) -> R<Vec<(usize, usize)>> {
        let mut out = Vec::new();
        // Popped from the end: the first thread is tried first.
        for t in (0..s.threads.len()).rev() {
            if !self.enabled(s, t)? {
                continue;
            }
            let choices = match self.visible(s, t) {
                Some(Instr::Notify(x)) => {
                    let o = self.object(s, t, x)?;
                    waiters(s, o).len().max(1)
                }
                _ => 1,
            };
            for c in (0..choices).rev() {
                out.push((t, c));
            }
        }
        Ok(out)
    }

    /// The visible instruction thread `t` is at, if it is running and at one.
    fn visible<'s>(&'s self, s: &State, t: usize) -> Option<&'s Instr> {
        let th = &s.threads[t];
        if th.status != Status::Run {
            return None;
        }
        let f = th.frames.last()?;
        let i = &self.code(f.method).steps.get(f.pc as usize)?.instr;
        i.visible().then_some(i)
    }

    fn enabled(&self, s: &State, t: usize) -> R<bool> {
        let th = &s.threads[t];
        Ok(match th.status {
            Status::Done | Status::Waiting { .. } => false,
            Status::Notified { obj, .. } => s.heap[obj as usize].owner.is_none(),
            Status::Run => match self.visible(s, t) {
                Some(Instr::Acquire(x)) => {
                    let o = self.object(s, t, x)?;
                    s.heap[o as usize]
                        .owner
                        .is_none_or(|(u, _)| u as usize == t)
                }
                Some(Instr::Join(x)) => {
                    let o = self.object(s, t, x)?;
                    s.heap[o as usize]
                        .thread
                        .is_none_or(|u| s.threads[u as usize].status == Status::Done)
                }
                _ => !th.frames.is_empty(),
            },
        })
    }

    /// The object `x` names in `t`'s frame, or a NullPointerException.
    fn object(&self, s: &State, t: usize, x: &PExpr) -> R<u32> {
        let f = s.threads[t].frames.last();
        let span = f.map_or(Span::default(), |f| self.span_at(f));
        match f.map(|f| eval(x, &f.locals)) {
            Some(Ok(Value::Ref(o))) => Ok(o),
            Some(Err(e)) => Err(exception(span, e)),
            _ => Err(exception(span, "a NullPointerException")),
        }
    }

    fn span_at(&self, f: &Frame) -> Span {
        self.code(f.method)
            .steps
            .get(f.pc as usize)
            .map_or(Span::default(), |s| s.span)
    }

    /// Runs thread `t`'s next transition with `choice`; returns its record.
    fn step(&mut self, s: &mut State, t: usize, choice: usize, path: &[Move]) -> R<Move> {
        let before = s.threads[t].regions.len() as u16;
        let mut mv = Move {
            thread: t as u8,
            span: Span::default(),
            regions_min: before,
        };
        let th = &s.threads[t];
        if let Status::Notified { obj, count } = th.status {
            // Re-acquiring the monitor after a wait: a right mover.
            let f = th.frames.last();
            mv.span = f.map_or(Span::default(), |f| {
                let pc = f.pc.saturating_sub(1) as usize;
                self.code(f.method)
                    .steps
                    .get(pc)
                    .map_or(Span::default(), |x| x.span)
            });
            s.heap[obj as usize].owner = Some((t as u8, count));
            s.heap[obj as usize].last = t as u8 + 1;
            s.threads[t].status = Status::Run;
            self.advance(s, t, Class::Right, mv.span, path, &mv)?;
        } else if let Some(f) = self
            .visible(s, t)
            .is_none()
            .then(|| s.threads[t].frames.last())
            .flatten()
        {
            // Past its bound of local steps: the thread goes on with them.
            mv.span = self.span_at(f);
        } else if let Some(instr) = self.visible(s, t).cloned() {
            let f = s.threads[t]
                .frames
                .last()
                .cloned()
                .unwrap_or_else(|| Frame {
                    method: MethodId(0),
                    pc: 0,
                    locals: Vec::new(),
                    ret: None,
                });
            mv.span = self.span_at(&f);
            let class = self.classify(s, t, &instr)?;
            self.exec(s, t, &instr, choice, mv.span)?;
            self.advance(s, t, class, mv.span, path, &mv)?;
            if let Instr::Wait(_) = instr {
                self.definitely_all(
                    s,
                    t,
                    mv.span,
                    "it calls wait(), which releases the monitor and blocks until another thread's notify",
                    path,
                    Some(&mv),
                );
            }
        }
        mv.regions_min = mv.regions_min.min(s.threads[t].regions.len() as u16);
        let low = self.settle(s, t)?;
        mv.regions_min = mv.regions_min.min(low);
        Ok(mv)
    }

    /// The class of thread `t`'s visible step `instr` in state `s`; in the
    /// first run, records what the step shows of the fields' discipline.
    fn classify(&mut self, s: &State, t: usize, instr: &Instr) -> R<Class> {
        let mut facts = Facts {
            held_before: 0,
            local: false,
            clean: false,
            protected: false,
            is_final: false,
        };
        let monitor = |o: u32| match s.heap[o as usize].owner {
            Some((u, c)) if u as usize == t => c,
            _ => 0,
        };
        let object = match instr {
            Instr::Read { obj, .. } | Instr::Write { obj, .. } => Some(self.object(s, t, obj)?),
            Instr::Acquire(x) | Instr::Release(x) => Some(self.object(s, t, x)?),
            _ => None,
        };
        let Some(o) = object else {
            return Ok(classify::dynamic(instr, facts));
        };
        facts.held_before = monitor(o);
        if let Instr::Read { field, .. } | Instr::Write { field, .. } = instr {
            facts.is_final = self.p.field(*field).is_final;
            let write = matches!(instr, Instr::Write { .. });
            // The discipline is Flanagan and Qadeer's: an access to an
            // object another thread can reach at all.
            if self.reached_by_others(s, t, o, false) {
                if facts.held_before == 0 {
                    self.learned.unprotected.insert(*field);
                }
                if write {
                    self.learned.written_shared.insert(*field);
                }
            }
            if let Some(d) = &self.discipline {
                facts.protected =
                    !d.unprotected.contains(field) || (!write && !d.written_shared.contains(field));
            }
        }
        if self.discipline.is_some() {
            facts.local = !self.reached_by_others(s, t, o, true);
            let last = s.heap[o as usize].last;
            facts.clean = last == 0 || last as usize == t + 1;
        }
        Ok(classify::dynamic(instr, facts))
    }

    /// Whether a thread other than `t` can reach object `o` from its
    /// locals (or the monitor it waits on). With `dominated`, a path
    /// through a protected field of an object whose monitor `t` holds does
    /// not count: no other thread can read that field before `t` releases
    /// the monitor (the second run's discipline says every access to the
    /// field of a shared object held that object's monitor).
    fn reached_by_others(&self, s: &State, t: usize, o: u32, dominated: bool) -> bool {
        let cut = |r: u32, i: usize| -> bool {
            let (Some(d), true) = (&self.discipline, dominated) else {
                return false;
            };
            let obj = &s.heap[r as usize];
            let held = obj.owner.is_some_and(|(u, _)| u as usize == t);
            held && self
                .p
                .class(obj.class)
                .fields
                .get(i)
                .is_some_and(|f| !d.unprotected.contains(f))
        };
        let mut seen = vec![false; s.heap.len()];
        let mut work: Vec<u32> = Vec::new();
        for (u, th) in s.threads.iter().enumerate() {
            if u == t {
                continue;
            }
            for f in &th.frames {
                for v in &f.locals {
                    if let Value::Ref(r) = v {
                        work.push(*r);
                    }
                }
            }
            if let Status::Waiting { obj, .. } | Status::Notified { obj, .. } = th.status {
                work.push(obj);
            }
        }
        while let Some(r) = work.pop() {
            if r == o {
                return true;
            }
            let Some(seen_r) = seen.get_mut(r as usize) else {
                continue;
            };
            if std::mem::replace(seen_r, true) {
                continue;
            }
            for (i, v) in s.heap[r as usize].fields.iter().enumerate() {
                if let Value::Ref(x) = v {
                    if !cut(r, i) {
                        work.push(*x);
                    }
                }
            }
        }
        false
    }

    /// Moves each of `t`'s regions on by a step of class `c`; a break is a
    /// possible violation of the region's method.
    fn advance(
        &mut self,
        s: &mut State,
        t: usize,
        c: Class,
        span: Span,
        path: &[Move],
        mv: &Move,
    ) -> R<()> {
        if self.discipline.is_none() {
            return Ok(());
        }
        let n = s.threads[t].regions.len();
        for i in 0..n {
            let r = s.threads[t].regions[i];
            if r.pos == Class::Compound {
                continue;
            }
            let next = r.pos.then(c);
            let broken = match r.kind {
                AtomicityKind::Mover => next != Class::Both,
                AtomicityKind::Atomic => next == Class::Compound,
            };
            let pos = if broken {
                let why = match r.kind {
                    AtomicityKind::Mover => format!("a {} in a mover method", c.name()),
                    AtomicityKind::Atomic if c == Class::Atomic => {
                        "a second non-mover (after a non-mover or left mover)".to_string()
                    }
                    AtomicityKind::Atomic => {
                        format!("a {} after a non-mover or left mover", c.name())
                    }
                };
                let v = self.violation(s, t, i, span, why, path, Some(mv));
                let f = self.findings.entry(r.method).or_default();
                if f.possibly.is_none() {
                    f.possibly = Some(v);
                }
                Class::Compound
            } else {
                position(r.kind, next)
            };
            s.threads[t].regions[i].pos = pos;
        }
        Ok(())
    }

    /// A violation of `t`'s region `i` at the step at `span`, with the path.
    #[allow(clippy::too_many_arguments)]
    fn violation(
        &self,
        s: &State,
        t: usize,
        i: usize,
        span: Span,
        why: String,
        path: &[Move],
        mv: Option<&Move>,
    ) -> Violation {
        let th = &s.threads[t];
        let r = th.regions[i];
        // The step as the method's own body has it: the call it is inside.
        let own = if (r.frame as usize) + 1 < th.frames.len() {
            let f = &th.frames[r.frame as usize];
            let pc = f.pc.saturating_sub(1) as usize;
            self.code(f.method).steps.get(pc).map(|x| x.span)
        } else {
            None
        };
        // The interleaving since the thread last entered the region.
        let level = i as u16;
        let start = path
            .iter()
            .rposition(|m| m.thread as usize == t && m.regions_min <= level)
            .unwrap_or(0);
        let mut trace: Vec<(u8, Span)> = path[start..].iter().map(|m| (m.thread, m.span)).collect();
        trace.extend(mv.map(|m| (m.thread, m.span)));
        Violation {
            span: own.unwrap_or(span),
            inner: own.map(|_| span),
            why,
            trace,
        }
    }

    /// Every region `t` is in is definitely not atomic, for `why`.
    fn definitely_all(
        &mut self,
        s: &State,
        t: usize,
        span: Span,
        why: &str,
        path: &[Move],
        mv: Option<&Move>,
    ) {
        if self.discipline.is_none() {
            return;
        }
        for i in 0..s.threads[t].regions.len() {
            let v = self.violation(s, t, i, span, why.to_string(), path, mv);
            let m = s.threads[t].regions[i].method;
            let f = self.findings.entry(m).or_default();
            if f.definitely.is_none() {
                f.definitely = Some(v);
            }
        }
    }

    /// A state where threads inside regions can never move: no thread can
    /// move at all, or threads wait for each other's monitors or ends.
    fn check_stuck(&mut self, s: &State, path: &[Move]) -> R<()> {
        if self.discipline.is_none() {
            return Ok(());
        }
        let mut any = false;
        for t in 0..s.threads.len() {
            any |= self.enabled(s, t)?;
        }
        let mut stuck: Vec<usize> = Vec::new();
        if !any {
            stuck = (0..s.threads.len())
                .filter(|t| s.threads[*t].status != Status::Done)
                .collect();
        } else {
            // circSync: follow each blocked thread's wait-for edge.
            for t in 0..s.threads.len() {
                let mut seen = vec![t];
                let mut u = t;
                while let Some(v) = self.blocked_on(s, u)? {
                    if v == t {
                        stuck.push(t);
                        break;
                    }
                    if seen.contains(&v) {
                        break;
                    }
                    seen.push(v);
                    u = v;
                }
            }
        }
        let stuck_regions: Vec<usize> = stuck
            .into_iter()
            .filter(|t| !s.threads[*t].regions.is_empty())
            .collect();
        for t in stuck_regions {
            let Some(f) = s.threads[t].frames.last() else {
                continue;
            };
            let span = match s.threads[t].status {
                Status::Run => self.span_at(f),
                _ => {
                    let pc = f.pc.saturating_sub(1) as usize;
                    self.code(f.method)
                        .steps
                        .get(pc)
                        .map_or(Span::default(), |x| x.span)
                }
            };
            let why = if any {
                "it deadlocks: its thread waits for a monitor or a thread that waits for it in turn"
            } else {
                "it deadlocks: no thread can move while its thread is inside it"
            };
            self.definitely_all(s, t, span, why, path, None);
        }
        Ok(())
    }

    /// The thread `t` waits for: the owner of the monitor it acquires (or
    /// re-acquires), or the thread it joins.
    fn blocked_on(&self, s: &State, t: usize) -> R<Option<usize>> {
        let th = &s.threads[t];
        let owner = |o: u32| s.heap[o as usize].owner.map(|(u, _)| u as usize);
        Ok(match th.status {
            Status::Notified { obj, .. } => owner(obj).filter(|u| *u != t),
            Status::Run => match self.visible(s, t) {
                Some(Instr::Acquire(x)) => owner(self.object(s, t, x)?).filter(|u| *u != t),
                Some(Instr::Join(x)) => {
                    let o = self.object(s, t, x)?;
                    s.heap[o as usize]
                        .thread
                        .map(|u| u as usize)
                        .filter(|u| s.threads[*u].status != Status::Done)
                }
                _ => None,
            },
            _ => None,
        })
    }

    /// The search came back to a state on its stack (`back`) along `cycle`:
    /// a thread that moved along it and stayed in a region throughout can
    /// loop in that region forever.
    fn check_cycle(&mut self, back: &State, cycle: &[Move]) {
        if self.discipline.is_none() {
            return;
        }
        for t in 0..back.threads.len() {
            let own: Vec<&Move> = cycle.iter().filter(|m| m.thread as usize == t).collect();
            let Some(last) = own.last() else { continue };
            let kept = own
                .iter()
                .map(|m| m.regions_min)
                .min()
                .unwrap_or(0)
                .min(back.threads[t].regions.len() as u16) as usize;
            for i in 0..kept {
                let r = back.threads[t].regions[i];
                let trace = cycle.iter().map(|m| (m.thread, m.span)).collect();
                let v = Violation {
                    span: last.span,
                    inner: None,
                    why: "it can run forever: a cycle of states inside it".into(),
                    trace,
                };
                let f = self.findings.entry(r.method).or_default();
                if f.definitely.is_none() {
                    f.definitely = Some(v);
                }
            }
        }
    }

    /// Executes thread `t`'s visible instruction.
    fn exec(&mut self, s: &mut State, t: usize, instr: &Instr, choice: usize, span: Span) -> R<()> {
        let frame = s.threads[t].frames.len() - 1;
        let val = |s: &State, e: &PExpr| -> R<Value> {
            eval(e, &s.threads[t].frames[frame].locals).map_err(|e| exception(span, e))
        };
        match instr {
            Instr::Read { dst, obj, field } => {
                let o = self.object(s, t, obj)?;
                s.heap[o as usize].last = t as u8 + 1;
                let i = self.field_slot(s, o, *field, span)?;
                let v = s.heap[o as usize].fields[i];
                s.threads[t].frames[frame].locals[*dst as usize] = v;
            }
            Instr::Write { obj, field, value } => {
                let o = self.object(s, t, obj)?;
                let v = val(s, value)?;
                s.heap[o as usize].last = t as u8 + 1;
                let i = self.field_slot(s, o, *field, span)?;
                s.heap[o as usize].fields[i] = v;
            }
            Instr::New { dst, class } => {
                if s.heap.len() >= MAX_OBJECTS {
                    return Err(Diagnostic::not_supported(
                        span,
                        format!("more than {MAX_OBJECTS} objects in an explored program"),
                    ));
                }
                let fields = self
                    .p
                    .class(*class)
                    .fields
                    .iter()
                    .map(|f| default(&self.p.field(*f).ty))
                    .collect();
                s.heap.push(Object {
                    class: *class,
                    fields,
                    owner: None,
                    thread: None,
                    last: t as u8 + 1,
                });
                let r = Value::Ref(s.heap.len() as u32 - 1);
                s.threads[t].frames[frame].locals[*dst as usize] = r;
            }
            Instr::Start(x) => {
                let o = self.object(s, t, x)?;
                let obj = &s.heap[o as usize];
                if obj.thread.is_some() {
                    return Err(exception(
                        span,
                        "an IllegalThreadStateException (a thread started twice)",
                    ));
                }
                let Some(run) = self.p.features.run.get(&obj.class).copied() else {
                    return Err(Diagnostic::not_supported(
                        span,
                        "starting an object without a run() method",
                    ));
                };
                if s.threads.len() >= MAX_THREADS {
                    return Err(Diagnostic::not_supported(
                        span,
                        format!("more than {MAX_THREADS} threads in an explored program"),
                    ));
                }
                let u = s.threads.len();
                s.heap[o as usize].thread = Some(u as u8);
                s.threads.push(Thread {
                    frames: Vec::new(),
                    status: Status::Run,
                    regions: Vec::new(),
                });
                let mut locals = vec![Value::Null; self.code(run).slots];
                if let Some(l) = locals.first_mut() {
                    *l = Value::Ref(o);
                }
                self.push_frame(s, u, run, locals, None, span)?;
                self.settle(s, u)?;
            }
            Instr::Join(_) => {}
            Instr::Acquire(x) => {
                let o = self.object(s, t, x)?;
                s.heap[o as usize].last = t as u8 + 1;
                let owner = &mut s.heap[o as usize].owner;
                *owner = Some((t as u8, owner.map_or(1, |(_, c)| c + 1)));
            }
            Instr::Release(x) => {
                let o = self.object(s, t, x)?;
                s.heap[o as usize].last = t as u8 + 1;
                let owner = &mut s.heap[o as usize].owner;
                *owner = match *owner {
                    Some((u, c)) if u as usize == t && c > 1 => Some((u, c - 1)),
                    Some((u, _)) if u as usize == t => None,
                    _ => return Err(exception(span, "an IllegalMonitorStateException")),
                };
            }
            Instr::Wait(x) | Instr::Notify(x) | Instr::NotifyAll(x) => {
                let o = self.object(s, t, x)?;
                s.heap[o as usize].last = t as u8 + 1;
                let count =
                    match s.heap[o as usize].owner {
                        Some((u, c)) if u as usize == t => c,
                        _ => return Err(exception(
                            span,
                            "an IllegalMonitorStateException (wait or notify without the monitor)",
                        )),
                    };
                match instr {
                    Instr::Wait(_) => {
                        s.heap[o as usize].owner = None;
                        s.threads[t].status = Status::Waiting { obj: o, count };
                    }
                    Instr::Notify(_) => {
                        if let Some(&u) = waiters(s, o).get(choice) {
                            wake(s, u);
                        }
                    }
                    _ => {
                        for u in waiters(s, o) {
                            wake(s, u);
                        }
                    }
                }
            }
            Instr::Set(..)
            | Instr::Call { .. }
            | Instr::Return(_)
            | Instr::BranchFalse { .. }
            | Instr::Jump(_) => {}
        }
        s.threads[t].frames[frame].pc += 1;
        Ok(())
    }

    fn field_slot(&self, s: &State, o: u32, f: FieldId, span: Span) -> R<usize> {
        let obj = &s.heap[o as usize];
        match self.slot_of.get(&f) {
            Some(i) if self.p.field(f).class == obj.class && *i < obj.fields.len() => Ok(*i),
            _ => Err(Diagnostic::not_supported(
                span,
                "a field of a superclass in an explored program",
            )),
        }
    }

    fn push_frame(
        &mut self,
        s: &mut State,
        t: usize,
        m: MethodId,
        locals: Vec<Value>,
        ret: Option<Slot>,
        span: Span,
    ) -> R<()> {
        let th = &mut s.threads[t];
        if th.frames.len() >= MAX_FRAMES {
            return Err(exception(span, "a StackOverflowError"));
        }
        th.frames.push(Frame {
            method: m,
            pc: 0,
            locals,
            ret,
        });
        if self.discipline.is_some() {
            if let Some(a) = self.p.features.atomicity.get(&m) {
                let frame = (th.frames.len() - 1) as u16;
                th.regions.push(Region {
                    method: m,
                    kind: a.kind,
                    frame,
                    pos: position(a.kind, Class::Both),
                });
                self.findings.entry(m).or_default().ran = true;
            }
        }
        Ok(())
    }

    /// Runs `t`'s invisible instructions up to its next visible one (at
    /// most [`LOCAL_STEPS`]); returns the fewest regions it was in.
    fn settle(&mut self, s: &mut State, t: usize) -> R<u16> {
        let mut low = s.threads[t].regions.len() as u16;
        for _ in 0..LOCAL_STEPS {
            let th = &s.threads[t];
            if th.status != Status::Run {
                return Ok(low);
            }
            let Some(f) = th.frames.last() else {
                s.threads[t].status = Status::Done;
                return Ok(low);
            };
            let code = self.code(f.method);
            let Some(step) = code.steps.get(f.pc as usize) else {
                return Err(Diagnostic::tool(
                    crate::diag::ErrorCode::Internal,
                    "the explorer ran past a method's end",
                ));
            };
            let span = step.span;
            let frame = th.frames.len() - 1;
            let locals = &th.frames[frame].locals;
            let ev = |e: &PExpr| eval(e, locals).map_err(|e| exception(span, e));
            match &step.instr {
                i if i.visible() => return Ok(low),
                Instr::Set(d, e) => {
                    let v = ev(e)?;
                    let f = &mut s.threads[t].frames[frame];
                    f.locals[*d as usize] = v;
                    f.pc += 1;
                }
                Instr::Jump(to) => s.threads[t].frames[frame].pc = *to as u32,
                Instr::BranchFalse { cond, target } => {
                    let go = match ev(cond)? {
                        Value::Bool(b) => b,
                        _ => return Err(exception(span, "a condition that is not a boolean")),
                    };
                    let f = &mut s.threads[t].frames[frame];
                    f.pc = if go { f.pc + 1 } else { *target as u32 };
                }
                Instr::Call {
                    dst,
                    method,
                    recv,
                    args,
                } => {
                    let callee = self.code(*method);
                    let mut locals = vec![Value::Null; callee.slots.max(args.len() + 1)];
                    let mut i = 0;
                    if callee.has_this {
                        match recv.as_ref().map(&ev).transpose()? {
                            Some(Value::Ref(o)) => locals[0] = Value::Ref(o),
                            _ => return Err(exception(span, "a NullPointerException")),
                        }
                        i = 1;
                    }
                    for a in args {
                        locals[i] = ev(a)?;
                        i += 1;
                    }
                    let (m, d) = (*method, *dst);
                    s.threads[t].frames[frame].pc += 1;
                    self.push_frame(s, t, m, locals, d, span)?;
                }
                Instr::Return(e) => {
                    let v = e.as_ref().map(&ev).transpose()?;
                    let th = &mut s.threads[t];
                    let done = th.frames.pop();
                    let depth = th.frames.len() as u16;
                    while th.regions.last().is_some_and(|r| r.frame >= depth) {
                        th.regions.pop();
                    }
                    low = low.min(th.regions.len() as u16);
                    if let (Some(caller), Some(done), Some(v)) = (th.frames.last_mut(), done, v) {
                        if let Some(d) = done.ret {
                            caller.locals[d as usize] = v;
                        }
                    }
                }
                _ => return Ok(low),
            }
        }
        Ok(low)
    }
}

/// A region's position after steps of class `c`: a `mover` region stays
/// Both; an `atomic` one is Right (R: before its non-mover) or Left (L).
fn position(kind: AtomicityKind, c: Class) -> Class {
    match (kind, c) {
        (AtomicityKind::Mover, c) => c,
        (AtomicityKind::Atomic, Class::Both | Class::Right) => Class::Right,
        (AtomicityKind::Atomic, Class::Compound) => Class::Compound,
        (AtomicityKind::Atomic, _) => Class::Left,
    }
}

/// The threads in `o`'s wait set.
fn waiters(s: &State, o: u32) -> Vec<usize> {
    (0..s.threads.len())
        .filter(|u| matches!(s.threads[*u].status, Status::Waiting { obj, .. } if obj == o))
        .collect()
}

fn wake(s: &mut State, u: usize) {
    if let Status::Waiting { obj, count } = s.threads[u].status {
        s.threads[u].status = Status::Notified { obj, count };
    }
}

fn default(t: &Type) -> Value {
    match t {
        Type::Int => Value::Int(0),
        Type::Bool => Value::Bool(false),
        _ => Value::Null,
    }
}

/// Evaluates a pure expression (Java's int arithmetic: 32 bits, wrapping).
fn eval(e: &PExpr, locals: &[Value]) -> Result<Value, &'static str> {
    Ok(match e {
        PExpr::Int(i) => Value::Int(*i),
        PExpr::Bool(b) => Value::Bool(*b),
        PExpr::Null => Value::Null,
        PExpr::Local(s) => *locals.get(*s as usize).ok_or("an unknown local")?,
        PExpr::Unary(op, x) => match (op, eval(x, locals)?) {
            (UnOp::Not, Value::Bool(b)) => Value::Bool(!b),
            (UnOp::Neg, Value::Int(i)) => Value::Int(i.wrapping_neg()),
            _ => return Err("an operator on a value of another type"),
        },
        PExpr::Cond(c, a, b) => match eval(c, locals)? {
            Value::Bool(true) => eval(a, locals)?,
            Value::Bool(false) => eval(b, locals)?,
            _ => return Err("a condition that is not a boolean"),
        },
        PExpr::Binary(op, l, r) => {
            let l = eval(l, locals)?;
            // `&&`, `||`, `==>` without reads on the right: evaluated in full
            // (no side effects), with Java's value.
            let r = eval(r, locals)?;
            binary(*op, l, r)?
        }
    })
}

fn binary(op: BinOp, l: Value, r: Value) -> Result<Value, &'static str> {
    use Value::*;
    Ok(match (op, l, r) {
        (BinOp::Eq, a, b) => Bool(a == b),
        (BinOp::Ne, a, b) => Bool(a != b),
        (BinOp::And, Bool(a), Bool(b)) => Bool(a && b),
        (BinOp::Or, Bool(a), Bool(b)) => Bool(a || b),
        (BinOp::Implies, Bool(a), Bool(b)) => Bool(!a || b),
        (BinOp::Add, Int(a), Int(b)) => Int(a.wrapping_add(b)),
        (BinOp::Sub, Int(a), Int(b)) => Int(a.wrapping_sub(b)),
        (BinOp::Mul, Int(a), Int(b)) => Int(a.wrapping_mul(b)),
        (BinOp::Div | BinOp::Mod, Int(_), Int(0)) => {
            return Err("an ArithmeticException (division by zero)")
        }
        (BinOp::Div, Int(a), Int(b)) => Int(a.wrapping_div(b)),
        (BinOp::Mod, Int(a), Int(b)) => Int(a.wrapping_rem(b)),
        (BinOp::Lt, Int(a), Int(b)) => Bool(a < b),
        (BinOp::Le, Int(a), Int(b)) => Bool(a <= b),
        (BinOp::Gt, Int(a), Int(b)) => Bool(a > b),
        (BinOp::Ge, Int(a), Int(b)) => Bool(a >= b),
        _ => return Err("an operator on a value of another type"),
    })
}
