//! The Silver prelude weft adds on demand: arrays, Java integer division,
//! options. Only what the program uses is emitted.
//!
//! * Arrays are references; element `i` of `a` is the location
//!   `weft_loc(a, i).weft_item_T`. `weft_loc` is a domain function with an
//!   injectivity axiom (so quantified permissions over elements are
//!   accepted), `weft_len` the length. Neither checks anything: an access
//!   checks its array and index where it is evaluated
//!   (`Encoder::checked_element`), and the prelude's own formulas and
//!   triggers use the bare terms ([`element`], [`length`]).
//! * Sub-arrays made by `new T[n][m]` carry the indices they were created at
//!   (`weft_row_index(r, d)`, a domain function): rows are distinct.
//! * `/` and `%` on ints truncate toward zero, as in Java (Silver's are
//!   Euclidean); they are functions whose precondition is the zero check.
//! * `option<T>` is a domain `WeftOption[T]` with `weft_some`/`weft_none`.
//! * `(\sum a[*])` of an int array is `weft_sum(weft_snap(a))`: `weft_snap`
//!   is an abstract heap function (the array's elements as a sequence, some
//!   permission to all of them required; its postcondition gives length and
//!   elements) and `weft_sum` an uninterpreted domain function. The encoder
//!   states the two facts proofs about sums need, where they arise: a new
//!   int array sums to 0, and after each int-array write the sum moved by
//!   the new element less the old ([`sum_after_write`]). Both follow from the
//!   definition of a sum and the function's postcondition in the states
//!   concerned, so stating them is sound; the solver could not find them on
//!   its own (that needs sequence extensionality, and Silicon summarises the
//!   elements anew at each call). An axiom instead (zeros sum to 0, for
//!   every sequence) made failing proofs search until the timeout.
//! * `tuple<A, B>` is a domain `WeftTuple[A, B]` (`weft_tuple`, `weft_fst`,
//!   `weft_snd`). Maps are the backends' own (Silver's `Map[K, V]`, weft's
//!   `Map#…` on Boogie) but for removing a key and the set of (key, value)
//!   tuples: functions of a domain `WeftMap[K, V]` whose axioms are written
//!   with the map operations, so both backends read the same definition.

use crate::name::Name;
use crate::vir::{
    Axiom, BinOp, Domain, DomainFunction, Expr, ExprKind, Function, LocalDecl, MapOp, Origin,
    Quantifier, Type,
};
use std::collections::BTreeSet;

pub const LOC: &str = "weft_loc";
pub const LEN: &str = "weft_len";
pub const ROW_INDEX: &str = "weft_row_index";
pub const DIV: &str = "weft_div";
pub const MOD: &str = "weft_mod";
pub const SOME: &str = "weft_some";
pub const NONE: &str = "weft_none";
pub const GET: &str = "weft_get";
pub const OPTION: &str = "WeftOption";
pub const TUPLE: &str = "WeftTuple";
pub const TUPLE_MAKE: &str = "weft_tuple";
pub const FST: &str = "weft_fst";
pub const SND: &str = "weft_snd";
pub const MAP_OPS: &str = "WeftMap";
pub const MAP_REMOVE: &str = "weft_map_remove";
pub const MAP_ITEMS: &str = "weft_map_items";
pub const MAP_DISJOINT: &str = "weft_map_disjoint";
pub const SUM: &str = "weft_sum";
pub const SNAP: &str = "weft_snap";

/// Which prelude parts a program needs.
#[derive(Default)]
pub struct Prelude {
    pub arrays: bool,
    pub division: bool,
    pub options: bool,
    /// Multi-dimensional `new` (the `weft_row_index` labels).
    pub rows: bool,
    pub tuples: bool,
    /// `m.remove(k)` or `m.items` (the `WeftMap` domain; items need tuples).
    pub map_ops: bool,
    /// `(\sum a[*])` (the `WeftSum` domain and `weft_snap`).
    pub sums: bool,
    /// Element types of arrays read with `\\values(a, lo, hi)`.
    pub values: BTreeSet<Type>,
    /// Element types of arrays in use (one element field each).
    pub item_types: BTreeSet<(Name, Type)>,
    /// Element types whose options are read with `.get` (one checked getter each).
    pub option_gets: BTreeSet<Type>,
}

