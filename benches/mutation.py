#!/usr/bin/env python3
"""Soundness by mutation: weaken every passing example and count the weakened programs that
still verify.

Each example under examples/ that verifies as written is weakened one change at a time:

  drop      a `requires`, `context`, `context_everywhere` or `loop_invariant` clause, or a
            `fold` statement (blanked, so lines stay where they were)
  constant  an integer literal in an `ensures` clause, n -> n + 1
  halve     a permission in a `requires`, `context` or `loop_invariant` clause:
            write -> 1\\2, 1\\2 -> 1\\4, Perm(e, 1) -> Perm(e, 1\\2)

Every mutant goes through one `weft test` run per backend (warm Silicon workers, no cache).
A mutant is killed when weft reports a verification failure, invalid when the front end
rejects it (the change broke the syntax or typing: not counted), and survives when it
verifies. A survivor may be truly equivalent (a redundant precondition): those are listed, with
why, in benches/mutation-equivalent.txt as `path:line:kind  reason`; the others are the
figure that matters: the share of non-equivalent mutants rejected (target: at least 95 %).
A line `path:*:all  why` there leaves a whole example out: one that passes only because an
expected failure stops its verification (its mutants would pass whatever they change).

Usage: [BACKENDS="silicon boogie"] [JOBS=2] [TIMEOUT=120] benches/mutation.py [PATHS...]
(folders or files; default: examples). Prints every survivor, then one line per backend:
"backend: K killed, S survived (E equivalent), I invalid, T tool errors of M mutants; R % of
non-equivalent mutants rejected". Exit 1 when a backend is below 95 %.
"""

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
WEFT = TARGET / "release" / "weft"
FRONT_END = ("parseError", "resolutionError", "typeError", "notSupported", "cyclicInline",
             "runnableMethodMissing", "ioError")

CLAUSES_DROPPED = ("requires", "context_everywhere", "context", "loop_invariant")
CLAUSES_HALVED = ("requires", "context", "loop_invariant")


def clause_at(line, keywords):
    """(start, end, keyword) of the first one-line clause `keyword … ;` in line, or None."""
    for m in re.finditer(r"\b(" + "|".join(keywords) + r")\b", line):
        # A keyword after other code on the line (`x.requires`) is not a clause.
        before = line[: m.start()].strip()
        if before not in ("", "//@", "/*@", "@", "*") and not before.endswith(("/*@", "//@")):
            continue
        depth, i = 0, m.end()
        while i < len(line):
            c = line[i]
            if c in "([{":
                depth += 1
            elif c in ")]}":
                depth -= 1
            elif c == ";" and depth == 0:
                return m.start(), i + 1, m.group(1)
            i += 1
        return None
    return None


def permission_spans(text):
    """The spans of `Perm(…)`, `PointsTo(…)`, `HPerm(…)` and fractions `a\\b` in text."""
    spans = []
    for m in re.finditer(r"\b(Perm|PointsTo|HPerm|Value)\(", text):
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        spans.append((m.start(), i))
    for m in re.finditer(r"\w+\s*\\\s*(\([^()]*\)|\w+)", text):
        spans.append((m.start(), m.end()))
    return spans


def blank(line, start, end):
    return line[:start] + " " * (end - start) + line[end:]


def mutants(text):
    """Yields (line number, kind, description, mutated text)."""
    lines = text.split("\n")
    for n, line in enumerate(lines):
        def with_line(new):
            copy = list(lines)
            copy[n] = new
            return "\n".join(copy)

        c = clause_at(line, CLAUSES_DROPPED)
        if c:
            start, end, kw = c
            yield n + 1, "drop", f"drop `{line[start:end].strip()}`", with_line(blank(line, start, end))
        m = re.search(r"(?<![\w.])fold\s+[^;]*;", line)
        if m and not re.search(r"\bunfold\s*$", line[: m.start()]):
            yield n + 1, "drop", f"drop `{m.group(0)}`", with_line(blank(line, m.start(), m.end()))
        e = clause_at(line, ("ensures",))
        if e:
            start, end, _ = e
            perms = permission_spans(line[start:end])
            for lit in re.finditer(r"(?<![\w.\\$])(\d+)(?![\w.\\])", line[start:end]):
                # Permission amounts are not constants of the contract: giving back less
                # than one holds is allowed.
                if any(a <= lit.start() < b for a, b in perms):
                    continue
                a, b = start + lit.start(), start + lit.end()
                new = line[:a] + str(int(lit.group(1)) + 1) + line[b:]
                yield n + 1, "constant", f"{lit.group(1)} -> {int(lit.group(1)) + 1} in an ensures", with_line(new)
                break
        h = clause_at(line, CLAUSES_HALVED)
        if h:
            start, end, _ = h
            clause = line[start:end]
            for pat, rep, what in ((r"\bwrite\b", "1\\\\2", "write -> 1\\2"),
                                   (r"(?<![\w\\])1\\2(?![\d])", "1\\\\4", "1\\2 -> 1\\4"),
                                   (r"(?<![\w/])1/2(?![\d])", "1/4", "1/2 -> 1/4"),
                                   (r"(Perm\([^()]*(?:\([^()]*\))?[^()]*,\s*)1\s*\)", r"\g<1>1\\2)",
                                    "Perm(e, 1) -> Perm(e, 1\\2)")):
                new_clause, k = re.subn(pat, rep, clause, count=1)
                if k:
                    yield n + 1, "halve", what, with_line(line[:start] + new_clause + line[end:])
                    break


