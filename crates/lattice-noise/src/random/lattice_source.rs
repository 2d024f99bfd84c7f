//! [`LatticeSource`]: random numbers drawn from a corner's integer lattice indices.

/// A source that draws a corner's numbers from its integer lattice indices (cell
/// coordinates of the octave, not pixel coordinates): the classic noise systems
/// (permutation tables, libnoise's integer noise) work this way.
pub trait LatticeSource: Send + Sync + std::fmt::Debug {
    /// Fills `out[k][i] = R((ix0 + i, iy), k)` for every `i < out[k].len()` and `k < needs`.
    /// `period` is `Some(p)` when the texture tiles: indices are then taken modulo `p`.
    fn fill_row(
        &self,
        iy: i64,
        ix0: i64,
        period: Option<i64>,
        needs: usize,
        out: &mut [Vec<f32>; 4],
    );
}
