//! The syntax tree as readable source: what `weft emit --dump-after` prints
//! after a Java tree pass (`passes::java`). PVL-like, with the contract before
//! its member or loop as plain clauses and Java's ghost notation kept where it
//! has no PVL form (`C/*@<args>@*/`). Not meant to be parsed again: a member
//! copied by a pass is marked by a comment, an owner field by `/*owner*/`.
//!
//! Every node kind is printed: the matches are exhaustive and the structs are
//! destructured whole, so a new kind or field does not compile until printed.
//! Expressions get parentheses where the nesting is not obvious: operands of
//! a weaker operator, logical connectives mixed with each other, comparisons
//! in comparisons, a right operand of its own level, conditionals in operands.
//! Laid out by `pretty` at `WIDTH` columns: a statement a line, long
//! expressions broken at their operators.

use super::ast::*;
use pretty::RcDoc;

type Doc = RcDoc<'static, ()>;

/// The width of `weft emit --dump-after` (the core program's too).
pub(crate) const WIDTH: usize = 100;

/// The declarations, a blank line between two.
pub fn decls<'a>(ds: impl IntoIterator<Item = &'a Decl>) -> String {
    let docs = ds.into_iter().map(decl);
    let all = RcDoc::intersperse(docs, RcDoc::hardline().append(RcDoc::hardline()));
    // A blank line inside a class is rendered with its indentation: trimmed.
    render(&all, WIDTH)
        .lines()
        .map(|l| format!("{}\n", l.trim_end()))
        .collect()
}

