//! `new Thread(r)` for an `r` of a class R implementing `Runnable` (the
//! thesis's Listing 25). Before inheritance is flattened, each such R gets
//! a synthesised thread class, as if the program had written
//!
//! ```java
//! class Thread$R extends Thread {
//!   final R target;
//!   //@ inline resource preFork() = target != null ** PRE;  // R.run's requires, this := target
//!   //@ inline resource postJoin(frac p) = p == 1 ==> POST; // R.run's ensures, this := target
//!   //@ requires r != null; ensures start() ** target == r;
//!   Thread$R(R r) { super(); target = r; }
//!   //@ requires preFork(); ensures postJoin(1);
//!   public void run() { target.run(); }
//! }
//! ```
//!
//! and `new Thread(e)` becomes `new Thread$R(e)` (a local declared
//! `Thread t = new Thread(e)` gets the type `Thread$R`). So `t.start()`
//! needs R.run's precondition for `e` and `t.join()` with `p = 1` gives its
//! postcondition, through the Thread contract `extends Thread` already
//! uses (`inherit`); run is verified as a call of `target.run()`, whose own
//! body is verified as R's. The predicates are inline, so a thread that is
//! never named (`new Thread(new W()).start()`) needs no fold. Joining by
//! shares (`p < 1`) gives nothing back (sound, not complete).
//!
//! R (which must implement `Runnable`) is read off `e`: `new R(…)`, `this`,
//! or a local, parameter or field declared with type R. Limits: R.run's
//! contract as written (one R.run inherits from an interface other than
//! Runnable is not seen), no `\old` in its postcondition, and no Thread
//! variable holding such a thread other than where it is created (no
//! subtyping between thread classes).

use crate::diag::{Diagnostic, ErrorCode};
use crate::syntax::ast::*;
use crate::syntax::span::Span;
use crate::syntax::walk::{self, children_mut, each_expr_mut, Rewrite};
use std::collections::HashMap;

/// The thread class made for runnable class `r`.
pub fn thread_class_name(r: &str) -> String {
    format!("Thread${r}")
}

const THREAD: &str = "Thread";

/// Rewrites `new Thread(r)` and adds the thread classes it needs.
pub fn synthesize(units: &mut [Unit]) -> Result<(), Vec<Diagnostic>> {
    let has_thread = units
        .iter()
        .flat_map(|u| &u.decls)
        .any(|d| matches!(d, Decl::Class(c) if c.name.name == THREAD));
    if !has_thread {
        return Ok(());
    }
    let classes: HashMap<Name, Class> = units
        .iter()
        .flat_map(|u| &u.decls)
        .filter_map(|d| match d {
            Decl::Class(c) => Some((c.name.name, c.clone())),
            Decl::Member(_) => None,
        })
        .collect();
    let mut w = Walker {
        classes: &classes,
        class: Name::from(String::new()),
        scope: Vec::new(),
        uses: Vec::new(),
        errs: Vec::new(),
        marks: Vec::new(),
        unit: 0,
        hoisted: Vec::new(),
        fresh: 0,
    };
    for (u, unit) in units.iter_mut().enumerate() {
        for decl in &mut unit.decls {
            let Decl::Class(c) = decl else { continue };
            w.class.clone_from(&c.name.name);
            w.unit = u;
            for m in &mut c.members {
                let Member::Method(m) = m else { continue };
                let Some(body) = &mut m.body else { continue };
                w.scope = m
                    .params
                    .iter()
                    .map(|p| (p.name.name, p.ty.class_name()))
                    .collect();
                walk::block(&mut w, body);
            }
        }
    }
    let Walker { uses, mut errs, .. } = w;
    let mut made: Vec<Name> = Vec::new();
    for (r, span, u) in uses {
        if made.contains(&r) || classes.contains_key(thread_class_name(&r).as_str()) {
            continue;
        }
        made.push(r);
        match thread_class(&classes, &r, span) {
            Ok(c) => units[u].decls.push(Decl::Class(c)),
            Err(d) => errs.push(d),
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

/// Class `name` and its superclasses (by copying), nearest first.
fn lineage<'c>(classes: &'c HashMap<Name, Class>, name: &str) -> Vec<&'c Class> {
    let mut out: Vec<&Class> = Vec::new();
    let mut at = classes.get(name);
    while let Some(c) = at {
        if out.iter().any(|o| o.name.name == c.name.name) {
            break;
        }
        out.push(c);
        at = c.extends.as_ref().and_then(|e| classes.get(&e.name));
    }
    out
}

struct Walker<'c> {
    classes: &'c HashMap<Name, Class>,
    /// The class whose methods are walked.
    class: Name,
    /// Locals and parameters in scope with their class type, if any.
    scope: Vec<(Name, Option<Name>)>,
    /// Runnable classes used, with the first `new Thread(…)` and its unit.
    uses: Vec<(Name, Span, usize)>,
    errs: Vec<Diagnostic>,
    /// Where each open scope begins in `scope`.
    marks: Vec<usize>,
    /// The unit of the class.
    unit: usize,
    /// Locals to declare before the statement being walked (`hoist`).
    hoisted: Vec<Stmt>,
    /// Numbers the hoisted locals.
    fresh: u32,
}

