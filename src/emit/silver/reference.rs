//! The reference layout: the Silver printer as whole `pretty` documents,
//! one per declaration. [`super::direct`] writes the same text without
//! building documents; the tests check that both agree, text and positions.

use super::render::Output;
use super::*;
use crate::vir::{
    Domain, Field, Function, LocalDecl, MapOp, Method, Origin, Predicate, Quantifier, Stmt,
    StmtKind, UnOp,
};
use pretty::RcDoc;

type Doc = RcDoc<'static, Origin>;

/// `p` printed through `pretty` at `width` columns, as [`super::emit_at`]
/// prints it directly.
pub fn emit(p: &vir::Program, width: usize) -> Emitted {
    let mut pr = Printer;
    let mut out = Output::new(width);
    let mut first = true;
    let mut put = |out: &mut Output, d: Doc| {
        if !std::mem::take(&mut first) {
            out.newlines(2);
        }
        out.render(&d);
    };
    for d in &p.domains {
        put(&mut out, pr.domain(d));
    }
    for f in &p.fields {
        put(&mut out, field(f));
    }
    for f in &p.functions {
        put(&mut out, pr.function(f));
    }
    for x in &p.predicates {
        put(&mut out, pr.predicate(x));
    }
    for m in &p.methods {
        put(&mut out, pr.method(m));
    }
    out.newlines(1);
    let (text, positions) = out.finish();
    Emitted {
        text: text.into(),
        positions,
    }
}

fn text(s: impl Into<String>) -> Doc {
    RcDoc::text(s.into())
}

fn annotate(origin: Origin, d: Doc) -> Doc {
    if origin.is_none() {
        d
    } else {
        d.annotate(origin)
    }
}

fn comma_list(items: impl IntoIterator<Item = Doc>) -> Doc {
    RcDoc::intersperse(items, text(", "))
}

/// `{`, the lines indented, `}`; `{` `}` on one line when empty.
fn block(lines: Vec<Doc>) -> Doc {
    if lines.is_empty() {
        return text("{ }");
    }
    text("{")
        .append(
            RcDoc::hardline()
                .append(RcDoc::intersperse(lines, RcDoc::hardline()))
                .nest(INDENT),
        )
        .append(RcDoc::hardline())
        .append(text("}"))
}

fn decl(d: &LocalDecl) -> Doc {
    text(format!("{}: {}", d.name, ty(&d.ty)))
}

fn params(ps: &[LocalDecl]) -> Doc {
    text("(")
        .append(comma_list(ps.iter().map(decl)))
        .append(text(")"))
}

fn field(f: &Field) -> Doc {
    text(format!("field {}: {}", f.name, ty(&f.ty)))
}

/// A header followed by its indented clauses, each on its own line.
fn with_clauses(head: Doc, cls: Vec<Doc>) -> Doc {
    cls.into_iter().fold(head, |acc, c| {
        acc.append(RcDoc::hardline().append(c).nest(INDENT))
    })
}

fn parens(d: Doc) -> Doc {
    text("(").append(d).append(text(")"))
}

