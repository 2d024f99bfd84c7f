//! Every shipped preset loads, is described, renders, and looks different from the others.

use lattice_studio::PresetFiles;
use lattice_studio::engine::{JobControl, Region};
use lattice_studio::pixels::grey8;
use lattice_studio::{ExportFormat, Preset};

use crate::common;
use common::files::{preset_files, preset_path, root};

#[test]
fn at_least_ten_presets_ship() {
    assert!(preset_files().len() >= 10, "{:?}", preset_files());
}

#[test]
fn default_preset_is_the_built_in_default() {
    let path = preset_path("default.ron");
    assert_eq!(Preset::load(&path).unwrap(), Preset::default());
}

#[test]
fn every_preset_loads_is_described_and_renders() {
    let mut names = Vec::new();
    let mut images = Vec::new();
    for path in preset_files() {
        let p = Preset::load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(!p.name.trim().is_empty(), "{}: no name", path.display());
        assert!(
            p.description.len() > 20,
            "{}: description too short",
            path.display()
        );
        assert!(
            p.noise().size <= 1024,
            "{}: keep CI renders quick",
            path.display()
        );
        let small = p.layers.resized(48);
        let hm = small
            .generate_region(Region::full(48), &JobControl::new())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let img = grey8(&hm, &p.output);
        // A preset worth shipping is not a flat or nearly flat image.
        let (lo, hi) = img
            .as_raw()
            .iter()
            .fold((255u8, 0u8), |(lo, hi), &v| (lo.min(v), hi.max(v)));
        assert!(hi - lo > 64, "{}: grey range {lo}..{hi}", path.display());
        for format in ExportFormat::ALL {
            let bytes = lattice_studio::files::encode(&hm, &p.output, format, &path).unwrap();
            assert!(!bytes.is_empty());
        }
        names.push(p.name);
        images.push((path, img));
    }
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "duplicate names: {names:?}");
    for (i, (a, ia)) in images.iter().enumerate() {
        for (b, ib) in &images[i + 1..] {
            assert_ne!(
                ia,
                ib,
                "{} and {} render the same",
                a.display(),
                b.display()
            );
        }
    }
}

#[test]
fn presets_survive_a_save_and_load_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    for path in preset_files() {
        let p = Preset::load(&path).unwrap();
        let copy = dir.path().join(path.file_name().unwrap());
        p.save(&copy).unwrap();
        assert_eq!(Preset::load(&copy).unwrap(), p, "{}", path.display());
    }
}

#[test]
fn readme_preset_example_is_the_default_and_lists_every_preset() {
    let root = root();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let start = readme.find("```ron\n").expect("README has a ```ron block") + 7;
    let len = readme[start..].find("```").unwrap();
    let example = Preset::from_ron_named(&readme[start..start + len], &root.join("README.md"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(example, Preset::default());
    for path in preset_files() {
        let name = path.file_name().unwrap().to_str().unwrap();
        assert!(readme.contains(name), "README does not list {name}");
    }
}
