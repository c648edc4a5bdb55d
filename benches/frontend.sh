#!/usr/bin/env bash
# Front-end throughput: parse + check + encode + print Silver for generated PVL inputs of
# about 0.5 MB and 5 MB. Prints MB/s for each, the time ratio (about 10 means linear scaling), and
# peak RSS per input byte. Each input is run RUNS times (default 5): the figures are the median
# wall time (with the fastest and slowest run, to show the machine's noise) and the largest peak
# RSS. Then one run each of three inputs that were once super-linear (a 30 000-character Java
# string to Boogie, 100 000 locals to Boogie, a 10 MB token in an error message).
# Usage: [RUNS=n] benches/frontend.sh [SMALL_BYTES] [LARGE_BYTES]
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
small_bytes="${1:-500000}"
large_bytes="${2:-5000000}"
target="${CARGO_TARGET_DIR:-$root/target}"
weft="$target/release/weft"

command -v /usr/bin/time >/dev/null || { echo "frontend.sh: needs GNU time at /usr/bin/time" >&2; exit 3; }

echo "building weft (release)..." >&2
(cd "$root" && cargo build --release --bin weft >&2)

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

runs="${RUNS:-5}"

# run NAME BYTES: generate, time RUNS `weft emit`s, and set SECS_<NAME> (median wall time),
# RSS_<NAME> (largest peak RSS), SIZE_<NAME>.
run() {
  local name="$1" bytes="$2"
  local input="$work/$name.pvl" log="$work/$name.time"
  python3 "$here/gen_pvl.py" --bytes "$bytes" -o "$input"
  local size
  size=$(wc -c <"$input")
  : >"$work/$name.secs"
  : >"$work/$name.rss"
  for _ in $(seq "$runs"); do
    # Wall time from the clock (GNU time prints only centiseconds); peak RSS from GNU time.
    local t0 t1
    t0=$(date +%s%N)
    if ! /usr/bin/time -v -o "$log" "$weft" emit --to silver "$input" >/dev/null 2>"$work/$name.err"; then
      echo "frontend.sh: weft failed on the $name input:" >&2
      head -20 "$work/$name.err" >&2
      exit 1
    fi
    t1=$(date +%s%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", (b - a) / 1e9 }' >>"$work/$name.secs"
    sed -n 's/.*Maximum resident set size (kbytes): //p' "$log" >>"$work/$name.rss"
  done
  local secs fastest slowest rss
  sort -n -o "$work/$name.secs" "$work/$name.secs"
  secs=$(awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }' "$work/$name.secs")
  fastest=$(head -1 "$work/$name.secs")
  slowest=$(tail -1 "$work/$name.secs")
  rss=$(sort -n "$work/$name.rss" | tail -1)
  printf -v "SECS_$name" '%s' "$secs"
  printf -v "RSS_$name" '%s' "$rss"
  printf -v "SIZE_$name" '%s' "$size"
  awk -v n="$name" -v b="$size" -v s="$secs" -v f="$fastest" -v w="$slowest" -v r="$rss" -v k="$runs" 'BEGIN {
    mb = b / 1e6
    rate = (s > 0) ? sprintf("%.2f MB/s", mb / s) : "too fast to time"
    printf "%-6s %6.2f MB  median %.3f s of %d (%.3f-%.3f)  %s  peak RSS %.1f MB (%.1f x input)\n", n, mb, s, k, f, w, rate, r / 1024, r * 1024 / b
  }'
}

run small "$small_bytes"
run large "$large_bytes"

awk -v a="$SECS_small" -v b="$SECS_large" -v sa="$SIZE_small" -v sb="$SIZE_large" 'BEGIN {
  if (a > 0) printf "time ratio large/small: %.2f (input ratio %.2f; the same ratio means linear scaling)\n", b / a, sb / sa
  else print "time ratio: small run too fast to time"
}'

# Inputs that were once super-linear (issue 22): each should take well under a second.
# edge NAME COMMAND...: one timed run of `weft COMMAND FILE` on $work/NAME.
edge() {
  local name="$1"; shift
  local t0 t1
  t0=$(date +%s%N)
  "$weft" "$@" "$work/$name" >/dev/null 2>&1 || true
  t1=$(date +%s%N)
  awk -v n="$name" -v s="$(( (t1 - t0) / 1000000 ))" 'BEGIN { printf "edge %-14s %6.2f s\n", n, s / 1000 }'
}
python3 -c "print('class S { void m() { String t = \"' + 'x' * 30000 + '\"; } }')" >"$work/string.java"
python3 -c "print('class L { void m() {'); [print(f'  int x{i} = {i};') for i in range(100000)]; print('} }')" >"$work/locals.pvl"
python3 -c "print('class C { void m() { int ' + 'x' * 10000000 + ' = ; } }')" >"$work/token.pvl"
edge string.java emit --to boogie
edge locals.pvl emit --to boogie
edge token.pvl verify
