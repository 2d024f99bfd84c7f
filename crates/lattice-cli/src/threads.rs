//! How many worker threads: a sane multiple of the cores at most, so a typo such as
//! `--threads 65535` or `RAYON_NUM_THREADS=99999999999` cannot hang the machine.

/// Threads per core at most.
const PER_CORE: usize = 8;

/// The most worker threads allowed: 8 per core (at least 8).
pub fn max_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    (cores * PER_CORE).max(PER_CORE)
}

/// Parses a `--threads` value: a whole number from 1 to [`max_threads`].
pub fn parse_threads(s: &str) -> Result<usize, String> {
    let n: usize = s
        .parse()
        .map_err(|_| format!("'{s}' is not a whole number"))?;
    let max = max_threads();
    if n == 0 || n > max {
        return Err(format!(
            "{n} threads is out of range (1..={max}: {PER_CORE} per core at most)"
        ));
    }
    Ok(n)
}

/// Starts rayon's global pool: `RAYON_NUM_THREADS` when it is a sane number, else (with
/// a warning when it was set) one thread per core. Returns the warning, if any.
pub fn init_global_pool() -> Option<String> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let var = std::env::var("RAYON_NUM_THREADS").ok();
    let (threads, warning) = match var.as_deref().map(str::trim) {
        None | Some("") | Some("0") => (cores, None),
        Some(v) => match parse_threads(v) {
            Ok(n) => (n, None),
            Err(e) => (
                cores,
                Some(format!(
                    "RAYON_NUM_THREADS ignored: {e}; using one thread per core"
                )),
            ),
        },
    };
    // Always an explicit count: with 0, rayon would read RAYON_NUM_THREADS unchecked.
    // Fails only if the pool was already started, which leaves it as it was.
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global();
    warning
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absurd_counts_are_refused() {
        assert!(parse_threads("65535").unwrap_err().contains("out of range"));
        assert!(parse_threads("0").is_err());
        assert!(parse_threads("-1").is_err());
        assert_eq!(parse_threads("1"), Ok(1));
        assert_eq!(parse_threads(&max_threads().to_string()), Ok(max_threads()));
    }
}
