//! Contracts and bodies of methods, functions and predicates.

use crate::name::Name;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

use super::body::Body;
use super::env::{Env, Job, JobKind};
use crate::core::{self, Block, Expr, FunctionId, MethodId, PredicateId, Type};
use crate::diag::{Diagnostic, ErrorCode};
use crate::syntax::ast::{self, ClauseKind};
use crate::syntax::span::Span;

/// The checked parts of one callable, to be stored in the program. A
/// method's body is checked later, on its own ([`Pending`]).
pub(super) enum Done {
    Method(MethodId, core::Contract),
    /// An action or process of a model: its contract, and what the model records of it.
    History(MethodId, core::Contract, core::ModelMember),
    Function(FunctionId, core::Contract, Option<Expr>),
    Predicate(PredicateId, Option<Expr>),
    /// Calvin-R's access predicate of a field.
    Access(core::FieldId, core::AccessPredicate),
    /// Calvin-R's `performs` spec of a method.
    Performs(MethodId, core::Performs),
    /// A rely/guarantee clause or action, for `core::Features::calvin`.
    RelyGuarantee(super::rely_guarantee::Checked),
}

/// Contract clauses and bodies taken out of the syntax tree
/// ([`super::declare`]), keyed by the address of their member: its node
/// stays in the tree (the signature is still read) and no two live nodes
/// share an address, while a span may repeat (a member copied by
/// `syntax::java::inherit`). Each is handed over, and dropped, when checked.
/// Jobs are checked on two threads, so the store is behind a lock (taken
/// once per job). The parts are boxed: the table keeps its size until
/// every declaration is checked.
#[derive(Default)]
pub(super) struct Bodies(Mutex<HashMap<usize, Box<Taken>>>);

struct Taken {
    contract: ast::Contract,
    block: Option<ast::Block>,
    unparsed: Option<Span>,
    expr: Option<ast::Expr>,
}

/// A method body: parsed, or where the skim left it (`syntax::skim`).
enum Source<'a> {
    Parsed(Cow<'a, ast::Block>),
    Unparsed(Span),
}

fn key<T>(member: &T) -> usize {
    member as *const T as usize
}

/// The clauses of `c` (its ghost parameters stay: they are part of the signature).
fn take_clauses(c: &mut ast::Contract) -> ast::Contract {
    ast::Contract {
        clauses: std::mem::take(&mut c.clauses),
        given: c.given.clone(),
        yields: c.yields.clone(),
        defaults: c.defaults.clone(),
        kernel: Vec::new(),
        signals: std::mem::take(&mut c.signals),
        throws: c.throws.clone(),
        // Checked on its own (`JobKind::Performs`), from the tree.
        performs: None,
    }
}

type Parts<'a, B> = (Cow<'a, ast::Contract>, Option<Cow<'a, B>>);

impl Bodies {
    pub(super) fn take(&mut self, m: &mut ast::Member) {
        let (k, taken) = match m {
            ast::Member::Field(_) | ast::Member::RelyGuarantee(_) => return,
            ast::Member::Method(m) => (
                key(&*m),
                Taken {
                    contract: take_clauses(&mut m.contract),
                    block: m.body.take(),
                    unparsed: m.unparsed_body.take(),
                    expr: None,
                },
            ),
            ast::Member::Function(f) => (
                key(&*f),
                Taken {
                    contract: take_clauses(&mut f.contract),
                    block: None,
                    unparsed: None,
                    expr: f.body.take(),
                },
            ),
            ast::Member::Predicate(p) => (
                key(&*p),
                Taken {
                    contract: take_clauses(&mut p.contract),
                    block: None,
                    unparsed: None,
                    expr: p.body.take(),
                },
            ),
        };
        self.store().insert(k, Box::new(taken));
    }

