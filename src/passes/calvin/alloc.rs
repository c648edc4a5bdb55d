//! Allocation in a thread (`new C()`): the allocation map, the heap facts
//! every thread keeps (an object not allocated has its fields' default
//! values; an allocated object's references are to allocated objects), and
//! which of the thread's locals hold an object it allocated and has not
//! published yet (the environment leaves such an object's fields alone).

use super::*;

/// The name of each Calvin class's allocation bit (a ghost field).
const ALLOC: &str = "weft_calvin_alloc";

/// Whether a thread of the program allocates an object of a Calvin class.
pub(super) fn allocates(p: &Program, classes: &[ClassId]) -> bool {
    let mut found = false;
    for m in &p.methods {
        let mine = m.class.is_some_and(|c| classes.contains(&c)) && !m.is_constructor;
        let Some(b) = m.body.as_ref().filter(|_| mine) else {
            continue;
        };
        crate::core::visit::each_stmt(b, &mut |s| {
            if let S::Call { call, .. } = &s.kind {
                found |= constructed(p, call, classes).is_some();
            }
        });
    }
    found
}

/// The Calvin class a call constructs, if it is a `new`.
pub(super) fn constructed(
    p: &Program,
    call: &crate::core::Call,
    classes: &[ClassId],
) -> Option<ClassId> {
    let m = p.method(call.method);
    m.class.filter(|c| m.is_constructor && classes.contains(c))
}

/// Gives each class its allocation bit; returns them.
pub(super) fn declare(p: &mut Program, classes: &[ClassId]) -> HashMap<ClassId, FieldId> {
    let mut out = HashMap::new();
    for &c in classes {
        let id = FieldId(p.fields.len() as u32);
        p.fields.push(crate::core::Field {
            name: Name::from(ALLOC),
            class: c,
            ty: Type::Bool,
            is_final: false,
            is_ghost: true,
            owner_links: Vec::new(),
            never_null: false,
            span: p.class(c).span,
        });
        p.classes[c.0 as usize].fields.push(id);
        out.insert(c, id);
    }
    out
}

/// `o.alloc` for `o` of class `c`.
pub(super) fn is_alloc(o: Expr, c: ClassId, alloc: &HashMap<ClassId, FieldId>) -> Expr {
    let span = o.span;
    Expr::new(K::Field(Box::new(o), alloc[&c]), Type::Bool, span)
}

/// A field's value in a new object, when the pass knows it.
fn default(ty: &Type, span: Span) -> Option<Expr> {
    match ty {
        Type::Int => Some(int(0, span)),
        Type::Bool => Some(Expr::bool(false, span)),
        Type::Class(_) | Type::Array(_) => Some(Expr::new(K::Null, Type::Null, span)),
        _ => None,
    }
}

/// The heap facts every thread keeps, as clauses of I (for every object of
/// class `c`): an object not allocated has its fields' default values (so
/// an allocation changes no field and no E clause about it), and an
/// allocated object's references of Calvin classes are to allocated objects
/// (so a reference the thread reads is to an allocated object).
pub(super) fn heap_facts(p: &Program, c: ClassId, alloc: &HashMap<ClassId, FieldId>) -> Vec<Expr> {
    let span = p.class(c).span;
    let this = Expr::new(K::This, Type::Class(c), span);
    let allocated = is_alloc(this.clone(), c, alloc);
    let not_allocated = Expr::new(
        K::Unary(crate::syntax::ast::UnOp::Not, Box::new(allocated.clone())),
        Type::Bool,
        span,
    );
    let mut out = Vec::new();
    for &f in &p.class(c).fields {
        if alloc[&c] == f {
            continue;
        }
        let ty = p.field(f).ty.clone();
        let read = Expr::new(K::Field(Box::new(this.clone()), f), ty.clone(), span);
        if let Some(d) = default(&ty, span) {
            out.push(implies(not_allocated.clone(), eq(read.clone(), d)));
        }
        if let Type::Class(d) = ty {
            if alloc.contains_key(&d) {
                let target = binary(
                    BinOp::Or,
                    eq(read.clone(), Expr::new(K::Null, Type::Null, span)),
                    is_alloc(read, d, alloc),
                    Type::Bool,
                );
                out.push(implies(allocated.clone(), target));
            }
        }
    }
    out
}

