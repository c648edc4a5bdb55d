//! The core program as s-expressions: what `weft emit --dump-after PASS`
//! prints, and what the checker's tests compare against. Every node kind is
//! written out, so a pass's output can be read whole. Statements are laid
//! out by `pretty`: on one line where they fit ([`block`], for tests: always),
//! else a statement a line, nested blocks indented.

use super::{Block, Builtin, Call, Expr, ExprKind as K, Program, Stmt, StmtKind as S, Type};
use crate::syntax::ast::Quantifier;
use crate::syntax::print::{render, text, WIDTH};
use pretty::RcDoc;

type Doc = RcDoc<'static, ()>;

/// `(head a b …)`: the parts after the head on one line each, indented, when
/// the whole does not fit.
fn list(head: String, parts: Vec<Doc>) -> Doc {
    let parts = parts.into_iter().map(|d| RcDoc::line().append(d));
    text(format!("({head}"))
        .append(RcDoc::concat(parts).nest(2))
        .append(text(")"))
        .group()
}

/// The whole program: each function, predicate and method with its
/// contract and body.
pub fn program(p: &Program) -> String {
    let mut out = String::new();
    let owner =
        |c: Option<super::ClassId>| c.map_or(String::new(), |c| format!("{}.", p.class(c).name));
    for f in &p.functions {
        let params: Vec<String> = f.params.iter().map(|v| v.name.to_string()).collect();
        let body = f.body.as_ref().map_or("abstract".into(), |b| sx(p, b));
        out.push_str(&format!(
            "(function {}{} ({}) {})\n",
            owner(f.class),
            f.name,
            params.join(" "),
            body
        ));
    }
    for q in &p.predicates {
        let params: Vec<String> = q.params.iter().map(|v| v.name.to_string()).collect();
        let body = q.body.as_ref().map_or("abstract".into(), |b| sx(p, b));
        out.push_str(&format!(
            "(predicate {}{} ({}) {})\n",
            owner(q.class),
            q.name,
            params.join(" "),
            body
        ));
    }
    for m in &p.methods {
        let params: Vec<String> = m
            .params
            .iter()
            .chain(&m.given)
            .map(|v| v.name.to_string())
            .collect();
        let clauses = |k: &str, es: &[Expr]| {
            es.iter()
                .map(|e| format!("\n  ({k} {})", sx(p, e)))
                .collect::<String>()
        };
        let body = m.body.as_ref().map_or("abstract".into(), |b| {
            render(&sx_block(p, b).nest(2), WIDTH)
        });
        out.push_str(&format!(
            "(method {}{} ({}){}{}\n  {})\n",
            owner(m.class),
            m.name,
            params.join(" "),
            clauses("requires", &m.contract.requires),
            clauses("ensures", &m.contract.ensures),
            body
        ));
    }
    out
}

pub fn expr(p: &Program, e: &Expr) -> String {
    sx(p, e)
}

