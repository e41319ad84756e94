//! Errors of the core. Each has a stable `code` the UI can act on and a message that says what
//! went wrong, where, and what to do.

use serde::Serialize;
use ts_rs::TS;

/// Result with the core's error.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Everything that can go wrong in the core.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The file is not an SQLite database (or is damaged beyond opening).
    #[error("{path}: not a GPU Quote Desk database (not an SQLite file, or damaged). It was not changed. Give another path with --db, or move the file away.")]
    NotADatabase {
        /// The file given.
        path: String,
    },
    /// The database was written by a newer version of the program.
    #[error("{path}: database schema version {found} is newer than this program understands (up to {supported}). It was left untouched; use a newer GPU Quote Desk.")]
    SchemaTooNew {
        /// The file given.
        path: String,
        /// Schema version found in the file.
        found: i64,
        /// Newest schema version this binary knows.
        supported: i64,
    },
    /// A name (GPU, vendor, …) matched nothing.
    #[error("unknown {kind} '{given}'{}", suggest(.suggestions))]
    UnknownName {
        /// What kind of name: "GPU", "vendor", "mode", …
        kind: &'static str,
        /// What the user typed.
        given: String,
        /// The closest known names.
        suggestions: Vec<String>,
    },
    /// Input that does not make sense (a setting out of range, a bad value).
    #[error("{field}: {message}")]
    Invalid {
        /// Which input.
        field: String,
        /// What is wrong and what to do.
        message: String,
    },
    /// A price cannot be converted because no exchange rate is stored.
    #[error("no exchange rate {from}→{to} is stored: add one in Settings (设置) or with `gpuquote settings set-fx {from} RATE --date YYYY-MM-DD`")]
    NoRate {
        /// Currency converted from.
        from: String,
        /// Currency converted to.
        to: String,
    },
    /// Shipped data in `data/` is inconsistent (a bug in the release, caught by tests).
    #[error("built-in data {file}: {message}")]
    Data {
        /// Which data file.
        file: String,
        /// What is wrong.
        message: String,
    },
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file involved.
        path: String,
        /// The OS error.
        #[source]
        source: std::io::Error,
    },
    /// A file being imported is malformed: where, and what to do. Nothing was imported.
    #[error("{file}{}{}: {message}. Nothing was imported; fix the file and import it again.", line.map(|l| format!(", line {l}")).unwrap_or_default(), field.as_ref().map(|f| format!(", field '{f}'")).unwrap_or_default())]
    Import {
        /// The file.
        file: String,
        /// 1-based line (the header is line 1), when known.
        line: Option<u64>,
        /// Column or field, when known.
        field: Option<String>,
        /// What is wrong.
        message: String,
    },
    /// A scrape failed: which vendor, which URL, why. Nothing was stored.
    #[error("scrape of {vendor} failed at {url}: {message}. Nothing was stored.")]
    Network {
        /// Vendor key.
        vendor: String,
        /// The URL that failed.
        url: String,
        /// Why.
        message: String,
    },
    /// SQLite reported an error.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
}

fn suggest(s: &[String]) -> String {
    if s.is_empty() {
        String::new()
    } else {
        format!(" — did you mean: {}?", s.join(", "))
    }
}

impl Error {
    /// A short stable code for the UI and scripts.
    pub fn code(&self) -> &'static str {
        match self {
            Error::NotADatabase { .. } => "not_a_database",
            Error::SchemaTooNew { .. } => "schema_too_new",
            Error::UnknownName { .. } => "unknown_name",
            Error::Invalid { .. } => "invalid_input",
            Error::NoRate { .. } => "no_exchange_rate",
            Error::Data { .. } => "builtin_data",
            Error::Io { .. } => "io",
            Error::Import { .. } => "import_failed",
            Error::Network { .. } => "network",
            Error::Sqlite(_) => "database",
        }
    }

    /// The `{code, message}` form that crosses IPC.
    pub fn payload(&self) -> ErrorPayload {
        ErrorPayload { code: self.code().to_string(), message: self.to_string() }
    }

    pub(crate) fn invalid(field: impl Into<String>, message: impl Into<String>) -> Self {
        Error::Invalid { field: field.into(), message: message.into() }
    }
}

/// An error as the UI receives it.
#[derive(Debug, Clone, Serialize, TS)]
pub struct ErrorPayload {
    /// Stable code, e.g. `unknown_name`.
    pub code: String,
    /// Human-readable message.
    pub message: String,
}
