// Sequence claims that are false: each `// wrong` assert must fail, and no
// other. One wrong claim per procedure, so each is reported on its own.

// The prelude must be consistent, even with many collection terms around.
procedure prelude_is_consistent(xs: Seq int, ys: Seq int, x: int, n: int)
  requires Seq#Length(xs) > 2;
{
  assert Seq#Equal(xs, Seq#Append(Seq#Take(xs, n), Seq#Drop(xs, n)));
  assert Seq#Contains(Seq#Append(xs, Seq#Singleton(x)), x);
  assert Seq#Index(Seq#Drop(Seq#Append(ys, xs), Seq#Length(ys)), 1) == Seq#Index(xs, 1);
  assert false; // wrong
}

procedure length_append(xs: Seq int, ys: Seq int)
{
  assert Seq#Length(Seq#Append(xs, ys)) == Seq#Length(xs); // wrong
}

procedure index_singleton(x: int)
{
  assert Seq#Index(Seq#Singleton(x), 0) == x + 1; // wrong
}

procedure index_append_unguarded(xs: Seq int, ys: Seq int, i: int)
  requires 0 <= i && i < Seq#Length(xs) + Seq#Length(ys);
{
  assert Seq#Index(Seq#Append(xs, ys), i) == Seq#Index(xs, i); // wrong
}

procedure empty_is_not_singleton(x: int)
{
  assert Seq#Empty() == Seq#Singleton(x); // wrong
}

procedure take_beyond_length(xs: Seq int)
{
  assert Seq#Length(Seq#Take(xs, Seq#Length(xs) + 1)) == Seq#Length(xs) + 1; // wrong
}

procedure take_negative(xs: Seq int)
  requires Seq#Length(xs) > 0;
{
  assert Seq#Take(xs, -1) == xs; // wrong
}

procedure drop_negative(xs: Seq int)
  requires Seq#Length(xs) > 0;
{
  assert Seq#Drop(xs, -1) == Seq#Empty(); // wrong
}

procedure drop_one_of_empty(xs: Seq int)
{
  assert Seq#Length(Seq#Drop(xs, 1)) == Seq#Length(xs) - 1; // wrong
}

procedure drop_index_off_by_one(xs: Seq int)
  requires Seq#Length(xs) > 2;
{
  assert Seq#Index(Seq#Drop(xs, 1), 0) == Seq#Index(xs, 0); // wrong
}

procedure contains_arbitrary(xs: Seq int, x: int)
  requires Seq#Length(xs) > 0;
{
  assert Seq#Contains(xs, x); // wrong
}

procedure contains_dropped(xs: Seq int)
  requires Seq#Length(xs) > 0;
{
  assert Seq#Contains(Seq#Drop(xs, 1), Seq#Index(xs, 0)); // wrong
}

procedure append_not_commutative(xs: Seq int, ys: Seq int)
{
  assert Seq#Equal(Seq#Append(xs, ys), Seq#Append(ys, xs)); // wrong
}

procedure equal_needs_same_elements(xs: Seq int, ys: Seq int)
  requires Seq#Length(xs) == Seq#Length(ys);
{
  assert Seq#Equal(xs, ys); // wrong
}

var stack: Seq int;

procedure push(x: int)
  modifies stack;
  ensures Seq#Equal(stack, Seq#Append(Seq#Singleton(x), old(stack)));
{
  stack := Seq#Append(Seq#Singleton(x), stack);
}

procedure pushed_element_is_not_another(x: int, y: int)
  modifies stack;
{
  call push(x);
  assert Seq#Index(stack, 0) == y; // wrong
}
