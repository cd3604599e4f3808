//! The main loop. One thread owns the state (documents, settings, the workspace handle) and
//! reads the client's messages; requests run on a pool of workers against a [`Snapshot`] and
//! send their replies back through the loop, which forwards them:
//!
//! * `$/cancelRequest` marks a request cancelled; an edit of a document marks the requests
//!   about it still running as about a stale version. Both are answered with the protocol's
//!   error codes (`RequestCanceled`, `ContentModified`) instead of a result.
//! * A panic in a request is caught and answered as an `InternalError`; the server goes on.
//! * Diagnostics are computed on a worker right after each edit and published only if the
//!   document is still at that version; the same analysis answers the requests that follow.
//! * The workspace is indexed on a thread of its own at start-up (with `$/progress` when the
//!   client takes it); requests meanwhile see the open documents.

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, PoisonError, RwLock};

use crossbeam_channel::{select, unbounded, Receiver, Sender};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{self as notif, Notification as _};
use lsp_types::request::{self as req, Request as _};
use lsp_types::{InitializeParams, PositionEncodingKind, PublishDiagnosticsParams, Url};
use puppet_syntax::Encoding;

use crate::config::Config;
use crate::document::Document;
use crate::features;
use crate::state::{LspError, LspResult, Snapshot};
use crate::transport::{self, Outbox};
use crate::workspace::{IndexStats, Workspace};

/// What a worker tells the loop.
enum Task {
    Response(Response),
    Diagnostics {
        uri: Url,
        version: i32,
        /// The `publishDiagnostics` parameters, made into JSON text on the worker (for a file
        /// with thousands of problems that is milliseconds the main loop does not spend).
        params: String,
        update: Option<crate::analysis::IndexEntry>,
    },
    Indexed(Box<Workspace>, IndexStats),
}

/// A request being answered.
struct InFlight {
    cancelled: Arc<AtomicBool>,
    /// `ContentModified`: its document was edited meanwhile.
    stale: Arc<AtomicBool>,
    uri: Option<Url>,
}

struct Server {
    connection: Connection,
    outbox: Outbox,
    config: Arc<Config>,
    /// The client's `initializationOptions` / last settings (kept to re-read `.puppet-lint.rc`).
    settings: Option<serde_json::Value>,
    roots: Vec<PathBuf>,
    documents: HashMap<Url, Arc<Document>>,
    workspace: Arc<RwLock<Workspace>>,
    encoding: Encoding,
    pool: rayon::ThreadPool,
    tasks: (Sender<Task>, Receiver<Task>),
    in_flight: HashMap<RequestId, InFlight>,
    /// The latest version of each open document (workers skip work on older ones).
    latest: Arc<RwLock<HashMap<Url, i32>>>,
    progress: bool,
    next_request: i32,
    shutdown: bool,
}

/// Serves the protocol on standard input and output until the client says `exit`.
pub fn run_stdio() -> Result<(), String> {
    let (connection, outbox, io_threads) =
        transport::stdio().map_err(|e| format!("cannot start the I/O threads: {e}"))?;
    serve(connection, outbox)?;
    io_threads
        .join()
        .map_err(|e| format!("the client connection failed: {e}"))
}

/// Serves the protocol on `connection` (lsp-server's, e.g. in memory as the tests drive it).
pub fn run(connection: Connection) -> Result<(), String> {
    let outbox = Outbox::Messages(connection.sender.clone());
    serve(connection, outbox)
}

