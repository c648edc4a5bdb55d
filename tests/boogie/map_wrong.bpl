// Map claims that are false: each `// wrong` assert must fail, and no other.

procedure prelude_is_consistent(m: Map int int, k: int, v: int)
{
  assert Map#Domain(Map#Build(m, k, v))[k];
  assert Map#Card(Map#Build(Map#Empty(): Map int int, k, v)) == 1;
  assert false; // wrong
}

procedure empty_has_key(k: int)
{
  assert Map#Domain(Map#Empty(): Map int int)[k]; // wrong
}

procedure build_keeps_old_value(m: Map int int, k: int, v: int)
{
  assert Map#Get(Map#Build(m, k, v), k) == Map#Get(m, k); // wrong
}

procedure overwrite_grows()
{
  assert Map#Card(Map#Build(Map#Build(Map#Empty(): Map int int, 1, 1), 1, 2)) == 2; // wrong
}

procedure different_values_equal()
{
  assert Map#Equal(Map#Build(Map#Empty(): Map int int, 1, 1), Map#Build(Map#Empty(): Map int int, 1, 2)); // wrong
}

procedure value_of_other_key(m: Map int bool)
  requires Map#Domain(m)[1] && Map#Get(m, 1);
{
  assert Map#Values(m)[false]; // wrong
}
