//! Parser tests: the tree a Java file becomes, and its error reports.

use super::parse_java;
use crate::diag::{Code, ErrorCode};
use crate::syntax::ast::*;
use crate::syntax::span::FileId;

fn parse(text: &str) -> Unit {
    match parse_java(FileId(0), text) {
        Ok(u) => u,
        Err(e) => panic!("{text}: {e:?}"),
    }
}

fn errors(text: &str) -> Vec<(Code, String)> {
    let errs = parse_java(FileId(0), text).expect_err("should be refused");
    errs.into_iter()
        .map(|d| {
            let s = d.span.expect("a place");
            (d.code, text[s.range()].to_owned())
        })
        .collect()
}

fn class(u: &Unit) -> &Class {
    match &u.decls[0] {
        Decl::Class(c) => c,
        Decl::Member(_) => panic!("a class"),
    }
}

fn method<'a>(c: &'a Class, name: &str) -> &'a Method {
    c.members
        .iter()
        .find_map(|m| match m {
            Member::Method(m) if m.name.name == name => Some(m),
            _ => None,
        })
        .expect("the method")
}

#[test]
fn spec_comments_become_contracts_and_ghost_code() {
    let u = parse(
        "class C { int x;\n\
         /*@ requires Perm(x, 1/2);\n  @ ensures Perm(x, 1/2); @*/\n\
         public void m() { //@ assert x == x;\n } }",
    );
    let m = method(class(&u), "m");
    assert_eq!(m.contract.clauses.len(), 2);
    let body = m.body.as_ref().expect("a body");
    assert!(matches!(body.stmts[0].kind, StmtKind::Assert(_)));
}

#[test]
fn predicates_with_and_without_parameters() {
    let u = parse(
        "class B { int inp;\n\
         /*@ resource state(frac p) = Perm(inp, p);\n group resource all = state(1); @*/ }",
    );
    let preds: Vec<_> = class(&u)
        .members
        .iter()
        .filter_map(|m| match m {
            Member::Predicate(p) => Some((p.name.name.as_str(), p.params.len())),
            _ => None,
        })
        .collect();
    assert_eq!(preds, [("state", 1), ("all", 0)]);
}

#[test]
fn ghost_arguments_in_both_spellings() {
    let u = parse(
        "class C { void m() { f() /*@ with { p = 1/2; q = 1; } then { a = b; } @*/;\n\
         f() /*@ given { p = 1\\2 } yields { a = b } @*/; } }",
    );
    let body = method(class(&u), "m").body.as_ref().expect("a body");
    for (s, ghosts) in body.stmts.iter().zip([2, 1]) {
        let StmtKind::Expr(Expr {
            kind: ExprKind::Call(c),
            ..
        }) = &s.kind
        else {
            panic!("a call")
        };
        // `with`/`then` keep their statements (the checker tells ghost
        // arguments from ghost code); `given`/`yields` are arguments already.
        assert_eq!(c.given.len() + c.with.len(), ghosts);
        assert_eq!(c.yields.len() + c.then.len(), 1);
    }
}

#[test]
fn a_set_of_roles_is_a_class_ghost_argument() {
    let u = parse("class C { A/*@<inv, share, trans, {T, P}>@*/ a; }");
    let Member::Field(f) = &class(&u).members[0] else {
        panic!("a field")
    };
    let TypeKind::Generic(_, args) = &f.ty.kind else {
        panic!("a class with ghost arguments")
    };
    let GhostArg::Names(ns, _) = &args[3] else {
        panic!("a set of names")
    };
    let ns: Vec<&str> = ns.iter().map(|n| n.name.as_str()).collect();
    assert_eq!(ns, ["T", "P"]);
}

#[test]
fn do_while_and_labels_reach_the_checker() {
    let u = parse(
        "class C { void m() { int i = 0; do { i++; } while (i < 3);\n\
         outer: for (;;) { break outer; } } }",
    );
    let body = method(class(&u), "m").body.as_ref().expect("a body");
    assert!(matches!(body.stmts[1].kind, StmtKind::DoWhile { .. }));
    let StmtKind::Labelled(l, s) = &body.stmts[2].kind else {
        panic!("a labelled statement")
    };
    assert_eq!(l.name, "outer");
    let StmtKind::For { body, .. } = &s.kind else {
        panic!("a for loop")
    };
    assert!(matches!(&body.stmts[0].kind, StmtKind::Break(Some(l)) if l.name == "outer"));
}

