//! The workspace layer's integration tests, one binary: the walk (`walk`), environments and
//! modules (`environment`), the index of definitions (`index`) on temporary trees and the
//! fixtures of `tests/fixtures/`, and the index of the Debian corpus's module path (`corpus`,
//! skipped with a note when it is not installed). `common` makes the temporary trees.

mod common;

mod corpus;
mod environment;
mod index;
mod walk;
