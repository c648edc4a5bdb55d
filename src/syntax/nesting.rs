//! A bound on how deeply input nests, checked on the token stream.
//!
//! The stages after parsing (resolution, checking, the passes, encoding and
//! emitting) recurse over expressions and statements. Rather than make every
//! one of them iterative, the lexers bound the nesting a program can have:
//! brackets count one level each, and every operator adds a level until the
//! next `;` or `,` of its bracket level, which over-approximates the depth of
//! the expression tree built from those tokens (a chain `a + b + … ` is a tree
//! as deep as it is long). Past [`LIMIT`] the token is an error with its span,
//! so no later stage ever sees a tree deeper than the limit, and the limit is
//! sized so that every stage fits on its stack (`crate::parallel::STACK`) with
//! room to spare, also in an unoptimised build.

/// The deepest nesting a program may have: brackets plus the operators of
/// one expression.
pub const LIMIT: usize = 10_000;

/// The message of the error past the limit.
pub const TOO_DEEP: &str =
    "nesting too deep: weft accepts up to 10 000 levels of brackets and operators in one expression";

/// What a token does to the nesting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Opens a bracket: `(`, `[`, `{`.
    Open,
    /// Closes one.
    Close,
    /// An operator: one more level of the expression tree, until the next separator.
    Operator,
    /// `;` or `,`: ends an expression of its bracket level.
    Separator,
    /// A name, a literal, a keyword: no level.
    Leaf,
}

/// The running count; [`Nesting::step`] is told each token's shape.
#[derive(Debug, Default)]
pub struct Nesting {
    /// The operators counted at each open bracket level (the outermost first).
    operators: Vec<usize>,
    /// The operators at the current level.
    current: usize,
    /// Brackets open plus every level's operators.
    depth: usize,
}

impl Nesting {
    /// Counts one token; `false` when the nesting went past [`LIMIT`].
    pub fn step(&mut self, shape: Shape) -> bool {
        match shape {
            Shape::Open => {
                self.operators.push(std::mem::take(&mut self.current));
                self.depth += 1;
            }
            Shape::Close => {
                // An unbalanced `)` is the grammar's error, not ours.
                if let Some(outer) = self.operators.pop() {
                    self.depth -= self.current + 1;
                    self.current = outer;
                }
            }
            Shape::Operator => {
                self.current += 1;
                self.depth += 1;
            }
            Shape::Separator => {
                self.depth -= std::mem::take(&mut self.current);
            }
            Shape::Leaf => {}
        }
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
        // a + (b * c, d) - e ;  f
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
}
