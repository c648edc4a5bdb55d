//! Pure expressions: verification IR → Boogie, read in a given heap and mask.
//! Well-definedness is checked separately ([`super::wd`]); this is the value.

use super::info::Info;
use super::ty::{boogie, Typer};
use super::Unsupported;
use crate::name::Name;
use crate::vir::{BinOp, Expr, ExprKind, LocalDecl, MapOp, Quantifier, Type, UnOp};
use std::collections::HashMap;

/// The state an expression is read in: heap and mask variables, and the
/// state `old(…)` refers to.
#[derive(Clone, Debug)]
pub struct St {
    pub heap: String,
    pub mask: String,
    pub old_heap: String,
    pub old_mask: String,
}

impl St {
    pub fn new(heap: &str, mask: &str, old_heap: &str, old_mask: &str) -> St {
        St {
            heap: heap.into(),
            mask: mask.into(),
            old_heap: old_heap.into(),
            old_mask: old_mask.into(),
        }
    }
    /// The same state with another mask (the heap stays).
    pub fn with_mask(&self, mask: &str) -> St {
        St {
            mask: mask.into(),
            ..self.clone()
        }
    }
    /// The state of `old(…)` or `old[L](…)`.
    pub fn old(&self, label: Option<&str>) -> St {
        match label {
            None => St::new(
                &self.old_heap,
                &self.old_mask,
                &self.old_heap,
                &self.old_mask,
            ),
            Some(l) => {
                let (h, m) = (label_heap(l), label_mask(l));
                St::new(&h, &m, &self.old_heap, &self.old_mask)
            }
        }
    }
}

pub fn label_heap(l: &str) -> String {
    format!("$LabelHeap_{l}")
}

pub fn label_mask(l: &str) -> String {
    format!("$LabelMask_{l}")
}

/// Boogie's reserved words and the prelude's names, which a program's own
/// names must not take.
const RESERVED: &[&str] = &[
    "axiom",
    "bool",
    "break",
    "bv",
    "call",
    "complete",
    "const",
    "div",
    "else",
    "ensures",
    "exists",
    "extends",
    "false",
    "finite",
    "forall",
    "free",
    "function",
    "goto",
    "havoc",
    "if",
    "implementation",
    "int",
    "invariant",
    "lambda",
    "mod",
    "modifies",
    "old",
    "procedure",
    "real",
    "requires",
    "return",
    "returns",
    "then",
    "true",
    "type",
    "unique",
    "var",
    "where",
    "while",
    "yield",
    "Heap",
    "Mask",
    "Ref",
    "Field",
    "Frame",
    "HeapType",
    "MaskType",
    "ZeroMask",
    "GoodMask",
    "EmptyFrame",
    "Seq",
    "Set",
    "MultiSet",
    "null",
];

/// A program name as a Boogie identifier (`#` cannot occur in weft's own names).
pub fn ident(name: &str) -> String {
    if RESERVED.contains(&name) {
        format!("{name}#")
    } else {
        name.to_string()
    }
}

/// Translation context: types of the names in scope, names replaced by
/// Boogie text (parameters by arguments, `let` and bound variables), and how
/// `result` reads.
pub struct Ctx<'a> {
    pub typer: Typer<'a>,
    pub subst: HashMap<Name, String>,
    pub result: Option<String>,
    /// Inside a function's definition, calls use the limited version so that
    /// the axiom unrolls one level per use.
    pub limited: bool,
    in_trigger: bool,
    /// Bound variables named so far.
    bound: usize,
}

