//! A texture's parameters and statistics as text: the properties view and the default
//! save-file name (Parberry's viewer offers both; every front end can use them).

use crate::engine::Preset;
use crate::engine::{HeightStats, OctaveLaw, RandomSource};

/// Whether the source reads `table_size` and `distribution`.
pub(crate) fn uses_table(random: RandomSource) -> bool {
    matches!(
        random,
        RandomSource::Permutation | RandomSource::Lcg | RandomSource::Hash64
    )
}

/// Every parameter of `preset` and, when given, the heightmap's min, max and mean, as
/// (name, value) rows in display order. Table settings are listed only for the sources
/// that read them.
pub(crate) fn properties(
    preset: &Preset,
    stats: Option<&HeightStats>,
) -> Vec<(&'static str, String)> {
    let n = preset.noise();
    let o = &preset.output;
    let yes_no = |b: bool| if b { "yes" } else { "no" }.to_owned();
    let mut rows = vec![("Size", format!("{0} x {0} px", n.size))];
    if preset.layers.len() > 1 {
        // The rows below describe the bottom layer; `info` lists them all.
        rows.push(("Layers", preset.layers.len().to_string()));
    }
    rows.extend([
        ("Seed", n.seed.to_string()),
        (
            "Octaves",
            if n.auto_octaves {
                format!("auto ({})", n.octave_count())
            } else {
                n.octaves.to_string()
            },
        ),
        ("Initial step", format!("{} px", n.initial_step)),
        ("Persistence", format!("{:.2}", n.persistence)),
        ("Displacement", n.displacement.id().to_owned()),
    ]);
    match n.cellular {
        Some(c) => rows.push(("Cellular", c.spec())),
        None => rows.extend([
            ("Proximity", n.proximity.id().to_owned()),
            ("Fade", n.fade.id().to_owned()),
        ]),
    }
    rows.push(("Random source", n.random.id().to_owned()));
    if uses_table(n.random) {
        rows.push(("Table size", n.table_size.to_string()));
        rows.push(("Distribution", n.distribution.id().to_owned()));
    }
    rows.push(("Octave law", n.octave_law.id().to_owned()));
    if n.octave_law == OctaveLaw::Classic {
        rows.push(("Lacunarity", n.lacunarity.to_string()));
    }
    rows.push(("Origin", format!("({}, {})", n.origin[0], n.origin[1])));
    rows.extend([
        ("Tileable", yes_no(n.tileable)),
        ("Contrast", format!("{}", o.contrast)),
        ("Luminance", format!("{}", o.luminance)),
        ("Auto levels", yes_no(o.auto_levels)),
        ("Normalize", yes_no(o.normalize)),
        (
            "Float exports",
            if o.float_levels {
                "levelled"
            } else {
                "raw heights"
            }
            .to_owned(),
        ),
    ]);
    if let Some(s) = stats {
        rows.extend([
            ("Min", format!("{:.6}", s.min)),
            ("Max", format!("{:.6}", s.max)),
            ("Mean", format!("{:.6}", s.mean)),
        ]);
    }
    rows
}

/// A file name (no extension, no spaces) built from the parameters, as Parberry's
/// `GetFileName` does ("Perlin-Perm-Quintic-4-256-64"): proximity, random source, table
/// size and distribution for the table sources, fade, octaves, initial step, seed.
///
/// A layered texture is named after its preset instead ("layered-terrain-3layers-512px"):
/// one layer's parameters would not describe it.
pub(crate) fn default_file_stem(preset: &Preset) -> String {
    if preset.layers.len() > 1 {
        let slug = match name_slug(&preset.name) {
            s if s.is_empty() => "layers".to_owned(),
            s => s,
        };
        return format!("{slug}-{}layers-{}px", preset.layers.len(), preset.size());
    }
    let n = preset.noise();
    let shape = match n.cellular {
        // `f2-f1` keeps its dash; a comma or `=` would not suit a file name.
        Some(c) => format!("cellular-{}-{}", c.output.id(), c.distance.id()),
        None => n.proximity.id().to_owned(),
    };
    let mut parts = vec![shape, n.random.id().to_owned()];
    if uses_table(n.random) {
        parts.push(n.table_size.to_string());
        parts.push(n.distribution.id().to_owned());
    }
    parts.extend([
        n.fade.id().to_owned(),
        if n.auto_octaves {
            "autooct".to_owned()
        } else {
            format!("{}oct", n.octaves)
        },
        format!("step{}", n.initial_step),
        format!("seed{}", n.seed),
        format!("{}px", n.size),
    ]);
    parts.join("-")
}

