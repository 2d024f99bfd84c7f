use lattice_studio::*;
fn main() {
    let preset = Preset::load(std::path::Path::new("presets/value-noise-layers.ron")).unwrap();
    for oct in 1..=8 {
        let mut p = preset.noise.clone();
        p.octaves = oct;
        let h = engine::generate_simple(&p).unwrap();
        let s = h.stats();
        let r = engine::generate_reference(&p).unwrap().stats();
        println!("{oct}: {} {} ref {} {}", s.min, s.max, r.min, r.max);
    }
}
