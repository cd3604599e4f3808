//! A cursor over the lossless CST (like tree-sitter's `TSTreeCursor`): it stands on one node or
//! token and moves to the first child, the next sibling or the parent (or the first child and
//! next sibling that are not trivia); it reports the kind (a number and its name, e.g.
//! `CLASS_DEF`, `NAME`), the byte range and the text.
//!
//! Kind numbers in C are `SyntaxKind` + 1, so that 0 ([`PUPPET_CST_KIND_NONE`]) is no kind at
//! all (what a NULL cursor reports) and never a real one such as `WHITESPACE`, which is
//! `SyntaxKind` 0.
//!
//! The result keeps the CST as its immutable, shareable green tree; each cursor builds its own
//! navigable (red) tree over it, which is why a cursor is used by one thread at a time while
//! any number of cursors over the same result may run in parallel.

use std::ffi::c_char;

use puppet_syntax::syntax::SyntaxElement;
use puppet_syntax::SyntaxKind;
use rowan::NodeOrToken;

use crate::result::{puppet_result, result_ref};
use crate::status::{guard, guard_status, puppet_status, ApiError, ApiResult};
use crate::strings::static_cstr;

/// The kind number of no kind: what `puppet_cst_cursor_kind` returns for a NULL cursor. No
/// element has it.
pub const PUPPET_CST_KIND_NONE: u16 = 0;

/// The C number of a kind (0 is [`PUPPET_CST_KIND_NONE`]).
fn kind_number(kind: SyntaxKind) -> u16 {
    kind as u16 + 1
}

/// The kind of a C number; `None` for [`PUPPET_CST_KIND_NONE`] and numbers past the last kind.
fn kind_of(number: u16) -> Option<SyntaxKind> {
    SyntaxKind::from_u16(number.checked_sub(1)?)
}

/// Whether an element counts for the `*_named_*` moves: it is not trivia.
fn is_named(element: &SyntaxElement) -> bool {
    !element.kind().is_trivia()
}

/// A position in the CST of a result. Opaque; make one with `puppet_cst_cursor_new`, free it
/// with `puppet_cst_cursor_free` before the result.
pub struct puppet_cst_cursor {
    /// The result's text (offsets of the tree point into it); kept alive by the result, which
    /// must outlive the cursor (documented).
    text: *const u8,
    text_len: usize,
    current: SyntaxElement,
    depth: u32,
}

/// Makes a cursor on the root node (`SOURCE_FILE`) of the result's CST, stored in `*out`.
/// `PUPPET_ERROR_UNAVAILABLE` unless the result was parsed with `PUPPET_PARSE_CST`.
///
/// Ownership: the caller owns `*out` and frees it with `puppet_cst_cursor_free`, before the
/// result. Thread safety: a cursor is used by one thread at a time; several cursors over one
/// result may be used from different threads at once.
#[no_mangle]
pub extern "C" fn puppet_cst_cursor_new(
    result: *const puppet_result,
    out: *mut *mut puppet_cst_cursor,
) -> puppet_status {
    guard_status("puppet_cst_cursor_new", || {
        if out.is_null() {
            return Err(ApiError::null("out"));
        }
        // SAFETY: non-NULL and writable (documented).
        unsafe { out.write(std::ptr::null_mut()) };
        let result = result_ref(result)?;
        let root = result.parsed.syntax_node().ok_or_else(|| {
            ApiError::new(
                puppet_status::PUPPET_ERROR_UNAVAILABLE,
                "the result has no CST (parse with PUPPET_PARSE_CST)",
            )
        })?;
        let cursor = Box::new(puppet_cst_cursor {
            text: result.parsed.text.as_ptr(),
            text_len: result.parsed.text.len(),
            current: NodeOrToken::Node(root),
            depth: 0,
        });
        // SAFETY: as above.
        unsafe { out.write(Box::into_raw(cursor)) };
        Ok(())
    })
}

/// Frees a cursor. NULL is allowed and does nothing.
#[no_mangle]
pub extern "C" fn puppet_cst_cursor_free(cursor: *mut puppet_cst_cursor) {
    guard(
        "puppet_cst_cursor_free",
        |_| (),
        || {
            if !cursor.is_null() {
                // SAFETY: made by Box::into_raw in puppet_cst_cursor_new, freed once.
                drop(unsafe { Box::from_raw(cursor) });
            }
            Ok(())
        },
    )
}

fn cursor_ref<'a>(cursor: *const puppet_cst_cursor) -> ApiResult<&'a puppet_cst_cursor> {
    // SAFETY: NULL or a live cursor (documented).
    unsafe { cursor.as_ref() }.ok_or_else(|| ApiError::null("cursor"))
}