    fn store(&self) -> std::sync::MutexGuard<'_, HashMap<usize, Box<Taken>>> {
        // Checking never panics while holding the lock; if it did, the map
        // is still whole.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The contract and body of method `m`, taken out or still in the tree.
    fn method<'a>(&self, m: &'a ast::Method) -> (Cow<'a, ast::Contract>, Option<Source<'a>>) {
        let taken = self.store().remove(&key(m));
        match taken {
            Some(t) => (
                Cow::Owned(t.contract),
                (t.block.map(|b| Source::Parsed(Cow::Owned(b))))
                    .or(t.unparsed.map(Source::Unparsed)),
            ),
            None => (
                Cow::Borrowed(&m.contract),
                (m.body.as_ref().map(|b| Source::Parsed(Cow::Borrowed(b))))
                    .or(m.unparsed_body.map(Source::Unparsed)),
            ),
        }
    }

    /// The contract and body of a function or predicate (`member`).
    fn pure<'a, T>(
        &self,
        member: &'a T,
        contract: &'a ast::Contract,
        body: &'a Option<ast::Expr>,
    ) -> Parts<'a, ast::Expr> {
        let taken = self.store().remove(&key(member));
        match taken {
            Some(t) => (Cow::Owned(t.contract), t.expr.map(Cow::Owned)),
            None => (Cow::Borrowed(contract), body.as_ref().map(Cow::Borrowed)),
        }
    }
}

/// What checking one declaration gives: its checked parts, a method body
/// still to check, and the errors found.
pub(super) struct Checked {
    pub done: Option<Done>,
    pub pending: Option<Pending>,
    pub errs: Vec<Diagnostic>,
}

/// A method body waiting to be checked (`Declared::body`): the scope its contract
/// left (parameters and every name handed out, so the body's names stay
/// distinct from the contract's binders) and its labels.
pub struct Pending {
    pub method: MethodId,
    body: PendingBody,
    scopes: super::scope::Scopes,
    class: Option<core::ClassId>,
}

enum PendingBody {
    /// The syntax, and its labels if the contract has seen them.
    Parsed(ast::Block, Option<HashSet<Name>>),
    Unparsed(Span),
}

impl Pending {
    /// Where the body is, when the first parse left it unparsed.
    pub fn unparsed(&self) -> Option<Span> {
        match self.body {
            PendingBody::Unparsed(at) => Some(at),
            PendingBody::Parsed(..) => None,
        }
    }

    /// Gives the body parsed at [`Pending::unparsed`].
    pub fn parsed(&mut self, block: ast::Block) {
        self.body = PendingBody::Parsed(block, None);
    }
}

/// Checks the contract of one callable, and the body of a function or
/// predicate; a method's body is left pending.
pub(super) fn check_job(env: &Env, job: Job<'_>, bodies: &Bodies) -> Checked {
    let mut b = Body::new(env, job.scopes, job.class);
    let mut pending = None;
    let done = match job.kind {
        JobKind::Method(id, m) => method(&mut b, id, m, bodies, &mut pending),
        JobKind::Function(id, f) => function(&mut b, id, bodies.pure(f, &f.contract, &f.body)),
        JobKind::Predicate(id, p) => predicate(&mut b, id, bodies.pure(p, &p.contract, &p.body)),
        JobKind::Constant(id, f) => constant(&mut b, id, f),
        JobKind::Access(id, a, index) => access(&mut b, id, a, index),
        JobKind::Performs(id, spec) => performs(&mut b, id, spec),
        JobKind::RelyGuarantee(r) => super::rely_guarantee::check(&mut b, r),
    };
    Checked {
        done,
        pending,
        errs: b.errs,
    }
}

/// What `this`, `return` and final fields mean in method `id`.
fn enter_method(b: &mut Body<'_>, id: MethodId) {
    let decl = b.env.program.method(id);
    let is_ctor = decl.is_constructor;
    b.this = if is_ctor || !decl.is_static {
        b.class
    } else {
        None
    };
    b.in_ctor = is_ctor;
    // A ghost method's body is ghost code: its locals are ghost, and so are
    // its parameters; any method's ghost parameters and results are.
    b.ghost = decl.is_ghost;
    let params = decl.params.iter().filter(|_| decl.is_ghost);
    b.ghost_locals = (decl.given.iter().chain(&decl.yields).chain(params))
        .map(|v| v.name)
        .collect();
    b.ret = if is_ctor {
        Type::Void
    } else {
        decl.ret.clone()
    };
}