/// `d` laid out at `width` columns (the core program's printer too).
pub(crate) fn render<A>(d: &RcDoc<'_, A>, width: usize) -> String {
    let mut out = Vec::new();
    // Writing to a vector cannot fail.
    let _ = d.render(width, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

pub(crate) fn text<A>(s: impl Into<String>) -> RcDoc<'static, A> {
    RcDoc::text(s.into())
}

/// `(a, b, …)`, an item a line, indented, when they do not fit.
fn parens(items: Vec<Doc>) -> Doc {
    enclosed("(", items, ")")
}

fn enclosed(open: &str, items: Vec<Doc>, close: &str) -> Doc {
    if items.is_empty() {
        return text(format!("{open}{close}"));
    }
    let sep = text(",").append(RcDoc::line());
    text(open.to_string())
        .append(
            RcDoc::line_()
                .append(RcDoc::intersperse(items, sep))
                .nest(2),
        )
        .append(RcDoc::line_())
        .append(text(close.to_string()))
        .group()
}

/// Lines `before` (a contract), then `d`.
fn after_lines(before: Vec<Doc>, d: Doc) -> Doc {
    RcDoc::concat(before.into_iter().map(|l| l.append(RcDoc::hardline()))).append(d)
}

// ------------------------------------------------------------ declarations

fn decl(d: &Decl) -> Doc {
    match d {
        Decl::Class(c) => class(c),
        Decl::Member(m) => member(m),
    }
}

fn class(c: &Class) -> Doc {
    let Class {
        name,
        type_params,
        extends,
        ghost_params,
        implements,
        is_interface,
        is_abstract: _,
        is_model,
        enum_constants,
        members,
        span: _,
    } = c;
    if let Some(cs) = enum_constants {
        let names: Vec<&str> = cs.iter().map(|c| c.name.as_str()).collect();
        return text(format!("enum {} {{ {} }}", name.name, names.join(", ")));
    }
    let keyword = if *is_interface {
        "interface"
    } else if *is_model {
        "model"
    } else {
        "class"
    };
    let mut head = format!("{keyword} {}{}", name.name, type_params_text(type_params));
    if let Some(d) = extends {
        head.push_str(&format!(" extends {}", d.name));
    }
    if !implements.is_empty() {
        // An interface's supertypes are written `extends`.
        let word = if *is_interface {
            "extends"
        } else {
            "implements"
        };
        let tys: Vec<String> = implements.iter().map(ty).collect();
        head.push_str(&format!(" {word} {}", tys.join(", ")));
    }
    let class = text(head).append(text(" ")).append(members_block(members));
    if ghost_params.is_empty() {
        return class;
    }
    // Java writes a template's ghost parameters before it.
    let given: Vec<String> = ghost_params
        .iter()
        .map(|p| format!("given {};", param(p)))
        .collect();
    after_lines(vec![text(format!("/*@ {} @*/", given.join(" ")))], class)
}

/// `{ members }`: fields together, a blank line around every other member.
fn members_block(ms: &[Member]) -> Doc {
    if ms.is_empty() {
        return text("{}");
    }
    let mut body = RcDoc::nil();
    for (i, m) in ms.iter().enumerate() {
        let both_fields = i > 0 && is_field(&ms[i - 1]) && is_field(m);
        if i > 0 && !both_fields {
            body = body.append(RcDoc::hardline());
        }
        body = body.append(RcDoc::hardline()).append(member(m));
    }
    text("{")
        .append(body.nest(2))
        .append(RcDoc::hardline())
        .append(text("}"))
}

fn is_field(m: &Member) -> bool {
    matches!(m, Member::Field(_))
}

fn member(m: &Member) -> Doc {
    match m {
        Member::Field(f) => field(f),
        Member::Method(m) => method(m),
        Member::Function(f) => function(f),
        Member::Predicate(p) => predicate(p),
        Member::RelyGuarantee(r) => rely_guarantee(r),
    }
}

/// A rely/guarantee annotation, as a spec comment (a clause of
/// `unwritable_by_env_if` as the front end wrote it for its field).
fn rely_guarantee(r: &RelyGuarantee) -> Doc {
    let inner = match r {
        RelyGuarantee::Clause { kind, expr: e, .. } => {
            let kw = match kind {
                RgClause::EnvAssumption => "env_assumption",
                RgClause::Unwritable => "unwritable_by_env_if",
                RgClause::GlobalInvariant => "global_invariant",
            };
            text(format!("{kw} ")).append(expr(e))
        }
        RelyGuarantee::Action {
            pred,
            also_modifies,
            ..
        } => {
            let mut d = text("action: ");
            if !also_modifies.is_empty() {
                d = d
                    .append(text("also_modifies "))
                    .append(RcDoc::intersperse(exprs(also_modifies), text(", ")))
                    .append(text(" "));
            }
            d.append(text("ensures ")).append(expr(pred))
        }
        RelyGuarantee::Field { role, field, .. } => {
            let role = match role {
                RgField::Ghost => "ghost_field",
                RgField::MonitorOwner => "monitor_owner",
                RgField::ThreadStarted => "thread_started",
                RgField::ThreadId => "thread_id",
            };
            text(format!("{role} {}", field.name))
        }
    };
    text("/*@ ").append(inner).append(text("; */"))
}

fn field(f: &Field) -> Doc {
    let Field {
        mods,
        ty: t,
        name,
        init,
        owner_links,
        access,
        span: _,
    } = f;
    let head = text(format!("{}{} {}", modifiers(mods), ty(t), name.name));
    let head = match access {
        Some(a) => head.append(access_predicate(a)),
        None => head,
    };
    let head = match init {
        Some(e) => head.append(text(" = ")).append(expr(e)),
        None => head,
    };
    if owner_links.is_empty() {
        return head.append(text(";"));
    }
    // Instance names are long: the links go on a line of their own.
    let links: Vec<String> = owner_links.iter().map(owner_link).collect();
    after_lines(
        vec![text(format!("// {}", links.join("; ")))],
        head.append(text(";")),
    )
}

/// ` /*@ accessible_if[j] P */` after a field's name.
fn access_predicate(a: &AccessPredicate) -> Doc {
    let AccessPredicate {
        index,
        pred,
        span: _,
    } = a;
    let head = match index {
        Some(j) => format!(" /*@ accessible_if[{}] ", j.name),
        None => " /*@ accessible_if ".to_string(),
    };
    text(head).append(expr(pred)).append(text(" */"))
}

/// `performs action "L": (mods) { P } [] …`.
fn performs(p: &Performs) -> Doc {
    fn shape(p: &Performs, s: &PerformsShape, outer: u8) -> Doc {
        // Binding: choice 0 (loosest), sequence 1, iteration 2.
        let (doc, level) = match s {
            PerformsShape::Action(k) => (action(&p.actions[*k]), 3),
            PerformsShape::Choice(a, b) => (
                shape(p, a, 0).append(text(" [] ")).append(shape(p, b, 1)),
                0,
            ),
            PerformsShape::Seq(a, b) => {
                (shape(p, a, 1).append(text("; ")).append(shape(p, b, 2)), 1)
            }
            PerformsShape::Star(a) => (shape(p, a, 2).append(text("*")), 2),
        };
        if level < outer {
            text("(").append(doc).append(text(")"))
        } else {
            doc
        }
    }
    fn action(a: &PerformsAction) -> Doc {
        let PerformsAction {
            label,
            modifies,
            pred,
            span: _,
        } = a;
        let head = match label {
            Some(l) => format!("action \"{}\": (", l.name),
            None => "action (".to_string(),
        };
        text(head)
            .append(RcDoc::intersperse(exprs(modifies), text(", ")))
            .append(text(") { "))
            .append(expr(pred))
            .append(text(" }"))
    }
    text("performs ").append(shape(p, &p.shape, 0))
}

/// What the field's declared type binds: its value's owner field.
fn owner_link(l: &OwnerLink) -> String {
    let OwnerLink { owner_field, via } = l;
    match via {
        None => format!("its {owner_field} is this"),
        Some(v) => format!("its {owner_field} is this.{v}"),
    }
}

fn method(m: &Method) -> Doc {
    let Method {
        kind,
        type_params,
        mods,
        contract: c,
        ret,
        name,
        params,
        body,
        unparsed_body,
        derived: d,
        span: _,
    } = m;
    let head = match kind {
        MethodKind::Method => format!(
            "{}{} {}{}",
            modifiers(mods),
            ty(ret),
            name.name,
            type_params_text(type_params)
        ),
        MethodKind::Constructor => format!(
            "{}{}{}",
            modifiers(mods),
            name.name,
            type_params_text(type_params)
        ),
    };
    let head = text(head).append(params_doc(params));
    let body = match (body, unparsed_body) {
        (Some(b), _) => text(" ").append(block(b)),
        (None, Some(_)) => text(" { /* body not parsed yet */ }"),
        (None, None) => text(";"),
    };
    member_doc(*d, c, head.append(body))
}

/// A member with its copy mark and contract before it.
fn member_doc(d: Option<Derived>, c: &Contract, decl: Doc) -> Doc {
    let mut before = Vec::new();
    if let Some(d) = d {
        before.push(text(derived(&d)));
    }
    before.extend(contract(c));
    after_lines(before, decl)
}

fn derived(d: &Derived) -> String {
    let Derived { rule, at: _ } = d;
    match rule {
        Rule::Inherited => "// inherited: a copy of the superclass's member".into(),
        Rule::Instantiated => {
            "// instantiated: the template's member, for these ghost arguments".into()
        }
        Rule::Annotation => "// checked against an annotation".into(),
    }
}

fn function(f: &Function) -> Doc {
    let Function {
        type_params,
        mods,
        contract: c,
        ret,
        name,
        params,
        body,
        derived: d,
        span: _,
    } = f;
    // A function is pure whether or not its modifiers say so.
    let mods = Modifiers {
        is_pure: false,
        ..*mods
    };
    let head = text(format!(
        "{}pure {} {}{}",
        modifiers(&mods),
        ty(ret),
        name.name,
        type_params_text(type_params)
    ))
    .append(params_doc(params));
    member_doc(*d, c, head.append(definition(body.as_ref())))
}

fn predicate(p: &Predicate) -> Doc {
    let Predicate {
        mods,
        contract: c,
        name,
        params,
        body,
        derived: d,
        span: _,
    } = p;
    let head =
        text(format!("{}resource {}", modifiers(mods), name.name)).append(params_doc(params));
    member_doc(*d, c, head.append(definition(body.as_ref())))
}

/// ` = body;`, or `;` when abstract.
fn definition(body: Option<&Expr>) -> Doc {
    match body {
        Some(e) => text(" =")
            .append(RcDoc::line().append(expr(e)).nest(2))
            .append(text(";"))
            .group(),
        None => text(";"),
    }
}

/// The modifiers, each followed by a space.
fn modifiers(m: &Modifiers) -> String {
    let Modifiers {
        is_static,
        is_final,
        is_ghost,
        is_inline,
        is_pure,
        is_thread_local,
        is_group,
        is_lemma,
        is_owner,
        is_kernel,
        history,
        atomicity,
    } = *m;
    let (is_action, is_process) = (
        history == Some(HistoryMember::Action),
        history == Some(HistoryMember::Process),
    );
    [
        (is_owner, "/*owner*/"),
        (is_static, "static"),
        (is_final, "final"),
        (is_ghost, "ghost"),
        (is_inline, "inline"),
        (is_pure, "pure"),
        (is_thread_local, "thread_local"),
        (is_group, "group"),
        (is_lemma, "lemma"),
        (is_kernel, "kernel"),
        (is_action, "/*action*/"),
        (is_process, "/*process*/"),
        (
            atomicity.is_some_and(|a| a.kind == AtomicityKind::Atomic),
            "/*@ atomic */",
        ),
        (
            atomicity.is_some_and(|a| a.kind == AtomicityKind::Mover),
            "/*@ mover */",
        ),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, word)| format!("{word} "))
    .collect()
}