#[test]
fn field_initializers_go_to_the_constructors() {
    let u = parse("class C { int x = 1; C() { } }");
    let ctor = method(class(&u), "C");
    assert_eq!(ctor.body.as_ref().expect("a body").stmts.len(), 1);
    // Without a constructor, one is made, with write permission and the value.
    let u = parse("class D { int x = 1; }");
    let ctor = method(class(&u), "D");
    assert_eq!(ctor.contract.clauses.len(), 2);
}

#[test]
fn bare_predicate_names_are_unfolded_as_applications() {
    let u = parse("class C { void m() { //@ unfold preFork;\n } }");
    let body = method(class(&u), "m").body.as_ref().expect("a body");
    let StmtKind::Unfold(e) = &body.stmts[0].kind else {
        panic!("an unfold")
    };
    assert!(matches!(e.kind, ExprKind::Call(_)));
}

#[test]
fn jml_words_are_identifiers_in_java_text() {
    let u = parse("class C { int group; int requires(int frac) { return frac; } }");
    assert_eq!(class(&u).members.len(), 2);
}

#[test]
fn unsupported_java_is_reported_at_its_place() {
    let ns = Code::Error(ErrorCode::NotSupported);
    assert_eq!(
        errors("interface A implements B { static int n; }"),
        [(ns, "implements B".into()), (ns, "n".into())]
    );
    assert_eq!(
        errors("class A { static synchronized void n() { } }"),
        [(ns, "synchronized".into())]
    );
    assert_eq!(errors("class L { L/*@<a.b>@*/ l; }"), [(ns, "a.b".into())]);
    assert_eq!(
        errors("class A { int m() { return 1.5; } }"),
        [(ns, "1.5".into())]
    );
}

#[test]
fn syntax_errors_say_what_was_expected() {
    let errs = parse_java(FileId(0), "class A { void m() { int x = 1 } }").unwrap_err();
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].code, Code::Error(ErrorCode::ParseError));
    assert!(errs[0].message.contains("found `}`"), "{}", errs[0].message);
}