/// Checks a pending method body.
pub(super) fn body(env: &Env, p: Pending) -> (Block, Vec<Diagnostic>) {
    let mut b = Body::new(env, p.scopes, p.class);
    enter_method(&mut b, p.method);
    let block = match p.body {
        PendingBody::Parsed(block, labels) => {
            // A body parsed after its contract was checked: its labels are known only now.
            b.labels = match labels {
                Some(l) => l,
                None => self::labels(&mut b, &block),
            };
            let block = b.block(&block);
            b.ghost_flow();
            block
        }
        PendingBody::Unparsed(at) => {
            // Not reached: the pipeline parses a body before checking it. A
            // parse error makes the driver parse every file whole.
            let msg = "a method body was checked before it was parsed";
            b.err::<()>(ErrorCode::ParseError, at, msg);
            Block {
                stmts: Vec::new(),
                span: at,
            }
        }
    };
    (block, b.errs)
}

fn method(
    b: &mut Body<'_>,
    id: MethodId,
    m: &ast::Method,
    bodies: &Bodies,
    pending: &mut Option<Pending>,
) -> Option<Done> {
    let (m_contract, body) = bodies.method(m);
    enter_method(b, id);
    let decl = b.env.program.method(id);
    let is_ctor = decl.is_constructor;
    let result = (!is_ctor && decl.ret != Type::Void).then(|| decl.ret.clone());
    // The labels first: a postcondition may name one (`\old[L]`; the skim
    // leaves such a method's body parsed).
    b.labels = match &body {
        Some(Source::Parsed(block)) => labels(b, block),
        _ => HashSet::new(),
    };
    if let Some(kind) = m.mods.history {
        return Some(history_member(b, id, kind, &m_contract, body));
    }
    let contract = contract(b, &m_contract, result, "a method", true);
    *pending = body.map(|body| Pending {
        method: id,
        body: match body {
            Source::Parsed(block) => {
                PendingBody::Parsed(block.into_owned(), Some(std::mem::take(&mut b.labels)))
            }
            Source::Unparsed(at) => PendingBody::Unparsed(at),
        },
        // The contract is checked: its scope moves to the body.
        scopes: std::mem::replace(&mut b.scopes, super::scope::Scopes::new()),
        class: b.class,
    });
    Some(Done::Method(id, contract))
}

/// An action or process of a model: its contract (with `modifies` and
/// `accessible`) and a process's definition, `return P;` in the syntax tree.
fn history_member(
    b: &mut Body<'_>,
    id: MethodId,
    kind: ast::HistoryMember,
    c: &ast::Contract,
    body: Option<Source<'_>>,
) -> Done {
    let (rest, modifies, accessible) = super::histories::member_contract(b, c);
    let contract = contract(b, &rest, None, "an action or process", false);
    let def = match body {
        None => None,
        Some(Source::Parsed(block)) => match ast_return(&block) {
            Some(e) => b.in_spec(|b| b.process(e)),
            None => b.err(
                ErrorCode::Misplaced,
                block.span,
                "a process is defined by `= P;`",
            ),
        },
        Some(Source::Unparsed(at)) => b.err(
            ErrorCode::ParseError,
            at,
            "a process definition was left unparsed",
        ),
    };
    Done::History(
        id,
        contract,
        core::ModelMember {
            kind,
            modifies,
            accessible,
            def,
        },
    )
}

/// Calvin-R's access predicate of field `id`: an assertion over `this`,
/// `tid` and the index, in ghost code.
fn access(
    b: &mut Body<'_>,
    id: core::FieldId,
    a: &ast::AccessPredicate,
    index: Option<core::Var>,
) -> Option<Done> {
    b.this = b.class;
    b.ghost = true;
    let pred = b.in_spec(|b| b.assertion(&a.pred))?;
    Some(Done::Access(
        id,
        core::AccessPredicate {
            pred,
            index,
            span: a.span,
        },
    ))
}

