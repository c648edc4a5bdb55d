#!/usr/bin/env python3
"""How many of VerCors's PVL example programs get VerCors's verdict from weft.

usage: benches/vercors-pvl.py [--weft BIN] [--examples DIR] [--vercors-git DIR]
                              [--jobs N] [--timeout S] [--only SUBSTR] [--backend silicon|boogie]

For every `*.pvl` under VerCors's `examples/` (DIR holds the `examples/` folder, a copy of
VerCors's), the verdict VerCors's test suite gives it is read from
`test/main/vct/test/integration/examples/*Spec.scala` in VerCors's git directory (read with
`git show HEAD:...`, so a bare mirror will do). The specs name files in these forms:

    vercors should verify using silicon|carbon|anyBackend [flag(s) "..."] example "P"
    vercors should verify using ... examples("P", "Q")        (verified together)
    vercors should error withCode "C" example "P"             (rejected by the front end)
    vercors should fail withCode "C" using silicon example "P" (a verification failure C)

Lines commented out with `//` do not count. A file no spec names has "no verdict": it is listed
apart and not counted.

The comparison is the one of the conformance runner (run_vercors.py): `verify` matches when weft
exits 0 (weft checks `/*[/expect CODE]*/` regions itself, so a file whose regions are all met
exits 0); `error` matches when weft rejects the program (exit 2); `fail C` matches when weft
exits 1 with a failure whose code is C, or has C's kind (the part before `:`).

Prints a table (file, VerCors's verdict, weft's, match, weft's first message), the totals
(matching / with a verdict) and a histogram of weft's first messages on the files that do not
match, grouped by the message's prefix.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

SPEC_DIR = "test/main/vct/test/integration/examples"

VERDICT = re.compile(
    r'vercors\s+should\s+'
    r'(?:(?P<verify>verify)\s+using\s+\w+'
    r'|(?P<error>error)\s+withCode\s+"(?P<ecode>[^"]*)"'
    r'|(?P<fail>fail)\s+withCode\s+"(?P<fcode>[^"]*)"\s+using\s+\w+)'
    r'(?:\s+flags?\s*\(?\s*(?:"[^"]*"\s*,?\s*)+\)?)?'
    r'\s+(?:example\s+"(?P<one>[^"]*)"|examples\s*\((?P<many>(?:\s*"[^"]*"\s*,?)+)\))'
)


def spec_texts(git_dir):
    ls = subprocess.run(["git", "-C", git_dir, "ls-tree", "--name-only", "HEAD", SPEC_DIR + "/"],
                        capture_output=True, text=True, check=True).stdout.split()
    for f in ls:
        if f.endswith(".scala"):
            yield subprocess.run(["git", "-C", git_dir, "show", "HEAD:" + f],
                                 capture_output=True, text=True, check=True).stdout


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return "\n".join(l for l in text.splitlines() if not l.lstrip().startswith("//"))


def verdicts(git_dir):
    """path under examples/ -> (verdict, code, co-inputs)."""
    out = {}
    for text in spec_texts(git_dir):
        for m in VERDICT.finditer(strip_comments(text)):
            files = [m.group("one")] if m.group("one") else re.findall(r'"([^"]*)"', m.group("many"))
            files = [f.lstrip("/") for f in files]
            if m.group("verify"):
                v = ("verify", "")
            elif m.group("error"):
                v = ("error", m.group("ecode"))
            else:
                v = ("fail", m.group("fcode"))
            for f in files:
                if f.endswith(".pvl") and f not in out:
                    out[f] = (v[0], v[1], [g for g in files if g != f])
    return out


def run_one(args, root, rel, verdict):
    kind, code, co = verdict
    cmd = [args.weft, "verify", "--format", "json", "--backend", args.backend, "--jobs", "1",
           "--no-counterexample", "--timeout", str(args.timeout),
           os.path.join(root, rel), *[os.path.join(root, "examples", c) for c in co]]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout + 60)
    except subprocess.TimeoutExpired:
        return "timeout", False, "timeout"
    try:
        out = json.loads(p.stdout)
    except ValueError:
        tail = (p.stdout + p.stderr).strip().splitlines()[-1:] or [""]
        return f"exit {p.returncode}", False, f"crash: {tail[0][:160]}"
    errors = out.get("errors") or []
    fails = out.get("failures") or []
    first = ""
    if errors:
        e = errors[0]
        first = f"{e.get('code', '')}: {e.get('message', '')} (line {e.get('line')})"
    elif fails:
        f = fails[0]
        first = f"{f.get('code', '')}: {f.get('message', '')} (line {f.get('line')})"
    weft = {0: "verify", 1: "fail", 2: "error", 3: "timeout"}.get(p.returncode, f"exit {p.returncode}")
    if kind == "verify":
        ok = p.returncode == 0
    elif kind == "error":
        ok = p.returncode == 2
    else:
        codes = [f.get("code", "") for f in fails]
        ok = p.returncode == 1 and any(c == code or c.split(":")[0] == code.split(":")[0] for c in codes)
    if weft == "fail" and fails:
        weft += " " + fails[0].get("code", "")
    return weft, ok, first.replace("\n", " ")


def prefix(msg):
    """The group of a first message in the histogram: its code and first words, without names."""
    msg = re.sub(r"\(line \d+\)$", "", msg).strip()
    msg = re.sub(r"`[^`]*`|'[^']*'|\"[^\"]*\"", "…", msg)
    words = msg.split()
    return " ".join(words[:6]) if words else "(no message)"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--weft", default="target/debug/weft")
    ap.add_argument("--examples", default=".vercors-examples",
                    help="the folder that holds VerCors's examples/")
    ap.add_argument("--vercors-git", default="/work/.mirror/utwente-fmt+vercors/repo",
                    help="VerCors's git directory (bare is fine)")
    ap.add_argument("--backend", default="silicon", choices=["silicon", "boogie"])
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    args.weft = os.path.abspath(args.weft)
    root = args.examples
    if os.path.basename(os.path.normpath(root)) == "examples":
        root = os.path.dirname(os.path.normpath(root))
    files = sorted(os.path.relpath(os.path.join(d, f), root)
                   for d, _, fs in os.walk(os.path.join(root, "examples")) for f in fs if f.endswith(".pvl"))
    files = [f for f in files if args.only in f]
    table = verdicts(args.vercors_git)
    judged = [f for f in files if f[len("examples/"):] in table]
    unjudged = [f for f in files if f[len("examples/"):] not in table]

    def job(f):
        return f, table[f[len("examples/"):]], run_one(args, root, f, table[f[len("examples/"):]])

    w = max([len(f) for f in judged] + [4])
    print(f"{'file':<{w}}  {'VerCors':<24} {'weft':<24} match  first message", flush=True)
    results = []
    with ThreadPoolExecutor(max_workers=args.jobs) as ex:
        # Rows in order, each as soon as it and those before it are done.
        for f, (kind, code, co), (weft, ok, first) in ex.map(job, judged):
            results.append((f, (kind, code, co), (weft, ok, first)))
            v = kind + (f" {code}" if code else "")
            print(f"{f:<{w}}  {v:<24} {weft:<24} {'yes' if ok else 'NO ':<5}  {first[:150]}",
                  flush=True)
    if unjudged:
        print(f"\nno verdict in VerCors's specs ({len(unjudged)}, not counted):")
        for f in unjudged:
            print(f"  {f}")
    matching = sum(1 for r in results if r[2][1])
    print(f"\n{matching} / {len(results)} with a verdict match VerCors"
          + (f" ({100.0 * matching / len(results):.1f} %)" if results else ""))
    hist = collections.Counter(prefix(r[2][2]) for r in results if not r[2][1])
    if hist:
        print("\nfirst messages of weft on the files that do not match:")
        for msg, n in hist.most_common():
            print(f"  {n:4}  {msg}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
