//! SARIF 2.1.0 output (`weft verify --format sarif`), for CI code scanning
//! (GitHub, GitLab, Azure DevOps read it and annotate the lines).
//!
//! One run; each diagnostic with a place is a result (`ruleId` its full code,
//! `postFailed:false`, level `error`: a failed proof is not a warning) with
//! its span and related spans; each code that occurs is a rule whose
//! descriptions are `weft explain`'s hint and meaning. A diagnostic with no
//! place (a missing backend) is a tool notification, and the invocation is
//! then not successful. The log is built with `serde-sarif`'s types, which
//! are generated from the SARIF schema; the tests validate it against that schema.

use serde_sarif::sarif::{
    ArtifactLocation, Invocation, Location, Message, MultiformatMessageString, Notification,
    PhysicalLocation, Region, ReportingDescriptor, Result as SarifResult, ResultLevel, Run, Sarif,
    Tool, ToolComponent,
};

use super::{explain, render, Diagnostic};
use crate::span::{Files, Span};

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

fn location(files: &Files, span: Span, message: Option<&str>) -> Location {
    let (line, column, end_line, end_column) = render::position(files, span);
    let region = Region::builder()
        .start_line(line as i64)
        .start_column(column as i64)
        .end_line(end_line as i64)
        .end_column(end_column as i64)
        .build();
    let physical = PhysicalLocation::builder()
        .artifact_location(
            ArtifactLocation::builder()
                .uri(uri(files.name(span.file)))
                .build(),
        )
        .region(region)
        .build();
    match message {
        Some(m) if !m.is_empty() => Location::builder()
            .physical_location(physical)
            .message(Message::from(m))
            .build(),
        _ => Location::builder().physical_location(physical).build(),
    }
}

/// A file name as a URI reference: relative names stay relative (to the
/// folder weft ran in), absolute ones become `file://` URIs.
fn uri(name: &str) -> String {
    let mut out = String::new();
    if name.starts_with('/') {
        out.push_str("file://");
    }
    for c in name.chars() {
        match c {
            ' ' => out.push_str("%20"),
            '%' => out.push_str("%25"),
            '#' => out.push_str("%23"),
            '?' => out.push_str("%3F"),
            '\\' => out.push('/'),
            c => out.push(c),
        }
    }
    out
}

/// Text wrapped for a terminal as one line per paragraph.
fn unwrapped(text: &str) -> String {
    text.split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n\n")
}

fn rule(code: &str) -> ReportingDescriptor {
    match explain::lookup(code) {
        Some(e) => ReportingDescriptor::builder()
            .id(code)
            .short_description(MultiformatMessageString::builder().text(e.hint).build())
            .full_description(
                MultiformatMessageString::builder()
                    .text(unwrapped(e.meaning))
                    .build(),
            )
            .help(
                MultiformatMessageString::builder()
                    .text(format!(
                        "{} Run `weft explain {}` for an example.",
                        e.hint, e.stem
                    ))
                    .build(),
            )
            .build(),
        None => ReportingDescriptor::builder().id(code).build(),
    }
}

fn result(files: &Files, d: &Diagnostic, span: Span) -> SarifResult {
    let related: Vec<Location> = d
        .related
        .iter()
        .map(|r| location(files, r.span, Some(&r.message)))
        .collect();
    let base = SarifResult::builder()
        .rule_id(d.code.to_string())
        .level(ResultLevel::Error)
        .message(Message::from(&d.message))
        .locations(vec![location(files, span, Some(&d.label))]);
    if related.is_empty() {
        base.build()
    } else {
        base.related_locations(related).build()
    }
}

/// The SARIF log of one `weft verify` run.
pub fn log(files: &Files, diags: &[Diagnostic]) -> Sarif {
    let mut codes: Vec<String> = diags.iter().map(|d| d.code.to_string()).collect();
    codes.sort();
    codes.dedup();
    let driver = ToolComponent::builder()
        .name("weft")
        .semantic_version(env!("CARGO_PKG_VERSION"))
        .rules(codes.iter().map(|c| rule(c)).collect::<Vec<_>>())
        .build();
    let results: Vec<SarifResult> = diags
        .iter()
        .filter_map(|d| d.span.map(|s| result(files, d, s)))
        .collect();
    let notes: Vec<Notification> = diags
        .iter()
        .filter(|d| d.span.is_none())
        .map(|d| {
            Notification::builder()
                .message(Message::from(
                    format!("[{}] {}", d.code, d.message).as_str(),
                ))
                .level(serde_json::json!("error"))
                .build()
        })
        .collect();
    let invocation = if notes.is_empty() {
        Invocation::builder().execution_successful(true).build()
    } else {
        Invocation::builder()
            .execution_successful(false)
            .tool_execution_notifications(notes)
            .build()
    };
    let run = Run::builder()
        .tool(Tool::from(driver))
        .results(results)
        .invocations(vec![invocation])
        .build();
    Sarif::builder()
        .schema(SCHEMA)
        .version(serde_json::json!("2.1.0"))
        .runs(vec![run])
        .build()
}

/// The log as JSON text.
pub fn to_json(files: &Files, diags: &[Diagnostic]) -> String {
    // Serialising strings and numbers cannot fail.
    serde_json::to_string_pretty(&log(files, diags)).unwrap_or_default()
}
