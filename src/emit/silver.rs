//! Silver printer, recording where each blamed node lands.
//!
//! Layout: one declaration after another, separated by blank lines; every
//! statement on its own line; long expressions break after binary operators,
//! as the `pretty` documents of [`reference`] lay them out at 100 columns
//! (`direct` writes that layout without building the documents).
//! Nested binary, conditional and binding expressions are always
//! parenthesised, so Silver's precedences never matter. A node's recorded
//! position never includes its own parentheses (Silicon reports a
//! parenthesised node from inside them); see [`render`] for how the
//! parentheses of sub-expressions are handled.

mod direct;
#[cfg(test)]
mod reference;
pub mod render;

use crate::emit::Emitted;
use crate::vir::{self, BinOp, Expr, ExprKind, Type};

const WIDTH: usize = 100;
const INDENT: isize = 2;

/// Prints `p` as Silver text, with the positions of every node that has an origin.
///
/// Declarations start on a fresh line, so none can change another's layout.
/// Consumes the program: each method (the bulk of it) is freed once printed,
/// so the program and its text are not both whole at once.
pub fn emit(p: vir::Program) -> Emitted {
    emit_at(p, WIDTH)
}

/// [`emit`] at `width` columns.
fn emit_at(mut p: vir::Program, width: usize) -> Emitted {
    let methods = std::mem::take(&mut p.methods);
    let mut pr = Printer;
    let mut out = render::Output::new(width);
    let mut first = true;
    let mut sep = |out: &mut render::Output| {
        if !std::mem::take(&mut first) {
            out.newlines(2);
        }
    };
    for d in &p.domains {
        sep(&mut out);
        pr.w_domain(&mut out, d);
    }
    for f in &p.fields {
        sep(&mut out);
        direct::field(&mut out, f);
    }
    for f in &p.functions {
        sep(&mut out);
        pr.w_function(&mut out, f);
    }
    for x in &p.predicates {
        sep(&mut out);
        pr.w_predicate(&mut out, x);
    }
    if !methods.is_empty() {
        sep(&mut out);
        for part in print_methods(methods, width) {
            out.append(part);
        }
    }
    out.newlines(1);
    let (text, positions) = out.finish();
    Emitted { text, positions }
}

/// The methods' text, in order, in parts to append one after another. The
/// methods are most of a program's text and independent of each other, so
/// a large program's are printed on several threads.
fn print_methods(methods: Vec<vir::Method>, width: usize) -> Vec<render::Output> {
    crate::parallel::map_runs(methods, 32, |at, run| print_run(run, width, at > 0))
}

/// `methods` separated by blank lines (`lead`: also one before the first).
fn print_run(methods: Vec<vir::Method>, width: usize, lead: bool) -> render::Output {
    let mut out = render::Output::new(width);
    for (i, m) in methods.into_iter().enumerate() {
        if lead || i > 0 {
            out.newlines(2);
        }
        Printer.w_method(&mut out, &m);
    }
    out
}

/// Silver's type name of `t`.
pub fn ty(t: &Type) -> String {
    match t {
        Type::Int => "Int".into(),
        Type::Bool => "Bool".into(),
        Type::Perm => "Perm".into(),
        Type::Ref => "Ref".into(),
        Type::Seq(t) => format!("Seq[{}]", ty(t)),
        Type::Set(t) => format!("Set[{}]", ty(t)),
        Type::Multiset(t) => format!("Multiset[{}]", ty(t)),
        Type::Map(k, v) => format!("Map[{}, {}]", ty(k), ty(v)),
        Type::Domain(n, args) if args.is_empty() => String::from(n),
        Type::Domain(n, args) => format!(
            "{n}[{}]",
            args.iter().map(ty).collect::<Vec<_>>().join(", ")
        ),
        Type::TypeVar(n) => String::from(n),
    }
}

fn binop(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "*",
        BinOp::Div => "\\",
        BinOp::PermDiv => "/",
        BinOp::Mod => "%",
        BinOp::Eq => "==",
        BinOp::Ne => "!=",
        BinOp::Lt => "<",
        BinOp::Le => "<=",
        BinOp::Gt => ">",
        BinOp::Ge => ">=",
        BinOp::And => "&&",
        BinOp::Or => "||",
        BinOp::Implies => "==>",
        BinOp::SeqConcat => "++",
        BinOp::In => "in",
        BinOp::Union => "union",
        BinOp::Intersection => "intersection",
        BinOp::Setminus => "setminus",
        BinOp::Subset => "subset",
    }
}

/// Expressions that extend as far right as they can, or bind looser than
/// some operator: parenthesised whenever they are an operand.
fn is_compound(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Binary(..)
            | ExprKind::Cond(..)
            | ExprKind::Quant { .. }
            | ExprKind::Let(..)
            | ExprKind::Unfolding(..)
    )
}

/// Whether Silver may not infer a domain function application's type
/// arguments from its arguments, so the printer adds `(… : T)`.
fn needs_ascription(t: &Type) -> bool {
    fn closed(t: &Type) -> bool {
        match t {
            Type::TypeVar(_) => false,
            Type::Seq(t) | Type::Set(t) | Type::Multiset(t) => closed(t),
            Type::Map(k, v) => closed(k) && closed(v),
            Type::Domain(_, args) => args.iter().all(closed),
            _ => true,
        }
    }
    matches!(t, Type::Domain(_, args) if !args.is_empty()) && closed(t)
}

/// Prints declarations. Stateless: every operator's Silver symbol follows
/// from the IR alone (integer division is its own operator, printed `\`:
/// Silver would read an ambiguous `/` between Ints as a permission).
struct Printer;

#[cfg(test)]
mod tests;