impl Prelude {
    /// What either needs.
    pub fn merge(&mut self, other: Prelude) {
        self.arrays |= other.arrays;
        self.division |= other.division;
        self.options |= other.options;
        self.rows |= other.rows;
        self.tuples |= other.tuples;
        self.map_ops |= other.map_ops;
        self.sums |= other.sums;
        self.values.extend(other.values);
        self.item_types.extend(other.item_types);
        self.option_gets.extend(other.option_gets);
    }
}

fn decl(name: &str, ty: Type) -> LocalDecl {
    LocalDecl {
        name: Name::from(name.to_string()),
        ty,
    }
}

fn app(f: &str, args: Vec<Expr>, ty: Type) -> Expr {
    Expr::plain(ExprKind::DomainFuncApp(
        Name::from(f.to_string()),
        args.into(),
        Box::new(ty),
    ))
}

/// The location of element `i` of array `a`, unchecked: for triggers and the
/// prelude's own formulas (an access checks first, see `Encoder::element_loc`).
pub fn element(a: Expr, i: Expr) -> Expr {
    app(LOC, vec![a, i], Type::Ref)
}

/// The length of array `a`, unchecked (`a.length` checks that `a` is not
/// null first, see `Encoder::builtin`).
pub fn length(a: Expr) -> Expr {
    app(LEN, vec![a], Type::Int)
}

/// The index at position `d` (outermost 0) at which sub-array `r` was created.
pub fn row_index(r: Expr, d: usize) -> Expr {
    app(ROW_INDEX, vec![r, Expr::int(d as i128)], Type::Int)
}

fn local(n: &str) -> Expr {
    Expr::local(n)
}

fn bin(op: BinOp, l: Expr, r: Expr) -> Expr {
    Expr::binary(op, l, r)
}

fn cond(c: Expr, t: Expr, e: Expr) -> Expr {
    Expr::plain(ExprKind::Cond(Box::new(c), Box::new(t), Box::new(e)))
}

fn forall(vars: Vec<LocalDecl>, triggers: Vec<Vec<Expr>>, body: Expr) -> Expr {
    Expr::plain(ExprKind::Quant {
        q: Quantifier::Forall,
        vars: vars.into(),
        triggers: triggers.into(),
        body: Box::new(body),
    })
}

/// Name of the element field for an element type.
pub fn item_field(ty: &Type) -> String {
    fn mangle(t: &Type) -> String {
        match t {
            Type::Int => "Int".into(),
            Type::Bool => "Bool".into(),
            Type::Perm => "Perm".into(),
            Type::Ref => "Ref".into(),
            Type::Seq(t) => format!("Seq_{}", mangle(t)),
            Type::Set(t) => format!("Set_{}", mangle(t)),
            Type::Multiset(t) => format!("Bag_{}", mangle(t)),
            Type::Map(k, v) => format!("Map_{}_{}", mangle(k), mangle(v)),
            Type::Domain(n, args) => {
                let mut s = n.to_string();
                for a in args {
                    s.push('_');
                    s.push_str(&mangle(a));
                }
                s
            }
            Type::TypeVar(n) => String::from(n),
        }
    }
    format!("weft_item_{}", mangle(ty))
}

impl Prelude {
    pub fn domains(&self) -> Vec<Domain> {
        let mut out = Vec::new();
        if self.arrays {
            out.push(self.array_domain());
        }
        if self.options {
            out.push(option_domain());
        }
        if self.tuples || self.map_ops {
            out.push(tuple_domain());
        }
        if self.map_ops {
            out.push(map_domain());
        }
        if self.sums {
            out.push(sum_domain());
        }
        out
    }

    pub fn functions(&self) -> Vec<Function> {
        let mut out = Vec::new();
        if self.division {
            out.extend(division_functions());
        }
        if self.sums {
            out.push(snap_function());
        }
        out.extend(self.values.iter().map(values_function));
        out.extend(self.option_gets.iter().map(checked_getter));
        out
    }

