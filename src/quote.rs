//! Quotes (报价单): a numbered, frozen selection — the recommended offer and up to three
//! alternatives with the snapshot ids and exact prices used, tax, the total in figures and in
//! Chinese uppercase, assumptions, scores, and the approval block. Issuing freezes a version and
//! stores the SHA-256 of its canonical content; a revision is a new version, the old one intact.

use crate::compare::{self, Candidate, Requirement};
use crate::error::{Error, Result};
use crate::money;
use crate::scoring;
use crate::store::Store;
use rusqlite::{params, OptionalExtension};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::str::FromStr;
use ts_rs::TS;

/// Days a quote stays valid unless told otherwise.
pub const DEFAULT_VALIDITY_DAYS: i64 = 15;
/// Prices older than this many days are flagged on the quote.
pub const DEFAULT_STALE_DAYS: i64 = 30;

/// What it takes to draft a quote.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct QuoteRequest {
    /// The requirement (as for a comparison).
    pub requirement: Requirement,
    /// Recommend this vendor's best candidate instead of the overall best.
    pub vendor: Option<String>,
    /// 经办人.
    pub requester: String,
    /// Department.
    pub department: Option<String>,
    /// Purpose.
    pub purpose: Option<String>,
    /// VAT rate, e.g. `0.06`.
    pub tax_rate: Option<String>,
    /// Listed prices include tax (含税, the default) or not (不含税).
    pub tax_excluded: bool,
    /// Days the quote is valid.
    #[ts(type = "number | null")]
    pub validity_days: Option<i64>,
    /// Notes printed on the quote.
    pub notes: Option<String>,
}

/// One priced line of a quote, frozen.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
pub struct QuoteLine {
    /// `recommended` or `alternative`.
    pub role: String,
    /// Vendor (Chinese name).
    pub vendor: String,
    /// Vendor English name.
    pub vendor_en: String,
    /// The offer in words.
    pub offer: String,
    /// Offer id.
    #[ts(type = "number")]
    pub offer_id: i64,
    /// Snapshot the price came from.
    #[ts(type = "number")]
    pub snapshot_id: i64,
    /// Source of that snapshot.
    pub source: String,
    /// When it was captured.
    pub captured_at: String,
    /// Listed price and unit, e.g. `84480.00 CNY/month`.
    pub unit_price: String,
    /// Instances.
    pub instances: u32,
    /// Billing plan in words.
    pub billing_plan: String,
    /// List total in the offer's currency.
    pub list_total: String,
    /// Its currency.
    pub currency: String,
    /// List total in CNY.
    pub list_total_cny: String,
    /// Effective total in CNY.
    pub effective_total_cny: String,
    /// CNY per GPU-hour.
    pub per_gpu_hour_cny: String,
    /// Technical score under the scenario's profile, when known.
    pub technical_score: Option<String>,
}

/// The frozen content of one quote version (what the hash covers).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
pub struct QuoteContent {
    /// `Q-2026-0007`.
    pub number: String,
    /// 1, 2, …
    pub version: u32,
    /// Date created, YYYY-MM-DD.
    pub date: String,
    /// Valid until, YYYY-MM-DD.
    pub valid_until: String,
    /// 经办人.
    pub requester: String,
    /// Department.
    pub department: String,
    /// Purpose.
    pub purpose: String,
    /// The requirement in words.
    pub requirement: String,
    /// Recommended line first, then alternatives.
    pub lines: Vec<QuoteLine>,
    /// VAT rate.
    pub tax_rate: String,
    /// Prices include tax.
    pub tax_included: bool,
    /// Net of the recommended total, CNY.
    pub net_cny: String,
    /// Tax, CNY.
    pub tax_cny: String,
    /// Gross total, CNY.
    pub total_cny: String,
    /// The total in Chinese uppercase.
    pub total_uppercase: String,
    /// Assumptions (hours per month, rates and dates, parameters).
    pub assumptions: Vec<String>,
    /// Prices older than the staleness limit, and other things to check.
    pub warnings: Vec<String>,
    /// Weight profile of the scores.
    pub score_profile: Option<String>,
    /// Rent-or-build summary (not included by the CLI yet).
    pub rent_or_build: Option<String>,
    /// Notes.
    pub notes: String,
    /// Approval roles, in order.
    pub approvals: Vec<String>,
    /// Company printed on the quote (setting `company_name`), frozen with it.
    #[serde(default)]
    pub company: String,
}

