//! Checker tests from PVL text. Core trees are compared through a compact
//! s-expression rendering (`sx`) that drops spans and types.

use super::check;
use crate::core::print::{block as sx_block, expr as sx};
use crate::core::{ExprKind as K, Program, Type};
use crate::diag::{Code, Diagnostic, ErrorCode};
use crate::syntax::ast::RgClause;
use crate::syntax::parse_pvl;
use crate::syntax::span::FileId;

// ------------------------------------------------------------ helpers

fn run(files: &[&str]) -> Result<Program, Vec<Diagnostic>> {
    let units: Vec<_> = files
        .iter()
        .enumerate()
        .map(|(i, text)| match parse_pvl(FileId(i as u32), text) {
            Ok(u) => u,
            Err(ds) => panic!("parse failed: {ds:?}\n--- input:\n{text}"),
        })
        .collect();
    check(&units)
}

fn ok(text: &str) -> Program {
    match run(&[text]) {
        Ok(p) => p,
        Err(ds) => panic!("check failed: {ds:#?}\n--- input:\n{text}"),
    }
}

fn line_of(text: &str, d: &Diagnostic) -> usize {
    let start = d.span.expect("a span").start as usize;
    text[..start].matches('\n').count() + 1
}

/// All errors as (code, line, message).
fn errors(text: &str) -> Vec<(ErrorCode, usize, String)> {
    match run(&[text]) {
        Ok(_) => panic!("expected errors for:\n{text}"),
        Err(ds) => ds
            .iter()
            .map(|d| match d.code {
                Code::Error(c) => (c, line_of(text, d), d.message.clone()),
                Code::Failure(f) => panic!("a failure code from the checker: {f}"),
            })
            .collect(),
    }
}

/// Exactly one error, with this code, on this line, mentioning `msg`.
fn error(text: &str, code: ErrorCode, line: usize, msg: &str) {
    let es = errors(text);
    assert_eq!(es.len(), 1, "expected one error, got {es:#?}");
    let (c, l, m) = &es[0];
    assert_eq!((*c, *l), (code, line), "{m}");
    assert!(m.contains(msg), "message {m:?} lacks {msg:?}");
}

fn method<'p>(p: &'p Program, name: &str) -> &'p crate::core::Method {
    p.methods
        .iter()
        .find(|m| m.name == name && !m.is_constructor)
        .unwrap_or_else(|| panic!("no method {name}"))
}

fn body(p: &Program, name: &str) -> String {
    sx_block(p, method(p, name).body.as_ref().expect("a body"))
}

// ------------------------------------------------------------ rendering

#[test]
fn undeclared_name() {
    let text = "class C {\n  void m() {\n    int x = y;\n  }\n}";
    error(text, ErrorCode::Undeclared, 3, "y is not declared");
    let text = "void m() {\n  C c;\n}";
    error(text, ErrorCode::Undeclared, 2, "type C is not declared");
    let text = "void m() {\n  foo(1);\n}";
    error(text, ErrorCode::Undeclared, 2, "foo is not declared");
}

#[test]
fn duplicates() {
    let text = "class C {\n  int f;\n  boolean f;\n}";
    error(text, ErrorCode::Duplicate, 3, "f is declared twice");
    let text = "class C { }\nclass C { }";
    error(text, ErrorCode::Duplicate, 2, "class C is declared twice");
    // A local may be declared again in its block (it shadows), a parameter not.
    let text = "void m(int a,\n       int a) { }";
    error(text, ErrorCode::Duplicate, 2, "a is already declared");
    let text = "void m() {\n  label L;\n  label L;\n}";
    error(text, ErrorCode::Duplicate, 3, "label L is declared twice");
    // Overloads must differ in their parameter types.
    let text = "pure int f(int x) = x;\npure int f(int y) = y;";
    error(text, ErrorCode::Duplicate, 2, "member f is declared twice");
    let text = "class C {\n  void m(int x) { }\n  void m(int y) { }\n}";
    error(text, ErrorCode::Duplicate, 3, "member m is declared twice");
}

#[test]
fn arity() {
    let text = "pure int f(int a) = a;\nvoid m() {\n  int x = f(1, 2);\n}";
    error(text, ErrorCode::Arity, 3, "f expects 1 argument, got 2");
    let text = "class C { }\nvoid m() {\n  C c = new C(1);\n}";
    error(
        text,
        ErrorCode::Arity,
        3,
        "no constructor of C takes 1 arguments",
    );
    let text = "given int g;\nvoid k() { }\nvoid m() {\n  k();\n}";
    error(text, ErrorCode::Arity, 4, "ghost argument g is not given");
}

#[test]
fn ghost_argument_names() {
    let text = "given int g;\nvoid k() { }\nvoid m() {\n  k() given { h = 1 };\n}";
    let es = errors(text);
    assert_eq!(es[0].0, ErrorCode::Undeclared, "{es:?}");
    assert_eq!(es[0].1, 4);
    let text = "yields int y;\nvoid k() { }\nvoid m() {\n  int a;\n  k() yields { a = z };\n}";
    error(
        text,
        ErrorCode::Undeclared,
        5,
        "z is not a ghost result of k",
    );
}

