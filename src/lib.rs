//! weft: a verifier for concurrent programs.
//!
//! weft reads annotated PVL (the VerCors language) and Java with JML, lowers it through a fixed
//! list of passes into plain permission-based code, encodes it into a
//! backend-neutral verification IR, and checks that either as Viper Silver on
//! Silicon or as Boogie (weft's own permission encoding) on Boogie, mapping
//! every backend error back to the source construct with a VerCors failure
//! code and a span. This comment is the design doc: the map of the code.
//!
//! # Stages
//!
//! ```text
//! text ─syntax::lexer (logos)─> tokens ─grammars/pvl.lalrpop─> syntax::ast (spans)
//!      (.java: syntax::java lexer ─grammars/java.lalrpop─> the same syntax::ast)
//!      ─check─> core (resolved, typed) ─passes─> core ─encode─> vir + OriginTable
//!      ─emit::silver─> Silver text + PosMap ─backend::silicon─> BackendFailure*
//!      ─blame─> diag::Diagnostic (VerCors code, source span) ─diag::render─> terminal | JSON
//!                                                            ─diag::sarif─> SARIF 2.1.0
//!   or ─emit::boogie─> Boogie text + Checks ─backend::boogie─> BoogieError* ─blame::blame_check─> …
//! ```
//!
//! The stages from `check` to `emit::silver` go one member at a time
//! ([`pipeline`]): the declarations first (signatures, contracts,
//! functions, predicates: [`check::declare`]; each pass's declaration part:
//! [`passes::declare`]), then each function and predicate is encoded and
//! printed, and each method body is parsed (the first parse skimmed over
//! it: [`syntax::skim`]), checked ([`check::Declared::body`]), lowered by
//! every pass ([`passes::Lower`]), encoded ([`encode::RunEncoder`]) and
//! printed ([`emit::silver::RunPrinter`]) before the next; the fields and
//! the prelude ([`encode::declarations`]) come last, when every member has
//! said what it needs. For Boogie the members are collected instead
//! ([`pipeline::encoded`]): its emitter reads callees' contracts.
//!
//! * [`span`]: spans and the file store, below both the syntax and the
//!   diagnostics ([`syntax::span`] re-exports it).
//! * [`syntax`]: the logos lexer,
//!   the lalrpop grammar glue and the untyped syntax tree ([`syntax::ast`]).
//!   [`syntax::java`] reads Java with JML specifications (`//@`, `/*@ @*/`;
//!   `grammars/java.lalrpop`) into the same tree, desugaring
//!   `x++`, compound assignment, field initializers, `synchronized` (a
//!   `Synchronized` node, lowered by `passes::desugar`), `throw` and `try`
//!   (kept as nodes for `passes::exceptions`; the checker resolves them in
//!   `check::exceptions`) and
//!   `wait()`/`notify()` (lock statements), `enum E { A, B }` (a class
//!   with `enum_constants`, typed `core::Type::Enum` by the checker: an
//!   integer, null 0, read through `core::enum_value`), `instanceof`
//!   (`ast::ExprKind::InstanceOf`), class casts (`ast::ExprKind::Cast`: the
//!   lexer makes a cast's `(` a token of its own by what follows the `)`,
//!   `Lexer::opens_cast`; an upcast is its operand, a downcast a
//!   `core::ExprKind::Cast`; the lexer drops annotations, and
//!   `@interface` is an interface; a clause of a `/*@ … */` comment may end
//!   without its `;`, at the comment's end or the next clause's keyword, as
//!   ESC/Java's pragmas and Calvin's papers write it:
//!   `syntax::java::clause_ends`; a static class, interface or enum declared
//!   in a class is a class of the unit, an inner class `notSupported`); the spec library (`backends/spec/java/…`,
//!   annotated Java) is loaded with a program that names its classes;
//!   the files of the classes a Java file uses from its package or imports
//!   are read with it ([`syntax::java::sources`]: `<root>/p/C.java`, the root
//!   the file's folder less its package), and the checker sees another
//!   package's class only through an import (`check::names::FileNames`). The
//!   Java constructs that are encodings are lowered by passes, not here
//!   (`passes::java`). [`syntax::walk`] is the one mutable traversal of the
//!   tree; [`syntax::print`] prints it as source (exhaustively: `weft emit
//!   --dump-after` a Java tree pass). PVL
//!   generics ([`syntax::generics`]): a generic class or member is a
//!   template, copied once per type-argument list used (`Box<int>` → class
//!   `Box$int`, `id<int>(x)` → `id$int(x)`); a template never used is
//!   verified once with each type parameter an empty class of its name;
//!   type arguments must be written; files with templates are parsed whole.
//!   The lexer reads `<` after a name as type arguments when only types
//!   stand before the matching `>` and a call, `{`, `>` or `,` follows.
//!   PVL is VerCors's grammar: `run { … }` is `void run()`, `lock_invariant
//!   I; class C` the class's lock invariant, bare `[/expect C]`/`[/end]`
//!   markers are skipped, and the later layers' blocks (`par`, `parallel`,
//!   `sequential`, `vec`, `barrier`) parse into one `NotSupported` statement
//!   the checker reports with its span; `invariant name(R) { … }` and
//!   `atomic(names) { … }` parse into their own statements.
//! * [`check`]: name resolution and type checking; produces [`core`], where
//!   the source loops stay typed nodes (`core::StmtKind::Loop` for `while`
//!   and `for`, `ForRange`, `DoWhile`, `Labelled`) numbered per callable,
//!   each `break`/`continue` (labelled or not) resolved to the one it
//!   leaves (`Break(LoopId)`, `Continue(LoopId)`; the checker reports a jump
//!   with no target or a `continue` of a statement that is no loop),
//!   `PointsTo` is `Perm ** ==`, quantifier
//!   ranges are implications; several ranges, `int i = 0..n, int j = i..n`,
//!   each see the binders before them) and every expression has a type.
//!   A method call, `new` or array creation inside a statement's expression
//!   is typed where it stands (`core::ExprKind::Invoke`, `NewArray`), and
//!   so are `x++`/`++x` and VerCors's `e then S` (`ast::ExprKind::Then`,
//!   Java's `e /*@ then S */`, PVL; `S` checked as ghost code that does not
//!   leave itself) as `core::ExprKind::Effect` (`check::lift`); `passes::lift`
//!   runs them as statements. Calls in specifications are refused.
//!   The members and operators of the collection types are resolved there
//!   (`check::collections`): one that is a core built-in or operator is
//!   that (`m.keys`, `xs.contains(x)` is `x in xs`), the others
//!   (`isEmpty`, `removeAt(i)`, `x :: xs`, `getOrElse(d)`, map literals,
//!   slices with a bound left out) typed `core::ExprKind::Collection` nodes
//!   for `passes::collections`; the thesis's `head(xs)`/`tail(xs)` are the
//!   sequence's (unless the class declares a method of that name: a field
//!   `tail`, as the lock-free queue has, does not hide them); `{: e :}` marks become the quantifier's
//!   trigger (checked to mention every bound variable, none under
//!   arithmetic). Calvin's annotations (`check::rely_guarantee`) are typed
//!   as two-state predicates of their class, with `tid` and `main` thread
//!   ids in a class with a monitor owner. Class names ([`check`]'s `names::ClassNames`): files of a
//!   run may each declare a class of one name (VerCors allows it); a written
//!   name means its file's class, else the run's first. A PVL local declared
//!   again in its block shadows the first (as VerCors reads PVL). Inline
//!   predicates and functions that reach themselves are `cyclicInline`.
//!   The CLI runs on a thread with a 1 GiB stack (reserved, not used:
//!   [`parallel::STACK`]), as do the pipeline's workers, since the stages
//!   recurse over the input's nesting.
//! * [`passes`]: the whole lowering is one list, [`passes::LOWERING`]
//!   (`weft emit --list-passes`; `weft emit --dump-after STEP` prints the
//!   program after any entry: the tree as source after a tree step
//!   ([`syntax::print`]; the library's own classes left out, the instances
//!   made from its templates shown), the core program after the others
//!   ([`core::print`])). Each entry names the backends that give its
//!   constructs a meaning (a program with them is refused on the others).
//!   First the tree steps ([`passes::TreePass`], before checking, each a
//!   `WEFT_STAGES` stage), the Java ones: `switch` (the subject once, a
//!   test per group in order, jumps into the groups, which fall through,
//!   and each `break` that leaves the switch aimed at its label; the subject
//!   typed as its value, `ast::TypeKind::Inferred`), `kernel` (GPU kernels become
//!   `par` blocks of work groups and threads inside `invariant` blocks, their
//!   atomic operations `atomic` blocks, their barriers the par layer's;
//!   [`passes::java::kernel`] opens with the proof rule), `binders` (`?w` in
//!   a postcondition becomes a ghost result, set where the body folds the
//!   predicate it is passed to), `instantiate` (class ghost
//!   parameters, with `lemma` proofs and the AtomicInteger protocol check
//!   `protocol`), `runnable` (a thread class per
//!   `new Thread(r)`), `inherit` (`extends` by copying), `csl` (the ch. 7
//!   atomics: a class's `csl_invariant` established by its constructors, each
//!   `get`/`set`/`compareAndSet` of an atomic cell an `atomic` block in an
//!   `invariant` block of the method; [`passes::java::csl`] opens with the rule
//!   \[ATOMIC\]); they make classes
//!   the checker resolves like written ones; then `ghost` (JML's ghost code
//!   marked, [`syntax::java::ghost`]) and `generics` (PVL's templates,
//!   [`syntax::generics`]). Then `check` (the checker: tree to core), then
//!   the core-to-core rewritings ([`passes::PASSES`], the list's core
//!   entries): first `lift` (each effect inside an expression runs as
//!   statements just before its statement, into a fresh local, in Java's
//!   order: a heap read before it is read into a local first,
//!   `&&`/`||`/`==>`/`?:` become `if`s around it; a loop condition's join the
//!   loop's head, which `loops` runs at every iteration), then `loops` (the source loops and their jumps become
//!   `While`, labels and forward gotos: a `break` to a label after its
//!   statement, a `continue` to one at the end of the body, before a `for`'s
//!   update; `do S while (c)` is `S; while (c) S′`, S′ a copy with its loops
//!   and locals renamed; a range loop gets the invariant bounding its
//!   variable; `passes::loops` opens with the rule), then `explore`, where a
//!   program with atomicity specifications leaves the list for the explorer
//!   ([`atomicity`], Boogie only, which reads the program as the core
//!   passes before it leave it), then the rely/guarantee layers, `calvin_r`
//!   then `calvin` (each leaves a program without its annotations as it is;
//!   `calvin` removes every atomic step, `core::StmtKind::AtomicStep`,
//!   Calvin-R's that `calvin_r` left as the sequential code they are; what
//!   both build, the thread's id, every object's shared state, a monitor's
//!   acquire, a call's hoisted operands and the inlining of a callee, is
//!   one kit, `passes::rely_guarantee`): `calvin` (Calvin's
//!   rely/guarantee, Boogie only: in a Java unit with `env_assumption`,
//!   `global_invariant` or `unwritable_by_env_if` annotations, which the
//!   front end keeps as typed members (`syntax::ast::RelyGuarantee`, with
//!   the roles of the ghost fields and of the ghost monitor owner `holder`
//!   it declares in each class) and the checker as two-state predicates in
//!   [`core::Features`]' `calvin` and `monitor_owner`, by id, every method
//!   that no other method calls is a thread verified sequentially: the
//!   environment (havoc of the shared state under E and I) before each step,
//!   the guarantee asserted after each write, `synchronized` as the monitor
//!   owner's steps (reentrant), `atomic: { … }`, `acquire(m)`/`release(m)`
//!   of an int mutex and `CAS(l, e, n)` (which the checker makes atomic
//!   steps in a class with a monitor owner) as one step each, static fields
//!   as shared state (`core::Calvin::statics`), a ghost field's write in
//!   the step of its value's read, an array element's read or write as a
//!   step, E's reflexivity and transitivity in a method made from the first
//!   thread; a method abstraction (`modifies`, `action: also_modifies v
//!   ensures e;`, kept like the annotations) is inlined at each call, its
//!   actions checked against the guarantee there, and its body checked to
//!   simulate it with a ghost program counter; a call of a method without
//!   one has the callee's body inlined (the pipeline checks such a program's
//!   bodies before the passes' declarations, which keep them);
//!   [`passes::calvin`] opens with the rule; `--backend silicon` refuses the
//!   program in the driver), `calvin_r` (Calvin-R, Boogie only: in a Java
//!   unit with `accessible_if` fields or `performs` specs (syntax of their
//!   field and method, checked into `core::Features::calvin_r` by id: the
//!   unit's classes, the access predicates, the specs' actions and their
//!   composition), with `acquire(m)`/`release(m)` read by the checker as
//!   atomic steps and `witness "L"` a statement of its own
//!   (`StmtKind::Witness`, which the pass removes), every method
//!   is checked in place with the environment (a havoc framed by exclusive
//!   access) before each step and each access's predicate asserted
//!   (`accessPredicate`), and, with a spec, in a method `performs` made from
//!   it, reduced by a ghost right/left phase (`notAtomic`) and simulated by
//!   the spec's actions at each loop head, `break` and return
//!   (`actionMismatch`); a call is one step doing an action of the callee's
//!   spec, `synchronized` the acquire and release of the ghost mutex, the
//!   monitor owner `holder` each class gets (`Features::monitor_owner`);
//!   the environment's stability in a method `access_stable`;
//!   [`passes::calvin_r`] opens with the reduction rule), `collections`
//!   (the collections' `Collection` nodes as the built-ins and operators
//!   they stand for: `isEmpty` is `|xs| == 0`, `x :: xs` is `[x] + xs`,
//!   `getOrElse(d)` a conditional, a map literal updates of the empty map),
//!   `group` (thesis ch. 2: a group predicate `P(…, frac p)` becomes the
//!   scaled predicate, without p and its body at p = 1, and `P(…, e)` is
//!   `[e]P(…)`; a body not homogeneous in p is refused; `passes::group`
//!   has the rule), `refine`
//!   (interface methods: inherited contracts and refinement obligations),
//!   `context_everywhere`, `exceptions` (Java's `throw`, `try`/`catch`/
//!   `finally`, `signals` and `throws`: each method that may throw gets the
//!   thrown object as a ghost result, its `ensures` guarded by `exc ==
//!   null`, its `signals` by `exc instanceof E`; a throw is a jump to the
//!   innermost handler, a `finally` is reached by every exit of its block,
//!   which records the exit taken and is dispatched on after it; an
//!   exception leaving a method its contract does not let throw is
//!   `extraExc`; `passes::exceptions` opens with the rule and why it is
//!   sound), `dyntype` (`instanceof` as a test of `weft_class_of(o)`, an
//!   abstract heap-independent function assumed at each `new`; exception
//!   classes are the classes with subtyping, `core::Class::superclass`;
//!   a constructor's `this` is of its class; a downcast `(C) e` is `e`
//!   checked to be null or of C, `core::ExprKind::Checked`, which the
//!   encoder makes an `asserting`: `castFailed`, in code and specifications;
//!   declared with exceptions or when the program writes `instanceof` or a
//!   cast),
//!   `desugar` (Java's `synchronized` becomes lock operations with an
//!   unlock before every exit, a thrown exception's jump among them),
//!   `histories` (thesis
//!   ch. 7, layer 3, on top of the others: processes become abstract
//!   integer functions (unit laws, associativity of `*`), a history
//!   fraction `m.state(p, F)` (future F) or the thesis's `Hist(m, p, P)`
//!   (past P) an abstract predicate carrying its fraction plus a token,
//!   `HPerm` and `Perm` on a model's field permissions with passive/plain
//!   tokens; create, destroy, split, merge (and their `_hist` forms) and
//!   action blocks become checks, exhales and inhales; one method per
//!   process proves its contract, `p(x̄) || q(ȳ)` by the expansion law; a
//!   history class's lemma must terminate; with the csl atomics, a history
//!   in a class invariant and an action statement in an atomic step's ghost
//!   code give the lock-free queue of `examples/histories/LFQ.java`, whose
//!   put and get each do their action in the step that links or unlinks a
//!   node), `atomics` (invariant blocks exhale R, atomic
//!   blocks inhale and exhale it, R's locals frozen at entry, jumps across
//!   the blocks refused), `par` (the caller exhales every thread's
//!   precondition and inhales their postconditions; one thread is verified
//!   for an arbitrary id, holding only its precondition: a PVL thread in the
//!   caller, framed by a loop that runs once; a GPU kernel's thread in a
//!   method of its own whose parameters are the locals it reads, with what
//!   the caller knew of them (`par::facts`); barriers in the thread, their
//!   consistency proved in a frame), `current_thread` (`\current_thread`
//!   becomes a parameter of every method and thread-local predicate, a run's
//!   is its thread object's id; only when the program names it), `threads`,
//!   `locks`. The checker resolves what the layers act on into typed core
//!   nodes and a table by id ([`core::Features`]: each lockable class's
//!   invariant, each runnable class's `run`, each method's interface
//!   methods, Calvin's annotations and each monitor owner; [`core::Token`]: `held`,
//!   `committed`, `idle`, `running` of an object); the pass of each layer
//!   declares the members that encode them and lowers them, so the checker
//!   imports no pass and no generated member is found again by name.
//!   Models and their actions and processes are [`core::Features`]'
//!   `models`; history statements and expressions are `core::StmtKind::
//!   History`/`Action` and `core::ExprKind::History`. Calvin-R's classes,
//!   access predicates and `performs` specs are its `calvin_r` (the
//!   specs' composition an enum, `syntax::ast::PerformsShape`); its
//!   witnesses `core::StmtKind::Witness`.
//!   Each further concurrency layer (rely/guarantee) is one more
//!   entry; `check/par.rs` resolves par blocks and barriers (a barrier names
//!   the par block whose thread it is directly in). The pass contract: a [`passes::Pass`]
//!   names the statements, expressions and declarations it removes
//!   (`removes`, `removes_expr`, `removes_decl`: a contract clause's kind,
//!   a relation of the features), and after it declares and after it lowers a body a
//!   validator ([`passes::leftover`], debug builds and tests) reports any left
//!   as an internal error naming the pass (exit 3), never as the user's
//!   `notSupported`. Every pass walks bodies and rewrites expressions with
//!   [`core::visit`] (the statement walk, whose match over statement kinds is
//!   exhaustive, and the one expression folder, used by the checker too): a
//!   new block kind (par, atomic, invariant) is seen by every pass once it is
//!   added there. The expressions and statements a pass (or the checker)
//!   makes come from one set of builders, [`core::build`] (`eq`, `and`,
//!   `implies`, `int`, `local`, `check`, …), not from copies of its own.
//!   A pass may also make methods from a body ([`passes::Out`]'s `made`:
//!   proof obligations nothing calls, as a par block's thread, a barrier's
//!   consistency or a process will be): each goes through the passes after
//!   its maker (holding nothing its maker or an earlier pass removes:
//!   validated) and the encoder right after the body it comes from, in the
//!   same run, named within it (`C__m__1copy`), so the pipeline still holds
//!   one member at a time. No pass of today makes one.
//! * [`atomicity`]: Bogor's atomicity checking, an analysis of the checked
//!   core program beside the passes (not a lowering: such a program has no
//!   permission-based meaning, so the driver sends it neither to the passes
//!   nor to a backend; `--backend silicon` refuses it, `--backend boogie`
//!   runs this instead and reports its verdict as a backend's). A Java
//!   method's `/*@ atomic */` or `/*@ mover */` (`ast::Modifiers::atomicity`,
//!   `core::Features::atomicity`; the checker then lets any object's
//!   monitor be used and ghost arguments be left out) is checked statically
//!   against R* N? L* ([`atomicity::classify`]: Lipton's movers, Flanagan
//!   and Qadeer's table) and by an explicit-state depth-first search of the
//!   program's `main` ([`atomicity::explore`], over the instructions of
//!   [`atomicity::compile`]), which reports each annotated method definitely
//!   not atomic (a `wait`, deadlock, circular wait or cycle inside it),
//!   possibly not atomic (a pattern break, with the interleaving), or atomic
//!   within the bound (`--explore-states`, `--explore-depth`); the module doc
//!   says why a search in weft rather than Boogie, and why it is sound.
//! * [`encode`]: core → [`vir`], one module per syntactic category
//!   (`decl`, `stmt`, `expr`), names in `names`, the on-demand prelude in
//!   `prelude`.
//! * [`emit`]: printers; [`emit::silver`] (one printer, writing its layout
//!   directly: it was checked against `pretty` documents, whose layout the
//!   tests keep) records where each blamed node is printed ([`emit::PosMap`]); [`emit::boogie`] encodes permissions into a
//!   heap and a mask and records, per line, what each `assert` checks
//!   ([`emit::boogie::Checks`]). Its modules: `info` (declarations), `ty`
//!   (types of IR expressions, which Boogie needs), `expr` (values), `wd`
//!   (well-definedness checks), `assertion` (inhale, exhale, predicate
//!   frames), `qp` (quantified permissions), `stmt`, `decl`, `proc`.
//! * [`backend`]: provisioning ([`backend::provision`]: pinned, checksummed
//!   Silicon and Z3 in the cache directory; Debian's Boogie through apt) and
//!   running Silicon ([`backend::silicon`]) or Boogie ([`backend::boogie`])
//!   with a timeout, their output parsed into typed failures (a Boogie
//!   procedure that used its whole time limit is a timeout even when Boogie
//!   lists failures for it: [`backend::boogie::parse::ran_out_of_time`]). Every backend
//!   runs in a process group of its own ([`backend::process`]), ended with
//!   its solvers on a timeout or on weft's SIGINT/SIGTERM/SIGHUP. Silicon
//!   runs on warm worker JVMs ([`backend::silicon::warm`]: weft's driver
//!   `backends/silicon/WeftSilicon.java`, one program at a time per worker,
//!   a faulty worker killed and replaced); verdicts of completed runs are
//!   kept by the hash of the backend text ([`backend::cache`]). A failing
//!   program is verified once more with Silicon's counterexamples (they need
//!   its other exhale mode, so the verdict's run stays as it was):
//!   [`backend::silicon::model`] reads the failing state. On Boogie the
//!   failing procedures are verified once more with a capture point on
//!   each failing assert: [`backend::boogie::model`].
//! * [`blame`]: a backend failure → the origin of the node printed at its
//!   position → the failure code and source span; for Boogie the check table
//!   already names the origin; [`blame::model`] puts a counterexample in the
//!   source's names.
//! * [`diag`]: diagnostics, failure and error codes as types, rendering
//!   (human, JSON, SARIF: [`diag::sarif`]; [`diag::clip`] cuts long lines
//!   around the labels); [`diag::explain`] is `weft
//!   explain` and the one-line hint under every diagnostic, from the texts and
//!   programs in `src/diag/explain/` (verified by the suite like examples).
//! * [`lsp`]: `weft lsp`, the language server (verify on open and save).
//! * [`expect`]: VerCors expectation markers (`/*[/expect CODE]*/ … /*[/end]*/`).
//! * [`test_run`]: what `weft test` adds to verifying a file: a stable share
//!   of the programs for one of several CI machines (`--partition K/N`) and
//!   the JUnit XML report (`--format junit`).
//! * [`pipeline`]: one member at a time through check, passes, encode and a
//!   sink; the verdict as if the stages ran one after another (check errors
//!   first, then the passes', then the encoder's).
//! * [`driver`]: the pipeline end to end, used by the CLI (`main.rs`) and the
//!   tests. A method body that does not parse makes it parse every file
//!   whole and start again, so parse errors are each file's first. The files
//!   of a run are split into independent programs first ([`components`]: a
//!   file joins the files declaring a name it mentions), each verified on its
//!   own, so no verdict depends on an unrelated file. [`shuffle`]: `--seed`'s
//!   permutation of declarations, for `benches/stability.sh`.
//! * [`syntax::nesting`]: the bound on nesting (brackets and operators,
//!   10 000) the lexers enforce, so no later recursion can overflow; a long
//!   run of one associative operator counts by the depth of the balanced tree
//!   `syntax::builders::climb` builds of it (a 100 000-term sum is 17 levels).
//!
//! Memory: no representation of the program is ever whole but its text
//! (for Silicon). The first parse leaves method bodies as spans of text
//! ([`syntax::skim`]); [`check::declare`] takes contract clauses out of the
//! syntax tree and drops each once checked, and the tree with them; each
//! body's syntax, core and IR are freed once the method is printed, and the
//! printed members are kept in 32 KB chunks of their exact size (a large
//! growing buffer would take fresh memory where the freed nodes' pages could
//! serve); the text ([`emit::Text`]), the position map and the origin tables
//! of the runs are joined as parts, without copying. What is no longer
//! needed at the end (declarations, the prelude's IR) is freed on a thread of
//! its own ([`parallel::free_in_background`]). Names are interned
//! ([`name::Name`]: one pointer, shared by the syntax tree, the core program
//! and the IR). Nodes are kept small because large programs hold hundreds of
//! thousands of them: syntax `Expr` 56 bytes, core `Expr` 64 (type 16), IR
//! `Expr` 64 and `Stmt` 88 (rare payloads boxed; integer literals are
//! 8-aligned [`vir::IntValue`]s), and the [`vir::OriginTable`] stores 16
//! bytes an origin, the position map 20 bytes a node. mimalloc returns freed
//! pages at once (`main.rs`).
//!
//! Threads ([`parallel::map_runs`]): a large file is skimmed in two halves
//! cut at a class start (the whole file again if either half fails, so
//! errors are the sequential ones); the checker's declaration jobs and the
//! pipeline's members run in consecutive runs, one per core (the members'
//! runs of about equal source length: [`parallel::map_weighted_runs`]),
//! results in order. Each run has its own encoder, origin table and printer;
//! the tables are appended to the first run's and the later runs' origins
//! renumbered ([`vir::renumber`], or shifted as the printed text is
//! appended). Temporaries are numbered per member, so the output is the same
//! on any number of cores. `WEFT_STAGES=1` prints each stage's time and memory
//! ([`stages`]).
//!
//! # Encoding choices
//!
//! * **Origins.** Every IR node that can fail carries an [`vir::Origin`]
//!   indexing an [`vir::OriginTable`] entry: source span plus a [`vir::Blame`]
//!   that says how its failure reads (directly, as a fixed code such as
//!   `divByZero`, as a contract clause, as a resource inside a check). The
//!   Silver printer records each such node's output range; Silicon reports
//!   the range of the failing node, which leads back to the origin. The
//!   reason's offending node (a location without permission, a divisor, a
//!   callee's clause) is found by the position Silicon's warm driver gives
//!   for it, so a read is reported as `perm` on the read and a missing
//!   resource as `…:perm` on the construct ([`blame`]). What a construct is
//!   (`vir::What`) is typed, and so is where a copy comes from: a member
//!   copied by `extends` or by instantiation keeps its original's spans and
//!   is marked ([`syntax::ast::Derived`]: the rule, and the `extends` or the
//!   instance's first use); every origin made while encoding it carries the
//!   mark, and a failure there gets that place as a related location ("in
//!   the instance of this class for these ghost arguments"), on both backends.
//! * **Contracts** are split at top-level `**`/`&&`, one Silver clause per
//!   conjunct, so a failure points at the conjunct.
//! * **Methods** become Silver methods with `this` as first parameter and
//!   `requires this != null`; the caller asserts the receiver is not null
//!   (`invocationObjectNull`). Parameters the body assigns get local copies.
//!   Early `return` (also inside loops) jumps to a label at the end.
//!   `frac`/`zfrac` parameters get `0 < p <= 1` / `0 <= p <= 1` preconditions.
//! * **Constructors** are methods taking `this`: the caller allocates the
//!   object (`o := new(fields)`, so it is known fresh) and passes it with
//!   write permission to every field.
//! * **Final fields** are readable without permission: outside the
//!   constructors of their class a final field is an uninterpreted function
//!   of the object (`C__f__val(o)`); inside, a field like any other, and the
//!   constructor's end assumes the function equals the field. `Perm` of a
//!   final field is `true`.
//! * **Java constants** (`static final` fields with a value) are static
//!   functions without parameters whose body is the value (`C__N()`), so
//!   both backends know the value and the checker needs no evaluation order;
//!   `N` and `C.N` are calls of it. A value that depends on itself (directly
//!   or through functions) is rejected: it would be a false definition.
//!   Other static fields are fields of one object per class (`C$statics`,
//!   the value of an abstract function `C$statics.instance()`, never null),
//!   as VerCors encodes them ([`check`]'s `Env::statics`).
//! * **Java string literals** are opaque: `"…"` is a call of the spec
//!   library's abstract `String.literal(seq<int>)` on the character codes
//!   (`syntax::java::builders::string_lit`), non-null, equal for equal texts.
//! * **Arrays** are references; element `i` is `weft_loc(a, i).weft_item_T`,
//!   where `weft_loc` is a domain function made injective by an axiom (so
//!   quantified permissions over elements need nothing more) and lengths are
//!   `weft_len(a)`, a domain function too. Each access checks first, where
//!   it is evaluated, in code and in specifications alike:
//!   `asserting (a != null && 0 <= i && i < weft_len(a)) in weft_loc(a, i)`
//!   (`a.length`: `asserting (a != null) in weft_len(a)`), the conjuncts
//!   blamed `arrayNull`/`arrayBounds` (`encode::expr`'s `checked_element`;
//!   on Boogie the same checks are well-definedness asserts). The checks are
//!   exactly a checked function's preconditions, but the location is one
//!   term everywhere, and Silicon does less work than for a function
//!   application (K-arrays benchmark, in the README). Triggers use the bare
//!   term; an operand holding an access is let-bound, so nesting stays
//!   linear. In a contract or a loop invariant, a check that the clauses
//!   before it and its guards imply by a chain of (in)equalities over plain
//!   terms is left out (`encode::known`: `a != null ** a.length == n **
//!   (\forall* int j = 0 .. n; Perm(a[j], …))` checks nothing, at none of
//!   the five places Silicon evaluates an invariant). Sound as the checked function was: every location the program
//!   or a specification names goes through its check before it is used;
//!   the bare term occurs only in triggers (never evaluated) and in formulas
//!   weft states over indices known in range (a new array's slots, sums).
//! * **`(\sum a[*])`** of an int array is `weft_sum(weft_snap(a))`: an
//!   abstract heap function (the elements as a sequence) under an
//!   uninterpreted sum. The encoder states where the sum comes from: 0 for a
//!   new array, and after each int-array write the old sum less the old
//!   element plus the new one (`encode::prelude`, which says why it is sound).
//! * **Vector sums** `\sum([lo .. hi], v)` (Java) are calls of the recursive
//!   pure functions of the library class `JmlVector`
//!   (`syntax::java::builders::vector_sum`), so both backends see ordinary
//!   functions; the library loads the class when a file writes `\sum(`.
//! * **Multi-dimensional arrays** are arrays of arrays. `new T[d1]…[dk]`
//!   allocates the outer array and inhales, level by level, write permission
//!   to every slot (quantified over the indices above it), non-null
//!   sub-arrays of the next size and zeroed elements; each sub-array is
//!   labelled with the indices it was created at (`weft_row_index`, a domain
//!   function: fresh rows never share a label), so rows are distinct and the
//!   next level's quantified permissions are injective. Quantifiers that read
//!   a sub-array get the element locations as triggers (`encode::triggers`):
//!   Silicon would pick a length term and miss bounds checks. A quantifier
//!   that defines elements, `(\forall j; g; a[j] == e)`, is triggered by
//!   `a[j]` alone (Silicon's own choice adds every read of `e`: a third of
//!   its time on the K-arrays benchmark). On Boogie a
//!   quantified permission over several variables keeps one inverse map per
//!   variable.
//! * **Integer `/` and `%`** truncate toward zero as in Java: prelude
//!   functions whose precondition is the zero check (`divByZero`).
//! * **Fractions** (`frac`, `zfrac`, `rational`) are Silver `Perm`; an int
//!   used as a permission becomes `n/1`.
//! * **Inline predicates** are replaced by their bodies at each use;
//!   **inline functions** likewise (a call is the body with the arguments
//!   substituted; the function is not declared, so its contract is not used,
//!   as in VerCors).
//! * **Yielded fractions** (`yields frac q`): the method ensures `0 < q <= 1`
//!   before the postconditions that use `q` as an amount.
//! * **Sequence update** `xs[i -> v]` is Silver's `xs[i := v]` (Boogie:
//!   `Seq#Update`), its index checked as a read's; unlike slices it may stand
//!   in a trigger. **Maps** are Silver's `Map[K,V]` (Boogie:
//!   `backends/boogie/maps.bpl`, only in programs that use maps); `remove`,
//!   `items`, `disjoint` are functions of a `WeftMap` domain defined with the
//!   map operations; `m[k]` checks the key (`mapKey`). **Tuples** are a
//!   `WeftTuple[A,B]` domain. `x in bag` is the count, as in VerCors.
//! * **Triggers** written `{: e :}` replace weft's own choice; VerCors's
//!   numbered groups `{:n: e :}` are alternative triggers (core `Quant`'s
//!   `triggers`, grouped by `core::visit::take_trigger_marks`).
//! * **goto** jumps to a label of its method, never into a loop (the
//!   invariant would not be checked on entry).
//! * **Fields named like methods** (PVL allows a field `sum` beside a method
//!   `sum(…)`): names and selections see the field, calls the callable; the
//!   Silver field gets a `__field` suffix (Silver has one namespace). Classes
//!   of one name (several files) get their index in output names.
//! * **Holding an instance predicate** `x.p(…)` says `x != null` (outside
//!   quantifiers): `fold x.p()` requires `x != null` (`foldFailed:false`),
//!   so no instance of null exists.
//! * **Options** are a domain `WeftOption[T]`; `.get` is a function per element
//!   type whose precondition is `o != None` (`optionNone`).
//! * **Threads** ([`passes::threads`]). A class with `void run()` is
//!   runnable; its tokens are write permissions to two ghost fields the
//!   pass declares (`weft_idle`, `weft_running`), kept out of the class's
//!   field list so `new` does not give them. Field permissions rather than
//!   abstract predicates: they cannot be duplicated, split like predicates,
//!   and quantified tokens (`\forall* … running(ws[j])`) reuse the
//!   quantified field permissions both backends already have. Constructors
//!   ensure `idle(this)`; `fork t` asserts `t != null` (`forkNull`), exhales
//!   `idle(t)` (`running`) and run's precondition with `this := t`
//!   (`forkPre:R`), inhales `running(t)`; `join t` asserts `t != null`
//!   (`joinNull`), exhales `running(t)` (`idle`), inhales run's
//!   postcondition and `idle(t)`. The checks are core `Check` statements
//!   whose blame is the code (`Blame::As`, or `Blame::AsWithReason` for
//!   `forkPre:R`), so both backends' blame paths report them unchanged.
//!   `\old` in run's postcondition is rejected when the thread is joined (a
//!   join has no fork state to refer to). A constructor that already says
//!   `ensures idle(this)` (as VerCors's do) gets no second token.
//!
//! * **Java inheritance and threads** ([`passes::java::inherit`],
//!   the `group` pass). `class S extends D` is encoded by
//!   copying: before checking, S gets every member of D it does not
//!   redefine, so copies run with `this : S` and use S's redefinitions
//!   (Thread's `start` requires S's `preFork`); `super(…)` becomes D's
//!   constructor body, or its contract when it has none (the spec
//!   library's `Thread`). Limit: no subtyping or dynamic dispatch between
//!   classes, so an S where a D is expected is notSupported. A `group`
//!   predicate `P(frac p)` (`core::Features::group`; the checker keeps it
//!   as written, its instances `core::ExprKind::GroupAccess`) is the
//!   scaled predicate `[p]P()` with the body at p = 1 (checked homogeneous
//!   in p), so `join(1)` = `join(1/2) ** join(1/2)` for free.
//!
//! * **Java interfaces** ([`check`]'s `interfaces` and `implements`, the
//!   `refine` pass). `class C
//!   implements I` and `interface I extends J` are recorded as the core
//!   class's `interfaces`; a class type is assignable to each of its
//!   interfaces, transitively (arguments, returns, `==`; type arguments and
//!   arrays stay invariant). No dynamic dispatch is needed: a call on a
//!   receiver of static type I uses I.m's contract, on a C, C.m's. Member
//!   lookup falls back to a class's interfaces, and the member found IS the
//!   interface's: one Silver predicate `I__p` for all implementers, which
//!   they may not redefine (notSupported). The checker records which
//!   interface methods each method implements ([`core::Features`]'s
//!   `implements`); the `refine` pass, third in [`passes::PASSES`], does
//!   behavioural subtyping: a C.m
//!   without contract clauses takes I.m's (renamed to C.m's parameters;
//!   ghost parameters must agree by position), except a precondition
//!   `false` (Runnable.run), which its empty contract refines; a C.m with
//!   its own gets a generated method `C__m__implements__I` with I.m's
//!   parameters and precondition that exhales C.m's precondition
//!   (`implementsPre:R`), inhales its postcondition and exhales I.m's
//!   (`implementsPost:R`), both reported at C.m's name.
//!
//! * **`new Thread(r)`** ([`passes::java::runnable`]). Before inheritance
//!   is flattened, each runnable class R used so gets a class `Thread$R
//!   extends Thread` with a final field `target`, inline `preFork()` =
//!   `target != null ** R.run's requires` and inline `postJoin(frac p)` =
//!   `p == 1 ==> R.run's ensures` (both with `this := target`), a
//!   constructor that requires a non-null runnable and ensures `start() **
//!   target == r`, and `run() { target.run(); }`. `new Thread(e)` becomes
//!   `new Thread$R(e)` (R read off `e`); `Thread t = new Thread(e)` declares
//!   t as a `Thread$R`; `new Thread(new R(…)).start()` gets locals. So the
//!   Thread contract `extends Thread` uses (Listing 9) applies unchanged:
//!   `start()` needs R.run's precondition for e, `join()` with p = 1 gives
//!   its postcondition (which may not use `\old`). Sound and simple, not
//!   complete: joining by shares gives nothing back, and a thread held in a
//!   `Thread` variable other than where it is created is notSupported.
//!
//! * **Intrinsic locks** ([`passes::locks`]): the lock invariant is the
//!   class's inline predicate `lock_invariant()`; `held(o)` is write
//!   permission to a hidden ghost field (a token: locking twice is
//!   inconsistent, i.e. a deadlock); `committed(o)` is an abstract
//!   heap-independent function, assumed at `commit`. `commit`/`lock`/`unlock`/
//!   `wait`/`notify` become core `Check`s (assert or exhale with the
//!   construct's code), inhales and an assume; a generated check's resources
//!   are blamed as the construct (`invariantFailed:perm` on the `unlock`).
//!
//! # Class ghost parameters and the synchronisers ([`passes::java::instantiate`])
//!
//! The thesis's synchroniser contracts (ch. 4) are written over class ghost
//! parameters: `/*@ given group (frac -> resource) inv; given boolean
//! isExclusive; @*/ interface Lock`, used as `Lock/*@<pcinv, true, true>@*/`.
//! weft **monomorphises** them before checking, so the checker, the passes and
//! both encoders only ever see ordinary classes:
//!
//! * each distinct use `C<args>` (in a type, at `new`, after `implements`)
//!   becomes a class `C$args…` (one per argument list; templates that differ
//!   in their number of parameters may share a name: the two CountDownLatch
//!   contracts); a template of the program's own that nothing instantiates
//!   is refused ("not supported yet"), never reported verified unchecked;
//! * a value parameter (`boolean`, `int`) is replaced by its literal;
//! * a predicate parameter bound to an instance predicate `P` of class `D`
//!   becomes a ghost final field `inv$owner : D` (set by every constructor
//!   from an extra last argument; `this` at `new` in D, or the enclosing
//!   instance's own owner when forwarded) and an inline predicate
//!   `inv(x) = inv$owner.P(x)`, so `lock.inv(1)` *is* the owner's `P(1)` and
//!   `fold`/`unfold` of it fold and unfold `P`. Parameters passed on to an
//!   implemented interface under the same name live in the interface's
//!   instance. Final fields are functions of the object, so no permission
//!   is needed to read an owner.
//!
//! The alternative, one abstract family per parameter tied to the argument
//! by axioms, would need a sound axiom per instantiation anyway and loses
//! `fold`/`unfold` through the parameter.
//!
//! **Lemmas** (`passes::java::lemma`): a synchroniser that moves resources
//! between threads (CountDownLatch, CyclicBarrier) is sound only if what the
//! threads hand in gives what they take out. The library states this as a
//! bodiless `lemma` over the parameters; per instance its bounds are literals,
//! so weft unrolls its `orall*` clauses and writes the proof (unfold every
//! instance of the precondition, fold every instance of the postcondition).
//! A client whose resources do not match fails that fold, reported at its
//! instantiation. (The thesis states `*-*`; soundness needs one direction.)
//!
//! **AtomicInteger protocols** (ch. 5; [`passes::java::instantiate`] and its
//! `protocol` module): a ghost parameter may also be a pure function
//! (`given (role, int -> frac) share;`), bound like a predicate (owner field
//! plus an alias function); `role` is a type whose values are the names a
//! protocol writes (`S`, `T`), each the integer its characters spell
//! ([`core::role_value`]), so no table is needed. A template written without
//! ghost arguments in a class defining a member of each parameter's name is
//! bound by name (the thesis's `new AtomicInteger(E)`), its `set<role>` to the
//! roles the class hands handles to; written, the roles are a set literal
//! (`AtomicInteger/*@<{T}, inv, share, trans>@*/`, which binds the `set<role>`
//! parameter wherever it stands: the thesis gives both orders). The checker
//! reads the thesis's unqualified `handle(T, E, 1)` as the handle of the
//! class's one field whose class declares `handle` (`check::call`). At each `new` of a protocol instance weft
//! explores the snapshots `trans` reaches (one view per role with shares, any
//! number of threads for the others) and reports `shareSanity` where the
//! roles' shares exceed their start: with the contract's exchanges exact, that
//! is the only way the total of the resource can grow past one. The values
//! found become the body of the instance's `values(v)`, which `get` ensures;
//! for states beyond literals, bounds read off `trans`'s unit steps
//! (`protocol::step_bounds`, inductive by construction), which the
//! constructor requires of the initial value. `share` and `trans` are inline,
//! so the backend sees their arithmetic. Between fractions `-` is the cut-off
//! subtraction (`check::expr`), and a fold or unfold at amount 0 moves nothing
//! (`encode::stmt`). `get` may be shown a witness `inv(w)` (a given with a
//! default, `given zfrac w = 0;`); it ensures the synchroniser's share in the
//! value read and w do not `exceed` one, where weft knows that
//! `inv`'s fractions add up to at most one: it is, through aliases and final
//! fields, a group predicate holding a field permission at its own fraction
//! (`passes::java::bounded`; else `exceeds` is false and nothing is learnt).
//! That is how the Semaphore's releasing thread knows `c < num`. A protocol
//! the exploration cannot decide (states past its literals, thread roles
//! with shares: the CountdownLatch) gets `protocol::obligation` asserted
//! before its `new` (a tree `Check` with code `shareSanity`): views grow only
//! at values no step leaves, paid from what the synchroniser holds there. The
//! unconditional steps (`getAndIncrement` …) require `trans` from every value
//! the integer can take, an unchanged synchroniser share, and no view shares.
//!
//! **Overloading** (`check::env`): a second function or method of a taken
//! name is an overload when the parameter types differ; its core name is
//! `name$k`, and a call picks by arity, then by argument types.
//!
//! **Lock sets** (`check/thread_local.rs`): the thesis's `LockSet(S)` is
//! `LockSet.of(S)`, a `thread_local` predicate: it may not occur in any
//! predicate body (so no thread hands its lock set to another), and a
//! thread's `run` starts with `LockSet.of(bag<Object>{})` (Thread's contract).
//! `Lock`'s two specification cases (first lock, re-entry), joined by `also`
//! in the thesis, are one contract guarded by `this \in S`.
//!
//! # The Boogie encoding ([`emit::boogie`])
//!
//! * **State.** `Heap: <A>[Ref, Field A]A`, `Mask: <A>[Ref, Field A]real`
//!   (`backends/boogie/permissions.bpl`); `GoodMask` bounds field
//!   permissions by write; `$allocated` for fresh objects.
//! * **Inhale/exhale** add/assert-and-subtract permission; an exhale from the
//!   state's mask ends by forgetting locations no longer held
//!   (`IdenticalOnKnownLocations`). Values in an exhale are read before it;
//!   `assert` exhales from a copy of the mask.
//! * **Havoc** (Calvin's environment step, `exhale all; inhale all` where
//!   `all` is every permission the method holds) replaces the heap at once,
//!   keeping only `$allocated`: the same states as the pair, which costs a
//!   quantified mask update and inverse functions per field and array (Daisy
//!   took 130 s with the pair, 16 s with this). Sound for any `all`: a heap
//!   replaced everywhere has at least the pair's states.
//! * **Well-definedness** checks (reads, function preconditions, indices,
//!   unfoldings) are emitted for the program's own expressions; callee
//!   contracts, invariants and predicate bodies were checked where declared
//!   (`#wf` procedures and the method's postcondition branch).
//! * **Predicates** are locations `null.P(args)` holding a frame of the body;
//!   fold stores it (and keeps the body's values: they are still held),
//!   unfold ties the values to it.
//! * **Functions** take the heap; recursive ones unroll through a limited twin;
//!   a framing axiom equates values at two heaps that agree on the
//!   precondition's footprint. When the footprint is quantified
//!   (`forall j :: acc(a[j])`, as `\sum` has), the axiom fires only
//!   between a heap and the next (`weft_succ`, assumed at each write and
//!   forgetting): for every pair of heaps it made Listing 53's thread take
//!   over 200 s, along the steps 17 s. Equal values chain step by step; the
//!   axiom stays true of any two heaps, so the restriction costs only
//!   completeness.
//! * **Calls** exhale the precondition, forget, havoc targets, inhale the
//!   postcondition (`old` = state before the call). **Loops** first check
//!   that the invariant is framed and well-defined in any state (inhaled
//!   into an empty mask after a havoc, as Silicon does first: an unframed
//!   read is `perm`, not `invariantNotEstablished`), then exhale the
//!   invariant, forget, havoc assigned locals, check one iteration from the
//!   invariant alone, then continue from frame + invariant + negated guard.
//! * **Quantified permissions** (fields or predicate instances, one or more
//!   variables) need injective locations (checked) and use inverse maps
//!   from a location's key (receiver, predicate arguments) to update the
//!   mask for all locations at once; a key that is a variable plus or minus
//!   a constant is inverted explicitly. Inside a predicate body, the frame
//!   of a quantified assertion is a map from the variables to the frames of
//!   the instances, defined pointwise and instantiated by reads.
//! * **Checks**: one `assert` per line, each described by a [`emit::boogie::Check`]
//!   (failure kind, construct, read, callee clause); `refute` is an assert
//!   expected to fail. Of a procedure's failures only the first is reported
//!   (the rest may follow from it), besides every failed refute: after a
//!   failure Silicon does not reach a refute and reports it, Boogie assumes
//!   what failed and finds the refuted fact true.
//! * **Magic wands** are not modelled: a wand, `package` or `apply` is
//!   `notSupported` at the wand. On Silicon they are Viper's own (`A --* B`,
//!   `package`, `apply`): the checker (`check::wands`) types them and keeps
//!   a package's proof to ghost steps (fold, unfold, apply, package, assert,
//!   branches, ghost locals), so the proof cannot change the program's state;
//!   the footprint and the proof's soundness are Viper's.
//!
//! # Not yet
//!
//! `decreases` (reported as not supported), subtyping between Java
//! classes (interfaces only; exception classes), type-argument inference,
//! `vec` blocks, magic wands on Boogie.

pub mod atomicity;
pub mod backend;
pub mod blame;
pub mod check;
pub mod components;
pub mod core;
pub mod diag;
pub mod driver;
pub mod emit;
pub mod encode;
pub mod expect;
pub mod int;
pub mod lsp;
pub mod name;
pub mod parallel;
pub mod passes;
pub mod pipeline;
pub mod shuffle;
pub mod span;
pub mod stages;
pub mod syntax;
pub mod test_run;
pub mod vir;
