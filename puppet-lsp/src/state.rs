//! What a request reads: a [`Snapshot`] of the open documents (each an immutable version),
//! the settings and the workspace index, taken on the main loop and moved to a worker.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, PoisonError, RwLock, RwLockReadGuard};

use lsp_server::ErrorCode;
use lsp_types::{Location, Url};
use puppet_workspace::cache::FileId;
use puppet_workspace::index::Definition;

use crate::analysis::{analyze, Analysis};
use crate::config::Config;
use crate::document::{Document, Text};
use crate::workspace::Workspace;

/// A request's failure: an error reply.
#[derive(Debug)]
pub struct LspError {
    pub code: i32,
    pub message: String,
}

impl LspError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> LspError {
        LspError {
            code: code as i32,
            message: message.into(),
        }
    }

    /// The request is about something the server cannot do (a rename it cannot be sure of).
    pub fn refused(message: impl Into<String>) -> LspError {
        LspError::new(ErrorCode::RequestFailed, message)
    }
}

/// The result of a request handler.
pub type LspResult<T> = Result<T, LspError>;

/// The state a request sees.
#[derive(Clone)]
pub struct Snapshot {
    pub config: Arc<Config>,
    pub documents: Arc<HashMap<Url, Arc<Document>>>,
    pub workspace: Arc<RwLock<Workspace>>,
    pub encoding: puppet_syntax::Encoding,
}

/// A file's text and analysis, open or read from disk.
pub struct FileView {
    pub path: PathBuf,
    pub uri: Url,
    pub text: Arc<Text>,
    pub analysis: Arc<Analysis>,
}

impl Snapshot {
    /// The workspace, for reading.
    pub fn workspace(&self) -> RwLockReadGuard<'_, Workspace> {
        self.workspace
            .read()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The open document `uri`, or the file it names as on disk (a client may ask about a
    /// file it has not opened: a reference found in another file).
    pub fn document(&self, uri: &Url) -> LspResult<Arc<Document>> {
        if let Some(document) = self.documents.get(uri) {
            return Ok(Arc::clone(document));
        }
        let not_found = || {
            LspError::new(
                ErrorCode::InvalidParams,
                format!("{uri} is neither open nor a readable file"),
            )
        };
        let path = uri.to_file_path().map_err(|_| not_found())?;
        let bytes = std::fs::read(&path).map_err(|_| not_found())?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let language = if path.extension().is_some_and(|e| e == "epp") {
            "epp"
        } else {
            "puppet"
        };
        let mut document = Document::new(uri.clone(), 0, language, text, self.encoding);
        document.open = false;
        Ok(Arc::new(document))
    }

    /// The file id of a document (its path's, or its URI's for an unsaved buffer).
    pub fn file_id(&self, document: &Document) -> FileId {
        self.workspace().vfs.intern(&document.key_path())
    }

    /// The analysis of an open document (computed once per version).
    pub fn analysis(&self, document: &Document) -> Arc<Analysis> {
        let file = self.file_id(document);
        let config = &self.config;
        document.analysis(|d| analyze(&d.text.text, &d.display_path(), d.epp, file, config, d.open))
    }

    /// An open document as a file view.
    pub fn view(&self, document: &Document) -> FileView {
        FileView {
            path: document.key_path(),
            uri: document.uri.clone(),
            text: Arc::clone(&document.text),
            analysis: self.analysis(document),
        }
    }

    /// The open document at a position, and the reference there.
    pub fn reference_at(
        &self,
        position: &lsp_types::TextDocumentPositionParams,
    ) -> LspResult<(FileView, Option<crate::refs::Reference>)> {
        let document = self.document(&position.text_document.uri)?;
        let view = self.view(&document);
        let offset = view.text.offset(position.position);
        let reference = crate::refs::reference_at(&view.analysis.refs, offset).cloned();
        Ok((view, reference))
    }

    /// The document open at `path`, if any.
    fn open_at(&self, path: &Path) -> Option<&Arc<Document>> {
        self.documents
            .values()
            .find(|d| d.path.as_deref() == Some(path))
    }

    /// A file of the workspace, from its open document or from disk.
    pub fn file(&self, path: &Path) -> Option<FileView> {
        if let Some(document) = self.open_at(path) {
            return Some(FileView {
                path: path.to_path_buf(),
                uri: document.uri.clone(),
                text: Arc::clone(&document.text),
                analysis: self.analysis(document),
            });
        }
        let bytes = std::fs::read(path).ok()?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let file = self.workspace().vfs.intern(path);
        let epp = path.extension().is_some_and(|e| e == "epp");
        let analysis = analyze(
            &text,
            &path.to_string_lossy(),
            epp,
            file,
            &self.config,
            false,
        );
        Some(FileView {
            path: path.to_path_buf(),
            uri: Url::from_file_path(path).ok()?,
            text: Arc::new(Text::new(text, self.encoding)),
            analysis: Arc::new(analysis),
        })
    }

    /// The text of a file (open or on disk), without analysing it.
    pub fn text_of(&self, path: &Path) -> Option<(Url, Arc<Text>)> {
        if let Some(document) = self.open_at(path) {
            return Some((document.uri.clone(), Arc::clone(&document.text)));
        }
        let bytes = std::fs::read(path).ok()?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        Some((
            Url::from_file_path(path).ok()?,
            Arc::new(Text::new(text, self.encoding)),
        ))
    }

    /// Where a definition's name is (or the definition, when its name was not found).
    pub fn definition_location(&self, definition: &Definition) -> Option<Location> {
        let path = self.workspace().path(definition.file)?;
        let (uri, text) = self.text_of(&path)?;
        let span = definition
            .name_span
            .clone()
            .unwrap_or(definition.span.clone());
        let range = puppet_syntax::TextRange::new(span.start.into(), span.end.into());
        Some(Location::new(uri, text.range(range)))
    }
}
