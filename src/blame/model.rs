//! A counterexample in the source's names.
//!
//! The backend's model names what the encoding declares: a parameter or
//! local keeps its name (an assigned parameter's working copy is `x__loc`,
//! which is `x` here), a field is `Class__f`, and weft's own variables
//! (`weft_…`, `__…`, anything with `$`) have no name in the source, so they
//! are left out.

use crate::backend::ModelValue;
use crate::diag::SourceValue;
use crate::encode::names::source_name;

/// Each value of `model` the source can name, a working copy of a parameter
/// standing for the parameter.
pub fn source_values(model: &[ModelValue]) -> Vec<SourceValue> {
    let mut out: Vec<SourceValue> = Vec::new();
    for v in model {
        let Some(name) = source_path(&v.name) else {
            continue;
        };
        match out.iter_mut().find(|s| s.name == name) {
            // The working copy comes after the parameter's entry value only
            // when it was declared later; either way the copy is current.
            Some(slot) if v.name.contains("__loc") => slot.value = v.value.clone(),
            Some(_) => {}
            None => out.push(SourceValue {
                name,
                value: v.value.clone(),
            }),
        }
    }
    out
}

/// `this.C__f` is `this.f`, `x__loc` is `x`, `\\old(…)` stays around
/// its inside; None for weft's own names.
fn source_path(name: &str) -> Option<String> {
    if let Some(inner) = name
        .strip_prefix("\\old(")
        .and_then(|n| n.strip_suffix(')'))
    {
        return source_path(inner).map(|p| format!("\\old({p})"));
    }
    let mut parts = name.split('.');
    let var = parts.next()?;
    let var = var.strip_suffix("__loc").unwrap_or(var);
    if !own(var) {
        return None;
    }
    let mut path = var.to_string();
    for field in parts {
        let source = source_name(field);
        let short = source.rsplit('.').next().unwrap_or(&source);
        if !own(short) {
            return None;
        }
        path.push('.');
        path.push_str(short);
    }
    Some(path)
}

/// Whether `name` can be a source identifier rather than one of weft's.
fn own(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with("weft")
        && !name.starts_with("__")
        && !name.contains('$')
        && !name.contains("__")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(name: &str, value: &str) -> ModelValue {
        ModelValue {
            name: name.into(),
            value: value.into(),
        }
    }

    #[test]
    fn names_are_the_sources_and_weft_own_are_left_out() {
        let model = [
            v("this.C__f", "10"),
            v("x", "2"),
            v("x__loc", "7"),
            v("__plugin_refute_nondet1", "false"),
            v("weft_result", "0"),
            v("\\old(this.C__f)", "9"),
        ];
        let got: Vec<(String, String)> = (source_values(&model).into_iter())
            .map(|s| (s.name, s.value))
            .collect();
        assert_eq!(
            got,
            vec![
                ("this.f".into(), "10".into()),
                ("x".into(), "7".into()),
                ("\\old(this.f)".into(), "9".into())
            ]
        );
    }
}
