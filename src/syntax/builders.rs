//! Helpers for the grammar's actions, to keep `grammars/pvl.lalrpop` one
//! line per action: span building, desugaring (`x += e`, `0 <= i < n`,
//! `int x, y;`) and the local checks of `=>?` actions.

// Boxed arguments are the grammar's currency (see the grammar's header).
#![allow(clippy::boxed_local, clippy::vec_box)]

use super::ast::*;
use super::lexer::{LexError, LexErrorKind, Token};
use super::nesting;
use super::span::{FileId, Span};
use lalrpop_util::ParseError;

/// What a fallible grammar action returns.
pub type PResult<'i, T> = Result<T, ParseError<usize, Token<'i>, LexError>>;

fn malformed<'i, T>(l: usize, r: usize, msg: &'static str) -> PResult<'i, T> {
    Err(ParseError::User {
        error: LexError {
            kind: LexErrorKind::Malformed(msg),
            start: l,
            end: r,
        },
    })
}

pub fn span(file: FileId, l: usize, r: usize) -> Span {
    Span::new(file, l, r)
}

pub fn ident(file: FileId, l: usize, name: &str, r: usize) -> Ident {
    Ident {
        name: Name::from(name),
        span: span(file, l, r),
    }
}

// ---------------------------------------------------------------- types

pub fn ty(file: FileId, l: usize, r: usize, kind: TypeKind) -> Type {
    Type {
        kind,
        span: span(file, l, r),
    }
}

pub fn array_ty(file: FileId, l: usize, r: usize, elem: Type) -> Type {
    ty(file, l, r, TypeKind::Array(Box::new(elem)))
}

// ---------------------------------------------------------- expressions
//
// Expressions are built boxed: the grammar passes `Box<Expr>` around (see
// the grammar's header) and a box becomes its parent's child as it is.

pub fn expr(file: FileId, l: usize, r: usize, kind: ExprKind) -> Box<Expr> {
    Box::new(Expr {
        kind,
        span: span(file, l, r),
    })
}

pub fn unbox<T>(b: Box<T>) -> T {
    *b
}

pub fn unbox_all<T>(v: Vec<Box<T>>) -> Vec<T> {
    v.into_iter().map(|b| *b).collect()
}

pub fn int_lit<'i>(file: FileId, l: usize, r: usize, digits: &str) -> PResult<'i, Box<Expr>> {
    match digits.parse::<i128>() {
        Ok(n) => Ok(expr(file, l, r, ExprKind::Int(n.into()))),
        Err(_) => malformed(l, r, "integer literal too large"),
    }
}

pub fn bin(file: FileId, l: usize, r: usize, op: BinOp, a: Box<Expr>, b: Box<Expr>) -> Box<Expr> {
    expr(file, l, r, ExprKind::Binary(op, a, b))
}

pub fn un(file: FileId, l: usize, r: usize, op: UnOp, e: Box<Expr>) -> Box<Expr> {
    expr(file, l, r, ExprKind::Unary(op, e))
}

/// An operand of a binary operator list, with its source range (which, for
/// `(e)`, includes the parentheses that `e`'s own span leaves out).
pub struct Operand {
    pub l: usize,
    pub e: Box<Expr>,
    pub r: usize,
}

/// `a op1 b op2 c …` as read, before precedence is applied.
pub struct Ops {
    first: Operand,
    rest: Vec<(BinOp, Operand)>,
}

impl Ops {
    pub fn new(first: Operand) -> Ops {
        Ops {
            first,
            rest: Vec::new(),
        }
    }

    pub fn push(mut self, op: BinOp, e: Operand) -> Ops {
        self.rest.push((op, e));
        self
    }
}

/// Binding strength, loosest first (as VerCors's PVL grammar: `in` between
/// the comparisons and `+`; `::` and `++` between `*` and the unary operators).
fn level(op: BinOp) -> u8 {
    match op {
        BinOp::Implies | BinOp::Wand => IMPLIES,
        BinOp::Star => 2,
        BinOp::Or => 3,
        BinOp::And => 4,
        // Java's `|`, `^`, `&`: between `&&` and `==`.
        BinOp::BitOr => 5,
        BinOp::BitXor => 6,
        BinOp::BitAnd => 7,
        BinOp::Eq | BinOp::Ne => 8,
        BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::In => CMP,
        BinOp::Member => 10,
        BinOp::Add | BinOp::Sub => 11,
        BinOp::Mul | BinOp::Div | BinOp::Mod | BinOp::FracDiv => 12,
        BinOp::Prepend | BinOp::Append => SEQ,
    }
}

const IMPLIES: u8 = 1;
/// The comparison level, where chains are read (`0 <= i < n`).
const CMP: u8 = 9;
/// `x :: xs` (right associative) and `xs ++ x` (left associative).
const SEQ: u8 = 13;
const OPERAND: u8 = 14;

/// Whether `(a op b) op c` is `a op (b op c)` for every type weft gives `op`
/// (numbers, booleans, resources, and the collections' union or concatenation).
fn associative(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Add | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Star
    )
}

