//! Calvin-R: access predicates, reduction and `performs` specifications
//! (Freund and Qadeer, "Checking concise specifications for multithreaded
//! software"). Each method is checked on its own, for an arbitrary thread
//! `tid`, against an environment that accesses the shared variables only as
//! their access predicates allow.
//!
//! The rule, as the paper states it (Lipton's reduction with simulation):
//! with `A_x(t)` the access predicate of `x` and `E_x(tid) = A_x(tid) ∧ ∀ t ≠
//! tid. ¬A_x(t)` (`tid` has exclusive access to `x`),
//!
//! ```text
//!   (1) every step `when P do S` of the method, run after any number of
//!       environment steps EA* (EA changes every x but those with E_x), finds
//!       A_V(tid) for the variables V it accesses (once P holds), and
//!   (2) every execution of the method, with EA* only between its reduced
//!       sequences, is a sequence of reducible sequences R* N? L* (R: E_V
//!       after the step, a right mover; L: E_V before the step and P holds,
//!       a non-blocking left mover), each of which changes nothing or does
//!       one action of the `performs` spec, along a path of the spec
//!   ─────────────────────────────────────────────────────────────────────────
//!   in every program whose threads keep the access predicates, each call of
//!   the method is, up to commuting other threads' steps, one action of its
//!   spec (with skips): a right mover commutes to the right of another
//!   thread's step, a left mover to the left, so a reducible sequence runs
//!   as if it were atomic
//! ```
//!
//! The encoding (Boogie only, like Calvin's: `--backend silicon` refuses it):
//!
//! ```text
//! shared state        every field of the unit's classes (an array field's
//!                     elements too; the array itself is not assigned in a
//!                     thread); the method holds write permission to all of it
//! EA* (a yield)       label L; havoc all (`exhale all; inhale all`);
//!                     assume ∀o. E_x(o, tid)[old L] ==> o.x == old[L](o.x)
//! step (check 1)      EA*; assume P; assert A_V(tid) (accessPredicate); S
//! step (check 2)      if (phase == R) { assume P; S; if (!E_V) phase = L }
//!                     else { assert E_V && P (notAtomic); S }
//! no witness          at each return: assert one action of the spec that may
//!                     begin and end its path holds from the body's start
//!                     (or nothing changed, if the path may be empty)
//!                     (actionMismatch)
//! witness "L"         pc = L
//! CUT                 for each start s the sequence may have begun at
//!                     (seq == s ==>): (pc == opc && nothing changed since
//!                     S_s) || (Follows(opc, pc) && pc's action's predicate
//!                     and frame hold from S_s) (actionMismatch); EA*
//! RESET               label S_k (the sequence's start); seq = k; opc = pc;
//!                     phase = R
//! return e            CUT (\result = e; and Follows(pc, end))
//! while (c) B         CUT; while (c) { RESET; B; CUT }; X: RESET
//!  (with witnesses)   (the invariant keeps pc, or, if a witness in B is not
//!                     followed by a return, keeps it among the states the
//!                     spec reaches from pc's value before the loop)
//! break (of the loop) CUT; goto X
//! blocking step or    with witnesses and a `;`/`*` spec (the paper's Fig.
//!  call, left phase   8): if (!phase && !left mover) { CUT; seq = k; opc =
//!                     pc; phase = R }; label S_k; the step
//! x = m(a) (m without the callee's body inlined before both checks: `this`
//!  a spec)            and the parameters fresh locals, the precondition
//!                     checked at the call (preFailed), returns jumps to
//!                     the inlined end
//! x = m(a) (m with    assert pre_m (check 1); label Q; havoc; which := *;
//!  a spec)            assume which == k ==> P_k[\old := Q] && frame(mods_k)
//!                     check 2: a right mover if E_{V_which} after, never a
//!                     left mover
//! ```
//!
//! The spec is an automaton (`Auto`, Glushkov's: each action occurs once, so
//! the states are `begin` and "after action k"): `Follows(pc, k)` and
//! `Follows(pc, end)` are disjunctions over its `first`, `follow` and
//! `last`.
//!
//! A reduced sequence ends at a loop head or a return, and, with a spec
//! that has `;` or `*`, before a blocking step (an acquire) or a call that
//! is no left mover in the left phase, as the paper's Fig. 8 ends one at
//! any non-left-mover. Elsewhere weft asserts a left mover there instead
//! (`notAtomic`): each possible start costs the prover a case at every
//! later end. Cutting at a loop head is sound (any cut leaves reducible
//! pieces) but stricter than the paper: the steps before a loop must by
//! themselves be a skip or an action.
//!
//! Check 2 is a method of its own (`performs`), made from the body; check 1
//! is the body itself. `E_x` of a predicate `D || X1 == tid || … || Xn ==
//! tid` (D and the Xi without `tid`) is `!D && (X1 == tid || …) && (X1 ==
//! tid || X1 <= 0) && …` (thread ids are positive); of any other predicate it
//! is the quantified definition. The environment's frame is stable: the
//! method `access_stable` checks once that an environment step keeps
//! `E_x(tid)` (so that EA* is EA).
//!
//! Why sound: see the README (Calvin-R). In short, check 1 over-approximates
//! every interleaving (EA* before each step is any sequence of steps of
//! threads that keep the access predicates: they change no variable `tid`
//! holds exclusively, and they cannot take that access away, which the
//! stability check proves); check 2 is the paper's translation, in which the
//! reordering that makes each reducible sequence atomic is justified by the
//! movers, which are read off exclusive access that check 1 proved.
//!
//! Calls (the paper's §3: "Calvin-R first replaces method calls in its body
//! with the desugaring of the called methods' `performs` annotations"): a
//! call of a method with a spec is, after its receiver's and arguments'
//! reads, the callee's precondition (asserted in check 1, `preFailed`,
//! assumed in check 2) and one step `when true do <one action>`: the shared
//! state havocked, an action `k` chosen, everything outside its `mods`
//! unchanged and its predicate holding between the states around the step
//! (`\result` a fresh value). Sound: the callee's own checks show that
//! every run of it, in any environment that keeps the access predicates, is
//! (up to commuting other threads' steps) skips and one action of its spec,
//! and a skip changes nothing. The step accesses the locations action `k`
//! names (its `mods` and the locations its predicate reads): a right mover
//! when the thread has them all alone after it; a left mover when the
//! callee's spec is one action that cannot block (guards and assignments
//! of its frame, `left_mover_call`) and the thread has its locations alone
//! before it; else a call after the non-mover is `notAtomic` (or ends the
//! sequence). Its accesses are not asserted again (the callee's check 1
//! did, for every thread). A callee whose spec has `;` or `*` is not
//! supported yet (the call would be several steps).
//!
//! A call of a method without a spec is inlined (`inline_calls`, before
//! both checks; the paper's "If a method does not have a performs
//! annotation, Calvin-R inlines the method's body"): its steps are the
//! caller's, checked as the caller's own. Recursion among such methods is
//! not supported yet.
//!
//! `synchronized (o) B`: each Calvin-R class has the ghost monitor owner
//! `holder` (the front end adds it), a mutex with the access predicate
//! `holder == 0 || holder == tid` (unless the program gives one). Before
//! both checks the block is desugared into the int mutex's steps: `o` into a
//! local, `reentered = o.holder == tid` (read without an access: whether a
//! thread holds a monitor is its own knowledge, and no thread hands its
//! monitor to another, so the answer is stable), `if (!reentered) atomic: {
//! assume o.holder == 0; o.holder = tid }`, B, `if (!reentered) atomic: {
//! o.holder = 0 }`, the release also before a return (after reading its
//! value) or a jump out of B. The acquire and release are then `acquire(m)`
//! and `release(m)`: a right and a left mover.
//!
//! Jumps: a `continue` (a jump to a label inside the innermost loop's body)
//! and any jump in check 1 or in a body that is one reduced sequence are
//! plain jumps. With witnesses, a `break` (a jump to the label right after
//! the innermost loop) ends the reduced sequence as the loop's end does
//! (CUT), then jumps to where the sequence after the loop starts (RESET):
//! each path reaches that start through one label, so `\old` there is the
//! state the sequence began in. A jump out of several loops is not
//! supported yet.
//!
//! Not supported yet (a diagnostic at the construct): `new`, recursion
//! among methods without a spec, a call of a method whose spec has `;` or
//! `*`, a statement that accesses the shared state twice (read into a local
//! first), a loop condition that reads it, a loop that takes steps in a
//! method whose spec has no witness, and a jump out of several loops in a
//! method with witnesses.
//! A shared array is the receiver's own (`this.a`; the paper's arrays are
//! global variables): its elements' permissions are the receiver's, so an
//! access of another object's array fails for want of permission, and two
//! array fields holding one array would make the state infeasible.
//!
//! What it reads, by id (`core::Features::calvin_r`, made by the checker
//! from the annotations' syntax): the Calvin-R classes, each field's access
//! predicate, each method's spec (its actions, and their composition, of
//! which `Auto` is the automaton); and the statements `Witness`.
//!
//! Removes: `witness "L";` (`StmtKind::Witness`, the validator checks it):
//! check 2 makes it `pc = L`'s action, check 1 drops it, as it does in a
//! constructor (no thread's code). In a Calvin-R unit it also removes `tid`
//! (`\current_thread`) from the methods of its classes.

use super::rely_guarantee::{
    acquire, all_of, all_perms, as_inlined, at_label, call_operands, declared_locals,
    give_thread_id, quant, rename_inlined, returns_jump_to, subst_tid, take_kind, thread_id,
    write_perm,
};
use super::{Lower, Out, Pass};
use crate::core::build::{and, binary, eq, implies, int, local, not, old, or};
use crate::core::visit::{each_child, each_stmt, map_expr, subst_this};
use crate::core::{
    AccessPredicate as Access, Block, ClassId, Expr, ExprKind as K, FieldId, Method, MethodId,
    PerformsAction as Action, Program, Stmt, StmtKind as S, Type, Var,
};
use crate::diag::{Diagnostic, FailureCode};
use crate::name::Name;
use crate::syntax::ast::{BinOp, PerformsShape, UnOp};
use crate::syntax::span::Span;
use std::collections::{HashMap, HashSet};

pub const PASS: Pass = Pass {
    name: "calvin_r",
    description: "access predicates and reduction (Calvin-R): each method's accesses after the environment, and its reduced sequences against its performs spec",
    declare: declarations,
    removes: |s| matches!(s, S::Witness(_)),
    removes_expr: |_| false,
    removes_decl: super::no_decl,
};

/// The parameter that carries the thread's id.
const TID: &str = "weft_calvinr_tid";

/// Whether the program has Calvin-R's classes, so that the pass reads the
/// bodies of the methods whose calls it inlines: the pipeline checks them
/// before the passes' declarations.
pub fn inlines_bodies(p: &Program) -> bool {
    (p.features.calvin_r.as_ref()).is_some_and(|r| !r.classes.is_empty())
}

/// A `performs` spec as an automaton over its actions (Glushkov's: each
/// action occurs once, so its states are `begin` and "after action k";
/// the paper's `pc`). `Follows(pc, k)`: k is in `first` (pc begin) or in
/// `follow[pc's action]`; `Follows(pc, end)`: `nullable` (pc begin) or
/// pc's action is in `last`.
#[derive(Clone, Default)]
struct Auto {
    first: Vec<usize>,
    last: Vec<usize>,
    nullable: bool,
    follow: Vec<Vec<usize>>,
    /// Only choice: one action, then the end (a call does one action).
    choice: bool,
}

/// A part of a spec, as Glushkov's construction sees it.
struct Node {
    nullable: bool,
    first: Vec<usize>,
    last: Vec<usize>,
}

impl Auto {
    /// Glushkov's automaton of the spec's shape over its `n` actions.
    fn of(shape: &PerformsShape, n: usize) -> Auto {
        let mut auto = Auto {
            follow: vec![Vec::new(); n],
            choice: true,
            ..Auto::default()
        };
        let top = auto.node(shape);
        auto.first = top.first;
        auto.last = top.last;
        auto.nullable = top.nullable;
        auto
    }