/// Serves the protocol: the handshake on `connection`, then everything else read from it and
/// written to `outbox`.
fn serve(connection: Connection, outbox: Outbox) -> Result<(), String> {
    let (id, params) = connection
        .initialize_start()
        .map_err(|e| format!("no initialize request: {e}"))?;
    let params: InitializeParams = serde_json::from_value(params)
        .map_err(|e| format!("the initialize request is not valid: {e}"))?;
    let encoding = negotiate_encoding(&params);
    let result = serde_json::json!({
        "capabilities": features::capabilities(encoding),
        "serverInfo": { "name": "puppet-parser lsp", "version": env!("CARGO_PKG_VERSION") },
    });
    connection
        .initialize_finish(id, result)
        .map_err(|e| format!("the client went away during initialization: {e}"))?;
    let roots = roots_of(&params);
    let settings = params.initialization_options.clone();
    let config = Arc::new(Config::from_value(
        settings.as_ref(),
        roots.first().map(PathBuf::as_path),
    ));
    let progress = params
        .capabilities
        .window
        .as_ref()
        .and_then(|w| w.work_done_progress)
        .unwrap_or(false);
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .max(2);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("lsp-worker-{i}"))
        .build()
        .map_err(|e| format!("cannot start the worker threads: {e}"))?;
    log::info!(roots = format!("{roots:?}").as_str(), encoding = encoding.as_str(); "initialized");
    let mut server = Server {
        connection,
        outbox,
        config,
        settings,
        roots,
        documents: HashMap::new(),
        workspace: Arc::new(RwLock::new(Workspace::default())),
        encoding,
        pool,
        tasks: unbounded(),
        in_flight: HashMap::new(),
        latest: Arc::new(RwLock::new(HashMap::new())),
        progress,
        next_request: 0,
        shutdown: false,
    };
    server.show_setting_problems();
    let watch = params
        .capabilities
        .workspace
        .as_ref()
        .and_then(|w| w.did_change_watched_files.as_ref())
        .and_then(|w| w.dynamic_registration)
        .unwrap_or(false);
    if watch {
        server.watch_files();
    }
    server.start_indexing();
    server.main_loop()
}

/// UTF-8 columns when the client offers them (no conversion), else UTF-16 (the protocol's
/// default). UTF-32 is offered rarely and taken last.
fn negotiate_encoding(params: &InitializeParams) -> Encoding {
    let offered = params
        .capabilities
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.clone())
        .unwrap_or_default();
    if offered.contains(&PositionEncodingKind::UTF8) {
        Encoding::Utf8
    } else if offered.is_empty() || offered.contains(&PositionEncodingKind::UTF16) {
        Encoding::Utf16
    } else if offered.contains(&PositionEncodingKind::UTF32) {
        Encoding::Utf32
    } else {
        Encoding::Utf16
    }
}

#[allow(deprecated)] // root_uri and root_path: what older clients send
fn roots_of(params: &InitializeParams) -> Vec<PathBuf> {
    if let Some(folders) = &params.workspace_folders {
        let roots: Vec<PathBuf> = folders
            .iter()
            .filter_map(|f| f.uri.to_file_path().ok())
            .collect();
        if !roots.is_empty() {
            return roots;
        }
    }
    if let Some(path) = params.root_uri.as_ref().and_then(|u| u.to_file_path().ok()) {
        return vec![path];
    }
    params
        .root_path
        .as_ref()
        .map(|p| vec![PathBuf::from(p)])
        .unwrap_or_default()
}

impl Server {
    fn snapshot(&self) -> Snapshot {
        Snapshot {
            config: Arc::clone(&self.config),
            documents: Arc::new(self.documents.clone()),
            workspace: Arc::clone(&self.workspace),
            encoding: self.encoding,
        }
    }

    fn send(&self, message: impl Into<Message>) {
        self.outbox.send(message.into());
    }

    fn notify<N: lsp_types::notification::Notification>(&self, params: N::Params) {
        self.send(Notification::new(N::METHOD.to_string(), params));
    }

    fn show_setting_problems(&self) {
        if self.config.problems.is_empty() {
            return;
        }
        self.notify::<notif::ShowMessage>(lsp_types::ShowMessageParams {
            typ: lsp_types::MessageType::WARNING,
            message: format!("puppet-parser lsp: {}", self.config.problems.join("; ")),
        });
    }

    /// Asks the client to report changes to the files the index and the settings are made
    /// of (clients that take it: `didChangeWatchedFiles` with dynamic registration).
    fn watch_files(&mut self) {
        let watchers: Vec<serde_json::Value> = [
            "**/*.pp",
            "**/*.epp",
            "**/environment.conf",
            "**/.puppet-lint.rc",
        ]
        .iter()
        .map(|glob| serde_json::json!({ "globPattern": glob }))
        .collect();
        self.next_request += 1;
        self.send(Request::new(
            RequestId::from(format!("puppet-{}", self.next_request)),
            req::RegisterCapability::METHOD.to_string(),
            serde_json::json!({
                "registrations": [{
                    "id": "puppet-watched-files",
                    "method": notif::DidChangeWatchedFiles::METHOD,
                    "registerOptions": { "watchers": watchers },
                }],
            }),
        ));
    }