impl<'a> Ctx<'a> {
    pub fn new(info: &'a Info<'a>) -> Ctx<'a> {
        Ctx {
            typer: Typer::new(info),
            subst: HashMap::new(),
            result: None,
            limited: false,
            in_trigger: false,
            bound: 0,
        }
    }

    pub fn info(&self) -> &'a Info<'a> {
        self.typer.info
    }

    pub fn declare(&mut self, d: &LocalDecl) {
        self.typer.vars.insert(d.name, d.ty.clone());
    }

    pub fn type_of(&self, e: &Expr) -> Type {
        self.typer.type_of(e)
    }

    /// Runs `f` with `name` standing for `text` (a `let`, a parameter, a bound variable).
    pub fn with_binding<T>(
        &mut self,
        d: &LocalDecl,
        text: String,
        f: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let old_sub = self.subst.insert(d.name, text);
        let old_ty = self.typer.vars.insert(d.name, d.ty.clone());
        let out = f(self);
        restore(&mut self.subst, d.name, old_sub);
        restore(&mut self.typer.vars, d.name, old_ty);
        out
    }

    /// Boogie text of a heap-dependent function application.
    pub fn app(&self, f: &str, args: Vec<String>, st: &St) -> String {
        let info = self.info();
        // A trigger names the limited twin: every application has one (the
        // twin's defining axiom), while an unfolding makes only the twin.
        let name = if (self.limited || self.in_trigger) && info.recursive.contains(f) {
            format!("{f}#limited")
        } else {
            f.to_string()
        };
        let mut all = Vec::new();
        if info.heap_functions.contains(f) {
            all.push(st.heap.clone());
        }
        all.extend(args);
        format!("{name}({})", all.join(", "))
    }

    pub fn expr(&mut self, e: &Expr, st: &St) -> Result<String, Unsupported> {
        use ExprKind as K;
        Ok(match &e.kind {
            K::IntLit(n) if n.get() < 0 => format!("(-{})", n.get().unsigned_abs()),
            K::IntLit(n) => n.get().to_string(),
            K::BoolLit(b) => b.to_string(),
            K::NullLit => "null".into(),
            K::Local(x) => match self.subst.get(x) {
                Some(t) => t.clone(),
                None => ident(x),
            },
            K::Result => self
                .result
                .clone()
                .ok_or_else(|| Unsupported::new("`result` outside a postcondition", e))?,
            K::FieldAccess(r, f) => format!("{}[{}, {}]", st.heap, self.expr(r, st)?, f),
            K::FuncApp(f, args) => {
                let args = self.exprs(args, st)?;
                self.app(f, args, st)
            }
            // The result type is given, since Boogie cannot always infer
            // type parameters; not inside triggers, which take no coercions.
            K::DomainFuncApp(f, args, _) if self.in_trigger => {
                format!("{f}({})", self.exprs(args, st)?.join(", "))
            }
            K::DomainFuncApp(f, args, t) => {
                let args = self.exprs(args, st)?;
                format!("({f}({}): {})", args.join(", "), boogie(t))
            }
            K::Unary(UnOp::Not, x) => format!("!{}", self.expr(x, st)?),
            K::Unary(UnOp::Neg, x) => format!("-{}", self.expr(x, st)?),
            K::Binary(BinOp::Wand, ..) => {
                return Err(Unsupported::new("a magic wand on the Boogie backend", e))
            }
            K::Binary(op, l, r) => self.binary(*op, l, r, st)?,
            K::Cond(c, a, b) => {
                let perm = self.type_of(e) == Type::Perm;
                format!(
                    "(if {} then {} else {})",
                    self.expr(c, st)?,
                    self.as_type(a, perm, st)?,
                    self.as_type(b, perm, st)?
                )
            }
            K::Old(label, x) => self.expr(x, &st.old(label.as_deref()))?,
            // A resource read as a value (a guard of a function axiom, say)
            // holds: permissions are checked where the assertion is exhaled.
            K::FieldAcc(..) | K::PredicateAcc(..) => "true".into(),
            K::CurPermField(r, f) => format!("{}[{}, {}]", st.mask, self.expr(r, st)?, f),
            K::CurPermPredicate(p, args) => {
                format!("{}[null, {}]", st.mask, self.predicate_loc(p, args, st)?)
            }
            K::FullPerm => "1.0".into(),
            K::NoPerm => "0.0".into(),
            K::Wildcard => return Err(Unsupported::new("a wildcard permission here", e)),
            K::Quant {
                q,
                vars,
                triggers,
                body,
            } => self.quant(*q, vars, triggers, body, st)?,
            K::Let(d, v, body) => {
                let v = format!("({})", self.expr(v, st)?);
                self.with_binding(d, v, |c| c.expr(body, st))?
            }
            // The condition is a well-definedness check (`wd`).
            K::Unfolding(_, body) | K::Asserting(_, body) => self.expr(body, st)?,
            K::SeqLit(t, items) if items.is_empty() => {
                format!("(Seq#Empty(): Seq {})", boogie_arg(t))
            }
            K::SeqLit(_, items) => {
                let mut parts = Vec::with_capacity(items.len());
                for x in items {
                    parts.push(format!("Seq#Singleton({})", self.expr(x, st)?));
                }
                left_nested("Seq#Append", None, parts)
            }
            K::SetLit(t, items) => self.build("Set", t, items, st)?,
            K::MultisetLit(t, items) => self.build("MultiSet", t, items, st)?,
            K::Size(x) => {
                let f = match self.type_of(x) {
                    Type::Set(_) => "Set#Card",
                    Type::Multiset(_) => "MultiSet#Card",
                    Type::Map(..) => "Map#Card",
                    _ => "Seq#Length",
                };
                format!("{f}({})", self.expr(x, st)?)
            }
            K::SeqIndex(s, i) => format!("Seq#Index({}, {})", self.expr(s, st)?, self.expr(i, st)?),
            K::SeqUpdate(s, i, v) => format!(
                "Seq#Update({}, {}, {})",
                self.expr(s, st)?,
                self.expr(i, st)?,
                self.expr(v, st)?
            ),
            K::SeqSlice(s, lo, hi) => {
                let mut out = self.expr(s, st)?;
                if let Some(hi) = hi {
                    out = format!("Seq#Take({out}, {})", self.expr(hi, st)?);
                }
                if let Some(lo) = lo {
                    out = format!("Seq#Drop({out}, {})", self.expr(lo, st)?);
                }
                out
            }
            K::Map(op, args, t) => {
                let args = self.exprs(args, st)?;
                match op {
                    MapOp::Empty if self.in_trigger => "Map#Empty()".into(),
                    MapOp::Empty => format!("(Map#Empty(): {})", boogie(t)),
                    MapOp::Update => format!("Map#Build({})", args.join(", ")),
                    MapOp::Get => format!("Map#Get({})", args.join(", ")),
                    MapOp::Domain => format!("Map#Domain({})", args.join(", ")),
                    MapOp::Range => format!("Map#Values({})", args.join(", ")),
                }
            }
        })
    }

    pub fn exprs(&mut self, es: &[Expr], st: &St) -> Result<Vec<String>, Unsupported> {
        es.iter().map(|a| self.expr(a, st)).collect()
    }

    /// The mask key of a predicate instance.
    pub fn predicate_loc(
        &mut self,
        p: &str,
        args: &[Expr],
        st: &St,
    ) -> Result<String, Unsupported> {
        Ok(format!("{p}({})", self.exprs(args, st)?.join(", ")))
    }

    /// An expression as a permission (`real`) when `perm`, converting ints.
    pub fn as_type(&mut self, e: &Expr, perm: bool, st: &St) -> Result<String, Unsupported> {
        let s = self.expr(e, st)?;
        Ok(if perm && self.type_of(e) == Type::Int {
            to_real(&s)
        } else {
            s
        })
    }

    fn binary(&mut self, op: BinOp, l: &Expr, r: &Expr, st: &St) -> Result<String, Unsupported> {
        use BinOp as B;
        let (lt, rt) = (self.type_of(l), self.type_of(r));
        let perm = lt == Type::Perm || rt == Type::Perm;
        let arith = |c: &mut Self, sym: &str| -> Result<String, Unsupported> {
            Ok(format!(
                "({} {sym} {})",
                c.as_type(l, perm, st)?,
                c.as_type(r, perm, st)?
            ))
        };
        Ok(match op {
            B::Add => arith(self, "+")?,
            B::Sub => arith(self, "-")?,
            B::Mul => arith(self, "*")?,
            B::Div if lt == Type::Perm => arith(self, "/")?,
            B::Div => arith(self, "div")?,
            B::Mod => arith(self, "mod")?,
            B::PermDiv => match literal_fraction(l, r) {
                Some(lit) => lit,
                None => format!(
                    "({} / {})",
                    self.as_type(l, true, st)?,
                    self.as_type(r, true, st)?
                ),
            },
            B::Lt => arith(self, "<")?,
            B::Le => arith(self, "<=")?,
            B::Gt => arith(self, ">")?,
            B::Ge => arith(self, ">=")?,
            B::Eq | B::Ne => match equality(&lt) {
                Some(f) => {
                    let eq = format!("{f}({}, {})", self.expr(l, st)?, self.expr(r, st)?);
                    if op == B::Ne {
                        format!("!{eq}")
                    } else {
                        eq
                    }
                }
                None if op == B::Ne => arith(self, "!=")?,
                None => arith(self, "==")?,
            },
            B::And => format!("({} && {})", self.expr(l, st)?, self.expr(r, st)?),
            B::Or => format!("({} || {})", self.expr(l, st)?, self.expr(r, st)?),
            B::Implies => format!("({} ==> {})", self.expr(l, st)?, self.expr(r, st)?),
            B::Wand => return Err(Unsupported::new("a magic wand on the Boogie backend", l)),
            B::SeqConcat => format!("Seq#Append({}, {})", self.expr(l, st)?, self.expr(r, st)?),
            B::In => match rt {
                Type::Seq(_) => {
                    format!("Seq#Contains({}, {})", self.expr(r, st)?, self.expr(l, st)?)
                }
                _ => format!("{}[{}]", self.expr(r, st)?, self.expr(l, st)?),
            },
            B::Union | B::Intersection | B::Setminus | B::Subset => {
                let kind = if matches!(lt, Type::Multiset(_)) {
                    "MultiSet"
                } else {
                    "Set"
                };
                let f = match op {
                    B::Union => "Union",
                    B::Intersection => "Intersection",
                    B::Setminus => "Difference",
                    _ => "Subset",
                };
                format!("{kind}#{f}({}, {})", self.expr(l, st)?, self.expr(r, st)?)
            }
        })
    }

    fn quant(
        &mut self,
        q: Quantifier,
        vars: &[LocalDecl],
        triggers: &[Vec<Expr>],
        body: &Expr,
        st: &St,
    ) -> Result<String, Unsupported> {
        // Bound variables get names of their own (`i#3`): a parameter's
        // argument text substituted under the quantifier cannot be captured.
        let names: Vec<String> = vars
            .iter()
            .map(|d| {
                self.bound += 1;
                format!("{}#{}", ident(&d.name), self.bound)
            })
            .collect();
        let saved: Vec<_> = vars
            .iter()
            .zip(&names)
            .map(|(d, n)| {
                (
                    self.subst.insert(d.name, n.clone()),
                    self.typer.vars.insert(d.name, d.ty.clone()),
                )
            })
            .collect();
        let result = (|| {
            let decls: Vec<String> = vars
                .iter()
                .zip(&names)
                .map(|(d, n)| format!("{n}: {}", boogie(&d.ty)))
                .collect();
            let mut trig = String::new();
            self.in_trigger = true;
            let texts: Result<Vec<_>, _> = triggers.iter().map(|t| self.exprs(t, st)).collect();
            self.in_trigger = false;
            for t in texts? {
                trig.push_str(&format!("{{{}}} ", t.join(", ")));
            }
            let kw = match q {
                Quantifier::Forall => "forall",
                Quantifier::Exists => "exists",
            };
            Ok(format!(
                "({kw} {} :: {trig}{})",
                decls.join(", "),
                self.expr(body, st)?
            ))
        })();
        for (d, (sub, ty)) in vars.iter().zip(saved) {
            restore(&mut self.subst, d.name, sub);
            restore(&mut self.typer.vars, d.name, ty);
        }
        result
    }

    fn build(
        &mut self,
        kind: &str,
        t: &Type,
        items: &[Expr],
        st: &St,
    ) -> Result<String, Unsupported> {
        let empty = format!("({kind}#Empty(): {kind} {})", boogie_arg(t));
        let parts = self.exprs(items, st)?;
        Ok(left_nested(&format!("{kind}#UnionOne"), Some(empty), parts))
    }
}