    /// A part of the spec: whether it may be empty, the actions it may
    /// begin and end with; `follow` gets the pairs it makes adjacent.
    fn node(&mut self, shape: &PerformsShape) -> Node {
        let union = |mut a: Vec<usize>, b: &[usize]| {
            for x in b {
                if !a.contains(x) {
                    a.push(*x);
                }
            }
            a
        };
        match shape {
            PerformsShape::Action(k) => Node {
                nullable: false,
                first: vec![*k],
                last: vec![*k],
            },
            PerformsShape::Star(x) => {
                let a = self.node(x);
                self.choice = false;
                for &x in &a.last {
                    self.follow[x] = union(std::mem::take(&mut self.follow[x]), &a.first);
                }
                Node {
                    nullable: true,
                    ..a
                }
            }
            PerformsShape::Choice(x, y) => {
                let (a, b) = (self.node(x), self.node(y));
                Node {
                    nullable: a.nullable || b.nullable,
                    first: union(a.first, &b.first),
                    last: union(a.last, &b.last),
                }
            }
            PerformsShape::Seq(x, y) => {
                let (a, b) = (self.node(x), self.node(y));
                self.choice = false;
                for &x in &a.last {
                    self.follow[x] = union(std::mem::take(&mut self.follow[x]), &b.first);
                }
                Node {
                    nullable: a.nullable && b.nullable,
                    first: if a.nullable {
                        union(a.first, &b.first)
                    } else {
                        a.first
                    },
                    last: if b.nullable {
                        union(b.last, &a.last)
                    } else {
                        b.last
                    },
                }
            }
        }
    }

    /// `Follows(opc, k)`: pc 0 is `begin`, pc j + 1 "after action j".
    fn follows(&self, opc: &Expr, k: usize, span: Span) -> Expr {
        let mut out = Expr::bool(false, span);
        if self.first.contains(&k) {
            out = or(out, eq(opc.clone(), int(0, span)));
        }
        for (j, f) in self.follow.iter().enumerate() {
            if f.contains(&k) {
                out = or(out, eq(opc.clone(), int(j as i64 + 1, span)));
            }
        }
        out
    }

    /// `Follows(pc, end)`.
    fn ends(&self, pc: &Expr, span: Span) -> Expr {
        let mut out = Expr::bool(false, span);
        if self.nullable {
            out = or(out, eq(pc.clone(), int(0, span)));
        }
        for &k in &self.last {
            out = or(out, eq(pc.clone(), int(k as i64 + 1, span)));
        }
        out
    }

    /// The pcs reachable from `from` (itself included).
    fn reach(&self, from: usize) -> Vec<usize> {
        let mut seen = vec![from];
        let mut i = 0;
        while i < seen.len() {
            let next = if seen[i] == 0 {
                &self.first
            } else {
                &self.follow[seen[i] - 1]
            };
            for k in next {
                if !seen.contains(&(k + 1)) {
                    seen.push(k + 1);
                }
            }
            i += 1;
        }
        seen
    }
}

struct CalvinR {
    shared: Vec<(ClassId, FieldId, Type)>,
    /// The access predicates, by field (a field without one: `true`).
    access: HashMap<FieldId, Access>,
    /// The array fields whose elements are shared (an indexed predicate).
    arrays: HashSet<FieldId>,
    specs: HashMap<MethodId, Vec<Action>>,
    /// How each spec's actions compose.
    autos: HashMap<MethodId, Auto>,
    threads: HashSet<MethodId>,
    first: Option<MethodId>,
    /// Each method's precondition as declared (the body's made methods
    /// inhale it: the pipeline holds the contract apart from the program).
    pres: HashMap<MethodId, Vec<Expr>>,
    /// What a call of each method needs: its parameters, its result type
    /// and its precondition as written.
    callees: HashMap<MethodId, Callee>,
    /// The bodies of the methods without a spec (as checked): a call of
    /// one is inlined.
    bodies: HashMap<MethodId, Block>,
}

struct Callee {
    params: Vec<Name>,
    ret: Type,
    pre: Vec<Expr>,
}

struct Inactive;

impl Lower for Inactive {
    fn body(&self, _: &Program, _: MethodId, _: &mut Block, _: &mut Out) {}
}

fn declarations(p: &mut Program, errs: &mut Vec<Diagnostic>) -> Box<dyn Lower> {
    let Some(features) = p
        .features
        .calvin_r
        .clone()
        .filter(|r| !r.classes.is_empty())
    else {
        return Box::new(Inactive);
    };
    let classes = features.classes;
    let mut access = HashMap::new();
    let mut arrays = HashSet::new();
    for (f, a) in features.access {
        if a.index.is_some() {
            if !matches!(p.field(f).ty, Type::Array(ref t) if **t == Type::Int || **t == Type::Bool)
            {
                errs.push(Diagnostic::not_supported(
                    a.span,
                    "an indexed access predicate on a field that is not an int or boolean array",
                ));
                continue;
            }
            arrays.insert(f);
        } else if matches!(p.field(f).ty, Type::Array(_)) {
            errs.push(Diagnostic::not_supported(
                a.span,
                "an access predicate on an array field without an index (`accessible_if[j] P`)",
            ));
            continue;
        }
        access.insert(f, a);
    }
    let mut shared = Vec::new();
    for &c in &classes {
        for &f in &p.class(c).fields {
            shared.push((c, f, p.field(f).ty.clone()));
        }
        // The monitor's owner is a mutex: `holder == 0 || holder == tid`.
        if let Some(&h) = p.features.monitor_owner.get(&c) {
            access.entry(h).or_insert_with(|| {
                let span = p.class(c).span;
                let this = Expr::new(K::This, Type::Class(c), span);
                let read = Expr::new(K::Field(Box::new(this), h), Type::Int, span);
                let pred = or(
                    eq(read.clone(), int(0, span)),
                    eq(read, Expr::new(K::CurrentThread, Type::Int, span)),
                );
                Access {
                    pred,
                    index: None,
                    span,
                }
            });
        }
    }
    let mut specs: HashMap<MethodId, Vec<Action>> = HashMap::new();
    let mut autos: HashMap<MethodId, Auto> = HashMap::new();
    for (m, spec) in features.performs {
        let mut seen = HashSet::new();
        for l in spec.actions.iter().filter_map(|a| a.label) {
            if !seen.insert(l) {
                errs.push(Diagnostic::not_supported(
                    p.method(m).span,
                    "two actions of one performs spec with the same label",
                ));
            }
        }
        autos.insert(m, Auto::of(&spec.shape, spec.actions.len()));
        specs.insert(m, spec.actions);
    }
    let mut r = CalvinR {
        shared,
        access,
        arrays,
        specs,
        autos,
        threads: HashSet::new(),
        first: None,
        pres: HashMap::new(),
        callees: HashMap::new(),
        bodies: HashMap::new(),
    };
    for (i, m) in p.methods.iter_mut().enumerate() {
        let Some(c) = m.class else { continue };
        if !classes.contains(&c) || m.is_constructor {
            continue;
        }
        r.threads.insert(MethodId(i as u32));
        if let (Some(b), false) = (&m.body, r.specs.contains_key(&MethodId(i as u32))) {
            r.bodies.insert(MethodId(i as u32), b.clone());
        }
        let span = m.span;
        let tid = give_thread_id(m, TID);
        r.callees.insert(
            MethodId(i as u32),
            Callee {
                params: m.params.iter().map(|v| v.name).collect(),
                ret: m.ret.clone(),
                pre: m.contract.requires.clone(),
            },
        );
        let mut pre = vec![binary(BinOp::Gt, tid.clone(), int(0, span), Type::Bool)];
        let all = r.perms(span);
        pre.extend(all.iter().cloned());
        m.contract.requires.splice(0..0, pre);
        m.contract.ensures.push(r.all_perms(span));
        r.pres
            .insert(MethodId(i as u32), m.contract.requires.clone());
    }
    r.first = r.threads.iter().min().copied();
    Box::new(r)
}

fn tid_expr(span: Span) -> Expr {
    thread_id(TID, span)
}

fn var(name: &str, ty: Type, span: Span) -> Var {
    Var {
        name: Name::from(name),
        ty,
        span,
    }
}

fn nonnull(o: &Expr) -> Expr {
    binary(
        BinOp::Ne,
        o.clone(),
        Expr::new(K::Null, Type::Null, o.span),
        Type::Bool,
    )
}

fn mentions_tid(e: &Expr) -> bool {
    crate::core::visit::find(e, &|x| matches!(x.kind, K::CurrentThread)).is_some()
}

fn subst_local(e: Expr, name: Name, by: &Expr) -> Expr {
    map_expr(e, &mut |x| match x.kind {
        K::Local(n) if n == name => Expr {
            span: x.span,
            ..by.clone()
        },
        _ => x,
    })
}

fn subst_result(e: Expr, by: &Expr) -> Expr {
    map_expr(e, &mut |x| match x.kind {
        K::Result => Expr {
            span: x.span,
            ..by.clone()
        },
        _ => x,
    })
}

fn disjuncts(e: &Expr, out: &mut Vec<Expr>) {
    match &e.kind {
        K::Binary(BinOp::Or, l, r) => {
            disjuncts(l, out);
            disjuncts(r, out);
        }
        _ => out.push(e.clone()),
    }
}

/// A shared location a step accesses: `recv.f`, or `recv.f[index]`.
#[derive(Clone)]
struct Loc {
    recv: Expr,
    field: FieldId,
    index: Option<Expr>,
}

impl CalvinR {
    /// Write permission to the shared state: each field, and each element of
    /// each shared array.
    fn perms(&self, span: Span) -> Vec<Expr> {
        let mut all = all_perms(&self.shared, span);
        for (_, f, ty) in &self.shared {
            if !self.arrays.contains(f) {
                continue;
            }
            let Type::Array(elem) = ty else { continue };
            let j = var("weft_calvinr_j", Type::Int, span);
            let je = local(j.name, Type::Int, span);
            let arr = self.this_array(*f, ty, span);
            let len = Expr::new(
                K::Builtin(crate::core::Builtin::ArrayLength, vec![arr.clone()]),
                Type::Int,
                span,
            );
            let elem_loc = Expr::new(
                K::ArrayIndex(Box::new(arr.clone()), Box::new(je.clone())),
                (**elem).clone(),
                span,
            );
            let perm = write_perm(elem_loc, span);
            let range = and(
                binary(BinOp::Le, int(0, span), je.clone(), Type::Bool),
                binary(BinOp::Lt, je, len, Type::Bool),
            );
            let each = quant(
                vec![j],
                binary(BinOp::Implies, range, perm, Type::Resource),
                Type::Resource,
            );
            all.push(binary(BinOp::Implies, nonnull(&arr), each, Type::Resource));
        }
        all.extend(self.distinct_arrays(span));
        all
    }

    /// Each shared array field holds an array of its own (the paper's
    /// arrays are distinct global variables): two array fields of one
    /// element type hold different arrays, so that the prover need not
    /// find that out from the permissions.
    fn distinct_arrays(&self, span: Span) -> Vec<Expr> {
        let arrays: Vec<&(ClassId, FieldId, Type)> = (self.shared.iter())
            .filter(|(_, f, _)| self.arrays.contains(f))
            .collect();
        let mut out = Vec::new();
        for (i, (_, f, ty)) in arrays.iter().enumerate() {
            for (_, g, ty2) in &arrays[i + 1..] {
                if ty != ty2 {
                    continue;
                }
                let (a, b) = (
                    self.this_array(*f, ty, span),
                    self.this_array(*g, ty2, span),
                );
                let differ = binary(BinOp::Ne, a.clone(), b, Type::Bool);
                out.push(implies(nonnull(&a), differ));
            }
        }
        out
    }

    /// The permissions as one assertion (exhaled at once).
    fn all_perms(&self, span: Span) -> Expr {
        all_of(self.perms(span), span)
    }

    /// `this.f`: a shared array is the receiver's own (the paper's arrays are
    /// global variables); another object's is not accessible here.
    fn this_array(&self, f: FieldId, ty: &Type, span: Span) -> Expr {
        let c = self
            .shared
            .iter()
            .find(|(_, g, _)| *g == f)
            .map(|(c, _, _)| *c)
            .expect("a shared field");
        let this = Expr::new(K::This, Type::Class(c), span);
        Expr::new(K::Field(Box::new(this), f), ty.clone(), span)
    }

    /// `A_x(t)` at the location.
    fn accessible(&self, l: &Loc, t: &Expr) -> Expr {
        let span = l.recv.span;
        let Some(a) = self.access.get(&l.field) else {
            return Expr::bool(true, span);
        };
        let mut e = subst_this(a.pred.clone(), &l.recv);
        if let (Some(j), Some(i)) = (&a.index, &l.index) {
            e = subst_local(e, j.name, i);
        }
        let e = subst_tid(e, t);
        Expr { span, ..e }
    }

