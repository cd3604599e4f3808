//! The Puppet model's tests, one binary: reflection over the generated model, the model table
//! against `test_data/pn/ast_classes.txt`, and PN (Puppet's own notation of the model): snippets,
//! edge cases, the differential fixtures and streaming. `pn_util` is their shared model builder.

mod pn_util;

mod model_reflection;
mod pn_differential;
mod pn_edge_cases;
mod pn_model_table;
mod pn_snippets;
mod pn_streaming;