/// Builds the tree of an operator list by precedence climbing: left
/// associative, except `==>` (right) and comparisons (chains).
pub fn climb(file: FileId, ops: Ops) -> Box<Expr> {
    if ops.rest.is_empty() {
        return ops.first.e;
    }
    let mut operands = Vec::with_capacity(ops.rest.len() + 1);
    let mut opers = Vec::with_capacity(ops.rest.len());
    operands.push(Some(ops.first));
    for (op, e) in ops.rest {
        opers.push(op);
        operands.push(Some(e));
    }
    let mut c = Climber {
        file,
        operands,
        ops: opers,
        next: 0,
    };
    c.parse(1).e
}

struct Climber {
    file: FileId,
    /// Taken (set to `None`) as they are used.
    operands: Vec<Option<Operand>>,
    /// `ops[i]` stands between `operands[i]` and `operands[i + 1]`.
    ops: Vec<BinOp>,
    /// The next operand to take.
    next: usize,
}

impl Climber {
    /// The operator after the operands taken so far, if it binds at `lvl`.
    fn peek(&self, lvl: u8) -> Option<BinOp> {
        let op = *self.ops.get(self.next.checked_sub(1)?)?;
        (level(op) == lvl).then_some(op)
    }

    fn bin(&self, op: BinOp, a: Operand, b: Operand) -> Operand {
        let (l, r) = (a.l, b.r);
        Operand {
            l,
            e: bin(self.file, l, r, op, a.e, b.e),
            r,
        }
    }

    fn parse(&mut self, lvl: u8) -> Operand {
        if lvl == OPERAND {
            let i = self.next;
            self.next += 1;
            return self.operands[i].take().expect("each operand is taken once");
        }
        let mut lhs = self.parse(lvl + 1);
        if lvl == IMPLIES {
            // Right associative: a ==> (b ==> c).
            if let Some(op) = self.peek(lvl) {
                let rhs = self.parse(lvl);
                lhs = self.bin(op, lhs, rhs);
            }
            return lhs;
        }
        if lvl == CMP {
            return self.chain(lhs);
        }
        if lvl == SEQ {
            // `a :: b :: c` is `a :: (b :: c)`; `xs ++ a ++ b` is `(xs ++ a) ++ b`.
            while let Some(op) = self.peek(lvl) {
                let rhs = if op == BinOp::Prepend {
                    self.parse(lvl)
                } else {
                    self.parse(lvl + 1)
                };
                lhs = self.bin(op, lhs, rhs);
            }
            return lhs;
        }
        let mut links = Vec::new();
        while let Some(op) = self.peek(lvl) {
            links.push((op, self.parse(lvl + 1)));
        }
        self.fold(lhs, links)
    }

    /// `first op1 x1 op2 x2 …` of one precedence level, nested to the left as
    /// written, except that a run of at least `nesting::BALANCED_RUN` operands
    /// joined by one associative operator becomes a balanced tree (equal by
    /// associativity; `&&` and `||` still evaluate left to right), so that a sum
    /// of 100 000 terms is not 100 000 levels deep (`nesting` counts on it).
    fn fold(&self, first: Operand, links: Vec<(BinOp, Operand)>) -> Operand {
        let mut acc = first;
        let mut links = links.into_iter().peekable();
        let mut at_start = true;
        while let Some((op, x)) = links.next() {
            let mut run = vec![x];
            if associative(op) {
                while let Some((_, y)) = links.next_if(|(next, _)| *next == op) {
                    run.push(y);
                }
            }
            if run.len() + usize::from(at_start) < nesting::BALANCED_RUN {
                for x in run {
                    acc = self.bin(op, acc, x);
                }
            } else if at_start {
                run.insert(0, acc);
                acc = self.balanced(op, run);
            } else {
                let rest = self.balanced(op, run);
                acc = self.bin(op, acc, rest);
            }
            at_start = false;
        }
        acc
    }

    /// `xs[0] op xs[1] op …` as a balanced tree; `xs` is not empty.
    fn balanced(&self, op: BinOp, mut xs: Vec<Operand>) -> Operand {
        if xs.len() == 1 {
            return xs.pop().expect("one operand");
        }
        let right = xs.split_off(xs.len() / 2);
        let (l, r) = (self.balanced(op, xs), self.balanced(op, right));
        self.bin(op, l, r)
    }

    /// A comparison chain. A run of `<`/`<=` reads as in mathematics:
    /// `0 <= i < n` is `0 <= i && i < n` (the middle operand is cloned); any
    /// other chain nests to the left.
    fn chain(&mut self, first: Operand) -> Operand {
        let mut links: Vec<(BinOp, Operand)> = Vec::new();
        while let Some(op) = self.peek(CMP) {
            let rhs = self.parse(CMP + 1);
            links.push((op, rhs));
        }
        let ascending = links.len() > 1
            && links
                .iter()
                .all(|(op, _)| matches!(op, BinOp::Lt | BinOp::Le));
        let mut acc = first;
        if !ascending {
            for (op, rhs) in links {
                acc = self.bin(op, acc, rhs);
            }
            return acc;
        }
        let mut conj: Option<Operand> = None;
        for (op, rhs) in links {
            let mid = Operand {
                l: rhs.l,
                e: rhs.e.clone(),
                r: rhs.r,
            };
            let lhs = std::mem::replace(&mut acc, mid);
            let cmp = self.bin(op, lhs, rhs);
            conj = Some(match conj {
                None => cmp,
                Some(c) => self.bin(BinOp::And, c, cmp),
            });
        }
        conj.unwrap_or(acc)
    }
}

