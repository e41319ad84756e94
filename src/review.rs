//! Offline review of captures: every scrape, import or typed-in list lands as a pending snapshot;
//! review shows its diff against the vendor's last approved snapshot, anomaly flags and the raw
//! source, and the reviewer approves (it becomes the vendor's current list) or rejects it.

use crate::catalog::{self, Pricing};
use crate::error::{Error, Result};
use crate::ingest::{self, ImportReport, RawCapture, Skip};
use crate::model::{BillingUnit, Origin, PriceBasis, ReviewState};
use crate::money;
use crate::store::Store;
use rusqlite::{params, OptionalExtension};
use rust_decimal::Decimal;
use serde::Serialize;
use std::collections::HashMap;
use std::str::FromStr;
use ts_rs::TS;

/// Relative change above which a price change is flagged.
pub const CHANGE_FLAG_PCT: i64 = 30;

/// A snapshot in the review list.
#[derive(Debug, Clone, Serialize, TS)]
pub struct SnapshotSummary {
    /// Snapshot id.
    #[ts(type = "number")]
    pub id: i64,
    /// Vendor key.
    pub vendor_key: String,
    /// Vendor (zh).
    pub vendor: String,
    /// Vendor (en).
    pub vendor_en: String,
    /// Where it came from.
    pub origin: Origin,
    /// Source (URL, file, e-mail).
    pub source: String,
    /// Capture time.
    pub captured_at: String,
    /// When it was stored.
    pub created_at: String,
    /// Review state.
    pub state: ReviewState,
    /// Reviewer.
    pub reviewer: Option<String>,
    /// When reviewed.
    pub reviewed_at: Option<String>,
    /// Review note.
    pub review_note: Option<String>,
    /// Snapshot note.
    pub note: Option<String>,
    /// Offers in it.
    pub offers: u32,
    /// Rows skipped when it was read.
    pub skipped: u32,
    /// Raw captures stored.
    pub captures: u32,
    /// Whether it is the vendor's current list.
    pub current: bool,
}

/// An offer in a diff.
#[derive(Debug, Clone, Serialize, TS)]
pub struct DiffOffer {
    /// Offer id.
    #[ts(type = "number")]
    pub id: i64,
    /// Price as stored.
    pub price: String,
    /// Currency.
    pub currency: String,
    /// Billing unit.
    pub billing: BillingUnit,
    /// Per instance or per GPU.
    pub basis: PriceBasis,
    /// "From" price.
    pub from_price: bool,
    /// Per GPU-hour in the offer's currency.
    pub per_gpu_hour: String,
    /// Per GPU-hour in CNY (when a rate is stored).
    pub per_gpu_hour_cny: Option<String>,
    /// Memory per GPU stated by the source.
    pub gpu_memory_gb: Option<u32>,
    /// Line or row in the source.
    pub source_line: Option<u32>,
}

/// One line of a diff.
#[derive(Debug, Clone, Serialize, TS)]
pub struct DiffRow {
    /// `added`, `removed`, `changed` or `unchanged`.
    pub kind: String,
    /// The configuration in words (`H100 SXM 80GB ×8 vm, dedicated (us-east-1) gpu_8x_h100_sxm5`).
    pub offer: String,
    /// Accelerator name.
    pub accelerator: String,
    /// GPUs.
    pub gpus: u32,
    /// Region.
    pub region: Option<String>,
    /// Instance type.
    pub instance_type: Option<String>,
    /// Preemptible.
    pub interruptible: bool,
    /// In the approved list.
    pub old: Option<DiffOffer>,
    /// In this capture.
    pub new: Option<DiffOffer>,
    /// Change of the per-GPU-hour price, percent (new vs old), two decimals.
    pub change_pct: Option<String>,
    /// Anomaly codes on this line.
    pub flags: Vec<String>,
}