fn type_params_text(ps: &[Ident]) -> String {
    if ps.is_empty() {
        return String::new();
    }
    let names: Vec<&str> = ps.iter().map(|p| &*p.name).collect();
    format!("<{}>", names.join(", "))
}

fn params_doc(ps: &[Param]) -> Doc {
    parens(ps.iter().map(|p| text(param(p))).collect())
}

fn param(p: &Param) -> String {
    let Param {
        ty: t,
        name,
        span: _,
        scope,
    } = p;
    format!("{}{} {}", mem_scope(*scope), ty(t), name.name)
}

/// A kernel memory's keyword and a space, or nothing for plain memory.
fn mem_scope(s: MemScope) -> &'static str {
    match s {
        MemScope::Plain => "",
        MemScope::Global => "global ",
        MemScope::Local => "local ",
    }
}

// ------------------------------------------------------------ contracts

/// A line per clause, ghost parameter, ghost result and kernel item.
fn contract(c: &Contract) -> Vec<Doc> {
    let Contract {
        clauses,
        given,
        yields,
        defaults,
        kernel,
        signals,
        throws,
        performs: spec,
    } = c;
    let mut lines: Vec<Doc> = clauses.iter().map(clause).collect();
    lines.extend(given.iter().map(|p| {
        let default = defaults.iter().find(|(n, _)| *n == p.name.name);
        match default {
            Some((_, v)) => text(format!("given {} = ", param(p)))
                .append(expr(v))
                .append(text(";")),
            None => text(format!("given {};", param(p))),
        }
    }));
    lines.extend(yields.iter().map(|p| text(format!("yields {};", param(p)))));
    lines.extend(kernel.iter().map(kernel_item));
    lines.extend(
        signals
            .iter()
            .map(|s| keyword_expr(&format!("signals ({} {})", ty(&s.ty), s.name.name), &s.expr)),
    );
    if !throws.is_empty() {
        let ts: Vec<String> = throws.iter().map(ty).collect();
        lines.push(text(format!("// throws {}", ts.join(", "))));
    }
    lines.extend(spec.as_deref().map(performs));
    lines
}

fn clause(c: &Clause) -> Doc {
    let Clause {
        kind,
        expr: e,
        span: _,
    } = c;
    keyword_expr(kind.keyword(), e)
}

/// `keyword e;`, the expression indented where it breaks.
fn keyword_expr(keyword: &str, e: &Expr) -> Doc {
    text(format!("{keyword} "))
        .append(expr(e).nest(2))
        .append(text(";"))
}

fn kernel_item(k: &KernelItem) -> Doc {
    match k {
        KernelItem::Memory(m) => kernel_memory(m),
        KernelItem::Invariant {
            global,
            inv,
            span: _,
        } => {
            let word = if *global { "kernel" } else { "group" };
            keyword_expr(&format!("{word} invariant"), inv)
        }
    }
}

fn kernel_memory(m: &KernelMemory) -> Doc {
    let KernelMemory {
        scope,
        ty: t,
        name,
        size,
        init,
        span: _,
    } = m;
    let mut d = text(format!(
        "given {}{} {}",
        mem_scope(*scope),
        ty(t),
        name.name
    ));
    if let Some(n) = size {
        d = d.append(text("[")).append(expr(n)).append(text("]"));
    }
    if let Some(v) = init {
        d = d.append(text(" = ")).append(expr(v));
    }
    d.append(text(";"))
}

// ------------------------------------------------------------ types

fn ty(t: &Type) -> String {
    let Type { kind, span: _ } = t;
    match kind {
        TypeKind::Int => "int".into(),
        TypeKind::Bool => "boolean".into(),
        TypeKind::Void => "void".into(),
        TypeKind::Inferred => "var".into(),
        TypeKind::Resource => "resource".into(),
        TypeKind::Frac => "frac".into(),
        TypeKind::ZFrac => "zfrac".into(),
        TypeKind::Rational => "rational".into(),
        TypeKind::Process => "process".into(),
        TypeKind::Seq(e) => format!("seq<{}>", ty(e)),
        TypeKind::Set(e) => format!("set<{}>", ty(e)),
        TypeKind::Bag(e) => format!("bag<{}>", ty(e)),
        TypeKind::Option(e) => format!("option<{}>", ty(e)),
        TypeKind::Map(k, v) => format!("map<{}, {}>", ty(k), ty(v)),
        TypeKind::Tuple(a, b) => format!("tuple<{}, {}>", ty(a), ty(b)),
        TypeKind::Array(e) => format!("{}[]", ty(e)),
        TypeKind::Named(n) => n.name.to_string(),
        TypeKind::Applied(n, args) => format!("{}<{}>", n.name, types(args)),
        TypeKind::Generic(n, args) => {
            let args: Vec<String> = args.iter().map(ghost_arg).collect();
            format!("{}/*@<{}>@*/", n.name, args.join(", "))
        }
        TypeKind::Family { params, group } => {
            let group = if *group { "group " } else { "" };
            format!("{group}({} -> resource)", types(params))
        }
        TypeKind::FunctionFamily { params, ret } => {
            format!("({} -> {})", types(params), ty(ret))
        }
    }
}

fn types(ts: &[Type]) -> String {
    ts.iter().map(ty).collect::<Vec<_>>().join(", ")
}

fn ghost_arg(g: &GhostArg) -> String {
    match g {
        GhostArg::Name(n) => n.name.to_string(),
        GhostArg::Bool(b, _) => b.to_string(),
        GhostArg::Int(i, _) => i.to_string(),
        GhostArg::Names(ns, _) => {
            let ns: Vec<&str> = ns.iter().map(|n| n.name.as_str()).collect();
            format!("{{{}}}", ns.join(", "))
        }
    }
}

// ------------------------------------------------------------ statements

/// `{ … }`, a statement a line.
fn block(b: &Block) -> Doc {
    let Block { stmts, span: _ } = b;
    if stmts.is_empty() {
        return text("{}");
    }
    let lines = stmts.iter().map(|s| RcDoc::hardline().append(stmt(s)));
    text("{")
        .append(RcDoc::concat(lines).nest(2))
        .append(RcDoc::hardline())
        .append(text("}"))
}

/// `switch (e) { case a, b: S … default: S }` (or `->` for the arrow form),
/// a group's labels on one line, its statements indented under them.
fn switch(sw: &Switch) -> Doc {
    let arrow = if sw.arrows { " ->" } else { ":" };
    let groups = sw.groups.iter().map(|g| {
        let mut labels = RcDoc::nil();
        if !g.consts.is_empty() {
            labels = text("case ")
                .append(RcDoc::intersperse(g.consts.iter().map(expr), text(", ")))
                .append(text(arrow));
        }
        if g.default {
            let space = if g.consts.is_empty() { "" } else { " " };
            labels = labels.append(text(format!("{space}default{arrow}")));
        }
        let body = g
            .body
            .stmts
            .iter()
            .map(|s| RcDoc::hardline().append(stmt(s)));
        RcDoc::hardline()
            .append(labels)
            .append(RcDoc::concat(body).nest(2))
    });
    text("switch (")
        .append(expr(&sw.subject))
        .append(text(") {"))
        .append(RcDoc::concat(groups).nest(2))
        .append(RcDoc::hardline())
        .append(text("}"))
}

