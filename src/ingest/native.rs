//! Our own catalog formats, CSV and JSON: what `gpuquote export` writes and `gpuquote import`
//! reads, so a catalog can move between laptops (documented in docs/formats.md).
//!
//! Columns are found by header name; unknown columns are ignored (the export's computed columns
//! `per_gpu_hour*` among them). A cell a spreadsheet would run as a formula is written with a
//! leading `'`, which import removes again.

use super::{Draft, OnProgress, Parsed, Progress, Skip, VendorRef};
use crate::catalog;
use crate::error::{Error, Result};
use crate::model::{BillingUnit, Mode, PriceBasis, Tenancy};
use crate::money;
use crate::price::{parse_price, PriceText};
use crate::store::Store;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::str::FromStr;
use ts_rs::TS;

/// One offer as exported (and imported): the stored fields, the vendor and snapshot it belongs
/// to, and the normalised price for spreadsheet users (ignored on import).
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct ExportRow {
    /// Vendor key.
    pub vendor: String,
    /// Vendor name (zh).
    #[ts(optional)]
    pub vendor_name_zh: Option<String>,
    /// Vendor name (en).
    #[ts(optional)]
    pub vendor_name_en: Option<String>,
    /// Snapshot id on the exporting machine.
    #[ts(optional)]
    pub snapshot_id: Option<i64>,
    /// Capture time.
    #[ts(optional)]
    pub captured_at: Option<String>,
    /// Review state on the exporting machine.
    #[ts(optional)]
    pub review_state: Option<String>,
    /// Snapshot source.
    #[ts(optional)]
    pub source: Option<String>,
    /// Accelerator key (or a name people use).
    pub accelerator: String,
    /// Accelerator name.
    #[ts(optional)]
    pub accelerator_name: Option<String>,
    /// Memory per GPU (GB) as the source stated it.
    #[ts(optional)]
    pub gpu_memory_gb: Option<u32>,
    /// GPUs in the instance.
    #[ts(optional)]
    pub gpus: Option<u32>,
    /// Mode word.
    #[ts(optional)]
    pub mode: Option<String>,
    /// Tenancy word.
    #[ts(optional)]
    pub tenancy: Option<String>,
    /// Preemptible.
    #[ts(optional)]
    pub interruptible: Option<bool>,
    /// Billing unit word.
    #[ts(optional)]
    pub billing: Option<String>,
    /// Price: a decimal, or a price string (`¥1.96/小时`).
    pub price: String,
    /// Upper end of a range.
    #[ts(optional)]
    pub price_max: Option<String>,
    /// `instance` or `gpu`.
    #[ts(optional)]
    pub price_basis: Option<String>,
    /// ISO currency.
    #[ts(optional)]
    pub currency: Option<String>,
    /// "From" price.
    #[ts(optional)]
    pub from_price: Option<bool>,
    /// Region.
    #[ts(optional)]
    pub region: Option<String>,
    /// Instance type.
    #[ts(optional)]
    pub instance_type: Option<String>,
    /// Fees in words.
    #[ts(optional)]
    pub fees: Option<String>,
    /// Note.
    #[ts(optional)]
    pub note: Option<String>,
    /// Computed on export: per GPU-hour in the offer's currency.
    #[ts(optional)]
    pub per_gpu_hour: Option<String>,
    /// Computed on export: per GPU-hour in CNY at the stored rate.
    #[ts(optional)]
    pub per_gpu_hour_cny: Option<String>,
    /// Computed on export: the hours-per-month convention used.
    #[ts(optional)]
    pub hours_per_month: Option<u32>,
}

/// The JSON document `export --format json` writes.
#[derive(Debug, Serialize, Deserialize)]
pub struct CatalogDoc {
    /// Always `gpuquote-catalog`.
    pub format: String,
    /// Format version (1).
    pub version: u32,
    /// When it was written.
    pub exported_at: String,
    /// The hours-per-month convention of the computed columns.
    pub hours_per_month: u32,
    /// The offers.
    pub offers: Vec<ExportRow>,
}

fn unformula(s: &str) -> &str {
    match s.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@', '\t', '\r']) => rest,
        _ => s,
    }
}

/// A cell made safe for spreadsheets: text starting with `=`, `+`, `-`, `@`, tab or CR gets a
/// leading `'` so it is shown, not run.
pub fn neutralise(s: &str) -> String {
    if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{s}")
    } else {
        s.to_string()
    }
}

pub(crate) fn row_to_draft(
    file: &str,
    line: u64,
    field_prefix: &str,
    r: &ExportRow,
) -> Result<std::result::Result<Draft, Skip>> {
    row_to_draft_with(file, line, field_prefix, r, None)
}

