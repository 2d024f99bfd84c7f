//! Where a texture's lattice lies: grid lines per octave and the noise coordinates of
//! pixels, for the viewer's grid and coordinate overlays.

use crate::params::NoiseParams;

/// Lattice geometry of one set of parameters.
#[derive(Clone, Copy, Debug)]
pub struct LatticeInfo<'a> {
    params: &'a NoiseParams,
}

impl<'a> LatticeInfo<'a> {
    /// Geometry of `params`.
    pub fn new(params: &'a NoiseParams) -> Self {
        Self { params }
    }

    /// Number of octaves actually computed (steps of at least one pixel).
    pub fn octave_count(&self) -> usize {
        self.params.steps().count()
    }

    /// Pixel positions (columns; rows are the same) of the lattice lines of `octave`
    /// inside `0..=size`; empty for an octave that is not computed.
    pub fn grid_lines(&self, octave: usize) -> Vec<u32> {
        let Some(step) = self.params.steps().nth(octave) else {
            return Vec::new();
        };
        let step = step as i64;
        let init = i64::from(self.params.displacement.origin(step as i32));
        let size = i64::from(self.params.size);
        (0..)
            .map(|k| init + k * step)
            .take_while(|&x| x <= size)
            .filter(|&x| x >= 0)
            .map(|x| x as u32)
            .collect()
    }

    /// The noise coordinates of pixel `(px, py)`: its position in cells of the first
    /// octave's lattice, counted from lattice point 0 (Parberry's "coordinates" overlay).
    pub fn noise_coords(&self, px: f64, py: f64) -> [f64; 2] {
        let step = f64::from(self.params.initial_step.max(1));
        let init = f64::from(
            self.params
                .displacement
                .origin(self.params.initial_step.max(1) as i32),
        );
        [(px - init) / step, (py - init) / step]
    }

    /// Noise coordinates of the top-left and bottom-right pixels.
    pub fn corner_coords(&self) -> ([f64; 2], [f64; 2]) {
        let last = f64::from(self.params.size.saturating_sub(1));
        (self.noise_coords(0.0, 0.0), self.noise_coords(last, last))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::Displacement;

    fn params(displacement: Displacement) -> NoiseParams {
        NoiseParams {
            size: 64,
            initial_step: 16,
            octaves: 3,
            displacement,
            ..NoiseParams::default()
        }
    }

    #[test]
    fn grid_lines_per_octave() {
        let p = params(Displacement::None);
        let info = LatticeInfo::new(&p);
        assert_eq!(info.octave_count(), 3);
        assert_eq!(info.grid_lines(0), vec![0, 16, 32, 48, 64]);
        assert_eq!(info.grid_lines(1).len(), 9);
        assert!(info.grid_lines(3).is_empty());
        let p = params(Displacement::Half);
        assert_eq!(LatticeInfo::new(&p).grid_lines(0), vec![8, 24, 40, 56]);
    }

    #[test]
    fn corner_coordinates_in_cells() {
        let p = params(Displacement::None);
        let (tl, br) = LatticeInfo::new(&p).corner_coords();
        assert_eq!(tl, [0.0, 0.0]);
        assert_eq!(br, [63.0 / 16.0, 63.0 / 16.0]);
        let p = params(Displacement::Half);
        assert_eq!(LatticeInfo::new(&p).corner_coords().0, [0.5, 0.5]);
    }
}