/// A stored quote version.
#[derive(Debug, Clone, Serialize, TS)]
pub struct QuoteRecord {
    /// Row id.
    #[ts(type = "number")]
    pub id: i64,
    /// Number.
    pub number: String,
    /// Version.
    pub version: u32,
    /// `draft`, `issued`, `approved`, `rejected`, or `expired` (issued and past its date).
    pub status: String,
    /// SHA-256 of the canonical content (set when issued).
    pub content_hash: Option<String>,
    /// Created.
    pub created_at: String,
    /// Issued.
    pub issued_at: Option<String>,
    /// The content.
    pub content: QuoteContent,
}

fn today() -> chrono::NaiveDate {
    chrono::Local::now().date_naive()
}

/// The canonical content hash: SHA-256 of the content's JSON (fields in declaration order).
pub fn content_hash(c: &QuoteContent) -> Result<String> {
    let json = serde_json::to_vec(c).map_err(|e| Error::invalid("quote", e.to_string()))?;
    Ok(crate::ingest::sha256_hex(&json))
}

fn line(role: &str, c: &Candidate, score: Option<String>) -> QuoteLine {
    let o = &c.offer;
    QuoteLine {
        role: role.into(),
        vendor: c.vendor.clone(),
        vendor_en: c.vendor_en.clone(),
        offer: o.describe(),
        offer_id: o.id,
        snapshot_id: o.snapshot_id,
        source: o.source.to_string(),
        captured_at: o.captured_at.to_string(),
        unit_price: format!(
            "{} {}{}/{}",
            o.price,
            o.currency,
            if o.price_basis == crate::model::PriceBasis::Gpu { " per GPU" } else { "" },
            o.billing
        ),
        instances: c.instances,
        billing_plan: c.billing_plan_text.clone(),
        list_total: c.list_total.clone(),
        currency: c.currency.clone(),
        list_total_cny: c.list_total_cny.clone(),
        effective_total_cny: c.effective_total_cny.clone(),
        per_gpu_hour_cny: c.per_gpu_hour_cny.clone(),
        technical_score: score,
    }
}