fn sx(p: &Program, e: &Expr) -> String {
    let list = |es: &[Expr]| es.iter().map(|e| sx(p, e)).collect::<Vec<_>>().join(" ");
    match &e.kind {
        K::Int(n) => n.to_string(),
        K::Bool(b) => b.to_string(),
        K::Null => "null".into(),
        K::This => "this".into(),
        K::Result => "\\result".into(),
        K::CurrentThread => "\\current_thread".into(),
        K::Local(n) => n.to_string(),
        K::Field(r, f) => format!("(. {} {})", sx(p, r), p.field(*f).name),
        K::ArrayIndex(a, i) => format!("(idx {} {})", sx(p, a), sx(p, i)),
        K::Builtin(b, args) => {
            let b = match b {
                Builtin::ArrayLength => "length",
                Builtin::Size => "size",
                Builtin::SeqHead => "head",
                Builtin::SeqTail => "tail",
                Builtin::SeqSlice => "slice",
                Builtin::SeqIndex => "seqidx",
                Builtin::SeqUpdate => "sequpd",
                Builtin::ArrayValues => "values",
                Builtin::OptGet => "get",
                Builtin::MapEmpty => "mapempty",
                Builtin::MapUpdate => "mapupdate",
                Builtin::MapGet => "mapget",
                Builtin::MapKeys => "keys",
                Builtin::MapValues => "values",
                Builtin::MapItems => "items",
                Builtin::MapRemove => "mapremove",
                Builtin::MapDisjoint => "disjoint",
                Builtin::TupleMake => "tuple",
                Builtin::TupleFst => "fst",
                Builtin::TupleSnd => "snd",
            };
            format!("({b} {})", list(args))
        }
        K::FunctionCall { func, recv, args } => {
            let r = recv
                .as_ref()
                .map_or(String::new(), |r| format!("{}.", sx(p, r)));
            format!("(fn {r}{} {})", p.function(*func).name, list(args)).replace(" )", ")")
        }
        K::PredicateAccess(a) => {
            let crate::core::PredicateAccess {
                pred,
                recv,
                args,
                perm,
            } = &**a;
            let r = recv
                .as_ref()
                .map_or(String::new(), |r| format!("{}.", sx(p, r)));
            format!(
                "([{}]{r}{} {})",
                sx(p, perm),
                p.predicate(*pred).name,
                list(args)
            )
            .replace(" )", ")")
        }
        K::GroupAccess(a) => {
            let access = Expr::new(K::PredicateAccess(a.clone()), e.ty.clone(), e.span);
            format!("(group {})", sx(p, &access))
        }
        K::Unary(op, x) => format!("({op:?} {})", sx(p, x)),
        K::Binary(op, a, b) => format!("({} {} {})", op.symbol(), sx(p, a), sx(p, b)),
        K::Cond(c, a, b) => format!("(? {} {} {})", sx(p, c), sx(p, a), sx(p, b)),
        K::Old(None, x) => format!("(old {})", sx(p, x)),
        K::ArraySum(x) => format!("(sum {})", sx(p, x)),
        K::InstanceOf(x, c) => format!("(instanceof {} {})", sx(p, x), p.class(*c).name),
        K::Cast(x, c) => format!("(cast {} {})", p.class(*c).name, sx(p, x)),
        K::Checked(xs, code) => format!("(checked[{code}] {} {})", sx(p, &xs[0]), sx(p, &xs[1])),
        K::Old(Some(l), x) => format!("(old[{l}] {})", sx(p, x)),
        K::Perm(l, q) => format!("(Perm {} {})", sx(p, l), sx(p, q)),
        K::CurPerm(l) => format!("(perm {})", sx(p, l)),
        K::Write => "write".into(),
        K::Read => "read".into(),
        K::NoPerm => "none".into(),
        K::Quant { q, vars, body, .. } => {
            let q = match q {
                Quantifier::Forall => "forall",
                Quantifier::ForallStar => "forall*",
                Quantifier::Exists => "exists",
            };
            let vs: Vec<_> = vars.iter().map(|v| v.name.as_str()).collect();
            format!("({q} [{}] {})", vs.join(" "), sx(p, body))
        }
        K::Let { var, value, body } => {
            format!("(let {} {} {})", var.name, sx(p, value), sx(p, body))
        }
        K::Unfolding(a, b) => format!("(unfolding {} {})", sx(p, a), sx(p, b)),
        K::ArrayOf(a, n) => format!("(array {} {})", sx(p, a), sx(p, n)),
        K::SeqLit(es) => format!("(seq {})", list(es)),
        K::SetLit(es) => format!("(set {})", list(es)),
        K::BagLit(es) => format!("(bag {})", list(es)),
        K::OptSome(x) => format!("(Some {})", sx(p, x)),
        K::OptNone => "None".into(),
        K::Trigger(0, x) => format!("(trigger {})", sx(p, x)),
        K::Trigger(g, x) => format!("(trigger{g} {})", sx(p, x)),
        K::Token(t, x) => format!("({} {})", t.keyword(), sx(p, x)),
        K::History(h, xs) => format!("(history {h:?} {})", list(xs)),
        K::Collection(c, xs) => format!("({} {})", c.name(), list(xs)),
        K::Invoke(call) => format!("(invoke {})", call_text(p, call)),
        K::NewArray(elem, dims) => format!("(newarray {})", new_array(p, elem, dims)),
        K::Effect(x) if x.first => {
            format!("(effect {} then {})", sx(p, &x.value), block(p, &x.stmts))
        }
        K::Effect(x) => format!("(effect {} then {})", block(p, &x.stmts), sx(p, &x.value)),
    }
}

/// A call as statements and expressions show it: `new C(a)`, `r.m(a) given g yields y`.
fn call_text(p: &Program, call: &Call) -> String {
    let e = |x: &Expr| sx(p, x);
    let m = p.method(call.method);
    let r = call
        .recv
        .as_ref()
        .map_or(String::new(), |r| format!("{}.", e(r)));
    let what = if m.is_constructor { "new " } else { "" };
    let args: Vec<_> = call.args.iter().map(e).collect();
    let mut s = format!("{what}{r}{}({})", m.name, args.join(", "));
    for g in call.given.iter().flatten() {
        s += &format!(" given {}", e(g));
    }
    for y in call.yields.iter().flatten() {
        s += &format!(" yields {y}");
    }
    s
}

