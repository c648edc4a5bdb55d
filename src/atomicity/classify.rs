//! Lipton's movers, and the static check of a method against its
//! atomicity specification.
//!
//! A step of a thread is a *right mover* if it commutes with any step of
//! another thread that follows it, a *left mover* if with any that precedes
//! it (and it never blocks), *both* if both, else a *non-mover*. An
//! `atomic` method's steps must be R* N? L* (after its first non-mover or
//! left mover, no right mover or non-mover), a `mover` method's all both
//! movers. The classes, as Flanagan and Qadeer state them and Bogor's
//! MC-mover applies them to one step:
//!
//! | step | class | why |
//! |---|---|---|
//! | acquire of a monitor (`synchronized` entry) | right | no other thread's step after it needs the monitor |
//! | re-acquire of a monitor the thread holds | both | changes only a count |
//! | release (`synchronized` exit) | left | no other thread's step before it could need the monitor |
//! | release of a *local* monitor (no other thread can reach the object but through a protected field of a monitor the thread holds) | both | nobody else can take it before the thread's next step (the paper's refinement, exploration only) |
//! | acquire of a local, *clean* monitor (no other thread touched the object since the thread last did) | both | nobody else touched it since the thread's previous step, nor can before its next |
//! | read or write of `o.f` while holding `o`'s monitor, when every access to `f` holds its object's monitor | both | no other thread's access can sit next to it |
//! | read or write of a `final` field, or of a local, clean object | both | nobody else writes it / nobody else sees it |
//! | read or write of a local object another thread touched since | right | nobody else sees it until the thread's next step |
//! | any other read or write of a field | non-mover | a race |
//! | `new` | both | the object is fresh |
//! | `notify()`/`notifyAll()` (the monitor held) | both | only a waiter of that monitor sees it, and it must re-acquire the monitor first |
//! | `t.start()` | left | the new thread's steps all follow it |
//! | `t.join()` | right | once enabled it stays enabled, and `t` does nothing more |
//! | `wait()` | non-mover | it releases the monitor: in a region it is definitely not atomic |
//! | call of a `mover` / `atomic` method | both / non-mover | the callee's own specification, checked on its own |
//! | call of an unannotated method | its body's class | `compound` when recursive |
//!
//! Statically ([`check_static`]), "holding `o`'s monitor" means lexically
//! inside `synchronized (o)` where `o` is `this` or a local that is never
//! reassigned, and "every access holds its object's monitor" is checked
//! over all the program's method bodies; constructors' accesses to `this`
//! count as thread-local (Flanagan and Qadeer's assumption that `this`
//! does not escape its constructor, which the exploration does not need).
//! The explorer classifies each step from the state it runs in
//! (`super::explore`).

use super::compile::{Code, Compiled, Instr, PExpr, Slot};
use crate::core::{FieldId, MethodId, Program};
use crate::syntax::ast::AtomicityKind;
use crate::syntax::span::Span;
use std::collections::{HashMap, HashSet};

/// The shape of a sequence of steps (a step is one of B, R, L, A): the
/// languages B*, (B|R)*, (B|L)*, R* N? L* and everything else, ordered by
/// inclusion (B below R and L, both below A, below C).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    /// Both movers only.
    Both,
    /// Right movers only.
    Right,
    /// Left movers only.
    Left,
    /// Reduces to one atomic step: right movers, at most one non-mover, left movers.
    Atomic,
    /// Anything.
    Compound,
}

impl Class {
    /// The class of `self` followed by `next`.
    pub fn then(self, next: Class) -> Class {
        use Class::*;
        match (self, next) {
            (Both, x) | (x, Both) => x,
            (Right, Right) => Right,
            (Left, Left) => Left,
            (Right, Left) | (Right, Atomic) | (Atomic, Left) => Atomic,
            _ => Compound,
        }
    }

