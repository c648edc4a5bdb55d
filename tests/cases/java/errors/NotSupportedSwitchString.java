// expect-error: notSupported
// A switch over strings is outside the subset.
public class NotSupportedSwitchString {
  static void m(String s) {
    switch (s) {
      case /*[/expect notSupported]*/"a"/*[/end]*/:
        break;
    }
  }
}
