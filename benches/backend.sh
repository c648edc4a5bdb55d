#!/usr/bin/env bash
# Backend speed, measured side by side in one run (release build, Silicon):
#
# 1. The suite, `weft test PATHS` (default: examples tests/cases), once with a JVM started for
#    every program (`--no-warm`) and once on warm workers (the default), both with `--no-cache`
#    and the same `--jobs`; prints both wall times and their ratio.
# 2. A cache hit: `weft verify FILE` (default examples/core/counter.pvl) once to fill the cache,
#    then RUNS times (default 10) again; prints the median, fastest and slowest wall time.
# 3. "K arrays, one loop" (benches/gen_karrays.py; SHAPE=sum, the default, is the program
#    VerCors users reported: K arrays, a0 = a1 + … + a(K-1) elementwise, K = 19 unless K is
#    set; SHAPE=fill writes every array, with VALUES=1 its values too, and grows steeply with
#    K on either encoding): `weft verify --no-cache` on the PVL program against Silicon alone
#    (`java -jar silicon.jar`, same JVM flags) on a hand encoding of the same proof; each
#    KRUNS times (default 3), interleaved; prints the medians and their ratio.
#
# Usage: [JOBS=2] [RUNS=10] [K=19] [SHAPE=sum|fill] [KRUNS=3] [SKIP_COLD=1] [SKIP_SUITE=1]
#        benches/backend.sh [PATHS...]
# SKIP_COLD=1 leaves out the one-JVM-per-program run (it takes minutes); SKIP_SUITE=1 both suites.
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

JOBS="${JOBS:-2}" RUNS="${RUNS:-10}" SKIP_COLD="${SKIP_COLD:-}" SKIP_SUITE="${SKIP_SUITE:-}" \
  K="${K:-19}" SHAPE="${SHAPE:-sum}" VALUES="${VALUES:-1}" KRUNS="${KRUNS:-3}" WEFT="$weft" BENCHES="$here" python3 - "$@" <<'EOF'
import glob, os, statistics, subprocess, sys, tempfile, time

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

if not os.environ["SKIP_SUITE"]:
    warm, warm_summary = suite([])
    print(f"suite on warm workers:        {warm:7.1f} s  ({warm_summary})")
if not os.environ["SKIP_COLD"] and not os.environ["SKIP_SUITE"]:
    cold, cold_summary = suite(["--no-warm"])
    print(f"suite with a JVM per program: {cold:7.1f} s  ({cold_summary})")
    print(f"warm workers are {cold / warm:.1f}x faster")

hit = os.environ.get("CACHE_FILE", "examples/core/counter.pvl")
timed(["verify", hit])
times = sorted(timed(["verify", hit])[0] * 1000 for _ in range(runs))
print(f"cache hit, weft verify {hit}: median {statistics.median(times):.0f} ms "
      f"(fastest {times[0]:.0f}, slowest {times[-1]:.0f}; {runs} runs)")

k, kruns = int(os.environ["K"]), int(os.environ["KRUNS"])
gen = os.path.join(os.environ["BENCHES"], "gen_karrays.py")
work = tempfile.mkdtemp()
pvl, vpr = os.path.join(work, "karrays.pvl"), os.path.join(work, "karrays.vpr")
suffix = "-sum" if os.environ["SHAPE"] == "sum" else ""
for form, path in (("pvl" + suffix, pvl), ("silver" + suffix, vpr)):
    with open(path, "w") as f:
        f.write(subprocess.run([sys.executable, gen, form, str(k)], capture_output=True,
                               text=True, check=True, env=os.environ).stdout)
cache = os.environ.get("WEFT_CACHE") or os.path.join(
    os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "weft")
silicon = sorted(glob.glob(os.path.join(cache, "silicon-*")))[-1]
jsa = os.path.join(silicon, "silicon.jsa")
java = ["java"] + ([f"-XX:SharedArchiveFile={jsa}"] if os.path.isfile(jsa) else []) + [
    "-Xss16m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-jar",
    os.path.join(silicon, "silicon.jar"), "--z3Exe", os.path.join(silicon, "z3"),
    "--numberOfErrorsToReport", "0", vpr]
weft_t, hand_t = [], []
for _ in range(kruns):
    t, p = timed(["verify", "--no-cache", pvl])
    if p.returncode != 0:
        print(f"weft on K={k} exited {p.returncode}: {p.stderr[-500:]}", file=sys.stderr)
    weft_t.append(t)
    start = time.monotonic()
    h = subprocess.run(java, capture_output=True, text=True)
    hand_t.append(time.monotonic() - start)
    if "successfully" not in h.stdout:
        print(f"Silicon on the hand encoding: {h.stdout[-500:]}", file=sys.stderr)
w, h = statistics.median(weft_t), statistics.median(hand_t)
print(f"K arrays, one loop ({os.environ['SHAPE']}, K={k}): weft {w:.1f} s, Silicon alone on a hand encoding {h:.1f} s "
      f"(medians of {kruns}); ratio {w / h:.2f}")
EOF