    /// The class of either `self` or `other` (two paths).
    pub fn or(self, other: Class) -> Class {
        use Class::*;
        match (self, other) {
            (x, y) if x == y => x,
            (Both, x) | (x, Both) => x,
            (Compound, _) | (_, Compound) => Compound,
            _ => Atomic,
        }
    }

    /// Whether steps of this class satisfy the specification.
    pub fn fits(self, spec: AtomicityKind) -> bool {
        match spec {
            AtomicityKind::Mover => self == Class::Both,
            AtomicityKind::Atomic => self != Class::Compound,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Class::Both => "both mover",
            Class::Right => "right mover",
            Class::Left => "left mover",
            Class::Atomic => "non-mover",
            Class::Compound => "compound",
        }
    }
}

/// A method's class given by its specification: `mover` both, `atomic` a
/// non-mover (one atomic step).
pub fn of_spec(spec: AtomicityKind) -> Class {
    match spec {
        AtomicityKind::Mover => Class::Both,
        AtomicityKind::Atomic => Class::Atomic,
    }
}

/// Where a method's steps, classified statically, leave its specification.
#[derive(Clone, Debug)]
pub struct StaticBreak {
    pub method: MethodId,
    /// The step that breaks the pattern.
    pub span: Span,
    /// Its class, and the class of the steps before it.
    pub step: Class,
    pub before: Class,
}

/// The static classification of the compiled program.
pub struct Static<'a> {
    p: &'a Program,
    code: &'a Compiled,
    /// The fields every access to which (outside constructors' `this`)
    /// holds its object's monitor, lexically.
    guarded: HashSet<FieldId>,
    /// The monitors each method holds lexically before each instruction.
    held: HashMap<MethodId, Vec<Vec<Slot>>>,
    summaries: HashMap<MethodId, Class>,
    /// Methods whose summary is being computed (a recursive call is compound).
    open: HashSet<MethodId>,
}

