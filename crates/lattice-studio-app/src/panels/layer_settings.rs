//! The "Blend, mask and warp" group of the selected layer: where its heights come
//! from, blend mode, opacity, levels, mask and domain warp.

use super::choice_combo::{choice_combo, enum_combo};
use super::kept_slider::kept_slider;
use super::labelled::labelled;
use crate::engine::Preset;
use crate::engine::layers::{
    MAX_AMPLITUDE, MAX_GAIN, MAX_MASK_SCALE, MAX_MASK_SLOPE, MAX_OFFSET, MaskMeasure, MaskSlope,
};
use crate::engine::{
    BlendMode, Isotropy, Layer, MAX_OCTAVES, NoiseParams, Proximity, Warp, WarpSource,
};

/// Edits the compositing settings of layer `layer` of `draft`.
pub(crate) fn layer_settings_ui(ui: &mut egui::Ui, draft: &mut Preset, layer: usize) {
    let stack = &mut draft.layers;
    let layer = layer.min(stack.len() - 1);
    let others: Vec<String> = stack
        .layers()
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != layer)
        .map(|(_, l)| l.name.clone())
        .collect();
    let texture = stack.texture_noise(&stack[layer].noise);
    let l = &mut stack[layer];
    heights_ui(ui, l);
    blend_ui(ui, l);
    mask_ui(ui, l, &others);
    warp_ui(ui, l, &others, &texture);
}

/// Whether the layer's heights are its noise or the composite below it.
fn heights_ui(ui: &mut egui::Ui, l: &mut Layer) {
    labelled(
        ui,
        "Heights",
        "Where the layer's heights come from: its own noise, or the stack below (the composite of the enabled layers under it), which its erosion, blur, levels, curve and terrace then work on",
        |ui| {
            let shown = if l.heights_below {
                "the stack below"
            } else {
                "its noise"
            };
            let options = [
                (false, "its noise", "The Noise and Functions groups above"),
                (
                    true,
                    "the stack below",
                    "The terrain built so far: erode, blur or terrace it (normal blend at full opacity replaces it); its noise is not read and it cannot be warped",
                ),
            ];
            choice_combo(ui, "heights", shown, &mut l.heights_below, options)
        },
    );
}

/// Blend mode, opacity and levels of the layer.
fn blend_ui(ui: &mut egui::Ui, l: &mut Layer) {
    labelled(
        ui,
        "Blend",
        "How this layer combines with the layers below it (b = below, t = this layer)",
        |ui| {
            enum_combo(
                ui,
                "blend",
                &mut l.blend,
                BlendMode::ALL,
                BlendMode::label,
                BlendMode::formula,
            )
        },
    );
    ui.add(
        egui::Slider::new(&mut l.opacity, 0.0..=1.0)
            .text("Opacity")
            .fixed_decimals(2),
    )
    .on_hover_text("How much of the blended value replaces what is below");
    kept_slider(ui, &mut l.levels.gain, -MAX_GAIN..=MAX_GAIN, |v| {
        egui::Slider::new(v, -4.0..=4.0).text("Gain")
    })
    .on_hover_text("Levels: scales the layer's heights around 0.5 before blending (type a value for more than 4)");
    kept_slider(ui, &mut l.levels.offset, -MAX_OFFSET..=MAX_OFFSET, |v| {
        egui::Slider::new(v, -1.0..=1.0).text("Offset")
    })
    .on_hover_text("Levels: added after the gain");
    ui.checkbox(&mut l.levels.invert, "Invert")
        .on_hover_text("Levels: use 1 - h");
}

