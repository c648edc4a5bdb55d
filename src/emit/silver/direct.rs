//! Direct printing: the layout of [`super::Printer`]'s documents, written
//! straight into the [`Output`] without building them.
//!
//! Only expressions break lines (in their `pretty` groups), and a line whose
//! whole flat text fits the width has every group flat. So each line that
//! holds an expression is written flat first; if it ends up wider than the
//! width, it is taken back and that one expression is laid out by `pretty`
//! instead ([`Printer::fit`]), with the same text around it, so the output
//! is the same as rendering the whole declaration's document.

use super::{binop, is_compound, needs_ascription, ty, Printer, INDENT};
use crate::emit::silver::render::Output;
use crate::vir::{
    Domain, Expr, ExprKind, Field, Function, LocalDecl, MapOp, Method, Predicate, Quantifier, Stmt,
    StmtKind, Type, UnOp,
};
use std::fmt::Write as _;

const IND: usize = INDENT as usize;

pub(super) fn field(o: &mut Output, f: &Field) {
    o.write("field ");
    o.write(&f.name);
    o.write(": ");
    write_ty(o, &f.ty);
}

fn write_ty(o: &mut Output, t: &Type) {
    match t {
        Type::Int => o.write("Int"),
        Type::Bool => o.write("Bool"),
        Type::Perm => o.write("Perm"),
        Type::Ref => o.write("Ref"),
        _ => o.write(&ty(t)),
    }
}

fn decl(o: &mut Output, d: &LocalDecl) {
    o.write(&d.name);
    o.write(": ");
    write_ty(o, &d.ty);
}

fn decls(o: &mut Output, ds: &[LocalDecl]) {
    for (i, d) in ds.iter().enumerate() {
        if i > 0 {
            o.write(", ");
        }
        decl(o, d);
    }
}

fn params(o: &mut Output, ps: &[LocalDecl]) {
    o.write("(");
    decls(o, ps);
    o.write(")");
}

fn int(o: &mut Output, n: i128) {
    let mut buf = String::new();
    let _ = write!(buf, "{n}");
    o.write(&buf);
}