/// Calvin-R's `performs` spec of method `id`: each action's predicate is
/// checked as a postcondition of the method (its parameters, `\result`,
/// `\old`), in ghost code, and each location it modifies is a field or
/// an array field's element.
fn performs(b: &mut Body<'_>, id: MethodId, spec: &ast::Performs) -> Option<Done> {
    enter_method(b, id);
    b.ghost = true;
    let decl = b.env.program.method(id);
    let result = (!decl.is_constructor && decl.ret != Type::Void).then(|| decl.ret.clone());
    b.result = result;
    let mut actions = Vec::new();
    for a in &spec.actions {
        let pred = b.in_spec(|b| b.assertion(&a.pred));
        let mut modifies = Vec::new();
        for m in &a.modifies {
            let Some(x) = b.in_spec(|b| b.expr(m, None)) else {
                continue;
            };
            let field = |e: &Expr| matches!(e.kind, core::ExprKind::Field(..));
            let location = match &x.kind {
                core::ExprKind::Field(..) => true,
                core::ExprKind::ArrayIndex(array, _) => field(array),
                _ => false,
            };
            if !location {
                let msg = "a performs action modifies fields and array fields' elements";
                b.err::<()>(ErrorCode::NotSupported, m.span, msg);
            }
            modifies.push(x);
        }
        actions.push(core::PerformsAction {
            label: a.label.as_ref().map(|l| l.name),
            modifies,
            pred: pred?,
            span: a.span,
        });
    }
    b.result = None;
    Some(Done::Performs(
        id,
        core::Performs {
            actions,
            shape: spec.shape.clone(),
            span: spec.span,
        },
    ))
}

/// The expression of a block `{ return e; }`.
fn ast_return(b: &ast::Block) -> Option<&ast::Expr> {
    match b.stmts.as_slice() {
        [ast::Stmt {
            kind: ast::StmtKind::Return(Some(e)),
            ..
        }] => Some(e),
        _ => None,
    }
}

fn function(b: &mut Body<'_>, id: FunctionId, (c, body): Parts<'_, ast::Expr>) -> Option<Done> {
    b.current_thread = Err("is not allowed in a pure function (its value depends on the thread)");
    let decl = b.env.program.function(id);
    b.this = if decl.is_static { None } else { b.class };
    b.ret = decl.ret.clone();
    no_ghost_params(b, &c, "a function");
    let ret = decl.ret.clone();
    let contract = contract(b, &c, Some(ret.clone()), "a function", false);
    let body = body
        .as_deref()
        .and_then(|e| b.in_spec(|b| b.expect(e, &ret)));
    Some(Done::Function(id, contract, body))
}

/// A constant's value: a pure expression in a static context.
fn constant(b: &mut Body<'_>, id: FunctionId, f: &ast::Field) -> Option<Done> {
    let ret = b.env.program.function(id).ret.clone();
    b.this = None;
    let body = f
        .init
        .as_ref()
        .and_then(|e| b.in_spec(|b| b.expect(e, &ret)));
    Some(Done::Function(id, core::Contract::default(), body))
}

fn predicate(b: &mut Body<'_>, id: PredicateId, (pc, body): Parts<'_, ast::Expr>) -> Option<Done> {
    let decl = b.env.program.predicate(id);
    if !decl.is_thread_local {
        b.current_thread =
            Err("is allowed only in a thread_local predicate (another could hand it to a thread it does not name)");
    }
    b.this = if decl.is_static { None } else { b.class };
    no_ghost_params(b, &pc, "a predicate");
    for c in &pc.clauses {
        misplaced_clause(b, c, "a predicate");
    }
    let body = body.as_deref().and_then(|e| b.in_spec(|b| b.assertion(e)));
    Some(Done::Predicate(id, body))
}

pub(super) fn no_ghost_params(b: &mut Body<'_>, c: &ast::Contract, what: &str) {
    if let Some(p) = c.given.first().or(c.yields.first()) {
        let msg = format!("ghost parameters (given/yields) are not allowed on {what}");
        b.err::<()>(ErrorCode::Misplaced, p.span, msg);
    }
}

