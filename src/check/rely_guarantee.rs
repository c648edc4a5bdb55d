//! The rely/guarantee annotations (`ast::Member::RelyGuarantee`): Calvin's
//! clauses and actions are two-state predicates over `this`, an object of
//! their class, checked as a ghost method's postcondition is (`\old`, the
//! class's fields, `tid` and `main`, which `expr` resolves in a class with
//! a monitor owner); the fields with a role are resolved to their ids. All
//! of it goes to `core::Features` (`monitor_owner`, `calvin`), which the
//! checker itself and `passes::calvin` and `passes::calvin_r` read.

use super::body::Body;
use super::decl::Done;
use super::env::{Collector, Env, Job, JobKind, Member};
use crate::core::{self, ClassId, FieldId, Type};
use crate::diag::{Diagnostic, ErrorCode};
use crate::syntax::ast::{self, RelyGuarantee as RG, RgField};

impl<'a> Collector<'a, '_> {
    /// A clause or an action is checked on its own (a job); a field's role
    /// is resolved once the class's members are declared ([`fields`]).
    pub(super) fn rely_guarantee(&mut self, class: Option<ClassId>, r: &'a RG) {
        let Some(c) = class else {
            self.errs.push(Diagnostic::error(
                ErrorCode::Misplaced,
                r.span(),
                "a rely/guarantee annotation must be in a class",
            ));
            return;
        };
        if let RG::Clause { .. } | RG::Action { .. } = r {
            self.jobs.push(Job {
                kind: JobKind::RelyGuarantee(r),
                class: Some(c),
                scopes: super::scope::Scopes::new(),
            });
        }
    }
}

/// The fields with a role in the rely/guarantee layers, by id (after every
/// member of `classes` is declared); and whether the program is Calvin's
/// (it has a clause or an action), when `features.calvin` becomes Some.
pub(super) fn fields(
    env: &mut Env,
    classes: &[(ClassId, &ast::Class)],
    errs: &mut Vec<Diagnostic>,
) {
    let mut calvin = core::Calvin::default();
    let mut is_calvin = false;
    let mut started = std::collections::BTreeMap::new();
    let mut ids = std::collections::BTreeMap::new();
    for (c, class) in classes {
        for m in &class.members {
            let ast::Member::RelyGuarantee(r) = m else {
                continue;
            };
            let (role, field, span) = match r {
                RG::Field { role, field, span } => (*role, field, *span),
                RG::Clause { .. } | RG::Action { .. } => {
                    is_calvin = true;
                    continue;
                }
            };
            let Some(f) = own_field(env, *c, field.name) else {
                let msg = format!("{} is not a field of the class", field.name);
                errs.push(Diagnostic::error(ErrorCode::Undeclared, span, msg));
                continue;
            };
            match role {
                RgField::Ghost => {
                    calvin.ghost.insert(f);
                }
                RgField::MonitorOwner => {
                    if env.program.field(f).ty != Type::Int {
                        let msg = "a monitor's owner is an int field";
                        errs.push(Diagnostic::error(ErrorCode::TypeMismatch, span, msg));
                        continue;
                    }
                    env.program.features.monitor_owner.entry(*c).or_insert(f);
                }
                RgField::ThreadStarted => {
                    started.entry(*c).or_insert(f);
                }
                RgField::ThreadId => {
                    ids.entry(*c).or_insert(f);
                }
            }
        }
    }
    for (c, start) in started {
        if let Some(id) = ids.get(&c) {
            calvin.threads.insert(c, (start, *id));
        }
    }
    if is_calvin {
        // A class's static fields are its statics object's: shared state.
        let owners = env.program.features.monitor_owner.keys();
        calvin.statics = owners
            .filter_map(|c| env.statics.get(c))
            .map(|s| s.0)
            .collect();
        env.program.features.calvin = Some(calvin);
    }
}

/// The field `name` class `c` declares.
fn own_field(env: &Env, c: ClassId, name: crate::name::Name) -> Option<FieldId> {
    let info = env.classes.get(c.0 as usize)?;
    match info.members.get(&name) {
        Some(Member::Field(f)) => Some(*f),
        _ => info.fields.get(&name).copied(),
    }
}

/// A clause or an action: in a ghost instance context of its class, each
/// predicate checked as an assertion (two-state: `\old` is the state before
/// the environment's or the thread's step), an action's locations as
/// expressions (`passes::calvin` refuses what is no field).
pub(super) fn check(b: &mut Body<'_>, r: &RG) -> Option<Done> {
    let class = b.class?;
    b.this = Some(class);
    b.ghost = true;
    b.ret = Type::Void;
    match r {
        RG::Clause { kind, expr, .. } => {
            let expr = b.in_spec(|b| b.assertion(expr))?;
            Some(Done::RelyGuarantee(Checked::Clause(core::RgClause {
                class,
                kind: *kind,
                expr,
            })))
        }
        RG::Action {
            pred,
            also_modifies,
            span,
        } => {
            let pred = b.in_spec(|b| b.assertion(pred));
            let locs: Vec<_> = (also_modifies.iter())
                .map(|x| b.in_spec(|b| b.expr(x, None)))
                .collect();
            let also_modifies = locs.into_iter().collect::<Option<Vec<_>>>()?;
            Some(Done::RelyGuarantee(Checked::Action(core::RgAction {
                class,
                span: *span,
                pred: pred?,
                also_modifies,
            })))
        }
        RG::Field { .. } => None,
    }
}

/// A checked clause or action.
pub(super) enum Checked {
    Clause(core::RgClause),
    Action(core::RgAction),
}

/// Records a checked clause or action in the program's Calvin features.
pub(super) fn record(p: &mut core::Program, c: Checked) {
    let Some(calvin) = &mut p.features.calvin else {
        return;
    };
    match c {
        Checked::Clause(x) => calvin.clauses.push(x),
        Checked::Action(x) => calvin.actions.push(x),
    }
}
