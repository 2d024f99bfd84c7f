//! [`Region`]: a window of a texture, the unit of banded and tiled rendering.

use serde::{Deserialize, Serialize};

/// Columns `x..x + width` and rows `y..y + height` of a `size x size` texture.
///
/// A region renders to exactly the pixels of that window of the whole texture, bit for
/// bit: every pixel's value is computed by the same operations wherever the window
/// starts (tested for every proximity function, displacement, octave law, pan and tiling).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Region {
    /// First column.
    pub x: u32,
    /// First row.
    pub y: u32,
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
}

impl Region {
    /// The whole `size x size` texture.
    pub fn full(size: u32) -> Self {
        Region {
            x: 0,
            y: 0,
            width: size,
            height: size,
        }
    }

    /// Rows `y..y + height` at full width: a band of a `size`-wide texture.
    pub fn band(size: u32, y: u32, height: u32) -> Self {
        Region {
            x: 0,
            y,
            width: size,
            height,
        }
    }

    /// Whether the region is not empty and lies inside a `size x size` texture.
    pub fn fits(&self, size: u32) -> bool {
        let inside = |start: u32, len: u32| start.checked_add(len).is_some_and(|end| end <= size);
        self.width > 0
            && self.height > 0
            && inside(self.x, self.width)
            && inside(self.y, self.height)
    }

    /// Pixels in the region.
    pub fn pixels(&self) -> usize {
        self.width as usize * self.height as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fits_inside_the_texture_only() {
        assert!(Region::full(64).fits(64));
        assert!(Region::band(64, 60, 4).fits(64));
        assert!(!Region::band(64, 61, 4).fits(64));
        assert!(
            !Region {
                x: 0,
                y: 0,
                width: 0,
                height: 3
            }
            .fits(64)
        );
        assert!(
            !Region {
                x: u32::MAX,
                y: 0,
                width: 2,
                height: 2
            }
            .fits(64)
        );
        assert_eq!(Region::band(10, 2, 3).pixels(), 30);
    }
}
