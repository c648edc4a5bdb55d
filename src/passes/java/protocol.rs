//! The sanity check of an AtomicInteger protocol (thesis ch. 5, Figures
//! 5.6–5.8; code `shareSanity`), decided at each `new AtomicInteger(v0)`.
//!
//! The contract (`backends/spec/java/util/concurrent/atomic/AtomicInteger.java`)
//! hands out fractions of the protected resource `inv` by the protocol's
//! `share(r, w)`; nothing in the backend checks that they exist. What makes
//! that sound is an argument about the total T of `inv` held by everyone
//! (the synchroniser and all threads), which starts at most 1:
//!
//! * `compareAndSet` exchanges exactly what the synchroniser holds before
//!   and after (`share(S, x)` for `share(S, n)`), and the thread's view share
//!   `share(r, x)` for `share(r, n)`; `get` exchanges only the view share;
//!   `set` exchanges the view share and gives the synchroniser `share(S, n)`
//!   without getting back what it held (a loss, never a gain, even when the
//!   thread's view is stale).
//! * So T changes only by the change of the threads' view shares: T now =
//!   T at the start + Σ (share(r, w_r) − share(r, v0)) over the threads.
//! * A role whose share is not 0 in every view acts only with its whole
//!   handle (`p == 1` in the contract): one thread at a time, whose view is
//!   the handle's. Other roles have no view share at all.
//!
//! Hence T ≤ 1 always if, in every snapshot reachable through `trans`, the
//! view shares of the roles that have them add up to at most what they were
//! at the start. That is what this module checks, by exploring the product
//! of the per-role state machines: one view per role with shares, any number
//! of threads (views anywhere the value has been) for the others. The
//! thesis's own condition (the synchroniser's share plus the threads' shares
//! at most 1) is weaker: it accepts SingleCell (Listing 32), whose winning
//! thread keeps `1 − +0` after publishing while every reader gets `+0`.
//!
//! The states are the protocol's literals and constants and v0; a state
//! parameter may only be compared (`==`, `!=`) with constants, so one more
//! value stands for all others. A protocol outside that gets a sufficient
//! condition of its sanity ([`obligation`]) for the backend to prove at the
//! `new`; where even that cannot be written (an initial value with a call),
//! it is "not supported yet", never passed unchecked.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::diag::{Diagnostic, FailureCode};
use crate::name::Name;
use crate::syntax::ast::*;
use crate::syntax::span::Span;

/// A constant of the class the protocol belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Const {
    Int(i128),
    Bool(bool),
}

/// One protocol, as bound at an instantiation.
pub(super) struct Protocol<'a> {
    /// The thread roles (`rs`), without the synchroniser's `S`.
    pub roles: &'a [Name],
    pub share: &'a Function,
    pub trans: &'a Function,
    pub constants: &'a HashMap<Name, Const>,
}

/// An amount `num/den + eps·ε`, ε the thesis's `+0`: positive, below every
/// positive rational.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Amount {
    num: i128,
    den: i128,
    eps: i64,
}

impl Amount {
    fn new(num: i128, den: i128, eps: i64) -> Option<Amount> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den).max(1) * den.signum();
        Some(Amount {
            num: num / g,
            den: den / g,
            eps,
        })
    }
    fn int(i: i128) -> Amount {
        Amount {
            num: i,
            den: 1,
            eps: 0,
        }
    }
    fn add(self, o: Amount) -> Option<Amount> {
        let num = self
            .num
            .checked_mul(o.den)?
            .checked_add(o.num.checked_mul(self.den)?)?;
        Amount::new(num, self.den.checked_mul(o.den)?, self.eps + o.eps)
    }
    fn neg(self) -> Amount {
        Amount {
            num: -self.num,
            den: self.den,
            eps: -self.eps,
        }
    }
    fn is_zero(self) -> bool {
        self.num == 0 && self.eps == 0
    }
    /// Whether the amount is positive (ε counts when the rational part is 0).
    fn positive(self) -> bool {
        self.num > 0 || (self.num == 0 && self.eps > 0)
    }
    fn show(self) -> String {
        let q = match (self.num, self.den) {
            (n, 1) => n.to_string(),
            (n, d) => format!("{n}/{d}"),
        };
        match self.eps {
            0 => q,
            e if self.num == 0 && e == 1 => "+0".into(),
            e => format!("{q} + {e}·(+0)"),
        }
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum V {
    /// A view nothing is known of: any use of it leaves the value undecided.
    Unknown,
    Int(i128),
    Bool(bool),
    Role(Name),
    Amount(Amount),
}

impl V {
    fn amount(self) -> Option<Amount> {
        match self {
            V::Int(i) => Some(Amount::int(i)),
            V::Amount(a) => Some(a),
            _ => None,
        }
    }
}

/// Why the check could not be decided: a place and a reason.
struct Undecided(Span, String);

type Eval<T> = Result<T, Undecided>;

struct Evaluator<'a> {
    constants: &'a HashMap<Name, Const>,
}

