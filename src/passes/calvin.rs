//! Calvin's rely/guarantee check (Flanagan, Freund, Qadeer, Seshia: "Modular
//! verification of multithreaded programs", TCS 2005, and the TMV tech note):
//! each thread is verified on its own, sequentially, against an environment
//! that may interleave any steps allowed by the environment assumption.
//!
//! The rule, as the papers state it: for every thread `tid`, with `E(tid)`
//! its environment assumption (an action: a two-state predicate, `\old(x)`
//! before, `x` after) and `I` the global invariant,
//!
//! ```text
//!   for every thread tid:
//!     { pre ∧ I }  E(tid)* ; S1 ; E(tid)* ; S2 ; … ; E(tid)* ; Sn ; E(tid)*  { post }
//!   and every own atomic step Sk satisfies the guarantee
//!     G(tid) = ∀ j ≠ tid. E(j)   (and keeps I)
//!   ─────────────────────────────────────────────────────────────────────────
//!   the threads running together keep I and each meets its contract
//! ```
//!
//! Each `E(tid)` is checked once to be reflexive and transitive, so `E*` is
//! `E` (Calvin §6.4). The encoding (Boogie only: the program has no
//! permission-based meaning, and `--backend silicon` refuses it at once):
//!
//! ```text
//! shared state        every field of the unit's classes; the method holds
//!                     write permission to all of it (forall* o != null),
//!                     so reads and writes check nothing but nullness
//! E(tid)* (a yield)   label L; exhale all; inhale all    (havoc the shared state)
//!                     assume E(tid)[\old := old[L]]; assume I
//! own step S          E(tid)*; label P; S;
//!  (a shared write)   assert (forall j > 0, j != tid. E(j)[\old := old[P]]);  assert I
//! synchronized (o) B  o' = o; held = (o'.holder == tid);
//!                     if (!held) { E*; label P; assume o'.holder == 0;
//!                       o'.holder = tid; guarantee } B′;
//!                     if (!held) { E*; label P'; o'.holder = 0; guarantee }
//!                     (the release also before a return or jump out of B)
//! a[i] / a[i] = v     E*; r = a[i] / E*; label P; a[i] = v; guarantee
//! call m(a) (no       E*; r_j = a_j (each read a step); assert pre_m;
//!  abstraction)       label S; m's body (this, params := r; \old := S;
//!                     return e := res = e; goto end); end: assert post_m
//! end of the body     E*  (before each return too)
//! atomic: { B }       E*; label P; B; guarantee          (one step)
//! g = e (g ghost)     E*; label P; g = e; guarantee      (e's one read in the step)
//! call m(a) (m with   check pre; label S; E*; for each action i:
//!  an abstraction,      label Q; havoc; assume only v_i changed; assume e_i[Q];
//!  c empty)             guarantee; E*
//!                     assume post[\old := S]
//! body of m           pc = 1; after each own write, from P:
//!                       if pc == i && e_i[P] && only c ∪ v_i changed { pc = i + 1 }
//!                       else { assert only c changed; guarantee }   (abstraction)
//!                     at each exit: assert pc == n + 1                (abstraction)
//! ```
//!
//! `E(j)` is the conjunction, over the annotated classes `C` and every
//! object `o` of `C`, of each `env_assumption` clause and of `\old(P) ==>
//! f == \old(f)` for each `unwritable_by_env_if P` on a field `f`, with
//! `this := o` and `tid := j`, and the monitor rule (a monitor the thread
//! holds stays held by it, one it does not hold is not given to it:
//! `\old(o.holder) == j <==> o.holder == j`). Thread ids are positive
//! integers; `main` is 1; a free monitor's `holder` is 0.
//!
//! A statement is one atomic step when it accesses the shared state at most
//! once; an assignment of a shared field whose value or receiver reads the
//! shared state is split (the read into a local first, then the write). A
//! condition or value that reads the shared state twice under `&&`, `||`,
//! `==>` or `?:` is not supported (read it into locals first), nor are calls
//! of abstracted methods with a non-empty `modifies`, `new`, arrays of a
//! type no shared field has, and the permission statements in a thread's
//! code. The exceptions are the programmer's: `atomic: { B }` (the papers'
//! atomic guarded steps, CAS) is one step, and a ghost field's accesses are
//! no steps of their own.
//!
//! Arrays (Calvin §7.3's `Vector`): every element of every array whose type
//! a shared field has is shared (`forall* a: T[], k. 0 <= k < a.length ==>
//! Perm(a[k], write)`, injective without assumptions: an element belongs to
//! one array, at one index); `a[i]` is a read step (after the read of `a`,
//! if `a` is a field), `a[i] = v` a write step; `a.length` is no access (a
//! length never changes). The element's bounds are the encoder's check of
//! every array access (`arrayBounds`, `arrayNull`), made where the step is.
//! No `E` clause names an element, so the environment may change any
//! element at any step, and an own element write meets the guarantee
//! unless `I` says otherwise.
//!
//! `synchronized (o) B` is reentrant, as Java's monitors are: `o` is read
//! once into a local, `held = o.holder == tid` (no step: by the monitor
//! rule the environment neither gives nor takes a monitor of this thread,
//! so the test has the same answer at any point between own steps); unless
//! held, the acquire step; B; unless held, the release step, also at a
//! `return` or a jump out of B. A thread starts holding no monitor (an
//! abstracted method, called from code that may hold some, is checked for
//! both).
//!
//! Calls of methods without an abstraction are inlined, as Calvin inlines
//! non-public methods: the receiver's and the arguments' reads are steps of
//! their own (in order, into fresh locals standing for `this` and the
//! parameters), the callee's precondition as written is asserted
//! (`preFailed`), its body, with locals and labels renamed, `\old` at the
//! call and each `return` a jump to its end, is lowered as the caller's own
//! code (its steps after the environment, its writes against the guarantee,
//! its monitors taken unless the caller holds them), and its postcondition
//! as written is asserted where it ends (`postFailed`). Sound because the
//! inlined code is exactly what the caller's thread runs: its steps are
//! checked in the caller's state, with the caller's monitors, under the same
//! environment as the caller's own. A method that another method calls is
//! not also a thread of its own (its body is `assume false` as a procedure):
//! the threads are the methods nothing calls, and a called method runs only
//! inside them (Vector's `lastIndexOf(Object, int)`, whose index is its
//! caller's business, is checked only where `lastIndexOf(Object)` calls
//! it). Calls that reach their caller again are refused (inlining would not
//! end). A call of a library method without a body whose contract says
//! nothing (every clause `true`), such as `Object.equals`, is an unknown
//! result and no step of its own: that assumes it reads and writes no field
//! of the program, as `Object.equals` of weft's library is documented to.
//!
//! Why sound: the environment steps before each own step over-approximate
//! any interleaving of other threads' steps, each of which satisfies the
//! other thread's guarantee, that is this thread's `E` (the guarantee checks
//! of the other threads are the same checks with the roles swapped), and
//! `E*` is `E` because `E` is reflexive and transitive (checked). A failing
//! guarantee conjunct is reported at the own step: `envAssumption` ("write of
//! a variable when not allowed") for an `unwritable_by_env_if`, `guarantee`
//! for an `env_assumption`, `globalInvariant` for `I`.
//!
//! Method abstractions (Calvin §6.3) are sound by the paper's simulation
//! rule: the body is simulated by `A(p) = pre?; <G ∧ I>_c*; <e_1 ∧ G ∧
//! I>_{c∪v_1}; …; <G ∧ I>_c*; post` when each of its own steps, after the
//! environment, is either a stutter (changes only `c`, keeps G and I: checked
//! in the body) or the next action (changes only `c ∪ v_i`, satisfies `e_i`:
//! checked in the body, the pc moves on), and it ends with every action done
//! (pc). A call inlines `A(p)` (Calvin's InlineAbs) with the environment
//! before each atomic step; each action's G and I are checked there, with
//! the caller's knowledge, as Calvin checks the inlined abstraction. Calls
//! are supported only when `c` is empty, so that the stutters change nothing
//! and `(E ∪ stutter)*` is `E*`. The tid is a ghost (`given`) parameter so
//! that the checker accepts calls without it; a call site passes its own.
//! An abstracted method is verified as a procedure: its actions' guarantee
//! is checked where it is called, not when it runs as a thread of its own.
//! E's reflexivity and transitivity are checked between states satisfying I:
//! every state an environment step starts or ends in does (each thread starts
//! in I, each step keeps it, and the yield assumes it).
//!
//! Not checked yet (each thread assumes it): that the initial state, as the
//! program's initialization leaves it, satisfies `I` and each thread's
//! precondition; thread ids are assumed distinct.
//!
//! Removes: nothing from the core language for other programs; in a Calvin
//! program (a unit with the annotations) it removes from every method with a
//! body in its classes `synchronized` and `tid` (`\current_thread`), and the
//! annotations' spec-only members lose their contracts.

