//! A bound on how deeply input nests, checked on the token stream.
//!
//! The stages after parsing (resolution, checking, the passes, encoding and
//! emitting) recurse over expressions and statements. Rather than make every
//! one of them iterative, the lexers bound the nesting a program can have, so
//! no later stage ever sees a tree deeper than [`LIMIT`], which is sized so that
//! every stage fits on its stack (`crate::parallel::STACK`) with room to spare,
//! also in an unoptimised build. Past the limit the token is an error with its
//! span.
//!
//! The count over-approximates the depth of the tree the parser builds:
//! brackets count one level each, and within one bracket level (until the next
//! `;` or `,`) every operator counts one level, except the infix associative
//! operators `+`, `*`, `&&`, `||` and `**`. `builders::climb` folds a long run
//! of one of those into a balanced tree, so a sum of 100 000 terms is 17 levels
//! deep, not 100 000. Why the count below bounds the depth: a chain of one
//! precedence level with `k` other operators splits into at most `k + 1` runs
//! of one associative operator; a run of `n` operands is `n - 1` levels deep if
//! it is short and `1 + ⌈log₂(n + 1)⌉ ≤ RUN` levels if `climb` balances it, so
//! the chain is at most `k + min(a, RUN · (k + 1))` deep for its `a`
//! associative operators. A path from the root to a leaf crosses at most one
//! chain of each of the five precedence levels that have associative
//! operators (a lower level inside a chain's operand needs brackets), so one
//! bracket level is at most `k + min(a, RUN · (k + CHAINS))` deep.

/// The deepest nesting a program may have: brackets plus the operators of
/// one expression.
pub const LIMIT: usize = 10_000;

/// The message of the error past the limit.
pub const TOO_DEEP: &str =
    "nesting too deep: weft accepts up to 10 000 levels of brackets and operators in one expression";

/// The fewest operands of a run of one associative operator that
/// `builders::climb` balances; shorter runs nest to the left, as written.
pub const BALANCED_RUN: usize = 64;

/// An upper bound on the depth of one run: `BALANCED_RUN - 1` when short,
/// `1 + ⌈log₂(n + 1)⌉ ≤ 1 + 64` when balanced.
const RUN: usize = 65;

/// The precedence levels with associative operators (`**`, `||`, `&&`, `+`, `*`),
/// plus one for an operator token the count mistakes for infix (a prefix `+`
/// after a keyword such as `return`).
const CHAINS: usize = 6;

/// What a token does to the nesting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Opens a bracket: `(`, `[`, `{`.
    Open,
    /// Closes one.
    Close,
    /// An operator: one more level of the expression tree, until the next separator.
    Operator,
    /// `+`, `*`, `&&`, `||`, `**`: associative when infix (after an operand),
    /// an [`Shape::Operator`] otherwise (a prefix `+`, the `*` of `a[*]`).
    Associative,
    /// `;` or `,`: ends an expression of its bracket level.
    Separator,
    /// A name, a literal, a keyword: no level.
    Leaf,
}

/// The operators of one bracket level so far.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    operators: usize,
    associative: usize,
}

impl Level {
    /// The most levels of expression tree these operators can make.
    fn depth(self) -> usize {
        let runs = RUN.saturating_mul(self.operators.saturating_add(CHAINS));
        self.operators + self.associative.min(runs)
    }
}

/// The running count; [`Nesting::step`] is told each token's shape.
#[derive(Debug, Default)]
pub struct Nesting {
    /// The operators counted at each open bracket level (the outermost first).
    outer: Vec<Level>,
    /// The operators at the current level.
    current: Level,
    /// Brackets open plus every level's depth.
    depth: usize,
    /// Whether the last token ends an operand (so an operator after it is infix).
    after_operand: bool,
}

impl Nesting {
    /// Counts one token; `false` when the nesting went past [`LIMIT`].
    pub fn step(&mut self, shape: Shape) -> bool {
        let before = self.current.depth();
        match shape {
            Shape::Open => {
                self.outer.push(std::mem::take(&mut self.current));
                self.depth += 1;
            }
            Shape::Close => {
                // An unbalanced `)` is the grammar's error, not ours.
                if let Some(outer) = self.outer.pop() {
                    self.depth -= before + 1;
                    self.current = outer;
                    self.after_operand = true;
                    return self.depth <= LIMIT;
                }
            }
            Shape::Associative if self.after_operand => self.current.associative += 1,
            Shape::Operator | Shape::Associative => self.current.operators += 1,
            Shape::Separator => self.current = Level::default(),
            Shape::Leaf => {}
        }
        // An opened bracket's new level is empty; otherwise the level changed in place.
        if shape != Shape::Open {
            self.depth = self.depth - before + self.current.depth();
        }
        self.after_operand = matches!(shape, Shape::Leaf | Shape::Close);
        self.depth <= LIMIT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deepest(shapes: &[Shape]) -> usize {
        let mut n = Nesting::default();
        shapes
            .iter()
            .map(|s| {
                n.step(*s);
                n.depth
            })
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn separators_end_an_expression_and_brackets_restore_the_outer_count() {
        use Shape::*;
        // a - (b / c, d) - e ;  f
        let s = [
            Leaf, Operator, Open, Leaf, Operator, Leaf, Separator, Leaf, Close, Operator, Leaf,
            Separator, Leaf,
        ];
        assert_eq!(deepest(&s), 3);
        let mut n = Nesting::default();
        for x in s {
            n.step(x);
        }
        assert_eq!(n.depth, 0);
    }

    #[test]
    fn past_the_limit_is_refused() {
        let mut n = Nesting::default();
        assert!((0..LIMIT).all(|_| n.step(Shape::Open)));
        assert!(!n.step(Shape::Operator));
        assert!(n.step(Shape::Close));
    }

    #[test]
    fn a_run_of_an_associative_operator_counts_up_to_its_balanced_depth() {
        use Shape::*;
        let mut n = Nesting::default();
        n.step(Leaf);
        for _ in 0..100_000 {
            assert!(n.step(Associative));
            assert!(n.step(Leaf));
        }
        assert_eq!(n.depth, RUN * CHAINS);
        // Short runs count one level per operator, as they are built.
        assert_eq!(deepest(&[Leaf, Associative, Leaf, Associative, Leaf]), 2);
    }

    #[test]
    fn a_prefix_operator_counts_in_full() {
        use Shape::*;
        let mut n = Nesting::default();
        // `* * * … x`: never after an operand, so never associative.
        for _ in 0..LIMIT {
            assert!(n.step(Associative));
        }
        assert!(!n.step(Associative));
    }
}