/// Something a reviewer should look at.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Anomaly {
    /// `price_change`, `unit_changed`, `price_missing`, `duplicate`, `memory_mismatch`,
    /// `new_accelerator`, `no_offers`, `no_baseline`.
    pub code: String,
    /// In words (en).
    pub message: String,
    /// In words (zh).
    pub message_zh: String,
    /// Offer concerned (in words), when one.
    pub offer: Option<String>,
}

/// A raw capture as listed.
#[derive(Debug, Clone, Serialize, TS)]
pub struct CaptureInfo {
    /// Capture id.
    #[ts(type = "number")]
    pub id: i64,
    /// URL or file.
    pub url: String,
    /// After redirects.
    pub final_url: Option<String>,
    /// HTTP status.
    pub status: Option<u16>,
    /// Content type.
    pub content_type: Option<String>,
    /// Fetched at.
    pub fetched_at: String,
    /// Bytes (uncompressed).
    #[ts(type = "number")]
    pub bytes: i64,
    /// Stored (compressed) bytes.
    #[ts(type = "number")]
    pub stored_bytes: i64,
    /// SHA-256 of the body.
    pub sha256: String,
    /// Whether a recipe is stored with it (re-parse possible).
    pub has_recipe: bool,
}

/// Everything review shows for one snapshot.
#[derive(Debug, Clone, Serialize, TS)]
pub struct SnapshotReview {
    /// The snapshot.
    pub snapshot: SnapshotSummary,
    /// The vendor's approved snapshot it is compared with.
    pub baseline: Option<SnapshotSummary>,
    /// Counts: added, removed, changed, unchanged.
    pub added: u32,
    /// Removed.
    pub removed: u32,
    /// Changed.
    pub changed: u32,
    /// Unchanged.
    pub unchanged: u32,
    /// The diff, changed first.
    pub diff: Vec<DiffRow>,
    /// Anomalies.
    pub anomalies: Vec<Anomaly>,
    /// Rows skipped when reading.
    pub skips: Vec<Skip>,
    /// Raw captures.
    pub captures: Vec<CaptureInfo>,
    /// Hours per month used for the per-GPU-hour figures.
    pub hours_per_month: u32,
}

/// A raw capture's content.
#[derive(Debug, Clone, Serialize, TS)]
pub struct RawView {
    /// The capture.
    pub capture: CaptureInfo,
    /// Headers.
    pub headers: Vec<(String, String)>,
    /// Body as text (lossy UTF-8), cut at `max_chars`.
    pub text: String,
    /// Whether the text was cut.
    pub truncated: bool,
    /// Whether the stored body still matches its SHA-256.
    pub hash_ok: bool,
}

const SUMMARY_SQL: &str =
    "SELECT s.id, v.key, v.name_zh, v.name_en, s.origin, s.source, s.captured_at, s.created_at,
        s.review_state, s.reviewer, s.reviewed_at, s.review_note, s.note,
        (SELECT COUNT(*) FROM offers o WHERE o.snapshot_id = s.id),
        (SELECT COUNT(*) FROM snapshot_skips k WHERE k.snapshot_id = s.id),
        (SELECT COUNT(*) FROM captures c WHERE c.snapshot_id = s.id), s.vendor_id
     FROM snapshots s JOIN vendors v ON v.id = s.vendor_id";

fn summary_row(r: &rusqlite::Row<'_>, current: &[i64]) -> rusqlite::Result<SnapshotSummary> {
    let id: i64 = r.get(0)?;
    Ok(SnapshotSummary {
        id,
        vendor_key: r.get(1)?,
        vendor: r.get(2)?,
        vendor_en: r.get(3)?,
        origin: Origin::parse(&r.get::<_, String>(4)?).unwrap_or(Origin::Manual),
        source: r.get(5)?,
        captured_at: r.get(6)?,
        created_at: r.get(7)?,
        state: ReviewState::parse(&r.get::<_, String>(8)?).unwrap_or(ReviewState::Pending),
        reviewer: r.get(9)?,
        reviewed_at: r.get(10)?,
        review_note: r.get(11)?,
        note: r.get(12)?,
        offers: r.get(13)?,
        skipped: r.get(14)?,
        captures: r.get(15)?,
        current: current.contains(&id),
    })
}

