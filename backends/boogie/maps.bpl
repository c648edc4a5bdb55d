// ===========================================================================
// Maps (finite)
// ===========================================================================
// Placed after collections.bpl only in programs that use maps: Boogie's
// encoding of these polymorphic declarations is costly for large programs.
//
// Silver's Map[K, V]: a finite set of keys, each with a value. `m[k]` is
// Map#Get, meaningful for keys only (the encoder checks `Map#Domain(m)[k]`
// before each lookup). Removing a key and the items are defined by the
// encoder's WeftMap domain, with these functions.

type Map K V;

function Map#Empty<K, V>(): Map K V;
// m with k mapped to v (whether k was a key or not).
function Map#Build<K, V>(m: Map K V, k: K, v: V): Map K V;
function Map#Get<K, V>(m: Map K V, k: K): V;
function Map#Domain<K, V>(m: Map K V): Set K;
function Map#Values<K, V>(m: Map K V): Set V;
function Map#Card<K, V>(m: Map K V): int;
function Map#Equal<K, V>(a: Map K V, b: Map K V): bool;

// --- keys and values of each constructor -------------------------------------

axiom (forall<K, V> :: Map#Domain(Map#Empty(): Map K V) == Set#Empty());
// The keys as a term of the set constructors, so that their number follows
// from the set axioms.
axiom (forall<K, V> m: Map K V, k: K, v: V :: { Map#Build(m, k, v) }
  Map#Domain(Map#Build(m, k, v)) == Set#UnionOne(Map#Domain(m), k) &&
  Map#Get(Map#Build(m, k, v), k) == v);
axiom (forall<K, V> m: Map K V, k: K, v: V, j: K :: { Map#Get(Map#Build(m, k, v), j) }
  j != k ==> Map#Get(Map#Build(m, k, v), j) == Map#Get(m, j));
// A value of m at another key is one of the update too. Triggered by the
// value's term in m: values move outwards through updates, as terms, so
// `x in m.values` finds them; no new update term is made, so no loop.
axiom (forall<K, V> m: Map K V, k: K, v: V, j: K :: { Map#Build(m, k, v), Map#Get(m, j) }
  j != k ==> Map#Get(Map#Build(m, k, v), j) == Map#Get(m, j));

// --- size ----------------------------------------------------------------------

axiom (forall<K, V> m: Map K V :: { Map#Card(m) } Map#Card(m) == Set#Card(Map#Domain(m)));

// --- values --------------------------------------------------------------------

axiom (forall<K, V> m: Map K V, v: V :: { Map#Values(m)[v] }
  Map#Values(m)[v] <==>
    (exists k: K :: { Map#Domain(m)[k] } { Map#Get(m, k) }
       Map#Domain(m)[k] && Map#Get(m, k) == v));
// The value at a known key is a value (the witness, as a term).
axiom (forall<K, V> m: Map K V, k: K :: { Map#Get(m, k), Map#Values(m) }
  Map#Domain(m)[k] ==> Map#Values(m)[Map#Get(m, k)]);

// --- equality --------------------------------------------------------------------

axiom (forall<K, V> a: Map K V, b: Map K V :: { Map#Equal(a, b) }
  Map#Equal(a, b) <==>
    Set#Equal(Map#Domain(a), Map#Domain(b)) &&
    (forall k: K :: { Map#Get(a, k) } { Map#Get(b, k) }
       Map#Domain(a)[k] ==> Map#Get(a, k) == Map#Get(b, k)));
axiom (forall<K, V> a: Map K V, b: Map K V :: { Map#Equal(a, b) }
  Map#Equal(a, b) ==> a == b);