/// The layer whose heights mask this one (`others`: the other layers' names), or the
/// composite of the layers below it.
fn mask_ui(ui: &mut egui::Ui, l: &mut Layer, others: &[String]) {
    // (by the stack below, the mask layer's name): "" and false for none.
    let mut mask = (l.mask_below, l.mask.clone().unwrap_or_default());
    labelled(
        ui,
        "Mask",
        "Another layer whose heights (its levels, clamped to 0..1) scale this layer's opacity per pixel, or the stack below: the composite of the layers under this one",
        |ui| {
            let shown = match &mask {
                (true, _) => "the stack below".to_owned(),
                (false, name) if name.is_empty() => "none".to_owned(),
                (false, name) => name.clone(),
            };
            let none = ((false, String::new()), "none", "");
            let below = (
                (true, String::new()),
                "the stack below",
                "The composite of the enabled layers under this one: put rock where the terrain built so far is steep",
            );
            let layers = others.iter().map(|n| ((false, n.clone()), n.as_str(), ""));
            let options = [none, below].into_iter().chain(layers);
            choice_combo(ui, "mask", shown, &mut mask, options)
        },
    );
    l.mask_below = mask.0;
    l.mask = (!mask.1.is_empty() && !mask.0).then_some(mask.1);
    if !l.has_mask() {
        l.mask_slope = None;
        return;
    }
    mask_slope_ui(ui, l);
}

/// What of the mask layer masks: its height, its slope or its curvature (the last two
/// through a ramp of two sliders).
fn mask_slope_ui(ui: &mut egui::Ui, l: &mut Layer) {
    let mut by = l.mask_slope.map(|m| m.measure);
    labelled(
        ui,
        "Mask by",
        "The mask's height (the mask layer's or the stack below's), its slope (steepness) or its curvature (crests above 0, creases below), through a soft ramp",
        |ui| {
            let name = by.map_or("height", MaskMeasure::name);
            let measures = MaskMeasure::ALL
                .into_iter()
                .map(|m| (Some(m), m.name(), ""));
            let options = std::iter::once((None, "height", "")).chain(measures);
            choice_combo(ui, "mask-by", name, &mut by, options)
        },
    );
    if by != l.mask_slope.map(|m| m.measure) {
        l.mask_slope = by.map(|m| match m {
            MaskMeasure::Slope => MaskSlope::default(),
            MaskMeasure::Curvature => MaskSlope::curvature(),
        });
    }
    let Some(m) = &mut l.mask_slope else {
        return;
    };
    let (lo, shown, hover, from, to) = match m.measure {
        MaskMeasure::Slope => (
            0.0,
            0.0..=30.0,
            "Slope in heights per texture width (the same ground at any size); the mask rises from 0 at 'from' to 1 at 'to' (from > to masks flat ground)",
            "Slope from",
            "Slope to",
        ),
        MaskMeasure::Curvature => (
            -MAX_MASK_SLOPE,
            -20.0..=20.0,
            "Curvature in hundreds of heights per texture width squared: above 0 on crests and edges, below 0 in creases and hollows (a smooth mask layer gives landforms, a detailed one grit); the mask rises from 0 at 'from' to 1 at 'to' (to < from masks the creases)",
            "Curvature from",
            "Curvature to",
        ),
    };
    kept_slider(ui, &mut m.from, lo..=MAX_MASK_SLOPE, |v| {
        egui::Slider::new(v, shown.clone()).text(from)
    })
    .on_hover_text(hover);
    kept_slider(ui, &mut m.to, lo..=MAX_MASK_SLOPE, |v| {
        egui::Slider::new(v, shown.clone()).text(to)
    })
    .on_hover_text(hover);
    // Equal bounds make no ramp: keep the one just edited and move the other aside.
    if m.from == m.to {
        m.to = if m.to + 0.01 <= MAX_MASK_SLOPE {
            m.to + 0.01
        } else {
            m.to - 0.01
        };
    }
    mask_scale_ui(ui, m);
}

/// Scale of a slope or curvature mask, in pixels at the texture's size, where a measure
/// between neighbouring pixels would follow the finest octaves' grit.
fn mask_scale_ui(ui: &mut egui::Ui, m: &mut MaskSlope) {
    let hover = "Measure the ground over this many pixels (at the texture's size; it grows with the texture) instead of between neighbouring pixels: the mask follows landforms of that size and up, not the finest octaves' grit, and looks the same at 512 and at 4096";
    ui.horizontal(|ui| {
        let mut scaled = m.scale.is_some();
        if ui
            .checkbox(&mut scaled, "Measure at a scale")
            .on_hover_text(hover)
            .changed()
        {
            m.scale = scaled.then_some(DEFAULT_MASK_SCALE);
        }
        if let Some(scale) = &mut m.scale {
            kept_slider(ui, scale, 1.0..=MAX_MASK_SCALE, |v| {
                egui::Slider::new(v, 1.0..=MAX_MASK_SCALE)
                    .logarithmic(true)
                    .suffix(" px")
                    .text("Mask scale")
            })
            .on_hover_text(hover);
        }
    });
}