    fn array_domain(&self) -> Domain {
        let inv_array = "weft_loc_array";
        let inv_index = "weft_loc_index";
        let mut domain = Domain {
            name: "WeftArray".into(),
            type_params: vec![],
            functions: vec![
                DomainFunction {
                    name: LEN.into(),
                    params: vec![decl("a", Type::Ref)],
                    ret: Type::Int,
                    unique: false,
                },
                DomainFunction {
                    name: LOC.into(),
                    params: vec![decl("a", Type::Ref), decl("i", Type::Int)],
                    ret: Type::Ref,
                    unique: false,
                },
                DomainFunction {
                    name: inv_array.into(),
                    params: vec![decl("r", Type::Ref)],
                    ret: Type::Ref,
                    unique: false,
                },
                DomainFunction {
                    name: inv_index.into(),
                    params: vec![decl("r", Type::Ref)],
                    ret: Type::Int,
                    unique: false,
                },
            ],
            axioms: vec![
                Axiom {
                    name: "weft_loc_injective".into(),
                    body: forall(
                        vec![decl("a", Type::Ref), decl("i", Type::Int)],
                        vec![vec![element(local("a"), local("i"))]],
                        bin(
                            BinOp::And,
                            bin(
                                BinOp::Eq,
                                app(inv_array, vec![element(local("a"), local("i"))], Type::Ref),
                                local("a"),
                            ),
                            bin(
                                BinOp::Eq,
                                app(inv_index, vec![element(local("a"), local("i"))], Type::Int),
                                local("i"),
                            ),
                        ),
                    ),
                },
                Axiom {
                    name: "weft_len_nonneg".into(),
                    body: forall(
                        vec![decl("a", Type::Ref)],
                        vec![vec![app(LEN, vec![local("a")], Type::Int)]],
                        bin(
                            BinOp::Ge,
                            app(LEN, vec![local("a")], Type::Int),
                            Expr::int(0),
                        ),
                    ),
                },
            ],
        };
        if self.rows {
            domain.functions.push(DomainFunction {
                name: ROW_INDEX.into(),
                params: vec![decl("r", Type::Ref), decl("d", Type::Int)],
                ret: Type::Int,
                unique: false,
            });
        }
        domain
    }
}

fn int_seq() -> Type {
    Type::Seq(Box::new(Type::Int))
}

/// `0 <= j && j < bound`
fn in_range(j: Expr, bound: Expr) -> Expr {
    bin(
        BinOp::And,
        bin(BinOp::Le, Expr::int(0), j.clone()),
        bin(BinOp::Lt, j, bound),
    )
}

/// The sum of a sequence of ints.
pub fn sum(s: Expr) -> Expr {
    app(SUM, vec![s], Type::Int)
}

/// The elements of int array `a`, as a sequence.
pub fn snap(a: Expr) -> Expr {
    Expr::plain(ExprKind::FuncApp(SNAP.into(), vec![a]))
}

/// Said after `a[i] := v` (label `before` just before it), where `a` is an
/// int array: when all of `a`'s elements are readable, its sum is the one
/// before less the old element plus `v`.
pub fn sum_after_write(before: Name, a: Expr, i: Expr, v: Expr) -> Expr {
    let j = || local("weft_j");
    let loc = element(a.clone(), j());
    let readable = bin(
        BinOp::Gt,
        Expr::plain(ExprKind::CurPermField(
            Box::new(loc.clone()),
            item_field(&Type::Int).as_str().into(),
        )),
        Expr::plain(ExprKind::NoPerm),
    );
    let all = forall(
        vec![decl("weft_j", Type::Int)],
        vec![vec![loc]],
        bin(BinOp::Implies, in_range(j(), length(a.clone())), readable),
    );
    let element = Expr::plain(ExprKind::SeqIndex(Box::new(snap(a.clone())), Box::new(i)));
    let was = bin(
        BinOp::Add,
        bin(BinOp::Sub, sum(snap(a.clone())), element),
        v,
    );
    let was = Expr::plain(ExprKind::Old(Some(before), Box::new(was)));
    bin(BinOp::Implies, all, bin(BinOp::Eq, sum(snap(a)), was))
}

fn sum_domain() -> Domain {
    Domain {
        name: "WeftSum".into(),
        type_params: vec![],
        functions: vec![DomainFunction {
            name: SUM.into(),
            params: vec![decl("s", int_seq())],
            ret: Type::Int,
            unique: false,
        }],
        axioms: vec![],
    }
}

fn snap_function() -> Function {
    elements_function(SNAP.into(), &Type::Int, false)
}