/// [`row_to_draft`] with the price cell already read (a scrape reads it once).
pub(crate) fn row_to_draft_with(
    file: &str,
    line: u64,
    field_prefix: &str,
    r: &ExportRow,
    parsed: Option<std::result::Result<PriceText, crate::price::PriceError>>,
) -> Result<std::result::Result<Draft, Skip>> {
    let err = |field: &str, message: String| Error::Import {
        file: file.to_string(),
        line: (line > 0).then_some(line),
        field: Some(format!("{field_prefix}{field}")),
        message,
    };
    let acc = unformula(r.accelerator.trim());
    let acc = if acc.is_empty() { r.accelerator_name.as_deref().unwrap_or("").trim() } else { acc };
    if acc.is_empty() {
        return Err(err(
            "accelerator",
            "empty: give an accelerator key or name (H100, h100-sxm-80gb)".into(),
        ));
    }
    let word = |field: &str,
                v: &Option<String>,
                parse: fn(&str) -> Option<String>,
                all: &str,
                default: Option<&str>|
     -> Result<String> {
        match v.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            Some(s) => parse(s).ok_or_else(|| err(field, format!("'{s}' is not one of {all}"))),
            None => default
                .map(str::to_string)
                .ok_or_else(|| err(field, format!("empty: give one of {all}"))),
        }
    };
    let mode = word(
        "mode",
        &r.mode,
        |s| Mode::parse(s).map(|m| m.as_str().to_string()),
        "container, vm, bare_metal (容器, 云主机, 裸金属)",
        None,
    )?;
    let tenancy = word(
        "tenancy",
        &r.tenancy,
        |s| Tenancy::parse(s).map(|m| m.as_str().to_string()),
        "dedicated, shared",
        Some("dedicated"),
    )?;
    let basis = word(
        "price_basis",
        &r.price_basis,
        |s| PriceBasis::parse(s).map(|m| m.as_str().to_string()),
        "instance, gpu",
        Some("instance"),
    )?;
    let gpus = r
        .gpus
        .ok_or_else(|| err("gpus", "empty: give the number of GPUs in the instance".into()))?;
    if gpus == 0 {
        return Err(err("gpus", "0: an instance has at least one GPU".into()));
    }
    let price_text = unformula(r.price.trim());
    let parsed = match parsed.unwrap_or_else(|| parse_price(price_text)) {
        Ok(PriceText::Price(p)) => p,
        Ok(PriceText::NoPrice(w)) => {
            return Ok(Err(Skip::new(
                line,
                "no_price",
                format!("no price ('{w}')"),
                Some(price_text.into()),
            )))
        }
        Err(e) => return Err(err("price", e.message)),
    };
    let currency = match (
        r.currency.as_deref().map(str::trim).filter(|s| !s.is_empty()),
        parsed.currency.as_deref(),
    ) {
        (Some(c), Some(p)) if !c.eq_ignore_ascii_case(p) => {
            return Err(err("currency", format!("'{c}' but the price says {p}")))
        }
        (Some(c), _) => {
            let c = c.to_ascii_uppercase();
            if c.len() != 3 || !c.chars().all(|ch| ch.is_ascii_alphabetic()) {
                return Err(err(
                    "currency",
                    format!("'{c}' is not an ISO currency code (CNY, USD)"),
                ));
            }
            c
        }
        (None, Some(p)) => p.to_string(),
        (None, None) => {
            return Err(err("currency", "empty, and the price names none: give CNY, USD, …".into()))
        }
    };
    let billing = match (r.billing.as_deref().map(str::trim).filter(|s| !s.is_empty()), parsed.unit)
    {
        (Some(b), unit) => {
            let b2 = BillingUnit::parse(b).ok_or_else(|| {
                err("billing", format!("'{b}' is not one of hour, day, month, year"))
            })?;
            if unit.is_some_and(|u| u != b2) {
                return Err(err(
                    "billing",
                    format!(
                        "'{b}' but the price says per {}",
                        unit.map(|u| u.as_str()).unwrap_or("")
                    ),
                ));
            }
            b2
        }
        (None, Some(u)) => u,
        (None, None) => {
            return Err(err(
                "billing",
                "empty, and the price names no unit: give hour, day, month or year".into(),
            ))
        }
    };
    let price_max = match r.price_max.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(m) => Some(
            Decimal::from_str(m).map_err(|_| err("price_max", format!("'{m}' is not a number")))?,
        ),
        None => parsed.max,
    };
    let text = |v: &Option<String>| {
        v.as_deref().map(|s| unformula(s.trim()).to_string()).filter(|s| !s.is_empty())
    };
    let vendor = (!r.vendor.trim().is_empty()).then(|| VendorRef {
        key: unformula(r.vendor.trim()).to_string(),
        name_zh: text(&r.vendor_name_zh),
        name_en: text(&r.vendor_name_en),
    });
    Ok(Ok(Draft {
        line,
        vendor,
        gpu: acc.to_string(),
        maker: None,
        gpu_memory_gb: r.gpu_memory_gb,
        hint: r.instance_type.clone().unwrap_or_default(),
        gpus,
        mode: Mode::parse(&mode).unwrap_or(Mode::Vm),
        tenancy: Tenancy::parse(&tenancy).unwrap_or(Tenancy::Dedicated),
        interruptible: r.interruptible.unwrap_or(false),
        billing,
        price: parsed.amount,
        price_max,
        basis: if parsed.per_gpu {
            PriceBasis::Gpu
        } else {
            PriceBasis::parse(&basis).unwrap_or(PriceBasis::Instance)
        },
        currency,
        from_price: r.from_price.unwrap_or(false) || parsed.from,
        region: text(&r.region),
        instance_type: text(&r.instance_type),
        fees: text(&r.fees),
        note: text(&r.note),
    }))
}