impl Evaluator<'_> {
    fn call(&self, f: &Function, args: &[V]) -> Eval<V> {
        let Some(body) = &f.body else {
            return Err(Undecided(
                f.name.span,
                format!("{} has no body", f.name.name),
            ));
        };
        let env: HashMap<Name, V> = f
            .params
            .iter()
            .map(|p| p.name.name)
            .zip(args.iter().copied())
            .collect();
        self.eval(body, &env)
    }

    fn eval(&self, e: &Expr, env: &HashMap<Name, V>) -> Eval<V> {
        let undecided = |why: &str| Err(Undecided(e.span, why.to_owned()));
        Ok(match &e.kind {
            ExprKind::Int(i) => V::Int(i.get()),
            ExprKind::Bool(b) => V::Bool(*b),
            ExprKind::Read => V::Amount(Amount {
                num: 0,
                den: 1,
                eps: 1,
            }),
            ExprKind::Write => V::Int(1),
            ExprKind::NoPerm => V::Int(0),
            ExprKind::Name(n) => match (env.get(&n.name), self.constants.get(&n.name)) {
                (Some(v), _) => *v,
                (None, Some(Const::Int(i))) => V::Int(*i),
                (None, Some(Const::Bool(b))) => V::Bool(*b),
                // A name nothing declares is a role (`S`, `T`), as the checker reads it.
                (None, None) => V::Role(n.name),
            },
            ExprKind::Unary(op, x) => match (op, self.eval(x, env)?) {
                (UnOp::Not, V::Bool(b)) => V::Bool(!b),
                (UnOp::Neg, V::Int(i)) => V::Int(-i),
                (UnOp::Neg, V::Amount(a)) => V::Amount(a.neg()),
                _ => return undecided("an operator the sanity check does not evaluate"),
            },
            ExprKind::Cond(c, a, b) => match self.eval(c, env)? {
                V::Unknown => return undecided("a condition on the view"),
                V::Bool(true) => self.eval(a, env)?,
                V::Bool(false) => self.eval(b, env)?,
                _ => return undecided("a condition that is not a boolean"),
            },
            ExprKind::Binary(op, l, r) => self.binary(*op, l, r, env, e.span)?,
            _ => return undecided("an expression the sanity check does not evaluate"),
        })
    }

    fn binary(&self, op: BinOp, l: &Expr, r: &Expr, env: &HashMap<Name, V>, span: Span) -> Eval<V> {
        let bad = || {
            Undecided(
                span,
                "an operation the sanity check does not evaluate".into(),
            )
        };
        // Short-circuit, as the backends read them.
        match op {
            BinOp::And | BinOp::Or | BinOp::Implies => {
                let a = match self.eval(l, env)? {
                    V::Bool(b) => b,
                    _ => return Err(bad()),
                };
                let short = match op {
                    BinOp::And => (!a).then_some(false),
                    BinOp::Or => a.then_some(true),
                    _ => (!a).then_some(true),
                };
                if let Some(v) = short {
                    return Ok(V::Bool(v));
                }
                return match self.eval(r, env)? {
                    V::Bool(b) => Ok(V::Bool(b)),
                    _ => Err(bad()),
                };
            }
            _ => {}
        }
        let (a, b) = (self.eval(l, env)?, self.eval(r, env)?);
        if a == V::Unknown || b == V::Unknown {
            return Err(Undecided(span, "a use of the view".into()));
        }
        let num = |x: V| x.amount().ok_or_else(bad);
        Ok(match op {
            BinOp::Eq => V::Bool(same(a, b)),
            BinOp::Ne => V::Bool(!same(a, b)),
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                let d = num(a)?.add(num(b)?.neg()).ok_or_else(bad)?;
                V::Bool(match op {
                    BinOp::Lt => (d.neg()).positive(),
                    BinOp::Le => !d.positive(),
                    BinOp::Gt => d.positive(),
                    _ => !(d.neg()).positive(),
                })
            }
            BinOp::Add | BinOp::Sub => {
                let b = if op == BinOp::Sub {
                    num(b)?.neg()
                } else {
                    num(b)?
                };
                match num(a)?.add(b).ok_or_else(bad)? {
                    x if x.den == 1 && x.eps == 0 && matches!((a, b), (V::Int(_), _)) => {
                        V::Int(x.num)
                    }
                    x => V::Amount(x),
                }
            }
            BinOp::Mul => match (a, b) {
                (V::Int(x), V::Int(y)) => V::Int(x.checked_mul(y).ok_or_else(bad)?),
                _ => {
                    let (x, y) = (num(a)?, num(b)?);
                    if x.eps != 0 && y.eps != 0 {
                        return Err(bad());
                    }
                    let (s, t) = if x.eps == 0 { (x, y) } else { (y, x) };
                    // s is rational: s·(q + eε) = s·q + (s·e)ε, kept only for whole s·e.
                    let scaled = s.num.checked_mul(i128::from(t.eps)).ok_or_else(bad)?;
                    if scaled % s.den != 0 {
                        return Err(bad());
                    }
                    let eps = i64::try_from(scaled / s.den).map_err(|_| bad())?;
                    V::Amount(
                        Amount::new(
                            s.num.checked_mul(t.num).ok_or_else(bad)?,
                            s.den.checked_mul(t.den).ok_or_else(bad)?,
                            eps,
                        )
                        .ok_or_else(bad)?,
                    )
                }
            },
            // A fraction's `/` divides as fractions (the checker's reading where a frac is expected).
            BinOp::Div | BinOp::FracDiv => {
                let (x, y) = (num(a)?, num(b)?);
                if y.eps != 0 || x.eps != 0 || y.num == 0 {
                    return Err(bad());
                }
                let n = x.num.checked_mul(y.den).ok_or_else(bad)?;
                let d = x.den.checked_mul(y.num).ok_or_else(bad)?;
                V::Amount(Amount::new(n, d, 0).ok_or_else(bad)?)
            }
            _ => return Err(bad()),
        })
    }
}