/// Drafts a new quote: runs the comparison, freezes the recommended candidate (the requested
/// vendor's best, or the overall best) and up to three alternatives, and numbers it.
pub fn new_quote(store: &mut Store, req: &QuoteRequest) -> Result<QuoteRecord> {
    if req.requester.trim().is_empty() {
        return Err(Error::invalid(
            "requester",
            "give the requester (经办人), e.g. --requester 张三",
        ));
    }
    let rate = Decimal::from_str(req.tax_rate.as_deref().unwrap_or("0.06").trim())
        .map_err(|_| Error::invalid("tax_rate", "use a rate such as 0.06"))?;
    if rate < Decimal::ZERO || rate >= Decimal::ONE {
        return Err(Error::invalid("tax_rate", "use a rate from 0 to below 1, e.g. 0.06"));
    }
    let days = req.validity_days.unwrap_or(DEFAULT_VALIDITY_DAYS);
    if !(1..=365).contains(&days) {
        return Err(Error::invalid("validity_days", "use 1 to 365 days"));
    }
    if req.requirement.include_pending == Some(true) {
        return Err(Error::invalid(
            "include_pending",
            "a quote uses approved prices only: approve the pending snapshot first \
             (gpuquote review list --state pending), then make the quote",
        ));
    }
    let cmp = compare::recommend(store, &req.requirement)?;
    let best = match req.vendor.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
        Some(v) => {
            let ids = crate::names::resolve_vendor(store, v)?;
            let keys: Vec<String> = crate::catalog::list_vendors(store)?
                .into_iter()
                .filter(|x| ids.contains(&x.id))
                .map(|x| x.key)
                .collect();
            cmp.candidates
                .iter()
                .find(|c| keys.iter().any(|k| *k == *c.offer.vendor_key))
                .ok_or_else(|| {
                    Error::invalid(
                        "vendor",
                        format!(
                            "{v} has no candidate for this requirement (see gpuquote recommend)"
                        ),
                    )
                })?
        }
        None => cmp.candidates.first().ok_or_else(|| {
            Error::invalid(
                "requirement",
                format!("no candidate: {}", cmp.empty_reason.clone().unwrap_or_default()),
            )
        })?,
    };
    // Scores under the scenario's profile (B when none), when the vendor has any known dimension.
    let profile_key = cmp.requirement.scenario.clone().unwrap_or_else(|| "B".into());
    let board = scoring::score(store, &scoring::profile(&profile_key)?, None)?;
    let score_of = |vendor_key: &str| {
        board
            .scorecards
            .iter()
            .find(|s| s.vendor_key == vendor_key)
            .and_then(|s| s.technical.clone())
    };
    let mut lines = vec![line("recommended", best, score_of(&best.offer.vendor_key))];
    for c in cmp.candidates.iter().filter(|c| c.offer.id != best.offer.id).take(3) {
        lines.push(line("alternative", c, score_of(&c.offer.vendor_key)));
    }
    let total = Decimal::from_str(&best.list_total_cny).unwrap_or_default();
    let (net, tax, gross) = money::split_tax(total, rate, !req.tax_excluded);
    let upper = money::chinese_uppercase(gross).map_err(|m| Error::invalid("total", m))?;
    let date = today();
    let stale_days = stale_days(store)?;
    let stale_limit = date - chrono::Duration::days(stale_days);
    let mut warnings = Vec::new();
    for l in &lines {
        if let Ok(t) = chrono::DateTime::parse_from_rfc3339(&l.captured_at) {
            if t.date_naive() < stale_limit {
                warnings.push(format!(
                    "{} price captured {} is older than {} days: re-check it before signing",
                    l.vendor,
                    t.date_naive(),
                    stale_days
                ));
            }
        }
    }
    warnings.extend(best.warnings.iter().cloned());
    let r = &cmp.requirement;
    let mut assumptions = vec![format!(
        "{} h per month (monthly prices ÷ {} h)",
        r.hours_per_month, r.hours_per_month
    )];
    assumptions.extend(r.rates.iter().map(|x| format!("exchange rate {x}")));
    assumptions.push(format!(
        "effective cost: {} interruptions/day, {} h recovery, checkpoint {} h, PCIe throughput {}",
        r.params.interruptions_per_day,
        r.params.recovery_hours,
        r.checkpoint_hours,
        r.params.pcie_throughput
    ));
    assumptions.push(format!(
        "tax {}% {}",
        money::plain((rate * Decimal::from(100)).normalize()),
        if req.tax_excluded {
            "excluded (不含税): added to the listed prices"
        } else {
            "included (含税) in the listed prices"
        }
    ));
    let (year, seq) = next_number(store, date)?;
    let prefix = quote_prefix(store)?;
    let number = format!("{prefix}-{year}-{seq:04}");
    let content = QuoteContent {
        number: number.clone(),
        version: 1,
        date: date.to_string(),
        valid_until: (date + chrono::Duration::days(days)).to_string(),
        requester: req.requester.trim().into(),
        department: req.department.clone().unwrap_or_default(),
        purpose: req.purpose.clone().unwrap_or_default(),
        requirement: r.words(),
        lines,
        tax_rate: money::plain(rate.normalize()),
        tax_included: !req.tax_excluded,
        net_cny: money::two_dp(net),
        tax_cny: money::two_dp(tax),
        total_cny: money::two_dp(gross),
        total_uppercase: upper,
        assumptions,
        warnings,
        score_profile: Some(profile_key),
        rent_or_build: rent_or_build(store, best)?,
        notes: req.notes.clone().unwrap_or_default(),
        approvals: vec!["经办人".into(), "部门负责人".into(), "财务".into(), "审批人".into()],
        company: setting(store, "company_name")?.unwrap_or_default(),
    };
    let body =
        serde_json::to_string(&content).map_err(|e| Error::invalid("quote", e.to_string()))?;
    let now = chrono::Utc::now().to_rfc3339();
    store.write(|tx| {
        tx.execute(
            "INSERT INTO quotes (number, version, year, seq, status, content, created_at)
             VALUES (?1, 1, ?2, ?3, 'draft', ?4, ?5)",
            params![number, year, seq, body, now],
        )?;
        Ok(())
    })?;
    show(store, &number, None)
}

