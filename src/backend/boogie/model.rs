//! Boogie's counterexamples: the program made to report one model per
//! failing assert, and the model read into values.
//!
//! Boogie 2.4 writes a model in its model-view format with `/mv:-`, right
//! after the error's execution trace on standard output, so each model sits
//! under its error. It names variables by their Boogie names only in the
//! model's *states*, which Boogie records at `assume {:captureState "…"}
//! true;`: each `*** STATE` block binds the variables that changed since the
//! state before (the first one, `<initial>`, binds them all). So the model
//! run puts one capture point on the failing assert's own line (the line
//! stays the same, so the error still maps by it) and reads the variables
//! there. Three options make that state complete (found by running it):
//!
//! * `/proverOpt:O:model.compact=false`: Z3 4.8 otherwise folds the table
//!   of Boogie's `$mv_state` function into `else -> true`, and Boogie
//!   finds no state past `<initial>`;
//! * `/liveVariableAnalysis:0`: otherwise a local that is not read after
//!   its last assignment has no value at all;
//! * the other asserts become assumes, so each failing assert is the only
//!   one that can fail and has exactly one model (and the output stays
//!   small: a model is some hundred lines).
//!
//! A model-view text, shortened:
//!
//! ```text
//! *** MODEL
//! C__x -> T@U!val!1
//! null -> T@U!val!6
//! [3] -> {
//!   T@U!val!13 T@U!val!3 T@U!val!1 -> (- 7)
//! }
//! *** STATE <initial>
//!   x -> 5
//!   Heap -> T@U!val!6
//!   k -> **k
//! *** END_STATE
//! *** STATE L437
//!   Heap -> T@U!val!13
//!   k -> 6
//! *** END_STATE
//! *** END_MODEL
//! ```
//!
//! `[3]` is the heap read `Heap[o, f]` (map, receiver, field → value; `[4:=]`
//! the update), `**k` means no value, and every value of an uninterpreted
//! type (a reference, a field, a heap) is an element `T@U!val!N`. Boogie has
//! already put ints and booleans inside those maps in place of their
//! elements. weft shows variables of type `int`, `bool` and `Ref`, and the
//! fields (of those types) of the objects the variables hold, where the
//! model has the heap's value: which are the locations the procedure reads.

use crate::backend::ModelValue;
use std::collections::HashMap;

/// The name of the capture point on a failing line.
pub fn state_name(line: usize) -> String {
    format!("L{line}")
}