fn same(a: V, b: V) -> bool {
    match (a.amount(), b.amount()) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

/// Whether every use of a state parameter (`states`) in `e` is an operand of
/// `==`/`!=` whose other side mentions no parameter at all.
fn compares_states_with_constants(e: &Expr, states: &[Name], params: &[Name]) -> Result<(), Span> {
    fn mentions(e: &Expr, names: &[Name]) -> bool {
        let mut found = false;
        each_node(e, &mut |x| {
            if let ExprKind::Name(n) = &x.kind {
                found |= names.contains(&n.name);
            }
        });
        found
    }
    match &e.kind {
        ExprKind::Binary(BinOp::Eq | BinOp::Ne, a, b) => {
            let is_state =
                |x: &Expr| matches!(&x.kind, ExprKind::Name(n) if states.contains(&n.name));
            let ok = (is_state(a) && !mentions(b, params))
                || (is_state(b) && !mentions(a, params))
                || (!mentions(a, states) && !mentions(b, states));
            if ok {
                Ok(())
            } else {
                Err(e.span)
            }
        }
        ExprKind::Name(n) if states.contains(&n.name) => Err(e.span),
        ExprKind::Unary(_, x) => compares_states_with_constants(x, states, params),
        ExprKind::Binary(_, a, b) => {
            compares_states_with_constants(a, states, params)?;
            compares_states_with_constants(b, states, params)
        }
        ExprKind::Cond(c, a, b) => {
            compares_states_with_constants(c, states, params)?;
            compares_states_with_constants(a, states, params)?;
            compares_states_with_constants(b, states, params)
        }
        _ => Ok(()),
    }
}

/// Calls `f` on `e` and on every node under it, outermost first, through
/// the operators a protocol's functions are evaluated over (anything else
/// leaves the check undecided in [`Evaluator::eval`]).
fn each_node(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    match &e.kind {
        ExprKind::Unary(_, x) => each_node(x, f),
        ExprKind::Binary(_, a, b) => {
            each_node(a, f);
            each_node(b, f);
        }
        ExprKind::Cond(c, a, b) => {
            each_node(c, f);
            each_node(a, f);
            each_node(b, f);
        }
        _ => {}
    }
}

/// The integers a protocol names: its literals and integer constants.
fn literals(e: &Expr, constants: &HashMap<Name, Const>, out: &mut Vec<i128>) {
    each_node(e, &mut |x| {
        let i = match &x.kind {
            ExprKind::Int(i) => i.get(),
            ExprKind::Name(n) => match constants.get(&n.name) {
                Some(Const::Int(i)) => *i,
                _ => return,
            },
            _ => return,
        };
        if !out.contains(&i) {
            out.push(i);
        }
    });
}

fn names_in(e: &Expr, out: &mut Vec<Name>) {
    each_node(e, &mut |x| {
        if let ExprKind::Name(n) = &x.kind {
            out.push(n.name);
        }
    });
}

/// A reachable snapshot: the value, and the view of each role with shares.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Snapshot {
    value: i128,
    views: Vec<i128>,
}

/// Checks the protocol for the initial value `init` (the constructor's
/// argument, at `site`): the values the atomic integer can take (None: not
/// known, the protocol is sane whatever they are), a `shareSanity` failure,
/// or notSupported when it cannot be decided.
pub(super) fn check(p: &Protocol<'_>, init: &Expr, site: Span) -> Sanity {
    if no_role_has_shares(p) {
        // Only the threads' own shares can make the total grow: with none,
        // any protocol is sane, whatever its states.
        return Sanity::Sane(None);
    }
    match decide(p, init, site) {
        Ok(Ok(values)) => Sanity::Sane(Some(values)),
        Ok(Err(d)) => Sanity::Violation(d),
        Err(Undecided(span, why)) => Sanity::Undecided(Diagnostic::not_supported(
            span,
            format!(
                "deciding this AtomicInteger protocol's sanity (shareSanity), which needs a protocol whose states are literals or constants, or an initial value and a `trans` the backend can reason about: {why}"
            ),
        )),
    }
}

/// What the exploration found.
pub(super) enum Sanity {
    /// Sane; the values the integer can take (None: not computed).
    Sane(Option<Vec<i128>>),
    /// A snapshot with more resource than was given (`shareSanity`).
    Violation(Diagnostic),
    /// States beyond literals: left to [`obligation`] (the notSupported
    /// diagnostic where that cannot be written either).
    Undecided(Diagnostic),
}

