//! A client for the tests: the server on an in-memory connection, on its own thread, and
//! helpers that send requests and wait for replies and notifications.

use std::path::{Path, PathBuf};
use std::time::Duration;

use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use serde_json::{json, Value};

pub struct Client {
    connection: Connection,
    thread: Option<std::thread::JoinHandle<Result<(), String>>>,
    next_id: i32,
    /// Notifications received while waiting for something else.
    pub notifications: Vec<Notification>,
    pub root: PathBuf,
}

pub const TIMEOUT: Duration = Duration::from_secs(30);

/// A copy of the fixture control repository in a temporary directory (tests edit it).
pub fn fixture_copy() -> (puppet_test_support::cli::TempDir, PathBuf) {
    let dir = puppet_test_support::cli::TempDir::new();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/control");
    let target = dir.0.join("control");
    copy_tree(&source, &target);
    (dir, target)
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

pub fn uri(path: &Path) -> String {
    lsp_types::Url::from_file_path(path).unwrap().to_string()
}

impl Client {
    /// Starts the server with `root` as the workspace folder and `options` as
    /// `initializationOptions`, and waits for the index.
    pub fn start(root: &Path, options: Value) -> Client {
        let (server, client) = Connection::memory();
        let thread = std::thread::spawn(move || puppet_lsp::server::run(server));
        let mut client = Client {
            connection: client,
            thread: Some(thread),
            next_id: 0,
            notifications: Vec::new(),
            root: root.to_path_buf(),
        };
        let init = client.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": uri(root),
                "capabilities": { "window": { "workDoneProgress": true } },
                "initializationOptions": options,
            }),
        );
        assert!(init.get("capabilities").is_some(), "{init}");
        client.notify("initialized", json!({}));
        client.wait_for_notification("$/progress", |p| p["value"]["kind"] == "end");
        client
    }

    pub fn notify(&self, method: &str, params: Value) {
        self.connection
            .sender
            .send(Message::Notification(Notification::new(
                method.to_string(),
                params,
            )))
            .unwrap();
    }

    /// Sends a request and returns its id (the reply is read by [`Client::reply`]).
    pub fn send(&mut self, method: &str, params: Value) -> RequestId {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        self.connection
            .sender
            .send(Message::Request(Request::new(
                id.clone(),
                method.to_string(),
                params,
            )))
            .unwrap();
        id
    }

    /// The reply to request `id`.
    pub fn reply(&mut self, id: RequestId) -> Response {
        loop {
            match self
                .connection
                .receiver
                .recv_timeout(TIMEOUT)
                .expect("a reply in time")
            {
                Message::Response(r) if r.id == id => return r,
                Message::Response(_) => {}
                Message::Notification(n) => self.notifications.push(n),
                Message::Request(r) => {
                    // The server's requests (progress tokens): answered with null.
                    self.connection
                        .sender
                        .send(Message::Response(Response::new_ok(r.id, Value::Null)))
                        .unwrap();
                }
            }
        }
    }

    /// Sends a request and returns its result (panics on an error reply).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.send(method, params.clone());
        let response = self.reply(id);
        if let Some(error) = response.error {
            panic!("{method} {params} failed: {} {}", error.code, error.message);
        }
        response.result.unwrap_or(Value::Null)
    }

    /// Waits for a notification of `method` whose params satisfy `matches`.
    pub fn wait_for_notification(
        &mut self,
        method: &str,
        matches: impl Fn(&Value) -> bool,
    ) -> Value {
        if let Some(i) = self
            .notifications
            .iter()
            .position(|n| n.method == method && matches(&n.params))
        {
            return self.notifications.remove(i).params;
        }
        loop {
            match self
                .connection
                .receiver
                .recv_timeout(TIMEOUT)
                .expect("a notification in time")
            {
                Message::Notification(n) if n.method == method && matches(&n.params) => {
                    return n.params
                }
                Message::Notification(n) => self.notifications.push(n),
                Message::Request(r) => {
                    self.connection
                        .sender
                        .send(Message::Response(Response::new_ok(r.id, Value::Null)))
                        .unwrap();
                }
                Message::Response(_) => {}
            }
        }
    }

    /// Opens `relative` (from disk) and waits for its first diagnostics.
    pub fn open(&mut self, relative: &str) -> (String, Value) {
        let path = self.root.join(relative);
        let text = std::fs::read_to_string(&path).unwrap();
        let uri = uri(&path);
        self.open_text(&uri, &text)
    }

    pub fn open_text(&mut self, uri: &str, text: &str) -> (String, Value) {
        let language = if uri.ends_with(".epp") {
            "epp"
        } else {
            "puppet"
        };
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": language, "version": 1, "text": text } }),
        );
        let uri_owned = uri.to_string();
        let diagnostics = self.wait_for_notification("textDocument/publishDiagnostics", |p| {
            p["uri"] == uri_owned.as_str() && p["version"] == 1
        });
        (uri.to_string(), diagnostics)
    }

    /// Applies an edit (a range and its new text) as version `version`, and waits for that
    /// version's diagnostics.
    pub fn change(&mut self, uri: &str, version: i32, range: Value, text: &str) -> Value {
        self.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": version },
                    "contentChanges": [ { "range": range, "text": text } ] }),
        );
        let uri_owned = uri.to_string();
        self.wait_for_notification("textDocument/publishDiagnostics", |p| {
            p["uri"] == uri_owned.as_str() && p["version"] == version
        })
    }

    pub fn shutdown(mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let result = self
            .thread
            .take()
            .unwrap()
            .join()
            .expect("the server thread ends");
        assert_eq!(result, Ok(()));
    }
}

/// `{"line": l, "character": c}`.
pub fn pos(line: u32, character: u32) -> Value {
    json!({ "line": line, "character": character })
}

/// The position of the first `needle` in the text of `path` (its `nth` character in it).
pub fn find(path: &Path, needle: &str, nth: usize) -> Value {
    let text = std::fs::read_to_string(path).unwrap();
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle} not in {}", path.display()))
        + nth;
    let line = text[..at].matches('\n').count() as u32;
    let column = text[..at]
        .rsplit('\n')
        .next()
        .unwrap()
        .chars()
        .map(|c| c.len_utf16() as u32)
        .sum();
    pos(line, column)
}

/// `value` with the fixture root's URI and path replaced by `$ROOT`, for goldens.
pub fn relative(value: &Value, root: &Path) -> Value {
    let text = serde_json::to_string_pretty(value).unwrap();
    let root_uri = uri(root);
    let text = text
        .replace(&root_uri, "$ROOT")
        .replace(&root.display().to_string(), "$ROOT");
    serde_json::from_str(&text).unwrap()
}