    fn start_indexing(&mut self) {
        let token = lsp_types::NumberOrString::String("puppet-index".into());
        if self.progress {
            self.next_request += 1;
            self.send(Request::new(
                RequestId::from(format!("puppet-{}", self.next_request)),
                req::WorkDoneProgressCreate::METHOD.to_string(),
                lsp_types::WorkDoneProgressCreateParams {
                    token: token.clone(),
                },
            ));
            self.notify::<notif::Progress>(lsp_types::ProgressParams {
                token,
                value: lsp_types::ProgressParamsValue::WorkDone(
                    lsp_types::WorkDoneProgress::Begin(lsp_types::WorkDoneProgressBegin {
                        title: "Indexing Puppet code".into(),
                        cancellable: Some(false),
                        message: None,
                        percentage: None,
                    }),
                ),
            });
        }
        let roots = self.roots.clone();
        let config = Arc::clone(&self.config);
        let sender = self.tasks.0.clone();
        std::thread::Builder::new()
            .name("lsp-index".into())
            .spawn(move || {
                let built = catch_unwind(AssertUnwindSafe(|| Workspace::build(roots, &config)));
                match built {
                    Ok((workspace, stats)) => {
                        let _ = sender.send(Task::Indexed(Box::new(workspace), stats));
                    }
                    Err(_) => log::error!(code = "LSP_PANIC"; "indexing the workspace failed"),
                }
            })
            .expect("a thread can be started");
    }

    fn main_loop(&mut self) -> Result<(), String> {
        let receiver = self.connection.receiver.clone();
        let tasks = self.tasks.1.clone();
        loop {
            select! {
                recv(receiver) -> message => {
                    let Ok(message) = message else { return Ok(()) };
                    match message {
                        Message::Request(request) => {
                            if self.connection.handle_shutdown(&request).unwrap_or(true) {
                                return Ok(());
                            }
                            self.on_request(request);
                        }
                        Message::Notification(notification) => {
                            if notification.method == notif::Exit::METHOD {
                                return Ok(());
                            }
                            self.on_notification(notification);
                        }
                        Message::Response(_) => {}
                    }
                }
                recv(tasks) -> task => {
                    if let Ok(task) = task {
                        self.on_task(task);
                    }
                }
            }
        }
    }

    fn on_task(&mut self, task: Task) {
        match task {
            Task::Response(response) => {
                if self.in_flight.remove(&response.id).is_some() {
                    self.send(response);
                }
            }
            Task::Diagnostics {
                uri,
                version,
                params,
                update,
            } => {
                let current = self.documents.get(&uri).map(|d| d.version);
                if current != Some(version) {
                    return;
                }
                if let Some(entry) = update {
                    let mut workspace = self
                        .workspace
                        .write()
                        .unwrap_or_else(PoisonError::into_inner);
                    workspace.update_entry(entry);
                }
                self.outbox
                    .notify_json(notif::PublishDiagnostics::METHOD, params);
            }
            Task::Indexed(workspace, stats) => {
                let mut workspace = *workspace;
                // Open documents are newer than their files on disk.
                let snapshot = self.snapshot();
                for document in self.documents.values() {
                    let analysis = snapshot.analysis(document);
                    workspace.update_entry(crate::analysis::IndexEntry::of(
                        document.key_path(),
                        &analysis,
                    ));
                }
                *self
                    .workspace
                    .write()
                    .unwrap_or_else(PoisonError::into_inner) = workspace;
                let message = format!(
                    "indexed {} files ({} definitions, {} references) in {} ms",
                    stats.files, stats.definitions, stats.references, stats.millis
                );
                log::info!(files = stats.files, millis = stats.millis as u64; "{message}");
                self.notify::<notif::LogMessage>(lsp_types::LogMessageParams {
                    typ: lsp_types::MessageType::INFO,
                    message: format!("puppet-parser lsp: {message}"),
                });
                if self.progress {
                    self.notify::<notif::Progress>(lsp_types::ProgressParams {
                        token: lsp_types::NumberOrString::String("puppet-index".into()),
                        value: lsp_types::ProgressParamsValue::WorkDone(
                            lsp_types::WorkDoneProgress::End(lsp_types::WorkDoneProgressEnd {
                                message: Some(message),
                            }),
                        ),
                    });
                }
            }
        }
    }

