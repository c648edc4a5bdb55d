// weft's permission model for Boogie: a heap and a permission mask, as in
// Carbon and Chalice. Included at the top of every program weft emits.

type Ref;
const null: Ref;

// A location is a reference and a field; predicate instances are fields of
// `null` whose values are frames (snapshots of the predicate's footprint).
type Field A;
type HeapType = <A>[Ref, Field A]A;
type MaskType = <A>[Ref, Field A]real;
var Heap: HeapType;
var Mask: MaskType;

// Whether an object was allocated: `new` picks an unallocated reference.
const unique $allocated: Field bool;

const ZeroMask: MaskType;
axiom (forall<A> o: Ref, f: Field A :: {ZeroMask[o, f]} ZeroMask[o, f] == 0.0);

// Predicate instances may be held more than once; field locations at most once.
function IsPredicateField<A>(f: Field A): bool;
function PredicateId<A>(f: Field A): int;

// No permission is negative and no field permission exceeds write.
function GoodMask(m: MaskType): bool;
axiom (forall<A> m: MaskType, o: Ref, f: Field A :: {GoodMask(m), m[o, f]}
  GoodMask(m) ==> 0.0 <= m[o, f] && (!IsPredicateField(f) ==> m[o, f] <= 1.0));

// After an exhale: locations still (partly) held keep their values.
function IdenticalOnKnownLocations(h: HeapType, h2: HeapType, m: MaskType): bool;
axiom (forall<A> h: HeapType, h2: HeapType, m: MaskType, o: Ref, f: Field A ::
  {IdenticalOnKnownLocations(h, h2, m), h2[o, f]}
  IdenticalOnKnownLocations(h, h2, m) && 0.0 < m[o, f] ==> h[o, f] == h2[o, f]);
axiom (forall h: HeapType, h2: HeapType, m: MaskType, o: Ref ::
  {IdenticalOnKnownLocations(h, h2, m), h2[o, $allocated]}
  IdenticalOnKnownLocations(h, h2, m) && h[o, $allocated] ==> h2[o, $allocated]);

// Frames: injective snapshots of the values a predicate or function depends on.
type Frame;
const EmptyFrame: Frame;
function FrameFragment<T>(v: T): Frame;
function FrameFragmentValue<T>(f: Frame): T;
axiom (forall<T> v: T :: {FrameFragment(v)} FrameFragmentValue(FrameFragment(v)) == v);
function CombineFrames(a: Frame, b: Frame): Frame;
function CombineFramesFirst(f: Frame): Frame;
function CombineFramesSecond(f: Frame): Frame;
axiom (forall a: Frame, b: Frame :: {CombineFrames(a, b)}
  CombineFramesFirst(CombineFrames(a, b)) == a && CombineFramesSecond(CombineFrames(a, b)) == b);

// weft's Boogie prelude for mathematical collections: sequences, sets and
// multisets with Viper's semantics. The Boogie encoder places this file,
// unchanged, at the top of every program it generates, so every axiom here
// is paid for by every program: keep it small, and give every quantifier a
// trigger that cannot feed itself (no matching loops).
//
// Conventions
// * Equality of collections in generated code is `Seq#Equal` / `Set#Equal` /
//   `MultiSet#Equal`: those unfold into the pointwise definition, and each
//   implies Boogie's `==`. A bare `==` is only term equality.
// * Membership is `Seq#Contains(s, x)` for sequences, `s[x]` for sets, and
//   the count `m[x]` for multisets.
// * Cardinalities are meaningful for finite collections only, which are all
//   that weft generates (no lambdas, no map updates on sets or multisets).
// * Multisets are maps to int; a map with a negative count is not a
//   multiset. `MultiSet#Good(m)` says it is one: the encoder assumes it of
//   every multiset that enters a method (parameters, field reads, havocs);
//   the constructors preserve it, and the cardinality facts require it.
// * Quantifiers in generated code should carry their source triggers. One
//   triggered on `xs[i]` whose body puts an element into a part of xs (say
//   `xs[i] in xs[i..]`) loops through `Seq#Contains`, whose witness is a new
//   index term of xs; no prelude can prevent that.

