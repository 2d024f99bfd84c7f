//! A port of the legacy seeded .NET `System.Random` (Knuth's subtractive generator).
//!
//! The original tool fills its random table with `new Random(seed)`; "Original" mode
//! must reproduce those numbers bit for bit, so this follows the reference source
//! exactly, quirks included (`MBIG` excluded, the `inextp = 21` lag).

const MBIG: i32 = i32::MAX;
const MSEED: i32 = 161_803_398;

/// The legacy seeded `System.Random` of .NET Framework / .NET's `Net5CompatSeedImpl`.
#[derive(Clone, Debug)]
pub struct DotNetRandom {
    state: [i32; 56],
    inext: usize,
    inextp: usize,
}

impl DotNetRandom {
    /// `new Random(seed)`.
    pub fn new(seed: i32) -> Self {
        let subtraction = if seed == i32::MIN {
            i32::MAX
        } else {
            seed.abs()
        };
        let mut state = [0i32; 56];
        let mut mj = MSEED.wrapping_sub(subtraction);
        state[55] = mj;
        let mut mk = 1i32;
        for i in 1..55 {
            let ii = (21 * i) % 55;
            state[ii] = mk;
            mk = mj.wrapping_sub(mk);
            if mk < 0 {
                mk = mk.wrapping_add(MBIG);
            }
            mj = state[ii];
        }
        for _ in 1..5 {
            for i in 1..56 {
                state[i] = state[i].wrapping_sub(state[1 + (i + 30) % 55]);
                if state[i] < 0 {
                    state[i] = state[i].wrapping_add(MBIG);
                }
            }
        }
        Self {
            state,
            inext: 0,
            inextp: 21,
        }
    }

    /// `Next()`: the raw sample in `0..i32::MAX`.
    pub fn next_raw(&mut self) -> i32 {
        self.inext += 1;
        if self.inext >= 56 {
            self.inext = 1;
        }
        self.inextp += 1;
        if self.inextp >= 56 {
            self.inextp = 1;
        }
        let mut r = self.state[self.inext].wrapping_sub(self.state[self.inextp]);
        if r == MBIG {
            r -= 1;
        }
        if r < 0 {
            r = r.wrapping_add(MBIG);
        }
        self.state[self.inext] = r;
        r
    }

    /// `Sample()`: a double in `[0, 1)`, the raw sample times `1 / MBIG`.
    pub fn sample(&mut self) -> f64 {
        f64::from(self.next_raw()) * (1.0 / f64::from(MBIG))
    }

    /// `Next(lo, hi)` for ranges that fit in an `i32` (the only kind the tool uses).
    pub fn next_range(&mut self, lo: i32, hi: i32) -> i32 {
        let range = f64::from(hi) - f64::from(lo);
        // `as` truncates toward zero like C#'s (int) cast; the product is in [0, range).
        lo.wrapping_add((self.sample() * range) as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_next_matches_dotnet() {
        assert_eq!(DotNetRandom::new(0).next_raw(), 1_559_595_546);
        assert_eq!(DotNetRandom::new(1).next_raw(), 534_011_718);
        assert_eq!(DotNetRandom::new(42).next_raw(), 1_434_747_710);
    }

    #[test]
    fn negative_seed_is_its_absolute_value() {
        let a: Vec<i32> = {
            let mut r = DotNetRandom::new(-7);
            (0..100).map(|_| r.next_raw()).collect()
        };
        let mut r = DotNetRandom::new(7);
        let b: Vec<i32> = (0..100).map(|_| r.next_raw()).collect();
        assert_eq!(a, b);
        // Extreme seeds must not overflow.
        let _ = DotNetRandom::new(i32::MIN).next_raw();
        let _ = DotNetRandom::new(i32::MAX).next_raw();
    }

    #[test]
    fn next_range_stays_in_range() {
        let mut r = DotNetRandom::new(3);
        for _ in 0..10_000 {
            let v = r.next_range(0, 1_000_000);
            assert!((0..1_000_000).contains(&v));
        }
    }
}
