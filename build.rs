// Builds the grammars under grammars/ into the crate's OUT_DIR.
fn main() {
    lalrpop::Configuration::new()
        .set_in_dir("grammars")
        .process()
        .expect("lalrpop grammar generation failed");
    println!("cargo:rerun-if-changed=grammars");
    // `include_dir!` embeds these files (`diag::explain`); on stable Rust it cannot tell
    // cargo that it read them.
    println!("cargo:rerun-if-changed=src/diag/explain");
}