fn misplaced_clause(b: &mut Body<'_>, c: &ast::Clause, what: &str) {
    if c.kind == ClauseKind::Decreases {
        b.decreases(c.span);
    } else {
        let msg = format!("{} is not allowed on {what}", c.kind.keyword());
        b.err::<()>(ErrorCode::Misplaced, c.span, msg);
    }
}

/// The contract of a method (`everywhere`: context_everywhere allowed) or
/// function. `result` is the type of `\result` in `ensures`, if any.
fn contract(
    b: &mut Body<'_>,
    c: &ast::Contract,
    result: Option<Type>,
    what: &str,
    everywhere: bool,
) -> core::Contract {
    let mut out = core::Contract::default();
    for clause in &c.clauses {
        let check = |b: &mut Body<'_>, result: Option<Type>| {
            b.result = result;
            let x = b.in_spec(|b| b.assertion(&clause.expr));
            b.result = None;
            x
        };
        match clause.kind {
            ClauseKind::Requires => out.requires.extend(check(b, None)),
            ClauseKind::Ensures => out.ensures.extend(check(b, result.clone())),
            // Also a precondition, so `\result` cannot occur.
            ClauseKind::Context => {
                if let Some(x) = check(b, None) {
                    out.requires.push(x.clone());
                    out.ensures.push(x);
                }
            }
            ClauseKind::ContextEverywhere if everywhere => {
                out.context_everywhere.extend(check(b, None))
            }
            // A method's frame: locations, read by the layer that knows
            // what the frame means (`passes::calvin`).
            ClauseKind::Modifies if everywhere => {
                let x = b.in_spec(|b| b.expr(&clause.expr, None));
                out.modifies.extend(x)
            }
            _ => misplaced_clause(b, clause, what),
        }
    }
    if everywhere {
        out.signals = signals(b, c);
    } else if let Some(span) = c
        .signals
        .first()
        .map(|s| s.span)
        .or(c.throws.first().map(|t| t.span))
    {
        // VerCors: a pure function cannot throw (`notPure`).
        let msg = format!("{what} is pure and cannot throw: no `signals` or `throws`");
        b.err::<()>(ErrorCode::Misplaced, span, msg);
    }
    out
}

/// A method's exceptional postconditions: each `signals (E e) P` (P sees
/// `e`, not `\result`) and each class of its `throws` (`signals (E e)
/// true`). `throws InterruptedException` adds none: weft does not model
/// interrupts, so no library method throws it (a `throw` of one in the
/// program's own code still needs a `signals` clause for it).
fn signals(b: &mut Body<'_>, c: &ast::Contract) -> Vec<core::Signals> {
    let mut out = Vec::new();
    for s in &c.signals {
        let Some(class) = b.exception_class(&s.ty) else {
            continue;
        };
        let checked = b.scoped(|b| {
            let var = b.declare(&s.name, Type::Class(class))?;
            let expr = b.in_spec(|b| b.assertion(&s.expr))?;
            Some((var, expr))
        });
        if let Some((var, expr)) = checked {
            out.push(core::Signals {
                class,
                var,
                expr,
                span: s.span,
            });
        }
    }
    for t in &c.throws {
        if matches!(&t.kind, ast::TypeKind::Named(n) if n.name == "InterruptedException") {
            continue;
        }
        let Some(class) = b.exception_class(t) else {
            continue;
        };
        let var = b.scopes.fresh("e", Type::Class(class), t.span);
        out.push(core::Signals {
            class,
            var,
            expr: Expr::bool(true, t.span),
            span: t.span,
        });
    }
    out
}

