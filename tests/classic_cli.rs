//! The classic systems' flags on the command line: they reach the engine, bad values are
//! refused with the rule, and `list` names the new ids.

use lattice_studio::engine::generate_simple;
use lattice_studio::engine::random::Distribution;
use lattice_studio::render::grey8;
use lattice_studio::{NoiseParams, OutputParams, Proximity, RandomSource};
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lattice-studio"))
        .args(args)
        .output()
        .unwrap()
}

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