fn new_array(p: &Program, elem: &Type, dims: &[Expr]) -> String {
    let dims: Vec<String> = dims.iter().map(|x| sx(p, x)).collect();
    format!("{elem:?} {}", dims.join(" "))
}

/// The block on one line.
pub fn block(p: &Program, b: &Block) -> String {
    render(&sx_block(p, b), usize::MAX)
}

/// `{s1 s2 …}`, or the statements a line each, indented.
fn sx_block(p: &Program, b: &Block) -> Doc {
    if b.stmts.is_empty() {
        return text("{}");
    }
    let ss = b.stmts.iter().enumerate().map(|(i, s)| {
        let sep = if i == 0 {
            RcDoc::line_()
        } else {
            RcDoc::line()
        };
        sep.append(sx_stmt(p, s))
    });
    text("{")
        .append(RcDoc::concat(ss).nest(2))
        .append(RcDoc::line_())
        .append(text("}"))
        .group()
}

/// A loop's invariants, `[i1 i2 …]`.
fn invs(p: &Program, invariants: &[Expr]) -> Doc {
    let inv: Vec<_> = invariants.iter().map(|x| sx(p, x)).collect();
    text(format!("[{}]", inv.join(" ")))
}

fn sx_stmt(p: &Program, s: &Stmt) -> Doc {
    let e = |x: &Expr| text(sx(p, x));
    let b = |x: &Block| sx_block(p, x);
    match &s.kind {
        S::If { cond, then, els } => match els {
            Some(x) => list("if".into(), vec![e(cond), b(then), b(x)]),
            None => list("if".into(), vec![e(cond), b(then)]),
        },
        S::While {
            invariants,
            cond,
            body,
        } => {
            let inv: Vec<_> = invariants.iter().map(|x| sx(p, x)).collect();
            list(
                "while".into(),
                vec![text(format!("[{}]", inv.join(" "))), e(cond), b(body)],
            )
        }
        S::Loop {
            id,
            invariants,
            head,
            cond,
            body,
            update,
        } => {
            let mut items = vec![invs(p, invariants)];
            if !head.stmts.is_empty() {
                items.push(b(head));
            }
            items.extend([e(cond), b(body)]);
            if !update.stmts.is_empty() {
                items.push(b(update));
            }
            list(format!("loop {}", id.0), items)
        }
        S::ForRange {
            id,
            var,
            lo,
            hi,
            invariants,
            body,
        } => list(
            format!("for-range {} {}", id.0, var.name),
            vec![e(lo), e(hi), invs(p, invariants), b(body)],
        ),
        S::DoWhile {
            id,
            again,
            invariants,
            body,
            cond,
        } => list(
            format!("do {} {}", id.0, again.0),
            vec![invs(p, invariants), b(body), e(cond)],
        ),
        S::Labelled { id, body } => list(format!("labelled {}", id.0), vec![b(body)]),
        S::Block(x) => b(x),
        S::AtomicStep(x) => list("atomic-step".into(), vec![b(x)]),
        S::Invariant { name, inv, body } => {
            list(format!("invariant {name}"), vec![e(inv), b(body)])
        }
        S::Atomic { names, body } => {
            let names: Vec<&str> = names.iter().map(|n| n.as_str()).collect();
            list(format!("atomic {}", names.join(" ")), vec![b(body)])
        }
        S::Synchronized { lock, body } => list("synchronized".into(), vec![e(lock), b(body)]),
        S::Package { wand, proof } => list("package".into(), vec![e(wand), b(proof)]),
        S::Action(xs, body) => {
            let mut items: Vec<_> = xs.iter().map(e).collect();
            items.push(b(body));
            list("action".into(), items)
        }
        S::Barrier {
            name,
            requires,
            ensures,
            hint,
            ..
        } => {
            let req: Vec<String> = requires.iter().map(|x| sx(p, x)).collect();
            let ens: Vec<String> = ensures.iter().map(|x| sx(p, x)).collect();
            list(
                format!("barrier {name}"),
                vec![
                    text(format!("(requires {})", req.join(" "))),
                    text(format!("(ensures {})", ens.join(" "))),
                    b(hint),
                ],
            )
        }
        S::Par(threads) => {
            let ts: Vec<Doc> = threads
                .iter()
                .map(|t| {
                    let iters: Vec<String> = t
                        .iters
                        .iter()
                        .map(|(v, lo, hi)| format!("({} {} {})", v.name, sx(p, lo), sx(p, hi)))
                        .collect();
                    let req: Vec<String> = t.requires.iter().map(|x| sx(p, x)).collect();
                    let ens: Vec<String> = t.ensures.iter().map(|x| sx(p, x)).collect();
                    list(
                        "thread".into(),
                        vec![
                            text(format!("({})", iters.join(" "))),
                            text(format!("(requires {})", req.join(" "))),
                            text(format!("(ensures {})", ens.join(" "))),
                            b(&t.body),
                        ],
                    )
                })
                .collect();
            list("par".into(), ts)
        }
        S::Try {
            body,
            catches,
            finally,
        } => {
            let mut items = vec![b(body)];
            for c in catches {
                let cs: Vec<&str> = c
                    .classes
                    .iter()
                    .map(|k| p.class(*k).name.as_str())
                    .collect();
                items.push(list(
                    format!("catch ({}) {}", cs.join(" "), c.var.name),
                    vec![b(&c.body)],
                ));
            }
            if let Some(f) = finally {
                items.push(list("finally".into(), vec![b(f)]));
            }
            list("try".into(), items)
        }
        _ => text(simple_stmt(p, s)),
    }
}