/// The scale a mask starts with when the user turns scales on: a few pixels, enough
/// to look past single-pixel grit.
const DEFAULT_MASK_SCALE: f32 = 4.0;

/// The domain warp: amplitude, and its source (own noise with its settings, or
/// another layer); `texture` gives the size and the defaults of a new warp noise.
fn warp_ui(ui: &mut egui::Ui, l: &mut Layer, others: &[String], texture: &NoiseParams) {
    let mut amplitude = l.warp.as_ref().map_or(0.0, |w| w.amplitude);
    kept_slider(ui, &mut amplitude, 0.0..=MAX_AMPLITUDE, |v| {
        egui::Slider::new(v, 0.0..=128.0).text("Warp (px)")
    })
    .on_hover_text("Domain warp: the layer is sampled at positions moved by up to this many pixels by two noise fields; 0 = no warp");
    l.set_warp_amplitude(texture, amplitude);
    let Some(w) = &mut l.warp else {
        return;
    };
    let mut source = w.source_layer().unwrap_or_default().to_owned();
    labelled(
        ui,
        "Warp by",
        "The warp fields: the warp's own noise, or another layer's heights",
        |ui| {
            let shown = if source.is_empty() {
                "own noise"
            } else {
                &source
            }
            .to_owned();
            let options = named_options("own noise", others);
            choice_combo(ui, "warp-source", shown, &mut source, options)
        },
    );
    match (&mut w.source, source.is_empty()) {
        (WarpSource::Layer(_), true) => w.source = WarpSource::Noise(Warp::default_noise(texture)),
        (_, false) => w.source = WarpSource::Layer(source),
        (WarpSource::Noise(n), true) => warp_noise_ui(ui, n, texture.size),
    }
}

/// The warp's own noise: the size of its swirls, octaves, seed, function and whether it
/// is isotropic.
fn warp_noise_ui(ui: &mut egui::Ui, n: &mut NoiseParams, size: u32) {
    kept_slider(ui, &mut n.initial_step, 1..=size.max(1), |v| {
        egui::Slider::new(v, 1..=size)
            .text("Warp step")
            .logarithmic(true)
    })
    .on_hover_text("Grid step of the warp noise's first octave: the size of the swirls");
    kept_slider(ui, &mut n.octaves, 1..=MAX_OCTAVES, |v| {
        egui::Slider::new(v, 1..=8).text("Warp octaves")
    });
    ui.add(egui::DragValue::new(&mut n.seed).prefix("warp seed "));
    labelled(
        ui,
        "Warp function",
        "Proximity function of the warp noise",
        |ui| {
            enum_combo(
                ui,
                "warp-proximity",
                &mut n.proximity,
                Proximity::ALL,
                Proximity::label,
                |_| "",
            )
        },
    );
    let mut isotropic = !n.isotropy.is_off();
    if ui
        .checkbox(&mut isotropic, "Isotropic warp")
        .on_hover_text(
            "Swirls in every direction alike: the warp noise on turned grids with round \
             windows, as the layer's own isotropic mode (an isotropic layer's warp starts so)",
        )
        .changed()
    {
        n.isotropy = if isotropic {
            Isotropy::FULL
        } else {
            Isotropy::OFF
        };
    }
}

/// The options of a choice among the other layers' names, `none` first (the empty name).
fn named_options<'a>(
    none: &'a str,
    others: &'a [String],
) -> impl Iterator<Item = (String, &'a str, &'static str)> + 'a {
    let names = others.iter().map(|n| (n.clone(), n.as_str(), ""));
    std::iter::once((String::new(), none, "")).chain(names)
}
