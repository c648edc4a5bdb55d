use super::*;
use crate::backend::{FailureKind, RunOptions};
use crate::emit::PosMap;
use crate::syntax::span::LineCol;
use crate::vir::{
    Axiom, Domain, DomainFunction, Field, Function, LocalDecl, Method, Origin, Predicate, Program,
    Quantifier, Stmt, StmtKind, UnOp,
};
use std::time::Duration;

// Small builders, to keep the programs below readable.
fn var(x: &str) -> Expr {
    Expr::local(x)
}
fn int(n: i128) -> Expr {
    Expr::int(n)
}
fn bin(op: BinOp, l: Expr, r: Expr) -> Expr {
    Expr::binary(op, l, r)
}
fn plain(k: ExprKind) -> Expr {
    Expr::plain(k)
}
fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}
fn fld(r: Expr, f: &str) -> Expr {
    plain(ExprKind::FieldAccess(bx(r), f.into()))
}
fn acc(r: Expr, f: &str, p: Expr) -> Expr {
    plain(ExprKind::FieldAcc(bx(r), f.into(), bx(p)))
}
fn pacc(name: &str, args: Vec<Expr>, p: Expr) -> Expr {
    plain(ExprKind::PredicateAcc(name.into(), args.into(), bx(p)))
}
fn write() -> Expr {
    plain(ExprKind::FullPerm)
}
fn half() -> Expr {
    bin(BinOp::PermDiv, int(1), int(2))
}
fn app(f: &str, args: Vec<Expr>) -> Expr {
    plain(ExprKind::FuncApp(f.into(), args))
}
fn d(name: &str, ty: Type) -> LocalDecl {
    LocalDecl {
        name: name.into(),
        ty,
    }
}
fn s(k: StmtKind) -> Stmt {
    Stmt::plain(k)
}
fn so(k: StmtKind, o: u32) -> Stmt {
    Stmt::new(k, Origin(o))
}
fn assign(x: &str, e: Expr) -> Stmt {
    s(StmtKind::Assign(x.into(), Box::new(e)))
}
fn assert(e: Expr) -> Stmt {
    s(StmtKind::Assert(e))
}
fn vardecl(x: &str, t: Type) -> Stmt {
    s(StmtKind::LocalVar(d(x, t)))
}
fn method(name: &str, params: Vec<LocalDecl>, pres: Vec<Expr>, body: Vec<Stmt>) -> Method {
    Method {
        name: name.into(),
        params,
        returns: vec![],
        pres,
        posts: vec![],
        body: Some(body),
        origin: Origin::NONE,
    }
}
fn option(t: Type) -> Type {
    Type::Domain("Option".into(), vec![t])
}

/// Origins the tests look for.
const ASSERT_CMP: u32 = 1;
const CALL: u32 = 2;
const POST: u32 = 3;
const READ_ASSIGN: u32 = 4;
const APP: u32 = 5;
const INVARIANT: u32 = 6;
const FOLD: u32 = 7;
const IF_COND: u32 = 8;
const FUNCTION: u32 = 9;
const ASSERT_AND: u32 = 10;
const METHOD: u32 = 11;

