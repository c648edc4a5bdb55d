//! weft: a verifier for concurrent programs.

pub mod backend;
pub mod blame;
pub mod check;
pub mod core;
pub mod diag;
pub mod emit;
pub mod encode;
pub mod expect;
pub mod passes;
pub mod syntax;
pub mod vir;
