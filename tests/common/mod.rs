//! Helpers shared by the integration tests.
#![allow(dead_code)] // each test crate uses its own subset

pub mod app;
pub mod cli;
