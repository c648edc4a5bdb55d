//! Interned names. Every identifier of the program (classes, fields,
//! methods, locals, labels) is a `Name`: one pointer into a process-wide
//! table of strings that are never freed. Copying is free and equality is a
//! pointer comparison, so the syntax tree, the core program and the
//! verification IR share names instead of each allocating its own strings.
//! The set of distinct names of a program is small next to its size.

use std::fmt;
use std::ops::Deref;
use ustr::Ustr;

// Hashed as its text (not by the interner's hash) so that a map keyed by
// names can be looked up with a `&str`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Name(Ustr);

impl Name {
    pub fn new(s: &str) -> Name {
        Name(Ustr::from(s))
    }

    pub fn as_str(&self) -> &'static str {
        self.0.as_str()
    }
}

impl Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        self.0.as_str()
    }
}

impl std::hash::Hash for Name {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl std::borrow::Borrow<str> for Name {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        self.0.as_str()
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.as_str())
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.0.as_str(), f)
    }
}

impl From<&str> for Name {
    fn from(s: &str) -> Name {
        Name::new(s)
    }
}

impl From<&String> for Name {
    fn from(s: &String) -> Name {
        Name::new(s)
    }
}

impl From<String> for Name {
    fn from(s: String) -> Name {
        Name::new(&s)
    }
}

impl From<&Name> for Name {
    fn from(n: &Name) -> Name {
        *n
    }
}

impl From<&Name> for String {
    fn from(n: &Name) -> String {
        n.as_str().to_string()
    }
}

impl From<Name> for String {
    fn from(n: Name) -> String {
        n.as_str().to_string()
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Name {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<Name> for str {
    fn eq(&self, other: &Name) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<Name> for &str {
    fn eq(&self, other: &Name) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<Name> for String {
    fn eq(&self, other: &Name) -> bool {
        self == other.as_str()
    }
}

#[cfg(test)]
mod tests {
    use super::Name;

    #[test]
    fn equal_strings_are_one_name() {
        let a = Name::new("count");
        let b = Name::from(String::from("count"));
        assert_eq!(a, b);
        assert_eq!(a, "count");
        assert_eq!(format!("{a} {a:?}"), "count \"count\"");
        assert_ne!(a, Name::new("total"));
    }
}
