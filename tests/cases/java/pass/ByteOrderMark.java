// This file starts with a UTF-8 byte-order mark, which is no part of the program.
public class ByteOrderMark {
  public static void m() {
    int x = 1;
    //@ assert x == 1;
  }
}
