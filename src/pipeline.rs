//! One method at a time: once the declarations are checked, lowered and
//! known to the encoder, each method body is checked, taken through the
//! passes, encoded and handed to a [`Sink`] (the Silver printer, or a list for
//! the Boogie emitter) before the next is looked at. A body's syntax, core and
//! IR are freed as soon as the sink has it, so a large program is never whole
//! in any of these forms; methods are independent, so they go through in runs
//! on several threads.
//!
//! The verdict is the one of checking the whole program first: errors of
//! checking (declarations and every body) come before the passes' errors,
//! which come before the encoder's. Once a body has failed to check, the
//! rest are only checked.

use crate::check::{self, Declared, Pending};
use crate::core::{Block, Contract, MethodId};
use crate::diag::{self, Diagnostic};
use crate::encode::names::Names;
use crate::encode::{self, Declarations, MethodEncoder};
use crate::passes::{self, Lowerings};
use crate::stages::stage;
use crate::syntax::ast::Unit;
use crate::syntax::skim;
use crate::syntax::span::Files;
use crate::vir::{self, OriginTable};

/// Takes a run's encoded methods, in order.
pub trait Sink: Send {
    fn method(&mut self, m: vir::Method);
}

/// Collects the methods (for emitters that need the whole program).
impl Sink for Vec<vir::Method> {
    fn method(&mut self, m: vir::Method) {
        self.push(m);
    }
}

/// The encoded program: declarations and their origins, and each run's sink
/// with the offset of its origins in `origins` (see `vir::renumber`).
pub struct Lowered<S> {
    pub declarations: vir::Program,
    pub origins: OriginTable,
    pub runs: Vec<(S, u32)>,
}

/// A method on its way: its contract, and its body to check or already core
/// (default constructors, generated refinement methods).
struct Item {
    contract: Contract,
    body: Body,
}

enum Body {
    /// Boxed: a run holds its items until it ends, each freed when done.
    Source(Box<Pending>),
    Core(Option<Block>),
}

/// The errors of a run, by stage.
#[derive(Default)]
struct Errors {
    check: Vec<Diagnostic>,
    passes: Vec<Diagnostic>,
    encode: Vec<Diagnostic>,
}

/// Checks, lowers and encodes the program, handing each run's methods to a
/// sink of its own, made by `sink`.
///
/// Bodies the first parse left unparsed (`syntax::skim`) are parsed from
/// `files` on their way; a parse error there is returned as it is (the
/// caller may then parse the files whole, for the first error of each).
pub fn run<S: Sink>(
    units: Vec<Unit>,
    files: &Files,
    sink: impl Fn() -> S + Sync,
) -> diag::Result<Lowered<S>> {
    let mut declared = stage("declare", || check::declare(units));
    let lowerings = declared
        .is_well_formed()
        .then(|| passes::declare(declared.program_mut()));
    let items = items(&mut declared);
    let p = declared.program();
    let names = Names::new(p);
    let stages = Stages {
        files,
        declared: &declared,
        lowerings: lowerings.as_ref(),
    };
    let runs = stage("methods", || {
        crate::parallel::map_runs(items, 32, |first, run| {
            let mut encoder = MethodEncoder::new(p, &names);
            let mut out = sink();
            let mut errors = Errors::default();
            for (i, item) in run.into_iter().enumerate() {
                let id = MethodId((first + i) as u32);
                stages.method(&mut encoder, &mut out, &mut errors, id, item);
            }
            (encoder, out, errors)
        })
    });
    let mut errors = Errors::default();
    let mut encoders = Vec::with_capacity(runs.len());
    let mut sinks = Vec::with_capacity(runs.len());
    for (e, s, errs) in runs {
        errors.check.extend(errs.check);
        errors.passes.extend(errs.passes);
        errors.encode.extend(errs.encode);
        encoders.push(e);
        sinks.push(s);
    }
    declared.verdict(errors.check)?;
    passes::sorted(errors.passes)?;
    let decls = stage("declarations", || encode::declarations(p, &names, encoders));
    crate::parallel::free_in_background((declared, lowerings));
    let Declarations {
        program,
        origins,
        offsets,
    } = match decls {
        Ok(d) if errors.encode.is_empty() => d,
        Ok(_) => return Err(errors.encode),
        Err(e) => return Err(e.into_iter().chain(errors.encode).collect()),
    };
    Ok(Lowered {
        declarations: program,
        origins,
        runs: sinks.into_iter().zip(offsets).collect(),
    })
}

/// The methods in order, each with its contract and body taken out of the
/// program (the passes have rewritten the contracts).
fn items(d: &mut Declared) -> Vec<Item> {
    let pending = std::mem::take(&mut d.pending);
    let mut items: Vec<Item> = d
        .program_mut()
        .methods
        .iter_mut()
        .map(|m| Item {
            contract: std::mem::take(&mut m.contract),
            body: Body::Core(m.body.take()),
        })
        .collect();
    for p in pending {
        let at = p.method.0 as usize;
        items[at].body = Body::Source(Box::new(p));
    }
    items
}

/// What every method goes through.
struct Stages<'a> {
    files: &'a Files,
    declared: &'a Declared,
    /// None when the declarations are wrong: bodies are then only checked.
    lowerings: Option<&'a Lowerings>,
}

impl Stages<'_> {
    /// One method through every stage.
    fn method<S: Sink>(
        &self,
        encoder: &mut MethodEncoder<'_>,
        sink: &mut S,
        errors: &mut Errors,
        id: MethodId,
        item: Item,
    ) {
        let body = match item.body {
            Body::Source(pending) => match self.check(*pending) {
                Ok(b) => Some(b),
                Err(e) => {
                    errors.check.extend(e);
                    return;
                }
            },
            Body::Core(b) => b,
        };
        // A wrong program is only checked, to the end.
        let Some(lowerings) = self.lowerings.filter(|_| errors.check.is_empty()) else {
            return;
        };
        let mut body = body;
        if let Some(b) = &mut body {
            if let Err(e) = lowerings.body(self.declared.program(), id, b) {
                errors.passes.extend(e);
                return;
            }
        }
        match encoder.method(id, item.contract, body) {
            Ok(m) => sink.method(m),
            Err(e) => errors.encode.extend(e),
        }
    }

    /// The body parsed (if the first parse left it) and checked.
    fn check(&self, mut pending: Pending) -> diag::Result<Block> {
        if let Some(at) = pending.unparsed() {
            let text = self.files.text(at.file);
            pending.parsed(skim::parse_body(at.file, text, at)?);
        }
        self.declared.body(pending)
    }
}

/// The whole encoded program, for emitters that read all of it at once.
pub fn encoded(units: Vec<Unit>, files: &Files) -> diag::Result<encode::Encoded> {
    let Lowered {
        declarations: mut program,
        origins,
        runs,
    } = run(units, files, Vec::new)?;
    for (methods, offset) in runs {
        for mut m in methods {
            vir::renumber::shift_origins(&mut m, offset);
            program.methods.push(m);
        }
    }
    Ok(encode::Encoded { program, origins })
}
