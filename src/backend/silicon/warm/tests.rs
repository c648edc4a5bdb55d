//! The pool's handling of faults, with a stand-in driver: a shell script that speaks
//! the protocol and misbehaves as the requested file's name says (`die`: killed while
//! verifying, `hang`: never answers, `oom`: reports an out-of-memory error).

use super::*;

const FAKE: &str = r#"
echo "@weft ready"
while read -r line; do
  case "$line" in
    *die*) kill -9 $$ ;;
    *hang*) echo "@weft member first 3"; sleep 60 & echo $! > "${line%%	*}.pid"; wait ;;
    *oom*) echo "@weft crash java.lang.OutOfMemoryError: Java heap space"; echo "@weft done" ;;
    *) echo "@weft member m 5"
       echo "worker $$"
       echo "Silicon finished verification successfully in 0.01s."
       echo "@weft done" ;;
  esac
done
"#;

fn pool() -> Pool {
    Pool::new(WorkerCommand {
        program: "sh".into(),
        args: vec!["-c".into(), FAKE.into()],
    })
}

/// The worker's id an answer names.
fn worker_of(a: &Answer) -> String {
    a.output
        .lines()
        .find_map(|l| l.strip_prefix("worker "))
        .expect("the fake names its worker")
        .to_string()
}

fn ok(pool: &Pool, dir: &Path) -> Answer {
    pool.verify(&dir.join("fine.vpr"), None, false, Duration::from_secs(10))
        .expect("an answer")
}

#[test]
fn an_idle_worker_takes_the_next_request() {
    let dir = tempfile::tempdir().unwrap();
    let pool = pool();
    let a = ok(&pool, dir.path());
    let b = ok(&pool, dir.path());
    assert_eq!(worker_of(&a), worker_of(&b));
    assert_eq!(a.members, vec![("m".to_string(), Duration::from_millis(5))]);
    assert_eq!(
        a.output.lines().last(),
        Some("Silicon finished verification successfully in 0.01s.")
    );
    pool.shutdown();
}

#[test]
fn a_killed_worker_is_a_crash_and_the_next_request_gets_a_new_one() {
    let dir = tempfile::tempdir().unwrap();
    let pool = pool();
    let before = worker_of(&ok(&pool, dir.path()));
    match pool.verify(
        &dir.path().join("die.vpr"),
        None,
        false,
        Duration::from_secs(10),
    ) {
        Err(Fault::Crashed { output }) => {
            assert!(output.contains("worker stopped"), "{output}")
        }
        other => panic!("expected a crash, got {other:?}"),
    }
    let after = worker_of(&ok(&pool, dir.path()));
    assert_ne!(before, after);
    pool.shutdown();
}

#[test]
fn a_hung_worker_times_out_and_its_group_is_ended() {
    let dir = tempfile::tempdir().unwrap();
    let pool = pool();
    let file = dir.path().join("hang.vpr");
    match pool.verify(&file, None, false, Duration::from_millis(1500)) {
        Err(Fault::Timeout { finished }) => assert_eq!(finished, vec!["first".to_string()]),
        other => panic!("expected a timeout, got {other:?}"),
    }
    let pid = std::fs::read_to_string(dir.path().join("hang.vpr.pid")).expect("pid written");
    let pid = pid.trim();
    let gone = (0..50).any(|_| {
        std::thread::sleep(Duration::from_millis(20));
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .map(|s| s.split_whitespace().nth(2) == Some("Z"))
            .unwrap_or(true)
    });
    assert!(gone, "the hung worker's child {pid} survived");
    ok(&pool, dir.path());
    pool.shutdown();
}

#[test]
fn an_exception_in_the_worker_is_a_crash_with_its_message() {
    let dir = tempfile::tempdir().unwrap();
    let pool = pool();
    let before = worker_of(&ok(&pool, dir.path()));
    match pool.verify(
        &dir.path().join("oom.vpr"),
        None,
        false,
        Duration::from_secs(10),
    ) {
        Err(Fault::Crashed { output }) => assert!(output.contains("OutOfMemoryError"), "{output}"),
        other => panic!("expected a crash, got {other:?}"),
    }
    // A worker that failed is not trusted again.
    assert_ne!(before, worker_of(&ok(&pool, dir.path())));
    pool.shutdown();
}

#[test]
fn a_worker_that_cannot_start_is_a_spawn_fault() {
    let pool = Pool::new(WorkerCommand {
        program: "/nonexistent/java".into(),
        args: vec![],
    });
    let r = pool.verify(Path::new("x.vpr"), None, false, Duration::from_secs(5));
    assert!(matches!(r, Err(Fault::Spawn(_))), "{r:?}");
}
