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
//! shared state        every field of the unit's classes and of their
//!                     statics objects (static fields); the method holds
//!                     write permission to all of it (forall* o != null),
//!                     so reads and writes check nothing but nullness
//! E(tid)* (a yield)   label L; havoc all  (`exhale all; inhale all`: every value new)
//!                     assume E(tid)[\old := old[L]]; assume I
//! own step S          E(tid)*; label P; S;
//!  (a shared write)   assert (forall j > 0, j != tid. E(j)[\old := old[P]]);  assert I
//! synchronized (o) B  o' = o; held = (o'.holder == tid);
//!                     if (!held) { E*; label P; assume o'.holder == 0;
//!                       o'.holder = tid; guarantee } B′;
//!                     if (!held) { E*; label P'; o'.holder = 0; guarantee }
//!                     (the release also before a return or jump out of B)
//! a[i] / a[i] = v     E*; r = a[i] / E*; label P; a[i] = v; guarantee
//! x = new T[n]        assert n >= 0; x any non-null array with length n
//!                     (no step: its elements are shared, unknown; `alloc`)
//! call m(a) (no       E*; r_j = a_j (each read a step); assert pre_m;
//!  abstraction)       label S; m's body (this, params := r; \old := S;
//!                     return e := res = e; goto end); end: assert post_m
//! end of the body     E*  (before each return too)
//! atomic: { B }       E*; label P; B; guarantee          (one step)
//! g = e (g ghost)     E*; label P; g = e; guarantee      (e's one read in the step)
//! call m(a) (m with   check pre; label S; E*; K*; for each action i:
//!  an abstraction)      label Q; havoc; assume only c ∪ v_i changed;
//!                       assume e_i[Q]; guarantee; E*; K*
//!                     assume post[\old := S]
//! K* (m's stutter     label T; havoc; assume I; assume E_c(tid)[\old := old[T]]
//!  steps, c ≠ ∅)      (E_c: E's clauses reading no field of c; checked
//!                     reflexive and transitive once, `env_stutter_m`)
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
//! What the pass reads, by id (`core::Features`): the annotations as the
//! checker typed them (`calvin`: E's and I's clauses, the actions, the
//! ghost fields, the Thread classes' fields), and each class's monitor
//! owner `holder` (`monitor_owner`, a ghost int field the front end
//! declares in each class of a unit with the annotations); the Calvin
//! classes are the classes with a monitor owner.
//!
//! A statement is one atomic step when it accesses the shared state at most
//! once; an assignment of a shared field whose value or receiver reads the
//! shared state is split (the read into a local first, then the write). A
//! condition or value that reads the shared state twice under `&&`, `||`,
//! `==>` or `?:` is not supported (read it into locals first), nor are calls
//! of abstracted methods with a non-empty `modifies` in an abstracted body
//! or while the thread holds an unpublished object, `new T[n]` of more than
//! one dimension or of an array type no shared field has, `start()` of
//! a thread typed only `Thread` (Thread objects: `threads.rs`),
//! arrays of a type no
//! shared field has, and the permission statements in a thread's
//! code. (A call inside an expression reaches this pass as a call
//! statement before it: `check::lift`.) The exceptions are the programmer's: `atomic: { B }` (the papers'
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
//! Allocation (`x = new C()`, module `alloc`), when a thread of the
//! program allocates: each class gets a ghost allocation bit `alloc`, part
//! of the shared state. The allocation is one own step: `x` any reference
//! with `!x.alloc`, then `x.alloc = true`, then the guarantee. Heap facts join
//! I (assumed where I is, checked after each own step): an object not
//! allocated has its fields' default values (0, false, null; `holder` 0),
//! and an allocated object's fields of a Calvin class hold null or an
//! allocated object; the user's I is about allocated objects only
//! (`alloc ==> I`), and E gains `\old(alloc) ==> alloc` (the environment
//! keeps allocated objects allocated). A thread's `this` and parameters are
//! allocated (or null); every reference local starts null (Java reads none
//! before assigning it) and each loop keeps `x != null ==> x.alloc` for the
//! reference locals in scope. Sound: in a real run an object that does not
//! exist yet has no field another thread could write, and `new` gives it
//! the default values, which is what the facts say of objects not
//! allocated; the new reference is none of the allocated ones, so it is
//! aliased with no object the thread or its environment knows; an own write
//! to a new object is checked against the guarantee like any other (Calvin
//! checks E over the objects allocated before the step, which includes it).
//! Until the thread publishes the object, no other thread can reach it, so
//! after each environment step its fields are unchanged (assumed for the
//! locals holding such an object). A local's object counts as published
//! at any use of the local other than as the receiver of a field access
//! (stored, passed, copied, compared, returned: conservatively), at a loop
//! or `atomic:` block that mentions it, after an `if` when published in
//! either branch, and at every label (a jump may arrive from where it was
//! published); assigning the local forgets it. Only a constructor without
//! parameters and statements (the implicit one, without field
//! initialisers) is supported: its body would run outside the steps. A
//! constructor is no thread (it has no thread id), so a call of a thread's
//! method in one is refused.
//!
//! Not checked yet (each thread assumes it): that the initial state, as the
//! program's initialization leaves it, satisfies `I` and each thread's
//! precondition; thread ids are assumed distinct.
//!
//! Removes: every atomic step (`StmtKind::AtomicStep`, which the checker
//! makes of `atomic: { … }`, `CAS(l, e, n)` and `acquire`/`release` of an
//! int mutex in a class with a monitor owner): in a thread, one step as above; in code
//! that runs on no thread of the program's (a constructor, a method outside
//! the Calvin classes, a Calvin-R method `passes::calvin_r` did not lower,
//! a step inside a step) the block it is. In a Calvin program it also
//! removes from every method with a body in its classes `synchronized` and
//! `tid` (`\current_thread`); other programs keep those for the later
//! passes.