/// `{ s1 s2 }` on one line where it fits (ghost statements inside a call).
fn inline_block(stmts: &[Stmt]) -> Doc {
    if stmts.is_empty() {
        return text("{}");
    }
    let lines = stmts.iter().map(|s| RcDoc::line().append(stmt(s)));
    text("{")
        .append(RcDoc::concat(lines).nest(2))
        .append(RcDoc::line())
        .append(text("}"))
        .group()
}

fn stmt(s: &Stmt) -> Doc {
    statement(s, ";")
}

/// A statement; `end` closes a declaration, assignment or expression (`;`,
/// or nothing in a `for` header).
fn statement(s: &Stmt, end: &str) -> Doc {
    let Stmt { kind, span: _ } = s;
    match kind {
        StmtKind::Local {
            ty: t,
            name,
            init: None,
        } => text(format!("{} {}{end}", ty(t), name.name)),
        StmtKind::Local {
            ty: t,
            name,
            init: Some(e),
        } => text(format!("{} {} = ", ty(t), name.name))
            .append(expr(e))
            .append(text(end.to_string())),
        StmtKind::Assign { target, value } => expr(target)
            .append(text(" = "))
            .append(expr(value))
            .append(text(end.to_string())),
        StmtKind::Expr(e) => expr(e).append(text(end.to_string())),
        StmtKind::If { cond, then, els } => {
            let d = text("if (")
                .append(expr(cond))
                .append(text(") "))
                .append(block(then));
            match els {
                Some(e) => d.append(text(" else ")).append(block(e)),
                None => d,
            }
        }
        StmtKind::While {
            contract: c,
            cond,
            body,
        } => after_lines(
            contract(c),
            text("while (")
                .append(expr(cond))
                .append(text(") "))
                .append(block(body)),
        ),
        StmtKind::For {
            contract: c,
            init,
            cond,
            update,
            body,
        } => {
            let cond = cond
                .as_ref()
                .map_or(RcDoc::nil(), |e| text(" ").append(expr(e)));
            let head = text("for (")
                .append(header_stmts(init))
                .append(text(";"))
                .append(cond)
                .append(text(";"))
                .append(if update.is_empty() {
                    RcDoc::nil()
                } else {
                    text(" ")
                })
                .append(header_stmts(update))
                .append(text(") "));
            after_lines(contract(c), head.append(block(body)))
        }
        StmtKind::ForRange {
            contract: c,
            var,
            lo,
            hi,
            body,
        } => after_lines(
            contract(c),
            text(format!("for (int {} = ", var.name))
                .append(expr(lo))
                .append(text(" .. "))
                .append(expr(hi))
                .append(text(") "))
                .append(block(body)),
        ),
        StmtKind::Return(None) => text("return;"),
        StmtKind::Return(Some(e)) => keyword_expr("return", e),
        StmtKind::Lock(op, e) => keyword_expr(op.keyword(), e),
        StmtKind::Synchronized { lock, body } => text("synchronized (")
            .append(expr(lock))
            .append(text(") "))
            .append(block(body)),
        StmtKind::Assert(e) => keyword_expr("assert", e),
        StmtKind::Assume(e) => keyword_expr("assume", e),
        StmtKind::Inhale(e) => keyword_expr("inhale", e),
        StmtKind::Exhale(e) => keyword_expr("exhale", e),
        StmtKind::Refute(e) => keyword_expr("refute", e),
        StmtKind::Check(code, e) => keyword_expr(&format!("assert /*{code}*/"), e),
        StmtKind::Fold(e) => keyword_expr("fold", e),
        StmtKind::Unfold(e) => keyword_expr("unfold", e),
        StmtKind::Package { wand, proof } => text("package ")
            .append(expr(wand))
            .append(text(" "))
            .append(block(proof)),
        StmtKind::Apply(e) => keyword_expr("apply", e),
        StmtKind::Label(l) => text(format!("label {};", l.name)),
        StmtKind::Witness(l) => text(format!("witness \"{}\";", l.name)),
        StmtKind::Goto(l) => text(format!("goto {};", l.name)),
        StmtKind::Break(l) => text(jump("break", l.as_ref())),
        StmtKind::Continue(l) => text(jump("continue", l.as_ref())),
        StmtKind::Labelled(l, s) => text(format!("{}: ", l.name)).append(stmt(s)),
        StmtKind::DoWhile {
            contract: c,
            body,
            cond,
        } => after_lines(
            contract(c),
            text("do ")
                .append(block(body))
                .append(text(" while ("))
                .append(expr(cond))
                .append(text(");")),
        ),
        StmtKind::Switch(sw) => switch(sw),
        StmtKind::Ghost(s) => text("ghost ").append(stmt(s)),
        StmtKind::Throw(e) => keyword_expr("throw", e),
        StmtKind::Try {
            body,
            catches,
            finally,
        } => {
            let mut d = text("try ").append(block(body));
            for c in catches {
                let ts: Vec<String> = c.types.iter().map(ty).collect();
                d = d
                    .append(text(format!(
                        " catch ({} {}) ",
                        ts.join(" | "),
                        c.name.name
                    )))
                    .append(block(&c.body));
            }
            if let Some(f) = finally {
                d = d.append(text(" finally ")).append(block(f));
            }
            d
        }
        StmtKind::Block(b) => block(b),
        StmtKind::Fork(e) => keyword_expr("fork", e),
        StmtKind::Join(e) => keyword_expr("join", e),
        StmtKind::Invariant { name, inv, body } => text(format!("invariant {}(", name.name))
            .append(expr(inv))
            .append(text(") "))
            .append(block(body)),
        StmtKind::Action {
            model,
            perm,
            future,
            action,
            body,
            // The thesis's form prints as the block form (PVL has no other).
            ..
        } => text("action(")
            .append(expr(model))
            .append(text(", "))
            .append(expr(perm))
            .append(text(", "))
            .append(expr(future))
            .append(text(", "))
            .append(expr(action))
            .append(text(") "))
            .append(block(body)),
        StmtKind::Atomic { names, body } => {
            let names: Vec<&str> = names.iter().map(|n| &*n.name).collect();
            text(format!("atomic({}) ", names.join(", "))).append(block(body))
        }
        StmtKind::Par(threads) => par(threads),
        StmtKind::Barrier {
            name,
            invariants,
            contract: c,
            hint,
        } => {
            let invs: Vec<&str> = invariants.iter().map(|n| &*n.name).collect();
            let head = match invs.as_slice() {
                [] => format!("barrier({})", name.name),
                _ => format!("barrier({}; {})", name.name, invs.join(", ")),
            };
            contract_then(text(head), contract(c), hint.as_ref())
        }
        StmtKind::KernelBarrier {
            global,
            contract: c,
            body,
        } => {
            let scope = if *global { "global" } else { "local" };
            contract_then(
                text(format!("barrier({scope})")),
                contract(c),
                body.as_ref(),
            )
            .append(text(";"))
        }
        StmtKind::KernelAtomic { op, args, then } => {
            let d = text(op.name.to_string()).append(parens(args.iter().map(expr).collect()));
            let d = match then {
                Some(b) => d.append(text(" then ")).append(block(b)),
                None => d,
            };
            d.append(text(";"))
        }
        StmtKind::NotSupported(what) => text(format!("/* {what}: not supported, not kept */;")),
    }
}

