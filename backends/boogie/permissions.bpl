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
