//! The `bench` command: its lines, its summary, the builds, slopes and erosion it times.

use lattice_studio::Proximity;

use crate::common;
use common::cli::{field, ok, run};
use common::files::preset_path as preset;

use crate::cli::refused;

#[test]
fn bench_prints_times_and_a_summary_line() {
    let out = run(&["bench", "--size", "32", "--repeat", "3", "--threads", "1"]);
    ok(&out);
    let text = String::from_utf8(out.stdout).unwrap();
    let runs = text.lines().filter(|l| l.starts_with("run ")).count();
    assert_eq!(runs, 3, "{text}");
    let last = text.lines().last().unwrap();
    let fields: Vec<(&str, f64)> = last
        .split(' ')
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap();
            (k, v.parse().unwrap())
        })
        .collect();
    assert_eq!(fields[0].0, "median_ms");
    assert_eq!(fields[1].0, "ns_per_pixel_octave");
    assert!(
        fields.iter().all(|(_, v)| v.is_finite() && *v > 0.0),
        "{last}"
    );
}

/// `--build` holds the kernels to a narrower build and says which ran; an unknown
/// name is refused with the names there are.
#[test]
fn bench_runs_the_build_it_is_given() {
    let out = run(&[
        "bench", "--size", "32", "--repeat", "1", "--build", "portable",
    ]);
    ok(&out);
    let text = String::from_utf8(out.stdout).unwrap();
    let header = text.lines().find(|l| l.starts_with("bench: ")).unwrap();
    assert!(header.ends_with("build portable"), "{header}");
    let out = run(&["bench", "--size", "32", "--repeat", "1"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let header = text.lines().find(|l| l.starts_with("bench: ")).unwrap();
    let widest = header.rsplit(' ').next().unwrap();
    assert!(["portable", "avx2", "avx512"].contains(&widest), "{header}");
    refused(&["bench", "--build", "sse9"], "portable, avx2, avx512");
}

#[test]
fn bench_times_every_octaves_slopes_and_those_a_normal_map_takes() {
    let out = run(&["bench", "--size", "128", "--repeat", "1", "--threads", "1"]);
    ok(&out);
    let text = String::from_utf8(out.stdout).unwrap();
    // At 128 the default preset's octaves reach steps under 4 px, which normal maps
    // leave out (6 and 4 octaves when written).
    let octaves = |what: &str| -> usize {
        let line = text
            .lines()
            .find(|l| l.starts_with(what))
            .unwrap_or_else(|| panic!("{text}"));
        line[what.len()..]
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let every = octaves("exact slopes, every octave (");
    let resolved = octaves("exact slopes, a normal map's octaves (");
    assert!(0 < resolved && resolved < every, "{text}");
}

#[test]
fn bench_times_an_eroded_stack_against_it_uneroded() {
    let preset = preset("eroded-mountains.ron");
    let mut args = vec!["bench", preset.to_str().unwrap()];
    args.extend(["--size", "64", "--repeat", "1"]);
    let out = run(&args);
    ok(&out);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("without erosion (every strength 0): median_ms="),
        "{text}"
    );
    let line = text
        .lines()
        .find(|l| l.starts_with("ns_per_pixel: "))
        .unwrap_or_else(|| panic!("{text}"));
    // Figures, not a race: times are not compared in tests.
    assert!(field(line, "erosion").is_finite(), "{line}");
    assert!(
        field(line, " eroded") > 0.0 && field(line, "uneroded") > 0.0,
        "{line}"
    );
    // Without erosion there is nothing to compare.
    let plain = run(&[&args[..], &["--erosion", "0"]].concat());
    ok(&plain);
    assert!(
        !String::from_utf8(plain.stdout)
            .unwrap()
            .contains("without erosion")
    );
}

#[test]
fn bench_all_proximity_has_a_line_per_function() {
    let out = run(&["bench", "--size", "16", "--repeat", "1", "--all-proximity"]);
    ok(&out);
    let text = String::from_utf8(out.stdout).unwrap();
    for p in Proximity::ALL {
        let line = text
            .lines()
            .find(|l| l.split(' ').next() == Some(p.id()))
            .unwrap_or_else(|| panic!("{} missing:\n{text}", p.id()));
        assert!(line.contains(" median_ms=") && line.contains(" ns_per_pixel_octave="));
    }
}
