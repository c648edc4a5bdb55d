// Set claims that are false: each `// wrong` assert must fail, and no other.

procedure prelude_is_consistent(a: Set int, b: Set int, x: int)
  requires a[x];
{
  assert Set#Union(a, b)[x];
  assert Set#Card(Set#UnionOne(a, x)) == Set#Card(a);
  assert Set#Subset(Set#Intersection(a, b), a);
  assert Set#Card(Set#Union(a, b)) + Set#Card(Set#Intersection(a, b)) == Set#Card(a) + Set#Card(b);
  assert false; // wrong
}

procedure empty_has_member(x: int)
{
  assert Set#Empty()[x]; // wrong
}

procedure singleton_has_two(x: int, y: int)
{
  assert Set#Singleton(x)[y]; // wrong
}

procedure union_one_forgets(a: Set int, x: int, y: int)
{
  assert Set#UnionOne(a, x)[y] ==> a[y]; // wrong
}

procedure union_is_intersection(a: Set int, b: Set int, x: int)
{
  assert Set#Union(a, b)[x] ==> a[x] && b[x]; // wrong
}

procedure intersection_is_union(a: Set int, b: Set int, x: int)
{
  assert a[x] ==> Set#Intersection(a, b)[x]; // wrong
}

procedure difference_keeps_b(a: Set int, b: Set int, x: int)
{
  assert b[x] ==> Set#Difference(a, b)[x]; // wrong
}

procedure subset_of_difference(a: Set int, b: Set int)
{
  assert Set#Subset(a, Set#Difference(a, b)); // wrong
}

procedure equal_different(a: Set int, b: Set int)
{
  assert Set#Equal(Set#Union(a, b), a); // wrong
}

procedure card_union_one_always_grows(a: Set int, x: int)
{
  assert Set#Card(Set#UnionOne(a, x)) == Set#Card(a) + 1; // wrong
}

procedure card_union_adds(a: Set int, b: Set int)
{
  assert Set#Card(Set#Union(a, b)) == Set#Card(a) + Set#Card(b); // wrong
}

procedure card_singleton(x: int)
{
  assert Set#Card(Set#Singleton(x)) == 2; // wrong
}

procedure card_remove_absent(a: Set int, x: int)
  requires !a[x];
{
  assert Set#Card(Set#Difference(a, Set#Singleton(x))) == Set#Card(a) - 1; // wrong
}
