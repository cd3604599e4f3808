//! Test support shared by the project's crates.
