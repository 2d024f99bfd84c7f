//! [`preview_format`]: the export format that writes what the preview shows.

use crate::files::ExportFormat;
use crate::pixels::OutputParams;

/// The PNG format that reproduces the preview: the semi-transparent variant when the
/// preview shows it, the colours of the ramp when there is one (with alpha when a stop
/// is see-through), else the grey texture. The lit view has no file of its own: its
/// colours are what is exported.
pub(crate) fn preview_format(out: &OutputParams, transparent: bool) -> ExportFormat {
    if transparent {
        ExportFormat::PngTransparent
    } else if let Some(ramp) = &out.ramp {
        if ramp.stops.iter().any(|s| s.color[3] < 255) {
            ExportFormat::ColorAlpha
        } else {
            ExportFormat::Color
        }
    } else {
        ExportFormat::Png
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pixels::ColorRamp;

    #[test]
    fn the_format_follows_what_the_preview_shows() {
        let mut out = OutputParams::default();
        assert_eq!(preview_format(&out, false), ExportFormat::Png);
        assert_eq!(preview_format(&out, true), ExportFormat::PngTransparent);
        out.ramp = ColorRamp::builtin("lava");
        assert_eq!(preview_format(&out, false), ExportFormat::Color);
        if let Some(r) = out.ramp.as_mut() {
            r.stops[0].color[3] = 10;
        }
        assert_eq!(preview_format(&out, false), ExportFormat::ColorAlpha);
        assert_eq!(preview_format(&out, true), ExportFormat::PngTransparent);
    }
}