// ===========================================================================
// Sequences
// ===========================================================================

type Seq T;

function Seq#Length<T>(s: Seq T): int;
function Seq#Empty<T>(): Seq T;
function Seq#Singleton<T>(x: T): Seq T;
function Seq#Append<T>(a: Seq T, b: Seq T): Seq T;
// Meaningful for 0 <= i < Seq#Length(s) only.
function Seq#Index<T>(s: Seq T, i: int): T;
// Viper's s[..n]: the first n elements, n clamped to 0..|s|.
function Seq#Take<T>(s: Seq T, n: int): Seq T;
// Viper's s[n..]: all but the first n elements, n clamped to 0..|s|.
function Seq#Drop<T>(s: Seq T, n: int): Seq T;
// Viper's s[i := v]; meaningful for 0 <= i < Seq#Length(s) only (checked where used).
function Seq#Update<T>(s: Seq T, i: int, v: T): Seq T;
function Seq#Contains<T>(s: Seq T, x: T): bool;
function Seq#Equal<T>(a: Seq T, b: Seq T): bool;

// --- length ---------------------------------------------------------------

axiom (forall<T> s: Seq T :: { Seq#Length(s) } 0 <= Seq#Length(s));
axiom (forall<T> :: Seq#Length(Seq#Empty(): Seq T) == 0);
// The only sequence of length 0 is the empty one.
axiom (forall<T> s: Seq T :: { Seq#Length(s) }
  Seq#Length(s) == 0 ==> s == Seq#Empty());

// --- singleton --------------------------------------------------------------

// Triggered on the constructor itself, so that `[x] == [y]` yields
// `x == y` by congruence on the index term it introduces.
axiom (forall<T> x: T :: { Seq#Singleton(x) }
  Seq#Length(Seq#Singleton(x)) == 1 && Seq#Index(Seq#Singleton(x), 0) == x);

// --- update -----------------------------------------------------------------

axiom (forall<T> s: Seq T, i: int, v: T :: { Seq#Length(Seq#Update(s, i, v)) }
  0 <= i && i < Seq#Length(s) ==> Seq#Length(Seq#Update(s, i, v)) == Seq#Length(s));
axiom (forall<T> s: Seq T, i: int, v: T, n: int :: { Seq#Index(Seq#Update(s, i, v), n) }
  0 <= i && i < Seq#Length(s) && 0 <= n && n < Seq#Length(s) ==>
    Seq#Index(Seq#Update(s, i, v), n) == (if n == i then v else Seq#Index(s, n)));

// --- append -----------------------------------------------------------------

axiom (forall<T> a: Seq T, b: Seq T :: { Seq#Length(Seq#Append(a, b)) }
  Seq#Length(Seq#Append(a, b)) == Seq#Length(a) + Seq#Length(b));
axiom (forall<T> a: Seq T, b: Seq T, i: int :: { Seq#Index(Seq#Append(a, b), i) }
  (0 <= i && i < Seq#Length(a) ==>
     Seq#Index(Seq#Append(a, b), i) == Seq#Index(a, i)) &&
  (Seq#Length(a) <= i && i < Seq#Length(a) + Seq#Length(b) ==>
     Seq#Index(Seq#Append(a, b), i) == Seq#Index(b, i - Seq#Length(a))));
// Empty is a unit of append, as terms (no extensionality needed).
axiom (forall<T> s: Seq T :: { Seq#Append(Seq#Empty(), s) }
  Seq#Append(Seq#Empty(), s) == s);
axiom (forall<T> s: Seq T :: { Seq#Append(s, Seq#Empty()) }
  Seq#Append(s, Seq#Empty()) == s);
// Splitting an append at its seam gives back the parts, as terms: this is
// what makes head/tail of `[x] ++ xs` and `(xs ++ [x])[..|xs|]` immediate.
// It creates take/drop terms but never a new append, so it cannot loop.
axiom (forall<T> a: Seq T, b: Seq T :: { Seq#Append(a, b) }
  Seq#Take(Seq#Append(a, b), Seq#Length(a)) == a &&
  Seq#Drop(Seq#Append(a, b), Seq#Length(a)) == b);

// --- take (s[..n]) ----------------------------------------------------------

axiom (forall<T> s: Seq T, n: int :: { Seq#Take(s, n) }
  (n <= 0 ==> Seq#Take(s, n) == Seq#Empty()) &&
  (Seq#Length(s) <= n ==> Seq#Take(s, n) == s));
axiom (forall<T> s: Seq T, n: int :: { Seq#Length(Seq#Take(s, n)) }
  Seq#Length(Seq#Take(s, n)) ==
    (if n <= 0 then 0 else if n <= Seq#Length(s) then n else Seq#Length(s)));
// The second trigger lets a known element s[i] show up in a prefix (for
// `s[i] in s[..n]`); it makes no new index term of s, so it cannot loop.
axiom (forall<T> s: Seq T, n: int, i: int ::
    { Seq#Index(Seq#Take(s, n), i) } { Seq#Index(s, i), Seq#Take(s, n) }
  0 <= i && i < n && i < Seq#Length(s) ==>
    Seq#Index(Seq#Take(s, n), i) == Seq#Index(s, i));

// --- drop (s[n..]) ----------------------------------------------------------

axiom (forall<T> s: Seq T, n: int :: { Seq#Drop(s, n) }
  (n <= 0 ==> Seq#Drop(s, n) == s) &&
  (Seq#Length(s) <= n ==> Seq#Drop(s, n) == Seq#Empty()));
axiom (forall<T> s: Seq T, n: int :: { Seq#Length(Seq#Drop(s, n)) }
  Seq#Length(Seq#Drop(s, n)) ==
    (if n <= 0 then Seq#Length(s)
     else if n <= Seq#Length(s) then Seq#Length(s) - n else 0));
axiom (forall<T> s: Seq T, n: int, i: int :: { Seq#Index(Seq#Drop(s, n), i) }
  0 <= n && 0 <= i && i < Seq#Length(s) - n ==>
    Seq#Index(Seq#Drop(s, n), i) == Seq#Index(s, i + n));
// The same fact seen from a known element s[i], for `s[i] in s[n..]`. Its
// instance s[n..][i - n] maps back to s[(i - n) + n], which Z3 rewrites to
// s[i], an existing term.
axiom (forall<T> s: Seq T, n: int, i: int :: { Seq#Index(s, i), Seq#Drop(s, n) }
  0 <= n && n <= i && i < Seq#Length(s) ==>
    Seq#Index(Seq#Drop(s, n), i - n) == Seq#Index(s, i));

// --- update under take and drop ------------------------------------------------
// An update commutes with the cut that keeps its index and vanishes in the one
// that drops it: what a proof by recursion over `xs.tail` needs of `xs[i -> v]`.
// Each instance makes update/take/drop terms of strictly shorter sequences.

axiom (forall<T> s: Seq T, i: int, v: T, n: int :: { Seq#Drop(Seq#Update(s, i, v), n) }
  0 <= n && n <= i && i < Seq#Length(s) ==>
    Seq#Drop(Seq#Update(s, i, v), n) == Seq#Update(Seq#Drop(s, n), i - n, v));
axiom (forall<T> s: Seq T, i: int, v: T, n: int :: { Seq#Drop(Seq#Update(s, i, v), n) }
  0 <= i && i < n && n <= Seq#Length(s) ==>
    Seq#Drop(Seq#Update(s, i, v), n) == Seq#Drop(s, n));
axiom (forall<T> s: Seq T, i: int, v: T, n: int :: { Seq#Take(Seq#Update(s, i, v), n) }
  0 <= i && i < n && n <= Seq#Length(s) ==>
    Seq#Take(Seq#Update(s, i, v), n) == Seq#Update(Seq#Take(s, n), i, v));
axiom (forall<T> s: Seq T, i: int, v: T, n: int :: { Seq#Take(Seq#Update(s, i, v), n) }
  0 <= n && n <= i && i < Seq#Length(s) ==>
    Seq#Take(Seq#Update(s, i, v), n) == Seq#Take(s, n));

// --- contains (x in s) ------------------------------------------------------

axiom (forall<T> s: Seq T, x: T :: { Seq#Contains(s, x) }
  Seq#Contains(s, x) <==>
    (exists i: int :: { Seq#Index(s, i) }
       0 <= i && i < Seq#Length(s) && Seq#Index(s, i) == x));
// Shortcuts for the constructors, so that common goals need no witness.
axiom (forall<T> x: T, y: T :: { Seq#Contains(Seq#Singleton(x), y) }
  Seq#Contains(Seq#Singleton(x), y) <==> x == y);
axiom (forall<T> a: Seq T, b: Seq T, x: T :: { Seq#Contains(Seq#Append(a, b), x) }
  Seq#Contains(Seq#Append(a, b), x) <==> Seq#Contains(a, x) || Seq#Contains(b, x));

// --- equality ---------------------------------------------------------------

axiom (forall<T> a: Seq T, b: Seq T :: { Seq#Equal(a, b) }
  Seq#Equal(a, b) <==>
    Seq#Length(a) == Seq#Length(b) &&
    (forall i: int :: { Seq#Index(a, i) } { Seq#Index(b, i) }
       0 <= i && i < Seq#Length(a) ==> Seq#Index(a, i) == Seq#Index(b, i)));
axiom (forall<T> a: Seq T, b: Seq T :: { Seq#Equal(a, b) }
  Seq#Equal(a, b) ==> a == b);

// ===========================================================================
// Sets (finite)
// ===========================================================================

type Set T = [T]bool;

function Set#Empty<T>(): Set T;
function Set#Singleton<T>(x: T): Set T;
function Set#UnionOne<T>(s: Set T, x: T): Set T;
function Set#Union<T>(a: Set T, b: Set T): Set T;
function Set#Intersection<T>(a: Set T, b: Set T): Set T;
function Set#Difference<T>(a: Set T, b: Set T): Set T;
function Set#Subset<T>(a: Set T, b: Set T): bool;
function Set#Equal<T>(a: Set T, b: Set T): bool;
function Set#Card<T>(s: Set T): int;

// --- membership of each constructor -----------------------------------------

axiom (forall<T> o: T :: { Set#Empty()[o] } !Set#Empty()[o]);
axiom (forall<T> x: T, o: T :: { Set#Singleton(x)[o] }
  Set#Singleton(x)[o] <==> o == x);
axiom (forall<T> s: Set T, x: T, o: T :: { Set#UnionOne(s, x)[o] }
  Set#UnionOne(s, x)[o] <==> o == x || s[o]);
axiom (forall<T> a: Set T, b: Set T, o: T :: { Set#Union(a, b)[o] }
  Set#Union(a, b)[o] <==> a[o] || b[o]);
axiom (forall<T> a: Set T, b: Set T, o: T :: { Set#Intersection(a, b)[o] }
  Set#Intersection(a, b)[o] <==> a[o] && b[o]);
axiom (forall<T> a: Set T, b: Set T, o: T :: { Set#Difference(a, b)[o] }
  Set#Difference(a, b)[o] <==> a[o] && !b[o]);

// --- subset and equality ----------------------------------------------------

axiom (forall<T> a: Set T, b: Set T :: { Set#Subset(a, b) }
  Set#Subset(a, b) <==> (forall o: T :: { a[o] } { b[o] } a[o] ==> b[o]));
axiom (forall<T> a: Set T, b: Set T :: { Set#Equal(a, b) }
  Set#Equal(a, b) <==> (forall o: T :: { a[o] } { b[o] } a[o] <==> b[o]));
axiom (forall<T> a: Set T, b: Set T :: { Set#Equal(a, b) }
  Set#Equal(a, b) ==> a == b);

// --- cardinality --------------------------------------------------------------

axiom (forall<T> s: Set T :: { Set#Card(s) }
  0 <= Set#Card(s) &&
  (Set#Card(s) == 0 <==> s == Set#Empty()) &&
  (Set#Card(s) != 0 ==> (exists x: T :: s[x])));
axiom (forall<T> x: T :: { Set#Singleton(x) }
  Set#Singleton(x)[x] && Set#Card(Set#Singleton(x)) == 1);
axiom (forall<T> s: Set T, x: T :: { Set#Card(Set#UnionOne(s, x)) }
  Set#Card(Set#UnionOne(s, x)) == (if s[x] then Set#Card(s) else Set#Card(s) + 1));
// Inclusion-exclusion: with disjoint a and b (the intersection is empty,
// hence of size 0) this gives |a + b| == |a| + |b|.
axiom (forall<T> a: Set T, b: Set T ::
    { Set#Card(Set#Union(a, b)) } { Set#Card(Set#Intersection(a, b)) }
  Set#Card(Set#Union(a, b)) + Set#Card(Set#Intersection(a, b)) ==
    Set#Card(a) + Set#Card(b));
axiom (forall<T> a: Set T, b: Set T :: { Set#Card(Set#Difference(a, b)) }
  Set#Card(Set#Difference(a, b)) + Set#Card(Set#Intersection(a, b)) == Set#Card(a));
axiom (forall<T> a: Set T, b: Set T :: { Set#Subset(a, b) }
  Set#Subset(a, b) ==> Set#Card(a) <= Set#Card(b));
// Removing one element, the common case, without extensionality.
axiom (forall<T> s: Set T, x: T :: { Set#Card(Set#Difference(s, Set#Singleton(x))) }
  Set#Card(Set#Difference(s, Set#Singleton(x))) ==
    (if s[x] then Set#Card(s) - 1 else Set#Card(s)));

// ===========================================================================
// Multisets (finite)
// ===========================================================================

type MultiSet T = [T]int;

function MultiSet#Good<T>(m: MultiSet T): bool;
function MultiSet#Empty<T>(): MultiSet T;
function MultiSet#Singleton<T>(x: T): MultiSet T;
function MultiSet#UnionOne<T>(m: MultiSet T, x: T): MultiSet T;
// Sum of counts.
function MultiSet#Union<T>(a: MultiSet T, b: MultiSet T): MultiSet T;
// Minimum of counts.
function MultiSet#Intersection<T>(a: MultiSet T, b: MultiSet T): MultiSet T;
// Truncated difference of counts.
function MultiSet#Difference<T>(a: MultiSet T, b: MultiSet T): MultiSet T;
function MultiSet#Subset<T>(a: MultiSet T, b: MultiSet T): bool;
function MultiSet#Equal<T>(a: MultiSet T, b: MultiSet T): bool;
function MultiSet#Card<T>(m: MultiSet T): int;

// --- well-formedness ----------------------------------------------------------

axiom (forall<T> m: MultiSet T :: { MultiSet#Good(m) }
  MultiSet#Good(m) <==> (forall o: T :: { m[o] } 0 <= m[o]));
axiom (forall<T> :: MultiSet#Good(MultiSet#Empty(): MultiSet T));
axiom (forall<T> x: T :: { MultiSet#Singleton(x) }
  MultiSet#Good(MultiSet#Singleton(x)) &&
  MultiSet#Singleton(x)[x] == 1 && MultiSet#Card(MultiSet#Singleton(x)) == 1);
axiom (forall<T> m: MultiSet T, x: T :: { MultiSet#UnionOne(m, x) }
  MultiSet#Good(m) ==> MultiSet#Good(MultiSet#UnionOne(m, x)));
axiom (forall<T> a: MultiSet T, b: MultiSet T :: { MultiSet#Union(a, b) }
  MultiSet#Good(a) && MultiSet#Good(b) ==> MultiSet#Good(MultiSet#Union(a, b)));
axiom (forall<T> a: MultiSet T, b: MultiSet T :: { MultiSet#Intersection(a, b) }
  MultiSet#Good(a) && MultiSet#Good(b) ==> MultiSet#Good(MultiSet#Intersection(a, b)));
axiom (forall<T> a: MultiSet T, b: MultiSet T :: { MultiSet#Difference(a, b) }
  MultiSet#Good(MultiSet#Difference(a, b)));

// --- counts of each constructor -------------------------------------------------

axiom (forall<T> o: T :: { MultiSet#Empty()[o] } MultiSet#Empty()[o] == 0);
axiom (forall<T> x: T, o: T :: { MultiSet#Singleton(x)[o] }
  MultiSet#Singleton(x)[o] == (if o == x then 1 else 0));
axiom (forall<T> m: MultiSet T, x: T, o: T :: { MultiSet#UnionOne(m, x)[o] }
  MultiSet#UnionOne(m, x)[o] == (if o == x then m[o] + 1 else m[o]));
axiom (forall<T> a: MultiSet T, b: MultiSet T, o: T :: { MultiSet#Union(a, b)[o] }
  MultiSet#Union(a, b)[o] == a[o] + b[o]);
axiom (forall<T> a: MultiSet T, b: MultiSet T, o: T :: { MultiSet#Intersection(a, b)[o] }
  MultiSet#Intersection(a, b)[o] == (if a[o] <= b[o] then a[o] else b[o]));
axiom (forall<T> a: MultiSet T, b: MultiSet T, o: T :: { MultiSet#Difference(a, b)[o] }
  MultiSet#Difference(a, b)[o] == (if b[o] <= a[o] then a[o] - b[o] else 0));

// --- subset and equality --------------------------------------------------------

axiom (forall<T> a: MultiSet T, b: MultiSet T :: { MultiSet#Subset(a, b) }
  MultiSet#Subset(a, b) <==> (forall o: T :: { a[o] } { b[o] } a[o] <= b[o]));
axiom (forall<T> a: MultiSet T, b: MultiSet T :: { MultiSet#Equal(a, b) }
  MultiSet#Equal(a, b) <==> (forall o: T :: { a[o] } { b[o] } a[o] == b[o]));
axiom (forall<T> a: MultiSet T, b: MultiSet T :: { MultiSet#Equal(a, b) }
  MultiSet#Equal(a, b) ==> a == b);
// Equal multisets have equal sizes: with sizes that differ, `a != b` needs
// no witness element (the sizes of literals are computed by the axioms below).
axiom (forall<T> a: MultiSet T, b: MultiSet T :: { MultiSet#Equal(a, b) }
  MultiSet#Equal(a, b) ==> MultiSet#Card(a) == MultiSet#Card(b));

// --- cardinality (the sum of counts) ----------------------------------------------
// The additive facts hold for well-formed multisets only: a map with a
// negative count would otherwise make them contradict `0 <= card`.

axiom (forall<T> m: MultiSet T :: { MultiSet#Card(m) }
  0 <= MultiSet#Card(m) &&
  (MultiSet#Card(m) == 0 ==> m == MultiSet#Empty()) &&
  (MultiSet#Good(m) && MultiSet#Card(m) != 0 ==> (exists x: T :: 0 < m[x])));
axiom (forall<T> :: MultiSet#Card(MultiSet#Empty(): MultiSet T) == 0);
axiom (forall<T> m: MultiSet T, x: T :: { MultiSet#Card(MultiSet#UnionOne(m, x)) }
  MultiSet#Good(m) ==>
    MultiSet#Card(MultiSet#UnionOne(m, x)) == MultiSet#Card(m) + 1);
axiom (forall<T> a: MultiSet T, b: MultiSet T :: { MultiSet#Card(MultiSet#Union(a, b)) }
  MultiSet#Good(a) && MultiSet#Good(b) ==>
    MultiSet#Card(MultiSet#Union(a, b)) == MultiSet#Card(a) + MultiSet#Card(b));
// Every count of a is its truncated difference plus its minimum with b.
axiom (forall<T> a: MultiSet T, b: MultiSet T :: { MultiSet#Card(MultiSet#Difference(a, b)) }
  MultiSet#Good(a) && MultiSet#Good(b) ==>
    MultiSet#Card(MultiSet#Difference(a, b)) +
      MultiSet#Card(MultiSet#Intersection(a, b)) == MultiSet#Card(a));
// Removing one occurrence, the common case, without extensionality.
axiom (forall<T> m: MultiSet T, x: T :: { MultiSet#Card(MultiSet#Difference(m, MultiSet#Singleton(x))) }
  MultiSet#Good(m) ==>
    MultiSet#Card(MultiSet#Difference(m, MultiSet#Singleton(x))) ==
      (if 0 < m[x] then MultiSet#Card(m) - 1 else MultiSet#Card(m)));

// Fields

const unique C__x: Field int;
axiom !IsPredicateField(C__x);

procedure C__m(this: Ref, x: int) returns (weft_result: int)
  modifies Heap, Mask;
{
  var $OldHeap: HeapType;
  var $OldMask: MaskType;
  var $LabelHeap_weft_end: HeapType;
  var $LabelMask_weft_end: MaskType;
  Mask := ZeroMask;
  assume Heap[this, $allocated];
  assume (this != null);
  assume (x > 3);
  $OldHeap := Heap;
  $OldMask := Mask;
  if (*) {
    Mask := ZeroMask;
    assume (weft_result == 4);
    assume false;
  }
  if (*) {
    assert false;
    assume false;
  }
  weft_result := x;
  goto weft_end;
  weft_end:
  $LabelHeap_weft_end := Heap;
  $LabelMask_weft_end := Mask;
  assert (weft_result == 4);
}

procedure C__inc(this: Ref)
  modifies Heap, Mask;
{
  var $OldHeap: HeapType;
  var $OldMask: MaskType;
  var y: int;
  Mask := ZeroMask;
  assume Heap[this, $allocated];
  assume (this != null);
  assume this != null;
  Mask[this, C__x] := Mask[this, C__x] + 1.0;
  assume GoodMask(Mask);
  $OldHeap := Heap;
  $OldMask := Mask;
  if (*) {
    Mask := ZeroMask;
    assume this != null;
    Mask[this, C__x] := Mask[this, C__x] + 1.0;
    assume GoodMask(Mask);
    assert Mask[this, C__x] > 0.0;
    assert $OldMask[this, C__x] > 0.0;
    assume (Heap[this, C__x] == ($OldHeap[this, C__x] + 2));
    assume false;
  }
  if (*) {
    assert false;
    assume false;
  }
  havoc y;
  y := 1;
  assert Mask[this, C__x] == 1.0;
  assert Mask[this, C__x] > 0.0;
  Heap[this, C__x] := (Heap[this, C__x] + y);
  assert Mask[this, C__x] >= 1.0;
  Mask[this, C__x] := Mask[this, C__x] - 1.0;
  assert (Heap[this, C__x] == ($OldHeap[this, C__x] + 2));
}

procedure C__loc(this: Ref, a: int, b: bool, o: Ref)
  modifies Heap, Mask;
{
  var $OldHeap: HeapType;
  var $OldMask: MaskType;
  var k: int;
  Mask := ZeroMask;
  assume Heap[this, $allocated];
  assume Heap[o, $allocated];
  assume (this != null);
  assume this != null;
  Mask[this, C__x] := Mask[this, C__x] + 1.0;
  assume GoodMask(Mask);
  $OldHeap := Heap;
  $OldMask := Mask;
  if (*) {
    assert false;
    assume false;
  }
  havoc k;
  k := a;
  k := (k + 1);
  k := (k * 2);
  assert ((k != 6) || b);
}

procedure C__new(this: Ref)
  modifies Heap, Mask;
{
  var $OldHeap: HeapType;
  var $OldMask: MaskType;
  Mask := ZeroMask;
  assume Heap[this, $allocated];
  assume (this != null);
  assume this != null;
  Mask[this, C__x] := Mask[this, C__x] + 1.0;
  assume GoodMask(Mask);
  $OldHeap := Heap;
  $OldMask := Mask;
  if (*) {
    Mask := ZeroMask;
    assume this != null;
    Mask[this, C__x] := Mask[this, C__x] + 1.0;
    assume GoodMask(Mask);
    assume false;
  }
  assert Mask[this, C__x] >= 1.0;
  Mask[this, C__x] := Mask[this, C__x] - 1.0;
}

