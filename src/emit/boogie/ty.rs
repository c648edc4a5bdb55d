//! Boogie types of verification-IR types, and the IR type of an expression
//! (Boogie needs it where Silver overloads: `+` on ints and on permissions,
//! `==` on sequences, `in` on sets and multisets).

use super::info::Info;
use crate::name::Name;
use crate::vir::{BinOp, Expr, ExprKind, Type, UnOp};
use std::collections::HashMap;

/// The Boogie spelling of a type.
pub fn boogie(t: &Type) -> String {
    match t {
        Type::Int => "int".into(),
        Type::Bool => "bool".into(),
        Type::Perm => "real".into(),
        Type::Ref => "Ref".into(),
        Type::Seq(e) => format!("Seq {}", arg(e)),
        Type::Set(e) => format!("Set {}", arg(e)),
        Type::Multiset(e) => format!("MultiSet {}", arg(e)),
        Type::Map(k, v) => format!("Map {} {}", arg(k), arg(v)),
        Type::Domain(n, args) if args.is_empty() => String::from(n),
        Type::Domain(n, args) => {
            let args: Vec<String> = args.iter().map(arg).collect();
            format!("{n} {}", args.join(" "))
        }
        Type::TypeVar(v) => String::from(v),
    }
}

/// A type in argument position of a type constructor.
pub fn arg(t: &Type) -> String {
    let s = boogie(t);
    if s.contains(' ') {
        format!("({s})")
    } else {
        s
    }
}

/// Type variables occurring in a type, in order.
pub fn type_vars(t: &Type, out: &mut Vec<Name>) {
    match t {
        Type::TypeVar(v) if !out.contains(v) => out.push(Name::from(v)),
        Type::Seq(e) | Type::Set(e) | Type::Multiset(e) => type_vars(e, out),
        Type::Map(k, v) => {
            type_vars(k, out);
            type_vars(v, out)
        }
        Type::Domain(_, args) => args.iter().for_each(|a| type_vars(a, out)),
        _ => {}
    }
}

/// Typing context: the types of the locals and bound variables in scope.
pub struct Typer<'a> {
    pub info: &'a Info<'a>,
    pub vars: HashMap<Name, Type>,
    /// The type of `result`, inside a function's postcondition.
    pub result: Option<Type>,
}

impl<'a> Typer<'a> {
    pub fn new(info: &'a Info<'a>) -> Typer<'a> {
        Typer {
            info,
            vars: HashMap::new(),
            result: None,
        }
    }

    pub fn type_of(&self, e: &Expr) -> Type {
        use ExprKind as K;
        match &e.kind {
            K::IntLit(_) => Type::Int,
            K::BoolLit(_) => Type::Bool,
            K::NullLit => Type::Ref,
            K::Local(x) => self.vars.get(x).cloned().unwrap_or(Type::Int),
            K::Result => self.result.clone().unwrap_or(Type::Int),
            K::FieldAccess(_, f) => self.info.fields.get(f).cloned().unwrap_or(Type::Int),
            K::FuncApp(f, _) => self
                .info
                .functions
                .get(f)
                .map(|s| s.ret.clone())
                .unwrap_or(Type::Int),
            K::DomainFuncApp(_, _, t) => (**t).clone(),
            K::Unary(UnOp::Not, _) => Type::Bool,
            K::Unary(UnOp::Neg, x) => self.type_of(x),
            K::Binary(op, l, r) => self.binary(*op, l, r),
            K::Cond(_, a, b) => {
                let t = self.type_of(a);
                if t == Type::Int && self.type_of(b) == Type::Perm {
                    Type::Perm
                } else {
                    t
                }
            }
            K::Old(_, x) | K::Unfolding(_, x) | K::Asserting(_, x) => self.type_of(x),
            K::Let(d, _, body) => {
                let mut inner = Typer {
                    info: self.info,
                    vars: self.vars.clone(),
                    result: self.result.clone(),
                };
                inner.vars.insert(d.name, d.ty.clone());
                inner.type_of(body)
            }
            K::FieldAcc(..) | K::PredicateAcc(..) | K::Quant { .. } => Type::Bool,
            K::CurPermField(..)
            | K::CurPermPredicate(..)
            | K::FullPerm
            | K::NoPerm
            | K::Wildcard => Type::Perm,
            K::SeqLit(t, _) => Type::Seq(t.clone()),
            K::SetLit(t, _) => Type::Set(t.clone()),
            K::MultisetLit(t, _) => Type::Multiset(t.clone()),
            K::Size(_) => Type::Int,
            K::SeqIndex(s, _) => match self.type_of(s) {
                Type::Seq(t) => *t,
                _ => Type::Int,
            },
            K::SeqSlice(s, _, _) | K::SeqUpdate(s, _, _) => self.type_of(s),
            K::Map(op, _, t) => op.result_type(t),
        }
    }

    fn binary(&self, op: BinOp, l: &Expr, r: &Expr) -> Type {
        use BinOp as B;
        match op {
            B::Add | B::Sub | B::Mul => {
                let (a, b) = (self.type_of(l), self.type_of(r));
                if a == Type::Perm || b == Type::Perm {
                    Type::Perm
                } else {
                    a
                }
            }
            B::Div => self.type_of(l),
            B::Mod => Type::Int,
            B::PermDiv => Type::Perm,
            B::Eq
            | B::Ne
            | B::Lt
            | B::Le
            | B::Gt
            | B::Ge
            | B::And
            | B::Or
            | B::Implies
            | B::Wand
            | B::Subset => Type::Bool,
            B::In => match self.type_of(r) {
                Type::Multiset(_) => Type::Int,
                _ => Type::Bool,
            },
            B::SeqConcat | B::Union | B::Intersection | B::Setminus => self.type_of(l),
        }
    }
}
