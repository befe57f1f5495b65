//! `Error`: why bytes sent between ranks (see [`crate::wire`]) are not local definitions.
//! Its Display is the reason the converter puts after "MPI rank N sent a damaged message".

/// Result alias used by every fallible function of this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Damaged or foreign definition bytes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The bytes end inside a value.
    #[error("definitions cut short")]
    CutShort,
    /// A LEB128 number of more than ten bytes.
    #[error("a number longer than 64 bits")]
    NumberTooLong,
    /// A number read as a 32-bit id that does not fit.
    #[error("a 32-bit id out of range")]
    Id32OutOfRange,
    /// An optional id (stored plus one) that does not fit 32 bits.
    #[error("an id out of range")]
    IdOutOfRange,
    /// A count of items larger than the bytes left could hold.
    #[error("a count of {count} with {left} bytes left")]
    Count { count: u64, left: usize },
    /// A string whose bytes are not UTF-8.
    #[error("a string that is not UTF-8")]
    NotUtf8(#[source] std::string::FromUtf8Error),
    /// The bytes do not start with the record's magic.
    #[error("not a definitions record")]
    NotDefinitions,
    /// A region's function id larger than 16 bits.
    #[error("a function id out of range")]
    FunctionIdOutOfRange,
    /// A region's function id this build's function table does not have.
    #[error("function id {0} is not in this build's table")]
    UnknownFunction(u16),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::WireReader;
    use std::error::Error as _;

    #[test]
    fn a_string_that_is_not_utf8_keeps_the_utf8_error() {
        let bytes = [2, 0xff, 0xfe];
        let e = WireReader::new(&bytes).str().unwrap_err();
        assert_eq!(e.to_string(), "a string that is not UTF-8");
        let source = e.source().unwrap();
        let utf8 = source.downcast_ref::<std::string::FromUtf8Error>().unwrap();
        assert_eq!(utf8.as_bytes(), &[0xff, 0xfe]);
    }

    #[test]
    fn a_count_past_the_end_says_both_numbers() {
        let e = WireReader::new(&[9, 1, 2]).count().unwrap_err();
        assert_eq!(e, Error::Count { count: 9, left: 2 });
        assert_eq!(e.to_string(), "a count of 9 with 2 bytes left");
        assert!(e.source().is_none());
    }
}
