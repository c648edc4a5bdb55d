//! The passes over the core program, in order.
