//! Java's literals as the Java Language Specification defines them (§3.3,
//! §3.10): integer literals in four radixes with underscores and range
//! checks, character and string literals with escape sequences, and the
//! unicode escapes `\uXXXX` that Java translates before anything else.
//!
//! weft's integer types are mathematical integers: an `int` literal gets
//! Java's value (an octal, hex or binary literal is a 32-bit two's complement
//! pattern, so `0xFFFFFFFF` is -1), a `long` literal (`10L`) likewise with
//! 64 bits (`0xFFFFFFFFFFFFFFFFL` is -1); a floating-point literal is refused
//! as not supported, never read as something else. A `char` is its UTF-16
//! code unit, the `int` value Java's widening gives it.

/// What is wrong with a literal, for a diagnostic on its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LitError {
    /// Not a literal Java accepts (the message says why).
    Malformed(String),
    /// A literal Java accepts whose type weft does not model.
    NotSupported(&'static str),
}

fn malformed<T>(msg: impl Into<String>) -> Result<T, LitError> {
    Err(LitError::Malformed(msg.into()))
}

/// An integer literal's value. `2147483648` (2^31) is legal only as the
/// operand of unary minus, and so is `9223372036854775808L` (2^63):
/// `needs_minus` says so, and the grammar checks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntLit {
    pub value: i128,
    pub needs_minus: bool,
    /// A `long` literal (`L` suffix).
    pub long: bool,
}

/// The largest `int` literal (`-2147483648` is `-` applied to it).
pub const MIN_INT_MAGNITUDE: i128 = 1 << 31;
/// The largest `long` literal (`-9223372036854775808L` is `-` applied to it).
pub const MIN_LONG_MAGNITUDE: i128 = 1 << 63;

/// Reads an integer literal token (the lexer's `[0-9][0-9a-zA-Z_]*`).
pub fn int_literal(text: &str) -> Result<IntLit, LitError> {
    let (body, long) = match text.strip_suffix(['l', 'L']) {
        Some(b) => (b, true),
        None => (text, false),
    };
    let lower = body.to_ascii_lowercase();
    let (radix, digits, allow_leading_underscore) = if let Some(d) = lower.strip_prefix("0x") {
        (16, d, false)
    } else if let Some(d) = lower.strip_prefix("0b") {
        (2, d, false)
    } else if lower.len() > 1 && lower.starts_with('0') {
        // Octal: `0` then octal digits, underscores allowed right after the `0`.
        (8, &lower[1..], true)
    } else {
        (10, lower.as_str(), false)
    };
    let value = digits_value(digits, radix, allow_leading_underscore)?;
    let too_large = || malformed(format!("integer number too large: {text}"));
    let min = if long {
        MIN_LONG_MAGNITUDE
    } else {
        MIN_INT_MAGNITUDE
    };
    if radix == 10 {
        if value > min {
            return too_large();
        }
        return Ok(IntLit {
            value,
            needs_minus: value == min,
            long,
        });
    }
    // Octal, hex and binary literals give the 32 bits of an int, or the 64
    // bits of a long.
    let bits = if long {
        if value > u64::MAX as i128 {
            return too_large();
        }
        (value as u64 as i64) as i128
    } else {
        if value > u32::MAX as i128 {
            return too_large();
        }
        (value as u32 as i32) as i128
    };
    Ok(IntLit {
        value: bits,
        needs_minus: false,
        long,
    })
}

/// The digits of one radix, with underscores only between digits.
fn digits_value(
    digits: &str,
    radix: u32,
    allow_leading_underscore: bool,
) -> Result<i128, LitError> {
    if digits.is_empty() {
        return malformed("a number needs digits");
    }
    if digits.ends_with('_') || (digits.starts_with('_') && !allow_leading_underscore) {
        return malformed("an underscore in a number must stand between digits");
    }
    let mut value: i128 = 0;
    let mut any = false;
    for c in digits.chars() {
        if c == '_' {
            continue;
        }
        let Some(d) = c.to_digit(radix) else {
            let what = match radix {
                16 => "a hexadecimal digit",
                8 => "an octal digit",
                2 => "a binary digit",
                _ => "a digit",
            };
            return malformed(format!("`{c}` is not {what}"));
        };
        any = true;
        // Saturate: anything this large is out of range anyway.
        value = value
            .saturating_mul(radix as i128)
            .saturating_add(d as i128);
    }
    if !any {
        return malformed("a number needs digits");
    }
    Ok(value)
}