/// For a protocol the exploration cannot decide (its states are not
/// literals: the CountDownLatch counts down from a ghost `num`), a
/// sufficient condition of sanity over the initial value `init`, for the
/// backend to prove where the `new` is, with the caller's facts (`num > 0`).
/// With `values(w)` the values the integer can take, for every such w:
///
/// (a) if some role can step from w, every role's share at w is its share at
///     the start (`share(r, w) == share(r, v0)`);
/// (b) every role's share at w is at least its share at the start;
/// (c) Σ_r share(r, w) ≤ share(S, w) + Σ_r share(r, v0).
///
/// Why that is enough (the accounting of the module doc, with one more
/// source): from a *terminal* value, which no role can step from, no
/// `compareAndSet` succeeds, so what the synchroniser holds there,
/// `share(S, w)`, is never exchanged again, and `set` takes nothing from
/// it. A view that grows at w is paid from it. By (a) views grow only at
/// terminal values; by (b) a view that moves there gains at most
/// `share(r, w) − share(r, v0)`; by (c) all roles together (one thread each:
/// a role with shares acts with its whole handle) gain at most what the
/// synchroniser holds there. Leaving w (by a stale `set`) drops what is left
/// of it; the paid views keep what they were paid. So the total never
/// exceeds what was given. `get`'s witness fact stays sound: the
/// synchroniser's share at w is what it still holds plus what it paid, both
/// held apart from the witness.
/// `values` is the invariant of the values, over the name it gives (none: any
/// value).
pub(super) fn obligation(
    p: &Protocol<'_>,
    init: &Expr,
    values: Option<(Expr, Name)>,
    span: Span,
) -> Expr {
    let e = |kind| Expr { kind, span };
    let bin = |op, a: Expr, b: Expr| e(ExprKind::Binary(op, Box::new(a), Box::new(b)));
    let name = |n: Name| e(ExprKind::Name(Ident { name: n, span }));
    let int = |i: i128| e(ExprKind::Int(IntValue::from(i)));
    let call = |f: &Function, args: Vec<Expr>| {
        e(ExprKind::Call(Box::new(Call {
            recv: None,
            name: Ident {
                name: f.name.name,
                span,
            },
            args,
            given: Vec::new(),
            yields: Vec::new(),
            with: Vec::new(),
            then: Vec::new(),
        })))
    };
    let all = |op, xs: Vec<Expr>, unit: bool| {
        xs.into_iter()
            .reduce(|a, b| bin(op, a, b))
            .unwrap_or_else(|| e(ExprKind::Bool(unit)))
    };
    let sum = |xs: Vec<Expr>| {
        xs.into_iter()
            .reduce(|a, b| bin(BinOp::Add, a, b))
            .unwrap_or_else(|| int(0))
    };
    // No program name has a `$`.
    let (w, n) = (Name::from("$w"), Name::from("$n"));
    let roles = p.roles;
    let share = |r: Name, v: &Expr| call(p.share, vec![name(r), v.clone()]);
    let at_start = |r: Name| share(r, init);
    // (a), (b) and (c) at the value v (`values(v)` assumed).
    let rule = |v: &Expr| {
        let steps = all(
            BinOp::Or,
            roles
                .iter()
                .map(|&r| call(p.trans, vec![name(r), v.clone(), name(n)]))
                .collect(),
            false,
        );
        let unchanged = all(
            BinOp::And,
            roles
                .iter()
                .map(|&r| bin(BinOp::Eq, share(r, v), at_start(r)))
                .collect(),
            true,
        );
        let a = forall(n, bin(BinOp::Implies, steps, unchanged), span);
        let grows = roles
            .iter()
            .map(|&r| bin(BinOp::Ge, share(r, v), at_start(r)));
        let fits = bin(
            BinOp::Le,
            sum(roles.iter().map(|&r| share(r, v)).collect()),
            bin(
                BinOp::Add,
                share(Name::from("S"), v),
                sum(roles.iter().map(|&r| at_start(r)).collect()),
            ),
        );
        all(
            BinOp::And,
            std::iter::once(a).chain(grows).chain([fits]).collect(),
            true,
        )
    };
    let in_values = |v: &Expr| match &values {
        Some((b, x)) => substitute(b, *x, v),
        None => e(ExprKind::Bool(true)),
    };
    // Split at the values the protocol names: each of them on its own, the
    // rest under one quantifier that knows it is none of them (Z3 decides
    // `(num - w)/num` at w = 0 on its own, not under a quantifier).
    let mut named = Vec::new();
    for f in [p.share, p.trans] {
        if let Some(b) = &f.body {
            literals(b, p.constants, &mut named);
        }
    }
    named.sort_unstable();
    let var = name(w);
    let others = all(
        BinOp::And,
        std::iter::once(in_values(&var))
            .chain(named.iter().map(|&k| bin(BinOp::Ne, var.clone(), int(k))))
            .collect(),
        true,
    );
    let rest = forall(w, bin(BinOp::Implies, others, rule(&var)), span);
    let each = named.iter().map(|&k| {
        let v = int(k);
        bin(BinOp::Implies, in_values(&v), rule(&v))
    });
    all(BinOp::And, each.chain([rest]).collect(), true)
}

/// `(\forall int x; body)`.
fn forall(x: Name, body: Expr, span: Span) -> Expr {
    let binder = Binder {
        ty: Type {
            kind: TypeKind::Int,
            span,
        },
        name: Ident { name: x, span },
    };
    Expr {
        kind: ExprKind::Quant(Box::new(Quant {
            q: Quantifier::Forall,
            binders: vec![binder],
            ranges: Vec::new(),
            cond: None,
            body: Box::new(body),
        })),
        span,
    }
}

/// `e` with the name `x` replaced by `v`.
fn substitute(e: &Expr, x: Name, v: &Expr) -> Expr {
    let mut out = e.clone();
    crate::syntax::walk::each_expr_mut(&mut out, &mut |y| {
        if matches!(&y.kind, ExprKind::Name(n) if n.name == x) {
            *y = v.clone();
        }
    });
    out
}

/// Whether `e` can be evaluated again before the statement holding it: no
/// call, allocation or assignment in it.
pub(super) fn is_plain(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Name(_) | ExprKind::This => true,
        ExprKind::Select(r, _) | ExprKind::Unary(_, r) => is_plain(r),
        ExprKind::Binary(_, a, b) => is_plain(a) && is_plain(b),
        ExprKind::Cond(c, a, b) => is_plain(c) && is_plain(a) && is_plain(b),
        _ => false,
    }
}