/// `break;`, `break L;` (and `continue`).
fn jump(word: &str, label: Option<&Ident>) -> String {
    match label {
        Some(l) => format!("{word} {};", l.name),
        None => format!("{word};"),
    }
}

/// The statements of a `for` header, without their `;`.
fn header_stmts(ss: &[Stmt]) -> Doc {
    RcDoc::intersperse(ss.iter().map(|s| statement(s, "")), text(", "))
}

/// A head, its contract a line each indented under it, then the block:
/// `{ contract }` when there is no block.
fn contract_then(head: Doc, lines: Vec<Doc>, b: Option<&Block>) -> Doc {
    let nested = |lines: Vec<Doc>| {
        RcDoc::concat(lines.into_iter().map(|l| RcDoc::hardline().append(l))).nest(2)
    };
    match b {
        Some(b) if lines.is_empty() => head.append(text(" ")).append(block(b)),
        Some(b) => head
            .append(nested(lines))
            .append(RcDoc::hardline())
            .append(block(b)),
        None if lines.is_empty() => head,
        None => head
            .append(text(" {"))
            .append(nested(lines))
            .append(RcDoc::hardline())
            .append(text("}")),
    }
}

/// One `par` block, or several in `parallel { … }`.
fn par(threads: &[ParThread]) -> Doc {
    match threads {
        [t] => par_thread(t),
        _ => {
            let lines = threads
                .iter()
                .map(|t| RcDoc::hardline().append(par_thread(t)));
            text("parallel {")
                .append(RcDoc::concat(lines).nest(2))
                .append(RcDoc::hardline())
                .append(text("}"))
        }
    }
}

fn par_thread(t: &ParThread) -> Doc {
    let ParThread {
        name,
        iters,
        contract: c,
        body,
        apart: _,
        span: _,
    } = t;
    let mut head = text("par");
    if let Some(n) = name {
        head = head.append(text(format!(" {}", n.name)));
    }
    if !iters.is_empty() {
        head = head
            .append(text(" "))
            .append(parens(iters.iter().map(par_iter).collect()));
    }
    contract_then(head, contract(c), Some(body))
}

fn par_iter(i: &ParIter) -> Doc {
    let ParIter {
        ty: t,
        name,
        lo,
        hi,
    } = i;
    text(format!("{} {} = ", ty(t), name.name))
        .append(expr(lo))
        .append(text(" .. "))
        .append(expr(hi))
}

// ------------------------------------------------------------ expressions

/// How tightly an operator binds (more is tighter), as in PVL and JML.
fn level(op: BinOp) -> u8 {
    match op {
        BinOp::Implies | BinOp::Wand => 1,
        BinOp::Or => 2,
        BinOp::And | BinOp::Star => 3,
        // Java's `|`, `^`, `&` bind tighter than `&&` and looser than `==`:
        // printed at `==`'s level, a mix with `==` is parenthesized.
        BinOp::BitOr | BinOp::BitXor | BinOp::BitAnd | BinOp::Eq | BinOp::Ne => 4,
        BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::In => 5,
        BinOp::Member => 6,
        BinOp::Prepend | BinOp::Append => 7,
        BinOp::Add | BinOp::Sub => 8,
        BinOp::Mul | BinOp::Div | BinOp::Mod | BinOp::FracDiv => 9,
    }
}

/// `==>`, `||`, `&&`, `**`: mixed, they are parenthesized whatever their levels.
fn logical(op: BinOp) -> bool {
    level(op) <= 3
}

/// `==`, `<`, `\in`, `in` and the like: one in another is parenthesized.
fn comparison(op: BinOp) -> bool {
    matches!(level(op), 4..=6)
}

/// Whether an operand that is itself an operation `child` of the operation
/// `parent` needs parentheses (`left`: it is the left operand).
fn operand_parens(child: BinOp, parent: BinOp, left: bool) -> bool {
    if logical(child) && logical(parent) && child != parent {
        return true;
    }
    if comparison(child) && comparison(parent) {
        return true;
    }
    let (c, p) = (level(child), level(parent));
    if c != p {
        return c < p;
    }
    // Same level: a left operand reads left to right, except under `==>`,
    // which groups to the right.
    !left || c == level(BinOp::Implies)
}

/// An operand of `parent`, parenthesized as [`operand_parens`] says.
fn operand(e: &Expr, parent: BinOp, left: bool) -> Doc {
    let wrap = match &e.kind {
        ExprKind::Binary(op, _, _) => operand_parens(*op, parent, left),
        ExprKind::Cond(..) => true,
        _ => false,
    };
    paren_if(wrap, expr(e))
}

fn paren_if(wrap: bool, d: Doc) -> Doc {
    if wrap {
        text("(").append(d).append(text(")"))
    } else {
        d
    }
}

/// The operands of a chain `a op b op c` (left-nested, read left to right).
fn chain(e: &Expr, op: BinOp) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::Binary(o, a, b) if *o == op && !operand_parens(op, op, true) => {
            let mut xs = chain(a, op);
            xs.push(b);
            xs
        }
        _ => vec![e],
    }
}

/// `a op b op c`, broken after each operator when it does not fit; every
/// operand but the first is a right operand of `op` in the tree.
fn binary(op: BinOp, a: &Expr, b: &Expr) -> Doc {
    let mut xs = chain(a, op);
    xs.push(b);
    let rest = xs[1..].iter().map(|x| {
        text(format!(" {}", op.symbol()))
            .append(RcDoc::line())
            .append(operand(x, op, false))
    });
    operand(xs[0], op, true)
        .append(RcDoc::concat(rest).nest(2))
        .group()
}

