// expect-error: resolutionError:undeclared
// A class of another package needs an import: `shapes.Square` is not seen here
// (the file is not looked for in this package's folder, and, given on the
// command line too, its class is still not visible from `shapes.client`).
package shapes.client;

class NoImport {
  void m() {
    int a = /*[/expect resolutionError:undeclared]*/Square/*[/end]*/.area(1);
  }
}
