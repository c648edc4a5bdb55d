//! Integer literals, as every layer stores them.

/// An integer literal. Stored unaligned (8-byte aligned rather than 16) so
/// that it does not double the alignment, and with it the size, of every
/// expression (`vir::Expr`, `core::Expr`); read it with [`IntValue::get`].
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C, packed(8))]
pub struct IntValue(i128);

impl IntValue {
    pub fn get(self) -> i128 {
        self.0
    }
}

impl From<i128> for IntValue {
    fn from(i: i128) -> IntValue {
        IntValue(i)
    }
}

impl std::fmt::Debug for IntValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.get())
    }
}

impl std::fmt::Display for IntValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.get())
    }
}
