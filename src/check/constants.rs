//! Constants (`static final` fields with a value) are functions whose body is
//! the value. A value that depends on itself (`N = N + 1`, or through a
//! function: `N = f()`, `f() = N + 1`) would give the backend a false
//! definition, so such cycles are errors, as Java's own compiler reports them.

use super::env::{Env, Member};
use crate::core::visit::map_expr;
use crate::core::{ExprKind as K, FunctionId, Program};
use crate::diag::{Diagnostic, ErrorCode};

/// Checks the constants of `p` (bodies filled in) for cycles.
pub(super) fn cycles(env: &Env, p: &Program) -> Vec<Diagnostic> {
    let mut constants: Vec<FunctionId> = env
        .classes
        .iter()
        .flat_map(|c| c.members.values())
        .filter_map(|m| match m {
            Member::Constant(f) => Some(*f),
            _ => None,
        })
        .collect();
    constants.sort();
    // One error per cycle, at its first constant.
    let mut reported: Vec<FunctionId> = Vec::new();
    for c in constants {
        let same_cycle = |d: &FunctionId| reaches(p, c, *d) && reaches(p, *d, c);
        if reaches(p, c, c) && !reported.iter().any(same_cycle) {
            reported.push(c);
        }
    }
    reported
        .into_iter()
        .map(|c| {
            let f = p.function(c);
            let msg = format!("the value of the constant {} depends on itself", f.name);
            Diagnostic::error(ErrorCode::Misplaced, f.span, msg)
        })
        .collect()
}

/// The functions whose body calls `f`.
fn callees(p: &Program, f: FunctionId) -> Vec<FunctionId> {
    let mut out = Vec::new();
    if let Some(body) = &p.function(f).body {
        map_expr(body.clone(), &mut |x| {
            if let K::FunctionCall { func, .. } = &x.kind {
                out.push(*func);
            }
            x
        });
    }
    out
}

/// Whether `to` is called, directly or not, from the body of `from`.
fn reaches(p: &Program, from: FunctionId, to: FunctionId) -> bool {
    super::inline::reaches_by(from, to, |f| callees(p, f))
}

#[cfg(test)]
mod tests {
    use crate::diag::{Code, ErrorCode};
    use crate::syntax::java::parser::parse_java;
    use crate::syntax::span::FileId;

    fn check(text: &str) -> Vec<(ErrorCode, String)> {
        let u = parse_java(FileId(0), text).expect("parses");
        match crate::check::check(&[u]) {
            Ok(_) => Vec::new(),
            Err(ds) => ds
                .iter()
                .map(|d| match d.code {
                    Code::Error(c) => (c, d.message.clone()),
                    Code::Failure(f) => panic!("a failure from the checker: {f}"),
                })
                .collect(),
        }
    }

    #[test]
    fn constants_are_used_by_name_in_and_outside_their_class() {
        let text = "class A { static final int N = 2; static final int M = N + A.N;\n\
                    int f() { return M; } }\n\
                    class B { int g() { return A.M * A.N; } }";
        assert_eq!(check(text), []);
    }

    #[test]
    fn one_error_per_cycle() {
        let text = "class A { static final int N = M + 1; static final int M = N;\n\
                    static final int K = f(); /*@ pure @*/ static int f() { return K; }\n\
                    static final int L = 3; }";
        let es = check(text);
        assert_eq!(es.len(), 2, "{es:?}");
        assert!(es.iter().all(|(c, _)| *c == ErrorCode::Misplaced));
        assert!(es[0].1.contains("constant N"), "{es:?}");
        assert!(es[1].1.contains("constant K"), "{es:?}");
    }

    #[test]
    fn constants_are_neither_called_nor_written() {
        let es = check("class A { static final int N = 2; void m() { N = 3; int x = N(); } }");
        let codes: Vec<_> = es.iter().map(|(c, _)| *c).collect();
        assert_eq!(codes, [ErrorCode::FinalWrite, ErrorCode::TypeMismatch]);
    }
}