use super::{Lower, Out, Pass};
use crate::core::visit::{each_child, map_expr, subst_this};
use crate::core::{
    Block, ClassId, Expr, ExprKind as K, FieldId, Method, MethodId, Program, Stmt, StmtKind as S,
    Type, Var,
};
use crate::diag::{Diagnostic, FailureCode};
use crate::name::Name;
use crate::syntax::ast::{BinOp, Quantifier};
use crate::syntax::java::builders::{
    CALVIN_ACTION, CALVIN_ENV, CALVIN_GHOST, CALVIN_INVARIANT, CALVIN_UNWRITABLE,
};
use crate::syntax::span::Span;
use std::collections::{HashMap, HashSet};

pub const PASS: Pass = Pass {
    name: "calvin",
    description: "rely/guarantee (Calvin): each thread sequentially, the environment before each step, the guarantee after each write",
    declare: declarations,
    removes: |_| false,
    removes_expr: |_| false,
};

/// The parameter that carries the thread's id.
const TID: &str = "weft_calvin_tid";

/// The label that marks a block `atomic: { … }` (one atomic step of a
/// thread, as Plato's CAS instruction; the front end keeps it).
pub const ATOMIC_MARK: &str = "weft_calvin_atomic_";

/// Whether a unit's members carry Calvin's annotations (for the backend check).
pub fn is_calvin_name(name: &str) -> bool {
    name.starts_with("weft_calvin_")
}

/// Whether the program has Calvin's annotations, so that the pass reads the
/// bodies of the methods whose calls it inlines: the pipeline checks its
/// bodies before the passes' declarations.
pub fn inlines_bodies(p: &Program) -> bool {
    p.methods.iter().any(|m| is_calvin_name(&m.name))
}

/// One annotation: a clause of `E` (over `this`, `tid`, `\old`) or of `I`.
#[derive(Clone)]
struct Clause {
    class: ClassId,
    expr: Expr,
    /// The failure code of a step that breaks it.
    code: FailureCode,
}

struct Calvin {
    /// The shared fields, with their classes and types.
    shared: Vec<(ClassId, FieldId, Type)>,
    /// Each thread's precondition as written (`tid` substituted): checked
    /// where a call of it is inlined.
    user_pres: HashMap<MethodId, Vec<Expr>>,
    /// Each thread's postcondition as written: checked at the end of an
    /// inlined body.
    user_posts: HashMap<MethodId, Vec<Expr>>,
    /// The library methods a call of which is an unknown value (see
    /// [`opaque_methods`]).
    opaque: HashSet<MethodId>,
    /// The methods another method calls (and inlines): not threads of
    /// their own.
    called: HashSet<MethodId>,
    /// The bodies of the threads without an abstraction, as checked: a
    /// call of one is inlined.
    bodies: HashMap<MethodId, Block>,
    /// The array types among their types: every element of every array of
    /// such a type is shared (an element read or write is a step).
    arrays: Vec<Type>,
    /// The ghost fields among them: an access is no step of its own.
    ghost: HashSet<FieldId>,
    /// The environment assumption's clauses (each for every object of its class).
    env: Vec<Clause>,
    /// The global invariant's clauses.
    inv: Vec<Clause>,
    /// The threads' methods.
    threads: HashSet<MethodId>,
    /// The method whose lowering also makes E's reflexivity and transitivity check.
    first: Option<MethodId>,
    /// The methods with an abstraction.
    abs: HashMap<MethodId, Abstraction>,
}

/// A method's abstraction (Calvin §6.3): `requires pre; modifies c; action:
/// also_modifies v1 ensures e1; …; ensures post`. The locations are field
/// reads `r.f` (`r` reads no shared state).
struct Abstraction {
    pre: Vec<Expr>,
    modifies: Vec<Expr>,
    /// Each action: its two-state predicate and what it also modifies.
    actions: Vec<(Expr, Vec<Expr>)>,
    post: Vec<Expr>,
    params: Vec<Name>,
}

/// The ghost program counter of a body checked against its abstraction;
/// the body may declare it (`//@ ghost int pc = 1;`, never assigned) to
/// mention it in loop invariants.
const PC: &str = "weft_calvin_pc";
const USER_PC: &str = "pc";

struct Inactive;

impl Lower for Inactive {
    fn body(&self, _: &Program, _: MethodId, _: &mut Block, _: &mut Out) {}
}

fn declarations(p: &mut Program, errs: &mut Vec<Diagnostic>) -> Box<dyn Lower> {
    let mut env = Vec::new();
    let mut inv = Vec::new();
    let mut classes = HashSet::new();
    let mut ghost = HashSet::new();
    let mut frames: Vec<(ClassId, Span, Expr, Vec<Expr>)> = Vec::new();
    for m in &mut p.methods {
        let Some(class) = m.class else { continue };
        let name = m.name.as_str();
        if let Some(f) = name
            .strip_prefix(CALVIN_GHOST)
            .and_then(|n| n.strip_prefix('$'))
        {
            ghost.extend(p_fields_named(&p.fields, class, f));
            continue;
        }
        if name.starts_with(CALVIN_ACTION) {
            let mut es = std::mem::take(&mut m.contract.ensures);
            let e = es.remove(0);
            let locs = es
                .into_iter()
                .filter_map(|x| match x.kind {
                    K::Binary(BinOp::Eq, l, _) => Some(*l),
                    _ => None,
                })
                .collect();
            frames.push((class, m.span, e, locs));
            classes.insert(class);
            continue;
        }
        let code = if name.starts_with(CALVIN_ENV) {
            FailureCode::Guarantee
        } else if name.starts_with(CALVIN_UNWRITABLE) {
            FailureCode::EnvAssumption
        } else if name.starts_with(CALVIN_INVARIANT) {
            FailureCode::GlobalInvariant
        } else {
            continue;
        };
        classes.insert(class);
        for e in std::mem::take(&mut m.contract.ensures) {
            let c = Clause {
                class,
                expr: e,
                code,
            };
            if code == FailureCode::GlobalInvariant {
                inv.push(c);
            } else {
                env.push(c);
            }
        }
    }
    if classes.is_empty() {
        refuse_frames(p, &[], errs);
        return Box::new(Inactive);
    }
    // Every class of the unit has the monitor field `holder` (the front end).
    let holder = |p: &Program, c: ClassId| {
        p.class(c)
            .fields
            .iter()
            .copied()
            .find(|f| p.field(*f).name == "holder")
    };
    let calvin_classes: Vec<ClassId> = (0..p.classes.len() as u32)
        .map(ClassId)
        .filter(|c| holder(p, *c).is_some())
        .collect();
    let mut shared = Vec::new();
    for &c in &calvin_classes {
        for &f in &p.class(c).fields {
            shared.push((c, f, p.field(f).ty.clone()));
        }
        // The monitor rule: a monitor held by the thread stays held by it,
        // one it does not hold is not given to it.
        if let Some(h) = holder(p, c) {
            let span = p.class(c).span;
            let this = Expr::new(K::This, Type::Class(c), span);
            let read = Expr::new(K::Field(Box::new(this), h), Type::Int, span);
            let tid = Expr::new(K::CurrentThread, Type::Int, span);
            let before = eq(old(None, read.clone()), tid.clone());
            let after = eq(read, tid);
            env.push(Clause {
                class: c,
                expr: bin(BinOp::Eq, before, after, Type::Bool),
                code: FailureCode::Guarantee,
            });
        }
    }
    refuse_frames(p, &calvin_classes, errs);
    let abs = abstractions(p, &calvin_classes, frames, errs);
    let monitors: Vec<(ClassId, FieldId)> = calvin_classes
        .iter()
        .filter_map(|&c| holder(p, c).map(|h| (c, h)))
        .collect();
    let mut threads = HashSet::new();
    let mut user_pres = HashMap::new();
    let mut user_posts = HashMap::new();
    let mut bodies = HashMap::new();
    for (i, m) in p.methods.iter_mut().enumerate() {
        let Some(c) = m.class else { continue };
        // (Bodies are not there yet when declarations are rewritten.)
        if !calvin_classes.contains(&c) || m.is_constructor || is_calvin_name(&m.name) {
            continue;
        }
        threads.insert(MethodId(i as u32));
        let span = m.span;
        let tid = Var {
            name: Name::from(TID),
            ty: Type::Int,
            span,
        };
        // A ghost parameter: calls in the bodies (checked later) pass none.
        m.given.push(tid);
        let tid = tid_expr(span);
        for e in m.contract.exprs_mut() {
            let x = std::mem::replace(e, Expr::bool(true, span));
            *e = subst_tid(x, &tid);
        }
        let mut pre = Vec::new();
        if m.is_static && m.name == "main" {
            // `main` runs on the main thread.
            pre.push(eq(tid.clone(), int(1, span)));
        } else {
            pre.push(bin(BinOp::Gt, tid.clone(), int(0, span), Type::Bool));
        }
        user_pres.insert(MethodId(i as u32), m.contract.requires.clone());
        user_posts.insert(MethodId(i as u32), m.contract.ensures.clone());
        if let Some(b) = &m.body {
            if !abs.contains_key(&MethodId(i as u32)) {
                bodies.insert(MethodId(i as u32), b.clone());
            }
        }
        let mut all = all_perms(&shared, span);
        all.extend(element_perms(&array_types(&shared), span));
        pre.extend(all.iter().cloned());
        if !abs.contains_key(&MethodId(i as u32)) {
            // A thread starts holding no monitor. (An abstracted method is
            // a procedure: it may be called holding some, and is checked
            // for both, since Java's monitors are reentrant.)
            for &(c, h) in &monitors {
                let this = Expr::new(K::This, Type::Class(c), span);
                let read = Expr::new(K::Field(Box::new(this), h), Type::Int, span);
                let free = bin(BinOp::Ne, read, tid.clone(), Type::Bool);
                pre.push(every_object(c, free, "weft_calvin_o"));
            }
        }
        m.contract.requires.splice(0..0, pre);
        // First: the other clauses are evaluated with the permissions.
        m.contract.ensures.splice(0..0, all);
    }
    // Tids in the clauses stay CurrentThread until instantiated per thread.
    let first = threads.iter().min().copied();
    let called = called_methods(p, &bodies, errs);
    let opaque = opaque_methods(p, &calvin_classes);
    let calvin = Calvin {
        opaque,
        user_pres,
        user_posts,
        called,
        bodies,
        arrays: array_types(&shared),
        shared,
        ghost,
        env,
        inv,
        threads,
        first,
        abs,
    };
    // The invariant is assumed at each thread's start.
    for &m in &calvin.threads {
        let span = p.method(m).span;
        let i = calvin.invariant(p, span);
        p.methods[m.0 as usize].contract.requires.push(i);
    }
    Box::new(calvin)
}