    /// `E_x(t)` at the location: `t` may access it and no other thread may.
    fn exclusive(&self, l: &Loc, t: &Expr) -> Expr {
        let span = l.recv.span;
        let Some(a) = self.access.get(&l.field) else {
            // Every thread may access it: nobody has it alone.
            return Expr::bool(false, span);
        };
        let mut e = subst_this(a.pred.clone(), &l.recv);
        if let (Some(j), Some(i)) = (&a.index, &l.index) {
            e = subst_local(e, j.name, i);
        }
        let e = Expr { span, ..e };
        let mut ds = Vec::new();
        disjuncts(&e, &mut ds);
        let (mine, free): (Vec<Expr>, Vec<Expr>) = ds.into_iter().partition(mentions_tid);
        let owners: Option<Vec<Expr>> = mine
            .iter()
            .map(|d| match &d.kind {
                K::Binary(BinOp::Eq, x, y)
                    if matches!(y.kind, K::CurrentThread) && !mentions_tid(x) =>
                {
                    Some((**x).clone())
                }
                K::Binary(BinOp::Eq, y, x)
                    if matches!(y.kind, K::CurrentThread) && !mentions_tid(x) =>
                {
                    Some((**x).clone())
                }
                _ => None,
            })
            .collect();
        if let Some(owners) = owners {
            // D || X1 == tid || …: nobody else when D fails and each Xi is
            // tid or no thread.
            let mut out = Expr::bool(true, span);
            for d in free {
                out = and(out, not(d));
            }
            let mut some = Expr::bool(false, span);
            for x in &owners {
                some = or(some, eq(x.clone(), t.clone()));
            }
            out = and(out, some);
            for x in owners {
                out = and(
                    out,
                    or(
                        eq(x.clone(), t.clone()),
                        binary(BinOp::Le, x, int(0, span), Type::Bool),
                    ),
                );
            }
            return out;
        }
        // The definition: A(t) && forall u > 0, u != t. !A(u).
        let u = var("weft_calvinr_u", Type::Int, span);
        let ue = local(u.name, Type::Int, span);
        let other = and(
            binary(BinOp::Gt, ue.clone(), int(0, span), Type::Bool),
            binary(BinOp::Ne, ue.clone(), t.clone(), Type::Bool),
        );
        let all = quant(
            vec![u],
            implies(other, not(subst_tid(e.clone(), &ue))),
            Type::Bool,
        );
        and(subst_tid(e, t), all)
    }

    /// `∀o. body(o)` over the objects of `c` (and, for an array field, the
    /// indices of its elements): `body` gets the location.
    fn every_loc(
        &self,
        c: ClassId,
        f: FieldId,
        ty: &Type,
        span: Span,
        body: &dyn Fn(&Loc, &Expr) -> Expr,
    ) -> Expr {
        let o = var("weft_calvinr_o", Type::Class(c), span);
        let oe = local(o.name, o.ty.clone(), span);
        if self.arrays.contains(&f) {
            let Type::Array(elem) = ty else {
                return Expr::bool(true, span);
            };
            let j = var("weft_calvinr_j", Type::Int, span);
            let je = local(j.name, Type::Int, span);
            let arr = self.this_array(f, ty, span);
            let K::Field(this, _) = &arr.kind else {
                unreachable!("a field read")
            };
            let len = Expr::new(
                K::Builtin(crate::core::Builtin::ArrayLength, vec![arr.clone()]),
                Type::Int,
                span,
            );
            let read = Expr::new(
                K::ArrayIndex(Box::new(arr.clone()), Box::new(je.clone())),
                (**elem).clone(),
                span,
            );
            let l = Loc {
                recv: (**this).clone(),
                field: f,
                index: Some(je.clone()),
            };
            let range = and(
                nonnull(&arr),
                and(
                    binary(BinOp::Le, int(0, span), je.clone(), Type::Bool),
                    binary(BinOp::Lt, je, len, Type::Bool),
                ),
            );
            let b = body(&l, &read);
            // The other arrays the predicate reads are there and long enough.
            let range = and(range, in_bounds(&b, None, span));
            return quant(vec![j], implies(range, b), Type::Bool);
        }
        let read = Expr::new(K::Field(Box::new(oe.clone()), f), ty.clone(), span);
        let l = Loc {
            recv: oe.clone(),
            field: f,
            index: None,
        };
        quant(vec![o], implies(nonnull(&oe), body(&l, &read)), Type::Bool)
    }

    /// The environment's frame from `label`: what `tid` had alone is unchanged
    /// (an array field itself is never assigned in a thread).
    fn env_frame(&self, label: &Name, span: Span) -> Vec<Expr> {
        let tid = tid_expr(span);
        let mut out = Vec::new();
        for (c, f, ty) in &self.shared {
            if self.arrays.contains(f) {
                out.push(self.every_loc_plain(*c, *f, ty, span, label));
            }
            if !self.access.contains_key(f) {
                continue;
            }
            out.push(self.every_loc(*c, *f, ty, span, &|l, read| {
                let mine = old(Some(*label), self.exclusive(l, &tid));
                implies(mine, eq(read.clone(), old(Some(*label), read.clone())))
            }));
        }
        out
    }

    /// An array field keeps its array.
    fn every_loc_plain(&self, c: ClassId, f: FieldId, ty: &Type, span: Span, label: &Name) -> Expr {
        let o = var("weft_calvinr_o", Type::Class(c), span);
        let oe = local(o.name, o.ty.clone(), span);
        let read = Expr::new(K::Field(Box::new(oe.clone()), f), ty.clone(), span);
        quant(
            vec![o],
            implies(nonnull(&oe), eq(read.clone(), old(Some(*label), read))),
            Type::Bool,
        )
    }

    /// EA*: the environment's steps.
    fn yield_(&self, cx: &mut Cx, span: Span, out: &mut Vec<Stmt>) {
        let label = cx.label("env");
        let st = |kind| Stmt { kind, span };
        out.push(st(S::Label(label)));
        out.push(st(S::Havoc(self.all_perms(span))));
        for e in self.env_frame(&label, span) {
            out.push(st(S::Assume(e)));
        }
    }

    /// Every shared location but `mods` keeps its value from `label`.
    fn frame(&self, mods: &[Expr], label: &Name, span: Span) -> Expr {
        let mut all = Expr::bool(true, span);
        for (c, f, ty) in &self.shared {
            let here: Vec<&Expr> = mods
                .iter()
                .filter(|m| match &m.kind {
                    K::Field(_, g) => g == f && !self.arrays.contains(f),
                    K::ArrayIndex(a, _) => matches!(&a.kind, K::Field(_, g) if g == f),
                    _ => false,
                })
                .collect();
            let q = self.every_loc(*c, *f, ty, span, &|l, read| {
                let mut cond = Expr::bool(true, span);
                for m in &here {
                    let differs = match (&m.kind, &l.index) {
                        (K::Field(r, _), None) => {
                            binary(BinOp::Ne, l.recv.clone(), (**r).clone(), Type::Bool)
                        }
                        (K::ArrayIndex(a, i), Some(j)) => {
                            let K::Field(r, _) = &a.kind else {
                                unreachable!("filtered")
                            };
                            or(
                                binary(BinOp::Ne, l.recv.clone(), (**r).clone(), Type::Bool),
                                binary(BinOp::Ne, j.clone(), (**i).clone(), Type::Bool),
                            )
                        }
                        _ => Expr::bool(true, span),
                    };
                    cond = and(cond, differs);
                }
                implies(cond, eq(read.clone(), old(Some(*label), read.clone())))
            });
            all = and(all, q);
            if self.arrays.contains(f) {
                all = and(all, self.every_loc_plain(*c, *f, ty, span, label));
            }
        }
        all
    }

    /// The shared locations `e` accesses, in evaluation order.
    fn locs(&self, e: &Expr, out: &mut Vec<Loc>, cx: &mut Cx) {
        match &e.kind {
            K::ArrayIndex(a, i) => {
                if let K::Field(r, f) = &a.kind {
                    if self.arrays.contains(f) {
                        self.locs(r, out, cx);
                        self.locs(i, out, cx);
                        out.push(Loc {
                            recv: (**r).clone(),
                            field: *f,
                            index: Some((**i).clone()),
                        });
                        return;
                    }
                }
            }
            K::Builtin(crate::core::Builtin::ArrayLength, xs) => {
                if let Some(K::Field(r, f)) = xs.first().map(|x| &x.kind) {
                    if self.arrays.contains(f) {
                        // The array field is never assigned: no access.
                        self.locs(r, out, cx);
                        return;
                    }
                }
            }
            K::Field(r, f) => {
                self.locs(r, out, cx);
                if self.shared.iter().any(|(_, g, _)| g == f) {
                    if self.arrays.contains(f) {
                        // The array itself, read to index it or pass it.
                        return;
                    }
                    out.push(Loc {
                        recv: (**r).clone(),
                        field: *f,
                        index: None,
                    });
                } else {
                    cx.errs.push(Diagnostic::not_supported(
                        e.span,
                        "a field of a class outside the Calvin-R program in a Calvin-R method",
                    ));
                }
                return;
            }
            K::Quant { .. } => {
                let mut inner = Vec::new();
                each_child(e, &mut |x| self.locs(x, &mut inner, cx));
                if !inner.is_empty() {
                    cx.errs.push(Diagnostic::not_supported(
                        e.span,
                        "a quantifier over the shared state in a Calvin-R method's code",
                    ));
                }
                return;
            }
            _ => {}
        }
        each_child(e, &mut |x| self.locs(x, out, cx));
    }
}

/// How a body is lowered.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Check 1: the environment before each step, each access asserted.
    Access,
    /// Check 2 for a spec without witnesses: the body is one reduced sequence.
    Atomic,
    /// Check 2 with witnesses: reduced sequences, each a skip or an action.
    Witnessed,
}

struct Cx<'a> {
    mode: Mode,
    fresh: u32,
    errs: Vec<Diagnostic>,
    spec: &'a [Action],
    auto: Auto,
    /// The sequences that may be the current one (with witnesses): those
    /// begun since the innermost loop's body began, at a loop's end, a
    /// `break`'s target or a step that ended the sequence before it (the
    /// ghost `seq` says which).
    starts: Vec<u32>,
    /// The result type, and the local that stands for `\result` at a cut
    /// that is no return.
    ret: Type,
    /// The reduced sequence the code is in (its start label), and how many
    /// have started.
    cur: u32,
    next: u32,
    /// The label right after the loop `stmt` is lowering, if any (a
    /// `break`'s target).
    after: Option<Name>,
    /// The enclosing loops (check 2 with witnesses), innermost last.
    loops: Vec<LoopCx>,
    /// The names the rewrites before both checks made.
    made: &'a Made,
}

/// A loop of a body with witnesses: a `break` (a jump to the label right
/// after it) ends the reduced sequence and jumps to `exit`, before the next
/// sequence starts; a `continue` (a jump to a label inside its body) stays
/// in the sequence.
struct LoopCx {
    labels: HashSet<Name>,
    after: Option<Name>,
    exit: Name,
}

/// The local that records whether a `synchronized` block reentered its monitor.
const REENTERED: &str = "weft_calvinr_reentered";

/// An enclosing `synchronized` block being desugared: its monitor (a local
/// or `this`), whether it was reentered, and the labels inside it.
struct SyncCx {
    lock: Expr,
    holder: FieldId,
    reentered: Name,
    labels: HashSet<Name>,
}

const PHASE: &str = "weft_calvinr_phase";
const PC: &str = "weft_calvinr_pc";
const OPC: &str = "weft_calvinr_opc";
const SEQ: &str = "weft_calvinr_seq";
const ANY: &str = "weft_calvinr_anyresult";

impl<'a> Cx<'a> {
    fn new(mode: Mode, spec: &'a [Action], auto: Auto, ret: Type, made: &'a Made) -> Self {
        Cx {
            mode,
            fresh: 0,
            errs: Vec::new(),
            spec,
            auto,
            starts: vec![0],
            ret,
            cur: 0,
            next: 0,
            after: None,
            loops: Vec::new(),
            made,
        }
    }