/// A program using every VIR node kind, with failures planted at known nodes.
fn program() -> Program {
    let x = || var("x");
    let y = || var("y");
    let v = || var("v");
    let i = || var("i");
    let seq_int = Type::Seq(Box::new(Type::Int));
    let set_int = Type::Set(Box::new(Type::Int));
    let t = Type::TypeVar("T".into());
    let some = |e: Expr, ty: Type| {
        plain(ExprKind::DomainFuncApp(
            "some_".into(),
            vec![e].into(),
            Box::new(ty),
        ))
    };
    let domain = Domain {
        name: "Option".into(),
        type_params: vec!["T".into()],
        functions: vec![
            DomainFunction {
                name: "none_".into(),
                params: vec![],
                ret: option(t.clone()),
                unique: false,
            },
            DomainFunction {
                name: "some_".into(),
                params: vec![d("x", t.clone())],
                ret: option(t.clone()),
                unique: false,
            },
            DomainFunction {
                name: "tag".into(),
                params: vec![],
                ret: Type::Int,
                unique: true,
            },
        ],
        axioms: vec![Axiom {
            name: "some_not_none".into(),
            body: plain(ExprKind::Quant {
                q: Quantifier::Forall,
                vars: vec![d("x", t.clone())].into(),
                triggers: vec![vec![some(var("x"), option(t.clone()))]].into(),
                body: bx(bin(
                    BinOp::Ne,
                    some(var("x"), option(t.clone())),
                    plain(ExprKind::DomainFuncApp(
                        "none_".into(),
                        vec![].into(),
                        Box::new(option(t.clone())),
                    )),
                )),
            }),
        }],
    };
    let fields = vec![
        Field {
            name: "f".into(),
            ty: Type::Int,
        },
        Field {
            name: "g".into(),
            ty: Type::Ref,
        },
    ];
    let fpre = Function {
        name: "fpre".into(),
        params: vec![d("i", Type::Int)],
        ret: Type::Int,
        pres: vec![bin(BinOp::Gt, i(), int(0))],
        posts: vec![bin(BinOp::Eq, plain(ExprKind::Result), i())],
        body: Some(i()),
        origin: Origin::NONE,
    };
    let fnx = Function {
        name: "fn".into(),
        params: vec![d("x", Type::Ref)],
        ret: Type::Int,
        pres: vec![acc(x(), "f", plain(ExprKind::Wildcard))],
        posts: vec![],
        body: Some(fld(x(), "f")),
        origin: Origin::NONE,
    };
    // Reads x.f without permission: not well-formed.
    let bad_fn = Function {
        name: "bad_fn".into(),
        params: vec![d("x", Type::Ref)],
        ret: Type::Int,
        pres: vec![],
        posts: vec![],
        body: Some(bin(BinOp::Add, fld(x(), "f"), int(1))),
        origin: Origin(FUNCTION),
    };
    let pred = Predicate {
        name: "P".into(),
        params: vec![d("x", Type::Ref)],
        body: Some(Expr::and(
            acc(x(), "f", write()),
            bin(BinOp::Gt, fld(x(), "f"), int(0)),
        )),
        origin: Origin::NONE,
    };
    let abs_pred = Predicate {
        name: "Abs".into(),
        params: vec![d("x", Type::Ref)],
        body: None,
        origin: Origin::NONE,
    };
    let callee = Method {
        name: "callee".into(),
        params: vec![d("x", Type::Ref), d("i", Type::Int)],
        returns: vec![d("a", Type::Int), d("b", Type::Int)],
        pres: vec![Expr::and(
            acc(x(), "f", half()),
            bin(BinOp::Gt, i(), int(0)),
        )],
        posts: vec![acc(x(), "f", half())],
        body: None,
        origin: Origin::NONE,
    };

    // Every statement and expression kind, verifying.
    let l0 = "L0";
    let all = vec![
        vardecl("v", Type::Int),
        vardecl("v2", Type::Int),
        vardecl("o", option(Type::Int)),
        vardecl("sq", seq_int.clone()),
        vardecl("st", set_int.clone()),
        vardecl("ms", Type::Multiset(Box::new(Type::Int))),
        vardecl("mp", Type::Map(Box::new(Type::Int), Box::new(Type::Bool))),
        vardecl("y", Type::Ref),
        vardecl("pp", Type::Perm),
        s(StmtKind::Label(l0.into())),
        s(StmtKind::New {
            target: "y".into(),
            fields: vec!["f".into(), "g".into()],
        }),
        s(StmtKind::FieldAssign {
            recv: Box::new(y()),
            field: "f".into(),
            value: Box::new(int(3)),
        }),
        assign("v", bin(BinOp::Div, fld(y(), "f"), int(2))),
        assign("v", bin(BinOp::Mod, v(), int(3))),
        assert(bin(BinOp::Eq, v(), int(1))),
        assign("pp", half()),
        assign("pp", bin(BinOp::PermDiv, var("pp"), int(2))),
        assign(
            "pp",
            bin(
                BinOp::Add,
                plain(ExprKind::CurPermField(bx(y()), "f".into())),
                bin(BinOp::Sub, write(), plain(ExprKind::NoPerm)),
            ),
        ),
        assert(bin(BinOp::Eq, var("pp"), bin(BinOp::Mul, int(2), write()))),
        s(StmtKind::Inhale(acc(y(), "g", plain(ExprKind::Wildcard)))),
        assign(
            "o",
            plain(ExprKind::DomainFuncApp(
                "none_".into(),
                vec![].into(),
                Box::new(option(Type::Int)),
            )),
        ),
        assign("o", some(v(), option(Type::Int))),
        assign("sq", plain(ExprKind::SeqLit(Box::new(Type::Int), vec![]))),
        assign(
            "sq",
            bin(
                BinOp::SeqConcat,
                plain(ExprKind::SeqLit(Box::new(Type::Int), vec![int(1), int(2)])),
                var("sq"),
            ),
        ),
        assign(
            "st",
            bin(
                BinOp::Union,
                plain(ExprKind::SetLit(Box::new(Type::Int), vec![int(1)])),
                plain(ExprKind::SetLit(Box::new(Type::Int), vec![])),
            ),
        ),
        assign(
            "st",
            bin(
                BinOp::Setminus,
                bin(
                    BinOp::Intersection,
                    var("st"),
                    plain(ExprKind::SetLit(Box::new(Type::Int), vec![int(1), int(2)])),
                ),
                plain(ExprKind::SetLit(Box::new(Type::Int), vec![int(3)])),
            ),
        ),
        assert(bin(BinOp::Subset, var("st"), var("st"))),
        assign(
            "ms",
            plain(ExprKind::MultisetLit(
                Box::new(Type::Int),
                vec![int(1), int(1)],
            )),
        ),
        assert(bin(BinOp::Eq, bin(BinOp::In, int(1), var("ms")), int(2))),
        assert(
            [
                bin(BinOp::Eq, plain(ExprKind::Size(bx(var("sq")))), int(2)),
                bin(
                    BinOp::Eq,
                    plain(ExprKind::SeqIndex(bx(var("sq")), bx(int(0)))),
                    int(1),
                ),
                bin(
                    BinOp::Eq,
                    plain(ExprKind::SeqSlice(bx(var("sq")), Some(bx(int(1))), None)),
                    plain(ExprKind::SeqLit(Box::new(Type::Int), vec![int(2)])),
                ),
                bin(
                    BinOp::Eq,
                    plain(ExprKind::SeqSlice(bx(var("sq")), None, Some(bx(int(1))))),
                    plain(ExprKind::SeqLit(Box::new(Type::Int), vec![int(1)])),
                ),
                bin(
                    BinOp::Eq,
                    plain(ExprKind::SeqSlice(
                        bx(var("sq")),
                        Some(bx(int(0))),
                        Some(bx(int(1))),
                    )),
                    plain(ExprKind::SeqLit(Box::new(Type::Int), vec![int(1)])),
                ),
                bin(BinOp::In, int(2), var("sq")),
            ]
            .into_iter()
            .reduce(Expr::and)
            .unwrap(),
        ),
        assert(Expr::implies(
            Expr::negate(bin(BinOp::Lt, v(), int(0))),
            bin(
                BinOp::Le,
                plain(ExprKind::Unary(UnOp::Neg, bx(v()))),
                int(0),
            ),
        )),
        assert(bin(
            BinOp::Eq,
            plain(ExprKind::Cond(
                bx(bin(BinOp::Gt, v(), int(0))),
                bx(v()),
                bx(plain(ExprKind::Unary(UnOp::Neg, bx(v())))),
            )),
            int(1),
        )),
        assert(bin(
            BinOp::Eq,
            plain(ExprKind::Old(Some(l0.into()), bx(i()))),
            plain(ExprKind::Old(None, bx(i()))),
        )),
        assert(plain(ExprKind::Quant {
            q: Quantifier::Forall,
            vars: vec![d("k", Type::Int)].into(),
            triggers: vec![vec![app("fpre", vec![var("k")])]].into(),
            body: bx(Expr::implies(
                bin(BinOp::Gt, var("k"), int(0)),
                bin(BinOp::Eq, app("fpre", vec![var("k")]), var("k")),
            )),
        })),
        s(StmtKind::Assume(plain(ExprKind::Quant {
            q: Quantifier::Exists,
            vars: vec![d("k", Type::Int)].into(),
            triggers: vec![].into(),
            body: bx(bin(BinOp::Gt, var("k"), v())),
        }))),
        assert(plain(ExprKind::Let(
            Box::new(d("w", Type::Int)),
            bx(bin(BinOp::Add, v(), int(1))),
            bx(bin(BinOp::Gt, var("w"), v())),
        ))),
        s(StmtKind::Fold(pacc("P", vec![y()], write()))),
        assert(plain(ExprKind::Unfolding(
            bx(pacc("P", vec![y()], write())),
            bx(bin(BinOp::Gt, fld(y(), "f"), int(0))),
        ))),
        s(StmtKind::Unfold(pacc("P", vec![y()], write()))),
        assert(bin(
            BinOp::Eq,
            plain(ExprKind::CurPermPredicate("P".into(), vec![y()])),
            plain(ExprKind::NoPerm),
        )),
        s(StmtKind::Call {
            method: "callee".into(),
            args: vec![y(), int(1)],
            targets: vec!["v".into(), "v2".into()],
        }),
        assert(bin(BinOp::Eq, app("fn", vec![y()]), int(3))),
        assert(bin(BinOp::Ne, y(), plain(ExprKind::NullLit))),
        s(StmtKind::If {
            cond: Box::new(bin(BinOp::Or, Expr::bool(true), Expr::bool(false))),
            then: vec![assign("v", int(5))],
            els: vec![assign("v", int(6))],
        }),
        s(StmtKind::While {
            cond: Box::new(bin(BinOp::Lt, v(), int(10))),
            invariants: vec![bin(BinOp::Le, v(), int(10))],
            body: vec![assign("v", bin(BinOp::Add, v(), int(1)))],
        }),
        s(StmtKind::Seq(vec![
            s(StmtKind::Goto("L1".into())),
            s(StmtKind::Label("L1".into())),
        ])),
        s(StmtKind::Exhale(acc(y(), "f", half()))),
        s(StmtKind::Inhale(Expr::bool(true))),
    ];
    let mut all_nodes = method("all_nodes", vec![d("i", Type::Int)], vec![], all);
    all_nodes.origin = Origin(METHOD);

    let with_f = |m: &str, body: Vec<Stmt>| {
        method(
            m,
            vec![d("x", Type::Ref), d("i", Type::Int)],
            vec![acc(x(), "f", write())],
            body,
        )
    };
    // (i + 1) * 2 < i: Silicon reports `<` from inside the left operand's parentheses.
    let assert_cmp = with_f(
        "fail_assert_cmp",
        vec![assert(
            bin(
                BinOp::Lt,
                bin(BinOp::Mul, bin(BinOp::Add, i(), int(1)), int(2)),
                i(),
            )
            .with_origin(Origin(ASSERT_CMP)),
        )],
    );
    // (i > 0) && (i < 0): `&&` is reported with the parentheses.
    let assert_and = with_f(
        "fail_assert_and",
        vec![assert(
            Expr::and(bin(BinOp::Gt, i(), int(0)), bin(BinOp::Lt, i(), int(0)))
                .with_origin(Origin(ASSERT_AND)),
        )],
    );
    let call = with_f(
        "fail_call",
        vec![
            vardecl("a", Type::Int),
            vardecl("b", Type::Int),
            so(
                StmtKind::Call {
                    method: "callee".into(),
                    args: vec![x(), int(0)],
                    targets: vec!["a".into(), "b".into()],
                },
                CALL,
            ),
        ],
    );
    let mut post = method(
        "fail_post",
        vec![d("i", Type::Int)],
        vec![],
        vec![assign("r", int(1))],
    );
    post.returns = vec![d("r", Type::Int)];
    post.posts = vec![Expr::and(
        bin(BinOp::Gt, var("r"), int(0)),
        bin(BinOp::Lt, var("r"), int(0)),
    )
    .with_origin(Origin(POST))];
    let read = method(
        "fail_read",
        vec![d("x", Type::Ref)],
        vec![],
        vec![
            vardecl("v", Type::Int),
            so(
                StmtKind::Assign("v".into(), Box::new(bin(BinOp::Add, fld(x(), "f"), int(1)))),
                READ_ASSIGN,
            ),
        ],
    );
    let app_pre = with_f(
        "fail_app",
        vec![assert(bin(
            BinOp::Eq,
            app("fpre", vec![int(0)]).with_origin(Origin(APP)),
            int(0),
        ))],
    );
    let inv = with_f(
        "fail_invariant",
        vec![
            vardecl("j", Type::Int),
            assign("j", int(0)),
            s(StmtKind::While {
                cond: Box::new(bin(BinOp::Lt, var("j"), int(10))),
                invariants: vec![bin(BinOp::Lt, var("j"), int(5)).with_origin(Origin(INVARIANT))],
                body: vec![assign("j", bin(BinOp::Add, var("j"), int(1)))],
            }),
        ],
    );
    let fold = method(
        "fail_fold",
        vec![d("x", Type::Ref)],
        vec![acc(x(), "f", write())],
        vec![so(StmtKind::Fold(pacc("P", vec![x()], write())), FOLD)],
    );
    let if_cond = method(
        "fail_if",
        vec![d("x", Type::Ref)],
        vec![],
        vec![s(StmtKind::If {
            cond: Box::new(bin(BinOp::Gt, fld(x(), "f"), int(0)).with_origin(Origin(IF_COND))),
            then: vec![],
            els: vec![],
        })],
    );
    Program {
        domains: vec![domain],
        fields,
        functions: vec![fpre, fnx, bad_fn],
        predicates: vec![pred, abs_pred],
        methods: vec![
            callee, all_nodes, assert_cmp, assert_and, call, post, read, app_pre, inv, fold,
            if_cond,
        ],
    }
}

