//! One member at a time: once the declarations are checked, lowered and
//! known to the encoder, each method body is checked, taken through the
//! passes, encoded and handed to a [`Sink`] (the Silver printer, or a
//! program for the Boogie emitter) before the next is looked at. A body's
//! syntax, core and IR are freed as soon as the sink has it, so a large
//! program is never whole in any of these forms. Members are independent, so
//! they go through in runs on several threads: the functions and predicates
//! (encoded only), then the methods. A method a pass makes from a body
//! (`passes::Out::made`) goes through the passes after its maker and the
//! encoder right after the body it was made from, in the same run: it
//! needs nothing the declarations do not have, and nothing calls it.
//!
//! The verdict is the one of checking the whole program first: errors of
//! checking (declarations and every body) come before the passes' errors,
//! which come before the encoder's. Once a body has failed to check, the
//! rest are only checked.

use crate::check::{self, Declared, Pending};
use crate::core::{Block, Contract, FunctionId, MethodId, PredicateId};
use crate::diag::{self, Diagnostic};
use crate::encode::names::Names;
use crate::encode::{self, Declarations, RunEncoder};
use crate::passes::{self, Lowerings};
use crate::stages::stage;
use crate::syntax::ast::Unit;
use crate::syntax::span::Files;
use crate::vir::Sink;
use crate::vir::{self, OriginTable};

/// The encoded program: declarations and their origins, and each run's sink
/// with the offset of its origins in `origins` (see `vir::renumber`).
pub struct Lowered<S> {
    pub declarations: vir::Program,
    pub origins: OriginTable,
    pub runs: Vec<(S, u32)>,
}

/// A member on its way.
enum Item {
    Function(FunctionId),
    Predicate(PredicateId),
    Method(MethodId, Box<MethodItem>),
}

/// A method's contract, and its body to check or already core (default
/// constructors, generated refinement methods).
struct MethodItem {
    contract: Contract,
    body: Body,
}

enum Body {
    Source(Pending),
    Core(Option<Block>),
}

/// The errors of a run, by stage.
#[derive(Default)]
struct Errors {
    check: Vec<Diagnostic>,
    passes: Vec<Diagnostic>,
    encode: Vec<Diagnostic>,
}

/// Checks, lowers and encodes the program, handing each run's members to a
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
    // Bodies are encoded one at a time: what every body's encoding depends
    // on (`Program::sums_arrays`, `names_current_thread`) the checker finds
    // first.
    let mut declared = stage("declare", || check::declare(units));
    // A pass whose declarations read bodies (Calvin's inlining of the
    // methods a thread calls: `passes::Needs::CheckedBodies`) gets every
    // body checked first.
    if declared.is_well_formed() && passes::needs_checked_bodies(declared.program()) {
        check_all_bodies(&mut declared, files)?;
    }
    let lowerings = match declared.is_well_formed() {
        true => Some(passes::declare(declared.program_mut())?),
        false => None,
    };
    let items = items(&mut declared);
    let p = declared.program();
    let names = Names::new(p);
    let stages = Stages {
        files,
        declared: &declared,
        lowerings: lowerings.as_ref(),
    };
    let runs = stage("methods", || {
        crate::parallel::map_weighted_runs(
            items,
            32,
            |i| weight(p, i),
            |_, run| {
                let mut encoder = RunEncoder::new(p, &names);
                let mut out = sink();
                let mut errors = Errors::default();
                for item in run {
                    stages.item(&mut encoder, &mut out, &mut errors, item);
                }
                (encoder, out, errors)
            },
        )
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
    if !errors.encode.is_empty() {
        return Err(errors.encode);
    }
    let Declarations {
        program,
        origins,
        offsets,
    } = stage("declarations", || encode::declarations(p, &names, encoders));
    crate::parallel::free_in_background((declared, lowerings));
    Ok(Lowered {
        declarations: program,
        origins,
        runs: sinks.into_iter().zip(offsets).collect(),
    })
}

/// Every pending body parsed (if the first parse left it), checked and put
/// into the program; the first errors found are the verdict.
fn check_all_bodies(declared: &mut Declared, files: &Files) -> diag::Result<()> {
    let mut errs = Vec::new();
    let mut done = Vec::new();
    for mut pending in std::mem::take(&mut declared.pending) {
        if let Some(at) = pending.unparsed() {
            let text = files.text(at.file);
            pending.parsed(crate::syntax::parser::parse_body(at.file, text, at)?);
        }
        let id = pending.method;
        match declared.body(pending) {
            Ok(b) => done.push((id, b)),
            Err(e) => errs.extend(e),
        }
    }
    declared.verdict(errs)?;
    for (id, b) in done {
        declared.program_mut().methods[id.0 as usize].body = Some(b);
    }
    Ok(())
}

/// The members in order: functions, predicates, then methods, each
/// method with its contract and body taken out of the program (the passes
/// have rewritten the contracts).
fn items(d: &mut Declared) -> Vec<Item> {
    let pending = std::mem::take(&mut d.pending);
    let p = d.program_mut();
    let functions = (0..p.functions.len()).map(|i| Item::Function(FunctionId(i as u32)));
    let predicates = (0..p.predicates.len()).map(|i| Item::Predicate(PredicateId(i as u32)));
    let mut methods: Vec<MethodItem> = p
        .methods
        .iter_mut()
        .map(|m| MethodItem {
            contract: std::mem::take(&mut m.contract),
            body: Body::Core(m.body.take()),
        })
        .collect();
    for p in pending {
        let at = p.method.0 as usize;
        methods[at].body = Body::Source(p);
    }
    let methods = methods
        .into_iter()
        .enumerate()
        .map(|(i, m)| Item::Method(MethodId(i as u32), Box::new(m)));
    functions.chain(predicates).chain(methods).collect()
}

/// The work an item makes, as the length of its source: a method's body is
/// parsed, checked and lowered on top of being encoded and printed.
fn weight(p: &crate::core::Program, item: &Item) -> usize {
    let len = |s: crate::syntax::span::Span| s.end.saturating_sub(s.start) as usize;
    match item {
        Item::Function(id) => len(p.function(*id).span),
        Item::Predicate(id) => len(p.predicate(*id).span),
        Item::Method(id, _) => 2 * len(p.method(*id).span),
    }
}

/// What every method goes through.
struct Stages<'a> {
    files: &'a Files,
    declared: &'a Declared,
    /// None when the declarations are wrong: bodies are then only checked.
    lowerings: Option<&'a Lowerings>,
}