/// The methods outside the Calvin classes without a body, a contract that
/// says nothing (every clause `true`) and no ghost parameters or results,
/// such as `Object.equals`: a call of one in a thread is an unknown result
/// (a fresh value) and no step of its own (its arguments' reads are). This
/// assumes that such a method reads and writes no field of the program
/// (`Object.equals` of the library is so documented).
fn opaque_methods(p: &Program, classes: &[ClassId]) -> HashSet<MethodId> {
    let trivial = |es: &[Expr]| es.iter().all(|e| matches!(e.kind, K::Bool(true)));
    p.methods
        .iter()
        .enumerate()
        .filter(|(_, m)| {
            m.class.is_some_and(|c| !classes.contains(&c))
                && !m.is_constructor
                && m.body.is_none()
                && m.given.is_empty()
                && m.yields.is_empty()
                && trivial(&m.contract.requires)
                && trivial(&m.contract.ensures)
                && m.contract.modifies.is_empty()
        })
        .map(|(i, _)| MethodId(i as u32))
        .collect()
}

/// The methods with a body to inline that another method calls; a cycle of
/// such calls is refused (its inlining would not end).
fn called_methods(
    p: &Program,
    bodies: &HashMap<MethodId, Block>,
    errs: &mut Vec<Diagnostic>,
) -> HashSet<MethodId> {
    let mut calls: HashMap<MethodId, Vec<(MethodId, Span)>> = HashMap::new();
    for (&m, b) in bodies {
        crate::core::visit::each_stmt(b, &mut |s| {
            if let S::Call { call, .. } = &s.kind {
                if bodies.contains_key(&call.method) {
                    calls.entry(m).or_default().push((call.method, s.span));
                }
            }
        });
    }
    let mut called = HashSet::new();
    for (&m, cs) in &calls {
        for &(c, _) in cs {
            if c != m {
                called.insert(c);
            }
        }
    }
    // A call from m to a method that reaches m.
    let reaches = |from: MethodId, to: MethodId| {
        let mut seen = HashSet::new();
        let mut todo = vec![from];
        while let Some(x) = todo.pop() {
            if x == to {
                return true;
            }
            if seen.insert(x) {
                todo.extend(calls.get(&x).into_iter().flatten().map(|(c, _)| *c));
            }
        }
        false
    };
    let mut ms: Vec<&MethodId> = calls.keys().collect();
    ms.sort();
    for &m in ms {
        for &(c, span) in &calls[&m] {
            if reaches(c, m) {
                errs.push(Diagnostic::not_supported(
                    span,
                    "a recursive call in a Calvin thread (a call of a method without an abstraction is inlined)",
                ));
            }
        }
    }
    let _ = p;
    called
}

/// Ties each `modifies`/`action:` annotation to the method whose prefix holds
/// it (the first method of its class that ends after it), in source order.
fn abstractions(
    p: &Program,
    classes: &[ClassId],
    mut frames: Vec<(ClassId, Span, Expr, Vec<Expr>)>,
    errs: &mut Vec<Diagnostic>,
) -> HashMap<MethodId, Abstraction> {
    frames.sort_by_key(|f| (f.1.file.0, f.1.start));
    let mut abs: HashMap<MethodId, Abstraction> = HashMap::new();
    let new = |m: &crate::core::Method| Abstraction {
        pre: m.contract.requires.clone(),
        modifies: m.contract.modifies.clone(),
        actions: Vec::new(),
        post: m.contract.ensures.clone(),
        params: m.params.iter().map(|v| v.name).collect(),
    };
    for (i, m) in p.methods.iter().enumerate() {
        if !m.contract.modifies.is_empty() {
            only_fields(&m.contract.modifies, errs);
            abs.insert(MethodId(i as u32), new(m));
        }
    }
    for (class, span, action, locs) in frames {
        let owner = p
            .methods
            .iter()
            .enumerate()
            .filter(|(_, m)| {
                m.class == Some(class)
                    && classes.contains(&class)
                    && !is_calvin_name(&m.name)
                    && !m.is_constructor
                    && m.span.file == span.file
                    && m.span.end > span.end
            })
            .min_by_key(|(_, m)| m.span.end);
        let Some((i, m)) = owner else {
            errs.push(Diagnostic::not_supported(
                span,
                "a method abstraction that precedes no method",
            ));
            continue;
        };
        only_fields(&locs, errs);
        let a = abs.entry(MethodId(i as u32)).or_insert_with(|| new(m));
        a.actions.push((action, locs));
    }
    abs
}

/// A method abstraction names fields: `x` or `o.x`.
fn only_fields(locs: &[Expr], errs: &mut Vec<Diagnostic>) {
    for l in locs {
        if !matches!(l.kind, K::Field(..)) {
            errs.push(Diagnostic::not_supported(
                l.span,
                "this location in a method abstraction (a field, `x` or `o.x`)",
            ));
        }
    }
}

/// A `modifies` clause means a method abstraction's frame, only in the
/// classes of a Calvin program; anywhere else weft does not check it, so it
/// says so instead of ignoring it.
fn refuse_frames(p: &mut Program, classes: &[ClassId], errs: &mut Vec<Diagnostic>) {
    for m in &mut p.methods {
        let calvin = m.class.is_some_and(|c| classes.contains(&c)) && !m.is_constructor;
        if !calvin {
            for e in std::mem::take(&mut m.contract.modifies) {
                errs.push(Diagnostic::not_supported(
                    e.span,
                    "`modifies` outside a history model or a Calvin class (one with env_assumption, global_invariant or unwritable_by_env_if)",
                ));
            }
        }
    }
}

/// Whether `b` is an `atomic: { … }` block.
pub(super) fn is_atomic(b: &Block) -> bool {
    matches!(b.stmts.first(), Some(Stmt { kind: S::Label(l), .. }) if l.as_str().starts_with(ATOMIC_MARK))
}

/// The field of class `c` named `name`.
fn p_fields_named(fields: &[crate::core::Field], c: ClassId, name: &str) -> Option<FieldId> {
    fields
        .iter()
        .position(|f| f.class == c && f.name == name)
        .map(|i| FieldId(i as u32))
}

pub(super) fn tid_expr(span: Span) -> Expr {
    Expr::new(K::Local(Name::from(TID)), Type::Int, span)
}

pub(super) fn int(i: i64, span: Span) -> Expr {
    Expr::new(K::Int((i as i128).into()), Type::Int, span)
}

pub(super) fn bin(op: BinOp, l: Expr, r: Expr, ty: Type) -> Expr {
    let span = l.span;
    Expr::binary(op, l, r, ty, span)
}

pub(super) fn eq(l: Expr, r: Expr) -> Expr {
    bin(BinOp::Eq, l, r, Type::Bool)
}

pub(super) fn and(l: Expr, r: Expr) -> Expr {
    bin(BinOp::And, l, r, Type::Bool)
}

pub(super) fn implies(l: Expr, r: Expr) -> Expr {
    bin(BinOp::Implies, l, r, Type::Bool)
}

pub(super) fn old(label: Option<Name>, e: Expr) -> Expr {
    let (ty, span) = (e.ty.clone(), e.span);
    Expr::new(K::Old(label, Box::new(e)), ty, span)
}

pub(super) fn subst_tid(e: Expr, by: &Expr) -> Expr {
    map_expr(e, &mut |x| match x.kind {
        K::CurrentThread => Expr {
            span: x.span,
            ..by.clone()
        },
        _ => x,
    })
}

