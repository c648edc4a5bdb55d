//! Encoding of the core program into the verification IR.
//!
//! One core declaration becomes one Silver-shaped member (`decl`), statements
//! become IR statements (`stmt`), expressions IR expressions (`expr`). Every
//! IR node that the backend may blame gets an origin that records the source
//! span and how its failure reads (see `crate::vir::origin`). The prelude
//! (`prelude`) adds arrays, Java division and options when they are used.

mod decl;
mod expr;
mod known;
pub mod names;
pub mod prelude;
mod stmt;
mod triggers;

use crate::core::{self, ClassId};
use crate::diag;
use crate::name::Name;
use crate::syntax::span::Span;
use crate::vir::{self, Blame, Origin, OriginTable, What};
use names::Names;
use prelude::Prelude;
use std::collections::HashMap;

/// The encoded program and the table its origins index.
pub struct Encoded {
    pub program: vir::Program,
    pub origins: OriginTable,
}

/// Encodes functions, predicates and methods one after another. Each is
/// encoded independently of the others, so a large program's are encoded on
/// several threads, each run by an encoder of its own; [`declarations`]
/// joins them.
pub struct RunEncoder<'p>(Encoder<'p>);

impl<'p> RunEncoder<'p> {
    pub fn new(p: &'p core::Program, names: &'p Names) -> RunEncoder<'p> {
        RunEncoder(Encoder::new(p, names))
    }

    /// The encoding of method `id`, given its contract and body (taken out
    /// of the program).
    pub fn method(
        &mut self,
        id: core::MethodId,
        contract: core::Contract,
        body: Option<core::Block>,
    ) -> diag::Result<vir::Method> {
        self.0.method(id, contract, body)
    }

    /// The encoding of `made`, the `k`th method a pass made from the body
    /// of method `from` (`passes::Out::made`): named after `from`, with a
    /// segment no source name can make (it starts with a digit).
    pub fn made_method(
        &mut self,
        from: core::MethodId,
        k: usize,
        mut made: core::Method,
    ) -> diag::Result<vir::Method> {
        let name =
            crate::name::Name::from(format!("{}__{k}{}", self.0.names.method(from), made.name));
        let contract = std::mem::take(&mut made.contract);
        let body = made.body.take();
        self.0.method_named(&made, name, contract, body)
    }

    /// None for an inline function (its calls are its body).
    pub fn function(&mut self, id: core::FunctionId) -> diag::Result<Option<vir::Function>> {
        self.0.function(id)
    }

    /// None for an inline predicate (its uses are its body).
    pub fn predicate(&mut self, id: core::PredicateId) -> diag::Result<Option<vir::Predicate>> {
        self.0.predicate(id)
    }
}

/// The program's declarations encoded, with what the runs need.
pub struct Declarations {
    /// Domains, fields and functions the prelude and the fields make
    /// (the runs encode the program's functions, predicates and methods).
    pub program: vir::Program,
    /// Every origin: the first run's, the declarations', then each other run's.
    pub origins: OriginTable,
    /// By how much each run's origins move in `origins` (see `vir::renumber`).
    pub offsets: Vec<u32>,
}

/// Encodes the fields of `p` and what the prelude must declare, and joins
/// the runs of encoders: their origins are appended to the table, the
/// prelude has what any of them needed.
pub fn declarations(p: &core::Program, names: &Names, runs: Vec<RunEncoder<'_>>) -> Declarations {
    // The first run's encoder goes on: its origins (a large table) stay
    // where they are.
    let mut runs = runs.into_iter();
    let mut enc = match runs.next() {
        Some(RunEncoder(e)) => e,
        None => Encoder::new(p, names),
    };
    // What is made here belongs to no member, copied or not.
    enc.derived = None;
    let mut out = vir::Program::default();
    for (i, f) in p.fields.iter().enumerate() {
        let id = core::FieldId(i as u32);
        let ty = enc.ty(&f.ty);
        if f.is_final {
            let mut fun = decl::final_value_function(enc.names, id, ty.clone());
            // What the field's declared type binds holds for every value it has.
            let r = vir::Expr::local(crate::name!("r"));
            let value = vir::Expr::plain(vir::ExprKind::Result);
            let own = |via| {
                vir::Expr::plain(vir::ExprKind::FuncApp(
                    enc.names.final_value(via),
                    vec![vir::Expr::local(crate::name!("r"))],
                ))
            };
            fun.posts = decl::owner_link_facts(p, enc.names, id, r, value, own);
            if f.never_null {
                let result = vir::Expr::plain(vir::ExprKind::Result);
                let null = vir::Expr::plain(vir::ExprKind::NullLit);
                fun.posts
                    .push(vir::Expr::binary(vir::BinOp::Ne, result, null));
            }
            out.functions.push(fun);
        }
        out.fields.push(vir::Field {
            name: enc.names.field(id),
            ty,
        });
    }
    let mut offsets = vec![0];
    for RunEncoder(e) in runs {
        offsets.push(enc.origins.append(e.origins));
        enc.prelude.merge(e.prelude);
    }
    for ty in &enc.prelude.item_types {
        out.fields.push(vir::Field {
            name: ty.0,
            ty: ty.1.clone(),
        });
    }
    out.domains = enc.prelude.domains();
    let mut funcs = enc.prelude.functions();
    funcs.append(&mut out.functions);
    out.functions = funcs;
    Declarations {
        program: out,
        origins: enc.origins,
        offsets,
    }
}

