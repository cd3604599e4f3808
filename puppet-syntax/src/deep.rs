//! Deeply nested input without a stack overflow. The parser caps nesting at
//! [`MAX_DEPTH`](crate::parser) levels (far beyond what Ruby Puppet accepts), and every pass that
//! recurses over the tree (the parser itself, PN, the validator's sub-visitors, the JSON checker)
//! enters each level through [`guarded`], which moves to a fresh stack segment on the heap when
//! the current one runs low. So a 2 MiB worker thread handles the deepest tree the parser
//! builds, whatever the thread's own stack size. The parser, which knows its depth, checks on
//! every [`CHECK_EVERY`]th level only ([`guarded_at_depth`]).

/// Switch stacks when less than this is left: one level of any recursive pass uses far less.
const RED_ZONE: usize = 128 * 1024;

/// The size of each new stack segment.
const SEGMENT: usize = 4 * 1024 * 1024;

/// Runs `f` on a stack with at least [`RED_ZONE`] bytes left.
#[inline]
pub(crate) fn guarded<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, SEGMENT, f)
}

/// How many nesting levels a pass that knows its depth may go between two stack checks. A
/// level of the parser takes at most about 700 bytes of stack in a release build (measured:
/// 1,500 nested `if` blocks, two levels each, fit in 1 MiB without any check), so the levels
/// between two checks use a few kilobytes, far less than [`RED_ZONE`], even in a debug build.
pub(crate) const CHECK_EVERY: u32 = 8;

/// [`guarded`] on every [`CHECK_EVERY`]th `depth` only, `f` called directly on the others:
/// the check costs a call and a system-dependent stack query, once per expression otherwise.
#[inline]
pub(crate) fn guarded_at_depth<R>(depth: u32, f: impl FnOnce() -> R) -> R {
    if depth % CHECK_EVERY == 0 {
        guarded(f)
    } else {
        f()
    }
}