/// `\old(e)` becomes `old[label](e)`.
pub(super) fn at_label(e: Expr, label: &Name) -> Expr {
    map_expr(e, &mut |x| match x.kind {
        K::Old(None, inner) => Expr {
            kind: K::Old(Some(*label), inner),
            ..x
        },
        kind => Expr { kind, ..x },
    })
}

/// `forall o: C :: o != null ==> body[this := o]`.
pub(super) fn every_object(c: ClassId, body: Expr, name: &str) -> Expr {
    let span = body.span;
    let var = Var {
        name: Name::from(name),
        ty: Type::Class(c),
        span,
    };
    let o = Expr::new(K::Local(var.name), var.ty.clone(), span);
    let nonnull = non_null(o.clone(), span);
    let body = subst_this(body, &o);
    let ty = body.ty.clone();
    let q = if ty == Type::Resource {
        Quantifier::ForallStar
    } else {
        Quantifier::Forall
    };
    Expr::new(
        K::Quant {
            q,
            vars: vec![var].into(),
            triggers: Vec::new().into(),
            body: Box::new(implies_ty(nonnull, body, ty.clone())),
        },
        ty,
        span,
    )
}

pub(super) fn implies_ty(l: Expr, r: Expr, ty: Type) -> Expr {
    bin(BinOp::Implies, l, r, ty)
}

/// The array types of the shared fields, each once: every element of every
/// array of such a type is shared.
fn array_types(shared: &[(ClassId, FieldId, Type)]) -> Vec<Type> {
    let mut out: Vec<Type> = Vec::new();
    for (_, _, ty) in shared {
        if matches!(ty, Type::Array(_)) && !out.contains(ty) {
            out.push(ty.clone());
        }
    }
    out
}

/// Write permission to every element of every array of each type:
/// `forall* a: T[], k: int :: a != null && 0 <= k && k < a.length ==>
/// Perm(a[k], write)` (injective: an element is one array's, at one index).
fn element_perms(arrays: &[Type], span: Span) -> Vec<Expr> {
    arrays
        .iter()
        .filter_map(|ty| {
            let Type::Array(elem) = ty else { return None };
            let a = Var {
                name: Name::from("weft_calvin_a"),
                ty: ty.clone(),
                span,
            };
            let k = Var {
                name: Name::from("weft_calvin_k"),
                ty: Type::Int,
                span,
            };
            let ae = Expr::new(K::Local(a.name), ty.clone(), span);
            let ke = Expr::new(K::Local(k.name), Type::Int, span);
            let len = Expr::new(
                K::Builtin(crate::core::Builtin::ArrayLength, vec![ae.clone()]),
                Type::Int,
                span,
            );
            let range = and(
                non_null(ae.clone(), span),
                and(
                    bin(BinOp::Le, int(0, span), ke.clone(), Type::Bool),
                    bin(BinOp::Lt, ke.clone(), len, Type::Bool),
                ),
            );
            let loc = Expr::new(
                K::ArrayIndex(Box::new(ae), Box::new(ke)),
                (**elem).clone(),
                span,
            );
            let perm = write_perm(loc, span);
            Some(Expr::new(
                K::Quant {
                    q: Quantifier::ForallStar,
                    vars: vec![a, k].into(),
                    triggers: Vec::new().into(),
                    body: Box::new(implies_ty(range, perm, Type::Resource)),
                },
                Type::Resource,
                span,
            ))
        })
        .collect()
}

/// Write permission to every shared field of every object, one clause per field.
pub(super) fn all_perms(shared: &[(ClassId, FieldId, Type)], span: Span) -> Vec<Expr> {
    shared
        .iter()
        .map(|(c, f, ty)| {
            let (c, f) = (*c, *f);
            let this = Expr::new(K::This, Type::Class(c), span);
            let loc = Expr::new(K::Field(Box::new(this), f), ty.clone(), span);
            every_object(c, write_perm(loc, span), "weft_calvin_o")
        })
        .collect()
}

impl Calvin {
    /// `I` for every object.
    fn invariant(&self, p: &Program, span: Span) -> Expr {
        let _ = p;
        self.inv
            .iter()
            .map(|c| every_object(c.class, c.expr.clone(), "weft_calvin_o"))
            .reduce(and)
            .unwrap_or_else(|| Expr::bool(true, span))
    }

    fn perms(&self, _: &Program, span: Span) -> Vec<Expr> {
        let mut all = all_perms(&self.shared, span);
        all.extend(element_perms(&self.arrays, span));
        all
    }

    /// `E(j)`'s clauses for thread `j`, two-state from `label`.
    fn env_of(&self, j: &Expr, label: &Name) -> Vec<(Expr, FailureCode)> {
        self.env
            .iter()
            .map(|c| {
                let e = at_label(subst_tid(c.expr.clone(), j), label);
                (every_object(c.class, e, "weft_calvin_o"), c.code)
            })
            .collect()
    }

    /// `E(tid)*`: the environment's steps (a yield).
    fn yield_(&self, p: &Program, span: Span, fresh: &mut u32, out: &mut Vec<Stmt>) {
        let label = self.label("env", fresh);
        let st = |kind| Stmt { kind, span };
        out.push(st(S::Label(label)));
        for e in self.perms(p, span) {
            out.push(st(S::Exhale(e)));
        }
        for e in self.perms(p, span) {
            out.push(st(S::Inhale(e)));
        }
        for (e, _) in self.env_of(&tid_expr(span), &label) {
            out.push(st(S::Assume(e)));
        }
        out.push(st(S::Assume(self.invariant(p, span))));
    }

    fn label(&self, what: &str, fresh: &mut u32) -> Name {
        *fresh += 1;
        Name::from(format!("weft_calvin_{what}_{fresh}"))
    }

    /// The guarantee after an own step that began at `label`.
    fn guarantee(&self, _p: &Program, label: &Name, span: Span, out: &mut Vec<Stmt>) {
        // I first: E's clauses may read what I makes well-defined.
        for c in &self.inv {
            out.push(Stmt {
                kind: S::Check {
                    exhale: false,
                    expr: every_object(c.class, c.expr.clone(), "weft_calvin_o"),
                    code: FailureCode::GlobalInvariant,
                },
                span,
            });
        }
        for (all, code) in self.others(label, span) {
            out.push(Stmt {
                kind: S::Check {
                    exhale: false,
                    expr: all,
                    code,
                },
                span,
            });
        }
    }

    /// `E(j)` of every other thread `j`, two-state from `label`, clause by clause.
    fn others(&self, label: &Name, span: Span) -> Vec<(Expr, FailureCode)> {
        let var = Var {
            name: Name::from("weft_calvin_j"),
            ty: Type::Int,
            span,
        };
        let j = Expr::new(K::Local(var.name), Type::Int, span);
        let other = and(
            bin(BinOp::Gt, j.clone(), int(0, span), Type::Bool),
            bin(BinOp::Ne, j.clone(), tid_expr(span), Type::Bool),
        );
        let mut out = Vec::new();
        for (e, code) in self.env_of(&j, label) {
            // An `unwritable_by_env_if`'s check keeps the annotation's span
            // (the related location of its failure).
            let at = if code == FailureCode::EnvAssumption {
                e.span
            } else {
                span
            };
            let all = Expr::new(
                K::Quant {
                    q: Quantifier::Forall,
                    vars: vec![var.clone()].into(),
                    triggers: Vec::new().into(),
                    body: Box::new(implies(other.clone(), e)),
                },
                Type::Bool,
                at,
            );
            out.push((all, code));
        }
        out
    }

    /// How many times `e` reads the shared state (a ghost field's read is
    /// no access of its own: it belongs to the step it is part of).
    fn reads(&self, e: &Expr) -> usize {
        let mut n = 0;
        self.count(e, &mut n);
        n
    }

    /// Whether `f` is a shared field whose access is a step.
    fn is_step_field(&self, f: &FieldId) -> bool {
        !self.ghost.contains(f) && self.shared.iter().any(|(_, g, _)| g == f)
    }

    /// An element of an array whose type no shared field has is nobody's:
    /// the thread holds no permission to it, so it is refused at once.
    fn refuse_other_arrays(&self, b: &mut Block, errs: &mut Vec<Diagnostic>) {
        let mut check = |e: &Expr| {
            let other =
                |x: &Expr| matches!(&x.kind, K::ArrayIndex(a, _) if !self.arrays.contains(&a.ty));
            if let Some(x) = crate::core::visit::find(e, &other) {
                errs.push(Diagnostic::not_supported(
                    x.span,
                    "an element of an array of a type no shared field has, in a Calvin thread",
                ));
            }
        };
        crate::core::visit::map_body_exprs(b, &mut |e| {
            check(&e);
            e
        });
        crate::core::visit::each_stmt(b, &mut |s| {
            if let S::AssignIndex { array, .. } = &s.kind {
                if !self.arrays.contains(&array.ty) {
                    errs.push(Diagnostic::not_supported(
                        s.span,
                        "a write of an element of an array of a type no shared field has, in a Calvin thread",
                    ));
                }
            }
        });
    }

