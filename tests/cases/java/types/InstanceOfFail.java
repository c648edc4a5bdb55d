// A parameter's class is unknown; a made object is of its class only.
class Cat {}
class Dog {}

class Zoo {
    void param(Object o) {
        /*[/expect assertFailed:false]*/
        //@ assert o instanceof Cat;
        /*[/end]*/
    }

    void made() {
        Dog d = new Dog();
        Object o = d;
        /*[/expect assertFailed:false]*/
        assert o instanceof Cat;
        /*[/end]*/
    }
}