/// A statement on one line (those that hold blocks are laid out by [`sx_stmt`]).
fn simple_stmt(p: &Program, s: &Stmt) -> String {
    let e = |x: &Expr| sx(p, x);
    match &s.kind {
        S::Local(v, None) => format!("(local {})", v.name),
        S::Local(v, Some(x)) => format!("(local {} {})", v.name, e(x)),
        S::AssignLocal(n, x) => format!("(= {n} {})", e(x)),
        S::AssignField { recv, field, value } => {
            format!("(= (. {} {}) {})", e(recv), p.field(*field).name, e(value))
        }
        S::AssignIndex {
            array,
            index,
            value,
        } => {
            format!("(= (idx {} {}) {})", e(array), e(index), e(value))
        }
        S::Call { target, call } => {
            let t = target.as_ref().map_or(String::new(), |t| format!("{t} = "));
            format!("(call {t}{})", call_text(p, call))
        }
        S::NewArray { target, elem, dims } => {
            format!("(newarray {target} {})", new_array(p, elem, dims))
        }
        S::Return(None) => "(return)".into(),
        S::Return(Some(x)) => format!("(return {})", e(x)),
        S::Lock(op, x) => format!("({} {})", op.keyword(), e(x)),
        S::Assert(x) => format!("(assert {})", e(x)),
        S::Assume(x) => format!("(assume {})", e(x)),
        S::Inhale(x) => format!("(inhale {})", e(x)),
        S::Exhale(x) => format!("(exhale {})", e(x)),
        S::Havoc(x) => format!("(havoc {})", e(x)),
        S::Refute(x) => format!("(refute {})", e(x)),
        S::Fold(x) => format!("(fold {})", e(x)),
        S::Unfold(x) => format!("(unfold {})", e(x)),
        S::Apply(x) => format!("(apply {})", e(x)),
        S::Label(l) => format!("(label {l})"),
        S::Witness(l) => format!("(witness {l})"),
        S::Goto(l) => format!("(goto {l})"),
        S::Break(id) => format!("(break {})", id.0),
        S::Continue(id) => format!("(continue {})", id.0),
        S::Fork(x) => format!("(fork {})", e(x)),
        S::Join(x) => format!("(join {})", e(x)),
        S::History(h, xs) => {
            let xs: Vec<String> = xs.iter().map(e).collect();
            format!("({} {})", h.name(), xs.join(" "))
        }
        S::Check { exhale, expr, code } => {
            let k = if *exhale { "exhale" } else { "assert" };
            format!("(check-{k} {code} {})", e(expr))
        }
        S::Throw(x) => format!("(throw {})", e(x)),
        S::If { .. }
        | S::While { .. }
        | S::Loop { .. }
        | S::ForRange { .. }
        | S::DoWhile { .. }
        | S::Labelled { .. }
        | S::Block(_)
        | S::AtomicStep(_)
        | S::Invariant { .. }
        | S::Atomic { .. }
        | S::Action(..)
        | S::Synchronized { .. }
        | S::Package { .. }
        | S::Try { .. }
        | S::Barrier { .. }
        | S::Par(_) => render(&sx_stmt(p, s), usize::MAX),
    }
}

// ------------------------------------------------------------ errors