/// Whether `x` is allocated, when it is not null (a local or parameter of
/// a Calvin class).
pub(super) fn allocated_if_any(x: Expr, c: ClassId, alloc: &HashMap<ClassId, FieldId>) -> Expr {
    let span = x.span;
    implies(non_null(x.clone(), span), is_alloc(x, c, alloc))
}

/// The locals a statement publishes: every local of `e` that is not just
/// the receiver of a field access (copied, passed, stored or compared, it
/// may reach the shared state).
pub(super) fn escaping(e: &Expr, out: &mut Vec<Name>) {
    match &e.kind {
        K::Field(r, _) if matches!(r.kind, K::Local(_)) => {}
        K::Local(n) => out.push(*n),
        _ => each_child(e, &mut |x| escaping(x, out)),
    }
}

/// Every local `b` mentions (conservatively published by a loop or an
/// `atomic:` block that mentions them).
pub(super) fn mentioned(b: &Block) -> Vec<Name> {
    let mut out = Vec::new();
    crate::core::visit::map_body_exprs(&mut b.clone(), &mut |e| {
        crate::core::visit::visit_post(&e, &mut |x| {
            if let K::Local(n) = &x.kind {
                out.push(*n);
            }
        });
        e
    });
    crate::core::visit::each_stmt(b, &mut |s| match &s.kind {
        S::AssignLocal(n, _) => out.push(*n),
        S::Call {
            target: Some(n), ..
        } => out.push(*n),
        _ => {}
    });
    out
}

impl Calvin {
    /// After the environment's steps from `label`: each object the thread
    /// allocated and has not published keeps its fields (no other thread
    /// holds a reference to it).
    pub(super) fn keep_unpublished(&self, cx: &Cx, label: &Name, span: Span, out: &mut Vec<Stmt>) {
        let mut xs: Vec<&(Name, ClassId)> = cx.unpublished.iter().collect();
        xs.sort_by_key(|(n, _)| n.as_str().to_string());
        for &(x, c) in xs {
            let o = Expr::new(K::Local(x), Type::Class(c), span);
            for &f in &cx.p.class(c).fields {
                let ty = cx.p.field(f).ty.clone();
                let read = Expr::new(K::Field(Box::new(o.clone()), f), ty, span);
                out.push(Stmt {
                    kind: S::Assume(eq(read.clone(), old(Some(*label), read))),
                    span,
                });
            }
        }
    }

    /// Forgets the objects of the locals in `names` as unpublished.
    pub(super) fn publish(&self, cx: &mut Cx, names: &[Name]) {
        cx.unpublished.retain(|(n, _)| !names.contains(n));
    }

