// Multiset lemmas that backends/boogie/collections.bpl must prove.
// Multisets that come from outside (parameters) are assumed well formed,
// as the encoder does.

procedure counts(a: MultiSet int, b: MultiSet int, x: int, y: int)
  requires MultiSet#Good(a) && MultiSet#Good(b);
{
  assert 0 <= a[y];
  assert MultiSet#Empty()[x] == 0;
  assert MultiSet#Singleton(x)[x] == 1;
  assert x != y ==> MultiSet#Singleton(x)[y] == 0;
  assert MultiSet#UnionOne(a, x)[x] == a[x] + 1;
  assert x != y ==> MultiSet#UnionOne(a, x)[y] == a[y];
  assert MultiSet#Union(a, b)[y] == a[y] + b[y];
  assert MultiSet#Intersection(a, b)[y] <= a[y];
  assert MultiSet#Intersection(a, b)[y] <= b[y];
  assert a[y] <= b[y] ==> MultiSet#Intersection(a, b)[y] == a[y];
  assert a[y] >= b[y] ==> MultiSet#Difference(a, b)[y] == a[y] - b[y];
  assert a[y] <= b[y] ==> MultiSet#Difference(a, b)[y] == 0;
}

procedure well_formedness(a: MultiSet int, b: MultiSet int, x: int, y: int)
  requires MultiSet#Good(a) && MultiSet#Good(b);
{
  assert MultiSet#Good(MultiSet#Empty(): MultiSet int);
  assert MultiSet#Good(MultiSet#Singleton(x));
  assert MultiSet#Good(MultiSet#UnionOne(a, x));
  assert MultiSet#Good(MultiSet#Union(a, b));
  assert MultiSet#Good(MultiSet#Intersection(a, b));
  assert MultiSet#Good(MultiSet#Difference(a, b));
  assert 0 <= MultiSet#Difference(a, b)[y];
}

procedure subset_and_equality(a: MultiSet int, b: MultiSet int, x: int, y: int)
  requires MultiSet#Good(a) && MultiSet#Good(b);
{
  assert MultiSet#Subset(MultiSet#Empty(), a);
  assert MultiSet#Subset(a, MultiSet#Union(a, b));
  assert MultiSet#Subset(MultiSet#Intersection(a, b), a);
  assert MultiSet#Subset(MultiSet#Difference(a, b), a);
  assert MultiSet#Subset(a, MultiSet#UnionOne(a, x));
  assert MultiSet#Equal(a, b) ==> a == b;
  assert MultiSet#Equal(MultiSet#Union(a, b), MultiSet#Union(b, a));
  assert MultiSet#Equal(MultiSet#UnionOne(a, x), MultiSet#Union(a, MultiSet#Singleton(x)));
  assert MultiSet#Equal(MultiSet#Difference(MultiSet#UnionOne(a, x), MultiSet#Singleton(x)), a);
  assert MultiSet#Equal(MultiSet#Union(MultiSet#Difference(a, b), MultiSet#Intersection(a, b)), a);
  assert MultiSet#Singleton(x) == MultiSet#Singleton(y) ==> x == y;
  assert MultiSet#Subset(a, b) && MultiSet#Subset(b, a) ==> MultiSet#Equal(a, b);
}

procedure cardinality(a: MultiSet int, b: MultiSet int, x: int)
  requires MultiSet#Good(a) && MultiSet#Good(b);
{
  assert 0 <= MultiSet#Card(a);
  assert MultiSet#Card(MultiSet#Empty(): MultiSet int) == 0;
  assert MultiSet#Card(MultiSet#Singleton(x)) == 1;
  assert MultiSet#Card(a) == 0 ==> a == MultiSet#Empty();
  assert 0 < a[x] ==> MultiSet#Card(a) > 0;
  assert MultiSet#Card(MultiSet#UnionOne(a, x)) == MultiSet#Card(a) + 1;
  assert MultiSet#Card(MultiSet#UnionOne(MultiSet#UnionOne(a, x), x)) == MultiSet#Card(a) + 2;
  assert MultiSet#Card(MultiSet#Union(a, b)) == MultiSet#Card(a) + MultiSet#Card(b);
  assert MultiSet#Card(MultiSet#Difference(a, b)) <= MultiSet#Card(a);
  assert MultiSet#Card(MultiSet#Difference(MultiSet#UnionOne(a, x), MultiSet#Singleton(x)))
           == MultiSet#Card(a);
}

// A bag filled in a loop: its size counts the insertions.
procedure fill(n: int, x: int)
  requires 0 <= n;
{
  var m: MultiSet int;
  var i: int;
  m := MultiSet#Empty();
  i := 0;
  while (i < n)
    invariant 0 <= i && i <= n;
    invariant MultiSet#Good(m);
    invariant MultiSet#Card(m) == i && m[x] == i;
  {
    m := MultiSet#UnionOne(m, x);
    i := i + 1;
  }
  assert MultiSet#Card(m) == n;
  assert m[x] == n;
}

procedure other_element_types(m: MultiSet bool, q: Seq int)
  requires MultiSet#Good(m);
{
  assert MultiSet#UnionOne(m, true)[true] == m[true] + 1;
  assert MultiSet#Singleton(q)[q] == 1;
}
