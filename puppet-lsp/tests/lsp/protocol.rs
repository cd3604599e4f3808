//! One test per request: its result on the fixture repository, checked by assertions on what
//! matters and by a golden of the whole reply.

use std::path::Path;

use serde_json::{json, Value};

use crate::client::{find, fixture_copy, pos, relative, uri, Client};

fn golden(name: &str, value: &Value, root: &Path) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/lsp/goldens/{name}.json"));
    let text = serde_json::to_string_pretty(&relative(value, root)).unwrap() + "\n";
    puppet_test_support::golden::assert_matches(&path, &text);
}

fn at(client: &Client, relative: &str, needle: &str, nth: usize) -> Value {
    let path = client.root.join(relative);
    json!({ "textDocument": { "uri": uri(&path) }, "position": find(&path, needle, nth) })
}

const WEB: &str = "site/profile/manifests/web.pp";
const VHOST: &str = "modules/apache/manifests/vhost.pp";

#[test]
fn diagnostics_show_every_syntax_error_validation_and_lint() {
    let (_dir, root) = fixture_copy();
    let mut client = Client::start(&root, json!({}));
    let (_, clean) = client.open(WEB);
    assert_eq!(clean["diagnostics"], json!([]), "{clean}");
    let broken_uri = uri(&root.join("site/profile/manifests/broken.pp"));
    let (_, broken) = client.open_text(
        &broken_uri,
        "class profile::broken {\n  $x = \n}\nfile { '/a': ensure => }\nnotice(1\n",
    );
    let codes: Vec<&str> = broken["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert!(
        codes.iter().filter(|c| **c == "SYNTAX_ERROR").count() >= 3,
        "{broken}"
    );
    // Validation (Puppet 8: an unknown variable name form) and lint (double quotes).
    let mixed_uri = uri(&root.join("site/profile/manifests/mixed.pp"));
    let (_, mixed) = client.open_text(
        &mixed_uri,
        "class profile::mixed {\n  $Bad = \"plain\"\n}\n",
    );
    let found: Vec<(String, String)> = mixed["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["source"].as_str().unwrap().to_string(),
                d["code"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert!(
        found.contains(&("puppet".into(), "ILLEGAL_VAR_NAME".into())),
        "{found:?}"
    );
    golden("diagnostics_broken", &broken, &root);
    golden("diagnostics_mixed", &mixed, &root);
    client.shutdown();
}

#[test]
fn diagnostics_follow_edits_and_settings() {
    let (_dir, root) = fixture_copy();
    let mut client = Client::start(&root, json!({"lint": {"checks": {"80chars": true}}}));
    let (uri, _) = client.open(WEB);
    // Break the file: the error shows; mend it: it goes.
    let broken = client.change(
        &uri,
        2,
        json!({"start": pos(6, 2), "end": pos(6, 9)}),
        "include {",
    );
    assert!(
        broken["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "SYNTAX_ERROR"),
        "{broken}"
    );
    let mended = client.change(
        &uri,
        3,
        json!({"start": pos(6, 2), "end": pos(6, 11)}),
        "include",
    );
    assert_eq!(mended["diagnostics"], json!([]), "{mended}");
    // A line over 80 characters: the enabled check reports it.
    let long = format!("  # {}\n", "x".repeat(90));
    let after = client.change(
        &uri,
        4,
        json!({"start": pos(7, 0), "end": pos(7, 0)}),
        &long,
    );
    assert!(
        after["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "80chars"),
        "{after}"
    );
    client.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"puppet": {"lint": {"enable": false}}}}),
    );
    let quiet = client.wait_for_notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == uri.as_str() && p["diagnostics"] == json!([])
    });
    assert_eq!(quiet["version"], 4);
    client.shutdown();
}

#[test]
fn symbols_of_the_document_and_the_workspace() {
    let (_dir, root) = fixture_copy();
    let mut client = Client::start(&root, json!({}));
    let (uri, _) = client.open(WEB);
    let outline = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(outline[0]["name"], "profile::web", "{outline}");
    golden("document_symbols", &outline, &root);
    let symbols = client.request("workspace/symbol", json!({"query": "vhost"}));
    assert_eq!(symbols[0]["name"], "apache::vhost", "{symbols}");
    let all = client.request("workspace/symbol", json!({"query": ""}));
    let mut names: Vec<&str> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "Apache::Port",
            "apache",
            "apache::listen",
            "apache::vhost",
            "profile::params",
            "profile::web",
            "web1.example.com"
        ]
    );
    client.shutdown();
}

