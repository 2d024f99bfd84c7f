//! `lattice-studio info PRESET`: the texture and its layer stack, one line per layer.

use super::stdout::write_stdout;
use crate::engine::Preset;
use crate::engine::{Layer, LayerStack, NoiseParams, WarpSource};
use crate::files::PresetFiles;
use clap::Args;
use std::fmt::Write;
use std::path::PathBuf;

/// Arguments of `info`.
#[derive(Args, Debug)]
pub struct InfoArgs {
    /// Preset file (RON), or a PNG exported by Lattice Studio.
    #[arg(value_name = "PRESET.ron|PNG")]
    pub preset: PathBuf,
}

/// Runs `info`.
pub(super) fn run(args: &InfoArgs) -> anyhow::Result<()> {
    let preset = Preset::load(&args.preset)?;
    Ok(write_stdout(&describe(&preset))?)
}

/// The text `info` prints.
pub(crate) fn describe(preset: &Preset) -> String {
    let stack = &preset.layers;
    let mut s = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(
        s,
        "{}: {s}x{s}{}, {} layer{}",
        preset.name,
        if stack.tileable() { ", tileable" } else { "" },
        stack.len(),
        if stack.len() == 1 { "" } else { "s" },
        s = stack.size(),
    );
    for (i, layer) in stack.layers().iter().enumerate() {
        let _ = writeln!(s, "{}", layer_line(stack, i, layer));
    }
    if !preset.channels.is_empty() {
        let _ = writeln!(
            s,
            "packed channels (R, G, B, A): {}",
            preset.channels.join(", ")
        );
    }
    s
}

/// "5 octaves", or "auto: 8 octaves" with the count auto octaves give at the texture's
/// size (`noise` already at that size).
fn octaves_text(noise: &NoiseParams) -> String {
    if noise.auto_octaves {
        format!("auto: {} octaves", noise.octave_count())
    } else {
        format!("{} octaves", noise.octaves)
    }
}

/// `N. name: function fade source, seed, octaves x step (or the stack below); blend
/// opacity [levels] [mask] [warp] [erosion] [droplets] [blur]`.
fn layer_line(stack: &LayerStack, i: usize, l: &Layer) -> String {
    let n = &stack.texture_noise(&l.noise);
    // A layer whose heights are the stack below reads no noise of its own.
    let heights = if l.heights_below {
        "the stack below".to_owned()
    } else {
        format!(
            "{} {} {}, seed {}, {} from step {}",
            n.shape_text(),
            n.fade.id(),
            n.random.id(),
            n.seed,
            octaves_text(n),
            n.initial_step,
        )
    };
    let mut s = format!(
        "{:>2}. {}{}: {heights}; {} {:.2}",
        i + 1,
        l.name,
        if l.enabled { "" } else { " (disabled)" },
        l.blend.id(),
        l.opacity,
    );
    if !l.levels.is_identity() {
        let _ = write!(
            s,
            ", levels gain {} offset {}{}",
            l.levels.gain,
            l.levels.offset,
            if l.levels.invert { " inverted" } else { "" }
        );
    }
    if let Some(c) = &l.curve {
        let _ = write!(s, ", curve {}", c.spec());
    }
    if let Some(t) = &l.terrace {
        let _ = write!(s, ", terrace {} steps softness {}", t.steps, t.softness);
    }
    if let Some(m) = &l.mask {
        let _ = write!(s, ", mask '{m}'");
    } else if l.mask_below {
        let _ = write!(s, ", mask the stack below");
    }
    if l.has_mask()
        && let Some(slope) = &l.mask_slope
    {
        let _ = write!(s, " by {} {}", slope.measure, slope.spec());
    }
    if let Some(w) = l.active_warp() {
        match &w.source {
            WarpSource::Noise(wn) => {
                let wn = stack.texture_noise(wn);
                let _ = write!(
                    s,
                    ", warp {} px by {} (step {}, {})",
                    w.amplitude,
                    wn.shape_text(),
                    wn.initial_step,
                    octaves_text(&wn)
                );
            }
            WarpSource::Layer(name) => {
                let _ = write!(s, ", warp {} px by layer '{name}'", w.amplitude);
            }
        }
    }
    if let Some(e) = l.active_erosion() {
        let _ = write!(
            s,
            ", erosion {} ({} cells, {}{} octaves, branching {}, sharpness {}, keep {})",
            e.strength,
            e.cells,
            if e.auto_octaves { "auto: " } else { "" },
            e.octave_count(stack.size()),
            e.branching,
            e.sharpness,
            e.keep
        );
    }
    if let Some(d) = l.active_droplets() {
        let _ = write!(
            s,
            ", droplets {}/px on a {g} x {g} grid ({} steps, radius {})",
            d.density,
            d.steps(),
            d.radius,
            g = d.grid
        );
    }
    let blur = l.active_blur();
    if blur > 0.0 {
        let _ = write!(s, ", blur {blur} px");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_per_layer() {
        let mut p = Preset::default();
        let noise = p.noise().clone();
        let mut top = Layer::new("veins", noise);
        top.mask = Some("Layer 1".into());
        top.curve = crate::engine::Curve::parse("0:0,1:0.5").ok();
        top.terrace = Some(crate::engine::Terrace::default());
        p.layers.insert(1, top).unwrap();
        let text = describe(&p);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert!(lines[0].contains("512x512, 2 layers"), "{text}");
        assert!(lines[1].starts_with(" 1. Layer 1: gradient"), "{text}");
        assert!(lines[2].contains("mask 'Layer 1'"), "{text}");
        assert!(
            lines[2].contains("curve 0:0,1:0.5, terrace 8 steps softness 0.3"),
            "{text}"
        );
    }
}