/// The name of `\values` on arrays of `ty`.
pub fn values_name(ty: &Type) -> Name {
    let item = item_field(ty);
    Name::from(format!("weft_values_{}", &item["weft_item_".len()..]))
}

/// `\values(a, lo, hi)`: the elements `a[lo .. hi)` as a sequence.
fn values_function(ty: &Type) -> Function {
    elements_function(values_name(ty), ty, true)
}

/// An abstract heap function giving elements of array `a` (of `ty`) as a
/// sequence: all of them, or (`ranged`) those in `[lo, hi)`. It needs some
/// permission to each; its postcondition says what the sequence holds.
fn elements_function(name: Name, ty: &Type, ranged: bool) -> Function {
    let a = || local("a");
    let j = || local("j");
    let (lo, hi) = if ranged {
        (local("lo"), local("hi"))
    } else {
        (Expr::int(0), length(a()))
    };
    let result = || Expr::plain(ExprKind::Result);
    let loc = |i: Expr| element(a(), i);
    let item = || Name::from(item_field(ty));
    let readable = forall(
        vec![decl("j", Type::Int)],
        vec![vec![loc(j())]],
        bin(
            BinOp::Implies,
            bin(
                BinOp::And,
                bin(BinOp::Le, lo.clone(), j()),
                bin(BinOp::Lt, j(), hi.clone()),
            ),
            Expr::plain(ExprKind::FieldAcc(
                Box::new(loc(j())),
                item(),
                Box::new(Expr::plain(ExprKind::Wildcard)),
            )),
        ),
    );
    let count = || {
        if ranged {
            bin(BinOp::Sub, hi.clone(), lo.clone())
        } else {
            hi.clone()
        }
    };
    let at = if ranged {
        bin(BinOp::Add, lo.clone(), j())
    } else {
        j()
    };
    let element = Expr::plain(ExprKind::SeqIndex(Box::new(result()), Box::new(j())));
    let value = Expr::plain(ExprKind::FieldAccess(Box::new(loc(at)), item()));
    let pointwise = forall(
        vec![decl("j", Type::Int)],
        vec![vec![element.clone()]],
        bin(
            BinOp::Implies,
            in_range(j(), count()),
            bin(BinOp::Eq, element, value),
        ),
    );
    let mut params = vec![decl("a", Type::Ref)];
    let mut pres = vec![bin(BinOp::Ne, a(), Expr::plain(ExprKind::NullLit))];
    if ranged {
        params.extend([decl("lo", Type::Int), decl("hi", Type::Int)]);
        pres.push(bin(
            BinOp::And,
            bin(
                BinOp::And,
                bin(BinOp::Le, Expr::int(0), lo.clone()),
                bin(BinOp::Le, lo.clone(), hi.clone()),
            ),
            bin(BinOp::Le, hi.clone(), length(a())),
        ));
    }
    pres.push(readable);
    Function {
        name,
        params,
        ret: Type::Seq(Box::new(ty.clone())),
        pres,
        posts: vec![
            bin(
                BinOp::Eq,
                Expr::plain(ExprKind::Size(Box::new(result()))),
                count(),
            ),
            pointwise,
        ],
        body: None,
        origin: Origin::NONE,
    }
}

/// Java's `a % k` for a nonzero literal `k`, inline: the solver's own
/// remainder of a non-negative number by a numeral is linear arithmetic,
/// decided without search, where a call of [`MOD`] needs its definition
/// unfolded (and no check: `k` is not zero). The remainder takes the
/// dividend's sign whatever the divisor's.
pub fn mod_by_literal(a: Expr, k: i128) -> Expr {
    let size = |e: Expr| bin(BinOp::Mod, e, Expr::int(k.abs()));
    let neg = |e: Expr| Expr::plain(ExprKind::Unary(crate::vir::UnOp::Neg, Box::new(e)));
    let nonneg = bin(BinOp::Ge, a.clone(), Expr::int(0));
    cond(nonneg, size(a.clone()), neg(size(neg(a))))
}

