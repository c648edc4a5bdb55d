//! Resolution and type checking: syntax tree → typed core program.

use crate::core::Program;
use crate::diag;
use crate::syntax::ast::Unit;

/// Checks the files of one program together.
pub fn check(_units: &[Unit]) -> diag::Result<Program> {
    todo!("checker")
}
