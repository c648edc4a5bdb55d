//! A procedure being written: its lines, its local variables (Boogie wants
//! them declared first), and the checks (asserts) with the line each is on.

use super::expr::Ctx;
use super::{Check, Unsupported};

#[derive(Default)]
pub struct Proc {
    pub lines: Vec<String>,
    pub locals: Vec<(String, String)>,
    /// The names in `locals`, so that declaring one is not a scan of them all.
    declared: rustc_hash::FxHashSet<String>,
    /// Index into `lines` of each check's assert.
    pub checks: Vec<(usize, Check)>,
    indent: usize,
    next: usize,
}

impl Proc {
    pub fn line(&mut self, s: impl AsRef<str>) {
        self.lines
            .push(format!("{}{}", "  ".repeat(self.indent + 1), s.as_ref()));
    }

    /// `assert cond;` on a line of its own, remembered as `check`.
    pub fn check(&mut self, cond: &str, check: Check) {
        self.checks.push((self.lines.len(), check));
        self.line(format!("assert {cond};"));
    }

    /// A fresh local variable `$base<n>` of Boogie type `ty`.
    pub fn fresh(&mut self, base: &str, ty: &str) -> String {
        self.next += 1;
        let name = format!("${base}{}", self.next);
        self.declared.insert(name.clone());
        self.locals.push((name.clone(), ty.to_string()));
        name
    }

    /// Declares a named local once.
    pub fn local(&mut self, name: &str, ty: &str) {
        if self.declared.insert(name.to_string()) {
            self.locals.push((name.to_string(), ty.to_string()));
        }
    }

    /// Whether a local of that name is declared.
    pub fn has_local(&self, name: &str) -> bool {
        self.declared.contains(name)
    }

    /// After `name` of type `ty` gets an unknown value: what every value of
    /// the type satisfies (allocated references, multisets with counts ≥ 0).
    pub fn assume_typed(&mut self, name: &str, ty: &crate::vir::Type) {
        match ty {
            crate::vir::Type::Ref => self.line(format!("assume Heap[{name}, $allocated];")),
            crate::vir::Type::Multiset(_) => self.line(format!("assume MultiSet#Good({name});")),
            _ => {}
        }
    }

    pub fn open(&mut self, header: impl AsRef<str>) {
        self.line(format!("{} {{", header.as_ref()));
        self.indent += 1;
    }

    /// Ends a block; a block left empty disappears.
    pub fn close(&mut self) {
        self.indent -= 1;
        let opened = format!("{}if (", "  ".repeat(self.indent + 1));
        match self.lines.last() {
            Some(l) if l.starts_with(&opened) && l.ends_with(") {") => {
                self.lines.pop();
            }
            _ => self.line("}"),
        }
    }

    /// `} else {`
    pub fn otherwise(&mut self) {
        self.indent -= 1;
        self.line("} else {");
        self.indent += 1;
    }
}

/// A procedure body under construction with its translation context.
pub struct Gen<'a> {
    pub ctx: Ctx<'a>,
    pub p: Proc,
    /// The node blamed for a check of an inhaled assertion without an origin
    /// of its own (a predicate's body in its well-formedness check).
    pub fallback: crate::vir::Origin,
}

pub type R<T = ()> = Result<T, Unsupported>;