/// Whether `e` may stand before `.f`, `[i]` or `(…)` without parentheses.
fn postfix_safe(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(n) => n.get() >= 0,
        ExprKind::New(_)
        | ExprKind::NewGeneric(_)
        | ExprKind::NewArray(..)
        | ExprKind::Unary(..)
        | ExprKind::Binary(..)
        | ExprKind::Cond(..)
        | ExprKind::Update(..)
        | ExprKind::Then(..)
        | ExprKind::Scale(..) => false,
        ExprKind::Bool(_)
        | ExprKind::NotSupported(_)
        | ExprKind::Null
        | ExprKind::This
        | ExprKind::Result
        | ExprKind::CurrentThread
        | ExprKind::Write
        | ExprKind::Read
        | ExprKind::NoPerm
        | ExprKind::Name(_)
        | ExprKind::Bind(_)
        | ExprKind::Select(..)
        | ExprKind::Index(..)
        | ExprKind::Slice(..)
        | ExprKind::Call(_)
        | ExprKind::Old(..)
        | ExprKind::Perm(..)
        | ExprKind::PointsTo(..)
        | ExprKind::Value(_)
        | ExprKind::CurPerm(_)
        | ExprKind::Held(_)
        | ExprKind::Committed(_)
        | ExprKind::Quant(_)
        | ExprKind::Let { .. }
        | ExprKind::Unfolding(..)
        | ExprKind::ArrayOf(..)
        | ExprKind::MatrixOf(..)
        | ExprKind::ValuesOf(..)
        | ExprKind::AllIndices(_)
        | ExprKind::ArraySum(_)
        | ExprKind::SeqLit(..)
        | ExprKind::SetLit(..)
        | ExprKind::BagLit(..)
        | ExprKind::MapLit(..)
        | ExprKind::TupleLit(..)
        | ExprKind::InstanceOf(..)
        | ExprKind::Cast(..)
        | ExprKind::SeqUpdate(..)
        | ExprKind::Length(_)
        | ExprKind::OptSome(_)
        | ExprKind::OptNone
        | ExprKind::Idle(_)
        | ExprKind::Running(_)
        | ExprKind::Trigger(..)
        | ExprKind::TypeApplied(..) => true,
    }
}

/// `e` before a postfix: parenthesized unless it is an atom.
fn postfix_operand(e: &Expr) -> Doc {
    paren_if(!postfix_safe(e), expr(e))
}

/// `name(a, b)`.
fn applied(name: &str, args: &[&Expr]) -> Doc {
    text(name.to_string()).append(parens(args.iter().map(|e| expr(e)).collect()))
}

fn exprs(es: &[Expr]) -> Vec<Doc> {
    es.iter().map(expr).collect()
}

/// A collection literal: `seq<T>{…}`, or `none_typed` around the elements.
fn collection(word: &str, t: Option<&Type>, es: &[Expr], none_typed: (&str, &str)) -> Doc {
    match t {
        Some(t) => enclosed(&format!("{word}<{}>{{", ty(t)), exprs(es), "}"),
        None => enclosed(none_typed.0, exprs(es), none_typed.1),
    }
}

fn expr(e: &Expr) -> Doc {
    let Expr { kind, span: _ } = e;
    match kind {
        ExprKind::Int(n) => text(n.to_string()),
        ExprKind::Bool(b) => text(b.to_string()),
        ExprKind::Null => text("null"),
        // The parser kept only what it was (the checker rejects it).
        ExprKind::NotSupported(what) => text(format!("/* {what} */")),
        ExprKind::This => text("this"),
        ExprKind::Result => text("\\result"),
        ExprKind::CurrentThread => text("\\current_thread"),
        ExprKind::Write => text("write"),
        ExprKind::Read => text("read"),
        ExprKind::NoPerm => text("none"),
        ExprKind::Name(n) => text(n.name.to_string()),
        ExprKind::Bind(n) => text(format!("?{}", n.name)),
        ExprKind::Select(r, f) => postfix_operand(r).append(text(format!(".{}", f.name))),
        ExprKind::Index(a, i) => postfix_operand(a)
            .append(text("["))
            .append(expr(i))
            .append(text("]")),
        ExprKind::Slice(a, lo, hi) => {
            let bound = |b: &Option<Box<Expr>>| b.as_ref().map_or(RcDoc::nil(), |x| expr(x));
            postfix_operand(a)
                .append(text("["))
                .append(bound(lo))
                .append(text(".."))
                .append(bound(hi))
                .append(text("]"))
        }
        ExprKind::Call(c) => call(c, ""),
        ExprKind::New(n) => new_object(n, ""),
        ExprKind::NewGeneric(n) => {
            let NewGeneric { class, ghost, args } = &**n;
            let ghost: Vec<String> = ghost.iter().map(ghost_arg).collect();
            text(format!("new {}/*@<{}>@*/", class.name, ghost.join(", ")))
                .append(parens(exprs(args)))
        }
        ExprKind::NewArray(t, sizes) => new_array(t, sizes),
        ExprKind::Unary(op, x) => {
            let wrap = match &x.kind {
                ExprKind::Binary(..) | ExprKind::Cond(..) | ExprKind::Unary(..) => true,
                ExprKind::Int(n) => n.get() < 0,
                _ => false,
            };
            let sym = match op {
                UnOp::Not => "!",
                UnOp::Neg => "-",
            };
            text(sym).append(paren_if(wrap, expr(x)))
        }
        ExprKind::Binary(op, a, b) => binary(*op, a, b),
        // `x++`/`x--` (the value is `x ± 1`), `++x` as the assignment `(x = x + 1)`.
        ExprKind::Update(t, v, true) => {
            let sym = match &v.kind {
                ExprKind::Binary(BinOp::Sub, ..) => "--",
                _ => "++",
            };
            postfix_operand(t).append(text(sym))
        }
        // `e then { S }`.
        ExprKind::Then(x, then) => postfix_operand(x)
            .append(text(" then "))
            .append(inline_block(then)),
        ExprKind::Update(t, v, false) => text("(")
            .append(expr(t))
            .append(text(" = "))
            .append(expr(v))
            .append(text(")")),
        ExprKind::Cond(c, a, b) => {
            // A nested conditional or a connective in a part is parenthesized.
            let part = |x: &Expr| {
                let wrap = match &x.kind {
                    ExprKind::Cond(..) => true,
                    ExprKind::Binary(op, ..) => logical(*op),
                    _ => false,
                };
                paren_if(wrap, expr(x))
            };
            part(c)
                .append(RcDoc::line())
                .append(text("? "))
                .append(part(a))
                .append(RcDoc::line())
                .append(text(": "))
                .append(part(b))
                .nest(2)
                .group()
        }
        ExprKind::Old(None, x) => applied("\\old", &[x]),
        ExprKind::Old(Some(l), x) => applied(&format!("\\old[{}]", l.name), &[x]),
        ExprKind::Perm(l, p) => applied("Perm", &[l, p]),
        ExprKind::PointsTo(l, p, v) => applied("PointsTo", &[l, p, v]),
        ExprKind::Value(l) => applied("Value", &[l]),
        ExprKind::CurPerm(l) => applied("perm", &[l]),
        ExprKind::Held(x) => applied("held", &[x]),
        ExprKind::Committed(x) => applied("committed", &[x]),
        ExprKind::Quant(q) => quant(q),
        ExprKind::Let {
            ty: t,
            name,
            value,
            body,
        } => text(format!("(\\let {} {} = ", ty(t), name.name))
            .append(expr(value))
            .append(text(";"))
            .append(RcDoc::line().append(expr(body)).nest(2))
            .append(text(")"))
            .group(),
        // Parenthesized always: its body reaches as far right as it can.
        ExprKind::Unfolding(p, x) => text("(\\unfolding ")
            .append(expr(p))
            .append(text(" \\in"))
            .append(RcDoc::line().append(expr(x)).nest(2))
            .append(text(")"))
            .group(),
        ExprKind::Scale(p, x) => text("[")
            .append(expr(p))
            .append(text("]"))
            .append(postfix_operand(x)),
        ExprKind::ArrayOf(a, n) => applied("\\array", &[a, n]),
        ExprKind::MatrixOf(m, r, c) => applied("\\matrix", &[m, r, c]),
        ExprKind::ValuesOf(a, lo, hi) => applied("\\values", &[a, lo, hi]),
        ExprKind::AllIndices(a) => postfix_operand(a).append(text("[*]")),
        ExprKind::ArraySum(a) => text("(\\sum ")
            .append(postfix_operand(a))
            .append(text("[*])")),
        ExprKind::SeqLit(t, es) => collection("seq", t.as_deref(), es, ("[", "]")),
        ExprKind::SetLit(t, es) => collection("set", t.as_deref(), es, ("{", "}")),
        ExprKind::BagLit(t, es) => collection("bag", t.as_deref(), es, ("bag{", "}")),
        ExprKind::MapLit(kv, pairs) => {
            let (k, v) = &**kv;
            let pairs = pairs
                .iter()
                .map(|(a, b)| expr(a).append(text(" -> ")).append(expr(b)))
                .collect();
            enclosed(&format!("map<{}, {}>{{", ty(k), ty(v)), pairs, "}")
        }
        ExprKind::TupleLit(Some(ts), a, b) => {
            let (ta, tb) = &**ts;
            enclosed(
                &format!("tuple<{}, {}>{{", ty(ta), ty(tb)),
                vec![expr(a), expr(b)],
                "}",
            )
        }
        ExprKind::TupleLit(None, a, b) => parens(vec![expr(a), expr(b)]),
        ExprKind::InstanceOf(x, t) => text("(")
            .append(expr(x))
            .append(text(format!(" instanceof {})", ty(t)))),
        ExprKind::Cast(x, t) => text(format!("(({}) ", ty(t)))
            .append(postfix_operand(x))
            .append(text(")")),
        ExprKind::SeqUpdate(xs, i, v) => postfix_operand(xs)
            .append(text("["))
            .append(expr(i))
            .append(text(" -> "))
            .append(expr(v))
            .append(text("]")),
        ExprKind::Length(x) => text("|").append(expr(x)).append(text("|")),
        ExprKind::OptSome(x) => applied("Some", &[x]),
        ExprKind::OptNone => text("None"),
        ExprKind::Idle(x) => applied("idle", &[x]),
        ExprKind::Running(x) => applied("running", &[x]),
        ExprKind::Trigger(g, x) => {
            let open = if *g == TriggerGroup::default() {
                "{: ".to_string()
            } else {
                format!("{{:{}{}: ", "<".repeat(g.outer as usize), g.group)
            };
            text(open).append(expr(x)).append(text(" :}"))
        }
        ExprKind::TypeApplied(x, ts) => type_applied(x, ts),
    }
}

