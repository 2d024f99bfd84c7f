//! The designer driven headless through egui_kittest (the real app, every panel).
//!
//! One test binary for these files (each a module), linked once.

#![cfg(feature = "app")]

#[path = "../common/mod.rs"]
mod common;

mod app_3d;
mod app_features;
mod app_files;
mod app_layers;
mod app_ui;
mod app_window;
mod classic_app;
mod erosion_group;
mod kept_values;
mod tone_controls;
