//! Encoding of the core program into the verification IR.
