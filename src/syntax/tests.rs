//! Lexer and parser tests. Trees are compared through a compact
//! s-expression rendering (`sx`), which drops spans; spans get their own tests.

use super::ast::*;
use super::lexer::{LexErrorKind, Lexer, Token};
use super::parse_pvl;
use super::span::FileId;
use crate::diag::{Code, Diagnostic, ErrorCode};

const F: FileId = FileId(0);

fn lex(text: &str) -> Vec<Token<'_>> {
    Lexer::new(text).map(|t| t.expect("lexes").1).collect()
}

fn parse(text: &str) -> Unit {
    match parse_pvl(F, text) {
        Ok(u) => u,
        Err(ds) => panic!("parse failed: {:?}\n--- input:\n{text}", ds),
    }
}

fn parse_err(text: &str) -> Diagnostic {
    match parse_pvl(F, text) {
        Ok(_) => panic!("expected a parse error for {text:?}"),
        Err(mut ds) => {
            assert_eq!(ds.len(), 1);
            let d = ds.pop().expect("one diagnostic");
            assert_eq!(d.code, Code::Error(ErrorCode::ParseError));
            d
        }
    }
}

// ------------------------------------------------------------ rendering

fn sx_ty(t: &Type) -> String {
    match &t.kind {
        TypeKind::Int => "int".into(),
        TypeKind::Bool => "bool".into(),
        TypeKind::Void => "void".into(),
        TypeKind::Resource => "resource".into(),
        TypeKind::Frac => "frac".into(),
        TypeKind::ZFrac => "zfrac".into(),
        TypeKind::Rational => "rational".into(),
        TypeKind::Process => "process".into(),
        TypeKind::Seq(t) => format!("seq<{}>", sx_ty(t)),
        TypeKind::Set(t) => format!("set<{}>", sx_ty(t)),
        TypeKind::Bag(t) => format!("bag<{}>", sx_ty(t)),
        TypeKind::Option(t) => format!("option<{}>", sx_ty(t)),
        TypeKind::Map(k, v) => format!("map<{},{}>", sx_ty(k), sx_ty(v)),
        TypeKind::Tuple(a, b) => format!("tuple<{},{}>", sx_ty(a), sx_ty(b)),
        TypeKind::Array(t) => format!("{}[]", sx_ty(t)),
        TypeKind::Named(n) => n.name.to_string(),
        TypeKind::Inferred => "var".into(),
        TypeKind::Generic(n, args) => format!("{}<{}>", n.name, sx_ghost(args)),
        TypeKind::Applied(n, args) => {
            let args: Vec<String> = args.iter().map(sx_ty).collect();
            format!("{}<{}>", n.name, args.join(", "))
        }
        TypeKind::Family { params, group } => format!(
            "({}{} -> resource)",
            if *group { "group " } else { "" },
            params.iter().map(sx_ty).collect::<Vec<_>>().join(", ")
        ),
        TypeKind::FunctionFamily { params, ret } => format!(
            "({} -> {})",
            params.iter().map(sx_ty).collect::<Vec<_>>().join(", "),
            sx_ty(ret)
        ),
    }
}