impl Walker<'_> {
    /// A local `T name = init;` to declare before the current statement;
    /// the expression that reads it.
    fn hoist(&mut self, ty: &str, init: Expr) -> Expr {
        self.fresh += 1;
        let span = init.span;
        let name = Ident {
            name: Name::from(format!("weft_new_{}", self.fresh)),
            span,
        };
        self.hoisted.push(Stmt {
            kind: StmtKind::Local {
                ty: Type {
                    kind: TypeKind::Named(Ident {
                        name: Name::from(ty),
                        span,
                    }),
                    span,
                },
                name: name.clone(),
                init: Some(init),
            },
            span,
        });
        Expr {
            kind: ExprKind::Name(name),
            span,
        }
    }

    /// The checker takes `new` only as a whole statement or initializer:
    /// `new Thread(new R(…))` and `new Thread(r).start()` get locals.
    fn hoist_news(&mut self, e: &mut Expr, whole: bool) {
        let placeholder = || Expr {
            kind: ExprKind::Null,
            span: Span::default(),
        };
        each_expr_mut(e, &mut |x| {
            let ExprKind::New(n) = &mut x.kind else {
                return;
            };
            if !n.class.name.starts_with("Thread$") {
                return;
            }
            for a in n.args.iter_mut() {
                if let ExprKind::New(r) = &a.kind {
                    let r = r.class.name;
                    let init = std::mem::replace(a, placeholder());
                    *a = self.hoist(&r, init);
                }
            }
        });
        if !whole {
            return;
        }
        if let ExprKind::Call(c) = &mut e.kind {
            if let Some(recv) = &mut c.recv {
                if let ExprKind::New(t) = &recv.kind {
                    if t.class.name.starts_with("Thread$") {
                        let t = t.class.name;
                        let init = std::mem::replace(&mut **recv, placeholder());
                        **recv = self.hoist(&t, init);
                    }
                }
            }
        }
    }
}

/// The shared walk reaches every statement and expression of a body; the
/// walker keeps the scope's class-typed names and hoists per statement.
impl Rewrite for Walker<'_> {
    fn expr(&mut self, x: &mut Expr) {
        self.rewrite(x);
    }

    fn stmt(&mut self, s: &mut Stmt) {
        match &mut s.kind {
            StmtKind::Local { ty, name, init } => {
                if let Some(e) = init {
                    self.hoist_news(e, false);
                    // `Thread t = new Thread(r)`: t holds the runnable's thread class.
                    if let (ExprKind::New(c), TypeKind::Named(n)) = (&e.kind, &mut ty.kind) {
                        if n.name == THREAD && c.class.name.starts_with("Thread$") {
                            n.name = c.class.name;
                        }
                    }
                }
                self.scope.push((name.name, ty.class_name()));
            }
            StmtKind::Expr(e) => self.hoist_news(e, true),
            StmtKind::Throw(e) => self.hoist_news(e, false),
            // `new` stands as a whole statement or initializer only in these.
            _ => {}
        }
    }

    fn before(&mut self) -> Vec<Stmt> {
        std::mem::take(&mut self.hoisted)
    }

    fn open(&mut self) {
        self.marks.push(self.scope.len());
    }

    fn close(&mut self) {
        if let Some(n) = self.marks.pop() {
            self.scope.truncate(n);
        }
    }

    fn bind(&mut self, name: &Ident, ty: Option<&Type>) {
        self.scope.push((name.name, ty.and_then(Type::class_name)));
    }
}

