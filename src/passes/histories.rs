//! Histories: models, processes, action blocks (thesis ch. 7, layer 3;
//! VerCors's `model`/`process` feature in its futures form).
//!
//! A model `M` declares abstract state (its fields), actions (contracts over
//! that state) and processes built from them: `empty`, `p * q`, `p || q`,
//! `c ? p : q`, guarded recursion. A history of an object `m : M` is split
//! into fractions `m.state(p, F)`, each with its remaining *future* F; the
//! futures of all the fractions together, in parallel, are what is left to
//! do of the process the history was created with. The proof rules:
//!
//! ```text
//!   {Perm(m.x̄, 1) ∗ pre_Q}  m.create(Q)   {HPerm(m.x̄, 1) ∗ m.state(1, Q)}      (create)
//!   {HPerm(m.x̄, 1) ∗ m.state(1, empty)}  m.destroy()  {Perm(m.x̄, 1) ∗ post_Q[\old(x̄) := x̄₀]}
//!                                                   (destroy; Q, x̄₀ as at create)
//!   m.state(p₁ + p₂, F₁ || F₂)  ⊣⊢  m.state(p₁, F₁) ∗ m.state(p₂, F₂)  (split, merge)
//!
//!   {pre_a ∗ APerm(m.modifies_a, 1) ∗ P} S {post_a ∗ APerm(m.modifies_a, 1) ∗ Q}
//!   ───────────────────────────────────────────────────────────────── (action)
//!   {HPerm(m.modifies_a, 1) ∗ m.state(p, a * F) ∗ P}
//!       action(m, p, F, m.a(ē)) { S }
//!   {HPerm(m.modifies_a, 1) ∗ m.state(p, F) ∗ Q}
//!
//!   {pre_q ∗ Perm(this.x̄, 1)} body(def_q) {post_q ∗ Perm(this.x̄, 1)}   (process)
//! ```
//!
//! where body(def) is the process method: `P * Q` runs P's then Q's, `c ? P
//! : Q` branches on c, `m.a(ē)` calls the action's (abstract) method or the
//! process's method (recursion by induction on the trace: a call of the
//! process itself must come after an action, and calls of other processes
//! before any action must not go round), and `P || Q` of sequences of
//! actions runs every interleaving, one per branch of a nondeterministic
//! choice. A process whose whole definition is `p₁(x̄) || p₂(ȳ)` (x̄, ȳ its
//! parameters, each once; the thesis's `feed`) is run by the expansion law
//! `P || Q = P ⌊ Q + Q ⌊ P`: either side moves first; its definition,
//! unfolded once into head normal form (under its conditions, `empty` or
//! `a(ē) * R`), then gives `empty || Q` = Q (Q's method) or `a(ē)` followed
//! by `R || Q`, which must be `empty || Q` or the process again, `p₁(ē') ||
//! p₂(ȳ)` (a call after an action). Every trace of P || Q starts with a
//! step of one side, so it is a trace of one branch.
//!
//! The thesis's Java form (Listings 47–50) records the *past* instead:
//! `Hist(m, p, P)`, fraction p of history m, which did P:
//!
//! ```text
//!   {Perm(m.x̄, 1)}  m.create_hist()  {HPerm(m.x̄, 1) ∗ Hist(m, 1, empty)}
//!   {HPerm(m.x̄, 1) ∗ Hist(m, 1, q(ē))}  m.destroy_hist(m.q(ē))
//!       {Perm(m.x̄, 1) ∗ post_q[\old(x̄) := x̄₀]}        (pre_q checked of x̄₀)
//!   Hist(m, p₁ + p₂, P₁ || P₂)  ⊣⊢  Hist(m, p₁, P₁) ∗ Hist(m, p₂, P₂)
//!                                          (m.split_hist, m.merge_hist)
//!   {pre_a ∗ APerm(m.modifies_a, 1) ∗ P} S {post_a ∗ APerm(m.modifies_a, 1) ∗ Q}
//!   ─────────────────────────────────────────────────────────────────
//!   {HPerm(m.modifies_a, 1) ∗ Hist(m, p, F) ∗ P}
//!       action m, p, F, m.a(ē); S
//!   {HPerm(m.modifies_a, 1) ∗ Hist(m, p, F * a(ē)) ∗ Q}
//! ```
//!
//! `Hist(m, p, P)` is `[p]hist$past(m; P, p) ∗ Perm(m.hist$tok, p)`, a
//! predicate apart from `hist$state`'s (a history lives in one form). In a
//! history class (a Java class with processes; a process without a
//! definition is an action), a method other than its processes is a lemma
//! about processes (`get_lemma`): its contract is used as a fact wherever it
//! is called, so it must terminate: it calls no method but itself, and each
//! recursive call checks (`preFailed`) that the total length of its
//! sequence arguments is smaller than on entry.
//!
//! Lowered to permission-based core (the pass removes `History` expressions,
//! `History` statements and `Action` blocks): processes become integers —
//! abstract functions `proc$empty()`, `proc$seq(a, b)`, `proc$par(a, b)`
//! (declared once, with the first model) with the unit laws (`empty` is the
//! unit of `*` and `||`) as postconditions, one function per action
//! (abstract) and per process (its definition as body). Associativity of
//! `*` is the postcondition of an abstract `proc$assoc()`, which `proc$empty`
//! ensures (Silicon refuses a function naming itself in its postcondition).
//! No other law is assumed (not commutativity of `||`, no expansion law as
//! an axiom): fewer equalities of processes are provable, never a false one
//! (each law holds of processes as sets of traces).
//! `m.state(p, F)` is `[p]hist$state(m; F, p) ∗ Perm(m.hist$tok, p)`: the
//! predicate is abstract, and carries its fraction as an argument so that two
//! fractions with the same future stay two (Silver would merge
//! `[p₁]S(F) ∗ [p₂]S(F)` into `[p₁+p₂]S(F)`, which is `F || F`, not `F`; an
//! action takes exactly one copy). Every field has three tokens, whose
//! permissions total 1 (as the field's own do): `Perm(o.x, p)` on a model's
//! field is `Perm(o.x, p) ∗ Perm(o.x$plain, p)` (`new` gives the plain
//! tokens), `HPerm(o.x, p)` is `Perm(o.x, p) ∗ Perm(o.x$hist, p)`, and the
//! active token `o.x$act` exists only inside an action block, which takes
//! the full passive one for it. A write of a model's field needs the full
//! plain or the full active token (`assignFieldFailed`): a thread holding
//! passive permission cannot write, nor hand out plain permission it does
//! not have. Create exchanges the full plain tokens for passive ones and
//! records the process, its arguments and the initial state in ghost locals;
//! the matching destroy (in the same block, on the same local, not assigned
//! in between) gives the plain tokens back and assumes the process's
//! postcondition over them. Actions and processes are not called outside
//! the process methods (an action changes state only in a block).
//!
//! Removes from the core program: `StmtKind::History` (create, destroy,
//! split, merge and their `_hist` forms), `StmtKind::Action` and
//! `ExprKind::History` (process terms, `m.state(p, F)`, `Hist(m, p, P)`,
//! `HPerm`).
//!
//! Why it is sound: the total of `hist$tok` is 1 while a history lives, so
//! destroy's full `hist$tok` means every fraction is back, and its `state(1,
//! empty)` says the futures left are all `empty`: the actions done (each
//! checked against its action's contract at its block, with the state it
//! started from) form a trace of the created process Q (an action turns `a *
//! F` into `F` in one fraction; split and merge keep the parallel composition
//! of the futures; the axioms hold of processes as sets of traces). Q's
//! process method shows every trace of Q satisfies post_Q, by induction on
//! the trace (guarded recursion) and over every interleaving of a parallel
//! composition. Create needs the full plain tokens of every field (so no
//! other history of the object lives: its tokens would be passive or active);
//! actions need the full passive permission of the fields they modify, so
//! two actions on a field never overlap. An action's contract reads only
//! the fields it names (`accessible`, `modifies`; an error otherwise): the
//! block records exactly those at entry, and checks the ones it does not
//! modify unchanged at exit.
//!
//! Why the past form is sound: the same tokens, so at `destroy_hist` every
//! fraction is back; the actions done, each checked against its contract
//! from the state it started from, form an interleaving of the fractions'
//! pasts (an action appends itself to its own fraction's past; merge
//! composes the pasts in parallel, split undoes that), so the trace is one
//! of the whole past P, which the prover showed equal to q(ē) under laws
//! true of trace sets and the processes' definitions; q's method shows
//! every trace of q from a state with pre_q (checked of the initial state,
//! kept at create) ends in post_q. A lemma's postcondition is an equality
//! of processes proved by a terminating recursion, so it is true.