fn division_functions() -> Vec<Function> {
    let abs = |e: Expr| {
        cond(
            bin(BinOp::Ge, e.clone(), Expr::int(0)),
            e.clone(),
            Expr::plain(ExprKind::Unary(crate::vir::UnOp::Neg, Box::new(e))),
        )
    };
    let params = vec![decl("a", Type::Int), decl("b", Type::Int)];
    let nonzero = bin(BinOp::Ne, local("b"), Expr::int(0));
    // Truncating division: the sign of the quotient times |a| div |b|.
    let same_sign = bin(
        BinOp::Eq,
        bin(BinOp::Ge, local("a"), Expr::int(0)),
        bin(BinOp::Gt, local("b"), Expr::int(0)),
    );
    let magnitude = bin(BinOp::Div, abs(local("a")), abs(local("b")));
    let div_body = cond(
        same_sign.clone(),
        magnitude.clone(),
        Expr::plain(ExprKind::Unary(crate::vir::UnOp::Neg, Box::new(magnitude))),
    );
    let result = || Expr::plain(ExprKind::Result);
    let nonneg = |e: Expr| bin(BinOp::Ge, e, Expr::int(0));
    let nonpos = |e: Expr| bin(BinOp::Le, e, Expr::int(0));
    let and = |l: Expr, r: Expr| bin(BinOp::And, l, r);
    let implies = |l: Expr, r: Expr| bin(BinOp::Implies, l, r);
    let neg = |e: Expr| Expr::plain(ExprKind::Unary(crate::vir::UnOp::Neg, Box::new(e)));
    // The bounds of `%` as postconditions: proved once, in the function's own small
    // check, and known at every use without nonlinear search (the solver's answer on a
    // product of two unknowns depends on its luck). The quotient has none: the solver
    // cannot prove them without that search.
    let div = Function {
        name: DIV.into(),
        params: params.clone(),
        ret: Type::Int,
        pres: vec![nonzero.clone()],
        posts: vec![],
        body: Some(div_body),
        origin: Origin::NONE,
    };
    // Java's remainder: the sign of the dividend, the size |a| mod |b| (SMT's `mod`
    // of two non-negative numbers, whose bounds the solver knows without search).
    let size = bin(BinOp::Mod, abs(local("a")), abs(local("b")));
    let modulo = Function {
        name: MOD.into(),
        params,
        ret: Type::Int,
        pres: vec![nonzero],
        posts: vec![
            implies(
                nonneg(local("a")),
                and(nonneg(result()), bin(BinOp::Lt, result(), abs(local("b")))),
            ),
            implies(
                bin(BinOp::Lt, local("a"), Expr::int(0)),
                and(
                    bin(BinOp::Lt, neg(abs(local("b"))), result()),
                    nonpos(result()),
                ),
            ),
        ],
        body: Some(cond(nonneg(local("a")), size.clone(), neg(size))),
        origin: Origin::NONE,
    };
    vec![div, modulo]
}

/// The name of the checked getter for options of `elem`.
pub fn checked_get(elem: &Type) -> String {
    format!(
        "weft_get{}",
        item_field(elem).trim_start_matches("weft_item")
    )
}

/// `function weft_get_T(o: WeftOption[T]): T requires o != weft_none() { weft_get(o) }`
fn checked_getter(elem: &Type) -> Function {
    let opt = Type::Domain(OPTION.into(), vec![elem.clone()]);
    Function {
        name: Name::from(checked_get(elem)),
        params: vec![decl("o", opt.clone())],
        ret: elem.clone(),
        pres: vec![bin(BinOp::Ne, local("o"), app(NONE, vec![], opt))],
        posts: vec![],
        body: Some(app(GET, vec![local("o")], elem.clone())),
        origin: Origin::NONE,
    }
}

fn option_domain() -> Domain {
    let t = Type::TypeVar("T".into());
    let opt = Type::Domain(OPTION.into(), vec![t.clone()]);
    let some_x = app(SOME, vec![local("x")], opt.clone());
    Domain {
        name: OPTION.into(),
        type_params: vec!["T".into()],
        functions: vec![
            DomainFunction {
                name: SOME.into(),
                params: vec![decl("x", t.clone())],
                ret: opt.clone(),
                unique: false,
            },
            DomainFunction {
                name: NONE.into(),
                params: vec![],
                ret: opt.clone(),
                unique: false,
            },
            DomainFunction {
                name: GET.into(),
                params: vec![decl("o", opt.clone())],
                ret: t.clone(),
                unique: false,
            },
        ],
        axioms: vec![
            Axiom {
                name: "weft_get_some".into(),
                body: forall(
                    vec![decl("x", t.clone())],
                    vec![vec![some_x.clone()]],
                    bin(
                        BinOp::Eq,
                        app(GET, vec![some_x.clone()], t.clone()),
                        local("x"),
                    ),
                ),
            },
            Axiom {
                name: "weft_some_not_none".into(),
                body: forall(
                    vec![decl("x", t)],
                    vec![vec![some_x.clone()]],
                    bin(BinOp::Ne, some_x, app(NONE, vec![], opt)),
                ),
            },
        ],
    }
}