impl Walker<'_> {
    /// `new Thread(e)` → `new Thread$R(e)`.
    fn rewrite(&mut self, x: &mut Expr) {
        let span = x.span;
        let ExprKind::New(n) = &mut x.kind else {
            return;
        };
        let [arg] = n.args.as_slice() else { return };
        if n.class.name != THREAD {
            return;
        }
        match self.runnable(arg) {
            Ok(r) => {
                n.class.name = Name::from(thread_class_name(&r));
                self.uses.push((r, span, self.unit));
            }
            Err(d) => self.errs.push(d),
        }
    }

    /// The class R of the runnable in `new Thread(e)`, checked.
    fn runnable(&self, e: &Expr) -> Result<Name, Diagnostic> {
        let field = |class: &str, f: &str| {
            lineage(self.classes, class).into_iter().find_map(|c| {
                c.members.iter().find_map(|m| match m {
                    Member::Field(x) if x.name.name == f => x.ty.class_name(),
                    _ => None,
                })
            })
        };
        let r = match &e.kind {
            ExprKind::New(c) => Some(c.class.name),
            ExprKind::This => Some(self.class),
            ExprKind::Name(n) => match self.scope.iter().rev().find(|(v, _)| *v == n.name) {
                Some((_, t)) => *t,
                None => field(&self.class, &n.name),
            },
            ExprKind::Select(o, f) if matches!(o.kind, ExprKind::This) => {
                field(&self.class, &f.name)
            }
            _ => None,
        };
        let Some(r) = r else {
            return Err(Diagnostic::error(
                ErrorCode::NotSupported,
                e.span,
                "new Thread(e) needs the class of e: write a new object, this, or a variable or field of a class type",
            ));
        };
        let Some(class) = self.classes.get(&r) else {
            return Err(Diagnostic::error(
                ErrorCode::Undeclared,
                e.span,
                format!("class {r} is not declared"),
            ));
        };
        if class.is_interface {
            return Err(Diagnostic::error(
                ErrorCode::NotSupported,
                e.span,
                format!("new Thread(e) with e of interface type {r}: the thread's contract is its class's run"),
            ));
        }
        if !implements_runnable(self.classes, &r) {
            return Err(Diagnostic::error(
                ErrorCode::TypeMismatch,
                e.span,
                format!("class {r} does not implement Runnable"),
            ));
        }
        if run_of(self.classes, &r).is_none() {
            return Err(Diagnostic::error(
                ErrorCode::RunnableMethodMissing,
                e.span,
                format!("class {r} has no method void run(), so it cannot be a thread's runnable"),
            ));
        }
        Ok(r)
    }
}

/// Whether class `r` (or a superclass) implements `Runnable`, maybe
/// through interfaces that extend it.
fn implements_runnable(classes: &HashMap<Name, Class>, r: &str) -> bool {
    let mut todo: Vec<Name> = lineage(classes, r)
        .iter()
        .flat_map(|c| c.implements.iter().filter_map(Type::class_name))
        .collect();
    let mut seen = Vec::new();
    while let Some(i) = todo.pop() {
        if i == "Runnable" {
            return true;
        }
        if seen.contains(&i) {
            continue;
        }
        if let Some(c) = classes.get(&i) {
            todo.extend(c.implements.iter().filter_map(Type::class_name));
        }
        seen.push(i);
    }
    false
}

