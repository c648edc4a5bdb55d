//! Names of generated Silver members: one scheme, in one place.
//!
//! Class members are `Class__member`; global members keep their name with a
//! `g__` prefix (so they cannot collide with prelude or class members);
//! overloads get the member's index appended.

use crate::core::{FieldId, FunctionId, MethodId, PredicateId, Program};
use crate::name::Name;
use rustc_hash::{FxHashMap, FxHashSet};

/// The reserved local that holds a method's result.
pub const RESULT: &str = "weft_result";
/// The label at the end of every method body (target of early returns).
pub const END_LABEL: &str = "weft_end";

pub struct Names {
    methods: Vec<Name>,
    functions: Vec<Name>,
    predicates: Vec<Name>,
    fields: Vec<Name>,
    /// For final fields only (the default name elsewhere).
    final_values: Vec<Name>,
}

fn member_name(classes: &[String], class: Option<crate::core::ClassId>, name: &str) -> String {
    match class {
        Some(c) => format!("{}__{}", classes[c.0 as usize], name),
        None => format!("g__{name}"),
    }
}

/// A generated member's name as the source writes it (`Class__m` is `Class.m`, `g__m`
/// is `m`), for messages that name members; other names (the prelude's) stay.
pub fn source_name(generated: &str) -> String {
    if let Some(global) = generated.strip_prefix("g__") {
        return global.to_string();
    }
    generated.replacen("__", ".", 1)
}

/// The classes' names in the output: a class named like an earlier one (several files of a
/// run may each declare one: `check::names::ClassNames`) gets its index.
fn class_names(p: &Program) -> Vec<String> {
    let mut seen: FxHashSet<&str> = FxHashSet::default();
    (p.classes.iter().enumerate())
        .map(|(i, c)| {
            if seen.insert(c.name.as_str()) {
                c.name.to_string()
            } else {
                format!("{}__{i}", c.name)
            }
        })
        .collect()
}

/// Appends the index to every name that occurs more than once (overloads).
fn disambiguate(names: Vec<String>) -> Vec<Name> {
    let mut count: FxHashMap<&str, u32> = FxHashMap::default();
    count.reserve(names.len());
    for n in &names {
        *count.entry(n.as_str()).or_default() += 1;
    }
    let clashing: Vec<bool> = names.iter().map(|n| count[n.as_str()] > 1).collect();
    drop(count);
    names
        .into_iter()
        .zip(clashing)
        .enumerate()
        .map(|(i, (n, clash))| {
            if clash {
                Name::from(format!("{n}__{i}"))
            } else {
                Name::from(n)
            }
        })
        .collect()
}

impl Names {
    pub fn new(p: &Program) -> Names {
        let classes = class_names(p);
        let methods: Vec<String> = p
            .methods
            .iter()
            .map(|m| {
                let n = if m.is_constructor {
                    "new"
                } else {
                    m.name.as_str()
                };
                member_name(&classes, m.class, n)
            })
            .collect();
        // A predicate named like a method of its class (Thread's `start`,
        // `join`) gets a suffix.
        let taken: FxHashSet<&str> = methods.iter().map(String::as_str).collect();
        let predicates: Vec<String> = p
            .predicates
            .iter()
            .map(|q| {
                let n = member_name(&classes, q.class, &q.name);
                if taken.contains(n.as_str()) {
                    format!("{n}__pred")
                } else {
                    n
                }
            })
            .collect();
        // A field named like a callable of its class (PVL allows a field
        // `sum` beside a method `sum(…)`) gets a suffix: Silver has one
        // namespace.
        let mut taken = taken;
        taken.extend(predicates.iter().map(String::as_str));
        let functions: Vec<String> = p
            .functions
            .iter()
            .map(|f| member_name(&classes, f.class, &f.name))
            .collect();
        taken.extend(functions.iter().map(String::as_str));
        let fields: Vec<Name> = p
            .fields
            .iter()
            .map(|f| {
                let n = member_name(&classes, Some(f.class), &f.name);
                if taken.contains(n.as_str()) {
                    Name::from(format!("{n}__field"))
                } else {
                    Name::from(n)
                }
            })
            .collect();
        drop(taken);
        let final_values = fields
            .iter()
            .zip(&p.fields)
            .map(|(n, f)| {
                if f.is_final {
                    Name::from(format!("{n}__val"))
                } else {
                    Name::default()
                }
            })
            .collect();
        Names {
            methods: disambiguate(methods),
            functions: disambiguate(functions),
            predicates: disambiguate(predicates),
            final_values,
            fields,
        }
    }

    pub fn method(&self, id: MethodId) -> Name {
        self.methods[id.0 as usize]
    }
    pub fn function(&self, id: FunctionId) -> Name {
        self.functions[id.0 as usize]
    }
    pub fn predicate(&self, id: PredicateId) -> Name {
        self.predicates[id.0 as usize]
    }
    pub fn field(&self, id: FieldId) -> Name {
        self.fields[id.0 as usize]
    }
    /// The heap-independent function that holds a final field's value
    /// (`id` is a final field's).
    pub fn final_value(&self, id: FieldId) -> Name {
        self.final_values[id.0 as usize]
    }
}