/// Snapshots, newest first, optionally of one state and/or vendor.
pub fn list(
    store: &Store,
    state: Option<ReviewState>,
    vendor: Option<&str>,
) -> Result<Vec<SnapshotSummary>> {
    let current = catalog::current_snapshot_ids(store)?;
    let vendor_ids = match vendor {
        Some(v) => Some(crate::names::resolve_vendor(store, v)?),
        None => None,
    };
    let mut stmt =
        store.conn().prepare(&format!("{SUMMARY_SQL} ORDER BY s.created_at DESC, s.id DESC"))?;
    let rows = stmt.query_map([], |r| Ok((summary_row(r, &current)?, r.get::<_, i64>(16)?)))?;
    let mut out = Vec::new();
    for row in rows {
        let (s, vendor_id) = row?;
        if state.is_some_and(|st| st != s.state)
            || vendor_ids.as_ref().is_some_and(|ids| !ids.contains(&vendor_id))
        {
            continue;
        }
        out.push(s);
    }
    Ok(out)
}

/// One snapshot's summary.
pub fn summary(store: &Store, id: i64) -> Result<SnapshotSummary> {
    let current = catalog::current_snapshot_ids(store)?;
    store
        .conn()
        .query_row(&format!("{SUMMARY_SQL} WHERE s.id = ?1"), [id], |r| summary_row(r, &current))
        .optional()?
        .ok_or_else(|| {
            Error::invalid(
                "snapshot",
                format!("#{id} does not exist; `gpuquote review list` shows them"),
            )
        })
}

struct Off {
    id: i64,
    acc: i64,
    acc_name: String,
    acc_mem: Option<u32>,
    acc_user: bool,
    gpus: u32,
    mode: String,
    tenancy: String,
    interruptible: bool,
    billing: BillingUnit,
    basis: PriceBasis,
    price: Decimal,
    currency: String,
    from_price: bool,
    region: Option<String>,
    instance_type: Option<String>,
    memory: Option<u32>,
    line: Option<u32>,
}

impl Off {
    fn words(&self) -> String {
        format!(
            "{} ×{} {}, {}{}{}{}",
            self.acc_name,
            self.gpus,
            self.mode,
            self.tenancy,
            if self.interruptible { ", preemptible" } else { "" },
            self.region.as_deref().map(|r| format!(" ({r})")).unwrap_or_default(),
            self.instance_type.as_deref().map(|t| format!(" {t}")).unwrap_or_default(),
        )
    }
    fn config_key(&self) -> (i64, u32, String, String, bool, Option<String>, Option<String>) {
        (
            self.acc,
            self.gpus,
            self.mode.clone(),
            self.tenancy.clone(),
            self.interruptible,
            self.region.clone(),
            self.instance_type.clone(),
        )
    }
}