/// `f<T>(…)`, `new Box<T>(…)`: the type arguments after the name.
fn type_applied(e: &Expr, ts: &[Type]) -> Doc {
    let targs = format!("<{}>", types(ts));
    match &e.kind {
        ExprKind::Call(c) => call(c, &targs),
        ExprKind::New(n) => new_object(n, &targs),
        _ => postfix_operand(e).append(text(targs)),
    }
}

/// A call with its ghost arguments, ghost results and ghost statements
/// (`targs`: type arguments written after the name).
fn call(c: &Call, targs: &str) -> Doc {
    let Call {
        recv,
        name,
        args,
        given,
        yields,
        with,
        then,
    } = c;
    let mut d = match recv {
        Some(r) => postfix_operand(r).append(text(".")),
        None => RcDoc::nil(),
    };
    d = d
        .append(text(format!("{}{targs}", name.name)))
        .append(parens(exprs(args)));
    if !given.is_empty() {
        d = d.append(text(" given ")).append(assignments(given));
    }
    if !with.is_empty() {
        d = d.append(text(" with ")).append(inline_block(with));
    }
    if !yields.is_empty() {
        let ys = yields
            .iter()
            .map(|(local, param)| text(format!("{} = {}", local.name, param.name)))
            .collect();
        d = d.append(text(" yields ")).append(enclosed("{ ", ys, " }"));
    }
    if !then.is_empty() {
        d = d.append(text(" then ")).append(inline_block(then));
    }
    d
}

/// `{ x = e, … }`: ghost arguments by name.
fn assignments(xs: &[(Ident, Expr)]) -> Doc {
    let items = xs
        .iter()
        .map(|(n, e)| text(format!("{} = ", n.name)).append(expr(e)))
        .collect();
    enclosed("{ ", items, " }")
}

fn new_object(n: &NewObject, targs: &str) -> Doc {
    let NewObject { class, args, given } = n;
    let d = text(format!("new {}{targs}", class.name)).append(parens(exprs(args)));
    if given.is_empty() {
        d
    } else {
        d.append(text(" given ")).append(assignments(given))
    }
}

/// `new int[n][]`: the sizes, then a `[]` per array level of the element type.
fn new_array(elem: &Type, sizes: &[Expr]) -> Doc {
    let mut base = elem;
    let mut open = 0;
    while let TypeKind::Array(inner) = &base.kind {
        base = inner;
        open += 1;
    }
    let sizes = sizes
        .iter()
        .map(|n| text("[").append(expr(n)).append(text("]")));
    text(format!("new {}", ty(base)))
        .append(RcDoc::concat(sizes))
        .append(text("[]".repeat(open)))
}

