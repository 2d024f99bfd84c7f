//! Parameter flags that override a preset; shared by `render`, `bench` and the app.

use super::layer_flags::{LayerFlags, OrNone, parse_curve};
use super::octave_flags::{
    OctaveCount, parse_lacunarity, parse_octave_law, parse_octaves, parse_origin,
};
use crate::command_text::param_flag::ParamFlag;
use crate::engine::Preset;
use crate::engine::random::{Distribution, MAX_TABLE_SIZE, MIN_TABLE_SIZE};
use crate::engine::{Cellular, Displacement, Isotropy, MAX_STREAMED_SIZE, OctaveLaw};
use crate::engine::{Fade, Proximity, RandomSource};
use crate::files::Result;
use crate::pixels::{ColorRamp, hex_bytes};
use crate::pixels::{NormalConvention, NormalSlopes};
use clap::Args;

/// Every parameter as an optional flag. `None` keeps the preset's value, so the same
/// struct serves any front end that starts from a preset and changes a few knobs.
#[derive(Args, Clone, Debug, Default, PartialEq)]
pub struct Overrides {
    /// The layer the noise flags apply to, and its blend, opacity, warp and mask.
    #[command(flatten)]
    pub layer: LayerFlags,
    /// Texture side in pixels: 1..=16384 in the app, up to 262144 for `render` and
    /// `stats`, which stream the texture band by band; the initial step keeps its
    /// fraction of the size unless --initial-step is given.
    #[arg(long = ParamFlag::Size.name(), value_name = "N", value_parser = parse_size)]
    pub size: Option<u32>,
    /// Seed of the random source.
    #[arg(long = ParamFlag::Seed.name(), value_name = "S", allow_negative_numbers = true)]
    pub seed: Option<i32>,
    /// Number of octaves (0..=32; octaves whose step falls below 1 are skipped), or
    /// `auto`: octaves down to a one-pixel step, so a larger size gets finer detail.
    #[arg(long = ParamFlag::Octaves.name(), value_name = "K|auto", value_parser = parse_octaves)]
    pub octaves: Option<OctaveCount>,
    /// Grid step of the first octave in pixels (1..=size).
    #[arg(long = ParamFlag::InitialStep.name(), value_name = "N")]
    pub initial_step: Option<u32>,
    /// Persistence p in 0..=1: octave amplitude is (step/size)^(1-p).
    #[arg(long = ParamFlag::Persistence.name(), value_name = "P", value_parser = parse_finite_f64)]
    pub persistence: Option<f64>,
    /// Lattice origin shift per octave: none, half or quarter.
    #[arg(long = ParamFlag::Displacement.name(), value_name = "ID", value_parser = parse_displacement)]
    pub displacement: Option<Displacement>,
    /// Proximity function id (see `lattice-studio list`).
    #[arg(long = ParamFlag::Proximity.name(), value_name = "ID", value_parser = parse_proximity)]
    pub proximity: Option<Proximity>,
    /// Fade function id: linear, cosine, hermite or quintic.
    #[arg(long = ParamFlag::Fade.name(), value_name = "ID", value_parser = parse_fade)]
    pub fade: Option<Fade>,
    /// Random source id (see `lattice-studio list`): original-table, original-hash, modern,
    /// permutation, lcg, hash64, libnoise or libnoise-value.
    #[arg(long = ParamFlag::Random.name(), value_name = "ID", value_parser = parse_random)]
    pub random: Option<RandomSource>,
    /// Entries of the permutation and gradient/value table of the permutation, lcg and
    /// hash64 sources: a power of two in 2..=65536.
    #[arg(long = ParamFlag::TableSize.name(), value_name = "N", value_parser = parse_table_size)]
    pub table_size: Option<u32>,
    /// Distribution of the gradient/value table: uniform, cosine, normal, exponential,
    /// midpoint or maximal.
    #[arg(long = ParamFlag::Distribution.name(), value_name = "ID", value_parser = parse_distribution)]
    pub distribution: Option<Distribution>,
    /// Octave law: original (step halves, amplitude (step/size)^(1-p)) or classic (step
    /// divided by --lacunarity, amplitude persistence^k).
    #[arg(long = ParamFlag::OctaveLaw.name(), value_name = "ID", value_parser = parse_octave_law)]
    pub octave_law: Option<OctaveLaw>,
    /// Step ratio between octaves under the classic law, 1.1..=16 (default 2).
    #[arg(long = ParamFlag::Lacunarity.name(), value_name = "L", value_parser = parse_lacunarity)]
    pub lacunarity: Option<f64>,
    /// Lattice origin (pan) X,Y in cells of the first octave, e.g. 256,0 (Parberry's jump).
    #[arg(long = ParamFlag::Origin.name(), value_name = "X,Y", allow_hyphen_values = true, value_parser = parse_origin)]
    pub origin: Option<[f64; 2]>,
    /// Hide the square lattice: a round window, points turned by random angles and each
    /// octave's lattice shifted (`--isotropic`); `--isotropic=false` turns it off, and a
    /// comma-separated list picks parts: round-window, turned-points, shifted-octaves,
    /// rotated-octaves (version 1's mode turned the octaves instead of shifting them).
    #[arg(long = ParamFlag::Isotropic.name(), value_name = "PARTS", num_args = 0..=1,
          default_missing_value = "true", require_equals = true, value_parser = Isotropy::parse)]
    pub isotropic: Option<Isotropy>,
    /// Cellular (Worley) noise on the lattice: an output (f1, f2, f2-f1, f1-over-f2 or
    /// cell-value), optionally followed by a distance (euclidean, manhattan or chebyshev)
    /// and jitter=J (0..1, default 1), comma-separated; `off` for the lattice functions.
    #[arg(long = ParamFlag::Cellular.name(), value_name = "SPEC", value_parser = CellularFlag::parse)]
    pub cellular: Option<CellularFlag>,
    /// Contrast: grey = 0.5 + (h - 0.5) * contrast + luminance.
    #[arg(long = ParamFlag::Contrast.name(), value_name = "C", allow_negative_numbers = true, value_parser = parse_finite_f32)]
    pub contrast: Option<f32>,
    /// Luminance offset added after contrast.
    #[arg(long = ParamFlag::Luminance.name(), value_name = "L", allow_negative_numbers = true, value_parser = parse_finite_f32)]
    pub luminance: Option<f32>,
    /// Stretch the heightmap's min..max to the full grey range (`--auto-levels=false` turns
    /// it off when the preset has it on).
    #[arg(long = ParamFlag::AutoLevels.name(), value_name = "BOOL", num_args = 0..=1, default_missing_value = "true",
          require_equals = true)]
    pub auto_levels: Option<bool>,
    /// Divide the heightmap by its maximum before contrast and luminance, so the largest
    /// height is exactly 1 (`--normalize=false` turns it off).
    #[arg(long = ParamFlag::Normalize.name(), value_name = "BOOL", num_args = 0..=1, default_missing_value = "true",
          require_equals = true)]
    pub normalize: Option<bool>,
    /// R32 and EXR hold the levelled grey (normalise, levels, contrast, luminance and
    /// the texture curve, in 0..=1: the 16-bit PNG's values unquantised) instead of the
    /// raw heights (`--float-levels=false` turns it off when the preset has it on).
    #[arg(long = ParamFlag::FloatLevels.name(), value_name = "BOOL", num_args = 0..=1, default_missing_value = "true",
          require_equals = true)]
    pub float_levels: Option<bool>,
    /// Make the texture tile seamlessly (size and steps must be powers of two, or at least
    /// every octave's step must divide the size); `--tileable=false` turns it off.
    #[arg(long = ParamFlag::Tileable.name(), value_name = "BOOL", num_args = 0..=1, default_missing_value = "true",
          require_equals = true)]
    pub tileable: Option<bool>,
    /// Colour of the semi-transparent export, hex RRGGBB.
    #[arg(long = ParamFlag::Tint.name(), value_name = "RRGGBB", value_parser = parse_tint)]
    pub tint: Option<[u8; 3]>,
    /// Colour ramp for --format color / color-alpha: a built-in name (greyscale, terrain,
    /// clouds, lava, marble, ice, wood, heat) or stops POS:RRGGBB or POS:RRGGBBAA, comma-separated
    #[arg(long = ParamFlag::Ramp.name(), value_name = "NAME", value_parser = ColorRamp::parse)]
    pub ramp: Option<ColorRamp>,
    /// A curve through the whole texture's grey after contrast and luminance: control
    /// points X:Y,X:Y,... (x in 0..=1, increasing; 2 to 16 points); or `none`.
    #[arg(long = ParamFlag::TextureCurve.name(), value_name = "X:Y,...|none", allow_hyphen_values = true,
          value_parser = parse_curve)]
    pub texture_curve: Option<OrNone<crate::engine::Curve>>,
    /// Relief of the normal map: slope scale on grey levels per pixel.
    #[arg(long = ParamFlag::NormalStrength.name(), value_name = "S", allow_negative_numbers = true, value_parser = parse_finite_f32)]
    pub normal_strength: Option<f32>,
    /// Normal map green channel: opengl (Y+) or directx (Y-).
    #[arg(long = ParamFlag::NormalConvention.name(), value_name = "ID", value_parser = parse_convention)]
    pub normal_convention: Option<NormalConvention>,
    /// Slopes of normal maps and the lit view: exact (the noise's own, for a texture that
    /// is one noise) or differences (of neighbouring pixels: softer, about 3 times faster).
    #[arg(long = ParamFlag::NormalSlopes.name(), value_name = "ID", value_parser = parse_slopes)]
    pub normal_slopes: Option<NormalSlopes>,
}