fn lc(line: usize, column: usize) -> LineCol {
    LineCol { line, column }
}

/// The text between two positions (same line only).
fn slice(text: &str, start: LineCol, end: LineCol) -> String {
    assert_eq!(start.line, end.line, "multi-line slice");
    let line = text.lines().nth(start.line - 1).unwrap();
    line.chars()
        .skip(start.column - 1)
        .take(end.column - start.column)
        .collect()
}

/// The text between two positions, over lines.
fn between(text: &str, start: LineCol, end: LineCol) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::new();
    for l in start.line..=end.line {
        let line: Vec<char> = lines[l - 1].chars().collect();
        let from = if l == start.line { start.column - 1 } else { 0 };
        let to = if l == end.line {
            end.column - 1
        } else {
            line.len()
        };
        out.extend(&line[from..to]);
        out.push('\n');
    }
    out
}

/// Every recorded range of `o`, as text.
fn texts_of(text: &str, pm: &PosMap, o: u32) -> Vec<String> {
    pm.iter()
        .filter(|&(oo, _, _)| oo == Origin(o))
        .map(|(_, s, e)| slice(text, s, e))
        .collect()
}

/// The layout at a narrow width, where nearly every group breaks: as the
/// `pretty` documents of an earlier reference printer laid it out
/// (`layout_at_30.vpr`, written when both printers agreed at every width).
#[test]
fn narrow_layout_is_the_reference_one() {
    let text = emit_at(program(), 30).text.to_string();
    assert_eq!(text, include_str!("layout_at_30.vpr"));
}