#[test]
fn type_mismatch() {
    let text = "void m() {\n  int x = true;\n}";
    error(
        text,
        ErrorCode::TypeMismatch,
        2,
        "expected int, found boolean",
    );
    let text = "void m() {\n  if (1) { }\n}";
    error(
        text,
        ErrorCode::TypeMismatch,
        2,
        "expected boolean, found int",
    );
    let text = "void m(int x) {\n  assert x + true == 1;\n}";
    error(
        text,
        ErrorCode::TypeMismatch,
        2,
        "operator + cannot be applied",
    );
    let text = "requires Perm(x, write);\nvoid m(int x) { }";
    error(
        text,
        ErrorCode::TypeMismatch,
        1,
        "Perm needs a field or array element",
    );
    let text = "class C { int f; }\nrequires Perm(c.f, true);\nvoid m(C c) { }";
    error(text, ErrorCode::TypeMismatch, 2, "expected a permission");
    let text = "int m() {\n  return;\n}";
    error(text, ErrorCode::TypeMismatch, 2, "must return a int");
    let text = "void m() {\n  return 1;\n}";
    error(text, ErrorCode::TypeMismatch, 2, "cannot return a value");
    let text = "void m() {\n  assert None == None;\n}";
    error(
        text,
        ErrorCode::TypeMismatch,
        2,
        "cannot infer the type of None",
    );
    let text = "resource p() = true;\nvoid m() {\n  fold true;\n}";
    error(
        text,
        ErrorCode::TypeMismatch,
        3,
        "fold needs a predicate instance",
    );
    let text = "void m() {\n  assert (\\forall int i; Perm(this.f, write));\n}";
    let es = errors(text);
    assert!(es.iter().all(|e| e.1 == 2), "{es:?}");
}

#[test]
fn method_call_in_specification_is_misplaced() {
    let text = "class C {\n  int get() { return 1; }\n  requires get() == 1;\n  void m() { }\n}";
    error(
        text,
        ErrorCode::Misplaced,
        3,
        "method get is not pure: it cannot be used in a specification",
    );
    let text = "class C {\n  int get() { return 1; }\n  void m() {\n    assert get() == 1;\n  }\n}";
    error(
        text,
        ErrorCode::Misplaced,
        4,
        "cannot be used in a specification",
    );
}

#[test]
fn method_call_nested_in_expression_is_typed_where_it_stands() {
    let text = "class C {\n  int get() { return 1; }\n  void m() {\n    int x = get() + 1;\n  }\n}";
    // `passes::lift` runs it before the statement.
    assert_eq!(
        body(&ok(text), "m"),
        "{(local x (+ (invoke this.get()) 1))}"
    );
}

#[test]
fn method_call_in_loop_condition_is_typed_where_it_stands() {
    let text =
        "class C {\n  int get() { return 1; }\n  void m() {\n    while (get() > 0) { }\n  }\n}";
    assert_eq!(
        body(&ok(text), "m"),
        "{(loop 1 [] (> (invoke this.get()) 0) {})}"
    );
}

#[test]
fn method_call_in_range_bounds_is_not_supported() {
    let text = "class C {\n  int get() { return 1; }\n  void m() {\n    for (int i = 0 .. get()) { }\n  }\n}";
    error(
        text,
        ErrorCode::NotSupported,
        4,
        "not supported yet: a method call in the bounds of a range loop",
    );
}

#[test]
fn void_method_in_expression_is_a_type_error() {
    let text = "class C {\n  void reset() { }\n  void m() {\n    int x = 1 + reset();\n  }\n}";
    error(
        text,
        ErrorCode::TypeMismatch,
        4,
        "this method returns nothing",
    );
}

#[test]
fn misplaced_clauses_and_keywords() {
    let text = "loop_invariant true;\nvoid m() { }";
    error(
        text,
        ErrorCode::Misplaced,
        1,
        "loop_invariant is not allowed on a method",
    );
    let text = "void m() {\n  requires true;\n  while (false) { }\n}";
    error(
        text,
        ErrorCode::Misplaced,
        2,
        "requires is not allowed on a loop",
    );
    let text = "requires \\result == 1;\nint m() { return 1; }";
    error(text, ErrorCode::Misplaced, 1, "\\result");
    let text = "ensures \\result == 1;\nvoid m() { }";
    error(text, ErrorCode::Misplaced, 1, "\\result");
    let text = "class C {\n  int f;\n  static void m() {\n    f = 1;\n  }\n}";
    error(text, ErrorCode::Misplaced, 4, "static context");
    let text = "class C {\n  int f;\n  static void m() {\n    assert this == null;\n  }\n}";
    error(text, ErrorCode::Misplaced, 4, "static context");
    let text = "void m() {\n  assert \\old[L](1) == 1;\n}";
    error(text, ErrorCode::Undeclared, 2, "label L is not declared");
}

