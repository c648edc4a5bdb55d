// expect-error: typeError:misplaced
// Ghost code (a spec comment, a `ghost` statement, a call's `then` block, a
// ghost method) must not change what the program that runs does: it writes
// ghost fields, and locals the program never reads (such a local holds a
// ghost value). Each write or call below that breaks this is refused, with
// the program's read as related location; the ghost writes beside them are
// accepted.
public class MisplacedGhostWrites {
  int real;
  //@ ghost int shadow;

  /*@ yields int seen; @*/
  public void peek() {
    //@ ghost seen = 1;
  }

  public void bump() {
    real = real + 1;
  }

  /*@ ghost void lemmaWrites() {
        /*[/expect typeError:misplaced]*/real/*[/end]*/ = 2;
      } @*/

  public int m() {
    int x = 0;
    int y = 0;
    int onlySpec = 0;
    //@ ghost int g = x;
    //@ g = g + 1;
    //@ shadow = x;
    //@ onlySpec = 7;
    //@ assert onlySpec == 7;
    //@ /*[/expect typeError:misplaced]*/x/*[/end]*/ = 3;
    //@ /*[/expect typeError:misplaced]*/real/*[/end]*/ = 5;
    //@ /*[/expect typeError:misplaced]*/bump/*[/end]*/();
    peek() /*@ then { /*[/expect typeError:misplaced]*/y/*[/end]*/ = seen; } @*/;
    peek() /*@ then { g = seen; } @*/;
    return x + y;
  }
}
