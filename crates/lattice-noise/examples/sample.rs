//! Prints the height at one pixel of a preset's texture, with full f32 precision: the
//! value the command line writes there in an `r32` export of that size.
//!
//! ```text
//! cargo run -p lattice-noise --example sample -- presets/default.ron 1024 100 200
//! ```

use lattice_noise::Preset;
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match height_at(&args) {
        Ok(height) => println!("{height:?}"),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}

/// The height the arguments `PRESET SIZE X Y` ask for.
pub fn height_at(args: &[String]) -> Result<f32, String> {
    let [preset, size, x, y] = args else {
        return Err(
            "usage: sample PRESET SIZE X Y (a RON preset, the texture's side in \
                    pixels, a column and a row)"
                .to_owned(),
        );
    };
    let number = |name: &str, text: &str| {
        text.parse::<u32>()
            .map_err(|_| format!("{name} '{text}' is not a whole number"))
    };
    let (size, x, y) = (number("SIZE", size)?, number("X", x)?, number("Y", y)?);
    let preset = Preset::from_file(Path::new(preset))
        .and_then(|p| p.at_size(size))
        .map_err(|e| e.to_string())?;
    preset.sample(x, y).map_err(|e| e.to_string())
}
