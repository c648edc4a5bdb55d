//! The Java + JML lexer (logos).
//!
//! Java text and specification comments share one token set. The specification
//! comments `//@ …` (to the end of the line) and `/*@ … @*/` (also closed by a
//! plain `*/`) are *spec regions*: their delimiters vanish and their contents
//! become ordinary tokens, so the grammar reads `/*@ requires p; @*/ void m()`
//! as `requires p; void m()`. The JML keywords (`requires`, `resource`, `Perm`,
//! `fold`, `frac`, …) are keywords only inside a spec region; in Java text they
//! are identifiers, as Java allows. Ordinary comments, proof outlines
//! `/*! … !*/` and expectation markers `/*[/expect …]*/` (or bare, `[/expect …]`
//! and `[/end]`, as VerCors writes them inside specification comments) are skipped. Inside a
//! spec region a lone `@` (JML's decoration at the start of a line) is skipped.
//!
//! One lexical choice keeps the grammar LR(1): a spec region opening right
//! before `<`, as in `Lock/*@<inv, true>@*/`, yields the token `/*@<`, so class
//! ghost arguments never look like a comparison.

use crate::syntax::nesting::{Nesting, Shape, TOO_DEEP};
use logos::{FilterResult, Logos};
use std::fmt;

/// What went wrong while lexing or in a grammar action's local check.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum JavaErrorKind {
    #[default]
    BadChar,
    UnterminatedComment,
    /// A syntax error found by an action (the message says what).
    Malformed(String),
    /// Java outside the supported subset (the message names the construct).
    NotSupported(String),
}

/// An error below the grammar's own syntax errors, on a byte range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JavaError {
    pub kind: JavaErrorKind,
    pub start: usize,
    pub end: usize,
}

impl fmt::Display for JavaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            JavaErrorKind::BadChar => f.write_str("unexpected character"),
            JavaErrorKind::UnterminatedComment => {
                f.write_str("unterminated comment: `/*` without `*/`")
            }
            JavaErrorKind::Malformed(m) => f.write_str(m),
            JavaErrorKind::NotSupported(m) => write!(f, "{m} is not supported yet"),
        }
    }
}

/// Skips a block comment whose `/*` was just matched. As VerCors's lexer
/// reads it, a line of the comment that starts with `@` (after blanks)
/// starts a specification there: the token then ends at that `@` and is
/// kept, for the wrapper to open a spec region that the comment's `*/` closes.
fn block_comment<'s>(lex: &mut logos::Lexer<'s, Token<'s>>) -> FilterResult<(), JavaErrorKind> {
    let rest = lex.remainder();
    let Some(end) = rest.find("*/") else {
        lex.bump(rest.len());
        return FilterResult::Error(JavaErrorKind::UnterminatedComment);
    };
    let mut line = rest[..end].find('\n');
    while let Some(nl) = line {
        let after = &rest[nl + 1..end];
        let blank = after.len() - after.trim_start_matches([' ', '\t', '\x0c', '\r']).len();
        if after[blank..].starts_with('@') {
            lex.bump(nl + 1 + blank + 1);
            return FilterResult::Emit(());
        }
        line = after.find('\n').map(|i| nl + 1 + i);
    }
    lex.bump(end + 2);
    FilterResult::Skip
}

/// Reads a string or character literal (a character literal is refused later, with a span).
fn quoted<'s>(lex: &mut logos::Lexer<'s, Token<'s>>, quote: char) -> &'s str {
    let rest = lex.remainder();
    let mut escaped = false;
    for (i, c) in rest.char_indices() {
        match c {
            '\\' if !escaped => escaped = true,
            '\n' => {
                lex.bump(i);
                return lex.slice();
            }
            c if c == quote && !escaped => {
                lex.bump(i + 1);
                return lex.slice();
            }
            _ => escaped = false,
        }
    }
    lex.bump(rest.len());
    lex.slice()
}

