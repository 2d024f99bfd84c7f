//! The command line as a user runs it: render, info, tiles and the commands the app copies.
//!
//! One test binary for these files (each a module), linked once.

#[path = "../common/mod.rs"]
mod common;

mod bench_cli;
mod classic_cli;
mod cli;
mod cli_features;
mod farm_cli;
mod layered_cli;
mod tone_cli;
