//! The built-in data from `data/`, compiled into the binary and seeded into a new database.
//!
//! Seeding inserts only what is missing (by stable key), in one transaction, so it is idempotent
//! and never changes or removes anything a user has (a rejected built-in snapshot stays rejected).

use crate::error::{Error, Result};
use crate::model::{BillingUnit, Confidence, Mode, Origin, PriceBasis, Tenancy};
use crate::store::Store;
use rusqlite::{params, OptionalExtension, Transaction};
use rust_decimal::Decimal;
use serde::Deserialize;
use std::str::FromStr;

/// `data/accelerators.toml`.
pub const ACCELERATORS: &str = include_str!("../data/accelerators.toml");
/// `data/vendors.toml`.
pub const VENDORS: &str = include_str!("../data/vendors.toml");
/// `data/settings.toml`.
pub const SETTINGS: &str = include_str!("../data/settings.toml");

macro_rules! price_files {
    ($($f:literal),+ $(,)?) => { &[$(($f, include_str!(concat!("../data/prices/", $f)))),+] };
}
/// Every file under `data/prices/` (a test checks none is missing).
pub const PRICE_FILES: &[(&str, &str)] = price_files![
    "jygpu-2026-07.toml",
    "example-a-2026-07.toml",
    "runpod-2026-11.toml",
    "lambda-2026-09.toml",
    "coreweave-2026-09.toml",
    "aws-2026-11.toml",
    "nebius-2026-10.toml",
    "gpushare-2026.toml",
    "suanjiayun-2026.toml",
    "chenjianyun-2026.toml",
    "compshare-2026.toml",
    "autodl-2026.toml",
    "aliyun-2026.toml",
    "tencent-cloud-2026.toml",
];

/// Reviewer recorded on built-in snapshots.
pub const BUILTIN_REVIEWER: &str = "built-in data (内置数据)";

#[derive(Deserialize)]
struct AccFile {
    accelerator: Vec<AccRow>,
}
#[derive(Deserialize)]
struct AccRow {
    key: String,
    name: String,
    maker: String,
    family: String,
    #[serde(default)]
    aliases: Vec<String>,
    memory_gb: Option<u32>,
    memory_type: Option<String>,
    fp16_tflops: Option<String>,
    interconnect: Option<String>,
    #[serde(default)]
    nvlink: bool,
    #[serde(default)]
    domestic: bool,
    source: String,
    confidence: String,
}

#[derive(Deserialize)]
struct VendorFile {
    vendor: Vec<VendorRow>,
}
#[derive(Deserialize)]
struct VendorRow {
    key: String,
    name_zh: String,
    name_en: String,
    website: Option<String>,
    region: Option<String>,
    #[serde(default)]
    example: bool,
    note: Option<String>,
}

#[derive(Deserialize)]
struct SettingsFile {
    hours_per_month: u32,
    #[serde(default)]
    fx: Vec<FxRow>,
}
#[derive(Deserialize)]
struct FxRow {
    base: String,
    quote: String,
    rate: String,
    as_of: String,
    source: String,
}

/// A price file: one snapshot and its offers.
#[derive(Deserialize)]
pub struct PriceFile {
    /// The snapshot.
    pub snapshot: SnapshotRow,
    /// Its offers.
    #[serde(default)]
    pub offer: Vec<OfferRow>,
}
/// Snapshot header of a price file.
#[derive(Deserialize)]
pub struct SnapshotRow {
    /// Stable seed key.
    pub key: String,
    /// Vendor key.
    pub vendor: String,
    /// RFC 3339 capture time.
    pub captured_at: String,
    /// Origin word.
    pub origin: String,
    /// Source URL or description.
    pub source: String,
    /// Confidence word.
    pub confidence: String,
    /// Note.
    pub note: Option<String>,
}
/// One offer of a price file.
#[derive(Deserialize)]
pub struct OfferRow {
    /// Accelerator key.
    pub accelerator: String,
    /// GPUs per instance.
    pub gpus: u32,
    /// Mode word.
    pub mode: String,
    /// Tenancy word.
    pub tenancy: String,
    /// Preemptible.
    #[serde(default)]
    pub interruptible: bool,
    /// Billing word.
    pub billing: String,
    /// Decimal price.
    pub price: String,
    /// Upper end of a range.
    pub price_max: Option<String>,
    /// `instance` (default) or `gpu`.
    pub price_basis: Option<String>,
    /// ISO currency.
    pub currency: String,
    /// A "from" price.
    #[serde(default)]
    pub from_price: bool,
    /// Region.
    pub region: Option<String>,
    /// Instance type.
    pub instance_type: Option<String>,
    /// Fees.
    pub fees: Option<String>,
    /// Note.
    pub note: Option<String>,
}

