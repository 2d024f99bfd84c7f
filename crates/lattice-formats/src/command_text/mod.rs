//! The command text that reproduces a texture: the `lattice-studio render` call that the
//! app's "copy as command line" and the `tiles` subcommand print, with words quoted so
//! that any shell reads them back as meant, and the flag names both are made of.

pub mod command_line;
pub mod param_flag;
pub mod shell_word;
