//! Front end: spans, lexer, grammar glue and the syntax tree.

pub mod ast;
mod builders;
pub mod expected;
pub mod generics;
pub mod java;
pub mod lexer;
pub mod nesting;
pub mod parser;
pub mod print;
pub mod skim;
pub mod span;
#[cfg(test)]
mod tests;
pub mod walk;

pub use parser::{parse_pvl, skim_pvl};