impl Overrides {
    /// Applies the flags to `preset` and checks the result (sizes up to
    /// [`MAX_SIZE`](crate::engine::MAX_SIZE), held in memory whole); on error `preset`
    /// may be partly changed, so callers apply to a copy they can drop.
    pub fn apply(&self, preset: &mut Preset) -> Result<()> {
        self.set(preset)?;
        Ok(preset.validate()?)
    }

    /// A copy of `preset` with the flags applied, or the reason they cannot be.
    pub fn applied(&self, preset: &Preset) -> Result<Preset> {
        let mut p = preset.clone();
        self.apply(&mut p)?;
        Ok(p)
    }

    /// [`Self::applied`] for a texture rendered band by band: sizes up to
    /// [`MAX_STREAMED_SIZE`].
    pub fn applied_streamed(&self, preset: &Preset) -> Result<Preset> {
        let mut p = preset.clone();
        self.set(&mut p)?;
        p.validate_streamed()?;
        Ok(p)
    }

    /// Sets the flags' values; fails only on a `--layer` the stack does not have.
    fn set(&self, preset: &mut Preset) -> Result<()> {
        let i = self.layer.index(&preset.layers)?;
        let stack = &mut preset.layers;
        if let Some(size) = self.size {
            // Without an explicit step the texture keeps its look: same step fractions.
            if size != stack.size() && self.initial_step.is_none() {
                *stack = stack.resized(size);
            } else {
                stack.set_texture(size, stack.tileable());
            }
        }
        if let Some(v) = self.tileable {
            stack.set_tileable(v);
        }
        let noise = &mut stack[i].noise;
        if let Some(v) = self.initial_step {
            noise.initial_step = v;
        }
        if let Some(v) = self.seed {
            noise.seed = v;
        }
        if let Some(v) = self.octaves {
            v.set(noise);
        }
        if let Some(v) = self.persistence {
            noise.persistence = v;
        }
        if let Some(v) = self.displacement {
            noise.displacement = v;
        }
        if let Some(v) = self.proximity {
            noise.proximity = v;
        }
        if let Some(v) = self.fade {
            noise.fade = v;
        }
        if let Some(v) = self.random {
            noise.random = v;
        }
        if let Some(v) = self.table_size {
            noise.table_size = v;
        }
        if let Some(v) = self.distribution {
            noise.distribution = v;
        }
        if let Some(v) = self.octave_law {
            noise.octave_law = v;
        }
        if let Some(v) = self.lacunarity {
            noise.lacunarity = v;
        }
        if let Some(v) = self.origin {
            noise.origin = v;
        }
        if let Some(v) = self.isotropic {
            noise.isotropy = v;
        }
        if let Some(CellularFlag(v)) = self.cellular {
            noise.cellular = v;
        }
        self.layer.apply(stack, i);
        let out = &mut preset.output;
        if let Some(v) = self.contrast {
            out.contrast = v;
        }
        if let Some(v) = self.luminance {
            out.luminance = v;
        }
        if let Some(v) = self.auto_levels {
            out.auto_levels = v;
        }
        if let Some(v) = self.float_levels {
            out.float_levels = v;
        }
        if let Some(v) = self.tint {
            out.tint = v;
        }
        if let Some(v) = &self.ramp {
            out.ramp = Some(v.clone());
        }
        if let Some(OrNone(v)) = self.texture_curve {
            out.curve = v;
        }
        if let Some(v) = self.normal_strength {
            out.normal_strength = v;
        }
        if let Some(v) = self.normal_convention {
            out.normal_convention = v;
        }
        if let Some(v) = self.normal_slopes {
            out.normal_slopes = v;
        }
        if let Some(v) = self.normalize {
            out.normalize = v;
        }
        Ok(())
    }
}