mod abstractions;
mod alloc;
mod calls;
mod env;
mod monitors;
mod steps;
mod threads;

use super::rely_guarantee::{
    acquire, all_of, all_perms, as_inlined, at_label, call_operands, declared_locals, every_object,
    give_thread_id, rename_inlined, returns_jump_to, subst_tid, take_kind, thread_id, write_perm,
};
use abstractions::{abstractions, refuse_frames};
use calls::{called_methods, opaque_methods};
use env::{array_types, element_perms};

use super::{Lower, Out, Pass};
use crate::core::build::{and, binary, eq, implies, int, ne, null, old};
use crate::core::visit::{each_child, map_expr, subst_this};
use crate::core::{
    Block, ClassId, Expr, ExprKind as K, FieldId, Method, MethodId, Program, Stmt, StmtKind as S,
    Type, Var,
};
use crate::diag::{Diagnostic, FailureCode};
use crate::name::Name;
use crate::syntax::ast::{BinOp, Quantifier, RgClause};
use crate::syntax::span::Span;
use std::collections::{HashMap, HashSet};

pub const PASS: Pass = Pass {
    name: "calvin",
    description: "rely/guarantee (Calvin): each thread sequentially, the environment before each step, the guarantee after each write",
    declare: declarations,
    removes: |s| matches!(s, S::AtomicStep(_)),
    removes_expr: |_| false,
    removes_decl: super::no_decl,
};

/// The parameter that carries the thread's id.
const TID: &str = "weft_calvin_tid";

