//! Declarations: the prelude, domains, fields, predicates, functions and
//! methods, assembled into one Boogie program with its check table.
//!
//! * A heap-dependent function `f` takes the heap first. With a body it has
//!   a limited twin `f#limited` (equal to it) used inside definitions, so
//!   each use unrolls the definition once; a framing axiom says that two
//!   heaps agreeing on the precondition's footprint give the same value.
//! * Each function, predicate and method gets a procedure checking that its
//!   contract (and body) is well-defined; a method's procedure also checks
//!   the body against the contract.

use super::expr::{ident, Ctx, St};
use super::info::{has_resources, quantified_footprint, Info};
use super::proc::{Gen, Proc, R};
use super::stmt::body_state;
use super::ty::{arg, boogie, type_vars};
use super::{BoogieEmitted, Checks, Unsupported, COLLECTIONS_BPL, MAPS_BPL, PERMISSIONS_BPL};
use crate::vir::failure::FailureKind;
use crate::vir::{
    BinOp, Domain, Expr, ExprKind, Function, LocalDecl, Method, Origin, Predicate, Program,
};

/// The whole program. The map prelude is costly for Boogie, so a program
/// is printed without it first, and again with it if it names a map
/// function (few programs do).
pub fn program(p: &Program) -> Result<BoogieEmitted, Unsupported> {
    let out = program_with(p, false)?;
    // A map function, or the map type (`Map K V`, in a declaration only).
    if out.text.contains("Map#") || out.text.contains("Map ") {
        return program_with(p, true);
    }
    Ok(out)
}

fn program_with(p: &Program, maps: bool) -> Result<BoogieEmitted, Unsupported> {
    let info = Info::new(p);
    let mut out = Output::default();
    out.text(PERMISSIONS_BPL);
    out.text(COLLECTIONS_BPL);
    if maps {
        out.text(MAPS_BPL);
    }
    if info.step_framed {
        out.text(STEP_BPL);
    }
    for d in &p.domains {
        out.text(&domain(d, &info)?);
    }
    if !p.fields.is_empty() {
        out.text("// Fields\n");
    }
    for f in &p.fields {
        out.text(&format!(
            "const unique {}: Field {};\naxiom !IsPredicateField({});\n",
            f.name,
            arg(&f.ty),
            f.name
        ));
    }
    for (k, pr) in p.predicates.iter().enumerate() {
        out.text(&predicate_decl(pr, k));
        out.procedure(&predicate_wf(pr, &info)?, None);
    }
    for f in &p.functions {
        out.text(&function_decl(f, &info)?);
        out.procedure(&function_wf(f, &info)?, None);
    }
    for m in &p.methods {
        out.procedure(&method(m, &info)?, Some(m.origin));
    }
    Ok(BoogieEmitted {
        text: out.text,
        checks: out.checks,
    })
}

#[derive(Default)]
struct Output {
    text: String,
    /// Lines written so far.
    lines: usize,
    checks: Checks,
}

impl Output {
    fn text(&mut self, s: &str) {
        // Count only the new lines: recounting the whole text made emitting
        // quadratic in the program's size.
        let start = self.text.len();
        self.text.push_str(s);
        if !s.ends_with('\n') {
            self.text.push('\n');
        }
        self.text.push('\n');
        self.lines += self.text[start..].matches('\n').count();
    }

    fn procedure(&mut self, (header, body): &(String, Proc), method: Option<Origin>) {
        self.checks.methods.push(method);
        let mut head = header.clone();
        head.push_str("{\n");
        for (n, t) in &body.locals {
            head.push_str(&format!("  var {n}: {t};\n"));
        }
        self.checks.procedures.push(self.lines + 1);
        let first = self.lines + head.matches('\n').count() + 1;
        for (i, c) in &body.checks {
            self.checks.by_line.insert(first + i, c.clone());
        }
        let mut all = head;
        for l in &body.lines {
            all.push_str(l);
            all.push('\n');
        }
        all.push('}');
        self.text(&all);
    }
}