/// Translates Java's unicode escapes (JLS §3.3): `\` followed by one or more
/// `u` and four hex digits, where the `\` is preceded by an even number of
/// backslashes. On a malformed escape, its byte range in `text`.
pub fn unicode_escapes(text: &str) -> Result<String, (usize, usize, String)> {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut backslashes = 0usize;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'\\' && backslashes.is_multiple_of(2) && bytes.get(i + 1) == Some(&b'u') {
            let mut j = i + 1;
            while bytes.get(j) == Some(&b'u') {
                j += 1;
            }
            let hex = text
                .get(j..j + 4)
                .filter(|h| h.chars().all(|c| c.is_ascii_hexdigit()));
            let Some(hex) = hex else {
                let end = (j + 4).min(text.len());
                return Err((
                    i,
                    end,
                    "a unicode escape needs four hexadecimal digits".into(),
                ));
            };
            let unit = u32::from_str_radix(hex, 16).expect("hex digits");
            let Some(ch) = char::from_u32(unit) else {
                return Err((
                    i,
                    j + 4,
                    "a unicode escape of half a surrogate pair is not supported yet".into(),
                ));
            };
            out.push(ch);
            // Eligibility counts raw backslashes only (JLS §3.3): the last raw
            // character was a hex digit.
            backslashes = 0;
            i = j + 4;
            continue;
        }
        backslashes = if c == b'\\' { backslashes + 1 } else { 0 };
        let ch = text[i..].chars().next().expect("a char");
        out.push(ch);
        i += ch.len_utf8();
    }
    Ok(out)
}

/// Whether `text` has a unicode escape Java would translate.
pub fn has_unicode_escape(text: &str) -> bool {
    text.contains("\\u") && unicode_escapes(text).map_or(true, |t| t != text)
}

/// The UTF-16 code units of a quoted literal's body (between the quotes),
/// after unicode escapes and escape sequences (JLS §3.10.6). `quote` is the
/// literal's quote, which the translated body may not contain unescaped.
pub fn quoted_units(body: &str, quote: char) -> Result<Vec<u16>, LitError> {
    let text = match unicode_escapes(body) {
        Ok(t) => t,
        Err((_, _, m)) => return malformed(m),
    };
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let code = match c {
            '\\' => match chars.next() {
                Some('b') => '\u{8}',
                Some('t') => '\t',
                Some('n') => '\n',
                Some('f') => '\u{c}',
                Some('r') => '\r',
                Some('s') => ' ',
                Some(e @ ('"' | '\'' | '\\')) => e,
                // Octal escapes: up to three digits, the first at most 3 when three.
                Some(d @ '0'..='7') => {
                    let mut v = d.to_digit(8).expect("octal");
                    let max = if d <= '3' { 2 } else { 1 };
                    for _ in 0..max {
                        match chars.peek().and_then(|c| c.to_digit(8)) {
                            Some(x) => {
                                v = v * 8 + x;
                                chars.next();
                            }
                            None => break,
                        }
                    }
                    char::from_u32(v).expect("below 256")
                }
                _ => return malformed("an escape sequence Java does not have"),
            },
            '\n' | '\r' => return malformed("a line break inside a literal"),
            c if c == quote => {
                return malformed(format!("`{quote}` inside this literal must be escaped"))
            }
            c => c,
        };
        let mut buf = [0u16; 2];
        out.extend_from_slice(code.encode_utf16(&mut buf));
    }
    Ok(out)
}