/// The file and the line a definition request lands on.
fn landing(client: &mut Client, params: Value) -> (String, u64) {
    let result = client.request("textDocument/definition", params.clone());
    let location = if result.is_array() {
        result[0].clone()
    } else {
        result.clone()
    };
    assert!(location.is_object(), "no definition for {params}: {result}");
    let uri = location["uri"].as_str().unwrap();
    let path = lsp_types::Url::parse(uri).unwrap().to_file_path().unwrap();
    let relative = path
        .strip_prefix(&client.root)
        .unwrap()
        .display()
        .to_string();
    (
        relative,
        location["range"]["start"]["line"].as_u64().unwrap(),
    )
}

#[test]
fn definitions_of_classes_types_functions_and_variables() {
    let (_dir, root) = fixture_copy();
    let mut client = Client::start(&root, json!({}));
    client.open(WEB);
    client.open(VHOST);
    client.open("manifests/site.pp");
    let cases = [
        (
            at(&client, WEB, "include apache", 9),
            ("modules/apache/manifests/init.pp", 3),
        ),
        (
            at(&client, WEB, "apache::vhost {", 3),
            ("modules/apache/manifests/vhost.pp", 4),
        ),
        (
            at(&client, WEB, "port    =>", 1),
            ("modules/apache/manifests/vhost.pp", 5),
        ),
        (at(&client, WEB, "${vhost}", 3), (WEB, 4)),
        (at(&client, WEB, "$greeting:", 2), (WEB, 14)),
        (
            at(&client, WEB, "$profile::params::motd", 18),
            ("site/profile/manifests/params.pp", 2),
        ),
        (
            at(&client, WEB, "$profile::params::motd", 3),
            ("site/profile/manifests/params.pp", 2),
        ),
        (
            at(&client, VHOST, "apache::listen(", 2),
            ("modules/apache/functions/listen.pp", 1),
        ),
        (
            at(&client, VHOST, "Apache::Port", 2),
            ("modules/apache/types/port.pp", 1),
        ),
        (
            at(&client, VHOST, "Class['apache']", 8),
            ("modules/apache/manifests/init.pp", 3),
        ),
        (
            at(&client, "manifests/site.pp", "profile::web", 2),
            (WEB, 3),
        ),
    ];
    for (params, (file, line)) in cases {
        assert_eq!(
            landing(&mut client, params.clone()),
            (file.to_string(), line),
            "{params}"
        );
    }
    // A core type and a built-in function have no definition in the workspace.
    assert_eq!(
        client.request("textDocument/definition", at(&client, WEB, "file {", 1)),
        Value::Null
    );
    client.shutdown();
}

#[test]
fn references_and_highlights() {
    let (_dir, root) = fixture_copy();
    let mut client = Client::start(&root, json!({}));
    client.open(WEB);
    let mut params = at(
        &client,
        "modules/apache/manifests/init.pp",
        "class apache",
        7,
    );
    params["context"] = json!({"includeDeclaration": true});
    let refs = client.request("textDocument/references", params);
    golden("references_apache", &refs, &root);
    assert_eq!(refs.as_array().unwrap().len(), 3, "{refs}");
    let mut params = at(&client, WEB, "String $vhost", 8);
    params["context"] = json!({"includeDeclaration": false});
    let uses = client.request("textDocument/references", params);
    assert_eq!(uses.as_array().unwrap().len(), 2, "{uses}");
    let highlights = client.request(
        "textDocument/documentHighlight",
        at(&client, WEB, "$greeting =", 2),
    );
    let kinds: Vec<u64> = highlights
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["kind"].as_u64().unwrap())
        .collect();
    assert_eq!(kinds, [3, 2], "{highlights}");
    client.shutdown();
}