fn params_text(ps: &[LocalDecl]) -> String {
    ps.iter()
        .map(|d| format!("{}: {}", ident(&d.name), boogie(&d.ty)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn names(ps: &[LocalDecl]) -> Vec<String> {
    ps.iter().map(|d| ident(&d.name)).collect()
}

fn domain(d: &Domain, info: &Info) -> R<String> {
    let mut s = format!("// Domain {}\n", d.name);
    let holes = vec!["_"; d.type_params.len()].join(" ");
    s.push_str(&format!("type {} {holes};\n", d.name).replace(" ;", ";"));
    for f in &d.functions {
        let mut tvs = Vec::new();
        f.params.iter().for_each(|p| type_vars(&p.ty, &mut tvs));
        type_vars(&f.ret, &mut tvs);
        let generics = if tvs.is_empty() {
            String::new()
        } else {
            format!("<{}>", tvs.join(", "))
        };
        s.push_str(&format!(
            "function {}{generics}({}): {};\n",
            f.name,
            params_text(&f.params),
            boogie(&f.ret)
        ));
        if f.unique && f.params.is_empty() {
            // Distinct from the domain's other unique constants of its type.
            for g in d
                .functions
                .iter()
                .filter(|g| g.unique && g.params.is_empty())
            {
                if g.name < f.name && g.ret == f.ret {
                    s.push_str(&format!(
                        "axiom ({}(): {}) != ({}(): {});\n",
                        f.name,
                        boogie(&f.ret),
                        g.name,
                        boogie(&g.ret)
                    ));
                }
            }
        }
    }
    let mut ctx = Ctx::new(info);
    let st = St::new("Heap", "Mask", "Heap", "Mask");
    for a in &d.axioms {
        let body = ctx.expr(&a.body, &st)?;
        let generic = !d.type_params.is_empty() && mentions_type_vars(&a.body);
        let tps = d.type_params.join(", ");
        if generic && body.starts_with("(forall ") {
            // Type parameters on the quantifier itself keep its trigger.
            let body = body.replacen("(forall ", &format!("(forall<{tps}> "), 1);
            s.push_str(&format!("axiom {body}; // {}\n", a.name));
        } else if generic {
            s.push_str(&format!(
                "axiom (forall<{}> :: {body}); // {}\n",
                d.type_params.join(", "),
                a.name
            ));
        } else {
            s.push_str(&format!("axiom {body}; // {}\n", a.name));
        }
    }
    Ok(s)
}

fn mentions_type_vars(e: &Expr) -> bool {
    let mut found = false;
    super::info::visit(e, &mut |x| {
        let mut tvs = Vec::new();
        match &x.kind {
            ExprKind::Quant { vars, .. } => vars.iter().for_each(|v| type_vars(&v.ty, &mut tvs)),
            ExprKind::DomainFuncApp(_, _, t) => type_vars(t, &mut tvs),
            _ => {}
        }
        found |= !tvs.is_empty();
    });
    found
}

fn predicate_decl(p: &Predicate, k: usize) -> String {
    let n = &p.name;
    let ps = params_text(&p.params);
    let args = names(&p.params).join(", ");
    let mut s = format!("// Predicate {n}\nfunction {n}({ps}): Field Frame;\n");
    if p.params.is_empty() {
        s.push_str(&format!(
            "axiom IsPredicateField({n}()) && PredicateId({n}()) == {k};\n"
        ));
        return s;
    }
    s.push_str(&format!(
        "axiom (forall {ps} :: {{{n}({args})}} IsPredicateField({n}({args})) && PredicateId({n}({args})) == {k});\n"
    ));
    for (j, d) in p.params.iter().enumerate() {
        s.push_str(&format!(
            "function {n}#arg{j}(f: Field Frame): {};\naxiom (forall {ps} :: {{{n}({args})}} {n}#arg{j}({n}({args})) == {});\n",
            boogie(&d.ty),
            ident(&d.name)
        ));
    }
    s
}

fn header(name: &str, params: &[LocalDecl], returns: &[LocalDecl]) -> String {
    let rets = if returns.is_empty() {
        String::new()
    } else {
        format!(" returns ({})", params_text(returns))
    };
    format!(
        "procedure {name}({}){rets}\n  modifies Heap, Mask;\n",
        params_text(params)
    )
}

/// A fresh body: empty mask, reference parameters allocated.
fn start<'a>(info: &'a Info<'a>, params: &[LocalDecl]) -> Gen<'a> {
    let mut g = Gen {
        ctx: Ctx::new(info),
        p: Proc::default(),
        fallback: Origin::NONE,
    };
    g.p.line("Mask := ZeroMask;");
    for d in params {
        g.ctx.declare(d);
        g.p.assume_typed(&ident(&d.name), &d.ty);
    }
    g
}

fn predicate_wf(p: &Predicate, info: &Info) -> R<(String, Proc)> {
    let mut g = start(info, &p.params);
    g.fallback = p.origin;
    if let Some(b) = &p.body {
        g.inhale_into(b, "Mask", &body_state(), None, true)?;
    }
    Ok((header(&format!("{}#wf", p.name), &p.params, &[]), g.p))
}

/// `f(Heap, args)`: the application of a function to its own parameters.
fn self_app(f: &Function, info: &Info, heap: &str, limited: bool) -> String {
    let mut args = Vec::new();
    if info.heap_functions.contains(&f.name) {
        args.push(heap.to_string());
    }
    args.extend(names(&f.params));
    let name = if limited && info.recursive.contains(&f.name) {
        format!("{}#limited", f.name)
    } else {
        String::from(f.name)
    };
    format!("{name}({})", args.join(", "))
}

/// Declared when some function is framed along heap steps (`Info::step_framed`).
const STEP_BPL: &str = "\
// `weft_succ(h, h2)`: h2 is the heap one step after h (a write, an exhale's
// forgetting). It has no meaning of its own: it only lets the framing axioms
// of functions with quantified footprints fire between neighbouring heaps.
function weft_succ(h: HeapType, h2: HeapType): bool;
";

fn function_decl(f: &Function, info: &Info) -> R<String> {
    let heap = info.heap_functions.contains(&f.name);
    let mut binders = Vec::new();
    if heap {
        binders.push("$H: HeapType".to_string());
    }
    binders.extend(
        f.params
            .iter()
            .map(|d| format!("{}: {}", ident(&d.name), boogie(&d.ty))),
    );
    let binders = binders.join(", ");
    let sig = format!("({binders}): {}", boogie(&f.ret));
    let mut s = format!("// Function {}\nfunction {}{sig};\n", f.name, f.name);
    let quant = |trigger: &str, body: &str| {
        if binders.is_empty() {
            format!("axiom {body};\n")
        } else {
            format!("axiom (forall {binders} :: {{{trigger}}} {body});\n")
        }
    };
    // Binders start with `$`, which the program's own names cannot.
    let full = self_app(f, info, "$H", false);
    let limited = self_app(f, info, "$H", true);
    let st = St::new("$H", "ZeroMask", "$H", "ZeroMask");
    let mut ctx = Ctx::new(info);
    f.params.iter().for_each(|d| ctx.declare(d));
    let mut pres = Vec::new();
    for p in &f.pres {
        let text = ctx.expr(p, &st)?;
        // A resource reads as `true` here: leave it out of the guard.
        if text != "true" {
            pres.push(text);
        }
    }
    let guard = if pres.is_empty() {
        String::new()
    } else {
        format!("{} ==> ", pres.join(" && "))
    };
    // The value every use sees is the limited one.
    let value = &limited;
    if let Some(body) = &f.body {
        if info.recursive.contains(&f.name) {
            s.push_str(&format!("function {}#limited{sig};\n", f.name));
            s.push_str(&quant(&full, &format!("{full} == {limited}")));
        }
        ctx.limited = true;
        let b = ctx.expr(body, &st)?;
        ctx.limited = false;
        s.push_str(&quant(&full, &format!("{guard}{full} == {b}")));
    }
    ctx.typer.result = Some(f.ret.clone());
    ctx.result = Some(value.clone());
    for post in &f.posts {
        let p = ctx.expr(post, &st)?;
        s.push_str(&quant(value, &format!("{guard}{p}")));
    }
    ctx.result = None;
    if heap {
        // Framing: equal footprints, equal values.
        let h2 = value.replacen("($H", "($H2", 1);
        let mut agree = Vec::new();
        for p in &f.pres {
            if let Some(a) = footprint_agrees(&mut ctx, p, "$H", "$H2")? {
                agree.push(a);
            }
        }
        let agree = if agree.is_empty() {
            "true".to_string()
        } else {
            agree.join(" && ")
        };
        // A quantified footprint makes every instance a case split over the
        // quantifier's witness, and a trigger on any two heaps instantiates
        // it for every pair of heap versions a procedure has: quadratic. Such
        // functions are framed from one heap to the next only (`weft_succ`,
        // assumed at every heap change), forwards and backwards; equal
        // values chain along the steps.
        let triggers = if quantified_footprint(f) {
            format!("{{weft_succ($H, $H2), {value}}} {{weft_succ($H, $H2), {h2}}}")
        } else {
            format!("{{{value}, {h2}}}")
        };
        s.push_str(&format!(
            "axiom (forall $H2: HeapType, {binders} :: {triggers} {agree} ==> {value} == {h2});\n"
        ));
    }
    Ok(s)
}

/// The condition that heaps `h1` and `h2` agree on the locations `e` holds
/// (`None` when `e` holds none).
fn footprint_agrees(ctx: &mut Ctx, e: &Expr, h1: &str, h2: &str) -> R<Option<String>> {
    if !has_resources(e) {
        return Ok(None);
    }
    let st = St::new(h1, "ZeroMask", h1, "ZeroMask");
    use ExprKind as K;
    Ok(Some(match &e.kind {
        K::Binary(BinOp::And, l, r) => {
            match (
                footprint_agrees(ctx, l, h1, h2)?,
                footprint_agrees(ctx, r, h1, h2)?,
            ) {
                (Some(a), Some(b)) => format!("{a} && {b}"),
                (Some(a), None) | (None, Some(a)) => a,
                (None, None) => return Ok(None),
            }
        }
        K::Binary(BinOp::Implies, c, b) => {
            let c = ctx.expr(c, &st)?;
            match footprint_agrees(ctx, b, h1, h2)? {
                Some(b) => format!("({c} ==> {b})"),
                None => return Ok(None),
            }
        }
        K::Cond(c, a, b) => {
            let c = ctx.expr(c, &st)?;
            let a = footprint_agrees(ctx, a, h1, h2)?.unwrap_or("true".into());
            let b = footprint_agrees(ctx, b, h1, h2)?.unwrap_or("true".into());
            format!("(if {c} then {a} else {b})")
        }
        K::FieldAcc(r, f, _) => {
            let r = ctx.expr(r, &st)?;
            format!("{h1}[{r}, {f}] == {h2}[{r}, {f}]")
        }
        K::PredicateAcc(name, args, _) => {
            let loc = ctx.predicate_loc(name, args, &st)?;
            format!("{h1}[null, {loc}] == {h2}[null, {loc}]")
        }
        K::Quant { vars, body, .. } => {
            let decls = params_text(vars);
            vars.iter().for_each(|d| ctx.declare(d));
            match footprint_agrees(ctx, body, h1, h2)? {
                Some(b) => format!("(forall {decls} :: {b})"),
                None => return Ok(None),
            }
        }
        _ => {
            return Err(Unsupported::new(
                "this function precondition on the Boogie backend",
                e,
            ))
        }
    }))
}

fn function_wf(f: &Function, info: &Info) -> R<(String, Proc)> {
    let mut g = start(info, &f.params);
    let st = body_state();
    for p in &f.pres {
        g.inhale_into(p, "Mask", &st, None, true)?;
    }
    if let Some(body) = &f.body {
        g.wd(body, &st, f.origin)?;
    }
    g.ctx.typer.result = Some(f.ret.clone());
    g.ctx.result = Some(self_app(f, info, "Heap", false));
    for post in &f.posts {
        g.wd(post, &st, post.origin)?;
        if f.body.is_some() {
            let b = super::assertion::Blaming {
                kind: FailureKind::PostconditionViolated,
                construct: if post.origin.is_none() {
                    f.origin
                } else {
                    post.origin
                },
                clause_blamed: true,
                clause: Origin::NONE,
            };
            g.exhale_into(post, "Mask", &st, None, &b)?;
        }
    }
    Ok((header(&format!("{}#wf", f.name), &f.params, &[]), g.p))
}

fn method(m: &Method, info: &Info) -> R<(String, Proc)> {
    let mut g = start(info, &m.params);
    m.returns.iter().for_each(|d| g.ctx.declare(d));
    let st = body_state();
    for p in &m.pres {
        g.inhale_into(p, "Mask", &st, None, true)?;
    }
    g.p.local("$OldHeap", "HeapType");
    g.p.local("$OldMask", "MaskType");
    g.p.line("$OldHeap := Heap;");
    g.p.line("$OldMask := Mask;");
    if !m.posts.is_empty() {
        // The postcondition is well-defined on its own.
        g.p.open("if (*)");
        g.p.line("Mask := ZeroMask;");
        for p in &m.posts {
            g.inhale_into(p, "Mask", &st, None, true)?;
        }
        g.p.line("assume false;");
        g.p.close();
    }
    if let Some(body) = &m.body {
        g.stmts(body)?;
        for p in &m.posts {
            let b = super::assertion::Blaming {
                kind: FailureKind::PostconditionViolated,
                construct: if p.origin.is_none() {
                    m.origin
                } else {
                    p.origin
                },
                clause_blamed: true,
                clause: Origin::NONE,
            };
            g.exhale_into(p, "Mask", &st, None, &b)?;
        }
    }
    Ok((header(&ident(&m.name), &m.params, &m.returns), g.p))
}
