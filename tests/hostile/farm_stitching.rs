//! `tiles` reproduces `render`: it knows every flag of render, and the commands it prints,
//! run in a shell, write tiles that stitch to one render with the same flags, bit for bit.

use crate::common;
use common::cli::{ok, run};
use common::farm::{run_in_shell, stitch};
use common::files::{preset_path, read_r32};

#[test]
fn tiles_knows_every_flag_of_render() {
    use clap::{Args, CommandFactory};
    let cli = lattice_studio::cli::Cli::command();
    let ids = |name: &str| -> Vec<String> {
        let sub = cli.find_subcommand(name).unwrap();
        sub.get_arguments()
            .map(|a| a.get_id().to_string())
            .filter(|id| id != "help")
            .collect()
    };
    let forwarded: Vec<String> =
        lattice_studio::cli::Overrides::augment_args(clap::Command::new("o"))
            .get_arguments()
            .map(|a| a.get_id().to_string())
            .collect();
    // What `tiles` sets in each command itself, and the mesh flags (tiles are images).
    let own = ["preset", "out", "format", "region", "levels", "exr_half"];
    let mesh_only = ["mesh_resolution", "height_scale", "large_mesh"];
    for id in ids("render") {
        let known = forwarded.contains(&id) || own.contains(&id.as_str());
        assert!(
            known || mesh_only.contains(&id.as_str()),
            "render's --{id} is not passed on by tiles"
        );
    }
    for id in ids("tiles") {
        assert!(
            forwarded.contains(&id)
                || own.contains(&id.as_str())
                || ["tile", "manifest"].contains(&id.as_str()),
            "tiles' --{id} is unknown"
        );
    }
}

#[test]
fn stitched_tiles_equal_one_render_with_every_layer_flag() {
    let preset = preset_path("layered-terrain.ron");
    let flags = [
        "--size",
        "100",
        "--layer",
        "3",
        "--blend",
        "multiply",
        "--opacity",
        "0.6",
        "--warp",
        "-7.5",
        "--blur",
        "2.5",
        "--mask",
        "hills",
        "--mask-slope",
        "0.5,2",
        "--curve",
        "0:0.1,0.5:0.2,1:0.9",
        "--terrace",
        "7,0.5",
        "--texture-curve",
        "0:0,0.5:0.7,1:1",
        "--seed",
        "-4",
        "--octaves",
        "3",
        "--proximity",
        "hill",
        "--contrast",
        "1.3",
        "--luminance=-0.1",
        "--tileable=false",
    ];
    tiles_stitch_to_one_render(&preset, &flags);
}

#[test]
fn stitched_tiles_equal_one_render_with_a_curvature_mask() {
    let preset = preset_path("layered-terrain.ron");
    let flags = ["--size", "100", "--layer", "3", "--mask", "hills"];
    tiles_stitch_to_one_render(
        &preset,
        &[&flags[..], &["--mask-curvature", "0,-3"]].concat(),
    );
}

#[test]
fn stitched_tiles_equal_one_render_with_a_mask_by_the_stack_below() {
    let preset = preset_path("layered-terrain.ron");
    let flags = ["--size", "100", "--layer", "3", "--mask", "below"];
    tiles_stitch_to_one_render(&preset, &[&flags[..], &["--mask-slope", "1,4"]].concat());
}

#[test]
fn stitched_tiles_equal_one_render_with_erosion() {
    // Each tile reads a halo of the eroded layer's heights around itself (one pixel at
    // this size; the engine's tests cover halos wider than a tile's edge windows).
    let preset = preset_path("eroded-mountains.ron");
    tiles_stitch_to_one_render(&preset, &["--size", "100", "--erosion", "0.9"]);
}

#[test]
fn stitched_tiles_equal_one_render_eroding_the_stack_below() {
    // The top layer's heights become the eroded composite of the two under it: each
    // tile renders that composite over its window and the erosion's halo.
    let preset = preset_path("layered-terrain.ron");
    let flags = ["--size", "100", "--layer", "3", "--heights", "below"];
    let flags = [&flags[..], &["--erosion", "0.8", "--blend", "normal"]].concat();
    tiles_stitch_to_one_render(&preset, &flags);
}

#[test]
fn stitched_tiles_equal_one_render_with_droplets() {
    // Each tile runs the same simulation (a small grid here, to stay quick) and adds its
    // part of the carving.
    let preset = preset_path("layered-terrain.ron");
    let flags = ["--size", "100", "--layer", "3", "--heights", "below"];
    let flags = [&flags[..], &["--droplets", "0.5", "--blend", "normal"]].concat();
    tiles_stitch_to_one_render(&preset, &flags);
}

/// The 100 x 100 texture of `preset` with `flags`, rendered whole and as 30 px tiles
/// whose printed commands run in `sh`: the tiles stitch to the whole, bit for bit.
fn tiles_stitch_to_one_render(preset: &std::path::Path, flags: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.r32");
    let mut args = vec![
        "render",
        preset.to_str().unwrap(),
        "--out",
        whole.to_str().unwrap(),
    ];
    args.extend(flags);
    ok(&run(&args));
    let pattern = dir.path().join("{row}_{col}.r32");
    let mut args = vec!["tiles", preset.to_str().unwrap(), "--tile", "30"];
    args.extend(["--out", pattern.to_str().unwrap()]);
    args.extend(flags);
    let out = run(&args);
    ok(&out);
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let r = run_in_shell("sh", line, dir.path());
        assert!(r.status.success(), "{line}: {r:?}");
    }
    let tile = |r: usize, c: usize| dir.path().join(format!("{r}_{c}.r32"));
    assert_eq!(stitch(100, 30, tile), read_r32(&whole));
}

#[test]
fn levelled_float_tiles_share_the_whole_textures_levels() {
    let dir = tempfile::tempdir().unwrap();
    let flags = ["--size", "96", "--auto-levels", "--float-levels"];
    let whole = dir.path().join("whole.r32");
    let mut args = vec!["render", "--out", whole.to_str().unwrap()];
    args.extend(flags);
    ok(&run(&args));
    let levelled = read_r32(&whole);
    let (lo, hi) = levelled
        .iter()
        .fold((f32::MAX, f32::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
    assert!(
        lo == 0.0 && hi == 1.0,
        "auto-levels stretch to 0..1: {lo}..{hi}"
    );
    let pattern = dir.path().join("{row}_{col}.r32");
    let mut args = vec!["tiles", "--tile", "32", "--out", pattern.to_str().unwrap()];
    args.extend(flags);
    let out = run(&args);
    ok(&out);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("--levels=") && text.contains("--float-levels"),
        "{text}"
    );
    for line in text.lines() {
        let r = run_in_shell("sh", line, dir.path());
        assert!(r.status.success(), "{line}: {r:?}");
    }
    let tile = |r: usize, c: usize| dir.path().join(format!("{r}_{c}.r32"));
    assert_eq!(stitch(96, 32, tile), levelled);
}

#[test]
fn a_flat_texture_tiles_into_commands_that_run() {
    let dir = tempfile::tempdir().unwrap();
    let pattern = dir.path().join("{row}_{col}.png");
    let out = run(&[
        "tiles",
        "--size",
        "64",
        "--octaves",
        "0",
        "--auto-levels",
        "--tile",
        "32",
        "--out",
        pattern.to_str().unwrap(),
    ]);
    ok(&out);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("--levels=0.5,0.5"), "{text}");
    for line in text.lines() {
        let r = run_in_shell("sh", line, dir.path());
        assert!(
            r.status.success(),
            "{line}: {}",
            String::from_utf8_lossy(&r.stderr)
        );
    }
}