/// Reads our CSV.
pub fn parse_csv(file: &str, body: &[u8], progress: OnProgress<'_>) -> Result<Parsed> {
    let body = body.strip_prefix("\u{feff}".as_bytes()).unwrap_or(body);
    let mut rdr = csv::ReaderBuilder::new().from_reader(body);
    let headers = rdr
        .headers()
        .map_err(|e| Error::Import {
            file: file.into(),
            line: Some(1),
            field: None,
            message: format!("cannot read the header row: {e}"),
        })?
        .clone();
    for need in ["accelerator", "gpus", "price"] {
        let has = |name: &str| headers.iter().any(|h| h.trim() == name);
        if !(has(need) || need == "accelerator" && has("accelerator_name")) {
            return Err(Error::Import {
                file: file.into(),
                line: Some(1),
                field: Some(need.into()),
                message: format!(
                    "column '{need}' is missing (found: {}); see docs/formats.md, or use --format skypilot for a SkyPilot catalog",
                    headers.iter().collect::<Vec<_>>().join(", ")
                ),
            });
        }
    }
    let total = body.len() as u64;
    let mut out = Parsed::default();
    let mut rec = csv::StringRecord::new();
    let mut n = 0u64;
    let mut lines = super::Lines::new(body);
    loop {
        match rdr.read_record(&mut rec) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                return Err(Error::Import {
                    file: file.into(),
                    line: e.position().map(|p| lines.line_of(p.byte())),
                    field: None,
                    message: format!("malformed CSV: {e}"),
                })
            }
        }
        n += 1;
        let line = rec.position().map(|p| lines.line_of(p.byte())).unwrap_or(n + 1);
        if n % 20_000 == 0 {
            progress(Progress {
                stage: "read".into(),
                done: rec.position().map(|p| p.byte()).unwrap_or(0),
                total,
                detail: file.into(),
            });
        }
        let row: ExportRow = rec.deserialize(Some(&headers)).map_err(|e| {
            let field = match e.kind() {
                csv::ErrorKind::Deserialize { err, .. } => {
                    err.field().and_then(|i| headers.get(i as usize)).map(str::to_string)
                }
                _ => None,
            };
            let msg = match e.kind() {
                csv::ErrorKind::Deserialize { err, .. } => err.kind().to_string(),
                _ => e.to_string(),
            };
            Error::Import { file: file.into(), line: Some(line), field, message: msg }
        })?;
        match row_to_draft(file, line, "", &row)? {
            Ok(d) => out.drafts.push(d),
            Err(s) => out.skips.push(s),
        }
    }
    Ok(out)
}

