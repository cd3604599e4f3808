//! XPP's tests (PRFC-23 pre-parsed files), one binary: the writer, the checked reader, and the
//! round trip of the corpus with corrupted files that the reader must refuse. The comparisons
//! with Ruby (`xpp_corpus`, `xpp_ruby_reads`) are modules of the `differential/` binary, which
//! `scripts/differential` runs.

mod xpp_reader;
mod xpp_roundtrip;
mod xpp_writer;