fn data_err(file: &str, message: impl Into<String>) -> Error {
    Error::Data { file: file.to_string(), message: message.into() }
}

fn parse_toml<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T> {
    toml::from_str(text).map_err(|e| data_err(file, e.to_string()))
}

fn word<T>(file: &str, field: &str, v: &str, parse: fn(&str) -> Option<T>) -> Result<T> {
    parse(v).ok_or_else(|| data_err(file, format!("{field} = '{v}' is not a known value")))
}

fn decimal(file: &str, field: &str, v: &str) -> Result<Decimal> {
    Decimal::from_str(v).map_err(|e| data_err(file, format!("{field} = '{v}': {e}")))
}

/// Seeds everything missing from the built-in data, in one transaction.
pub fn seed(store: &mut Store) -> Result<()> {
    store.write(|tx| {
        let now = chrono::Utc::now().to_rfc3339();
        seed_accelerators(tx)?;
        seed_vendors(tx, &now)?;
        seed_settings(tx, &now)?;
        for (name, text) in PRICE_FILES {
            seed_prices(tx, name, text, &now)?;
        }
        crate::scoring::seed_evidence(tx, &now)?;
        Ok(())
    })
}

fn seed_accelerators(tx: &Transaction<'_>) -> Result<()> {
    let f: AccFile = parse_toml("accelerators.toml", ACCELERATORS)?;
    let mut ins = tx.prepare(
        "INSERT OR IGNORE INTO accelerators (key, name, maker, family, aliases, memory_gb,
         memory_type, fp16_tflops, interconnect, nvlink, domestic, source, confidence, builtin)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, 1)",
    )?;
    for a in f.accelerator {
        word("accelerators.toml", "confidence", &a.confidence, Confidence::parse)?;
        if let Some(t) = &a.fp16_tflops {
            decimal("accelerators.toml", "fp16_tflops", t)?;
        }
        let aliases = serde_json::to_string(&a.aliases).unwrap_or_else(|_| "[]".into());
        ins.execute(params![
            a.key,
            a.name,
            a.maker,
            a.family,
            aliases,
            a.memory_gb,
            a.memory_type,
            a.fp16_tflops,
            a.interconnect,
            a.nvlink,
            a.domestic,
            a.source,
            a.confidence
        ])?;
    }
    Ok(())
}

fn seed_vendors(tx: &Transaction<'_>, now: &str) -> Result<()> {
    let f: VendorFile = parse_toml("vendors.toml", VENDORS)?;
    let mut ins = tx.prepare(
        "INSERT OR IGNORE INTO vendors (key, name_zh, name_en, website, region, example, note,
         builtin, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 1, ?8)",
    )?;
    for v in f.vendor {
        ins.execute(params![
            v.key, v.name_zh, v.name_en, v.website, v.region, v.example, v.note, now
        ])?;
    }
    Ok(())
}

fn seed_settings(tx: &Transaction<'_>, now: &str) -> Result<()> {
    let f: SettingsFile = parse_toml("settings.toml", SETTINGS)?;
    tx.execute(
        "INSERT OR IGNORE INTO settings (key, value) VALUES ('hours_per_month', ?1)",
        [f.hours_per_month.to_string()],
    )?;
    for r in f.fx {
        decimal("settings.toml", "fx.rate", &r.rate)?;
        // Only when the user has no rate for this pair: never override theirs.
        let have: i64 = tx.query_row(
            "SELECT count(*) FROM fx_rates WHERE base = ?1 AND quote = ?2",
            [&r.base, &r.quote],
            |row| row.get(0),
        )?;
        if have == 0 {
            tx.execute(
                "INSERT INTO fx_rates (base, quote, rate, as_of, source, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![r.base, r.quote, r.rate, r.as_of, r.source, now],
            )?;
        }
    }
    Ok(())
}

