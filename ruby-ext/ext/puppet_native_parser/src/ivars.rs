//! Setting a new model object's instance variables in one step on Ruby 3.1.
//!
//! `rb_ivar_set` looks each variable up in its class's index table (an `st_table` keyed by
//! the variable's ID) and, for an object's fourth variable, moves the object's variables from
//! its slot to a heap array. A model object has 4 to 8 of them (`@hash`, `@locator`,
//! `@offset`, `@length`, its attributes), all set at once on a new object, always of the same
//! names in the same order, so the lookups are the same for every object of a class: that was
//! about a tenth of building the Ruby model.
//!
//! On Ruby 3.1 an object's variables are a plain array (`ROBJECT_IVPTR`, public in
//! `ruby/internal/core/robject.h`), indexed by the class's table. [`IvarSlots::probe`] finds,
//! once per class, where each variable lands, by setting them to distinct small Integers on a
//! scratch object through `rb_ivar_set` and looking at the array; [`IvarSlots::set_all`] then
//! sets the variable with the highest index through `rb_ivar_set` (Ruby allocates the heap
//! array, sized for every variable the class has) and writes the others into their slots with
//! the write barrier `RB_OBJ_WRITE` calls. Nothing is assumed that the probe did not see: a
//! class whose probe finds anything else, an object whose array turns out smaller than the
//! probe's, or any other Ruby version (compiled out) goes through `rb_ivar_set` for every
//! variable. The gem's corpus spec compares every object's variables, in order, with the ones
//! Puppet's own parser sets.

#[cfg(ruby_3_1_objects)]
use rb_sys::ruby_special_consts;
use rb_sys::{ID, VALUE};

/// The most variables of one model object (`@hash`, `@locator`, `@offset`, `@length` and up to
/// `builder::MAX_ATTRIBUTES` attributes).
pub const MAX_IVARS: usize = 12;

/// Where the instance variables of one class live in its objects' variable arrays.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(not(ruby_3_1_objects), allow(dead_code))]
pub struct IvarSlots {
    /// `slots[i]`: the array index of the `i`-th variable (in the order given to `probe`).
    slots: [u32; MAX_IVARS],
    /// The position (in that order) of the variable with the highest index: set first, through
    /// `rb_ivar_set`, so that Ruby makes the array at its full size.
    first: usize,
    /// The highest index.
    highest: u32,
}

impl IvarSlots {
    /// Finds the slots of `ids` (in order) in `class`'s objects, or `None` when this Ruby's
    /// objects are not laid out as expected (then `rb_ivar_set` is used for every variable).
    ///
    /// # Safety
    /// Raw Ruby C API calls: the GVL must be held; `class` is a class that allocates plain
    /// objects (`T_OBJECT`).
    #[cfg(ruby_3_1_objects)]
    pub unsafe fn probe(class: VALUE, ids: &[ID]) -> Option<IvarSlots> {
        if ids.is_empty() || ids.len() > MAX_IVARS {
            return None;
        }
        // Distinct Integers: each found in exactly one slot tells where its variable lives.
        let scratch = rb_sys::rb_obj_alloc(class);
        for (i, &id) in ids.iter().enumerate() {
            rb_sys::rb_ivar_set(scratch, id, small_integer(i));
        }
        let (numiv, ivptr) = heap_ivars(scratch)?;
        let mut slots = [u32::MAX; MAX_IVARS];
        for slot in 0..numiv {
            let value = *ivptr.add(slot as usize);
            if let Some(i) = (0..ids.len()).find(|&i| small_integer(i) == value) {
                if slots[i] != u32::MAX {
                    return None;
                }
                slots[i] = slot;
            }
        }
        let slots_of_ids = &slots[..ids.len()];
        if slots_of_ids.contains(&u32::MAX) {
            return None;
        }
        let (first, &highest) = slots_of_ids.iter().enumerate().max_by_key(|&(_, s)| *s)?;
        let found = IvarSlots {
            slots,
            first,
            highest,
        };
        // A second object, set as `set_all` sets them, must read back the same through Ruby.
        let check = rb_sys::rb_obj_alloc(class);
        let mut values = [0; MAX_IVARS];
        for (i, value) in values.iter_mut().enumerate() {
            *value = small_integer(i + 100);
        }
        let values = &values[..ids.len()];
        found.set_all(check, ids, values);
        let agrees = ids
            .iter()
            .zip(values)
            .all(|(&id, &value)| rb_sys::rb_ivar_get(check, id) == value);
        std::hint::black_box((scratch, check));
        agrees.then_some(found)
    }