fn unknown(kind: &str, id: &str, valid: &[&str]) -> String {
    format!("unknown {kind} '{id}'; valid ids: {}", valid.join(", "))
}

fn parse_proximity(id: &str) -> Result<Proximity, String> {
    Proximity::from_id(id).ok_or_else(|| {
        let ids: Vec<&str> = Proximity::ALL.iter().map(|p| p.id()).collect();
        unknown("proximity function", id, &ids)
    })
}

fn parse_fade(id: &str) -> Result<Fade, String> {
    Fade::from_id(id).ok_or_else(|| {
        let ids: Vec<&str> = Fade::ALL.iter().map(|f| f.id()).collect();
        unknown("fade", id, &ids)
    })
}

fn parse_random(id: &str) -> Result<RandomSource, String> {
    RandomSource::from_id(id).ok_or_else(|| {
        let ids: Vec<&str> = RandomSource::ALL.iter().map(|r| r.id()).collect();
        unknown("random source", id, &ids)
    })
}

fn parse_distribution(id: &str) -> Result<Distribution, String> {
    Distribution::from_id(id).ok_or_else(|| {
        let ids: Vec<&str> = Distribution::ALL.iter().map(|d| d.id()).collect();
        unknown("distribution", id, &ids)
    })
}

fn parse_table_size(s: &str) -> Result<u32, String> {
    let n: u32 = s
        .parse()
        .map_err(|_| format!("'{s}' is not a whole number"))?;
    if !n.is_power_of_two() || !(MIN_TABLE_SIZE..=MAX_TABLE_SIZE).contains(&n) {
        return Err(format!(
            "table size {n} must be a power of two from {MIN_TABLE_SIZE} to {MAX_TABLE_SIZE}"
        ));
    }
    Ok(n)
}

