//! [`StackList`]: a short list kept on the stack, spilled to a vector only past `N` items.
//! Shared by the stages for lists that are short in nearly every file and made often (a
//! chain of forward parents per node event, the segments of each interpolated string), where
//! a vector each time was an allocation per use.

/// Up to `N` items on the stack, all of them in a vector once there are more.
pub(crate) struct StackList<T: Copy, const N: usize> {
    inline: [T; N],
    len: usize,
    spilled: Vec<T>,
}

impl<T: Copy, const N: usize> StackList<T, N> {
    /// An empty list; `fill` only initializes the unused slots.
    pub(crate) fn new(fill: T) -> Self {
        StackList {
            inline: [fill; N],
            len: 0,
            spilled: Vec::new(),
        }
    }

    pub(crate) fn push(&mut self, item: T) {
        if self.len < N {
            self.inline[self.len] = item;
        } else {
            if self.len == N {
                self.spilled.extend_from_slice(&self.inline);
            }
            self.spilled.push(item);
        }
        self.len += 1;
    }

    /// The items, in the order pushed.
    pub(crate) fn as_slice(&self) -> &[T] {
        if self.len <= N {
            &self.inline[..self.len]
        } else {
            &self.spilled
        }
    }
}

#[cfg(test)]
mod tests {
    use super::StackList;

    /// The items come back in order below, at and past the inline capacity.
    #[test]
    fn keeps_every_item_in_order() {
        for count in 0..12 {
            let mut list: StackList<u32, 4> = StackList::new(0);
            for i in 0..count {
                list.push(i);
            }
            assert_eq!(list.as_slice(), (0..count).collect::<Vec<_>>());
        }
    }
}
