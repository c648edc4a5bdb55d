// `kernel`, `global` and `local` are words of GPU code only where a kernel
// uses them; elsewhere they name fields, locals and parameters, as in Java.
class GpuWordsAsNames {
  int kernel;
  //@ requires Perm(kernel, 1);
  void m(int local) {
    int global = local + 1;
    int r = f(local);
    kernel = r + global;
    //@ assert kernel == 2 * local + 1;
  }
  //@ ensures \result == x;
  int f(int x) { return x; }
}