#[derive(Logos, Clone, Copy, Debug, PartialEq, Eq)]
#[logos(error = JavaErrorKind)]
#[logos(skip r"[ \t\r\n\f]+")]
// VerCors's expectation markers may also stand bare, inside a specification
// comment (`//@ [/expect refuteFailed] refute false; [/end]`); `crate::expect`
// reads them from the text.
#[logos(skip r"\[/expect [A-Za-z:]+\]")]
#[logos(skip r"\[/end\]")]
// VerCors also reads `/*[/expect CODE]` and `/*[/end]` with the comment left
// open as markers (a `/*@` may follow on the next line).
#[logos(skip r"/\*\[/expect [A-Za-z:]+\](\*/)?")]
#[logos(skip r"/\*\[/end\](\*/)?")]
pub enum Token<'input> {
    // Comments and spec region delimiters (the wrapper below consumes these).
    #[regex(r"//[^@\n][^\n]*", allow_greedy = true)]
    #[token("//")]
    LineComment,
    #[token("/*", block_comment)]
    BlockComment,
    #[token("//@")]
    SpecLine,
    #[token("/*@")]
    SpecBlock,
    #[token("@*/")]
    SpecEndAt,
    #[token("*/")]
    SpecEnd,
    #[token("@")]
    At,
    /// `@interface` (one token, so an annotation type's declaration is not
    /// read as an annotation before a class's modifiers).
    #[token("@interface")]
    AtInterface,
    /// `/*@<`: produced by the wrapper, never by logos itself.
    SpecTypeArgs,
    /// A `(` that opens a class cast `(C) e` (`Lexer::opens_cast`): produced
    /// by the wrapper, so the grammar needs no lookahead past the `)`.
    CastParen,

    /// Java letters and digits (JLS §3.8): ASCII, and Unicode letters,
    /// letter numbers, currency symbols, connectors, marks and digits.
    #[regex(
        r"[A-Za-z_$\p{L}\p{Nl}\p{Sc}\p{Pc}][A-Za-z0-9_$\p{L}\p{Nl}\p{Sc}\p{Pc}\p{Nd}\p{Mn}\p{Mc}]*"
    )]
    Ident(&'input str),
    /// An integer literal in any radix, with underscores and suffix; read
    /// (and checked) by `super::literal::int_literal`.
    #[regex(r"[0-9][0-9A-Za-z_]*")]
    IntLit(&'input str),
    /// Floating-point literals: kept as tokens so they are refused with a span.
    #[regex(
        r"[0-9][0-9_]*\.[0-9][0-9_]*([eE][+-]?[0-9][0-9_]*)?[fFdD]?",
        priority = 10
    )]
    #[regex(r"\.[0-9][0-9_]*([eE][+-]?[0-9][0-9_]*)?[fFdD]?", priority = 10)]
    #[regex(r"[0-9][0-9_]*[eE][+-]?[0-9][0-9_]*[fFdD]?", priority = 10)]
    #[regex(r"[0-9][0-9_]*[fFdD]", priority = 10)]
    #[regex(
        r"0[xX][0-9a-fA-F_]*(\.[0-9a-fA-F_]*)?[pP][+-]?[0-9][0-9_]*[fFdD]?",
        priority = 10
    )]
    OtherNumber(&'input str),
    /// A unicode escape outside a character or string literal.
    #[regex(r"\\u+[0-9A-Fa-f]{4}")]
    UnicodeEscape(&'input str),
    #[token("\"", |lex| quoted(lex, '"'))]
    StringLit(&'input str),
    #[token("'", |lex| quoted(lex, '\''))]
    CharLit(&'input str),

    // Java keywords.
    #[token("package")]
    Package,
    #[token("import")]
    Import,
    #[token("class")]
    Class,
    #[token("interface")]
    Interface,
    #[token("enum")]
    Enum,
    #[token("extends")]
    Extends,
    #[token("implements")]
    Implements,
    #[token("public")]
    Public,
    #[token("private")]
    Private,
    #[token("protected")]
    Protected,
    #[token("static")]
    Static,
    #[token("final")]
    Final,
    #[token("abstract")]
    Abstract,
    #[token("native")]
    Native,
    #[token("synchronized")]
    Synchronized,
    #[token("volatile")]
    Volatile,
    #[token("transient")]
    Transient,
    #[token("throws")]
    Throws,
    #[token("int")]
    Int,
    #[token("boolean")]
    Boolean,
    #[token("void")]
    Void,
    #[token("long")]
    Long,
    #[token("short")]
    Short,
    #[token("byte")]
    Byte,
    #[token("char")]
    Char,
    #[token("float")]
    Float,
    #[token("double")]
    Double,
    #[token("if")]
    If,
    #[token("else")]
    Else,
    #[token("while")]
    While,
    #[token("do")]
    Do,
    #[token("for")]
    For,
    #[token("break")]
    Break,
    #[token("continue")]
    Continue,
    #[token("return")]
    Return,
    #[token("switch")]
    Switch,
    #[token("case")]
    Case,
    #[token("default")]
    Default,
    #[token("throw")]
    Throw,
    #[token("try")]
    Try,
    #[token("catch")]
    Catch,
    #[token("finally")]
    Finally,
    #[token("assert")]
    Assert,
    #[token("true")]
    True,
    #[token("false")]
    False,
    #[token("null")]
    Null,
    #[token("this")]
    This,
    #[token("super")]
    Super,
    #[token("new")]
    New,
    #[token("instanceof")]
    Instanceof,

    // The thesis's GPU kernels (ch. 8): words of the kernel language itself.
    #[token("kernel")]
    Kernel,
    #[token("global")]
    Global,
    #[token("local")]
    Local,
    /// `atomic_add`, `atomic_cmpxchg`, …: OpenCL's atomic operations.
    #[token("atomic_add", |lex| lex.slice())]
    #[token("atomic_sub", |lex| lex.slice())]
    #[token("atomic_xchg", |lex| lex.slice())]
    #[token("atomic_cmpxchg", |lex| lex.slice())]
    #[token("atomic_inc", |lex| lex.slice())]
    #[token("atomic_dec", |lex| lex.slice())]
    #[token("atomic_min", |lex| lex.slice())]
    #[token("atomic_max", |lex| lex.slice())]
    AtomicOp(&'input str),

    // JML keywords: identifiers outside spec regions (see `spec_only`).
    #[token("requires")]
    Requires,
    #[token("ensures")]
    Ensures,
    #[token("context")]
    Context,
    #[token("context_everywhere")]
    ContextEverywhere,
    #[token("loop_invariant")]
    LoopInvariant,
    #[token("decreases")]
    Decreases,
    #[token("signals")]
    Signals,
    #[token("also")]
    Also,
    #[token("given")]
    Given,
    #[token("yields")]
    Yields,
    #[token("with")]
    With,
    #[token("then")]
    Then,
    #[token("ghost")]
    Ghost,
    #[token("pure")]
    Pure,
    #[token("inline")]
    Inline,
    #[token("thread_local")]
    ThreadLocal,
    #[token("lemma")]
    Lemma,
    #[token("bag")]
    Bag,
    #[token("resource")]
    Resource,
    #[token("group")]
    Group,
    #[token("frac")]
    Frac,
    // Histories (the thesis's ch. 7, `passes::histories`).
    #[token("process")]
    Process,
    #[token("modifies")]
    Modifies,
    #[token("accessible")]
    Accessible,
    #[token("action")]
    Action,
    #[token("zfrac")]
    ZFrac,
    #[token("rational")]
    Rational,
    #[token("seq")]
    Seq,
    #[token("set")]
    Set,
    #[token("assume")]
    Assume,
    #[token("refute")]
    Refute,
    #[token("apply")]
    Apply,
    #[token("inhale")]
    Inhale,
    #[token("exhale")]
    Exhale,
    #[token("fold")]
    Fold,
    #[token("unfold")]
    Unfold,
    #[token("unfolding")]
    Unfolding,
    #[token("in")]
    In,
    #[token("commit")]
    Commit,
    #[token("held")]
    Held,
    #[token("committed")]
    Committed,
    #[token("lock_invariant")]
    LockInvariant,
    /// Calvin's rely/guarantee annotations (`passes::calvin`).
    #[token("env_assumption")]
    EnvAssumption,
    #[token("global_invariant")]
    GlobalInvariant,
    #[token("unwritable_by_env_if")]
    UnwritableByEnvIf,
    /// Calvin's method abstractions: `action: also_modifies v ensures e;`
    /// (`modifies` and `action` are the histories' tokens above).
    #[token("also_modifies")]
    AlsoModifies,
    /// Calvin-R's access predicates, method specifications and commit
    /// points (`passes::calvin_r`): `accessible_if P`, `performs action
    /// "L": (mods) { P } [] …`, `witness "L";`.
    #[token("accessible_if")]
    AccessibleIf,
    #[regex(r"accessible_if[ \t]*\[")]
    AccessibleIfIndexed,
    #[token("performs")]
    Performs,
    #[token("witness")]
    Witness,
    /// Bogor's atomicity specifications of methods (`crate::atomicity`):
    /// `/*@ atomic */`, `/*@ mover */` before a method.
    #[token("atomic")]
    Atomic,
    #[token("mover")]
    Mover,
    /// `group invariant R;` / `kernel invariant R;` (a kernel's contract).
    #[token("invariant")]
    Invariant,
    #[token("Perm")]
    Perm,
    #[token("PointsTo")]
    PointsTo,
    #[token("Value")]
    Value,
    #[token("perm")]
    CurPerm,
    #[token("write")]
    Write,
    #[token("read")]
    Read,
    #[token("none")]
    NoPerm,
    #[token("\\result")]
    BsResult,
    #[token("\\current_thread")]
    BsCurrentThread,
    #[token("\\old")]
    BsOld,
    // VerCors's specification grammar also spells them `∀`, `∀*` and `∃`.
    #[token("\\forall")]
    #[token("\u{2200}")]
    BsForall,
    #[token("\\forall*")]
    #[token("\u{2200}*")]
    BsForallStar,
    #[token("\\exists")]
    #[token("\u{2203}")]
    BsExists,
    #[token("\\let")]
    BsLet,
    /// Also spelled `\Unfolding` in VerCors's Java.
    #[token("\\unfolding")]
    #[token("\\Unfolding")]
    BsUnfolding,
    #[token("\\in")]
    BsIn,
    #[token("\\array")]
    BsArray,
    #[token("\\matrix")]
    BsMatrix,
    #[token("\\values")]
    BsValues,
    #[token("\\sum")]
    BsSum,
    #[token("\\num_of")]
    BsNumOf,
    #[token("\\max")]
    BsMax,
    #[token("\\min")]
    BsMin,
    #[token("\\vcmp")]
    BsVcmp,
    #[token("\\vrep")]
    BsVrep,

    // Punctuation.
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    /// `{: e :}`, a quantifier's trigger (in Java text, `{` `:` and `:` `}`).
    #[token("{:")]
    TriggerOpen,
    #[token(":}")]
    TriggerClose,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[regex(r"\[[ \t]*\]")]
    EmptyBrackets,
    #[token(";")]
    Semi,
    #[token(",")]
    Comma,
    #[token(".")]
    Dot,
    #[token("..")]
    DotDot,
    #[token("?")]
    Question,
    #[token(":")]
    Colon,
    #[token("->")]
    Arrow,
    /// `->` inside a specification (the lexer's mode says which): VerCors's
    /// `o->p(args)`, `o != null ==> o.p(args)`; Java's `->` stays `Arrow`.
    SpecArrow,
    /// `?.` (specifications): `o?.p(args)`, as `o->p(args)`.
    #[token("?.")]
    QuestionDot,

    // Operators.
    #[token("=")]
    Assign,
    #[token("+=")]
    PlusAssign,
    #[token("-=")]
    MinusAssign,
    #[token("*=")]
    StarAssign,
    #[token("/=")]
    SlashAssign,
    #[token("%=")]
    PercentAssign,
    #[token("++")]
    PlusPlus,
    #[token("--")]
    MinusMinus,
    #[token("==")]
    EqEq,
    #[token("!=")]
    NotEq,
    #[token("<")]
    Lt,
    #[token("<=")]
    Le,
    #[token(">")]
    Gt,
    #[token(">=")]
    Ge,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("*")]
    Star,
    #[token("/")]
    Slash,
    #[token("%")]
    Percent,
    #[token("\\")]
    Backslash,
    #[token("!")]
    Bang,
    #[token("&&")]
    AndAnd,
    #[token("||")]
    OrOr,
    #[token("==>")]
    Implies,
    #[token("**")]
    StarStar,
    /// `A -* B`, the magic wand (specifications only).
    #[token("-*")]
    Wand,
    /// `x :: xs` (specifications).
    #[token("::")]
    ColonColon,
    /// `|` in specifications: `|xs|`, a sequence's length (never lexed:
    /// made of a `BitOp` in a spec region).
    Bar,
    /// Bit operators and shifts (shifts are refused with a span).
    #[regex(r"&|\||\^|~|<<|>>|>>>|&=|\|=|\^=|<<=|>>=|>>>=")]
    BitOp(&'input str),
}

impl Token<'_> {
    /// What the token does to the nesting bound.
    fn shape(&self) -> Shape {
        use Token as T;
        match self {
            T::LParen | T::CastParen | T::LBrace | T::LBracket | T::TriggerOpen => Shape::Open,
            T::RParen | T::RBrace | T::RBracket | T::TriggerClose => Shape::Close,
            T::Semi | T::Comma => Shape::Separator,
            T::Dot
            | T::DotDot
            | T::Question
            | T::Colon
            | T::Arrow
            | T::SpecArrow
            | T::QuestionDot
            | T::Assign
            | T::PlusAssign
            | T::MinusAssign
            | T::StarAssign
            | T::SlashAssign
            | T::PercentAssign
            | T::PlusPlus
            | T::MinusMinus
            | T::EqEq
            | T::NotEq
            | T::Lt
            | T::Le
            | T::Gt
            | T::Ge
            | T::Minus
            | T::Slash
            | T::Percent
            | T::Bang
            | T::Implies
            | T::Wand
            | T::ColonColon
            | T::Unfolding
            | T::BsUnfolding
            | T::BsIn => Shape::Operator,
            T::Plus | T::Star | T::AndAnd | T::OrOr | T::StarStar => Shape::Associative,
            _ => Shape::Leaf,
        }
    }

    /// The source text of a fixed token.
    fn text(&self) -> &str {
        use Token::*;
        match self {
            Ident(s) | IntLit(s) | OtherNumber(s) | UnicodeEscape(s) | StringLit(s)
            | CharLit(s) | BitOp(s) | AtomicOp(s) => s,
            LineComment => "//",
            BlockComment => "/*",
            SpecTypeArgs => "/*@<",
            CastParen => "(",
            Bar => "|",
            EmptyBrackets => "[]",
            SpecLine => "//@",
            SpecBlock => "/*@",
            SpecEndAt => "@*/",
            SpecEnd => "*/",
            At => "@",
            AtInterface => "@interface",
            Package => "package",
            Import => "import",
            Class => "class",
            Interface => "interface",
            Enum => "enum",
            Extends => "extends",
            Implements => "implements",
            Public => "public",
            Private => "private",
            Protected => "protected",
            Static => "static",
            Final => "final",
            Abstract => "abstract",
            Native => "native",
            Synchronized => "synchronized",
            Volatile => "volatile",
            Transient => "transient",
            Throws => "throws",
            Int => "int",
            Boolean => "boolean",
            Void => "void",
            Long => "long",
            Short => "short",
            Byte => "byte",
            Char => "char",
            Float => "float",
            Double => "double",
            If => "if",
            Else => "else",
            While => "while",
            Do => "do",
            For => "for",
            Break => "break",
            Continue => "continue",
            Return => "return",
            Switch => "switch",
            Case => "case",
            Default => "default",
            Throw => "throw",
            Try => "try",
            Catch => "catch",
            Finally => "finally",
            Assert => "assert",
            True => "true",
            False => "false",
            Null => "null",
            This => "this",
            Super => "super",
            New => "new",
            Instanceof => "instanceof",
            Kernel => "kernel",
            Global => "global",
            Local => "local",
            Invariant => "invariant",
            Requires => "requires",
            Ensures => "ensures",
            Context => "context",
            ContextEverywhere => "context_everywhere",
            LoopInvariant => "loop_invariant",
            Decreases => "decreases",
            Also => "also",
            Given => "given",
            Yields => "yields",
            With => "with",
            Then => "then",
            Ghost => "ghost",
            Pure => "pure",
            Inline => "inline",
            ThreadLocal => "thread_local",
            Lemma => "lemma",
            Bag => "bag",
            Resource => "resource",
            Group => "group",
            Frac => "frac",
            Process => "process",
            Modifies => "modifies",
            Accessible => "accessible",
            Signals => "signals",
            Action => "action",
            ZFrac => "zfrac",
            Rational => "rational",
            Seq => "seq",
            Set => "set",
            Assume => "assume",
            Refute => "refute",
            Inhale => "inhale",
            Exhale => "exhale",
            Fold => "fold",
            Unfold => "unfold",
            Unfolding => "unfolding",
            In => "in",
            Commit => "commit",
            Held => "held",
            Committed => "committed",
            LockInvariant => "lock_invariant",
            EnvAssumption => "env_assumption",
            GlobalInvariant => "global_invariant",
            UnwritableByEnvIf => "unwritable_by_env_if",
            AlsoModifies => "also_modifies",
            AccessibleIf => "accessible_if",
            AccessibleIfIndexed => "accessible_if[",
            Performs => "performs",
            Witness => "witness",
            Atomic => "atomic",
            Mover => "mover",
            Perm => "Perm",
            PointsTo => "PointsTo",
            Value => "Value",
            CurPerm => "perm",
            Write => "write",
            Read => "read",
            NoPerm => "none",
            BsResult => "\\result",
            BsCurrentThread => "\\current_thread",
            BsOld => "\\old",
            BsForall => "\\forall",
            BsForallStar => "\\forall*",
            BsExists => "\\exists",
            BsLet => "\\let",
            BsUnfolding => "\\unfolding",
            BsIn => "\\in",
            BsArray => "\\array",
            BsMatrix => "\\matrix",
            BsValues => "\\values",
            BsSum => "\\sum",
            BsNumOf => "\\num_of",
            BsMax => "\\max",
            BsMin => "\\min",
            BsVcmp => "\\vcmp",
            BsVrep => "\\vrep",
            LParen => "(",
            RParen => ")",
            LBrace => "{",
            TriggerOpen => "{:",
            TriggerClose => ":}",
            RBrace => "}",
            LBracket => "[",
            RBracket => "]",
            Semi => ";",
            Comma => ",",
            Dot => ".",
            DotDot => "..",
            Question => "?",
            Colon => ":",
            Arrow | SpecArrow => "->",
            QuestionDot => "?.",
            Assign => "=",
            PlusAssign => "+=",
            MinusAssign => "-=",
            StarAssign => "*=",
            SlashAssign => "/=",
            PercentAssign => "%=",
            PlusPlus => "++",
            MinusMinus => "--",
            EqEq => "==",
            NotEq => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            Plus => "+",
            Minus => "-",
            Star => "*",
            Slash => "/",
            Percent => "%",
            Backslash => "\\",
            Bang => "!",
            AndAnd => "&&",
            OrOr => "||",
            Implies => "==>",
            StarStar => "**",
            Wand => "-*",
            ColonColon => "::",
            Apply => "apply",
        }
    }
    /// Whether the token is a JML keyword, an identifier in Java text.
    fn spec_only(&self) -> bool {
        use Token::*;
        matches!(
            self,
            Requires
                | Ensures
                | Context
                | ContextEverywhere
                | LoopInvariant
                | Decreases
                | Signals
                | Also
                | Given
                | Yields
                | With
                | Then
                | Ghost
                | Pure
                | Inline
                | ThreadLocal
                | Lemma
                | Bag
                | Resource
                | Group
                | Frac
                | Process
                | Modifies
                | Accessible
                | Action
                | ZFrac
                | Rational
                | Seq
                | Set
                | Assume
                | Refute
                | Apply
                | Inhale
                | Exhale
                | Fold
                | Unfold
                | Unfolding
                | In
                | Commit
                | Held
                | Committed
                | LockInvariant
                | EnvAssumption
                | GlobalInvariant
                | UnwritableByEnvIf
                | AlsoModifies
                | AccessibleIf
                | AccessibleIfIndexed
                | Performs
                | Witness
                | Atomic
                | Mover
                | Invariant
                | Perm
                | PointsTo
                | Value
                | CurPerm
                | Write
                | Read
                | NoPerm
        )
    }

    /// Java outside the subset that the grammar does not even parse: the
    /// construct's name, for a "not supported yet" error at the token.
    fn unsupported(&self) -> Option<&'static str> {
        use Token::*;
        Some(match self {
            OtherNumber(_) => "a floating-point literal",
            UnicodeEscape(_) => "a unicode escape outside a character or string literal",
            BitOp("<<" | ">>" | ">>>" | "<<=" | ">>=" | ">>>=") => "a shift operator",
            Bar => "|",
            Float | Double => "a floating-point type",
            _ => return None,
        })
    }

    /// Whether the token exists only in spec regions and is not a word
    /// (a Java program cannot contain it outside a comment).
    fn spec_symbol(&self) -> bool {
        use Token::*;
        matches!(
            self,
            BsResult
                | BsCurrentThread
                | BsOld
                | BsForall
                | BsForallStar
                | BsExists
                | BsLet
                | BsUnfolding
                | BsIn
                | BsArray
                | BsMatrix
                | BsValues
                | BsSum
                | BsNumOf
                | BsMax
                | BsMin
                | BsVcmp
                | BsVrep
                | Implies
                | StarStar
                | Wand
                | DotDot
                | Backslash
        )
    }
}

impl fmt::Display for Token<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Token::Ident(s) => write!(f, "identifier `{s}`"),
            Token::IntLit(s) | Token::OtherNumber(s) => write!(f, "number `{s}`"),
            Token::StringLit(s) | Token::CharLit(s) | Token::BitOp(s) | Token::UnicodeEscape(s) => {
                write!(f, "`{s}`")
            }
            t => write!(f, "`{}`", t.text()),
        }
    }
}