/// The model run's program: a capture point on each of `lines` (1-based),
/// every other assert an assume. Lines keep their numbers.
pub fn program(text: &str, lines: &[usize]) -> String {
    let mut out = String::with_capacity(text.len() + 64 * lines.len());
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let indent = line.len() - line.trim_start().len();
        let (lead, rest) = line.split_at(indent);
        match rest.strip_prefix("assert ") {
            Some(cond) if lines.contains(&n) => {
                let name = state_name(n);
                out.push_str(&format!(
                    "{lead}assume {{:captureState \"{name}\"}} true; assert {cond}"
                ));
            }
            Some(cond) => out.push_str(&format!("{lead}assume {cond}")),
            None => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

/// A procedure of the Boogie text: its name and its variables (parameters,
/// results, locals) with their Boogie types, in declaration order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Procedure {
    pub name: String,
    pub vars: Vec<(String, String)>,
}

/// The procedure whose body holds line `line` (1-based) of `text`.
pub fn procedure_at(text: &str, line: usize) -> Option<Procedure> {
    let lines: Vec<&str> = text.lines().take(line).collect();
    let start = lines.iter().rposition(|l| l.starts_with("procedure "))?;
    let body = start + lines[start..].iter().position(|l| *l == "{")?;
    let header = lines[start..body].join(" ");
    let rest = header.strip_prefix("procedure ")?;
    let open = rest.find('(')?;
    let name = rest[..open].trim().to_string();
    let mut vars = Vec::new();
    // The parameters, then the results after `returns`.
    let mut tail = &rest[open..];
    while let Some(list) = parenthesized(tail) {
        vars.extend(bindings(list));
        tail = &tail[list.len() + 2..];
        match tail.trim_start().strip_prefix("returns") {
            Some(r) => tail = r.trim_start(),
            None => break,
        }
    }
    for l in text.lines().skip(body + 1) {
        let Some(decl) = l.trim().strip_prefix("var ") else {
            break;
        };
        vars.extend(bindings(decl.trim_end_matches(';')));
    }
    Some(Procedure { name, vars })
}

/// The text inside the parentheses `s` starts with.
fn parenthesized(s: &str) -> Option<&str> {
    let s = s.strip_prefix('(')?;
    let mut depth = 0;
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' | '<' => depth += 1,
            ')' if depth == 0 => return Some(&s[..i]),
            ')' | ']' | '>' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// `a: int, h: <A>[Ref, Field A]A` → its names and types.
fn bindings(list: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut depth = 0;
    let mut from = 0;
    let mut push = |part: &str| {
        if let Some((n, t)) = part.split_once(':') {
            out.push((n.trim().to_string(), t.trim().to_string()));
        }
    };
    for (i, c) in list.char_indices() {
        match c {
            '(' | '[' | '<' => depth += 1,
            ')' | ']' | '>' => depth -= 1,
            ',' if depth == 0 => {
                push(&list[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    push(&list[from..]);
    out
}

/// The fields of `text` (`const unique C__f: Field int;`) with their value types.
pub fn fields(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|l| {
            let decl = l.strip_prefix("const unique ")?.strip_suffix(';')?;
            let (name, ty) = decl.split_once(':')?;
            // weft's own (`$allocated`) are no field of the source.
            if name.starts_with('$') {
                return None;
            }
            let ty = ty.trim().strip_prefix("Field ")?;
            Some((name.trim().to_string(), ty.trim().to_string()))
        })
        .collect()
}

/// The model under each error of the model run's output: the error's line
/// and the model's lines (between `*** MODEL` and `*** END_MODEL`).
pub fn models_by_line(out: &str) -> Vec<(usize, Vec<&str>)> {
    let mut found: Vec<(usize, Vec<&str>)> = Vec::new();
    let mut error: Option<usize> = None;
    let mut open: Option<(usize, Vec<&str>)> = None;
    for line in out.lines() {
        if let Some((_, lines)) = open.as_mut() {
            if line == "*** END_MODEL" {
                found.extend(open.take());
            } else {
                lines.push(line);
            }
        } else if line == "*** MODEL" {
            // The first model after an error is that error's.
            open = error.take().map(|l| (l, Vec::new()));
        } else if let Some((at, rest)) = super::parse::located(line) {
            if rest.starts_with("Error") {
                error = Some(at.line);
            }
        }
    }
    found
}

/// One model in the model-view text.
#[derive(Debug, Default)]
pub struct Model {
    /// `name -> value` at the top: constants (a field's element, `null`'s).
    consts: HashMap<String, String>,
    /// A function's table by its name: arguments → value.
    tables: HashMap<String, Vec<(Vec<String>, String)>>,
    /// The states in order, each with the bindings it lists.
    states: Vec<(String, Vec<(String, String)>)>,
}

impl Model {
    /// Reads a model's lines (without the `*** MODEL` lines).
    pub fn parse(lines: &[&str]) -> Model {
        let mut m = Model::default();
        let mut table: Option<String> = None;
        let mut in_state = false;
        for line in lines {
            if let Some(name) = line.strip_prefix("*** STATE ") {
                m.states.push((name.trim().to_string(), Vec::new()));
                in_state = true;
            } else if *line == "*** END_STATE" {
                in_state = false;
            } else if *line == "}" {
                table = None;
            } else if let Some((lhs, rhs)) = line.rsplit_once(" -> ") {
                let (lhs, rhs) = (lhs.trim(), rhs.trim());
                if in_state {
                    if let Some((_, b)) = m.states.last_mut() {
                        b.push((lhs.to_string(), rhs.to_string()));
                    }
                } else if let Some(t) = &table {
                    if lhs != "else" {
                        let entry = (terms(lhs), rhs.to_string());
                        m.tables.entry(t.clone()).or_default().push(entry);
                    }
                } else if rhs == "{" {
                    table = Some(lhs.to_string());
                } else {
                    m.consts.insert(lhs.to_string(), rhs.to_string());
                }
            }
        }
        m
    }

    /// The bindings at the state named `name`: those of every state up to it.
    fn state(&self, name: &str) -> Option<HashMap<&str, &str>> {
        let end = self.states.iter().position(|(n, _)| n == name)?;
        let mut at = HashMap::new();
        for (_, bindings) in &self.states[..=end] {
            for (var, value) in bindings {
                at.insert(var.as_str(), value.as_str());
            }
        }
        Some(at)
    }

    /// `heap[object, field]`: a read in the model's `[3]` table, else through
    /// the updates (`[4:=]`) that made `heap`: the value of the one of that
    /// location, or a read of the heap before one of another location
    /// (distinct elements are distinct values).
    fn read<'a>(&'a self, heap: &'a str, object: &str, field: &str) -> Option<&'a str> {
        let reads = self.tables.get("[3]");
        let updates = self.tables.get("[4:=]");
        let mut heap = heap;
        // A chain of updates is as long as the procedure's field writes.
        for _ in 0..1000 {
            let args = [heap, object, field];
            let read = reads.and_then(|t| {
                t.iter()
                    .find(|(a, _)| a.iter().map(String::as_str).eq(args))
            });
            if let Some((_, v)) = read {
                return Some(v);
            }
            let (a, _) = updates?
                .iter()
                .find(|(a, made)| made == heap && a.len() == 4)?;
            if a[1] == object && a[2] == field {
                return Some(&a[3]);
            }
            heap = &a[0];
        }
        None
    }
}

/// Whitespace-separated terms, a parenthesized one (`(- 7)`) as one.
fn terms(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0;
    let mut cur = String::new();
    for c in s.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        if c.is_whitespace() && depth == 0 {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
        } else {
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The values at the failing state of `line` in the generated text's names:
/// each variable of `proc` (an object's fields in its place, when the model
/// has any; `this` only so), then the entry values (`\old(…)`, from `$OldHeap`) of the fields
/// that differ.
pub fn values(
    model: &Model,
    line: usize,
    proc: &Procedure,
    fields: &[(String, String)],
) -> Vec<ModelValue> {
    let Some(state) = model.state(&state_name(line)) else {
        return Vec::new();
    };
    let mut objects = Objects::new(model);
    let mut out = Vec::new();
    let mut old = Vec::new();
    let heap = state.get("Heap").copied().filter(|h| has_value(h));
    let old_heap = state.get("$OldHeap").copied().filter(|h| has_value(h));
    for (var, ty) in &proc.vars {
        let Some(&raw) = state.get(var.as_str()) else {
            continue;
        };
        let name = var.strip_suffix('#').unwrap_or(var);
        // Numbered only once shown, so that a left-out `this` takes no number.
        let object = ty == "Ref" && has_value(raw) && Some(raw) != objects.null;
        let mut expanded = false;
        if let (Some(heap), true) = (heap, object) {
            for (field, fty) in fields {
                let Some(element) = model.consts.get(field) else {
                    continue;
                };
                let now = model.read(heap, raw, element);
                let Some(now) = now.and_then(|v| shown(v, fty, &mut objects)) else {
                    continue;
                };
                let path = format!("{name}.{field}");
                let then = old_heap
                    .and_then(|h| model.read(h, raw, element))
                    .and_then(|v| shown(v, fty, &mut objects));
                if let Some(then) = then.filter(|t| *t != now) {
                    old.push(ModelValue {
                        name: format!("\\old({path})"),
                        value: then,
                    });
                }
                out.push(ModelValue {
                    name: path,
                    value: now,
                });
                expanded = true;
            }
        }
        // `this` is never null: a bare object number says nothing (Silicon
        // leaves it out too).
        if expanded || name == "this" {
            continue;
        }
        if let Some(value) = shown(raw, ty, &mut objects) {
            out.push(ModelValue {
                name: name.to_string(),
                value,
            });
        }
    }
    out.extend(old);
    out
}

/// Whether a model value is one (`**x` says the variable has none).
fn has_value(v: &str) -> bool {
    !v.starts_with("**")
}

/// References as a user reads them: `null`, or `#0`, `#1`, … in the order
/// they are first shown.
struct Objects<'m> {
    null: Option<&'m str>,
    seen: Vec<String>,
}

impl<'m> Objects<'m> {
    fn new(model: &'m Model) -> Objects<'m> {
        Objects {
            null: model.consts.get("null").map(String::as_str),
            seen: Vec::new(),
        }
    }

    fn name(&mut self, element: &str) -> String {
        if Some(element) == self.null {
            return "null".into();
        }
        let i = match self.seen.iter().position(|e| e == element) {
            Some(i) => i,
            None => {
                self.seen.push(element.to_string());
                self.seen.len() - 1
            }
        };
        format!("#{i}")
    }
}

/// A value of Boogie type `ty` as shown, or None for a type weft does not
/// show or a value the model leaves open.
fn shown(raw: &str, ty: &str, objects: &mut Objects) -> Option<String> {
    if !has_value(raw) {
        return None;
    }
    match ty {
        "int" => int(raw),
        "bool" => matches!(raw, "true" | "false").then(|| raw.to_string()),
        "Ref" => raw.contains("!val!").then(|| objects.name(raw)),
        _ => None,
    }
}

/// `5` or `(- 5)`.
fn int(raw: &str) -> Option<String> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if digits(raw) {
        return Some(raw.to_string());
    }
    let n = raw.strip_prefix("(- ")?.strip_suffix(')')?.trim();
    digits(n).then(|| format!("-{n}"))
}

#[cfg(test)]
mod tests;