fn cursor_mut<'a>(cursor: *mut puppet_cst_cursor) -> ApiResult<&'a mut puppet_cst_cursor> {
    // SAFETY: NULL or a live cursor used by this thread only (documented).
    unsafe { cursor.as_mut() }.ok_or_else(|| ApiError::null("cursor"))
}

/// Runs a move; 1 when the cursor moved, 0 when there is nowhere to go (or `cursor` is NULL).
fn movement(
    name: &str,
    cursor: *mut puppet_cst_cursor,
    step: impl FnOnce(&puppet_cst_cursor) -> Option<(SyntaxElement, u32)>,
) -> i32 {
    guard(
        name,
        |_| 0,
        || {
            let cursor = cursor_mut(cursor)?;
            Ok(match step(cursor) {
                Some((element, depth)) => {
                    cursor.current = element;
                    cursor.depth = depth;
                    1
                }
                None => 0,
            })
        },
    )
}

/// Moves to the first child (node or token, trivia included) of the current node. Returns 1
/// when it moved, 0 when the cursor is on a token or a node without children.
#[no_mangle]
pub extern "C" fn puppet_cst_cursor_goto_first_child(cursor: *mut puppet_cst_cursor) -> i32 {
    movement("puppet_cst_cursor_goto_first_child", cursor, |c| {
        let node = c.current.as_node()?;
        Some((node.first_child_or_token()?, c.depth + 1))
    })
}

/// Moves to the first *named* child of the current node: the first child that is not trivia
/// (whitespace and line ends, line and block comments, heredoc bodies, EPP's tags and
/// comments: the kinds of `puppet_cst_kind_is_trivia`). Punctuation and keyword tokens are
/// named here, unlike tree-sitter's anonymous nodes. Returns 1 when it moved, 0 (the cursor
/// unchanged) when the cursor is on a token or a node with no such child.
#[no_mangle]
pub extern "C" fn puppet_cst_cursor_goto_first_named_child(cursor: *mut puppet_cst_cursor) -> i32 {
    movement("puppet_cst_cursor_goto_first_named_child", cursor, |c| {
        let node = c.current.as_node()?;
        let child = node.children_with_tokens().find(is_named)?;
        Some((child, c.depth + 1))
    })
}

/// Moves to the next sibling that is not trivia (see
/// `puppet_cst_cursor_goto_first_named_child`). Returns 1 when it moved, 0 (the cursor
/// unchanged) when no later sibling is named.
#[no_mangle]
pub extern "C" fn puppet_cst_cursor_goto_next_named_sibling(cursor: *mut puppet_cst_cursor) -> i32 {
    movement("puppet_cst_cursor_goto_next_named_sibling", cursor, |c| {
        let next = std::iter::successors(c.current.next_sibling_or_token(), |e| {
            e.next_sibling_or_token()
        })
        .find(is_named)?;
        Some((next, c.depth))
    })
}

/// Moves to the next sibling (node or token). Returns 1 when it moved, 0 on the last child or
/// the root.
#[no_mangle]
pub extern "C" fn puppet_cst_cursor_goto_next_sibling(cursor: *mut puppet_cst_cursor) -> i32 {
    movement("puppet_cst_cursor_goto_next_sibling", cursor, |c| {
        Some((c.current.next_sibling_or_token()?, c.depth))
    })
}

/// Moves to the parent node. Returns 1 when it moved, 0 on the root.
#[no_mangle]
pub extern "C" fn puppet_cst_cursor_goto_parent(cursor: *mut puppet_cst_cursor) -> i32 {
    movement("puppet_cst_cursor_goto_parent", cursor, |c| {
        let parent = c.current.parent()?;
        Some((NodeOrToken::Node(parent), c.depth.saturating_sub(1)))
    })
}

/// The kind number of the current element (see `puppet_cst_kind_name`; never 0);
/// `PUPPET_CST_KIND_NONE` (0) for NULL.
#[no_mangle]
pub extern "C" fn puppet_cst_cursor_kind(cursor: *const puppet_cst_cursor) -> u16 {
    guard(
        "puppet_cst_cursor_kind",
        |_| PUPPET_CST_KIND_NONE,
        || Ok(kind_number(cursor_ref(cursor)?.current.kind())),
    )
}