    fn on_request(&mut self, request: Request) {
        if self.shutdown {
            self.send(Response::new_err(
                request.id,
                ErrorCode::InvalidRequest as i32,
                "the server is shutting down".into(),
            ));
            return;
        }
        let Some(handler) = features::handler(&request.method) else {
            self.send(Response::new_err(
                request.id,
                ErrorCode::MethodNotFound as i32,
                format!("unknown request {}", request.method),
            ));
            return;
        };
        let uri = request
            .params
            .get("textDocument")
            .and_then(|t| t.get("uri"))
            .and_then(|u| u.as_str())
            .and_then(|u| Url::parse(u).ok());
        let cancelled = Arc::new(AtomicBool::new(false));
        let stale = Arc::new(AtomicBool::new(false));
        self.in_flight.insert(
            request.id.clone(),
            InFlight {
                cancelled: Arc::clone(&cancelled),
                stale: Arc::clone(&stale),
                uri,
            },
        );
        let snapshot = self.snapshot();
        let sender = self.tasks.0.clone();
        self.pool.spawn(move || {
            let id = request.id.clone();
            let method = request.method.clone();
            let response = if cancelled.load(Ordering::Relaxed) {
                Response::new_err(id, ErrorCode::RequestCanceled as i32, "cancelled".into())
            } else {
                let started = std::time::Instant::now();
                let result = catch_unwind(AssertUnwindSafe(|| handler(&snapshot, request.params)));
                log::debug!(method = method.as_str(), micros = started.elapsed().as_micros() as u64; "request answered");
                if cancelled.load(Ordering::Relaxed) {
                    Response::new_err(id, ErrorCode::RequestCanceled as i32, "cancelled".into())
                } else if stale.load(Ordering::Relaxed) {
                    Response::new_err(id, ErrorCode::ContentModified as i32, "the document changed".into())
                } else {
                    match result {
                        Ok(Ok(value)) => Response::new_ok(id, value),
                        Ok(Err(LspError { code, message })) => Response::new_err(id, code, message),
                        Err(panic) => {
                            let what = panic_message(&panic);
                            log::error!(code = "LSP_PANIC", method = method.as_str(); "request failed: {what}");
                            Response::new_err(id, ErrorCode::InternalError as i32, format!("internal error in {method}: {what}"))
                        }
                    }
                }
            };
            let _ = sender.send(Task::Response(response));
        });
    }

    fn on_notification(&mut self, notification: Notification) {
        let method = notification.method.clone();
        let outcome = catch_unwind(AssertUnwindSafe(|| self.notification(notification)));
        match outcome {
            Ok(Ok(())) => {}
            Ok(Err(err)) => {
                log::warn!(code = "LSP_NOTIFICATION", method = method.as_str(); "{}", err.message)
            }
            Err(panic) => {
                log::error!(code = "LSP_PANIC", method = method.as_str(); "notification failed: {}", panic_message(&panic))
            }
        }
    }

