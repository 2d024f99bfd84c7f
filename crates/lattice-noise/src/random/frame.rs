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
}

impl Frame {
    /// The frame of a `size`-pixel texture; `wrap`: coordinates wrap at the size (tiling).
    pub(crate) fn new(size: u32, wrap: bool) -> Self {
        Self {
            size: size as i32,
            scale: 1024.0 / size as f32,
            fixed: 65536.0 / f64::from(size),
            wrap,
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
        (self.wrapped(c) as f32 * self.scale + 25_100.0) as i32
    }

    /// [`Self::original`] for a fractional world coordinate.
    #[inline]
    pub(super) fn original_f(&self, c: f64) -> i32 {
        let c = if self.wrap {
            c.rem_euclid(f64::from(self.size))
        } else {
            c
        };
        (c as f32 * self.scale + 25_100.0) as i32
    }

    /// [`Self::fixed`] for a fractional world coordinate.
    #[inline]
    pub(super) fn fixed_f(&self, c: f64) -> i32 {
        let c = if self.wrap {
            c.rem_euclid(f64::from(self.size))
        } else {
            c
        };
        (c * self.fixed + 0.5).floor() as i64 as i32
    }

    /// The modern hash's fixed-point coordinate, rounded to nearest.
    #[inline(always)]
    pub(super) fn fixed(&self, c: i32) -> i32 {
        // Shifted by one size so the truncating cast rounds correctly for negative corners.
        ((self.wrapped(c) + self.size) as f64 * self.fixed + 0.5) as i32 - 65_536
    }
}