#[test]
fn lock_invariants_in_both_spellings() {
    for text in [
        "//@ lock_invariant Perm(x, 1);\nclass C { int x; }",
        "class C { int x; //@ resource lock_invariant() = Perm(x, 1);\n }",
    ] {
        let u = parse(text);
        let preds: Vec<_> = class(&u)
            .members
            .iter()
            .filter_map(|m| match m {
                Member::Predicate(p) => Some(p.name.name.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(preds, [LOCK_INVARIANT], "{text}");
    }
}

#[test]
fn synchronized_and_wait_notify_become_lock_statements() {
    let u = parse(
        "class C { synchronized void m() { //@ commit this;\n wait(); o.notifyAll(); synchronized (o) { } } }",
    );
    let body = method(class(&u), "m").body.as_ref().expect("a body");
    let StmtKind::Synchronized { lock, body } = &body.stmts[0].kind else {
        panic!("a synchronized method body")
    };
    assert!(matches!(lock.kind, ExprKind::This));
    let ops: Vec<_> = body
        .stmts
        .iter()
        .map(|s| match &s.kind {
            StmtKind::Lock(op, _) => op.keyword(),
            StmtKind::Synchronized { .. } => "synchronized",
            _ => "other",
        })
        .collect();
    assert_eq!(ops, ["commit", "wait", "notifyAll", "synchronized"]);
}

#[test]
fn string_literals_are_calls_with_their_character_codes() {
    let u = parse(r#"class C { void m() { x = "a\"\n"; } }"#);
    let body = method(class(&u), "m").body.as_ref().expect("a body");
    let StmtKind::Assign { value, .. } = &body.stmts[0].kind else {
        panic!("an assignment")
    };
    let ExprKind::Call(c) = &value.kind else {
        panic!("a call")
    };
    assert_eq!(c.name.name, "literal");
    assert!(
        matches!(&c.recv.as_deref().map(|r| &r.kind), Some(ExprKind::Name(n)) if n.name == "String")
    );
    let [Expr {
        kind: ExprKind::SeqLit(_, codes),
        ..
    }] = c.args.as_slice()
    else {
        panic!("one sequence argument")
    };
    let codes: Vec<i128> = codes
        .iter()
        .map(|e| match e.kind {
            ExprKind::Int(n) => n.get(),
            _ => panic!("a code"),
        })
        .collect();
    assert_eq!(codes, [97, 34, 10]);
    let errs = errors(r#"class C { void m() { x = "\q"; } }"#);
    assert_eq!(errs[0].0, Code::Error(ErrorCode::ParseError), "{errs:?}");
}

#[test]
fn calvin_annotations_are_typed_members_with_a_monitor_owner() {
    let u = parse(
        "/*@ env_assumption \\old(c) <= c; */ class C {
           /*@ unwritable_by_env_if holder == tid; */ int c, d;
           //@ ghost int g;
         }",
    );
    let c = class(&u);
    let clauses: Vec<(RgClause, &Expr)> = (c.members.iter())
        .filter_map(|m| match m {
            Member::RelyGuarantee(RelyGuarantee::Clause { kind, expr, .. }) => Some((*kind, expr)),
            _ => None,
        })
        .collect();
    // One unwritable clause per field the annotation precedes, and the
    // class's environment assumption.
    let kinds: Vec<RgClause> = clauses.iter().map(|(k, _)| *k).collect();
    assert_eq!(
        kinds,
        [
            RgClause::Unwritable,
            RgClause::Unwritable,
            RgClause::EnvAssumption
        ],
        "{kinds:?}"
    );
    // `unwritable_by_env_if P` before `f`: `\old(P) ==> f == \old(f)`.
    let ExprKind::Binary(BinOp::Implies, _, same) = &clauses[0].1.kind else {
        panic!("an implication: {:?}", clauses[0].1)
    };
    assert!(
        matches!(&same.kind, ExprKind::Binary(BinOp::Eq, f, _) if matches!(&f.kind, ExprKind::Name(n) if n.name == "c"))
    );
    // The fields' roles: the ghost field's, and the monitor owner `holder`
    // the front end declares.
    let roles: Vec<(RgField, &str)> = (c.members.iter())
        .filter_map(|m| match m {
            Member::RelyGuarantee(RelyGuarantee::Field { role, field, .. }) => {
                Some((*role, field.name.as_str()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        roles,
        [(RgField::Ghost, "g"), (RgField::MonitorOwner, "holder")]
    );
    assert!(c
        .members
        .iter()
        .any(|m| matches!(m, Member::Field(f) if f.name.name == "holder" && f.mods.is_ghost)));
    // A unit without the annotations gets no monitor owner.
    let plain = parse("class D { int x; }");
    assert_eq!(class(&plain).members.len(), 1);
}

#[test]
fn calvin_r_annotations_are_syntax_of_their_field_method_and_statement() {
    let u = parse(
        r#"class A {
  int m /*@ accessible_if m == 0 || m == tid */;
  int[] l /*@ accessible_if[j] l[j] == tid */;
  /*@ performs action "P": (m) { m == tid }; (action "Q": () { true } [] action () { true })* */
  void f() { /*@ witness "P"; */ }
}"#,
    );
    let c = class(&u);
    let field = |name: &str| {
        c.members.iter().find_map(|m| match m {
            Member::Field(f) if f.name.name == name => Some(f),
            _ => None,
        })
    };
    let m = field("m")
        .and_then(|f| f.access.as_ref())
        .expect("m's predicate");
    assert!(m.index.is_none());
    assert!(matches!(m.pred.kind, ExprKind::Binary(BinOp::Or, ..)));
    let l = field("l")
        .and_then(|f| f.access.as_ref())
        .expect("l's predicate");
    assert_eq!(l.index.as_ref().map(|j| j.name.as_str()), Some("j"));
    // The monitor's owner and its role, as every class of the unit gets; no
    // other member.
    assert!(field("holder").is_some());
    assert!(c.members.iter().any(|m| matches!(
        m,
        Member::RelyGuarantee(crate::syntax::ast::RelyGuarantee::Field {
            role: crate::syntax::ast::RgField::MonitorOwner,
            ..
        })
    )));
    assert_eq!(c.members.len(), 5);
    let f = method(c, "f");
    let spec = f.contract.performs.as_ref().expect("f's spec");
    let labels: Vec<Option<&str>> = (spec.actions.iter())
        .map(|a| a.label.as_ref().map(|l| l.name.as_str()))
        .collect();
    assert_eq!(labels, [Some("P"), Some("Q"), None]);
    assert_eq!(spec.actions[0].modifies.len(), 1);
    let act = |k| Box::new(PerformsShape::Action(k));
    assert_eq!(
        spec.shape,
        PerformsShape::Seq(
            act(0),
            Box::new(PerformsShape::Star(Box::new(PerformsShape::Choice(
                act(1),
                act(2)
            ))))
        )
    );
    let body = f.body.as_ref().expect("a body");
    assert!(matches!(&body.stmts[0].kind, StmtKind::Witness(l) if l.name == "P"));
    // A label is a Java identifier.
    let errs = errors(r#"class B { void g() { /*@ witness "1x"; */ } }"#);
    assert_eq!(errs[0].0, Code::Error(ErrorCode::ParseError), "{errs:?}");
    // A spec precedes a method.
    let errs = errors("class B { /*@ performs action () { true } */ int x; }");
    assert_eq!(errs[0].0, Code::Error(ErrorCode::ParseError), "{errs:?}");
}

#[test]
fn contracts_before_and_between_labels_go_to_the_loop() {
    let u = parse(
        "class C { void m() {\n\
         //@ loop_invariant true;\n\
         a: b:\n\
         //@ loop_invariant false;\n\
         while (true) { break a; } } }",
    );
    let body = method(class(&u), "m").body.as_ref().expect("a body");
    let StmtKind::Labelled(a, inner) = &body.stmts[0].kind else {
        panic!("a labelled statement")
    };
    assert_eq!(a.name.as_str(), "a");
    let StmtKind::Labelled(_, lp) = &inner.kind else {
        panic!("the second label")
    };
    let StmtKind::While { contract, .. } = &lp.kind else {
        panic!("the loop")
    };
    assert_eq!(contract.clauses.len(), 2);
}

#[test]
fn increments_in_expressions_and_as_statements() {
    let u = parse("class C { int m(int x) { x++; int y = ++x + x--; return x++; } }");
    let body = method(class(&u), "m").body.as_ref().expect("a body");
    assert!(matches!(body.stmts[0].kind, StmtKind::Assign { .. }));
    let StmtKind::Return(Some(e)) = &body.stmts[2].kind else {
        panic!("a return")
    };
    assert!(matches!(e.kind, ExprKind::Update(_, _, true)));
}

#[test]
fn switch_keeps_its_groups_and_bad_shapes_are_refused() {
    let u = parse("class C { void m(int x) { switch (x) { case 1: case 2: x = 0; default: } } }");
    let body = method(class(&u), "m").body.as_ref().expect("a body");
    let StmtKind::Switch(sw) = &body.stmts[0].kind else {
        panic!("a switch: {:?}", body.stmts[0].kind)
    };
    // `case 1: case 2:` is one group; `default:` another, with no statement.
    assert_eq!(sw.groups.len(), 2);
    assert_eq!(sw.groups[0].consts.len(), 2);
    assert!(sw.groups[1].default && sw.groups[1].body.stmts.is_empty());
    assert!(!sw.arrows);
    let errs = errors("class C { void m(int x) { switch (x) { case 1 -> x = 1; case 2: } } }");
    assert_eq!(errs.len(), 1);
    let errs = errors("class C { void m(int x) { switch (x) { case \"a\": } } }");
    assert_eq!(errs[0].0, Code::Error(ErrorCode::NotSupported));
}

/// The shape of a parsed expression: casts, names, selections, operators.
fn shape(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Cast(x, t) => match &t.kind {
            TypeKind::Named(n) => format!("(cast {} {})", n.name, shape(x)),
            _ => panic!("a class cast"),
        },
        ExprKind::Name(n) => n.name.to_string(),
        ExprKind::This => "this".into(),
        ExprKind::Select(x, f) => format!("{}.{}", shape(x), f.name),
        ExprKind::Binary(op, l, r) => format!("({} {} {})", shape(l), op.symbol(), shape(r)),
        ExprKind::Unary(_, x) => format!("(unary {})", shape(x)),
        other => format!("{other:?}"),
    }
}

#[test]
fn class_casts_are_told_from_parenthesised_names_by_the_next_token() {
    let u = parse(
        "class C { void m() {
           x = (a) + b; x = (a) b; x = (a)(b); x = (a) this; x = (a) !b; x = (a) - b;
           x = (a).f; x = (A) b.f; x = ((A) b).f; x = (int) b;
           if (a) x = 1;
           //@ assert (A) b == c && (A) \\result != null;
         }
         //@ requires (b) == c;
         Node n() { return (Node) o; } }",
    );
    let c = class(&u);
    let body = method(c, "m").body.as_ref().expect("a body");
    let values: Vec<String> = body
        .stmts
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Assign { value, .. } => Some(shape(value)),
            _ => None,
        })
        .collect();
    assert_eq!(
        values,
        [
            "(a + b)",
            "(cast a b)",
            "(cast a b)",
            "(cast a this)",
            "(cast a (unary b))",
            "(a - b)",
            "a.f",
            "(cast A b.f)",
            "(cast A b).f",
            "b",
        ]
    );
    // `if (a) x = 1;` is a statement, not a cast of `x`.
    assert!(matches!(body.stmts[10].kind, StmtKind::If { .. }));
    let StmtKind::Assert(e) = &body.stmts[11].kind else {
        panic!("an assert")
    };
    assert_eq!(shape(e), "(((cast A b) == c) && ((cast A Result) != Null))");
    let n = method(c, "n");
    assert_eq!(n.contract.clauses.len(), 1);
    let Some(StmtKind::Return(Some(e))) = n.body.as_ref().map(|b| &b.stmts[0].kind) else {
        panic!("a return")
    };
    assert_eq!(shape(e), "(cast Node o)");
}

#[test]
fn then_after_an_expression_and_after_a_call() {
    let u = parse(
        "class C { int v;\n\
         int m() {\n\
           int a = v /*@ then { fold p(); assert true; } @*/;\n\
           g(a) /*@ then unfold p(); */;\n\
           return v + v /*@ then fold p(); */;\n\
         } }",
    );
    let body = method(class(&u), "m").body.as_ref().expect("a body");
    // After a name: a `Then` holding the block.
    let StmtKind::Local {
        init: Some(init), ..
    } = &body.stmts[0].kind
    else {
        panic!("a local: {:?}", body.stmts[0].kind)
    };
    let ExprKind::Then(x, then) = &init.kind else {
        panic!("a then: {:?}", init.kind)
    };
    assert!(matches!(&x.kind, ExprKind::Name(n) if n.name == "v"));
    assert!(matches!(&then[..], [Stmt { kind: StmtKind::Block(b), .. }] if b.stmts.len() == 2));
    // After a call: the call's own `then` (one statement, no block).
    let StmtKind::Expr(call) = &body.stmts[1].kind else {
        panic!("a call: {:?}", body.stmts[1].kind)
    };
    let ExprKind::Call(c) = &call.kind else {
        panic!("a call: {:?}", call.kind)
    };
    assert!(matches!(
        &c.then[..],
        [Stmt {
            kind: StmtKind::Unfold(_),
            ..
        }]
    ));
    // It binds to the operand before it, as VerCors's grammar reads it.
    let StmtKind::Return(Some(r)) = &body.stmts[2].kind else {
        panic!("a return: {:?}", body.stmts[2].kind)
    };
    let ExprKind::Binary(BinOp::Add, l, r) = &r.kind else {
        panic!("a sum: {:?}", r.kind)
    };
    assert!(matches!(l.kind, ExprKind::Name(_)));
    assert!(
        matches!(&r.kind, ExprKind::Then(_, s) if matches!(s[..], [Stmt { kind: StmtKind::Fold(_), .. }]))
    );
}