/// Reads our JSON (the export document, or a bare array of offers).
pub fn parse_json(file: &str, body: &[u8]) -> Result<Parsed> {
    let v: serde_json::Value = serde_json::from_slice(body).map_err(|e| Error::Import {
        file: file.into(),
        line: Some(e.line() as u64),
        field: None,
        message: format!("not valid JSON: {e}"),
    })?;
    let offers = match &v {
        serde_json::Value::Array(a) => a.clone(),
        serde_json::Value::Object(o) => match o.get("offers") {
            Some(serde_json::Value::Array(a)) => a.clone(),
            _ => {
                return Err(Error::Import {
                    file: file.into(),
                    line: None,
                    field: Some("offers".into()),
                    message: "expected an \"offers\" array (see docs/formats.md)".into(),
                })
            }
        },
        _ => {
            return Err(Error::Import {
                file: file.into(),
                line: None,
                field: None,
                message: "expected an object with \"offers\" or an array".into(),
            })
        }
    };
    let mut out = Parsed::default();
    for (i, o) in offers.into_iter().enumerate() {
        let prefix = format!("offers[{i}].");
        let row: ExportRow = serde_json::from_value(o).map_err(|e| Error::Import {
            file: file.into(),
            line: None,
            field: Some(format!("offers[{i}]")),
            message: e.to_string(),
        })?;
        match row_to_draft(file, 0, &prefix, &row)? {
            Ok(mut d) => {
                d.line = i as u64 + 1;
                out.drafts.push(d)
            }
            Err(mut s) => {
                s.line = Some(i as u32 + 1);
                out.skips.push(s)
            }
        }
    }
    Ok(out)
}

/// What to export.
#[derive(Debug, Clone, Default)]
pub struct ExportOptions {
    /// Only this vendor.
    pub vendor: Option<String>,
    /// One snapshot (any state) instead of the current catalog.
    pub snapshot: Option<i64>,
    /// Use the newest pending snapshot where newer than the approved one.
    pub include_pending: bool,
}

/// The offers to export: the current catalog (latest approved snapshot per vendor), or one
/// snapshot.
pub fn export_rows(store: &Store, opts: &ExportOptions) -> Result<Vec<ExportRow>> {
    let pricing = catalog::Pricing::load(store)?;
    let mut ids = match opts.snapshot {
        Some(id) => vec![id],
        None => catalog::snapshot_ids(store, opts.include_pending)?,
    };
    if let Some(v) = &opts.vendor {
        let vids = crate::names::resolve_vendor(store, v)?;
        let mut keep = Vec::new();
        for id in ids {
            let vid: i64 = store.conn().query_row(
                "SELECT vendor_id FROM snapshots WHERE id = ?1",
                [id],
                |r| r.get(0),
            )?;
            if vids.contains(&vid) {
                keep.push(id);
            }
        }
        ids = keep;
    }
    let mut stmt = store.conn().prepare_cached(
        "SELECT v.key, v.name_zh, v.name_en, s.id, s.captured_at, s.review_state, s.source,
                a.key, a.name, o.gpu_memory_gb, o.gpus, o.mode, o.tenancy, o.interruptible, o.billing,
                o.price, o.price_max, o.price_basis, o.currency, o.from_price, o.region,
                o.instance_type, o.fees, o.note
         FROM offers o JOIN snapshots s ON s.id = o.snapshot_id JOIN vendors v ON v.id = s.vendor_id
         JOIN accelerators a ON a.id = o.accelerator_id WHERE o.snapshot_id = ?1 ORDER BY o.id",
    )?;
    let mut out = Vec::new();
    for id in ids {
        let rows = stmt.query_map([id], |r| {
            Ok(ExportRow {
                vendor: r.get(0)?,
                vendor_name_zh: r.get(1)?,
                vendor_name_en: r.get(2)?,
                snapshot_id: r.get(3)?,
                captured_at: r.get(4)?,
                review_state: r.get(5)?,
                source: r.get(6)?,
                accelerator: r.get(7)?,
                accelerator_name: r.get(8)?,
                gpu_memory_gb: r.get(9)?,
                gpus: r.get(10)?,
                mode: r.get(11)?,
                tenancy: r.get(12)?,
                interruptible: r.get(13)?,
                billing: r.get(14)?,
                price: r.get(15)?,
                price_max: r.get(16)?,
                price_basis: r.get(17)?,
                currency: r.get(18)?,
                from_price: r.get(19)?,
                region: r.get(20)?,
                instance_type: r.get(21)?,
                fees: r.get(22)?,
                note: r.get(23)?,
                per_gpu_hour: None,
                per_gpu_hour_cny: None,
                hours_per_month: Some(pricing.hours_per_month),
            })
        })?;
        for row in rows {
            let mut row = row?;
            if let (Ok(p), Some(b), Some(g), Some(basis)) = (
                Decimal::from_str(&row.price),
                row.billing.as_deref().and_then(BillingUnit::parse),
                row.gpus,
                row.price_basis.as_deref().and_then(PriceBasis::parse),
            ) {
                let h = catalog::per_gpu_hour(p, basis, g, b, pricing.hours_per_month);
                row.per_gpu_hour = Some(money::two_dp(h));
                if let Some((rate, _)) = row.currency.as_deref().and_then(|c| pricing.to_cny(c)) {
                    row.per_gpu_hour_cny = Some(money::two_dp(h * rate));
                }
            }
            out.push(row);
        }
    }
    Ok(out)
}

