// Set lemmas that backends/boogie/collections.bpl must prove.

procedure membership(a: Set int, b: Set int, x: int, y: int)
{
  assert !Set#Empty()[x];
  assert Set#Singleton(x)[x];
  assert Set#Singleton(x)[y] ==> x == y;
  assert Set#UnionOne(a, x)[x];
  assert a[y] ==> Set#UnionOne(a, x)[y];
  assert Set#UnionOne(a, x)[y] ==> y == x || a[y];
  assert Set#Union(a, b)[y] <==> a[y] || b[y];
  assert Set#Intersection(a, b)[y] <==> a[y] && b[y];
  assert Set#Difference(a, b)[y] <==> a[y] && !b[y];
}

procedure subset(a: Set int, b: Set int, c: Set int, x: int)
{
  assert Set#Subset(Set#Empty(), a);
  assert Set#Subset(a, a);
  assert Set#Subset(a, Set#Union(a, b));
  assert Set#Subset(Set#Intersection(a, b), b);
  assert Set#Subset(Set#Difference(a, b), a);
  assert Set#Subset(a, b) && Set#Subset(b, c) ==> Set#Subset(a, c);
  assert a[x] ==> Set#Subset(Set#Singleton(x), a);
  assert Set#Subset(a, b) && a[x] ==> b[x];
}

procedure equality(a: Set int, b: Set int, c: Set int, x: int, y: int)
{
  assert Set#Equal(a, b) ==> a == b;
  assert Set#Equal(Set#Union(a, b), Set#Union(b, a));
  assert Set#Union(a, b) == Set#Union(b, a);
  assert Set#Equal(Set#Union(Set#Union(a, b), c), Set#Union(a, Set#Union(b, c)));
  assert Set#Equal(Set#UnionOne(a, x), Set#Union(a, Set#Singleton(x)));
  assert Set#Equal(Set#Intersection(a, Set#Empty()), Set#Empty());
  assert Set#Subset(a, b) && Set#Subset(b, a) ==> Set#Equal(a, b);
  assert Set#Singleton(x) == Set#Singleton(y) ==> x == y;
  assert a[x] ==> Set#Equal(Set#UnionOne(a, x), a);
}

procedure cardinality(a: Set int, b: Set int, x: int, y: int)
{
  assert 0 <= Set#Card(a);
  assert Set#Card(Set#Empty(): Set int) == 0;
  assert Set#Card(Set#Singleton(x)) == 1;
  assert Set#Card(a) == 0 ==> a == Set#Empty();
  assert a[x] ==> Set#Card(a) > 0;
  assert a[x] ==> Set#Card(Set#UnionOne(a, x)) == Set#Card(a);
  assert !a[x] ==> Set#Card(Set#UnionOne(a, x)) == Set#Card(a) + 1;
  assert x != y ==> Set#Card(Set#UnionOne(Set#Singleton(x), y)) == 2;
  assert Set#Card(Set#Union(a, b)) <= Set#Card(a) + Set#Card(b);
  assert Set#Card(Set#Difference(a, b)) <= Set#Card(a);
  assert Set#Subset(a, b) ==> Set#Card(a) <= Set#Card(b);
  assert a[x] ==> Set#Card(Set#Difference(a, Set#Singleton(x))) == Set#Card(a) - 1;
  assert !a[x] ==> Set#Card(Set#Difference(Set#UnionOne(a, x), Set#Singleton(x))) == Set#Card(a);
}

procedure card_of_disjoint_union(a: Set int, b: Set int)
  requires (forall o: int :: !(a[o] && b[o]));
{
  assert Set#Card(Set#Union(a, b)) == Set#Card(a) + Set#Card(b);
}

// A set of references grown one element at a time keeps its count.
procedure grow(n: int)
  requires 0 <= n;
{
  var s: Set int;
  var i: int;
  s := Set#Empty();
  i := 0;
  while (i < n)
    invariant 0 <= i && i <= n;
    invariant Set#Card(s) == i;
    invariant (forall o: int :: s[o] <==> 0 <= o && o < i);
  {
    s := Set#UnionOne(s, i);
    i := i + 1;
  }
  assert Set#Card(s) == n;
}

procedure other_element_types(s: Set bool, ss: Set (Seq int), q: Seq int)
{
  assert Set#Union(s, Set#Singleton(true))[true];
  assert Set#UnionOne(ss, q)[q];
  assert Set#Card(Set#Singleton(q)) == 1;
}