fn sx_ghost(args: &[GhostArg]) -> String {
    args.iter()
        .map(|a| match a {
            GhostArg::Name(n) => n.name.to_string(),
            GhostArg::Bool(b, _) => b.to_string(),
            GhostArg::Int(i, _) => i.to_string(),
            GhostArg::Names(ns, _) => {
                let ns: Vec<&str> = ns.iter().map(|n| n.name.as_str()).collect();
                format!("{{{}}}", ns.join(" "))
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

fn sx_list(es: &[Expr]) -> String {
    es.iter().map(sx).collect::<Vec<_>>().join(" ")
}

fn opt(e: &Option<Box<Expr>>) -> String {
    e.as_ref().map_or("_".into(), |e| sx(e))
}

fn sx(e: &Expr) -> String {
    use ExprKind::*;
    match &e.kind {
        Int(n) => n.to_string(),
        Bool(b) => b.to_string(),
        Null => "null".into(),
        This => "this".into(),
        Result => "\\result".into(),
        Write => "write".into(),
        Read => "read".into(),
        NoPerm => "none".into(),
        Name(n) => n.name.to_string(),
        Select(e, n) => format!("(. {} {})", sx(e), n.name),
        Index(a, i) => format!("(idx {} {})", sx(a), sx(i)),
        Slice(a, lo, hi) => format!("(slice {} {} {})", sx(a), opt(lo), opt(hi)),
        Call(c) => {
            let mut s = format!("(call {}", c.name.name);
            if let Some(r) = &c.recv {
                s = format!("(call {}.{}", sx(r), c.name.name);
            }
            for a in &c.args {
                s += &format!(" {}", sx(a));
            }
            for (n, v) in &c.given {
                s += &format!(" given:{}={}", n.name, sx(v));
            }
            for (n, v) in &c.yields {
                s += &format!(" yields:{}={}", n.name, v.name);
            }
            s + ")"
        }
        New(n) => format!("(new {} {})", n.class.name, sx_list(&n.args)).replace(" )", ")"),
        NewGeneric(g) => format!(
            "(new {}<{}> {})",
            g.class.name,
            sx_ghost(&g.ghost),
            sx_list(&g.args)
        )
        .replace(" )", ")"),
        NewArray(t, ns) => {
            let ns: Vec<String> = ns.iter().map(sx).collect();
            format!("(new[] {} {})", sx_ty(t), ns.join(" "))
        }
        Unary(op, e) => format!("({} {})", if *op == UnOp::Not { "!" } else { "neg" }, sx(e)),
        Binary(op, a, b) => format!("({} {} {})", op.symbol(), sx(a), sx(b)),
        Cond(c, a, b) => format!("(? {} {} {})", sx(c), sx(a), sx(b)),
        Update(t, v, old) => format!(
            "(update{} {} {})",
            if *old { "-old" } else { "" },
            sx(t),
            sx(v)
        ),
        Old(None, e) => format!("(old {})", sx(e)),
        Old(Some(l), e) => format!("(old[{}] {})", l.name, sx(e)),
        Perm(a, b) => format!("(Perm {} {})", sx(a), sx(b)),
        PointsTo(a, b, c) => format!("(PointsTo {} {} {})", sx(a), sx(b), sx(c)),
        Value(a) => format!("(Value {})", sx(a)),
        CurPerm(a) => format!("(perm {})", sx(a)),
        Held(a) => format!("(held {})", sx(a)),
        Committed(a) => format!("(committed {})", sx(a)),
        Quant(qe) => {
            let crate::syntax::ast::Quant {
                q,
                binders,
                ranges,
                cond,
                body,
            } = &**qe;
            let q = match q {
                Quantifier::Forall => "forall",
                Quantifier::ForallStar => "forall*",
                Quantifier::Exists => "exists",
            };
            let bs: Vec<String> = binders
                .iter()
                .map(|b| format!("{} {}", sx_ty(&b.ty), b.name.name))
                .collect();
            let range: String = ranges
                .iter()
                .map(|(_, lo, hi)| format!(" ({}..{})", sx(lo), sx(hi)))
                .collect();
            let cond = cond
                .as_ref()
                .map_or(String::new(), |c| format!(" {}", sx(c)));
            format!("({q} [{}]{range}{cond} {})", bs.join(", "), sx(body))
        }
        Let {
            ty,
            name,
            value,
            body,
        } => format!(
            "(let {} {} {} {})",
            sx_ty(ty),
            name.name,
            sx(value),
            sx(body)
        ),
        Unfolding(p, e) => format!("(unfolding {} {})", sx(p), sx(e)),
        Scale(p, e) => format!("(scale {} {})", sx(p), sx(e)),
        ArrayOf(a, n) => format!("(array {} {})", sx(a), sx(n)),
        MatrixOf(a, m, n) => format!("(matrix {} {} {})", sx(a), sx(m), sx(n)),
        ValuesOf(a, lo, hi) => format!("(values {} {} {})", sx(a), sx(lo), sx(hi)),
        AllIndices(a) => format!("(all {})", sx(a)),
        ArraySum(a) => format!("(sum {})", sx(a)),
        SeqLit(t, es) => format!(
            "(seq{} {})",
            t.as_ref()
                .map_or(String::new(), |t| format!("<{}>", sx_ty(t))),
            sx_list(es)
        ),
        SetLit(t, es) => format!(
            "(set{} {})",
            t.as_ref()
                .map_or(String::new(), |t| format!("<{}>", sx_ty(t))),
            sx_list(es)
        ),
        BagLit(t, es) => format!(
            "(bag{} {})",
            t.as_ref()
                .map_or(String::new(), |t| format!("<{}>", sx_ty(t))),
            sx_list(es)
        ),
        Length(e) => format!("(len {})", sx(e)),
        OptSome(e) => format!("(Some {})", sx(e)),
        OptNone => "None".into(),
        Bind(n) => format!("?{}", n.name),
        CurrentThread => "\\current_thread".into(),
        Idle(e) => format!("(idle {})", sx(e)),
        Running(e) => format!("(running {})", sx(e)),
        NotSupported(what) => format!("(notSupported {what})"),
        Trigger(g, e) if g.group == 0 && g.outer == 0 => format!("(trigger {})", sx(e)),
        Trigger(g, e) => format!(
            "(trigger{}{} {})",
            "<".repeat(g.outer as usize),
            g.group,
            sx(e)
        ),
        TypeApplied(e, ts) => {
            let ts: Vec<String> = ts.iter().map(sx_ty).collect();
            format!("(<{}> {})", ts.join(", "), sx(e))
        }
        MapLit(kv, ps) => format!(
            "(map<{},{}> {})",
            sx_ty(&kv.0),
            sx_ty(&kv.1),
            ps.iter()
                .map(|(k, v)| format!("({} {})", sx(k), sx(v)))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        TupleLit(_, a, b) => format!("(tuple {} {})", sx(a), sx(b)),
        InstanceOf(x, t) => format!("(instanceof {} {})", sx(x), sx_ty(t)),
        Cast(x, t) => format!("(cast {} {})", sx_ty(t), sx(x)),
        Then(x, ss) => format!("(then {} {})", sx(x), sx_stmts(ss)),
        SeqUpdate(xs, i, v) => format!("(update {} {} {})", sx(xs), sx(i), sx(v)),
    }
}

fn sx_contract(c: &Contract) -> String {
    let mut parts: Vec<String> = c
        .clauses
        .iter()
        .map(|cl| format!("({} {})", cl.kind.keyword(), sx(&cl.expr)))
        .collect();
    parts.extend(
        c.given
            .iter()
            .map(|p| format!("(given {} {})", sx_ty(&p.ty), p.name.name)),
    );
    parts.extend(
        c.yields
            .iter()
            .map(|p| format!("(yields {} {})", sx_ty(&p.ty), p.name.name)),
    );
    parts.join(" ")
}

fn sx_block(b: &Block) -> String {
    let ss: Vec<String> = b.stmts.iter().map(sx_stmt).collect();
    format!("{{{}}}", ss.join(" "))
}

fn sx_stmts(ss: &[Stmt]) -> String {
    ss.iter().map(sx_stmt).collect::<Vec<_>>().join(" ")
}

fn sx_stmt(s: &Stmt) -> String {
    use StmtKind::*;
    match &s.kind {
        Local { ty, name, init } => match init {
            Some(e) => format!("(local {} {} {})", sx_ty(ty), name.name, sx(e)),
            None => format!("(local {} {})", sx_ty(ty), name.name),
        },
        Assign { target, value } => format!("(= {} {})", sx(target), sx(value)),
        Expr(e) => sx(e),
        If { cond, then, els } => match els {
            Some(e) => format!("(if {} {} {})", sx(cond), sx_block(then), sx_block(e)),
            None => format!("(if {} {})", sx(cond), sx_block(then)),
        },
        While {
            contract,
            cond,
            body,
        } => format!(
            "(while [{}] {} {})",
            sx_contract(contract),
            sx(cond),
            sx_block(body)
        ),
        For {
            contract,
            init,
            cond,
            update,
            body,
        } => format!(
            "(for [{}] [{}] {} [{}] {})",
            sx_contract(contract),
            sx_stmts(init),
            cond.as_ref().map_or("_".into(), sx),
            sx_stmts(update),
            sx_block(body)
        ),
        ForRange {
            contract,
            var,
            lo,
            hi,
            body,
        } => format!(
            "(for [{}] {} {} {} {})",
            sx_contract(contract),
            var.name,
            sx(lo),
            sx(hi),
            sx_block(body)
        ),
        Return(None) => "(return)".into(),
        Return(Some(e)) => format!("(return {})", sx(e)),
        Lock(op, e) => format!("({} {})", op.keyword(), sx(e)),
        Synchronized { lock, body } => format!("(synchronized {} {})", sx(lock), sx_block(body)),
        Assert(e) => format!("(assert {})", sx(e)),
        Assume(e) => format!("(assume {})", sx(e)),
        Inhale(e) => format!("(inhale {})", sx(e)),
        Exhale(e) => format!("(exhale {})", sx(e)),
        Refute(e) => format!("(refute {})", sx(e)),
        Check(code, e) => format!("(check {code} {})", sx(e)),
        Fold(e) => format!("(fold {})", sx(e)),
        Unfold(e) => format!("(unfold {})", sx(e)),
        Package { wand, proof } => format!("(package {} {})", sx(wand), sx_block(proof)),
        Apply(e) => format!("(apply {})", sx(e)),
        Label(l) => format!("(label {})", l.name),
        Goto(l) => format!("(goto {})", l.name),
        Witness(l) => format!("(witness {})", l.name),
        Break(None) => "(break)".into(),
        Continue(None) => "(continue)".into(),
        Break(Some(l)) => format!("(break {})", l.name),
        Continue(Some(l)) => format!("(continue {})", l.name),
        Labelled(l, s) => format!("(labelled {} {})", l.name, sx_stmt(s)),
        DoWhile { body, cond, .. } => format!("(do {} {})", sx_block(body), sx(cond)),
        Switch(sw) => {
            let groups: Vec<String> = sw
                .groups
                .iter()
                .map(|g| {
                    let consts: Vec<String> = g.consts.iter().map(sx).collect();
                    let default = if g.default { " default" } else { "" };
                    format!(
                        "(case ({}){default} {})",
                        consts.join(" "),
                        sx_block(&g.body)
                    )
                })
                .collect();
            format!("(switch {} {})", sx(&sw.subject), groups.join(" "))
        }
        Ghost(s) => format!("(ghost {})", sx_stmt(s)),
        Block(b) => sx_block(b),
        Fork(e) => format!("(fork {})", sx(e)),
        Join(e) => format!("(join {})", sx(e)),
        Invariant { name, inv, body } => {
            format!("(invariant {} {} {})", name.name, sx(inv), sx_block(body))
        }
        Atomic { names, body } => {
            let names: Vec<&str> = names.iter().map(|n| n.name.as_str()).collect();
            format!("(atomic {} {})", names.join(" "), sx_block(body))
        }
        Action {
            model,
            perm,
            future,
            action,
            body,
            ..
        } => format!(
            "(action {} {} {} {} {})",
            sx(model),
            sx(perm),
            sx(future),
            sx(action),
            sx_block(body)
        ),
        Barrier { name, contract, .. } => {
            format!("(barrier {} {})", name.name, sx_contract(contract))
        }
        KernelBarrier {
            global, contract, ..
        } => {
            let scope = if *global { "global" } else { "local" };
            format!("(barrier {scope} {})", sx_contract(contract))
        }
        KernelAtomic { op, args, .. } => {
            let args: Vec<String> = args.iter().map(sx).collect();
            format!("({} {})", op.name, args.join(" "))
        }
        Par(threads) => {
            let ts: Vec<String> = threads
                .iter()
                .map(|t| {
                    let iters: Vec<String> = t
                        .iters
                        .iter()
                        .map(|i| format!("({} {} {})", i.name.name, sx(&i.lo), sx(&i.hi)))
                        .collect();
                    format!(
                        "(thread {} ({}) {} {})",
                        t.name.as_ref().map_or("_", |n| n.name.as_str()),
                        iters.join(" "),
                        sx_contract(&t.contract),
                        sx_block(&t.body)
                    )
                })
                .collect();
            format!("(par {})", ts.join(" "))
        }
        NotSupported(what) => format!("(notSupported {what})"),
        Throw(e) => format!("(throw {})", sx(e)),
        Try {
            body,
            catches,
            finally,
        } => {
            let cs: Vec<String> = catches
                .iter()
                .map(|c| {
                    let ts: Vec<String> = c.types.iter().map(sx_ty).collect();
                    format!(
                        "(catch ({}) {} {})",
                        ts.join(" "),
                        c.name.name,
                        sx_block(&c.body)
                    )
                })
                .collect();
            let f = finally.as_ref().map_or("_".into(), sx_block);
            format!("(try {} {} {})", sx_block(body), cs.join(" "), f)
        }
    }
}

fn sx_mods(m: &Modifiers) -> String {
    let mut s = String::new();
    for (on, name) in [
        (m.is_static, "static "),
        (m.is_final, "final "),
        (m.is_ghost, "ghost "),
        (m.is_inline, "inline "),
        (m.is_pure, "pure "),
        (m.is_thread_local, "thread_local "),
    ] {
        if on {
            s += name;
        }
    }
    s
}

fn sx_params(ps: &[Param]) -> String {
    ps.iter()
        .map(|p| format!("{} {}", sx_ty(&p.ty), p.name.name))
        .collect::<Vec<_>>()
        .join(", ")
}

fn sx_member(m: &Member) -> String {
    match m {
        Member::Field(f) => format!(
            "(field {}{} {})",
            sx_mods(&f.mods),
            sx_ty(&f.ty),
            f.name.name
        ),
        Member::Method(m) => {
            let kind = match m.kind {
                MethodKind::Method => "method",
                MethodKind::Constructor => "constructor",
            };
            format!(
                "({kind} [{}] {}{} {}({}) {})",
                sx_contract(&m.contract),
                sx_mods(&m.mods),
                sx_ty(&m.ret),
                m.name.name,
                sx_params(&m.params),
                m.body.as_ref().map_or("abstract".into(), sx_block)
            )
        }
        Member::Function(f) => format!(
            "(function [{}] {}{} {}({}) {})",
            sx_contract(&f.contract),
            sx_mods(&f.mods),
            sx_ty(&f.ret),
            f.name.name,
            sx_params(&f.params),
            f.body.as_ref().map_or("abstract".into(), sx)
        ),
        Member::Predicate(p) => format!(
            "(predicate [{}] {}{}({}) {})",
            sx_contract(&p.contract),
            sx_mods(&p.mods),
            p.name.name,
            sx_params(&p.params),
            p.body.as_ref().map_or("abstract".into(), sx)
        ),
        Member::RelyGuarantee(RelyGuarantee::Clause { kind, expr, .. }) => {
            format!("(rely-guarantee {kind:?} {})", sx(expr))
        }
        Member::RelyGuarantee(RelyGuarantee::Action {
            pred,
            also_modifies,
            ..
        }) => {
            let locs: Vec<String> = also_modifies.iter().map(sx).collect();
            format!("(action [{}] {})", locs.join(" "), sx(pred))
        }
        Member::RelyGuarantee(RelyGuarantee::Field { role, field, .. }) => {
            format!("({role:?} {})", field.name)
        }
    }
}

fn sx_unit(u: &Unit) -> String {
    u.decls
        .iter()
        .map(|d| match d {
            Decl::Class(c) => format!(
                "(class {} {})",
                c.name.name,
                c.members
                    .iter()
                    .map(sx_member)
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            Decl::Member(m) => sx_member(m),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The rendering of `e` parsed as an expression (inside a global function).
fn expr(e: &str) -> String {
    let u = parse(&format!("pure int f() = {e};"));
    match &u.decls[..] {
        [Decl::Member(Member::Function(f))] => sx(f.body.as_ref().expect("a body")),
        _ => panic!("unexpected unit"),
    }
}

/// The rendering of the statements `s` (inside a global method body).
fn stmts(s: &str) -> String {
    let u = parse(&format!("void m() {{ {s} }}"));
    match &u.decls[..] {
        [Decl::Member(Member::Method(m))] => sx_stmts(&m.body.as_ref().expect("a body").stmts),
        _ => panic!("unexpected unit"),
    }
}

fn members(text: &str) -> String {
    sx_unit(&parse(text))
}

// ------------------------------------------------------------------ lexer

#[test]
fn lexer_skips_comments() {
    let toks = lex("a // line\n /* block */ b /*[/expect postFailed:false]*/ c");
    assert_eq!(
        toks,
        vec![Token::Ident("a"), Token::Ident("b"), Token::Ident("c")]
    );
}

#[test]
fn lexer_backslash_tokens() {
    assert_eq!(
        lex("1\\2 \\forall* \\forall \\in x\\inner"),
        vec![
            Token::IntLit("1"),
            Token::Backslash,
            Token::IntLit("2"),
            Token::BsForallStar,
            Token::BsForall,
            Token::BsIn,
            Token::Ident("x"),
            Token::BsIn,
            Token::Ident("ner"),
        ]
    );
    assert_eq!(
        lex("int [ ] a[i]"),
        vec![
            Token::Int,
            Token::EmptyBrackets,
            Token::Ident("a"),
            Token::LBracket,
            Token::Ident("i"),
            Token::RBracket
        ]
    );
    assert_eq!(
        lex("0..n"),
        vec![Token::IntLit("0"), Token::DotDot, Token::Ident("n")]
    );
}

#[test]
fn lexer_errors() {
    let errs: Vec<_> = Lexer::new("a /* never closed")
        .filter_map(|t| t.err())
        .collect();
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].kind, LexErrorKind::UnterminatedComment);
    assert_eq!((errs[0].start, errs[0].end), (2, 4));
    let errs: Vec<_> = Lexer::new("a # b").filter_map(|t| t.err()).collect();
    assert_eq!(errs[0].kind, LexErrorKind::BadChar);
    assert_eq!((errs[0].start, errs[0].end), (2, 3));
}

/// The grammar's terminal table (`"text" => Token::Variant`) must agree with
/// the lexer: each fixed text lexes to exactly that one token.
#[test]
fn grammar_terminals_match_lexer() {
    let grammar = include_str!("../../grammars/pvl.lalrpop");
    let start = grammar
        .find("enum Token<'input> {")
        .expect("extern token enum");
    let body = &grammar[start..grammar[start..].find("\n    }").expect("enum end") + start];
    let mut count = 0;
    for line in body.lines().map(str::trim).filter(|l| l.starts_with('"')) {
        let (lit, variant) = line.split_once(" => ").expect("terminal line");
        if variant.contains('<') {
            continue; // identifiers and integers carry their text
        }
        if matches!(variant, "Token::LazyBody," | "Token::BodyStart,") {
            continue; // made by the skim, never lexed
        }
        if variant == "Token::TypeArgsLt," {
            continue; // a `<` the lexer's lookahead tells apart
        }
        let text = lit[1..lit.len() - 1].replace("\\\\", "\\");
        let toks = lex(&text);
        assert_eq!(toks.len(), 1, "{text} lexes to {toks:?}");
        assert_eq!(toks[0].text(), text, "{line}");
        assert_eq!(format!("Token::{:?},", toks[0]), variant, "{line}");
        count += 1;
    }
    assert!(count > 100, "only {count} terminals found");
}

// ------------------------------------------------------------ expressions

#[test]
fn precedence() {
    assert_eq!(expr("a ==> b ==> c"), "(==> a (==> b c))");
    assert_eq!(expr("a ** b || c && d"), "(** a (|| b (&& c d)))");
    assert_eq!(expr("a == b < c + d * e"), "(== a (< b (+ c (* d e))))");
    assert_eq!(expr("a - b - c"), "(- (- a b) c)");
    assert_eq!(expr("1\\2 * x % 3 / y"), "(/ (% (* (\\ 1 2) x) 3) y)");
    assert_eq!(expr("!a && -b < 0"), "(&& (! a) (< (neg b) 0))");
    assert_eq!(expr("c ? a : b ? d : e"), "(? c a (? b d e))");
    assert_eq!(expr("a || b ? x + 1 : y"), "(? (|| a b) (+ x 1) y)");
    assert_eq!(expr("x \\in xs && y != z"), "(&& (\\in x xs) (!= y z))");
    assert_eq!(expr("(a + b) * c"), "(* (+ a b) c)");
}

#[test]
fn then_binds_to_the_operand_before_it() {
    assert_eq!(
        expr("a + b then fold p();"),
        "(+ a (then b (fold (call p))))"
    );
    assert_eq!(
        expr("b then { fold p(); assert b; }"),
        "(then b {(fold (call p)) (assert b)})"
    );
    // After a call the statements are the call's own.
    assert!(!expr("f(x) then fold p();").contains("then"));
}

#[test]
fn comparison_chains() {
    assert_eq!(expr("0 <= i < n"), "(&& (<= 0 i) (< i n))");
    assert_eq!(
        expr("0 <= i <= j < n"),
        "(&& (&& (<= 0 i) (<= i j)) (< j n))"
    );
    assert_eq!(expr("a < b"), "(< a b)");
    assert_eq!(expr("a > b > c"), "(> (> a b) c)");
}

#[test]
fn postfix() {
    assert_eq!(expr("a.b.c"), "(. (. a b) c)");
    assert_eq!(expr("a[i].f[j]"), "(idx (. (idx a i) f) j)");
    assert_eq!(expr("xs[1..n]"), "(slice xs 1 n)");
    assert_eq!(expr("xs[1..]"), "(slice xs 1 _)");
    assert_eq!(expr("xs[..n]"), "(slice xs _ n)");
    assert_eq!(expr("f(1, x)"), "(call f 1 x)");
    assert_eq!(expr("o.m().n(2)"), "(call (call o.m).n 2)");
    assert_eq!(expr("f()"), "(call f)");
    assert_eq!(
        expr("m(1) given { x = 2, y = z } yields { a = b }"),
        "(call m 1 given:x=2 given:y=z yields:a=b)"
    );
}

#[test]
fn primaries() {
    assert_eq!(
        expr("true || false || null == this"),
        "(|| (|| true false) (== null this))"
    );
    assert_eq!(
        expr("\\result == write + read + none"),
        "(== \\result (+ (+ write read) none))"
    );
    assert_eq!(expr("new C(1, 2)"), "(new C 1 2)");
    assert_eq!(expr("new C()"), "(new C)");
    assert_eq!(expr("new int[n]"), "(new[] int n)");
    assert_eq!(expr("new C[n]"), "(new[] C n)");
    assert_eq!(expr("\\old(x.f)"), "(old (. x f))");
    assert_eq!(expr("\\old[L](x)"), "(old[L] x)");
    assert_eq!(expr("Perm(x.f, 1\\2)"), "(Perm (. x f) (\\ 1 2))");
    assert_eq!(
        expr("PointsTo(x.f, write, 3)"),
        "(PointsTo (. x f) write 3)"
    );
    assert_eq!(
        expr("Value(x.f) ** perm(x.f) == 1"),
        "(** (Value (. x f)) (== (perm (. x f)) 1))"
    );
    assert_eq!(expr("\\array(a, n)"), "(array a n)");
    assert_eq!(expr("Some(3) == None"), "(== (Some 3) None)");
    assert_eq!(
        expr("170141183460469231731687303715884105727"),
        "170141183460469231731687303715884105727"
    );
}

#[test]
fn quantifiers_and_let() {
    assert_eq!(
        expr("(\\forall int i; 0 <= i < n; a[i] > 0)"),
        "(forall [int i] (&& (<= 0 i) (< i n)) (> (idx a i) 0))"
    );
    assert_eq!(
        expr("(\\forall int i; a[i] > 0)"),
        "(forall [int i] (> (idx a i) 0))"
    );
    assert_eq!(
        expr("(\\forall int i = 0 .. n; a[i] > 0)"),
        "(forall [int i] (0..n) (> (idx a i) 0))"
    );
    assert_eq!(
        expr("(\\forall* int i; 0 <= i && i < n; Perm(a[i], write))"),
        "(forall* [int i] (&& (<= 0 i) (< i n)) (Perm (idx a i) write))"
    );
    assert_eq!(
        expr("(\\exists int i, int j; i < j)"),
        "(exists [int i, int j] (< i j))"
    );
    assert_eq!(
        expr("(\\exists int i, j; i < j)"),
        "(exists [int i, int j] (< i j))"
    );
    assert_eq!(
        expr("(\\exists C c, j; c == j)"),
        "(exists [C c, C j] (== c j))"
    );
    assert_eq!(expr("(\\let int x = 3; x + 1)"), "(let int x 3 (+ x 1))");
}

#[test]
fn unfolding_extends_right() {
    assert_eq!(
        expr("\\unfolding p(x) \\in x.f == 1 && y"),
        "(unfolding (call p x) (&& (== (. x f) 1) y))"
    );
    assert_eq!(
        expr("unfolding x.p() in x.f"),
        "(unfolding (call x.p) (. x f))"
    );
    assert_eq!(
        expr("a && \\unfolding p() \\in b || c"),
        "(&& a (unfolding (call p) (|| b c)))"
    );
    assert_eq!(
        expr("a ==> \\unfolding p() \\in b"),
        "(==> a (unfolding (call p) b))"
    );
    assert_eq!(
        expr("0 < \\unfolding p() \\in b"),
        "(< 0 (unfolding (call p) b))"
    );
    assert_eq!(
        expr("!\\unfolding p() \\in b"),
        "(! (unfolding (call p) b))"
    );
    assert_eq!(
        expr("(\\unfolding p() \\in b) && c"),
        "(&& (unfolding (call p) b) c)"
    );
}

#[test]
fn literals_scale_length() {
    assert_eq!(expr("[1\\2]p(x)"), "(scale (\\ 1 2) (call p x))");
    assert_eq!(expr("[read]this.inv()"), "(scale read (call this.inv))");
    assert_eq!(expr("[1, 2, 3]"), "(seq 1 2 3)");
    assert_eq!(expr("[x]"), "(seq x)");
    assert_eq!(expr("[x] + [y]"), "(+ (seq x) (seq y))");
    assert_eq!(expr("seq<int>{1, 2}"), "(seq<int> 1 2)");
    assert_eq!(expr("seq<int>{}"), "(seq<int> )");
    assert_eq!(expr("set<bool>{true}"), "(set<bool> true)");
    assert_eq!(expr("bag<int>{1, 1}"), "(bag<int> 1 1)");
    assert_eq!(expr("|xs| + 1"), "(+ (len xs) 1)");
    assert_eq!(expr("|xs + ys| == |zs|"), "(== (len (+ xs ys)) (len zs))");
    assert_eq!(expr("|a||b|"), "(len (|| a b))");
    assert_eq!(
        expr("[p]pred() ** [p]o.q.pred()"),
        "(** (scale p (call pred)) (scale p (call (. o q).pred)))"
    );
}

// ------------------------------------------------------------- statements

#[test]
fn locals_and_assignments() {
    assert_eq!(stmts("int x; int y = 1;"), "(local int x) (local int y 1)");
    assert_eq!(stmts("int x, y = e;"), "(local int x) (local int y e)");
    assert_eq!(
        stmts("C c = new C(); C[] cs; int[] a = new int[3];"),
        "(local C c (new C)) (local C[] cs) (local int[] a (new[] int 3))"
    );
    assert_eq!(
        stmts("seq<int> xs = seq<int>{1};"),
        "(local seq<int> xs (seq<int> 1))"
    );
    assert_eq!(
        stmts("map<int, seq<int>> m; option<C> o; set<int> s; bag<int> b;"),
        "(local map<int,seq<int>> m) (local option<C> o) (local set<int> s) (local bag<int> b)"
    );
    assert_eq!(stmts("frac f; zfrac z; rational r; boolean b; bool c; resource q;"), "(local frac f) (local zfrac z) (local rational r) (local bool b) (local bool c) (local resource q)");
    assert_eq!(
        stmts("x = 1; a[i] = 2; o.f = 3; o.g[1].h = 4;"),
        "(= x 1) (= (idx a i) 2) (= (. o f) 3) (= (. (idx (. o g) 1) h) 4)"
    );
    assert_eq!(
        stmts("i++; i--; x += 2; x -= 3; x *= 4; x /= 5;"),
        "(= i (+ i 1)) (= i (- i 1)) (= x (+ x 2)) (= x (- x 3)) (= x (* x 4)) (= x (/ x 5))"
    );
    assert_eq!(
        stmts("f(x); o.m(); new C();"),
        "(call f x) (call o.m) (new C)"
    );
    assert_eq!(stmts("m() given { a = 1 };"), "(call m given:a=1)");
}

#[test]
fn control_flow() {
    assert_eq!(stmts("if (c) x = 1;"), "(if c {(= x 1)})");
    assert_eq!(
        stmts("if (c) { x = 1; } else x = 2;"),
        "(if c {(= x 1)} {(= x 2)})"
    );
    assert_eq!(
        stmts("if (a) if (b) x = 1; else x = 2;"),
        "(if a {(if b {(= x 1)} {(= x 2)})})"
    );
    assert_eq!(
        stmts("if (a) x = 1; else if (b) x = 2; else x = 3;"),
        "(if a {(= x 1)} {(if b {(= x 2)} {(= x 3)})})"
    );
    assert_eq!(
        stmts("loop_invariant 0 <= i; decreases n - i; while (i < n) i++;"),
        "(while [(loop_invariant (<= 0 i)) (decreases (- n i))] (< i n) {(= i (+ i 1))})"
    );
    assert_eq!(stmts("while (true) { }"), "(while [] true {})");
    assert_eq!(
        stmts("for (int i = 0; i < n; i++) { s += i; }"),
        "(for [] [(local int i 0)] (< i n) [(= i (+ i 1))] {(= s (+ s i))})"
    );
    assert_eq!(
        stmts("for (i = 0, j = 1; ; i++, j--) x = 1;"),
        "(for [] [(= i 0) (= j 1)] _ [(= i (+ i 1)) (= j (- j 1))] {(= x 1)})"
    );
    assert_eq!(stmts("for (;;) {}"), "(for [] [] _ [] {})");
    assert_eq!(
        stmts("loop_invariant true; for (int i = 0 .. n) { }"),
        "(for [(loop_invariant true)] i 0 n {})"
    );
    assert_eq!(
        stmts("while (a) if (b) x = 1; else x = 2;"),
        "(while [] a {(if b {(= x 1)} {(= x 2)})})"
    );
}

#[test]
fn simple_statements() {
    assert_eq!(
        stmts("return; return x + 1; assert a; assume b; inhale c; exhale d; refute e;"),
        "(return) (return (+ x 1)) (assert a) (assume b) (inhale c) (exhale d) (refute e)"
    );
    assert_eq!(
        stmts("fold p(x); unfold this.q(); label L; {} { x = 1; }"),
        "(fold (call p x)) (unfold (call this.q)) (label L) {} {(= x 1)}"
    );
    assert_eq!(
        stmts("ghost x = 1; ghost { y = 2; } ghost int a, b;"),
        "(ghost (= x 1)) (ghost {(= y 2)}) (ghost (local int a)) (ghost (local int b))"
    );
    assert_eq!(
        stmts("if (c) ghost if (d) x = 1; else x = 2;"),
        "(if c {(ghost (if d {(= x 1)} {(= x 2)}))})"
    );
}

// ---------------------------------------------------------------- members

#[test]
fn classes_and_members() {
    let u = members(
        "class C {
            int x; final int y, z; static ghost inline thread_local int w;
            C(int a) { x = a; }
            constructor() { }
            requires a > 0; ensures \\result == a;
            int get(int a) { return a; }
            void abs();
        }",
    );
    assert_eq!(
        u,
        "(class C (field int x) (field final int y) (field final int z) (field static ghost inline thread_local int w) \
         (constructor [] void C(int a) {(= x a)}) (constructor [] void C() {}) \
         (method [(requires (> a 0)) (ensures (== \\result a))] int get(int a) {(return a)}) (method [] void abs() abstract))"
    );
}

#[test]
fn functions_and_predicates() {
    assert_eq!(
        members("requires n >= 0; pure int f(int n) = n + 1; pure int g(); pure int h(int x) { return x; }"),
        "(function [(requires (>= n 0))] pure int f(int n) (+ n 1))\n(function [] pure int g() abstract)\n(function [] pure int h(int x) x)"
    );
    assert_eq!(
        members("resource p(C c) = Perm(c.x, write); resource q(); inline resource r() = true;"),
        "(predicate [] p(C c) (Perm (. c x) write))\n(predicate [] q() abstract)\n(predicate [] inline r() true)"
    );
}

#[test]
fn contracts() {
    assert_eq!(
        members(
            "given int g; yields int y; context_everywhere n > 0; context Perm(x, 1); decreases; void m() {}
             decreases n, m; void k() {}"
        ),
        "(method [(context_everywhere (> n 0)) (context (Perm x 1)) (decreases true) (given int g) (yields int y)] void m() {})\n\
         (method [(decreases n)] void k() {})"
    );
}

// ------------------------------------------------------------------ spans

#[test]
fn spans() {
    let text = "class C {\n  int f(int a) { return a + 12; }\n}";
    let u = parse(text);
    let Decl::Class(c) = &u.decls[0] else {
        panic!()
    };
    assert_eq!(&text[c.span.range()], text);
    assert_eq!(&text[c.name.span.range()], "C");
    let Member::Method(m) = &c.members[0] else {
        panic!()
    };
    assert_eq!(&text[m.span.range()], "int f(int a) { return a + 12; }");
    assert_eq!(&text[m.params[0].span.range()], "int a");
    assert_eq!(&text[m.ret.span.range()], "int");
    let body = m.body.as_ref().unwrap();
    assert_eq!(&text[body.span.range()], "{ return a + 12; }");
    let s = &body.stmts[0];
    assert_eq!(&text[s.span.range()], "return a + 12;");
    let StmtKind::Return(Some(e)) = &s.kind else {
        panic!()
    };
    assert_eq!(&text[e.span.range()], "a + 12");
    let ExprKind::Binary(_, a, b) = &e.kind else {
        panic!()
    };
    assert_eq!(&text[a.span.range()], "a");
    assert_eq!(&text[b.span.range()], "12");
}

#[test]
fn spans_of_clauses_and_chains() {
    let text = "requires 0 <= i < n; ensures (x); void m() { x.f = 1; int a, b = 2; }";
    let u = parse(text);
    let Decl::Member(Member::Method(m)) = &u.decls[0] else {
        panic!()
    };
    let cl = &m.contract.clauses;
    assert_eq!(&text[cl[0].span.range()], "requires 0 <= i < n;");
    assert_eq!(&text[cl[0].expr.span.range()], "0 <= i < n");
    let ExprKind::Binary(BinOp::And, l, r) = &cl[0].expr.kind else {
        panic!()
    };
    assert_eq!(&text[l.span.range()], "0 <= i");
    assert_eq!(&text[r.span.range()], "i < n");
    assert_eq!(&text[cl[1].expr.span.range()], "x");
    let ss = &m.body.as_ref().unwrap().stmts;
    assert_eq!(&text[ss[0].span.range()], "x.f = 1;");
    let StmtKind::Assign { target, .. } = &ss[0].kind else {
        panic!()
    };
    assert_eq!(&text[target.span.range()], "x.f");
    assert_eq!(&text[ss[1].span.range()], "int a");
    assert_eq!(&text[ss[2].span.range()], "int a, b = 2");
}

// ----------------------------------------------------------------- errors

/// Each malformed input gives one parse error at the expected text.
#[test]
fn malformed_inputs() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "class C { int x }",
            "}",
            "expected `(`, `;`, `,` or `<`, found `}`",
        ),
        ("class C { int x; ", "", "found end of file"),
        ("void m() { x = ; }", ";", "an expression"),
        ("void m() { if x > 0 { } }", "x", "expected `(`"),
        ("void m() { x = 1 }", "}", "found `}`"),
        (
            "pure int f() = 1 + ;",
            ";",
            "expected an expression, found `;`",
        ),
        ("requires x > 0 void m() {}", "void", "found `void`"),
        ("void m() { int 3x; }", "3", "found integer `3`"),
        ("class C { int x; } }", "}", "found `}`"),
        ("void m() { x = a # b; }", "#", "unexpected character"),
        ("void m() { /* open", "/*", "unterminated comment"),
        (
            "pure int f() = 99999999999999999999999999999999999999999;",
            "99999999999999999999999999999999999999999",
            "integer literal too large",
        ),
        ("int x = 3; ", "=", "found `=`"),
        (
            "requires true; int x;",
            "requires true; int x;",
            "a field cannot have a contract",
        ),
        ("void m() = 3;", "3;", "only pure functions"),
        ("pure int f() { int x; }", "{ int x; }", "return e;"),
        ("resource p() { }", "{ }", "predicate body"),
        ("void m() { (\\forall int i, ; true); }", ";", "found `;`"),
        ("void m() { x = \\old(; }", ";", "found `;`"),
    ];
    let mut wrong = Vec::new();
    for (text, at, msg) in cases {
        let d = parse_err(text);
        let span = d.span.expect("a span");
        if &text[span.range()] != *at || !d.message.contains(msg) {
            wrong.push(format!(
                "{text:?}: {:?} at {:?}",
                d.message,
                &text[span.range()]
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn error_message_lists_expectations() {
    let d = parse_err("void m() { while (x) }");
    assert!(d.message.starts_with("expected "), "{}", d.message);
    assert!(d.message.ends_with("found `}`"), "{}", d.message);
    let d = parse_err("void m() { x = (\\forall int i; }");
    assert!(d.message.contains("an expression"), "{}", d.message);
    assert!(!d.message.contains("\\\\"), "{}", d.message);
}

// ------------------------------------------------------------ programs

const PROGRAM: &str = r#"
// A realistic PVL program covering most of the syntax.
class Counter {
  int count;
  final int limit;
  int[] data;
  seq<int> hist;

  inline resource state() = Perm(count, write) ** Perm(hist, write) ** count == |hist|;

  resource valid() = Perm(limit, 1\2) ** Perm(data, 1\2) ** data != null ** \array(data, limit);

  ensures state() ** Perm(limit, 1\2) ** limit == l;
  Counter(int l) {
    count = 0;
    hist = seq<int>{};
    limit = l;
    fold state();
  }

  requires state();
  ensures state() ** count == \old(count) + 1;
  ensures hist == \old(hist) + [\old(count)];
  void incr() {
    unfold state();
    hist = hist + [count];
    count += 1;
    fold state();
  }

  requires 0 <= n;
  ensures \result == n * (n + 1) / 2;
  pure int tri(int n) = n == 0 ? 0 : n + tri(n - 1);

  given frac p;
  yields int total;
  context Perm(data, p) ** data != null;
  context (\forall* int i; 0 <= i < data.length; Perm(data[i], p));
  ensures total >= 0 ==> (\forall int i = 0 .. data.length; data[i] >= 0);
  void sum() {
    int s = 0, k;
    loop_invariant 0 <= k <= data.length;
    loop_invariant Perm(data, p) ** (\forall* int i; 0 <= i < data.length; Perm(data[i], p));
    decreases data.length - k;
    for (k = 0; k < data.length; k++) {
      if (data[k] > 0) s = s + data[k]; else { s -= data[k]; }
    }
    ghost total = s;
    assert s >= 0 || s < 0;
  }

  requires [1\2]valid();
  void touch() {
    unfold [1\2]valid();
    int x = \unfolding [1\2]valid() \in limit;
    label here;
    assert \old[here](x) == x;
    fold [1\2]valid();
  }
}

pure boolean sorted(seq<int> xs) = (\forall int i, int j; 0 <= i < j < |xs|; xs[i] <= xs[j]);

requires c != null ** c.state();
void client(Counter c) {
  int before;
  c.incr();
  Counter d = new Counter(10);
  while (d.count < 5) { d.incr(); }
  inhale Perm(d.count, write);
  exhale Perm(d.count, write);
  assume (\exists int q; q > 0);
  refute false;
  d.sum() given { p = 1\2 } yields { before = total };
  for (int i = 0 .. 3) { d.incr(); }
  return;
}
"#;

#[test]
fn realistic_program_parses() {
    let u = parse(PROGRAM);
    assert_eq!(u.decls.len(), 3);
    let Decl::Class(c) = &u.decls[0] else {
        panic!()
    };
    assert_eq!(c.members.len(), 11);
}

/// Every prefix of a realistic program either parses or gives diagnostics with spans inside the text.
#[test]
fn prefixes_never_panic() {
    for (i, _) in PROGRAM.char_indices() {
        let text = &PROGRAM[..i];
        if let Err(ds) = parse_pvl(F, text) {
            for d in ds {
                let s = d.span.expect("a span");
                assert!(
                    s.end as usize <= text.len() && s.start <= s.end,
                    "{s:?} out of {text:?}"
                );
            }
        }
    }
}

/// Random byte mutations of the program never panic either.
#[test]
fn mutations_never_panic() {
    let bytes: Vec<char> = PROGRAM.chars().collect();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let alphabet: Vec<char> = "(){}[];,.=<>|\\*+-!?:x1 \"#/".chars().collect();
    for _ in 0..300 {
        let mut cs = bytes.clone();
        for _ in 0..3 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let pos = (seed % cs.len() as u64) as usize;
            let c = alphabet[((seed >> 32) % alphabet.len() as u64) as usize];
            cs[pos] = c;
        }
        let text: String = cs.into_iter().collect();
        let _ = parse_pvl(F, &text);
    }
}

/// `cargo test --release -- --ignored parse_speed --nocapture`: throughput on a ~5 MB file.
#[test]
#[ignore]
fn parse_speed() {
    let mut text = String::new();
    let mut i = 0;
    while text.len() < 5_000_000 {
        text.push_str(
            &PROGRAM
                .replace("Counter", &format!("Counter{i}"))
                .replace("sorted", &format!("sorted{i}"))
                .replace("client", &format!("client{i}")),
        );
        i += 1;
    }
    // CPU time of this thread, so that other load on the machine does not count.
    let cpu = || {
        let s = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
        s.split_whitespace()
            .next()
            .and_then(|n| n.parse::<u64>().ok())
            .unwrap_or(0)
    };
    let (t, c) = (std::time::Instant::now(), cpu());
    let u = parse(&text);
    let (dt, dc) = (t.elapsed(), (cpu() - c) as f64 / 1e9);
    println!(
        "{} bytes, {} decls in {dt:?} wall, {dc:.3}s cpu: {:.1} MB/s (cpu)",
        text.len(),
        u.decls.len(),
        text.len() as f64 / 1e6 / dc
    );
    let t = std::time::Instant::now();
    let n = Lexer::new(&text).count();
    println!("lexing alone: {n} tokens in {:?}", t.elapsed());
}

#[test]
#[ignore]
fn sizes() {
    use std::mem::size_of;
    println!(
        "Expr {} Stmt {} Type {} Param {} Ident {} Call {} Contract {}",
        size_of::<Expr>(),
        size_of::<Stmt>(),
        size_of::<Type>(),
        size_of::<Param>(),
        size_of::<Ident>(),
        size_of::<Call>(),
        size_of::<Contract>()
    );
    use crate::core;
    println!(
        "core: Expr {} ExprKind {} Type {} Stmt {} Var {} Block {}",
        size_of::<core::Expr>(),
        size_of::<core::ExprKind>(),
        size_of::<core::Type>(),
        size_of::<core::Stmt>(),
        size_of::<core::Var>(),
        size_of::<core::Block>()
    );
}

// ---------------------------------------------------------------- threads

#[test]
fn fork_join_and_thread_tokens() {
    assert_eq!(stmts("fork w; join ws[i];"), "(fork w) (join (idx ws i))");
    assert_eq!(
        expr("idle(w) ** running(ws[0])"),
        "(** (idle w) (running (idx ws 0)))"
    );
    assert_eq!(
        expr("(\\forall* int j = 0 .. n; running(ws[j]))"),
        "(forall* [int j] (0..n) (running (idx ws j)))"
    );
}

#[test]
fn run_block_is_void_run() {
    let m = members("class W { requires true; run { fork w; } }");
    assert!(m.contains("run"), "{m}");
    let u = parse("class W { requires true; run { } }");
    let Decl::Class(c) = &u.decls[0] else {
        panic!("a class")
    };
    let [Member::Method(run)] = &c.members[..] else {
        panic!("one method")
    };
    assert_eq!(run.name.name, "run");
    assert_eq!(run.ret.kind, TypeKind::Void);
    assert!(run.params.is_empty());
    assert_eq!(run.contract.clauses.len(), 1);
    let e = parse_err("class W { walk { } }");
    assert!(e.message.contains("only `run`"), "{}", e.message);
}

#[test]
fn lock_invariant_before_the_class() {
    let u = parse("lock_invariant Perm(x, 1); lock_invariant x > 0; class C { int x; }");
    let Decl::Class(c) = &u.decls[0] else {
        panic!("a class")
    };
    let inv = c.members.iter().find_map(|m| match m {
        Member::Predicate(p) if p.name.name == LOCK_INVARIANT => p.body.as_ref(),
        _ => None,
    });
    assert_eq!(
        sx(inv.expect("a lock invariant")),
        "(** (Perm x 1) (> x 0))"
    );
}

#[test]
fn later_layers_parse_as_not_supported() {
    let cases = [
        (
            "sequential { par { } parallel { par { } } }",
            "a region inside a sequential block",
        ),
        (
            "parallel { par { } parallel { par { } } }",
            "a parallel block inside a parallel block",
        ),
        ("vec (int i = 0 .. n) { }", "a vec block"),
    ];
    for (text, what) in cases {
        assert_eq!(stmts(text), format!("(notSupported {what})"), "{text}");
    }
}

#[test]
fn par_blocks_parse_as_vercors_writes_them() {
    assert_eq!(
        stmts("par (int i = 0 .. n, int j = 0 .. m) requires i < n; { x = 1; }"),
        "(par (thread _ ((i 0 n) (j 0 m)) (requires (< i n)) {(= x 1)}))"
    );
    assert_eq!(
        stmts("par main (int i = 0 .. n) { }"),
        "(par (thread main ((i 0 n))  {}))"
    );
    assert_eq!(
        stmts("parallel { par { } par context true; { } }"),
        "(par (thread _ ()  {}) (thread _ () (context true) {}))"
    );
}

#[test]
fn a_sequential_block_is_its_par_blocks_in_order() {
    assert_eq!(
        stmts("sequential { par a { } par b { } }"),
        "{(par (thread a ()  {})) (par (thread b ()  {}))}"
    );
}

#[test]
fn barriers_parse_in_their_three_forms() {
    assert_eq!(
        stmts("barrier(b) { requires true; }"),
        "(barrier b (requires true))"
    );
    assert_eq!(
        stmts("barrier(b; i, j) requires true; { x = 1; }"),
        "(barrier b (requires true))"
    );
    assert_eq!(stmts("barrier(b) { }"), "(barrier b )");
}

#[test]
fn invariant_and_atomic_blocks_parse() {
    assert_eq!(
        stmts("invariant inv(x > 0) { atomic(inv) { x = 1; } }"),
        "(invariant inv (> x 0) {(atomic inv {(= x 1)})})"
    );
    assert_eq!(stmts("atomic(a, b) { }"), "(atomic a b {})");
}

// ------------------------------------------------------------------- skim

/// The file skimmed, its unparsed bodies then parsed: what the pipeline sees.
fn skimmed(text: &str) -> (Unit, usize) {
    let mut u = super::skim_pvl(F, text).expect("skims");
    let mut lazy = 0;
    for d in &mut u.decls {
        let members: &mut [Member] = match d {
            Decl::Class(c) => &mut c.members,
            Decl::Member(m) => std::slice::from_mut(m),
        };
        for m in members {
            if let Member::Method(m) = m {
                if let Some(at) = m.unparsed_body.take() {
                    lazy += 1;
                    m.body = Some(super::parser::parse_body(F, text, at).expect("body parses"));
                }
            }
        }
    }
    (u, lazy)
}

const SKIM: &str = "
class A {
  int f;
  requires x > 0;
  ensures \\result == seq<int>{x}[0];
  int m(int x) { if (x > 0) { return x; } else { return 1; } }
  pure int g(int x) { return x + 1; }
  resource p() = Perm(f, write);
  A() { f = 0; }
  void abs();
}
void top(A a) { a.f = a.g(1); }
";

#[test]
fn skimmed_bodies_parse_later_to_the_same_tree() {
    let (u, lazy) = skimmed(SKIM);
    // m, the constructor and top; g's block stays in the stream (after `pure`).
    assert_eq!(lazy, 3);
    assert_eq!(sx_unit(&u), sx_unit(&parse(SKIM)));
}

#[test]
fn the_skim_gives_up_where_a_contract_names_a_label() {
    let text = "class A { int f;\n ensures \\old[L](f) == 0;\n void m() { label L; } }";
    let (u, lazy) = skimmed(text);
    assert_eq!(lazy, 0, "parsed whole");
    assert_eq!(sx_unit(&u), sx_unit(&parse(text)));
}

#[test]
fn a_body_where_none_may_be_makes_the_file_parse_whole() {
    // A predicate written with a block: the whole parse's error, not the skim's.
    let text = "class A { resource p() { return true; } }";
    let skim = super::skim_pvl(F, text).unwrap_err();
    assert_eq!(skim[0].message, parse_err(text).message);
    // An unbalanced body runs to the end of the file.
    let text = "class A { void m() { if (true) { } }";
    let skim = super::skim_pvl(F, text).unwrap_err();
    let whole = parse_err(text);
    assert_eq!(
        (skim[0].span, &skim[0].message),
        (whole.span, &whole.message)
    );
}

// ---------------------------------------------------- generics, triggers, goto

#[test]
fn type_arguments_told_from_less_than() {
    assert_eq!(expr("f<int>(x)"), "(<int> (call f x))");
    assert_eq!(
        expr("o.m<seq<T>, Box<int>>()"),
        "(<seq<T>, Box<int>> (call o.m))"
    );
    assert_eq!(expr("a < b"), "(< a b)");
    assert_eq!(expr("a < b && c > d"), "(&& (< a b) (> c d))");
    assert_eq!(expr("a < b + 1 && c > (d)"), "(&& (< a (+ b 1)) (> c d))");
    assert_eq!(expr("g(i < n, j > m)"), "(call g (< i n) (> j m))");
    assert_eq!(expr("g(i < n, j > m)"), "(call g (< i n) (> j m))");
    assert_eq!(
        stmts("Box<Box<int>> b = new Box<Box<int>>();"),
        "(local Box<Box<int>> b (<Box<int>> (new Box)))"
    );
}

#[test]
fn generic_declarations_keep_their_parameters() {
    let u = parse("class Box<T> { T t; } T id<T, U>(T t) { return t; }");
    let [Decl::Class(c), Decl::Member(Member::Method(m))] = &u.decls[..] else {
        panic!("unexpected unit")
    };
    assert_eq!(c.type_params.len(), 1);
    let ps: Vec<&str> = m.type_params.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(ps, ["T", "U"]);
}

#[test]
fn triggers_ranges_goto_and_array_dims() {
    assert_eq!(
        expr("(\\forall int i; {:f(i):} > 0)"),
        "(forall [int i] (> (trigger (call f i)) 0))"
    );
    assert_eq!(
        expr("(\\forall int i = 0..n, int j = 0..m; i < j)"),
        "(forall [int i, int j] (0..n) (0..m) (< i j))"
    );
    // VerCors's numbered groups; `∀`, `∀*`, `∃` are `\forall`, `\forall*`, `\exists`.
    assert_eq!(
        expr("(\u{2200} int i; {:1:f(i):} > {:<2:g(i):} + {::h(i):})"),
        "(forall [int i] (> (trigger1 (call f i)) (+ (trigger<2 (call g i)) (trigger (call h i)))))"
    );
    assert_eq!(
        expr("(\u{2200}* int i; {:f(i):} > 0)"),
        expr("(\\forall* int i; {:f(i):} > 0)")
    );
    assert_eq!(
        expr("(\u{2203} int i; i > 0)"),
        expr("(\\exists int i; i > 0)")
    );
    assert_eq!(
        expr("(\\sum int k; 0 <= k && k < 3; xs[k]) == \\typeof(this)"),
        "(== (notSupported a summation `(\\sum T x; cond; e)`) (notSupported a type value `\\typeof(e)`))"
    );
    assert_eq!(expr("\\type(C)"), "(notSupported a type value `\\type(T)`)");
    assert_eq!(stmts("goto l; label l;"), "(goto l) (label l)");
    assert_eq!(
        stmts("int[][] x = new int[2][3];"),
        "(local int[][] x (new[] int 2 3))"
    );
}

#[test]
fn parses_a_model_with_actions_processes_and_an_action_block() {
    let text = "model M { int x; modifies x; accessible x; ensures x == \\old(x) + 1; action a(); \
                modifies x; process p(int n) = n > 0 ? a() * p(n - 1) : empty; }
                class C { void m(M h) { action(h, 1, empty, h.a()) { h.x = h.x + 1; } } }";
    let unit = parse(text);
    let Decl::Class(m) = &unit.decls[0] else {
        panic!("a model")
    };
    assert!(m.is_model);
    let Member::Method(a) = &m.members[1] else {
        panic!("an action")
    };
    assert_eq!(a.mods.history, Some(HistoryMember::Action));
    assert_eq!(a.contract.clauses[0].kind, ClauseKind::Modifies);
    assert_eq!(a.contract.clauses[1].kind, ClauseKind::Accessible);
    let Member::Method(p) = &m.members[2] else {
        panic!("a process")
    };
    assert_eq!(p.mods.history, Some(HistoryMember::Process));
    assert!(p.body.is_some());
}

#[test]
fn wands_bind_like_implication_and_package_takes_a_proof() {
    assert_eq!(expr("a ** b -* c -* d"), "(-* (** a b) (-* c d))");
    assert_eq!(expr("b ==> c -* d"), "(==> b (-* c d))");
    assert_eq!(
        stmts("package p() -* q() { fold q(); } apply p() -* q();"),
        "(package (-* (call p) (call q)) {(fold (call q))}) (apply (-* (call p) (call q)))"
    );
}