use super::{Lower, Out, Pass};
use crate::core::build::{and, check, eq, implies, local, perm, size, stmt, write};
use crate::core::visit::{map_decl_exprs, map_expr, subst_this};
use crate::core::{
    Block, Call, ClassId, Contract, Expr, ExprKind as K, FieldId, Function, FunctionId, History,
    HistoryStmt, MethodId, ModelMember, Predicate, PredicateAccess, PredicateId, Program, Stmt,
    StmtKind as S, Type, Var,
};
use crate::diag::{Diagnostic, FailureCode, Reason};
use crate::name::Name;
use crate::syntax::ast::{BinOp, HistoryMember};
use crate::syntax::span::Span;
use std::collections::{BTreeMap, HashMap};

pub const PASS: Pass = Pass {
    name: "histories",
    description: "models, processes, history fractions and action blocks become abstract functions and predicates, tokens, checks, and one method per process",
    declare: |p, errs| Box::new(declare(p, errs)),
    removes: |s| matches!(s, S::History(..) | S::Action(..)),
    removes_expr: |e| matches!(e, K::History(..)),
    removes_decl: super::no_decl,
};

/// What encodes one model.
#[derive(Clone, Debug)]
struct ModelEnc {
    class: ClassId,
    fields: Vec<FieldId>,
    /// The plain, passive and active tokens of each field, in `fields`' order.
    plain: Vec<FieldId>,
    hist: Vec<FieldId>,
    act: Vec<FieldId>,
    tok: FieldId,
    state: PredicateId,
    /// `Hist(m, p, P)`'s predicate (P the past), apart from `state`'s so
    /// that a history is used in one form only.
    past: PredicateId,
    empty: FunctionId,
    seq: FunctionId,
    par: FunctionId,
    /// Each action and process, with the function that is its process term.
    members: BTreeMap<MethodId, (FunctionId, ModelMember)>,
    /// The contracts of their methods (with the permissions and the
    /// unmodified fields' values added): the pipeline takes a method's
    /// contract out of the program before the bodies are lowered.
    contracts: BTreeMap<MethodId, Contract>,
}

#[derive(Default)]
struct Histories {
    models: BTreeMap<ClassId, ModelEnc>,
    /// Each field of a model: its model and its place in `fields`.
    fields: HashMap<FieldId, (ClassId, usize)>,
}

fn declare(p: &mut Program, errs: &mut Vec<Diagnostic>) -> Histories {
    let mut h = Histories::default();
    let models = p.features.models.clone();
    for (c, model) in models {
        let span = p.class(c).span;
        let fields = p.class(c).fields.clone();
        if fields.is_empty() {
            errs.push(Diagnostic::not_supported(span, "a model without fields"));
            continue;
        }
        let mut plain = Vec::new();
        let mut hist = Vec::new();
        let mut act = Vec::new();
        for (i, f) in fields.iter().enumerate() {
            let name = p.field(*f).name;
            plain.push(p.add_token_field(&format!("{name}$plain"), c));
            hist.push(p.add_token_field(&format!("{name}$hist"), c));
            act.push(p.add_token_field(&format!("{name}$act"), c));
            h.fields.insert(*f, (c, i));
        }
        let tok = p.add_token_field("hist$tok", c);
        let int = |n: &str| Var {
            name: n.into(),
            ty: Type::Int,
            span,
        };
        let mut abstract_pred = |name: &str, what: &str| {
            p.predicates.push(Predicate {
                name: name.into(),
                class: Some(c),
                is_static: false,
                is_inline: false,
                is_thread_local: false,
                params: vec![
                    int(what),
                    Var {
                        name: "frac".into(),
                        ty: Type::Rational,
                        span,
                    },
                ],
                body: None,
                derived: None,
                span,
            });
            PredicateId(p.predicates.len() as u32 - 1)
        };
        let state = abstract_pred("hist$state", "future");
        let past = abstract_pred("hist$past", "past");
        // The process constructors are declared once (with the first
        // model): a process term does not depend on the model.
        let (empty, seq, par) = match h.models.values().next() {
            Some(first) => (first.empty, first.seq, first.par),
            None => (
                add_function(p, c, "proc$empty", Vec::new(), span),
                add_function(p, c, "proc$seq", vec![int("a"), int("b")], span),
                add_function(p, c, "proc$par", vec![int("a"), int("b")], span),
            ),
        };
        // The unit laws: `empty` is the unit of `*` and `||`.
        let local = |n: &str| Expr::new(K::Local(n.into()), Type::Int, span);
        let empty_term = call(empty, Vec::new(), span);
        for f in [seq, par].into_iter().filter(|_| h.models.is_empty()) {
            let result = Expr::new(K::Result, Type::Int, span);
            let unit = |x: &str, other: &str| {
                implies(
                    eq(local(x), empty_term.clone()),
                    eq(result.clone(), local(other)),
                )
            };
            p.functions[f.0 as usize].contract.ensures = vec![unit("a", "b"), unit("b", "a")];
        }
        // Associativity of `*`: the postcondition of an abstract boolean
        // function `proc$assoc()` (`proc$seq` may not name itself in its
        // own), which `proc$empty()`'s postcondition mentions: every
        // program with a process has `empty` (the unit laws name it).
        if h.models.is_empty() {
            let [x, y, z] = ["proc$x", "proc$y", "proc$z"].map(local);
            let xy = call(seq, vec![x.clone(), y.clone()], span);
            let left = call(seq, vec![xy, z.clone()], span);
            let right = call(seq, vec![x, call(seq, vec![y, z], span)], span);
            let all = Expr::new(
                K::Quant {
                    q: crate::syntax::ast::Quantifier::Forall,
                    vars: vec![int("proc$x"), int("proc$y"), int("proc$z")].into(),
                    triggers: vec![vec![left.clone()].into()].into(),
                    body: Box::new(eq(left, right)),
                },
                Type::Bool,
                span,
            );
            let assoc = add_function(p, c, "proc$assoc", Vec::new(), span);
            let f = &mut p.functions[assoc.0 as usize];
            f.ret = Type::Bool;
            f.contract.ensures = vec![Expr::new(K::Result, Type::Bool, span), all];
            let holds = Expr::new(
                K::FunctionCall {
                    func: assoc,
                    recv: None,
                    args: Vec::new().into(),
                },
                Type::Bool,
                span,
            );
            p.functions[empty.0 as usize].contract.ensures = vec![holds];
        }
        let mut members = BTreeMap::new();
        for (m, mm) in &model.members {
            let decl = p.method(*m);
            let name = format!("proc${}", decl.name);
            let params = decl.params.clone();
            let f = add_function(p, c, &name, params, decl.span);
            members.insert(*m, (f, mm.clone()));
        }
        h.models.insert(
            c,
            ModelEnc {
                class: c,
                fields,
                plain,
                hist,
                act,
                tok,
                state,
                past,
                empty,
                seq,
                par,
                members,
                contracts: BTreeMap::new(),
            },
        );
    }
    if h.models.is_empty() {
        return h;
    }
    // Every history expression of the declarations (contracts, predicate
    // bodies), then the members' functions and methods.
    // (A model's constructor gives its fields' permissions without the
    // plain tokens: the caller gets those at the `new`.)
    let mut ctors: Vec<(usize, Contract)> = Vec::new();
    for (i, m) in p.methods.iter_mut().enumerate() {
        if m.is_constructor && m.class.is_some_and(|c| h.models.contains_key(&c)) {
            ctors.push((i, std::mem::take(&mut m.contract)));
        }
    }
    map_decl_exprs(p, &mut |e| h.expr_terms(e));
    for (i, c) in ctors {
        p.methods[i].contract = c;
    }
    let mut contracts = Vec::new();
    let mut unguarded = Vec::new();
    for enc in h.models.values() {
        for (m, (f, mm)) in &enc.members {
            if let Some(def) = &mm.def {
                let term = h.term(def.clone());
                if let Some(x) = crate::core::visit::find(&term, &|x| {
                    matches!(x.kind, K::This | K::Field(..) | K::Old(..))
                }) {
                    errs.push(Diagnostic::not_supported(
                        x.span,
                        "a process definition that reads the model's state (its conditions may read only its parameters)",
                    ));
                    continue;
                }
                p.functions[f.0 as usize].body = Some(term);
            }
            // `accessible` on reads: the contract reads only the fields it
            // names (`accessible` or `modifies`), the ones an action block
            // records at entry; another could change while the block runs.
            let c = &p.method(*m).contract;
            for e in c.requires.iter().chain(&c.ensures) {
                let named = |f: &FieldId| mm.modifies.contains(f) || mm.accessible.contains(f);
                let read = crate::core::visit::find(
                    e,
                    &|x| matches!(&x.kind, K::Field(r, f) if matches!(r.kind, K::This) && h.fields.contains_key(f) && !named(f)),
                );
                if let Some(x) = read {
                    let msg = "this field is read by an action's or process's contract but not named in its accessible or modifies clause";
                    errs.push(Diagnostic::error(
                        crate::diag::ErrorCode::Misplaced,
                        x.span,
                        msg,
                    ));
                }
            }
            h.member_contract(p, *m, mm);
            contracts.push((enc.class, *m, p.method(*m).contract.clone()));
            if let Some(def) = &mm.def {
                match h.process_body(p, *m, def, &mut unguarded) {
                    Ok(b) => p.methods[m.0 as usize].body = Some(b),
                    Err(e) => errs.push(e),
                }
            }
        }
    }
    // Calls of processes before any action must not go round: each
    // process's contract is proved by induction on its traces, and an
    // unguarded call is to a process proved before it in this order.
    for (from, to, at) in &unguarded {
        let mut seen = vec![*to];
        let mut i = 0;
        while i < seen.len() {
            let next = seen[i];
            i += 1;
            for (a, b, _) in &unguarded {
                if *a == next && !seen.contains(b) {
                    seen.push(*b);
                }
            }
        }
        if seen.contains(from) {
            errs.push(Diagnostic::not_supported(
                *at,
                "processes that call each other before any action (only guarded recursion is supported)",
            ));
            break;
        }
    }
    for (c, m, contract) in contracts {
        if let Some(enc) = h.models.get_mut(&c) {
            enc.contracts.insert(m, contract);
        }
    }
    h
}