/// Whatever the width, each recorded node is the same text (line breaks and
/// indentation aside): the positions follow the layout.
#[test]
fn positions_follow_the_layout_at_every_width() {
    let flat = |s: String| s.split_whitespace().collect::<String>();
    let texts = |width| {
        let em = emit_at(program(), width);
        let t = em.text.to_string();
        let mut all: Vec<(u32, String)> = em
            .positions
            .iter()
            .map(|(o, s, e)| (o.0, flat(between(&t, s, e))))
            .collect();
        all.sort();
        all
    };
    let wide = texts(200);
    assert!(!wide.is_empty());
    for width in [0, 10, 20, 30, 40, 50, 60, 70, 80, 100] {
        assert_eq!(texts(width), wide, "width {width}");
    }
}

#[test]
fn positions_are_exact() {
    let em = emit(program());
    let t = &em.text.to_string();
    let pm = &em.positions;
    assert_eq!(
        texts_of(t, pm, ASSERT_CMP),
        vec!["((i + 1) * 2) < i", "i + 1) * 2) < i"]
    );
    assert_eq!(
        texts_of(t, pm, ASSERT_AND),
        vec!["(i > 0) && (i < 0)", "i > 0) && (i < 0)"]
    );
    assert_eq!(texts_of(t, pm, CALL), vec!["a, b := callee(x, 0)"]);
    assert_eq!(texts_of(t, pm, READ_ASSIGN), vec!["v := x.f + 1"]);
    assert_eq!(texts_of(t, pm, APP), vec!["fpre(0)"]);
    assert_eq!(texts_of(t, pm, IF_COND), vec!["x.f > 0"]);
    assert_eq!(texts_of(t, pm, FOLD), vec!["fold acc(P(x), write)"]);
    // Declarations span lines: from the keyword to the closing brace.
    let (_, s, e) = pm.iter().find(|x| x.0 == Origin(METHOD)).unwrap();
    assert!(t.lines().nth(s.line - 1).unwrap()[s.column - 1..].starts_with("method all_nodes("));
    assert_eq!(t.lines().nth(e.line - 1).unwrap(), "}");
    assert_eq!(e.column, 2);
    // Every statement on its own line.
    assert!(t.contains("\n  y := new(f, g)\n  y.f := 3\n"), "{t}");
    assert!(t.contains("v := y.f \\ 2"), "{t}");
    assert!(t.contains("pp := pp / 2"), "{t}");
    assert!(t.contains("o := (none_(): Option[Int])"), "{t}");
}