#[test]
fn rename_classes_and_variables_and_refuse_when_unsure() {
    let (_dir, root) = fixture_copy();
    let mut client = Client::start(&root, json!({}));
    client.open(WEB);
    let prepare = client.request(
        "textDocument/prepareRename",
        at(&client, WEB, "include profile::params", 9),
    );
    assert_eq!(prepare["placeholder"], "profile::params");
    let mut params = at(&client, WEB, "include profile::params", 9);
    params["newName"] = json!("profile::settings");
    let edit = client.request("textDocument/rename", params);
    golden("rename_class", &edit, &root);
    let files = edit["changes"].as_object().unwrap();
    assert_eq!(files.len(), 2, "{edit}");
    // The local variable.
    let mut params = at(&client, WEB, "$greeting =", 2);
    params["newName"] = json!("message");
    let edit = client.request("textDocument/rename", params);
    let edits = &edit["changes"][uri(&root.join(WEB))];
    assert_eq!(edits.as_array().unwrap().len(), 2, "{edit}");
    assert!(edits
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["newText"] == "message"));
    // Hiera binds profile::web::vhost: refused, with the reason.
    let mut params = at(&client, WEB, "String $vhost", 8);
    params["newName"] = json!("site");
    let id = client.send("textDocument/rename", params);
    let refused = client.reply(id);
    let error = refused.error.expect("refused");
    assert!(error.message.contains("Hiera"), "{}", error.message);
    // A core type, and a name Puppet would not accept.
    let mut params = at(&client, WEB, "file {", 1);
    params["newName"] = json!("files");
    let id = client.send("textDocument/rename", params);
    assert!(client
        .reply(id)
        .error
        .unwrap()
        .message
        .contains("core resource type"));
    let mut params = at(&client, WEB, "include apache", 9);
    params["newName"] = json!("Apache");
    let id = client.send("textDocument/rename", params);
    assert!(client
        .reply(id)
        .error
        .unwrap()
        .message
        .contains("not a valid name"));
    client.shutdown();
}

#[test]
fn hover_shows_signatures_and_documentation() {
    let (_dir, root) = fixture_copy();
    let mut client = Client::start(&root, json!({}));
    client.open(WEB);
    client.open(VHOST);
    let text = |v: &Value| v["contents"]["value"].as_str().unwrap_or("").to_string();
    let class = client.request("textDocument/hover", at(&client, WEB, "include apache", 9));
    assert!(
        text(&class).contains("class apache(String $package_name = 'httpd')"),
        "{class}"
    );
    assert!(text(&class).contains("Installs Apache."));
    let param = client.request("textDocument/hover", at(&client, WEB, "docroot =>", 1));
    assert!(text(&param).contains("Where its files are."), "{param}");
    let core = client.request("textDocument/hover", at(&client, WEB, "ensure  => file", 1));
    assert!(text(&core).contains("`ensure` of `file`"), "{core}");
    let ty = client.request("textDocument/hover", at(&client, WEB, "file {", 1));
    assert!(text(&ty).contains("Core resource type"), "{ty}");
    let builtin = client.request("textDocument/hover", at(&client, WEB, "include apache", 2));
    assert!(text(&builtin).contains("include("), "{builtin}");
    golden("hover_class", &class, &root);
    client.shutdown();
}