/// Whether every thread role's share is 0 whatever its view, as its `share`
/// computes it without looking at the view (`r == S && …` is false for T).
fn no_role_has_shares(p: &Protocol<'_>) -> bool {
    let ev = Evaluator {
        constants: p.constants,
    };
    p.roles.iter().all(|&r| {
        matches!(
            ev.call(p.share, &[V::Role(r), V::Unknown]).map(V::amount),
            Ok(Some(a)) if a.is_zero()
        )
    })
}

fn decide(p: &Protocol<'_>, init: &Expr, site: Span) -> Eval<Result<Vec<i128>, Diagnostic>> {
    let ev = Evaluator {
        constants: p.constants,
    };
    let v0 = match ev.eval(init, &HashMap::new())? {
        V::Int(i) => i,
        _ => {
            return Err(Undecided(
                init.span,
                "an initial value that is not a constant integer".into(),
            ))
        }
    };
    for (f, n) in [(p.share, 1), (p.trans, 2)] {
        let params: Vec<Name> = f.params.iter().map(|x| x.name.name).collect();
        if params.len() != n + 1 {
            return Err(Undecided(
                f.name.span,
                "a signature other than the protocol's".into(),
            ));
        }
        let body = f
            .body
            .as_ref()
            .ok_or_else(|| Undecided(f.name.span, format!("{} has no body", f.name.name)))?;
        compares_states_with_constants(body, &params[1..], &params).map_err(|span| {
            Undecided(
                span,
                "a state compared with something other than a constant".into(),
            )
        })?;
    }
    let mut states = vec![v0];
    for f in [p.share, p.trans] {
        if let Some(b) = &f.body {
            literals(b, p.constants, &mut states);
        }
    }
    // One more value stands for every value the protocol does not name.
    let other = states.iter().max().copied().unwrap_or(0) + 1;
    let all: Vec<i128> = states.iter().copied().chain([other]).collect();
    let role = |r: Name| V::Role(r);
    let share = |r: Name, w: i128| -> Eval<Amount> {
        ev.call(p.share, &[role(r), V::Int(w)])?
            .amount()
            .ok_or_else(|| Undecided(p.share.name.span, "a share that is not an amount".into()))
    };
    let trans = |r: Name, c: i128, n: i128| -> Eval<bool> {
        match ev.call(p.trans, &[role(r), V::Int(c), V::Int(n)])? {
            V::Bool(b) => Ok(b),
            _ => Err(Undecided(
                p.trans.name.span,
                "a transition that is not a boolean".into(),
            )),
        }
    };
    let mut moves: HashMap<Name, Vec<(i128, i128)>> = HashMap::new();
    for &r in p.roles {
        let mut m = Vec::new();
        for &c in &all {
            for &n in &all {
                if trans(r, c, n)? {
                    if c == other || n == other {
                        return Err(Undecided(
                            p.trans.name.span,
                            format!(
                                "role {r} may move to or from a state the protocol does not name"
                            ),
                        ));
                    }
                    m.push((c, n));
                }
            }
        }
        moves.insert(r, m);
    }
    let mut shared = Vec::new();
    for &r in p.roles {
        let mut any = false;
        for &w in &all {
            any |= !share(r, w)?.is_zero();
        }
        if any {
            shared.push(r);
        }
    }
    let start: HashMap<Name, Amount> = shared
        .iter()
        .map(|&r| Ok((r, share(r, v0)?)))
        .collect::<Eval<_>>()?;
    let names = StateNames::new(
        p.constants,
        [Some(init), p.trans.body.as_ref(), p.share.body.as_ref()],
    );
    // The values the synchroniser has had: where threads without shares may have their views.
    let mut seen: HashSet<i128> = HashSet::from([v0]);
    loop {
        let first = Snapshot {
            value: v0,
            views: vec![v0; shared.len()],
        };
        let mut parent: HashMap<Snapshot, Option<(Snapshot, String)>> = HashMap::new();
        parent.insert(first.clone(), None);
        let mut queue = VecDeque::from([first]);
        while let Some(s) = queue.pop_front() {
            // The sum over the roles with shares, against the start.
            let mut gain = Amount::int(0);
            for (i, &r) in shared.iter().enumerate() {
                let now = share(r, s.views[i])?;
                gain = gain
                    .add(
                        now.add(start[&r].neg())
                            .ok_or_else(|| Undecided(site, "amounts too large".into()))?,
                    )
                    .ok_or_else(|| Undecided(site, "amounts too large".into()))?;
            }
            if gain.positive() {
                return Ok(Err(violation(&s, &parent, &shared, gain, v0, &names, site)));
            }
            for (next, step) in successors(&s, &shared, p.roles, &moves, &seen, &names) {
                if !parent.contains_key(&next) {
                    parent.insert(next.clone(), Some((s.clone(), step)));
                    queue.push_back(next);
                }
            }
        }
        let values: HashSet<i128> = parent.keys().map(|s| s.value).collect();
        if values.is_subset(&seen) {
            let mut values: Vec<i128> = values.into_iter().collect();
            values.sort_unstable();
            return Ok(Ok(values));
        }
        seen.extend(values);
    }
}

