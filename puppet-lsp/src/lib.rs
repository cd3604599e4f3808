//! `puppet-lsp`: the Puppet language server (`puppet-parser lsp`).
//!
//! Built on the project's error-tolerant parser, its validator for each Puppet release, the
//! linter and the formatter, so that a buffer that does not parse still has every syntax
//! error, an outline, navigation and completion.
//!
//! * [`server`]: the main loop over [`lsp_server::Connection`]: requests run on a worker pool
//!   against a [`state::Snapshot`], cancelled ones (and ones about a version the client has
//!   edited since) are answered as such, and a panic in a request is an error reply, not the
//!   end of the server.
//! * [`transport`]: stdin and stdout, lsp-server's framing, and notifications whose
//!   parameters a worker has already made into JSON text.
//! * [`document`]: open documents, incremental sync, offsets ↔ the client's positions.
//! * [`analysis`]: one document version parsed, validated and linted, computed once.
//! * [`config`]: the settings (`initializationOptions`, `workspace/didChangeConfiguration`,
//!   `.puppet-lint.rc`).
//! * [`workspace`]: the client's folders read as a Puppet environment and indexed in parallel:
//!   definitions (from `puppet-workspace`) and the references of every file ([`refs`]).
//! * [`refs`] and [`scope`]: what a name under the cursor refers to: classes, defined types,
//!   functions, type aliases, resource types and their attributes, and variables.
//! * [`resolve`]: what a reference refers to across the workspace.
//! * [`features`]: one module per request.
//! * [`builtins`]: Puppet's built-in functions and Facter 4's facts (generated tables).
//!
//! The server on an in-memory connection, as the tests and an embedding editor drive it:
//!
//! ```
//! use lsp_server::{Connection, Message, Notification, Request, RequestId};
//! use serde_json::json;
//!
//! let (server, client) = Connection::memory();
//! let thread = std::thread::spawn(move || puppet_lsp::server::run(server));
//! let request = |id: i32, method: &str, params| {
//!     Message::Request(Request::new(RequestId::from(id), method.to_string(), params))
//! };
//! client.sender.send(request(1, "initialize", json!({"capabilities": {}}))).unwrap();
//! let Message::Response(reply) = client.receiver.recv().unwrap() else { panic!() };
//! assert!(reply.result.unwrap()["capabilities"]["definitionProvider"] == true);
//! client.sender.send(Message::Notification(Notification::new("initialized".into(), json!({})))).unwrap();
//! client.sender.send(request(2, "shutdown", json!(null))).unwrap();
//! client.sender.send(Message::Notification(Notification::new("exit".into(), json!(null)))).unwrap();
//! assert_eq!(thread.join().unwrap(), Ok(()));
//! ```

pub mod analysis;
pub mod builtins;
pub mod config;
pub mod document;
pub mod features;
pub mod refs;
pub mod resolve;
pub mod scope;
pub mod server;
pub mod state;
pub mod transport;
pub mod workspace;
