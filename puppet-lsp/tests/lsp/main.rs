//! The language server's tests through the protocol: an in-memory client drives the server
//! as an editor would (`client`), over the fixture control repository in `tests/fixtures`.
//! Results are compared with goldens in `goldens/` (`UPDATE_EXPECT=1` rewrites them).

mod client;
mod corpus_definitions;
mod protocol;
mod robustness;
