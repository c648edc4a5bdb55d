#!/usr/bin/env python3
"""The "K arrays, one loop" program: one method that writes K integer arrays in one loop.

    gen_karrays.py pvl K      the program in PVL, for weft
    gen_karrays.py silver K   the same proof encoded by hand in Silver, for Silicon alone:
                              arrays as a domain of slots with injectivity axioms (the
                              standard Viper encoding), bounds asserted where an element is
                              written, nothing else.

Each array a_k has length n and write permission to every element; the loop sets a_k[i] = i for
every k, keeping the permissions (one quantified permission per array in the contract and the
invariant). With VALUES=1 in the environment, the postcondition also says a_k[j] == j and the
invariant a_k[j] == j below i: then Silicon's time grows steeply with K on either encoding
(K = 8 took 211 s on the hand encoding), so the benchmark's default leaves the values out.

    gen_karrays.py pvl-sum K      the shape VerCors users reported (utwente-fmt/vercors#1195,
    gen_karrays.py silver-sum K   viperproject/silicon#831): K arrays in `context_everywhere`,
                                  a0 written, the others read at half permission, and the loop
                                  stores a0[i] = a1[i] + … + a(K-1)[i], with the invariant that
                                  the prefix below i holds these sums.
"""
import os
import sys


def pvl(k: int) -> str:
    arrays = [f"a{x}" for x in range(k)]
    out = []
    values = os.environ.get("VALUES") == "1"
    for a in arrays:
        out.append(f"context_everywhere {a} != null && {a}.length == n;")
        out.append(f"context (\\forall* int j; 0 <= j && j < n; Perm({a}[j], write));")
        if values:
            out.append(f"ensures (\\forall int j; 0 <= j && j < n; {a}[j] == j);")
    params = ", ".join(f"int[] {a}" for a in arrays)
    out.append(f"void fill(int n, {params}) {{")
    out.append("  int i = 0;")
    out.append("  loop_invariant 0 <= i && i <= n;")
    for a in arrays:
        out.append(
            f"  loop_invariant (\\forall* int j; 0 <= j && j < n; Perm({a}[j], write));"
        )
        if values:
            out.append(f"  loop_invariant (\\forall int j; 0 <= j && j < i; {a}[j] == j);")
    out.append("  while (i < n) {")
    for a in arrays:
        out.append(f"    {a}[i] = i;")
    out.append("    i = i + 1;")
    out.append("  }")
    out.append("}")
    return "\n".join(out) + "\n"


SILVER_PRELUDE = """\
domain IArray {
  function slot(a: IArray, i: Int): Ref
  function len(a: IArray): Int
  function first(r: Ref): IArray
  function second(r: Ref): Int

  axiom all_diff {
    forall a: IArray, i: Int :: { slot(a, i) } first(slot(a, i)) == a && second(slot(a, i)) == i
  }
  axiom len_nonneg {
    forall a: IArray :: { len(a) } len(a) >= 0
  }
}

field val: Int
"""


def silver(k: int) -> str:
    arrays = [f"a{x}" for x in range(k)]
    perm = lambda a: f"forall j: Int :: {{ slot({a}, j) }} 0 <= j && j < n ==> acc(slot({a}, j).val)"
    value = lambda a, hi: (
        f"forall j: Int :: {{ slot({a}, j) }} 0 <= j && j < {hi} ==> slot({a}, j).val == j"
    )
    values = os.environ.get("VALUES") == "1"
    out = [SILVER_PRELUDE]
    params = ", ".join(f"{a}: IArray" for a in arrays)
    out.append(f"method fill(n: Int, {params})")
    for a in arrays:
        out.append(f"  requires len({a}) == n")
        out.append(f"  requires {perm(a)}")
    for a in arrays:
        out.append(f"  ensures {perm(a)}")
        if values:
            out.append(f"  ensures {value(a, 'n')}")
    out.append("{")
    out.append("  var i: Int := 0")
    out.append("  while (i < n)")
    out.append("    invariant 0 <= i && i <= n")
    for a in arrays:
        out.append(f"    invariant {perm(a)}")
        if values:
            out.append(f"    invariant {value(a, 'i')}")
    out.append("  {")
    for a in arrays:
        out.append(f"    assert 0 <= i && i < len({a})")
        out.append(f"    slot({a}, i).val := i")
    out.append("    i := i + 1")
    out.append("  }")
    out.append("}")
    return "\n".join(out) + "\n"


def total(arrays, at: str) -> str:
    return " + ".join(["0"] + [f"{a}[{at}]" for a in arrays[1:]])


def pvl_sum(k: int) -> str:
    arrays = [f"a{x}" for x in range(k)]
    out = ["context_everywhere n > 0;"]
    for x, a in enumerate(arrays):
        p = "write" if x == 0 else "1\\2"
        out.append(
            f"context_everywhere {a} != null ** {a}.length == n ** "
            f"(\\forall* int j = 0 .. n; Perm({a}[j], {p}));"
        )
    params = ", ".join(f"int[] {a}" for a in arrays)
    out.append(f"void main(int n, {params}) {{")
    out.append("  loop_invariant 0 <= i && i <= n;")
    out.append(f"  loop_invariant (\\forall int j = 0 .. i; a0[j] == {total(arrays, 'j')});")
    out.append("  for (int i = 0; i < n; i++) {")
    out.append(f"    a0[i] = {total(arrays, 'i')};")
    out.append("  }")
    out.append("}")
    return "\n".join(out) + "\n"


def silver_sum(k: int) -> str:
    arrays = [f"a{x}" for x in range(k)]
    sval = lambda at: " + ".join(["0"] + [f"slot({a}, {at}).val" for a in arrays[1:]])
    perms = []
    for x, a in enumerate(arrays):
        p = "write" if x == 0 else "1/2"
        perms.append(f"len({a}) == n")
        perms.append(
            f"forall j: Int :: {{ slot({a}, j) }} 0 <= j && j < n ==> acc(slot({a}, j).val, {p})"
        )
    out = [SILVER_PRELUDE]
    params = ", ".join(f"{a}: IArray" for a in arrays)
    out.append(f"method main(n: Int, {params})")
    out.append("  requires n > 0")
    out.extend(f"  requires {c}" for c in perms)
    out.extend(f"  ensures {c}" for c in perms)
    out.append("{")
    out.append("  var i: Int := 0")
    out.append("  while (i < n)")
    out.append("    invariant n > 0 && 0 <= i && i <= n")
    out.extend(f"    invariant {c}" for c in perms)
    out.append(
        f"    invariant forall j: Int :: {{ slot(a0, j) }} 0 <= j && j < i ==> slot(a0, j).val == {sval('j')}"
    )
    out.append("  {")
    for a in arrays:
        out.append(f"    assert 0 <= i && i < len({a})")
    out.append(f"    slot(a0, i).val := {sval('i')}")
    out.append("    i := i + 1")
    out.append("  }")
    out.append("}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    makers = {"pvl": pvl, "silver": silver, "pvl-sum": pvl_sum, "silver-sum": silver_sum}
    if len(sys.argv) != 3 or sys.argv[1] not in makers:
        sys.exit("usage: gen_karrays.py pvl|silver|pvl-sum|silver-sum K")
    sys.stdout.write(makers[sys.argv[1]](int(sys.argv[2])))