/// `f(f(f(first, a), b), c)`: the first part is `first`, or else the first
/// of `parts`. Written in one pass: rebuilding the string at each
/// application would copy it once per element (a long literal's text is
/// quadratic that way).
fn left_nested(f: &str, first: Option<String>, parts: Vec<String>) -> String {
    let mut parts = parts.into_iter();
    let Some(first) = first.or_else(|| parts.next()) else {
        return String::new();
    };
    let rest: Vec<String> = parts.collect();
    let mut out = String::with_capacity(
        rest.len() * (f.len() + 3) + first.len() + rest.iter().map(String::len).sum::<usize>(),
    );
    for _ in &rest {
        out.push_str(f);
        out.push('(');
    }
    out.push_str(&first);
    for x in &rest {
        out.push_str(", ");
        out.push_str(x);
        out.push(')');
    }
    out
}

fn restore<V>(map: &mut HashMap<Name, V>, k: Name, old: Option<V>) {
    match old {
        Some(v) => {
            map.insert(k, v);
        }
        None => {
            map.remove(&k);
        }
    }
}

/// The extensional equality of a collection type.
fn equality(t: &Type) -> Option<&'static str> {
    match t {
        Type::Seq(_) => Some("Seq#Equal"),
        Type::Set(_) => Some("Set#Equal"),
        Type::Multiset(_) => Some("MultiSet#Equal"),
        Type::Map(..) => Some("Map#Equal"),
        _ => None,
    }
}

