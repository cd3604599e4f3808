//! Logging through the `log` facade, written to stderr by `env_logger`.
//!
//! `--log-level` sets the level; without it `RUST_LOG` is honoured (with its per-module
//! syntax), and the default is `warn`. `--log-format json` writes one JSON object per line:
//! `{"ts":…,"level":…,"target":…,"message":…, <key-values>}`; the key-values given at the
//! call site (`log::info!(file = …; "…")`) become fields, so the lines are machine-parseable.
//! `--color` applies to the text format's level names too.

use std::io::Write;

use env_logger::fmt::Formatter;
use log::kv::{Key, Value, VisitSource};
use serde_json::Value as Json;

use crate::cli::{ColorChoice, LogFormat, LogLevel};

/// Logging to stderr, or appended to `file` (the language server's `--log-file`).
pub fn init_to(
    level: Option<LogLevel>,
    format: LogFormat,
    color: ColorChoice,
    file: Option<&std::path::Path>,
) -> Result<(), String> {
    let mut builder = env_logger::Builder::new();
    match file {
        Some(path) => {
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot open the log file {}: {e}", path.display()))?;
            builder.target(env_logger::Target::Pipe(Box::new(file)));
        }
        None => {
            builder.target(env_logger::Target::Stderr);
        }
    }
    // env_logger's `auto` already honours NO_COLOR and looks at stderr.
    builder.write_style(match color {
        ColorChoice::Auto => env_logger::WriteStyle::Auto,
        ColorChoice::Always => env_logger::WriteStyle::Always,
        ColorChoice::Never => env_logger::WriteStyle::Never,
    });
    match level {
        Some(level) => {
            builder.filter_level(level.filter());
        }
        None => match std::env::var("RUST_LOG") {
            Ok(spec) if !spec.is_empty() => {
                builder.parse_filters(&spec);
            }
            _ => {
                builder.filter_level(log::LevelFilter::Warn);
            }
        },
    }
    if format == LogFormat::Json {
        builder.format(write_json);
    }
    // Fails only when a logger is already set (never here); nothing to do then.
    let _ = builder.try_init();
    Ok(())
}

fn write_json(buf: &mut Formatter, record: &log::Record<'_>) -> std::io::Result<()> {
    let mut fields = Fields(vec![
        (
            "ts".to_owned(),
            Json::String(buf.timestamp_millis().to_string()),
        ),
        (
            "level".to_owned(),
            Json::String(record.level().as_str().to_owned()),
        ),
        (
            "target".to_owned(),
            Json::String(record.target().to_owned()),
        ),
        (
            "message".to_owned(),
            Json::String(record.args().to_string()),
        ),
    ]);
    let _ = record.key_values().visit(&mut fields);
    // Written by hand to keep the fixed keys first (serde_json's Map would sort them).
    let mut line = String::from("{");
    for (i, (key, value)) in fields.0.iter().enumerate() {
        if i > 0 {
            line.push(',');
        }
        line.push_str(&Json::String(key.clone()).to_string());
        line.push(':');
        line.push_str(&value.to_string());
    }
    line.push('}');
    writeln!(buf, "{line}")
}

/// The fields of one JSON log line, in order.
struct Fields(Vec<(String, Json)>);

impl<'kvs> VisitSource<'kvs> for Fields {
    fn visit_pair(&mut self, key: Key<'kvs>, value: Value<'kvs>) -> Result<(), log::kv::Error> {
        let json = if let Some(b) = value.to_bool() {
            Json::Bool(b)
        } else if let Some(n) = value.to_u64() {
            Json::from(n)
        } else if let Some(n) = value.to_i64() {
            Json::from(n)
        } else if let Some(f) = value.to_f64() {
            serde_json::Number::from_f64(f)
                .map_or_else(|| Json::String(f.to_string()), Json::Number)
        } else {
            Json::String(value.to_string())
        };
        // The fixed keys stay the logger's; a clashing field is kept under a prefixed name.
        let mut name = key.as_str().to_owned();
        while self.0.iter().any(|(k, _)| *k == name) {
            name.insert_str(0, "field_");
        }
        self.0.push((name, json));
        Ok(())
    }
}