/// Whether the program has Calvin's annotations, so that the pass reads the
/// bodies of the methods whose calls it inlines: the pipeline checks its
/// bodies before the passes' declarations.
pub fn inlines_bodies(p: &Program) -> bool {
    p.features.calvin.is_some()
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
    /// The classes of the Calvin program.
    classes: Vec<ClassId>,
    /// Each class's allocation bit, when a thread allocates (`new`).
    alloc: HashMap<ClassId, FieldId>,
    /// The classes that extend Thread, with their `start` and id fields.
    thread_classes: threads::ThreadClasses,
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

/// A program without Calvin's annotations: an atomic step (Calvin-R's
/// where `passes::calvin_r` did not lower it) is sequential code.
struct Inactive;

impl Lower for Inactive {
    fn body(&self, _: &Program, _: MethodId, b: &mut Block, _: &mut Out) {
        sequential_steps(b);
    }
}

/// Each atomic step in `b` as the block it is (in code that runs on no
/// thread of the program's, a constructor, or inside another step): the
/// label `weft_calvin_atomic_<offset>` first names it in the output.
fn sequential_steps(b: &mut Block) {
    crate::core::visit::each_stmt_mut(b, &mut |s| {
        if let S::AtomicStep(_) = s.kind {
            if let S::AtomicStep(b) = take_kind(s) {
                s.kind = S::Block(named_step(b, s.span));
            }
        }
    });
}

/// The step's block, its label first (`weft_calvin_atomic_<offset>`: a
/// fresh name nothing jumps to).
fn named_step(mut b: Block, span: Span) -> Block {
    let label = Name::from(format!("weft_calvin_atomic_{}", span.start).as_str());
    b.stmts.insert(
        0,
        Stmt {
            kind: S::Label(label),
            span,
        },
    );
    b
}

fn declarations(p: &mut Program, errs: &mut Vec<Diagnostic>) -> Box<dyn Lower> {
    let Some(annotations) = p.features.calvin.clone() else {
        refuse_frames(p, &[], errs);
        return Box::new(Inactive);
    };
    let mut env = Vec::new();
    let mut inv = Vec::new();
    for c in annotations.clauses {
        let code = match c.kind {
            RgClause::EnvAssumption => FailureCode::Guarantee,
            RgClause::Unwritable => FailureCode::EnvAssumption,
            RgClause::GlobalInvariant => FailureCode::GlobalInvariant,
        };
        let clause = Clause {
            class: c.class,
            expr: c.expr,
            code,
        };
        if code == FailureCode::GlobalInvariant {
            inv.push(clause);
        } else {
            env.push(clause);
        }
    }
    let frames: Vec<(ClassId, Span, Expr, Vec<Expr>)> = (annotations.actions.into_iter())
        .map(|a| (a.class, a.span, a.pred, a.also_modifies))
        .collect();
    let ghost: HashSet<FieldId> = annotations.ghost.into_iter().collect();
    // Every class of the unit has a monitor owner (the front end).
    let holder = |p: &Program, c: ClassId| p.features.monitor_owner.get(&c).copied();
    let calvin_classes: Vec<ClassId> = p.features.monitor_owner.keys().copied().collect();
    refuse_runnable(p, &calvin_classes, errs);
    // The allocation bits (before the shared state is read off the classes).
    let alloc = if alloc::allocates(p, &calvin_classes) {
        alloc::declare(p, &calvin_classes)
    } else {
        HashMap::new()
    };
    if !alloc.is_empty() {
        // I is about allocated objects; the heap facts join it.
        for c in &mut inv {
            let span = c.expr.span;
            let this = Expr::new(K::This, Type::Class(c.class), span);
            let e = std::mem::replace(&mut c.expr, Expr::bool(true, span));
            c.expr = implies(alloc::is_alloc(this, c.class, &alloc), e);
        }
        for &c in &calvin_classes {
            // The environment keeps allocated objects allocated.
            let span = p.class(c).span;
            let this = Expr::new(K::This, Type::Class(c), span);
            let now = alloc::is_alloc(this, c, &alloc);
            env.push(Clause {
                class: c,
                expr: implies(old(None, now.clone()), now),
                code: FailureCode::Guarantee,
            });
            for expr in alloc::heap_facts(p, c, &alloc) {
                inv.push(Clause {
                    class: c,
                    expr,
                    code: FailureCode::GlobalInvariant,
                });
            }
        }
    }
    let thread_classes: threads::ThreadClasses = (annotations.threads.into_iter())
        .filter(|(c, _)| calvin_classes.contains(c))
        .collect();
    threads::clauses(p, &thread_classes, &alloc, &mut env, &mut inv);
    let mut shared = Vec::new();
    // A statics object's fields (`static int x;`) are shared as every
    // object's are; it has no monitor and is no thread's. With allocation,
    // I is about allocated objects, and the statics object is none: its
    // fields would escape I, so that is refused.
    if !alloc.is_empty() {
        let statics = annotations.statics.iter().flat_map(|&c| &p.class(c).fields);
        if let Some(&f) = statics.into_iter().next() {
            errs.push(Diagnostic::not_supported(
                p.field(f).span,
                "a static field in a Calvin program whose threads allocate (`new`)",
            ));
        }
    }
    for &c in &annotations.statics {
        for &f in &p.class(c).fields {
            shared.push((c, f, p.field(f).ty.clone()));
        }
    }
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
                expr: binary(BinOp::Eq, before, after, Type::Bool),
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
        if !calvin_classes.contains(&c) || m.is_constructor {
            continue;
        }
        threads.insert(MethodId(i as u32));
        let span = m.span;
        let tid = give_thread_id(m, TID);
        let mut pre = Vec::new();
        if m.is_static && m.name == "main" {
            // `main` runs on the main thread.
            pre.push(eq(tid.clone(), int(1, span)));
        } else {
            pre.push(binary(BinOp::Gt, tid.clone(), int(0, span), Type::Bool));
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
        if !alloc.is_empty() {
            // What the thread is given is allocated.
            if !m.is_static {
                let this = Expr::new(K::This, Type::Class(c), span);
                pre.push(alloc::is_alloc(this, c, &alloc));
            }
            for v in &m.params {
                if let Type::Class(d) = v.ty {
                    if alloc.contains_key(&d) {
                        let x = Expr::new(K::Local(v.name), v.ty.clone(), span);
                        pre.push(alloc::allocated_if_any(x, d, &alloc));
                    }
                }
            }
        }
        if let Some(&fields) = thread_classes.get(&c) {
            if threads::is_run(m) {
                pre.push(threads::run_pre(c, fields, span));
            }
        }
        m.contract.requires.splice(0..0, pre);
        // First: the other clauses are evaluated with the permissions.
        m.contract.ensures.splice(0..0, all);
    }
    // Tids in the clauses stay CurrentThread until instantiated per thread.
    let first = threads.iter().min().copied();
    let called = called_methods(p, &bodies, errs);
    // A thread starts holding no monitor. (An abstracted method is a
    // procedure: it may be called holding some, and is checked for both,
    // since Java's monitors are reentrant; a called method runs inside its
    // callers, with their monitors, and may require one.)
    let mut starts: Vec<MethodId> = (threads.iter())
        .filter(|m| !abs.contains_key(m) && !called.contains(m))
        .copied()
        .collect();
    starts.sort();
    for m in starts {
        let method = &mut p.methods[m.0 as usize];
        let span = method.span;
        for &(c, h) in &monitors {
            let this = Expr::new(K::This, Type::Class(c), span);
            let read = Expr::new(K::Field(Box::new(this), h), Type::Int, span);
            let free = binary(BinOp::Ne, read, tid_expr(span), Type::Bool);
            method
                .contract
                .requires
                .push(every_object(c, free, "weft_calvin_o"));
        }
    }
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
        classes: calvin_classes,
        alloc,
        thread_classes,
    };
    // The invariant is assumed at each thread's start.
    for &m in &calvin.threads {
        let span = p.method(m).span;
        let i = calvin.invariant(p, span);
        p.methods[m.0 as usize].contract.requires.push(i);
    }
    Box::new(calvin)
}

