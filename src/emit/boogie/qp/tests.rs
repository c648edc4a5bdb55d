//! The Boogie QP encoding's shapes, on small PVL programs.
use super::inverse::{mentions, usable_trigger};
use super::pairwise;
use crate::driver::{emit_text, Backend};
use crate::syntax::span::Files;

fn boogie_of(src: &str) -> String {
    let mut files = Files::new();
    let id = files.add("t.pvl", src);
    match emit_text(&files, &[id], Backend::Boogie) {
        Ok(text) => text.to_string(),
        Err(e) => panic!("not emitted: {e:?}"),
    }
}

#[test]
fn names_are_found_whole() {
    assert!(mentions("f(i#i, 1)", "i#i"));
    assert!(!mentions("f(xi#i)", "i#i"));
    assert!(!mentions("f(i#i2)", "i#i"));
}

#[test]
fn triggers_boogie_rejects_are_left_out() {
    let vars = ["i#i".to_string(), "j#i".to_string()];
    assert!(usable_trigger("P(this, i#i, j#i)", &vars));
    assert!(!usable_trigger("P(this, i#i)", &vars));
    assert!(!usable_trigger("i#i", &vars[..1]));
    assert!(!usable_trigger(
        "P((if x == 0 then i#i else j#i), j#i)",
        &vars
    ));
    assert_eq!(
        pairwise(&vars, &vars, "!=", " || "),
        "i#i != i#i || j#i != j#i"
    );
}

#[test]
fn predicate_instances_update_only_that_predicate() {
    let text = boogie_of(
        "class C { resource tok(int i, int j) = true;\n\
         requires (\\forall* int i; 0 <= i && i < 4; tok(i, 2 * i)); void m() { } }",
    );
    // The first argument is i itself: no map is needed.
    assert!(!text.contains("$qpInverse"), "{text}");
    assert!(text.contains("PredicateId($g) != 0"), "{text}");
    assert!(text.contains("null, C__tok($a0, $a1, $a2)"), "{text}");
}

#[test]
fn keys_off_by_a_constant_are_inverted_explicitly() {
    let text = boogie_of(
        "class C { resource tok(int i) = true;\n\
         requires (\\forall* int i; 0 <= i && i < 4; tok(i + 1)); void m() { } }",
    );
    assert!(!text.contains("$qpInverse"), "{text}");
    assert!(text.contains("($a1 - 1)"), "{text}");
    let text = boogie_of(
        "class C { resource tok(int i) = true;\n\
         requires (\\forall* int i; 0 <= i && i < 4; tok(2 * i)); void m() { } }",
    );
    assert!(text.contains("$qpInverse"), "{text}");
}

#[test]
fn array_elements_at_an_offset_are_triggered_without_it() {
    let text = boogie_of(
        "class C { requires a != null;\n\
         requires (\\forall* int i; 0 <= i && i < 4; Perm(a[i + 1], write)); void m(int[] a) { } }",
    );
    assert!(
        text.contains("(forall i#w: int :: {(weft_loc(a, ((i#w - 1) + 1)): Ref)}"),
        "{text}"
    );
}

#[test]
fn two_variables_get_a_map_each() {
    let text = boogie_of(
        "class C { resource tok(int i) = true;\n\
         requires (\\forall* int i, int j; 0 <= i && i < 4 && 0 <= j && j < 4; tok(4 * i + j)); void m() { } }",
    );
    assert!(text.contains("[Ref, int]int"), "{text}");
    assert_eq!(text.matches("var $qpInverse").count(), 2, "{text}");
}

#[test]
fn a_quantified_body_has_a_pointwise_frame() {
    let text = boogie_of(
        "class C { resource all(int[] a) = a != null ** (\\forall* int k; 0 <= k && k < a.length; Perm(a[k], 1));\n\
         requires all(a); void m(int[] a) { unfold all(a); } }",
    );
    assert!(text.contains("FrameFragment($qpFrame"), "{text}");
    assert!(text.contains("{Heap[(weft_loc"), "{text}");
}
