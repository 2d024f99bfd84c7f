//! "Copy as command line": the `lattice-studio render` call that reproduces a texture.

use super::param_flag::ParamFlag;
use super::shell_word::{UnprintableWord, shell_quote, shell_quote_os};
use crate::engine::Preset;
use crate::files::ExportFormat;
use std::path::Path;

/// The flags that set every parameter of `preset`, in `render`'s terms, each with its
/// value (booleans included, so an explicit `false` overrides any preset).
pub fn flags(preset: &Preset) -> Vec<(ParamFlag, String)> {
    ParamFlag::ALL
        .into_iter()
        .filter_map(|f| Some((f, f.value(preset)?)))
        .collect()
}

/// Ends the here-document of a layered command line (a line RON never holds alone:
/// strings keep their line breaks escaped).
const HEREDOC_END: &str = "LATTICE_PRESET";

/// `lattice-studio render --out OUT --format F --size ... ` with every parameter of
/// `preset`, each value quoted for a POSIX shell. A texture that flags cannot describe
/// (several layers, or one with levels, a mask or a warp) is passed whole instead: its
/// preset's RON in a here-document read by `render -`.
pub fn to_command_line(
    preset: &Preset,
    out: &Path,
    format: ExportFormat,
) -> Result<String, UnprintableWord> {
    let out = out_flag(out)?;
    if !preset.layers.is_single_noise() {
        return Ok(format!(
            "lattice-studio render - {out} --format {} <<'{HEREDOC_END}'\n{}\n{HEREDOC_END}",
            format.id(),
            preset.to_ron()
        ));
    }
    let mut cmd = format!("lattice-studio render {out} --format {}", format.id());
    // The `=` form for every flag: it keeps a value starting with `-` a value, and it
    // is the only form an optional-valued flag (`--tileable`) reads its value in.
    for (flag, value) in flags(preset) {
        let name = flag.name();
        let value = shell_quote(&value, name)?;
        cmd.push_str(&format!(" --{name}={value}"));
    }
    Ok(cmd)
}

/// `--out=PATH`, quoted: the `=` form keeps a path that starts with `-` a value.
pub fn out_flag(out: &Path) -> Result<String, UnprintableWord> {
    Ok(format!(
        "--out={}",
        shell_quote_os(out.as_os_str(), "the output path")?
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random::Distribution;
    use crate::engine::{Displacement, Fade, OctaveLaw, Proximity, RandomSource};
    use crate::pixels::{ColorRamp, NormalConvention, NormalSlopes, RampStop};

    fn unusual() -> Preset {
        let mut p = Preset::default();
        p.noise_mut().size = 256;
        p.noise_mut().seed = -42;
        p.noise_mut().octaves = 5;
        p.noise_mut().initial_step = 64;
        p.noise_mut().persistence = 0.3;
        p.noise_mut().displacement = Displacement::Quarter;
        p.noise_mut().proximity = Proximity::MonkeySaddle;
        p.noise_mut().fade = Fade::Quintic;
        p.noise_mut().random = RandomSource::Modern;
        p.noise_mut().tileable = true;
        p.noise_mut().table_size = 64;
        p.noise_mut().distribution = Distribution::Normal;
        p.noise_mut().octave_law = OctaveLaw::Classic;
        p.noise_mut().lacunarity = 2.5;
        p.noise_mut().origin = [-3.0, 0.25];
        p.output.normalize = true;
        p.output.contrast = 1.25;
        p.output.luminance = -0.1;
        p.output.auto_levels = true;
        p.output.tint = [255, 128, 1];
        p.output.normal_strength = 3.5;
        p.output.normal_convention = NormalConvention::DirectX;
        p.output.normal_slopes = NormalSlopes::Differences;
        p.output.ramp = Some(ColorRamp {
            stops: vec![
                RampStop {
                    position: 0.1,
                    color: [1, 2, 3, 4],
                },
                RampStop {
                    position: 0.9,
                    color: [250, 251, 252, 253],
                },
            ],
        });
        p
    }

    #[test]
    fn contains_every_parameter() {
        let cmd = to_command_line(
            &unusual(),
            Path::new("/tmp/my tex's.png"),
            ExportFormat::Normal,
        )
        .unwrap();
        assert!(
            cmd.starts_with("lattice-studio render --out='/tmp/my tex'\\''s.png' --format normal "),
            "{cmd}"
        );
        for want in [
            " --size=256",
            " --seed=-42",
            " --octaves=5",
            " --initial-step=64",
            " --persistence=0.3",
            " --displacement=quarter",
            " --proximity=monkey-saddle",
            " --fade=quintic",
            " --random=modern",
            " --tileable=true",
            " --table-size=64",
            " --distribution=normal",
            " --octave-law=classic",
            " --lacunarity=2.5",
            " --origin=-3,0.25",
            " --normalize=true",
            " --contrast=1.25",
            " --luminance=-0.1",
            " --auto-levels=true",
            " --tint=ff8001",
            " --normal-strength=3.5",
            " --normal-convention=directx",
            " --normal-slopes=differences",
            " --ramp=0.1:01020304,0.9:fafbfcfd",
        ] {
            assert!(cmd.contains(want), "missing {want:?} in {cmd}");
        }
        // A built-in ramp goes by its name.
        let mut p = unusual();
        p.output.ramp = ColorRamp::builtin("lava");
        assert!(
            to_command_line(&p, Path::new("a.png"), ExportFormat::Color)
                .unwrap()
                .contains(" --ramp=lava")
        );
        p.output.ramp = None;
        let cmd = to_command_line(&p, Path::new("a.png"), ExportFormat::Png).unwrap();
        assert!(!cmd.contains("--ramp"));
    }

    #[test]
    fn a_layered_texture_is_passed_whole() {
        let mut p = Preset {
            output: unusual().output,
            ..Preset::default()
        };
        let mut top = crate::engine::Layer::new("top", p.noise().clone());
        top.noise.proximity = Proximity::Hill;
        top.blend = crate::engine::BlendMode::Multiply;
        p.layers.insert(1, top).unwrap();
        let cmd = to_command_line(&p, Path::new("a b.png"), ExportFormat::Png16).unwrap();
        let (head, rest) = cmd.split_once('\n').unwrap();
        assert_eq!(
            head,
            "lattice-studio render - --out='a b.png' --format png16 <<'LATTICE_PRESET'"
        );
        let ron = rest.strip_suffix("\nLATTICE_PRESET").unwrap();
        assert!(!ron.lines().any(|l| l == HEREDOC_END));
        let back = Preset::from_ron(ron).unwrap();
        assert_eq!(back, p);
    }
}