#[test]
fn lookup_prefers_exact_then_nearest_end() {
    let o = |n| Origin(n);
    let mut pm = PosMap::default();
    pm.push(o(1), lc(1, 5), lc(1, 10));
    pm.push(o(2), lc(1, 5), lc(1, 20));
    pm.push(o(3), lc(2, 1), lc(2, 9));
    pm.push(o(4), lc(1, 1), lc(3, 2));
    assert_eq!(pm.lookup(lc(1, 5), lc(1, 20)), Some(o(2)));
    assert_eq!(pm.lookup(lc(1, 5), lc(1, 11)), Some(o(1)));
    assert_eq!(pm.lookup(lc(1, 5), lc(1, 18)), Some(o(2)));
    // Equidistant: the one ending before wins.
    assert_eq!(pm.lookup(lc(1, 5), lc(1, 15)), Some(o(1)));
    assert_eq!(pm.lookup(lc(1, 6), lc(1, 10)), None);
    assert_eq!(pm.lookup_enclosing(lc(2, 3), lc(2, 5)), Some(o(3)));
    assert_eq!(pm.lookup_enclosing(lc(1, 6), lc(1, 9)), Some(o(1)));
    assert_eq!(pm.lookup_enclosing(lc(2, 10), lc(2, 11)), Some(o(4)));
}