    fn label(&mut self, what: &str) -> Name {
        self.fresh += 1;
        Name::from(format!("weft_calvinr_{what}_{}", self.fresh))
    }

    fn fresh_local(&mut self, ty: Type, span: Span) -> Var {
        self.fresh += 1;
        var(&format!("weft_calvinr_r{}", self.fresh), ty, span)
    }
}

fn seg_label(k: u32) -> Name {
    Name::from(format!("weft_calvinr_seq_{k}"))
}

fn check(expr: Expr, code: FailureCode, span: Span) -> Stmt {
    Stmt {
        kind: S::Check {
            exhale: false,
            expr,
            code,
        },
        span,
    }
}

fn set(name: &str, value: Expr, span: Span) -> Stmt {
    Stmt {
        kind: S::AssignLocal(Name::from(name), value),
        span,
    }
}

fn boolean(name: &str, span: Span) -> Expr {
    local(Name::from(name), Type::Bool, span)
}

fn integer(name: &str, span: Span) -> Expr {
    local(Name::from(name), Type::Int, span)
}

/// `witness "L";`: L.
fn witness(s: &Stmt) -> Option<Name> {
    match &s.kind {
        S::Witness(l) => Some(*l),
        _ => None,
    }
}

impl Lower for CalvinR {
    fn body(&self, p: &Program, m: MethodId, b: &mut Block, out: &mut Out) {
        if !self.threads.contains(&m) {
            // A constructor is no thread's code: its witnesses mark nothing.
            drop_witnesses(b);
            return;
        }
        let span = b.span;
        let tid = tid_expr(span);
        let mut inl = InlineCx::default();
        let whole = std::mem::replace(
            b,
            Block {
                stmts: Vec::new(),
                span,
            },
        );
        *b = self.inline_calls(p, whole, &mut vec![m], &mut inl);
        crate::core::visit::map_body_exprs(b, &mut |e| subst_tid(e, &tid));
        let mut errs = inl.errs;
        let made = Made {
            ends: inl.ends,
            loopy: inl.loopy,
            reentered: self.desugar_synchronized(p, b, &mut errs),
        };
        let original = b.clone();
        // Check 1, in place.
        let mut cx = Cx::new(
            Mode::Access,
            &[],
            Auto::default(),
            p.method(m).ret.clone(),
            &made,
        );
        let mut stmts = Vec::new();
        self.block(std::mem::take(&mut b.stmts), &mut cx, &mut stmts);
        self.yield_(&mut cx, span, &mut stmts);
        b.stmts = stmts;
        errs.append(&mut cx.errs);
        // Check 2, a method of its own.
        if let Some(spec) = self.specs.get(&m) {
            let mut witnessed = false;
            each_stmt(&original, &mut |s| witnessed |= witness(s).is_some());
            let mode = if witnessed {
                Mode::Witnessed
            } else {
                Mode::Atomic
            };
            let auto = self.autos.get(&m).cloned().unwrap_or_default();
            let mut cx = Cx::new(mode, spec, auto, p.method(m).ret.clone(), &made);
            let mut body = self.abstraction(original, &mut cx);
            errs.append(&mut cx.errs);
            // The method's precondition, inhaled (a made method is checked
            // from its body alone).
            let pre = self.pres[&m].iter().map(|e| Stmt {
                kind: S::Inhale(e.clone()),
                span,
            });
            body.stmts.splice(0..0, pre);
            out.made.push(Method {
                name: Name::from("performs"),
                contract: Default::default(),
                body: Some(body),
                ..p.method(m).clone()
            });
        }
        if self.first == Some(m) && !self.access.is_empty() {
            out.made.push(self.stability(p, m, span));
        }
        // One report per construct: both checks walk the same code.
        let mut seen = HashSet::new();
        errs.retain(|d| seen.insert(format!("{:?}{}", d.span, d.message)));
        out.errs.append(&mut errs);
    }
}

impl CalvinR {
    fn block(&self, stmts: Vec<Stmt>, cx: &mut Cx, out: &mut Vec<Stmt>) {
        let mut it = stmts.into_iter().peekable();
        while let Some(s) = it.next() {
            cx.after = match (&s.kind, it.peek().map(|x| &x.kind)) {
                (S::While { .. }, Some(S::Label(l))) => Some(*l),
                _ => None,
            };
            self.stmt(s, cx, out);
        }
    }

    fn sub(&self, b: Block, cx: &mut Cx) -> Block {
        let mut out = Vec::new();
        self.block(b.stmts, cx, &mut out);
        Block {
            stmts: out,
            span: b.span,
        }
    }

    fn locs_of(&self, es: &[&Expr], cx: &mut Cx) -> Vec<Loc> {
        let mut v = Vec::new();
        for e in es {
            self.locs(e, &mut v, cx);
        }
        v
    }

    /// At most one access in a step that is not `atomic`.
    fn one_access(&self, locs: &[Loc], span: Span, cx: &mut Cx) -> bool {
        if locs.len() > 1 {
            cx.errs.push(Diagnostic::not_supported(
                span,
                "a statement that accesses the shared state more than once in a Calvin-R method (read into locals first)",
            ));
            return false;
        }
        true
    }

    /// `e` read into a fresh local by a step of its own when it accesses the
    /// shared state (each access by one, [`Self::split`], when it accesses
    /// it more than once); else `e`.
    fn hoist(&self, e: Expr, span: Span, cx: &mut Cx, out: &mut Vec<Stmt>) -> Option<Expr> {
        let locs = self.locs_of(&[&e], cx);
        if locs.is_empty() {
            return Some(e);
        }
        if locs.len() > 1 {
            return self.split(e, span, cx, out);
        }
        let v = cx.fresh_local(e.ty.clone(), span);
        let read = local(v.name, v.ty.clone(), e.span);
        out.push(Stmt {
            kind: S::Local(v.clone(), None),
            span,
        });
        let s = Stmt {
            kind: S::AssignLocal(v.name, e),
            span,
        };
        self.step(None, vec![s], locs, span, cx, out);
        Some(read)
    }

    /// `e` with each of its accesses of the shared state read into a fresh
    /// local by a step of its own, the receiver before the field and left
    /// before right (Java's order of evaluation): Java runs `count = count +
    /// 1` as a read and a write, and the paper's reduction, whose steps
    /// access one variable each, reads it so (`int t = count; count = t +
    /// 1;`). An access Java may not evaluate (an operand of `&&`, `||`,
    /// `==>`, `?:`, or in a `let`) is not split: refused.
    fn split(&self, e: Expr, span: Span, cx: &mut Cx, out: &mut Vec<Stmt>) -> Option<Expr> {
        if self.conditional_access(&e, cx) {
            cx.errs.push(Diagnostic::not_supported(
                e.span,
                "a statement that accesses the shared state more than once in a Calvin-R method, one access under `&&`, `||`, `==>`, `?:` or `let` (read into locals first)",
            ));
            return None;
        }
        let mut ok = true;
        let e = map_expr(e, &mut |x| {
            if !ok || self.locs_of(&[&x], cx).len() != 1 {
                return x;
            }
            // Its operands are locals by now: `x` is one access.
            match self.hoist(x.clone(), span, cx, out) {
                Some(r) => r,
                None => {
                    ok = false;
                    x
                }
            }
        });
        ok.then_some(e)
    }

    /// Whether `e` accesses the shared state in an operand Java may not
    /// evaluate.
    fn conditional_access(&self, e: &Expr, cx: &mut Cx) -> bool {
        let conditional = matches!(
            e.kind,
            K::Binary(BinOp::And | BinOp::Or | BinOp::Implies, ..) | K::Cond(..) | K::Let { .. }
        );
        if conditional && !self.locs_of(&[e], cx).is_empty() {
            return true;
        }
        let mut found = false;
        each_child(e, &mut |x| found = found || self.conditional_access(x, cx));
        found
    }

    fn stmt(&self, s: Stmt, cx: &mut Cx, out: &mut Vec<Stmt>) {
        let span = s.span;
        let st = |kind| Stmt { kind, span };
        match s.kind {
            // Whether the thread holds a monitor is its own knowledge, not an
            // access (see `desugar_synchronized`).
            S::Local(v, Some(e)) if cx.made.reentered.contains(&v.name) => {
                out.push(st(S::Local(v, Some(e))));
            }
            S::Local(v, Some(e)) => {
                let locs = self.locs_of(&[&e], cx);
                if locs.len() > 1 {
                    if let Some(e) = self.split(e, span, cx, out) {
                        out.push(st(S::Local(v, Some(e))));
                    }
                    return;
                }
                if locs.is_empty() {
                    out.push(st(S::Local(v, Some(e))));
                    return;
                }
                let name = v.name;
                out.push(st(S::Local(v, None)));
                self.step(None, vec![st(S::AssignLocal(name, e))], locs, span, cx, out);
            }
            S::AssignLocal(x, e) => {
                let locs = self.locs_of(&[&e], cx);
                if locs.len() > 1 {
                    if let Some(e) = self.split(e, span, cx, out) {
                        out.push(st(S::AssignLocal(x, e)));
                    }
                    return;
                }
                if locs.is_empty() {
                    out.push(st(S::AssignLocal(x, e)));
                    return;
                }
                self.step(None, vec![st(S::AssignLocal(x, e))], locs, span, cx, out);
            }
            S::AssignField {
                mut recv,
                field,
                mut value,
            } => {
                let mut locs = self.locs_of(&[&recv, &value], cx);
                if !locs.is_empty() {
                    // With the write, more than one access: split.
                    let (Some(r), Some(v)) = (
                        self.split(*recv.clone(), span, cx, out),
                        self.split(value.clone(), span, cx, out),
                    ) else {
                        return;
                    };
                    (recv, value, locs) = (Box::new(r), v, Vec::new());
                }
                if self.arrays.contains(&field) {
                    cx.errs.push(Diagnostic::not_supported(
                        span,
                        "an assignment of a shared array field in a Calvin-R method (its elements are the shared variables)",
                    ));
                    return;
                }
                if !self.shared.iter().any(|(_, g, _)| *g == field) {
                    cx.errs.push(Diagnostic::not_supported(
                        span,
                        "a field of a class outside the Calvin-R program in a Calvin-R method",
                    ));
                    return;
                }
                locs.push(Loc {
                    recv: (*recv).clone(),
                    field,
                    index: None,
                });
                if self.one_access(&locs, span, cx) {
                    let w = st(S::AssignField { recv, field, value });
                    self.step(None, vec![w], locs, span, cx, out);
                }
            }
            S::AssignIndex {
                array,
                index,
                value,
            } => {
                let mut locs = self.locs_of(&[&index, &value], cx);
                match &array.kind {
                    K::Field(r, f) if self.arrays.contains(f) => {
                        let mut inner = self.locs_of(&[r], cx);
                        inner.append(&mut locs);
                        locs = inner;
                        locs.push(Loc {
                            recv: (**r).clone(),
                            field: *f,
                            index: Some((*index).clone()),
                        });
                    }
                    _ => {
                        cx.errs.push(Diagnostic::not_supported(
                            span,
                            "an assignment of an element of an array that is not a shared array field in a Calvin-R method",
                        ));
                        return;
                    }
                }
                if self.one_access(&locs, span, cx) {
                    let w = st(S::AssignIndex {
                        array,
                        index,
                        value,
                    });
                    self.step(None, vec![w], locs, span, cx, out);
                }
            }
            S::If { cond, then, els } => {
                let Some(cond) = self.hoist(cond, span, cx, out) else {
                    return;
                };
                let then = self.sub(then, cx);
                let els = els.map(|b| self.sub(b, cx));
                out.push(st(S::If { cond, then, els }));
            }
            S::While {
                invariants,
                cond,
                body,
            } => self.while_(invariants, cond, body, span, cx, out),
            S::Return(e) => {
                let e = match e {
                    Some(e) => match self.hoist(e, span, cx, out) {
                        Some(e) => Some(e),
                        None => return,
                    },
                    None => None,
                };
                self.exit(e.clone(), span, cx, out);
                out.push(st(S::Return(e)));
            }
            S::AtomicStep(b) => {
                // `atomic: { assume P; S }` is `when P do S` (acquire, release).
                let mut guard = Expr::bool(true, span);
                let mut rest = Vec::new();
                let mut leading = true;
                for x in b.stmts {
                    match x.kind {
                        S::Assume(e) if leading => guard = and(guard, e),
                        k => {
                            leading = false;
                            rest.push(Stmt {
                                kind: k,
                                span: x.span,
                            });
                        }
                    }
                }
                let mut locs = self.locs_of(&[&guard], cx);
                for x in &rest {
                    match &x.kind {
                        S::AssignField { recv, field, value } => {
                            locs.extend(self.locs_of(&[recv, value], cx));
                            locs.push(Loc {
                                recv: (**recv).clone(),
                                field: *field,
                                index: None,
                            });
                        }
                        S::AssignIndex {
                            array,
                            index,
                            value,
                        } => {
                            locs.extend(self.locs_of(&[index, value], cx));
                            if let K::Field(r, f) = &array.kind {
                                locs.push(Loc {
                                    recv: (**r).clone(),
                                    field: *f,
                                    index: Some((**index).clone()),
                                });
                            }
                        }
                        S::AssignLocal(_, e) => locs.extend(self.locs_of(&[e], cx)),
                        _ => cx.errs.push(Diagnostic::not_supported(
                            x.span,
                            "this statement in an atomic step of a Calvin-R method",
                        )),
                    }
                }
                self.step(Some(guard), rest, locs, span, cx, out);
            }
            S::Block(b) => {
                let b = self.sub(b, cx);
                out.push(st(S::Block(b)));
            }
            S::Witness(l) => {
                if cx.mode != Mode::Witnessed {
                    return;
                }
                match cx.spec.iter().position(|a| a.label == Some(l)) {
                    Some(k) => out.push(set(PC, int(k as i64 + 1, span), span)),
                    None => cx.errs.push(Diagnostic::not_supported(
                        span,
                        "a witness of a label that the method's performs spec has no action of",
                    )),
                }
            }
            S::Assert(e) => match cx.mode {
                Mode::Access => {
                    self.yield_(cx, span, out);
                    out.push(st(S::Assert(e)));
                }
                // Check 1 asserts it, after any interleaving.
                _ => out.push(st(S::Assume(e))),
            },
            S::Assume(e) => {
                if cx.mode == Mode::Access {
                    self.yield_(cx, span, out);
                }
                out.push(st(S::Assume(e)));
            }
            S::Label(l) if cx.mode == Mode::Witnessed && cx.made.loopy.contains(&l) => {
                // The inlined body's loop ended a sequence: each path here
                // ends its own (its returns did), the next starts here.
                self.cut(None, false, span, cx, out);
                out.push(st(S::Label(l)));
                self.reset(span, cx, out);
            }
            k @ (S::Local(_, None) | S::Label(_)) => out.push(st(k)),
            // An inlined call's receiver and precondition: checked after the
            // environment in check 1, assumed in check 2.
            S::Check { expr, code, .. } => match cx.mode {
                Mode::Access => {
                    self.yield_(cx, span, out);
                    out.push(check(expr, code, span));
                }
                _ => out.push(st(S::Assume(expr))),
            },
            S::Goto(l) => self.jump(l, span, cx, out),
            S::Call { target, call } if self.specs.contains_key(&call.method) => {
                self.call(target, *call, span, cx, out)
            }
            S::Call { .. } => cx.errs.push(Diagnostic::not_supported(
                span,
                "a call of a method without a performs spec or a body, or `new`, in a Calvin-R method",
            )),
            _ => cx.errs.push(Diagnostic::not_supported(
                span,
                "this statement in a Calvin-R method",
            )),
        }
    }

