//! The core program as s-expressions: what `weft emit --dump-after PASS`
//! prints, and what the checker's tests compare against. Every node kind is
//! written out, so a pass's output can be read whole.

use super::{Block, Builtin, Expr, ExprKind as K, Program, Stmt, StmtKind as S};
use crate::syntax::ast::Quantifier;

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
        let body = m
            .body
            .as_ref()
            .map_or("abstract".into(), |b| sx_block(p, b));
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
        K::Unary(op, x) => format!("({op:?} {})", sx(p, x)),
        K::Binary(op, a, b) => format!("({} {} {})", op.symbol(), sx(p, a), sx(p, b)),
        K::Cond(c, a, b) => format!("(? {} {} {})", sx(p, c), sx(p, a), sx(p, b)),
        K::Old(None, x) => format!("(old {})", sx(p, x)),
        K::ArraySum(x) => format!("(sum {})", sx(p, x)),
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
        K::Trigger(x) => format!("(trigger {})", sx(p, x)),
        K::Token(t, x) => format!("({} {})", t.keyword(), sx(p, x)),
    }
}

pub fn block(p: &Program, b: &Block) -> String {
    sx_block(p, b)
}

fn sx_block(p: &Program, b: &Block) -> String {
    let ss: Vec<_> = b.stmts.iter().map(|s| sx_stmt(p, s)).collect();
    format!("{{{}}}", ss.join(" "))
}

fn sx_stmt(p: &Program, s: &Stmt) -> String {
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
            let m = p.method(call.method);
            let t = target.as_ref().map_or(String::new(), |t| format!("{t} = "));
            let r = call
                .recv
                .as_ref()
                .map_or(String::new(), |r| format!("{}.", e(r)));
            let what = if m.is_constructor { "new " } else { "" };
            let args: Vec<_> = call.args.iter().map(e).collect();
            let mut s = format!("(call {t}{what}{r}{}({})", m.name, args.join(", "));
            for g in call.given.iter().flatten() {
                s += &format!(" given {}", e(g));
            }
            for y in call.yields.iter().flatten() {
                s += &format!(" yields {y}");
            }
            s + ")"
        }
        S::NewArray { target, elem, dims } => {
            let dims: Vec<String> = dims.iter().map(e).collect();
            format!("(newarray {target} {elem:?} {})", dims.join(" "))
        }
        S::If { cond, then, els } => match els {
            Some(b) => format!("(if {} {} {})", e(cond), sx_block(p, then), sx_block(p, b)),
            None => format!("(if {} {})", e(cond), sx_block(p, then)),
        },
        S::While {
            invariants,
            cond,
            body,
        } => {
            let inv: Vec<_> = invariants.iter().map(e).collect();
            format!(
                "(while [{}] {} {})",
                inv.join(" "),
                e(cond),
                sx_block(p, body)
            )
        }
        S::Return(None) => "(return)".into(),
        S::Return(Some(x)) => format!("(return {})", e(x)),
        S::Lock(op, x) => format!("({} {})", op.keyword(), e(x)),
        S::Assert(x) => format!("(assert {})", e(x)),
        S::Assume(x) => format!("(assume {})", e(x)),
        S::Inhale(x) => format!("(inhale {})", e(x)),
        S::Exhale(x) => format!("(exhale {})", e(x)),
        S::Refute(x) => format!("(refute {})", e(x)),
        S::Fold(x) => format!("(fold {})", e(x)),
        S::Unfold(x) => format!("(unfold {})", e(x)),
        S::Label(l) => format!("(label {l})"),
        S::Goto(l) => format!("(goto {l})"),
        S::Block(b) => sx_block(p, b),
        S::Invariant { name, inv, body } => {
            format!("(invariant {name} {} {})", e(inv), sx_block(p, body))
        }
        S::Atomic { names, body } => {
            let names: Vec<&str> = names.iter().map(|n| n.as_str()).collect();
            format!("(atomic {} {})", names.join(" "), sx_block(p, body))
        }
        S::Synchronized { lock, body } => {
            format!("(synchronized {} {})", e(lock), sx_block(p, body))
        }
        S::Fork(x) => format!("(fork {})", e(x)),
        S::Join(x) => format!("(join {})", e(x)),
        S::Barrier {
            name,
            requires,
            ensures,
            hint,
            ..
        } => {
            let req: Vec<String> = requires.iter().map(e).collect();
            let ens: Vec<String> = ensures.iter().map(e).collect();
            format!(
                "(barrier {name} (requires {}) (ensures {}) {})",
                req.join(" "),
                ens.join(" "),
                sx_block(p, hint)
            )
        }
        S::Par(threads) => {
            let ts: Vec<String> = threads
                .iter()
                .map(|t| {
                    let iters: Vec<String> = t
                        .iters
                        .iter()
                        .map(|(v, lo, hi)| format!("({} {} {})", v.name, e(lo), e(hi)))
                        .collect();
                    let req: Vec<String> = t.requires.iter().map(e).collect();
                    let ens: Vec<String> = t.ensures.iter().map(e).collect();
                    format!(
                        "(thread ({}) (requires {}) (ensures {}) {})",
                        iters.join(" "),
                        req.join(" "),
                        ens.join(" "),
                        sx_block(p, &t.body)
                    )
                })
                .collect();
            format!("(par {})", ts.join(" "))
        }
        S::Check { exhale, expr, code } => {
            let k = if *exhale { "exhale" } else { "assert" };
            format!("(check-{k} {code} {})", e(expr))
        }
    }
}

// ------------------------------------------------------------ errors
