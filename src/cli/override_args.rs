//! [`override_args`]: the flags that reproduce an [`Overrides`], so `tiles` can print
//! render commands that apply exactly the overrides it was given.

use super::overrides::Overrides;

/// The command-line flags of every override that is set, in declaration order. Numbers
/// print in Rust's shortest round-trip form, so parsing them back gives the same values.
pub fn override_args(o: &Overrides) -> Vec<String> {
    let mut args = Vec::new();
    let mut flag = |name: &str, value: Option<String>| {
        if let Some(v) = value {
            args.push(format!("--{name}={v}"));
        }
    };
    flag("size", o.size.map(|v| v.to_string()));
    flag("seed", o.seed.map(|v| v.to_string()));
    flag("octaves", o.octaves.map(|v| v.to_string()));
    flag("initial-step", o.initial_step.map(|v| v.to_string()));
    flag("persistence", o.persistence.map(|v| v.to_string()));
    flag("displacement", o.displacement.map(|v| v.id().to_owned()));
    flag("proximity", o.proximity.map(|v| v.id().to_owned()));
    flag("fade", o.fade.map(|v| v.id().to_owned()));
    flag("random", o.random.map(|v| v.id().to_owned()));
    flag("table-size", o.table_size.map(|v| v.to_string()));
    flag("distribution", o.distribution.map(|v| v.id().to_owned()));
    flag("octave-law", o.octave_law.map(|v| v.id().to_owned()));
    flag("lacunarity", o.lacunarity.map(|v| v.to_string()));
    flag("origin", o.origin.map(|[x, y]| format!("{x},{y}")));
    flag("contrast", o.contrast.map(|v| v.to_string()));
    flag("luminance", o.luminance.map(|v| v.to_string()));
    flag("auto-levels", o.auto_levels.map(|v| v.to_string()));
    flag("normalize", o.normalize.map(|v| v.to_string()));
    flag("tileable", o.tileable.map(|v| v.to_string()));
    flag(
        "tint",
        o.tint.map(|[r, g, b]| format!("{r:02x}{g:02x}{b:02x}")),
    );
    flag("ramp", o.ramp.as_ref().map(|r| r.to_spec()));
    flag("normal-strength", o.normal_strength.map(|v| v.to_string()));
    flag(
        "normal-convention",
        o.normal_convention.map(|v| v.id().to_owned()),
    );
    args
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser;

    /// Every override set to an unusual value prints flags that parse back to it.
    #[test]
    fn flags_parse_back_to_the_same_overrides() {
        let argv = [
            "lattice-studio",
            "render",
            "--out",
            "x.png",
            "--size",
            "300",
            "--seed",
            "-7",
            "--octaves",
            "5",
            "--initial-step",
            "37",
            "--persistence",
            "0.123456789",
            "--displacement",
            "quarter",
            "--proximity",
            "gradient",
            "--fade",
            "hermite",
            "--random",
            "hash64",
            "--table-size",
            "1024",
            "--distribution",
            "normal",
            "--octave-law",
            "classic",
            "--lacunarity",
            "2.7",
            "--origin",
            "-3.25,1e-7",
            "--contrast",
            "-1.1",
            "--luminance",
            "0.1",
            "--auto-levels=false",
            "--normalize",
            "--tileable",
            "--tint",
            "0a0b0c",
            "--ramp",
            "0:ff000080,0.3:00ff00,1:0000ff",
            "--normal-strength",
            "3.5",
            "--normal-convention",
            "directx",
        ];
        let Some(Command::Render(first)) = Cli::try_parse_from(argv).unwrap().command else {
            panic!("not a render");
        };
        let mut again = vec!["lattice-studio".to_owned(), "render".to_owned()];
        again.extend(["--out".to_owned(), "x.png".to_owned()]);
        again.extend(override_args(&first.overrides));
        let Some(Command::Render(second)) = Cli::try_parse_from(&again).unwrap().command else {
            panic!("not a render");
        };
        assert_eq!(first.overrides, second.overrides);
        assert!(first.overrides.ramp.is_some() && first.overrides.origin.is_some());
        assert!(override_args(&Overrides::default()).is_empty());
    }
}