    /// A call of a method with a `performs` spec (the paper's desugaring of
    /// the callee's spec at the call): the receiver's and the arguments'
    /// reads as steps of their own; the callee's precondition (checked in
    /// check 1, `preFailed`, assumed in check 2); then one step that does
    /// one of the spec's actions: the shared state havocked, everything
    /// outside the action's `mods` unchanged, its predicate between the
    /// states before and after the step, `\result` a fresh value. The step
    /// accesses what the action names (its `mods` and the locations its
    /// predicate reads): a right mover when the thread has them all alone
    /// after it; never a left mover (whether the action may block is not
    /// known), so a call is a right mover or the sequence's non-mover. Its
    /// accesses are not checked here: the callee's own check 1 did, for
    /// every thread and environment.
    fn call(
        &self,
        target: Option<Name>,
        call: crate::core::Call,
        span: Span,
        cx: &mut Cx,
        out: &mut Vec<Stmt>,
    ) {
        let st = |kind| Stmt { kind, span };
        let Some(callee) = self.callees.get(&call.method) else {
            cx.errs.push(Diagnostic::not_supported(
                span,
                "a call of a method outside the Calvin-R classes",
            ));
            return;
        };
        if !self.autos.get(&call.method).is_none_or(|a| a.choice) {
            cx.errs.push(Diagnostic::not_supported(
                span,
                "a call of a method whose performs spec has `;` or `*` (a call is one action)",
            ));
            return;
        }
        if call.given.iter().any(Option::is_some) || call.yields.iter().any(Option::is_some) {
            cx.errs.push(Diagnostic::not_supported(
                span,
                "ghost arguments or results of a call in a Calvin-R method",
            ));
            return;
        }
        let hoist = |x| self.hoist(x, span, cx, out);
        let Some((recv, hoisted)) = call_operands(call.recv, call.args, hoist) else {
            return;
        };
        let mut args = Vec::new();
        for a in hoisted {
            // Each argument once, as the callee sees it at the call.
            let v = cx.fresh_local(a.ty.clone(), span);
            let read = local(v.name, v.ty.clone(), span);
            out.push(st(S::Local(v, Some(a))));
            args.push(read);
        }
        let result = if callee.ret == Type::Void {
            Expr::bool(true, span)
        } else {
            let v = cx.fresh_local(callee.ret.clone(), span);
            let read = local(v.name, v.ty.clone(), span);
            out.push(st(S::Local(v, None)));
            read
        };
        let tid = tid_expr(span);
        let sub = |e: &Expr| {
            let mut e = subst_tid(e.clone(), &tid);
            if let Some(r) = &recv {
                e = subst_this(e, r);
            }
            for (p, a) in callee.params.iter().zip(&args) {
                e = subst_local(e, *p, a);
            }
            subst_result(e, &result)
        };
        if let Some(r) = &recv {
            if cx.mode == Mode::Access {
                self.yield_(cx, span, out);
                out.push(check(nonnull(r), FailureCode::InvocationObjectNull, span));
            } else {
                out.push(st(S::Assume(nonnull(r))));
            }
        }
        for e in &callee.pre {
            let e = Expr { span, ..sub(e) };
            if cx.mode == Mode::Access {
                self.yield_(cx, span, out);
                out.push(check(
                    e,
                    FailureCode::PreFailed(crate::diag::Reason::False),
                    span,
                ));
            } else {
                // Check 1 asserts it.
                out.push(st(S::Assume(e)));
            }
        }
        let spec = &self.specs[&call.method];
        // Each action's locations.
        let mut locs: Vec<Vec<Loc>> = Vec::new();
        for a in spec {
            let mut es = vec![sub(&a.pred)];
            es.extend(a.modifies.iter().map(&sub));
            let es: Vec<&Expr> = es.iter().collect();
            locs.push(self.locs_of(&es, cx));
        }
        // The step, with its own label (it is written twice in check 2):
        // `which` is the action it does.
        let effect = |cx: &mut Cx| {
            let q = cx.label("call");
            let which = cx.fresh_local(Type::Int, span);
            let w = local(which.name, Type::Int, span);
            let mut b = vec![st(S::Local(which, None)), st(S::Label(q))];
            b.push(st(S::Havoc(self.all_perms(span))));
            b.push(st(S::Assume(and(
                binary(BinOp::Le, int(0, span), w.clone(), Type::Bool),
                binary(
                    BinOp::Lt,
                    w.clone(),
                    int(spec.len() as i64, span),
                    Type::Bool,
                ),
            ))));
            for (k, a) in spec.iter().enumerate() {
                let mods: Vec<Expr> = a.modifies.iter().map(|m| at_label(sub(m), &q)).collect();
                let pred = Expr {
                    span,
                    ..at_label(sub(&a.pred), &q)
                };
                b.push(st(S::Assume(implies(
                    eq(w.clone(), int(k as i64, span)),
                    and(pred, self.frame(&mods, &q, span)),
                ))));
            }
            (b, w)
        };
        match cx.mode {
            Mode::Access => {
                self.yield_(cx, span, out);
                out.extend(effect(cx).0);
            }
            Mode::Atomic | Mode::Witnessed => {
                // A left mover when the callee's one action never blocks
                // and the thread has what it accesses alone before it.
                let left = self
                    .left_mover_call(spec, &locs, &sub, span)
                    .unwrap_or_else(|| Expr::bool(false, span));
                self.cut_before(left.clone(), span, cx, out);
                let (mut right, w) = effect(cx);
                // A right mover: the thread has the locations of the action
                // it did alone after it.
                let mut alone = Expr::bool(true, span);
                for (k, ls) in locs.iter().enumerate() {
                    alone = and(
                        alone,
                        implies(
                            eq(w.clone(), int(k as i64, span)),
                            self.exclusive_all(ls, span),
                        ),
                    );
                }
                right.push(st(S::If {
                    cond: not(alone),
                    then: Block {
                        stmts: vec![set(PHASE, Expr::bool(false, span), span)],
                        span,
                    },
                    els: None,
                }));
                let mut left = vec![check(left, FailureCode::NotAtomic, span)];
                left.extend(effect(cx).0);
                out.push(st(S::If {
                    cond: boolean(PHASE, span),
                    then: Block { stmts: right, span },
                    els: Some(Block { stmts: left, span }),
                }));
            }
        }
        if let (Some(t), false) = (target, callee.ret == Type::Void) {
            out.push(st(S::AssignLocal(t, result)));
        }
    }

    /// When a call of a method with this spec is a left mover: the spec is
    /// one action that cannot block, and the thread has every location it
    /// accesses alone before the step (`E_V`, the paper's rule for a left
    /// mover). The action cannot block when its predicate is a conjunction
    /// of guards (over the pre-state and the arguments only) and
    /// assignments `loc == e`, `loc`, `!loc` of distinct fields in its
    /// `mods` (e over the pre-state): once the guards hold, the assignments
    /// give a post-state. Its locations must not depend on the shared
    /// state (so that they are the same before and after). The condition is
    /// over the state before the step; None: never a left mover.
    fn left_mover_call(
        &self,
        spec: &[Action],
        locs: &[Vec<Loc>],
        sub: &dyn Fn(&Expr) -> Expr,
        span: Span,
    ) -> Option<Expr> {
        let [a] = spec else { return None };
        let pred = sub(&a.pred);
        if mentions_result(&pred) || a.modifies.iter().any(mentions_result) {
            return None;
        }
        let mods: Vec<String> = a.modifies.iter().map(|m| shape_of(&sub(m))).collect();
        let mut cs = Vec::new();
        conjuncts(&pred, &mut cs);
        let mut guards = Expr::bool(true, span);
        let mut assigned: Vec<FieldId> = Vec::new();
        for c in cs {
            if !self.reads_now(&c) {
                guards = and(guards, strip_old(c));
                continue;
            }
            let loc = match &c.kind {
                K::Binary(BinOp::Eq, l, r) if !self.reads_now(r) => l,
                K::Unary(UnOp::Not, l) => l,
                _ if c.ty == Type::Bool => &Box::new(c.clone()),
                _ => return None,
            };
            if !mods.contains(&shape_of(loc)) {
                return None;
            }
            let f = match &loc.kind {
                K::Field(_, f) => *f,
                K::ArrayIndex(arr, _) => match &arr.kind {
                    K::Field(_, f) => *f,
                    _ => return None,
                },
                _ => return None,
            };
            if assigned.contains(&f) {
                return None;
            }
            assigned.push(f);
        }
        let ls = locs.first()?;
        let stable = |e: &Expr| self.reads_any(e);
        if ls
            .iter()
            .any(|l| stable(&l.recv) || l.index.as_ref().is_some_and(stable))
        {
            return None;
        }
        Some(and(strip_old(self.exclusive_all(ls, span)), guards))
    }

    /// Whether `e` reads a shared location outside `\old` (an array field
    /// itself is never assigned: reading it is no read of the state).
    fn reads_now(&self, e: &Expr) -> bool {
        match &e.kind {
            K::Old(..) => false,
            K::Field(r, f) if self.arrays.contains(f) => self.reads_now(r),
            K::Field(..) | K::ArrayIndex(..) if self.is_shared_read(e) => true,
            _ => {
                let mut found = false;
                each_child(e, &mut |x| found |= self.reads_now(x));
                found
            }
        }
    }