/// Writes rows as our CSV (formula-like cells neutralised).
pub fn write_csv(rows: &[ExportRow], w: impl std::io::Write) -> Result<()> {
    let mut wtr = csv::Writer::from_writer(w);
    let io = |e: csv::Error| Error::Io {
        path: "export".into(),
        source: std::io::Error::other(e.to_string()),
    };
    let mut headers_done = false;
    for r in rows {
        let mut r = r.clone();
        for s in [&mut r.vendor, &mut r.accelerator, &mut r.price] {
            *s = neutralise(s);
        }
        for s in [
            &mut r.vendor_name_zh,
            &mut r.vendor_name_en,
            &mut r.source,
            &mut r.accelerator_name,
            &mut r.region,
            &mut r.instance_type,
            &mut r.fees,
            &mut r.note,
        ]
        .into_iter()
        .flatten()
        {
            *s = neutralise(s);
        }
        wtr.serialize(&r).map_err(io)?;
        headers_done = true;
    }
    if !headers_done {
        wtr.serialize(ExportRow::default()).map_err(io)?;
    }
    wtr.flush().map_err(|source| Error::Io { path: "export".into(), source })?;
    Ok(())
}

/// Writes rows as our JSON document.
pub fn write_json(store: &Store, rows: Vec<ExportRow>, w: impl std::io::Write) -> Result<()> {
    let doc = CatalogDoc {
        format: "gpuquote-catalog".into(),
        version: 1,
        exported_at: chrono::Utc::now().to_rfc3339(),
        hours_per_month: crate::settings::hours_per_month(store)?,
        offers: rows,
    };
    serde_json::to_writer_pretty(w, &doc).map_err(|e| Error::Io {
        path: "export".into(),
        source: std::io::Error::other(e.to_string()),
    })
}

/// Exports to a file: written to `<path>.partial` first, synced, then renamed, so a failure (a
/// full disk) never leaves a half-written file under the name. Returns the offers written.
pub fn export_to_path(
    store: &Store,
    format: &str,
    path: &std::path::Path,
    opts: &ExportOptions,
) -> Result<usize> {
    let rows = export_rows(store, opts)?;
    let n = rows.len();
    let tmp = path.with_extension("partial");
    let io = |p: &std::path::Path| {
        let p = p.display().to_string();
        move |source| Error::Io { path: p, source }
    };
    let mut f = std::io::BufWriter::new(std::fs::File::create(&tmp).map_err(io(&tmp))?);
    let written = match format {
        "json" => write_json(store, rows, &mut f),
        "csv" => write_csv(&rows, &mut f),
        other => Err(Error::invalid("format", format!("'{other}': use csv or json"))),
    };
    let done = written.and_then(|_| {
        let file = f
            .into_inner()
            .map_err(|e| Error::Io { path: tmp.display().to_string(), source: e.into_error() })?;
        file.sync_all().map_err(io(&tmp))
    });
    if let Err(e) = done {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    std::fs::rename(&tmp, path).map_err(io(path))?;
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_neutralised_and_restored() {
        for s in ["=HYPERLINK(\"x\")", "+1", "-2", "@SUM(A1)"] {
            assert!(neutralise(s).starts_with('\''));
            assert_eq!(unformula(&neutralise(s)), s);
        }
        assert_eq!(neutralise("H100"), "H100");
    }

    #[test]
    fn bad_cells_are_named() {
        let csv = "vendor,accelerator,gpus,mode,billing,price,currency\njygpu,H100,8,container,month,84480,CNY\njygpu,H100,eight,container,month,1,CNY\n";
        let e = parse_csv("c.csv", csv.as_bytes(), &mut |_| {}).unwrap_err().to_string();
        assert!(e.contains("c.csv, line 3, field 'gpus'"), "{e}");
        let csv = "vendor,accelerator,gpus,mode,price\njygpu,H100,8,boat,¥1/小时\n";
        let e = parse_csv("c.csv", csv.as_bytes(), &mut |_| {}).unwrap_err().to_string();
        assert!(e.contains("line 2, field 'mode'") && e.contains("'boat'"), "{e}");
        let csv = "vendor,accelerator,gpus,mode,price\njygpu,H100,8,vm,面议\njygpu,H100,8,vm,¥1.96/卡时\n";
        let p = parse_csv("c.csv", csv.as_bytes(), &mut |_| {}).unwrap();
        assert_eq!((p.drafts.len(), p.skips.len()), (1, 1));
        assert_eq!(p.drafts[0].basis, PriceBasis::Gpu);
        assert_eq!(p.drafts[0].billing, BillingUnit::Hour);
    }
}
