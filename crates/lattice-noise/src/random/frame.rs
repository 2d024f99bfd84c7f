//! [`Frame`]: where a corner's pixel coordinates land in the random sources' input space.

/// How corner pixel coordinates map to the random source's input.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    size: i32,
    /// `1024 / size` in f32, as the original's `SetScale(1024f / size)`.
    scale: f32,
    /// `65536 / size`: the modern hash's 16.16 "fraction of the texture" frame.
    fixed: f64,
    wrap: bool,
    /// Added to every coordinate after the mapping (see [`Self::apart`]).
    apart: i32,
}

impl Frame {
    /// The frame of a `size`-pixel texture; `wrap`: coordinates wrap at the size (tiling).
    pub(crate) fn new(size: u32, wrap: bool) -> Self {
        Self {
            size: size as i32,
            scale: 1024.0 / size as f32,
            fixed: 65536.0 / f64::from(size),
            wrap,
            apart: 0,
        }
    }

    /// This frame for octave `k` of a noise whose octaves are shifted: every coordinate
    /// moved by `k * 4099` of the sources' own units. A shifted octave's points are read
    /// where the unshifted grid has them (so they keep their numbers at any texture
    /// size), and there the octaves' points coincide: without this each octave would
    /// draw the same numbers at its shared points, and their sum would pile up there.
    /// Moved in the sources' units rather than in pixels, the numbers stay the same at
    /// any size; 4099 is 83 modulo the table sources' 251, so octaves 1 to 250 read
    /// other rows and columns of the table.
    pub(crate) fn apart(self, k: usize) -> Frame {
        Frame {
            apart: (k as i32).wrapping_mul(4099),
            ..self
        }
    }

    #[inline(always)]
    fn wrapped(&self, c: i32) -> i32 {
        if self.wrap {
            c.rem_euclid(self.size)
        } else {
            c
        }
    }

    /// The original's reference-frame integer: `(int)(c * 1024/size + 25100)`.
    #[inline(always)]
    pub(super) fn original(&self, c: i32) -> i32 {
        (self.wrapped(c) as f32 * self.scale + 25_100.0) as i32 + self.apart
    }

    /// [`Self::original`] for a fractional world coordinate.
    #[inline]
    pub(super) fn original_f(&self, c: f64) -> i32 {
        let c = if self.wrap {
            c.rem_euclid(f64::from(self.size))
        } else {
            c
        };
        (c as f32 * self.scale + 25_100.0) as i32 + self.apart
    }

    /// [`Self::fixed`] for a fractional world coordinate.
    #[inline]
    pub(super) fn fixed_f(&self, c: f64) -> i32 {
        let c = if self.wrap {
            c.rem_euclid(f64::from(self.size))
        } else {
            c
        };
        (c * self.fixed + 0.5).floor() as i64 as i32 + self.apart
    }

    /// The modern hash's fixed-point coordinate, rounded to nearest.
    #[inline(always)]
    pub(super) fn fixed(&self, c: i32) -> i32 {
        // Shifted by one size so the truncating cast rounds correctly for negative corners.
        ((self.wrapped(c) + self.size) as f64 * self.fixed + 0.5) as i32 - 65_536 + self.apart
    }
}