/// Where the lexer is: Java text, or inside a spec region.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Java,
    /// `//@`: until the end of the line (byte offset of the `\n`, or the text's end).
    SpecLine(usize),
    /// `/*@`: until `@*/` or `*/`; the offset of the opening, for errors.
    SpecBlock(usize),
}

/// The token stream the grammar reads: `(start, token, end)` or an error.
pub struct Lexer<'input> {
    text: &'input str,
    inner: logos::Lexer<'input, Token<'input>>,
    mode: Mode,
    /// Tokens read ahead (after `/*@`, a number, a contextual word, or a
    /// `(` that may open a cast), given out again first, in order.
    pending: std::collections::VecDeque<Spanned<'input>>,
    /// The last token given out leaves a `(` after it opening an operand
    /// (not a call's arguments or a statement's condition: `m(`, `if (`).
    operand_may_follow: bool,
    /// The bound on nesting (`crate::syntax::nesting`).
    nesting: Nesting,
    /// How far the tokens given out match `barrier (`: 0, 1 or 2 of them.
    barrier: u8,
    /// The last two tokens given out were `barrier (`.
    barrier_scope: bool,
    /// The spec regions read so far, delimiters included: what lies inside
    /// one is ghost (`syntax::java::ghost`). Regions with only comments and
    /// white space between them are one (a ghost method over `//@` lines).
    regions: Vec<std::ops::Range<usize>>,
    /// A Java token was given out since the last spec region.
    java_since_region: bool,
    /// The open `/*@` region continues the last one.
    block_continues: bool,
    /// The clause open in a `/*@` region, which its end or the next
    /// clause's keyword closes when its author wrote no `;`.
    clause_ends: super::clause_ends::ClauseEnds,
}

