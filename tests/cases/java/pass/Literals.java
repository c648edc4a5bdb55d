// Java's literals mean what the JLS says: octal, hex and binary integer
// literals (32-bit patterns), underscores, the one legal place of 2147483648,
// character literals and their escapes; `/` and `%` truncate toward zero.
public class Literals {
  public static void m() {
    int y = 010;
    //@ assert y == 8;
    //@ assert 0_17 == 15 && 0x1F == 31 && 0XfF == 255 && 0b101 == 5 && 0B1_1 == 3;
    //@ assert 1_000_000 == 1000000 && 00 == 0;
    //@ assert 0xFFFFFFFF == -1 && 0x80000000 == -2147483647 - 1 && 037777777777 == -1;
    int min = -2147483648;
    //@ assert min == -2147483647 - 1;
    int c = 'a';
    //@ assert c == 97 && 'A' + 1 == 66;
    //@ assert '\n' == 10 && '\t' == 9 && '\'' == 39 && '\\' == 92 && '"' == 34;
    //@ assert '\0' == 0 && '\101' == 65 && '\377' == 255 && '\s' == 32;
    //@ assert '\u0041' == 65 && '\uuu00e9' == 233 && 'é' == 233;
    //@ assert -7 / 2 == -3 && -7 % 2 == -1 && 7 % -2 == 1 && 7 / -2 == -3;
    int größe = 3;
    int π = größe + 1;
    //@ assert π == 4;
  }
}
