//! The SQLite store: opening with checks, pragmas, ordered migrations tracked in `user_version`,
//! integrity check and online backup.

use crate::error::{Error, Result};
use rusqlite::{Connection, OpenFlags, Transaction};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Ordered schema migrations; migration `i` moves the schema from version `i` to `i + 1`.
/// Never edit a released migration: append a new one.
pub const MIGRATIONS: &[&str] = &[
    include_str!("migrations/0001_catalog.sql"),
    include_str!("migrations/0002_tco_presets.sql"),
    include_str!("migrations/0003_evidence.sql"),
    include_str!("migrations/0004_quotes.sql"),
    include_str!("migrations/0005_ingest.sql"),
    include_str!("migrations/0006_offer_checks.sql"),
];

/// Newest schema version this binary knows.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// An open catalog database.
pub struct Store {
    conn: Connection,
    path: Option<PathBuf>,
    /// The current catalog parsed once and reused while the database is unchanged (long-lived
    /// processes such as the desktop app turn it on; see [`Store::enable_catalog_cache`]).
    pub(crate) catalog_cache: Option<std::cell::RefCell<Option<crate::catalog::CurrentCatalog>>>,
}

impl Store {
    /// Opens (or creates) the database at `path`, refusing files that are not SQLite and schemas
    /// newer than this binary (both left untouched), then migrates and seeds the built-in data.
    pub fn open(path: &Path) -> Result<Self> {
        let shown = path.display().to_string();
        let exists = path.exists();
        if exists {
            check_header(path)?;
        } else if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|source| Error::Io { path: dir.display().to_string(), source })?;
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_URI;
        let conn = Connection::open_with_flags(path, flags).map_err(|e| not_db(&shown, e))?;
        // Read the version before any pragma that writes (WAL changes the file header).
        let found: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(|e| not_db(&shown, e))?;
        if found > SCHEMA_VERSION {
            return Err(Error::SchemaTooNew { path: shown, found, supported: SCHEMA_VERSION });
        }
        let mut store = Store { conn, path: Some(path.to_path_buf()), catalog_cache: None };
        store.configure(true)?;
        store.migrate()?;
        crate::seed::seed(&mut store)?;
        Ok(store)
    }

    /// A fresh in-memory database, migrated and seeded (for tests and benchmarks).
    pub fn open_in_memory() -> Result<Self> {
        let mut store =
            Store { conn: Connection::open_in_memory()?, path: None, catalog_cache: None };
        store.configure(false)?;
        store.migrate()?;
        crate::seed::seed(&mut store)?;
        Ok(store)
    }

    /// An in-memory database with the schema but no built-in data.
    pub fn open_in_memory_empty() -> Result<Self> {
        let mut store =
            Store { conn: Connection::open_in_memory()?, path: None, catalog_cache: None };
        store.configure(false)?;
        store.migrate()?;
        Ok(store)
    }

    fn configure(&self, file: bool) -> Result<()> {
        self.conn.busy_timeout(Duration::from_secs(5))?;
        // Query-planner stability: without it the bundled SQLite (STAT4) re-prepares a cached
        // statement each time a new value is bound, which dominated catalog queries.
        self.conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)?;
        if file {
            self.conn.pragma_update(None, "journal_mode", "WAL")?;
            self.conn.pragma_update(None, "synchronous", "NORMAL")?;
            // Reads through a memory map and a 32 MiB page cache: a listing touches thousands of
            // pages, and one read() per page was most of its time.
            self.conn.pragma_update(None, "mmap_size", 256 * 1024 * 1024)?;
        }
        self.conn.pragma_update(None, "cache_size", -32 * 1024)?;
        self.conn.pragma_update(None, "foreign_keys", "ON")?;
        Ok(())
    }

    /// Applies pending migrations, all of them in one transaction (all or nothing).
    fn migrate(&mut self) -> Result<()> {
        let tx = self.conn.transaction()?;
        let current: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(current.max(0) as usize) {
            tx.execute_batch(sql)?;
            tx.pragma_update(None, "user_version", (i + 1) as i64)?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Keeps the parsed current catalog in memory between queries; it is rebuilt when this or
    /// another connection changes the database (`total_changes`, `PRAGMA data_version`).
    pub fn enable_catalog_cache(&mut self) {
        self.catalog_cache = Some(std::cell::RefCell::new(None));
    }

    /// A stamp that changes whenever the database content may have changed.
    pub(crate) fn change_stamp(&self) -> Result<(i64, u64)> {
        let v: i64 = self.conn.query_row("PRAGMA data_version", [], |r| r.get(0))?;
        Ok((v, self.conn.total_changes()))
    }

    /// The file behind the store (None in memory).
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Read access.
    pub fn conn(&self) -> &Connection {
        &self.conn
    }

    /// Write access (for a transaction the caller commits or rolls back itself).
    pub fn conn_mut(&mut self) -> &mut Connection {
        &mut self.conn
    }

    /// Runs `f` inside one transaction: committed when it returns Ok, rolled back otherwise.
    pub fn write<T>(&mut self, f: impl FnOnce(&Transaction<'_>) -> Result<T>) -> Result<T> {
        let tx = self.conn.transaction()?;
        let out = f(&tx)?;
        tx.commit()?;
        Ok(out)
    }

    /// Schema version stored in the file.
    pub fn schema_version(&self) -> Result<i64> {
        Ok(self.conn.query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

    /// `PRAGMA integrity_check` and a few counts.
    pub fn check(&self) -> Result<DbCheck> {
        let mut stmt = self.conn.prepare("PRAGMA integrity_check")?;
        let problems: Vec<String> =
            stmt.query_map([], |r| r.get::<_, String>(0))?.collect::<rusqlite::Result<_>>()?;
        let ok = problems.len() == 1 && problems[0] == "ok";
        let fk: i64 =
            self.conn
                .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| r.get(0))?;
        let count = |t: &str| -> Result<i64> {
            Ok(self.conn.query_row(&format!("SELECT count(*) FROM {t}"), [], |r| r.get(0))?)
        };
        Ok(DbCheck {
            path: self.path.as_ref().map(|p| p.display().to_string()),
            ok: ok && fk == 0,
            integrity: if ok { vec!["ok".into()] } else { problems },
            foreign_key_violations: fk,
            schema_version: self.schema_version()?,
            supported_schema_version: SCHEMA_VERSION,
            vendors: count("vendors")?,
            accelerators: count("accelerators")?,
            snapshots: count("snapshots")?,
            offers: count("offers")?,
        })
    }

    /// Writes a consistent copy of the database to `dest` with `VACUUM INTO` (works while the app
    /// has the database open). Refuses to overwrite an existing file.
    pub fn backup(&self, dest: &Path) -> Result<()> {
        if dest.exists() {
            return Err(Error::invalid(
                dest.display().to_string(),
                "already exists; backups never overwrite a file — choose a new name",
            ));
        }
        let s = dest
            .to_str()
            .ok_or_else(|| Error::invalid(dest.display().to_string(), "path is not valid UTF-8"))?;
        self.conn.execute("VACUUM INTO ?1", [s])?;
        Ok(())
    }
}

/// Result of `gpuquote db check`.
#[derive(Debug, serde::Serialize)]
pub struct DbCheck {
    /// The file checked.
    pub path: Option<String>,
    /// Integrity and foreign keys both fine.
    pub ok: bool,
    /// Lines of `PRAGMA integrity_check`.
    pub integrity: Vec<String>,
    /// Rows violating foreign keys.
    pub foreign_key_violations: i64,
    /// Schema version of the file.
    pub schema_version: i64,
    /// Newest version this binary knows.
    pub supported_schema_version: i64,
    /// Row counts.
    pub vendors: i64,
    /// Row counts.
    pub accelerators: i64,
    /// Row counts.
    pub snapshots: i64,
    /// Row counts.
    pub offers: i64,
}

fn check_header(path: &Path) -> Result<()> {
    let shown = path.display().to_string();
    let mut f =
        std::fs::File::open(path).map_err(|source| Error::Io { path: shown.clone(), source })?;
    let mut head = [0u8; 16];
    let mut n = 0;
    while n < head.len() {
        match f.read(&mut head[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(source) => return Err(Error::Io { path: shown, source }),
        }
    }
    // An empty file is what a fresh SQLite file looks like before its first write.
    if n == 0 || (n == 16 && &head == SQLITE_MAGIC) {
        Ok(())
    } else {
        Err(Error::NotADatabase { path: shown })
    }
}

fn not_db(path: &str, e: rusqlite::Error) -> Error {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::NotADatabase) | Some(rusqlite::ErrorCode::DatabaseCorrupt) => {
            Error::NotADatabase { path: path.to_string() }
        }
        _ => Error::Sqlite(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_apply_in_order_and_set_user_version() {
        let store = Store::open_in_memory_empty().expect("open");
        assert_eq!(store.schema_version().expect("version"), SCHEMA_VERSION);
        let check = store.check().expect("check");
        assert!(check.ok, "{check:?}");
    }

    #[test]
    fn offers_are_append_only() {
        let store = Store::open_in_memory().expect("open");
        let err = store.conn().execute("UPDATE offers SET price = '1'", []).unwrap_err();
        assert!(err.to_string().contains("append-only"), "{err}");
        let err = store.conn().execute("DELETE FROM offers", []).unwrap_err();
        assert!(err.to_string().contains("append-only"), "{err}");
        let err = store.conn().execute("UPDATE snapshots SET captured_at = 'x'", []).unwrap_err();
        assert!(err.to_string().contains("append-only"), "{err}");
    }
}
