//! Emitters: verification IR → backend text, with a map from output positions to origins.

pub mod boogie;
pub mod silver;

use crate::syntax::span::LineCol;
use crate::vir::Origin;

/// Where each blamed node was printed (1-based lines and columns, end exclusive
/// in the way the backend reports it).
#[derive(Clone, Debug, Default)]
pub struct PosMap {
    pub entries: Vec<(Origin, LineCol, LineCol)>,
}

/// Backend text plus the positions of its blamed nodes.
#[derive(Clone, Debug)]
pub struct Emitted {
    pub text: String,
    pub positions: PosMap,
}