fn offers_of(store: &Store, sid: i64) -> Result<Vec<Off>> {
    let mut stmt = store.conn().prepare_cached(
        "SELECT o.id, a.id, a.name, a.memory_gb, a.builtin, o.gpus, o.mode, o.tenancy, o.interruptible, o.billing,
                o.price_basis, o.price, o.currency, o.from_price, o.region, o.instance_type,
                o.gpu_memory_gb, o.source_line
         FROM offers o JOIN accelerators a ON a.id = o.accelerator_id WHERE o.snapshot_id = ?1 ORDER BY o.id",
    )?;
    let rows = stmt.query_map([sid], |r| {
        Ok(Off {
            id: r.get(0)?,
            acc: r.get(1)?,
            acc_name: r.get(2)?,
            acc_mem: r.get(3)?,
            acc_user: !r.get::<_, bool>(4)?,
            gpus: r.get(5)?,
            mode: r.get(6)?,
            tenancy: r.get(7)?,
            interruptible: r.get(8)?,
            billing: BillingUnit::parse(&r.get::<_, String>(9)?).unwrap_or(BillingUnit::Hour),
            basis: PriceBasis::parse(&r.get::<_, String>(10)?).unwrap_or(PriceBasis::Instance),
            price: Decimal::from_str(&r.get::<_, String>(11)?).unwrap_or_default(),
            currency: r.get(12)?,
            from_price: r.get(13)?,
            region: r.get(14)?,
            instance_type: r.get(15)?,
            memory: r.get(16)?,
            line: r.get(17)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The vendor's approved snapshot a capture is compared with: the current one (latest approved),
/// other than the capture itself.
fn baseline_id(store: &Store, sid: i64) -> Result<Option<i64>> {
    Ok(store
        .conn()
        .query_row(
            "SELECT b.id FROM snapshots s JOIN snapshots b ON b.vendor_id = s.vendor_id
             WHERE s.id = ?1 AND b.id <> s.id AND b.review_state = 'approved'
             ORDER BY b.captured_at DESC, b.id DESC LIMIT 1",
            [sid],
            |r| r.get(0),
        )
        .optional()?)
}

fn zh_unit(b: BillingUnit) -> &'static str {
    match b {
        BillingUnit::Hour => "小时",
        BillingUnit::Day => "天",
        BillingUnit::Month => "月",
        BillingUnit::Year => "年",
    }
}

fn zh_basis(b: PriceBasis) -> &'static str {
    match b {
        PriceBasis::Instance => "按实例",
        PriceBasis::Gpu => "按卡",
    }
}

/// The review of one snapshot: diff against the vendor's approved list, anomalies, skips, raw.
pub fn show(store: &Store, id: i64) -> Result<SnapshotReview> {
    let snapshot = summary(store, id)?;
    let pricing = Pricing::load(store)?;
    let hours = pricing.hours_per_month;
    let base_id = baseline_id(store, id)?;
    let baseline = base_id.map(|b| summary(store, b)).transpose()?;
    let new = offers_of(store, id)?;
    let old = match base_id {
        Some(b) => offers_of(store, b)?,
        None => Vec::new(),
    };
    let per_h = |o: &Off| catalog::per_gpu_hour(o.price, o.basis, o.gpus, o.billing, hours);
    let cny = |o: &Off| pricing.to_cny(&o.currency).map(|(r, _)| per_h(o) * r);
    let brief = |o: &Off| DiffOffer {
        id: o.id,
        price: money::exact(o.price),
        currency: o.currency.clone(),
        billing: o.billing,
        basis: o.basis,
        from_price: o.from_price,
        per_gpu_hour: money::two_dp(per_h(o)),
        per_gpu_hour_cny: cny(o).map(money::two_dp),
        gpu_memory_gb: o.memory,
        source_line: o.line,
    };
    let mut anomalies = Vec::new();
    // Duplicates inside the capture.
    let mut seen: HashMap<_, usize> = HashMap::new();
    for o in &new {
        let k = (o.config_key(), o.billing, o.basis, o.currency.clone());
        *seen.entry(k).or_default() += 1;
    }
    let mut dup_flagged = std::collections::HashSet::new();
    for o in &new {
        let k = (o.config_key(), o.billing, o.basis, o.currency.clone());
        if seen.get(&k).copied().unwrap_or(0) > 1 && dup_flagged.insert(k.clone()) {
            anomalies.push(Anomaly {
                code: "duplicate".into(),
                message: format!(
                    "{} times in this capture with the same configuration and billing",
                    seen[&k]
                ),
                message_zh: format!("本次采集中出现 {} 次（配置与计费方式相同）", seen[&k]),
                offer: Some(o.words()),
            });
        }
    }
    // Match new to old: same configuration and billing first, then same configuration only.
    let mut old_by_full: HashMap<_, Vec<usize>> = HashMap::new();
    let mut old_by_cfg: HashMap<_, Vec<usize>> = HashMap::new();
    for (i, o) in old.iter().enumerate() {
        old_by_full.entry((o.config_key(), o.billing)).or_default().push(i);
        old_by_cfg.entry(o.config_key()).or_default().push(i);
    }
    let mut used = vec![false; old.len()];
    let mut diff = Vec::new();
    let mut pending_unit = Vec::new();
    for (ni, o) in new.iter().enumerate() {
        let hit = old_by_full
            .get(&(o.config_key(), o.billing))
            .and_then(|v| v.iter().copied().find(|&i| !used[i]));
        match hit {
            Some(i) => {
                used[i] = true;
                diff.push((ni, Some(i), false));
            }
            None => pending_unit.push(ni),
        }
    }
    // An approved list that names no region or instance type (typed from a web page) matches
    // every region of the same configuration in a detailed capture.
    let loose = |o: &Off| (o.acc, o.gpus, o.mode.clone(), o.tenancy.clone(), o.interruptible);
    let mut old_by_loose: HashMap<_, Vec<usize>> = HashMap::new();
    for (i, o) in old.iter().enumerate() {
        if o.region.is_none() && o.instance_type.is_none() {
            old_by_loose.entry(loose(o)).or_default().push(i);
        }
    }
    for ni in pending_unit {
        let o = &new[ni];
        let hit =
            old_by_cfg.get(&o.config_key()).and_then(|v| v.iter().copied().find(|&i| !used[i]));
        match hit {
            Some(i) => {
                used[i] = true;
                diff.push((ni, Some(i), true));
            }
            None => {
                let l = old_by_loose.get(&loose(o)).and_then(|v| {
                    v.iter().copied().find(|&i| old[i].billing == o.billing).or(v.first().copied())
                });
                if let Some(i) = l {
                    used[i] = true;
                }
                diff.push((ni, l, l.is_some_and(|i| old[i].billing != o.billing)));
            }
        }
    }
    let mut rows = Vec::new();
    let (mut added, mut changed, mut unchanged) = (0u32, 0u32, 0u32);
    for (ni, oi, unit_changed) in diff {
        let n = &new[ni];
        let mut flags = Vec::new();
        if let (Some(m), Some(spec)) = (n.memory, n.acc_mem) {
            if (m as i64 - spec as i64).unsigned_abs() * 100 > 6 * spec as u64 {
                flags.push("memory_mismatch".to_string());
                anomalies.push(Anomaly {
                    code: "memory_mismatch".into(),
                    message: format!(
                        "source says {m} GB per GPU; the {} spec is {spec} GB",
                        n.acc_name
                    ),
                    message_zh: format!(
                        "来源标注每卡显存 {m} GB，{} 的规格为 {spec} GB",
                        n.acc_name
                    ),
                    offer: Some(n.words()),
                });
            }
        }
        if n.acc_user
            && !anomalies.iter().any(|a| {
                a.code == "new_accelerator" && a.offer.as_deref() == Some(n.acc_name.as_str())
            })
        {
            anomalies.push(Anomaly {
                code: "new_accelerator".into(),
                message:
                    "an accelerator not in the built-in list (added by an import; specs unknown)"
                        .into(),
                message_zh: "不在内置列表中的型号（由导入新增，规格未知）".into(),
                offer: Some(n.acc_name.clone()),
            });
        }
        let (kind, change_pct, old_brief) = match oi {
            None => {
                added += 1;
                ("added", None, None)
            }
            Some(i) => {
                let o = &old[i];
                let (a, b) = if o.currency == n.currency {
                    (Some(per_h(o)), Some(per_h(n)))
                } else {
                    (cny(o), cny(n))
                };
                let pct = match (a, b) {
                    (Some(a), Some(b)) if !a.is_zero() => Some((b - a) / a * Decimal::from(100)),
                    _ => None,
                };
                let same = per_h(o) == per_h(n)
                    && o.billing == n.billing
                    && o.currency == n.currency
                    && o.from_price == n.from_price;
                if unit_changed || o.currency != n.currency {
                    flags.push("unit_changed".to_string());
                    anomalies.push(Anomaly {
                        code: "unit_changed".into(),
                        message: format!(
                            "was {} {} per {} ({}), now {} {} per {} ({})",
                            money::exact(o.price),
                            o.currency,
                            o.billing,
                            o.basis,
                            money::exact(n.price),
                            n.currency,
                            n.billing,
                            n.basis
                        ),
                        message_zh: format!(
                            "原为 {} {}/{}（{}），现为 {} {}/{}（{}）",
                            money::exact(o.price),
                            o.currency,
                            zh_unit(o.billing),
                            zh_basis(o.basis),
                            money::exact(n.price),
                            n.currency,
                            zh_unit(n.billing),
                            zh_basis(n.basis)
                        ),
                        offer: Some(n.words()),
                    });
                }
                if let Some(p) = pct {
                    if p.abs() > Decimal::from(CHANGE_FLAG_PCT) {
                        flags.push("price_change".to_string());
                        anomalies.push(Anomaly {
                            code: "price_change".into(),
                            message: format!(
                                "per-GPU-hour price changed {}% (over {CHANGE_FLAG_PCT}%)",
                                money::two_dp(p)
                            ),
                            message_zh: format!(
                                "每卡时价格变化 {}%（超过 {CHANGE_FLAG_PCT}%）",
                                money::two_dp(p)
                            ),
                            offer: Some(n.words()),
                        });
                    }
                }
                if same {
                    unchanged += 1;
                } else {
                    changed += 1;
                }
                (if same { "unchanged" } else { "changed" }, pct.map(money::two_dp), Some(brief(o)))
            }
        };
        rows.push(DiffRow {
            kind: kind.into(),
            offer: n.words(),
            accelerator: n.acc_name.clone(),
            gpus: n.gpus,
            region: n.region.clone(),
            instance_type: n.instance_type.clone(),
            interruptible: n.interruptible,
            old: old_brief,
            new: Some(brief(n)),
            change_pct,
            flags,
        });
    }
    let mut removed = 0u32;
    for (i, o) in old.iter().enumerate().filter(|(i, _)| !used[*i]) {
        let _ = i;
        removed += 1;
        rows.push(DiffRow {
            kind: "removed".into(),
            offer: o.words(),
            accelerator: o.acc_name.clone(),
            gpus: o.gpus,
            region: o.region.clone(),
            instance_type: o.instance_type.clone(),
            interruptible: o.interruptible,
            old: Some(brief(o)),
            new: None,
            change_pct: None,
            flags: Vec::new(),
        });
    }
    let order = |k: &str| match k {
        "changed" => 0,
        "added" => 1,
        "removed" => 2,
        _ => 3,
    };
    rows.sort_by_key(|r| (order(&r.kind), r.flags.is_empty()));
    let skips = skips_of(store, id)?;
    let missing =
        skips.iter().filter(|s| s.code == "no_price" || s.code == "unreadable_price").count();
    if missing > 0 {
        anomalies.push(Anomaly {
            code: "price_missing".into(),
            message: format!(
                "{missing} rows had no readable price (面议 or unreadable); see the skipped rows"
            ),
            message_zh: format!("{missing} 行没有可识别的价格（面议或无法识别），见“跳过的行”"),
            offer: None,
        });
    }
    if new.is_empty() {
        anomalies.push(Anomaly {
            code: "no_offers".into(),
            message: "no offers were read: the page layout or the file may have changed; fix the recipe and re-parse".into(),
            message_zh: "未读出任何在售规格：网页结构或文件格式可能已变化，请修正配方后重新解析".into(),
            offer: None,
        });
    }
    if baseline.is_none() {
        anomalies.push(Anomaly {
            code: "no_baseline".into(),
            message: "no approved list of this vendor to compare with: every offer is new".into(),
            message_zh: "该供应商没有已通过的价格表可对比：所有规格均为新增".into(),
            offer: None,
        });
    }
    Ok(SnapshotReview {
        snapshot,
        baseline,
        added,
        removed,
        changed,
        unchanged,
        diff: rows,
        anomalies,
        skips,
        captures: captures_of(store, id)?,
        hours_per_month: hours,
    })
}

fn skips_of(store: &Store, id: i64) -> Result<Vec<Skip>> {
    let mut stmt = store.conn().prepare(
        "SELECT line, reason, raw FROM snapshot_skips WHERE snapshot_id = ?1 ORDER BY id",
    )?;
    let rows = stmt.query_map([id], |r| {
        let reason: String = r.get(1)?;
        let (code, words) = reason
            .split_once(": ")
            .map(|(c, w)| (c.to_string(), w.to_string()))
            .unwrap_or(("other".into(), reason.clone()));
        Ok(Skip { line: r.get(0)?, code, reason: words, raw: r.get(2)? })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

const CAPTURE_SQL: &str = "SELECT id, url, final_url, status, content_type, fetched_at, body_len, length(body), sha256, recipe IS NOT NULL FROM captures";

fn capture_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<CaptureInfo> {
    Ok(CaptureInfo {
        id: r.get(0)?,
        url: r.get(1)?,
        final_url: r.get(2)?,
        status: r.get(3)?,
        content_type: r.get(4)?,
        fetched_at: r.get(5)?,
        bytes: r.get(6)?,
        stored_bytes: r.get(7)?,
        sha256: r.get(8)?,
        has_recipe: r.get(9)?,
    })
}

fn captures_of(store: &Store, id: i64) -> Result<Vec<CaptureInfo>> {
    let mut stmt =
        store.conn().prepare(&format!("{CAPTURE_SQL} WHERE snapshot_id = ?1 ORDER BY id"))?;
    let rows = stmt.query_map([id], capture_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// A capture's info, headers, body and recipe.
type RawParts = (CaptureInfo, Vec<(String, String)>, Vec<u8>, Option<String>);

fn raw_capture(store: &Store, capture_id: i64) -> Result<RawParts> {
    let info = store
        .conn()
        .query_row(&format!("{CAPTURE_SQL} WHERE id = ?1"), [capture_id], capture_row)
        .optional()?
        .ok_or_else(|| Error::invalid("capture", format!("#{capture_id} does not exist")))?;
    let (headers, body, recipe): (String, Vec<u8>, Option<String>) = store.conn().query_row(
        "SELECT headers, body, recipe FROM captures WHERE id = ?1",
        [capture_id],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )?;
    let body = ingest::decompress(&body)?;
    Ok((info, serde_json::from_str(&headers).unwrap_or_default(), body, recipe))
}

/// A raw capture as text (the first `max_chars` characters), with its hash checked.
pub fn raw(store: &Store, capture_id: i64, max_chars: usize) -> Result<RawView> {
    let (capture, headers, body, _) = raw_capture(store, capture_id)?;
    let hash_ok = ingest::sha256_hex(&body) == capture.sha256;
    let text = String::from_utf8_lossy(&body);
    let truncated = text.chars().count() > max_chars;
    Ok(RawView {
        capture,
        headers,
        text: text.chars().take(max_chars).collect(),
        truncated,
        hash_ok,
    })
}

/// Approves a pending snapshot: it becomes the vendor's current list (if it is the newest).
pub fn approve(
    store: &mut Store,
    id: i64,
    reviewer: &str,
    note: Option<&str>,
) -> Result<SnapshotSummary> {
    let s = summary(store, id)?;
    if s.state != ReviewState::Pending {
        return Err(Error::invalid(
            "snapshot",
            format!("#{id} is already {}: only pending snapshots are approved", s.state),
        ));
    }
    if s.offers == 0 {
        return Err(Error::invalid(
            "snapshot",
            format!("#{id} has no offers: approving it would empty {}'s list; reject it, or re-parse it with a fixed recipe", s.vendor),
        ));
    }
    if reviewer.trim().is_empty() {
        return Err(Error::invalid("reviewer", "say who reviewed it (--reviewer NAME)"));
    }
    decide(store, id, ReviewState::Approved, reviewer, note)?;
    summary(store, id)
}

/// Rejects a pending snapshot (or withdraws an approved one); a note saying why is required.
pub fn reject(store: &mut Store, id: i64, reviewer: &str, note: &str) -> Result<SnapshotSummary> {
    let s = summary(store, id)?;
    if s.state == ReviewState::Rejected {
        return Err(Error::invalid("snapshot", format!("#{id} is already rejected")));
    }
    if note.trim().is_empty() {
        return Err(Error::invalid(
            "--note",
            "say why it is rejected (e.g. 'prices not final', 'wrong vendor')",
        ));
    }
    if reviewer.trim().is_empty() {
        return Err(Error::invalid("reviewer", "say who reviewed it (--reviewer NAME)"));
    }
    decide(store, id, ReviewState::Rejected, reviewer, Some(note))?;
    summary(store, id)
}

fn decide(
    store: &mut Store,
    id: i64,
    state: ReviewState,
    reviewer: &str,
    note: Option<&str>,
) -> Result<()> {
    store.write(|tx| {
        tx.execute(
            "UPDATE snapshots SET review_state = ?1, reviewer = ?2, reviewed_at = ?3, review_note = ?4 WHERE id = ?5",
            params![state.as_str(), reviewer.trim(), chrono::Utc::now().to_rfc3339(), note.map(str::trim).filter(|n| !n.is_empty()), id],
        )?;
        Ok(())
    })
}

/// Re-reads a scrape's stored raw pages with its stored recipe (or an improved one), offline,
/// as a new pending snapshot.
pub fn reparse(
    store: &mut Store,
    id: i64,
    recipe_file: Option<&std::path::Path>,
    dry_run: bool,
) -> Result<ImportReport> {
    let caps = captures_of(store, id)?;
    if caps.is_empty() {
        return Err(Error::invalid(
            "snapshot",
            format!("#{id} has no stored raw capture to re-read"),
        ));
    }
    let mut raws = Vec::new();
    let mut stored_recipe = None;
    for c in &caps {
        let (info, headers, body, recipe) = raw_capture(store, c.id)?;
        stored_recipe = stored_recipe.or(recipe.clone());
        raws.push(RawCapture {
            url: info.url,
            final_url: info.final_url,
            status: info.status,
            headers,
            content_type: info.content_type,
            fetched_at: info.fetched_at,
            body,
            recipe,
            sha256: info.sha256,
        });
    }
    let (text, name) = match recipe_file {
        Some(p) => (
            std::fs::read_to_string(p)
                .map_err(|source| Error::Io { path: p.display().to_string(), source })?,
            p.display().to_string(),
        ),
        None => (
            stored_recipe.ok_or_else(|| {
                Error::invalid(
                    "--recipe",
                    format!("#{id} was not a scrape: no recipe is stored; give --recipe FILE"),
                )
            })?,
            format!("stored with snapshot #{id}"),
        ),
    };
    let recipe = ingest::scrape::Recipe::parse(&name, &text)?;
    if recipe.page.len() != raws.len() {
        return Err(Error::invalid(
            "--recipe",
            format!("the recipe has {} pages but #{id} stored {}", recipe.page.len(), raws.len()),
        ));
    }
    for r in &mut raws {
        r.recipe = Some(text.clone());
    }
    ingest::scrape::store_scrape(store, &recipe, &name, raws, Some(id), dry_run, &mut |_| {})
}