fn boogie_arg(t: &Type) -> String {
    let s = boogie(t);
    if s.contains(' ') {
        format!("({s})")
    } else {
        s
    }
}

/// An int as a real: literals directly, anything else through `real(…)`.
/// `n\d` of two integer literals as one real literal when it has a finite decimal expansion
/// (`1\2` is `0.5`, `1\1` is `1.0`). Z3 (4.8, with Boogie's options) can spend a minute on
/// a failing check that mentions a literal real division; a literal costs it nothing.
fn literal_fraction(l: &Expr, r: &Expr) -> Option<String> {
    let (ExprKind::IntLit(n), ExprKind::IntLit(d)) = (&l.kind, &r.kind) else {
        return None;
    };
    let (n, d) = (n.get(), d.get());
    if n < 0 || d <= 0 {
        return None;
    }
    // d divides 10^k for some small k exactly when d = 2^a 5^b.
    let mut scale: i128 = 1;
    let mut k = 0;
    while scale % d != 0 {
        scale = scale.checked_mul(10)?;
        k += 1;
        if k > 30 {
            return None;
        }
    }
    let digits = n.checked_mul(scale / d)?.to_string();
    let digits = format!("{digits:0>width$}", width = k + 1);
    let (int, frac) = digits.split_at(digits.len() - k);
    Some(format!(
        "{int}.{}",
        if frac.is_empty() { "0" } else { frac }
    ))
}

pub fn to_real(s: &str) -> String {
    if s.chars().all(|c| c.is_ascii_digit()) {
        format!("{s}.0")
    } else {
        format!("real({s})")
    }
}

#[cfg(test)]
mod tests {
    use super::literal_fraction;
    use crate::vir::Expr;

    fn frac(n: i128, d: i128) -> Option<String> {
        literal_fraction(&Expr::int(n), &Expr::int(d))
    }

    #[test]
    fn literal_fractions_with_a_finite_decimal_are_one_literal() {
        assert_eq!(frac(1, 1).as_deref(), Some("1.0"));
        assert_eq!(frac(1, 2).as_deref(), Some("0.5"));
        assert_eq!(frac(3, 4).as_deref(), Some("0.75"));
        assert_eq!(frac(1, 16).as_deref(), Some("0.0625"));
        assert_eq!(frac(5, 1).as_deref(), Some("5.0"));
        assert_eq!(frac(0, 4).as_deref(), Some("0.00"));
        assert_eq!(frac(1, 3), None);
        assert_eq!(frac(1, 0), None);
        assert_eq!(frac(-1, 2), None);
    }
}