    /// `x = new C()`: one step, `x` a reference not allocated before, now
    /// allocated (its fields have their default values: a heap fact), and
    /// the guarantee after it. Only a constructor without parameters or
    /// statements (the implicit one without field initialisers): anything
    /// else would run the constructor's body outside the thread's steps.
    pub(super) fn new_object(
        &self,
        target: Option<Name>,
        call: crate::core::Call,
        c: ClassId,
        span: Span,
        cx: &mut Cx,
        out: &mut Vec<Stmt>,
    ) {
        let st = |kind| Stmt { kind, span };
        let ctor = cx.p.method(call.method);
        let trivial = ctor.params.is_empty()
            && ctor.body.as_ref().is_none_or(|b| {
                b.stmts.iter().all(|s| match &s.kind {
                    // A superclass's library constructor (`Object()`).
                    S::Call { call, .. } => {
                        let m = cx.p.method(call.method);
                        m.is_constructor && m.body.is_none() && call.args.is_empty()
                    }
                    _ => false,
                })
            });
        if !trivial || !call.args.is_empty() {
            cx.errs.push(Diagnostic::not_supported(
                span,
                "`new` of a class whose constructor has parameters or statements (field initialisers) in a Calvin thread",
            ));
            return;
        }
        cx.fresh += 1;
        let var = Var {
            name: Name::from(format!("weft_calvin_new{}", cx.fresh)),
            ty: Type::Class(c),
            span,
        };
        let x = Expr::new(K::Local(var.name), var.ty.clone(), span);
        out.push(st(S::Local(var.clone(), None)));
        let allocated = is_alloc(x.clone(), c, &self.alloc);
        let mut step = vec![
            st(S::Assume(non_null(x.clone(), span))),
            st(S::Assume(Expr::new(
                K::Unary(crate::syntax::ast::UnOp::Not, Box::new(allocated)),
                Type::Bool,
                span,
            ))),
        ];
        step.extend(self.fresh_thread_id(&x, c, span, cx, out));
        step.extend([st(S::AssignField {
            recv: Box::new(x.clone()),
            field: self.alloc[&c],
            value: Expr::bool(true, span),
        })]);
        self.write_step(step, span, cx, out);
        if let Some(t) = target {
            out.push(st(S::AssignLocal(t, x)));
            cx.unpublished.insert((t, c));
        }
    }

    /// `x = new T[n]` in a thread: `n >= 0` checked (`arraySize`), then `x`
    /// any array of length `n`, no step of its own (it writes no shared
    /// state). Its elements are the shared state the thread already holds
    /// (every element of every array of a type a shared field has): what
    /// they hold is unknown, as after any environment step (no clause of E
    /// names an element). Sound: the new array, fresh and zeroed, is one of
    /// the arrays of length `n` the thread may get; that it may alias one
    /// it knows only adds runs. Only one dimension, of such a type.
    pub(super) fn new_array(
        &self,
        target: Name,
        elem: Type,
        dims: Vec<Expr>,
        span: Span,
        cx: &mut Cx,
        out: &mut Vec<Stmt>,
    ) {
        let st = |kind| Stmt { kind, span };
        let ty = Type::Array(Box::new(elem));
        let n = match <[Expr; 1]>::try_from(dims) {
            Ok([n]) if self.arrays.contains(&ty) => n,
            _ => {
                cx.errs.push(Diagnostic::not_supported(
                    span,
                    "`new T[n]` in a Calvin thread of more than one dimension, or of an array type no shared field has",
                ));
                return;
            }
        };
        let Some(n) = self.hoist(n, span, cx, out) else {
            return;
        };
        out.push(st(S::Check {
            exhale: false,
            expr: binary(BinOp::Ge, n.clone(), int(0, span), Type::Bool),
            code: FailureCode::ArraySize,
        }));
        cx.fresh += 1;
        let var = Var {
            name: Name::from(format!("weft_calvin_array{}", cx.fresh)),
            ty: ty.clone(),
            span,
        };
        let x = Expr::new(K::Local(var.name), ty, span);
        out.push(st(S::Local(var, None)));
        out.push(st(S::Assume(non_null(x.clone(), span))));
        let length = Expr::new(
            K::Builtin(crate::core::Builtin::ArrayLength, vec![x.clone()]),
            Type::Int,
            span,
        );
        out.push(st(S::Assume(eq(length, n))));
        out.push(st(S::AssignLocal(target, x)));
    }

    /// The facts a loop keeps about allocation: `this` and every tracked
    /// reference local is allocated (when not null).
    pub(super) fn alloc_invariants(&self, cx: &Cx, span: Span) -> Vec<Expr> {
        let mut out = Vec::new();
        if self.alloc.is_empty() {
            return out;
        }
        if let Some(c) = cx.this_class {
            out.push(is_alloc(
                Expr::new(K::This, Type::Class(c), span),
                c,
                &self.alloc,
            ));
        }
        for &(x, c) in &cx.refs {
            let e = Expr::new(K::Local(x), Type::Class(c), span);
            out.push(allocated_if_any(e, c, &self.alloc));
        }
        out
    }
}