#[test]
fn final_write() {
    let text = "class C {\n  final int f;\n  C() { f = 1; }\n  void m() {\n    f = 2;\n  }\n}";
    error(text, ErrorCode::FinalWrite, 5, "final field f");
    let text = "class C { final int f; }\nvoid m(C c) {\n  c.f = 2;\n}";
    error(text, ErrorCode::FinalWrite, 3, "final field f");
}

#[test]
fn decreases_is_not_supported() {
    let text = "decreases n;\nvoid m(int n) { }";
    error(
        text,
        ErrorCode::NotSupported,
        1,
        "termination measures (decreases)",
    );
    // VerCors's type values parse, and are not supported yet.
    let text = "class C {\n  requires \\typeof(this) != null;\n  void m() { }\n}";
    error(text, ErrorCode::NotSupported, 2, "a type value");
    // VerCors's `decreases assume;` parses, and is not supported either.
    let text = "void k() { }\ndecreases assume;\nvoid m(int n) { }";
    error(
        text,
        ErrorCode::NotSupported,
        2,
        "termination measures (decreases)",
    );
    let text = "void m(int n) {\n  decreases n;\n  while (false) { }\n}";
    error(
        text,
        ErrorCode::NotSupported,
        2,
        "termination measures (decreases)",
    );
}

#[test]
fn several_errors_are_collected_in_order() {
    let text = "void m() {\n  int x = true;\n}\nvoid k() {\n  y = 1;\n  boolean b = 3;\n}";
    let es = errors(text);
    let got: Vec<_> = es.iter().map(|e| (e.0, e.1)).collect();
    assert_eq!(
        got,
        vec![
            (ErrorCode::TypeMismatch, 2),
            (ErrorCode::Undeclared, 5),
            (ErrorCode::TypeMismatch, 6)
        ]
    );
}

// ------------------------------------------------------------ shapes

#[test]
fn for_loop_is_a_loop_with_an_update() {
    let p = ok("void m(int n) {\n  int s = 0;\n  loop_invariant s >= 0;\n  for (int i = 0; i < n; i = i + 1) { s = s + i; }\n}");
    assert_eq!(
        body(&p, "m"),
        "{(local s 0) {(local i 0) (loop 1 [(>= s 0)] (< i n) {(= s (+ s i))} {(= i (+ i 1))})}}"
    );
}

#[test]
fn for_range_is_checked_as_written() {
    let p = ok("void m(int n) {\n  int s = 0;\n  loop_invariant s >= 0;\n  for (int i = 0 .. n) { s = s + i; }\n}");
    assert_eq!(
        body(&p, "m"),
        "{(local s 0) (for-range 1 i 0 n [(>= s 0)] {(= s (+ s i))})}"
    );
}

#[test]
fn points_to_value_and_perm() {
    let p = ok("class C {\n  int f;\n  requires PointsTo(f, 1\\2, 3) ** Value(this.f);\n  ensures perm(f) == write;\n  void m() { }\n}");
    let m = method(&p, "m");
    assert_eq!(
        sx(&p, &m.contract.requires[0]),
        "(** (** (Perm (. this f) (\\ 1 2)) (== (. this f) 3)) (Perm (. this f) read))"
    );
    assert_eq!(m.contract.requires[0].ty, Type::Resource);
    assert_eq!(
        sx(&p, &m.contract.ensures[0]),
        "(== (perm (. this f)) write)"
    );
}

#[test]
fn quantifiers_fold_range_and_condition() {
    let p = ok("requires (\\forall int i = 0 .. |xs|; xs[i] > 0);\n\
         requires (\\forall int i; 0 <= i && i < a.length; a[i] > 0);\n\
         requires (\\exists int i; i > 0; i < 2);\n\
         requires (\\forall* int i; 0 <= i && i < a.length; Perm(a[i], write));\n\
         void m(seq<int> xs, int[] a) { }");
    let r: Vec<_> = method(&p, "m")
        .contract
        .requires
        .iter()
        .map(|e| sx(&p, e))
        .collect();
    assert_eq!(
        r[0],
        "(forall [i] (==> (&& (<= 0 i) (< i (size xs))) (> (seqidx xs i) 0)))"
    );
    // Binders are unique within the method too.
    assert_eq!(
        r[1],
        "(forall [i_1] (==> (&& (<= 0 i_1) (< i_1 (length a))) (> (idx a i_1) 0)))"
    );
    assert_eq!(r[2], "(exists [i_2] (&& (> i_2 0) (< i_2 2)))");
    assert_eq!(
        r[3],
        "(forall* [i_3] (==> (&& (<= 0 i_3) (< i_3 (length a))) (Perm (idx a i_3) write)))"
    );
    let req = &method(&p, "m").contract.requires;
    assert_eq!(req[0].ty, Type::Bool);
    assert_eq!(req[3].ty, Type::Resource);
}