fn add_function(
    p: &mut Program,
    c: ClassId,
    name: &str,
    params: Vec<Var>,
    span: Span,
) -> FunctionId {
    p.functions.push(Function {
        name: name.into(),
        class: Some(c),
        is_static: true,
        is_inline: false,
        params,
        ret: Type::Int,
        contract: Contract::default(),
        body: None,
        derived: None,
        span,
    });
    FunctionId(p.functions.len() as u32 - 1)
}

fn call(f: FunctionId, args: Vec<Expr>, span: Span) -> Expr {
    Expr::new(
        K::FunctionCall {
            func: f,
            recv: None,
            args: args.into(),
        },
        Type::Int,
        span,
    )
}

fn star(a: Expr, b: Expr, span: Span) -> Expr {
    Expr::binary(BinOp::Star, a, b, Type::Resource, span)
}

fn stars(xs: Vec<Expr>, span: Span) -> Expr {
    xs.into_iter()
        .reduce(|a, b| star(a, b, span))
        .unwrap_or_else(|| Expr::bool(true, span))
}

/// `a + b + …` (0 when empty).
fn sum(xs: Vec<Expr>, span: Span) -> Expr {
    xs.into_iter()
        .reduce(|a, b| Expr::binary(BinOp::Add, a, b, Type::Int, span))
        .unwrap_or_else(|| Expr::new(K::Int(0i128.into()), Type::Int, span))
}

fn field(recv: &Expr, f: FieldId, ty: Type, span: Span) -> Expr {
    Expr::new(K::Field(Box::new(recv.clone()), f), ty, span)
}

/// `perm(loc) == none`.
fn no_perm(loc: Expr, span: Span) -> Expr {
    let cur = Expr::new(K::CurPerm(Box::new(loc)), Type::Rational, span);
    let none = Expr::new(K::NoPerm, Type::Rational, span);
    eq(cur, none)
}

impl Histories {
    fn model_of_member(&self, m: MethodId) -> Option<&ModelEnc> {
        self.models.values().find(|e| e.members.contains_key(&m))
    }

    /// A process term as an integer.
    fn term(&self, e: Expr) -> Expr {
        map_expr(e, &mut |mut x| {
            let span = x.span;
            match x.kind {
                K::History(h, xs) => {
                    let mut xs = xs;
                    let (f, args) = match h {
                        History::Empty => (self.any_model(|m| m.empty), Vec::new()),
                        History::Seq => (self.any_model(|m| m.seq), xs),
                        History::Par => (self.any_model(|m| m.par), xs),
                        History::Member(id) => {
                            let enc = self.model_of_member(id).expect("a member of a model");
                            xs.remove(0);
                            (enc.members[&id].0, xs)
                        }
                        History::State | History::HPerm | History::Hist => {
                            return Expr::new(K::History(h, xs), x.ty, span);
                        }
                    };
                    call(f, args, span)
                }
                _ => {
                    if x.ty == Type::Process {
                        x.ty = Type::Int;
                    }
                    x
                }
            }
        })
    }

    /// The process constructors are the same for every model (the first's):
    /// a process term does not depend on the object it is a history of.
    fn any_model(&self, f: impl Fn(&ModelEnc) -> FunctionId) -> FunctionId {
        f(self.models.values().next().expect("a model"))
    }

    /// `m.state(p, F)`, `HPerm(o.x, p)` and `Perm(o.x, p)` of a model's
    /// field in permission-based core.
    fn expr(&self, e: Expr) -> Expr {
        let span = e.span;
        match e.kind {
            K::Perm(loc, p) => {
                let token = match &loc.kind {
                    K::Field(r, f) => self
                        .fields
                        .get(f)
                        .map(|(c, i)| field(r, self.models[c].plain[*i], Type::Bool, span)),
                    _ => None,
                };
                let plain = perm(*loc, (*p).clone(), span);
                match token {
                    Some(t) => star(plain, perm(t, *p, span), span),
                    None => plain,
                }
            }
            // `m.state(p, F)` (F the future) and `Hist(m, p, P)` (P the
            // past): the model's predicate of that kind and its token.
            K::History(h @ (History::State | History::Hist), xs) => {
                let [m, p, f]: [Expr; 3] = xs.try_into().expect("m.state(p, F) or Hist(m, p, P)");
                let Type::Class(c) = m.ty else {
                    return Expr::bool(false, span);
                };
                let enc = &self.models[&c];
                let pred = if h == History::Hist {
                    enc.past
                } else {
                    enc.state
                };
                star(
                    self.pred(pred, &m, &p, self.term(f), span),
                    perm(field(&m, enc.tok, Type::Bool, span), p, span),
                    span,
                )
            }
            K::History(History::HPerm, xs) => {
                let [loc, p]: [Expr; 2] = xs.try_into().expect("HPerm(o.x, p)");
                let K::Field(r, f) = &loc.kind else {
                    return Expr::bool(false, span);
                };
                let (c, i) = self.fields[f];
                let token = field(r, self.models[&c].hist[i], Type::Bool, span);
                star(
                    perm(loc.clone(), p.clone(), span),
                    perm(token, p, span),
                    span,
                )
            }
            kind => Expr::new(kind, e.ty, span),
        }
    }

    /// `expr`, and a process term anywhere else (`P == Q` in a process
    /// lemma, a `given process` argument) as an integer.
    fn expr_terms(&self, e: Expr) -> Expr {
        match e.kind {
            K::History(
                h @ (History::Empty | History::Seq | History::Par | History::Member(_)),
                xs,
            ) => self.term(Expr::new(K::History(h, xs), e.ty, e.span)),
            _ => self.expr(e),
        }
    }

    /// `[p]hist$state(m; F, p)`.
    fn state(&self, enc: &ModelEnc, m: &Expr, p: &Expr, f: Expr, span: Span) -> Expr {
        self.pred(enc.state, m, p, f, span)
    }

    /// `[p]pred(m; F, p)`.
    fn pred(&self, pred: PredicateId, m: &Expr, p: &Expr, f: Expr, span: Span) -> Expr {
        Expr::new(
            K::PredicateAccess(Box::new(PredicateAccess {
                pred,
                recv: Some(m.clone()),
                args: vec![f, p.clone()],
                perm: p.clone(),
            })),
            Type::Resource,
            span,
        )
    }