fn labels(result: &Value) -> Vec<String> {
    result["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn completion_in_every_context_and_in_a_broken_buffer() {
    let (_dir, root) = fixture_copy();
    let mut client = Client::start(&root, json!({}));
    let (uri, _) = client.open(WEB);
    let complete = |client: &mut Client, line: u32, character: u32| {
        client.request(
            "textDocument/completion",
            json!({"textDocument": {"uri": uri}, "position": pos(line, character)}),
        )
    };
    // Type a new line at the end of the class body (line 21 is its `}`): the buffer stops
    // parsing, completion goes on.
    client.change(
        &uri,
        2,
        json!({"start": pos(21, 0), "end": pos(21, 0)}),
        "  $x = $gr\n",
    );
    assert!(labels(&complete(&mut client, 21, 11)).contains(&"greeting".to_string()));
    client.change(
        &uri,
        3,
        json!({"start": pos(21, 0), "end": pos(22, 0)}),
        "  include ap\n",
    );
    assert_eq!(labels(&complete(&mut client, 21, 12)), ["apache"]);
    client.change(
        &uri,
        4,
        json!({"start": pos(21, 0), "end": pos(22, 0)}),
        "  apache::vhost { 'x':\n    do\n",
    );
    assert_eq!(labels(&complete(&mut client, 22, 6)), ["docroot"]);
    client.change(
        &uri,
        5,
        json!({"start": pos(21, 0), "end": pos(23, 0)}),
        "  class { 'apache':\n    pa\n",
    );
    assert_eq!(labels(&complete(&mut client, 22, 6)), ["package_name"]);
    client.change(
        &uri,
        6,
        json!({"start": pos(21, 0), "end": pos(23, 0)}),
        "  service { 'x':\n    ens\n",
    );
    assert_eq!(labels(&complete(&mut client, 22, 7)), ["ensure"]);
    client.change(
        &uri,
        7,
        json!({"start": pos(21, 0), "end": pos(23, 0)}),
        "  $os = $facts['os']['fam\n",
    );
    assert_eq!(labels(&complete(&mut client, 21, 26)), ["family"]);
    client.change(
        &uri,
        8,
        json!({"start": pos(21, 0), "end": pos(22, 0)}),
        "  $m = $profile::params::\n",
    );
    assert_eq!(
        labels(&complete(&mut client, 21, 26)),
        ["profile::params::motd"]
    );
    client.change(
        &uri,
        9,
        json!({"start": pos(21, 0), "end": pos(22, 0)}),
        "  packa\n",
    );
    let packa = complete(&mut client, 21, 7);
    assert_eq!(labels(&packa), ["package"], "{packa}");
    client.change(
        &uri,
        10,
        json!({"start": pos(21, 0), "end": pos(22, 0)}),
        "  $y = apache::li\n",
    );
    assert!(labels(&complete(&mut client, 21, 18)).contains(&"apache::listen".to_string()));
    client.shutdown();
}

#[test]
fn formatting_and_code_actions() {
    let (_dir, root) = fixture_copy();
    let mut client = Client::start(&root, json!({}));
    let messy_uri = uri(&root.join("site/profile/manifests/messy.pp"));
    let (_, diagnostics) = client.open_text(
        &messy_uri,
        "class profile::messy {\n  file { '/a':\n    ensure => file,\n    mode => '0644',\n  }\n  $v = \"x\"\n}\n",
    );
    assert!(diagnostics["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["code"] == "double_quoted_strings"));
    let formatted = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": messy_uri}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    golden("formatting", &formatted, &root);
    assert!(!formatted.as_array().unwrap().is_empty());
    let actions = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": messy_uri}, "range": {"start": pos(5, 0), "end": pos(5, 10)},
               "context": {"diagnostics": []}}),
    );
    let titles: Vec<&str> = actions
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert!(
        titles
            .iter()
            .any(|t| t.starts_with("Fix double_quoted_strings")),
        "{titles:?}"
    );
    assert!(
        titles.contains(&"Ignore double_quoted_strings on this line"),
        "{titles:?}"
    );
    assert!(
        titles.iter().any(|t| t.starts_with("Fix all auto-fixable")),
        "{titles:?}"
    );
    golden("code_actions", &actions, &root);
    client.shutdown();
}

#[test]
fn cst_features_folding_selection_semantic_tokens() {
    let (_dir, root) = fixture_copy();
    let mut client = Client::start(&root, json!({}));
    let (uri, _) = client.open(WEB);
    let folds = client.request(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": uri}}),
    );
    assert!(folds.as_array().is_some_and(|f| !f.is_empty()), "{folds}");
    golden("folding", &folds, &root);
    let selection = client.request(
        "textDocument/selectionRange",
        json!({"textDocument": {"uri": uri}, "positions": [pos(9, 4)]}),
    );
    assert!(selection[0]["parent"].is_object(), "{selection}");
    let tokens = client.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": uri}}),
    );
    assert!(
        tokens["data"]
            .as_array()
            .is_some_and(|d| d.len() > 50 && d.len() % 5 == 0),
        "{tokens}"
    );
    client.shutdown();
}

#[test]
fn errors_are_replies_and_the_server_goes_on() {
    let (_dir, root) = fixture_copy();
    let mut client = Client::start(&root, json!({"puppetVersion": "5.5", "colour": true}));
    // Bad settings are shown, not fatal.
    let shown = client.wait_for_notification("window/showMessage", |_| true);
    assert!(
        shown["message"]
            .as_str()
            .unwrap()
            .contains("unknown setting 'colour'"),
        "{shown}"
    );
    let id = client.send(
        "textDocument/hover",
        json!({"textDocument": {"uri": "file:///nowhere.pp"}, "position": pos(0, 0)}),
    );
    assert!(client.reply(id).error.is_some());
    let id = client.send("textDocument/definition", json!({"bad": true}));
    assert_eq!(
        client.reply(id).error.unwrap().code,
        lsp_server::ErrorCode::InvalidParams as i32
    );
    let id = client.send("puppet/unknown", json!({}));
    assert_eq!(
        client.reply(id).error.unwrap().code,
        lsp_server::ErrorCode::MethodNotFound as i32
    );
    // Still answering.
    let (uri, _) = client.open(WEB);
    let outline = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    assert!(outline.is_array());
    client.shutdown();
}