pub type Spanned<'input> = Result<(usize, Token<'input>, usize), JavaError>;

impl<'input> Lexer<'input> {
    pub fn new(text: &'input str) -> Lexer<'input> {
        let mut inner = Token::lexer(text);
        // A UTF-8 byte-order mark before the first token is no part of the program.
        if text.starts_with('\u{feff}') {
            inner.bump('\u{feff}'.len_utf8());
        }
        Lexer {
            text,
            inner,
            mode: Mode::Java,
            pending: std::collections::VecDeque::new(),
            operand_may_follow: true,
            nesting: Nesting::default(),
            barrier: 0,
            barrier_scope: false,
            regions: Vec::new(),
            java_since_region: true,
            block_continues: false,
            clause_ends: Default::default(),
        }
    }

    /// Records a spec region `at`; `continues`: nothing but comments and
    /// white space since the last one.
    fn region(&mut self, at: std::ops::Range<usize>, continues: bool) {
        match self.regions.last_mut() {
            Some(last) if continues => last.end = at.end,
            _ => self.regions.push(at),
        }
    }

    /// The spec regions of the text read so far, in order.
    pub fn spec_regions(&self) -> &[std::ops::Range<usize>] {
        &self.regions
    }

    /// Java translates unicode escapes before it finds comments: one in a
    /// comment may end the comment early (`// \u000a code`). weft skips
    /// comments, so such a comment is refused rather than read otherwise.
    fn comment_changes(&self, tok: Token<'_>, l: usize, r: usize) -> bool {
        let raw = &self.text[l..r];
        if !super::literal::has_unicode_escape(raw) {
            return false;
        }
        let Ok(text) = super::literal::unicode_escapes(raw) else {
            return true;
        };
        match tok {
            Token::LineComment => text.contains(['\n', '\r']),
            _ => text
                .get(2..text.len().saturating_sub(2))
                .is_none_or(|inner| inner.contains("*/")),
        }
    }

    fn raw(&mut self) -> Option<Spanned<'input>> {
        if let Some(p) = self.pending.pop_front() {
            return Some(p);
        }
        let tok = self.inner.next()?;
        let span = self.inner.span();
        Some(match tok {
            Ok(t) => Ok((span.start, t, span.end)),
            Err(JavaErrorKind::UnterminatedComment) => Err(JavaError {
                kind: JavaErrorKind::UnterminatedComment,
                start: span.start,
                end: span.start + 2,
            }),
            Err(kind) => Err(JavaError {
                kind,
                start: span.start,
                end: span.end,
            }),
        })
    }

