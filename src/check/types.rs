//! Types: conversion from syntax, compatibility, and display in messages.

use crate::core::{Program, Type};
use crate::diag::{Diagnostic, ErrorCode};
use crate::syntax::ast;

/// Converts a written type. `void` is refused unless `allow_void` (return types).
pub(super) fn convert(
    t: &ast::Type,
    classes: &super::names::ClassNames,
    p: &Program,
    allow_void: bool,
) -> Result<Type, Diagnostic> {
    use ast::TypeKind as K;
    let inner = |t: &ast::Type| convert(t, classes, p, false).map(Box::new);
    Ok(match &t.kind {
        K::Int => Type::Int,
        K::Bool => Type::Bool,
        K::Void if allow_void => Type::Void,
        K::Void => {
            return Err(Diagnostic::error(
                ErrorCode::TypeMismatch,
                t.span,
                "void is only allowed as a return type",
            ))
        }
        // Only a switch's subject is written so (`check::stmt`'s `local`).
        K::Inferred => {
            return Err(Diagnostic::error(
                ErrorCode::NotSupported,
                t.span,
                "a type inferred from a value is not supported here",
            ))
        }
        K::Resource => Type::Resource,
        K::Frac => Type::Frac,
        K::ZFrac => Type::ZFrac,
        K::Rational => Type::Rational,
        K::Process => Type::Process,
        K::Seq(e) => Type::Seq(inner(e)?),
        K::Set(e) => Type::Set(inner(e)?),
        K::Bag(e) => Type::Bag(inner(e)?),
        K::Option(e) => Type::Option(inner(e)?),
        K::Array(e) => Type::Array(inner(e)?),
        K::Map(k, v) => Type::Map(Box::new((*inner(k)?, *inner(v)?))),
        K::Tuple(a, b) => Type::Tuple(Box::new((*inner(a)?, *inner(b)?))),
        K::Named(id) => match classes.resolve(id) {
            Some(c) if p.class(c).enum_constants.is_some() => Type::Enum(c),
            Some(c) => Type::Class(c),
            // The thesis's protocols (ch. 5) name thread roles with a type `role`.
            None if id.name == "role" => Type::Role,
            None => {
                return Err(Diagnostic::error(
                    ErrorCode::Undeclared,
                    id.span,
                    format!("type {} is not declared", id.name),
                ))
            }
        },
        // The Java front end instantiates every template before checking;
        // what is left stands where ghost arguments cannot.
        // `syntax::generics` replaces every type argument list it can.
        K::Applied(..) => {
            return Err(Diagnostic::not_supported(
                t.span,
                "type arguments in this position",
            ))
        }
        K::Generic(..) => {
            return Err(Diagnostic::not_supported(
                t.span,
                "class ghost arguments in this position",
            ))
        }
        K::FunctionFamily { .. } => {
            return Err(Diagnostic::not_supported(
                t.span,
                "a function type outside a class ghost parameter",
            ))
        }
        K::Family { .. } => {
            return Err(Diagnostic::not_supported(
                t.span,
                "a predicate-family type outside a class ghost parameter",
            ))
        }
    })
}

/// Whether a value of type `from` may be used where `to` is expected.
///
/// A rational also fits a `frac`/`zfrac` (so `1\2` can be passed as a
/// frac, as in VerCors); that the value lies in the range is a proof
/// obligation for the encoder, not a typing question. A class fits each
/// interface it implements (transitively); type arguments (`seq<C>`,
/// `C[]`) are invariant, so a `C[]` is not an `I[]` (Java's covariant
/// arrays would need a store check).
pub(super) fn compatible(p: &Program, from: &Type, to: &Type) -> bool {
    use Type::*;
    from == to
        || matches!((from, to), (Class(a), Class(b)) if p.is_subclass(*a, *b))
        // Every object and array is an Object (java.lang.Object of the spec library).
        || matches!((from, to), (Class(_) | Array(_), Class(b)) if p.class(*b).name == "Object")
        || matches!(
            (from, to),
            (Null, Class(_) | Array(_))
                | (Int, Rational | Frac | ZFrac)
                | (Frac, ZFrac | Rational)
                | (ZFrac, Rational)
                | (Rational | ZFrac, Frac)
                | (Rational, ZFrac)
                | (Bool, Resource)
        )
}

/// The more general of two types, if one is compatible with the other.
pub(super) fn join(p: &Program, a: &Type, b: &Type) -> Option<Type> {
    // Numbers widen along int < frac < zfrac < rational.
    let rank = |t: &Type| match t {
        Type::Int => Some(0),
        Type::Frac => Some(1),
        Type::ZFrac => Some(2),
        Type::Rational => Some(3),
        _ => None,
    };
    if let (Some(x), Some(y)) = (rank(a), rank(b)) {
        return Some(if x >= y { a.clone() } else { b.clone() });
    }
    if compatible(p, a, b) {
        Some(b.clone())
    } else if compatible(p, b, a) {
        Some(a.clone())
    } else {
        None
    }
}

/// Int, or a permission-like number.
pub(super) fn is_numeric(t: &Type) -> bool {
    matches!(t, Type::Int | Type::Rational | Type::Frac | Type::ZFrac)
}

/// Bool or Resource: what a clause, assertion or predicate body may be.
pub(super) fn is_assertion(t: &Type) -> bool {
    matches!(t, Type::Bool | Type::Resource)
}

/// The type as a PVL programmer would write it.
pub(super) fn show(t: &Type, p: &Program) -> String {
    match t {
        Type::Int => "int".into(),
        Type::Bool => "boolean".into(),
        Type::Void => "void".into(),
        Type::Resource => "resource".into(),
        Type::Frac => "frac".into(),
        Type::ZFrac => "zfrac".into(),
        Type::Rational => "rational".into(),
        Type::Class(c) => p
            .classes
            .get(c.0 as usize)
            .map_or("?".into(), |c| String::from(c.name)),
        Type::Null => "null".into(),
        Type::Array(e) => format!("{}[]", show(e, p)),
        Type::Seq(e) => format!("seq<{}>", show(e, p)),
        Type::Set(e) => format!("set<{}>", show(e, p)),
        Type::Bag(e) => format!("bag<{}>", show(e, p)),
        Type::Option(e) => format!("option<{}>", show(e, p)),
        Type::Map(kv) => format!("map<{}, {}>", show(&kv.0, p), show(&kv.1, p)),
        Type::Tuple(ab) => format!("tuple<{}, {}>", show(&ab.0, p), show(&ab.1, p)),
        Type::Role => "role".into(),
        Type::Enum(c) => p
            .classes
            .get(c.0 as usize)
            .map_or("?".into(), |c| String::from(c.name)),
        Type::Process => "process".into(),
    }
}
