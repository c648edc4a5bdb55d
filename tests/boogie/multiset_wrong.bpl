// Multiset claims that are false: each `// wrong` assert must fail, and no
// other.

procedure prelude_is_consistent(a: MultiSet int, b: MultiSet int, x: int)
  requires MultiSet#Good(a) && MultiSet#Good(b);
{
  assert MultiSet#Card(MultiSet#UnionOne(a, x)) == MultiSet#Card(a) + 1;
  assert MultiSet#Card(MultiSet#Union(a, b)) == MultiSet#Card(a) + MultiSet#Card(b);
  assert MultiSet#Equal(MultiSet#Union(a, b), MultiSet#Union(b, a));
  assert false; // wrong
}

// A map with a negative count is not a multiset; the cardinality facts
// must not apply to it, or `0 <= card` would make this program infeasible.
procedure negative_count_is_harmless(x: int)
{
  var m: MultiSet int;
  m := MultiSet#Empty()[x := -1];
  assert MultiSet#Equal(MultiSet#UnionOne(m, x), MultiSet#Empty());
  assert MultiSet#Card(MultiSet#Empty(): MultiSet int) == 0;
  assert false; // wrong
}

procedure parameters_need_good(a: MultiSet int, x: int)
{
  assert 0 <= a[x]; // wrong
}

procedure empty_count(x: int)
{
  assert MultiSet#Empty()[x] == 1; // wrong
}

procedure singleton_count(x: int, y: int)
{
  assert MultiSet#Singleton(x)[y] == 1; // wrong
}

procedure union_one_is_a_set(a: MultiSet int, x: int)
  requires MultiSet#Good(a);
{
  assert MultiSet#UnionOne(a, x)[x] == 1; // wrong
}

procedure union_is_max(a: MultiSet int, b: MultiSet int, x: int)
  requires MultiSet#Good(a) && MultiSet#Good(b);
{
  assert MultiSet#Union(a, b)[x] == a[x]; // wrong
}

procedure intersection_is_max(a: MultiSet int, b: MultiSet int, x: int)
  requires MultiSet#Good(a) && MultiSet#Good(b);
{
  assert MultiSet#Intersection(a, b)[x] == a[x]; // wrong
}

procedure difference_goes_negative(a: MultiSet int, b: MultiSet int, x: int)
  requires MultiSet#Good(a) && MultiSet#Good(b);
{
  assert MultiSet#Difference(a, b)[x] == a[x] - b[x]; // wrong
}

procedure subset_of_part(a: MultiSet int, b: MultiSet int)
  requires MultiSet#Good(a) && MultiSet#Good(b);
{
  assert MultiSet#Subset(MultiSet#Union(a, b), a); // wrong
}

procedure equal_different(a: MultiSet int, x: int)
  requires MultiSet#Good(a);
{
  assert MultiSet#Equal(MultiSet#UnionOne(a, x), a); // wrong
}

procedure card_difference(a: MultiSet int, b: MultiSet int)
  requires MultiSet#Good(a) && MultiSet#Good(b);
{
  assert MultiSet#Card(MultiSet#Difference(a, b)) == MultiSet#Card(a) - MultiSet#Card(b); // wrong
}

procedure card_singleton(x: int)
{
  assert MultiSet#Card(MultiSet#Singleton(x)) == 0; // wrong
}

procedure card_remove_absent(a: MultiSet int, x: int)
  requires MultiSet#Good(a) && a[x] == 0;
{
  assert MultiSet#Card(MultiSet#Difference(a, MultiSet#Singleton(x))) == MultiSet#Card(a) - 1; // wrong
}
