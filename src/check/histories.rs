//! Histories (VerCors's models; `passes::histories` encodes them): a model's
//! actions and processes, process expressions (`empty`, `p * q`, `p || q`,
//! `c ? p : q`, `m.a(args)`), `m.state(p, P)`, `HPerm(o.f, p)`, the history
//! statements `m.create(P)`, `m.destroy()`, `m.split(p1, P1, p2, P2)`,
//! `m.merge(p1, P1, p2, P2)` and action blocks. Resolved and typed here,
//! nothing more.

use super::body::Body;
use super::env::Member;
use crate::core::{self, ClassId, Expr, ExprKind as K, History, HistoryStmt, MethodId, Stmt};
use crate::core::{StmtKind as S, Type};
use crate::diag::ErrorCode;
use crate::syntax::ast::{self, BinOp, ClauseKind, ExprKind as A, HistoryMember};
use crate::syntax::span::Span;

impl Body<'_> {
    /// The model class of `ty`, if it is one.
    pub(super) fn model_of(&self, ty: &Type) -> Option<ClassId> {
        match ty {
            Type::Class(c) if self.env.program.features.models.contains_key(c) => Some(*c),
            _ => None,
        }
    }

    fn member_kind(&self, model: ClassId, id: MethodId) -> Option<HistoryMember> {
        let m = self.env.program.features.models.get(&model)?;
        m.members.get(&id).map(|m| m.kind)
    }

    /// A process of `model`'s history: `None` (and an error) when `x` names an
    /// action or process of another model.
    fn of_model(&mut self, model: ClassId, x: Expr) -> Option<Expr> {
        let program = &self.env.program;
        let Some((id, owner, span)) = foreign_member(program, model, &x) else {
            return Some(x);
        };
        let show = |c: ClassId| program.class(c).name.to_string();
        let msg = format!(
            "`{}` belongs to model {}; this history is a {}",
            program.method(id).name,
            owner.map_or_else(|| "?".to_string(), show),
            show(model)
        );
        self.err(ErrorCode::TypeMismatch, span, msg)
    }

    /// A process expression.
    pub(super) fn process(&mut self, e: &ast::Expr) -> Option<Expr> {
        let span = e.span;
        let proc = |k, xs| Expr::new(K::History(k, xs), Type::Process, span);
        match &e.kind {
            A::Name(n) if n.name == "empty" && self.scopes.lookup(&n.name).is_none() => {
                Some(proc(History::Empty, Vec::new()))
            }
            A::Binary(op @ (BinOp::Mul | BinOp::Or), a, b) => {
                let (a, b) = (self.process(a), self.process(b));
                let k = if *op == BinOp::Mul {
                    History::Seq
                } else {
                    History::Par
                };
                Some(proc(k, vec![a?, b?]))
            }
            A::Cond(c, a, b) => {
                let (c, a, b) = (self.cond(c), self.process(a), self.process(b));
                let k = K::Cond(Box::new(c?), Box::new(a?), Box::new(b?));
                Some(Expr::new(k, Type::Process, span))
            }
            A::Call(call) => self.process_call(call, span),
            A::Name(n) if self.scopes.lookup(&n.name).is_some() => {
                let x = self.expr(e, None)?;
                if x.ty == Type::Process {
                    Some(x)
                } else {
                    self.type_mismatch(span, &Type::Process, &x.ty)
                }
            }
            _ => self.err(
                ErrorCode::TypeMismatch,
                span,
                "expected a process: `empty`, `p * q`, `p || q`, `c ? p : q`, or an action or process `m.a(args)` of a model",
            ),
        }
    }

    /// Whether `e` is written as a process of this model: `empty`, `p * q`,
    /// `p || q` of such, or `a(args)` naming one of its actions or
    /// processes (a process lemma's `ensures P == Q`).
    pub(super) fn looks_process(&self, e: &ast::Expr) -> bool {
        match &e.kind {
            A::Name(n) => n.name == "empty" && self.scopes.lookup(&n.name).is_none(),
            A::Binary(BinOp::Mul | BinOp::Or, a, b) => {
                self.looks_process(a) || self.looks_process(b)
            }
            A::Call(call) if call.recv.is_none() => {
                let Some(c) = self
                    .this
                    .filter(|c| self.model_of(&Type::Class(*c)).is_some())
                else {
                    return false;
                };
                matches!(self.env.member(Some(c), &call.name.name),
                    Some(Member::Method(id)) if self.member_kind(c, id).is_some())
            }
            _ => false,
        }
    }

    /// `m.a(args)` (or `a(args)` inside the model): an action or process of a model.
    fn process_call(&mut self, call: &ast::Call, span: Span) -> Option<Expr> {
        let recv = match &call.recv {
            Some(r) => self.expr(r, None)?,
            None => match self
                .this
                .filter(|c| self.model_of(&Type::Class(*c)).is_some())
            {
                Some(c) => Expr::new(K::This, Type::Class(c), call.name.span),
                None => {
                    let msg = format!(
                        "{} is not an action or process of a model here: write m.{}(…)",
                        call.name.name, call.name.name
                    );
                    return self.err(ErrorCode::Undeclared, call.name.span, msg);
                }
            },
        };
        let Some(model) = self.model_of(&recv.ty) else {
            let ty = self.env.show(&recv.ty);
            return self.err(
                ErrorCode::TypeMismatch,
                recv.span,
                format!("a process is an action or process of a model; this is a {ty}"),
            );
        };
        // Inside a model (a process's definition): its own members only.
        if let Some(own) = self
            .this
            .filter(|c| self.model_of(&Type::Class(*c)).is_some())
        {
            if own != model || !matches!(recv.kind, K::This) {
                let msg = "a process's definition uses its own model's actions and processes";
                return self.err(ErrorCode::Misplaced, span, msg);
            }
        }
        let id = match self.env.member(Some(model), &call.name.name) {
            Some(Member::Method(id)) if self.member_kind(model, id).is_some() => id,
            _ => {
                let msg = format!(
                    "the model {} has no action or process named {}",
                    self.env.program.class(model).name,
                    call.name.name
                );
                return self.err(ErrorCode::Undeclared, call.name.span, msg);
            }
        };
        let params = self.env.program.method(id).params.clone();
        let args = self.args(&params, &call.args, &call.name.name, span)?;
        let mut xs = vec![recv];
        xs.extend(args);
        Some(Expr::new(
            K::History(History::Member(id), xs),
            Type::Process,
            span,
        ))
    }

    /// `m.state(p, P)` and `HPerm(o.f, p)` in an expression; None when the
    /// call is neither.
    pub(super) fn history_expr(&mut self, call: &ast::Call, span: Span) -> Option<Option<Expr>> {
        match (&*call.name.name, &call.recv) {
            ("HPerm", None) => {
                if call.args.len() != 2 {
                    return Some(self.err(ErrorCode::Arity, span, "HPerm expects 2 arguments"));
                }
                let loc = self.expr(&call.args[0], None);
                let p = self.perm_amount(&call.args[1]);
                let (loc, p) = (loc?, p?);
                let on_model = match &loc.kind {
                    K::Field(_, f) => {
                        let c = self.env.program.field(*f).class;
                        self.model_of(&Type::Class(c)).is_some()
                    }
                    _ => false,
                };
                if !on_model {
                    let msg = "HPerm needs a field of a model";
                    return Some(self.err(ErrorCode::TypeMismatch, loc.span, msg));
                }
                Some(Some(Expr::new(
                    K::History(History::HPerm, vec![loc, p]),
                    Type::Resource,
                    span,
                )))
            }
            ("Hist", None) => {
                if call.args.len() != 3 {
                    return Some(self.err(ErrorCode::Arity, span, "Hist expects 3 arguments"));
                }
                let m = self.expr(&call.args[0], None);
                let p = self.perm_amount(&call.args[1]);
                let f = self.in_spec(|b| b.process(&call.args[2]));
                let m = m?;
                let Some(model) = self.model_of(&m.ty) else {
                    let ty = self.env.show(&m.ty);
                    let msg = format!("Hist's first argument is a history (an object of a class with processes); this is a {ty}");
                    return Some(self.err(ErrorCode::TypeMismatch, m.span, msg));
                };
                // Known to be a history expression from here on: a bad
                // argument is its error, not a reason to look further.
                let f = f.and_then(|f| self.of_model(model, f));
                Some(resource(History::Hist, m, p, f, span))
            }
            ("state", Some(r)) => {
                let recv = self.expr(r, None)?;
                let model = self.model_of(&recv.ty)?;
                if self.env.member(Some(model), "state").is_some() {
                    return None;
                }
                if call.args.len() != 2 {
                    return Some(self.err(ErrorCode::Arity, span, "state expects 2 arguments"));
                }
                let p = self.perm_amount(&call.args[0]);
                let f = self.process(&call.args[1]);
                // Known to be a history expression from here on: a bad
                // argument is its error, not a reason to look further.
                let f = f.and_then(|f| self.of_model(model, f));
                Some(resource(History::State, recv, p, f, span))
            }
            _ => None,
        }
    }

    /// `m.create(P)`, `m.destroy()`, `m.split(p1, P1, p2, P2)`,
    /// `m.merge(p1, P1, p2, P2)`; None when the call is none of them.
    pub(super) fn history_stmt(&mut self, call: &ast::Call, span: Span) -> Option<Option<Stmt>> {
        let op = match &*call.name.name {
            "create" => HistoryStmt::Create,
            "destroy" => HistoryStmt::Destroy,
            "split" => HistoryStmt::Split,
            "merge" => HistoryStmt::Merge,
            "create_hist" => HistoryStmt::CreateHist,
            "destroy_hist" => HistoryStmt::DestroyHist,
            "split_hist" => HistoryStmt::SplitHist,
            "merge_hist" => HistoryStmt::MergeHist,
            _ => return None,
        };
        let recv = self.expr(call.recv.as_deref()?, None)?;
        let model = self.model_of(&recv.ty)?;
        if self.env.member(Some(model), op.name()).is_some() {
            return None;
        }
        let arity = match op {
            HistoryStmt::Create | HistoryStmt::DestroyHist => 1,
            HistoryStmt::Destroy | HistoryStmt::CreateHist => 0,
            HistoryStmt::Split
            | HistoryStmt::Merge
            | HistoryStmt::SplitHist
            | HistoryStmt::MergeHist => 4,
        };
        if call.args.len() != arity {
            let msg = format!("{} expects {arity} arguments", op.name());
            return Some(self.err(ErrorCode::Arity, span, msg));
        }
        let mut xs = vec![Some(recv)];
        for (i, a) in call.args.iter().enumerate() {
            let is_perm = arity == 4 && i % 2 == 0;
            xs.push(if is_perm {
                self.perm_amount(a)
            } else {
                let x = self.in_spec(|b| b.process(a));
                x.and_then(|x| self.of_model(model, x))
            });
        }
        let xs: Option<Vec<Expr>> = xs.into_iter().collect();
        Some(xs.map(|xs| Stmt {
            kind: S::History(op, xs),
            span,
        }))
    }

    /// `action(m, p, P, m.a(args)) { body }`.
    pub(super) fn action_block(
        &mut self,
        parts: [&ast::Expr; 4],
        body: &ast::Block,
        past: bool,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let [m, p, f, a] = parts;
        let m = self.expr(m, None);
        let p = self.perm_amount(p);
        let f = self.in_spec(|b| b.process(f));
        let a = self.in_spec(|b| b.process(a));
        let body = self.block(body);
        let (Some(m), Some(p), Some(f), Some(a)) = (m, p, f, a) else {
            return;
        };
        let Some(model) = self.model_of(&m.ty) else {
            let ty = self.env.show(&m.ty);
            let msg = format!("an action block's first argument is a model; this is a {ty}");
            self.err::<()>(ErrorCode::TypeMismatch, m.span, msg);
            return;
        };
        let (Some(f), Some(a)) = (self.of_model(model, f), self.of_model(model, a)) else {
            return;
        };
        let is_action = match &a.kind {
            K::History(History::Member(id), _) => {
                let c = self.env.program.method(*id).class;
                c.and_then(|c| self.member_kind(c, *id)) == Some(HistoryMember::Action)
            }
            _ => false,
        };
        if !is_action {
            let msg = "an action block's last argument is an action of the model: m.a(args)";
            self.err::<()>(ErrorCode::TypeMismatch, a.span, msg);
            return;
        }
        let mut xs = vec![m, p, f, a];
        if past {
            xs.push(Expr::bool(true, span));
        }
        out.push(Stmt {
            kind: S::Action(xs, body),
            span,
        });
    }
}