    /// The contract of an action's or process's method: write permission on
    /// every field of the model, and the fields it does not modify unchanged.
    fn member_contract(&self, p: &mut Program, m: MethodId, mm: &ModelMember) {
        let Some(enc) = self.model_of_member(m) else {
            return;
        };
        let span = p.method(m).span;
        let this = Expr::new(K::This, Type::Class(enc.class), span);
        let perms: Vec<Expr> = enc
            .fields
            .iter()
            .map(|f| {
                perm(
                    field(&this, *f, p.field(*f).ty.clone(), span),
                    write(span),
                    span,
                )
            })
            .collect();
        let mut ensures = perms.clone();
        for f in enc.fields.iter().filter(|f| !mm.modifies.contains(f)) {
            let x = field(&this, *f, p.field(*f).ty.clone(), span);
            let old = Expr::new(K::Old(None, Box::new(x.clone())), x.ty.clone(), span);
            ensures.push(eq(x, old));
        }
        let c = &mut p.methods[m.0 as usize].contract;
        let requires = std::mem::take(&mut c.requires);
        c.requires = perms.into_iter().chain(requires).collect();
        let user = std::mem::take(&mut c.ensures);
        c.ensures = ensures.into_iter().chain(user).collect();
    }

    /// The body of process `m`'s method: its definition run, then its
    /// postcondition checked (`processPostFailed`).
    /// Its calls of other processes before any action are added to
    /// `unguarded` (caller, callee, where).
    fn process_body(
        &self,
        p: &Program,
        m: MethodId,
        def: &Expr,
        unguarded: &mut Vec<(MethodId, MethodId, Span)>,
    ) -> Result<Block, Diagnostic> {
        let span = def.span;
        let mut g = Gen {
            h: self,
            p,
            next: 0,
            me: m,
            unguarded: Vec::new(),
        };
        let mut stmts = g.gen(def, false)?.1;
        unguarded.extend(g.unguarded.into_iter().map(|(to, at)| (m, to, at)));
        let n_fields = self.model_of_member(m).map_or(0, |e| e.fields.len());
        // The method's ensures: permissions (one per field), the unmodified
        // fields' values, then the user's clauses; all but the permissions
        // checked here, the method's own ensures then follow.
        for e in p.method(m).contract.ensures.iter().skip(n_fields) {
            let code = FailureCode::ProcessPostFailed(Reason::False);
            stmts.push(check(false, e.clone(), code, e.span));
        }
        Ok(Block { stmts, span })
    }
}

/// Builds a process method's body.
struct Gen<'a> {
    h: &'a Histories,
    p: &'a Program,
    next: u32,
    /// The process whose method this is.
    me: MethodId,
    /// Calls of other processes before any action, with where.
    unguarded: Vec<(MethodId, Span)>,
}