    fn notification(&mut self, notification: Notification) -> LspResult<()> {
        fn params<N: lsp_types::notification::Notification>(
            n: Notification,
        ) -> LspResult<N::Params> {
            serde_json::from_value(n.params)
                .map_err(|e| LspError::new(ErrorCode::InvalidParams, format!("{}: {e}", N::METHOD)))
        }
        match notification.method.as_str() {
            notif::Cancel::METHOD => {
                let p = params::<notif::Cancel>(notification)?;
                let id = match p.id {
                    lsp_types::NumberOrString::Number(n) => RequestId::from(n),
                    lsp_types::NumberOrString::String(s) => RequestId::from(s),
                };
                if let Some(request) = self.in_flight.get(&id) {
                    request.cancelled.store(true, Ordering::Relaxed);
                }
            }
            notif::DidOpenTextDocument::METHOD => {
                let p = params::<notif::DidOpenTextDocument>(notification)?;
                let d = p.text_document;
                let document = Document::new(
                    d.uri.clone(),
                    d.version,
                    &d.language_id,
                    d.text,
                    self.encoding,
                );
                self.set_document(Arc::new(document));
            }
            notif::DidChangeTextDocument::METHOD => {
                let p = params::<notif::DidChangeTextDocument>(notification)?;
                let uri = p.text_document.uri;
                let Some(old) = self.documents.get(&uri) else {
                    return Err(LspError::new(
                        ErrorCode::InvalidParams,
                        format!("{uri} was changed but never opened"),
                    ));
                };
                let document = old.changed(p.text_document.version, p.content_changes);
                for request in self.in_flight.values() {
                    if request.uri.as_ref() == Some(&uri) {
                        request.stale.store(true, Ordering::Relaxed);
                    }
                }
                self.set_document(Arc::new(document));
            }
            notif::DidCloseTextDocument::METHOD => {
                let p = params::<notif::DidCloseTextDocument>(notification)?;
                let uri = p.text_document.uri;
                if let Some(document) = self.documents.remove(&uri) {
                    self.latest
                        .write()
                        .unwrap_or_else(PoisonError::into_inner)
                        .remove(&uri);
                    if let Some(path) = &document.path {
                        let mut workspace = self
                            .workspace
                            .write()
                            .unwrap_or_else(PoisonError::into_inner);
                        workspace.refresh_from_disk(path, &self.config);
                    }
                }
                self.notify::<notif::PublishDiagnostics>(PublishDiagnosticsParams {
                    uri,
                    diagnostics: Vec::new(),
                    version: None,
                });
            }
            notif::DidSaveTextDocument::METHOD => {}
            notif::DidChangeConfiguration::METHOD => {
                let p = params::<notif::DidChangeConfiguration>(notification)?;
                if !p.settings.is_null() {
                    self.settings = Some(p.settings);
                }
                self.reload_config();
            }
            notif::DidChangeWatchedFiles::METHOD => {
                let p = params::<notif::DidChangeWatchedFiles>(notification)?;
                let mut reload = false;
                for change in p.changes {
                    let Ok(path) = change.uri.to_file_path() else {
                        continue;
                    };
                    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
                    if name == ".puppet-lint.rc" || name == "environment.conf" {
                        reload = true;
                    } else if puppet_workspace::walk::is_puppet_file(&path)
                        && !self
                            .documents
                            .values()
                            .any(|d| d.path.as_deref() == Some(&path))
                    {
                        let mut workspace = self
                            .workspace
                            .write()
                            .unwrap_or_else(PoisonError::into_inner);
                        workspace.refresh_from_disk(&path, &self.config);
                    }
                }
                if reload {
                    self.reload_config();
                    self.start_indexing();
                }
            }
            notif::Initialized::METHOD
            | notif::SetTrace::METHOD
            | notif::WorkDoneProgressCancel::METHOD => {}
            _ => log::debug!(method = notification.method.as_str(); "notification ignored"),
        }
        Ok(())
    }

    fn reload_config(&mut self) {
        self.config = Arc::new(Config::from_value(
            self.settings.as_ref(),
            self.roots.first().map(PathBuf::as_path),
        ));
        self.show_setting_problems();
        // Every open document's diagnostics depend on the settings.
        let documents: Vec<Arc<Document>> = self
            .documents
            .values()
            .map(|d| Arc::new(d.changed(d.version, Vec::new())))
            .collect();
        for document in documents {
            self.set_document(document);
        }
    }

    /// Makes `document` the current version and computes its diagnostics on a worker.
    fn set_document(&mut self, document: Arc<Document>) {
        let uri = document.uri.clone();
        let version = document.version;
        self.latest
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(uri.clone(), version);
        self.documents.insert(uri.clone(), Arc::clone(&document));
        let snapshot = self.snapshot();
        let latest = Arc::clone(&self.latest);
        let sender = self.tasks.0.clone();
        self.pool.spawn(move || {
            let current = latest
                .read()
                .unwrap_or_else(PoisonError::into_inner)
                .get(&uri)
                .copied();
            if current != Some(version) {
                return;
            }
            let started = std::time::Instant::now();
            let computed = catch_unwind(AssertUnwindSafe(|| {
                let analysis = snapshot.analysis(&document);
                let analysed = started.elapsed();
                let diagnostics = features::diagnostics::diagnostics(&document.text, &analysis);
                let count = diagnostics.len();
                let params = serde_json::to_string(&PublishDiagnosticsParams {
                    uri: uri.clone(),
                    diagnostics,
                    version: Some(version),
                });
                let update = crate::analysis::IndexEntry::of(document.key_path(), &analysis);
                log::debug!(
                    uri = uri.as_str(), version = version;
                    "{count} diagnostics in {} µs (analysis {} µs)",
                    started.elapsed().as_micros(), analysed.as_micros()
                );
                (params, update)
            }));
            match computed {
                Ok((Ok(params), update)) => {
                    let _ = sender.send(Task::Diagnostics {
                        uri,
                        version,
                        params,
                        update: Some(update),
                    });
                }
                Ok((Err(e), _)) => log::error!(code = "LSP_JSON", uri = uri.as_str(); "diagnostics not sent: {e}"),
                Err(panic) => log::error!(code = "LSP_PANIC", uri = uri.as_str(); "diagnostics failed: {}", panic_message(&panic)),
            }
        });
    }
}

fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string())
}