/// The parts of a call after its name: `(args) given {…} yields {…}`.
pub struct CallTail {
    pub args: Vec<Expr>,
    pub given: Vec<(Ident, Expr)>,
    pub yields: Vec<(Ident, Ident)>,
    pub with: Vec<Stmt>,
    pub then: Vec<Stmt>,
}

pub fn call_tail(
    args: Vec<Expr>,
    given: Option<Vec<(Ident, Expr)>>,
    yields: Option<Vec<(Ident, Ident)>>,
) -> CallTail {
    CallTail {
        args,
        given: given.unwrap_or_default(),
        yields: yields.unwrap_or_default(),
        with: Vec::new(),
        then: Vec::new(),
    }
}

/// Java's call tail: `(args)`, then VerCors's `given {…}` or a `with` block of
/// ghost statements, then `yields {…}` or a `then` block.
pub fn java_call_tail(
    args: Vec<Expr>,
    given: Option<Vec<(Ident, Expr)>>,
    with: Option<Block>,
    yields: Option<Vec<(Ident, Ident)>>,
) -> CallTail {
    CallTail {
        with: with.map(|b| b.stmts).unwrap_or_default(),
        ..call_tail(args, given, yields)
    }
}

/// `e then S` (Java: `e /*@ then S */`): after a method call `S` is the call's `then` (a block's
/// statements, so `then { x = y; }` still names its ghost results), after
/// any other expression an `ExprKind::Then`. A second `then` after a call
/// wraps the call.
pub fn then(file: FileId, l: usize, r: usize, mut e: Box<Expr>, s: Stmts) -> Box<Expr> {
    let mut stmts = flatten(vec![s]);
    if let ExprKind::Call(c) = &mut e.kind {
        if c.then.is_empty() {
            if let [Stmt {
                kind: StmtKind::Block(bl),
                ..
            }] = stmts.as_mut_slice()
            {
                stmts = std::mem::take(&mut bl.stmts);
            }
            c.then = stmts;
            e.span = span(file, l, r);
            return e;
        }
    }
    expr(file, l, r, ExprKind::Then(e, stmts))
}

pub fn call(
    file: FileId,
    l: usize,
    r: usize,
    recv: Option<Box<Expr>>,
    name: Ident,
    tail: CallTail,
) -> Box<Expr> {
    let call = Call {
        recv,
        name,
        args: tail.args,
        given: tail.given,
        yields: tail.yields,
        with: tail.with,
        then: tail.then,
    };
    expr(file, l, r, ExprKind::Call(Box::new(call)))
}

pub fn cond(
    file: FileId,
    l: usize,
    r: usize,
    c: Box<Expr>,
    a: Box<Expr>,
    b: Box<Expr>,
) -> Box<Expr> {
    expr(file, l, r, ExprKind::Cond(c, a, b))
}

pub fn unfolding(file: FileId, l: usize, r: usize, pred: Box<Expr>, body: Box<Expr>) -> Box<Expr> {
    expr(file, l, r, ExprKind::Unfolding(pred, body))
}

/// `new T[d1]…[dk]` followed by `empty` `[]` (PVL and Java): the element
/// type is `T` with `empty` array levels, each spanning from `T` to the end.
pub fn new_array(
    file: FileId,
    l: usize,
    r: usize,
    elem: Type,
    dims: Vec<Box<Expr>>,
    empty: usize,
) -> Box<Expr> {
    let from = elem.span.start as usize;
    let elem = (0..empty).fold(elem, |t, _| array_ty(file, from, r, t));
    let dims = dims.into_iter().map(unbox).collect();
    expr(file, l, r, ExprKind::NewArray(Box::new(elem), dims))
}

/// `T[a]…[b][]…` in a parameter: `T` with `levels` array levels (the
/// sizes are documentation; see the grammar's `SizedType`).
pub fn sized_array_ty(file: FileId, l: usize, r: usize, elem: Type, levels: usize) -> Type {
    (0..levels).fold(elem, |t, _| array_ty(file, l, r, t))
}

/// `sequential { par A par B }`: `{ par A; par B; }`.
pub fn sequential(file: FileId, l: usize, r: usize, threads: Vec<ParThread>) -> Stmts {
    let span = span(file, l, r);
    let stmts = threads
        .into_iter()
        .map(|t| Stmt {
            span: t.span,
            kind: StmtKind::Par(vec![t]),
        })
        .collect();
    one(file, l, r, StmtKind::Block(Block { stmts, span }))
}

/// `f<ts>(…)`, `new C<ts>(…)`: the call or `new` with its type arguments.
pub fn type_applied(file: FileId, l: usize, r: usize, e: Box<Expr>, ts: Vec<Type>) -> Box<Expr> {
    expr(file, l, r, ExprKind::TypeApplied(e, ts))
}

/// The binders of a PVL quantifier, some with a range `T x = lo .. hi`.
pub struct RangedBinders {
    pub binders: Vec<Binder>,
    pub ranges: Vec<(usize, Box<Expr>, Box<Expr>)>,
}

/// A binder after the first: its type if given, its name, its range if any.
pub type BinderTail = (Option<Type>, Ident, Option<Box<(Box<Expr>, Box<Expr>)>>);