impl<'p> Printer {
    /// Writes `e` at the end of the current line (indented by `indent`),
    /// followed in the layout by `suffix` bytes (text up to the next line
    /// break, which the caller writes): flat if the line fits, else broken
    /// as `pretty` would ([`Printer::b`]).
    fn fit(&mut self, o: &mut Output, indent: usize, e: &'p Expr, suffix: usize) {
        let m = o.mark();
        self.x(o, e);
        if o.line_len() + suffix <= o.width() {
            return;
        }
        o.rollback(m);
        self.b(o, e, indent, suffix);
    }

    /// A statement without blocks, the same way as [`Printer::fit`].
    fn fit_stmt(&mut self, o: &mut Output, indent: usize, s: &'p Stmt) {
        let m = o.mark();
        self.simple_stmt(o, s);
        if o.line_len() <= o.width() {
            return;
        }
        o.rollback(m);
        o.push(s.origin);
        let mut ps = Vec::new();
        self.stmt_pieces(s, &mut |p| ps.push(p));
        self.b_pieces(o, &ps, indent, 0);
        o.pop(s.origin);
    }

    pub(super) fn w_domain(&mut self, o: &mut Output, d: &'p Domain) {
        o.write("domain ");
        o.write(&d.name);
        if !d.type_params.is_empty() {
            o.write("[");
            o.write(&d.type_params.join(", "));
            o.write("]");
        }
        o.write(" ");
        if d.functions.is_empty() && d.axioms.is_empty() {
            o.write("{ }");
            return;
        }
        o.write("{");
        for f in &d.functions {
            o.newline(IND);
            if f.unique {
                o.write("unique ");
            }
            o.write("function ");
            o.write(&f.name);
            params(o, &f.params);
            o.write(": ");
            write_ty(o, &f.ret);
        }
        for a in &d.axioms {
            o.newline(IND);
            o.write("axiom ");
            o.write(&a.name);
            o.write(" {");
            o.newline(2 * IND);
            self.fit(o, 2 * IND, &a.body, 0);
            o.newline(IND);
            o.write("}");
        }
        o.newline(0);
        o.write("}");
    }

    /// `requires e` / `ensures e` / `invariant e` lines at `indent`.
    fn w_clauses(&mut self, o: &mut Output, indent: usize, kw: &str, es: &'p [Expr]) {
        for e in es {
            o.newline(indent);
            o.write(kw);
            o.write(" ");
            self.fit(o, indent, e, 0);
        }
    }

    pub(super) fn w_function(&mut self, o: &mut Output, f: &'p Function) {
        o.push(f.origin);
        o.write("function ");
        o.write(&f.name);
        params(o, &f.params);
        o.write(": ");
        write_ty(o, &f.ret);
        self.w_clauses(o, IND, "requires", &f.pres);
        self.w_clauses(o, IND, "ensures", &f.posts);
        if let Some(b) = &f.body {
            if f.pres.is_empty() && f.posts.is_empty() {
                o.write(" ");
            } else {
                o.newline(0);
            }
            o.write("{");
            o.newline(IND);
            self.fit(o, IND, b, 0);
            o.newline(0);
            o.write("}");
        }
        o.pop(f.origin);
    }

    pub(super) fn w_predicate(&mut self, o: &mut Output, p: &'p Predicate) {
        o.push(p.origin);
        o.write("predicate ");
        o.write(&p.name);
        params(o, &p.params);
        if let Some(b) = &p.body {
            o.write(" {");
            o.newline(IND);
            self.fit(o, IND, b, 0);
            o.newline(0);
            o.write("}");
        }
        o.pop(p.origin);
    }

    pub(super) fn w_method(&mut self, o: &mut Output, m: &'p Method) {
        o.push(m.origin);
        o.write("method ");
        o.write(&m.name);
        params(o, &m.params);
        if !m.returns.is_empty() {
            o.write(" returns ");
            params(o, &m.returns);
        }
        self.w_clauses(o, IND, "requires", &m.pres);
        self.w_clauses(o, IND, "ensures", &m.posts);
        if let Some(body) = &m.body {
            if m.pres.is_empty() && m.posts.is_empty() {
                o.write(" ");
            } else {
                o.newline(0);
            }
            self.w_block(o, 0, body);
        }
        o.pop(m.origin);
    }

    /// `{`, the statements indented, `}`; `{ }` when empty. The block starts
    /// on a line indented by `indent`.
    fn w_block(&mut self, o: &mut Output, indent: usize, ss: &'p [Stmt]) {
        if ss.is_empty() {
            o.write("{ }");
            return;
        }
        o.write("{");
        for s in ss {
            o.newline(indent + IND);
            self.w_stmt(o, indent + IND, s);
        }
        o.newline(indent);
        o.write("}");
    }

    fn w_stmt(&mut self, o: &mut Output, indent: usize, s: &'p Stmt) {
        match &s.kind {
            StmtKind::If { cond, then, els } => {
                o.push(s.origin);
                o.write("if (");
                let suffix = match (then.is_empty(), els.is_empty()) {
                    (false, _) => ") {".len(),
                    (true, true) => ") { }".len(),
                    (true, false) => ") { } else {".len(),
                };
                self.fit(o, indent, cond, suffix);
                o.write(") ");
                self.w_block(o, indent, then);
                if !els.is_empty() {
                    o.write(" else ");
                    self.w_block(o, indent, els);
                }
                o.pop(s.origin);
            }
            StmtKind::While {
                cond,
                invariants,
                body,
            } => {
                o.push(s.origin);
                o.write("while (");
                let suffix = match (invariants.is_empty(), body.is_empty()) {
                    (false, _) => ")".len(),
                    (true, false) => ") {".len(),
                    (true, true) => ") { }".len(),
                };
                self.fit(o, indent, cond, suffix);
                o.write(")");
                self.w_clauses(o, indent + IND, "invariant", invariants);
                if invariants.is_empty() {
                    o.write(" ");
                } else {
                    o.newline(indent);
                }
                self.w_block(o, indent, body);
                o.pop(s.origin);
            }
            StmtKind::Seq(ss) => {
                o.push(s.origin);
                self.w_block(o, indent, ss);
                o.pop(s.origin);
            }
            StmtKind::Package { wand, proof } => {
                o.push(s.origin);
                o.write("package ");
                let suffix = if proof.is_empty() { " { }" } else { " {" }.len();
                self.fit(o, indent, wand, suffix);
                o.write(" ");
                self.w_block(o, indent, proof);
                o.pop(s.origin);
            }
            StmtKind::Havoc(e) => {
                o.push(s.origin);
                o.write("exhale ");
                self.x(o, e);
                o.newline(indent);
                o.write("inhale ");
                self.x(o, e);
                o.pop(s.origin);
            }
            _ => self.fit_stmt(o, indent, s),
        }
    }

    /// A statement without blocks, flat.
    fn simple_stmt(&mut self, o: &mut Output, s: &'p Stmt) {
        o.push(s.origin);
        match &s.kind {
            StmtKind::LocalVar(d) => {
                o.write("var ");
                decl(o, d);
            }
            StmtKind::Assign(x, e) => {
                o.write(x);
                o.write(" := ");
                self.x(o, e);
            }
            StmtKind::FieldAssign { recv, field, value } => {
                self.x_receiver(o, recv);
                o.write(".");
                o.write(field);
                o.write(" := ");
                self.x(o, value);
            }
            StmtKind::New { target, fields } => {
                o.write(target);
                o.write(" := new(");
                o.write(&fields.join(", "));
                o.write(")");
            }
            StmtKind::Call {
                method,
                args,
                targets,
            } => {
                if !targets.is_empty() {
                    o.write(&targets.join(", "));
                    o.write(" := ");
                }
                o.write(method);
                self.x_args(o, args);
            }
            StmtKind::Inhale(e) | StmtKind::Assume(e) => {
                o.write("inhale ");
                self.x(o, e);
            }
            StmtKind::Exhale(e) => {
                o.write("exhale ");
                self.x(o, e);
            }
            StmtKind::Assert(e) => {
                o.write("assert ");
                self.x(o, e);
            }
            StmtKind::Refute(e) => {
                o.write("refute ");
                self.x(o, e);
            }
            StmtKind::Fold(e) => {
                o.write("fold ");
                self.x(o, e);
            }
            StmtKind::Unfold(e) => {
                o.write("unfold ");
                self.x(o, e);
            }
            StmtKind::Apply(e) => {
                o.write("apply ");
                self.x(o, e);
            }
            StmtKind::Label(l) => {
                o.write("label ");
                o.write(l);
            }
            StmtKind::Goto(l) => {
                o.write("goto ");
                o.write(l);
            }
            // Statements with blocks are written by `w_stmt`.
            StmtKind::If { .. }
            | StmtKind::While { .. }
            | StmtKind::Seq(_)
            | StmtKind::Package { .. }
            | StmtKind::Havoc(_) => {}
        }
        o.pop(s.origin);
    }

    fn x_args(&mut self, o: &mut Output, args: &'p [Expr]) {
        o.write("(");
        for (i, a) in args.iter().enumerate() {
            if i > 0 {
                o.write(", ");
            }
            self.x(o, a);
        }
        o.write(")");
    }

    fn x_operand(&mut self, o: &mut Output, e: &'p Expr) {
        if is_compound(e) {
            o.write("(");
            self.x(o, e);
            o.write(")");
        } else {
            self.x(o, e);
        }
    }

    fn x_receiver(&mut self, o: &mut Output, e: &'p Expr) {
        let negative_literal = matches!(e.kind, ExprKind::IntLit(n) if n.get() < 0);
        if is_compound(e) || negative_literal || matches!(e.kind, ExprKind::Unary(..)) {
            o.write("(");
            self.x(o, e);
            o.write(")");
        } else {
            self.x(o, e);
        }
    }

    fn x_collection(&mut self, o: &mut Output, kind: &str, t: &Type, items: &'p [Expr]) {
        o.write(kind);
        if items.is_empty() {
            o.write("[");
            write_ty(o, t);
            o.write("]()");
        } else {
            self.x_args(o, items);
        }
    }

    /// `e` flat: every group on one line.
    fn x(&mut self, o: &mut Output, e: &'p Expr) {
        o.push(e.origin);
        match &e.kind {
            ExprKind::IntLit(n) => int(o, n.get()),
            ExprKind::BoolLit(b) => o.write(if *b { "true" } else { "false" }),
            ExprKind::NullLit => o.write("null"),
            ExprKind::Local(x) => o.write(x),
            ExprKind::Result => o.write("result"),
            ExprKind::FieldAccess(r, f) => {
                self.x_receiver(o, r);
                o.write(".");
                o.write(f);
            }
            ExprKind::FuncApp(f, args) => {
                o.write(f);
                self.x_args(o, args);
            }
            ExprKind::DomainFuncApp(f, args, t) => {
                let ascribed = needs_ascription(t);
                if ascribed {
                    o.write("(");
                }
                o.write(f);
                self.x_args(o, args);
                if ascribed {
                    o.write(": ");
                    write_ty(o, t);
                    o.write(")");
                }
            }
            ExprKind::Unary(op, x) => {
                o.write(match op {
                    UnOp::Not => "!",
                    UnOp::Neg => "-",
                });
                self.x_receiver(o, x);
            }
            ExprKind::Binary(op, l, r) => {
                let sym = binop(*op);
                self.x_operand(o, l);
                o.write(" ");
                o.write(sym);
                o.write(" ");
                self.x_operand(o, r);
            }
            ExprKind::Cond(c, t, f) => {
                self.x_operand(o, c);
                o.write(" ? ");
                self.x_operand(o, t);
                o.write(" : ");
                self.x_operand(o, f);
            }
            ExprKind::Old(label, x) => {
                match label {
                    None => o.write("old("),
                    Some(l) => {
                        o.write("old[");
                        o.write(l);
                        o.write("](");
                    }
                }
                self.x(o, x);
                o.write(")");
            }
            ExprKind::FieldAcc(r, f, p) => {
                o.write("acc(");
                self.x_receiver(o, r);
                o.write(".");
                o.write(f);
                o.write(", ");
                self.x(o, p);
                o.write(")");
            }
            ExprKind::PredicateAcc(name, args, p) => {
                o.write("acc(");
                o.write(name);
                self.x_args(o, args);
                o.write(", ");
                self.x(o, p);
                o.write(")");
            }
            ExprKind::CurPermField(r, f) => {
                o.write("perm(");
                self.x_receiver(o, r);
                o.write(".");
                o.write(f);
                o.write(")");
            }
            ExprKind::CurPermPredicate(name, args) => {
                o.write("perm(");
                o.write(name);
                self.x_args(o, args);
                o.write(")");
            }
            ExprKind::FullPerm => o.write("write"),
            ExprKind::NoPerm => o.write("none"),
            ExprKind::Wildcard => o.write("wildcard"),
            ExprKind::Quant {
                q,
                vars,
                triggers,
                body,
            } => {
                o.write(match q {
                    Quantifier::Forall => "forall ",
                    Quantifier::Exists => "exists ",
                });
                decls(o, vars);
                o.write(" :: ");
                for t in triggers {
                    o.write("{ ");
                    for (i, x) in t.iter().enumerate() {
                        if i > 0 {
                            o.write(", ");
                        }
                        self.x(o, x);
                    }
                    o.write(" } ");
                }
                self.x(o, body);
            }
            ExprKind::Let(d, v, body) => {
                o.write("let ");
                o.write(&d.name);
                o.write(" == (");
                self.x(o, v);
                o.write(") in ");
                self.x(o, body);
            }
            ExprKind::Unfolding(acc, body) => {
                o.write("unfolding ");
                self.x(o, acc);
                o.write(" in ");
                self.x(o, body);
            }
            ExprKind::Asserting(c, body) => {
                o.write("asserting (");
                self.x(o, c);
                o.write(") in ");
                self.x(o, body);
            }
            ExprKind::SeqLit(t, items) => self.x_collection(o, "Seq", t, items),
            ExprKind::SetLit(t, items) => self.x_collection(o, "Set", t, items),
            ExprKind::MultisetLit(t, items) => self.x_collection(o, "Multiset", t, items),
            ExprKind::Size(x) => {
                o.write("|");
                self.x(o, x);
                o.write("|");
            }
            ExprKind::SeqIndex(s, i) => {
                self.x_receiver(o, s);
                o.write("[");
                self.x(o, i);
                o.write("]");
            }
            ExprKind::SeqUpdate(s, i, v) => {
                self.x_receiver(o, s);
                o.write("[");
                self.x(o, i);
                o.write(" := ");
                self.x(o, v);
                o.write("]");
            }
            ExprKind::SeqSlice(s, lo, hi) => {
                self.x_receiver(o, s);
                o.write("[");
                if let Some(lo) = lo {
                    self.x(o, lo);
                }
                o.write("..");
                if let Some(hi) = hi {
                    self.x(o, hi);
                }
                o.write("]");
            }
            ExprKind::Map(op, args, t) => match (op, &args[..]) {
                (MapOp::Update, [m, k, v]) => {
                    self.x_receiver(o, m);
                    o.write("[");
                    self.x(o, k);
                    o.write(" := ");
                    self.x(o, v);
                    o.write("]");
                }
                (MapOp::Get, [m, k]) => {
                    self.x_receiver(o, m);
                    o.write("[");
                    self.x(o, k);
                    o.write("]");
                }
                (MapOp::Domain | MapOp::Range, [m]) => {
                    o.write(if *op == MapOp::Domain {
                        "domain("
                    } else {
                        "range("
                    });
                    self.x(o, m);
                    o.write(")");
                }
                _ => {
                    write_ty(o, t);
                    o.write("()");
                }
            },
        }
        o.pop(e.origin);
    }
}

