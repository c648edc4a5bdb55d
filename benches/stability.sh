#!/usr/bin/env bash
# Verdict stability, Mariposa-style: every example and test program is verified N times (default
# 10) on each backend, each time with `--seed i`, which seeds the solver (Z3's smt and sat random
# seeds, through Silicon's --proverArgs or Boogie's /z3opt) and shuffles the program's
# declarations and class members. Each seed is one `weft test --no-cache --seed i` over all the
# paths (warm Silicon workers, no cached verdicts). A program is stable when all N runs give the
# same result: it meets its expectations every time, or misses them with the same problems
# (code and place). Programs the front end rejects are listed too; no solver runs for them.
#
# Usage: [N=10] [JOBS=2] [BACKENDS="silicon boogie"] [TIMEOUT=120] benches/stability.sh [PATHS...]
# (default paths: examples tests/cases). Prints each unstable program with the results it got
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
  WEFT="$weft" python3 - "$@" <<'PY'
import os, re, subprocess, sys
from collections import Counter

weft, n, jobs = os.environ["WEFT"], int(os.environ["N"]), os.environ["JOBS"]
timeout = os.environ["TIMEOUT"]
paths = sys.argv[1:]
STATUS = re.compile(r"^(ok  |FAIL|skip) (\S+)")
# What identifies a problem: its code and its place (not a timing in its message).
CODE = re.compile(r"^\s*((?:error|warning)\[[^\]]+\])")
PLACE = re.compile(r"^\s*┌─ (\S+)")

def results(backend, seed):
    """Each program's result under one seed: ("ok",), ("skip",) or ("FAIL", codes and places)."""
    cmd = [weft, "test", "--no-cache", "--backend", backend, "--seed", str(seed),
           "--jobs", jobs, "--timeout", timeout] + paths
    p = subprocess.run(cmd, capture_output=True, text=True)
    out, current = {}, None
    for line in p.stderr.splitlines():
        m = STATUS.match(line)
        if m:
            current = m.group(2)
            out[current] = [m.group(1).strip()]
            continue
        m = CODE.match(line) or PLACE.match(line)
        if m and current is not None:
            out[current].append(m.group(1))
    print(f"{backend} seed {seed}: {p.stdout.strip()}", file=sys.stderr)
    return {k: tuple(v) for k, v in out.items()}

unstable_any = False
for backend in os.environ["BACKENDS"].split():
    runs = [results(backend, s) for s in range(1, n + 1)]
    programs = sorted(set().union(*runs))
    unstable = 0
    for prog in programs:
        seen = Counter(r.get(prog, ("missing",)) for r in runs)
        if len(seen) > 1:
            unstable += 1
            print(f"UNSTABLE {backend} {prog}:")
            for v, c in seen.most_common():
                print(f"  {c}x {' | '.join(v)}")
    failing = sorted(p for p in programs if all(r.get(p, ("",))[0] == "FAIL" for r in runs))
    for p in failing:
        print(f"FAILS EVERY TIME {backend} {p}")
    print(f"{backend}: {unstable} unstable of {len(programs)} programs ({n} seeds); "
          f"{len(failing)} miss their expectations under every seed")
    unstable_any |= unstable > 0
sys.exit(1 if unstable_any else 0)
PY
