//! `weft lsp` spoken to as an editor speaks to it: the Language Server Protocol
//! over the process's stdin and stdout.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{ChildStdin, ChildStdout, Command, Stdio};

fn send(to: &mut ChildStdin, msg: Value) {
    let body = msg.to_string();
    write!(to, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("written");
    to.flush().expect("flushed");
}

fn receive(from: &mut BufReader<ChildStdout>) -> Value {
    let mut length = 0;
    loop {
        let mut line = String::new();
        assert!(
            from.read_line(&mut line).expect("read") > 0,
            "the server hung up"
        );
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse().expect("a length");
        }
    }
    let mut body = vec![0; length];
    from.read_exact(&mut body).expect("a body");
    serde_json::from_slice(&body).expect("JSON")
}

/// The next diagnostics published for `uri`.
fn diagnostics(from: &mut BufReader<ChildStdout>, uri: &str) -> Vec<Value> {
    loop {
        let msg = receive(from);
        if msg["method"] == "textDocument/publishDiagnostics" && msg["params"]["uri"] == uri {
            return msg["params"]["diagnostics"].as_array().unwrap().clone();
        }
    }
}

const FAILING: &str = "class C {\n  int x;\n\n  context Perm(x, write);\n  ensures x == \\old(x) + 2;\n  void bump() {\n    x = x + 1;\n  }\n}\n";

#[test]
fn publishes_diagnostics_on_open_and_clears_them_on_a_fixed_save() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("bump me.pvl");
    std::fs::write(&path, FAILING).expect("written");
    let uri = format!("file://{}", path.display().to_string().replace(' ', "%20"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_weft"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("weft lsp starts");
    let mut to = child.stdin.take().unwrap();
    let mut from = BufReader::new(child.stdout.take().unwrap());

    send(
        &mut to,
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
               "params": {"processId": null, "rootUri": null, "capabilities": {}}}),
    );
    let init = receive(&mut from);
    assert_eq!(init["id"], 1);
    let sync = &init["result"]["capabilities"]["textDocumentSync"];
    assert_eq!(sync["openClose"], true);
    assert_eq!(sync["save"]["includeText"], true);
    send(
        &mut to,
        json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
    );

    send(
        &mut to,
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument":
            {"uri": uri, "languageId": "pvl", "version": 1, "text": FAILING}}}),
    );
    let found = diagnostics(&mut from, &uri);
    assert_eq!(found.len(), 1, "{found:?}");
    let d = &found[0];
    assert_eq!(d["code"], "postFailed:false");
    assert_eq!(d["severity"], 1);
    assert_eq!(d["source"], "weft");
    // Line 5 of the file, 0-based.
    assert_eq!(d["range"]["start"]["line"], 4);
    assert_eq!(d["range"]["start"]["character"], 10);
    assert!(d["message"].as_str().unwrap().contains("help: "), "{d}");

    // A request the server does not serve gets an error, not silence.
    send(
        &mut to,
        json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params":
            {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}}),
    );
    let hover = loop {
        let m = receive(&mut from);
        if m["id"] == 2 {
            break m;
        }
    };
    assert!(hover["error"].is_object(), "{hover}");

    let fixed = FAILING.replace("+ 2", "+ 1");
    send(
        &mut to,
        json!({"jsonrpc": "2.0", "method": "textDocument/didSave", "params":
            {"textDocument": {"uri": uri}, "text": fixed}}),
    );
    assert_eq!(diagnostics(&mut from, &uri), Vec::<Value>::new());

    send(
        &mut to,
        json!({"jsonrpc": "2.0", "id": 3, "method": "shutdown", "params": null}),
    );
    let down = loop {
        let m = receive(&mut from);
        if m["id"] == 3 {
            break m;
        }
    };
    assert!(down["error"].is_null(), "{down}");
    send(
        &mut to,
        json!({"jsonrpc": "2.0", "method": "exit", "params": null}),
    );
    let status = child.wait().expect("weft lsp ends");
    assert!(status.success(), "{status}");
}