/// A rent-or-build line when a TCO preset models the recommended accelerator: the preset run at
/// 60 % utilisation against its catalog rent price.
fn rent_or_build(store: &Store, best: &Candidate) -> Result<Option<String>> {
    let offer_acc = &*best.offer.accelerator_key;
    let accs = crate::names::accelerators(store)?;
    for p in crate::tco::presets(store)? {
        let ids = crate::names::resolve_gpu(store, &p.rent_gpu).unwrap_or_default();
        if !accs.iter().any(|a| ids.contains(&a.id) && a.key == offer_acc) {
            continue;
        }
        let Ok(r) = crate::tco::run(store, &p, "0.6", crate::tco::Side::Low) else { continue };
        let (lo, hi) = (&r.cases[0], &r.cases[1]);
        let pct = |s: &str| {
            let v = Decimal::from_str(s).unwrap_or_default() * Decimal::from(100);
            format!("{}%", money::round(v, 1))
        };
        return Ok(Some(format!(
            "租用与自建（预设 {}，利用率 60%）：自建每卡时 ¥{}–{}，租用 ¥{}；盈亏平衡利用率 {}–{}。 / Rent or build (preset {}, 60 % utilisation): building ¥{}–{} per GPU-hour vs renting ¥{}; break-even utilisation {}–{}.",
            p.key, lo.build_per_gpu_hour_cny, hi.build_per_gpu_hour_cny, lo.rent_per_gpu_hour_cny,
            pct(&lo.break_even_utilization), pct(&hi.break_even_utilization),
            p.key, lo.build_per_gpu_hour_cny, hi.build_per_gpu_hour_cny, lo.rent_per_gpu_hour_cny,
            pct(&lo.break_even_utilization), pct(&hi.break_even_utilization),
        )));
    }
    Ok(None)
}

fn setting(store: &Store, key: &str) -> Result<Option<String>> {
    Ok(store
        .conn()
        .query_row("SELECT value FROM settings WHERE key = ?1", [key], |r| r.get(0))
        .optional()?)
}

/// Days after which a price is flagged as stale on a quote (setting `stale_days`, default 30).
pub fn stale_days(store: &Store) -> Result<i64> {
    Ok(setting(store, "stale_days")?.and_then(|v| v.parse().ok()).unwrap_or(DEFAULT_STALE_DAYS))
}

/// Sets the quote number prefix (letters, digits, '-'; e.g. `BJ-Q`), the stale-price days and/or
/// the company name printed on quotes.
pub fn set_quote_settings(
    store: &mut Store,
    prefix: Option<&str>,
    stale: Option<i64>,
    company: Option<&str>,
) -> Result<()> {
    if let Some(c) = company {
        if c.chars().count() > 60 {
            return Err(Error::invalid("company_name", "at most 60 characters"));
        }
        let f = crate::pdf::font()?;
        if let Some(ch) =
            c.chars().find(|ch| !ch.is_whitespace() && f.lookup_glyph_index(*ch as u32).is_none())
        {
            return Err(Error::invalid(
                "company_name",
                format!("the PDF font has no glyph for '{ch}' (U+{:04X})", ch as u32),
            ));
        }
    }
    if let Some(p) = prefix {
        let p = p.trim();
        if p.is_empty() || p.len() > 12 || !p.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        {
            return Err(Error::invalid(
                "quote_prefix",
                format!("'{p}': use 1–12 letters, digits or '-', e.g. Q or BJ-Q"),
            ));
        }
    }
    if let Some(d) = stale {
        if !(1..=3650).contains(&d) {
            return Err(Error::invalid("stale_days", "use 1 to 3650 days"));
        }
    }
    store.write(|tx| {
        let put = |k: &str, v: String| {
            tx.execute(
                "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                params![k, v],
            )
        };
        if let Some(p) = prefix {
            put("quote_prefix", p.trim().to_string())?;
        }
        if let Some(d) = stale {
            put("stale_days", d.to_string())?;
        }
        if let Some(c) = company {
            put("company_name", c.trim().to_string())?;
        }
        Ok(())
    })
}

/// Quote settings as the Settings page shows them.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
pub struct QuoteSettings {
    /// Number prefix.
    pub prefix: String,
    /// Stale-price days.
    #[ts(type = "number")]
    pub stale_days: i64,
    /// Company name printed on quotes.
    pub company: String,
}

/// Reads the quote settings.
pub fn quote_settings(store: &Store) -> Result<QuoteSettings> {
    Ok(QuoteSettings {
        prefix: quote_prefix(store)?,
        stale_days: stale_days(store)?,
        company: setting(store, "company_name")?.unwrap_or_default(),
    })
}

