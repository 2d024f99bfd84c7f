//! [`smoothstep`]: the soft 0-to-1 rise that masks and terraces share.

/// `3t² - 2t³` of `t` clamped to 0..=1 (NaN gives 0): flat at both ends, so ramps
/// built from it have no visible kink where they start or stop.
#[inline]
pub(super) fn smoothstep(t: f32) -> f32 {
    let t = if t > 0.0 { t.min(1.0) } else { 0.0 };
    t * t * (3.0 - 2.0 * t)
}

#[cfg(test)]
mod tests {
    use super::smoothstep;

    #[test]
    fn clamps_and_rises_softly() {
        assert_eq!(smoothstep(-1.0), 0.0);
        assert_eq!(smoothstep(f32::NAN), 0.0);
        assert_eq!(smoothstep(0.5), 0.5);
        assert_eq!(smoothstep(2.0), 1.0);
        assert!(smoothstep(0.1) < 0.1 && smoothstep(0.9) > 0.9);
    }
}
