//! The connection to the client over standard input and output, and what the server writes to.
//!
//! lsp-server's own stdio transport takes whole [`Message`]s, whose parameters are a
//! `serde_json::Value`. For a file with thousands of problems, building that tree of maps and
//! writing it out again is most of the time between an edit and its diagnostics (4,300
//! diagnostics: 5 ms to build the tree, 3 ms to write it, against 2.5 ms to serialize them
//! straight to text). This transport reads and writes messages as lsp-server does (its
//! framing, `Message::read` and `Message::write`) and also writes a notification whose
//! parameters a worker has already made into JSON text ([`Outbox::notify_json`]).
//!
//! On a [`Connection`] of lsp-server's (in memory, as the tests drive the server), such a
//! notification is parsed back into a `Value` and sent as a [`Message`]: the same bytes reach
//! the client either way.

use std::io::{self, Write};
use std::thread;

use crossbeam_channel::{bounded, Receiver, Select, Sender};
use lsp_server::{Connection, Message, Notification};

/// What the writer thread writes, in the order sent.
pub enum Outgoing {
    Message(Message),
    /// A notification whose `params` is JSON text.
    Notification {
        method: &'static str,
        params: String,
    },
}

/// Where the server's messages go.
#[derive(Clone)]
pub enum Outbox {
    /// lsp-server's channel (an in-memory connection).
    Messages(Sender<Message>),
    /// This module's writer thread.
    Frames(Sender<Outgoing>),
}

impl Outbox {
    /// Sends `message`; a closed channel means the client is gone (the main loop ends on its
    /// own then), so it is not an error here.
    pub fn send(&self, message: Message) {
        let _ = match self {
            Outbox::Messages(sender) => sender.send(message).map_err(drop),
            Outbox::Frames(sender) => sender.send(Outgoing::Message(message)).map_err(drop),
        };
    }

    /// Sends the notification `method` with `params`, JSON text made by the caller.
    pub fn notify_json(&self, method: &'static str, params: String) {
        match self {
            Outbox::Messages(sender) => match serde_json::from_str(&params) {
                Ok(params) => {
                    let _ = sender.send(Message::Notification(Notification {
                        method: method.to_string(),
                        params,
                    }));
                }
                Err(e) => {
                    log::error!(code = "LSP_JSON", method = method; "not sent: its parameters are not JSON: {e}")
                }
            },
            Outbox::Frames(sender) => {
                let _ = sender.send(Outgoing::Notification { method, params });
            }
        }
    }
}

/// The threads of a stdio connection.
pub struct IoThreads {
    reader: thread::JoinHandle<io::Result<()>>,
    writer: thread::JoinHandle<io::Result<()>>,
}

impl IoThreads {
    /// Waits for both threads (the reader ends at `exit` or the end of input, the writer
    /// when every sender is gone) and gives the first I/O error.
    pub fn join(self) -> io::Result<()> {
        let reader = self
            .reader
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the reader thread panicked")));
        let writer = self
            .writer
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the writer thread panicked")));
        reader.and(writer)
    }
}

/// A connection over stdin and stdout: lsp-server's [`Connection`] (for the initialization
/// handshake and reading), the [`Outbox`] that writes through the same writer thread, and the
/// threads. Messages sent to one of the two keep their order; between the two, the writer
/// takes whichever is ready (the connection's sender is only used before the main loop and
/// for the reply to `shutdown`).
pub fn stdio() -> io::Result<(Connection, Outbox, IoThreads)> {
    let (message_sender, message_receiver) = bounded::<Message>(0);
    let (frame_sender, frame_receiver) = bounded::<Outgoing>(0);
    let writer = thread::Builder::new()
        .name("lsp-writer".to_owned())
        .spawn(move || write_loop(message_receiver, frame_receiver))?;
    let (reader_sender, reader_receiver) = bounded::<Message>(0);
    let reader = thread::Builder::new()
        .name("lsp-reader".to_owned())
        .spawn(move || {
            let mut stdin = io::stdin().lock();
            while let Some(message) = Message::read(&mut stdin)? {
                let is_exit = matches!(&message, Message::Notification(n) if n.method == "exit");
                if reader_sender.send(message).is_err() || is_exit {
                    break;
                }
            }
            Ok(())
        })?;
    let connection = Connection {
        sender: message_sender,
        receiver: reader_receiver,
    };
    Ok((
        connection,
        Outbox::Frames(frame_sender),
        IoThreads { reader, writer },
    ))
}

/// Writes what either channel brings until both are closed.
fn write_loop(messages: Receiver<Message>, frames: Receiver<Outgoing>) -> io::Result<()> {
    let mut stdout = io::stdout().lock();
    let mut open = [true, true];
    while open.iter().any(|&o| o) {
        let mut select = Select::new();
        let message_index = open[0].then(|| select.recv(&messages));
        let frame_index = open[1].then(|| select.recv(&frames));
        let operation = select.select();
        let index = operation.index();
        if Some(index) == message_index {
            match operation.recv(&messages) {
                Ok(message) => message.write(&mut stdout)?,
                Err(_) => open[0] = false,
            }
        } else if Some(index) == frame_index {
            match operation.recv(&frames) {
                Ok(Outgoing::Message(message)) => message.write(&mut stdout)?,
                Ok(Outgoing::Notification { method, params }) => {
                    write_notification(&mut stdout, method, &params)?
                }
                Err(_) => open[1] = false,
            }
        }
    }
    Ok(())
}

/// One notification, framed as lsp-server frames a message (a `Content-Length` header).
fn write_notification(out: &mut impl Write, method: &str, params: &str) -> io::Result<()> {
    let method = serde_json::to_string(method)?;
    let body_len = r#"{"jsonrpc":"2.0","method":,"params":}"#.len() + method.len() + params.len();
    log::debug!("> notification {method} ({body_len} bytes)");
    write!(
        out,
        "Content-Length: {body_len}\r\n\r\n{{\"jsonrpc\":\"2.0\",\"method\":{method},\"params\":{params}}}"
    )?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notification_is_framed_as_lsp_server_frames_one() {
        let params = r#"{"uri":"file:///a.pp","diagnostics":[]}"#;
        let mut ours = Vec::new();
        write_notification(&mut ours, "textDocument/publishDiagnostics", params).unwrap();
        let message = Message::Notification(Notification {
            method: "textDocument/publishDiagnostics".into(),
            params: serde_json::from_str(params).unwrap(),
        });
        let mut theirs = Vec::new();
        message.write(&mut theirs).unwrap();
        let read = |bytes: &[u8]| Message::read(&mut &bytes[..]).unwrap().unwrap();
        let (Message::Notification(a), Message::Notification(b)) = (read(&ours), read(&theirs))
        else {
            panic!("not notifications")
        };
        assert_eq!((a.method, a.params), (b.method, b.params));
        let text = String::from_utf8(ours).unwrap();
        let (header, body) = text.split_once("\r\n\r\n").unwrap();
        assert_eq!(header, format!("Content-Length: {}", body.len()));
    }
}
