// expect-error: notSupported
// `start()` of a thread known only as a `Thread` (not one of the program's
// classes that extend Thread, whose objects carry their thread's id) is not
// supported yet; on Silicon, the program is refused as a Calvin program,
// also notSupported.
/*@ env_assumption \old(counter) <= counter; */
class Container {
  int counter;
}

class Job extends Thread {
  Container objref;
}

class Apprentice {
  static void go(Thread t) {
    t.start();
  }
}