    /// Java's annotations (`@Deprecated`, `@A(x)`, `@p.A(k = v, …)`, on
    /// classes, members, parameters and locals) carry no meaning for
    /// verification: the lexer drops each, its arguments included, after
    /// the `@` at `l..r`. (`@interface` is a token of its own.)
    fn skip_annotation(&mut self, l: usize, r: usize) -> Result<(), JavaError> {
        let malformed = |msg: &str, start, end| JavaError {
            kind: JavaErrorKind::Malformed(msg.into()),
            start,
            end,
        };
        let mut want_name = true;
        let mut depth = 0usize;
        let mut end = r;
        loop {
            let next = self.raw();
            let Some(next) = next else {
                return Err(malformed("an unfinished annotation", l, end));
            };
            let (tl, t, tr) = next.clone()?;
            end = tr;
            match t {
                Token::LineComment | Token::BlockComment => continue,
                _ if depth > 0 => match t {
                    Token::LParen => depth += 1,
                    Token::RParen if depth == 1 => return Ok(()),
                    Token::RParen => depth -= 1,
                    _ => {}
                },
                Token::Ident(_) if want_name => want_name = false,
                _ if want_name => return Err(malformed("an annotation needs a name", tl, tr)),
                Token::Dot => want_name = true,
                Token::LParen => depth = 1,
                _ => {
                    self.pending.push_front(next);
                    return Ok(());
                }
            }
        }
    }