/// Silicon parses and type-checks the printed program, verifies the
/// kitchen-sink method, and reports each planted failure at a position
/// that `lookup` maps back to the planted origin.
#[test]
fn silicon_accepts_and_positions_map_back() {
    let Some(paths) = crate::backend::silicon::tests::silicon_or_skip() else {
        return;
    };
    let em = emit(program());
    let opts = RunOptions {
        timeout: Duration::from_secs(300),
        seed: None,
        cache: false,
        warm: true,
        counterexample: false,
    };
    let verdict = crate::backend::silicon::run_with(&paths, &em.text, &opts)
        .unwrap_or_else(|e| panic!("{e}\n{}", em.text));
    let mut got: Vec<(FailureKind, Option<Origin>)> = verdict
        .failures
        .iter()
        .map(|f| (f.kind.clone(), em.positions.lookup(f.start, f.end)))
        .collect();
    got.sort_by_key(|(k, o)| (format!("{k:?}"), o.map(|o| o.0)));
    let mut want = vec![
        (FailureKind::AssertFailed, Some(Origin(ASSERT_CMP))),
        // One failure per member (`--numberOfErrorsToReport 1`).
        (FailureKind::AssertFailed, Some(Origin(ASSERT_AND))),
        (FailureKind::CallPrecondition, Some(Origin(CALL))),
        (FailureKind::PostconditionViolated, Some(Origin(POST))),
        (FailureKind::AssignmentFailed, Some(Origin(READ_ASSIGN))),
        (FailureKind::AppPrecondition, Some(Origin(APP))),
        (
            FailureKind::LoopInvariantNotPreserved,
            Some(Origin(INVARIANT)),
        ),
        (FailureKind::FoldFailed, Some(Origin(FOLD))),
        (
            FailureKind::Other("Conditional statement might fail.".into()),
            Some(Origin(IF_COND)),
        ),
        (FailureKind::FunctionNotWellformed, Some(Origin(FUNCTION))),
    ];
    want.sort_by_key(|(k, o)| (format!("{k:?}"), o.map(|o| o.0)));
    assert_eq!(got, want, "{:#?}\n{}", verdict.failures, em.text);
}
