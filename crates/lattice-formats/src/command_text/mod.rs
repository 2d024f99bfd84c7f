//! The command text that reproduces a texture: the `lattice-studio render` call that the
//! app's "copy as command line" and the `tiles` subcommand print, with words quoted so
//! that any shell reads them back as meant.

pub mod command_line;
pub mod shell_word;
