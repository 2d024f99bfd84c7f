//! [`WarpFields`]: where the warped sampler reads its two fields from: maps the caller
//! holds, or noises it computes band by band beside the pixels they move.

use super::avx2::Avx2;
use super::band_source::{BandScratch, BandSource};
use crate::job_control::JobControl;
use crate::noise_params::NoiseParams;
use crate::region::Region;

/// The warp of one render: its two fields (heights, centred on 0.5) and the amplitude.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WarpFields<'a> {
    /// Where `wx + 0.5` and `wy + 0.5` come from.
    pub source: FieldSource<'a>,
    /// Pixels of displacement per unit of field.
    pub amplitude: f32,
}

/// The two fields of a warp.
#[derive(Clone, Copy, Debug)]
pub(crate) enum FieldSource<'a> {
    /// Values per pixel of the region, row-major (a layer's cached heights).
    Maps { x: &'a [f32], y: &'a [f32] },
    /// Two noises over the texture (validated for the region), computed a band at a
    /// time: no map the size of the region is held, and each band's fields are still
    /// in the cache when its pixels read them.
    Noise {
        x: &'a NoiseParams,
        y: &'a NoiseParams,
    },
    /// No displacement: both fields 0.5 everywhere (the isotropic mode's sampler run
    /// on an unwarped layer).
    Still,
}

/// The fields as the bands read them.
pub(super) enum Fields<'a> {
    Maps(&'a [f32], &'a [f32]),
    Bands(Box<[BandSource; 2]>),
    Still,
}

impl<'a> Fields<'a> {
    /// Plans the fields of `source` over `region`, computed with the instruction sets
    /// `isa` allows.
    pub(super) fn new(source: FieldSource<'a>, region: Region, isa: Option<Avx2>) -> Self {
        match source {
            FieldSource::Maps { x, y } => Fields::Maps(x, y),
            FieldSource::Noise { x, y } => Fields::Bands(Box::new([
                BandSource::on(x, region, isa),
                BandSource::on(y, region, isa),
            ])),
            FieldSource::Still => Fields::Still,
        }
    }
}

/// A thread's field rows for the band it is computing.
#[derive(Default)]
pub(super) struct FieldBands {
    rows: [Vec<f32>; 2],
    scratch: [BandScratch; 2],
}

impl FieldBands {
    /// The two fields of region rows `y0..y0 + n / width` (`n` values), starting at the
    /// band's first pixel.
    pub(super) fn band<'s>(
        &'s mut self,
        fields: &'s Fields<'_>,
        (y0, n, width): (usize, usize, usize),
        control: &JobControl,
    ) -> (&'s [f32], &'s [f32]) {
        match fields {
            Fields::Maps(x, y) => {
                let at = y0 * width;
                (&x[at..at + n], &y[at..at + n])
            }
            Fields::Bands(sources) => {
                for ((rows, sc), source) in
                    self.rows.iter_mut().zip(&mut self.scratch).zip(&**sources)
                {
                    rows.resize(n, 0.0);
                    source.band(y0, rows, sc, control);
                }
                (&self.rows[0], &self.rows[1])
            }
            Fields::Still => {
                // 0.5 is the field's centre: a displacement of exactly zero.
                self.rows[0].clear();
                self.rows[0].resize(n, 0.5);
                (&self.rows[0], &self.rows[0])
            }
        }
    }
}
