//! Tests of the parameter flags: what each overrides, and what it refuses.

use super::*;

#[test]
fn size_change_scales_the_step_unless_given() {
    let base = Preset::default();
    let o = Overrides {
        size: Some(128),
        ..Overrides::default()
    };
    assert_eq!(o.applied(&base).unwrap().noise().initial_step, 32);
    let o = Overrides {
        size: Some(128),
        initial_step: Some(64),
        ..Overrides::default()
    };
    assert_eq!(o.applied(&base).unwrap().noise().initial_step, 64);
    // Same size: nothing to scale.
    let o = Overrides {
        size: Some(512),
        ..Overrides::default()
    };
    assert_eq!(o.applied(&base).unwrap().noise().initial_step, 128);
}

#[test]
fn flags_override_and_are_validated() {
    let o = Overrides {
        proximity: Some(Proximity::Hill),
        contrast: Some(2.0),
        auto_levels: Some(true),
        ..Overrides::default()
    };
    let p = o.applied(&Preset::default()).unwrap();
    assert_eq!(p.noise().proximity, Proximity::Hill);
    assert_eq!(p.output.contrast, 2.0);
    assert!(p.output.auto_levels);
    let o = Overrides {
        initial_step: Some(1000),
        ..Overrides::default()
    };
    assert!(o.applied(&Preset::default()).is_err());
}

#[test]
fn parsers_reject_bad_values_with_the_valid_list() {
    let e = parse_proximity("banana").unwrap_err();
    assert!(
        e.contains("banana") && e.contains("displaced-parabola"),
        "{e}"
    );
    assert!(parse_fade("quintic").is_ok() && parse_fade("x").is_err());
    assert!(parse_finite_f64("NaN").is_err() && parse_finite_f64("inf").is_err());
    assert!(parse_finite_f32("1e300").is_err());
    assert!(parse_size("0").is_err() && parse_size("262145").is_err());
    assert_eq!(parse_size("262144"), Ok(262_144));
    assert_eq!(parse_size("64"), Ok(64));
    assert_eq!(parse_tint("#ff8001"), Ok([255, 128, 1]));
    assert!(parse_tint("ff80").is_err() && parse_tint("gg0000").is_err());
    assert_eq!(parse_convention("directx"), Ok(NormalConvention::DirectX));
    assert!(parse_convention("vulkan").unwrap_err().contains("opengl"));
    assert_eq!(parse_table_size("1024"), Ok(1024));
    for bad in ["0", "1", "100", "131072", "x"] {
        assert!(parse_table_size(bad).is_err(), "{bad}");
    }
    assert_eq!(parse_distribution("midpoint"), Ok(Distribution::Midpoint));
    let e = parse_distribution("gauss").unwrap_err();
    assert!(e.contains("gauss") && e.contains("exponential"), "{e}");
}

#[test]
fn classic_flags_reach_the_preset() {
    let o = Overrides {
        random: Some(RandomSource::Hash64),
        table_size: Some(64),
        distribution: Some(Distribution::Normal),
        normalize: Some(true),
        octave_law: Some(OctaveLaw::Classic),
        lacunarity: Some(2.5),
        origin: Some([3.0, -1.5]),
        ..Overrides::default()
    };
    let p = o.applied(&Preset::default()).unwrap();
    assert_eq!(p.noise().octave_law, OctaveLaw::Classic);
    assert_eq!(p.noise().lacunarity, 2.5);
    assert_eq!(p.noise().origin, [3.0, -1.5]);
    assert_eq!(p.noise().random, RandomSource::Hash64);
    assert_eq!(p.noise().table_size, 64);
    assert_eq!(p.noise().distribution, Distribution::Normal);
    assert!(p.output.normalize);
}

/// The flags "copy as command line" prints are exactly the parameter flags declared
/// here (the layer flags aside), so a flag added to one list must be added to both.
#[test]
fn parameter_flags_are_the_printed_ones() {
    use std::collections::BTreeSet;
    let longs = |cmd: clap::Command| -> BTreeSet<String> {
        cmd.get_arguments()
            .filter_map(|a| a.get_long().map(str::to_owned))
            .collect()
    };
    let declared = longs(Overrides::augment_args(clap::Command::new("o")));
    let layer = longs(LayerFlags::augment_args(clap::Command::new("l")));
    let parameters: BTreeSet<_> = declared.difference(&layer).cloned().collect();
    let printed: BTreeSet<_> = ParamFlag::ALL.iter().map(|f| f.name().to_owned()).collect();
    assert_eq!(parameters, printed);
}
