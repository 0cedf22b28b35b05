//! A lane of its own for heavy reading work staff may ask for without pause (the register's
//! searches): one job at a time, on a thread of its own at a lower priority than the service's,
//! so that every other reader keeps the cores first. A job whose request ended while it waited
//! is dropped unrun.

use super::ServiceError;

/// A job waiting for its turn.
type Job = Box<dyn FnOnce() + Send>;

/// Jobs run one at a time on a thread of their own at a lower priority than the service's (nice
/// 10).
pub struct Lane(std::sync::Mutex<std::sync::mpsc::Sender<Job>>);

/// How much lower the lane's priority is than the service's (a nice value).
const LOWER_PRIORITY: i32 = 10;

impl Default for Lane {
    fn default() -> Lane {
        let (send, jobs) = std::sync::mpsc::channel::<Job>();
        let started = std::thread::Builder::new()
            .name("lane".to_string())
            .spawn(move || {
                // The calling thread's own nice value (a thread's, on Linux); a system that
                // refuses it runs the jobs at the service's priority, one at a time still.
                if let Err(e) = rustix::process::setpriority_process(None, LOWER_PRIORITY) {
                    tracing::debug!("lane priority: {e}");
                }
                for job in jobs {
                    job();
                }
            });
        if let Err(e) = started {
            tracing::warn!("lane thread: {e}");
        }
        Lane(std::sync::Mutex::new(send))
    }
}

impl Lane {
    /// Runs `job` in its turn and waits for it without holding an async thread.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ServiceError> {
        let (done, result) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            if !done.is_closed() {
                let _ = done.send(job());
            }
        });
        let stopped = || ServiceError::Internal("the lane stopped".to_string());
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .send(job)
            .map_err(|_| stopped())?;
        result.await.map_err(|_| stopped())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;

    use super::Lane;

    #[test]
    fn jobs_run_one_at_a_time_and_one_whose_asker_left_is_dropped_unrun() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        runtime.block_on(async {
            let lane = Arc::new(Lane::default());
            let (release, wait) = std::sync::mpsc::channel::<()>();
            let held = lane.clone();
            let first = tokio::spawn(async move {
                held.run(move || {
                    wait.recv().unwrap();
                    1
                })
                .await
            });
            tokio::task::yield_now().await;
            // Asked while the first holds the lane, and left before its turn.
            let ran = Arc::new(AtomicBool::new(false));
            let flag = ran.clone();
            let left = tokio::time::timeout(
                Duration::from_millis(20),
                lane.run(move || flag.store(true, Ordering::SeqCst)),
            )
            .await;
            assert!(left.is_err(), "the lane was not held");
            release.send(()).unwrap();
            assert_eq!(first.await.unwrap().unwrap(), 1);
            assert_eq!(lane.run(|| 3).await.unwrap(), 3);
            assert!(
                !ran.load(Ordering::SeqCst),
                "a job whose asker left was run"
            );
        });
    }
}
