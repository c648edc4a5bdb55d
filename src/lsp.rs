//! `weft lsp`: a language server over stdio (the `lsp-server` crate, the one
//! rust-analyzer is built on) that verifies a PVL or Java file when the editor
//! opens or saves it and publishes weft's diagnostics for it: code, message,
//! span, related spans and the hint.
//!
//! Verification takes seconds, so each one runs on a thread of its own and the
//! server keeps answering; a result is published only if no newer version of
//! the document was sent for verification since (a generation per document).
//! The process lives as long as the editor, so the warm Silicon workers and
//! the verdict cache serve every save after the first. Edits are not verified
//! until saved: a half-typed program is not worth a solver run.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use lsp_server::{Connection, Message, Notification};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument,
    Notification as _, PublishDiagnostics,
};
use lsp_types::{
    Diagnostic as LspDiagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location,
    NumberOrString, Position, PublishDiagnosticsParams, Range, SaveOptions, ServerCapabilities,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions,
    TextDocumentSyncSaveOptions, Uri,
};

use crate::diag::{explain, render, Diagnostic};
use crate::driver::{self, Backend, Options};
use crate::syntax::span::{FileId, Files, Span};

/// Runs the server on stdin/stdout until the editor says `exit`; `backend` and
/// `timeout` as `weft verify` takes them.
pub fn run(backend: Backend, timeout: std::time::Duration) -> Result<(), String> {
    let (connection, io) = Connection::stdio();
    let capabilities = ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::FULL),
                save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                    include_text: Some(true),
                })),
                ..Default::default()
            },
        )),
        ..Default::default()
    };
    let caps = serde_json::to_value(capabilities).map_err(|e| e.to_string())?;
    connection.initialize(caps).map_err(|e| e.to_string())?;
    let server = Server {
        connection: Arc::new(connection),
        documents: Arc::default(),
        opts: Options {
            backend,
            timeout,
            ..Options::default()
        },
    };
    let result = server.main_loop();
    // The writer thread ends when the last sender goes: the server's.
    drop(server);
    result?;
    io.join().map_err(|e| e.to_string())
}

/// What the server knows of one open document.
#[derive(Default)]
struct Document {
    text: String,
    /// Bumped at each verification started; a result of an older one is dropped.
    generation: u64,
}

struct Server {
    connection: Arc<Connection>,
    documents: Arc<Mutex<HashMap<String, Document>>>,
    opts: Options,
}

impl Server {
    fn main_loop(&self) -> Result<(), String> {
        for msg in &self.connection.receiver {
            match msg {
                Message::Request(req) => {
                    if self
                        .connection
                        .handle_shutdown(&req)
                        .map_err(|e| e.to_string())?
                    {
                        return Ok(());
                    }
                    // No requests are served: answer each so the editor does not wait.
                    let resp = lsp_server::Response::new_err(
                        req.id,
                        lsp_server::ErrorCode::MethodNotFound as i32,
                        format!("weft does not serve {}", req.method),
                    );
                    self.send(Message::Response(resp));
                }
                Message::Notification(n) => self.notification(n),
                Message::Response(_) => {}
            }
        }
        Ok(())
    }