/// The contract of a model's action or process: its clauses, and the
/// fields it names in `modifies` and `accessible`.
pub(super) fn member_contract(
    b: &mut Body<'_>,
    c: &ast::Contract,
) -> (ast::Contract, Vec<core::FieldId>, Vec<core::FieldId>) {
    let mut rest = c.clone();
    rest.clauses.clear();
    let (mut modifies, mut accessible) = (Vec::new(), Vec::new());
    for clause in &c.clauses {
        let into = match clause.kind {
            ClauseKind::Modifies => &mut modifies,
            ClauseKind::Accessible => &mut accessible,
            _ => {
                rest.clauses.push(clause.clone());
                continue;
            }
        };
        match b.expr(&clause.expr, None) {
            Some(Expr {
                kind: K::Field(r, f),
                ..
            }) if matches!(r.kind, K::This) => into.push(f),
            Some(_) => {
                let msg = format!("{} names fields of the model", clause.kind.keyword());
                b.err::<()>(ErrorCode::TypeMismatch, clause.expr.span, msg);
            }
            None => {}
        }
    }
    (rest, modifies, accessible)
}

/// The first action or process in `x` that is not `model`'s, with its class
/// and span.
fn foreign_member(
    p: &core::Program,
    model: ClassId,
    x: &Expr,
) -> Option<(MethodId, Option<ClassId>, Span)> {
    let member = |e: &Expr| match e.kind {
        K::History(History::Member(id), _) => Some(id),
        _ => None,
    };
    let foreign = |e: &Expr| member(e).is_some_and(|id| p.method(id).class != Some(model));
    let e = core::visit::find(x, &foreign)?;
    let id = member(e)?;
    Some((id, p.method(id).class, e.span))
}

/// `Hist(m, p, P)` or `m.state(p, P)`, when its amount and process checked.
fn resource(kind: History, m: Expr, p: Option<Expr>, f: Option<Expr>, span: Span) -> Option<Expr> {
    let k = K::History(kind, vec![m, p?, f?]);
    Some(Expr::new(k, Type::Resource, span))
}
