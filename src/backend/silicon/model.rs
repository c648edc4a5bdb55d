//! Silicon's counterexamples (`--counterexample mapped`), read into values.
//!
//! The text lists the store and heap at each label of the method and at
//! the failure, the failing state last:
//!
//! ```text
//! model at label old:
//! this <- Ref ($Ref!val!0) {
//!     C__f(perm: 1/1) <- 0
//! }
//! x <- 2
//! on return:
//! ...
//! ```
//!
//! A variable holding an object lists the fields it has permission to;
//! each becomes `variable.field`. Names stay the generated text's
//! (`blame` maps them to the source's).

use crate::backend::ModelValue;

/// The values of the last state in the counterexample's `lines`, then
/// those of the method's entry state (label `old`) that differ, as `\old(…)`.
pub fn last_state(lines: &[&str]) -> Vec<ModelValue> {
    let header = |l: &&str| {
        let t = l.trim();
        t.ends_with(':') && !t.contains(" <- ")
    };
    let from = lines.iter().rposition(header).map_or(0, |i| i + 1);
    let mut out = state(&lines[from..]);
    let old = lines
        .iter()
        .position(|l| l.trim() == "model at label old:")
        .filter(|&i| i + 1 < from);
    if let Some(i) = old {
        let end = (i + 1..from).find(|&j| header(&lines[j])).unwrap_or(from);
        for v in state(&lines[i + 1..end]) {
            let now = out.iter().find(|n| n.name == v.name);
            if now.is_some_and(|n| n.value != v.value) {
                out.push(ModelValue {
                    name: format!("\\old({})", v.name),
                    value: v.value,
                });
            }
        }
    }
    out
}

/// The values of one state's lines.
fn state(lines: &[&str]) -> Vec<ModelValue> {
    let mut out = Vec::new();
    let mut object: Option<String> = None;
    for line in lines {
        let t = line.trim();
        if t == "}" {
            object = None;
            continue;
        }
        let Some((name, value)) = t.split_once(" <- ") else {
            continue;
        };
        match &object {
            // `C__f(perm: 1/1) <- 10`
            Some(var) => {
                let field = name.split_once('(').map_or(name, |(f, _)| f).trim();
                out.push(ModelValue {
                    name: format!("{var}.{field}"),
                    value: plain(value),
                });
            }
            None => match value.strip_suffix('{') {
                Some(_) => object = Some(name.trim().to_string()),
                None => out.push(ModelValue {
                    name: name.trim().to_string(),
                    value: plain(value),
                }),
            },
        }
    }
    out
}

/// A value as a user reads it: `Ref ($Ref!val!3)` is object `#3`.
fn plain(value: &str) -> String {
    let v = value.trim();
    match v
        .strip_prefix("Ref ($Ref!val!")
        .and_then(|r| r.strip_suffix(')'))
    {
        Some(n) => format!("#{n}"),
        None => v.replace("$Ref!val!", "#"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_state_with_fields_of_objects() {
        let text =
            "model at label old:\nthis <- Ref ($Ref!val!0) {\n\tC__f(perm: 1/1) <- 0\n}\nx <- 2\n\
                    on return: \nthis <- Ref ($Ref!val!0) {\n\tC__f(perm: 1/1) <- 10\n}\nx <- 2\n\
                    o <- Ref ($Ref!val!1)\n";
        let lines: Vec<&str> = text.lines().collect();
        let got: Vec<(String, String)> = last_state(&lines)
            .into_iter()
            .map(|v| (v.name, v.value))
            .collect();
        let want = [
            ("this.C__f", "10"),
            ("x", "2"),
            ("o", "#1"),
            ("\\old(this.C__f)", "0"),
        ];
        let want: Vec<(String, String)> = want
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        assert_eq!(got, want);
    }
}