    /// Whether `e` reads a shared location, in any state.
    fn reads_any(&self, e: &Expr) -> bool {
        match &e.kind {
            K::Field(r, f) if self.arrays.contains(f) => self.reads_any(r),
            K::Field(..) | K::ArrayIndex(..) if self.is_shared_read(e) => true,
            _ => {
                let mut found = false;
                each_child(e, &mut |x| found |= self.reads_any(x));
                found
            }
        }
    }

    fn is_shared_read(&self, e: &Expr) -> bool {
        match &e.kind {
            K::Field(_, f) => self.shared.iter().any(|(_, g, _)| g == f),
            K::ArrayIndex(a, _) => matches!(&a.kind, K::Field(_, f) if self.arrays.contains(f)),
            _ => false,
        }
    }

    /// `synchronized (o) { B }` on an object of a Calvin-R class, in place,
    /// before both checks: `o` once into a local; `reentered = o.holder ==
    /// tid` (Java's monitors are reentrant; whether the thread holds the
    /// monitor is its own knowledge, stable under the environment, since no
    /// thread hands its monitor to another, so it is read without an
    /// access); unless reentered, `acquire` as the atomic step `when
    /// o.holder == 0 do o.holder = tid`; B; unless reentered, `release`,
    /// the step `o.holder = 0`, also before a return or a jump out of B (a
    /// return's value is read first). The steps are then the int mutex's:
    /// the acquire a right mover, the release a left mover.
    /// Gives the locals that record whether a block reentered its monitor.
    fn desugar_synchronized(
        &self,
        p: &Program,
        b: &mut Block,
        errs: &mut Vec<Diagnostic>,
    ) -> HashSet<Name> {
        let (mut fresh, mut reentered) = (0, HashSet::new());
        let stmts = std::mem::take(&mut b.stmts);
        b.stmts = self.desugar_block(p, stmts, &mut Vec::new(), &mut fresh, &mut reentered, errs);
        reentered
    }

    fn desugar_block(
        &self,
        p: &Program,
        stmts: Vec<Stmt>,
        syncs: &mut Vec<SyncCx>,
        fresh: &mut u32,
        reentered: &mut HashSet<Name>,
        errs: &mut Vec<Diagnostic>,
    ) -> Vec<Stmt> {
        let mut out = Vec::new();
        for s in stmts {
            let span = s.span;
            let st = |kind| Stmt { kind, span };
            match s.kind {
                S::Synchronized { lock, body } => {
                    let c = match lock.ty {
                        Type::Class(c) => c,
                        _ => {
                            errs.push(Diagnostic::not_supported(span, "this monitor"));
                            continue;
                        }
                    };
                    let Some(h) = (p.features.monitor_owner.get(&c).copied())
                        .filter(|h| self.shared.iter().any(|(_, g, _)| g == h))
                    else {
                        errs.push(Diagnostic::not_supported(
                            span,
                            "a monitor of a class outside the Calvin-R program",
                        ));
                        continue;
                    };
                    *fresh += 1;
                    let k = *fresh;
                    let lock = if matches!(lock.kind, K::This) {
                        lock
                    } else {
                        let v = var(&format!("weft_calvinr_lock{k}"), lock.ty.clone(), span);
                        let read = local(v.name, v.ty.clone(), span);
                        out.push(st(S::Local(v, Some(lock))));
                        read
                    };
                    let holder = Expr::new(K::Field(Box::new(lock.clone()), h), Type::Int, span);
                    let re = Name::from(format!("{REENTERED}{k}"));
                    reentered.insert(re);
                    out.push(st(S::Local(
                        var(re.as_str(), Type::Bool, span),
                        Some(eq(holder.clone(), tid_expr(span))),
                    )));
                    let step = acquire(&lock, h, &holder, tid_expr(span), span);
                    out.push(unless(re, atomic_block(step, span), span));
                    let mut labels = HashSet::new();
                    each_stmt(&body, &mut |x| {
                        if let S::Label(l) = &x.kind {
                            labels.insert(*l);
                        }
                    });
                    syncs.push(SyncCx {
                        lock,
                        holder: h,
                        reentered: re,
                        labels,
                    });
                    let inner = self.desugar_block(p, body.stmts, syncs, fresh, reentered, errs);
                    out.push(st(S::Block(Block {
                        stmts: inner,
                        span: body.span,
                    })));
                    let top = syncs.len() - 1;
                    out.push(release(&syncs[top], fresh, span));
                    syncs.pop();
                }
                S::Return(e) if !syncs.is_empty() => {
                    let e = e.map(|e| {
                        *fresh += 1;
                        let v = var(&format!("weft_calvinr_ret{fresh}"), e.ty.clone(), span);
                        let read = local(v.name, v.ty.clone(), span);
                        out.push(st(S::Local(v, Some(e))));
                        read
                    });
                    for x in syncs.iter().rev() {
                        out.push(release(x, fresh, span));
                    }
                    out.push(st(S::Return(e)));
                }
                S::Goto(l) => {
                    for x in syncs.iter().rev() {
                        if !x.labels.contains(&l) {
                            out.push(release(x, fresh, span));
                        }
                    }
                    out.push(st(S::Goto(l)));
                }
                mut kind => {
                    for blk in crate::core::visit::child_blocks_mut(&mut kind) {
                        let stmts = std::mem::take(&mut blk.stmts);
                        blk.stmts = self.desugar_block(p, stmts, syncs, fresh, reentered, errs);
                    }
                    out.push(st(kind));
                }
            }
        }
        out
    }

    /// A jump (`break`, `continue`). In check 1 and in a body that is one
    /// reduced sequence it is a jump: no sequence ends. With witnesses, a
    /// jump to a label inside the innermost loop's body (`continue`) stays
    /// in the sequence; one to the label right after it (`break`) ends the
    /// sequence as the loop's end does (CUT), then goes to where the next
    /// one starts. Other jumps (out of several loops) are not supported yet.
    fn jump(&self, l: Name, span: Span, cx: &mut Cx, out: &mut Vec<Stmt>) {
        let st = |kind| Stmt { kind, span };
        if cx.mode != Mode::Witnessed {
            out.push(st(S::Goto(l)));
            return;
        }
        // An inlined return: a jump forward within the sequence, unless the
        // inlined body has a loop (then the sequence ends here and at the
        // body's end, and the next starts after it).
        if cx.made.ends.contains(&l) {
            if cx.made.loopy.contains(&l) {
                self.cut(None, false, span, cx, out);
            }
            out.push(st(S::Goto(l)));
            return;
        }
        let Some(lp) = cx.loops.last() else {
            cx.errs.push(Diagnostic::not_supported(
                span,
                "a jump outside a loop in a Calvin-R method with witnesses",
            ));
            return;
        };
        if lp.labels.contains(&l) {
            out.push(st(S::Goto(l)));
        } else if lp.after == Some(l) {
            let exit = lp.exit;
            self.cut(None, false, span, cx, out);
            out.push(st(S::Goto(exit)));
        } else {
            cx.errs.push(Diagnostic::not_supported(
                span,
                "a jump out of more than one loop in a Calvin-R method with witnesses",
            ));
        }
    }

    /// `E_V`: `tid` has each location alone.
    fn exclusive_all(&self, locs: &[Loc], span: Span) -> Expr {
        let tid = tid_expr(span);
        locs.iter()
            .map(|l| self.exclusive(l, &tid))
            .fold(Expr::bool(true, span), and)
    }

    /// One step `when guard do body` over `locs`.
    fn step(
        &self,
        guard: Option<Expr>,
        body: Vec<Stmt>,
        locs: Vec<Loc>,
        span: Span,
        cx: &mut Cx,
        out: &mut Vec<Stmt>,
    ) {
        let st = |kind| Stmt { kind, span };
        let guard = guard.unwrap_or_else(|| Expr::bool(true, span));
        // Only a step that may block may end a sequence (see `cut_before`).
        let blocks = !is_true(&guard);
        let tid = tid_expr(span);
        match cx.mode {
            Mode::Access => {
                self.yield_(cx, span, out);
                out.push(st(S::Assume(guard)));
                for l in &locs {
                    out.push(check(
                        self.accessible(l, &tid),
                        FailureCode::AccessPredicate,
                        span,
                    ));
                }
                out.extend(body);
            }
            Mode::Atomic | Mode::Witnessed => {
                let phase = boolean(PHASE, span);
                // In the right movers: the step, then the phase turns at the
                // first step without exclusive access after it.
                let pre = self.exclusive_all(&locs, span);
                if blocks {
                    self.cut_before(and(pre.clone(), guard.clone()), span, cx, out);
                }
                let mut right = vec![st(S::Assume(guard.clone()))];
                right.extend(body.iter().cloned());
                right.push(st(S::If {
                    cond: not(pre.clone()),
                    then: Block {
                        stmts: vec![set(PHASE, Expr::bool(false, span), span)],
                        span,
                    },
                    els: None,
                }));
                // A left mover: exclusive access before, and it does not
                // block. (With witnesses a non-left-mover here ended the
                // sequence just before: `cut_before`.)
                let mut left = vec![check(and(pre, guard), FailureCode::NotAtomic, span)];
                left.extend(body);
                out.push(st(S::If {
                    cond: phase,
                    then: Block { stmts: right, span },
                    els: Some(Block { stmts: left, span }),
                }));
            }
        }
    }

    /// Action `k` of the spec from the start of sequence `s`, with `\result`.
    fn action(&self, a: &Action, s: u32, result: &Expr, span: Span) -> Expr {
        let l = seg_label(s);
        let pred = subst_tid(a.pred.clone(), &tid_expr(span));
        let pred = at_label(subst_result(pred, result), &l);
        let mods: Vec<Expr> = a
            .modifies
            .iter()
            .map(|m| {
                at_label(
                    subst_tid(subst_result(m.clone(), result), &tid_expr(span)),
                    &l,
                )
            })
            .collect();
        and(Expr { span, ..pred }, self.frame(&mods, &l, span))
    }

    /// The end of a reduced sequence (check 2 with witnesses): it changed
    /// nothing, or it is the action the pc names (the first of the
    /// method); then the environment.
    fn cut(&self, result: Option<&Expr>, end: bool, span: Span, cx: &mut Cx, out: &mut Vec<Stmt>) {
        let any = local(Name::from(ANY), cx.ret.clone(), span);
        let result = result.unwrap_or(&any);
        let (pc, opc) = (integer(PC, span), integer(OPC, span));
        let mut all = Expr::bool(true, span);
        for &start in &cx.starts {
            let skip = and(
                eq(pc.clone(), opc.clone()),
                self.frame(&[], &seg_label(start), span),
            );
            let mut act = Expr::bool(false, span);
            for (k, a) in cx.spec.iter().enumerate() {
                let this = and(
                    and(
                        cx.auto.follows(&opc, k, span),
                        eq(pc.clone(), int(k as i64 + 1, span)),
                    ),
                    self.action(a, start, result, span),
                );
                act = or(act, this);
            }
            let mut ok = or(skip, act);
            if end {
                // The spec's path may end here (`Follows(pc, "end")`).
                ok = and(ok, cx.auto.ends(&pc, span));
            }
            all = and(
                all,
                match cx.starts.len() {
                    1 => ok,
                    _ => implies(eq(integer(SEQ, span), int(start as i64, span)), ok),
                },
            );
        }
        out.push(check(all, FailureCode::ActionMismatch, span));
        self.yield_(cx, span, out);
    }

    /// With witnesses and a spec with `;` or `*`, before a step that may
    /// block (an acquire, a call) and is not a left mover in the left phase
    /// (`left`: it is one): the sequence ends there (the paper's Fig. 8),
    /// the environment runs and the next sequence starts with the step; its
    /// start is a label of its own, which `seq` then names. Elsewhere a
    /// non-left-mover after the non-mover is `notAtomic`: not ending a
    /// sequence only makes the check stricter, and each possible start
    /// costs the prover a case at every later end.
    fn cut_before(&self, left: Expr, span: Span, cx: &mut Cx, out: &mut Vec<Stmt>) {
        if cx.mode != Mode::Witnessed || cx.auto.choice {
            return;
        }
        let st = |kind| Stmt { kind, span };
        cx.next += 1;
        let id = cx.next;
        let mut b = Vec::new();
        self.cut(None, false, span, cx, &mut b);
        b.push(set(SEQ, int(id as i64, span), span));
        b.push(set(OPC, integer(PC, span), span));
        b.push(set(PHASE, Expr::bool(true, span), span));
        out.push(st(S::If {
            cond: and(not(boolean(PHASE, span)), not(left)),
            then: Block { stmts: b, span },
            els: None,
        }));
        out.push(st(S::Label(seg_label(id))));
        cx.starts.push(id);
    }