fn quote_prefix(store: &Store) -> Result<String> {
    Ok(setting(store, "quote_prefix")?.unwrap_or_else(|| "Q".into()))
}

/// The next number of the year: one past the highest ever used (numbers are never reused).
fn next_number(store: &Store, date: chrono::NaiveDate) -> Result<(i32, i64)> {
    use chrono::Datelike;
    let year = date.year();
    let max: Option<i64> =
        store
            .conn()
            .query_row("SELECT max(seq) FROM quotes WHERE year = ?1", [year], |r| r.get(0))?;
    Ok((year, max.unwrap_or(0) + 1))
}

fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<StoredRow> {
    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?))
}

fn record(row: StoredRow) -> Result<QuoteRecord> {
    let (id, number, version, status, content, content_hash, created_at, issued_at) = row;
    let content: QuoteContent = serde_json::from_str(&content)
        .map_err(|e| Error::invalid(number.clone(), format!("stored content unreadable: {e}")))?;
    let expired = status == "issued"
        && chrono::NaiveDate::parse_from_str(&content.valid_until, "%Y-%m-%d")
            .is_ok_and(|d| d < today());
    Ok(QuoteRecord {
        id,
        number,
        version,
        status: if expired { "expired".into() } else { status },
        content_hash,
        created_at,
        issued_at,
        content,
    })
}

/// A `quotes` row: id, number, version, status, content, hash, created, issued.
type StoredRow = (i64, String, u32, String, String, Option<String>, String, Option<String>);

const COLUMNS: &str = "id, number, version, status, content, content_hash, created_at, issued_at";

/// A quote's latest version, or the given one.
pub fn show(store: &Store, number: &str, version: Option<u32>) -> Result<QuoteRecord> {
    let sql = format!(
        "SELECT {COLUMNS} FROM quotes WHERE number = ?1 AND (?2 IS NULL OR version = ?2)
         ORDER BY version DESC LIMIT 1"
    );
    let row = store.conn().query_row(&sql, params![number.trim(), version], read).optional()?;
    match row {
        Some(r) => record(r),
        None => {
            let numbers: Vec<String> = list(store)?.into_iter().map(|q| q.number).collect();
            Err(Error::UnknownName {
                kind: "quote",
                given: number.into(),
                suggestions: crate::names::closest(number, &numbers),
            })
        }
    }
}

/// Every quote version, newest first.
pub fn list(store: &Store) -> Result<Vec<QuoteRecord>> {
    let mut stmt = store.conn().prepare(&format!(
        "SELECT {COLUMNS} FROM quotes ORDER BY year DESC, seq DESC, version DESC"
    ))?;
    let rows: Vec<_> = stmt.query_map([], read)?.collect::<rusqlite::Result<_>>()?;
    rows.into_iter().map(record).collect()
}

fn refuse_unless_draft(q: &QuoteRecord, what: &str) -> Result<()> {
    if q.status != "draft" {
        return Err(Error::invalid(
            q.number.clone(),
            format!(
                "v{} is {} and frozen (hash {}): cannot {what}; make a revision with `gpuquote quote revise {}`",
                q.version,
                q.status,
                q.content_hash.as_deref().map(|h| &h[..12.min(h.len())]).unwrap_or("—"),
                q.number
            ),
        ));
    }
    Ok(())
}

/// Changes the free fields of a draft (refused once issued).
pub fn edit(
    store: &mut Store,
    number: &str,
    requester: Option<String>,
    department: Option<String>,
    purpose: Option<String>,
    notes: Option<String>,
) -> Result<QuoteRecord> {
    let mut q = show(store, number, None)?;
    refuse_unless_draft(&q, "edit it")?;
    if let Some(v) = requester {
        q.content.requester = v;
    }
    if let Some(v) = department {
        q.content.department = v;
    }
    if let Some(v) = purpose {
        q.content.purpose = v;
    }
    if let Some(v) = notes {
        q.content.notes = v;
    }
    let body =
        serde_json::to_string(&q.content).map_err(|e| Error::invalid("quote", e.to_string()))?;
    store.write(|tx| {
        tx.execute("UPDATE quotes SET content = ?1 WHERE id = ?2", params![body, q.id])?;
        Ok(())
    })?;
    show(store, number, Some(q.version))
}

