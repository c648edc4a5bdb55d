//! Rendering of diagnostics: human (codespan-reporting) and JSON.
