//! The classes of the Pcore type names in a payload's object starts (`Puppet::AST::<name>`),
//! found by a perfect hash built once from the model description (see [`ClassTable`]).

use std::sync::OnceLock;

use super::read_node::same_bytes;
use super::reader::Class;
use crate::model::{LocatorAttr, ModelClass};

/// The classes a Pcore type name `Puppet::AST::<name>` can name (the Program, the Locator, the
/// concrete positioned classes), found by a perfect hash of three words of the name (its first,
/// middle and last 8 bytes) and its length: a file's object starts name each of its classes
/// once, and a `HashMap` (hashing every byte, then `memcmp`) showed in profiles.
struct ClassTable {
    /// The multiplier of [`ClassTable::slot`], chosen when the table is built so that no two
    /// names share a slot.
    seed: u64,
    /// An index into `classes` plus one per slot (0: no class).
    slots: Box<[u8; ClassTable::SLOTS]>,
    classes: Vec<(&'static [u8], Class)>,
}

impl ClassTable {
    const SLOTS: usize = 1024;

    #[inline]
    fn slot(seed: u64, name: &[u8]) -> usize {
        let word = |at: usize| {
            let mut bytes = [0u8; 8];
            let chunk = name.get(at..).unwrap_or_default();
            let n = chunk.len().min(8);
            bytes[..n].copy_from_slice(&chunk[..n]);
            u64::from_le_bytes(bytes)
        };
        let len = name.len();
        let key = word(0)
            ^ word((len / 2).saturating_sub(4)).rotate_left(21)
            ^ word(len.saturating_sub(8)).rotate_left(42)
            ^ len as u64;
        (key.wrapping_mul(seed) >> 54) as usize
    }

    fn build() -> ClassTable {
        let short = |pcore_name: &'static str| {
            pcore_name
                .strip_prefix("Puppet::AST::")
                .expect("every class of the model is in Puppet::AST")
                .as_bytes()
        };
        let mut classes: Vec<(&'static [u8], Class)> = ModelClass::ALL
            .iter()
            .filter(|c| !c.is_abstract() && c.is_positioned())
            .map(|&c| (short(c.pcore_name()), Class::Node(c)))
            .collect();
        classes.push((short(ModelClass::Program.pcore_name()), Class::Program));
        classes.push((short(LocatorAttr::PCORE_NAME), Class::Locator));
        assert!(classes.len() < 256, "class indices fit a byte");
        // Odd multipliers from a fixed sequence until one separates every name (a few tries:
        // ~80 names in 1,024 slots; a test builds the table).
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..10_000 {
            let mut slots = Box::new([0u8; ClassTable::SLOTS]);
            let separated = classes.iter().enumerate().all(|(i, (name, _))| {
                let slot = &mut slots[ClassTable::slot(seed, name)];
                let free = *slot == 0;
                *slot = i as u8 + 1;
                free
            });
            if separated {
                return ClassTable {
                    seed,
                    slots,
                    classes,
                };
            }
            seed = seed.wrapping_mul(0x5851_f42d_4c95_7f2d).wrapping_add(2) | 1;
        }
        panic!("no multiplier separates the class names: change ClassTable::slot");
    }

    #[inline]
    fn get(&self, name: &[u8]) -> Option<Class> {
        let index = usize::from(self.slots[ClassTable::slot(self.seed, name)]).checked_sub(1)?;
        let (known, class) = self.classes[index];
        same_bytes(known, name).then_some(class)
    }
}

/// The class a Pcore type name `Puppet::AST::<name>` names: the Program, the Locator or a
/// concrete positioned class (a table built once from the description).
pub(super) fn class_by_name(name: &[u8]) -> Option<Class> {
    static CLASSES: OnceLock<ClassTable> = OnceLock::new();
    CLASSES.get_or_init(ClassTable::build).get(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every concrete positioned class, the Program and the Locator are found by their
    /// `Puppet::AST::` name; abstract classes are not.
    #[test]
    fn class_names_resolve() {
        for &c in ModelClass::ALL {
            let short = c.pcore_name().strip_prefix("Puppet::AST::").unwrap();
            let expected = match c {
                ModelClass::Program => Some(Class::Program),
                c if !c.is_abstract() && c.is_positioned() => Some(Class::Node(c)),
                _ => None,
            };
            assert_eq!(class_by_name(short.as_bytes()), expected, "{c:?}");
        }
        assert_eq!(class_by_name(b"Locator"), Some(Class::Locator));
        assert_eq!(class_by_name(b"Nope"), None);
    }
}