fn seed_prices(tx: &Transaction<'_>, file: &str, text: &str, now: &str) -> Result<()> {
    let f: PriceFile = parse_toml(file, text)?;
    let s = &f.snapshot;
    let exists: Option<i64> = tx
        .query_row("SELECT id FROM snapshots WHERE seed_key = ?1", [&s.key], |r| r.get(0))
        .optional()?;
    if exists.is_some() {
        return Ok(());
    }
    let vendor_id: i64 = tx
        .query_row("SELECT id FROM vendors WHERE key = ?1", [&s.vendor], |r| r.get(0))
        .optional()?
        .ok_or_else(|| data_err(file, format!("vendor '{}' is not in vendors.toml", s.vendor)))?;
    chrono::DateTime::parse_from_rfc3339(&s.captured_at)
        .map_err(|e| data_err(file, format!("captured_at '{}': {e}", s.captured_at)))?;
    word(file, "origin", &s.origin, Origin::parse)?;
    word(file, "confidence", &s.confidence, Confidence::parse)?;
    tx.execute(
        "INSERT INTO snapshots (vendor_id, seed_key, captured_at, origin, source, confidence,
         review_state, reviewer, reviewed_at, review_note, note, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'approved', ?7, ?8, ?9, ?10, ?8)",
        params![
            vendor_id,
            s.key,
            s.captured_at,
            s.origin,
            s.source,
            s.confidence,
            BUILTIN_REVIEWER,
            now,
            "Shipped with the application; see data/prices/ for the source.",
            s.note
        ],
    )?;
    let snapshot_id = tx.last_insert_rowid();
    let mut ins = tx.prepare(
        "INSERT INTO offers (snapshot_id, accelerator_id, gpus, mode, tenancy, interruptible,
         billing, price, price_max, price_basis, currency, from_price, region, instance_type,
         fees, note)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
    )?;
    for o in &f.offer {
        let acc: i64 = tx
            .query_row("SELECT id FROM accelerators WHERE key = ?1", [&o.accelerator], |r| r.get(0))
            .optional()?
            .ok_or_else(|| data_err(file, format!("accelerator '{}' is unknown", o.accelerator)))?;
        let mode = word(file, "mode", &o.mode, Mode::parse)?;
        let tenancy = word(file, "tenancy", &o.tenancy, Tenancy::parse)?;
        let billing = word(file, "billing", &o.billing, BillingUnit::parse)?;
        let basis = word(
            file,
            "price_basis",
            o.price_basis.as_deref().unwrap_or("instance"),
            PriceBasis::parse,
        )?;
        let price = decimal(file, "price", &o.price)?;
        if price <= Decimal::ZERO {
            return Err(data_err(file, format!("price {price} must be positive")));
        }
        if let Some(m) = &o.price_max {
            decimal(file, "price_max", m)?;
        }
        ins.execute(params![
            snapshot_id,
            acc,
            o.gpus,
            mode.as_str(),
            tenancy.as_str(),
            o.interruptible,
            billing.as_str(),
            o.price,
            o.price_max,
            basis.as_str(),
            o.currency,
            o.from_price,
            o.region,
            o.instance_type,
            o.fees,
            o.note
        ])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_price_file_is_embedded() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/data/prices");
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .expect("data/prices")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".toml"))
            .collect();
        on_disk.sort();
        let mut embedded: Vec<String> = PRICE_FILES.iter().map(|(n, _)| n.to_string()).collect();
        embedded.sort();
        assert_eq!(on_disk, embedded, "list every data/prices file in PRICE_FILES");
    }

    #[test]
    fn seeding_twice_changes_nothing() {
        let mut store = Store::open_in_memory().expect("open");
        let count = |s: &Store| -> (i64, i64, i64, i64) {
            let q = |t: &str| {
                s.conn()
                    .query_row(&format!("SELECT count(*) FROM {t}"), [], |r| r.get(0))
                    .expect("count")
            };
            (q("vendors"), q("accelerators"), q("snapshots"), q("offers"))
        };
        let before = count(&store);
        seed(&mut store).expect("reseed");
        assert_eq!(before, count(&store));
        assert!(before.0 >= 6 && before.3 >= 15, "{before:?}");
    }

    #[test]
    fn seeding_keeps_user_changes() {
        let mut store = Store::open_in_memory().expect("open");
        store
            .conn()
            .execute(
                "UPDATE snapshots SET review_state = 'rejected' WHERE seed_key = 'jygpu-2026-07'",
                [],
            )
            .expect("reject");
        store
            .conn()
            .execute("UPDATE settings SET value = '730' WHERE key = 'hours_per_month'", [])
            .expect("set");
        seed(&mut store).expect("reseed");
        let state: String = store
            .conn()
            .query_row(
                "SELECT review_state FROM snapshots WHERE seed_key = 'jygpu-2026-07'",
                [],
                |r| r.get(0),
            )
            .expect("state");
        assert_eq!(state, "rejected");
        let hpm: String = store
            .conn()
            .query_row("SELECT value FROM settings WHERE key = 'hours_per_month'", [], |r| r.get(0))
            .expect("hpm");
        assert_eq!(hpm, "730");
    }
}
