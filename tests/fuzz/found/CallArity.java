// Found by fuzzing (seed 21, input 583724): a Calvin class whose method has
// lost its return type (`voiensuresler()`, read as a constructor of another
// name) calls an abstracted method; the Boogie emitter met a call with fewer
// arguments than parameters and panicked. It is an error with a span now.
/*@ env_assumption \old(n) <= n; */
class Counter {
  int n;
  int scratch;

  /*@ modifies scratch;
      action: also_modifies n ensures n == \old(n) + 1; */
  void inc() {
    scratch = 0;
    atomic: {
      n = n + 1;
    }
  }

  voiensuresler() {
    inc();
  }
}
