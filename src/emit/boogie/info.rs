//! What the Boogie encoding needs to know about the program's declarations
//! wherever it translates a use of them.

use crate::name::Name;
pub use crate::vir::visit::visit;
use crate::vir::{Expr, ExprKind, Function, Method, Predicate, Program, Type};
use std::collections::{HashMap, HashSet};

pub struct Info<'p> {
    pub fields: HashMap<Name, Type>,
    pub functions: HashMap<Name, &'p Function>,
    pub predicates: HashMap<Name, &'p Predicate>,
    /// Each predicate's `PredicateId` (its index in the program).
    pub predicate_ids: HashMap<Name, usize>,
    pub methods: HashMap<Name, &'p Method>,
    /// Functions that read the heap (and so take it as their first argument).
    pub heap_functions: HashSet<Name>,
    /// Functions that may call themselves (their definitions unroll through
    /// a limited twin).
    pub recursive: HashSet<Name>,
    /// Some heap function's footprint is quantified (`forall j :: acc(a[j])`):
    /// its framing axiom fires along heap steps only (`weft_succ`), not for
    /// every pair of heaps; see `decl::function_decl`.
    pub step_framed: bool,
}

impl<'p> Info<'p> {
    pub fn new(p: &'p Program) -> Info<'p> {
        let mut info = Info {
            fields: p.fields.iter().map(|f| (f.name, f.ty.clone())).collect(),
            functions: p.functions.iter().map(|f| (f.name, f)).collect(),
            predicates: p.predicates.iter().map(|d| (d.name, d)).collect(),
            predicate_ids: p
                .predicates
                .iter()
                .enumerate()
                .map(|(k, d)| (d.name, k))
                .collect(),
            methods: p.methods.iter().map(|m| (m.name, m)).collect(),
            heap_functions: HashSet::new(),
            recursive: HashSet::new(),
            step_framed: false,
        };
        info.recursive = recursive(p);
        // A function reads the heap when its contract or body does, directly
        // or through another function: iterate to the fixed point.
        loop {
            let mut changed = false;
            for f in &p.functions {
                if info.heap_functions.contains(&f.name) {
                    continue;
                }
                let reads = f
                    .pres
                    .iter()
                    .chain(&f.posts)
                    .chain(&f.body)
                    .any(|e| info.reads_heap(e));
                if reads {
                    info.heap_functions.insert(f.name);
                    changed = true;
                }
            }
            if !changed {
                info.step_framed = p
                    .functions
                    .iter()
                    .any(|f| info.heap_functions.contains(&f.name) && quantified_footprint(f));
                return info;
            }
        }
    }

    /// Whether evaluating `e` (or its well-definedness) depends on the heap or mask.
    pub fn reads_heap(&self, e: &Expr) -> bool {
        let mut found = false;
        visit(e, &mut |x| {
            found |= match &x.kind {
                ExprKind::FieldAccess(..)
                | ExprKind::FieldAcc(..)
                | ExprKind::PredicateAcc(..)
                | ExprKind::CurPermField(..)
                | ExprKind::CurPermPredicate(..)
                | ExprKind::Unfolding(..) => true,
                ExprKind::FuncApp(f, _) => self.heap_functions.contains(f),
                _ => false,
            }
        });
        found
    }
}

/// Functions that reach themselves through the calls in their bodies.
fn recursive(p: &Program) -> HashSet<Name> {
    let calls: HashMap<&str, Vec<Name>> = p
        .functions
        .iter()
        .map(|f| {
            let mut out = Vec::new();
            if let Some(b) = &f.body {
                visit(b, &mut |x| {
                    if let ExprKind::FuncApp(g, _) = &x.kind {
                        out.push(*g)
                    }
                });
            }
            (f.name.as_str(), out)
        })
        .collect();
    let mut out = HashSet::new();
    for f in &p.functions {
        let mut seen = HashSet::new();
        let mut todo: Vec<&str> = calls[f.name.as_str()].iter().map(|s| s.as_str()).collect();
        while let Some(g) = todo.pop() {
            if g == f.name {
                out.insert(f.name);
                break;
            }
            if seen.insert(g) {
                todo.extend(calls.get(g).into_iter().flatten().map(|s| s.as_str()));
            }
        }
    }
    out
}

/// Whether function `f`'s precondition holds permissions under a quantifier.
pub fn quantified_footprint(f: &Function) -> bool {
    fn quantified(e: &Expr) -> bool {
        use crate::vir::BinOp;
        match &e.kind {
            ExprKind::Quant { body, .. } => has_resources(body),
            ExprKind::Binary(BinOp::And | BinOp::Implies, l, r) => quantified(l) || quantified(r),
            ExprKind::Cond(_, a, b) => quantified(a) || quantified(b),
            ExprKind::Let(_, _, b) => quantified(b),
            _ => false,
        }
    }
    f.pres.iter().any(quantified)
}

/// Whether an assertion holds permissions (rather than being pure). The
/// predicate instance of an `unfolding` is not held by the expression.
pub fn has_resources(e: &Expr) -> bool {
    use crate::vir::BinOp;
    match &e.kind {
        ExprKind::FieldAcc(..) | ExprKind::PredicateAcc(..) => true,
        ExprKind::Binary(BinOp::And | BinOp::Implies, l, r) => has_resources(l) || has_resources(r),
        ExprKind::Cond(_, a, b) => has_resources(a) || has_resources(b),
        ExprKind::Let(_, _, b) | ExprKind::Unfolding(_, b) => has_resources(b),
        ExprKind::Quant { body, .. } => has_resources(body),
        _ => false,
    }
}
