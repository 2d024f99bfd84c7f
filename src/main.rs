//! The `lattice-studio` binary: no arguments opens the designer, subcommands run headless.
fn main() {
    println!("lattice-studio: the engine is in place; the app and CLI are being built");
}
