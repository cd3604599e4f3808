//! The tests' random numbers: SplitMix64, seeded, the same sequence on every platform, so a
//! seed names the same programs and mutants everywhere. Used by the program generator
//! (`gen/`) and the corpus mutants (`mutants/`); each test binary that has either includes it
//! once, by path, at its root (`parser/`, `corpus/`, `differential/`).
#![allow(dead_code)]

/// SplitMix64: small, fast, and the same sequence on every platform.
pub struct Rng(pub u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent as usize
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// An index into `weights`, chosen with probability proportional to its weight.
    pub fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u32 = weights.iter().sum();
        let mut at = self.below(total as usize) as u32;
        for (i, &w) in weights.iter().enumerate() {
            if at < w {
                return i;
            }
            at -= w;
        }
        weights.len() - 1
    }
}
