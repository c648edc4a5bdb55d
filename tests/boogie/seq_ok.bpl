// Sequence lemmas that backends/boogie/collections.bpl must prove.
// Each procedure is checked with the prelude placed above it.

procedure length_of_constructors(xs: Seq int, ys: Seq int, x: int)
{
  assert 0 <= Seq#Length(xs);
  assert Seq#Length(Seq#Empty(): Seq int) == 0;
  assert Seq#Length(Seq#Singleton(x)) == 1;
  assert Seq#Length(Seq#Append(xs, ys)) == Seq#Length(xs) + Seq#Length(ys);
  assert Seq#Length(xs) == 0 ==> xs == Seq#Empty();
}

procedure index_of_constructors(xs: Seq int, ys: Seq int, x: int, i: int)
  requires 0 <= i && i < Seq#Length(xs) + Seq#Length(ys);
{
  assert Seq#Index(Seq#Singleton(x), 0) == x;
  if (i < Seq#Length(xs)) {
    assert Seq#Index(Seq#Append(xs, ys), i) == Seq#Index(xs, i);
  } else {
    assert Seq#Index(Seq#Append(xs, ys), i) == Seq#Index(ys, i - Seq#Length(xs));
  }
  assert Seq#Index(Seq#Append(xs, Seq#Singleton(x)), Seq#Length(xs)) == x;
}

// Viper's clamping: s[..n] and s[n..] with n < 0 or n > |s|.
procedure take_drop_clamping(xs: Seq int, n: int)
{
  assert Seq#Take(xs, -1) == Seq#Empty();
  assert Seq#Take(xs, 0) == Seq#Empty();
  assert Seq#Drop(xs, -1) == xs;
  assert Seq#Drop(xs, 0) == xs;
  assert Seq#Take(xs, Seq#Length(xs) + 3) == xs;
  assert Seq#Drop(xs, Seq#Length(xs) + 3) == Seq#Empty();
  assert Seq#Length(Seq#Take(xs, n)) <= Seq#Length(xs);
  assert Seq#Length(Seq#Take(xs, n)) + Seq#Length(Seq#Drop(xs, n)) == Seq#Length(xs);
  assert 0 <= n && n <= Seq#Length(xs) ==> Seq#Length(Seq#Take(xs, n)) == n;
  assert 0 <= n && n <= Seq#Length(xs) ==> Seq#Length(Seq#Drop(xs, n)) == Seq#Length(xs) - n;
}