    /// Whether `e` itself (not its operands) reads the shared state: a
    /// shared field, or an element of a shared array.
    fn is_step_read(&self, e: &Expr) -> bool {
        match &e.kind {
            K::Field(_, f) => self.is_step_field(f),
            K::ArrayIndex(a, _) => self.arrays.contains(&a.ty),
            _ => false,
        }
    }

    fn count(&self, e: &Expr, n: &mut usize) {
        if self.is_step_read(e) {
            *n += 1;
        }
        each_child(e, &mut |x| self.count(x, n));
    }
}

struct Cx<'a> {
    p: &'a Program,
    fresh: u32,
    errs: Vec<Diagnostic>,
    /// The abstraction the body is checked against, and its pc.
    abs: Option<&'a Abstraction>,
    pc: Name,
    /// The monitors of the enclosing `synchronized` blocks, innermost last.
    monitors: Vec<Monitor>,
    /// The method and the callees being inlined into it, outermost first.
    inlining: Vec<MethodId>,
}

/// An enclosing `synchronized (o) { B }`: a return, or a jump to a label
/// outside B, releases it on the way out.
struct Monitor {
    /// `o`, evaluated once (a fresh local, or `this`).
    lock: Expr,
    /// The monitor's `holder` field.
    holder: FieldId,
    /// Whether the thread held it already at the block (Java's monitors are
    /// reentrant: then the block neither takes nor frees it).
    reentered: Name,
    /// The labels inside B.
    labels: HashSet<Name>,
}

impl Cx<'_> {
    /// A fresh local read from `value` (a step of its own), and the read of it.
    fn read_into_local(&mut self, value: Expr, span: Span, out: &mut Vec<Stmt>) -> Expr {
        self.fresh += 1;
        let var = Var {
            name: Name::from(format!("weft_calvin_r{}", self.fresh)),
            ty: value.ty.clone(),
            span,
        };
        let read = Expr::new(K::Local(var.name), var.ty.clone(), value.span);
        out.push(Stmt {
            kind: S::Local(var, Some(value)),
            span,
        });
        read
    }
}

impl Lower for Calvin {
    fn body(&self, p: &Program, m: MethodId, b: &mut Block, out: &mut Out) {
        if !self.threads.contains(&m) {
            return;
        }
        if self.called.contains(&m) {
            // Not a thread: the method runs only inside its callers' threads,
            // which inline it (and check it there, in their state).
            b.stmts = vec![Stmt {
                kind: S::Assume(Expr::bool(false, b.span)),
                span: b.span,
            }];
            if self.first == Some(m) {
                out.made.push(self.refl_trans(p, m, b.span));
            }
            return;
        }
        let mut cx = Cx {
            p,
            fresh: 0,
            errs: Vec::new(),
            abs: self.abs.get(&m),
            pc: Name::from(PC),
            monitors: Vec::new(),
            inlining: vec![m],
        };
        let span = b.span;
        let tid = tid_expr(span);
        crate::core::visit::map_body_exprs(b, &mut |e| subst_tid(e, &tid));
        self.refuse_other_arrays(b, &mut cx.errs);
        let mut stmts = Vec::new();
        let user_pc = cx.abs.is_some() && self.user_pc(b, &mut cx);
        if user_pc {
            cx.pc = Name::from(USER_PC);
        } else if cx.abs.is_some() {
            let pc = Var {
                name: Name::from(PC),
                ty: Type::Int,
                span,
            };
            stmts.push(Stmt {
                kind: S::Local(pc, Some(int(1, span))),
                span,
            });
        }
        self.block(std::mem::take(&mut b.stmts), &mut cx, &mut stmts);
        // At the closing brace: the body ends before its actions happened.
        let end = Span {
            start: span.end.saturating_sub(1),
            ..span
        };
        self.all_actions_done(&cx, end, &mut stmts);
        self.yield_(p, span, &mut cx.fresh, &mut stmts);
        b.stmts = stmts;
        out.errs.append(&mut cx.errs);
        if self.first == Some(m) {
            out.made.push(self.refl_trans(p, m, span));
        }
    }
}

