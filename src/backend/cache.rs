//! A cache of verdicts: an unchanged program is not verified again.
//!
//! The key is the SHA-256 of everything a verdict depends on: the backend and its
//! pinned versions, the run's options that reach the solver (seed, timeout), and the
//! exact text sent to the backend. The value is the backend's raw verdict (its
//! failures in the generated text's coordinates); blame runs on it afresh each time,
//! so the cache holds nothing of weft's own mapping. Only a verdict from a completed
//! run is stored, never a tool failure (timeout, crash, missing backend). Entries are
//! written under a temporary name and renamed, so a reader never sees half of one; an
//! entry that does not read back is a miss. An entry holds its own key and the SHA-256
//! of its verdict: one truncated, edited by hand or copied under another key (a disk
//! fault, a cache merged badly between CI machines) is a miss too, and is verified again
//! rather than believed.

use super::provision::cache_dir;
use super::{BackendError, RunOptions};
use serde::{de::DeserializeOwned, Serialize};
use sha2::{Digest, Sha256};
use std::io::Write;
use std::path::PathBuf;

/// The folder of the entries, under weft's cache directory.
const FOLDER: &str = "verdicts";

/// Where the verdict of `text` on the backend `identity` names (its name and pinned
/// versions) under `opts` is kept; `write_text` writes
/// the text into the hasher.
pub fn entry(
    identity: &str,
    opts: &RunOptions,
    write_text: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Option<PathBuf> {
    let mut h = Sha256::new();
    let header = format!(
        "weft {}\n{}\nseed {:?}\ntimeout {}\nmodel {}\n",
        env!("CARGO_PKG_VERSION"),
        identity,
        opts.seed,
        opts.timeout.as_millis(),
        opts.counterexample
    );
    h.update(header.as_bytes());
    write_text(&mut HashWriter(&mut h)).ok()?;
    let key = format!("{:x}", h.finalize());
    Some(cache_dir().ok()?.join(FOLDER).join(format!("{key}.json")))
}

struct HashWriter<'a>(&'a mut Sha256);