/// `(\forall T x = lo .. hi, U y; cond; body)`.
fn quant(q: &Quant) -> Doc {
    let Quant {
        q,
        binders,
        ranges,
        cond,
        body,
    } = q;
    let word = match q {
        Quantifier::Forall => "\\forall",
        Quantifier::ForallStar => "\\forall*",
        Quantifier::Exists => "\\exists",
    };
    let bs = binders.iter().enumerate().map(|(i, b)| {
        let Binder { ty: t, name } = b;
        let d = text(format!("{} {}", ty(t), name.name));
        match ranges.iter().find(|(at, _, _)| *at == i) {
            Some((_, lo, hi)) => d
                .append(text(" = "))
                .append(expr(lo))
                .append(text(" .. "))
                .append(expr(hi)),
            None => d,
        }
    });
    let mut d = text(format!("({word} ")).append(RcDoc::intersperse(bs, text(", ")));
    if let Some(c) = cond {
        d = d
            .append(text(";"))
            .append(RcDoc::line().append(expr(c)).nest(2));
    }
    d.append(text(";"))
        .append(RcDoc::line().append(expr(body)).nest(2))
        .append(text(")"))
        .group()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::java::parse_java;
    use crate::syntax::parse_pvl;
    use crate::syntax::span::FileId;

    fn pvl(text: &str) -> String {
        let unit = parse_pvl(FileId(0), text).expect("parses");
        decls(&unit.decls)
    }

    fn java(text: &str) -> String {
        let unit = parse_java(FileId(0), text).expect("parses");
        decls(&unit.decls)
    }

    /// The line of `out` that starts (after its indentation) with `start`.
    fn line<'a>(out: &'a str, start: &str) -> &'a str {
        out.lines()
            .map(str::trim)
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("no line starts with {start:?} in\n{out}"))
    }

    #[test]
    fn a_class_prints_its_fields_contracts_and_statements() {
        let out = pvl("class C {
               int x;
               resource inv() = Perm(x, write);
               requires n >= 0; ensures \\result == n;
               int m(int n) {
                 int r = 0;
                 loop_invariant 0 <= r && r <= n;
                 while (r < n) { r = r + 1; }
                 if (r == n) { return r; } else { assert false; }
                 return r;
               }
             }");
        assert!(
            out.starts_with("class C {\n  int x;\n\n  resource inv() = "),
            "{out}"
        );
        assert_eq!(line(&out, "requires"), "requires n >= 0;");
        assert_eq!(line(&out, "ensures"), "ensures \\result == n;");
        assert_eq!(line(&out, "int m"), "int m(int n) {");
        assert_eq!(
            line(&out, "loop_invariant"),
            "loop_invariant 0 <= r && r <= n;"
        );
        assert_eq!(line(&out, "while"), "while (r < n) {");
        assert_eq!(line(&out, "if"), "if (r == n) {");
        assert_eq!(line(&out, "} else"), "} else {");
        // Statements are indented by their nesting.
        assert!(out.contains("\n      r = r + 1;\n"), "{out}");
    }

    #[test]
    fn parentheses_show_the_nesting_where_it_is_not_obvious() {
        let body = |e: &str| {
            let out = pvl(&format!(
                "pure boolean f(int a, int b, int c, boolean p, boolean q) = {e};"
            ));
            line(&out, "pure boolean f").to_string()
        };
        let shown = |e: &str, want: &str| {
            assert!(
                body(e).ends_with(&format!(" = {want};")),
                "{e}: {}",
                body(e)
            );
        };
        shown("(a + b) * c == 0", "(a + b) * c == 0");
        shown("a + b * c == 0", "a + b * c == 0");
        shown("a - (b - c) == 0", "a - (b - c) == 0");
        shown("a - b - c == 0", "a - b - c == 0");
        shown("p && q || p", "(p && q) || p");
        shown("p ==> q ==> p", "p ==> (q ==> p)");
        shown("(p ==> q) ==> p", "(p ==> q) ==> p");
        shown("!(p && q)", "!(p && q)");
        shown("(a < b) == p", "(a < b) == p");
        shown("(p ? a : b) == c", "(p ? a : b) == c");
    }

    #[test]
    fn a_long_contract_breaks_at_its_operators() {
        let conj: Vec<String> = (0..12)
            .map(|i| format!("Perm(this.field{i}, write)"))
            .collect();
        let out = pvl(&format!(
            "class C {{ requires {}; void m(); }}",
            conj.join(" ** ")
        ));
        assert!(out.lines().all(|l| l.len() <= WIDTH), "{out}");
        assert_eq!(
            line(&out, "requires"),
            "requires Perm(this.field0, write) **"
        );
        assert_eq!(
            line(&out, "Perm(this.field11"),
            "Perm(this.field11, write);"
        );
    }

    #[test]
    fn threads_quantifiers_and_ghost_arguments_print() {
        let out = pvl("class C {
               context (\\forall* int i = 0 .. n; Perm(a[i], write));
               void m(int n, int[] a) {
                 par (int tid = 0 .. n) context Perm(a[tid], write); { a[tid] = 0; }
                 this.g() given { p = 1\\2 };
               }
               given frac p; void g();
             }");
        assert_eq!(
            line(&out, "context (\\forall*"),
            "context (\\forall* int i = 0 .. n; Perm(a[i], write));"
        );
        assert_eq!(line(&out, "par"), "par (int tid = 0 .. n)");
        assert_eq!(line(&out, "context Perm"), "context Perm(a[tid], write);");
        assert_eq!(line(&out, "this.g"), "this.g() given { p = 1 \\ 2 };");
        assert_eq!(line(&out, "given"), "given frac p;");
    }

    #[test]
    fn java_ghost_parameters_and_ghost_arguments_print_in_java_notation() {
        let out = java(
            "/*@ given boolean strict; @*/
             class Gate {
               int x;
               /*@ requires Perm(x, 1); @*/
               void check() { x = 1; }
             }
             class User extends Base implements I {
               void use() { Gate/*@<true>@*/ b = new Gate/*@<true>@*/(); }
             }",
        );
        assert!(
            out.starts_with("/*@ given boolean strict; @*/\nclass Gate {\n"),
            "{out}"
        );
        assert_eq!(
            line(&out, "class User"),
            "class User extends Base implements I {"
        );
        assert_eq!(
            line(&out, "Gate/*@"),
            "Gate/*@<true>@*/ b = new Gate/*@<true>@*/();"
        );
    }

    #[test]
    fn kernels_print_their_memory_invariants_barriers_and_atomics() {
        let out = java(
            "class K {
               /*@ given local int cont[gsize];
                   group invariant Perm(x, 1) ** x == (\\sum cont[*]);
                   requires Perm(v[gtid], 1\\2); @*/
               kernel void add(local int x, global int[] v) {
                 atomic_add(x, v[gtid]) /*@ then { cont[ltid] = v[gtid]; } @*/;
                 barrier(local) /*@ requires true; ensures true; @*/;
               }
             }",
        );
        assert_eq!(line(&out, "given local"), "given local int cont[gsize];");
        assert_eq!(
            line(&out, "group invariant"),
            "group invariant Perm(x, 1) ** x == (\\sum cont[*]);"
        );
        assert_eq!(
            line(&out, "kernel void"),
            "kernel void add(local int x, global int[] v) {"
        );
        assert_eq!(line(&out, "atomic_add"), "atomic_add(x, v[gtid]) then {");
        assert_eq!(line(&out, "barrier"), "barrier(local) {");
        assert_eq!(line(&out, "requires true"), "requires true;");
    }
}