#[test]
fn implicit_this_for_fields_functions_and_predicates() {
    let p = ok("class C {\n  int f;\n  resource inv() = Perm(f, write);\n  requires inv();\n  pure int get() = \\unfolding inv() \\in f;\n  requires [1\\2]inv();\n  void m() {\n    unfold [1\\2]inv();\n    f = 2;\n  }\n}");
    let m = method(&p, "m");
    assert_eq!(sx(&p, &m.contract.requires[0]), "([(\\ 1 2)]this.inv)");
    assert_eq!(
        body(&p, "m"),
        "{(unfold ([(\\ 1 2)]this.inv)) (= (. this f) 2)}"
    );
    let get = &p.functions[0];
    assert_eq!(sx(&p, &get.contract.requires[0]), "([write]this.inv)");
    assert_eq!(
        sx(&p, get.body.as_ref().unwrap()),
        "(unfolding ([write]this.inv) (. this f))"
    );
}

#[test]
fn default_constructor_has_write_permission_to_mutable_fields() {
    let p = ok("class C {\n  int f;\n  final int g;\n  seq<int> h;\n}");
    let ctors: Vec<_> = p.methods.iter().filter(|m| m.is_constructor).collect();
    assert_eq!(ctors.len(), 1);
    let c = ctors[0];
    assert_eq!(
        (c.name.as_str(), c.class, c.params.len()),
        ("C", Some(crate::core::ClassId(0)), 0)
    );
    assert_eq!(c.ret, Type::Class(crate::core::ClassId(0)));
    assert!(c.body.as_ref().unwrap().stmts.is_empty());
    let ens: Vec<_> = c.contract.ensures.iter().map(|e| sx(&p, e)).collect();
    assert_eq!(
        ens,
        vec!["(Perm (. this f) write)", "(Perm (. this h) write)"]
    );
    // An explicit constructor replaces it; `this` is the new object there.
    let p =
        ok("class C {\n  int f;\n  ensures Perm(f, write) ** f == x;\n  C(int x) { f = x; }\n}");
    let ctors: Vec<_> = p.methods.iter().filter(|m| m.is_constructor).collect();
    assert_eq!(ctors.len(), 1);
    assert_eq!(
        sx_block(&p, ctors[0].body.as_ref().unwrap()),
        "{(= (. this f) x)}"
    );
}

#[test]
fn method_calls_as_statements() {
    let p = ok("class C {\n  int f;\n  C next;\n  int get(int a) { return a; }\n  C make() { return this; }\n  void m(C o) {\n    \
         get(1);\n    int y = get(2);\n    y = o.get(y);\n    f = get(3);\n    next = new C();\n    C c = new C();\n    \
         int[] a = new int[3];\n    a[0] = get(4);\n  }\n  C k() {\n    return make();\n  }\n}");
    assert_eq!(
        body(&p, "m"),
        "{(call this.get(1)) (local y) (call y = this.get(2)) (call y = o.get(y)) \
         (= (. this f) (effect {(local tmp) (call tmp = this.get(3))} then tmp)) \
         (= (. this next) (effect {(local tmp_1) (call tmp_1 = new C())} then tmp_1)) \
         (local c) (call c = new C()) (local a) (newarray a Int 3) \
         (= (idx a 0) (effect {(local tmp_2) (call tmp_2 = this.get(4))} then tmp_2))}"
    );
    assert_eq!(
        body(&p, "k"),
        "{(local tmp) (call tmp = this.make()) (return tmp)}"
    );
}

#[test]
fn given_and_yields_map_by_name() {
    let p = ok(
        "given int a;\ngiven int b;\nyields int r;\nyields int s;\nvoid k() { r = a; s = b; }\n\
         void m() {\n  int x;\n  k() given { b = 2, a = 1 } yields { x = s };\n}",
    );
    assert_eq!(
        body(&p, "m"),
        "{(local x) (call k() given 1 given 2 yields x)}"
    );
    let k = method(&p, "k");
    assert_eq!(k.given.len(), 2);
}

#[test]
fn shadowing_and_keyword_locals_are_renamed() {
    let p = ok("int m(int result, int x) {\n  int y = x;\n  { int x = 1; y = y + x; }\n  { int x = 2; y = y + x; }\n  \
         assert (\\forall int x; x == x);\n  return result + y;\n}");
    let m = method(&p, "m");
    let params: Vec<_> = m.params.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(params, vec!["result_", "x"]);
    assert_eq!(
        body(&p, "m"),
        "{(local y x) {(local x_1 1) (= y (+ y x_1))} {(local x_2 2) (= y (+ y x_2))} \
         (assert (forall [x_3] (== x_3 x_3))) (return (+ result_ y))}"
    );
}

