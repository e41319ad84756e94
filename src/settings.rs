//! Settings (hours per month) and dated exchange rates.

use crate::error::{Error, Result};
use crate::store::Store;
use rusqlite::{params, OptionalExtension};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::str::FromStr;
use ts_rs::TS;

/// Default hours per month when nothing is stored.
pub const DEFAULT_HOURS_PER_MONTH: u32 = 720;

/// A dated exchange rate: 1 `base` = `rate` `quote`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
pub struct FxRate {
    /// Row id (0 when not stored yet).
    #[ts(type = "number")]
    #[serde(default)]
    pub id: i64,
    /// Currency converted from, e.g. USD.
    pub base: String,
    /// Currency converted to, e.g. CNY.
    pub quote: String,
    /// Decimal rate as a string.
    pub rate: String,
    /// Date the rate applies to, `YYYY-MM-DD`.
    pub as_of: String,
    /// Where it comes from.
    pub source: String,
}

/// The settings the UI shows.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Settings {
    /// Hours in a billing month (720 or 730 usually).
    pub hours_per_month: u32,
    /// Current rate per currency into CNY (the newest by date).
    pub fx: Vec<FxRate>,
}

/// Reads the hours-per-month convention.
pub fn hours_per_month(store: &Store) -> Result<u32> {
    let v: Option<String> = store
        .conn()
        .query_row("SELECT value FROM settings WHERE key = 'hours_per_month'", [], |r| r.get(0))
        .optional()?;
    Ok(v.and_then(|s| s.parse().ok()).unwrap_or(DEFAULT_HOURS_PER_MONTH))
}

/// Sets the hours-per-month convention (between 672 = 28 days and 744 = 31 days).
pub fn set_hours_per_month(store: &mut Store, hours: u32) -> Result<()> {
    if !(672..=744).contains(&hours) {
        return Err(Error::invalid(
            "hours_per_month",
            format!("{hours} is not a month: use a value from 672 (28 days) to 744 (31 days); 720 = 30 days, 730 = calendar average"),
        ));
    }
    store.write(|tx| {
        tx.execute(
            "INSERT INTO settings (key, value) VALUES ('hours_per_month', ?1)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [hours.to_string()],
        )?;
        Ok(())
    })
}

/// An `fx_rates` row read as `id, base, quote, rate, as_of, source`.
fn fx_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<FxRate> {
    Ok(FxRate {
        id: r.get(0)?,
        base: r.get(1)?,
        quote: r.get(2)?,
        rate: r.get(3)?,
        as_of: r.get(4)?,
        source: r.get(5)?,
    })
}

/// The newest rate per base currency into CNY.
pub fn current_rates(store: &Store) -> Result<Vec<FxRate>> {
    let mut stmt = store.conn().prepare(
        "SELECT id, base, quote, rate, as_of, source FROM fx_rates f
         WHERE quote = 'CNY' AND id = (SELECT id FROM fx_rates g WHERE g.base = f.base
               AND g.quote = f.quote ORDER BY as_of DESC, id DESC LIMIT 1)
         ORDER BY base",
    )?;
    let rows = stmt.query_map([], fx_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Every stored rate, newest first (the history is kept: quotes refer to the rate they used).
pub fn rate_history(store: &Store) -> Result<Vec<FxRate>> {
    let mut stmt = store.conn().prepare(
        "SELECT id, base, quote, rate, as_of, source FROM fx_rates ORDER BY as_of DESC, id DESC",
    )?;
    let rows = stmt.query_map([], fx_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Records a new dated rate `1 base = rate CNY`. Old rates are kept.
pub fn add_rate(
    store: &mut Store,
    base: &str,
    rate: &str,
    as_of: &str,
    source: &str,
) -> Result<FxRate> {
    let base = base.trim().to_uppercase();
    if base.len() != 3 || !base.chars().all(|c| c.is_ascii_alphabetic()) {
        return Err(Error::invalid(
            "currency",
            format!("'{base}' is not a 3-letter ISO code such as USD"),
        ));
    }
    if base == "CNY" {
        return Err(Error::invalid("currency", "CNY→CNY is always 1; give another currency"));
    }
    let r = Decimal::from_str(rate.trim()).map_err(|_| {
        Error::invalid("rate", format!("'{rate}' is not a decimal number such as 7.10"))
    })?;
    if r <= Decimal::ZERO {
        return Err(Error::invalid("rate", format!("{r} must be greater than zero")));
    }
    let date = chrono::NaiveDate::parse_from_str(as_of.trim(), "%Y-%m-%d")
        .map_err(|_| Error::invalid("date", format!("'{as_of}' is not a date YYYY-MM-DD")))?;
    let source = if source.trim().is_empty() { "entered by the user" } else { source.trim() };
    let now = chrono::Utc::now().to_rfc3339();
    let id = store.write(|tx| {
        tx.execute(
            "INSERT INTO fx_rates (base, quote, rate, as_of, source, created_at)
             VALUES (?1, 'CNY', ?2, ?3, ?4, ?5)",
            params![base, r.normalize().to_string(), date.to_string(), source, now],
        )?;
        Ok(tx.last_insert_rowid())
    })?;
    Ok(FxRate {
        id,
        base,
        quote: "CNY".into(),
        rate: r.normalize().to_string(),
        as_of: date.to_string(),
        source: source.into(),
    })
}

/// Settings as the UI shows them.
pub fn get(store: &Store) -> Result<Settings> {
    Ok(Settings { hours_per_month: hours_per_month(store)?, fx: current_rates(store)? })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newest_rate_wins_and_history_is_kept() {
        let mut store = Store::open_in_memory().expect("open");
        add_rate(&mut store, "usd", "7.25", "2026-11-20", "bank").expect("add");
        let cur = current_rates(&store).expect("rates");
        let usd = cur.iter().find(|r| r.base == "USD").expect("usd");
        assert_eq!((usd.rate.as_str(), usd.as_of.as_str()), ("7.25", "2026-11-20"));
        assert!(rate_history(&store).expect("history").len() >= 2);
    }

    #[test]
    fn bad_settings_are_refused() {
        let mut store = Store::open_in_memory().expect("open");
        assert!(set_hours_per_month(&mut store, 0).is_err());
        assert!(add_rate(&mut store, "USD", "-1", "2026-11-20", "").is_err());
        assert!(add_rate(&mut store, "USD", "7.1", "20-11-2026", "").is_err());
        assert!(add_rate(&mut store, "US", "7.1", "2026-11-20", "").is_err());
        assert_eq!(hours_per_month(&store).expect("hpm"), 720);
    }
}

/// What the Settings page shows about the installation.
#[derive(Debug, Clone, Serialize, TS)]
pub struct AppInfo {
    /// The database file in use.
    pub db_path: Option<String>,
    /// Its schema version.
    #[ts(type = "number | null")]
    pub schema_version: Option<i64>,
    /// Program version.
    pub version: String,
}
