//! Where a texture's lattice lies: grid lines per octave and the noise coordinates of
//! pixels, for the viewer's grid and coordinate overlays.

use super::displacement::Displacement;
use super::noise_params::NoiseParams;

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

    /// Pixel positions of the lattice lines of `octave` inside `0..=size`, columns then
    /// rows (they differ once the origin is panned); empty for an octave not computed.
    pub fn grid_lines(&self, octave: usize) -> [Vec<f64>; 2] {
        let Some(step) = self.params.steps().nth(octave) else {
            return [Vec::new(), Vec::new()];
        };
        let init = self.init(step);
        let size = f64::from(self.params.size);
        let offset = self.pixel_offset();
        offset.map(|off| {
            // Lattice points sit at `init + i * step - off` (as the engine places them).
            let first = ((off - init) / step).ceil();
            (0..)
                .map(|k| init + (first + f64::from(k)) * step - off)
                .take_while(|&x| x <= size)
                .collect()
        })
    }

    /// The noise coordinates of pixel `(px, py)`: its position in cells of the first
    /// octave's lattice, counted from lattice point 0 and including the panned origin
    /// (Parberry's "coordinates" overlay).
    pub fn noise_coords(&self, px: f64, py: f64) -> [f64; 2] {
        let step = f64::from(self.params.initial_step.max(1));
        let init = self.init(step);
        let o = self.params.origin;
        [(px - init) / step + o[0], (py - init) / step + o[1]]
    }

    /// Where an octave of `step` starts (the displacement, as the engine computes it).
    fn init(&self, step: f64) -> f64 {
        if step.fract() == 0.0 {
            f64::from(self.params.displacement.origin(step as i32))
        } else {
            match self.params.displacement {
                Displacement::None => 0.0,
                Displacement::Half => -(step / 2.0).floor(),
                Displacement::Quarter => -(step / 4.0).floor(),
            }
        }
    }

    /// The pan in pixels: the origin in first-octave cells times the first step.
    fn pixel_offset(&self) -> [f64; 2] {
        let step = f64::from(self.params.initial_step);
        self.params.origin.map(|o| o * step)
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
        let cols = vec![0.0, 16.0, 32.0, 48.0, 64.0];
        assert_eq!(info.grid_lines(0), [cols.clone(), cols]);
        assert_eq!(info.grid_lines(1)[0].len(), 9);
        assert!(info.grid_lines(3)[0].is_empty());
        let p = params(Displacement::Half);
        let cols = vec![8.0, 24.0, 40.0, 56.0];
        assert_eq!(LatticeInfo::new(&p).grid_lines(0), [cols.clone(), cols]);
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

    #[test]
    fn the_origin_moves_coordinates_and_grid() {
        let p = NoiseParams {
            origin: [256.0, -0.25],
            ..params(Displacement::None)
        };
        let info = LatticeInfo::new(&p);
        let (tl, br) = info.corner_coords();
        assert_eq!(tl, [256.0, -0.25]);
        assert_eq!(br, [256.0 + 63.0 / 16.0, -0.25 + 63.0 / 16.0]);
        let [cols, rows] = info.grid_lines(0);
        assert_eq!(cols, vec![0.0, 16.0, 32.0, 48.0, 64.0]);
        // The window moved a quarter cell back: lattice rows appear a quarter step lower.
        assert_eq!(rows, vec![4.0, 20.0, 36.0, 52.0]);
    }
}