pub(super) fn tid_expr(span: Span) -> Expr {
    thread_id(TID, span)
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
    /// The locals holding an object the thread allocated and has not
    /// published (stored, passed or copied) since.
    unpublished: HashSet<(Name, ClassId)>,
    /// The reference locals in scope whose objects are allocated (when not
    /// null): what a loop keeps.
    refs: Vec<(Name, ClassId)>,
    /// The thread's own object's class (an instance method).
    this_class: Option<ClassId>,
}

/// An enclosing `synchronized (o) { B }`: a return, or a jump to a label
/// outside B, releases it on the way out.
struct Monitor {
    /// `o`, evaluated once (a fresh local, or `this`).
    lock: Expr,
    /// The monitor's owner (`Features::monitor_owner`).
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
        self.refuse_thread_calls(p, m, b, &mut out.errs);
        if !self.threads.contains(&m) {
            sequential_steps(b);
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
                out.made.extend(self.env_checks(p, m, b.span));
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
            unpublished: HashSet::new(),
            refs: Vec::new(),
            this_class: None,
        };
        let method = p.method(m);
        if !self.alloc.is_empty() {
            cx.this_class = method.class.filter(|_| method.has_this());
            for v in &method.params {
                if let Type::Class(d) = v.ty {
                    if self.alloc.contains_key(&d) {
                        cx.refs.push((v.name, d));
                    }
                }
            }
        }
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
            out.made.extend(self.env_checks(p, m, span));
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
        let scope = cx.refs.len();
        self.block(b.stmts, cx, &mut out);
        cx.refs.truncate(scope);
        Block {
            stmts: out,
            span: b.span,
        }
    }

    /// One statement, after what it publishes is known: the objects of the
    /// locals it stores, passes or copies are published before it, and a
    /// local it assigns no longer holds the object it held.
    fn stmt(&self, mut s: Stmt, cx: &mut Cx, out: &mut Vec<Stmt>) {
        if self.alloc.is_empty() {
            return self.stmt_kind(s, cx, out);
        }
        let mut gone = Vec::new();
        let spec = matches!(
            s.kind,
            S::Assert(_) | S::Assume(_) | S::Check { .. } | S::Inhale(_) | S::Exhale(_)
        );
        if let S::AssignField { recv, value, .. } = &s.kind {
            if !matches!(recv.kind, K::Local(_)) {
                alloc::escaping(recv, &mut gone);
            }
            alloc::escaping(value, &mut gone);
        } else if !spec {
            crate::core::visit::map_stmt_exprs(&mut s, &mut |e| {
                alloc::escaping(&e, &mut gone);
                e
            });
        }
        match &s.kind {
            S::AssignLocal(x, _) | S::Local(Var { name: x, .. }, _) => gone.push(*x),
            S::Call {
                target: Some(x), ..
            } => gone.push(*x),
            S::While { body, .. } => gone.extend(alloc::mentioned(body)),
            S::AtomicStep(b) => gone.extend(alloc::mentioned(b)),
            // A jump may reach a label from where the objects were published.
            S::Label(_) => cx.unpublished.clear(),
            _ => {}
        }
        self.publish(cx, &gone);
        if let S::Local(v, init) = &mut s.kind {
            if let Type::Class(c) = v.ty {
                if self.alloc.contains_key(&c) {
                    // Java reads no local before assigning it: null stands
                    // for "not assigned yet", so the local is always
                    // allocated or null.
                    init.get_or_insert_with(|| Expr::new(K::Null, Type::Null, v.span));
                    cx.refs.push((v.name, c));
                }
            }
        }
        self.stmt_kind(s, cx, out);
    }

    fn stmt_kind(&self, s: Stmt, cx: &mut Cx, out: &mut Vec<Stmt>) {
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
                // An object is unpublished after the `if` when it is after both branches.
                let before = cx.unpublished.clone();
                let then = self.sub(then, cx);
                let after_then = std::mem::replace(&mut cx.unpublished, before);
                let els = els.map(|b| self.sub(b, cx));
                cx.unpublished.retain(|x| after_then.contains(x));
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
                self.env(cx, span, out);
                let mut b = self.sub(body, cx);
                self.env(cx, span, &mut b.stmts);
                // The body holds what the invariant gives: the shared state
                // first, and I (the environment's steps, the last thing
                // before the loop head, assume it).
                let mut invs = self.perms(cx.p, span);
                invs.push(self.invariant(cx.p, span));
                invs.extend(self.alloc_invariants(cx, span));
                invs.extend(self.thread_invariant(cx, span));
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
                self.env(cx, span, out);
                out.push(st(S::Return(e)));
            }
            S::Synchronized { lock, body } => self.synchronized(lock, body, span, cx, out),
            S::AtomicStep(b) => self.atomic(b, span, cx, out),
            S::Block(b) => {
                let b = self.sub(b, cx);
                out.push(st(S::Block(b)));
            }
            S::Assert(e) => {
                self.env(cx, span, out);
                out.push(st(S::Assert(e)));
            }
            S::Assume(e) => {
                self.env(cx, span, out);
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
            S::Call { target, call } if self.new_of(cx.p, &call).is_some() => {
                if let Some(c) = self.new_of(cx.p, &call) {
                    self.new_object(target, *call, c, span, cx, out)
                }
            }
            S::Call { call, .. } if is_thread_start(cx.p, &call) => {
                self.start_thread(*call, span, cx, out)
            }
            S::NewArray { target, elem, dims } => {
                self.new_array(target, elem, dims, span, cx, out)
            }
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
}

