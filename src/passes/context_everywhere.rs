//! `context_everywhere I` on a method:
//!
//! ```text
//! context_everywhere I; m { … while (c) / loop_invariant J; … }
//!   ~>  requires I; ensures I; (before the other clauses) m { … while (c) / loop_invariant I; loop_invariant J; … }
//! ```
//!
//! and the same for the contract of every `par` thread in m (VerCors's reading:
//! the threads' bodies are everywhere too).

use super::{Lower, Out, Pass};
use crate::core::{Block, Expr, MethodId, Program, StmtKind};
use std::collections::HashMap;

pub const PASS: Pass = Pass {
    name: "context_everywhere",
    description:
        "context_everywhere clauses become pre- and postconditions and invariants of every loop",
    declare: |p, _| declarations(p),
    removes: |_| false,
    removes_expr: |_| false,
    // Every clause moves to the method's contract and loops.
    removes_decl: |p| {
        p.methods
            .iter()
            .find_map(|m| m.contract.context_everywhere.first().map(|e| e.span))
    },
};

/// The clauses of each method that has some, for its loops.
struct Everywhere(HashMap<MethodId, Vec<Expr>>);

fn declarations(p: &mut Program) -> Box<dyn Lower> {
    let mut all = HashMap::new();
    for (i, m) in p.methods.iter_mut().enumerate() {
        let everywhere = std::mem::take(&mut m.contract.context_everywhere);
        if everywhere.is_empty() {
            continue;
        }
        // First, so that the other clauses may rely on them being well-defined.
        m.contract.requires.splice(0..0, everywhere.iter().cloned());
        m.contract.ensures.splice(0..0, everywhere.iter().cloned());
        all.insert(MethodId(i as u32), everywhere);
    }
    Box::new(Everywhere(all))
}

impl Lower for Everywhere {
    fn body(&self, _: &Program, m: MethodId, b: &mut Block, _: &mut Out) {
        if let Some(inv) = self.0.get(&m) {
            add_to_loops(b, inv);
        }
    }
}

fn add_to_loops(b: &mut Block, inv: &[Expr]) {
    crate::core::visit::each_stmt_mut(b, &mut |s| match &mut s.kind {
        StmtKind::While { invariants, .. } => {
            let mut all = inv.to_vec();
            all.append(invariants);
            *invariants = all;
        }
        StmtKind::Par(threads) => {
            for t in threads {
                t.requires.splice(0..0, inv.iter().cloned());
                t.ensures.splice(0..0, inv.iter().cloned());
            }
        }
        _ => {}
    });
}

#[cfg(test)]
mod tests {
    use crate::passes::testing::{after, body, contract, Pvl};

    #[test]
    fn the_clause_is_a_pre_and_postcondition_first_and_an_invariant_of_each_loop() {
        let text = "class E { int x;
          context_everywhere Perm(x, 1\\2);
          requires n >= 0;
          void m(int n) {
            int i = 0;
            loop_invariant 0 <= i;
            while (i < n) { i = i + 1; }
          } }";
        let p = after(Pvl, text, "context_everywhere");
        assert_eq!(
            contract(&p, "m"),
            [
                "requires (Perm (. this x) (\\ 1 2))",
                "requires (>= n 0)",
                "ensures (Perm (. this x) (\\ 1 2))",
            ]
        );
        assert_eq!(
            body(&p, "m"),
            "{(local i 0) (while [(Perm (. this x) (\\ 1 2)) (<= 0 i)] (< i n) {(= i (+ i 1))})}"
        );
    }
}