/// `WeftTuple[a, b]`.
pub fn tuple_type(a: Type, b: Type) -> Type {
    Type::Domain(TUPLE.into(), vec![a, b])
}

/// An application of a prelude domain function with result type `ty`.
pub fn domain_app(f: &str, args: Vec<Expr>, ty: Type) -> Expr {
    app(f, args, ty)
}

fn tuple_domain() -> Domain {
    let (a, b) = (Type::TypeVar("A".into()), Type::TypeVar("B".into()));
    let tup = tuple_type(a.clone(), b.clone());
    let made = app(TUPLE_MAKE, vec![local("a"), local("b")], tup.clone());
    let vars = vec![decl("a", a.clone()), decl("b", b.clone())];
    Domain {
        name: TUPLE.into(),
        type_params: vec!["A".into(), "B".into()],
        functions: vec![
            DomainFunction {
                name: TUPLE_MAKE.into(),
                params: vars.clone(),
                ret: tup.clone(),
                unique: false,
            },
            DomainFunction {
                name: FST.into(),
                params: vec![decl("t", tup.clone())],
                ret: a.clone(),
                unique: false,
            },
            DomainFunction {
                name: SND.into(),
                params: vec![decl("t", tup)],
                ret: b.clone(),
                unique: false,
            },
        ],
        // The projections of a built tuple: so tuples are equal exactly
        // when their parts are.
        axioms: vec![Axiom {
            name: "weft_tuple_parts".into(),
            body: forall(
                vars,
                vec![vec![made.clone()]],
                bin(
                    BinOp::And,
                    bin(BinOp::Eq, app(FST, vec![made.clone()], a), local("a")),
                    bin(BinOp::Eq, app(SND, vec![made], b), local("b")),
                ),
            ),
        }],
    }
}

fn map_op(op: MapOp, args: Vec<Expr>, map: &Type) -> Expr {
    Expr::plain(ExprKind::Map(op, args.into(), Box::new(map.clone())))
}