impl Stages<'_> {
    /// One member through every stage.
    fn item<S: Sink>(
        &self,
        encoder: &mut RunEncoder<'_>,
        sink: &mut S,
        errors: &mut Errors,
        item: Item,
    ) {
        // A wrong program's functions and predicates are not encoded.
        let encode = self.lowerings.is_some() && errors.check.is_empty();
        match item {
            Item::Function(id) if encode => match encoder.function(id) {
                Ok(f) => f.into_iter().for_each(|f| sink.function(f)),
                Err(e) => errors.encode.extend(e),
            },
            Item::Predicate(id) if encode => match encoder.predicate(id) {
                Ok(q) => q.into_iter().for_each(|q| sink.predicate(q)),
                Err(e) => errors.encode.extend(e),
            },
            Item::Function(_) | Item::Predicate(_) => {}
            Item::Method(id, m) => self.method(encoder, sink, errors, id, *m),
        }
    }

    /// One method through every stage.
    fn method<S: Sink>(
        &self,
        encoder: &mut RunEncoder<'_>,
        sink: &mut S,
        errors: &mut Errors,
        id: MethodId,
        item: MethodItem,
    ) {
        let body = match item.body {
            Body::Source(pending) => match self.check(pending) {
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
        let mut made = Vec::new();
        if let Some(b) = &mut body {
            match lowerings.body(self.declared.program(), id, b) {
                Ok(m) => made = m,
                Err(e) => {
                    errors.passes.extend(e);
                    return;
                }
            }
        }
        match encoder.method(id, item.contract, body) {
            Ok(m) => sink.method(m),
            Err(e) => errors.encode.extend(e),
        }
        // What the passes made from the body, right after it.
        for (k, x) in made.into_iter().enumerate() {
            match encoder.made_method(id, k + 1, x) {
                Ok(m) => sink.method(m),
                Err(e) => errors.encode.extend(e),
            }
        }
    }

    /// The body parsed (if the first parse left it) and checked.
    fn check(&self, mut pending: Pending) -> diag::Result<Block> {
        if let Some(at) = pending.unparsed() {
            let text = self.files.text(at.file);
            pending.parsed(crate::syntax::parser::parse_body(at.file, text, at)?);
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
    } = run(units, files, vir::Program::default)?;
    // In the order the runs' members would be printed in: each kind in turn.
    let mut runs: Vec<_> = runs.into_iter().collect();
    for (r, offset) in &mut runs {
        for mut f in r.functions.drain(..) {
            vir::renumber::shift_function_origins(&mut f, *offset);
            program.functions.push(f);
        }
    }
    for (r, offset) in &mut runs {
        for mut q in r.predicates.drain(..) {
            vir::renumber::shift_predicate_origins(&mut q, *offset);
            program.predicates.push(q);
        }
    }
    for (r, offset) in runs {
        for mut m in r.methods {
            vir::renumber::shift_origins(&mut m, offset);
            program.methods.push(m);
        }
    }
    Ok(encode::Encoded { program, origins })
}
