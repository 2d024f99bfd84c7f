//! The engine's slow suite: the isotropy score of issue 28 on 1024 renders of every
//! layered showcase preset, eight seeds each (about 50 s of the test profile on two
//! cores). Not run by a plain `cargo test`; `cargo test -p lattice-noise --test
//! showcase` runs it, and so does `.ci/run`.

#[path = "../common/spectrum.rs"]
mod spectrum;

mod showcase_isotropy;
