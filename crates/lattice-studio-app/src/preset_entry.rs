//! [`PresetEntry`]: one preset file found in the shipped or the user's folder.

use std::path::PathBuf;

/// One preset file found on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PresetEntry {
    /// File stem, shown in the list (made unique within the list).
    pub name: String,
    /// The file.
    pub path: PathBuf,
    /// From the user's folder (rather than the shipped one).
    pub user: bool,
    /// The preset's description (shown on hover; empty when it has none or does not load).
    pub description: String,
}