impl<'a> Static<'a> {
    pub fn new(p: &'a Program, code: &'a Compiled) -> Static<'a> {
        let mut held = HashMap::new();
        for (i, c) in code.methods.iter().enumerate() {
            if let Some(c) = c {
                held.insert(MethodId(i as u32), held_monitors(c));
            }
        }
        let mut s = Static {
            p,
            code,
            guarded: HashSet::new(),
            held,
            summaries: HashMap::new(),
            open: HashSet::new(),
        };
        s.guarded = s.guarded_fields();
        s
    }

    fn guarded_fields(&self) -> HashSet<FieldId> {
        let mut seen = HashSet::new();
        let mut unguarded = HashSet::new();
        for (i, c) in self.code.methods.iter().enumerate() {
            let Some(c) = c else { continue };
            let m = MethodId(i as u32);
            for (pc, s) in c.steps.iter().enumerate() {
                let (obj, field) = match &s.instr {
                    Instr::Read { obj, field, .. } | Instr::Write { obj, field, .. } => {
                        (obj, *field)
                    }
                    _ => continue,
                };
                seen.insert(field);
                if !self.holds(m, pc, obj) && !self.own_construction(m, obj) {
                    unguarded.insert(field);
                }
            }
        }
        seen.retain(|f| !unguarded.contains(f));
        seen
    }

    /// Whether instruction `pc` of `m` lies lexically inside `synchronized (obj)`.
    fn holds(&self, m: MethodId, pc: usize, obj: &PExpr) -> bool {
        let (Some(code), PExpr::Local(s)) = (self.code(m), obj) else {
            return false;
        };
        code.fixed.get(*s as usize).copied().unwrap_or(false)
            && self.held[&m].get(pc).is_some_and(|h| h.contains(s))
    }

    /// An access to `this` in a constructor.
    fn own_construction(&self, m: MethodId, obj: &PExpr) -> bool {
        self.p.method(m).is_constructor && *obj == PExpr::Local(0)
    }

    fn code(&self, m: MethodId) -> Option<&'a Code> {
        self.code.methods.get(m.0 as usize).and_then(|c| c.as_ref())
    }

    /// The class of instruction `pc` of `m`, None if it is invisible and no call.
    fn step(&mut self, m: MethodId, pc: usize) -> Option<Class> {
        let code = self.code(m)?;
        let held = &self.held[&m][pc];
        Some(match &code.steps[pc].instr {
            Instr::Read { obj, field, .. } | Instr::Write { obj, field, .. } => {
                let f = *field;
                if self.p.field(f).is_final
                    || self.own_construction(m, obj)
                    || (self.guarded.contains(&f) && self.holds(m, pc, obj))
                {
                    Class::Both
                } else {
                    Class::Atomic
                }
            }
            Instr::New { .. } | Instr::Notify(_) | Instr::NotifyAll(_) => Class::Both,
            Instr::Acquire(PExpr::Local(s)) if held.contains(s) => Class::Both,
            Instr::Acquire(_) | Instr::Join(_) => Class::Right,
            Instr::Release(PExpr::Local(s)) if held.iter().filter(|h| *h == s).count() > 1 => {
                Class::Both
            }
            Instr::Release(_) | Instr::Start(_) => Class::Left,
            Instr::Wait(_) => Class::Atomic,
            Instr::Call { method, .. } => self.call(*method),
            Instr::Set(..) | Instr::Return(_) | Instr::BranchFalse { .. } | Instr::Jump(_) => {
                return None
            }
        })
    }

    /// The class of a call of `m`: its specification's, else its body's.
    pub fn call(&mut self, m: MethodId) -> Class {
        if let Some(a) = self.p.features.atomicity.get(&m) {
            return of_spec(a.kind);
        }
        if let Some(c) = self.summaries.get(&m) {
            return *c;
        }
        if !self.open.insert(m) {
            return Class::Compound;
        }
        let c = self.body(m).0;
        self.open.remove(&m);
        self.summaries.insert(m, c);
        c
    }

    /// The class of `m`'s body over all its paths, and the first step
    /// found (in a forward walk) that makes it worse than `limit`.
    fn body(&mut self, m: MethodId) -> (Class, Option<(usize, Class, Class)>) {
        self.body_within(m, Class::Compound)
    }

    fn body_within(&mut self, m: MethodId, limit: Class) -> (Class, Option<(usize, Class, Class)>) {
        let Some(code) = self.code(m) else {
            return (Class::Both, None);
        };
        let n = code.steps.len();
        let mut at: Vec<Option<Class>> = vec![None; n];
        let mut end: Option<Class> = None;
        let mut first_break = None;
        let mut work = vec![(0usize, Class::Both)];
        while let Some((pc, c)) = work.pop() {
            if pc >= n {
                continue;
            }
            let merged = at[pc].map_or(c, |old| old.or(c));
            if at[pc] == Some(merged) {
                continue;
            }
            at[pc] = Some(merged);
            let after = match self.step(m, pc) {
                Some(s) => {
                    let next = merged.then(s);
                    if first_break.is_none() && !within(next, limit) && within(merged, limit) {
                        first_break = Some((pc, s, merged));
                    }
                    next
                }
                None => merged,
            };
            match &code.steps[pc].instr {
                Instr::Return(_) => end = Some(end.map_or(after, |e| e.or(after))),
                Instr::Jump(t) => work.push((*t, after)),
                Instr::BranchFalse { target, .. } => {
                    work.push((*target, after));
                    work.push((pc + 1, after));
                }
                _ => work.push((pc + 1, after)),
            }
        }
        (end.unwrap_or(Class::Both), first_break)
    }
}

/// Whether class `c` is allowed where `limit` is the worst allowed: for a
/// `mover` method only Both, for an `atomic` one anything but Compound.
fn within(c: Class, limit: Class) -> bool {
    match limit {
        Class::Both => c == Class::Both,
        Class::Compound => true,
        _ => c != Class::Compound,
    }
}

