//! What lies under a pixel: its height and, per octave, the lattice cell it falls in
//! (the app's "value under the cursor").

use crate::engine::Heightmap;
use crate::params::NoiseParams;

/// A pixel's place in one octave's lattice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OctaveCell {
    /// Octave number (0 = coarsest).
    pub octave: u32,
    /// The octave's grid step in pixels.
    pub step: u32,
    /// Cell column and row, counted from the lattice origin; taken modulo the period
    /// `size / step` when the texture tiles.
    pub cell: (i64, i64),
    /// Pixel coordinates of the cell's top-left grid point (may be negative with a
    /// displaced grid).
    pub corner: (i64, i64),
    /// The pixel's offset from that grid point, `0..step` in each direction.
    pub offset: (u32, u32),
}

/// The height at a pixel and its lattice cell in every computed octave.
#[derive(Clone, Debug, PartialEq)]
pub struct LatticeProbe {
    /// Column of the pixel.
    pub x: u32,
    /// Row of the pixel.
    pub y: u32,
    /// The raw height there.
    pub value: f32,
    /// One entry per computed octave, coarsest first.
    pub cells: Vec<OctaveCell>,
}

impl LatticeProbe {
    /// Probes pixel `(x, y)` of `hm`, generated from `params`; `None` outside the map.
    /// (`params` must be the ones `hm` came from, at the same size.)
    pub fn at(params: &NoiseParams, hm: &Heightmap, x: u32, y: u32) -> Option<LatticeProbe> {
        if x >= hm.size() || y >= hm.size() {
            return None;
        }
        let value = hm.data()[y as usize * hm.size() as usize + x as usize];
        let cells = Self::cells(params, x, y);
        Some(LatticeProbe { x, y, value, cells })
    }

    /// The lattice cell of pixel `(x, y)` in every octave `params` computes.
    pub fn cells(params: &NoiseParams, x: u32, y: u32) -> Vec<OctaveCell> {
        let size = i64::from(params.size);
        params
            .steps()
            .enumerate()
            .map(|(k, step)| {
                let s = i64::from(step);
                let init = i64::from(params.displacement.origin(step as i32));
                let (cx, cy) = (
                    (i64::from(x) - init).div_euclid(s),
                    (i64::from(y) - init).div_euclid(s),
                );
                let corner = (init + cx * s, init + cy * s);
                let cell = if params.tileable && size % s == 0 {
                    let period = size / s;
                    (cx.rem_euclid(period), cy.rem_euclid(period))
                } else {
                    (cx, cy)
                };
                OctaveCell {
                    octave: k as u32,
                    step,
                    cell,
                    corner,
                    offset: (
                        (i64::from(x) - corner.0) as u32,
                        (i64::from(y) - corner.1) as u32,
                    ),
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::Displacement;

    #[test]
    fn cells_per_octave() {
        let p = NoiseParams {
            size: 64,
            initial_step: 16,
            octaves: 3,
            displacement: Displacement::Half,
            ..NoiseParams::default()
        };
        let hm = Heightmap::filled(64, 0.25);
        let probe = LatticeProbe::at(&p, &hm, 3, 40).unwrap();
        assert_eq!(probe.value, 0.25);
        assert_eq!(probe.cells.len(), 3);
        // Step 16, origin -8: x = 3 lies in cell 0 (from -8), y = 40 in cell 3 (from 40).
        let c = probe.cells[0];
        assert_eq!(
            (c.step, c.cell, c.corner, c.offset),
            (16, (0, 3), (-8, 40), (11, 0))
        );
        // Step 4, origin -2: x = 3 in cell 1 (from 2), y = 40 in cell 10 (from 38).
        let c = probe.cells[2];
        assert_eq!(
            (c.step, c.cell, c.corner, c.offset),
            (4, (1, 10), (2, 38), (1, 2))
        );
        assert!(LatticeProbe::at(&p, &hm, 64, 0).is_none());
    }

    #[test]
    fn tileable_cells_wrap() {
        let p = NoiseParams {
            size: 64,
            initial_step: 32,
            octaves: 1,
            displacement: Displacement::Half,
            tileable: true,
            ..NoiseParams::default()
        };
        let hm = Heightmap::filled(64, 0.0);
        // Origin -16: x = 60 is in cell 2 (from 48), the same cell as x = 0..15 wrapped.
        let c = LatticeProbe::at(&p, &hm, 60, 0).unwrap().cells[0];
        assert_eq!(c.cell, (0, 0));
        assert_eq!(c.corner, (48, -16));
        assert_eq!(
            LatticeProbe::at(&p, &hm, 5, 0).unwrap().cells[0].cell,
            (0, 0)
        );
    }
}
