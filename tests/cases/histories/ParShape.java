// expect-error: notSupported
// `||` of recursive processes is expanded only as a process's whole
// definition p(x̄) || q(ȳ) with x̄, ȳ its parameters, each once.
class Box6 {
  /*@
  seq<int> q;

  modifies q;
  ensures q == \old(q) + seq<int>{e};
  process put(int e);

  modifies q;
  ensures q == \old(q) + es;
  process put_all(seq<int> es) = |es| == 0 ? empty :
      (put(head(es)) * put_all(tail(es)));

  modifies q;
  process twice(seq<int> a) = put_all(a) || put_all(a);
  @*/
}
