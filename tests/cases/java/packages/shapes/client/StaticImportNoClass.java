// expect-error: resolutionError:undeclared
// A static import must name a class.
package shapes.client;

/*[/expect resolutionError:undeclared]*/import static shapes.Circle.*;/*[/end]*/

class StaticImportNoClass {
}
