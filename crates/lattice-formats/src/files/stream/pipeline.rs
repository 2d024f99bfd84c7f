//! The band pipeline: the calling thread generates and maps band after band on the
//! thread pool while a writer thread encodes and writes the previous ones, so neither
//! waits for the other and only a few bands are ever held.

use super::band_plan::BandPlan;
use super::payload::Payload;
use crate::engine::{JobControl, Region};
use crate::files::error::{Error, Result};
use std::path::Path;
use std::sync::mpsc::{Receiver, sync_channel};

/// Bands produced ahead of the writer at most.
const AHEAD: usize = 2;

/// Runs `produce` on every band of `plan` in order and `sink` on the writer thread,
/// which receives the payloads in the same order and writes them to `out`. Stops at
/// the first error (either side's) or when `control` is cancelled; `control` counts
/// rows produced.
pub(super) fn run<W, S, P>(
    plan: BandPlan,
    control: &JobControl,
    name: &Path,
    out: &mut W,
    sink: S,
    produce: P,
) -> Result<()>
where
    W: Send,
    S: FnOnce(Receiver<Payload>, &mut W) -> Result<()> + Send,
    P: Fn(Region) -> Result<Payload>,
{
    control.begin(plan.bands().map(|b| b.height as usize).sum());
    std::thread::scope(|scope| {
        let (tx, rx) = sync_channel(AHEAD);
        let writer = scope.spawn(move || sink(rx, out));
        let produced = (|| {
            for band in plan.bands() {
                if control.is_cancelled() {
                    return Err(Error::Cancelled);
                }
                let payload = produce(band)?;
                if tx.send(payload).is_err() {
                    break; // the writer stopped: its error says why
                }
                control.step_by(band.height as usize);
            }
            Ok(())
        })();
        drop(tx);
        let written = writer.join().map_err(|_| Error::Encode {
            path: name.to_path_buf(),
            message: "the file writer crashed".to_owned(),
        })?;
        produced.and(written)
    })
}