/// `name` in lower-case letters and digits, other characters as dashes, trimmed of
/// dashes (`"  My Rock!  "` -> `my-rock`); empty when nothing is left.
pub(crate) fn name_slug(name: &str) -> String {
    let slug: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    slug.trim_matches('-').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random::Distribution;
    use crate::engine::{Fade, Proximity};

    fn parberry() -> Preset {
        let mut p = Preset::default();
        p.noise_mut().random = RandomSource::Permutation;
        p.noise_mut().proximity = Proximity::Hill;
        p.noise_mut().fade = Fade::Quintic;
        p.noise_mut().distribution = Distribution::Normal;
        p.noise_mut().table_size = 64;
        p.noise_mut().seed = -3;
        p
    }

    #[test]
    fn file_stem_names_the_parameters() {
        assert_eq!(
            default_file_stem(&parberry()),
            "hill-permutation-64-normal-quintic-8oct-step128-seed-3-512px"
        );
        let stem = default_file_stem(&Preset::default());
        assert!(!stem.contains("uniform") && !stem.contains(' '), "{stem}");
        assert!(
            stem.starts_with("gradient-original-table-hermite"),
            "{stem}"
        );
        let mut layered = parberry();
        layered.name = "  Rock & Ridges! ".into();
        let top = crate::engine::Layer::new("top", layered.noise().clone());
        layered.layers.insert(1, top).unwrap();
        assert_eq!(default_file_stem(&layered), "rock---ridges-2layers-512px");
        layered.name.clear();
        assert_eq!(default_file_stem(&layered), "layers-2layers-512px");
    }

    #[test]
    fn properties_list_parameters_and_statistics() {
        let stats = HeightStats {
            min: 0.25,
            max: 0.75,
            mean: 0.5,
            std_dev: 0.1,
            non_finite: 0,
        };
        let rows = properties(&parberry(), Some(&stats));
        let get = |k: &str| rows.iter().find(|(n, _)| *n == k).map(|(_, v)| v.clone());
        assert_eq!(get("Table size").as_deref(), Some("64"));
        assert_eq!(get("Distribution").as_deref(), Some("normal"));
        assert_eq!(get("Min").as_deref(), Some("0.250000"));
        assert_eq!(get("Max").as_deref(), Some("0.750000"));
        assert_eq!(get("Mean").as_deref(), Some("0.500000"));
        let mut classic = parberry();
        classic.noise_mut().octave_law = OctaveLaw::Classic;
        classic.noise_mut().lacunarity = 2.5;
        classic.noise_mut().origin = [256.0, -1.5];
        let rows = properties(&classic, None);
        let get = |k: &str| rows.iter().find(|(n, _)| *n == k).map(|(_, v)| v.clone());
        assert_eq!(get("Octave law").as_deref(), Some("classic"));
        assert_eq!(get("Lacunarity").as_deref(), Some("2.5"));
        assert_eq!(get("Origin").as_deref(), Some("(256, -1.5)"));
        let plain = properties(&Preset::default(), None);
        assert!(plain.iter().all(|(n, _)| *n != "Table size" && *n != "Min"));
        // Persistence with the two decimals the app's slider shows: 1.00, not 1.
        let mut p = Preset::default();
        p.noise_mut().persistence = 1.0;
        let rows = properties(&p, None);
        let get = |k: &str| rows.iter().find(|(n, _)| *n == k).map(|(_, v)| v.clone());
        assert_eq!(get("Persistence").as_deref(), Some("1.00"));
        assert!(plain.iter().all(|(n, _)| *n != "Lacunarity"));
    }
}
