// instanceof of any class: an object's class is the one it was made with.
class Cat {}
class Dog {}

class Zoo {
    void made() {
        Cat c = new Cat();
        Object o = c;
        //@ assert c instanceof Cat;
        //@ assert o instanceof Cat && !(o instanceof Dog);
        //@ assert !(null instanceof Cat);
    }

    //@ requires o instanceof Dog;
    //@ ensures \result;
    boolean given(Object o) {
        return o != null && !(o instanceof Cat);
    }
}
