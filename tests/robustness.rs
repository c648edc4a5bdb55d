//! A malformed file never panics: every example, mutated in many small ways
//! (a character deleted, a token duplicated), goes through parse, check,
//! passes, encode and both emitters and comes out as a result or as diagnostics.

use std::path::Path;
use weft::driver;
use weft::syntax::span::Files;

fn programs() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/core");
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .expect("examples/core exists")
        .flatten()
        .map(|e| std::fs::read_to_string(e.path()).expect("readable"))
        .collect();
    out.sort();
    out
}

/// Runs the front end and both emitters; a panic fails the test.
fn frontend(text: &str) {
    let mut files = Files::new();
    let id = files.add("mutant.pvl", text);
    let _ = driver::emit_text(&files, &[id], driver::Backend::Silicon);
    let _ = driver::emit_text(&files, &[id], driver::Backend::Boogie);
}

#[test]
fn examples_pass_the_front_end() {
    for p in programs() {
        let mut files = Files::new();
        let id = files.add("example.pvl", p);
        assert!(driver::emit_text(&files, &[id], driver::Backend::Silicon).is_ok());
        assert!(driver::emit_text(&files, &[id], driver::Backend::Boogie).is_ok());
    }
}

#[test]
fn mutants_never_panic() {
    for p in programs() {
        let chars: Vec<char> = p.chars().collect();
        // Every 7th position: delete the character there, or repeat the next 3.
        for i in (0..chars.len()).step_by(7) {
            let deleted: String = chars[..i].iter().chain(&chars[i + 1..]).collect();
            frontend(&deleted);
            let end = (i + 3).min(chars.len());
            let repeated: String = chars[..end].iter().chain(&chars[i..]).collect();
            frontend(&repeated);
        }
    }
}
