//! [`forwarded_overrides`]: the parameter flags given to `tiles`, as the words that give
//! every tile's `render` the same flags. They are read from clap's own record of the
//! command line, for every argument that [`Overrides`] declares, so a flag added there
//! reaches the tiles without being named here.

use super::overrides::Overrides;
use crate::command_text::shell_word::{UnprintableWord, shell_quote_os};
use clap::parser::ValueSource;
use clap::{ArgMatches, Args};

/// The override flags set on the command line (`matches` of `tiles`), each as one
/// quoted `--name=value` word (or `--name` for a flag given without its optional
/// value), in the order [`Overrides`] declares them. The `=` form keeps values that
/// start with `-` values.
pub(crate) fn forwarded_overrides(matches: &ArgMatches) -> Result<Vec<String>, UnprintableWord> {
    let declared = Overrides::augment_args(clap::Command::new("overrides"));
    let mut words = Vec::new();
    for arg in declared.get_arguments() {
        let id = arg.get_id().as_str();
        // Every override is a long flag (a unit test holds that), so none is skipped.
        let Some(long) = arg.get_long() else { continue };
        if matches.value_source(id) != Some(ValueSource::CommandLine) {
            continue;
        }
        for occurrence in matches.get_raw_occurrences(id).into_iter().flatten() {
            let values: Vec<_> = occurrence.collect();
            if values.is_empty() {
                words.push(format!("--{long}"));
            }
            for value in values {
                let what = format!("the value of --{long}");
                words.push(format!("--{long}={}", shell_quote_os(value, &what)?));
            }
        }
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_override_is_a_long_flag() {
        let declared = Overrides::augment_args(clap::Command::new("overrides"));
        for arg in declared.get_arguments() {
            assert!(
                arg.get_long().is_some(),
                "{:?} has no long name",
                arg.get_id()
            );
        }
    }
}