/// `T x = lo .. hi, U y, z = a .. b`: a binder without a type takes the previous one's.
pub fn ranged_binders(
    ty: Type,
    name: Ident,
    range: Option<Box<(Box<Expr>, Box<Expr>)>>,
    rest: Vec<Box<BinderTail>>,
) -> Box<RangedBinders> {
    let mut out = RangedBinders {
        binders: Vec::with_capacity(rest.len() + 1),
        ranges: Vec::new(),
    };
    let first = std::iter::once(Box::new((Some(ty), name, range)));
    for b in first.chain(rest) {
        let (ty, name, range) = *b;
        let ty = match ty {
            Some(t) => t,
            None => out.binders[out.binders.len() - 1].ty.clone(),
        };
        if let Some(r) = range {
            let (lo, hi) = *r;
            out.ranges.push((out.binders.len(), lo, hi));
        }
        out.binders.push(Binder { ty, name });
    }
    Box::new(out)
}

/// A PVL quantifier `(\forall T x = lo .. hi, U y; cond; body)`.
pub fn quant_ranged(
    file: FileId,
    l: usize,
    r: usize,
    q: Quantifier,
    bs: Box<RangedBinders>,
    cond: Option<Box<Expr>>,
    body: Box<Expr>,
) -> Box<Expr> {
    let RangedBinders { binders, ranges } = *bs;
    let kind = ExprKind::Quant(Box::new(Quant {
        q,
        binders,
        ranges,
        cond,
        body,
    }));
    expr(file, l, r, kind)
}

/// `(\let T x = v; body)`.
pub fn let_(
    file: FileId,
    l: usize,
    r: usize,
    b: Binder,
    value: Box<Expr>,
    body: Box<Expr>,
) -> Box<Expr> {
    let kind = ExprKind::Let {
        ty: Box::new(b.ty),
        name: Box::new(b.name),
        value,
        body,
    };
    expr(file, l, r, kind)
}

/// `[a, b, …]`.
/// `x?.m(args)`: `x != null ==> x.m(args)` (VerCors's conditional invocation).
pub fn maybe_call(
    file: FileId,
    l: usize,
    r: usize,
    recv: Box<Expr>,
    name: Ident,
    tail: CallTail,
) -> Box<Expr> {
    let guard_r = recv.span.end as usize;
    let null = expr(file, guard_r, guard_r, ExprKind::Null);
    let guard = expr(
        file,
        l,
        guard_r,
        ExprKind::Binary(BinOp::Ne, recv.clone(), null),
    );
    let call = call(file, l, r, Some(recv), name, tail);
    expr(file, l, r, ExprKind::Binary(BinOp::Implies, guard, call))
}

/// `[t: T]`, `{t: T}`: an empty literal of element type T. VerCors spells
/// the `t` as part of the token; weft reads it as a name and checks it.
/// `{:n: e :}` (the token `g` is `{:`, `<`s, digits, `:`).
pub fn trigger_group<'i>(
    file: FileId,
    l: usize,
    r: usize,
    g: &'i str,
    e: Box<Expr>,
) -> PResult<'i, Box<Expr>> {
    let inner = &g[2..g.len() - 1];
    let digits = inner.trim_start_matches('<');
    let outer = (inner.len() - digits.len()) as u32;
    let group = match digits {
        "" => 0,
        d => match d.parse() {
            Ok(n) => n,
            Err(_) => return malformed(l, l + g.len(), "a trigger group number too large"),
        },
    };
    Ok(expr(
        file,
        l,
        r,
        ExprKind::Trigger(TriggerGroup { group, outer }, e),
    ))
}

pub fn empty_lit<'i>(
    file: FileId,
    l: usize,
    r: usize,
    t: Ident,
    ty: Type,
    set: bool,
) -> PResult<'i, Box<Expr>> {
    match empty_lit_kind(&t, ty, set) {
        Some(kind) => Ok(expr(file, l, r, kind)),
        None => {
            let (tl, tr) = (t.span.start as usize, t.span.end as usize);
            malformed(tl, tr, "an empty literal is written `[t: T]` or `{t: T}`")
        }
    }
}

/// VerCors's empty literal `[t: T]` (a sequence) or `{t: T}` (a set); none
/// when the name before `:` is not `t`.
pub fn empty_lit_kind(t: &Ident, ty: Type, set: bool) -> Option<ExprKind> {
    if t.name.as_str() != "t" {
        return None;
    }
    Some(if set {
        ExprKind::SetLit(Some(Box::new(ty)), Vec::new())
    } else {
        ExprKind::SeqLit(Some(Box::new(ty)), Vec::new())
    })
}

pub fn seq_lit(file: FileId, l: usize, r: usize, first: Box<Expr>, rest: Vec<Expr>) -> Box<Expr> {
    let mut es = Vec::with_capacity(rest.len() + 1);
    es.push(*first);
    es.extend(rest);
    expr(file, l, r, ExprKind::SeqLit(None, es))
}

// ----------------------------------------------------------- statements

/// One grammar statement: most are one [`Stmt`], `int x, y;` is several.
/// Boxed: a `Stmt` is large and would make every parser stack slot large.
pub enum Stmts {
    One(Box<Stmt>),
    Many(Vec<Stmt>),
}