    /// The start of a reduced sequence.
    fn reset(&self, span: Span, cx: &mut Cx, out: &mut Vec<Stmt>) {
        cx.next += 1;
        cx.cur = cx.next;
        let s = cx.cur;
        out.push(Stmt {
            kind: S::Label(seg_label(s)),
            span,
        });
        out.push(set(SEQ, int(s as i64, span), span));
        out.push(set(OPC, integer(PC, span), span));
        out.push(set(PHASE, Expr::bool(true, span), span));
        cx.starts.push(s);
    }

    /// A return (or the end of the body) with its value.
    fn exit(&self, e: Option<Expr>, span: Span, cx: &mut Cx, out: &mut Vec<Stmt>) {
        match cx.mode {
            Mode::Access => self.yield_(cx, span, out),
            Mode::Atomic => {
                let any = local(Name::from(ANY), cx.ret.clone(), span);
                let r = e.unwrap_or(any);
                // One sequence: one action that may begin and end the
                // spec's path, or a skip if the path may be empty.
                let mut one = match cx.auto.nullable {
                    true => self.frame(&[], &seg_label(0), span),
                    false => Expr::bool(false, span),
                };
                for (k, a) in cx.spec.iter().enumerate() {
                    if cx.auto.first.contains(&k) && cx.auto.last.contains(&k) {
                        one = or(one, self.action(a, 0, &r, span));
                    }
                }
                out.push(check(one, FailureCode::ActionMismatch, span));
            }
            Mode::Witnessed => {
                self.cut(e.as_ref(), true, span, cx, out);
            }
        }
    }

    fn while_(
        &self,
        invariants: Vec<Expr>,
        cond: Expr,
        body: Block,
        span: Span,
        cx: &mut Cx,
        out: &mut Vec<Stmt>,
    ) {
        let st = |kind| Stmt { kind, span };
        let after = cx.after.take();
        if !self.locs_of(&[&cond], cx).is_empty() {
            cx.errs.push(Diagnostic::not_supported(
                cond.span,
                "a loop condition that reads the shared state in a Calvin-R method (read it into a local in the loop)",
            ));
            return;
        }
        let mut invs = self.perms(span);
        invs.extend(invariants);
        match cx.mode {
            Mode::Access => {
                let b = self.sub(body, cx);
                out.push(st(S::While {
                    invariants: invs,
                    cond,
                    body: b,
                }));
            }
            Mode::Atomic => {
                let mut steps = false;
                each_stmt(&body, &mut |s| {
                    steps |= matches!(&s.kind, S::AtomicStep(_));
                });
                let none = Made::default();
                let mut scratch = Cx::new(Mode::Access, &[], Auto::default(), Type::Void, &none);
                let mut v = Vec::new();
                let mut copy = body.clone();
                crate::core::visit::map_body_exprs(&mut copy, &mut |e| {
                    self.locs(&e, &mut v, &mut scratch);
                    e
                });
                steps |= !v.is_empty();
                if steps {
                    cx.errs.push(Diagnostic::not_supported(
                        span,
                        "a loop that accesses the shared state in a method whose performs spec has no witness",
                    ));
                    return;
                }
                let b = self.sub(body, cx);
                out.push(st(S::While {
                    invariants: invs,
                    cond,
                    body: b,
                }));
            }
            Mode::Witnessed => {
                let pc0 = cx.fresh_local(Type::Int, span);
                out.push(st(S::Local(pc0.clone(), Some(integer(PC, span)))));
                let pc0 = local(pc0.name, Type::Int, span);
                invs.push(self.pc_invariant(&body, &pc0, span, cx));
                self.cut(None, false, span, cx, out);
                let mut b = Vec::new();
                // The body's sequences are each iteration's own.
                let outer = std::mem::take(&mut cx.starts);
                self.reset(span, cx, &mut b);
                let mut labels = HashSet::new();
                each_stmt(&body, &mut |x| {
                    if let S::Label(l) = &x.kind {
                        labels.insert(*l);
                    }
                });
                let exit = cx.label("loop_exit");
                cx.loops.push(LoopCx {
                    labels,
                    after,
                    exit,
                });
                self.block(body.stmts, cx, &mut b);
                cx.loops.pop();
                self.cut(None, false, span, cx, &mut b);
                cx.starts = outer;
                out.push(st(S::While {
                    invariants: invs,
                    cond,
                    body: Block {
                        stmts: b,
                        span: body.span,
                    },
                }));
                // Where a `break` goes, its sequence ended.
                out.push(st(S::Label(exit)));
                self.reset(span, cx, out);
            }
        }
    }

    /// The loop's invariant over the pc (`pc0` its value before the loop):
    /// unchanged when each witness in the loop is followed by a return (an
    /// iteration changes no pc), else one of the pcs the spec reaches from
    /// `pc0` (each sequence's end checked `Follows`, so the pc only moves
    /// along the spec).
    fn pc_invariant(&self, body: &Block, pc0: &Expr, span: Span, cx: &Cx) -> Expr {
        let pc = integer(PC, span);
        if witnesses_going_on(body).is_empty() {
            return eq(pc, pc0.clone());
        }
        let mut inv = Expr::bool(false, span);
        for from in 0..=cx.spec.len() {
            let mut to = Expr::bool(false, span);
            for t in cx.auto.reach(from) {
                to = or(to, eq(pc.clone(), int(t as i64, span)));
            }
            inv = or(inv, and(eq(pc0.clone(), int(from as i64, span)), to));
        }
        inv
    }

    /// Check 2 of a body: the locals, the first sequence's start, the
    /// steps, the end.
    fn abstraction(&self, b: Block, cx: &mut Cx) -> Block {
        let span = b.span;
        let mut out = Vec::new();
        let decl = |name: &str, ty: Type, init: Option<Expr>| Stmt {
            kind: S::Local(var(name, ty, span), init),
            span,
        };
        out.push(decl(PHASE, Type::Bool, Some(Expr::bool(true, span))));
        out.push(decl(PC, Type::Int, Some(int(0, span))));
        out.push(decl(OPC, Type::Int, Some(int(0, span))));
        out.push(decl(SEQ, Type::Int, Some(int(0, span))));
        if cx.ret != Type::Void {
            out.push(decl(ANY, cx.ret.clone(), None));
        }
        out.push(Stmt {
            kind: S::Label(seg_label(0)),
            span,
        });
        self.block(b.stmts, cx, &mut out);
        let end = Span {
            start: span.end.saturating_sub(1),
            ..span
        };
        if cx.ret == Type::Void {
            self.exit(None, end, cx, &mut out);
        }
        Block { stmts: out, span }
    }

    /// Once: an environment step keeps each exclusive access (so EA* is EA).
    fn stability(&self, p: &Program, m: MethodId, span: Span) -> Method {
        let st = |kind| Stmt { kind, span };
        let mut b = Vec::new();
        for e in self.perms(span) {
            b.push(st(S::Inhale(e)));
        }
        let tid = tid_expr(span);
        b.push(st(S::Assume(binary(
            BinOp::Gt,
            tid.clone(),
            int(0, span),
            Type::Bool,
        ))));
        let a = Name::from("weft_calvinr_a");
        b.push(st(S::Label(a)));
        b.push(st(S::Havoc(self.all_perms(span))));
        for e in self.env_frame(&a, span) {
            b.push(st(S::Assume(e)));
        }
        for (c, f, ty) in &self.shared {
            let Some(acc) = self.access.get(f) else {
                continue;
            };
            let kept = self.every_loc(*c, *f, ty, acc.span, &|l, _| {
                implies(
                    old(Some(a), self.exclusive(l, &tid)),
                    self.exclusive(l, &tid),
                )
            });
            b.push(check(kept, FailureCode::AccessPredicate, acc.span));
        }
        Method {
            name: Name::from("access_stable"),
            contract: Default::default(),
            body: Some(Block { stmts: b, span }),
            ..p.method(m).clone()
        }
    }
}

/// `atomic: { body }` (one step, `when P do S` with P the leading assumes).
fn atomic_block(body: Vec<Stmt>, span: Span) -> Stmt {
    Stmt {
        kind: S::AtomicStep(Block { stmts: body, span }),
        span,
    }
}

/// `if (!re) { s }`.
fn unless(re: Name, s: Stmt, span: Span) -> Stmt {
    Stmt {
        kind: S::If {
            cond: not(local(re, Type::Bool, span)),
            then: Block {
                stmts: vec![s],
                span,
            },
            els: None,
        },
        span,
    }
}

/// The release of a monitor the block took: `atomic: { o.holder = 0 }`.
fn release(x: &SyncCx, fresh: &mut u32, span: Span) -> Stmt {
    *fresh += 1;
    let free = atomic_block(
        vec![Stmt {
            kind: S::AssignField {
                recv: Box::new(x.lock.clone()),
                field: x.holder,
                value: int(0, span),
            },
            span,
        }],
        span,
    );
    unless(x.reentered, free, span)
}

/// Every array read of `e` (`a[i]`) is well-defined: `a != null && 0 <= i
/// && i < a.length`, each in the state it is read in.
fn in_bounds(e: &Expr, label: Option<Name>, span: Span) -> Expr {
    let mut out = Expr::bool(true, span);
    match &e.kind {
        K::Old(l, inner) => return in_bounds(inner, *l, span),
        K::ArrayIndex(a, i) => {
            let len = Expr::new(
                K::Builtin(crate::core::Builtin::ArrayLength, vec![(**a).clone()]),
                Type::Int,
                span,
            );
            let ok = and(
                nonnull(a),
                and(
                    binary(BinOp::Le, int(0, span), (**i).clone(), Type::Bool),
                    binary(BinOp::Lt, (**i).clone(), len, Type::Bool),
                ),
            );
            out = match label {
                Some(l) => old(Some(l), ok),
                None => ok,
            };
        }
        K::Quant { .. } => return out,
        _ => {}
    }
    each_child(e, &mut |x| {
        out = and(out.clone(), in_bounds(x, label, span))
    });
    out
}

/// `b` without its witnesses.
fn drop_witnesses(b: &mut Block) {
    b.stmts.retain(|s| witness(s).is_none());
    for s in &mut b.stmts {
        crate::core::visit::child_blocks_mut(&mut s.kind)
            .into_iter()
            .for_each(drop_witnesses);
    }
}

/// The witnesses in a loop that are not followed by a return (after which
/// an iteration may follow).
fn witnesses_going_on(b: &Block) -> Vec<Span> {
    let mut bad = Vec::new();
    fn walk(b: &Block, bad: &mut Vec<Span>) {
        for (i, s) in b.stmts.iter().enumerate() {
            if witness(s).is_some()
                && !matches!(b.stmts.get(i + 1).map(|x| &x.kind), Some(S::Return(_)))
            {
                bad.push(s.span);
            }
            for c in crate::core::visit::child_blocks(&s.kind) {
                walk(c, bad);
            }
        }
    }
    walk(b, &mut bad);
    bad
}

/// The label that starts an inlined body (`\old` in it is this state).
const INLINE: &str = "weft_calvinr_inline_";
/// The label that ends an inlined body: its returns jump here.
const INLINED: &str = "weft_calvinr_inlined_";

fn has_loop(b: &Block) -> bool {
    let mut found = false;
    each_stmt(b, &mut |s| found |= matches!(s.kind, S::While { .. }));
    found
}