/// `remove` and `items` of maps, defined with the map operations.
fn map_domain() -> Domain {
    let (k, v) = (Type::TypeVar("K".into()), Type::TypeVar("V".into()));
    let map = Type::Map(Box::new(k.clone()), Box::new(v.clone()));
    let tup = tuple_type(k.clone(), v.clone());
    let items_t = Type::Set(Box::new(tup.clone()));
    let m = || local("m");
    let removed = app(MAP_REMOVE, vec![m(), local("k")], map.clone());
    let keys = |x: Expr| map_op(MapOp::Domain, vec![x], &map);
    let get = |x: Expr, key: Expr| map_op(MapOp::Get, vec![x, key], &map);
    let key_in = |key: Expr, x: Expr| bin(BinOp::In, key, keys(x));
    let items = app(MAP_ITEMS, vec![m()], items_t.clone());
    let disjoint = app(MAP_DISJOINT, vec![m(), local("n")], Type::Bool);
    let dis = |a: Expr, b: Expr| app(MAP_DISJOINT, vec![a, b], Type::Bool);
    let empty = || map_op(MapOp::Empty, vec![], &map);
    let upd = |x: Expr| map_op(MapOp::Update, vec![x, local("k"), local("v")], &map);
    let update_vars = vec![
        decl("m", map.clone()),
        decl("n", map.clone()),
        decl("k", k.clone()),
        decl("v", v.clone()),
    ];
    let t_in_items = bin(BinOp::In, local("t"), items.clone());
    let (fst, snd) = (
        app(FST, vec![local("t")], k.clone()),
        app(SND, vec![local("t")], v.clone()),
    );
    Domain {
        name: MAP_OPS.into(),
        type_params: vec!["K".into(), "V".into()],
        functions: vec![
            DomainFunction {
                name: MAP_REMOVE.into(),
                params: vec![decl("m", map.clone()), decl("k", k.clone())],
                ret: map.clone(),
                unique: false,
            },
            DomainFunction {
                name: MAP_ITEMS.into(),
                params: vec![decl("m", map.clone())],
                ret: items_t,
                unique: false,
            },
            DomainFunction {
                name: MAP_DISJOINT.into(),
                params: vec![decl("m", map.clone()), decl("n", map.clone())],
                ret: Type::Bool,
                unique: false,
            },
        ],
        axioms: vec![
            // The keys of m.remove(k): m's keys but k.
            Axiom {
                name: "weft_map_remove_keys".into(),
                body: forall(
                    vec![decl("m", map.clone()), decl("k", k.clone())],
                    vec![vec![removed.clone()]],
                    bin(
                        BinOp::Eq,
                        keys(removed.clone()),
                        bin(
                            BinOp::Setminus,
                            keys(m()),
                            Expr::plain(ExprKind::SetLit(Box::new(k.clone()), vec![local("k")])),
                        ),
                    ),
                ),
            },
            // Its values are m's. Also triggered by a key test, so that a
            // value's presence (`false in m.remove(k).values`) finds one.
            Axiom {
                name: "weft_map_remove_values".into(),
                body: forall(
                    vec![
                        decl("m", map.clone()),
                        decl("k", k.clone()),
                        decl("j", k.clone()),
                    ],
                    vec![
                        vec![get(removed.clone(), local("j"))],
                        vec![key_in(local("j"), removed.clone())],
                    ],
                    Expr::implies(
                        key_in(local("j"), removed.clone()),
                        bin(BinOp::Eq, get(removed, local("j")), get(m(), local("j"))),
                    ),
                ),
            },
            // No key of both. Triggered on the key tests, so that a common
            // key the program mentions is found (`!m.disjoint(n)`).
            Axiom {
                name: "weft_map_disjoint_def".into(),
                body: forall(
                    vec![decl("m", map.clone()), decl("n", map.clone())],
                    vec![vec![disjoint.clone()]],
                    bin(
                        BinOp::Eq,
                        disjoint,
                        forall(
                            vec![decl("j", k.clone())],
                            vec![
                                vec![key_in(local("j"), m())],
                                vec![key_in(local("j"), local("n"))],
                            ],
                            Expr::negate(bin(
                                BinOp::And,
                                key_in(local("j"), m()),
                                key_in(local("j"), local("n")),
                            )),
                        ),
                    ),
                ),
            },
            // The same, read off the constructors of either map: what proves
            // disjointness of (or a common key in) literals and updates.
            Axiom {
                name: "weft_map_disjoint_empty".into(),
                body: forall(
                    vec![decl("m", map.clone())],
                    vec![vec![dis(m(), empty())], vec![dis(empty(), m())]],
                    bin(BinOp::And, dis(m(), empty()), dis(empty(), m())),
                ),
            },
            Axiom {
                name: "weft_map_disjoint_update_right".into(),
                body: forall(
                    update_vars.clone(),
                    vec![vec![dis(m(), upd(local("n")))]],
                    bin(
                        BinOp::Eq,
                        dis(m(), upd(local("n"))),
                        bin(
                            BinOp::And,
                            Expr::negate(key_in(local("k"), m())),
                            dis(m(), local("n")),
                        ),
                    ),
                ),
            },
            Axiom {
                name: "weft_map_disjoint_update_left".into(),
                body: forall(
                    update_vars,
                    vec![vec![dis(upd(local("n")), m())]],
                    bin(
                        BinOp::Eq,
                        dis(upd(local("n")), m()),
                        bin(
                            BinOp::And,
                            Expr::negate(key_in(local("k"), m())),
                            dis(local("n"), m()),
                        ),
                    ),
                ),
            },
            // (k, v) is an item exactly when k is a key with value v.
            Axiom {
                name: "weft_map_items_def".into(),
                body: forall(
                    vec![decl("m", map.clone()), decl("t", tup)],
                    vec![vec![t_in_items.clone()]],
                    bin(
                        BinOp::Eq,
                        t_in_items,
                        bin(
                            BinOp::And,
                            key_in(fst.clone(), m()),
                            bin(BinOp::Eq, get(m(), fst), snd),
                        ),
                    ),
                ),
            },
        ],
    }
}
