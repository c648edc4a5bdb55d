// Builds the grammars under grammars/ into the crate's OUT_DIR.
fn main() {
    lalrpop::Configuration::new()
        .set_in_dir("grammars")
        .process()
        .expect("lalrpop grammar generation failed");
    println!("cargo:rerun-if-changed=grammars");
}
