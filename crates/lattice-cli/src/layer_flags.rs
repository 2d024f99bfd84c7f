//! [`LayerFlags`]: the flags that pick the layer parameter flags apply to, and set its
//! heights, blend, opacity, curve, terrace, domain warp, erosion, droplets, blur and
//! mask.

use crate::engine::layers::{Curve, MaskMeasure, MaskSlope, Terrace};
use crate::engine::{BlendMode, LayerError, LayerStack, MAX_LAYERS};
use clap::Args;

/// Which layer the noise flags change, and its compositing settings.
#[derive(Args, Clone, Debug, Default, PartialEq)]
pub struct LayerFlags {
    /// The layer the parameter flags apply to, 1 = bottom (default 1; see `info`).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=MAX_LAYERS as i64))]
    pub layer: Option<u32>,
    /// That layer's heights: its own `noise`, or `below` (the composite of the enabled
    /// layers under it, so its erosion, blur, levels, curve and terrace work on the
    /// terrain built so far, and its blend puts the result back).
    #[arg(long, value_name = "noise|below", value_parser = ["noise", "below"])]
    pub heights: Option<String>,
    /// That layer's blend mode onto the layers below (see `lattice-studio list`).
    #[arg(long, value_name = "ID", value_parser = parse_blend)]
    pub blend: Option<BlendMode>,
    /// That layer's opacity, 0..=1.
    #[arg(long, value_name = "O", value_parser = parse_opacity)]
    pub opacity: Option<f32>,
    /// Domain warp of that layer, amplitude in pixels (0 = no warp). Its warp noise is
    /// the preset's, else a gradient field of twice the layer's initial step, 4 octaves,
    /// isotropic when the layer is.
    #[arg(long, value_name = "A", allow_negative_numbers = true, value_parser = parse_amplitude)]
    pub warp: Option<f32>,
    /// Erosion of that layer: the depth of its gullies in heights (0 = no erosion, the
    /// same stack uneroded). A layer without one gets the default gullies (8 cells
    /// across, 5 octaves; the app and presets set the rest).
    #[arg(long, value_name = "S", value_parser = parse_erosion)]
    pub erosion: Option<f32>,
    /// Simulated erosion of that layer by water droplets (after the erosion filter):
    /// D droplets per pixel of its simulation grid, 0..=8 (0 = none, the same stack
    /// unsimulated). A layer without one gets the defaults (a 512 x 512 grid, 64 steps
    /// per droplet; the app and presets set the rest). It runs once on the whole
    /// texture at the grid's size, and what it carves is added at every size, so
    /// regions and tiles stay exact.
    #[arg(long, value_name = "D", value_parser = parse_droplets)]
    pub droplets: Option<f32>,
    /// A Gaussian blur of that layer's heights (after warp and erosion, before levels):
    /// its radius in pixels at the texture's size, 0..=16 (0 = no blur). It also softens
    /// what the layer masks.
    #[arg(long, value_name = "PX", value_parser = parse_blur)]
    pub blur: Option<f32>,
    /// That layer's mask: the name of another layer, `below` (the composite of the
    /// enabled layers under it, such as the terrain built so far), or `none`.
    #[arg(long, value_name = "NAME|below|none")]
    pub mask: Option<String>,
    /// Mask by the mask's slope (the mask layer's, or the stack below's) instead of its
    /// height: 0 at slope FROM, 1 at slope TO, in heights per texture width (3,1 masks
    /// flat ground), measured between neighbouring pixels or over SCALE pixels of the
    /// rendered texture (1 to 256; a scale saved in a preset grows with `--size`, so
    /// large renders keep the mask instead of following their finest octaves); or `none`.
    #[arg(long, value_name = "FROM,TO[,SCALE]|none", value_parser = parse_mask_slope)]
    pub mask_slope: Option<OrNone<MaskSlope>>,
    /// Mask by the mask's curvature instead of its height: 0 at FROM, 1 at TO, in
    /// hundreds of heights per texture width squared, positive on crests (0,3 masks the
    /// crests of landforms, 0,-3 creases), optionally over SCALE pixels as for
    /// `--mask-slope`; or `none`.
    #[arg(long, value_name = "FROM,TO[,SCALE]|none", allow_hyphen_values = true,
          value_parser = parse_mask_curvature, conflicts_with = "mask_slope")]
    pub mask_curvature: Option<OrNone<MaskSlope>>,
    /// That layer's curve after its levels: control points X:Y,X:Y,... (x in 0..=1,
    /// increasing; 2 to 16 points), smoothly joined; or `none`.
    #[arg(long, value_name = "X:Y,...|none", allow_hyphen_values = true, value_parser = parse_curve)]
    pub curve: Option<OrNone<Curve>>,
    /// That layer's terraces after its curve: STEPS (1 to 256) with an optional
    /// SOFTNESS (0..=1, default 0.3), such as 8,0.3; or `none`.
    #[arg(long, value_name = "STEPS[,SOFTNESS]|none", value_parser = parse_terrace)]
    pub terrace: Option<OrNone<Terrace>>,
}