impl Stmts {
    fn push_into(self, out: &mut Vec<Stmt>) {
        match self {
            Stmts::One(s) => out.push(*s),
            Stmts::Many(ss) => out.extend(ss),
        }
    }
}

pub fn stmt(file: FileId, l: usize, r: usize, kind: StmtKind) -> Stmt {
    Stmt {
        kind,
        span: span(file, l, r),
    }
}

pub fn one(file: FileId, l: usize, r: usize, kind: StmtKind) -> Stmts {
    Stmts::One(Box::new(stmt(file, l, r, kind)))
}

pub fn flatten(items: Vec<Stmts>) -> Vec<Stmt> {
    let mut stmts = Vec::with_capacity(items.len());
    for s in items {
        s.push_into(&mut stmts);
    }
    stmts
}

/// `s` with its span extended to `r` (to take in the `;`).
pub fn extend(s: Stmts, r: usize) -> Stmts {
    match s {
        Stmts::One(mut s) => {
            s.span.end = r as u32;
            Stmts::One(s)
        }
        many => many,
    }
}

pub fn block(file: FileId, l: usize, r: usize, items: Vec<Stmts>) -> Block {
    Block {
        stmts: flatten(items),
        span: span(file, l, r),
    }
}

/// A branch or loop body: a block stays itself, anything else is wrapped;
/// an empty statement (Java's `if (c) ;`) is an empty block at `at`, the
/// statement it is the body of.
pub fn body_block(s: Stmts, at: Span) -> Block {
    match s {
        Stmts::One(s) => match *s {
            Stmt {
                kind: StmtKind::Block(b),
                ..
            } => b,
            s => Block {
                span: s.span,
                stmts: vec![s],
            },
        },
        Stmts::Many(ss) => {
            let span = match (ss.first(), ss.last()) {
                (Some(f), Some(l)) => f.span.fuse(l.span),
                _ => at,
            };
            Block { stmts: ss, span }
        }
    }
}

/// One declarator of `T x = e, y;`.
pub struct Declarator {
    pub name: Ident,
    pub init: Option<Expr>,
    pub l: usize,
    pub r: usize,
}

pub fn declarator(l: usize, r: usize, name: Ident, init: Option<Box<Expr>>) -> Box<Declarator> {
    Box::new(Declarator {
        name,
        init: init.map(unbox),
        l,
        r,
    })
}

/// `T x = e, y;`: one `Local` per declarator, each spanning from the type.
pub fn locals(file: FileId, ty: Type, decls: Vec<Box<Declarator>>) -> Vec<Stmt> {
    let l = ty.span.start as usize;
    decls
        .into_iter()
        .map(|d| {
            let kind = StmtKind::Local {
                ty: ty.clone(),
                name: d.name,
                init: d.init,
            };
            stmt(file, l, d.r.max(d.l), kind)
        })
        .collect()
}

pub fn local_stmts(
    file: FileId,
    l: usize,
    r: usize,
    ty: Type,
    decls: Vec<Box<Declarator>>,
) -> Stmts {
    let mut ss = locals(file, ty, decls);
    if ss.len() == 1 {
        let mut s = ss.pop().expect("one declarator");
        s.span = span(file, l, r);
        Stmts::One(Box::new(s))
    } else {
        Stmts::Many(ss)
    }
}

pub fn assign(file: FileId, l: usize, r: usize, target: Box<Expr>, value: Box<Expr>) -> Stmts {
    let kind = StmtKind::Assign {
        target: *target,
        value: *value,
    };
    one(file, l, r, kind)
}

/// `x op= e` becomes `x = x op e`.
pub fn compound(
    file: FileId,
    l: usize,
    r: usize,
    target: Box<Expr>,
    op: BinOp,
    value: Box<Expr>,
) -> Stmts {
    let (vl, vr) = (target.span.start as usize, value.span.end as usize);
    let rhs = bin(file, vl, vr, op, target.clone(), value);
    assign(file, l, r, target, rhs)
}

/// `x++` / `x--` become `x = x ± 1`.
pub fn incr(file: FileId, l: usize, r: usize, target: Box<Expr>, op: BinOp) -> Stmts {
    let one = expr(file, r.saturating_sub(2), r, ExprKind::Int(1.into()));
    compound(file, l, r, target, op, one)
}

pub fn if_(
    file: FileId,
    l: usize,
    r: usize,
    cond: Box<Expr>,
    then: Stmts,
    els: Option<Stmts>,
) -> Stmts {
    let at = span(file, l, r);
    let kind = StmtKind::If {
        cond: *cond,
        then: body_block(then, at),
        els: els.map(|e| body_block(e, at)),
    };
    one(file, l, r, kind)
}

pub fn ghost(file: FileId, l: usize, r: usize, s: Stmts) -> Stmts {
    match s {
        Stmts::One(s) => one(file, l, r, StmtKind::Ghost(s)),
        Stmts::Many(ss) => Stmts::Many(
            ss.into_iter()
                .map(|s| {
                    let sp = s.span;
                    stmt(file, l, sp.end as usize, StmtKind::Ghost(Box::new(s)))
                })
                .collect(),
        ),
    }
}

/// A loop up to its body: `contract while (c)`, `contract for (…)`.
pub enum LoopHead {
    While(Contract, Expr),
    For(Contract, Vec<Stmt>, Option<Expr>, Vec<Stmt>),
    Range(Contract, Ident, Expr, Expr),
}

