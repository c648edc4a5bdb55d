//! Origins: where a verification-IR node came from, and how its failure reads.

use crate::diag::code::FailureCode;
use crate::syntax::ast::Derived;
use crate::syntax::span::Span;
use std::collections::HashMap;

/// Index into an [`OriginTable`]; `Origin::NONE` for nodes that cannot be blamed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Origin(pub u32);

impl Origin {
    pub const NONE: Origin = Origin(u32::MAX);

    pub fn is_none(self) -> bool {
        self == Origin::NONE
    }
}

/// How a backend failure of a node becomes a source failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Blame {
    /// The node is the source construct itself (an `assert` stays an assert):
    /// the code follows from the kind of backend failure.
    Direct,
    /// A check generated for a construct: any failure of the node is this code.
    As(FailureCode),
    /// A check generated for a construct whose code takes a reason
    /// (`forkPre:R`): the code, with the reason of the failing part.
    AsWithReason(FailureCode),
    /// A resource (`acc(…)`) inside a checked assertion: when the check lacks
    /// it, the enclosing construct fails with reason `perm`.
    Resource,
    /// A precondition clause of a method or function (for `preFailed`, the
    /// call is blamed and this clause is the related location).
    Precondition,
    /// A postcondition clause (the failure points here; the return path is related).
    Postcondition,
    /// A loop invariant clause.
    LoopInvariant,
    /// Generated so that a failure cannot happen; if it does, weft has a bug.
    CannotFail(&'static str),
}

impl Blame {
    /// An access (`acc(…)`) inside a checked assertion.
    pub fn is_resource(&self) -> bool {
        matches!(self, Blame::Resource)
    }
}

/// What a blamed construct is, for messages ("insufficient permission for
/// this field read").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum What {
    Assertion,
    Inhale,
    Exhale,
    Refute,
    LoopInvariant,
    Precondition,
    Postcondition,
    Predicate,
    Fold,
    Unfold,
    Package,
    Apply,
    Unfolding,
    Division,
    Call,
    FunctionCall,
    Assignment,
    FieldAssignment,
    FieldRead,
    ArrayIndex,
    ArrayElementRead,
    /// A read of a GPU kernel's scalar memory (a one-element cell, `passes::java::kernel`).
    CellRead,
    /// An assignment to a GPU kernel's scalar memory.
    CellAssignment,
    ArrayElementAssignment,
    ArrayLength,
    ArraySize,
    ArraySum,
    ArrayValues,
    SequenceIndex,
    MapLookup,
    OptionValue,
    /// A class cast `(C) e`.
    Cast,
    Return,
    Receiver,
    Permission,
    Method,
    Function,
    Constructor,
    FractionBound,
    FieldBinding,
}