#[test]
fn builtins_on_sequences_arrays_and_options() {
    let p = ok("requires |xs| > 0 && xs.head == xs[0] && xs.tail == xs[1..] && xs[..1] == [xs[0]];\n\
         requires \\array(a, 3) && a.length == 3 && o.get == 1 && o == Some(1) && o != None;\n\
         requires 1 \\in xs && (xs + seq<int>{}) == xs && set<int>{1} + set<int>{2} == set<int>{1, 2};\n\
         void m(seq<int> xs, int[] a, option<int> o) { }");
    let r: Vec<_> = method(&p, "m")
        .contract
        .requires
        .iter()
        .map(|e| sx(&p, e))
        .collect();
    assert_eq!(
        r[0],
        "(&& (&& (&& (> (size xs) 0) (== (head xs) (seqidx xs 0))) (== (tail xs) (drop xs 1))) \
         (== (take xs 1) (seq (seqidx xs 0))))"
    );
    assert_eq!(
        r[1],
        "(&& (&& (&& (&& (array a 3) (== (length a) 3)) (== (get o) 1)) (== o (Some 1))) (!= o None))"
    );
    assert!(r[2].starts_with("(&& (&& (\\in 1 xs)"), "{}", r[2]);
}

#[test]
fn types_of_arithmetic_and_permissions() {
    let p = ok("class C { int f; }\nrequires Perm(c.f, 1) ** Perm(c.f, 1\\2) ** Perm(c.f, q) ** Perm(c.f, r * 2);\n\
         ensures \\result == 1 \\ 2;\npure rational m(C c, frac q, zfrac r) = 1\\2 + q;");
    let f = &p.functions[0];
    let ens = &f.contract.ensures[0];
    let K::Binary(_, _, half) = &ens.kind else {
        panic!()
    };
    assert_eq!(half.ty, Type::Rational);
    assert_eq!(f.body.as_ref().unwrap().ty, Type::Rational);
    let text =
        "void m(int x) {\n  frac q = x;\n  boolean b = x / 2 == 1;\n  rational r = x % 2 + q;\n}";
    ok(text);
}

#[test]
fn old_with_label_and_result() {
    let p = ok("class C {\n  int f;\n  requires Perm(f, write);\n  ensures Perm(f, write) ** \\result == \\old(f);\n  int m() {\n    label L;\n    f = f + 1;\n    assert f == \\old[L](f) + 1;\n    return f - 1;\n  }\n}");
    let m = method(&p, "m");
    assert_eq!(
        sx(&p, &m.contract.ensures[0]),
        "(** (Perm (. this f) write) (== \\result (old (. this f))))"
    );
    assert!(body(&p, "m").contains("(assert (== (. this f) (+ (old[L] (. this f)) 1)))"));
}

#[test]
fn files_form_one_program_in_any_order() {
    let a = "void main() {\n  Cell c = new Cell();\n  c.put(2);\n  assert c.get() == 2;\n}";
    let b = "class Cell {\n  int v;\n  ensures v == x;\n  void put(int x) { v = x; }\n  pure int get() = v;\n}";
    let p = match run(&[a, b]) {
        Ok(p) => p,
        Err(ds) => panic!("{ds:#?}"),
    };
    assert_eq!(
        body(&p, "main"),
        "{(local c) (call c = new Cell()) (call c.put(2)) (assert (== (fn c.get) 2))}"
    );
}

#[test]
fn static_members_and_calls_through_the_class() {
    let p = ok("class M {\n  static pure int twice(int x) = 2 * x;\n  static void s() { }\n  void m() {\n    s();\n    M.s();\n    assert M.twice(1) == twice(1);\n  }\n}");
    assert_eq!(
        body(&p, "m"),
        "{(call s()) (call s()) (assert (== (fn twice 1) (fn twice 1)))}"
    );
}

// ------------------------------------------------------------ a whole program

/// A realistic program covering most of PVL (the parser's test program).
const PROGRAM: &str = r#"
class Counter {
  int count;
  final int limit;
  int[] data;
  seq<int> hist;
  inline resource state() = Perm(count, write) ** Perm(hist, write) ** count == |hist|;
  resource valid() = Perm(limit, 1\2) ** Perm(data, 1\2) ** data != null ** \array(data, limit);
  ensures state() ** Perm(limit, 1\2) ** limit == l;
  Counter(int l) {
    count = 0;
    hist = seq<int>{};
    limit = l;
    fold state();
  }
  requires state();
  ensures state() ** count == \old(count) + 1;
  ensures hist == \old(hist) + [\old(count)];
  void incr() {
    unfold state();
    hist = hist + [count];
    count += 1;
    fold state();
  }
  requires 0 <= n;
  ensures \result == n * (n + 1) / 2;
  pure int tri(int n) = n == 0 ? 0 : n + tri(n - 1);
  given frac p;
  yields int total;
  context Perm(data, p) ** data != null;
  context (\forall* int i; 0 <= i < data.length; Perm(data[i], p));
  ensures total >= 0 ==> (\forall int i = 0 .. data.length; data[i] >= 0);
  void sum() {
    int s = 0, k;
    loop_invariant 0 <= k <= data.length;
    loop_invariant Perm(data, p) ** (\forall* int i; 0 <= i < data.length; Perm(data[i], p));
    for (k = 0; k < data.length; k++) {
      if (data[k] > 0) s = s + data[k]; else { s -= data[k]; }
    }
    ghost total = s;
    assert s >= 0 || s < 0;
  }
  requires [1\2]valid();
  void touch() {
    unfold [1\2]valid();
    int x = \unfolding [1\2]valid() \in limit;
    label here;
    assert \old[here](x) == x;
    fold [1\2]valid();
  }
}
pure boolean sorted(seq<int> xs) = (\forall int i, int j; 0 <= i < j < |xs|; xs[i] <= xs[j]);
requires c != null ** c.state();
void client(Counter c) {
  int before;
  c.incr();
  Counter d = new Counter(10);
  while (d.count < 5) { d.incr(); }
  inhale Perm(d.count, write);
  exhale Perm(d.count, write);
  assume (\exists int q; q > 0);
  refute false;
  d.sum() given { p = 1\2 } yields { before = total };
  for (int i = 0 .. 3) { d.incr(); }
  return;
}
"#;

