//! Where the database lives: `--db PATH`, else `GPUQUOTE_DB`, else the per-user data directory
//! from the platform (e.g. `%APPDATA%\GPU Quote Desk\data` on Windows,
//! `~/Library/Application Support/com.gpuquote.GPU-Quote-Desk` on macOS,
//! `~/.local/share/gpuquote` on Linux).

use crate::error::{Error, Result};
use std::path::PathBuf;

/// Environment variable naming the database file.
pub const DB_ENV: &str = "GPUQUOTE_DB";
/// File name inside the data directory.
pub const DB_FILE: &str = "gpuquote.sqlite3";

/// Resolves the database path shared by the CLI and the app.
pub fn resolve_db_path(explicit: Option<PathBuf>) -> Result<PathBuf> {
    if let Some(p) = explicit {
        return Ok(p);
    }
    if let Some(p) = std::env::var_os(DB_ENV).filter(|v| !v.is_empty()) {
        return Ok(PathBuf::from(p));
    }
    default_db_path()
}

/// The per-user default path.
pub fn default_db_path() -> Result<PathBuf> {
    directories::ProjectDirs::from("com", "gpuquote", "GPU Quote Desk")
        .map(|d| d.data_dir().join(DB_FILE))
        .ok_or_else(|| {
            Error::invalid(
                "data directory",
                format!("no home directory found: pass --db PATH or set {DB_ENV}"),
            )
        })
}
