//! The classic systems' flags on the command line: they reach the engine, bad values are
//! refused with the rule, and `list` names the new ids.

use clap::Parser as _;
use lattice_studio::cli::{Cli, Command as CliCommand};
use lattice_studio::command_text::command_line::flags;
use lattice_studio::engine::generate_simple;
use lattice_studio::engine::random::Distribution;
use lattice_studio::pixels::grey8;
use lattice_studio::{NoiseParams, OctaveLaw, OutputParams, Preset, Proximity, RandomSource};

use crate::common;
use common::cli::run;

#[test]
fn table_flags_render_what_the_library_renders() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.png");
    let o = run(&[
        "render",
        "--size",
        "32",
        "--initial-step",
        "8",
        "--octaves",
        "2",
        "--proximity",
        "hill",
        "--random",
        "permutation",
        "--table-size",
        "16",
        "--distribution",
        "exponential",
        "--normalize",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let p = NoiseParams {
        size: 32,
        initial_step: 8,
        octaves: 2,
        proximity: Proximity::Hill,
        random: RandomSource::Permutation,
        table_size: 16,
        distribution: Distribution::Exponential,
        ..NoiseParams::default()
    };
    let want = grey8(
        &generate_simple(&p).unwrap(),
        &OutputParams {
            normalize: true,
            ..OutputParams::default()
        },
    );
    let got = image::open(&out).unwrap().to_luma8();
    assert_eq!(got.as_raw(), want.as_raw());
    assert_eq!(got.as_raw().iter().max(), Some(&255));
}

#[test]
fn bad_table_values_are_refused_with_the_rule() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.png");
    for (flag, value, needle) in [
        ("--table-size", "100", "power of two"),
        ("--table-size", "131072", "65536"),
        ("--distribution", "gauss", "midpoint"),
    ] {
        let o = run(&["render", flag, value, "--out", out.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            !o.status.success() && err.contains(needle),
            "{flag} {value}: {err}"
        );
        assert!(!out.exists());
    }
}

#[test]
fn list_names_the_classic_ids() {
    let o = run(&["list"]);
    let text = String::from_utf8_lossy(&o.stdout);
    for id in [
        "permutation",
        "lcg",
        "hash64",
        "libnoise",
        "libnoise-value",
        "uniform",
        "cosine",
        "normal",
        "exponential",
        "midpoint",
    ] {
        assert!(
            text.lines()
                .any(|l| l.split_whitespace().next() == Some(id)),
            "{id} missing from list"
        );
    }
}

#[test]
fn octave_law_flags_render_what_the_library_renders() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.png");
    let o = run(&[
        "render",
        "--size",
        "48",
        "--initial-step",
        "16",
        "--octaves",
        "3",
        "--random",
        "hash64",
        "--octave-law",
        "classic",
        "--lacunarity",
        "2.5",
        "--persistence",
        "0.6",
        "--origin",
        "-3,1.25",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let p = NoiseParams {
        size: 48,
        initial_step: 16,
        octaves: 3,
        random: RandomSource::Hash64,
        octave_law: OctaveLaw::Classic,
        lacunarity: 2.5,
        persistence: 0.6,
        origin: [-3.0, 1.25],
        ..NoiseParams::default()
    };
    let want = grey8(&generate_simple(&p).unwrap(), &OutputParams::default());
    let got = image::open(&out).unwrap().to_luma8();
    assert_eq!(got.as_raw(), want.as_raw());
    // The flags matter: without the origin the pixels differ.
    let plain = NoiseParams {
        origin: [0.0, 0.0],
        ..p
    };
    let plain = grey8(&generate_simple(&plain).unwrap(), &OutputParams::default());
    assert_ne!(got.as_raw(), plain.as_raw());
}

#[test]
fn bad_octave_law_values_are_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.png");
    for (flag, value, needle) in [
        ("--octave-law", "fbm", "classic"),
        ("--lacunarity", "NaN", "1.1..=16"),
        ("--lacunarity", "1", "1.1..=16"),
        ("--lacunarity", "17", "1.1..=16"),
        ("--lacunarity", "two", "not a number"),
        ("--origin", "5", "X,Y"),
        ("--origin", "NaN,0", "X,Y"),
        ("--origin", "0,inf", "X,Y"),
        ("--origin", "-2e9,0", "out of range"),
    ] {
        let o = run(&["render", flag, value, "--out", out.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            !o.status.success() && err.contains(needle),
            "{flag} {value}: {err}"
        );
        assert_eq!(err.trim().lines().count(), 1, "{flag} {value}: {err}");
        assert!(!out.exists());
    }
}

#[test]
fn list_names_the_octave_laws() {
    let text = String::from_utf8_lossy(&run(&["list"]).stdout).into_owned();
    assert!(text.contains("--octave-law"), "{text}");
    for law in OctaveLaw::ALL {
        assert!(
            text.lines()
                .any(|l| l.split_whitespace().next() == Some(law.id())),
            "{} missing from list",
            law.id()
        );
    }
}

#[test]
fn command_line_flags_rebuild_every_parameter() {
    let mut want = Preset::default();
    want.noise_mut().size = 64;
    want.noise_mut().initial_step = 16;
    want.noise_mut().random = RandomSource::Permutation;
    want.noise_mut().table_size = 32;
    want.noise_mut().distribution = Distribution::Cosine;
    want.noise_mut().octave_law = OctaveLaw::Classic;
    want.noise_mut().lacunarity = 3.25;
    want.noise_mut().origin = [-256.0, 0.1];
    want.output.normalize = true;
    let mut args = vec!["lattice-studio".to_owned(), "render".to_owned()];
    args.extend(["--out".to_owned(), "x.png".to_owned()]);
    for (flag, value) in flags(&want) {
        args.push(format!("--{}={value}", flag.name()));
    }
    let cli = Cli::try_parse_from(&args).unwrap();
    let Some(CliCommand::Render(r)) = cli.command else {
        panic!("not a render command");
    };
    assert_eq!(r.overrides.applied(&Preset::default()).unwrap(), want);
}