    /// Gives `t` out again before the tokens still pending.
    fn unread(&mut self, t: Option<Spanned<'input>>) {
        if let Some(t) = t {
            self.pending.push_front(t);
        }
    }

    /// Whether the `(` just read opens a class cast `(C) e`: Java's rule, a
    /// parenthesised name followed by a token that can start an operand other
    /// than `+`/`-` (`(a) b`, `(a)(b)`, `(a) this`, `(a) !b` are casts; `(a) + b`,
    /// `(a).f`, `(a)[i]` are not), where an operand may start (not `m(a) …`,
    /// `if (a) x = 1;`). The tokens looked at are given out again.
    fn opens_cast(&mut self) -> bool {
        if !self.operand_may_follow {
            return false;
        }
        let mut seen = Vec::with_capacity(3);
        let cast = 'look: {
            for want in 0..3 {
                let Some(next) = self.raw() else {
                    break 'look false;
                };
                let tok = next.as_ref().ok().map(|t| (t.0, t.1));
                seen.push(next);
                let Some((l, tok)) = tok else {
                    break 'look false;
                };
                // A `//@` line's cast ends with the line.
                if matches!(self.mode, Mode::SpecLine(end) if l > end) {
                    break 'look false;
                }
                let fits = match want {
                    0 => matches!(tok, Token::Ident(_)),
                    1 => tok == Token::RParen,
                    _ => self.starts_cast_operand(tok),
                };
                if !fits {
                    break 'look false;
                }
            }
            true
        };
        for t in seen.into_iter().rev() {
            self.pending.push_front(t);
        }
        cast
    }

    /// Whether `t` can start the operand of a class cast (Java's
    /// UnaryExpressionNotPlusMinus, with JML's primaries).
    fn starts_cast_operand(&self, t: Token<'_>) -> bool {
        use Token as T;
        match t {
            T::Ident(_)
            | T::IntLit(_)
            | T::StringLit(_)
            | T::CharLit(_)
            | T::True
            | T::False
            | T::Null
            | T::This
            | T::Super
            | T::New
            | T::LParen
            | T::Bang
            | T::BitOp("~") => true,
            T::BsResult | T::BsOld | T::BsCurrentThread => self.mode != Mode::Java,
            // A JML word is a name in Java code.
            t => self.mode == Mode::Java && t.spec_only(),
        }
    }

    fn err(kind: JavaErrorKind, start: usize, end: usize) -> Option<Spanned<'input>> {
        Some(Err(JavaError { kind, start, end }))
    }
}

impl<'input> Iterator for Lexer<'input> {
    type Item = Spanned<'input>;

    fn next(&mut self) -> Option<Self::Item> {
        self.barrier_scope = self.barrier == 2;
        let mut item = self.token();
        if let (Mode::SpecBlock(_), Some(Ok((l, t, _)))) = (self.mode, &item) {
            if self.clause_ends.before(t, t.shape()) {
                let semi = Some(Ok((*l, Token::Semi, *l)));
                self.unread(std::mem::replace(&mut item, semi));
            }
        }
        if self.mode == Mode::Java && matches!(item, Some(Ok(_))) {
            self.java_since_region = true;
        }
        if let Some(Ok((_, t, _))) = &item {
            use Token as T;
            // After these a `(` is a call's or a statement's, or no operand
            // can start: `m(a)`, `this(a)`, `if (a)`, `f(x)(y)` (a JML word
            // in Java text was given out as a name).
            self.operand_may_follow = !matches!(
                t,
                T::Ident(_)
                    | T::RParen
                    | T::RBracket
                    | T::This
                    | T::Super
                    | T::If
                    | T::While
                    | T::For
                    | T::Switch
                    | T::Synchronized
                    | T::Catch
                    | T::AtomicOp(_)
            );
        }
        self.barrier = match (&item, self.barrier) {
            (Some(Ok((_, Token::Ident("barrier"), _))), _) => 1,
            (Some(Ok((_, Token::LParen, _))), 1) => 2,
            _ => 0,
        };
        Some(match item? {
            Ok((l, t, r)) if !self.nesting.step(t.shape()) => Err(JavaError {
                kind: JavaErrorKind::Malformed(TOO_DEEP.into()),
                start: l,
                end: r,
            }),
            item => item,
        })
    }
}

