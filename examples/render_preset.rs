//! Renders a preset to a PNG (until the CLI lands).
fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let preset = lattice_studio::Preset::load(std::path::Path::new(&args[1]))?;
    let h = lattice_studio::engine::generate_simple(&preset.noise)?;
    let s = h.stats();
    println!("min {} max {} mean {}", s.min, s.max, s.mean);
    lattice_studio::render::grey8(&h, &preset.output).save(&args[2])?;
    Ok(())
}
