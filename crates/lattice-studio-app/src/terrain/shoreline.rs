//! Where a colour ramp's water ends: the 3D view puts its water plane there, so the
//! plane meets the coast the ramp paints.

use crate::pixels::ColorRamp;

/// Whether a stop's colour reads as water: clearly more blue than red, and at least as
/// blue as green.
fn is_water([r, g, b, _]: [u8; 4]) -> bool {
    i32::from(b) - i32::from(r) >= 40 && b >= g
}

/// The grey level of the ramp's shoreline: the last stop of the run of water colours the
/// ramp starts with, when land colours follow; `None` for a ramp that does not start in
/// water or never leaves it.
pub(crate) fn shoreline(ramp: &ColorRamp) -> Option<f32> {
    let stops = ramp.sorted_stops();
    let water = stops.iter().take_while(|s| is_water(s.color)).count();
    if water == 0 || water == stops.len() {
        return None;
    }
    Some(stops[water - 1].position.clamp(0.0, 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_terrain_ramp_has_its_coast_at_its_last_blue_stop() {
        let at = |id: &str| shoreline(&ColorRamp::builtin(id).unwrap());
        assert_eq!(at("terrain"), Some(0.47));
        for dry in ["greyscale", "lava", "marble", "wood", "heat"] {
            assert_eq!(at(dry), None, "{dry}");
        }
        let all_sea = ColorRamp {
            stops: vec![crate::pixels::RampStop {
                position: 0.3,
                color: [0, 0, 200, 255],
            }],
        };
        assert_eq!(shoreline(&all_sea), None);
    }
}