/// The monitors held lexically before each instruction (slots of
/// `Acquire(Local(s))` not yet released), by a forward walk.
fn held_monitors(code: &Code) -> Vec<Vec<Slot>> {
    let n = code.steps.len();
    let mut at: Vec<Option<Vec<Slot>>> = vec![None; n];
    let mut work: Vec<(usize, Vec<Slot>)> = vec![(0, Vec::new())];
    while let Some((pc, h)) = work.pop() {
        if pc >= n {
            continue;
        }
        // Two paths to one place: what both hold.
        let merged: Vec<Slot> = match &at[pc] {
            Some(old) if old == &h => continue,
            Some(old) => old.iter().filter(|s| h.contains(s)).copied().collect(),
            None => h,
        };
        if at[pc].as_ref() == Some(&merged) {
            continue;
        }
        at[pc] = Some(merged.clone());
        let mut after = merged;
        match &code.steps[pc].instr {
            Instr::Acquire(PExpr::Local(s)) => after.push(*s),
            Instr::Release(PExpr::Local(s)) => {
                if let Some(i) = after.iter().rposition(|x| x == s) {
                    after.remove(i);
                }
            }
            _ => {}
        }
        match &code.steps[pc].instr {
            Instr::Return(_) => {}
            Instr::Jump(t) => work.push((*t, after)),
            Instr::BranchFalse { target, .. } => {
                work.push((*target, after.clone()));
                work.push((pc + 1, after));
            }
            _ => work.push((pc + 1, after)),
        }
    }
    at.into_iter().map(Option::unwrap_or_default).collect()
}

/// Each annotated method whose statically classified steps leave its
/// specification, at the first step found that does.
pub fn check_static(p: &Program, code: &Compiled) -> Vec<StaticBreak> {
    let mut s = Static::new(p, code);
    let mut out = Vec::new();
    for (m, a) in &p.features.atomicity {
        let limit = match a.kind {
            AtomicityKind::Mover => Class::Both,
            AtomicityKind::Atomic => Class::Atomic,
        };
        let (class, first) = s.body_within(*m, limit);
        if class.fits(a.kind) {
            continue;
        }
        if let (Some((pc, step, before)), Some(c)) = (first, s.code(*m)) {
            out.push(StaticBreak {
                method: *m,
                span: c.steps[pc].span,
                step,
                before,
            });
        }
    }
    out
}

/// What the state the explorer runs a step in says of it
/// (`super::explore`):
/// * `held_before`: how often the thread held the object's monitor
///   before the step;
/// * `local`: no other thread can reach the object, except through a
///   protected field of an object whose monitor the thread holds (the
///   object is thread-local, or dominated by a held monitor): no other
///   thread's step touches it before the thread's next step, so the step
///   commutes to the right;
/// * `clean`: no other thread touched the object since this thread last
///   did (or it never did): no other thread's step since the thread's
///   previous one touches it, so the step commutes to the left;
/// * `protected`: every access to that field of a shared object held the
///   object's monitor, or none wrote it (the explorer's first run);
/// * `is_final`: the field is `final`.
#[derive(Clone, Copy, Debug)]
pub struct Facts {
    pub held_before: u32,
    pub local: bool,
    pub clean: bool,
    pub protected: bool,
    pub is_final: bool,
}

/// The class of a visible instruction given what the state says of it.
/// An acquire or release of a monitor that is local (thread-local or
/// dominated by a monitor the thread holds) protects nothing: the release
/// is also a right mover, the acquire (when clean) also a left mover, so
/// neither moves a region's position (the paper's refinement, its "(W)").
pub fn dynamic(instr: &Instr, f: Facts) -> Class {
    match instr {
        Instr::Read { .. } | Instr::Write { .. } => {
            if f.is_final || (f.local && f.clean) || (f.protected && f.held_before > 0) {
                Class::Both
            } else if f.local {
                Class::Right
            } else {
                Class::Atomic
            }
        }
        Instr::New { .. } | Instr::Notify(_) | Instr::NotifyAll(_) => Class::Both,
        Instr::Acquire(_) if f.held_before > 0 || (f.local && f.clean) => Class::Both,
        Instr::Acquire(_) | Instr::Join(_) => Class::Right,
        Instr::Release(_) if f.held_before > 1 || f.local => Class::Both,
        Instr::Release(_) | Instr::Start(_) => Class::Left,
        Instr::Wait(_) => Class::Atomic,
        // A call is no step: the explorer classifies the callee's steps.
        Instr::Call { .. }
        | Instr::Set(..)
        | Instr::Return(_)
        | Instr::BranchFalse { .. }
        | Instr::Jump(_) => Class::Both,
    }
}

