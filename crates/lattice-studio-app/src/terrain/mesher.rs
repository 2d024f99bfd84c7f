//! The meshing thread of the 3D view: heightmaps in, [`ViewMesh`]es out as
//! [`Command::MeshBuilt`]. A new job cancels the one running, so only the newest
//! heightmap is ever meshed to the end.

use super::view_mesh::ViewMesh;
use crate::command::Command;
use crate::engine::{Heightmap, JobControl};
use crate::pixels::OutputParams;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};

/// What to mesh.
#[derive(Clone, Debug)]
pub(super) struct MeshJob {
    /// The heightmap on screen.
    pub heightmap: Arc<Heightmap>,
    /// Its output mapping (the mesh follows the grey the texture shows).
    pub output: OutputParams,
    /// Tileable texture: the mesh's edges wrap.
    pub wrap: bool,
    /// Vertices per side.
    pub resolution: u32,
}

type Queued = (u64, MeshJob, Arc<JobControl>);

/// Handle to the meshing thread.
pub(super) struct Mesher {
    jobs: Sender<Queued>,
    current: Option<Arc<JobControl>>,
    next_id: u64,
}

impl Mesher {
    /// Starts the thread; meshes arrive on `results`.
    pub(super) fn spawn(ctx: egui::Context, results: Sender<Command>) -> Self {
        let (jobs, rx) = channel();
        let errors = results.clone();
        let spawned = std::thread::Builder::new()
            .name("lattice-mesher".into())
            .spawn(move || run(&rx, &results, &ctx));
        if let Err(e) = spawned {
            let _ = errors.send(Command::Error(format!(
                "cannot start the meshing thread: {e}"
            )));
        }
        Self {
            jobs,
            current: None,
            next_id: 1,
        }
    }

    /// Cancels the running job and queues `job`; returns its id.
    pub(super) fn submit(&mut self, job: MeshJob) -> u64 {
        if let Some(c) = self.current.take() {
            c.cancel();
        }
        let id = self.next_id;
        self.next_id += 1;
        let control = Arc::new(JobControl::new());
        self.current = Some(Arc::clone(&control));
        let _ = self.jobs.send((id, job, control));
        id
    }
}

fn run(rx: &Receiver<Queued>, results: &Sender<Command>, ctx: &egui::Context) {
    while let Ok(mut next) = rx.recv() {
        while let Ok(newer) = rx.try_recv() {
            next = newer;
        }
        let (id, job, control) = next;
        let built = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            ViewMesh::build(
                id,
                &job.heightmap,
                &job.output,
                job.resolution,
                job.wrap,
                &control,
            )
        }));
        let command = match built {
            Ok(Ok(mesh)) => Command::MeshBuilt(Box::new(mesh)),
            // A newer job is queued; it reports instead.
            Ok(Err(crate::mesh::MeshError::Cancelled)) => continue,
            Ok(Err(e)) => Command::Error(format!("cannot build the 3D mesh: {e}")),
            Err(_) => Command::Error("internal error while building the 3D mesh".into()),
        };
        let _ = results.send(command);
        ctx.request_repaint();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_newest_job_is_meshed() {
        let (tx, rx) = channel();
        let mut mesher = Mesher::spawn(egui::Context::default(), tx);
        let hm = Arc::new(Heightmap::filled(64, 0.5));
        let ids: Vec<u64> = (2..6)
            .map(|n| {
                mesher.submit(MeshJob {
                    heightmap: Arc::clone(&hm),
                    output: OutputParams::default(),
                    wrap: false,
                    resolution: n * 8,
                })
            })
            .collect();
        loop {
            match rx.recv_timeout(Duration::from_secs(60)) {
                Ok(Command::MeshBuilt(m)) if m.id == ids[3] => {
                    assert_eq!(m.resolution, 40);
                    break;
                }
                Ok(Command::MeshBuilt(m)) => assert!(m.id < ids[3]),
                other => panic!("unexpected {other:?}"),
            }
        }
    }
}
