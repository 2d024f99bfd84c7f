//! [`BlockPick`]: per-lane picks from a short table, for [`super::VectorWork`] loops
//! over plain arrays, by register permutes in the vector builds instead of gathers or
//! a hash per lane.

#[cfg(target_arch = "x86_64")]
use super::sample_lane::SampleLane;

/// Lanes of the arrays a [`BlockPick`] fills.
pub(crate) const PICK_LANES: usize = 32;

/// Two entries per lane: the picked one and the one after it.
pub(crate) type Pairs = ([f32; PICK_LANES], [f32; PICK_LANES]);

/// Picks, for each of [`PICK_LANES`] lanes, two neighbouring entries of a table.
pub(crate) trait BlockPick: Copy {
    /// Entries a table passed to [`BlockPick::pairs`] must hold; lanes may ask for
    /// `r` up to `WINDOW - 2`.
    const WINDOW: usize;
    /// `(t[r[k]], t[r[k] + 1])` in lane `k`, for whole numbers `r[k]` in
    /// `0..=WINDOW - 2`; all zero if `t` holds fewer than `WINDOW` entries. Only
    /// copies, so every build gives the same bits.
    fn pairs(self, t: &[f32], r: &[f32; PICK_LANES]) -> Pairs;
}

/// The portable build's picks: one lane at a time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PortablePick;

impl BlockPick for PortablePick {
    const WINDOW: usize = PICK_LANES;
    #[inline(always)]
    fn pairs(self, t: &[f32], r: &[f32; PICK_LANES]) -> Pairs {
        let (mut a, mut b) = ([0.0; PICK_LANES], [0.0; PICK_LANES]);
        if t.len() < Self::WINDOW {
            return (a, b);
        }
        for k in 0..PICK_LANES {
            let i = r[k] as usize;
            if let Some(&[x, y]) = t.get(i..i + 2) {
                (a[k], b[k]) = (x, y);
            }
        }
        (a, b)
    }
}

/// A vector build's picks: [`SampleLane::window_pair`] over the lanes `V::W` at a time.
#[cfg(target_arch = "x86_64")]
pub(super) struct LanePick<V: SampleLane>(pub(super) V::Isa);

#[cfg(target_arch = "x86_64")]
impl<V: SampleLane> Clone for LanePick<V> {
    fn clone(&self) -> Self {
        *self
    }
}

#[cfg(target_arch = "x86_64")]
impl<V: SampleLane> Copy for LanePick<V> {}

#[cfg(target_arch = "x86_64")]
impl<V: SampleLane> BlockPick for LanePick<V> {
    const WINDOW: usize = V::WINDOW;
    #[inline(always)]
    fn pairs(self, t: &[f32], r: &[f32; PICK_LANES]) -> Pairs {
        let (mut a, mut b) = ([0.0; PICK_LANES], [0.0; PICK_LANES]);
        for ((r, a), b) in r
            .chunks_exact(V::W)
            .zip(a.chunks_exact_mut(V::W))
            .zip(b.chunks_exact_mut(V::W))
        {
            let (x, y) = V::window_pair(self.0, t, V::read(self.0, r));
            x.write(a);
            y.write(b);
        }
        (a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every build's picks equal the portable build's, on every offset a window allows.
    #[test]
    fn vector_picks_equal_the_portable_ones() {
        let t: Vec<f32> = (0..40).map(|i| i as f32 * 1.5 - 7.25).collect();
        let check = |window: usize, pick: &dyn Fn(&[f32; PICK_LANES]) -> Pairs| {
            for shift in 0..window - 1 {
                let r: [f32; PICK_LANES] =
                    std::array::from_fn(|k| ((k * 7 + shift) % (window - 1)) as f32);
                let (a, b) = pick(&r);
                for k in 0..PICK_LANES {
                    let i = r[k] as usize;
                    assert_eq!((a[k], b[k]), (t[i], t[i + 1]), "window {window}, lane {k}");
                }
            }
        };
        check(PortablePick::WINDOW, &|r| PortablePick.pairs(&t, r));
        assert_eq!(
            PortablePick.pairs(&t[..5], &[0.0; 32]),
            ([0.0; 32], [0.0; 32])
        );
        #[cfg(target_arch = "x86_64")]
        if let Some(isa) = super::super::avx2::Avx2::detect() {
            use super::super::f32x8::F32x8;
            let narrow = LanePick::<F32x8>(isa.token());
            check(<LanePick<F32x8>>::WINDOW, &|r| narrow.pairs(&t, r));
            if let Some(wide) = isa.avx512() {
                use super::super::f32x16::F32x16;
                let wide = LanePick::<F32x16>(wide);
                check(<LanePick<F32x16>>::WINDOW, &|r| wide.pairs(&t, r));
            }
        }
    }
}