/// The `run()` method of class `r` (its own or copied from a superclass).
fn run_of<'c>(classes: &'c HashMap<Name, Class>, r: &str) -> Option<&'c Method> {
    lineage(classes, r).into_iter().find_map(|c| {
        c.members.iter().find_map(|m| match m {
            Member::Method(m)
                if m.kind == MethodKind::Method
                    && m.name.name == "run"
                    && m.params.is_empty()
                    && !m.mods.is_static =>
            {
                Some(m)
            }
            _ => None,
        })
    })
}

/// Calls that name no member: history resources (`passes::histories`) and
/// the thesis's sequence functions.
const BUILTIN_CALLS: [&str; 4] = ["Hist", "HPerm", "head", "tail"];

/// `e` as seen from the thread object: R's members through `target`.
fn through_target(e: &mut Expr, target: &Expr, bound: &mut Vec<Name>, classes: &[&str]) {
    match &mut e.kind {
        ExprKind::This => {
            *e = Expr {
                span: e.span,
                ..target.clone()
            }
        }
        // The empty process (histories) is no member.
        ExprKind::Name(n) if n.name == "empty" => {}
        ExprKind::Name(n) if !bound.contains(&n.name) && !classes.contains(&n.name.as_str()) => {
            let n = n.clone();
            e.kind = ExprKind::Select(Box::new(target.clone()), n);
        }
        ExprKind::Call(c) => {
            match &mut c.recv {
                Some(r) => through_target(r, target, bound, classes),
                // Built-in resources and functions are no members.
                None if BUILTIN_CALLS.contains(&c.name.name.as_str()) => {}
                None => c.recv = Some(Box::new(target.clone())),
            }
            for a in c.args.iter_mut().chain(c.given.iter_mut().map(|(_, x)| x)) {
                through_target(a, target, bound, classes);
            }
        }
        ExprKind::Quant(q) => {
            let Quant {
                binders,
                ranges,
                cond,
                body,
                ..
            } = &mut **q;
            let n = bound.len();
            bound.extend(binders.iter().map(|b| b.name.name));
            for (_, lo, hi) in ranges {
                through_target(lo, target, bound, classes);
                through_target(hi, target, bound, classes);
            }
            if let Some(c) = cond {
                through_target(c, target, bound, classes);
            }
            through_target(body, target, bound, classes);
            bound.truncate(n);
        }
        ExprKind::Let {
            name, value, body, ..
        } => {
            through_target(value, target, bound, classes);
            bound.push(name.name);
            through_target(body, target, bound, classes);
            bound.pop();
        }
        _ => {
            for c in children_mut(e) {
                through_target(c, target, bound, classes);
            }
        }
    }
}

/// The first `\old` in `e`, if any.
fn old_in(e: &mut Expr) -> Option<Span> {
    let mut found = None;
    each_expr_mut(e, &mut |x| {
        if found.is_none() && matches!(x.kind, ExprKind::Old(..)) {
            found = Some(x.span);
        }
    });
    found
}

