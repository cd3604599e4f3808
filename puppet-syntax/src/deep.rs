//! Deeply nested input without a stack overflow. The parser caps nesting at
//! [`MAX_DEPTH`](crate::parser) levels (far beyond what Ruby Puppet accepts), and every pass that
//! recurses over the tree (the parser itself, PN, the validator's sub-visitors, the JSON checker)
//! enters each level through [`guarded`], which moves to a fresh stack segment on the heap when
//! the current one runs low. So a 2 MiB worker thread handles the deepest tree the parser
//! builds, whatever the thread's own stack size.

/// Switch stacks when less than this is left: one level of any recursive pass uses far less.
const RED_ZONE: usize = 128 * 1024;

/// The size of each new stack segment.
const SEGMENT: usize = 4 * 1024 * 1024;

/// Runs `f` on a stack with at least [`RED_ZONE`] bytes left.
#[inline]
pub(crate) fn guarded<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, SEGMENT, f)
}