impl Calvin {
    fn block(&self, stmts: Vec<Stmt>, cx: &mut Cx, out: &mut Vec<Stmt>) {
        for s in stmts {
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

    /// `e`'s reads of the shared state as steps of their own, in evaluation
    /// order (each into a fresh local, the environment before it); what is
    /// left reads at most once (then after the environment). Under `&&`,
    /// `||`, `==>` and `?:` a read is not split off (it may not happen).
    fn linearize(&self, e: Expr, span: Span, cx: &mut Cx, out: &mut Vec<Stmt>) -> Option<Expr> {
        match self.reads(&e) {
            0 => return Some(e),
            1 => {
                self.yield_(cx.p, span, &mut cx.fresh, out);
                return Some(e);
            }
            _ => {}
        }
        if self.conditional_read(&e) {
            cx.errs.push(Diagnostic::not_supported(
                e.span,
                "an expression that reads the shared state more than once, once under `&&`, `||`, `==>` or `?:`, in a step of a Calvin thread (read it into locals first)",
            ));
            return None;
        }
        Some(map_expr(e, &mut |x| {
            if self.is_step_read(&x) {
                self.yield_(cx.p, span, &mut cx.fresh, out);
                cx.read_into_local(x, span, out)
            } else {
                x
            }
        }))
    }

    /// `e`, when it reads the shared state at most once (the step it is
    /// part of makes that read).
    fn one_read(&self, e: Expr, cx: &mut Cx) -> Option<Expr> {
        if self.reads(&e) <= 1 {
            return Some(e);
        }
        cx.errs.push(Diagnostic::not_supported(
            e.span,
            "a ghost field's write whose value reads the shared state more than once, in a Calvin thread",
        ));
        None
    }

    /// Whether a shared read in `e` is evaluated only on some paths.
    fn conditional_read(&self, e: &Expr) -> bool {
        let here = match &e.kind {
            K::Binary(BinOp::And | BinOp::Or | BinOp::Implies, _, r) => self.reads(r) > 0,
            K::Cond(_, a, b) => self.reads(a) + self.reads(b) > 0,
            _ => false,
        };
        let mut below = false;
        each_child(e, &mut |x| below |= self.conditional_read(x));
        here || below
    }

    /// One read step: at most one shared read, the environment before it.
    fn read_step(&self, e: &Expr, span: Span, cx: &mut Cx, out: &mut Vec<Stmt>) -> bool {
        match self.reads(e) {
            0 => true,
            1 => {
                self.yield_(cx.p, span, &mut cx.fresh, out);
                true
            }
            _ => {
                cx.errs.push(Diagnostic::not_supported(
                    e.span,
                    "a loop condition that reads the shared state more than once in a Calvin thread (read it into locals first)",
                ));
                false
            }
        }
    }

    /// `e` with its shared reads as steps before it, and what is left read
    /// into a fresh local (so that the next step reads nothing).
    fn hoist(&self, e: Expr, span: Span, cx: &mut Cx, out: &mut Vec<Stmt>) -> Option<Expr> {
        let e = self.linearize(e, span, cx, out)?;
        if self.reads(&e) == 0 {
            return Some(e);
        }
        Some(cx.read_into_local(e, span, out))
    }

    /// An own step that writes the shared state: the environment, the step, the guarantee.
    fn write_step(&self, step: Vec<Stmt>, span: Span, cx: &mut Cx, out: &mut Vec<Stmt>) {
        self.yield_(cx.p, span, &mut cx.fresh, out);
        let label = self.label("step", &mut cx.fresh);
        out.push(Stmt {
            kind: S::Label(label),
            span,
        });
        out.extend(step);
        match cx.abs {
            Some(a) => out.push(self.simulates(a, &cx.pc, &label, span, cx.p)),
            None => self.guarantee(cx.p, &label, span, out),
        }
    }

    /// The step that began at `label` is the abstraction's next action
    /// (`pc == i && e_i && only c ∪ v_i changed`: pc moves on) or a stutter
    /// (only `c` changed), or the body does not simulate the abstraction.
    fn simulates(
        &self,
        a: &Abstraction,
        pc_name: &Name,
        label: &Name,
        span: Span,
        p: &Program,
    ) -> Stmt {
        let st = |kind| Stmt { kind, span };
        let pc = Expr::new(K::Local(*pc_name), Type::Int, span);
        // A stutter: only c changes, and the guarantee holds (an action's
        // guarantee is checked where it is called, as Calvin inlines it).
        let mut stutter = vec![st(S::Check {
            exhale: false,
            expr: self.frame(&a.modifies, label, span),
            code: FailureCode::Abstraction,
        })];
        self.guarantee(p, label, span, &mut stutter);
        let mut chain = st(S::Block(Block {
            stmts: stutter,
            span,
        }));
        for (i, (e, also)) in a.actions.iter().enumerate().rev() {
            let mut locs = a.modifies.clone();
            locs.extend(also.iter().cloned());
            let e = at_label(subst_tid(e.clone(), &tid_expr(span)), label);
            let cond = and(
                and(eq(pc.clone(), int(i as i64 + 1, span)), e),
                self.frame(&locs, label, span),
            );
            chain = st(S::If {
                cond,
                then: Block {
                    stmts: vec![st(S::AssignLocal(*pc_name, int(i as i64 + 2, span)))],
                    span,
                },
                els: Some(Block {
                    stmts: vec![chain],
                    span,
                }),
            });
        }
        chain
    }

    /// `atomic: { B }`: one step, the environment before it and the
    /// guarantee after it (if it writes the shared state). B is straight-line
    /// code with conditionals: no loop, call, monitor or jump.
    fn atomic(&self, b: Block, span: Span, cx: &mut Cx, out: &mut Vec<Stmt>) {
        let mut bad = None;
        let mut writes = false;
        crate::core::visit::each_stmt(&b, &mut |x| match &x.kind {
            S::While { .. }
            | S::Call { .. }
            | S::Synchronized { .. }
            | S::Goto(_)
            | S::Return(_) => bad = bad.or(Some(x.span)),
            S::AssignField { .. } => writes = true,
            _ => {}
        });
        if let Some(at) = bad {
            cx.errs.push(Diagnostic::not_supported(
                at,
                "a loop, call, monitor or jump inside `atomic:` in a Calvin thread",
            ));
            return;
        }
        let step = vec![Stmt {
            kind: S::Block(b),
            span,
        }];
        if writes {
            self.write_step(step, span, cx, out);
        } else {
            self.yield_(cx.p, span, &mut cx.fresh, out);
            out.extend(step);
        }
    }

    /// Whether the body declares the pc first (`int pc = 1`) and never
    /// assigns it (an assignment is an error).
    fn user_pc(&self, b: &Block, cx: &mut Cx) -> bool {
        let pc = Name::from(USER_PC);
        let declared = matches!(
            b.stmts.first(),
            Some(Stmt { kind: S::Local(v, Some(Expr { kind: K::Int(i), .. })), .. })
                if v.name == pc && *i == crate::int::IntValue::from(1i128)
        );
        if !declared {
            return false;
        }
        crate::core::visit::each_stmt(b, &mut |x| {
            if matches!(&x.kind, S::AssignLocal(n, _) if *n == pc) {
                cx.errs.push(Diagnostic::not_supported(
                    x.span,
                    "an assignment of the abstraction's program counter `pc`",
                ));
            }
        });
        true
    }

    /// At the end of an abstracted body: every action happened.
    fn all_actions_done(&self, cx: &Cx, span: Span, out: &mut Vec<Stmt>) {
        if let Some(a) = cx.abs {
            let pc = Expr::new(K::Local(cx.pc), Type::Int, span);
            out.push(Stmt {
                kind: S::Check {
                    exhale: false,
                    expr: eq(pc, int(a.actions.len() as i64 + 1, span)),
                    code: FailureCode::Abstraction,
                },
                span,
            });
        }
    }

    /// Every shared location but `locs` keeps its value from `label`.
    fn frame(&self, locs: &[Expr], label: &Name, span: Span) -> Expr {
        let mut all = Expr::bool(true, span);
        for (c, f, ty) in &self.shared {
            let var = Var {
                name: Name::from("weft_calvin_o"),
                ty: Type::Class(*c),
                span,
            };
            let o = Expr::new(K::Local(var.name), var.ty.clone(), span);
            let mut cond = non_null(o.clone(), span);
            for l in locs {
                if let K::Field(r, g) = &l.kind {
                    if g == f {
                        cond = and(cond, bin(BinOp::Ne, o.clone(), (**r).clone(), Type::Bool));
                    }
                }
            }
            let read = Expr::new(K::Field(Box::new(o), *f), ty.clone(), span);
            let same = eq(read.clone(), old(Some(*label), read));
            let q = Expr::new(
                K::Quant {
                    q: Quantifier::Forall,
                    vars: vec![var].into(),
                    triggers: Vec::new().into(),
                    body: Box::new(implies(cond, same)),
                },
                Type::Bool,
                span,
            );
            all = and(all, q);
        }
        all
    }

    /// A call of a method with an abstraction: its steps, each after the
    /// environment (`pre`; E*; (a_1; E*) … (a_n; E*); `post`). A stutter of
    /// the callee changes nothing when `c` is empty; otherwise the call is
    /// not supported yet.
    fn call_abs(&self, call: crate::core::Call, span: Span, cx: &mut Cx, out: &mut Vec<Stmt>) {
        let a = &self.abs[&call.method];
        let st = |kind| Stmt { kind, span };
        if !a.modifies.is_empty() {
            cx.errs.push(Diagnostic::not_supported(
                span,
                "a call of a method whose abstraction `modifies` locations outside its actions (its stutter steps)",
            ));
            return;
        }
        let recv = match call.recv {
            Some(r) => match self.hoist(r, span, cx, out) {
                Some(r) => Some(r),
                None => return,
            },
            None => None,
        };
        let mut args = Vec::new();
        for x in call.args {
            let Some(x) = self.hoist(x, span, cx, out) else {
                return;
            };
            args.push(x);
        }
        let sub = |e: &Expr| {
            let e = subst_tid(e.clone(), &tid_expr(span));
            let e = match &recv {
                Some(r) => subst_this(e, r),
                None => e,
            };
            map_expr(e, &mut |x| match &x.kind {
                K::Local(n) => match a.params.iter().position(|p| p == n) {
                    Some(i) if i < args.len() => Expr {
                        span: x.span,
                        ..args[i].clone()
                    },
                    _ => x,
                },
                _ => x,
            })
        };
        if let Some(r) = &recv {
            out.push(check_non_null(r.clone(), FailureCode::Abstraction, span));
        }
        for e in &a.pre {
            out.push(st(S::Check {
                exhale: false,
                expr: sub(e),
                code: FailureCode::PreFailed(crate::diag::Reason::False),
            }));
        }
        let start = self.label("call", &mut cx.fresh);
        out.push(st(S::Label(start)));
        self.yield_(cx.p, span, &mut cx.fresh, out);
        for (e, also) in &a.actions {
            let q = self.label("action", &mut cx.fresh);
            out.push(st(S::Label(q)));
            for x in self.perms(cx.p, span) {
                out.push(st(S::Exhale(x)));
            }
            for x in self.perms(cx.p, span) {
                out.push(st(S::Inhale(x)));
            }
            let also: Vec<Expr> = also.iter().map(&sub).collect();
            out.push(st(S::Assume(self.frame(&also, &q, span))));
            out.push(st(S::Assume(at_label(sub(e), &q))));
            // In an abstracted body the inlined action is a step of its own
            // simulation too.
            match cx.abs {
                Some(mine) => out.push(self.simulates(mine, &cx.pc, &q, span, cx.p)),
                None => self.guarantee(cx.p, &q, span, out),
            }
            self.yield_(cx.p, span, &mut cx.fresh, out);
        }
        for e in &a.post {
            out.push(st(S::Assume(at_label(sub(e), &start))));
        }
    }

    /// `synchronized (o) { B }`: `o` once into a local; whether the thread
    /// holds the monitor already (`o.holder == tid`: stable under the
    /// environment by the monitor rule, so reading it is no race); if not,
    /// the acquire `<o.holder == 0; o.holder = tid>` as one step; B; the
    /// release `<o.holder = 0>` if the block took it (also at a return or a
    /// jump out of B).
    fn synchronized(&self, lock: Expr, body: Block, span: Span, cx: &mut Cx, out: &mut Vec<Stmt>) {
        let st = |kind| Stmt { kind, span };
        let Some(lock) = self.hoist(lock, span, cx, out) else {
            return;
        };
        let Type::Class(c) = lock.ty else {
            cx.errs
                .push(Diagnostic::not_supported(span, "this monitor"));
            return;
        };
        let Some(h) =
            cx.p.class(c)
                .fields
                .iter()
                .copied()
                .find(|f| cx.p.field(*f).name == "holder")
        else {
            cx.errs.push(Diagnostic::not_supported(
                span,
                "a monitor of a class outside the Calvin program",
            ));
            return;
        };
        let lock = if matches!(lock.kind, K::This) {
            lock
        } else {
            cx.read_into_local(lock, span, out)
        };
        out.push(check_non_null(lock.clone(), FailureCode::LockNull, span));
        let holder = Expr::new(K::Field(Box::new(lock.clone()), h), Type::Int, span);
        let held = eq(holder.clone(), tid_expr(span));
        let reentered = cx.read_into_local(held, span, out);
        let K::Local(re) = reentered.kind else {
            unreachable!("a local")
        };
        // acquire: <holder == 0 && holder' == tid>, unless held already
        let mut acquire = Vec::new();
        self.write_step(
            vec![
                st(S::Assume(eq(holder.clone(), int(0, span)))),
                st(S::AssignField {
                    recv: Box::new(lock.clone()),
                    field: h,
                    value: tid_expr(span),
                }),
            ],
            span,
            cx,
            &mut acquire,
        );
        out.push(st(S::If {
            cond: Expr::new(
                K::Unary(crate::syntax::ast::UnOp::Not, Box::new(reentered)),
                Type::Bool,
                span,
            ),
            then: Block {
                stmts: acquire,
                span,
            },
            els: None,
        }));
        let mut labels = HashSet::new();
        crate::core::visit::each_stmt(&body, &mut |x| {
            if let S::Label(l) = &x.kind {
                labels.insert(*l);
            }
        });
        cx.monitors.push(Monitor {
            lock,
            holder: h,
            reentered: re,
            labels,
        });
        let b = self.sub(body, cx);
        out.push(st(S::Block(b)));
        let k = cx.monitors.len() - 1;
        self.release(k, span, cx, out);
        cx.monitors.pop();
    }

    /// The release of the `k`-th enclosing monitor, if its block took it:
    /// `<o.holder = 0>`, one step.
    fn release(&self, k: usize, span: Span, cx: &mut Cx, out: &mut Vec<Stmt>) {
        let st = |kind| Stmt { kind, span };
        let m = &cx.monitors[k];
        let (lock, h, re) = (m.lock.clone(), m.holder, m.reentered);
        let mut release = Vec::new();
        self.write_step(
            vec![st(S::AssignField {
                recv: Box::new(lock),
                field: h,
                value: int(0, span),
            })],
            span,
            cx,
            &mut release,
        );
        let reentered = Expr::new(K::Local(re), Type::Bool, span);
        out.push(st(S::If {
            cond: Expr::new(
                K::Unary(crate::syntax::ast::UnOp::Not, Box::new(reentered)),
                Type::Bool,
                span,
            ),
            then: Block {
                stmts: release,
                span,
            },
            els: None,
        }));
    }

    /// A call of a method without an abstraction: its body inlined, as
    /// Calvin inlines such calls. The receiver and the arguments are read
    /// first (steps of their own, in order) into fresh locals that stand for
    /// `this` and the parameters; the callee's precondition as written is
    /// checked (`preFailed`); its locals and labels are renamed, its `\old`
    /// is the call's start, and each `return e` is `result = e` and a jump
    /// to the end of the inlined body. The body is then lowered as the
    /// caller's own code: the environment before each of its steps, the
    /// guarantee after each write, its monitors taken and released (a
    /// monitor the caller holds is reentered). Its postcondition is not
    /// used: the body itself is.
    fn inline(
        &self,
        target: Option<Name>,
        call: crate::core::Call,
        span: Span,
        cx: &mut Cx,
        out: &mut Vec<Stmt>,
    ) {
        let st = |kind| Stmt { kind, span };
        let callee = cx.p.method(call.method);
        if cx.inlining.contains(&call.method) {
            cx.errs.push(Diagnostic::not_supported(
                span,
                "a recursive call in a Calvin thread (its body is inlined)",
            ));
            return;
        }
        if callee.given.iter().any(|g| g.name.as_str() != TID) || !callee.yields.is_empty() {
            cx.errs.push(Diagnostic::not_supported(
                span,
                "a call of a method with ghost parameters or results in a Calvin thread",
            ));
            return;
        }
        cx.fresh += 1;
        let k = cx.fresh;
        let rename = move |n: Name| Name::from(format!("{}$inl{k}", n.as_str()));
        // The receiver and the arguments, in order, each into a local.
        let recv = match call.recv {
            Some(r) => {
                let Some(r) = self.hoist(r, span, cx, out) else {
                    return;
                };
                let r = if matches!(r.kind, K::This) {
                    r
                } else {
                    cx.read_into_local(r, span, out)
                };
                out.push(check_non_null(
                    r.clone(),
                    FailureCode::InvocationObjectNull,
                    span,
                ));
                Some(r)
            }
            None => None,
        };
        let mut renamed: HashSet<Name> = HashSet::new();
        for (param, arg) in callee.params.iter().zip(call.args) {
            let Some(arg) = self.hoist(arg, span, cx, out) else {
                return;
            };
            renamed.insert(param.name);
            let var = Var {
                name: rename(param.name),
                ..param.clone()
            };
            out.push(st(S::Local(var, Some(arg))));
        }
        let mut body = self.bodies[&call.method].clone();
        crate::core::visit::each_stmt(&body, &mut |x| {
            if let S::Local(v, _) = &x.kind {
                renamed.insert(v.name);
            }
        });
        let start = self.label("inline", &mut cx.fresh);
        let end = self.label("inlined", &mut cx.fresh);
        let result = Name::from(format!("weft_calvin_result$inl{k}"));
        let tid = tid_expr(span);
        let this_to = recv.clone();
        let map = |e: Expr| {
            let e = subst_tid(e, &tid);
            let e = match &this_to {
                Some(r) => subst_this(e, r),
                None => e,
            };
            let e = at_label(e, &start);
            map_expr(e, &mut |x| match x.kind {
                K::Local(n) if renamed.contains(&n) => Expr {
                    kind: K::Local(rename(n)),
                    ..x
                },
                kind => Expr { kind, ..x },
            })
        };
        let pres: Vec<Expr> = self.user_pres[&call.method]
            .iter()
            .map(|e| map(e.clone()))
            .collect();
        crate::core::visit::map_body_exprs(&mut body, &mut |e| map(e));
        let mut labels = HashSet::new();
        crate::core::visit::each_stmt_mut(&mut body, &mut |x| {
            let kind = take_kind(x);
            x.kind = match kind {
                S::Local(v, e) if renamed.contains(&v.name) => S::Local(
                    Var {
                        name: rename(v.name),
                        ..v
                    },
                    e,
                ),
                S::AssignLocal(n, e) if renamed.contains(&n) => S::AssignLocal(rename(n), e),
                S::Call {
                    target: Some(n),
                    mut call,
                } => {
                    for y in call.yields.iter_mut().flatten() {
                        if renamed.contains(y) {
                            *y = rename(*y);
                        }
                    }
                    let n = if renamed.contains(&n) { rename(n) } else { n };
                    S::Call {
                        target: Some(n),
                        call,
                    }
                }
                S::NewArray { target, elem, dims } if renamed.contains(&target) => S::NewArray {
                    target: rename(target),
                    elem,
                    dims,
                },
                S::Label(l) => {
                    labels.insert(rename(l));
                    S::Label(rename(l))
                }
                S::Goto(l) => S::Goto(rename(l)),
                kind => kind,
            };
        });
        // Then (so that the jumps made here are not renamed) the returns.
        crate::core::visit::each_stmt_mut(&mut body, &mut |x| {
            let kind = take_kind(x);
            x.kind = match kind {
                S::Return(e) => {
                    let mut stmts = Vec::new();
                    if let Some(e) = e {
                        stmts.push(Stmt {
                            kind: S::AssignLocal(result, e),
                            span: x.span,
                        });
                    }
                    stmts.push(Stmt {
                        kind: S::Goto(end),
                        span: x.span,
                    });
                    S::Block(Block {
                        stmts,
                        span: x.span,
                    })
                }
                kind => kind,
            };
        });
        // The inlined code is inside the caller's synchronized blocks.
        labels.insert(end);
        for m in &mut cx.monitors {
            m.labels.extend(labels.iter().copied());
        }
        if callee.ret != Type::Void {
            let var = Var {
                name: result,
                ty: callee.ret.clone(),
                span,
            };
            out.push(st(S::Local(var, None)));
        }
        out.push(st(S::Label(start)));
        for e in pres {
            self.yield_(cx.p, span, &mut cx.fresh, out);
            out.push(st(S::Check {
                exhale: false,
                expr: e,
                code: FailureCode::PreFailed(crate::diag::Reason::False),
            }));
        }
        cx.inlining.push(call.method);
        let b = self.sub(body, cx);
        cx.inlining.pop();
        out.push(st(S::Block(b)));
        out.push(st(S::Label(end)));
        // The callee's postcondition as written, where its body ends
        // (`\result` is what it returned).
        let result_expr = Expr::new(K::Local(result), callee.ret.clone(), span);
        for e in &self.user_posts[&call.method] {
            let e = map_expr(map(e.clone()), &mut |x| match x.kind {
                K::Result => Expr {
                    span: x.span,
                    ..result_expr.clone()
                },
                _ => x,
            });
            out.push(Stmt {
                span: e.span,
                kind: S::Check {
                    exhale: false,
                    expr: e,
                    code: FailureCode::PostFailed(crate::diag::Reason::False),
                },
            });
        }
        if let Some(t) = target {
            let ty = callee.ret.clone();
            out.push(st(S::AssignLocal(t, Expr::new(K::Local(result), ty, span))));
        }
    }

    /// A call of an opaque library method (`x = o.equals(a)`): the
    /// receiver's and the arguments' reads as steps of their own, the
    /// receiver not null, and an unknown result.
    fn opaque_call(
        &self,
        target: Option<Name>,
        call: crate::core::Call,
        span: Span,
        cx: &mut Cx,
        out: &mut Vec<Stmt>,
    ) {
        let st = |kind| Stmt { kind, span };
        if let Some(r) = call.recv {
            let Some(r) = self.hoist(r, span, cx, out) else {
                return;
            };
            out.push(check_non_null(r, FailureCode::InvocationObjectNull, span));
        }
        for a in call.args {
            if self.hoist(a, span, cx, out).is_none() {
                return;
            }
        }
        if let Some(t) = target {
            cx.fresh += 1;
            let ty = cx.p.method(call.method).ret.clone();
            let var = Var {
                name: Name::from(format!("weft_calvin_unknown{}", cx.fresh)),
                ty: ty.clone(),
                span,
            };
            let any = Expr::new(K::Local(var.name), ty, span);
            out.push(st(S::Local(var, None)));
            out.push(st(S::AssignLocal(t, any)));
        }
    }

    fn stmt(&self, s: Stmt, cx: &mut Cx, out: &mut Vec<Stmt>) {
        let span = s.span;
        let st = |kind| Stmt { kind, span };
        match s.kind {
            S::Local(v, Some(e)) => {
                if let Some(e) = self.linearize(e, span, cx, out) {
                    out.push(st(S::Local(v, Some(e))));
                }
            }
            S::AssignLocal(x, e) => {
                if let Some(e) = self.linearize(e, span, cx, out) {
                    out.push(st(S::AssignLocal(x, e)));
                }
            }
            S::AssignField { recv, field, value } => {
                let Some(recv) = self.hoist(*recv, span, cx, out) else {
                    return;
                };
                // A ghost field's write is part of the step of the one shared
                // read of its value (Dekker's `cs1 = !a2`: the test and its record).
                let value = if self.ghost.contains(&field) {
                    self.one_read(value, cx)
                } else {
                    self.hoist(value, span, cx, out)
                };
                let Some(value) = value else {
                    return;
                };
                let w = st(S::AssignField {
                    recv: Box::new(recv),
                    field,
                    value,
                });
                self.write_step(vec![w], span, cx, out);
            }
            S::AssignIndex {
                array,
                index,
                value,
            } => {
                // `a[i] = v`: the reads of a, i and v as steps of their own,
                // then the element's write as one step.
                let Some(array) = self.hoist(*array, span, cx, out) else {
                    return;
                };
                let Some(index) = self.hoist(*index, span, cx, out) else {
                    return;
                };
                let Some(value) = self.hoist(value, span, cx, out) else {
                    return;
                };
                let w = st(S::AssignIndex {
                    array: Box::new(array),
                    index: Box::new(index),
                    value,
                });
                self.write_step(vec![w], span, cx, out);
            }
            S::If { cond, then, els } => {
                let Some(cond) = self.linearize(cond, span, cx, out) else {
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
            } => {
                // E*; while (c) { B; E* }: the condition is read after the environment.
                if self.reads(&cond) > 1 {
                    self.read_step(&cond, span, cx, out);
                    return;
                }
                self.yield_(cx.p, span, &mut cx.fresh, out);
                let mut b = self.sub(body, cx);
                self.yield_(cx.p, span, &mut cx.fresh, &mut b.stmts);
                // The body holds what the invariant gives: the shared state
                // first, and I (the environment's steps, the last thing
                // before the loop head, assume it).
                let mut invs = self.perms(cx.p, span);
                invs.push(self.invariant(cx.p, span));
                invs.extend(invariants);
                out.push(st(S::While {
                    invariants: invs,
                    cond,
                    body: b,
                }));
            }
            S::Return(e) => {
                let e = match e {
                    Some(e) => match self.hoist(e, span, cx, out) {
                        Some(e) => Some(e),
                        None => return,
                    },
                    None => None,
                };
                // Out of every enclosing synchronized block.
                for k in (0..cx.monitors.len()).rev() {
                    self.release(k, span, cx, out);
                }
                self.all_actions_done(cx, span, out);
                self.yield_(cx.p, span, &mut cx.fresh, out);
                out.push(st(S::Return(e)));
            }
            S::Synchronized { lock, body } => self.synchronized(lock, body, span, cx, out),
            S::Block(b) if is_atomic(&b) => self.atomic(b, span, cx, out),
            S::Block(b) => {
                let b = self.sub(b, cx);
                out.push(st(S::Block(b)));
            }
            S::Assert(e) => {
                self.yield_(cx.p, span, &mut cx.fresh, out);
                out.push(st(S::Assert(e)));
            }
            S::Assume(e) => {
                self.yield_(cx.p, span, &mut cx.fresh, out);
                out.push(st(S::Assume(e)));
            }
            S::Goto(l) => {
                // Out of each enclosing synchronized block the target is not in.
                for k in (0..cx.monitors.len()).rev() {
                    if !cx.monitors[k].labels.contains(&l) {
                        self.release(k, span, cx, out);
                    }
                }
                out.push(st(S::Goto(l)));
            }
            k @ (S::Local(_, None) | S::Label(_)) => out.push(st(k)),
            S::Call { target: None, call } if self.abs.contains_key(&call.method) => {
                self.call_abs(*call, span, cx, out)
            }
            S::Call { target, call } if self.bodies.contains_key(&call.method) => {
                self.inline(target, *call, span, cx, out)
            }
            S::Call { target, call } if self.opaque.contains(&call.method) => {
                self.opaque_call(target, *call, span, cx, out)
            }
            S::Call { .. } => cx.errs.push(Diagnostic::not_supported(
                span,
                "a call or `new` in a Calvin thread (a method of the program's classes with a body, or one with an abstraction whose `modifies` is empty)",
            )),
            _ => cx.errs.push(Diagnostic::not_supported(
                span,
                "this statement in a Calvin thread",
            )),
        }
    }

    /// E's reflexivity and transitivity, for an arbitrary thread `j`:
    /// at A, `E(j)[A, A]`; then from A to B and B to C, `E(j)[A, C]`.
    fn refl_trans(&self, p: &Program, m: MethodId, span: Span) -> Method {
        let st = |kind| Stmt { kind, span };
        let mut b = Vec::new();
        let j = tid_expr(span);
        for e in self.perms(p, span) {
            b.push(st(S::Inhale(e)));
        }
        b.push(st(S::Assume(bin(
            BinOp::Gt,
            j.clone(),
            int(0, span),
            Type::Bool,
        ))));
        let [a, bb] = [Name::from("weft_calvin_a"), Name::from("weft_calvin_b")];
        // Every state the environment steps between satisfies I (each
        // step keeps it, and each thread starts in it).
        b.push(st(S::Assume(self.invariant(p, span))));
        b.push(st(S::Label(a)));
        for (e, code) in self.env_of(&j, &a) {
            b.push(Stmt {
                span: e.span,
                kind: S::Check {
                    exhale: false,
                    expr: e,
                    code,
                },
            });
        }
        let havoc = |b: &mut Vec<Stmt>| {
            for e in self.perms(p, span) {
                b.push(st(S::Exhale(e)));
            }
            for e in self.perms(p, span) {
                b.push(st(S::Inhale(e)));
            }
        };
        havoc(&mut b);
        b.push(st(S::Assume(self.invariant(p, span))));
        b.push(st(S::Label(bb)));
        for (e, _) in self.env_of(&j, &a) {
            b.push(st(S::Assume(e)));
        }
        havoc(&mut b);
        b.push(st(S::Assume(self.invariant(p, span))));
        for (e, _) in self.env_of(&j, &bb) {
            b.push(st(S::Assume(e)));
        }
        for (e, code) in self.env_of(&j, &a) {
            b.push(Stmt {
                span: e.span,
                kind: S::Check {
                    exhale: false,
                    expr: e,
                    code,
                },
            });
        }
        Method {
            name: Name::from("env_reflexive_transitive"),
            contract: Default::default(),
            body: Some(Block { stmts: b, span }),
            ..p.method(m).clone()
        }
    }
}

/// `Perm(loc, write)`.
pub(super) fn write_perm(loc: Expr, span: Span) -> Expr {
    let write = Expr::new(K::Write, Type::Rational, span);
    Expr::new(
        K::Perm(Box::new(loc), Box::new(write)),
        Type::Resource,
        span,
    )
}

/// Takes `x`'s kind, leaving an empty block, to rebuild it from its parts.
fn take_kind(x: &mut Stmt) -> S {
    let empty = S::Block(Block {
        stmts: Vec::new(),
        span: x.span,
    });
    std::mem::replace(&mut x.kind, empty)
}

/// `e != null`.
fn non_null(e: Expr, span: Span) -> Expr {
    bin(
        BinOp::Ne,
        e,
        Expr::new(K::Null, Type::Null, span),
        Type::Bool,
    )
}

/// A check that `e` is not null, failing with `code`.
fn check_non_null(e: Expr, code: FailureCode, span: Span) -> Stmt {
    let kind = S::Check {
        exhale: false,
        expr: non_null(e, span),
        code,
    };
    Stmt { kind, span }
}
