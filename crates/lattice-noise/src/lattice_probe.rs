//! What lies under a pixel: its height and, per octave, the lattice cell it falls in
//! (the app's "value under the cursor").

use super::heightmap::Heightmap;
use super::noise_params::NoiseParams;

/// A pixel's place in one octave's lattice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OctaveCell {
    /// Octave number (0 = coarsest).
    pub octave: u32,
    /// The octave's grid step in pixels (fractional under the classic law).
    pub step: f64,
    /// Cell column and row, counted from the lattice origin; taken modulo the period
    /// `size / step` when the texture tiles.
    pub cell: (i64, i64),
    /// Pixel coordinates of the cell's top-left grid point (may be negative with a
    /// displaced or panned grid).
    pub corner: (f64, f64),
    /// The pixel's offset from that grid point, `0..step` in each direction.
    pub offset: (f64, f64),
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
        let size = f64::from(params.size);
        // The same geometry as the engine: world = pixel + pan, lattice points at
        // `init + i * step` in world coordinates.
        let pan = params.origin.map(|o| o * f64::from(params.initial_step));
        params
            .steps()
            .enumerate()
            .map(|(k, s)| {
                let init = params.displacement.origin_f64(s);
                let (wx, wy) = (f64::from(x) + pan[0], f64::from(y) + pan[1]);
                let (cx, cy) = (((wx - init) / s).floor(), ((wy - init) / s).floor());
                let world_corner = (init + cx * s, init + cy * s);
                let period = size / s;
                let cell = if params.tileable && period.fract() == 0.0 {
                    (cx.rem_euclid(period) as i64, cy.rem_euclid(period) as i64)
                } else {
                    (cx as i64, cy as i64)
                };
                OctaveCell {
                    octave: k as u32,
                    step: s,
                    cell,
                    corner: (world_corner.0 - pan[0], world_corner.1 - pan[1]),
                    offset: (wx - world_corner.0, wy - world_corner.1),
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::displacement::Displacement;

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
            (16.0, (0, 3), (-8.0, 40.0), (11.0, 0.0))
        );
        // Step 4, origin -2: x = 3 in cell 1 (from 2), y = 40 in cell 10 (from 38).
        let c = probe.cells[2];
        assert_eq!(
            (c.step, c.cell, c.corner, c.offset),
            (4.0, (1, 10), (2.0, 38.0), (1.0, 2.0))
        );
        assert!(LatticeProbe::at(&p, &hm, 64, 0).is_none());
        // A pan of one octave-0 cell moves every cell index by the cells it spans.
        let panned = NoiseParams {
            origin: [1.0, 0.0],
            ..p.clone()
        };
        let c = LatticeProbe::at(&panned, &hm, 3, 40).unwrap().cells[2];
        assert_eq!(
            (c.cell, c.corner, c.offset),
            ((5, 10), (2.0, 38.0), (1.0, 2.0))
        );
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
        assert_eq!(c.corner, (48.0, -16.0));
        assert_eq!(
            LatticeProbe::at(&p, &hm, 5, 0).unwrap().cells[0].cell,
            (0, 0)
        );
    }
}