procedure take_drop_index(xs: Seq int, n: int, i: int)
  requires 0 <= n && n <= Seq#Length(xs);
{
  assert (forall j: int :: 0 <= j && j < n ==> Seq#Index(Seq#Take(xs, n), j) == Seq#Index(xs, j));
  assert (forall j: int :: 0 <= j && j < Seq#Length(xs) - n ==>
            Seq#Index(Seq#Drop(xs, n), j) == Seq#Index(xs, j + n));
  if (n <= i && i < Seq#Length(xs)) {
    assert Seq#Index(Seq#Drop(xs, n), i - n) == Seq#Index(xs, i);
  }
}

// Viper's xs[lo..hi] is xs[..hi][lo..].
procedure slice(xs: Seq int)
  requires Seq#Length(xs) >= 3;
{
  assert Seq#Length(Seq#Drop(Seq#Take(xs, 3), 1)) == 2;
  assert Seq#Index(Seq#Drop(Seq#Take(xs, 3), 1), 0) == Seq#Index(xs, 1);
  assert Seq#Index(Seq#Drop(Seq#Take(xs, 3), 1), 1) == Seq#Index(xs, 2);
  assert Seq#Equal(Seq#Drop(Seq#Take(xs, 2), 0), Seq#Take(xs, 2));
}

procedure split_and_join(xs: Seq int, x: int, i: int)
  requires 0 <= i && i <= Seq#Length(xs);
{
  assert Seq#Equal(xs, Seq#Append(Seq#Take(xs, i), Seq#Drop(xs, i)));
  assert Seq#Equal(Seq#Take(Seq#Append(xs, Seq#Singleton(x)), Seq#Length(xs)), xs);
  // The same two facts as term equalities, which need no Seq#Equal.
  assert Seq#Take(Seq#Append(xs, Seq#Singleton(x)), Seq#Length(xs)) == xs;
  assert Seq#Drop(Seq#Append(Seq#Singleton(x), xs), 1) == xs;
}

procedure head_tail(xs: Seq int)
  requires Seq#Length(xs) > 0;
{
  assert Seq#Equal(xs, Seq#Append(Seq#Singleton(Seq#Index(xs, 0)), Seq#Drop(xs, 1)));
  assert Seq#Length(Seq#Drop(xs, 1)) == Seq#Length(xs) - 1;
  assert Seq#Index(Seq#Append(Seq#Singleton(Seq#Index(xs, 0)), Seq#Drop(xs, 1)), 0) == Seq#Index(xs, 0);
}

// A stack kept as a sequence, top first: push and pop undo each other.
var stack: Seq int;

procedure push(x: int)
  modifies stack;
  ensures Seq#Equal(stack, Seq#Append(Seq#Singleton(x), old(stack)));
{
  stack := Seq#Append(Seq#Singleton(x), stack);
}

procedure pop() returns (x: int)
  requires Seq#Length(stack) > 0;
  modifies stack;
  ensures x == Seq#Index(old(stack), 0);
  ensures Seq#Equal(stack, Seq#Drop(old(stack), 1));
{
  x := Seq#Index(stack, 0);
  stack := Seq#Drop(stack, 1);
}

procedure push_then_pop(y: int)
  modifies stack;
{
  var before: Seq int;
  var top: int;
  before := stack;
  call push(y);
  assert Seq#Index(stack, 0) == y;
  assert Seq#Length(stack) == Seq#Length(before) + 1;
  assert Seq#Contains(stack, y);
  call top := pop();
  assert top == y;
  assert Seq#Equal(stack, before);
  assert stack == before;
}

procedure contains(xs: Seq int, ys: Seq int, x: int, y: int, i: int)
{
  assert !Seq#Contains(Seq#Empty(): Seq int, x);
  assert Seq#Contains(Seq#Singleton(x), x);
  assert Seq#Contains(Seq#Singleton(x), y) ==> x == y;
  assert Seq#Contains(Seq#Append(xs, Seq#Singleton(x)), x);
  assert Seq#Contains(xs, x) ==> Seq#Contains(Seq#Append(ys, xs), x);
  assert Seq#Contains(Seq#Append(xs, ys), x) ==> Seq#Contains(xs, x) || Seq#Contains(ys, x);
  assert Seq#Contains(Seq#Drop(xs, 1), x) ==> Seq#Contains(xs, x);
  assert Seq#Contains(Seq#Take(xs, 2), x) ==> Seq#Contains(xs, x);
  assert Seq#Contains(xs, x) ==> (exists j: int :: 0 <= j && j < Seq#Length(xs) && Seq#Index(xs, j) == x);
  if (0 <= i && i < Seq#Length(xs)) {
    assert Seq#Contains(xs, Seq#Index(xs, i));
    assert Seq#Contains(Seq#Drop(xs, i), Seq#Index(xs, i));
    assert Seq#Contains(Seq#Take(xs, i + 1), Seq#Index(xs, i));
  }
}

procedure equality(xs: Seq int, ys: Seq int, zs: Seq int, x: int, y: int)
{
  assert Seq#Equal(xs, xs);
  assert Seq#Equal(xs, ys) ==> xs == ys;
  assert xs == ys ==> Seq#Equal(xs, ys);
  assert Seq#Equal(Seq#Singleton(x), Seq#Singleton(y)) ==> x == y;
  assert Seq#Singleton(x) == Seq#Singleton(y) ==> x == y;
  assert Seq#Append(Seq#Empty(), xs) == xs;
  assert Seq#Append(xs, Seq#Empty()) == xs;
  assert Seq#Equal(Seq#Append(Seq#Append(xs, ys), zs), Seq#Append(xs, Seq#Append(ys, zs)));
  assert Seq#Length(xs) != Seq#Length(ys) ==> !Seq#Equal(xs, ys);
  assert Seq#Equal(Seq#Append(xs, ys), Seq#Append(xs, zs)) ==> Seq#Equal(ys, zs);
}

// The prelude is polymorphic: other element types, nested sequences.
procedure other_element_types(bs: Seq bool, ss: Seq (Seq int), s: Seq int)
{
  assert Seq#Index(Seq#Singleton(true), 0);
  assert Seq#Length(Seq#Append(bs, Seq#Singleton(false))) == Seq#Length(bs) + 1;
  assert Seq#Index(Seq#Append(ss, Seq#Singleton(s)), Seq#Length(ss)) == s;
  assert Seq#Contains(Seq#Singleton(s), s);
}