#[test]
fn realistic_program_checks() {
    let p = ok(PROGRAM);
    assert_eq!(p.classes.len(), 1);
    assert_eq!(p.methods.len(), 5); // constructor, incr, sum, touch, client
    assert!(p.predicates[0].is_inline);
    assert_eq!(
        body(&p, "client"),
        "{(local before) (call c.incr()) (local d) (call d = new Counter(10)) \
         (loop 1 [] (< (. d count) 5) {(call d.incr())}) \
         (inhale (Perm (. d count) write)) (exhale (Perm (. d count) write)) \
         (assume (exists [q] (> q 0))) (refute false) \
         (call d.sum() given (\\ 1 2) yields before) \
         (for-range 2 i 0 3 [] {(call d.incr())}) \
         (return)}"
    );
    let sum = method(&p, "sum");
    assert_eq!(sum.contract.requires.len(), 2);
    assert_eq!(sum.contract.ensures.len(), 3);
}

#[test]
fn decreases_in_a_realistic_program_is_the_only_error() {
    let text = PROGRAM.replace(
        "    for (k = 0;",
        "    decreases data.length - k;\n    for (k = 0;",
    );
    let es = errors(&text);
    assert_eq!(es.len(), 1, "{es:?}");
    assert_eq!(es[0].0, ErrorCode::NotSupported);
    assert_eq!(es[0].1, 37);
}

#[test]
fn clauses_on_functions_predicates_and_loops() {
    let text = "context_everywhere true;\npure int f() = 1;";
    error(
        text,
        ErrorCode::Misplaced,
        1,
        "context_everywhere is not allowed on a function",
    );
    let text = "requires true;\nresource p() = true;";
    let es = errors(text);
    assert!(
        es.iter().any(|e| e.0 == ErrorCode::Misplaced && e.1 == 1),
        "{es:?}"
    );
    let text = "void m() {\n  context_everywhere true;\n  while (false) { }\n}";
    error(
        text,
        ErrorCode::Misplaced,
        2,
        "context_everywhere is not allowed on a loop",
    );
    let p = ok("context_everywhere n > 0;\ncontext n < 10;\nvoid m(int n) { }");
    let c = &method(&p, "m").contract;
    assert_eq!(
        (
            c.requires.len(),
            c.ensures.len(),
            c.context_everywhere.len()
        ),
        (1, 1, 1)
    );
}

/// Mutated programs that still parse never make the checker panic.
#[test]
fn mutations_never_panic() {
    let chars: Vec<char> = PROGRAM.chars().collect();
    let alphabet: Vec<char> = "(){}[];,.=<>|\\*+-!?:xfi1 ".chars().collect();
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut checked = 0;
    for _ in 0..3000 {
        let mut cs = chars.clone();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let pos = (seed % cs.len() as u64) as usize;
        cs[pos] = alphabet[((seed >> 32) % alphabet.len() as u64) as usize];
        let text: String = cs.into_iter().collect();
        if let Ok(u) = parse_pvl(FileId(0), &text) {
            let _ = check(&[u]);
            checked += 1;
        }
    }
    assert!(checked > 200, "only {checked} mutants parsed");
}

// ------------------------------------------------------------ threads

const WORKER: &str = "class W {\n  int x;\n  context Perm(x, write);\n  void run() { x = 1; }\n}\n";

#[test]
fn fork_join_and_tokens() {
    let text = format!(
        "{WORKER}class M {{\n  requires idle(w);\n  ensures running(w);\n  void m(W w) {{\n    fork w;\n  }}\n}}"
    );
    let p = ok(&text);
    let m = p.methods.iter().find(|m| m.name == "m").unwrap();
    assert_eq!(sx_block(&p, m.body.as_ref().unwrap()), "{(fork w)}");
    // Resolved tokens; `passes::threads` says what they are.
    assert_eq!(sx(&p, &m.contract.requires[0]), "(idle w)");
    assert_eq!(sx(&p, &m.contract.ensures[0]), "(running w)");
    assert_eq!(p.features.run.len(), 1);
}

