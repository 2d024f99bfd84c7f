//! The slow suite: hostile files, closed pipes, signals, full disks, and the render-farm hardening (every shell, every flag, huge tile lists).
//!
//! One test binary for these files (each a module), linked once.

#[path = "../common/mod.rs"]
mod common;

mod farm_hardening;
mod farm_stitching;
mod hostile;