/// Where the expression being encoded stands: what `\result` and final
/// fields mean there.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// A method body or contract.
    Method,
    /// A constructor of this class: its final fields are still being written.
    Constructor(ClassId),
    /// A pure function (`\result` is Silver's `result`).
    Function,
    /// A predicate body.
    Predicate,
}

pub(crate) struct Encoder<'p> {
    p: &'p core::Program,
    names: &'p Names,
    origins: OriginTable,
    prelude: Prelude,
    scope: Scope,
    /// Parameters the body assigns to, and the local copy that stands for each.
    renames: HashMap<Name, Name>,
    /// Temporaries declared for the current method.
    temps: Vec<vir::LocalDecl>,
    fresh: u32,
    /// Declared types of the current member's locals and parameters.
    local_types: HashMap<Name, core::Type>,
    /// The current method's return type (for `return e`).
    return_type: core::Type,
    /// Whether the current body returns early (then it ends with a label).
    has_return: bool,
    /// In a constructor, its class's final fields assigned once, at the top
    /// level of the body: each is fixed from that assignment on.
    fixed_early: Vec<core::FieldId>,
    /// Above 0 where a predicate access must stay `acc(…)` alone: in a
    /// quantifier, and under `fold`, `unfold`, `unfolding`.
    plain_predicates: u32,
    /// The member being encoded is a copy: so is every origin it makes.
    derived: Option<crate::syntax::ast::Derived>,
}

impl<'p> Encoder<'p> {
    fn new(p: &'p core::Program, names: &'p Names) -> Encoder<'p> {
        Encoder {
            p,
            names,
            origins: OriginTable::new(),
            prelude: Prelude::default(),
            scope: Scope::Method,
            renames: HashMap::new(),
            temps: Vec::new(),
            fresh: 0,
            local_types: HashMap::new(),
            return_type: core::Type::Void,
            has_return: false,
            fixed_early: Vec::new(),
            plain_predicates: 0,
            derived: None,
        }
    }

    fn origin(&mut self, span: Span, blame: Blame, what: What) -> Origin {
        self.origins.add(span, blame, what, self.derived)
    }

    /// A label of its own.
    fn label(&mut self) -> Name {
        self.fresh += 1;
        Name::from(format!("weft_label_{}", self.fresh))
    }

    fn temp(&mut self, ty: vir::Type) -> Name {
        self.fresh += 1;
        let name = Name::from(format!("weft_tmp_{}", self.fresh));
        self.temps.push(vir::LocalDecl { name, ty });
        name
    }

    fn ty(&mut self, t: &core::Type) -> vir::Type {
        match t {
            // A process is an integer once `passes::histories` encoded it.
            core::Type::Int | core::Type::Role | core::Type::Process | core::Type::Enum(_) => {
                vir::Type::Int
            }
            core::Type::Bool | core::Type::Resource | core::Type::Void => vir::Type::Bool,
            core::Type::Frac | core::Type::ZFrac | core::Type::Rational => vir::Type::Perm,
            core::Type::Class(_) | core::Type::Null | core::Type::Array(_) => vir::Type::Ref,
            core::Type::Seq(t) => vir::Type::Seq(Box::new(self.ty(t))),
            core::Type::Set(t) => vir::Type::Set(Box::new(self.ty(t))),
            core::Type::Bag(t) => vir::Type::Multiset(Box::new(self.ty(t))),
            core::Type::Option(t) => {
                self.prelude.options = true;
                vir::Type::Domain(prelude::OPTION.into(), vec![self.ty(t)])
            }
            core::Type::Map(kv) => {
                vir::Type::Map(Box::new(self.ty(&kv.0)), Box::new(self.ty(&kv.1)))
            }
            core::Type::Tuple(ab) => {
                self.prelude.tuples = true;
                prelude::tuple_type(self.ty(&ab.0), self.ty(&ab.1))
            }
        }
    }

    /// The element field of arrays with this element type (registered for the prelude).
    fn item_field(&mut self, elem: &core::Type) -> Name {
        let ty = self.ty(elem);
        let name = Name::from(prelude::item_field(&ty));
        self.prelude.arrays = true;
        self.prelude.item_types.insert((name, ty));
        name
    }
}