/// Issues the latest draft: freezes it and stores its content hash.
pub fn issue(store: &mut Store, number: &str) -> Result<QuoteRecord> {
    let q = show(store, number, None)?;
    refuse_unless_draft(&q, "issue it again")?;
    let hash = content_hash(&q.content)?;
    store.write(|tx| {
        tx.execute(
            "UPDATE quotes SET content_hash = ?1, status = 'issued', issued_at = ?2 WHERE id = ?3",
            params![hash, chrono::Utc::now().to_rfc3339(), q.id],
        )?;
        Ok(())
    })?;
    show(store, number, Some(q.version))
}

/// Records the approval decision on an issued quote.
pub fn decide(store: &mut Store, number: &str, approve: bool) -> Result<QuoteRecord> {
    let q = show(store, number, None)?;
    if q.status != "issued" {
        return Err(Error::invalid(
            number,
            format!(
                "v{} is {}: only an issued quote can be approved or rejected",
                q.version, q.status
            ),
        ));
    }
    store.write(|tx| {
        tx.execute(
            "UPDATE quotes SET status = ?1 WHERE id = ?2",
            params![if approve { "approved" } else { "rejected" }, q.id],
        )?;
        Ok(())
    })?;
    show(store, number, Some(q.version))
}

/// Makes the next version of a quote as a draft with the same content; earlier versions stay.
pub fn revise(store: &mut Store, number: &str) -> Result<QuoteRecord> {
    let q = show(store, number, None)?;
    if q.status == "draft" {
        return Err(Error::invalid(
            number,
            format!("v{} is still a draft: edit it instead of revising", q.version),
        ));
    }
    let mut c = q.content.clone();
    c.version = q.version + 1;
    let body = serde_json::to_string(&c).map_err(|e| Error::invalid("quote", e.to_string()))?;
    let (year, seq): (i64, i64) =
        store.conn().query_row("SELECT year, seq FROM quotes WHERE id = ?1", [q.id], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })?;
    store.write(|tx| {
        tx.execute(
            "INSERT INTO quotes (number, version, year, seq, status, content, created_at)
             VALUES (?1, ?2, ?3, ?4, 'draft', ?5, ?6)",
            params![q.number, c.version, year, seq, body, chrono::Utc::now().to_rfc3339()],
        )?;
        Ok(())
    })?;
    show(store, number, Some(c.version))
}

/// The pages of a version's PDF as SVG strings (in-app preview).
pub fn preview(
    store: &Store,
    number: &str,
    version: Option<u32>,
    lang: &str,
) -> Result<Vec<String>> {
    let q = show(store, number, version)?;
    crate::pdf::quote_svg_pages(&q, crate::pdf::Lang::parse(lang)?, chrono::Utc::now())
}

