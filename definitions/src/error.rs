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
