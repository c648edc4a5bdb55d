//! The Java + JML front end: Java files with specifications in JML comments,
//! parsed into the same syntax tree as PVL (`crate::syntax::ast`), so the
//! checker, passes and encoder are shared.
//!
//! Semantic choices, in one place:
//! * Java `int` is a mathematical integer (no overflow), as PVL's `int`;
//!   `/` and `%` truncate toward zero, as in Java. Literals mean what the
//!   JLS says ([`literal`]): `010` is eight, `0xFFFFFFFF` is -1, `'a'` is 97;
//!   `long` and floating-point literals are refused, never misread.
//! * In a specification, `1/2` where a fraction is expected (a permission
//!   amount, a `frac` argument) is the fraction one half (the checker types
//!   `/` on integers by the expected type); VerCors's `1\2` is accepted too.
//! * Ghost arguments at a call: `m(a) /*@ with { p = 1/2; } @*/` (the
//!   thesis's form) or `m(a) /*@ given { p = 1/2 } @*/`; ghost results:
//!   `/*@ then { x = y; } @*/` or `/*@ yields { x = y } @*/`.
//! * What lies inside a spec comment is ghost ([`ghost`]): ghost code may
//!   not write program state (`check::stmt`).
//! * `group resource P(frac p) = body` splits and merges over `p`: the
//!   checker reads `P(e)` as `[e]P()` with the body at `p = 1` (sound when
//!   the body is homogeneous in `p`; otherwise notSupported).
//! * `class S extends D`: D's members are copied into S (`passes::java::inherit`);
//!   no subtyping or dynamic dispatch between classes.
//! * `class C implements I`, `interface I extends J`: a C is assignable to
//!   its interfaces; a call through I uses I.m's contract, and C.m must
//!   refine it (`check::refine`); an interface's predicates are shared.
//! * `new Thread(r)`: a thread class per runnable class (`passes::java::runnable`).
//! * Class ghost parameters: instantiated (`passes::java::instantiate`).
//! * `package a.b;` places the file at `<root>/a/b/`; the classes of its
//!   package and those it imports are read from their files there
//!   ([`sources`]), and a class of another package is seen only through an
//!   import (`check::env::FileNames`).
//! * Spec library classes (`java.lang.Object`, …) are loaded when a program
//!   names them ([`library`]).
//!
//! The subset and what is refused as "not supported yet" are listed in the
//! README's feature table; builders.rs lists the desugarings.

pub mod builders;
mod clause_ends;
pub mod ghost;
pub mod lexer;
pub mod library;
pub mod literal;
pub mod parser;
pub mod sources;
#[cfg(test)]
mod tests;

pub use parser::{parse_java, parse_java_unit};