/// Each step one thread may take from `s`, with its description.
fn successors(
    s: &Snapshot,
    shared: &[Name],
    roles: &[Name],
    moves: &HashMap<Name, Vec<(i128, i128)>>,
    seen: &HashSet<i128>,
    names: &StateNames,
) -> Vec<(Snapshot, String)> {
    let mut out = Vec::new();
    let n = |v: i128| names.show(v);
    for &r in roles {
        match shared.iter().position(|x| *x == r) {
            Some(i) => {
                let w = s.views[i];
                if w != s.value {
                    let mut t = s.clone();
                    t.views[i] = s.value;
                    out.push((t, format!("{r} reads {}", n(s.value))));
                }
                for &(c, to) in &moves[&r] {
                    if c != w {
                        continue;
                    }
                    let mut t = s.clone();
                    t.value = to;
                    t.views[i] = to;
                    let what = if s.value == c { "compareAndSet" } else { "set" };
                    out.push((t, format!("{r}: {what}({} → {})", n(c), n(to))));
                }
            }
            None => {
                // Any number of threads, with views wherever the value has been.
                for &(c, to) in &moves[&r] {
                    if c == s.value || seen.contains(&c) {
                        let mut t = s.clone();
                        t.value = to;
                        out.push((t, format!("a thread of {r}: set({} → {})", n(c), n(to))));
                    }
                }
            }
        }
    }
    out
}

fn violation(
    s: &Snapshot,
    parent: &HashMap<Snapshot, Option<(Snapshot, String)>>,
    shared: &[Name],
    gain: Amount,
    v0: i128,
    names: &StateNames,
    site: Span,
) -> Diagnostic {
    let mut steps = Vec::new();
    let mut at = s;
    while let Some(Some((prev, step))) = parent.get(at) {
        steps.push(step.clone());
        at = prev;
    }
    steps.reverse();
    let views: Vec<String> = shared
        .iter()
        .zip(&s.views)
        .map(|(r, w)| format!("{r}'s view {}", names.show(*w)))
        .collect();
    let message = format!(
        "this AtomicInteger protocol can create resource: from {}, {} reach the value {} with {}, where the roles' shares exceed their shares at the start by {}, which no one gave up",
        names.show(v0),
        steps.join(", "),
        names.show(s.value),
        views.join(", "),
        gain.show(),
    );
    Diagnostic::failure(FailureCode::ShareSanity, site, message)
}

/// Integers shown by the name of a constant with that value: one the
/// protocol writes first, else any (in name order).
struct StateNames(HashMap<i128, Name>);

impl StateNames {
    fn new<'a>(
        constants: &HashMap<Name, Const>,
        written: impl IntoIterator<Item = Option<&'a Expr>>,
    ) -> StateNames {
        let mut by_value: HashMap<i128, Name> = HashMap::new();
        let mut names = Vec::new();
        for e in written.into_iter().flatten() {
            names_in(e, &mut names);
        }
        for n in names {
            if let Some(Const::Int(i)) = constants.get(&n) {
                by_value.entry(*i).or_insert(n);
            }
        }
        let mut sorted: Vec<(&Name, &Const)> = constants.iter().collect();
        sorted.sort_by_key(|(n, _)| n.as_str().to_owned());
        for (n, c) in sorted {
            if let Const::Int(i) = c {
                by_value.entry(*i).or_insert(*n);
            }
        }
        StateNames(by_value)
    }
    fn show(&self, v: i128) -> String {
        self.0
            .get(&v)
            .map_or_else(|| v.to_string(), |n| n.to_string())
    }
}

/// For a protocol whose states are not the literals of a finite set (the
/// thesis's Semaphore: `c > 0 && n == c - 1 || c < num && n == c + 1`), an
/// invariant of the values the integer takes, read off `trans`, inductive
/// by construction: each step `n == c - 1` guarded by `c > L` (or `c >= L`)
/// lands at or above L (L − 1), each `n == c + 1` guarded by `c < U`
/// (`c <= U`) at or below U (U + 1), and a step that keeps the value keeps
/// both. So `(v ≥ L1 ∨ v ≥ L2 …) ∧ (v ≤ U1 ∨ …)` holds after every step from
/// a state where it held (a step up keeps the lower bound, a step down the
/// upper one); a direction with no steps adds no bound. The bounds may name
/// `params`' literals and `fixed` (final fields: they never change), nothing
/// else; any other step shape gives no invariant (None). The constructor of
/// AtomicInteger requires it of the initial value.
pub(super) fn step_bounds(trans: &Function, fixed: &HashSet<Name>, v: &Ident) -> Option<Expr> {
    let [_, c, n] = trans.params.as_slice() else {
        return None;
    };
    let (c, n) = (c.name.name, n.name.name);
    let body = trans.body.as_ref()?;
    let mut lows: Vec<Expr> = Vec::new();
    let mut highs: Vec<Expr> = Vec::new();
    let (mut downs, mut ups) = (0usize, 0usize);
    for clause in split(body, BinOp::Or) {
        let atoms = split(clause, BinOp::And);
        let mut step = None;
        for a in &atoms {
            if let Some(d) = update(a, c, n) {
                step = Some(d);
            }
        }
        let bound = |want_low: bool| atoms.iter().find_map(|a| guard(a, c, n, fixed, want_low));
        match step? {
            0 => {}
            -1 => {
                downs += 1;
                lows.push(bound(true)?);
            }
            1 => {
                ups += 1;
                highs.push(bound(false)?);
            }
            _ => return None,
        }
    }
    let span = v.span;
    let e = |kind| Expr { kind, span };
    let var = || e(ExprKind::Name(v.clone()));
    let any = |op: BinOp, bs: Vec<Expr>| {
        bs.into_iter()
            .map(|b| e(ExprKind::Binary(op, Box::new(var()), Box::new(b))))
            .reduce(|a, b| e(ExprKind::Binary(BinOp::Or, Box::new(a), Box::new(b))))
    };
    let parts: Vec<Expr> = [
        (downs > 0).then(|| any(BinOp::Ge, lows)).flatten(),
        (ups > 0).then(|| any(BinOp::Le, highs)).flatten(),
    ]
    .into_iter()
    .flatten()
    .collect();
    parts
        .into_iter()
        .reduce(|a, b| e(ExprKind::Binary(BinOp::And, Box::new(a), Box::new(b))))
}