impl What {
    /// The construct as a noun.
    pub fn noun(self) -> &'static str {
        match self {
            What::Assertion => "assertion",
            What::Inhale => "inhale",
            What::Exhale => "exhale",
            What::Refute => "refute",
            What::LoopInvariant => "loop invariant",
            What::Precondition => "precondition",
            What::Postcondition => "postcondition",
            What::Predicate => "predicate",
            What::Fold => "fold",
            What::Unfold => "unfold",
            What::Package => "package",
            What::Apply => "apply",
            What::Unfolding => "unfolding",
            What::Division => "division",
            What::Call => "call",
            What::FunctionCall => "function call",
            What::Assignment => "assignment",
            What::FieldAssignment => "field assignment",
            What::FieldRead => "field read",
            What::ArrayIndex => "array index",
            What::ArrayElementRead => "array element read",
            What::CellRead => "read of kernel memory",
            What::CellAssignment => "assignment to kernel memory",
            What::ArrayElementAssignment => "array element assignment",
            What::ArrayLength => "array length",
            What::ArraySize => "array size",
            What::ArraySum => "array sum",
            What::ArrayValues => "array values",
            What::SequenceIndex => "sequence index",
            What::MapLookup => "map lookup",
            What::OptionValue => "option value",
            What::Cast => "cast",
            What::Return => "return",
            What::Receiver => "receiver",
            What::Permission => "permission",
            What::Method => "method",
            What::Function => "function",
            What::Constructor => "constructor",
            What::FractionBound => "fraction parameter bound",
            What::FieldBinding => "the binding of the field's type",
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct OriginInfo {
    pub span: Span,
    pub blame: Blame,
    /// What the construct is, for messages ("assertion", "postcondition", …).
    pub what: What,
    /// Set when the construct is in a copy of a member (its span is the
    /// original's): which copy.
    pub derived: Option<Derived>,
}

/// Stored compactly (16 bytes an origin; a large program has hundreds of
/// thousands): the span, and an index into the few distinct (blame, what,
/// derived) kinds. The entries are kept in parts, one per table appended, so that
/// appending one large table to another copies nothing.
type Kind = (Blame, What, Option<Derived>);

#[derive(Default, Debug, Clone)]
pub struct OriginTable {
    /// The entries of each part, and the origin its first entry is.
    parts: Vec<(u32, Vec<(Span, u32)>)>,
    kinds: Vec<Kind>,
    kind_ids: HashMap<Kind, u32>,
    grants: Vec<Grant>,
}

/// A permission a method's precondition gives, read off its contract so that a
/// permission failure in the body can say what the method started with
/// (`blame::hint`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grant {
    /// The method's span.
    pub method: Span,
    /// `Perm(loc, amount)` as a whole.
    pub clause: Span,
    pub location: Span,
    pub amount: Span,
}

impl OriginTable {
    pub fn new() -> OriginTable {
        OriginTable::default()
    }

    pub fn add(
        &mut self,
        span: Span,
        blame: Blame,
        what: What,
        derived: Option<Derived>,
    ) -> Origin {
        let kind = self.kind_id((blame, what, derived));
        let at = self.len() as u32;
        match self.parts.last_mut() {
            Some((_, entries)) => entries.push((span, kind)),
            None => self.parts.push((0, vec![(span, kind)])),
        }
        Origin(at)
    }

    fn kind_id(&mut self, kind: Kind) -> u32 {
        let kinds = &mut self.kinds;
        *self.kind_ids.entry(kind).or_insert_with(|| {
            kinds.push(kind);
            kinds.len() as u32 - 1
        })
    }

    /// Appends `other`'s origins after this table's; returns the offset to
    /// add to `other`'s origins (see `vir::renumber`).
    pub fn append(&mut self, other: OriginTable) -> u32 {
        let offset = self.len() as u32;
        let kinds: Vec<u32> = other.kinds.iter().map(|&kind| self.kind_id(kind)).collect();
        for (start, mut entries) in other.parts {
            for e in &mut entries {
                e.1 = kinds[e.1 as usize];
            }
            self.parts.push((offset + start, entries));
        }
        // Origins added from now on go in a part of their own.
        self.parts.push((self.len() as u32, Vec::new()));
        self.grants.extend(other.grants);
        offset
    }

    pub fn grant(&mut self, g: Grant) {
        self.grants.push(g);
    }

    /// The permissions the methods' preconditions give.
    pub fn grants(&self) -> &[Grant] {
        &self.grants
    }

    /// How many origins the table holds.
    pub fn len(&self) -> usize {
        self.parts
            .last()
            .map_or(0, |(start, entries)| *start as usize + entries.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every origin's information, in order.
    pub fn infos(&self) -> impl Iterator<Item = OriginInfo> + '_ {
        (self.parts.iter()).flat_map(move |(_, entries)| entries.iter().map(move |&e| self.info(e)))
    }

    /// An entry's information: its span and its kind's parts.
    fn info(&self, (span, kind): (Span, u32)) -> OriginInfo {
        let (blame, what, derived) = self.kinds[kind as usize];
        OriginInfo {
            span,
            blame,
            what,
            derived,
        }
    }

    pub fn get(&self, o: Origin) -> Option<OriginInfo> {
        if o.is_none() {
            return None;
        }
        let part = self.parts.partition_point(|(start, _)| *start <= o.0);
        let (start, entries) = self.parts.get(part.checked_sub(1)?)?;
        entries.get((o.0 - start) as usize).map(|&e| self.info(e))
    }
}
