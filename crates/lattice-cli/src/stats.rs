//! `lattice-studio stats`: min, max, mean and standard deviation of a texture of any
//! size (or a window of it), measured band by band without writing a file.

use super::overrides::Overrides;
use super::progress::run_with_progress;
use super::render::{parse_region, resolve_streamed};
use super::stdout::write_stdout;
use crate::engine::{HeightStats, ParamError, Region};
use crate::files::stream::scan_stats;
use clap::Args;
use std::path::PathBuf;

/// Arguments of `stats`.
#[derive(Args, Debug)]
pub struct StatsArgs {
    /// Preset file (RON), or a PNG exported by Lattice Studio; without one the defaults.
    #[arg(value_name = "PRESET.ron|PNG")]
    pub preset: Option<PathBuf>,
    /// Only the window X,Y,W,H of the texture.
    #[arg(long, value_name = "X,Y,W,H", value_parser = parse_region)]
    pub region: Option<Region>,
    /// Parameter flags that override the preset.
    #[command(flatten)]
    pub overrides: Overrides,
}

/// The report: one `name value` pair a line. Heights print in Rust's shortest
/// round-trip form, so `--levels MIN,MAX` can be pasted from it exactly.
pub(crate) fn report(region: Region, s: &HeightStats) -> String {
    format!(
        "width {}\nheight {}\nmin {}\nmax {}\nmean {}\nstd-dev {}\nnon-finite {}\n",
        region.width, region.height, s.min, s.max, s.mean, s.std_dev, s.non_finite
    )
}

/// Runs `stats`.
pub(super) fn run(args: &StatsArgs) -> anyhow::Result<()> {
    let preset = resolve_streamed(args.preset.as_deref(), &args.overrides)?;
    let size = preset.size();
    let region = args.region.unwrap_or(Region::full(size));
    if !region.fits(size) {
        let Region {
            x,
            y,
            width,
            height,
        } = region;
        return Err(ParamError::Region {
            x,
            y,
            width,
            height,
            size,
        }
        .into());
    }
    let pixels = region.pixels() as u64;
    let stats = run_with_progress("measuring", pixels, |control| {
        scan_stats(&preset, region, control)
    })?;
    Ok(write_stdout(&report(region, &stats))?)
}
