//! [`ParamFlag`]: the long names of `render`'s parameter flags, defined once. The command
//! line declares its flags with these names (`#[arg(long = ParamFlag::Size.name())]`) and
//! "copy as command line" prints them, so the two cannot drift apart.

use crate::engine::{Cellular, Preset};

/// One flag of `render` that sets a parameter of a single-layer preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParamFlag {
    /// `--size`: texture side in pixels.
    Size,
    /// `--seed`: seed of the random source.
    Seed,
    /// `--octaves`: number of octaves.
    Octaves,
    /// `--initial-step`: grid step of the first octave.
    InitialStep,
    /// `--persistence`: amplitude falloff between octaves.
    Persistence,
    /// `--displacement`: lattice origin shift per octave.
    Displacement,
    /// `--proximity`: the proximity function.
    Proximity,
    /// `--fade`: the fade function.
    Fade,
    /// `--random`: the random source.
    Random,
    /// `--tileable`: wrap the lattice so the texture tiles.
    Tileable,
    /// `--table-size`: entries of the permutation table.
    TableSize,
    /// `--distribution`: distribution of the gradient/value table.
    Distribution,
    /// `--octave-law`: how steps and amplitudes change between octaves.
    OctaveLaw,
    /// `--lacunarity`: step ratio between octaves (classic law).
    Lacunarity,
    /// `--origin`: lattice origin X,Y.
    Origin,
    /// `--isotropic`: the isotropic mode's parts.
    Isotropic,
    /// `--cellular`: a cellular noise on the lattice (or `off`).
    Cellular,
    /// `--contrast`: output contrast.
    Contrast,
    /// `--luminance`: output luminance offset.
    Luminance,
    /// `--auto-levels`: stretch min..max to the full grey range.
    AutoLevels,
    /// `--normalize`: divide by the maximum before the levels.
    Normalize,
    /// `--tint`: grey tint as RRGGBB.
    Tint,
    /// `--ramp`: colour ramp (name or stops).
    Ramp,
    /// `--texture-curve`: the whole texture's tone curve.
    TextureCurve,
    /// `--normal-strength`: normal map strength.
    NormalStrength,
    /// `--normal-convention`: OpenGL or DirectX normal maps.
    NormalConvention,
    /// `--normal-slopes`: exact slopes or differences of pixels for normals.
    NormalSlopes,
    /// `--float-levels`: R32 and EXR hold the levelled grey instead of raw heights.
    FloatLevels,
}

impl ParamFlag {
    /// Every parameter flag, in the order "copy as command line" prints them.
    pub const ALL: [ParamFlag; 28] = [
        ParamFlag::Size,
        ParamFlag::Seed,
        ParamFlag::Octaves,
        ParamFlag::InitialStep,
        ParamFlag::Persistence,
        ParamFlag::Displacement,
        ParamFlag::Proximity,
        ParamFlag::Fade,
        ParamFlag::Random,
        ParamFlag::Tileable,
        ParamFlag::TableSize,
        ParamFlag::Distribution,
        ParamFlag::OctaveLaw,
        ParamFlag::Lacunarity,
        ParamFlag::Origin,
        ParamFlag::Isotropic,
        ParamFlag::Cellular,
        ParamFlag::Contrast,
        ParamFlag::Luminance,
        ParamFlag::AutoLevels,
        ParamFlag::Normalize,
        ParamFlag::Tint,
        ParamFlag::Ramp,
        ParamFlag::TextureCurve,
        ParamFlag::NormalStrength,
        ParamFlag::NormalConvention,
        ParamFlag::NormalSlopes,
        ParamFlag::FloatLevels,
    ];