/// One piece of an expression's or statement's layout, in order: what its
/// `pretty` document is made of.
#[derive(Clone, Copy)]
enum P<'p> {
    T(&'p str),
    Int(i128),
    Ty(&'p Type),
    /// A sub-expression.
    E(&'p Expr),
    /// `pretty`'s `line`: a space when flat, else a line break.
    Line,
    /// `line_`: nothing when flat, else a line break.
    Line0,
}

fn int_width(n: i128) -> usize {
    let mut w = if n < 0 { 2 } else { 1 };
    let mut m = n.unsigned_abs();
    while m >= 10 {
        m /= 10;
        w += 1;
    }
    w
}

/// Calls `f` on the pieces of `items` separated by `, `.
fn list<'p>(items: &'p [Expr], f: &mut dyn FnMut(P<'p>)) {
    f(P::T("("));
    for (i, a) in items.iter().enumerate() {
        if i > 0 {
            f(P::T(", "));
        }
        f(P::E(a));
    }
    f(P::T(")"));
}

fn operand<'p>(e: &'p Expr, f: &mut dyn FnMut(P<'p>)) {
    if is_compound(e) {
        f(P::T("("));
        f(P::E(e));
        f(P::T(")"));
    } else {
        f(P::E(e));
    }
}

fn receiver<'p>(e: &'p Expr, f: &mut dyn FnMut(P<'p>)) {
    let negative_literal = matches!(e.kind, ExprKind::IntLit(n) if n.get() < 0);
    if is_compound(e) || negative_literal || matches!(e.kind, ExprKind::Unary(..)) {
        f(P::T("("));
        f(P::E(e));
        f(P::T(")"));
    } else {
        f(P::E(e));
    }
}

/// The pieces of `e`, as [`Printer::expr`] builds its document (the
/// integer-division symbol aside: it is as wide as `/`).
fn pieces<'p>(e: &'p Expr, f: &mut dyn FnMut(P<'p>)) {
    match &e.kind {
        ExprKind::IntLit(n) => f(P::Int(n.get())),
        ExprKind::BoolLit(b) => f(P::T(if *b { "true" } else { "false" })),
        ExprKind::NullLit => f(P::T("null")),
        ExprKind::Local(x) => f(P::T(x)),
        ExprKind::Result => f(P::T("result")),
        ExprKind::FieldAccess(r, x) => {
            receiver(r, f);
            f(P::T("."));
            f(P::T(x));
        }
        ExprKind::FuncApp(name, args) => {
            f(P::T(name));
            list(args, f);
        }
        ExprKind::DomainFuncApp(name, args, t) => {
            let ascribed = needs_ascription(t);
            if ascribed {
                f(P::T("("));
            }
            f(P::T(name));
            list(args, f);
            if ascribed {
                f(P::T(": "));
                f(P::Ty(t));
                f(P::T(")"));
            }
        }
        ExprKind::Unary(op, x) => {
            f(P::T(match op {
                UnOp::Not => "!",
                UnOp::Neg => "-",
            }));
            receiver(x, f);
        }
        ExprKind::Binary(op, l, r) => {
            operand(l, f);
            f(P::T(" "));
            f(P::T(binop(*op)));
            f(P::Line);
            operand(r, f);
        }
        ExprKind::Cond(c, t, x) => {
            operand(c, f);
            f(P::Line);
            f(P::T("? "));
            operand(t, f);
            f(P::Line);
            f(P::T(": "));
            operand(x, f);
        }
        ExprKind::Old(label, x) => {
            match label {
                None => f(P::T("old(")),
                Some(l) => {
                    f(P::T("old["));
                    f(P::T(l));
                    f(P::T("]("));
                }
            }
            f(P::E(x));
            f(P::T(")"));
        }
        ExprKind::FieldAcc(r, x, p) => {
            f(P::T("acc("));
            receiver(r, f);
            f(P::T("."));
            f(P::T(x));
            f(P::T(", "));
            f(P::E(p));
            f(P::T(")"));
        }
        ExprKind::PredicateAcc(name, args, p) => {
            f(P::T("acc("));
            f(P::T(name));
            list(args, f);
            f(P::T(", "));
            f(P::E(p));
            f(P::T(")"));
        }
        ExprKind::CurPermField(r, x) => {
            f(P::T("perm("));
            receiver(r, f);
            f(P::T("."));
            f(P::T(x));
            f(P::T(")"));
        }
        ExprKind::CurPermPredicate(name, args) => {
            f(P::T("perm("));
            f(P::T(name));
            list(args, f);
            f(P::T(")"));
        }
        ExprKind::FullPerm => f(P::T("write")),
        ExprKind::NoPerm => f(P::T("none")),
        ExprKind::Wildcard => f(P::T("wildcard")),
        ExprKind::Quant {
            q,
            vars,
            triggers,
            body,
        } => {
            f(P::T(match q {
                Quantifier::Forall => "forall ",
                Quantifier::Exists => "exists ",
            }));
            for (i, d) in vars.iter().enumerate() {
                if i > 0 {
                    f(P::T(", "));
                }
                f(P::T(&d.name));
                f(P::T(": "));
                f(P::Ty(&d.ty));
            }
            f(P::T(" :: "));
            for t in triggers {
                f(P::T("{ "));
                for (i, x) in t.iter().enumerate() {
                    if i > 0 {
                        f(P::T(", "));
                    }
                    f(P::E(x));
                }
                f(P::T(" } "));
            }
            f(P::Line0);
            f(P::E(body));
        }
        ExprKind::Let(d, v, body) => {
            f(P::T("let "));
            f(P::T(&d.name));
            f(P::T(" == ("));
            f(P::E(v));
            f(P::T(") in"));
            f(P::Line);
            f(P::E(body));
        }
        ExprKind::Unfolding(acc, body) => {
            f(P::T("unfolding "));
            f(P::E(acc));
            f(P::T(" in"));
            f(P::Line);
            f(P::E(body));
        }
        ExprKind::Asserting(c, body) => {
            f(P::T("asserting ("));
            f(P::E(c));
            f(P::T(") in"));
            f(P::Line);
            f(P::E(body));
        }
        ExprKind::SeqLit(t, items) => collection("Seq", t, items, f),
        ExprKind::SetLit(t, items) => collection("Set", t, items, f),
        ExprKind::MultisetLit(t, items) => collection("Multiset", t, items, f),
        ExprKind::Size(x) => {
            f(P::T("|"));
            f(P::E(x));
            f(P::T("|"));
        }
        ExprKind::SeqIndex(s, i) => {
            receiver(s, f);
            f(P::T("["));
            f(P::E(i));
            f(P::T("]"));
        }
        ExprKind::SeqUpdate(s, i, v) => {
            receiver(s, f);
            f(P::T("["));
            f(P::E(i));
            f(P::T(" := "));
            f(P::E(v));
            f(P::T("]"));
        }
        ExprKind::SeqSlice(s, lo, hi) => {
            receiver(s, f);
            f(P::T("["));
            if let Some(lo) = lo {
                f(P::E(lo));
            }
            f(P::T(".."));
            if let Some(hi) = hi {
                f(P::E(hi));
            }
            f(P::T("]"));
        }
        ExprKind::Map(op, args, t) => match (op, &args[..]) {
            (MapOp::Update, [m, k, v]) => {
                receiver(m, f);
                f(P::T("["));
                f(P::E(k));
                f(P::T(" := "));
                f(P::E(v));
                f(P::T("]"));
            }
            (MapOp::Get, [m, k]) => {
                receiver(m, f);
                f(P::T("["));
                f(P::E(k));
                f(P::T("]"));
            }
            (MapOp::Domain | MapOp::Range, [m]) => {
                f(P::T(if *op == MapOp::Domain {
                    "domain("
                } else {
                    "range("
                }));
                f(P::E(m));
                f(P::T(")"));
            }
            _ => {
                f(P::Ty(t));
                f(P::T("()"));
            }
        },
    }
}

fn collection<'p>(kind: &'p str, t: &'p Type, items: &'p [Expr], f: &mut dyn FnMut(P<'p>)) {
    f(P::T(kind));
    if items.is_empty() {
        f(P::T("["));
        f(P::Ty(t));
        f(P::T("]()"));
    } else {
        list(items, f);
    }
}

/// Width of `e` printed flat.
fn flat_width(e: &Expr) -> usize {
    let mut w = 0;
    pieces(e, &mut |p| w += piece_width(p));
    w
}

fn piece_width(p: P<'_>) -> usize {
    match p {
        P::T(s) => s.len(),
        P::Int(n) => int_width(n),
        P::Ty(t) => ty(t).len(),
        P::E(e) => flat_width(e),
        P::Line => 1,
        P::Line0 => 0,
    }
}

/// Width of `e` up to its first possible line break, and whether it has one.
fn head_width(e: &Expr) -> (usize, bool) {
    let (mut w, mut broken) = (0, false);
    pieces(e, &mut |p| {
        if broken {
            return;
        }
        match p {
            P::Line | P::Line0 => broken = true,
            P::E(x) => {
                let (xw, xb) = head_width(x);
                w += xw;
                broken = xb;
            }
            p => w += piece_width(p),
        }
    });
    (w, broken)
}

/// Width of `ps` up to its first possible line break; `rest` if there is none.
fn rest_width(ps: &[P<'_>], rest: usize) -> usize {
    let mut w = 0;
    for &p in ps {
        match p {
            P::Line | P::Line0 => return w,
            P::E(x) => {
                let (xw, xb) = head_width(x);
                w += xw;
                if xb {
                    return w;
                }
            }
            p => w += piece_width(p),
        }
    }
    w + rest
}

impl<'p> Printer {
    /// `e` laid out as `pretty` lays out its document in break mode at
    /// nesting `indent`, with `rest` bytes following up to the next possible
    /// line break: a group (binary, conditional, binding expression) stays
    /// flat when it fits together with that rest, else its lines break and
    /// its parts are laid out the same way.
    fn b(&mut self, o: &mut Output, e: &'p Expr, indent: usize, rest: usize) {
        if is_compound(e) {
            if o.line_len() + flat_width(e) + rest <= o.width() {
                self.x(o, e);
                return;
            }
        } else if !head_width(e).1 {
            // No line break anywhere inside: printed flat whatever the width.
            self.x(o, e);
            return;
        }
        o.push(e.origin);
        let mut ps = Vec::new();
        pieces(e, &mut |p| ps.push(p));
        self.b_pieces(o, &ps, indent, rest);
        o.pop(e.origin);
    }

    fn b_pieces(&mut self, o: &mut Output, ps: &[P<'p>], indent: usize, rest: usize) {
        // Every line break in a group is nested one step further.
        let mut ind = indent;
        for (i, &p) in ps.iter().enumerate() {
            match p {
                P::T(s) => o.write(s),
                P::Int(n) => int(o, n),
                P::Ty(t) => write_ty(o, t),
                P::Line | P::Line0 => {
                    ind = indent + IND;
                    o.newline(ind);
                }
                P::E(x) => {
                    let r = rest_width(&ps[i + 1..], rest);
                    self.b(o, x, ind, r);
                }
            }
        }
    }

    /// The pieces of a statement without blocks, as [`Printer::stmt`] builds it.
    fn stmt_pieces(&mut self, s: &'p Stmt, f: &mut dyn FnMut(P<'p>)) {
        match &s.kind {
            StmtKind::LocalVar(d) => {
                f(P::T("var "));
                f(P::T(&d.name));
                f(P::T(": "));
                f(P::Ty(&d.ty));
            }
            StmtKind::Assign(x, e) => {
                f(P::T(x));
                f(P::T(" := "));
                f(P::E(e));
            }
            StmtKind::FieldAssign { recv, field, value } => {
                receiver(recv, f);
                f(P::T("."));
                f(P::T(field));
                f(P::T(" := "));
                f(P::E(value));
            }
            StmtKind::New { target, fields } => {
                f(P::T(target));
                f(P::T(" := new("));
                for (i, x) in fields.iter().enumerate() {
                    if i > 0 {
                        f(P::T(", "));
                    }
                    f(P::T(x));
                }
                f(P::T(")"));
            }
            StmtKind::Call {
                method,
                args,
                targets,
            } => {
                for (i, x) in targets.iter().enumerate() {
                    if i > 0 {
                        f(P::T(", "));
                    }
                    f(P::T(x));
                }
                if !targets.is_empty() {
                    f(P::T(" := "));
                }
                f(P::T(method));
                list(args, f);
            }
            StmtKind::Inhale(e) | StmtKind::Assume(e) => {
                f(P::T("inhale "));
                f(P::E(e));
            }
            StmtKind::Exhale(e) => {
                f(P::T("exhale "));
                f(P::E(e));
            }
            StmtKind::Assert(e) => {
                f(P::T("assert "));
                f(P::E(e));
            }
            StmtKind::Refute(e) => {
                f(P::T("refute "));
                f(P::E(e));
            }
            StmtKind::Fold(e) => {
                f(P::T("fold "));
                f(P::E(e));
            }
            StmtKind::Unfold(e) => {
                f(P::T("unfold "));
                f(P::E(e));
            }
            StmtKind::Apply(e) => {
                f(P::T("apply "));
                f(P::E(e));
            }
            StmtKind::Label(l) => {
                f(P::T("label "));
                f(P::T(l));
            }
            StmtKind::Goto(l) => {
                f(P::T("goto "));
                f(P::T(l));
            }
            StmtKind::If { .. }
            | StmtKind::While { .. }
            | StmtKind::Seq(_)
            | StmtKind::Package { .. }
            | StmtKind::Havoc(_) => {}
        }
    }
}
