//! `context_everywhere I` on a method:
//!
//! ```text
//! context_everywhere I; m { … while (c) / loop_invariant J; … }
//!   ~>  requires I; ensures I; (before the other clauses) m { … while (c) / loop_invariant I; loop_invariant J; … }
//! ```

use crate::core::{Block, Expr, Program, StmtKind};
use crate::diag;

pub fn run(mut p: Program) -> diag::Result<Program> {
    for m in &mut p.methods {
        let everywhere = std::mem::take(&mut m.contract.context_everywhere);
        if everywhere.is_empty() {
            continue;
        }
        // First, so that the other clauses may rely on them being well-defined.
        m.contract.requires.splice(0..0, everywhere.iter().cloned());
        m.contract.ensures.splice(0..0, everywhere.iter().cloned());
        if let Some(body) = &mut m.body {
            add_to_loops(body, &everywhere);
        }
    }
    Ok(p)
}

fn add_to_loops(b: &mut Block, inv: &[Expr]) {
    for s in &mut b.stmts {
        match &mut s.kind {
            StmtKind::While {
                invariants, body, ..
            } => {
                let mut all = inv.to_vec();
                all.append(invariants);
                *invariants = all;
                add_to_loops(body, inv);
            }
            StmtKind::If { then, els, .. } => {
                add_to_loops(then, inv);
                if let Some(e) = els {
                    add_to_loops(e, inv);
                }
            }
            StmtKind::Block(b) => add_to_loops(b, inv),
            _ => {}
        }
    }
}
