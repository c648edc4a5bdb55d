// expect-error: notSupported
// Calvin's thread creation (`job.start()`, the started thread's `run` with
// `tid == this`, Calvin §6.2) is not supported in a Calvin thread yet; on
// Silicon, the program is refused as a Calvin program, also notSupported.
/*@ env_assumption \old(counter) <= counter; */
class Container {
  int counter;
}

class Job extends Thread {
  Container objref;
}

class Apprentice {
  static void main() {
    Job job = new Job();
    job.start();
  }
}