pub fn while_head(c: Contract, cond: Box<Expr>) -> Box<LoopHead> {
    Box::new(LoopHead::While(c, *cond))
}

pub fn for_head(
    c: Contract,
    init: Vec<Stmt>,
    cond: Option<Box<Expr>>,
    update: Vec<Stmts>,
) -> Box<LoopHead> {
    Box::new(LoopHead::For(c, init, cond.map(unbox), flatten(update)))
}

pub fn range_head(c: Contract, var: Ident, lo: Box<Expr>, hi: Box<Expr>) -> Box<LoopHead> {
    Box::new(LoopHead::Range(c, var, *lo, *hi))
}

pub fn loop_(file: FileId, l: usize, r: usize, head: Box<LoopHead>, body: Stmts) -> Stmts {
    let body = body_block(body, span(file, l, r));
    let kind = match *head {
        LoopHead::While(contract, cond) => StmtKind::While {
            contract: Box::new(contract),
            cond,
            body,
        },
        LoopHead::For(contract, init, cond, update) => StmtKind::For {
            contract: Box::new(contract),
            init,
            cond,
            update,
            body,
        },
        LoopHead::Range(contract, var, lo, hi) => StmtKind::ForRange {
            contract: Box::new(contract),
            var,
            lo: Box::new(lo),
            hi: Box::new(hi),
            body,
        },
    };
    one(file, l, r, kind)
}

// ------------------------------------------------------------ contracts

pub enum ContractItem {
    Clause(Box<Clause>),
    /// `modifies x, y;` / `accessible x;`: one clause per name.
    Frame(Vec<Clause>),
    Given(Box<Param>),
    Yields(Box<Param>),
    Kernel(Box<KernelItem>),
    Signals(Box<Signals>),
}

pub fn clause(file: FileId, l: usize, r: usize, kind: ClauseKind, expr: Box<Expr>) -> ContractItem {
    ContractItem::Clause(Box::new(Clause {
        kind,
        expr: *expr,
        span: span(file, l, r),
    }))
}

/// `modifies x, y;` / `accessible x;` of a model's action or process.
pub fn frame(
    file: FileId,
    l: usize,
    r: usize,
    kind: ClauseKind,
    names: Vec<Ident>,
) -> ContractItem {
    let exprs = names
        .into_iter()
        .map(|n| {
            Box::new(Expr {
                span: n.span,
                kind: ExprKind::Name(n),
            })
        })
        .collect();
    frame_exprs(file, l, r, kind, exprs)
}

/// A frame clause over locations: one clause of `kind` per location.
pub fn frame_exprs(
    file: FileId,
    l: usize,
    r: usize,
    kind: ClauseKind,
    exprs: Vec<Box<Expr>>,
) -> ContractItem {
    let span = span(file, l, r);
    ContractItem::Frame(
        exprs
            .into_iter()
            .map(|e| Clause {
                kind,
                expr: *e,
                span,
            })
            .collect(),
    )
}

/// `decreases a, b;` keeps `a`; a bare `decreases;` gets `true`.
pub fn decreases(
    file: FileId,
    l: usize,
    r: usize,
    measure: Option<Vec<Box<Expr>>>,
) -> ContractItem {
    let e = measure
        .and_then(|v| v.into_iter().next())
        .unwrap_or_else(|| expr(file, l, r, ExprKind::Bool(true)));
    clause(file, l, r, ClauseKind::Decreases, e)
}

pub fn contract(items: Vec<ContractItem>) -> Contract {
    let mut c = Contract::default();
    for item in items {
        match item {
            ContractItem::Clause(cl) => c.clauses.push(*cl),
            ContractItem::Frame(cls) => c.clauses.extend(cls),
            ContractItem::Given(p) => c.given.push(*p),
            ContractItem::Yields(p) => c.yields.push(*p),
            ContractItem::Kernel(k) => c.kernel.push(*k),
            ContractItem::Signals(s) => c.signals.push(*s),
        }
    }
    c
}

fn contract_is_empty(c: &Contract) -> bool {
    c.clauses.is_empty()
        && c.given.is_empty()
        && c.yields.is_empty()
        && c.kernel.is_empty()
        && c.signals.is_empty()
        && c.throws.is_empty()
}

// -------------------------------------------------------------- members

pub fn param(file: FileId, l: usize, r: usize, ty: Type, name: Ident) -> Box<Param> {
    Box::new(Param {
        ty,
        name,
        span: span(file, l, r),
        scope: MemScope::Plain,
    })
}

pub enum Modifier {
    Static,
    Final,
    Ghost,
    Inline,
    Pure,
    ThreadLocal,
}

pub fn modifiers(ms: Vec<Modifier>) -> Modifiers {
    let mut out = Modifiers::default();
    for m in ms {
        match m {
            Modifier::Static => out.is_static = true,
            Modifier::Final => out.is_final = true,
            Modifier::Ghost => out.is_ghost = true,
            Modifier::Inline => out.is_inline = true,
            Modifier::Pure => out.is_pure = true,
            Modifier::ThreadLocal => out.is_thread_local = true,
        }
    }
    out
}

/// What follows a member's parameter list.
pub enum Body {
    /// `= e;`
    Expr(Box<Expr>),
    Block(Block),
    /// A block the skim left unparsed (`syntax::skim`).
    Lazy(Span),
    /// `;`
    Abstract,
}