/// Whether `call` is the library's `Thread.start()` (or its copy in a
/// class that extends `Thread`: no body, no arguments).
fn is_thread_start(p: &Program, call: &crate::core::Call) -> bool {
    let m = p.method(call.method);
    m.name == "start" && call.args.is_empty() && m.body.is_none()
}

/// A Calvin class that implements `Runnable`: its `run` would be a thread
/// started by `start()`, which is not supported yet.
fn refuse_runnable(p: &Program, classes: &[ClassId], errs: &mut Vec<Diagnostic>) {
    for &c in classes {
        let class = p.class(c);
        if class
            .interfaces
            .iter()
            .any(|i| p.class(*i).name == "Runnable")
        {
            errs.push(Diagnostic::not_supported(
                class.span,
                "a Calvin class implementing `Runnable` (a thread started by `start()`, whose `run` has `tid == this`)",
            ));
        }
    }
}

impl Calvin {
    /// The Calvin class `call` constructs, when the program's threads allocate.
    fn new_of(&self, p: &Program, call: &crate::core::Call) -> Option<ClassId> {
        alloc::constructed(p, call, &self.classes).filter(|c| self.alloc.contains_key(c))
    }

    /// A constructor is no thread: it has no thread id to pass, so its
    /// body may not call a method that takes one (found by fuzzing: a
    /// method that lost its return type reads as a constructor).
    fn refuse_thread_calls(&self, p: &Program, m: MethodId, b: &Block, errs: &mut Vec<Diagnostic>) {
        let method = p.method(m);
        if !method.is_constructor || !method.class.is_some_and(|c| self.classes.contains(&c)) {
            return;
        }
        crate::core::visit::each_stmt(b, &mut |s| {
            if let S::Call { call, .. } = &s.kind {
                if self.threads.contains(&call.method) {
                    errs.push(Diagnostic::not_supported(
                        s.span,
                        "a call of a Calvin thread's method in a constructor (a constructor runs outside the threads' steps and has no thread id to pass)",
                    ));
                }
            }
        });
    }
}

/// `e != null`.
fn non_null(e: Expr, span: Span) -> Expr {
    ne(e, null(span))
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

#[cfg(test)]
mod tests;