#[test]
fn fork_errors() {
    let text = "class P { }\nvoid m(P p) {\n  fork p;\n}";
    error(
        text,
        ErrorCode::RunnableMethodMissing,
        3,
        "class P has no method void run()",
    );
    let text = "class P { int run() { return 1; } }\nvoid m(P p) {\n  join p;\n}";
    error(
        text,
        ErrorCode::RunnableMethodMissing,
        3,
        "class P has no method void run()",
    );
    let text = "void m(int n) {\n  fork n;\n}";
    error(
        text,
        ErrorCode::TypeMismatch,
        2,
        "expected an object to be forked",
    );
    let text = "requires idle(3);\nvoid m() { }";
    error(
        text,
        ErrorCode::TypeMismatch,
        1,
        "expected an object to be idle",
    );
}

// ------------------------------------------------------------ synchronized

fn java(text: &str) -> Program {
    let unit = crate::syntax::java::parse_java(FileId(0), text).expect("parses");
    check(&[unit]).expect("checks")
}

#[test]
fn synchronized_is_resolved_not_lowered() {
    let p = java(
        "//@ lock_invariant Perm(x, 1);
        class C { int x; synchronized int get() { return x; } }",
    );
    assert_eq!(
        body(&p, "get"),
        "{(synchronized this {(return (. this x))})}"
    );
}

#[test]
fn synchronized_needs_a_lock_invariant() {
    let unit = crate::syntax::java::parse_java(
        FileId(0),
        "class C { void m() { synchronized (this) { } } }",
    )
    .expect("parses");
    let errs = check(&[unit]).expect_err("refused");
    assert_eq!(errs[0].code, Code::Error(ErrorCode::Misplaced));
}

// ------------------------------------------------------------ Calvin-R

#[test]
fn calvin_r_annotations_are_features_by_id() {
    let p = java(
        r#"class Cell {
  int m /*@ accessible_if m == 0 || m == tid */;
  int[] l /*@ accessible_if[j] l[j] == tid */;
  /*@ performs action "Get": (m) { \old(m) == 0 && m == tid } [] action (l[k]) { \result == k } */
  int take(int k) { acquire(m); /*@ witness "Get"; */ return k; }
}
class Other { int x; }"#,
    );
    let r = p.features.calvin_r.as_ref().expect("a Calvin-R program");
    // Every class of the unit is Calvin-R's.
    let names: Vec<&str> = (r.classes.iter())
        .map(|c| p.class(*c).name.as_str())
        .collect();
    assert_eq!(names, ["Cell", "Other"]);
    let field = |name: &str| {
        let f = (p.fields.iter())
            .position(|f| f.name == name)
            .expect("a field");
        crate::core::FieldId(f as u32)
    };
    let m = &r.access[&field("m")];
    assert_eq!(
        sx(&p, &m.pred),
        "(|| (== (. this m) 0) (== (. this m) \\current_thread))"
    );
    let l = &r.access[&field("l")];
    assert_eq!(
        l.index.as_ref().map(|j| (j.name.as_str(), &j.ty)),
        Some(("j", &Type::Int))
    );
    assert_eq!(r.access.len(), 2);
    let take = (p.methods.iter())
        .position(|m| m.name == "take")
        .expect("take");
    let spec = &r.performs[&crate::core::MethodId(take as u32)];
    let labels: Vec<Option<&str>> = (spec.actions.iter())
        .map(|a| a.label.map(|l| l.as_str()))
        .collect();
    assert_eq!(labels, [Some("Get"), None]);
    let modifies: Vec<String> = (spec.actions.iter())
        .flat_map(|a| a.modifies.iter().map(|x| sx(&p, x)))
        .collect();
    assert_eq!(modifies, ["(. this m)", "(idx (. this l) k)"]);
    assert_eq!(sx(&p, &spec.actions[1].pred), "(== \\result k)");
    // The witness is a statement of its own; acquire an atomic step.
    let b = body(&p, "take");
    assert!(b.contains("(witness Get)"), "{b}");
}

#[test]
fn calvin_r_annotations_errors() {
    // A witness outside a Calvin-R class; an action modifies locations.
    let es = java_errors(r#"class A { void g() { /*@ witness "L"; */ } }"#);
    assert_eq!(es[0].0, ErrorCode::Misplaced, "{es:?}");
    let es = java_errors(
        r#"class B {
  int m /*@ accessible_if true */;
  /*@ performs action (k) { true } */ void g(int k) { }
}"#,
    );
    assert_eq!(es[0].0, ErrorCode::NotSupported, "{es:?}");
    let es = java_errors("class C { static int s /*@ accessible_if true */; }");
    assert_eq!(es[0].0, ErrorCode::NotSupported, "{es:?}");
    // A performs spec before a predicate is refused, not dropped.
    let es = java_errors(
        r#"class D {
  int m /*@ accessible_if true */;
  /*@ performs action (m) { true } */
  //@ resource r() = true;
  void g() { }
}"#,
    );
    assert_eq!(es[0].0, ErrorCode::Misplaced, "{es:?}");
    assert!(es[0].1.contains("performs"), "{es:?}");
}