/// The parts every method-like member shares.
pub struct Header {
    pub contract: Contract,
    pub mods: Modifiers,
    pub name: Ident,
    /// `<T, U>` after the name (PVL generics).
    pub type_params: Vec<Ident>,
    pub params: Vec<Param>,
}

/// `contract mods T name(params) body`: a predicate if `T` is `resource`, a
/// function if `pure`, a method otherwise.
pub fn member<'i>(
    file: FileId,
    l: usize,
    r: usize,
    h: Header,
    ret: Type,
    body: Body,
) -> PResult<'i, Vec<Member>> {
    Ok(vec![method_like(file, l, r, h, ret, body)?])
}

fn method_like<'i>(
    file: FileId,
    l: usize,
    r: usize,
    h: Header,
    ret: Type,
    body: Body,
) -> PResult<'i, Member> {
    let span = span(file, l, r);
    if ret.kind == TypeKind::Resource {
        if let Some(t) = h.type_params.first() {
            let at = t.span.start as usize;
            return malformed(at, at + 1, "a predicate cannot have type parameters");
        }
        let body = match body {
            Body::Expr(e) => Some(*e),
            Body::Abstract => None,
            Body::Block(Block { span: at, .. }) | Body::Lazy(at) => {
                return malformed(at.start as usize, r, "a predicate body is written `= e;`")
            }
        };
        return Ok(Member::Predicate(Predicate {
            derived: None,
            mods: h.mods,
            contract: h.contract,
            name: h.name,
            params: h.params,
            body,
            span,
        }));
    }
    if h.mods.is_pure {
        let body = match body {
            Body::Expr(e) => Some(*e),
            Body::Abstract => None,
            Body::Block(b) => Some(pure_block_body(b, r)?),
            // The skim leaves a body after `pure` in the stream; not here.
            Body::Lazy(at) => {
                return malformed(at.start as usize, r, "a function body is an expression")
            }
        };
        return Ok(Member::Function(Function {
            derived: None,
            type_params: h.type_params,
            mods: h.mods,
            contract: h.contract,
            ret,
            name: h.name,
            params: h.params,
            body,
            span,
        }));
    }
    let (body, unparsed_body) = method_body(body, r)?;
    Ok(Member::Method(Method {
        derived: None,
        kind: MethodKind::Method,
        type_params: h.type_params,
        mods: h.mods,
        contract: h.contract,
        ret,
        name: h.name,
        params: h.params,
        body,
        unparsed_body,
        span,
    }))
}

/// An action (`contract action a(params);`) or a process (`contract process
/// p(params) = P;`, or abstract) of a model: a void method marked as such; a
/// process's definition is its body's `return P;`.
#[allow(clippy::too_many_arguments)]
pub fn history_member(
    file: FileId,
    l: usize,
    r: usize,
    contract: Contract,
    kind: HistoryMember,
    name: Ident,
    params: Vec<Param>,
    def: Option<Box<Expr>>,
) -> Vec<Member> {
    let span = span(file, l, r);
    let body = def.map(|e| Block {
        span: e.span,
        stmts: vec![Stmt {
            span: e.span,
            kind: StmtKind::Return(Some(*e)),
        }],
    });
    vec![Member::Method(Method {
        derived: None,
        kind: MethodKind::Method,
        type_params: Vec::new(),
        mods: Modifiers {
            is_ghost: true,
            history: Some(kind),
            ..Modifiers::default()
        },
        contract,
        ret: Type {
            kind: TypeKind::Void,
            span,
        },
        name,
        params,
        body,
        unparsed_body: None,
        span,
    })]
}

/// `model M { … }`: a class marked as a model.
pub fn model(file: FileId, l: usize, r: usize, name: Ident, members: Vec<Vec<Member>>) -> Decl {
    let mut d = class(file, l, r, name, None, members);
    if let Decl::Class(c) = &mut d {
        c.is_model = true;
    }
    d
}

/// A method's body, or where it is if the skim left it unparsed.
fn method_body<'i>(body: Body, r: usize) -> PResult<'i, (Option<Block>, Option<Span>)> {
    match body {
        Body::Block(b) => Ok((Some(b), None)),
        Body::Lazy(at) => Ok((None, Some(at))),
        Body::Abstract => Ok((None, None)),
        Body::Expr(e) => malformed(
            e.span.start as usize,
            r,
            "only pure functions and predicates have a `= e;` body",
        ),
    }
}

/// The expression of a pure body `{ return e; }`; otherwise where the
/// block starts (each front end reports it as malformed).
pub(crate) fn returned_expr(b: Block) -> Result<Expr, usize> {
    let start = b.span.start as usize;
    let mut stmts = b.stmts;
    if stmts.len() == 1 {
        if let Some(Stmt {
            kind: StmtKind::Return(Some(e)),
            ..
        }) = stmts.pop()
        {
            return Ok(e);
        }
    }
    Err(start)
}

/// A pure function's `{ return e; }` is its expression.
fn pure_block_body<'i>(b: Block, r: usize) -> PResult<'i, Expr> {
    returned_expr(b).or_else(|start| {
        malformed(
            start,
            r,
            "a pure function's block body must be `{ return e; }`",
        )
    })
}

