//! Helpers shared by the integration tests.
#![allow(dead_code)] // each test crate uses its own subset

#[cfg(feature = "app")]
pub mod app;
pub mod cli;
pub mod farm;
pub mod files;