/// The kind name of the current element (`"CLASS_DEF"`, `"NAME"`; static), NULL for NULL.
#[no_mangle]
pub extern "C" fn puppet_cst_cursor_kind_name(cursor: *const puppet_cst_cursor) -> *const c_char {
    guard(
        "puppet_cst_cursor_kind_name",
        |_| std::ptr::null(),
        || Ok(static_cstr(cursor_ref(cursor)?.current.kind().name())),
    )
}

/// 1 when the cursor is on a token (a leaf holding text), 0 on a node (or NULL).
#[no_mangle]
pub extern "C" fn puppet_cst_cursor_is_token(cursor: *const puppet_cst_cursor) -> i32 {
    guard(
        "puppet_cst_cursor_is_token",
        |_| 0,
        || Ok(i32::from(cursor_ref(cursor)?.current.as_token().is_some())),
    )
}

/// How many moves below the root the cursor is (the root is 0).
#[no_mangle]
pub extern "C" fn puppet_cst_cursor_depth(cursor: *const puppet_cst_cursor) -> u32 {
    guard(
        "puppet_cst_cursor_depth",
        |_| 0,
        || Ok(cursor_ref(cursor)?.depth),
    )
}

/// The byte range of the current element in the result's text: `*start` and `*end` (exclusive;
/// either may be NULL).
#[no_mangle]
pub extern "C" fn puppet_cst_cursor_range(
    cursor: *const puppet_cst_cursor,
    start: *mut u32,
    end: *mut u32,
) -> puppet_status {
    guard_status("puppet_cst_cursor_range", || {
        let range = cursor_ref(cursor)?.current.text_range();
        // SAFETY: NULL or writable (documented).
        unsafe {
            if let Some(start) = start.as_mut() {
                *start = range.start().into();
            }
            if let Some(end) = end.as_mut() {
                *end = range.end().into();
            }
        }
        Ok(())
    })
}

/// The source text of the current element (for a node, all the text below it), borrowed from
/// the result (valid while the result lives, not NUL-terminated); its length goes to
/// `*length` (may be NULL). NULL for NULL.
#[no_mangle]
pub extern "C" fn puppet_cst_cursor_text(
    cursor: *const puppet_cst_cursor,
    length: *mut usize,
) -> *const c_char {
    guard(
        "puppet_cst_cursor_text",
        |_| std::ptr::null(),
        || {
            let cursor = cursor_ref(cursor)?;
            let range = cursor.current.text_range();
            let (start, end) = (usize::from(range.start()), usize::from(range.end()));
            if end > cursor.text_len || start > end {
                return Err(ApiError::new(
                    puppet_status::PUPPET_ERROR_PANIC,
                    "internal error: CST range outside the text",
                ));
            }
            // SAFETY: NULL or writable (documented).
            if let Some(length) = unsafe { length.as_mut() } {
                *length = end - start;
            }
            // SAFETY: start <= text_len, inside the result's text, which outlives the cursor.
            Ok(unsafe { cursor.text.add(start) }.cast())
        },
    )
}

/// The name of kind number `kind` (`"CLASS_DEF"`; static), or NULL for a number that is no
/// kind (`PUPPET_CST_KIND_NONE` among them).
#[no_mangle]
pub extern "C" fn puppet_cst_kind_name(kind: u16) -> *const c_char {
    guard(
        "puppet_cst_kind_name",
        |_| std::ptr::null(),
        || {
            let kind = kind_of(kind)
                .ok_or_else(|| ApiError::argument(format!("{kind} is not a CST kind number")))?;
            Ok(static_cstr(kind.name()))
        },
    )
}

/// The number of the kind named `name` (NUL-terminated, e.g. `"RESOURCE_EXPR"`; never 0), or
/// -1 when no kind has that name. Kind numbers may change between versions; names do not.
#[no_mangle]
pub extern "C" fn puppet_cst_kind_from_name(name: *const c_char) -> i32 {
    guard(
        "puppet_cst_kind_from_name",
        |_| -1,
        || {
            let name =
                crate::strings::utf8_arg(name, "name")?.ok_or_else(|| ApiError::null("name"))?;
            Ok((0..=u16::MAX)
                .map_while(SyntaxKind::from_u16)
                .find(|k| k.name() == name)
                .map_or(-1, |k| i32::from(kind_number(k))))
        },
    )
}

/// 1 when kind number `kind` is trivia (whitespace, comments, heredoc bodies, EPP tags the
/// grammar does not see), 0 otherwise.
#[no_mangle]
pub extern "C" fn puppet_cst_kind_is_trivia(kind: u16) -> i32 {
    i32::from(kind_of(kind).is_some_and(SyntaxKind::is_trivia))
}
