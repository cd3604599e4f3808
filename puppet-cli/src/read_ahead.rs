//! Reading inputs on one more thread while the workers parse: [`map_read`].
//!
//! Opening and reading a file is kernel work (about 5 µs per small file here, a quarter of
//! what parsing and validating it costs), and a worker that reads its own files waits for it.
//! So when the workers leave a core idle (`--jobs` below the number of cores), one extra
//! thread reads files ahead, in order, and hands them over through a bounded queue; the
//! workers take what it has read. It is only a helper: the files are claimed from
//! one shared counter, so when the reader falls behind (many workers, tiny files) a worker that
//! finds the queue empty claims and reads the next file itself, and no worker ever waits for
//! the reader while a file is left unclaimed. The reader hands files over in batches of
//! [`BATCH_FILES`] (a hand-over wakes a thread, which costs more than reading a small file),
//! and what it holds is bounded by [`AHEAD_BATCHES`] and [`AHEAD_BYTES`], so a directory of
//! large files is not read into memory ahead of its parse.

use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::Mutex;
use std::time::Duration;

use crate::source::Input;

/// Files the reader reads before it hands them over, together (one hand-over, and one wake-up
/// of a waiting thread, per batch rather than per file: a wake-up costs more than reading a
/// small file).
const BATCH_FILES: usize = 16;
/// Batches read and not yet taken by a worker, at most.
const AHEAD_BATCHES: usize = 4;
/// Bytes read and not yet taken by a worker above which the reader pauses.
const AHEAD_BYTES: usize = 32 << 20;

/// Files read by the reader: their indexes in the path list and what reading gave.
type Batch<R> = Vec<(usize, R)>;

/// What reading a file gave, and the bytes it holds (which bound how far the reader runs
/// ahead).
pub trait ReadOutcome: Send {
    fn held_bytes(&self) -> usize;
}

impl ReadOutcome for io::Result<Input> {
    fn held_bytes(&self) -> usize {
        self.as_ref().map_or(0, |input| input.source.input_len())
    }
}

/// A read with something found about the file on the way (its identity, say).
impl<X: Send> ReadOutcome for (X, io::Result<Input>) {
    fn held_bytes(&self) -> usize {
        self.1.held_bytes()
    }
}

/// `work(path, read(path))` for every path, on the threads of `pool`, with `read` (the
/// system calls: `source::read`, or more) done ahead by one more thread where it can; the
/// results in the order of `paths`.
pub fn map_read<R, T, P, F>(pool: &rayon::ThreadPool, paths: &[PathBuf], read: P, work: F) -> Vec<T>
where
    R: ReadOutcome,
    T: Send,
    P: Fn(&PathBuf) -> R + Sync,
    F: Fn(&PathBuf, R) -> T + Sync,
{
    let next = AtomicUsize::new(0);
    let held_bytes = AtomicUsize::new(0);
    // Set when the workers are gone (normally or by a panic): the reader must not wait for
    // room in the queue any more.
    let workers_done = AtomicBool::new(false);
    let (sender, receiver) = mpsc::sync_channel::<Batch<R>>(AHEAD_BATCHES);
    let receiver = Mutex::new(receiver);
    // Claims the next `count` files (fewer at the end): their index range.
    let claim = |count: usize| {
        let first = next.fetch_add(count, Ordering::Relaxed).min(paths.len());
        first..(first + count).min(paths.len())
    };
    let batch_bytes = |batch: &Batch<R>| {
        batch
            .iter()
            .map(|(_, read)| read.held_bytes())
            .sum::<usize>()
    };

    // The reader only runs on a core the workers leave idle: with a worker on every core it
    // would take time from them (measured: 3% slower with 2 workers on 2 cores, 9% faster
    // with 1).
    let spare_core = leaves_a_core_idle(pool);
    let mut by_worker: Vec<Vec<(usize, T)>> = std::thread::scope(|scope| {
        if !spare_core {
            // No reader: the queue is closed from the start and the workers read every file.
            drop(sender);
        } else {
            scope.spawn(|| {
                let sender = sender;
                while !workers_done.load(Ordering::Relaxed) {
                    if held_bytes.load(Ordering::Relaxed) > AHEAD_BYTES {
                        std::thread::sleep(Duration::from_millis(1));
                        continue;
                    }
                    let range = claim(BATCH_FILES);
                    if range.is_empty() {
                        break;
                    }
                    let batch: Batch<R> = range.map(|index| (index, read(&paths[index]))).collect();
                    held_bytes.fetch_add(batch_bytes(&batch), Ordering::Relaxed);
                    if sender.send(batch).is_err() {
                        break;
                    }
                }
            });
        }
        let _done = WorkersDone {
            flag: &workers_done,
            queue: &receiver,
        };
        pool.broadcast(|_| {
            let mut done = Vec::new();
            let mut taken = Batch::<R>::new().into_iter();
            loop {
                let (index, read) = match taken.next() {
                    Some(item) => item,
                    None => {
                        // Empty, or the reader has finished: either way, nothing now. (A
                        // statement of its own: the lock is released at its end, before the
                        // arms below may take it again.)
                        let queued = lock(&receiver).try_recv().ok();
                        let batch = match queued {
                            Some(batch) => batch,
                            None => match claim(1).next() {
                                Some(index) => {
                                    taken = vec![(index, read(&paths[index]))].into_iter();
                                    continue;
                                }
                                // Every file is claimed: take what the reader still holds,
                                // until it has finished (the queue then reports a
                                // disconnection).
                                None => match lock(&receiver).recv() {
                                    Ok(batch) => batch,
                                    Err(_) => break,
                                },
                            },
                        };
                        held_bytes.fetch_sub(batch_bytes(&batch), Ordering::Relaxed);
                        taken = batch.into_iter();
                        continue;
                    }
                };
                done.push((index, work(&paths[index], read)));
            }
            done
        })
    });
    let mut all: Vec<(usize, T)> = by_worker.drain(..).flatten().collect();
    all.sort_unstable_by_key(|(index, _)| *index);
    all.into_iter().map(|(_, result)| result).collect()
}

