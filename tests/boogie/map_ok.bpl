// Map facts the encoder relies on: each assert must verify.

procedure build_then_get(m: Map int int, k: int, v: int, j: int)
  requires j != k;
{
  assert Map#Get(Map#Build(m, k, v), k) == v;
  assert Map#Get(Map#Build(m, k, v), j) == Map#Get(m, j);
  assert Map#Domain(Map#Build(m, k, v))[k];
}

procedure literal_size()
{
  var m: Map int bool;
  m := Map#Build(Map#Build(Map#Build(Map#Empty(), 1, true), 2, true), 1, false);
  assert Map#Card(m) == 2;
  assert !Map#Get(m, 1) && Map#Get(m, 2);
  assert Map#Card(Map#Empty(): Map int bool) == 0;
}

procedure literal_values()
{
  var m: Map int bool;
  m := Map#Build(Map#Build(Map#Empty(), 1, false), 2, true);
  assert Map#Values(m)[false] && Map#Values(m)[true];
  assert Set#Equal(Map#Values(m), Set#UnionOne(Set#UnionOne(Set#Empty(), true), false));
}

procedure overwrite_is_equal()
{
  assert Map#Equal(
    Map#Build(Map#Build(Map#Empty(), 1, 5), 1, 6),
    Map#Build(Map#Empty(): Map int int, 1, 6));
}

procedure equal_maps_agree(a: Map int int, b: Map int int, k: int)
  requires Map#Equal(a, b) && Map#Domain(a)[k];
{
  assert Map#Get(a, k) == Map#Get(b, k);
  assert Map#Domain(b)[k];
}
