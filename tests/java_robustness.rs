//! The Java front end never panics: every Java example and case, mutated in
//! many small ways (a character deleted, three repeated), goes through parse,
//! check, passes, encode and both emitters and comes out as a result or diagnostics.

use std::path::Path;
use weft::driver;
use weft::syntax::span::Files;

fn programs() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = driver::input_files(&[root.join("examples/java"), root.join("tests/cases/java")]);
    assert!(!files.is_empty());
    files
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("readable"))
        .collect()
}

fn frontend(text: &str) {
    let mut files = Files::new();
    let id = files.add("Mutant.java", text);
    let _ = driver::emit_text(&files, &[id], driver::Backend::Silicon);
    let _ = driver::emit_text(&files, &[id], driver::Backend::Boogie);
}

#[test]
fn java_mutants_never_panic() {
    for p in programs() {
        let chars: Vec<char> = p.chars().collect();
        for i in (0..chars.len()).step_by(5) {
            let deleted: String = chars[..i].iter().chain(&chars[i + 1..]).collect();
            frontend(&deleted);
            let end = (i + 3).min(chars.len());
            let repeated: String = chars[..end].iter().chain(&chars[i..]).collect();
            frontend(&repeated);
        }
    }
}
