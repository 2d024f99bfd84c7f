//! Where a preset may be saved: "Save to my presets" never overwrites another preset
//! (it picks "name 2"), and the shipped presets are read-only in the app.

use crate::properties::name_slug;
use std::path::{Path, PathBuf};

/// The file name for a preset called `name`: lower-case letters and digits, other
/// characters as dashes (`"  My Rock!  "` -> `my-rock.ron`).
pub(crate) fn preset_file_name(name: &str) -> String {
    match name_slug(name) {
        slug if slug.is_empty() => "preset.ron".to_owned(),
        slug => format!("{slug}.ron"),
    }
}

/// The name the preset browser shows for a file: its stem with dashes and underscores
/// as spaces.
pub(crate) fn display_name(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().replace(['-', '_'], " "))
        .unwrap_or_default()
}

/// `"Rock 2"` -> (`"Rock"`, 2); a name without a number suffix counts as the first.
fn split_number(name: &str) -> (&str, u32) {
    let name = name.trim();
    if let Some((base, n)) = name.rsplit_once(' ')
        && let Ok(n) = n.parse::<u32>()
        && n >= 2
        && !base.trim().is_empty()
    {
        return (base.trim(), n);
    }
    (name, 1)
}

/// Where "Save to my presets" writes a preset called `name` into `dir`: its own file
/// when free, else the same name numbered "name 2", "name 3"... A candidate is taken
/// when its file exists or another listed preset shows the same name (`listed`:
/// display names of every preset in the browser). `own` is the document's file: saving
/// over it is a plain save. Returns the (possibly numbered) name and the file.
pub(crate) fn user_save_target(
    name: &str,
    dir: &Path,
    listed: &[String],
    own: Option<&Path>,
) -> (String, PathBuf) {
    let (base, first) = split_number(name);
    let mut n = first;
    loop {
        let candidate = if n == 1 {
            base.to_owned()
        } else {
            format!("{base} {n}")
        };
        let path = dir.join(preset_file_name(&candidate));
        if own == Some(path.as_path()) {
            return (candidate, path);
        }
        let shown = display_name(&path);
        let taken = path.exists() || listed.iter().any(|l| l.eq_ignore_ascii_case(&shown));
        if !taken || n >= 10_000 {
            return (candidate, path);
        }
        n += 1;
    }
}

/// Whether `path` lies directly in `dir` (both as they are on disk: links resolved).
/// `dir` is expected canonical already.
pub(crate) fn lies_in(path: &Path, dir: &Path) -> bool {
    path.parent()
        .map(|p| {
            if p.as_os_str().is_empty() {
                Path::new(".")
            } else {
                p
            }
        })
        .and_then(|p| p.canonicalize().ok())
        .is_some_and(|p| p == dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_and_shown_names() {
        assert_eq!(preset_file_name("  My Rock!  "), "my-rock.ron");
        assert_eq!(preset_file_name("***"), "preset.ron");
        assert_eq!(display_name(Path::new("/x/my-rock_2.ron")), "my rock 2");
    }

    #[test]
    fn a_taken_name_is_numbered_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let (name, path) = user_save_target("Rock", d, &[], None);
        assert_eq!((name.as_str(), path.clone()), ("Rock", d.join("rock.ron")));
        std::fs::write(&path, "x").unwrap();
        let (name, path) = user_save_target("Rock", d, &[], None);
        assert_eq!(
            (name.as_str(), path.clone()),
            ("Rock 2", d.join("rock-2.ron"))
        );
        std::fs::write(&path, "x").unwrap();
        // "Rock 2" taken: the next number, not "Rock 2 2".
        let (name, _) = user_save_target("Rock 2", d, &[], None);
        assert_eq!(name, "Rock 3");
        // A listed preset (e.g. a shipped one) with the name takes it too.
        let listed = vec!["default".to_owned()];
        assert_eq!(user_save_target("Default", d, &listed, None).0, "Default 2");
        // The document's own file is simply saved again.
        let own = d.join("rock.ron");
        assert_eq!(user_save_target("Rock", d, &[], Some(&own)).1, own);
    }

    #[test]
    fn lies_in_resolves_the_folder() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().canonicalize().unwrap();
        std::fs::create_dir(d.join("sub")).unwrap();
        assert!(lies_in(&d.join("a.ron"), &d));
        assert!(lies_in(&d.join("sub").join("..").join("a.ron"), &d));
        assert!(!lies_in(&d.join("sub").join("a.ron"), &d));
    }
}
