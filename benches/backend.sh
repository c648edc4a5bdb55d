#!/usr/bin/env bash
# Backend speed, measured side by side in one run (release build, Silicon):
#
# 1. The suite, `weft test PATHS` (default: examples tests/cases), once with a JVM started for
#    every program (`--no-warm`) and once on warm workers (the default), both with `--no-cache`
#    and the same `--jobs`; prints both wall times and their ratio.
# 2. A cache hit: `weft verify FILE` (default examples/core/counter.pvl) once to fill the cache,
#    then RUNS times (default 10) again; prints the median, fastest and slowest wall time.
#
# Usage: [JOBS=2] [RUNS=10] [SKIP_COLD=1] benches/backend.sh [PATHS...]
# SKIP_COLD=1 leaves out the one-JVM-per-program run (it takes minutes).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
target="${CARGO_TARGET_DIR:-$root/target}"
weft="$target/release/weft"

echo "building weft (release)..." >&2
(cd "$root" && cargo build --release --bin weft >&2)
"$weft" setup --backend silicon >&2

cd "$root"
if [ $# -eq 0 ]; then set -- examples tests/cases; fi

JOBS="${JOBS:-2}" RUNS="${RUNS:-10}" SKIP_COLD="${SKIP_COLD:-}" WEFT="$weft" python3 - "$@" <<'EOF'
import os, statistics, subprocess, sys, time

weft, jobs, runs = os.environ["WEFT"], os.environ["JOBS"], int(os.environ["RUNS"])
paths = sys.argv[1:]

def timed(args):
    start = time.monotonic()
    p = subprocess.run([weft] + args, capture_output=True, text=True)
    return time.monotonic() - start, p

def suite(extra):
    secs, p = timed(["test", "--no-cache", "--jobs", jobs] + extra + paths)
    summary = (p.stdout.strip().splitlines() or ["(no output)"])[-1]
    if p.returncode != 0:
        print(f"weft test {' '.join(extra)} exited {p.returncode}: {summary}", file=sys.stderr)
    return secs, summary

warm, warm_summary = suite([])
print(f"suite on warm workers:        {warm:7.1f} s  ({warm_summary})")
if not os.environ["SKIP_COLD"]:
    cold, cold_summary = suite(["--no-warm"])
    print(f"suite with a JVM per program: {cold:7.1f} s  ({cold_summary})")
    print(f"warm workers are {cold / warm:.1f}x faster")

hit = os.environ.get("CACHE_FILE", "examples/core/counter.pvl")
timed(["verify", hit])
times = sorted(timed(["verify", hit])[0] * 1000 for _ in range(runs))
print(f"cache hit, weft verify {hit}: median {statistics.median(times):.0f} ms "
      f"(fastest {times[0]:.0f}, slowest {times[-1]:.0f}; {runs} runs)")
EOF
