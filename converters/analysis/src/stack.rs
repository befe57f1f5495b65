//! The order of the I/O layers, top of the stack first: tables, the breakdown of high-level
//! calls and the insights list layers in it.

use io_events::functions::Layer;

/// The I/O layers in the order of the stack, top first.
pub(crate) const STACK: [Layer; 7] = [
    Layer::Adios,
    Layer::PnetCdf,
    Layer::NetCdf,
    Layer::Hdf5,
    Layer::MpiIo,
    Layer::Isoc,
    Layer::Posix,
];

/// A layer's place in the stack, top first (MPI, which has no files, last).
pub(crate) fn stack_pos(l: Layer) -> usize {
    STACK.iter().position(|&x| x == l).unwrap_or(STACK.len())
}

/// How many layers there are (arrays indexed by [`layer_index`]).
pub const NLAYERS: usize = Layer::ALL.len();

/// A layer's index in `Layer::ALL` (the order of per-layer arrays).
pub fn layer_index(l: Layer) -> usize {
    Layer::ALL.iter().position(|&x| x == l).unwrap_or(0)
}
