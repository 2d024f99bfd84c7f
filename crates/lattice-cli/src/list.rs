//! `lattice-studio list`: every id the presets and flags accept.

use crate::engine::layers::MAX_CURVE_POINTS;
use crate::engine::random::Distribution;
use crate::engine::{BlendMode, Fade, Proximity, RandomSource};
use crate::engine::{CellDistance, CellOutput, Displacement, Isotropy, OctaveLaw};
use crate::files::ExportFormat;
use std::fmt::Write;

/// The text `list` prints: one section per kind of id, one id per line.
pub(crate) fn listing() -> String {
    let mut s = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(s, "Proximity functions (--proximity):");
    for p in Proximity::ALL {
        let _ = writeln!(s, "  {:<32} {:<34} {}", p.id(), p.label(), p.formula());
    }
    let smooth: Vec<&str> = Proximity::ALL
        .iter()
        .filter(|p| !p.has_creases())
        .map(|p| p.id())
        .collect();
    let _ = writeln!(
        s,
        "\nSlopes (the engine's Preset::slope_sampler, for a texture that is one noise):\n  \
         {:<16} every proximity function with every fade, from its own formula; smooth \
         for {}; the others have creases (min, max, |.|) where the slope jumps and takes \
         the side the height takes, as the linear fade does at cell edges; the normal \
         maps and lit view of such a texture use them (octaves of 4 px and up)\n  \
         {:<16} cellular noise, and stacks of layers, warps, masks, erosion, blur or \
         curves (their normal maps and lit view too): central differences of \
         neighbouring pixels",
        "analytic",
        smooth.join(", "),
        "differences"
    );
    let _ = writeln!(s, "\nFades (--fade):");
    for f in Fade::ALL {
        let _ = writeln!(s, "  {:<16} {}", f.id(), f.description());
    }
    let _ = writeln!(s, "\nRandom sources (--random):");
    for r in RandomSource::ALL {
        let _ = writeln!(s, "  {:<16} {}", r.id(), r.description());
    }
    let _ = writeln!(
        s,
        "\nTable distributions (--distribution, for permutation/lcg/hash64):"
    );
    for d in Distribution::ALL {
        let _ = writeln!(s, "  {:<16} {}", d.id(), d.description());
    }
    let _ = writeln!(s, "\nDisplacements (--displacement):");
    for d in Displacement::ALL {
        let what = match d {
            Displacement::None => "grid points at 0, step, 2 step, ...",
            Displacement::Half => "grid shifted by half a step",
            Displacement::Quarter => "grid shifted by a quarter step",
        };
        let _ = writeln!(s, "  {:<16} {what}", d.id());
    }
    let _ = writeln!(
        s,
        "\nOctave laws (--octave-law; --lacunarity L, --origin X,Y):"
    );
    for l in OctaveLaw::ALL {
        let what = match l {
            OctaveLaw::Original => "step halves per octave, amplitude (step/size)^(1-p)",
            OctaveLaw::Classic => "step / lacunarity per octave, amplitude persistence^k",
        };
        let _ = writeln!(s, "  {:<16} {what}", l.id());
    }
    let _ = writeln!(
        s,
        "\nIsotropic mode (--isotropic: round window, turned points, shifted octaves; or --isotropic=PART,PART):"
    );
    for (name, what) in Isotropy::PARTS {
        let _ = writeln!(s, "  {:<16} {what}", name.replace('_', "-"));
    }
    let _ = writeln!(
        s,
        "\nCellular noise (--cellular OUTPUT[,DISTANCE][,jitter=J], or off; the proximity \
         function, fade and isotropic mode do not apply):"
    );
    for o in CellOutput::ALL {
        let _ = writeln!(s, "  {:<16} {}", o.id(), o.formula());
    }
    for d in CellDistance::ALL {
        let _ = writeln!(s, "  {:<16} {}", d.id(), d.formula());
    }
    let _ = writeln!(
        s,
        "  {:<16} how far a point strays from its cell's centre, 0 to 1 (default 1)",
        "jitter=J"
    );
    let _ = writeln!(s, "\nBlend modes (--blend; b = below, t = this layer):");
    for m in BlendMode::ALL {
        let _ = writeln!(s, "  {:<16} {}", m.id(), m.formula());
    }
    let _ = writeln!(
        s,
        "\nTone, per layer after its levels (--curve, --terrace) and for the whole grey (--texture-curve):"
    );
    let _ = writeln!(
        s,
        "  {:<16} points X:Y,... (2 to {MAX_CURVE_POINTS}, x in 0..=1 increasing), joined by a smooth curve \
         that passes through each and never overshoots; flat past the ends",
        "curve"
    );
    let _ = writeln!(
        s,
        "  {:<16} STEPS[,SOFTNESS]: flat steps of 1/STEPS, each rising over its last SOFTNESS (0..=1)",
        "terrace"
    );
    let _ = writeln!(s, "\nFormats (--format):");
    for f in ExportFormat::ALL {
        let _ = writeln!(s, "  {:<16} {}", f.id(), f.label());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_every_id() {
        let text = listing();
        let ids = Proximity::ALL
            .iter()
            .map(|p| p.id())
            .chain(Fade::ALL.iter().map(|f| f.id()))
            .chain(RandomSource::ALL.iter().map(|r| r.id()))
            .chain(Distribution::ALL.iter().map(|d| d.id()))
            .chain(OctaveLaw::ALL.iter().map(|l| l.id()))
            .chain(["round-window", "turned-points", "rotated-octaves"])
            .chain(CellOutput::ALL.iter().map(|o| o.id()))
            .chain(CellDistance::ALL.iter().map(|d| d.id()))
            .chain(["curve", "terrace"])
            .chain(ExportFormat::ALL.iter().map(|f| f.id()));
        for id in ids {
            assert!(
                text.lines()
                    .any(|l| l.split_whitespace().next() == Some(id)),
                "{id} missing"
            );
        }
    }
}