impl CalvinR {
    /// Calls of methods without a `performs` spec, inlined (the paper's §3:
    /// "If a method does not have a performs annotation, Calvin-R inlines
    /// the method's body at call sites"), before both checks: the callee's
    /// steps are the caller's. `stack` holds the methods being inlined (the
    /// method itself first): a call of one of them is recursion.
    fn inline_calls(
        &self,
        p: &Program,
        b: Block,
        stack: &mut Vec<MethodId>,
        cx: &mut InlineCx,
    ) -> Block {
        let mut out = Vec::new();
        for mut s in b.stmts {
            match take_kind(&mut s) {
                S::Call { target, call } if self.bodies.contains_key(&call.method) => {
                    self.inline_call(p, target, *call, s.span, stack, cx, &mut out);
                }
                mut kind => {
                    for blk in crate::core::visit::child_blocks_mut(&mut kind) {
                        let inner = std::mem::replace(
                            blk,
                            Block {
                                stmts: Vec::new(),
                                span: blk.span,
                            },
                        );
                        *blk = self.inline_calls(p, inner, stack, cx);
                    }
                    out.push(Stmt { kind, span: s.span });
                }
            }
        }
        Block {
            stmts: out,
            span: b.span,
        }
    }

    /// One call inlined: the receiver and the arguments into fresh locals
    /// (each a step of its own when it reads the shared state), the
    /// receiver not null and the callee's precondition as written
    /// (`preFailed`; asserted in check 1, after the environment, assumed in
    /// check 2), then its body with its locals and labels renamed, `this`
    /// and the parameters the fresh locals, `\old` the call's start, each
    /// `return e` an assignment of the result and a jump to the body's end.
    #[allow(clippy::too_many_arguments)]
    fn inline_call(
        &self,
        p: &Program,
        target: Option<Name>,
        call: crate::core::Call,
        span: Span,
        stack: &mut Vec<MethodId>,
        cx: &mut InlineCx,
        out: &mut Vec<Stmt>,
    ) {
        let st = |kind| Stmt { kind, span };
        if stack.contains(&call.method) {
            cx.errs.push(Diagnostic::not_supported(
                span,
                "a recursive call of a method without a performs spec in a Calvin-R method (its body is inlined)",
            ));
            return;
        }
        if call.given.iter().any(Option::is_some) || call.yields.iter().any(Option::is_some) {
            cx.errs.push(Diagnostic::not_supported(
                span,
                "ghost arguments or results of a call in a Calvin-R method",
            ));
            return;
        }
        let callee = &self.callees[&call.method];
        cx.fresh += 1;
        let k = cx.fresh;
        let rename = move |n: Name| Name::from(format!("{}$inl{k}", n.as_str()));
        let recv = call.recv.map(|r| {
            let r = if matches!(r.kind, K::This) {
                r
            } else {
                let v = var(&format!("weft_calvinr_recv{k}"), r.ty.clone(), span);
                let read = local(v.name, v.ty.clone(), span);
                out.push(st(S::Local(v, Some(r))));
                read
            };
            out.push(check(nonnull(&r), FailureCode::InvocationObjectNull, span));
            r
        });
        let method = p.method(call.method);
        let mut renamed: HashSet<Name> = HashSet::new();
        for (param, arg) in method.params.iter().zip(call.args) {
            renamed.insert(param.name);
            let v = Var {
                name: rename(param.name),
                ..param.clone()
            };
            out.push(st(S::Local(v, Some(arg))));
        }
        let mut body = self.bodies[&call.method].clone();
        declared_locals(&body, &mut renamed);
        let start = Name::from(format!("{INLINE}{k}"));
        let end = Name::from(format!("{INLINED}{k}"));
        let result = Name::from(format!("weft_calvinr_result{k}"));
        let map = |e: Expr| as_inlined(e, recv.as_ref(), &start, &renamed, &rename);
        crate::core::visit::map_body_exprs(&mut body, &mut |e| map(e));
        // A witness (a kind of its own) keeps its label: it names the
        // caller's action.
        rename_inlined(&mut body, &renamed, &rename);
        // Then (so that the jumps made here are not renamed) the returns.
        returns_jump_to(&mut body, result, end);
        if has_loop(&body) {
            cx.loopy.insert(end);
        }
        cx.ends.insert(end);
        if callee.ret != Type::Void {
            out.push(st(S::Local(
                var(result.as_str(), callee.ret.clone(), span),
                None,
            )));
        }
        out.push(st(S::Label(start)));
        let tid = tid_expr(span);
        for e in &callee.pre {
            let mut e = subst_tid(e.clone(), &tid);
            if let Some(r) = &recv {
                e = subst_this(e, r);
            }
            for prm in &method.params {
                let by = local(rename(prm.name), prm.ty.clone(), span);
                e = subst_local(e, prm.name, &by);
            }
            out.push(check(
                Expr { span, ..e },
                FailureCode::PreFailed(crate::diag::Reason::False),
                span,
            ));
        }
        stack.push(call.method);
        let body = self.inline_calls(p, body, stack, cx);
        stack.pop();
        out.push(st(S::Block(body)));
        out.push(st(S::Label(end)));
        if let (Some(t), false) = (target, callee.ret == Type::Void) {
            out.push(st(S::AssignLocal(
                t,
                local(result, callee.ret.clone(), span),
            )));
        }
    }
}

/// What inlining a body gives besides the body.
#[derive(Default)]
struct InlineCx {
    fresh: u32,
    errs: Vec<Diagnostic>,
    /// The ends of inlined bodies (their returns jump there).
    ends: HashSet<Name>,
    /// Those of them with a loop: with witnesses, a reduced sequence ends
    /// at each of their returns and at their ends.
    loopy: HashSet<Name>,
}

/// The names the rewrites before both checks (inlining, `synchronized`)
/// made that the checks read.
#[derive(Default)]
struct Made {
    /// The ends of inlined bodies, and those with a loop (`InlineCx`).
    ends: HashSet<Name>,
    loopy: HashSet<Name>,
    /// The locals that record whether a block reentered its monitor.
    reentered: HashSet<Name>,
}

fn mentions_result(e: &Expr) -> bool {
    crate::core::visit::find(e, &|x| matches!(x.kind, K::Result)).is_some()
}

fn conjuncts(e: &Expr, out: &mut Vec<Expr>) {
    match &e.kind {
        K::Binary(BinOp::And, l, r) => {
            conjuncts(l, out);
            conjuncts(r, out);
        }
        _ => out.push(e.clone()),
    }
}

/// `e` with `\old(x)` as `x` (evaluated in the state before a step).
fn strip_old(e: Expr) -> Expr {
    map_expr(e, &mut |x| match x.kind {
        K::Old(None, inner) => *inner,
        kind => Expr { kind, ..x },
    })
}

/// An expression's structure without its spans (to compare two of them).
fn shape_of(e: &Expr) -> String {
    let e = map_expr(e.clone(), &mut |x| Expr {
        span: Span::default(),
        ..x
    });
    format!("{:?}", e)
}

/// Whether `e` is `true` (or a conjunction of `true`s).
fn is_true(e: &Expr) -> bool {
    match &e.kind {
        K::Bool(b) => *b,
        K::Binary(BinOp::And, l, r) => is_true(l) && is_true(r),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::Auto;
    use crate::passes::testing::{after, at, body, method, refused, shape, Java};
    use crate::syntax::ast::PerformsShape as Sh;

    const CELL: &str = "class Cell {
  int m /*@ accessible_if m == 0 || m == tid */;
  int v /*@ accessible_if m == tid */;

  void put(int k) {
    acquire(m);
    v = k;
    release(m);
  }
}";

    #[test]
    fn each_step_after_the_environment_asserts_the_access_predicates_of_what_it_accesses() {
        let p = after(Java, CELL, "calvin_r");
        let b = body(&p, "put");
        // The acquire: when m == 0, with access to m; then m = tid.
        assert!(
            b.contains(
                "(assume (&& true (== (. this m) 0))) \
                 (check-assert accessPredicate (|| (== (. this m) 0) (== (. this m) weft_calvinr_tid))) \
                 (check-assert accessPredicate (|| (== (. this m) 0) (== (. this m) weft_calvinr_tid))) \
                 (= (. this m) weft_calvinr_tid)"
            ),
            "{b}"
        );
        // The write of v needs v's predicate, m == tid.
        assert!(
            b.contains(
                "(assume true) (check-assert accessPredicate (== (. this m) weft_calvinr_tid)) (= (. this v) k)"
            ),
            "{b}"
        );
        // Each step after the environment: a label, the havoc, the frame of
        // what the thread holds exclusively.
        let heads: Vec<String> = shape(&p, "put")
            .into_iter()
            .filter(|s| !s.starts_with("assume") && s != "havoc")
            .collect();
        assert_eq!(
            heads,
            [
                "label weft_calvinr_env_1",
                "check-assert accessPredicate",
                "check-assert accessPredicate",
                "=",
                "label weft_calvinr_env_2",
                "check-assert accessPredicate",
                "=",
                "label weft_calvinr_env_3",
                "check-assert accessPredicate",
                "=",
                "label weft_calvinr_env_4",
            ]
        );
        // The environment's stability, once.
        let stable = shape(&p, "access_stable");
        assert_eq!(
            stable
                .iter()
                .filter(|s| *s == "check-assert accessPredicate")
                .count(),
            3,
            "m, v, holder: {stable:?}"
        );
    }

    #[test]
    fn an_array_field_needs_an_indexed_access_predicate() {
        let text = "class A {
  int[] a /*@ accessible_if true */;
  void m() { }
}";
        let errs = refused(Java, text, "calvin_r");
        assert_eq!(at(text, &errs[0]).0, "notSupported");
        assert!(
            errs[0].message.contains("without an index"),
            "{}",
            errs[0].message
        );
    }

    #[test]
    fn a_spec_s_shape_is_glushkov_s_automaton_over_its_actions() {
        let act = |k| Box::new(Sh::Action(k));
        // A0; (A1)*: begin -A0-> after 0 -A1-> after 1 -A1-> …; ends after
        // either.
        let a = Auto::of(&Sh::Seq(act(0), Box::new(Sh::Star(act(1)))), 2);
        assert_eq!((a.first, a.last, a.nullable), (vec![0], vec![1, 0], false));
        assert_eq!(a.follow, [vec![1], vec![1]]);
        assert!(!a.choice);
        // A0 [] A1: one action.
        let a = Auto::of(&Sh::Choice(act(0), act(1)), 2);
        assert_eq!(
            (a.first, a.last, a.nullable),
            (vec![0, 1], vec![0, 1], false)
        );
        assert!(a.choice && a.follow.iter().all(Vec::is_empty));
    }

    const SEQ: &str = r#"class Two {
  int m /*@ accessible_if m == 0 || m == tid */;
  Two() { /*@ witness "Get"; */ }
  /*@ performs action "Get": (m) { \old(m) == 0 && m == tid }; action "Put": (m) { m == 0 } */
  void both() {
    acquire(m);
    /*@ witness "Get"; */
    release(m);
    /*@ witness "Put"; */
  }
}"#;

    #[test]
    fn a_witness_sets_the_pc_to_its_action_in_the_performs_check_and_is_gone() {
        let p = after(Java, SEQ, "calvin_r");
        // Check 2: each witness sets the pc to its action (k + 1); each
        // sequence's end checks the pc moved along the spec: Get from the
        // start, Put after Get.
        let check2 = body(&p, "performs");
        assert!(check2.contains("(= weft_calvinr_pc 1)"), "{check2}");
        assert!(check2.contains("(= weft_calvinr_pc 2)"), "{check2}");
        assert!(
            check2.contains("(== weft_calvinr_opc 0)")
                && check2.contains("(== weft_calvinr_opc 1)"),
            "{check2}"
        );
        // Nowhere a witness: check 1 and the constructor drop theirs.
        for m in &p.methods {
            let b = crate::core::print::block(&p, m.body.as_ref().expect("a body"));
            assert!(!b.contains("(witness"), "{}: {b}", m.name);
        }
        assert!(!body(&p, "both").contains("weft_calvinr_pc"));
        // The spec is read by id: no member carries it.
        assert!(p
            .methods
            .iter()
            .all(|m| !m.name.as_str().starts_with("weft_")));
        assert_eq!(method(&p, "Two.both").given.len(), 1, "the thread's id");
    }

    #[test]
    fn a_witness_of_no_action_of_the_spec_is_refused() {
        let text = r#"class W {
  int m /*@ accessible_if m == tid */;
  /*@ performs action "A": (m) { true } */
  void w() { m = tid; /*@ witness "B"; */ }
}"#;
        let errs = refused(Java, text, "calvin_r");
        assert_eq!(
            at(text, &errs[0]),
            ("notSupported".into(), r#"witness "B";"#)
        );
    }
}