fn parse_displacement(id: &str) -> Result<Displacement, String> {
    Displacement::from_id(id).ok_or_else(|| {
        let ids: Vec<&str> = Displacement::ALL.iter().map(|d| d.id()).collect();
        unknown("displacement", id, &ids)
    })
}

fn parse_convention(id: &str) -> Result<NormalConvention, String> {
    NormalConvention::from_id(id).ok_or_else(|| {
        let ids: Vec<&str> = NormalConvention::ALL.iter().map(|c| c.id()).collect();
        unknown("normal convention", id, &ids)
    })
}

fn parse_slopes(id: &str) -> Result<NormalSlopes, String> {
    NormalSlopes::from_id(id).ok_or_else(|| {
        let ids: Vec<&str> = NormalSlopes::ALL.iter().map(|c| c.id()).collect();
        unknown("normal slopes", id, &ids)
    })
}

fn parse_tint(s: &str) -> Result<[u8; 3], String> {
    match hex_bytes(s.trim()).as_deref() {
        Some(&[r, g, b]) => Ok([r, g, b]),
        _ => Err(format!(
            "'{s}' is not a colour; expected hex RRGGBB, e.g. ff8000"
        )),
    }
}

fn parse_size(s: &str) -> Result<u32, String> {
    let n: u32 = s
        .parse()
        .map_err(|_| format!("'{s}' is not a whole number"))?;
    if n == 0 || n > MAX_STREAMED_SIZE {
        return Err(format!(
            "size {n} is out of range (1..={MAX_STREAMED_SIZE})"
        ));
    }
    Ok(n)
}

fn parse_finite_f64(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        Ok(_) => Err(format!("'{s}' is not a finite number")),
        Err(_) => Err(format!("'{s}' is not a number")),
    }
}

fn parse_finite_f32(s: &str) -> Result<f32, String> {
    parse_finite_f64(s).and_then(|v| {
        let f = v as f32;
        if f.is_finite() {
            Ok(f)
        } else {
            Err(format!("'{s}' is too large"))
        }
    })
}

#[cfg(test)]
#[path = "overrides_tests.rs"]
mod tests;

/// `--cellular`'s value: a cellular setting, or `None` for `off`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CellularFlag(pub Option<Cellular>);

impl CellularFlag {
    /// Reads [`Cellular::parse_option`]'s forms.
    fn parse(spec: &str) -> std::result::Result<Self, String> {
        Cellular::parse_option(spec).map(CellularFlag)
    }
}
