//! The frame of a quantified assertion inside a predicate body.

use super::inverse::usable_trigger;
use super::{leaves, names, Leaf};
use crate::emit::boogie::expr::St;
use crate::emit::boogie::proc::{Gen, R};
use crate::emit::boogie::ty::boogie;
use crate::emit::boogie::Unsupported;
use crate::vir::{Expr, ExprKind, LocalDecl};

impl Gen<'_> {
    /// The frame of a quantified assertion in `st`'s heap: a map from the
    /// variables to the frame of the body there, defined pointwise. Besides
    /// its own reads, a read of a location the body holds instantiates the
    /// definition, so that equal maps (from equal frames of a predicate
    /// instance) give equal values at the locations read.
    pub fn qp_frame(&mut self, vars: &[LocalDecl], body: &Expr, st: &St) -> R<String> {
        let (is, decls) = names(vars, "f");
        let types: Vec<String> = vars.iter().map(|v| boogie(&v.ty)).collect();
        let map = self
            .p
            .fresh("qpFrame", &format!("[{}]Frame", types.join(", ")));
        let (value, reads) = self.bind_all(vars, is.clone(), |g| {
            let value = g.frame(body, st)?;
            let mut all = Vec::new();
            leaves(body, &mut Vec::new(), &mut all);
            let mut reads = Vec::new();
            for Leaf { leaf, .. } in all {
                match &leaf.kind {
                    ExprKind::FieldAcc(r, f, _) => {
                        reads.push(format!("{}[{}, {f}]", st.heap, g.ctx.expr(r, st)?))
                    }
                    ExprKind::PredicateAcc(name, args, _) => reads.push(format!(
                        "{}[null, {}]",
                        st.heap,
                        g.ctx.predicate_loc(name, args, st)?
                    )),
                    _ => {}
                }
            }
            Ok::<_, Unsupported>((value, reads))
        })?;
        let at = format!("{map}[{}]", is.join(", "));
        let mut triggers = format!("{{{at}}}");
        for r in reads {
            if usable_trigger(&r, &is) {
                triggers.push_str(&format!(" {{{r}}}"));
            }
        }
        self.p.line(format!("havoc {map};"));
        self.p.line(format!(
            "assume (forall {decls} :: {triggers} {at} == {value});"
        ));
        Ok(format!("FrameFragment({map})"))
    }
}