fn split(e: &Expr, op: BinOp) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::Binary(o, a, b) if *o == op => {
            let mut v = split(a, op);
            v.extend(split(b, op));
            v
        }
        _ => vec![e],
    }
}

fn is_name(e: &Expr, x: Name) -> bool {
    matches!(&e.kind, ExprKind::Name(i) if i.name == x)
}

/// `n == c + d` (either side) as d ∈ {−1, 0, 1}.
fn update(a: &Expr, c: Name, n: Name) -> Option<i128> {
    let ExprKind::Binary(BinOp::Eq, l, r) = &a.kind else {
        return None;
    };
    let rhs = if is_name(l, n) {
        r
    } else if is_name(r, n) {
        l
    } else {
        return None;
    };
    if is_name(rhs, c) {
        return Some(0);
    }
    let ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), x, k) = &rhs.kind else {
        return None;
    };
    let ExprKind::Int(k) = &k.kind else {
        return None;
    };
    let k = k.get();
    match (is_name(x, c), op, k) {
        (true, BinOp::Add, 1) | (true, BinOp::Sub, -1) => Some(1),
        (true, BinOp::Sub, 1) | (true, BinOp::Add, -1) => Some(-1),
        _ => None,
    }
}

/// From a guard on `c`, the bound on the next state: for a step down,
/// `c > L` gives L and `c >= L` gives L − 1; for a step up, `c < U` gives U
/// and `c <= U` gives U + 1. The bound may name only literals and `fixed`.
fn guard(a: &Expr, c: Name, n: Name, fixed: &HashSet<Name>, low: bool) -> Option<Expr> {
    let ExprKind::Binary(op, l, r) = &a.kind else {
        return None;
    };
    // Written as `c op B`, or mirrored `B op' c`.
    let (op, b) = if is_name(l, c) {
        (*op, r)
    } else if is_name(r, c) {
        let mirrored = match op {
            BinOp::Lt => BinOp::Gt,
            BinOp::Le => BinOp::Ge,
            BinOp::Gt => BinOp::Lt,
            BinOp::Ge => BinOp::Le,
            _ => return None,
        };
        (mirrored, l)
    } else {
        return None;
    };
    let mut names = Vec::new();
    names_in(b, &mut names);
    if names
        .iter()
        .any(|x| *x == c || *x == n || !fixed.contains(x))
    {
        return None;
    }
    let span = b.span;
    let shift = |d: i128| Expr {
        kind: ExprKind::Binary(
            BinOp::Add,
            b.clone(),
            Box::new(Expr {
                kind: ExprKind::Int(IntValue::from(d)),
                span,
            }),
        ),
        span,
    };
    match (low, op) {
        (true, BinOp::Gt) | (false, BinOp::Lt) => Some((**b).clone()),
        (true, BinOp::Ge) => Some(shift(-1)),
        (false, BinOp::Le) => Some(shift(1)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Code;
    use crate::syntax::java::parse_java;
    use crate::syntax::span::FileId;

    /// Checks the protocol written in class `text` from its constant `init`.
    fn run(text: &str, roles: &[&str], init: &str) -> Result<Option<Vec<i128>>, Diagnostic> {
        let unit = parse_java(FileId(0), text).expect("parses");
        let Some(Decl::Class(c)) = unit.decls.first() else {
            panic!("a class");
        };
        let mut functions = HashMap::new();
        let mut constants = HashMap::new();
        for m in &c.members {
            match m {
                Member::Function(f) => {
                    functions.insert(f.name.name.to_string(), f.clone());
                }
                Member::Field(f) => {
                    if let Some(ExprKind::Int(i)) = f.init.as_ref().map(|e| &e.kind) {
                        constants.insert(f.name.name, Const::Int(i.get()));
                    }
                }
                _ => {}
            }
        }
        let roles: Vec<Name> = roles.iter().map(|r| Name::from(*r)).collect();
        let init = Expr {
            kind: ExprKind::Name(Ident {
                name: Name::from(init),
                span: Span::default(),
            }),
            span: Span::default(),
        };
        let p = Protocol {
            roles: &roles,
            share: &functions["share"],
            trans: &functions["trans"],
            constants: &constants,
        };
        match check(&p, &init, Span::default()) {
            Sanity::Sane(v) => Ok(v),
            Sanity::Violation(d) | Sanity::Undecided(d) => Err(d),
        }
    }

    /// The step bounds of `trans` in class `text`, printed.
    fn bounds(text: &str) -> Option<String> {
        let unit = parse_java(FileId(0), text).expect("parses");
        let Some(Decl::Class(c)) = unit.decls.first() else {
            panic!("a class");
        };
        let trans = c.members.iter().find_map(|m| match m {
            Member::Function(f) if f.name.name == "trans" => Some(f),
            _ => None,
        });
        let fixed: HashSet<Name> = [Name::from("num")].into_iter().collect();
        let v = Ident {
            name: Name::from("v"),
            span: Span::default(),
        };
        step_bounds(trans.expect("trans"), &fixed, &v).map(|e| show(&e))
    }

    fn show(e: &Expr) -> String {
        match &e.kind {
            ExprKind::Name(n) => n.name.to_string(),
            ExprKind::Int(i) => i.get().to_string(),
            ExprKind::Binary(op, a, b) => format!("{} {} {}", show(a), op.symbol(), show(b)),
            k => format!("{k:?}"),
        }
    }

    #[test]
    fn bounds_come_from_the_guards_of_unit_steps() {
        let semaphore = "class S { /*@ boolean trans(role r, int c, int n) {
            return (r == T && c > 0 && n == c - 1) || (r == T && c < num && n == c + 1); } @*/ }";
        assert_eq!(bounds(semaphore).as_deref(), Some("v >= 0 && v <= num"));
        // `c >= 1` before a step down keeps 1 - 1; a step that keeps the value adds nothing.
        let latch = "class L { /*@ boolean trans(role r, int c, int n) {
            return (c >= 1 && n == c - 1) || n == c; } @*/ }";
        assert_eq!(bounds(latch).as_deref(), Some("v >= 1 + -1"));
        // A step up with no guard: no upper bound, hence none at all.
        let open = "class O { /*@ boolean trans(role r, int c, int n) {
            return (c > 0 && n == c - 1) || n == c + 1; } @*/ }";
        assert_eq!(bounds(open), None);
        // A bound through a field that may change is no bound.
        let mutable = "class M { /*@ boolean trans(role r, int c, int n) {
            return c > lo && n == c - 1; } @*/ }";
        assert_eq!(bounds(mutable), None);
        // A jump to a state is not a unit step.
        let jump = "class J { /*@ boolean trans(role r, int c, int n) { return n == 4; } @*/ }";
        assert_eq!(bounds(jump), None);
    }

    const PRODUCER_CONSUMER: &str = "class PC { final int E = 0, F = 1; /*@
        pred trans(role r, int c, int n) = (r == P && c == E && n == F) || (r == C && c == F && n == E);
        frac share(role r, int s) { return (r == P && s == E) ? 1 : ((r == C && s == F) ? 1 : 0); } @*/ }";

    #[test]
    fn a_buffer_handed_back_and_forth_is_sane() {
        assert_eq!(
            run(PRODUCER_CONSUMER, &["P", "C"], "E"),
            Ok(Some(vec![0, 1]))
        );
    }

    #[test]
    fn a_view_share_with_no_source_is_reported_with_its_trace() {
        let lock = "class L { final int U = 0, K = 1; /*@
            pred trans(role r, int c, int n) = (c == U && n == K) || (c == K && n == U);
            frac share(role r, int s) { return (r == S && s == U) || (r == T && s == K) ? 1 : 0; } @*/ }";
        let d = run(lock, &["T"], "U").expect_err("creates resource");
        assert_eq!(d.code, Code::Failure(FailureCode::ShareSanity));
        assert!(
            d.message.contains("T: compareAndSet(U → K)") && d.message.contains("by 1,"),
            "{}",
            d.message
        );
    }

    #[test]
    fn a_read_share_published_from_a_whole_permission_is_reported() {
        // The thesis's SingleCell: the readers' +0 at D has no source.
        let cell = "class SC { final int E = 0, W = 1, D = 2; /*@
            pred trans(role r, int c, int n) = (c == E && n == W) || (c == W && n == D);
            frac share(role r, int v) { return (r == S && v == E) ? 1 :
              ((r == S && v == D) ? +0 : ((r == T && v == D) ? +0 : 0)); } @*/ }";
        let d = run(cell, &["T"], "E").expect_err("creates resource");
        assert!(d.message.contains("by +0"), "{}", d.message);
    }

    #[test]
    fn threads_without_shares_may_write_from_any_value_they_saw() {
        // Role W has no shares: its threads' views may be stale, so its set(A → B)
        // is possible after the value moved on; B, then C, are reachable.
        let p = "class X { final int A = 0, B = 1, C = 2; /*@
            pred trans(role r, int c, int n) = (r == W && c == A && n == B) || (r == V && c == B && n == C);
            frac share(role r, int s) { return (r == V && s == C) ? 1/2 : 0; } @*/ }";
        // V's view share grows from 0 (at A) to 1/2 (at C): reported.
        let d = run(p, &["W", "V"], "A").expect_err("creates resource");
        assert!(
            d.message.contains("a thread of W: set(A → B)"),
            "{}",
            d.message
        );
    }

    #[test]
    fn a_protocol_beyond_its_literals_is_left_undecided() {
        let step = "class St { /*@ pred trans(role r, int c, int n) = n == c + 1;
            frac share(role r, int s) { return s == Z ? 1 : 0; } @*/ final int Z = 0; }";
        let d = run(step, &["T"], "Z").expect_err("undecided");
        assert_eq!(d.code, Code::Error(crate::diag::ErrorCode::NotSupported));
    }

    #[test]
    fn without_thread_shares_any_protocol_is_sane() {
        // A ticket counter: infinitely many states, only the synchroniser holds anything.
        let tickets = "class Tk { /*@ pred trans(role r, int c, int n) = n == c + 1;
            frac share(role r, int s) { return r == S && s >= 0 ? 1 : 0; } @*/ final int Z = 0; }";
        assert_eq!(run(tickets, &["T"], "Z"), Ok(None));
    }

    #[test]
    fn amounts_order_read_shares_below_every_positive_fraction() {
        let eps = Amount {
            num: 0,
            den: 1,
            eps: 1,
        };
        assert!(eps.positive());
        let half = Amount::new(2, 4, 0).expect("amount");
        assert_eq!((half.num, half.den), (1, 2));
        assert!(half.add(eps.neg()).expect("sum").positive());
        assert!(!eps.add(half.neg()).expect("sum").positive());
        assert_eq!(eps.show(), "+0");
    }
}
