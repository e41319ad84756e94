//! Prices typed in (a quote received by e-mail): the same validation as a file row, written as a
//! pending snapshot with origin `manual`.

use super::native::ExportRow;
use super::{commit, ImportReport, Parsed, SnapshotMeta};
use crate::error::{Error, Result};
use crate::model::{Confidence, Origin};
use crate::store::Store;
use serde::Deserialize;
use ts_rs::TS;

/// Offers typed in for one vendor.
#[derive(Debug, Clone, Deserialize, TS)]
pub struct ManualEntry {
    /// Vendor key or name.
    pub vendor: String,
    /// Where the prices come from (e-mail, call, PDF quote), required.
    pub source: String,
    /// Note for the snapshot.
    #[ts(optional)]
    pub note: Option<String>,
    /// The offers (fields as in our CSV; price may be a price string such as `¥1.96/小时`).
    pub offers: Vec<ExportRow>,
    /// Validate only.
    #[serde(default)]
    pub dry_run: bool,
}

/// Validates and stores typed-in offers as one pending snapshot.
pub fn add(store: &mut Store, entry: &ManualEntry) -> Result<ImportReport> {
    if entry.source.trim().is_empty() {
        return Err(Error::invalid(
            "source",
            "say where the prices come from (e.g. 'e-mail from sales, 2026-11-28')",
        ));
    }
    if entry.offers.is_empty() {
        return Err(Error::invalid("offers", "enter at least one offer"));
    }
    let mut parsed = Parsed::default();
    for (i, r) in entry.offers.iter().enumerate() {
        let mut r = r.clone();
        r.vendor = String::new();
        match super::native::row_to_draft("entry", 0, &format!("offers[{i}]."), &r)? {
            Ok(mut d) => {
                d.line = i as u64 + 1;
                parsed.drafts.push(d)
            }
            Err(s) => parsed.skips.push(s),
        }
    }
    let meta = SnapshotMeta {
        vendor: Some(entry.vendor.clone()),
        create_vendor: false,
        origin: Origin::Manual,
        source: entry.source.trim().to_string(),
        captured_at: chrono::Utc::now().to_rfc3339(),
        confidence: Confidence::Medium,
        note: entry.note.clone(),
        keep_if_empty: false,
    };
    commit(store, "manual", &meta, parsed, &[], entry.dry_run, &mut |_| {})
}
