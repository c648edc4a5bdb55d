//! Front end: spans, lexer, grammar glue and the syntax tree.

pub mod ast;
pub mod lexer;
pub mod parser;
pub mod span;

pub use parser::parse_pvl;
