//! The PVL lexer (logos).
