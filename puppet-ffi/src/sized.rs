//! Structs the library fills in for the caller (`puppet_diagnostic` through
//! `puppet_result_diagnostic_get`, `puppet_model_attr` through `puppet_model_attr_get_sized`)
//! grow the way `puppet_options` does: fields are only appended, and the caller passes the size
//! of the struct its header declares. [`write_sized`] writes the fields that fit in that size
//! and zeroes the bytes past the library's own struct, so a program compiled against an older
//! header (a smaller struct) is never written past, and one compiled against a newer header (a
//! larger struct) finds the fields this library does not know at zero. A size smaller than the
//! first published struct is refused (`PUPPET_ERROR_ARGUMENT`): no header ever declared it.
//!
//! The functions of the first header that filled a struct without a size keep their symbols
//! and write that header's struct only ([`first_size`] bytes).

use crate::status::{ApiError, ApiResult};

/// The largest size accepted: a struct of a newer header. Anything larger is taken for a wrong
/// argument (a pointer or a count passed as the size).
pub(crate) const MAX_STRUCT_SIZE: usize = 1024;

/// The size of the first published layout of a struct: the end of its last field then.
pub(crate) const fn first_size(last_field_offset: usize, last_field_size: usize) -> usize {
    last_field_offset + last_field_size
}

/// Checks that `size` is a size some header gave struct `what` (from `first` bytes up).
pub(crate) fn check_size(what: &str, size: usize, first: usize) -> ApiResult<()> {
    if (first..=MAX_STRUCT_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(ApiError::argument(format!(
            "the size of {what} is {size}; this library takes {first} (its first header's) to \
             {MAX_STRUCT_SIZE}: pass sizeof the struct"
        )))
    }
}

/// Copies `value` into the caller's struct at `out`, which has `size` bytes: the first
/// `min(size, size_of::<T>())` bytes of `value`, then zeros up to `size`.
///
/// # Safety
/// `out` is non-NULL and points to `size` writable bytes; `size` passed [`check_size`].
pub(crate) unsafe fn write_sized<T: Copy>(out: *mut T, size: usize, value: &T) {
    let ours = std::mem::size_of::<T>();
    let out = out.cast::<u8>();
    std::ptr::copy_nonoverlapping((value as *const T).cast::<u8>(), out, size.min(ours));
    if size > ours {
        std::ptr::write_bytes(out.add(ours), 0, size - ours);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy)]
    #[repr(C)]
    struct Grown {
        a: u32,
        b: u32,
        c: u32,
    }

    #[test]
    fn writes_what_fits_and_zeroes_what_the_library_does_not_know() {
        let value = Grown { a: 1, b: 2, c: 3 };
        let first = first_size(std::mem::offset_of!(Grown, b), 4);
        assert_eq!(first, 8);
        let mut bytes = [0xAAu8; 32];
        check_size("Grown", 8, first).unwrap();
        unsafe { write_sized(bytes.as_mut_ptr().cast::<Grown>(), 8, &value) };
        assert_eq!(&bytes[..8], [1, 0, 0, 0, 2, 0, 0, 0]);
        assert!(
            bytes[8..].iter().all(|&b| b == 0xAA),
            "wrote past the struct"
        );
        let mut bytes = [0xAAu8; 32];
        unsafe { write_sized(bytes.as_mut_ptr().cast::<Grown>(), 20, &value) };
        assert_eq!(&bytes[..12], [1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0]);
        assert!(bytes[12..20].iter().all(|&b| b == 0));
        assert!(
            bytes[20..].iter().all(|&b| b == 0xAA),
            "wrote past the struct"
        );
        assert!(check_size("Grown", 7, first).is_err());
        assert!(check_size("Grown", MAX_STRUCT_SIZE + 1, first).is_err());
    }
}