def weft_test(paths, backend, jobs, timeout):
    """{file: ('ok'|'killed'|'invalid'|'error', codes)} for one `weft test` run."""
    out = subprocess.run(
        [str(WEFT), "test", "--no-cache", "--backend", backend, "--jobs", str(jobs),
         "--timeout", str(timeout), *map(str, paths)],
        capture_output=True, text=True)
    results, current, codes = {}, None, []

    def close():
        if current is None:
            return
        if any(c.startswith("backendError") for c in codes):
            results[current] = ("error", codes)
        elif any(c.startswith(FRONT_END) for c in codes):
            results[current] = ("invalid", codes)
        else:
            results[current] = ("killed", codes)

    for line in out.stderr.splitlines():
        if line.startswith(("ok   ", "FAIL ", "skip ")):
            close()
            current, codes = None, []
            word, path = line[:4].strip(), line[5:].split(" (")[0].strip()
            if word == "ok":
                results[path] = ("ok", [])
            elif word == "skip":
                results[path] = ("skip", [])
            else:
                current = path
        elif current is not None:
            m = re.match(r"error\[([^\]]+)\]", line)
            if m:
                codes.append(m.group(1))
    close()
    return results


def main():
    paths = sys.argv[1:] or ["examples"]
    backends = os.environ.get("BACKENDS", "silicon boogie").split()
    jobs = int(os.environ.get("JOBS", "2"))
    timeout = int(os.environ.get("TIMEOUT", "120"))
    subprocess.run(["cargo", "build", "--release", "--bin", "weft"], cwd=ROOT, check=True)
    os.chdir(ROOT)
    files = sorted(p for root in paths
                   for p in ([Path(root)] if Path(root).is_file() else Path(root).rglob("*"))
                   if p.suffix in (".pvl", ".java") and p.is_file())
    equivalent = {}
    eq_file = ROOT / "benches" / "mutation-equivalent.txt"
    if eq_file.exists():
        for line in eq_file.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                key, _, why = line.partition("  ")
                equivalent[key.strip()] = why.strip()
    below = False
    for backend in backends:
        base = weft_test(files, backend, jobs, timeout)
        passing = [f for f in files if base.get(str(f), ("?",))[0] == "ok"]
        for f in passing:
            if f"{f}:*:all" in equivalent:
                print(f"not mutated: {f}: {equivalent[f'{f}:*:all']}")
        passing = [f for f in passing if f"{f}:*:all" not in equivalent]
        with tempfile.TemporaryDirectory(prefix="weft-mutants-") as tmp:
            made = {}
            for f in passing:
                text = f.read_text()
                for k, (line, kind, what, new) in enumerate(mutants(text)):
                    d = Path(tmp) / f.parent / f"{f.stem}__m{k}"
                    d.mkdir(parents=True, exist_ok=True)
                    # Each mutant alone in a folder, with its file's own name (a Java class
                    # may have to match it).
                    m = d / f.name
                    m.write_text(new)
                    made[str(m)] = (f"{f}:{line}:{kind}", what)
            results = weft_test([tmp], backend, jobs, timeout) if made else {}
        counts = {"killed": 0, "ok": 0, "invalid": 0, "error": 0, "equivalent": 0}
        for m, (key, what) in sorted(made.items(), key=lambda kv: kv[1]):
            verdict, codes = results.get(m, ("error", ["no result"]))
            if verdict == "ok" and key in equivalent:
                counts["equivalent"] += 1
            elif verdict == "ok":
                counts["ok"] += 1
                print(f"survivor on {backend}: {key}: {what}")
            elif verdict in counts:
                counts[verdict] += 1
            if verdict == "error":
                print(f"tool error on {backend}: {key}: {what}: {codes}")
        counted = counts["killed"] + counts["ok"]
        rate = 100.0 * counts["killed"] / counted if counted else 100.0
        below |= rate < 95.0
        print(f"{backend}: {counts['killed']} killed, {counts['ok'] + counts['equivalent']} survived "
              f"({counts['equivalent']} equivalent), {counts['invalid']} invalid, "
              f"{counts['error']} tool errors of {len(made)} mutants of {len(passing)} examples; "
              f"{rate:.1f} % of non-equivalent mutants rejected")
    sys.exit(1 if below else 0)


if __name__ == "__main__":
    main()