/// Writes a version's PDF to `target` — a file path ending in `.pdf`, or a folder (default: the
/// user's Downloads folder, else the data folder) where it is named `NUMBER-vN.pdf` — and returns
/// the path written.
pub fn export_pdf(
    store: &Store,
    number: &str,
    version: Option<u32>,
    lang: &str,
    target: Option<std::path::PathBuf>,
) -> Result<String> {
    let q = show(store, number, version)?;
    let bytes = crate::pdf::quote_pdf(&q, crate::pdf::Lang::parse(lang)?, chrono::Utc::now())?;
    if let Some(file) =
        target.as_ref().filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("pdf")))
    {
        std::fs::write(file, &bytes)
            .map_err(|source| Error::Io { path: file.display().to_string(), source })?;
        return Ok(file.display().to_string());
    }
    let dir = match target {
        Some(d) => d,
        None => directories::UserDirs::new()
            .and_then(|u| u.download_dir().map(|d| d.to_path_buf()))
            .or_else(|| {
                crate::paths::default_db_path()
                    .ok()
                    .and_then(|p| p.parent().map(|d| d.to_path_buf()))
            })
            .ok_or_else(|| Error::invalid("export", "no Downloads or data folder found"))?,
    };
    std::fs::create_dir_all(&dir)
        .map_err(|source| Error::Io { path: dir.display().to_string(), source })?;
    let path = dir.join(format!("{}-v{}.pdf", q.number, q.version));
    std::fs::write(&path, bytes)
        .map_err(|source| Error::Io { path: path.display().to_string(), source })?;
    Ok(path.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h100_req() -> QuoteRequest {
        QuoteRequest {
            requirement: Requirement {
                gpu: Some("H100".into()),
                count: Some(8),
                duration: Some("3mo".into()),
                ..Default::default()
            },
            vendor: Some("极智算".into()),
            requester: "张三".into(),
            tax_rate: Some("0.06".into()),
            ..Default::default()
        }
    }

    #[test]
    fn h100_quote_totals_tax_and_uppercase() {
        let mut store = Store::open_in_memory().expect("open");
        let q = new_quote(&mut store, &h100_req()).expect("quote");
        let c = &q.content;
        assert!(q.number.ends_with("-0001") && q.number.starts_with("Q-"), "{}", q.number);
        assert_eq!(c.lines[0].vendor, "极智算");
        assert_eq!(c.total_cny, "253440.00");
        assert_eq!(c.total_uppercase, "贰拾伍万叁仟肆佰肆拾元整");
        assert_eq!((c.net_cny.as_str(), c.tax_cny.as_str()), ("239094.34", "14345.66"));
        assert!(c.lines.len() >= 3 && c.lines.len() <= 4);
        // The article's TCO preset models H100: its summary is on the quote.
        let rb = c.rent_or_build.as_deref().expect("rent-or-build");
        assert!(rb.contains("74.0%") && rb.contains("97.3%"), "{rb}");
        assert_eq!(q.status, "draft");
        // Numbers are sequential per year.
        let q2 = new_quote(&mut store, &h100_req()).expect("quote 2");
        assert!(q2.number.ends_with("-0002"));
    }

    #[test]
    fn issued_quotes_are_frozen_and_revisions_keep_v1() {
        let mut store = Store::open_in_memory().expect("open");
        let q = new_quote(&mut store, &h100_req()).expect("quote");
        let issued = issue(&mut store, &q.number).expect("issue");
        let hash = issued.content_hash.clone().expect("hash");
        assert_eq!(hash, content_hash(&issued.content).expect("h"));
        let e = edit(&mut store, &q.number, None, None, None, Some("x".into()))
            .unwrap_err()
            .to_string();
        assert!(e.contains("frozen") && e.contains("revise"), "{e}");
        // Even SQL cannot change it.
        assert!(store
            .conn()
            .execute("UPDATE quotes SET content = '{}' WHERE id = ?1", [issued.id])
            .is_err());
        let v2 = revise(&mut store, &q.number).expect("revise");
        assert_eq!((v2.version, v2.status.as_str()), (2, "draft"));
        let v1 = show(&store, &q.number, Some(1)).expect("v1");
        assert_eq!(v1.content_hash.as_deref(), Some(hash.as_str()));
        assert_eq!(content_hash(&v1.content).expect("h"), hash);
        edit(&mut store, &q.number, None, None, None, Some("修订：价格复核".into()))
            .expect("edit v2");
    }

    #[test]
    fn export_to_a_chosen_file_or_a_folder() {
        let mut store = Store::open_in_memory().expect("open");
        let q = new_quote(&mut store, &h100_req()).expect("quote");
        let dir = tempfile::tempdir().expect("dir");
        let file = dir.path().join("报价单.pdf");
        let p = export_pdf(&store, &q.number, None, "zh", Some(file.clone())).expect("file");
        assert_eq!(p, file.display().to_string());
        let p = export_pdf(&store, &q.number, None, "both", Some(dir.path().to_path_buf()))
            .expect("dir");
        assert!(p.ends_with(&format!("{}-v1.pdf", q.number)));
        assert!(std::fs::read(&p).expect("read").starts_with(b"%PDF"));
    }

    #[test]
    fn bad_requests_name_the_field() {
        let mut store = Store::open_in_memory().expect("open");
        let mut r = h100_req();
        r.requester = " ".into();
        assert!(new_quote(&mut store, &r).unwrap_err().to_string().starts_with("requester"));
        let mut r = h100_req();
        r.tax_rate = Some("6%".into());
        assert!(new_quote(&mut store, &r).unwrap_err().to_string().starts_with("tax_rate"));
        let mut r = h100_req();
        r.vendor = Some("AutoDL".into());
        assert!(new_quote(&mut store, &r).unwrap_err().to_string().starts_with("vendor"));
    }
}