// ------------------------------------------------------------ labelled jumps

fn java_errors(text: &str) -> Vec<(ErrorCode, String)> {
    let unit = crate::syntax::java::parse_java(FileId(0), text).expect("parses");
    let errs = check(&[unit]).expect_err("refused");
    errs.iter()
        .map(|d| match d.code {
            Code::Error(c) => (c, d.message.clone()),
            Code::Failure(f) => panic!("a failure from the checker: {f}"),
        })
        .collect()
}

#[test]
fn labelled_jumps_name_their_statement() {
    let p = java(
        "class C { void m(int n) {
          outer: while (n > 0) { while (n > 1) { continue outer; } }
          done: { break done; }
          do { if (n == 2) { continue; } break; } while (n > 3);
        } }",
    );
    // `continue outer` names the outer loop, `break done` the block; the
    // do/while keeps a number for its loop's copy of the body (5).
    assert_eq!(
        body(&p, "m"),
        "{(loop 1 [] (> n 0) {(loop 2 [] (> n 1) {(continue 1)})}) \
         (labelled 3 {{(break 3)}}) \
         (do 4 5 [] {(if (== n 2) {(continue 4)}) (break 4)} (> n 3))}"
    );
}

#[test]
fn labelled_jump_errors() {
    let es = java_errors(
        "class C { void m(int n) {
          a: while (n > 0) { a: while (n > 1) { break b; } }
          c: { continue c; }
        } }",
    );
    let codes: Vec<_> = es.iter().map(|(c, _)| *c).collect();
    assert_eq!(
        codes,
        [
            ErrorCode::Duplicate,
            ErrorCode::Undeclared,
            ErrorCode::Misplaced
        ],
        "{es:?}"
    );
}

#[test]
fn then_statements_may_jump_inside_them_but_not_out() {
    let es = java_errors(
        "class C { void m(int n) { int x = 0;
          while (n > 0) { x = n /*@ then { break; } */; }
        } }",
    );
    assert_eq!(es.len(), 1, "{es:?}");
    assert_eq!(es[0].0, ErrorCode::Misplaced);
    assert!(es[0].1.contains("may not return, throw or jump"), "{es:?}");
    let p = java(
        "class C { void m(int n) { int x = 0;
          x = n /*@ then { while (true) { break; } } */;
        } }",
    );
    assert!(body(&p, "m").contains("(loop 1 [] true {(break 1)})"));
}

/// Calvin's annotations are typed: the checker records each clause (a
/// two-state predicate over `this`, `tid`, `main`), the ghost fields and the
/// monitor owner by id in `core::Features`, and an `atomic:` block is an
/// atomic step.
#[test]
fn calvin_annotations_are_typed_features() {
    let p = java(
        "/*@ env_assumption \\old(x) <= x; */
        /*@ global_invariant x >= 0; */
        class C {
          /*@ unwritable_by_env_if holder == tid || tid == main; */ int x;
          //@ ghost int g;
          void t() { atomic: { x = 1; } }
        }",
    );
    let calvin = p.features.calvin.as_ref().expect("a Calvin program");
    let clauses: Vec<(RgClause, String)> = (calvin.clauses.iter())
        .map(|c| (c.kind, sx(&p, &c.expr)))
        .collect();
    assert_eq!(
        clauses,
        [
            (
                RgClause::Unwritable,
                "(==> (old (|| (== (. this holder) \\current_thread) (== \\current_thread 1))) \
                 (== (. this x) (old (. this x))))"
                    .to_string()
            ),
            (
                RgClause::EnvAssumption,
                "(<= (old (. this x)) (. this x))".to_string()
            ),
            (RgClause::GlobalInvariant, "(>= (. this x) 0)".to_string()),
        ]
    );
    let field = |name: &str| {
        let i = p.fields.iter().position(|f| f.name == name).expect(name);
        crate::core::FieldId(i as u32)
    };
    assert_eq!(
        calvin.ghost.iter().copied().collect::<Vec<_>>(),
        [field("g")]
    );
    let owners: Vec<_> = p.features.monitor_owner.values().copied().collect();
    assert_eq!(owners, [field("holder")]);
    // (In the labelled statement a `break atomic` leaves.)
    assert_eq!(
        body(&p, "t"),
        "{(labelled 1 {(atomic-step {{(= (. this x) 1)}})})}"
    );
}

/// Without Calvin's annotations `atomic:` is a labelled block, and `tid` no
/// thread id.
#[test]
fn atomic_is_a_plain_label_outside_calvin() {
    let p = java("class C { int x; void t() { atomic: { x = 1; } } }");
    assert!(p.features.calvin.is_none() && p.features.monitor_owner.is_empty());
    assert_eq!(body(&p, "t"), "{(labelled 1 {{(= (. this x) 1)}})}");
    let es = java_errors("class C { int x; void t() { x = tid; } }");
    assert_eq!(
        es,
        [(ErrorCode::Undeclared, "tid is not declared".to_string())]
    );
}
