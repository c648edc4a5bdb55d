#!/usr/bin/env bash
# Verdict stability, Mariposa-style: every example and test program is verified N times (default
# 10) on each backend, each time with `--seed i`, which seeds the solver (Z3's smt and sat random
# seeds, through Silicon's --proverArgs or Boogie's /z3opt) and shuffles the program's
# declarations and class members. A program is stable when all N runs give the same verdict: the
# same exit code and the same failures (file, line, code). Programs the front end rejects (the
# error test cases) are skipped: no solver runs for them.
#
# Usage: [N=10] [JOBS=2] [BACKENDS="silicon boogie"] [TIMEOUT=120] benches/stability.sh [PATHS...]
# (default paths: examples tests/cases). Prints each unstable program with the verdicts it got
# and their counts, then one line per backend: "backend: U unstable of P programs (N seeds)".
# Exit 1 if any program is unstable.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
target="${CARGO_TARGET_DIR:-$root/target}"
weft="$target/release/weft"

echo "building weft (release)..." >&2
(cd "$root" && cargo build --release --bin weft >&2)

cd "$root"
if [ $# -eq 0 ]; then set -- examples tests/cases; fi

N="${N:-10}" JOBS="${JOBS:-2}" BACKENDS="${BACKENDS:-silicon boogie}" TIMEOUT="${TIMEOUT:-120}" \
  WEFT="$weft" python3 - "$@" <<'EOF'
import json, os, subprocess, sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

weft, n, jobs = os.environ["WEFT"], int(os.environ["N"]), int(os.environ["JOBS"])
timeout = int(os.environ["TIMEOUT"])
programs = []
for p in sys.argv[1:]:
    if os.path.isfile(p):
        programs.append(p)
    for d, _, fs in os.walk(p):
        programs += [os.path.join(d, f) for f in fs if f.endswith((".pvl", ".java"))]
programs = sorted(set(programs))

def verdict(backend, path, seed):
    cmd = [weft, "verify", "--backend", backend, "--seed", str(seed), "--jobs", "1",
           "--timeout", str(timeout), "--format", "json", path]
    p = subprocess.run(cmd, capture_output=True, text=True)
    try:
        out = json.loads(p.stdout)
    except ValueError:
        return (p.returncode, "no JSON")
    fails = sorted((f.get("file"), f.get("line"), f.get("code")) for f in out.get("failures") or [])
    if p.returncode == 3:
        # A tool error (a timeout): its message, not its failures, is the verdict.
        return (3, "tool error")
    return (p.returncode, tuple(fails))

unstable_any = False
for backend in os.environ["BACKENDS"].split():
    with ThreadPoolExecutor(max_workers=jobs) as ex:
        firsts = dict(zip(programs, ex.map(lambda p: verdict(backend, p, 1), programs)))
        checked = [p for p in programs if firsts[p][0] != 2]
        rest = list(ex.map(lambda job: (job, verdict(backend, *job)),
                           [(p, s) for p in checked for s in range(2, n + 1)]))
    unstable = 0
    for p in checked:
        seen = Counter([firsts[p]] + [v for (q, _), v in rest if q == p])
        if len(seen) > 1:
            unstable += 1
            print(f"UNSTABLE {backend} {p}:")
            for v, c in seen.most_common():
                print(f"  {c}x exit {v[0]} {v[1]}")
    print(f"{backend}: {unstable} unstable of {len(checked)} programs ({n} seeds)")
    unstable_any |= unstable > 0
sys.exit(1 if unstable_any else 0)
EOF