/// A character literal `'…'`: its UTF-16 code unit.
pub fn char_literal(text: &str) -> Result<u16, LitError> {
    let Some(body) = text
        .strip_prefix('\'')
        .and_then(|t| t.strip_suffix('\''))
        .filter(|_| text.len() >= 2)
    else {
        return malformed("unterminated character literal");
    };
    match quoted_units(body, '\'')?.as_slice() {
        [unit] => Ok(*unit),
        [] => malformed("an empty character literal"),
        [_, _] if body.chars().count() == 1 => {
            malformed("a character outside the Basic Multilingual Plane is two `char`s")
        }
        _ => malformed("a character literal holds one character"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(s: &str) -> Result<i128, LitError> {
        int_literal(s).map(|l| l.value)
    }

    #[test]
    fn radixes() {
        assert_eq!(int("010"), Ok(8));
        assert_eq!(int("0"), Ok(0));
        assert_eq!(int("00"), Ok(0));
        assert_eq!(int("0_7"), Ok(7));
        assert_eq!(int("0x1F"), Ok(31));
        assert_eq!(int("0XfF"), Ok(255));
        assert_eq!(int("0b101"), Ok(5));
        assert_eq!(int("1_000_000"), Ok(1_000_000));
        assert_eq!(int("0xFFFFFFFF"), Ok(-1));
        assert_eq!(int("0x80000000"), Ok(-2147483648));
        assert_eq!(int("037777777777"), Ok(-1));
        assert_eq!(int("0x7fffffff"), Ok(2147483647));
    }

    #[test]
    fn ranges_and_errors() {
        assert_eq!(int("2147483647"), Ok(2147483647));
        let min = int_literal("2147483648").unwrap();
        assert!(min.needs_minus);
        assert!(matches!(int("2147483649"), Err(LitError::Malformed(_))));
        assert!(matches!(int("0x100000000"), Err(LitError::Malformed(_))));
        assert!(matches!(int("08"), Err(LitError::Malformed(_))));
        assert!(matches!(int("0x"), Err(LitError::Malformed(_))));
        assert!(matches!(int("0x_1"), Err(LitError::Malformed(_))));
        assert!(matches!(int("1_"), Err(LitError::Malformed(_))));
        assert!(matches!(int("12a"), Err(LitError::Malformed(_))));
        assert_eq!(int("5L"), Ok(5));
        assert_eq!(int("0xFFFFFFFFFFFFFFFFL"), Ok(-1));
        assert_eq!(int("0xFFFFFFFFL"), Ok(0xFFFF_FFFF));
        assert_eq!(int("9223372036854775807L"), Ok(i64::MAX as i128));
        let min = int_literal("9223372036854775808L").unwrap();
        assert!(min.needs_minus && min.long);
        assert!(matches!(
            int("9223372036854775809L"),
            Err(LitError::Malformed(_))
        ));
        assert!(matches!(
            int("0x10000000000000000L"),
            Err(LitError::Malformed(_))
        ));
        assert!(int("99999999999999999999999999999999999999999").is_err());
    }

    #[test]
    fn chars() {
        assert_eq!(char_literal("'a'"), Ok(97));
        assert_eq!(char_literal("'\\n'"), Ok(10));
        assert_eq!(char_literal("'\\''"), Ok(39));
        assert_eq!(char_literal("'\\\\'"), Ok(92));
        assert_eq!(char_literal("'\\0'"), Ok(0));
        assert_eq!(char_literal("'\\101'"), Ok(65));
        assert_eq!(char_literal("'\\377'"), Ok(255));
        assert_eq!(char_literal("'\\s'"), Ok(32));
        assert_eq!(char_literal("'\\u0041'"), Ok(65));
        assert_eq!(char_literal("'\\uuu00e9'"), Ok(0xe9));
        assert_eq!(char_literal("'é'"), Ok(0xe9));
        assert_eq!(char_literal("'\\u005c\\u005c'"), Ok(92));
        assert!(char_literal("'\\u0027'").is_err());
        assert!(char_literal("'\\u000a'").is_err());
        assert!(char_literal("''").is_err());
        assert!(char_literal("'ab'").is_err());
        assert!(char_literal("'\\q'").is_err());
        assert!(char_literal("'😀'").is_err());
        assert!(char_literal("'\\u00g1'").is_err());
    }

    #[test]
    fn unicode_escape_eligibility() {
        assert_eq!(unicode_escapes("\\\\u0041").unwrap(), "\\\\u0041");
        assert_eq!(unicode_escapes("\\\\\\u0041").unwrap(), "\\\\A");
        assert!(!has_unicode_escape("a \\\\u b"));
        assert!(has_unicode_escape("// \\u000a x"));
    }
}