/// The queue's lock (a worker that panicked while holding it left nothing half-done).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Whether `pool`'s workers leave a core idle (fewer threads than cores).
pub fn leaves_a_core_idle(pool: &rayon::ThreadPool) -> bool {
    std::thread::available_parallelism().is_ok_and(|cores| pool.current_num_threads() < cores.get())
}

/// When the workers are gone (also by a panic): tells the reader to stop, and empties the
/// queue once, so that a reader waiting for room in it can go on and see that.
struct WorkersDone<'a, R> {
    flag: &'a AtomicBool,
    queue: &'a Mutex<Receiver<Batch<R>>>,
}

impl<R> Drop for WorkersDone<'_, R> {
    fn drop(&mut self) {
        self.flag.store(true, Ordering::Relaxed);
        while lock(self.queue).try_recv().is_ok() {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source;

    /// `count` files of different sizes in a new directory, and one path that does not exist
    /// in the middle of them.
    fn files(dir: &std::path::Path, count: usize) -> Vec<PathBuf> {
        let mut paths: Vec<PathBuf> = (0..count)
            .map(|i| {
                let path = dir.join(format!("f{i:04}.pp"));
                std::fs::write(&path, "x".repeat(i % 97)).unwrap();
                path
            })
            .collect();
        paths.insert(count / 2, dir.join("missing.pp"));
        paths
    }

    /// Every path once, in order, with what reading it gave, whatever the number of workers.
    #[test]
    fn results_come_in_path_order_with_every_read() {
        let dir = std::env::temp_dir().join(format!("read-ahead-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let paths = files(&dir, 300);
        for threads in [1, 2, 5] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let seen = map_read(
                &pool,
                &paths,
                |p| source::read(p),
                |path, read| {
                    (
                        path.clone(),
                        read.map(|input| input.source.input_len()).ok(),
                    )
                },
            );
            assert_eq!(seen.len(), paths.len(), "{threads} threads");
            for (i, (path, len)) in seen.iter().enumerate() {
                assert_eq!(path, &paths[i], "{threads} threads");
                let expected = std::fs::metadata(path).ok().map(|m| m.len() as usize);
                assert_eq!(*len, expected, "{}", path.display());
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// No files: no work, and the reader ends.
    #[test]
    fn no_paths() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let seen: Vec<()> = map_read(&pool, &[], |p| source::read(p), |_, _| unreachable!());
        assert!(seen.is_empty());
    }

    /// A worker that panics outside of `work`'s own handling does not leave the reader
    /// waiting for room in a full queue: the panic reaches the caller.
    #[test]
    fn a_panicking_worker_does_not_hang_the_reader() {
        let dir = std::env::temp_dir().join(format!("read-ahead-panic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let paths = files(&dir, 200);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            map_read(
                &pool,
                &paths,
                |p| source::read(p),
                |_, _| -> () { panic!("worker bug") },
            )
        }));
        assert!(outcome.is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
