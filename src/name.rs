//! Interned names. Every identifier of the program (classes, fields,
//! methods, locals, labels) is a `Name`: one pointer into a process-wide
//! table of strings that are never freed. Copying is free and equality is a
//! pointer comparison, so the syntax tree, the core program and the
//! verification IR share names instead of each allocating its own strings.
//! The set of distinct names of a program is small next to its size.

use rustc_hash::FxHashMap;
use std::borrow::Cow;
use std::fmt;
use std::ops::Deref;
use std::sync::{Mutex, OnceLock};

/// A pointer to the one leaked copy of its text: equal names are the same
/// pointer, so equality is pointer equality.
#[derive(Clone, Copy)]
pub struct Name(&'static &'static str);

/// The table of every name made so far. A lock per lookup is cheap next to
/// the allocation a `String` per identifier would cost.
fn table() -> &'static Mutex<FxHashMap<&'static str, Name>> {
    static TABLE: OnceLock<Mutex<FxHashMap<&'static str, Name>>> = OnceLock::new();
    TABLE.get_or_init(Default::default)
}

impl Name {
    pub fn new(s: &str) -> Name {
        Name::intern(Cow::Borrowed(s))
    }

    /// The name of `s`; a new owned `s` keeps its own buffer.
    fn intern(s: Cow<'_, str>) -> Name {
        let mut t = table().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&n) = t.get(&*s) {
            return n;
        }
        let text: &'static str = Box::leak(s.into_owned().into_boxed_str());
        let n = Name(Box::leak(Box::new(text)));
        t.insert(text, n);
        n
    }

    pub fn as_str(&self) -> &'static str {
        self.0
    }
}

impl PartialEq for Name {
    fn eq(&self, other: &Name) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Name {}

impl PartialOrd for Name {
    fn partial_cmp(&self, other: &Name) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

// By text, so that sorting names is deterministic.
impl Ord for Name {
    fn cmp(&self, other: &Name) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Default for Name {
    fn default() -> Name {
        Name::new("")
    }
}

/// A name given by a constant, interned once per place it is written
/// (`name!("this")`), for names made again and again.
#[macro_export]
macro_rules! name {
    ($text:expr) => {{
        static NAME: std::sync::OnceLock<$crate::name::Name> = std::sync::OnceLock::new();
        *NAME.get_or_init(|| $crate::name::Name::new($text))
    }};
}

impl Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        self.0
    }
}

// Hashed as its text, so that a map keyed by names can be looked up with a
// `&str` (`Borrow<str>`).
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
        self.0
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.0, f)
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
        Name::intern(Cow::Owned(s))
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
