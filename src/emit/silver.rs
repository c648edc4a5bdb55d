//! Silver printer, recording where each blamed node lands.
//!
//! Layout: one declaration after another, separated by blank lines; every
//! statement on its own line; long expressions break after binary operators
//! at 100 columns, written directly (`direct`) without building documents
//! first (the tests keep the layout that `pretty` documents gave).
//! Nested binary, conditional and binding expressions are always
//! parenthesised, so Silver's precedences never matter. A node's recorded
//! position never includes its own parentheses (Silicon reports a
//! parenthesised node from inside them); see [`render`] for how the
//! parentheses of sub-expressions are handled.

mod direct;
pub mod render;

use crate::emit::{Emitted, Text};
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

/// [`emit`] at `width` columns. The methods are most of a program's text
/// and independent of each other, so a large program's are printed on
/// several threads.
fn emit_at(mut p: vir::Program, width: usize) -> Emitted {
    let methods = std::mem::take(&mut p.methods);
    let runs = crate::parallel::map_runs(methods, 32, |_, run| {
        let mut pr = RunPrinter::at(width);
        run.into_iter()
            .for_each(|m| pr.methods.print(|o| Printer.w_method(o, &m)));
        (pr, 0)
    });
    assemble(p, runs, width)
}

/// Prints a run's members as the pipeline encodes them
/// (`crate::vir::Sink`): each is freed once printed.
pub struct RunPrinter {
    functions: Section,
    predicates: Section,
    methods: Section,
}

/// Printed members of one kind, in chunks of about [`CHUNK`] bytes, the
/// last one being written. Chunks rather than one growing buffer: a chunk
/// fits in the pages that the small nodes of members already printed freed,
/// where a large buffer would take fresh memory each time it grows.
struct Section {
    chunks: Vec<render::Output>,
    width: usize,
}

/// The text of a chunk of printed members (see [`Section`]).
const CHUNK: usize = 32 * 1024;

impl Section {
    fn new(width: usize) -> Section {
        Section {
            chunks: Vec::new(),
            width,
        }
    }

    /// Prints a member with `print`, after a blank line if it is not the first.
    fn print(&mut self, print: impl FnOnce(&mut render::Output)) {
        let out = match self.chunks.last_mut() {
            Some(out) if out.len() < CHUNK => {
                out.newlines(2);
                out
            }
            full => {
                // A new chunk; after the first, it starts with the blank line.
                let first = full.is_none();
                if let Some(full) = full {
                    full.compact();
                }
                let mut out = render::Output::new(self.width);
                if !first {
                    out.newlines(2);
                }
                self.chunks.push(out);
                let last = self.chunks.len() - 1;
                &mut self.chunks[last]
            }
        };
        print(out);
    }
}

impl Default for RunPrinter {
    fn default() -> RunPrinter {
        RunPrinter::at(WIDTH)
    }
}

impl RunPrinter {
    fn at(width: usize) -> RunPrinter {
        RunPrinter {
            functions: Section::new(width),
            predicates: Section::new(width),
            methods: Section::new(width),
        }
    }
}

impl crate::vir::Sink for RunPrinter {
    fn function(&mut self, f: vir::Function) {
        self.functions.print(|o| Printer.w_function(o, &f));
    }
    fn predicate(&mut self, q: vir::Predicate) {
        self.predicates.print(|o| Printer.w_predicate(o, &q));
    }
    fn method(&mut self, m: vir::Method) {
        self.methods.print(|o| Printer.w_method(o, &m));
    }
}

/// The declarations of `p` (its methods are not printed), followed by the
/// runs' printed functions, then their predicates, then their methods, each
/// run with the offset of its origins. (`p`'s own predicates come before the
/// runs' functions: a program has its predicates in `p` or in the runs.)
pub fn emit_with_runs(p: vir::Program, runs: Vec<(RunPrinter, u32)>) -> Emitted {
    assemble(p, runs, WIDTH)
}

fn assemble(p: vir::Program, mut runs: Vec<(RunPrinter, u32)>, width: usize) -> Emitted {
    let mut out = render::Output::new(width);
    let mut first = true;
    let mut sep = |out: &mut render::Output| {
        if !std::mem::take(&mut first) {
            out.newlines(2);
        }
    };
    for d in &p.domains {
        sep(&mut out);
        Printer.w_domain(&mut out, d);
    }
    for f in &p.fields {
        sep(&mut out);
        direct::field(&mut out, f);
    }
    for f in &p.functions {
        sep(&mut out);
        Printer.w_function(&mut out, f);
    }
    for x in &p.predicates {
        sep(&mut out);
        Printer.w_predicate(&mut out, x);
    }
    crate::parallel::free_in_background(p);
    // The runs' chunks follow as parts of the text: none is copied.
    let mut lines = out.line_breaks();
    let (declarations, mut positions) = out.finish();
    let mut text = Text::from(declarations);
    let sections: [fn(&mut RunPrinter) -> &mut Section; 3] = [
        |r| &mut r.functions,
        |r| &mut r.predicates,
        |r| &mut r.methods,
    ];
    for section in sections {
        for (r, offset) in &mut runs {
            let chunks = std::mem::take(&mut section(r).chunks);
            if chunks.is_empty() {
                continue;
            }
            if !std::mem::take(&mut first) {
                text.push_str("\n\n");
                lines += 2;
            }
            for chunk in chunks {
                let breaks = chunk.line_breaks();
                let (t, pm) = chunk.finish();
                positions.append(pm, lines, *offset);
                text.push(t);
                lines += breaks;
            }
        }
    }
    text.push_str("\n");
    Emitted { text, positions }
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
        BinOp::Wand => "--*",
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
            | ExprKind::Asserting(..)
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