impl<'input> Lexer<'input> {
    /// The next token, before the nesting bound.
    fn token(&mut self) -> Option<Spanned<'input>> {
        loop {
            let item = match self.raw() {
                Some(item) => item,
                None => {
                    return match self.mode {
                        Mode::SpecBlock(open) => {
                            self.mode = Mode::Java;
                            Self::err(JavaErrorKind::UnterminatedComment, open, open + 3)
                        }
                        _ => None,
                    }
                }
            };
            let (l, tok, r) = match item {
                Ok(t) => t,
                Err(e) => return Some(Err(e)),
            };
            // A `//@` region ends with its line.
            if let Mode::SpecLine(end) = self.mode {
                if l > end {
                    self.mode = Mode::Java;
                }
            }
            match (self.mode, tok) {
                // A comment whose line starts with `@` (`block_comment`).
                (Mode::Java, Token::BlockComment) if !self.text[l..r].ends_with("*/") => {
                    self.mode = Mode::SpecBlock(l);
                    self.clause_ends.reset();
                    self.block_continues = !self.java_since_region;
                    self.java_since_region = false;
                    continue;
                }
                (_, Token::LineComment | Token::BlockComment) => {
                    if self.comment_changes(tok, l, r) {
                        return Self::err(
                            JavaErrorKind::NotSupported(
                                "a unicode escape that ends a comment".into(),
                            ),
                            l,
                            r,
                        );
                    }
                    continue;
                }
                // `1.` and `1.e5` are floating-point literals (`1..n` is a range).
                (_, Token::IntLit(_)) => {
                    let next = self.raw();
                    if let Some(Ok((dl, Token::Dot, dr))) = next {
                        if dl == r {
                            return Self::err(
                                JavaErrorKind::NotSupported("a floating-point literal".into()),
                                l,
                                dr,
                            );
                        }
                    }
                    self.unread(next);
                    return Some(Ok((l, tok, r)));
                }
                // `kernel`, `global` and `local` are words of GPU code only before
                // a type (`kernel void f`, `global int[] a`), in `kernel invariant`
                // and in `barrier(local)`; elsewhere they are names, as in Java.
                (_, Token::Kernel | Token::Global | Token::Local) => {
                    let next = self.raw();
                    let next_tok = next.as_ref().and_then(|n| n.as_ref().ok()).map(|n| &n.1);
                    let word = match (tok, next_tok) {
                        (Token::Kernel, Some(Token::Invariant)) => true,
                        (_, Some(Token::RParen)) => self.barrier_scope,
                        _ => false,
                    };
                    let before_type = word
                        || matches!(
                            next,
                            Some(Ok((
                                _,
                                Token::Int
                                    | Token::Boolean
                                    | Token::Void
                                    | Token::Long
                                    | Token::Short
                                    | Token::Byte
                                    | Token::Char
                                    | Token::Float
                                    | Token::Double,
                                _
                            )))
                        );
                    self.unread(next);
                    let tok = if before_type {
                        tok
                    } else {
                        Token::Ident(&self.text[l..r])
                    };
                    return Some(Ok((l, tok, r)));
                }
                // The thesis's `Set<role>` (Java's spelling) is the spec type
                // `set<role>`; likewise `Seq<…>` and `Bag<…>`, in specifications.
                (
                    Mode::SpecBlock(_) | Mode::SpecLine(_),
                    Token::Ident(w @ ("Set" | "Seq" | "Bag")),
                ) => {
                    let next = self.raw();
                    let lt = matches!(next, Some(Ok((_, Token::Lt, _))));
                    self.unread(next);
                    let tok = match (w, lt) {
                        ("Set", true) => Token::Set,
                        ("Seq", true) => Token::Seq,
                        ("Bag", true) => Token::Bag,
                        _ => tok,
                    };
                    return Some(Ok((l, tok, r)));
                }
                (Mode::Java, Token::SpecLine) => {
                    let end = self.text[r..].find('\n').map_or(self.text.len(), |i| r + i);
                    self.mode = Mode::SpecLine(end);
                    self.region(l..end, !self.java_since_region);
                    self.java_since_region = false;
                    continue;
                }
                (Mode::Java, Token::SpecBlock) => {
                    self.mode = Mode::SpecBlock(l);
                    self.clause_ends.reset();
                    self.block_continues = !self.java_since_region;
                    self.java_since_region = false;
                    // `/*@<` opens class ghost arguments.
                    let next = self.raw();
                    if let Some(Ok((_, Token::Lt, nr))) = next {
                        return Some(Ok((l, Token::SpecTypeArgs, nr)));
                    }
                    self.unread(next);
                    continue;
                }
                (Mode::SpecBlock(open), Token::SpecEndAt | Token::SpecEnd) => {
                    self.mode = Mode::Java;
                    self.region(open..r, self.block_continues);
                    if self.clause_ends.at_end() {
                        return Some(Ok((l, Token::Semi, l)));
                    }
                    continue;
                }
                // `{:` and `:}` are trigger marks only in specifications
                // (`default:}` ends a switch).
                (Mode::Java, Token::TriggerOpen | Token::TriggerClose) => {
                    let (first, second) = match tok {
                        Token::TriggerOpen => (Token::LBrace, Token::Colon),
                        _ => (Token::Colon, Token::RBrace),
                    };
                    self.pending.push_front(Ok((l + 1, second, r)));
                    return Some(Ok((l, first, l + 1)));
                }
                (Mode::Java, Token::At) => match self.skip_annotation(l, r) {
                    Ok(()) => continue,
                    Err(e) => return Some(Err(e)),
                },
                // JML decorates spec lines with `@`.
                (Mode::SpecBlock(_) | Mode::SpecLine(_), Token::At) => continue,
                (Mode::SpecBlock(_) | Mode::SpecLine(_), Token::SpecLine | Token::SpecBlock) => {
                    return Self::err(
                        JavaErrorKind::Malformed(
                            "a specification comment cannot start inside another".into(),
                        ),
                        l,
                        r,
                    )
                }
                (Mode::Java, Token::SpecEndAt | Token::SpecEnd) => {
                    return Self::err(
                        JavaErrorKind::Malformed("comment end without a comment".into()),
                        l,
                        r,
                    )
                }
                (Mode::Java, t) if t.spec_only() => {
                    return Some(Ok((l, Token::Ident(&self.text[l..r]), r)))
                }
                (Mode::SpecBlock(_) | Mode::SpecLine(_), Token::Arrow) => {
                    return Some(Ok((l, Token::SpecArrow, r)))
                }
                // `|xs|` (a sequence's length) in specifications, as in PVL.
                (Mode::SpecBlock(_) | Mode::SpecLine(_), Token::BitOp("|")) => {
                    return Some(Ok((l, Token::Bar, r)))
                }
                (Mode::Java, t) if t.spec_symbol() => {
                    return Self::err(
                        JavaErrorKind::Malformed(format!(
                            "{t} is specification syntax: write it inside `//@` or `/*@ … @*/`"
                        )),
                        l,
                        r,
                    )
                }
                (_, Token::LParen) if self.opens_cast() => {
                    return Some(Ok((l, Token::CastParen, r)));
                }
                (_, t) => {
                    if let Some(what) = t.unsupported() {
                        return Self::err(JavaErrorKind::NotSupported(what.into()), l, r);
                    }
                    return Some(Ok((l, t, r)));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<String> {
        Lexer::new(s)
            .map(|t| match t {
                Ok((_, t, _)) => format!("{t:?}"),
                Err(e) => format!("error {e}"),
            })
            .collect()
    }

    #[test]
    fn spec_keywords_only_in_spec_regions() {
        assert_eq!(toks("requires"), ["Ident(\"requires\")"]);
        assert_eq!(
            toks("//@ requires\nrequires"),
            ["Requires", "Ident(\"requires\")"]
        );
        assert_eq!(
            toks("/*@ requires x; @*/ int"),
            ["Requires", "Ident(\"x\")", "Semi", "Int"]
        );
        assert_eq!(
            toks("/*@ ensures */ frac"),
            ["Ensures", "Semi", "Ident(\"frac\")"]
        );
    }

    #[test]
    fn a_clause_without_its_semicolon_ends_at_the_comment_or_the_next_clause() {
        // Calvin's papers write ESC/Java's pragmas without `;`.
        assert_eq!(
            toks("/*@ env_assumption x */ class"),
            ["EnvAssumption", "Ident(\"x\")", "Semi", "Class"]
        );
        assert_eq!(
            toks("/*@ requires f(a; b) modifies x */"),
            [
                "Requires",
                "Ident(\"f\")",
                "LParen",
                "Ident(\"a\")",
                "Semi",
                "Ident(\"b\")",
                "RParen",
                "Semi",
                "Modifies",
                "Ident(\"x\")",
                "Semi"
            ]
        );
        // A `performs` takes its actions and needs no `;`; an `action:` its `ensures`.
        assert_eq!(
            toks("/*@ requires p performs action () { q } */"),
            [
                "Requires",
                "Ident(\"p\")",
                "Semi",
                "Performs",
                "Action",
                "LParen",
                "RParen",
                "LBrace",
                "Ident(\"q\")",
                "RBrace"
            ]
        );
        assert_eq!(
            toks("/*@ action: ensures q */"),
            ["Action", "Colon", "Ensures", "Ident(\"q\")", "Semi"]
        );
        // A field's access predicate has Java's `;` after the comment.
        assert_eq!(
            toks("int m /*@ accessible_if p */;"),
            [
                "Int",
                "Ident(\"m\")",
                "AccessibleIf",
                "Ident(\"p\")",
                "Semi"
            ]
        );
    }

    #[test]
    fn comments_and_markers_are_skipped() {
        assert_eq!(
            toks("/*! { Perm(x, 1) } !*/ a // b\n/*[/expect perm]*/ c /*[/end]*/"),
            ["Ident(\"a\")", "Ident(\"c\")"]
        );
        assert_eq!(
            toks("//@ [/expect perm]x[/end] + 1;"),
            ["Ident(\"x\")", "Plus", "IntLit(\"1\")", "Semi"]
        );
        // A marker that leaves its comment open: the `/*@` after it is read.
        assert_eq!(
            toks("/*[/expect perm]\n/*@ ensures @*/ c /*[/end]"),
            ["Ensures", "Semi", "Ident(\"c\")"]
        );
    }

    #[test]
    fn a_comment_line_starting_with_at_starts_a_specification() {
        assert_eq!(
            toks("/* text\n  @ ensures x;\n  @ pure */ c"),
            ["Ensures", "Ident(\"x\")", "Semi", "Pure", "Ident(\"c\")"]
        );
        // `@` after other text on the line stays in the comment.
        assert_eq!(toks("/* a @ b\n * @param */ c"), ["Ident(\"c\")"]);
    }

    #[test]
    fn jml_at_signs_and_type_args() {
        assert_eq!(
            toks("/*@\n  @ fold p;\n  @*/"),
            ["Fold", "Ident(\"p\")", "Semi"]
        );
        assert_eq!(
            toks("Lock/*@<inv>@*/ l"),
            [
                "Ident(\"Lock\")",
                "SpecTypeArgs",
                "Ident(\"inv\")",
                "Gt",
                "Ident(\"l\")"
            ]
        );
    }

    #[test]
    fn numbers() {
        assert_eq!(
            toks("0x1F 010 1_000"),
            ["IntLit(\"0x1F\")", "IntLit(\"010\")", "IntLit(\"1_000\")"]
        );
        // A range in a quantifier is not a floating-point literal.
        assert_eq!(
            toks("//@ 0..n"),
            ["IntLit(\"0\")", "DotDot", "Ident(\"n\")"]
        );
        for float in ["1.5", "1e5", "2f", "1.", ".5", "0x1p3"] {
            assert_eq!(
                toks(float),
                ["error a floating-point literal is not supported yet"],
                "{float}"
            );
        }
    }

    #[test]
    fn byte_order_mark_and_unicode() {
        assert_eq!(toks("\u{feff}int"), ["Int"]);
        assert_eq!(toks("größe"), ["Ident(\"größe\")"]);
        assert_eq!(
            toks("\\u0061"),
            ["error a unicode escape outside a character or string literal is not supported yet"]
        );
        assert_eq!(
            toks("// a \\u000a b\nc"),
            [
                "error a unicode escape that ends a comment is not supported yet",
                "Ident(\"c\")"
            ]
        );
        assert_eq!(toks("// a \\u0041 b\nc"), ["Ident(\"c\")"]);
    }

    #[test]
    fn errors_have_places() {
        assert_eq!(
            toks("/*@ requires"),
            ["Requires", "error unterminated comment: `/*` without `*/`"]
        );
        assert_eq!(
            toks("a ** b")[1],
            "error `**` is specification syntax: write it inside `//@` or `/*@ … @*/`"
        );
    }
}