impl<'p> Printer {
    fn domain(&mut self, d: &'p Domain) -> Doc {
        let head = if d.type_params.is_empty() {
            format!("domain {} ", d.name)
        } else {
            format!("domain {}[{}] ", d.name, d.type_params.join(", "))
        };
        let mut items: Vec<Doc> = d
            .functions
            .iter()
            .map(|f| {
                let unique = if f.unique { "unique " } else { "" };
                text(format!("{unique}function {}", f.name))
                    .append(params(&f.params))
                    .append(text(format!(": {}", ty(&f.ret))))
            })
            .collect();
        for a in &d.axioms {
            let body = self.expr(&a.body);
            items.push(text(format!("axiom {} ", a.name)).append(block(vec![body])));
        }
        text(head).append(block(items))
    }

    /// `requires e` / `ensures e` / `invariant e` lines.
    fn clauses(&mut self, kw: &str, es: &'p [Expr]) -> Vec<Doc> {
        es.iter()
            .map(|e| text(format!("{kw} ")).append(self.expr(e)))
            .collect()
    }

    fn function(&mut self, f: &'p Function) -> Doc {
        let head = text(format!("function {}", f.name))
            .append(params(&f.params))
            .append(text(format!(": {}", ty(&f.ret))));
        let mut cls = self.clauses("requires", &f.pres);
        cls.extend(self.clauses("ensures", &f.posts));
        let has_clauses = !cls.is_empty();
        let mut d = with_clauses(head, cls);
        if let Some(b) = &f.body {
            d = d
                .append(if has_clauses {
                    RcDoc::hardline()
                } else {
                    text(" ")
                })
                .append(block(vec![self.expr(b)]));
        }
        annotate(f.origin, d)
    }

    fn predicate(&mut self, p: &'p Predicate) -> Doc {
        let mut d = text(format!("predicate {}", p.name)).append(params(&p.params));
        if let Some(b) = &p.body {
            d = d.append(text(" ")).append(block(vec![self.expr(b)]));
        }
        annotate(p.origin, d)
    }

    fn method(&mut self, m: &'p Method) -> Doc {
        let mut head = text(format!("method {}", m.name)).append(params(&m.params));
        if !m.returns.is_empty() {
            head = head.append(text(" returns ")).append(params(&m.returns));
        }
        let mut cls = self.clauses("requires", &m.pres);
        cls.extend(self.clauses("ensures", &m.posts));
        let has_clauses = !cls.is_empty();
        let mut d = with_clauses(head, cls);
        if let Some(body) = &m.body {
            d = d
                .append(if has_clauses {
                    RcDoc::hardline()
                } else {
                    text(" ")
                })
                .append(self.stmts(body));
        }
        annotate(m.origin, d)
    }

    fn stmts(&mut self, ss: &'p [Stmt]) -> Doc {
        let lines = ss.iter().map(|s| self.stmt(s)).collect();
        block(lines)
    }

    fn stmt(&mut self, s: &'p Stmt) -> Doc {
        let d = match &s.kind {
            StmtKind::LocalVar(d) => text("var ").append(decl(d)),
            StmtKind::Assign(x, e) => text(format!("{x} := ")).append(self.expr(e)),
            StmtKind::FieldAssign { recv, field, value } => self
                .receiver(recv)
                .append(text(format!(".{field} := ")))
                .append(self.expr(value)),
            StmtKind::New { target, fields } => {
                text(format!("{target} := new({})", fields.join(", ")))
            }
            StmtKind::Call {
                method,
                args,
                targets,
            } => {
                let lhs = if targets.is_empty() {
                    String::new()
                } else {
                    format!("{} := ", targets.join(", "))
                };
                text(format!("{lhs}{method}")).append(self.call_args(args))
            }
            StmtKind::Inhale(e) | StmtKind::Assume(e) => text("inhale ").append(self.expr(e)),
            StmtKind::Exhale(e) => text("exhale ").append(self.expr(e)),
            StmtKind::Assert(e) => text("assert ").append(self.expr(e)),
            StmtKind::Refute(e) => text("refute ").append(self.expr(e)),
            StmtKind::Fold(e) => text("fold ").append(self.expr(e)),
            StmtKind::Unfold(e) => text("unfold ").append(self.expr(e)),
            StmtKind::If { cond, then, els } => {
                let d = text("if (")
                    .append(self.expr(cond))
                    .append(text(") "))
                    .append(self.stmts(then));
                if els.is_empty() {
                    d
                } else {
                    d.append(text(" else ")).append(self.stmts(els))
                }
            }
            StmtKind::While {
                cond,
                invariants,
                body,
            } => {
                let head = text("while (").append(self.expr(cond)).append(text(")"));
                let cls = self.clauses("invariant", invariants);
                let sep = if cls.is_empty() {
                    text(" ")
                } else {
                    RcDoc::hardline()
                };
                with_clauses(head, cls).append(sep).append(self.stmts(body))
            }
            StmtKind::Label(l) => text(format!("label {l}")),
            StmtKind::Goto(l) => text(format!("goto {l}")),
            StmtKind::Seq(ss) => self.stmts(ss),
        };
        annotate(s.origin, d)
    }

    fn call_args(&mut self, args: &'p [Expr]) -> Doc {
        let args: Vec<Doc> = args.iter().map(|a| self.expr(a)).collect();
        text("(").append(comma_list(args)).append(text(")"))
    }

    /// An operand of a binary or conditional expression.
    fn operand(&mut self, e: &'p Expr) -> Doc {
        if is_compound(e) {
            parens(self.expr(e))
        } else {
            self.expr(e)
        }
    }

    /// Something a suffix (`.f`, `[i]`) or a prefix operator applies to.
    fn receiver(&mut self, e: &'p Expr) -> Doc {
        let negative_literal = matches!(e.kind, ExprKind::IntLit(n) if n.get() < 0);
        if is_compound(e) || negative_literal || matches!(e.kind, ExprKind::Unary(..)) {
            parens(self.expr(e))
        } else {
            self.expr(e)
        }
    }

    fn acc_perm(&mut self, target: Doc, perm: &'p Expr) -> Doc {
        text("acc(")
            .append(target)
            .append(text(", "))
            .append(self.expr(perm))
            .append(text(")"))
    }

    fn collection(&mut self, kind: &str, t: &Type, items: &'p [Expr]) -> Doc {
        if items.is_empty() {
            text(format!("{kind}[{}]()", ty(t)))
        } else {
            text(kind.to_string()).append(self.call_args(items))
        }
    }

    fn expr(&mut self, e: &'p Expr) -> Doc {
        let d = match &e.kind {
            ExprKind::IntLit(n) => text(n.get().to_string()),
            ExprKind::BoolLit(b) => text(b.to_string()),
            ExprKind::NullLit => text("null"),
            ExprKind::Local(x) => text(*x),
            ExprKind::Result => text("result"),
            ExprKind::FieldAccess(r, f) => self.receiver(r).append(text(format!(".{f}"))),
            ExprKind::FuncApp(f, args) => text(*f).append(self.call_args(args)),
            ExprKind::DomainFuncApp(f, args, t) => {
                let app = text(*f).append(self.call_args(args));
                if needs_ascription(t) {
                    parens(app.append(text(format!(": {}", ty(t)))))
                } else {
                    app
                }
            }
            ExprKind::Unary(op, x) => {
                let sym = match op {
                    UnOp::Not => "!",
                    UnOp::Neg => "-",
                };
                text(sym).append(self.receiver(x))
            }
            ExprKind::Binary(op, l, r) => {
                let sym = binop(*op);
                let l = self.operand(l);
                let r = self.operand(r);
                l.append(text(format!(" {sym}")))
                    .append(RcDoc::line().append(r).nest(INDENT))
                    .group()
            }
            ExprKind::Cond(c, t, f) => {
                let (c, t, f) = (self.operand(c), self.operand(t), self.operand(f));
                c.append(RcDoc::line().append(text("? ")).append(t).nest(INDENT))
                    .append(RcDoc::line().append(text(": ")).append(f).nest(INDENT))
                    .group()
            }
            ExprKind::Old(None, x) => text("old(").append(self.expr(x)).append(text(")")),
            ExprKind::Old(Some(l), x) => text(format!("old[{l}]("))
                .append(self.expr(x))
                .append(text(")")),
            ExprKind::FieldAcc(r, f, p) => {
                let target = self.receiver(r).append(text(format!(".{f}")));
                self.acc_perm(target, p)
            }
            ExprKind::PredicateAcc(name, args, p) => {
                let target = text(*name).append(self.call_args(args));
                self.acc_perm(target, p)
            }
            ExprKind::CurPermField(r, f) => text("perm(")
                .append(self.receiver(r))
                .append(text(format!(".{f})"))),
            ExprKind::CurPermPredicate(name, args) => text(format!("perm({name}"))
                .append(self.call_args(args))
                .append(text(")")),
            ExprKind::FullPerm => text("write"),
            ExprKind::NoPerm => text("none"),
            ExprKind::Wildcard => text("wildcard"),
            ExprKind::Quant {
                q,
                vars,
                triggers,
                body,
            } => {
                let kw = match q {
                    Quantifier::Forall => "forall ",
                    Quantifier::Exists => "exists ",
                };
                {
                    let pr = &mut *self;
                    let trigs: Vec<Doc> = triggers
                        .iter()
                        .map(|t| {
                            let ts: Vec<Doc> = t.iter().map(|x| pr.expr(x)).collect();
                            text("{ ").append(comma_list(ts)).append(text(" } "))
                        })
                        .collect();
                    let body = pr.expr(body);
                    text(kw)
                        .append(comma_list(vars.iter().map(decl)))
                        .append(text(" :: "))
                        .append(RcDoc::concat(trigs))
                        .append(RcDoc::line_().append(body).nest(INDENT))
                        .group()
                }
            }
            ExprKind::Let(d, v, body) => {
                let v = self.expr(v);
                let body = self.expr(body);
                text(format!("let {} == (", d.name))
                    .append(v)
                    .append(text(") in"))
                    .append(RcDoc::line().append(body).nest(INDENT))
                    .group()
            }
            ExprKind::Unfolding(acc, body) => text("unfolding ")
                .append(self.expr(acc))
                .append(text(" in"))
                .append(RcDoc::line().append(self.expr(body)).nest(INDENT))
                .group(),
            ExprKind::SeqLit(t, items) => self.collection("Seq", t, items),
            ExprKind::SetLit(t, items) => self.collection("Set", t, items),
            ExprKind::MultisetLit(t, items) => self.collection("Multiset", t, items),
            ExprKind::Size(x) => text("|").append(self.expr(x)).append(text("|")),
            ExprKind::SeqIndex(s, i) => self
                .receiver(s)
                .append(text("["))
                .append(self.expr(i))
                .append(text("]")),
            ExprKind::SeqUpdate(s, i, v) => self
                .receiver(s)
                .append(text("["))
                .append(self.expr(i))
                .append(text(" := "))
                .append(self.expr(v))
                .append(text("]")),
            ExprKind::SeqSlice(s, lo, hi) => {
                let mut d = self.receiver(s).append(text("["));
                if let Some(lo) = lo {
                    d = d.append(self.expr(lo));
                }
                d = d.append(text(".."));
                if let Some(hi) = hi {
                    d = d.append(self.expr(hi));
                }
                d.append(text("]"))
            }
            ExprKind::Map(op, args, t) => match (op, &args[..]) {
                (MapOp::Update, [m, k, v]) => self
                    .receiver(m)
                    .append(text("["))
                    .append(self.expr(k))
                    .append(text(" := "))
                    .append(self.expr(v))
                    .append(text("]")),
                (MapOp::Get, [m, k]) => self
                    .receiver(m)
                    .append(text("["))
                    .append(self.expr(k))
                    .append(text("]")),
                (MapOp::Domain, [m]) => text("domain(").append(self.expr(m)).append(text(")")),
                (MapOp::Range, [m]) => text("range(").append(self.expr(m)).append(text(")")),
                _ => text(format!("{}()", ty(t))),
            },
        };
        annotate(e.origin, d)
    }
}