/// The value of a flag that sets an optional part of a layer or texture (a curve, a
/// terrace, a slope mask): the part, or `None` for `none`, which takes it away.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrNone<T>(pub Option<T>);

impl<T> OrNone<T> {
    /// `none`, or what `parse` reads from `spec` (its error as the flag's message).
    fn parse<E: std::fmt::Display>(
        spec: &str,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Result<Self, String> {
        if spec.trim() == "none" {
            return Ok(OrNone(None));
        }
        parse(spec)
            .map(|v| OrNone(Some(v)))
            .map_err(|e| e.to_string())
    }
}

/// `--curve`'s and `--texture-curve`'s value: [`Curve::parse`]'s form, or `none`.
pub(crate) fn parse_curve(spec: &str) -> Result<OrNone<Curve>, String> {
    OrNone::parse(spec, Curve::parse)
}

/// `--mask-slope`'s value: [`MaskSlope::parse`]'s form, or `none`.
fn parse_mask_slope(spec: &str) -> Result<OrNone<MaskSlope>, String> {
    OrNone::parse(spec, MaskSlope::parse)
}

/// `--mask-curvature`'s value: [`MaskSlope::parse_as`]'s form, or `none`.
fn parse_mask_curvature(spec: &str) -> Result<OrNone<MaskSlope>, String> {
    OrNone::parse(spec, |s| MaskSlope::parse_as(s, MaskMeasure::Curvature))
}

/// `--terrace`'s value: [`Terrace::parse`]'s form, or `none`.
fn parse_terrace(spec: &str) -> Result<OrNone<Terrace>, String> {
    OrNone::parse(spec, Terrace::parse)
}

impl LayerFlags {
    /// The stack index of the chosen layer, or why there is none.
    pub fn index(&self, stack: &LayerStack) -> Result<usize, LayerError> {
        stack.by_number(self.layer.unwrap_or(1) as usize)
    }

    /// Applies heights, blend, opacity, warp, erosion, droplets, blur, mask, curve and
    /// terrace to layer `i` of `stack` (after its noise flags, so a new default warp
    /// noise follows the layer's new step).
    pub fn apply(&self, stack: &mut LayerStack, i: usize) {
        let texture = stack.texture_noise(&stack[i].noise);
        let layer = &mut stack[i];
        if let Some(h) = &self.heights {
            layer.heights_below = h == "below";
        }
        if let Some(v) = self.blend {
            layer.blend = v;
        }
        if let Some(v) = self.opacity {
            layer.opacity = v;
        }
        if let Some(a) = self.warp {
            layer.set_warp_amplitude(&texture, a);
        }
        if let Some(s) = self.erosion {
            layer.set_erosion_strength(s);
        }
        if let Some(d) = self.droplets {
            layer.set_droplet_density(d);
        }
        if let Some(r) = self.blur {
            layer.blur = r;
        }
        if let Some(m) = &self.mask {
            layer.mask_below = m == "below";
            layer.mask = (m != "none" && m != "below").then(|| m.clone());
            if !layer.has_mask() {
                layer.mask_slope = None;
            }
        }
        if let Some(OrNone(m)) = self.mask_slope.or(self.mask_curvature) {
            layer.mask_slope = m;
        }
        if let Some(OrNone(c)) = self.curve {
            layer.curve = c;
        }
        if let Some(OrNone(t)) = self.terrace {
            layer.terrace = t;
        }
    }
}

fn parse_blend(id: &str) -> Result<BlendMode, String> {
    BlendMode::from_id(id).ok_or_else(|| {
        let ids: Vec<&str> = BlendMode::ALL.iter().map(|m| m.id()).collect();
        format!("unknown blend mode '{id}'; valid ids: {}", ids.join(", "))
    })
}

fn parse_opacity(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(v) if (0.0..=1.0).contains(&v) => Ok(v),
        _ => Err(format!("opacity '{s}' must be a number in 0..=1")),
    }
}

