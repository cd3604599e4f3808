//! Work vectors kept from one parse to the next on each thread.
//!
//! Parsing a file fills the lexer's token arrays, the parser's event buffer, the lowering's
//! stacks and the validator's work list, and drops them all when it ends. With the C library's
//! allocator those blocks (most over its per-thread cache's 1 KiB) cost more to get and give
//! back than to use on the many small files of a module tree. So each is taken from a slot of
//! its thread when a parse starts ([`take`]) and given back, emptied, when it ends
//! ([`give_back`]), as the XPP reader keeps its tables (`xpp/reader.rs`, `Tables`). A parse
//! inside a parse (a heredoc's text) finds its slot empty and allocates; of two vectors given
//! back to one slot the larger stays. Vectors over [`MOST_KEPT`] bytes are not kept, so a
//! thread that once parsed a huge file does not hold its arrays.

use std::cell::Cell;
use std::thread::LocalKey;

/// A thread's slot for a work vector.
pub(crate) type Slot<T> = LocalKey<Cell<Vec<T>>>;

/// Bytes of capacity above which a vector is dropped rather than kept.
const MOST_KEPT: usize = 1 << 20;

/// Declares thread slots: `slots! { NAME: Type; … }`.
macro_rules! slots {
    ($($(#[$doc:meta])* $name:ident: $t:ty;)*) => {
        thread_local! {
            $($(#[$doc])* pub(crate) static $name: std::cell::Cell<Vec<$t>> =
                const { std::cell::Cell::new(Vec::new()) };)*
        }
    };
}
pub(crate) use slots;

/// The vector kept in `slot` (empty), or a new one, with room for `capacity` elements.
#[inline]
pub(crate) fn take<T>(slot: &'static Slot<T>, capacity: usize) -> Vec<T> {
    let mut vector = slot.try_with(Cell::take).unwrap_or_default();
    debug_assert!(vector.is_empty());
    vector.reserve(capacity);
    vector
}

/// Keeps `vector`, emptied, in `slot` for the next [`take`], unless it is larger than
/// [`MOST_KEPT`] or smaller than the one kept there already.
#[inline]
pub(crate) fn give_back<T>(slot: &'static Slot<T>, mut vector: Vec<T>) {
    if vector.capacity() == 0 || vector.capacity() * std::mem::size_of::<T>() > MOST_KEPT {
        return;
    }
    vector.clear();
    // Not at all when the thread's slots are being destroyed (`try_with` fails then).
    let _ = slot.try_with(|cell| {
        let kept = cell.take();
        cell.set(if kept.capacity() > vector.capacity() {
            kept
        } else {
            vector
        });
    });
}

/// A vector [`take`]n from a slot that goes back to it when dropped: for a field of a struct
/// that has no `Drop` of its own (which would stop its other fields from being moved out).
pub(crate) struct Recycled<T: 'static> {
    slot: &'static Slot<T>,
    vector: Vec<T>,
}

impl<T> Recycled<T> {
    pub(crate) fn take(slot: &'static Slot<T>, capacity: usize) -> Recycled<T> {
        Recycled {
            slot,
            vector: take(slot, capacity),
        }
    }
}

impl<T> std::ops::Deref for Recycled<T> {
    type Target = Vec<T>;

    fn deref(&self) -> &Vec<T> {
        &self.vector
    }
}

impl<T> std::ops::DerefMut for Recycled<T> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.vector
    }
}

impl<T> Drop for Recycled<T> {
    fn drop(&mut self) {
        give_back(self.slot, std::mem::take(&mut self.vector));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    slots! {
        NUMBERS: u64;
    }

    #[test]
    fn a_vector_given_back_is_taken_again_empty_and_the_larger_stays() {
        let mut first = take(&NUMBERS, 100);
        first.extend(0..100);
        let address = first.as_ptr();
        give_back(&NUMBERS, first);
        let again = take(&NUMBERS, 10);
        assert!(again.is_empty());
        assert_eq!(again.as_ptr(), address);
        // Taken while the slot is empty (a nested parse): a new one.
        let nested = take(&NUMBERS, 10);
        assert_ne!(nested.as_ptr(), address);
        give_back(&NUMBERS, nested);
        give_back(&NUMBERS, again);
        let larger = take(&NUMBERS, 0);
        assert_eq!(larger.as_ptr(), address);
        // A huge one is not kept.
        give_back(&NUMBERS, Vec::with_capacity(MOST_KEPT));
        assert_eq!(take(&NUMBERS, 0).capacity(), 0);
        // A recycled field goes back when dropped.
        give_back(&NUMBERS, larger);
        let field = Recycled::take(&NUMBERS, 1);
        assert_eq!(field.as_ptr(), address);
        drop(field);
        assert_eq!(take(&NUMBERS, 0).capacity(), 100);
    }
}
