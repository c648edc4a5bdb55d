//! Declarations in a random order, for measuring stability (`--seed`).
//!
//! A solver's verdict should not depend on the order in which a program declares
//! its classes and members (Mariposa shows that it often does: the order of
//! declarations and axioms changes the search). `benches/stability.sh` verifies
//! each program under several seeds, each of which also permutes the program's
//! top-level declarations and every class's members; a stable program gets the
//! same verdict under all of them. The permutation is a Fisher–Yates shuffle
//! driven by SplitMix64, so a seed gives the same order on every machine.

use crate::syntax::ast::{Decl, Unit};

/// SplitMix64: small, fast, and enough to permute declarations.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn shuffle<T>(&mut self, xs: &mut [T]) {
        for i in (1..xs.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            xs.swap(i, j);
        }
    }
}

/// Permutes the files' top-level declarations (within each file) and every class's
/// members, as `seed` says.
pub fn declarations(units: &mut [Unit], seed: u64) {
    let mut rng = SplitMix(seed);
    for u in units {
        rng.shuffle(&mut u.decls);
        for d in &mut u.decls {
            if let Decl::Class(c) = d {
                rng.shuffle(&mut c.members);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_one_permutation() {
        let order = |seed| {
            let mut xs: Vec<u32> = (0..20).collect();
            SplitMix(seed).shuffle(&mut xs);
            xs
        };
        assert_eq!(order(7), order(7));
        assert_ne!(order(7), order(8));
        let mut sorted = order(7);
        sorted.sort_unstable();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
    }
}