fn parse_erosion(s: &str) -> Result<f32, String> {
    let max = crate::engine::layers::MAX_EROSION_STRENGTH;
    match s.parse::<f32>() {
        Ok(v) if (0.0..=max).contains(&v) => Ok(v),
        _ => Err(format!("erosion '{s}' must be a number in 0..={max}")),
    }
}

fn parse_droplets(s: &str) -> Result<f32, String> {
    let max = crate::engine::layers::MAX_DROPLET_DENSITY;
    match s.parse::<f32>() {
        Ok(v) if (0.0..=max).contains(&v) => Ok(v),
        _ => Err(format!(
            "droplets '{s}' must be a number of droplets per grid pixel in 0..={max}"
        )),
    }
}

fn parse_blur(s: &str) -> Result<f32, String> {
    let max = crate::engine::layers::MAX_BLUR_RADIUS;
    match s.parse::<f32>() {
        Ok(v) if crate::engine::layers::blur_radius_is_valid(v) => Ok(v),
        _ => Err(format!("blur '{s}' must be a radius in pixels, 0..={max}")),
    }
}

fn parse_amplitude(s: &str) -> Result<f32, String> {
    let max = crate::engine::layers::MAX_AMPLITUDE;
    match s.parse::<f32>() {
        Ok(v) if v.is_finite() && v.abs() <= max => Ok(v),
        _ => Err(format!(
            "warp amplitude '{s}' must be a number of pixels in -{max}..={max}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Layer;

    #[test]
    fn flags_reach_the_chosen_layer() {
        let mut s = LayerStack::default();
        s.insert(1, Layer::new("top", s[0].noise.clone())).unwrap();
        let f = LayerFlags {
            layer: Some(2),
            blend: Some(BlendMode::Screen),
            opacity: Some(0.25),
            warp: Some(24.0),
            blur: Some(2.5),
            mask: Some("Layer 1".into()),
            mask_slope: Some(parse_mask_slope("2,0.5").unwrap()),
            curve: Some(parse_curve("0:0.1,1:0.9").unwrap()),
            terrace: Some(parse_terrace("5").unwrap()),
            ..LayerFlags::default()
        };
        let i = f.index(&s).unwrap();
        f.apply(&mut s, i);
        assert_eq!(s[1].curve.map(|c| c.spec()).as_deref(), Some("0:0.1,1:0.9"));
        assert_eq!(s[1].terrace.map(|t| t.steps), Some(5));
        assert_eq!(s[1].mask_slope.map(|m| m.spec()).as_deref(), Some("2,0.5"));
        let scaled = LayerFlags {
            layer: Some(2),
            mask_curvature: Some(parse_mask_curvature("0,-3,12").unwrap()),
            ..LayerFlags::default()
        };
        let mut t = s.clone();
        scaled.apply(&mut t, 1);
        let m = t[1].mask_slope.unwrap();
        assert_eq!(
            (m.measure, m.scale, m.spec()),
            (MaskMeasure::Curvature, Some(12.0), "0,-3,12".to_owned())
        );
        assert_eq!((s[1].blend, s[1].opacity), (BlendMode::Screen, 0.25));
        assert_eq!(s[1].warp.as_ref().map(|w| w.amplitude), Some(24.0));
        assert_eq!(s[1].mask.as_deref(), Some("Layer 1"));
        assert_eq!(s[1].blur, 2.5);
        s.validate().unwrap();
        let off = LayerFlags {
            layer: Some(2),
            warp: Some(0.0),
            mask: Some("none".into()),
            curve: Some(OrNone(None)),
            terrace: Some(OrNone(None)),
            ..LayerFlags::default()
        };
        off.apply(&mut s, 1);
        assert!(s[1].active_warp().is_none() && s[1].mask.is_none());
        assert!(!s[1].heights_below);
        let below = LayerFlags {
            heights: Some("below".into()),
            ..LayerFlags::default()
        };
        below.apply(&mut s, 1);
        assert!(s[1].heights_below);
        s.validate().unwrap();
        let noise = LayerFlags {
            heights: Some("noise".into()),
            ..LayerFlags::default()
        };
        noise.apply(&mut s, 1);
        assert!(!s[1].heights_below);
        assert!(s[1].curve.is_none() && s[1].terrace.is_none());
        assert!(s[1].mask_slope.is_none());
        let creases = LayerFlags {
            mask: Some("Layer 1".into()),
            mask_curvature: Some(parse_mask_curvature("0,-4").unwrap()),
            ..LayerFlags::default()
        };
        creases.apply(&mut s, 1);
        let m = s[1].mask_slope.unwrap();
        assert_eq!(
            (m.measure, m.spec().as_str()),
            (MaskMeasure::Curvature, "0,-4")
        );
        s.validate().unwrap();
        // The stack below in place of a layer, and back to a layer.
        let below = LayerFlags {
            mask: Some("below".into()),
            ..LayerFlags::default()
        };
        below.apply(&mut s, 1);
        assert!(s[1].mask_below && s[1].mask.is_none() && s[1].mask_slope.is_some());
        s.validate().unwrap();
        creases.apply(&mut s, 1);
        assert!(!s[1].mask_below && s[1].mask.as_deref() == Some("Layer 1"));
        below.apply(&mut s, 1);
        off.apply(&mut s, 1);
        assert!(!s[1].has_mask() && s[1].mask_slope.is_none());
        // No warp asked for, none made.
        off.apply(&mut s, 0);
        assert!(s[0].warp.is_none());
        let e = LayerFlags {
            layer: Some(3),
            ..LayerFlags::default()
        }
        .index(&s);
        assert!(e.unwrap_err().to_string().contains("no layer 3"));
    }

    #[test]
    fn parsers_refuse_bad_values() {
        assert!(parse_blend("burn").unwrap_err().contains("difference"));
        assert!(parse_opacity("1.5").is_err() && parse_opacity("nan").is_err());
        assert_eq!(parse_opacity("0.5"), Ok(0.5));
        assert!(parse_amplitude("inf").is_err());
        assert_eq!(parse_amplitude("-8"), Ok(-8.0));
        assert!(parse_blur("17").unwrap_err().contains("0..=16"));
        assert!(parse_blur("-1").is_err() && parse_blur("nan").is_err());
        assert_eq!(parse_blur("0"), Ok(0.0));
        assert!(parse_curve("0:0").unwrap_err().contains("2 to 16"));
        assert!(parse_curve("1:0,0:1").unwrap_err().contains("increasing x"));
        assert!(parse_terrace("300").unwrap_err().contains("1 to 256"));
        assert!(parse_mask_slope("1,1").unwrap_err().contains("different"));
        assert!(parse_mask_slope("0,-4").unwrap_err().contains("0..=1000"));
        assert!(
            parse_mask_curvature("0,-4000")
                .unwrap_err()
                .contains("-1000..=1000")
        );
        assert_eq!(parse_mask_curvature("none"), Ok(OrNone(None)));
    }
}