impl Write for HashWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.update(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A verdict that can say it came from the cache.
pub trait Kept {
    fn mark_kept(&mut self);
}

/// The verdict at `entry` when `opts.cache` allows and there is one (marked as kept);
/// else runs `run` and keeps its verdict (not its error).
pub fn through<V: Serialize + DeserializeOwned + Kept>(
    entry: Option<PathBuf>,
    opts: &RunOptions,
    run: impl FnOnce() -> Result<V, BackendError>,
) -> Result<V, BackendError> {
    let entry = entry.filter(|_| opts.cache);
    if let Some(mut v) = entry.as_ref().and_then(|e| load::<V>(e)) {
        v.mark_kept();
        return Ok(v);
    }
    let v = run()?;
    if let Some(e) = &entry {
        store(e, &v);
    }
    Ok(v)
}

/// What an entry's file holds: its key, the verdict as JSON text, and that text's SHA-256.
#[derive(serde::Serialize, serde::Deserialize)]
struct Entry {
    key: String,
    verdict: String,
    sha256: String,
}

fn digest(text: &str) -> String {
    format!("{:x}", Sha256::digest(text.as_bytes()))
}

/// The key an entry's file is named by.
fn key_of(entry: &std::path::Path) -> Option<&str> {
    entry.file_stem()?.to_str()
}

fn load<V: DeserializeOwned>(entry: &PathBuf) -> Option<V> {
    let bytes = std::fs::read(entry).ok()?;
    let e: Entry = serde_json::from_slice(&bytes).ok()?;
    if Some(e.key.as_str()) != key_of(entry) || digest(&e.verdict) != e.sha256 {
        return None;
    }
    serde_json::from_str(&e.verdict).ok()
}

/// Best effort: a verdict that cannot be kept is verified again next time.
fn store<V: Serialize>(entry: &PathBuf, v: &V) {
    let (Some(dir), Some(key)) = (entry.parent(), key_of(entry)) else {
        return;
    };
    let Ok(verdict) = serde_json::to_string(v) else {
        return;
    };
    let e = Entry {
        key: key.to_owned(),
        sha256: digest(&verdict),
        verdict,
    };
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    let Ok(mut tmp) = tempfile::NamedTempFile::new_in(dir) else {
        return;
    };
    if serde_json::to_writer(&mut tmp, &e).is_ok() {
        let _ = tmp.persist(entry);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn opts(seed: Option<u64>) -> RunOptions {
        RunOptions {
            timeout: Duration::from_secs(10),
            seed,
            cache: true,
            warm: true,
            counterexample: false,
        }
    }

    fn key(backend: &str, opts: &RunOptions, text: &str) -> PathBuf {
        let text = text.to_string();
        entry(backend, opts, |w| w.write_all(text.as_bytes())).expect("a cache directory")
    }

    #[test]
    fn the_key_changes_with_text_backend_and_seed() {
        let a = key("silicon", &opts(None), "method m() {}");
        assert_eq!(a, key("silicon", &opts(None), "method m() {}"));
        assert_ne!(a, key("silicon", &opts(None), "method m() { }"));
        assert_ne!(a, key("boogie", &opts(None), "method m() {}"));
        assert_ne!(a, key("silicon", &opts(Some(1)), "method m() {}"));
    }

    impl Kept for Vec<u32> {
        fn mark_kept(&mut self) {}
    }

    #[test]
    fn a_verdict_is_kept_and_an_error_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let e = dir.path().join("v.json");
        let mut runs = 0;
        let mut run = |r: Result<Vec<u32>, BackendError>| {
            through(Some(e.clone()), &opts(None), || {
                runs += 1;
                r
            })
        };
        let timeout = BackendError::Timeout {
            after: Duration::from_secs(1),
            unfinished: vec![],
        };
        assert!(run(Err(timeout)).is_err());
        assert!(!e.exists(), "a tool failure is not kept");
        assert_eq!(run(Ok(vec![1, 2])).unwrap(), vec![1, 2]);
        // Kept: the next run is not made (its result would differ).
        assert_eq!(run(Ok(vec![3])).unwrap(), vec![1, 2]);
        assert_eq!(runs, 2);
        let no_cache = RunOptions {
            cache: false,
            ..opts(None)
        };
        let fresh = through(Some(e.clone()), &no_cache, || {
            Ok::<_, BackendError>(vec![4])
        });
        assert_eq!(fresh.unwrap(), vec![4]);
    }

    #[test]
    fn an_entry_truncated_edited_or_moved_is_verified_again() {
        let dir = tempfile::tempdir().unwrap();
        let e = dir.path().join("0123abcd.json");
        store(&e, &vec![7u32, 8]);
        assert_eq!(load::<Vec<u32>>(&e), Some(vec![7, 8]));
        let text = std::fs::read_to_string(&e).unwrap();
        // Edited by hand: still JSON, another verdict (no failures).
        let edited = text.replace("[7,8]", "[]");
        assert_ne!(edited, text);
        std::fs::write(&e, &edited).unwrap();
        assert_eq!(load::<Vec<u32>>(&e), None);
        // Truncated.
        std::fs::write(&e, &text[..text.len() / 2]).unwrap();
        assert_eq!(load::<Vec<u32>>(&e), None);
        // Whole, but under another key.
        let other = dir.path().join("ffff.json");
        std::fs::write(&other, &text).unwrap();
        assert_eq!(load::<Vec<u32>>(&other), None);
        // A miss is verified again and kept anew.
        std::fs::write(&e, &edited).unwrap();
        let v = through(Some(e.clone()), &opts(None), || {
            Ok::<_, BackendError>(vec![9])
        });
        assert_eq!(v.unwrap(), vec![9]);
        assert_eq!(load::<Vec<u32>>(&e), Some(vec![9]));
    }
}
