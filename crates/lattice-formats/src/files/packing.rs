//! Channel packing: up to four layers of a texture in the R, G, B and A channels of one
//! PNG, the way game engines pack masks (`--format packed`, `packed16`).

use super::error::Result;
use super::png_io::PngLayout;
use crate::engine::Preset;
use crate::engine::{Heightmap, JobControl, LayerCache, Region};

/// The heightmaps of the preset's packed layers ([`Preset::packed_layers`]) over
/// `region` of the texture, R first: each layer's coverage (alone with its levels,
/// curve, terrace and warp, times its mask when it has one: where a game engine's
/// material lies), bit for bit that window of the whole texture's.
pub(super) fn packed_layers(
    preset: &Preset,
    region: Region,
    control: &JobControl,
) -> Result<Vec<Heightmap>> {
    let stack = &preset.layers;
    let mut cache = LayerCache::new();
    let mut maps = Vec::new();
    for i in preset.packed_layers() {
        maps.push(cache.coverage(stack, region, i, control)?);
    }
    Ok(maps)
}

/// The packed image of `region`: [`packed_layers`] interleaved by [`pack`] (16 bits per
/// sample when `sixteen`). Returns the PNG layout and its bytes.
pub(super) fn packed_pixels(
    preset: &Preset,
    region: Region,
    sixteen: bool,
    control: &JobControl,
) -> Result<(PngLayout, Vec<u8>)> {
    let maps = packed_layers(preset, region, control)?;
    let maps: Vec<&Heightmap> = maps.iter().collect();
    Ok(pack(&maps, sixteen))
}

/// Interleaves `maps` (R, G, B, A; at most four, all the same size) into RGBA samples:
/// each height clamped to 0..1 and scaled to the full range (NaN counts as 0). Missing
/// colour channels are 0 and a missing alpha is opaque. Returns the PNG layout and its
/// bytes (16-bit samples big-endian).
pub(super) fn pack(maps: &[&Heightmap], sixteen: bool) -> (PngLayout, Vec<u8>) {
    let pixels = maps.first().map_or(0, |m| m.data().len());
    let max = if sixteen { 65535.0 } else { 255.0 };
    let sample = |c: usize, i: usize| -> u16 {
        match maps.get(c) {
            Some(m) => {
                let h = m.data().get(i).copied().unwrap_or(0.0);
                let h = if h > 0.0 { h.min(1.0) } else { 0.0 };
                (h * max + 0.5) as u16
            }
            None if c == 3 => max as u16,
            None => 0,
        }
    };
    if sixteen {
        let data = (0..pixels)
            .flat_map(|i| (0..4).flat_map(move |c| sample(c, i).to_be_bytes()))
            .collect();
        (PngLayout::Rgba16, data)
    } else {
        let data = (0..pixels)
            .flat_map(|i| (0..4).map(move |c| sample(c, i) as u8))
            .collect();
        (PngLayout::Rgba8, data)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Layer, Levels, NoiseParams};

    #[test]
    fn channels_are_clamped_and_missing_ones_filled() {
        let r = Heightmap::from_data(1, vec![0.5]).unwrap();
        let g = Heightmap::from_data(1, vec![-3.0]).unwrap();
        let b = Heightmap::from_data(1, vec![7.0]).unwrap();
        let (layout, data) = pack(&[&r, &g, &b], false);
        assert_eq!((layout, data), (PngLayout::Rgba8, vec![128, 0, 255, 255]));
        let (layout, data) = pack(&[&r], true);
        assert_eq!(layout, PngLayout::Rgba16);
        assert_eq!(data, [0x80, 0x00, 0, 0, 0, 0, 0xff, 0xff]);
    }

    #[test]
    fn each_channel_is_its_layer_alone() {
        let noise = NoiseParams {
            size: 32,
            initial_step: 8,
            ..NoiseParams::default()
        };
        let mut p = Preset::from_noise(noise.clone());
        let mut top = Layer::new("top", NoiseParams { seed: 9, ..noise });
        top.levels = Levels {
            invert: true,
            ..Levels::default()
        };
        p.layers.insert(1, top).unwrap();
        p.channels = vec!["top".into(), "Layer 1".into()];
        let maps = packed_layers(&p, Region::full(p.size()), &JobControl::new()).unwrap();
        assert_eq!(maps.len(), 2);
        let alone = |i| {
            LayerCache::new()
                .render(&p.layers, Region::full(32), Some(i), &JobControl::new())
                .unwrap()
        };
        assert_eq!(maps[0], alone(1));
        assert_eq!(maps[1], alone(0));
        let bottom = crate::engine::generate_simple(p.noise()).unwrap();
        assert_eq!(maps[1], bottom);
    }
}
