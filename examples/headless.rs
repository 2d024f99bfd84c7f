//! The library without the window: load a shipped preset, render it, write a PNG.
//!
//! `cargo run --example headless --no-default-features [PRESET] [OUT.png]`

use lattice_studio::PresetFiles;
use lattice_studio::{ExportFormat, JobControl, Preset, export_with_preset, generate, pixels};
use std::path::PathBuf;

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args_os().skip(1).map(PathBuf::from);
    let preset_path = args.next().unwrap_or_else(|| "presets/terrain.ron".into());
    let out = args.next().unwrap_or_else(|| "terrain.png".into());

    // Parameters -> heightmap (every core; the same bits at any thread count).
    let preset = Preset::load(&preset_path)?;
    let heightmap = generate(preset.noise(), &JobControl::new())?;
    let stats = heightmap.stats();
    let size = heightmap.size();
    println!(
        "{}: {size}x{size}, heights {:.3}..{:.3}",
        preset.name, stats.min, stats.max
    );

    // Heightmap -> pixels, if you want them in memory (an `image::GrayImage`).
    let grey = pixels::grey8(&heightmap, &preset.output);
    println!(
        "mean grey {}",
        grey.iter().map(|&g| u64::from(g)).sum::<u64>() / grey.len() as u64
    );

    // Pixels -> file: atomic, and the PNG carries the preset (open it in the designer).
    export_with_preset(&heightmap, &preset, ExportFormat::Png, &out)?;
    println!("wrote {}", out.display());
    Ok(())
}