/// `Thread$R`, at `span` (the first `new Thread(…)` of an R).
fn thread_class(classes: &HashMap<Name, Class>, r: &str, span: Span) -> Result<Class, Diagnostic> {
    let run = run_of(classes, r).expect("checked when the use was found");
    if !run.contract.given.is_empty() || !run.contract.yields.is_empty() {
        return Err(Diagnostic::error(
            ErrorCode::NotSupported,
            run.name.span,
            "a run method with ghost parameters, for new Thread(r)",
        ));
    }
    let ex = |kind| Expr { kind, span };
    let id = |n: &str| Ident {
        name: Name::from(n),
        span,
    };
    let ty = |kind| Type { kind, span };
    let target = ex(ExprKind::Select(Box::new(ex(ExprKind::This)), id("target")));
    let names: Vec<&str> = classes.keys().map(Name::as_str).collect();
    let side = |pre: bool| -> Vec<Expr> {
        run.contract
            .clauses
            .iter()
            .filter(|c| match c.kind {
                ClauseKind::Requires => pre,
                ClauseKind::Ensures => !pre,
                ClauseKind::Context | ClauseKind::ContextEverywhere => true,
                _ => false,
            })
            .map(|c| {
                let mut e = c.expr.clone();
                through_target(&mut e, &target, &mut Vec::new(), &names);
                e
            })
            .collect()
    };
    let star = |es: Vec<Expr>| {
        es.into_iter()
            .reduce(|a, b| Expr {
                span: a.span.fuse(b.span),
                kind: ExprKind::Binary(BinOp::Star, Box::new(a), Box::new(b)),
            })
            .unwrap_or_else(|| ex(ExprKind::Bool(true)))
    };
    // run calls target.run(): the thread needs its runnable.
    let mut pre_parts = vec![ex(ExprKind::Binary(
        BinOp::Ne,
        Box::new(target.clone()),
        Box::new(ex(ExprKind::Null)),
    ))];
    pre_parts.extend(side(true));
    let pre = star(pre_parts);
    let mut post = star(side(false));
    if let Some(old) = old_in(&mut post) {
        return Err(Diagnostic::error(
            ErrorCode::Misplaced,
            old,
            "the postcondition of a run method may not use \\old when its class is started with new Thread(r): a join has no state of the start to refer to",
        ));
    }
    let call = |name: &str, args: Vec<Expr>, recv: Option<Expr>| {
        ex(ExprKind::Call(Box::new(Call {
            recv: recv.map(Box::new),
            name: id(name),
            args,
            given: Vec::new(),
            yields: Vec::new(),
            with: Vec::new(),
            then: Vec::new(),
        })))
    };
    let clause = |kind, expr| Clause { kind, expr, span };
    let inline = Modifiers {
        is_inline: true,
        ..Modifiers::default()
    };
    let one = || ex(ExprKind::Int(IntValue::from(1)));
    let p_is_one = ex(ExprKind::Binary(
        BinOp::Eq,
        Box::new(ex(ExprKind::Name(id("p")))),
        Box::new(one()),
    ));
    let void = || ty(TypeKind::Void);
    let members = vec![
        Member::Field(Field {
            mods: Modifiers {
                is_final: true,
                ..Modifiers::default()
            },
            ty: ty(TypeKind::Named(id(r))),
            name: id("target"),
            init: None,
            owner_links: Vec::new(),
            access: None,
            span,
        }),
        Member::Predicate(Predicate {
            derived: None,
            mods: inline,
            contract: Contract::default(),
            name: id("preFork"),
            params: Vec::new(),
            body: Some(pre),
            span,
        }),
        Member::Predicate(Predicate {
            derived: None,
            mods: inline,
            contract: Contract::default(),
            name: id("postJoin"),
            params: vec![Param {
                ty: ty(TypeKind::Frac),
                name: id("p"),
                span,
                scope: MemScope::Plain,
            }],
            body: Some(ex(ExprKind::Binary(
                BinOp::Implies,
                Box::new(p_is_one),
                Box::new(post),
            ))),
            span,
        }),
        Member::Method(Method::synthesized_constructor(
            id(&thread_class_name(r)),
            vec![Param {
                ty: ty(TypeKind::Named(id(r))),
                name: id("r"),
                span,
                scope: MemScope::Plain,
            }],
            vec![
                clause(
                    ClauseKind::Requires,
                    ex(ExprKind::Binary(
                        BinOp::Ne,
                        Box::new(ex(ExprKind::Name(id("r")))),
                        Box::new(ex(ExprKind::Null)),
                    )),
                ),
                clause(ClauseKind::Ensures, call("start", Vec::new(), None)),
                clause(
                    ClauseKind::Ensures,
                    ex(ExprKind::Binary(
                        BinOp::Eq,
                        Box::new(target.clone()),
                        Box::new(ex(ExprKind::Name(id("r")))),
                    )),
                ),
            ],
            vec![
                Stmt {
                    kind: StmtKind::Expr(call(
                        crate::syntax::java::builders::SUPER,
                        Vec::new(),
                        None,
                    )),
                    span,
                },
                Stmt {
                    kind: StmtKind::Assign {
                        target: target.clone(),
                        value: ex(ExprKind::Name(id("r"))),
                    },
                    span,
                },
            ],
            span,
        )),
        Member::Method(Method {
            derived: None,
            kind: MethodKind::Method,
            type_params: Vec::new(),
            mods: Modifiers::default(),
            contract: Contract {
                clauses: vec![
                    clause(ClauseKind::Requires, call("preFork", Vec::new(), None)),
                    clause(ClauseKind::Ensures, call("postJoin", vec![one()], None)),
                ],
                ..Contract::default()
            },
            ret: void(),
            name: id("run"),
            params: Vec::new(),
            body: Some(Block {
                stmts: vec![Stmt {
                    kind: StmtKind::Expr(call("run", Vec::new(), Some(target.clone()))),
                    span,
                }],
                span,
            }),
            unparsed_body: None,
            span,
        }),
    ];
    Ok(Class {
        type_params: Vec::new(),
        ghost_params: Vec::new(),
        name: id(&thread_class_name(r)),
        extends: Some(id(THREAD)),
        implements: Vec::new(),
        is_interface: false,
        is_abstract: false,
        is_model: false,
        enum_constants: None,
        members,
        span,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::span::FileId;

    const THREAD_AND_JOB: &str = "class Thread { } interface Runnable { void run(); }
        class Job implements Runnable {
        final int n;
        /*@ requires n > 0; @*/ public void run() { } }";

    fn synthesized(main: &str) -> Result<Vec<Unit>, Vec<Diagnostic>> {
        let text = format!("{THREAD_AND_JOB} {main}");
        let mut units = vec![crate::syntax::java::parse_java(FileId(0), &text).expect("parses")];
        synthesize(&mut units).map(|()| units)
    }

    fn class<'u>(units: &'u [Unit], name: &str) -> Option<&'u Class> {
        units[0].decls.iter().find_map(|d| match d {
            Decl::Class(c) if c.name.name == name => Some(c),
            _ => None,
        })
    }

    #[test]
    fn a_thread_class_per_runnable_class() {
        let units =
            synthesized("class M { void m(Job j) { Thread t = new Thread(j); new Thread(new Job()).start(); } }")
                .unwrap();
        let t = class(&units, "Thread$Job").expect("synthesised once");
        assert_eq!(t.extends.as_ref().unwrap().name, "Thread");
        let pre = t.members.iter().find_map(|m| match m {
            Member::Predicate(p) if p.name.name == "preFork" => p.body.clone(),
            _ => None,
        });
        // `n > 0` of Job.run, read through the thread's target.
        let text = format!("{:?}", pre.unwrap());
        assert!(text.contains("\"target\"") && text.contains("\"n\""));
        let Some(Member::Method(m)) = class(&units, "M").unwrap().members.first() else {
            panic!("m")
        };
        let stmts = &m.body.as_ref().unwrap().stmts;
        let StmtKind::Local { ty, .. } = &stmts[0].kind else {
            panic!("a local")
        };
        assert_eq!(
            ty.kind,
            TypeKind::Named(Ident {
                name: "Thread$Job".into(),
                span: ty.span
            })
        );
        // `new Thread(new Job()).start()`: two locals, then the call.
        assert_eq!(stmts.len(), 4);
    }

    #[test]
    fn the_runnable_class_must_be_known() {
        let errs = synthesized("class M { void m(Runnable r) { Thread t = new Thread(r); } }");
        assert_eq!(
            errs.unwrap_err()[0].code,
            crate::diag::Code::Error(ErrorCode::NotSupported)
        );
        let lone = "class Lone { public void run() { } } class M { void m() { new Thread(new Lone()).start(); } }";
        assert_eq!(
            synthesized(lone).unwrap_err()[0].code,
            crate::diag::Code::Error(ErrorCode::TypeMismatch)
        );
        let errs = synthesized("class M { void m(Job[] js) { Thread t = new Thread(js[0]); } }");
        assert_eq!(
            errs.unwrap_err()[0].code,
            crate::diag::Code::Error(ErrorCode::NotSupported)
        );
    }
}