    /// Without the Ruby 3.1 layout, no class has known slots.
    #[cfg(not(ruby_3_1_objects))]
    pub unsafe fn probe(_class: VALUE, _ids: &[ID]) -> Option<IvarSlots> {
        None
    }

    /// Sets `object`'s variables `ids` to `values` (a new object of the probed class, whose
    /// variables are all unset; nothing is allocated in Ruby between the first variable and
    /// the last, so a GC cannot see the array half written).
    ///
    /// # Safety
    /// As for `probe`; `object` was just allocated from the class this was probed on, and the
    /// values are kept alive by the caller.
    #[cfg(ruby_3_1_objects)]
    pub unsafe fn set_all(&self, object: VALUE, ids: &[ID], values: &[VALUE]) {
        rb_sys::rb_ivar_set(object, ids[self.first], values[self.first]);
        match heap_ivars(object) {
            Some((numiv, ivptr)) if numiv > self.highest => {
                for (i, &value) in values.iter().enumerate() {
                    if i == self.first {
                        continue;
                    }
                    // `RB_OBJ_WRITE`: the store, then the write barrier for a heap object.
                    *ivptr.add(self.slots[i] as usize) = value;
                    if !special_const(value) {
                        rb_sys::rb_gc_writebarrier(object, value);
                    }
                }
            }
            _ => set_each(object, ids, values),
        }
    }

    #[cfg(not(ruby_3_1_objects))]
    pub unsafe fn set_all(&self, object: VALUE, ids: &[ID], values: &[VALUE]) {
        set_each(object, ids, values);
    }
}

/// `rb_ivar_set` for each variable, in order.
///
/// # Safety
/// Raw Ruby C API calls with the GVL held.
pub unsafe fn set_each(object: VALUE, ids: &[ID], values: &[VALUE]) {
    for (&id, &value) in ids.iter().zip(values) {
        rb_sys::rb_ivar_set(object, id, value);
    }
}

/// The length and address of a plain object's heap variable array, or `None` when its
/// variables are embedded in the object.
#[cfg(ruby_3_1_objects)]
unsafe fn heap_ivars(object: VALUE) -> Option<(u32, *mut VALUE)> {
    let robject = object as *const rb_sys::RObject;
    let embedded = (*robject).basic.flags & rb_sys::ruby_robject_flags::ROBJECT_EMBED as VALUE;
    if embedded != 0 {
        return None;
    }
    let heap = (*robject).as_.heap;
    (!heap.ivptr.is_null()).then_some((heap.numiv, heap.ivptr))
}

/// `RB_SPECIAL_CONST_P`: an immediate (Integer, Float, Symbol, `true`), `nil` or `false`.
#[cfg(ruby_3_1_objects)]
fn special_const(value: VALUE) -> bool {
    value & ruby_special_consts::RUBY_IMMEDIATE_MASK as VALUE != 0
        || value == ruby_special_consts::RUBY_Qnil as VALUE
        || value == ruby_special_consts::RUBY_Qfalse as VALUE
}

/// The Integer `i` (a Fixnum).
#[cfg(ruby_3_1_objects)]
fn small_integer(i: usize) -> VALUE {
    ((i as VALUE) << 1) | ruby_special_consts::RUBY_FIXNUM_FLAG as VALUE
}