#[test]
fn the_index_follows_files_changed_on_disk() {
    let (_dir, root) = fixture_copy();
    let mut client = Client::start(&root, json!({}));
    let path = root.join("site/profile/manifests/extra.pp");
    std::fs::write(&path, "class profile::extra {}\n").unwrap();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri(&path), "type": 1}]}),
    );
    let found = client.request("workspace/symbol", json!({"query": "profile::extra"}));
    assert_eq!(found[0]["name"], "profile::extra", "{found}");
    std::fs::remove_file(&path).unwrap();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri(&path), "type": 3}]}),
    );
    let gone = client.request("workspace/symbol", json!({"query": "profile::extra"}));
    assert_eq!(gone, json!([]), "{gone}");
    client.shutdown();
}

#[test]
fn rename_defined_types_and_their_parameters() {
    let (_dir, root) = fixture_copy();
    let mut client = Client::start(&root, json!({}));
    client.open(WEB);
    client.open(VHOST);
    // The defined type: its header, and the resource declaring it.
    let mut params = at(&client, WEB, "apache::vhost {", 3);
    params["newName"] = json!("apache::site");
    let edit = client.request("textDocument/rename", params);
    let web = &edit["changes"][uri(&root.join(WEB))];
    let vhost = &edit["changes"][uri(&root.join(VHOST))];
    assert_eq!(
        (web[0]["newText"].as_str(), vhost[0]["newText"].as_str()),
        (Some("apache::site"), Some("apache::site")),
        "{edit}"
    );
    // A parameter, from an attribute that sets it: the parameter and the attribute.
    let mut params = at(&client, WEB, "docroot =>", 1);
    params["newName"] = json!("root");
    let edit = client.request("textDocument/rename", params);
    golden("rename_parameter", &edit, &root);
    assert_eq!(
        edit["changes"][uri(&root.join(WEB))]
            .as_array()
            .unwrap()
            .len(),
        1,
        "{edit}"
    );
    assert_eq!(
        edit["changes"][uri(&root.join(VHOST))]
            .as_array()
            .unwrap()
            .len(),
        1,
        "{edit}"
    );
    // A type alias keeps its capitalized form.
    let mut params = at(&client, VHOST, "Apache::Port", 2);
    params["newName"] = json!("Apache::Listen_port");
    let edit = client.request("textDocument/rename", params);
    assert_eq!(edit["changes"].as_object().unwrap().len(), 2, "{edit}");
    client.shutdown();
}

#[test]
fn formatting_on_type_and_of_a_range() {
    let (_dir, root) = fixture_copy();
    let mut client = Client::start(&root, json!({}));
    let messy = uri(&root.join("site/profile/manifests/messy.pp"));
    client.open_text(
        &messy,
        "class profile::messy {\n  $a   =   1\n  $b   =   2\n}\n",
    );
    let range = client.request(
        "textDocument/rangeFormatting",
        json!({"textDocument": {"uri": messy}, "range": {"start": pos(1, 0), "end": pos(1, 5)},
               "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    let lines: Vec<u64> = range
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["range"]["start"]["line"].as_u64().unwrap())
        .collect();
    assert!(
        !lines.is_empty() && lines.iter().all(|l| *l == 1),
        "only line 2 changes: {range}"
    );
    let on_type = client.request(
        "textDocument/onTypeFormatting",
        json!({"textDocument": {"uri": messy}, "position": pos(3, 1), "ch": "}",
               "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert!(on_type.is_array(), "{on_type}");
    // A document that does not parse is left as it is.
    let broken = uri(&root.join("site/profile/manifests/broken.pp"));
    client.open_text(&broken, "class profile::broken {\n  $a   =\n");
    let none = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": broken}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert_eq!(none, Value::Null);
    client.shutdown();
}

#[test]
fn the_module_path_setting_makes_any_folder_an_environment() {
    let (_dir, fixture) = fixture_copy();
    let env = puppet_test_support::cli::TempDir::new();
    std::fs::create_dir_all(env.0.join("manifests")).unwrap();
    std::fs::write(env.0.join("manifests/site.pp"), "include apache\n").unwrap();
    let modules = fixture.join("modules").display().to_string();
    let mut client = Client::start(&env.0, json!({ "modulePath": [modules] }));
    let found = client.request("workspace/symbol", json!({"query": "apache::vhost"}));
    assert_eq!(found[0]["name"], "apache::vhost", "{found}");
    let site = client.request("workspace/symbol", json!({"query": ""}));
    assert!(site.as_array().unwrap().len() >= 4, "{site}");
    client.shutdown();
}
