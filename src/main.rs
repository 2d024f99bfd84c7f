//! The `lattice-studio` binary: no arguments opens the designer, subcommands run headless.
fn main() -> anyhow::Result<()> {
    lattice_studio::app::run(None)
}