/// The labels of a method body; each may be declared once. A `goto` must
/// name one of them that is not inside a loop the `goto` is outside of: a
/// jump into a loop body would skip the invariant's check on entry.
fn labels(b: &mut Body<'_>, body: &ast::Block) -> HashSet<Name> {
    /// What the walk gathers: each label with the loops around it
    /// (numbered in walk order), and each goto with its loops.
    #[derive(Default)]
    struct Seen {
        labels: HashMap<Name, Vec<u32>>,
        gotos: Vec<(ast::Ident, Vec<u32>)>,
        loops: Vec<u32>,
        next_loop: u32,
    }
    fn in_loop(b: &mut Body<'_>, body: &ast::Block, seen: &mut Seen) {
        seen.loops.push(seen.next_loop);
        seen.next_loop += 1;
        walk_block(b, body, seen);
        seen.loops.pop();
    }
    fn walk(b: &mut Body<'_>, s: &ast::Stmt, seen: &mut Seen) {
        use ast::StmtKind as S;
        match &s.kind {
            S::Label(l) => {
                if seen.labels.contains_key(&l.name) {
                    let msg = format!("label {} is declared twice", l.name);
                    b.err::<()>(ErrorCode::Duplicate, l.span, msg);
                } else {
                    seen.labels.insert(l.name, seen.loops.clone());
                }
            }
            S::Goto(l) => seen.gotos.push((l.clone(), seen.loops.clone())),
            S::Package { proof, .. } => walk_block(b, proof, seen),
            S::If { then, els, .. } => {
                walk_block(b, then, seen);
                if let Some(e) = els {
                    walk_block(b, e, seen);
                }
            }
            S::While { body, .. } | S::ForRange { body, .. } => in_loop(b, body, seen),
            S::For {
                init, update, body, ..
            } => {
                for s in init {
                    walk(b, s, seen);
                }
                seen.loops.push(seen.next_loop);
                seen.next_loop += 1;
                for s in update {
                    walk(b, s, seen);
                }
                walk_block(b, body, seen);
                seen.loops.pop();
            }
            S::Ghost(s) | S::Labelled(_, s) => walk(b, s, seen),
            S::Switch(sw) => sw.groups.iter().for_each(|g| walk_block(b, &g.body, seen)),
            S::DoWhile { body, .. } => in_loop(b, body, seen),
            // A thread's body is entered once per thread: never by a jump, as a loop's.
            S::Par(threads) => {
                for t in threads {
                    in_loop(b, &t.body, seen);
                }
            }
            // A barrier's hint runs in the proof of its consistency only.
            S::Barrier { hint: Some(h), .. } => in_loop(b, h, seen),
            S::Barrier { hint: None, .. } => {}
            // Lowered in kernels (`passes::java::kernel`); elsewhere refused by `stmt`.
            S::KernelBarrier { .. } | S::KernelAtomic { .. } => {}
            S::Try {
                body,
                catches,
                finally,
            } => {
                walk_block(b, body, seen);
                for c in catches {
                    walk_block(b, &c.body, seen);
                }
                if let Some(f) = finally {
                    walk_block(b, f, seen);
                }
            }
            S::Block(body)
            | S::Synchronized { body, .. }
            | S::Invariant { body, .. }
            | S::Atomic { body, .. }
            | S::Action { body, .. } => walk_block(b, body, seen),
            // Every kind is named: a new block kind must say whether labels
            // inside it count.
            S::Local { .. }
            | S::Assign { .. }
            | S::Expr(_)
            | S::Return(_)
            | S::Lock(..)
            | S::Assert(_)
            | S::Assume(_)
            | S::Inhale(_)
            | S::Exhale(_)
            | S::Refute(_)
            | S::Check(..)
            | S::Fold(_)
            | S::Unfold(_)
            | S::Apply(_)
            | S::Break(_)
            | S::Continue(_)
            | S::Fork(_)
            | S::Join(_)
            | S::Throw(_)
            | S::Witness(_)
            | S::NotSupported(_) => {}
        }
    }
    fn walk_block(b: &mut Body<'_>, body: &ast::Block, seen: &mut Seen) {
        for s in &body.stmts {
            walk(b, s, seen);
        }
    }
    let mut seen = Seen::default();
    walk_block(b, body, &mut seen);
    for (l, loops) in &seen.gotos {
        match seen.labels.get(&l.name) {
            None => {
                let msg = format!("label {} is not declared in this method", l.name);
                b.err::<()>(ErrorCode::Undeclared, l.span, msg);
            }
            Some(at) if !loops.starts_with(at) => {
                let msg = format!("goto {} jumps into a loop", l.name);
                b.err::<()>(ErrorCode::Misplaced, l.span, msg);
            }
            Some(_) => {}
        }
    }
    seen.labels.into_keys().collect()
}
