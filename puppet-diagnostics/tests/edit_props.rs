//! Property tests of `TextEdit`: whatever indels are added in whatever order, the ones
//! accepted apply as applying each on its own from the end of the text backwards would, and
//! offsets map to the same places.

use proptest::prelude::*;
use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::TextRange;

fn indel(len: u32) -> impl Strategy<Value = Indel> {
    (0..=len, 0..=len, "[a-c]{0,3}").prop_map(|(a, b, insert)| {
        let (start, end) = (a.min(b), a.max(b));
        Indel::replace(TextRange::new(start.into(), end.into()), insert)
    })
}

proptest! {
    #[test]
    fn accepted_indels_apply_like_one_at_a_time_from_the_end(
        text in "[x-z]{0,12}",
        raw in prop::collection::vec(indel(12), 0..6),
    ) {
        let len = text.len() as u32;
        let mut edit = TextEdit::new();
        let mut accepted = Vec::new();
        for i in raw.into_iter().filter(|i| u32::from(i.delete.end()) <= len) {
            if edit.add(i.clone()).is_ok() && !i.is_empty() {
                accepted.push(i);
            }
        }
        // One at a time, from the last start backwards (at one start, the range before the
        // insertions, which come first in the result in the order they were added).
        let mut expected = text.clone();
        let mut order: Vec<(usize, &Indel)> = accepted.iter().enumerate().collect();
        order.sort_by_key(|(n, i)| (std::cmp::Reverse(i.delete.start()), i.delete.is_empty(), std::cmp::Reverse(*n)));
        for (_, i) in order {
            expected.replace_range(usize::from(i.delete.start())..usize::from(i.delete.end()), &i.insert);
        }
        prop_assert_eq!(edit.apply(&text).unwrap(), expected);
        // An offset outside every range moves by what was inserted and deleted before it.
        for offset in 0..=len {
            let inside = accepted.iter().any(|i| i.delete.start() < offset.into() && offset < u32::from(i.delete.end()));
            if inside { continue; }
            let shift: i64 = accepted
                .iter()
                .filter(|i| u32::from(i.delete.end()) <= offset && !(i.delete.is_empty() && u32::from(i.delete.start()) > offset))
                .map(|i| i.insert.len() as i64 - i64::from(u32::from(i.delete.len())))
                .sum();
            prop_assert_eq!(i64::from(u32::from(edit.map_offset(offset.into()))), i64::from(offset) + shift);
        }
    }
}
