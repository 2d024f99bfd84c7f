//! Which layers a preset packs into the R, G, B and A channels of a `packed` export,
//! and keeping those names right when layers are renamed or removed.

use super::preset::{MAX_CHANNELS, Preset};
use super::preset_error::PresetError;
use crate::layers::LayerError;

/// Channel names in packing order.
pub const CHANNEL_NAMES: [&str; MAX_CHANNELS] = ["R", "G", "B", "A"];

impl Preset {
    /// The layers packed into channels by `packed` exports, as stack indices: the
    /// named [`Self::channels`], else the bottom four layers.
    pub fn packed_layers(&self) -> Vec<usize> {
        if self.channels.is_empty() {
            return (0..self.layers.len().min(MAX_CHANNELS)).collect();
        }
        self.channels
            .iter()
            .filter_map(|n| self.layers.index_of(n))
            .collect()
    }

    /// Checks that at most four channels are named, each after a layer of the stack.
    pub(crate) fn validate_channels(&self) -> Result<(), PresetError> {
        if self.channels.len() > MAX_CHANNELS {
            return Err(PresetError::TooManyChannels {
                count: self.channels.len(),
                max: MAX_CHANNELS,
            });
        }
        for (name, channel) in self.channels.iter().zip(CHANNEL_NAMES) {
            if self.layers.index_of(name).is_none() {
                return Err(PresetError::UnknownChannelLayer {
                    channel,
                    name: name.clone(),
                });
            }
        }
        Ok(())
    }

    /// Renames layer `i` and every reference to it: masks, warps and channels.
    pub fn rename_layer(&mut self, i: usize, name: &str) -> Result<(), LayerError> {
        let old = self.layers.layers().get(i).map(|l| l.name.clone());
        self.layers.rename(i, name)?;
        for channel in &mut self.channels {
            if Some(channel.as_str()) == old.as_deref() {
                *channel = name.to_owned();
            }
        }
        Ok(())
    }

    /// Removes layer `i` (not the last one left): masks on it are dropped, warps that
    /// read it removed, and so is its channel (the channels after it move up). Returns
    /// the names of the layers whose mask or warp went.
    pub fn remove_layer(&mut self, i: usize) -> Result<Vec<String>, LayerError> {
        let old = self.layers.layers().get(i).map(|l| l.name.clone());
        let changed = self.layers.remove(i)?;
        self.channels.retain(|c| Some(c.as_str()) != old.as_deref());
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layers::Layer;
    use crate::noise_params::NoiseParams;

    fn three() -> Preset {
        let mut p = Preset::from_noise(NoiseParams::default());
        for name in ["b", "c"] {
            let l = Layer::new(name, NoiseParams::default());
            let at = p.layers.len();
            p.layers.insert(at, l).unwrap();
        }
        p.channels = vec!["c".into(), "b".into()];
        p
    }

    #[test]
    fn channels_follow_renames_and_removals() {
        let mut p = three();
        p.rename_layer(2, "ridges").unwrap();
        assert_eq!(p.channels, ["ridges", "b"]);
        p.validate().unwrap();
        p.remove_layer(2).unwrap();
        assert_eq!(p.channels, ["b"]);
        p.validate().unwrap();
        assert_eq!(p.packed_layers(), [1]);
    }

    #[test]
    fn unknown_or_too_many_channels_are_refused() {
        let mut p = three();
        p.channels.push("nope".into());
        let e = p.validate().unwrap_err().to_string();
        assert!(e.contains("channel B") && e.contains("nope"), "{e}");
        p.channels = vec!["b".into(); 5];
        assert!(p.validate().is_err());
        p.channels.clear();
        assert_eq!(p.packed_layers(), [0, 1, 2]);
    }
}