/// `Name(params) body` and `constructor(params) body`.
pub fn constructor<'i>(
    file: FileId,
    l: usize,
    r: usize,
    h: Header,
    body: Body,
) -> PResult<'i, Vec<Member>> {
    let (body, unparsed_body) = method_body(body, r)?;
    let ret = ty(
        file,
        h.name.span.start as usize,
        h.name.span.end as usize,
        TypeKind::Void,
    );
    Ok(vec![Member::Method(Method {
        derived: None,
        kind: MethodKind::Constructor,
        type_params: Vec::new(),
        mods: h.mods,
        contract: h.contract,
        ret,
        name: h.name,
        params: h.params,
        body,
        unparsed_body,
        span: span(file, l, r),
    })])
}

/// `mods T x, y;`: one field per name.
pub fn fields<'i>(
    file: FileId,
    l: usize,
    r: usize,
    c: Contract,
    mods: Modifiers,
    ty: Type,
    names: Vec<Ident>,
) -> PResult<'i, Vec<Member>> {
    if !contract_is_empty(&c) {
        return malformed(l, r, "a field cannot have a contract");
    }
    let one = names.len() == 1;
    Ok(names
        .into_iter()
        .map(|name| {
            // One field spans the whole declaration; several span from the type to their name.
            let span = if one {
                span(file, l, r)
            } else {
                ty.span.fuse(name.span)
            };
            Member::Field(Field {
                mods,
                ty: ty.clone(),
                name,
                init: None,
                owner_links: Vec::new(),
                access: None,
                span,
            })
        })
        .collect())
}

/// `class Name { members }`: `constructor(…)` members take the class's name.
pub fn class(
    file: FileId,
    l: usize,
    r: usize,
    name: Ident,
    type_params: Option<Vec<Ident>>,
    members: Vec<Vec<Member>>,
) -> Decl {
    let mut out = Vec::with_capacity(members.len());
    for mut group in members {
        for m in &mut group {
            if let Member::Method(m) = m {
                if m.kind == MethodKind::Constructor && m.name.name == "constructor" {
                    m.name.name.clone_from(&name.name);
                }
            }
        }
        out.extend(group);
    }
    Decl::Class(Class {
        ghost_params: Vec::new(),
        type_params: type_params.unwrap_or_default(),
        name,
        extends: None,
        implements: Vec::new(),
        is_interface: false,
        is_abstract: false,
        is_model: false,
        enum_constants: None,
        members: out,
        span: span(file, l, r),
    })
}

/// What the PVL grammar parses: a file, or one method body.
pub enum Top {
    Unit(Unit),
    Body(Block),
}

pub fn unit(decls: Vec<Vec<Decl>>) -> Unit {
    Unit {
        decls: decls.into_iter().flatten().collect(),
        library: false,
        spec_regions: Vec::new(),
        java: None,
    }
}

pub fn global(members: Vec<Member>) -> Vec<Decl> {
    members.into_iter().map(Decl::Member).collect()
}

/// `lock_invariant I;`: the class's instance predicate `lock_invariant() = I`.
pub fn lock_invariant(file: FileId, l: usize, r: usize, e: Box<Expr>) -> Vec<Member> {
    let name = ident(file, l, LOCK_INVARIANT, l + LOCK_INVARIANT.len());
    vec![Member::Predicate(Predicate {
        derived: None,
        mods: Modifiers::default(),
        contract: Contract::default(),
        name,
        params: Vec::new(),
        body: Some(*e),
        span: span(file, l, r),
    })]
}

/// `lock_invariant I1; … lock_invariant In; class C { … }` (VerCors's form):
/// the class's lock invariant `I1 ** … ** In`, spanning the clauses.
pub fn class_lock_invariant(file: FileId, clauses: Vec<(usize, Box<Expr>, usize)>) -> Vec<Member> {
    let (l, r) = match (clauses.first(), clauses.last()) {
        (Some(f), Some(la)) => (f.0, la.2),
        _ => (0, 0),
    };
    let body = clauses.into_iter().map(|(_, e, _)| e).reduce(|a, b| {
        let s = a.span.fuse(b.span);
        Box::new(Expr {
            kind: ExprKind::Binary(BinOp::Star, a, b),
            span: s,
        })
    });
    match body {
        Some(e) => lock_invariant(file, l, r, e),
        None => Vec::new(),
    }
}

/// `contract run { … }` (VerCors's thread body): the method `void run()`.
pub fn run_method<'i>(
    file: FileId,
    l: usize,
    r: usize,
    contract: Contract,
    mods: Modifiers,
    name: Ident,
    body: Body,
) -> PResult<'i, Vec<Member>> {
    if name.name != "run" {
        let (s, e) = (name.span.start as usize, name.span.end as usize);
        return malformed(
            s,
            e,
            "expected a type: only `run` has a body without a type and parameters",
        );
    }
    let (body, unparsed_body) = method_body(body, r)?;
    let (s, e) = (name.span.start as usize, name.span.end as usize);
    Ok(vec![Member::Method(Method {
        derived: None,
        kind: MethodKind::Method,
        mods,
        contract,
        ret: ty(file, s, e, TypeKind::Void),
        name,
        type_params: Vec::new(),
        params: Vec::new(),
        body,
        unparsed_body,
        span: span(file, l, r),
    })])
}