    /// The flag's long name, without the leading `--`.
    pub const fn name(self) -> &'static str {
        match self {
            ParamFlag::Size => "size",
            ParamFlag::Seed => "seed",
            ParamFlag::Octaves => "octaves",
            ParamFlag::InitialStep => "initial-step",
            ParamFlag::Persistence => "persistence",
            ParamFlag::Displacement => "displacement",
            ParamFlag::Proximity => "proximity",
            ParamFlag::Fade => "fade",
            ParamFlag::Random => "random",
            ParamFlag::Tileable => "tileable",
            ParamFlag::TableSize => "table-size",
            ParamFlag::Distribution => "distribution",
            ParamFlag::OctaveLaw => "octave-law",
            ParamFlag::Lacunarity => "lacunarity",
            ParamFlag::Origin => "origin",
            ParamFlag::Isotropic => "isotropic",
            ParamFlag::Cellular => "cellular",
            ParamFlag::Contrast => "contrast",
            ParamFlag::Luminance => "luminance",
            ParamFlag::AutoLevels => "auto-levels",
            ParamFlag::Normalize => "normalize",
            ParamFlag::Tint => "tint",
            ParamFlag::Ramp => "ramp",
            ParamFlag::TextureCurve => "texture-curve",
            ParamFlag::NormalStrength => "normal-strength",
            ParamFlag::NormalConvention => "normal-convention",
            ParamFlag::NormalSlopes => "normal-slopes",
            ParamFlag::FloatLevels => "float-levels",
        }
    }

    /// The value that gives `preset`'s parameter, as `render` reads it; `None` when the
    /// preset leaves it unset (no ramp).
    pub fn value(self, preset: &Preset) -> Option<String> {
        let (n, o) = (preset.noise(), &preset.output);
        Some(match self {
            ParamFlag::Size => n.size.to_string(),
            ParamFlag::Seed => n.seed.to_string(),
            ParamFlag::Octaves if n.auto_octaves => "auto".to_owned(),
            ParamFlag::Octaves => n.octaves.to_string(),
            ParamFlag::InitialStep => n.initial_step.to_string(),
            ParamFlag::Persistence => n.persistence.to_string(),
            ParamFlag::Displacement => n.displacement.id().to_owned(),
            ParamFlag::Proximity => n.proximity.id().to_owned(),
            ParamFlag::Fade => n.fade.id().to_owned(),
            ParamFlag::Random => n.random.id().to_owned(),
            ParamFlag::Tileable => n.tileable.to_string(),
            ParamFlag::TableSize => n.table_size.to_string(),
            ParamFlag::Distribution => n.distribution.id().to_owned(),
            ParamFlag::OctaveLaw => n.octave_law.id().to_owned(),
            ParamFlag::Lacunarity => n.lacunarity.to_string(),
            ParamFlag::Origin => format!("{},{}", n.origin[0], n.origin[1]),
            ParamFlag::Isotropic => n.isotropy.spec(),
            ParamFlag::Cellular => Cellular::option_spec(n.cellular),
            ParamFlag::Contrast => o.contrast.to_string(),
            ParamFlag::Luminance => o.luminance.to_string(),
            ParamFlag::AutoLevels => o.auto_levels.to_string(),
            ParamFlag::Normalize => o.normalize.to_string(),
            ParamFlag::Tint => {
                let [r, g, b] = o.tint;
                format!("{r:02x}{g:02x}{b:02x}")
            }
            ParamFlag::Ramp => o.ramp.as_ref()?.to_spec(),
            ParamFlag::TextureCurve => o.curve?.spec(),
            ParamFlag::NormalStrength => o.normal_strength.to_string(),
            ParamFlag::NormalConvention => o.normal_convention.id().to_owned(),
            ParamFlag::NormalSlopes => o.normal_slopes.id().to_owned(),
            ParamFlag::FloatLevels => o.float_levels.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::ParamFlag;
    use std::collections::HashSet;

    #[test]
    fn names_are_distinct_long_flags() {
        let names: HashSet<_> = ParamFlag::ALL.iter().map(|f| f.name()).collect();
        assert_eq!(names.len(), ParamFlag::ALL.len());
        for name in names {
            assert!(
                name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{name}"
            );
        }
    }
}