impl Gen<'_> {
    /// The statements of process expression `e`; `guarded`: an action ran
    /// before on every path here. Gives whether one has after `e`.
    fn gen(&mut self, e: &Expr, guarded: bool) -> Result<(bool, Vec<Stmt>), Diagnostic> {
        let span = e.span;
        match &e.kind {
            K::History(History::Empty, _) => Ok((guarded, Vec::new())),
            K::History(History::Seq, xs) => {
                let (g1, mut a) = self.gen(&xs[0], guarded)?;
                let (g2, b) = self.gen(&xs[1], g1)?;
                a.extend(b);
                Ok((g2, a))
            }
            K::Cond(c, a, b) => {
                let (ga, sa) = self.gen(a, guarded)?;
                let (gb, sb) = self.gen(b, guarded)?;
                let s = stmt(
                    S::If {
                        cond: (**c).clone(),
                        then: Block { stmts: sa, span },
                        els: Some(Block { stmts: sb, span }),
                    },
                    span,
                );
                Ok((ga && gb, vec![s]))
            }
            K::History(History::Member(id), xs) => {
                let is_action = self.kind(*id) == Some(HistoryMember::Action);
                if !is_action && !guarded {
                    // Another process's method, whose contract its own
                    // method proves: sound unless the calls before any
                    // action go round (checked once all are known).
                    if *id == self.me {
                        return Err(Diagnostic::not_supported(
                            span,
                            "a process call before any action in a process definition (only guarded recursion is supported)",
                        ));
                    }
                    self.unguarded.push((*id, span));
                }
                Ok((guarded || is_action, vec![self.call(*id, &xs[1..], span)]))
            }
            K::History(History::Par, xs) => {
                let (Some(a), Some(b)) = (self.actions(&xs[0]), self.actions(&xs[1])) else {
                    return Ok((guarded, self.expansion(e, &xs[0], &xs[1], span)?));
                };
                let orders = interleavings(&a, &b);
                if orders.len() > 64 {
                    return Err(Diagnostic::not_supported(
                        span,
                        "a parallel composition with more than 64 interleavings",
                    ));
                }
                let any = !a.is_empty() || !b.is_empty();
                let branches: Vec<Vec<Stmt>> = orders
                    .into_iter()
                    .map(|o| {
                        o.into_iter()
                            .map(|(id, args)| self.call(id, args, span))
                            .collect()
                    })
                    .collect();
                Ok((guarded || any, self.choice(branches, span)))
            }
            _ => Err(Diagnostic::not_supported(span, "this process expression")),
        }
    }

    /// `P || Q` as the whole definition `p1(x̄) || p2(ȳ)` of this process
    /// (x̄, ȳ its parameters, each once): the expansion law. Either side
    /// moves first: its definition, unfolded once, is (under conditions)
    /// `empty`, then the other side runs alone (its method), or `a(ē) *
    /// R`, then `a`, and `R || Q` must be `empty || Q` or this process
    /// again, `p1(ē') || p2(ȳ)` (a recursive call after an action).
    fn expansion(
        &mut self,
        whole: &Expr,
        l: &Expr,
        r: &Expr,
        span: Span,
    ) -> Result<Vec<Stmt>, Diagnostic> {
        let unsupported = || {
            Diagnostic::not_supported(
                span,
                "a parallel composition other than of two sequences of actions or a process's whole definition p(x̄) || q(ȳ), x̄ and ȳ its parameters, each once",
            )
        };
        let own = self
            .h
            .model_of_member(self.me)
            .map(|e| &e.members[&self.me].1);
        if !own
            .and_then(|m| m.def.as_ref())
            .is_some_and(|d| std::ptr::eq(d, whole))
        {
            return Err(unsupported());
        }
        let params: Vec<Name> = crate::core::explicit(&self.p.method(self.me).params)
            .iter()
            .map(|v| v.name)
            .collect();
        let (K::History(History::Member(p1), a1), K::History(History::Member(p2), a2)) =
            (&l.kind, &r.kind)
        else {
            return Err(unsupported());
        };
        let names = |xs: &[Expr]| -> Option<Vec<Name>> {
            xs[1..]
                .iter()
                .map(|x| match x.kind {
                    K::Local(v) if params.contains(&v) => Some(v),
                    _ => None,
                })
                .collect()
        };
        let (Some(n1), Some(n2)) = (names(a1), names(a2)) else {
            return Err(unsupported());
        };
        let mut all: Vec<Name> = n1.iter().chain(&n2).copied().collect();
        all.sort();
        all.dedup();
        if all.len() != n1.len() + n2.len() || all.len() != params.len() {
            return Err(unsupported());
        }
        let sides = [
            ((*p1, &a1[1..], &n1), (*p2, &a2[1..])),
            ((*p2, &a2[1..], &n2), (*p1, &a1[1..])),
        ];
        // A hint (each a tautology, checked): a sequence parameter is empty
        // or its head then its tail (the definitions branch on it).
        let mut out = Vec::new();
        for v in crate::core::explicit(&self.p.method(self.me).params) {
            let Type::Seq(t) = &v.ty else { continue };
            let s = local(v.name, v.ty.clone(), span);
            let b = |k, xs, ty| Expr::new(K::Builtin(k, xs), ty, span);
            let size = b(crate::core::Builtin::Size, vec![s.clone()], Type::Int);
            let zero = Expr::new(K::Int(0i128.into()), Type::Int, span);
            let first = b(
                crate::core::Builtin::SeqIndex,
                vec![s.clone(), zero.clone()],
                (**t).clone(),
            );
            let tail = b(crate::core::Builtin::SeqTail, vec![s.clone()], v.ty.clone());
            let lit = |xs| Expr::new(K::SeqLit(xs), v.ty.clone(), span);
            let split = Expr::binary(BinOp::Add, lit(vec![first]), tail, v.ty.clone(), span);
            let code = FailureCode::ProcessPostFailed(Reason::False);
            out.push(stmt(
                S::If {
                    cond: Expr::binary(BinOp::Gt, size, zero, Type::Bool, span),
                    then: Block {
                        stmts: vec![check(false, eq(s.clone(), split), code, span)],
                        span,
                    },
                    els: Some(Block {
                        stmts: vec![check(false, eq(s, lit(Vec::new())), code, span)],
                        span,
                    }),
                },
                span,
            ));
        }
        let mut branches = Vec::new();
        for ((pid, pargs, pnames), other) in sides {
            let Some(t) = self.hnf(&self.unfold(pid, pargs, span)?, span) else {
                return Err(unsupported());
            };
            branches.push(self.side(t, pid, pnames, &params, other, span)?);
        }
        out.extend(self.choice(branches, span));
        Ok(out)
    }

    /// Process `id`'s definition with `args` for its parameters.
    fn unfold(&self, id: MethodId, args: &[Expr], span: Span) -> Result<Expr, Diagnostic> {
        let enc = self.h.model_of_member(id).expect("a member of a model");
        let Some(def) = enc.members[&id].1.def.clone() else {
            let msg = "a parallel composition of a process without a definition";
            return Err(Diagnostic::not_supported(span, msg));
        };
        let by: HashMap<Name, Expr> = crate::core::explicit(&self.p.method(id).params)
            .iter()
            .zip(args)
            .map(|(v, a)| (v.name, a.clone()))
            .collect();
        Ok(map_expr(def, &mut |x| match &x.kind {
            K::Local(v) if by.contains_key(v) => by[v].clone(),
            _ => x,
        }))
    }

    /// Process `e` in head normal form: under conditions, `empty` or an
    /// action followed by the rest (`*` re-associated to the right).
    fn hnf(&self, e: &Expr, span: Span) -> Option<Hnf> {
        let empty = || Expr::new(K::History(History::Empty, Vec::new()), Type::Process, span);
        let seq =
            |a: Expr, b: Expr| Expr::new(K::History(History::Seq, vec![a, b]), Type::Process, span);
        match &e.kind {
            K::History(History::Empty, _) => Some(Hnf::Empty),
            K::Cond(c, a, b) => Some(Hnf::If(
                (**c).clone(),
                Box::new(self.hnf(a, span)?),
                Box::new(self.hnf(b, span)?),
            )),
            K::History(History::Member(id), xs)
                if self.kind(*id) == Some(HistoryMember::Action) =>
            {
                Some(Hnf::Step(*id, xs[1..].to_vec(), empty()))
            }
            K::History(History::Seq, xs) => {
                let rest = xs[1].clone();
                match &xs[0].kind {
                    K::History(History::Empty, _) => self.hnf(&rest, span),
                    K::History(History::Member(id), ys)
                        if self.kind(*id) == Some(HistoryMember::Action) =>
                    {
                        Some(Hnf::Step(*id, ys[1..].to_vec(), rest))
                    }
                    K::History(History::Seq, ys) => {
                        self.hnf(&seq(ys[0].clone(), seq(ys[1].clone(), rest)), span)
                    }
                    K::Cond(c, a, b) => Some(Hnf::If(
                        (**c).clone(),
                        Box::new(self.hnf(&seq((**a).clone(), rest.clone()), span)?),
                        Box::new(self.hnf(&seq((**b).clone(), rest), span)?),
                    )),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The statements of one side moving first (`expansion`).
    fn side(
        &mut self,
        t: Hnf,
        pid: MethodId,
        pnames: &[Name],
        params: &[Name],
        (qid, qargs): (MethodId, &[Expr]),
        span: Span,
    ) -> Result<Vec<Stmt>, Diagnostic> {
        match t {
            Hnf::If(c, a, b) => {
                let then = self.side(*a, pid, pnames, params, (qid, qargs), span)?;
                let els = self.side(*b, pid, pnames, params, (qid, qargs), span)?;
                Ok(vec![stmt(
                    S::If {
                        cond: c,
                        then: Block { stmts: then, span },
                        els: Some(Block { stmts: els, span }),
                    },
                    span,
                )])
            }
            Hnf::Empty => {
                // This side is done: the other runs alone, before any action.
                self.unguarded.push((qid, span));
                Ok(vec![self.call(qid, qargs, span)])
            }
            Hnf::Step(a, args, rest) => {
                let mut out = vec![self.call(a, &args, span)];
                match &rest.kind {
                    K::History(History::Empty, _) => out.push(self.call(qid, qargs, span)),
                    K::History(History::Member(id), xs) if *id == pid => {
                        let again: Vec<Expr> = params
                            .iter()
                            .map(|v| match pnames.iter().position(|n| n == v) {
                                Some(i) => xs[1 + i].clone(),
                                None => {
                                    let ty = crate::core::explicit(&self.p.method(self.me).params)
                                        .iter()
                                        .find(|x| x.name == *v)
                                        .map_or(Type::Int, |x| x.ty.clone());
                                    local(*v, ty, span)
                                }
                            })
                            .collect();
                        out.push(self.call(self.me, &again, span));
                    }
                    _ => {
                        return Err(Diagnostic::not_supported(
                            rest.span,
                            "a parallel composition whose side does not continue as itself (p(x̄) = … a(ē) * p(ē') …) or end",
                        ))
                    }
                }
                Ok(out)
            }
        }
    }

    fn kind(&self, id: MethodId) -> Option<HistoryMember> {
        self.h.model_of_member(id).map(|e| e.members[&id].1.kind)
    }

    /// A process that is a sequence of actions: the actions with their arguments.
    fn actions<'e>(&self, e: &'e Expr) -> Option<Vec<(MethodId, &'e [Expr])>> {
        match &e.kind {
            K::History(History::Empty, _) => Some(Vec::new()),
            K::History(History::Seq, xs) => {
                let mut a = self.actions(&xs[0])?;
                a.extend(self.actions(&xs[1])?);
                Some(a)
            }
            K::History(History::Member(id), xs)
                if self.kind(*id) == Some(HistoryMember::Action) =>
            {
                Some(vec![(*id, &xs[1..])])
            }
            _ => None,
        }
    }

    /// `this.a(args)`.
    fn call(&self, id: MethodId, args: &[Expr], span: Span) -> Stmt {
        let class = self.p.method(id).class.expect("a model's member");
        stmt(
            S::Call {
                target: None,
                call: Box::new(Call {
                    method: id,
                    recv: Some(Expr::new(K::This, Type::Class(class), span)),
                    args: args.to_vec(),
                    given: Vec::new(),
                    yields: Vec::new(),
                    span,
                }),
            },
            span,
        )
    }

    /// One of `branches`, chosen nondeterministically.
    fn choice(&mut self, mut branches: Vec<Vec<Stmt>>, span: Span) -> Vec<Stmt> {
        let Some(last) = branches.pop() else {
            return Vec::new();
        };
        branches.into_iter().rev().fold(last, |els, then| {
            self.next += 1;
            let v: Name = format!("proc$choice{}", self.next).into();
            vec![
                stmt(
                    S::Local(
                        Var {
                            name: v,
                            ty: Type::Bool,
                            span,
                        },
                        None,
                    ),
                    span,
                ),
                stmt(
                    S::If {
                        cond: local(v, Type::Bool, span),
                        then: Block { stmts: then, span },
                        els: Some(Block { stmts: els, span }),
                    },
                    span,
                ),
            ]
        })
    }
}

/// A process in head normal form (`Gen::hnf`).
enum Hnf {
    Empty,
    /// An action with its arguments, then the rest.
    Step(MethodId, Vec<Expr>, Expr),
    If(Expr, Box<Hnf>, Box<Hnf>),
}

/// Every interleaving of `a` and `b`.
fn interleavings<T: Copy>(a: &[T], b: &[T]) -> Vec<Vec<T>> {
    match (a.split_first(), b.split_first()) {
        (None, _) => vec![b.to_vec()],
        (_, None) => vec![a.to_vec()],
        (Some((x, ra)), Some((y, rb))) => {
            let mut out = Vec::new();
            for mut o in interleavings(ra, b) {
                o.insert(0, *x);
                out.push(o);
            }
            for mut o in interleavings(a, rb) {
                o.insert(0, *y);
                out.push(o);
            }
            out
        }
    }
}

/// What a create recorded, for the destroy of the same history.
#[derive(Clone)]
struct Created {
    /// The process created (the futures form), or the one destroyed (the
    /// thesis's form, known only there).
    member: Option<MethodId>,
    /// Created by `create_hist` (the thesis's form, over `Hist`).
    past: bool,
    /// The member's parameters, each with the local holding its argument.
    args: Vec<(Name, Name)>,
    /// Each field of the model with the local holding its initial value.
    inits: Vec<(FieldId, Name)>,
}

struct Lowering<'a> {
    h: &'a Histories,
    p: &'a Program,
    errs: Vec<Diagnostic>,
    next: u32,
    /// The histories created in the blocks around (innermost last), by the
    /// local holding the object: a destroy ends one of the same block.
    created: Vec<HashMap<Name, Created>>,
    /// In a method of a history class (a lemma): the method, and the local
    /// holding its measure on entry.
    lemma: Option<(MethodId, Name)>,
}

impl Lower for Histories {
    fn body(&self, p: &Program, m: MethodId, b: &mut Block, out: &mut Out) {
        if self.models.is_empty() {
            return;
        }
        // Only a process's own method calls actions and processes: called
        // elsewhere, an action would change the state without a block.
        if self.model_of_member(m).is_none() {
            crate::core::visit::each_stmt(b, &mut |s| {
                if let S::Call { call, .. } = &s.kind {
                    if self.model_of_member(call.method).is_some() {
                        out.errs.push(Diagnostic::error(
                            crate::diag::ErrorCode::Misplaced,
                            s.span,
                            "an action or process is not called: an action is done in an action block, action(m, p, F, m.a(args)) { … }",
                        ));
                    }
                }
            });
            if !out.errs.is_empty() {
                return;
            }
        }
        let mut l = Lowering {
            h: self,
            p,
            errs: Vec::new(),
            next: 0,
            created: Vec::new(),
            lemma: None,
        };
        // A method of a history class other than its actions and processes
        // (a process lemma, `get_lemma`): it must terminate, as its
        // postcondition is used as a fact. It calls no method but itself,
        // and each recursive call has a smaller measure: the total length of
        // its sequence parameters (kept on entry).
        let decl = p.method(m);
        let in_model = decl.class.is_some_and(|c| self.models.contains_key(&c));
        if in_model && !decl.is_constructor && self.model_of_member(m).is_none() {
            let span = b.span;
            let sizes: Vec<Expr> = crate::core::explicit(&decl.params)
                .iter()
                .filter(|v| matches!(v.ty, Type::Seq(_)))
                .map(|v| size(local(v.name, v.ty.clone(), span), span))
                .collect();
            let measure = sum(sizes, span);
            let v = l.fresh("measure");
            b.stmts.insert(
                0,
                stmt(
                    S::Local(
                        Var {
                            name: v,
                            ty: Type::Int,
                            span,
                        },
                        Some(measure),
                    ),
                    span,
                ),
            );
            l.lemma = Some((m, v));
        }
        l.block(b);
        out.errs.append(&mut l.errs);
    }
}

impl Lowering<'_> {
    fn fresh(&mut self, what: &str) -> Name {
        self.next += 1;
        format!("hist${what}{}", self.next).into()
    }

    /// A fresh local holding `value` as it is here, for code after it
    /// (which may change what `value` reads).
    fn keep(&mut self, what: &str, ty: Type, value: Expr, span: Span, out: &mut Vec<Stmt>) -> Name {
        let name = self.fresh(what);
        out.push(stmt(S::Local(Var { name, ty, span }, Some(value)), span));
        name
    }

    fn block(&mut self, b: &mut Block) {
        self.created.push(HashMap::new());
        let stmts = std::mem::take(&mut b.stmts);
        for s in stmts {
            self.stmt(s, &mut b.stmts);
        }
        self.created.pop();
    }

    fn exprs(&self, s: &mut Stmt) {
        crate::core::visit::map_stmt_exprs(s, &mut |e| map_expr(e, &mut |x| self.h.expr_terms(x)));
    }

    fn stmt(&mut self, mut s: Stmt, out: &mut Vec<Stmt>) {
        let span = s.span;
        match s.kind {
            S::History(op, xs) => self.history(op, xs, span, out),
            S::Action(xs, body) => self.action(xs, body, span, out),
            S::AssignField {
                ref recv, field: f, ..
            } if self.h.fields.contains_key(&f) => {
                let (c, i) = self.h.fields[&f];
                let enc = &self.h.models[&c];
                let full = |t: FieldId| {
                    let loc = field(recv, t, Type::Bool, span);
                    let cur = Expr::new(K::CurPerm(Box::new(loc)), Type::Rational, span);
                    eq(cur, write(span))
                };
                let ok = Expr::binary(
                    BinOp::Or,
                    full(enc.plain[i]),
                    full(enc.act[i]),
                    Type::Bool,
                    span,
                );
                out.push(check(false, ok, FailureCode::AssignFieldFailed, span));
                self.exprs(&mut s);
                out.push(s);
            }
            S::Call { ref call, .. } if self.lemma.is_some() => {
                let (me, v) = self.lemma.expect("a lemma");
                if call.method != me {
                    let msg = "a method of a history class that calls another method (only a lemma calling itself is supported)";
                    self.errs.push(Diagnostic::not_supported(span, msg));
                    return;
                }
                let params = crate::core::explicit(&self.p.method(me).params);
                let sizes: Vec<Expr> = params
                    .iter()
                    .zip(&call.args)
                    .filter(|(p, _)| matches!(p.ty, Type::Seq(_)))
                    .map(|(_, a)| size(a.clone(), span))
                    .collect();
                let smaller = Expr::binary(
                    BinOp::Lt,
                    sum(sizes, span),
                    local(v, Type::Int, span),
                    Type::Bool,
                    span,
                );
                let code = FailureCode::PreFailed(Reason::False);
                out.push(check(false, smaller, code, span));
                self.exprs(&mut s);
                out.push(s);
            }
            S::Call { target, ref call } if self.p.method(call.method).is_constructor => {
                // A new model object: plain permission on its fields.
                let class = self.p.method(call.method).class;
                self.exprs(&mut s);
                out.push(s);
                let (Some(c), Some(t)) = (class, target) else {
                    return;
                };
                self.assigned(t);
                let Some(enc) = self.h.models.get(&c) else {
                    return;
                };
                let o = local(t, Type::Class(c), span);
                let tokens = enc
                    .plain
                    .iter()
                    .map(|t| perm(field(&o, *t, Type::Bool, span), write(span), span))
                    .collect();
                out.push(stmt(S::Inhale(stars(tokens, span)), span));
            }
            _ => {
                match &s.kind {
                    S::AssignLocal(v, _)
                    | S::Call {
                        target: Some(v), ..
                    } => self.assigned(*v),
                    _ => {}
                }
                self.exprs(&mut s);
                for b in crate::core::visit::child_blocks_mut(&mut s.kind) {
                    self.block(b);
                }
                out.push(s);
            }
        }
    }

    /// Local `v` is written: a history created on it is no longer known to be its.
    fn assigned(&mut self, v: Name) {
        for scope in &mut self.created {
            scope.remove(&v);
        }
    }

    /// `m.create(Q)`, `m.destroy()`, `m.split(…)`, `m.merge(…)`, and the
    /// thesis's forms over `Hist`: `m.create_hist()`, `m.destroy_hist(Q)`,
    /// `m.split_hist(…)`, `m.merge_hist(…)`.
    fn history(&mut self, op: HistoryStmt, mut xs: Vec<Expr>, span: Span, out: &mut Vec<Stmt>) {
        for x in &mut xs {
            let e = std::mem::replace(x, Expr::bool(true, span));
            *x = map_expr(e, &mut |y| self.h.expr(y));
        }
        let m = xs[0].clone();
        let Type::Class(c) = m.ty else { return };
        let h = self.h;
        let enc = &h.models[&c];
        let tok = field(&m, enc.tok, Type::Bool, span);
        let tokens = |ts: &[FieldId]| -> Vec<Expr> {
            ts.iter()
                .map(|t| perm(field(&m, *t, Type::Bool, span), write(span), span))
                .collect()
        };
        let one = write(span);
        match op {
            HistoryStmt::Create | HistoryStmt::CreateHist => {
                let past = op == HistoryStmt::CreateHist;
                let K::Local(var) = m.kind else {
                    let msg = "creating a history of an object that is not in a local variable";
                    self.errs.push(Diagnostic::not_supported(m.span, msg));
                    return;
                };
                let mut member = None;
                let mut args = Vec::new();
                if !past {
                    let K::History(History::Member(q), qargs) = &xs[1].kind else {
                        let msg = "creating a history with a process other than one action or process of the model, m.q(args)";
                        self.errs.push(Diagnostic::not_supported(xs[1].span, msg));
                        return;
                    };
                    member = Some(*q);
                    args = self.keep_args(*q, &qargs[1..], span, out);
                }
                // Full plain permission on every field: the plain tokens
                // become passive ones (every field's tokens total 1, so no
                // other history of the object lives).
                let mut owns = Vec::new();
                for (i, f) in enc.fields.iter().enumerate() {
                    let ty = self.p.field(*f).ty.clone();
                    owns.push(perm(field(&m, *f, ty, span), write(span), span));
                    owns.push(perm(
                        field(&m, enc.plain[i], Type::Bool, span),
                        write(span),
                        span,
                    ));
                }
                out.push(check(
                    false,
                    stars(owns, span),
                    FailureCode::HistoryPerm,
                    span,
                ));
                out.push(check(
                    false,
                    no_perm(tok.clone(), span),
                    FailureCode::HistoryPerm,
                    span,
                ));
                out.push(stmt(S::Exhale(stars(tokens(&enc.plain), span)), span));
                let mut inits = Vec::new();
                for f in &enc.fields {
                    let ty = self.p.field(*f).ty.clone();
                    let v = self.keep("init", ty.clone(), field(&m, *f, ty, span), span, out);
                    inits.push((*f, v));
                }
                let created = Created {
                    member,
                    past,
                    args,
                    inits,
                };
                // The process's precondition holds at the start.
                if let Some(q) = member {
                    let start = self.member_clauses(enc, q, &m, &created, false, span);
                    for pre in start {
                        out.push(check(
                            false,
                            pre,
                            FailureCode::PreFailed(Reason::False),
                            span,
                        ));
                    }
                }
                let mut gets = tokens(&enc.hist);
                gets.push(perm(tok, one.clone(), span));
                gets.push(if past {
                    let empty = call(enc.empty, Vec::new(), span);
                    self.h.pred(enc.past, &m, &one, empty, span)
                } else {
                    self.h
                        .state(enc, &m, &one, self.h.term(xs[1].clone()), span)
                });
                out.push(stmt(S::Inhale(stars(gets, span)), span));
                self.assigned(var);
                if let Some(scope) = self.created.last_mut() {
                    scope.insert(var, created);
                }
            }
            HistoryStmt::Destroy | HistoryStmt::DestroyHist => {
                let past = op == HistoryStmt::DestroyHist;
                let created = match &m.kind {
                    K::Local(v) => self.created.last_mut().and_then(|s| s.remove(v)),
                    _ => None,
                };
                let Some(mut created) = created.filter(|c| c.past == past) else {
                    let msg = if past {
                        "destroying a history that was not created with create_hist earlier in the same block, on the same local variable (not assigned in between)"
                    } else {
                        "destroying a history that was not created earlier in the same block, on the same local variable (not assigned in between)"
                    };
                    self.errs.push(Diagnostic::not_supported(span, msg));
                    return;
                };
                let mut gives = tokens(&enc.hist);
                gives.push(perm(tok, one.clone(), span));
                if past {
                    // The whole past must be one process q(args) of the
                    // model: its contract says what the history did.
                    let K::History(History::Member(q), qargs) = &xs[1].kind else {
                        let msg = "destroying a history with a process other than one action or process of the model, m.q(args)";
                        self.errs.push(Diagnostic::not_supported(xs[1].span, msg));
                        return;
                    };
                    let q = *q;
                    created.member = Some(q);
                    created.args = self.keep_args(q, &qargs[1..], span, out);
                    let terms = created
                        .args
                        .iter()
                        .zip(crate::core::explicit(&self.p.method(q).params))
                        .map(|((_, v), param)| local(*v, param.ty.clone(), span))
                        .collect();
                    let whole = call(enc.members[&q].0, terms, span);
                    gives.push(self.h.pred(enc.past, &m, &one, whole, span));
                } else {
                    let empty = call(enc.empty, Vec::new(), span);
                    gives.push(self.h.state(enc, &m, &one, empty, span));
                }
                out.push(check(
                    true,
                    stars(gives, span),
                    FailureCode::HistoryPerm,
                    span,
                ));
                out.push(stmt(S::Inhale(stars(tokens(&enc.plain), span)), span));
                let Some(member) = created.member else { return };
                if past {
                    // The process's precondition held at the start.
                    for pre in self.member_clauses(enc, member, &m, &created, false, span) {
                        out.push(check(
                            false,
                            pre,
                            FailureCode::PreFailed(Reason::False),
                            span,
                        ));
                    }
                }
                let mut post = self.member_clauses(enc, member, &m, &created, true, span);
                let modifies = &enc.members[&member].1.modifies;
                for (fid, v) in &created.inits {
                    if !modifies.contains(fid) {
                        let ty = self.p.field(*fid).ty.clone();
                        post.push(eq(field(&m, *fid, ty.clone(), span), local(*v, ty, span)));
                    }
                }
                for e in post {
                    out.push(stmt(S::Inhale(e), span));
                }
            }
            HistoryStmt::Split
            | HistoryStmt::Merge
            | HistoryStmt::SplitHist
            | HistoryStmt::MergeHist => {
                let pred = match op {
                    HistoryStmt::Split | HistoryStmt::Merge => enc.state,
                    _ => enc.past,
                };
                let [_, p1, f1, p2, f2]: [Expr; 5] = xs.try_into().expect("five operands");
                let both = Expr::binary(BinOp::Add, p1.clone(), p2.clone(), Type::Rational, span);
                let (f1, f2) = (self.h.term(f1), self.h.term(f2));
                let par = call(enc.par, vec![f1.clone(), f2.clone()], span);
                let whole = self.h.pred(pred, &m, &both, par, span);
                let parts = star(
                    self.h.pred(pred, &m, &p1, f1, span),
                    self.h.pred(pred, &m, &p2, f2, span),
                    span,
                );
                let none = Expr::new(K::NoPerm, Type::Rational, span);
                let positive = and(
                    Expr::binary(BinOp::Gt, p1.clone(), none.clone(), Type::Bool, span),
                    Expr::binary(BinOp::Gt, p2.clone(), none, Type::Bool, span),
                );
                out.push(check(false, positive, FailureCode::HistoryPerm, span));
                let (give, get) = if matches!(op, HistoryStmt::Split | HistoryStmt::SplitHist) {
                    (whole, parts)
                } else {
                    (parts, whole)
                };
                out.push(check(true, give, FailureCode::HistoryPerm, span));
                out.push(stmt(S::Inhale(get), span));
            }
        }
    }

    /// The arguments of member `q`, each kept in a fresh local: its
    /// parameters with those locals.
    fn keep_args(
        &mut self,
        q: MethodId,
        args: &[Expr],
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Vec<(Name, Name)> {
        let params = crate::core::explicit(&self.p.method(q).params).to_vec();
        let mut kept = Vec::new();
        for (param, a) in params.iter().zip(args) {
            let v = self.keep("arg", param.ty.clone(), a.clone(), span, out);
            kept.push((param.name, v));
        }
        kept
    }
    /// The precondition (`post` false) or postcondition of action or process
    /// `q` of the history `m` (and the fields it does not modify
    /// unchanged), with its arguments and the state it started from as
    /// `created` recorded them.
    fn member_clauses(
        &self,
        enc: &ModelEnc,
        q: MethodId,
        m: &Expr,
        created: &Created,
        post: bool,
        span: Span,
    ) -> Vec<Expr> {
        let decl = &enc.contracts[&q];
        let n = enc.fields.len();
        let modifies = &enc.members[&q].1.modifies;
        let unchanged = enc.fields.iter().filter(|f| !modifies.contains(f)).count();
        // The method's contract starts with the permissions (one per field),
        // its ensures then with the unmodified fields' values (the callers
        // say those themselves).
        let clauses: Vec<Expr> = if post {
            decl.ensures.iter().skip(n + unchanged).cloned().collect()
        } else {
            decl.requires.iter().skip(n).cloned().collect()
        };
        let inits: HashMap<FieldId, Name> = created.inits.iter().copied().collect();
        let args: HashMap<Name, Name> = created.args.iter().copied().collect();
        clauses
            .into_iter()
            .map(|e| {
                let e = map_expr(e, &mut |x| match x.kind {
                    K::Old(None, inner) => at_start(*inner, &inits),
                    K::Local(v) if args.contains_key(&v) => local(args[&v], x.ty, x.span),
                    kind => Expr::new(kind, x.ty, x.span),
                });
                let mut e = subst_this(e, m);
                e.span = span;
                e
            })
            .collect()
    }

    /// `action(m, p, F, m.a(args)) { body }`.
    fn action(&mut self, mut xs: Vec<Expr>, mut body: Block, span: Span, out: &mut Vec<Stmt>) {
        for x in &mut xs {
            let e = std::mem::replace(x, Expr::bool(true, span));
            *x = map_expr(e, &mut |y| self.h.expr(y));
        }
        // A fifth operand: the thesis's form (F is the past).
        let past = xs.len() == 5;
        xs.truncate(4);
        let [m, p, f, a]: [Expr; 4] = xs.try_into().expect("four operands");
        let Type::Class(c) = m.ty else { return };
        let h = self.h;
        let enc = &h.models[&c];
        let K::History(History::Member(id), aargs) = &a.kind else {
            return;
        };
        let id = *id;
        let mm = enc.members[&id].1.clone();
        let decl = self.p.method(id);
        // The arguments, evaluated on entry.
        let mut args = Vec::new();
        let mut arg_terms = Vec::new();
        for (param, x) in crate::core::explicit(&decl.params).iter().zip(&aargs[1..]) {
            let v = self.keep("arg", param.ty.clone(), x.clone(), span, out);
            args.push((param.name, v));
            arg_terms.push(local(v, param.ty.clone(), span));
        }
        // The history fraction whose future starts with the action.
        let act_term = call(enc.members[&id].0, arg_terms, span);
        // The future and the fraction, evaluated on entry (the body may
        // change what they read).
        let fv = self.keep("future", Type::Int, self.h.term(f), span, out);
        let future = local(fv, Type::Int, span);
        let pv = self.keep("frac", Type::Rational, p, span, out);
        let p = local(pv, Type::Rational, span);
        // Futures: `a * F` before, `F` after; the past: `F` before, `F * a`
        // after.
        let (before, after) = if past {
            let after = call(enc.seq, vec![future.clone(), act_term], span);
            (
                self.h.pred(enc.past, &m, &p, future, span),
                self.h.pred(enc.past, &m, &p, after, span),
            )
        } else {
            let before = call(enc.seq, vec![act_term, future.clone()], span);
            (
                self.h.state(enc, &m, &p, before, span),
                self.h.state(enc, &m, &p, future, span),
            )
        };
        out.push(check(true, before, FailureCode::HistoryPerm, span));
        // The state the action starts from.
        let mut inits = Vec::new();
        let touched: Vec<usize> = (0..enc.fields.len())
            .filter(|i| {
                mm.modifies.contains(&enc.fields[*i]) || mm.accessible.contains(&enc.fields[*i])
            })
            .collect();
        for i in &touched {
            let fid = enc.fields[*i];
            let ty = self.p.field(fid).ty.clone();
            let v = self.keep("old", ty.clone(), field(&m, fid, ty, span), span, out);
            inits.push((fid, v));
        }
        let created = Created {
            member: Some(id),
            past,
            args,
            inits,
        };
        for pre in self.member_clauses(enc, id, &m, &created, false, span) {
            out.push(check(
                false,
                pre,
                FailureCode::ActionFailed(Reason::False),
                span,
            ));
        }
        // Passive permission on the modified fields becomes active.
        let modified: Vec<usize> = (0..enc.fields.len())
            .filter(|i| mm.modifies.contains(&enc.fields[*i]))
            .collect();
        let passive: Vec<Expr> = modified
            .iter()
            .map(|i| perm(field(&m, enc.hist[*i], Type::Bool, span), write(span), span))
            .collect();
        let active: Vec<Expr> = modified
            .iter()
            .map(|i| perm(field(&m, enc.act[*i], Type::Bool, span), write(span), span))
            .collect();
        if !passive.is_empty() {
            out.push(check(
                true,
                stars(passive.clone(), span),
                FailureCode::HistoryPerm,
                span,
            ));
            out.push(stmt(S::Inhale(stars(active.clone(), span)), span));
        }
        self.block(&mut body);
        out.push(stmt(S::Block(body), span));
        if !active.is_empty() {
            out.push(check(
                true,
                stars(active, span),
                FailureCode::ActionFailed(Reason::Perm),
                span,
            ));
        }
        // The action's postcondition, over the state it started from; the
        // fields it reads but does not modify unchanged.
        let mut post = self.member_clauses(enc, id, &m, &created, true, span);
        for (fid, v) in &created.inits {
            if !mm.modifies.contains(fid) {
                let ty = self.p.field(*fid).ty.clone();
                post.push(eq(field(&m, *fid, ty.clone(), span), local(*v, ty, span)));
            }
        }
        for e in post {
            out.push(check(
                false,
                e,
                FailureCode::ActionFailed(Reason::False),
                span,
            ));
        }
        if !passive.is_empty() {
            out.push(stmt(S::Inhale(stars(passive, span)), span));
        }
        out.push(stmt(S::Inhale(after), span));
    }
}

/// `e` as it was at the start: each field of `this` recorded in `inits` read from its local.
fn at_start(e: Expr, inits: &HashMap<FieldId, Name>) -> Expr {
    map_expr(e, &mut |x| match &x.kind {
        K::Field(r, f) if matches!(r.kind, K::This) && inits.contains_key(f) => {
            local(inits[f], x.ty, x.span)
        }
        _ => x,
    })
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{after, at, body, refused, Pvl};

    const MODEL: &str = "model M { int v;
          modifies v;
          ensures v == \\old(v) + 1;
          action inc();

          modifies v;
          ensures v == \\old(v) + 1;
          process one() = inc(); }";

    #[test]
    fn an_action_block_takes_the_future_then_checks_its_contract_and_gives_the_rest() {
        let text = format!(
            "{MODEL} class C {{
              requires HPerm(h.v, write) ** h.state(1, h.inc());
              ensures HPerm(h.v, write) ** h.state(1, empty);
              void m(M h) {{ action(h, 1, empty, h.inc()) {{ h.v = h.v + 1; }} }} }}"
        );
        let p = after(Pvl, &text, "histories");
        // state(p, a * F) out, the passive token exchanged for the active one
        // around the body, the action's postcondition from the recorded
        // state, state(p, F) back.
        assert_eq!(
            body(&p, "C.m"),
            "{(local hist$future1 (fn proc$empty)) (local hist$frac2 1) \
             (check-exhale historyPerm ([hist$frac2]h.hist$state (fn proc$seq (fn proc$inc) hist$future1) hist$frac2)) \
             (local hist$old3 (. h v)) \
             (check-exhale historyPerm (Perm (. h v$hist) write)) \
             (inhale (Perm (. h v$act) write)) \
             {(check-assert assignFieldFailed (|| (== (perm (. h v$plain)) write) (== (perm (. h v$act)) write))) \
             (= (. h v) (+ (. h v) 1))} \
             (check-exhale actionFailed:perm (Perm (. h v$act) write)) \
             (check-assert actionFailed:false (== (. h v) (+ hist$old3 1))) \
             (inhale (Perm (. h v$hist) write)) \
             (inhale ([hist$frac2]h.hist$state hist$future1 hist$frac2))}"
        );
    }

    #[test]
    fn a_process_is_a_method_that_runs_its_definition_and_checks_its_contract() {
        let p = after(Pvl, &format!("{MODEL} class C {{ }}"), "histories");
        assert_eq!(
            body(&p, "M.one"),
            "{(call this.inc()) (check-assert processPostFailed:false (== (. this v) (+ (old (. this v)) 1)))}"
        );
        // The action is abstract; the process is the function of its definition.
        assert!(crate::passes::testing::method(&p, "M.inc").body.is_none());
        let one = p.functions.iter().find(|f| f.name == "proc$one").unwrap();
        let def = crate::core::print::expr(&p, one.body.as_ref().unwrap());
        assert_eq!(def, "(fn proc$inc)");
    }

    #[test]
    fn an_action_called_outside_an_action_block_is_refused_at_the_call() {
        let text = format!("{MODEL} class C {{ void m(M h) {{ h.inc(); }} }}");
        let errs = refused(Pvl, &text, "histories");
        assert_eq!(
            at(&text, &errs[0]),
            ("typeError:misplaced".into(), "h.inc();")
        );
    }
}
