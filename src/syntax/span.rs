//! Spans and the file store, as the syntax tree names them: the types live
//! in [`crate::span`], below both the syntax and the diagnostics.

pub use crate::span::*;