#[cfg(test)]
mod tests {
    use super::Class::*;
    use super::*;

    #[test]
    fn sequences_compose_as_r_star_n_l_star() {
        // acquire, protected access, release: atomic (Fig. 2).
        assert_eq!(Right.then(Both).then(Left), Atomic);
        // two non-movers: compound.
        assert_eq!(Atomic.then(Atomic), Compound);
        // a right mover after a left mover: compound (R..L..R..L).
        assert_eq!(Right.then(Left).then(Right), Compound);
        // nested monitors: R R L L.
        assert_eq!(Right.then(Right).then(Left).then(Left), Atomic);
        assert_eq!(Both.then(Both), Both);
        assert!(Atomic.fits(AtomicityKind::Atomic));
        assert!(!Right.fits(AtomicityKind::Mover));
    }

    #[test]
    fn paths_join_to_the_larger_language() {
        assert_eq!(Right.or(Left), Atomic);
        assert_eq!(Both.or(Right), Right);
        assert_eq!(Atomic.or(Compound), Compound);
        // A loop of a non-mover: its second round breaks.
        let once = Both.then(Atomic);
        assert_eq!(once.or(once.then(Atomic)), Compound);
    }

    #[test]
    fn steps_are_classified_by_the_state() {
        let f = Facts {
            held_before: 0,
            local: false,
            clean: true,
            protected: true,
            is_final: false,
        };
        let read = Instr::Read {
            dst: 0,
            obj: PExpr::Local(0),
            field: FieldId(0),
        };
        assert_eq!(dynamic(&read, f), Atomic);
        assert_eq!(
            dynamic(
                &read,
                Facts {
                    held_before: 1,
                    ..f
                }
            ),
            Both
        );
        assert_eq!(
            dynamic(&read, Facts { local: true, ..f }),
            Both,
            "a thread-local object"
        );
        assert_eq!(
            dynamic(
                &read,
                Facts {
                    local: true,
                    clean: false,
                    ..f
                }
            ),
            Right,
            "a thread-local object another thread touched since: only a right mover"
        );
        let acq = Instr::Acquire(PExpr::Local(0));
        assert_eq!(dynamic(&acq, f), Right);
        assert_eq!(
            dynamic(
                &acq,
                Facts {
                    held_before: 1,
                    ..f
                }
            ),
            Both
        );
        // The refinement: a monitor no other thread can reach protects
        // nothing. Its release is a both mover; its acquire too, unless
        // another thread touched it since the thread's previous step.
        let local = Facts { local: true, ..f };
        assert_eq!(dynamic(&acq, local), Both);
        assert_eq!(
            dynamic(
                &acq,
                Facts {
                    clean: false,
                    ..local
                }
            ),
            Right
        );
        let rel = Instr::Release(PExpr::Local(0));
        assert_eq!(
            dynamic(
                &rel,
                Facts {
                    held_before: 1,
                    ..local
                }
            ),
            Both
        );
        assert_eq!(
            dynamic(
                &rel,
                Facts {
                    held_before: 1,
                    ..f
                }
            ),
            Left
        );
        assert_eq!(
            dynamic(
                &rel,
                Facts {
                    held_before: 2,
                    ..f
                }
            ),
            Both
        );
    }
}