    fn notification(&self, n: Notification) {
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Ok(p) =
                    n.extract::<lsp_types::DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
                {
                    self.verify(p.text_document.uri, Some(p.text_document.text));
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Ok(p) = n.extract::<lsp_types::DidChangeTextDocumentParams>(
                    DidChangeTextDocument::METHOD,
                ) {
                    // Full sync: the last change is the whole text.
                    if let Some(change) = p.content_changes.into_iter().last() {
                        let mut docs = self.documents.lock().unwrap_or_else(|e| e.into_inner());
                        docs.entry(p.text_document.uri.as_str().to_string())
                            .or_default()
                            .text = change.text;
                    }
                }
            }
            DidSaveTextDocument::METHOD => {
                if let Ok(p) =
                    n.extract::<lsp_types::DidSaveTextDocumentParams>(DidSaveTextDocument::METHOD)
                {
                    self.verify(p.text_document.uri, p.text);
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Ok(p) =
                    n.extract::<lsp_types::DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD)
                {
                    let key = p.text_document.uri.as_str().to_string();
                    self.documents
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .remove(&key);
                    publish(&self.connection, p.text_document.uri, Vec::new());
                }
            }
            _ => {}
        }
    }

    fn send(&self, msg: Message) {
        // The editor went away: the loop ends on the closed channel.
        let _ = self.connection.sender.send(msg);
    }

    /// Verifies the document at `uri` (its text given, or the last one known)
    /// on a thread of its own and publishes the diagnostics.
    fn verify(&self, uri: Uri, text: Option<String>) {
        let key = uri.as_str().to_string();
        let (text, generation) = {
            let mut docs = self.documents.lock().unwrap_or_else(|e| e.into_inner());
            let doc = docs.entry(key.clone()).or_default();
            if let Some(t) = text {
                doc.text = t;
            }
            doc.generation += 1;
            (doc.text.clone(), doc.generation)
        };
        let connection = Arc::clone(&self.connection);
        let documents = Arc::clone(&self.documents);
        let opts = self.opts.clone();
        let spawned = std::thread::Builder::new()
            .stack_size(crate::parallel::STACK)
            .spawn(move || {
                let diags = check(&uri, text, &opts);
                let current = documents
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get(&key)
                    .is_some_and(|d| d.generation == generation);
                if current {
                    publish(&connection, uri, diags);
                }
            });
        if let Err(e) = spawned {
            // stderr is the editor's log; stdout carries the protocol.
            eprintln!("weft lsp: cannot start a verification thread: {e}");
        }
    }
}

fn publish(connection: &Connection, uri: Uri, diagnostics: Vec<LspDiagnostic>) {
    let params = PublishDiagnosticsParams {
        uri,
        diagnostics,
        version: None,
    };
    let _ = connection
        .sender
        .send(Message::Notification(Notification::new(
            PublishDiagnostics::METHOD.to_string(),
            params,
        )));
}

/// The file name of a `file:` URI (percent-decoded), as weft's diagnostics name it.
fn file_name(uri: &Uri) -> String {
    uri.path()
        .as_estr()
        .decode()
        .into_string_lossy()
        .into_owned()
}

/// Verifies `text` as the document at `uri` and returns the diagnostics on it.
pub fn check(uri: &Uri, text: String, opts: &Options) -> Vec<LspDiagnostic> {
    let mut files = Files::new();
    let ids = driver::load_text(&mut files, &file_name(uri), text);
    let outcome = driver::verify_expecting(&files, &ids, opts);
    let here = ids[0];
    outcome
        .diagnostics()
        .iter()
        .map(|d| to_lsp(&files, here, uri, d))
        .collect()
}

fn range(files: &Files, span: Span) -> Range {
    let (line, column, end_line, end_column) = render::position(files, span);
    let at = |l: usize, c: usize| Position::new(l as u32 - 1, c as u32 - 1);
    Range::new(at(line, column), at(end_line, end_column))
}

fn lsp_diagnostic_at(range: Range, message: String) -> LspDiagnostic {
    LspDiagnostic {
        range,
        severity: Some(DiagnosticSeverity::ERROR),
        source: Some("weft".into()),
        message,
        ..Default::default()
    }
}

/// A weft diagnostic on the document `here`: one on another file (the Java
/// specification library) or on none (a backend fault) goes at the top, saying where.
fn to_lsp(files: &Files, here: FileId, uri: &Uri, d: &Diagnostic) -> LspDiagnostic {
    let code = d.code.to_string();
    let mut message = d.message.clone();
    let r = match d.span {
        Some(s) if s.file == here => range(files, s),
        Some(s) => {
            let lc = files.line_col(s.file, s.start as usize);
            message = format!("{message} (at {}:{})", files.name(s.file), lc.line);
            Range::default()
        }
        None => Range::default(),
    };
    if let Some(h) = explain::hint(&code) {
        message = format!("{message}\nhelp: {h}");
    }
    let related: Vec<DiagnosticRelatedInformation> = d
        .related
        .iter()
        .filter(|rel| rel.span.file == here)
        .map(|rel| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), range(files, rel.span)),
            message: rel.message.clone(),
        })
        .collect();
    LspDiagnostic {
        code: Some(NumberOrString::String(code)),
        related_information: (!related.is_empty()).then_some(related),
        ..lsp_diagnostic_at(r, message)
    }
}
