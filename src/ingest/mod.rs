//! Getting prices in: scraping a vendor's pricing page ([`scrape`]), importing a SkyPilot catalog
//! ([`skypilot`]) or our own CSV/JSON ([`native`]), and typing one in ([`manual`]).
//!
//! Every path ends in [`commit`]: one transaction that resolves accelerators, writes a **pending**
//! snapshot per vendor with its offers, the rows it skipped (with the reason) and the raw capture
//! (compressed, hashed). A malformed input fails before or inside that transaction, so the
//! database is exactly as before; a dry run does the same work and rolls it back (the preview).

pub mod manual;
pub mod native;
pub mod scrape;
pub mod skypilot;

use crate::error::{Error, Result};
use crate::model::{BillingUnit, Confidence, Mode, Origin, PriceBasis, ReviewState, Tenancy};
use crate::money;
use crate::names::{self, normalize};
use crate::store::Store;
use rusqlite::{params, OptionalExtension, Transaction};
use rust_decimal::Decimal;
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use ts_rs::TS;

/// One offer read from a source, before its accelerator and vendor are resolved.
#[derive(Debug, Clone)]
pub struct Draft {
    /// Line (file) or row number (page) it came from, 1-based.
    pub line: u64,
    /// Vendor as the source names it (only for multi-vendor files; otherwise the import's vendor).
    pub vendor: Option<VendorRef>,
    /// Accelerator as the source writes it (`H100`, `A100-80GB`, `NVIDIA H100 SXM5 80GB`, a key).
    pub gpu: String,
    /// Maker as the source says (SkyPilot `GpuInfo.Manufacturer`).
    pub maker: Option<String>,
    /// Memory per GPU in GB as the source says.
    pub gpu_memory_gb: Option<u32>,
    /// Other text that tells variants apart (instance type: `gpu_1x_h100_pcie`).
    pub hint: String,
    /// GPUs in the instance.
    pub gpus: u32,
    /// Instance mode.
    pub mode: Mode,
    /// Tenancy.
    pub tenancy: Tenancy,
    /// Preemptible / spot.
    pub interruptible: bool,
    /// Billing unit.
    pub billing: BillingUnit,
    /// Price (exact).
    pub price: Decimal,
    /// Upper end of a price range.
    pub price_max: Option<Decimal>,
    /// Per instance or per GPU.
    pub basis: PriceBasis,
    /// ISO currency.
    pub currency: String,
    /// "From" price.
    pub from_price: bool,
    /// Region.
    pub region: Option<String>,
    /// Vendor's instance type name.
    pub instance_type: Option<String>,
    /// Fees in words.
    pub fees: Option<String>,
    /// Note.
    pub note: Option<String>,
}

/// A vendor named inside a multi-vendor file (our export).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VendorRef {
    /// Key or name.
    pub key: String,
    /// Chinese name, when the file gives it (creates the vendor if unknown).
    pub name_zh: Option<String>,
    /// English name, when the file gives it.
    pub name_en: Option<String>,
}

/// A row the source had but that could not become an offer, and why.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Skip {
    /// Line or row number.
    pub line: Option<u32>,
    /// Stable code: `no_accelerator`, `no_price`, `unreadable_price`, `unknown_gpu`,
    /// `ambiguous_gpu`, `fractional_gpus`, `no_unit`, `no_currency`.
    pub code: String,
    /// The reason in words.
    pub reason: String,
    /// The row as the source had it (shortened).
    pub raw: Option<String>,
}

impl Skip {
    /// A skip with its code and reason.
    pub fn new(line: u64, code: &str, reason: impl Into<String>, raw: Option<String>) -> Self {
        Skip {
            line: u32::try_from(line).ok(),
            code: code.into(),
            reason: reason.into(),
            raw: raw.map(|r| r.chars().take(300).collect()),
        }
    }
}

/// A source as fetched or read: kept raw with the snapshot.
#[derive(Debug, Clone)]
pub struct RawCapture {
    /// URL or file name.
    pub url: String,
    /// URL after redirects.
    pub final_url: Option<String>,
    /// HTTP status.
    pub status: Option<u16>,
    /// Response headers.
    pub headers: Vec<(String, String)>,
    /// Content type.
    pub content_type: Option<String>,
    /// When it was fetched or read (RFC 3339).
    pub fetched_at: String,
    /// The bytes.
    pub body: Vec<u8>,
    /// The recipe text used to read it (scrapes).
    pub recipe: Option<String>,
    /// SHA-256 of `body` (hex), computed where the bytes are read or fetched.
    pub sha256: String,
}

/// Offers and skips read from a source.
#[derive(Debug, Default)]
pub struct Parsed {
    /// The offers.
    pub drafts: Vec<Draft>,
    /// The rows skipped.
    pub skips: Vec<Skip>,
}

/// The snapshot header an import writes.
#[derive(Debug, Clone)]
pub struct SnapshotMeta {
    /// Vendor (key or name) when the whole source is one vendor's.
    pub vendor: Option<String>,
    /// Create the vendor when it is unknown.
    pub create_vendor: bool,
    /// Origin.
    pub origin: Origin,
    /// Source description (URL, file name and hash).
    pub source: String,
    /// Capture time (RFC 3339).
    pub captured_at: String,
    /// Confidence.
    pub confidence: Confidence,
    /// Note.
    pub note: Option<String>,
    /// Keep the snapshot even when no offer was read (a scrape whose page changed: the raw page
    /// is kept so an improved recipe can re-read it offline; such a snapshot cannot be approved).
    pub keep_if_empty: bool,
}

/// A snapshot an import created.
#[derive(Debug, Clone, Serialize, TS)]
pub struct CreatedSnapshot {
    /// Snapshot id (`None` in a dry run).
    #[ts(type = "number | null")]
    pub id: Option<i64>,
    /// Vendor key.
    pub vendor_key: String,
    /// Vendor name (zh).
    pub vendor: String,
    /// Offers in it.
    pub offers: u32,
    /// Review state (always pending).
    pub state: ReviewState,
}

/// Skips of one kind, counted.
#[derive(Debug, Clone, Serialize, TS)]
pub struct SkipCount {
    /// Code.
    pub code: String,
    /// Reason of the first such row.
    pub reason: String,
    /// How many rows.
    pub count: u32,
    /// First lines (up to 5).
    pub lines: Vec<u32>,
}

/// A preview row: an offer as it will be stored.
#[derive(Debug, Clone, Serialize, TS)]
pub struct PreviewOffer {
    /// Line in the source.
    pub line: u32,
    /// Vendor (zh).
    pub vendor: String,
    /// Accelerator name it resolved to.
    pub accelerator: String,
    /// GPUs per instance.
    pub gpus: u32,
    /// Mode.
    pub mode: Mode,
    /// Preemptible.
    pub interruptible: bool,
    /// Billing unit.
    pub billing: BillingUnit,
    /// Price as stored.
    pub price: String,
    /// Currency.
    pub currency: String,
    /// Per instance or per GPU.
    pub basis: PriceBasis,
    /// Per GPU-hour in the offer's currency at the hours-per-month setting.
    pub per_gpu_hour: String,
    /// Region.
    pub region: Option<String>,
    /// Instance type.
    pub instance_type: Option<String>,
}

/// What an import did (or, in a dry run, would do).
#[derive(Debug, Clone, Serialize, TS)]
pub struct ImportReport {
    /// Format read.
    pub format: String,
    /// File or URL.
    pub source: String,
    /// True when nothing was written (preview).
    pub dry_run: bool,
    /// Snapshots created (pending), one per vendor.
    pub snapshots: Vec<CreatedSnapshot>,
    /// Offers imported.
    pub imported: u32,
    /// Rows skipped.
    pub skipped: u32,
    /// Skips by reason.
    pub skip_reasons: Vec<SkipCount>,
    /// Accelerators that were not known and were added (low confidence, from the source).
    pub new_accelerators: Vec<String>,
    /// The first offers as stored (up to 50).
    pub preview: Vec<PreviewOffer>,
    /// SHA-256 of the raw source.
    pub sha256: Option<String>,
    /// Snapshots already holding a capture with the same SHA-256 (the same file imported before).
    #[ts(type = "Array<number>")]
    pub same_source_as: Vec<i64>,
}

/// Progress of long work: `done` of `total` units (rows or bytes), and what is happening.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Progress {
    /// Stage: `read`, `write`, `fetch`.
    pub stage: String,
    /// Units done.
    #[ts(type = "number")]
    pub done: u64,
    /// Units in all (0 when unknown).
    #[ts(type = "number")]
    pub total: u64,
    /// Detail (URL, file).
    pub detail: String,
}

/// A progress callback (the CLI ignores it, the desktop app forwards it to the window).
pub type OnProgress<'a> = &'a mut dyn FnMut(Progress);

/// Line numbers from byte offsets (the csv crate counts CRLF files wrongly): counts `\n` up to
/// each record start, incrementally.
pub(crate) struct Lines<'a> {
    body: &'a [u8],
    at: usize,
    line: u64,
}

impl<'a> Lines<'a> {
    pub(crate) fn new(body: &'a [u8]) -> Self {
        Lines { body, at: 0, line: 1 }
    }
    /// 1-based line of the byte offset (offsets must not decrease).
    pub(crate) fn line_of(&mut self, byte: u64) -> u64 {
        let mut b = (byte as usize).min(self.body.len());
        // With CRLF the reported start can sit on the terminator of the line before.
        while b < self.body.len() && matches!(self.body[b], b'\r' | b'\n') {
            b += 1;
        }
        if b >= self.at {
            self.line += self.body[self.at..b].iter().filter(|&&c| c == b'\n').count() as u64;
            self.at = b;
        }
        self.line
    }
}

/// SHA-256 in hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    format!("{:x}", Sha256::digest(bytes))
}

/// Deflate-compresses a capture body.
pub(crate) fn compress(body: &[u8]) -> Result<Vec<u8>> {
    let mut e = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(body)
        .and_then(|_| e.finish())
        .map_err(|source| Error::Io { path: "capture".into(), source })
}

/// Inflates a stored capture body.
pub(crate) fn decompress(body: &[u8]) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    let mut d = flate2::write::DeflateDecoder::new(&mut out);
    d.write_all(body)
        .and_then(|_| d.finish().map(|_| ()))
        .map_err(|source| Error::Io { path: "capture".into(), source })?;
    Ok(out)
}

/// An accelerator id, or (code, reason) to skip the row.
type Resolved = std::result::Result<(i64, Option<String>), (String, String)>;

/// Resolves the accelerator names sources use to catalog accelerators, adding the ones the
/// catalog does not know (marked low confidence, with the source) so that no offer is lost.
pub(crate) struct AccResolver {
    accs: Vec<crate::model::Accelerator>,
    cache: HashMap<(String, Option<u32>, &'static str), Resolved>,
    created: Vec<String>,
    source: String,
}

fn form_of(text: &str) -> &'static str {
    if text.contains("pcie") {
        "pcie"
    } else if text.contains("sxm") {
        "sxm"
    } else if text.contains("nvl") {
        "nvl"
    } else {
        ""
    }
}

/// The memory a name states (`H100 80GB`, `A100-80G`, `141GB`), in GB: a number standing on its
/// own (not the `5` of `SXM5`) followed by `g`.
fn memory_in(text: &str) -> Option<u32> {
    let t = text.to_lowercase();
    let b = t.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
            let s = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if t[i..].starts_with('g') {
                if let Ok(n) = t[s..i].parse::<u32>() {
                    if (8..=1024).contains(&n) {
                        return Some(n);
                    }
                }
            }
        }
        i += 1;
    }
    None
}

impl AccResolver {
    pub(crate) fn new(store_conn: &rusqlite::Connection, source: &str) -> Result<Self> {
        Ok(AccResolver {
            accs: names::accelerators_conn(store_conn)?,
            cache: HashMap::new(),
            created: Vec::new(),
            source: source.to_string(),
        })
    }

    fn names_of(a: &crate::model::Accelerator) -> impl Iterator<Item = String> + '_ {
        std::iter::once(&a.key)
            .chain([&a.name, &a.family])
            .chain(a.aliases.iter())
            .map(|s| normalize(s))
    }

    /// The accelerator id for a source's name, or (code, reason) to skip the row.
    pub(crate) fn resolve(&mut self, tx: &Transaction<'_>, d: &Draft) -> Result<Resolved> {
        let n = normalize(&d.gpu);
        let form = match form_of(&n) {
            "" => form_of(&normalize(&d.hint)),
            f => f,
        };
        let key = (n.clone(), d.gpu_memory_gb, form);
        if let Some(hit) = self.cache.get(&key) {
            return Ok(hit.clone());
        }
        let out = self.resolve_uncached(tx, d, &n, form)?;
        self.cache.insert(key, out.clone());
        Ok(out)
    }

    fn resolve_uncached(
        &mut self,
        tx: &Transaction<'_>,
        d: &Draft,
        n: &str,
        form: &'static str,
    ) -> Result<Resolved> {
        if n.is_empty() {
            return Ok(Err(("unknown_gpu".into(), "no accelerator name".into())));
        }
        // An accelerator key is authoritative (our own exports): a memory the row states that
        // contradicts the spec is flagged in review, not turned into another model.
        if let Some(a) = self.accs.iter().find(|a| a.key == d.gpu.trim()) {
            return Ok(Ok((a.id, None)));
        }
        let memory = d.gpu_memory_gb.or_else(|| memory_in(&d.gpu));
        // Exact names first; then the longest run of leading words that is a known name
        // ("NVIDIA H100 SXM5 80GB" → "H100 SXM5"… → "H100").
        let mut cands: Vec<usize> = (0..self.accs.len())
            .filter(|&i| Self::names_of(&self.accs[i]).any(|m| m == n))
            .collect();
        if cands.is_empty() {
            let words: Vec<&str> = d
                .gpu
                .split(|c: char| {
                    c.is_whitespace() || matches!(c, '-' | '_' | '/' | '(' | ')' | ',')
                })
                .filter(|w| !w.is_empty())
                .collect();
            for k in (1..words.len()).rev() {
                let prefix = normalize(&words[..k].concat());
                let hit: Vec<usize> = (0..self.accs.len())
                    .filter(|&i| Self::names_of(&self.accs[i]).any(|m| m == prefix))
                    .collect();
                if !hit.is_empty() {
                    cands = hit;
                    break;
                }
            }
        }
        if cands.len() > 1 && !form.is_empty() {
            let f: Vec<usize> = cands
                .iter()
                .copied()
                .filter(|&i| Self::names_of(&self.accs[i]).any(|m| m.contains(form)))
                .collect();
            if !f.is_empty() {
                cands = f;
            }
        }
        let mem_ok = |a: &crate::model::Accelerator, m: u32| {
            a.memory_gb.is_some_and(|g| (g as i64 - m as i64).unsigned_abs() * 100 <= 6 * m as u64)
        };
        if let Some(m) = memory {
            let f: Vec<usize> =
                cands.iter().copied().filter(|&i| mem_ok(&self.accs[i], m)).collect();
            if f.is_empty() && !cands.is_empty() {
                // A variant the catalog lacks (A100 with 40 GB): add it to the same family.
                let base = &self.accs[cands[0]];
                let (maker, family) = (base.maker.clone(), base.family.clone());
                return Ok(Ok((
                    self.create(tx, &format!("{family} {m}GB"), &maker, &family, Some(m), d)?,
                    None,
                )));
            }
            cands = f;
        }
        match cands.len() {
            1 => Ok(Ok((self.accs[cands[0]].id, None))),
            0 => {
                let maker = d.maker.clone().unwrap_or_else(|| "unknown".into());
                let name = match memory {
                    Some(m) if memory_in(&d.gpu).is_none() => format!("{} {m}GB", d.gpu.trim()),
                    _ => d.gpu.trim().to_string(),
                };
                Ok(Ok((self.create(tx, &name, &maker, d.gpu.trim(), memory, d)?, None)))
            }
            _ => {
                // The family's usual variant answers to the bare name (an alias "H100" on the
                // SXM part): use it, and say so on the offer.
                let explicit: Vec<usize> = cands
                    .iter()
                    .copied()
                    .filter(|&i| {
                        let a = &self.accs[i];
                        std::iter::once(&a.name).chain(a.aliases.iter()).any(|m| normalize(m) == n)
                    })
                    .collect();
                if let [only] = explicit[..] {
                    let a = &self.accs[only];
                    return Ok(Ok((
                        a.id,
                        Some(format!(
                            "variant assumed: {} (the source says '{}')",
                            a.name,
                            d.gpu.trim()
                        )),
                    )));
                }
                let names: Vec<&str> = cands.iter().map(|&i| self.accs[i].name.as_str()).collect();
                Ok(Err((
                    "ambiguous_gpu".into(),
                    format!(
                        "'{}' could be {}: the row does not say which (name the variant, e.g. PCIe or SXM, or use the accelerator key)",
                        d.gpu,
                        names.join(" or ")
                    ),
                )))
            }
        }
    }

    fn create(
        &mut self,
        tx: &Transaction<'_>,
        name: &str,
        maker: &str,
        family: &str,
        memory: Option<u32>,
        d: &Draft,
    ) -> Result<i64> {
        let key = normalize(name).chars().take(40).collect::<String>();
        let key = format!("user-{key}");
        if let Some(id) = tx
            .query_row("SELECT id FROM accelerators WHERE key = ?1", [&key], |r| r.get::<_, i64>(0))
            .optional()?
        {
            return Ok(id);
        }
        let maker = match maker.to_ascii_lowercase().as_str() {
            "nvidia" => "NVIDIA".to_string(),
            "amd" => "AMD".to_string(),
            _ => maker.to_string(),
        };
        let source =
            format!("added by import from {} (line {}); specs unknown", self.source, d.line);
        tx.execute(
            "INSERT INTO accelerators (key, name, maker, family, aliases, memory_gb, source, confidence, builtin)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'low', 0)",
            params![key, name, maker, family, serde_json::json!([d.gpu.trim()]).to_string(), memory, source],
        )?;
        let id = tx.last_insert_rowid();
        self.accs.push(crate::model::Accelerator {
            id,
            key,
            name: name.to_string(),
            maker,
            family: family.to_string(),
            aliases: vec![d.gpu.trim().to_string()],
            memory_gb: memory,
            memory_type: None,
            fp16_tflops: None,
            interconnect: None,
            nvlink: false,
            domestic: false,
            source,
            confidence: Confidence::Low,
        });
        self.created.push(name.to_string());
        Ok(id)
    }
}

fn vendor_id(tx: &Transaction<'_>, v: &VendorRef, create: bool) -> Result<(i64, String, String)> {
    match names::resolve_vendor_conn(tx, &v.key) {
        Ok(ids) => {
            let (key, zh) =
                tx.query_row("SELECT key, name_zh FROM vendors WHERE id = ?1", [ids[0]], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })?;
            return Ok((ids[0], key, zh));
        }
        Err(Error::UnknownName { suggestions, .. })
            if !(create || v.name_zh.is_some() || v.name_en.is_some())
                || v.key.trim().is_empty() =>
        {
            let hint = if suggestions.is_empty() {
                String::new()
            } else {
                format!(" — did you mean: {}?", suggestions.join(", "))
            };
            return Err(Error::invalid(
                "vendor",
                format!(
                    "unknown vendor '{}'{hint} To add it as a new vendor, pass --new-vendor.",
                    v.key
                ),
            ));
        }
        Err(Error::UnknownName { .. }) => {}
        Err(e) => return Err(e),
    }
    let key: String = v
        .key
        .trim()
        .to_lowercase()
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    let zh = v.name_zh.clone().unwrap_or_else(|| v.key.trim().to_string());
    let en = v.name_en.clone().unwrap_or_else(|| v.key.trim().to_string());
    tx.execute(
        "INSERT INTO vendors (key, name_zh, name_en, note, builtin, created_at)
         VALUES (?1, ?2, ?3, 'added by an import', 0, ?4)",
        params![key, zh, en, chrono::Utc::now().to_rfc3339()],
    )?;
    Ok((tx.last_insert_rowid(), key, zh))
}

/// Writes what a source gave as pending snapshot(s), in one transaction (rolled back when
/// `dry_run`). Offers are grouped by vendor (the meta's vendor, or each draft's own).
pub fn commit(
    store: &mut Store,
    format: &str,
    meta: &SnapshotMeta,
    parsed: Parsed,
    captures: &[RawCapture],
    dry_run: bool,
    progress: OnProgress<'_>,
) -> Result<ImportReport> {
    // The raw source is hashed and compressed on the other core while the offers are written.
    std::thread::scope(|sc| {
        let packed = sc.spawn(|| -> Result<Vec<Vec<u8>>> {
            captures.iter().map(|c| compress(&c.body)).collect()
        });
        commit_inner(store, format, meta, parsed, captures, packed, dry_run, progress)
    })
}

#[allow(clippy::too_many_arguments)]
fn commit_inner(
    store: &mut Store,
    format: &str,
    meta: &SnapshotMeta,
    parsed: Parsed,
    captures: &[RawCapture],
    packed: std::thread::ScopedJoinHandle<'_, Result<Vec<Vec<u8>>>>,
    dry_run: bool,
    progress: OnProgress<'_>,
) -> Result<ImportReport> {
    let hours = crate::settings::hours_per_month(store)?;
    let mut same_source_as = Vec::new();
    let sha = captures.first().map(|c| c.sha256.clone());
    if let Some(h) = &sha {
        let mut stmt = store.conn().prepare(
            "SELECT DISTINCT snapshot_id FROM captures WHERE sha256 = ?1 ORDER BY snapshot_id",
        )?;
        same_source_as = stmt.query_map([h], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
    }
    let conn = store.conn_mut();
    let tx = conn.transaction()?;
    let mut resolver = AccResolver::new(&tx, &meta.source)?;
    // Group drafts by vendor.
    let mut groups: BTreeMap<VendorRef, Vec<Draft>> = BTreeMap::new();
    let mut skips = parsed.skips;
    for d in parsed.drafts {
        let v = match (&meta.vendor, &d.vendor) {
            (Some(v), _) => VendorRef { key: v.clone(), name_zh: None, name_en: None },
            (None, Some(v)) => v.clone(),
            (None, None) => {
                return Err(Error::Import {
                    file: meta.source.clone(),
                    line: Some(d.line),
                    field: Some("vendor".into()),
                    message: "no vendor: give --vendor NAME or a vendor column".into(),
                })
            }
        };
        groups.entry(v).or_default().push(d);
    }
    if groups.is_empty() && meta.keep_if_empty {
        if let Some(v) = &meta.vendor {
            groups.insert(VendorRef { key: v.clone(), name_zh: None, name_en: None }, Vec::new());
        }
    }
    let total: u64 = groups.values().map(|g| g.len() as u64).sum();
    let mut done = 0u64;
    let mut created = Vec::new();
    let mut preview = Vec::new();
    let mut imported = 0u32;
    let mut first_snapshot = None;
    let now = chrono::Utc::now().to_rfc3339();
    for (vref, drafts) in groups {
        let (vid, vkey, vname) = vendor_id(&tx, &vref, meta.create_vendor)?;
        tx.execute(
            "INSERT INTO snapshots (vendor_id, captured_at, origin, source, confidence, review_state, note, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, 'pending', ?6, ?7)",
            params![vid, meta.captured_at, meta.origin.as_str(), meta.source, meta.confidence.as_str(), meta.note, now],
        )?;
        let sid = tx.last_insert_rowid();
        first_snapshot.get_or_insert(sid);
        let mut ins = tx.prepare_cached(
            "INSERT INTO offers (snapshot_id, accelerator_id, gpus, mode, tenancy, interruptible,
             billing, price, price_max, price_basis, currency, from_price, region, instance_type,
             fees, note, gpu_memory_gb, source_line)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)",
        )?;
        let mut count = 0u32;
        for d in drafts {
            done += 1;
            if done % 5000 == 0 {
                progress(Progress {
                    stage: "write".into(),
                    done,
                    total,
                    detail: meta.source.clone(),
                });
            }
            let (acc, assumed) = match resolver.resolve(&tx, &d)? {
                Ok(hit) => hit,
                Err((code, reason)) => {
                    skips.push(Skip::new(d.line, &code, reason, Some(d.gpu.clone())));
                    continue;
                }
            };
            let price = money::plain(d.price.normalize());
            let note = match (&d.note, assumed) {
                (Some(n), Some(a)) => Some(format!("{n}; {a}")),
                (n, a) => n.clone().or(a),
            };
            ins.execute(params![
                sid,
                acc,
                d.gpus,
                d.mode.as_str(),
                d.tenancy.as_str(),
                d.interruptible,
                d.billing.as_str(),
                price,
                d.price_max.map(|m| money::plain(m.normalize())),
                d.basis.as_str(),
                d.currency,
                d.from_price,
                d.region,
                d.instance_type,
                d.fees,
                note,
                d.gpu_memory_gb,
                d.line as i64,
            ])?;
            count += 1;
            if preview.len() < 50 {
                let acc_name: String =
                    tx.query_row("SELECT name FROM accelerators WHERE id = ?1", [acc], |r| {
                        r.get(0)
                    })?;
                preview.push(PreviewOffer {
                    line: d.line as u32,
                    vendor: vname.clone(),
                    accelerator: acc_name,
                    gpus: d.gpus,
                    mode: d.mode,
                    interruptible: d.interruptible,
                    billing: d.billing,
                    price: money::exact(d.price),
                    currency: d.currency.clone(),
                    basis: d.basis,
                    per_gpu_hour: money::two_dp(crate::catalog::per_gpu_hour(
                        d.price, d.basis, d.gpus, d.billing, hours,
                    )),
                    region: d.region.clone(),
                    instance_type: d.instance_type.clone(),
                });
            }
        }
        imported += count;
        created.push(CreatedSnapshot {
            id: Some(sid),
            vendor_key: vkey,
            vendor: vname,
            offers: count,
            state: ReviewState::Pending,
        });
    }
    // The raw source, compressed meanwhile on the other core, goes with every snapshot made.
    let compressed =
        packed.join().map_err(|_| Error::invalid("capture", "compression failed"))??;
    let mut ins = tx.prepare_cached(
        "INSERT INTO captures (snapshot_id, url, final_url, status, headers, content_type,
         fetched_at, body, body_len, sha256, recipe)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    )?;
    for sid in created.iter().filter_map(|c| c.id) {
        for (c, body) in captures.iter().zip(&compressed) {
            ins.execute(params![
                sid,
                c.url,
                c.final_url,
                c.status,
                serde_json::to_string(&c.headers).unwrap_or_else(|_| "[]".into()),
                c.content_type,
                c.fetched_at,
                body,
                c.body.len() as i64,
                c.sha256,
                c.recipe
            ])?;
        }
    }
    drop(ins);
    if imported == 0 && !meta.keep_if_empty {
        let why = if skips.is_empty() {
            "the source has no offers".to_string()
        } else {
            format!("all {} rows were skipped (first: {})", skips.len(), skips[0].reason)
        };
        return Err(Error::Import {
            file: meta.source.clone(),
            line: None,
            field: None,
            message: why,
        });
    }
    if let Some(sid) = first_snapshot {
        let mut ins = tx.prepare_cached(
            "INSERT INTO snapshot_skips (snapshot_id, line, reason, raw) VALUES (?1, ?2, ?3, ?4)",
        )?;
        for s in &skips {
            ins.execute(params![sid, s.line, format!("{}: {}", s.code, s.reason), s.raw])?;
        }
    }
    let mut counts: BTreeMap<String, SkipCount> = BTreeMap::new();
    for s in &skips {
        let e = counts.entry(s.code.clone()).or_insert_with(|| SkipCount {
            code: s.code.clone(),
            reason: s.reason.clone(),
            count: 0,
            lines: Vec::new(),
        });
        e.count += 1;
        if e.lines.len() < 5 {
            if let Some(l) = s.line {
                e.lines.push(l);
            }
        }
    }
    progress(Progress { stage: "write".into(), done: total, total, detail: meta.source.clone() });
    if dry_run {
        tx.rollback()?;
        for c in &mut created {
            c.id = None;
        }
    } else {
        tx.commit()?;
    }
    Ok(ImportReport {
        format: format.into(),
        source: meta.source.clone(),
        dry_run,
        snapshots: created,
        imported,
        skipped: skips.len() as u32,
        skip_reasons: counts.into_values().collect(),
        new_accelerators: resolver.created,
        preview,
        sha256: sha,
        same_source_as,
    })
}

/// Import formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ImportFormat {
    /// SkyPilot catalog CSV (v7/v8).
    Skypilot,
    /// Our CSV (what `gpuquote export --format csv` writes).
    Csv,
    /// Our JSON (what `gpuquote export --format json` writes).
    Json,
}

impl ImportFormat {
    /// The word.
    pub fn as_str(self) -> &'static str {
        match self {
            ImportFormat::Skypilot => "skypilot",
            ImportFormat::Csv => "csv",
            ImportFormat::Json => "json",
        }
    }
    /// Parses the word.
    pub fn parse(s: &str) -> Option<Self> {
        match s.trim().to_ascii_lowercase().as_str() {
            "skypilot" | "sky" => Some(ImportFormat::Skypilot),
            "csv" => Some(ImportFormat::Csv),
            "json" => Some(ImportFormat::Json),
            _ => None,
        }
    }
    /// Detects the format from the content: JSON starts with `{` or `[`; a CSV whose header has
    /// `InstanceType` and `AcceleratorName` is SkyPilot's; other CSV is ours.
    pub fn detect(body: &[u8]) -> Self {
        let text = String::from_utf8_lossy(&body[..body.len().min(4096)]);
        let t = text.trim_start_matches('\u{feff}').trim_start();
        if t.starts_with('{') || t.starts_with('[') {
            return ImportFormat::Json;
        }
        let header = t.lines().next().unwrap_or("").to_ascii_lowercase();
        if header.contains("instancetype") && header.contains("acceleratorname") {
            ImportFormat::Skypilot
        } else {
            ImportFormat::Csv
        }
    }
}

/// What `import` is asked to do.
#[derive(Debug, Clone, Default)]
pub struct ImportOptions {
    /// Format (`None`: detect).
    pub format: Option<ImportFormat>,
    /// Vendor for the whole file (required for SkyPilot files).
    pub vendor: Option<String>,
    /// Create the vendor when unknown.
    pub new_vendor: bool,
    /// Instance mode for SkyPilot rows (default vm).
    pub mode: Option<Mode>,
    /// Capture time (default now).
    pub captured_at: Option<String>,
    /// Confidence (default medium).
    pub confidence: Option<Confidence>,
    /// Note for the snapshot.
    pub note: Option<String>,
    /// Preview only: do everything, then roll back.
    pub dry_run: bool,
}

/// Imports a file as pending snapshot(s): reads it, parses it by format, commits in one
/// transaction. The raw file is kept with the snapshot (compressed, hashed).
pub fn import_file(
    store: &mut Store,
    path: &std::path::Path,
    opts: &ImportOptions,
    progress: OnProgress<'_>,
) -> Result<ImportReport> {
    let shown = path.display().to_string();
    let body = std::fs::read(path).map_err(|source| Error::Io { path: shown.clone(), source })?;
    let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or(shown.clone());
    import_bytes(store, &name, body, opts, progress)
}

/// [`import_file`] on bytes already read (`name` is shown in messages and stored as the source).
pub fn import_bytes(
    store: &mut Store,
    name: &str,
    body: Vec<u8>,
    opts: &ImportOptions,
    progress: OnProgress<'_>,
) -> Result<ImportReport> {
    let format = opts.format.unwrap_or_else(|| ImportFormat::detect(&body));
    let sha = sha256_hex(&body);
    let source = format!("{name} ({} import, sha256 {})", format.as_str(), &sha[..12]);
    let err_source = name.to_string();
    let parsed = match format {
        ImportFormat::Skypilot => {
            if opts.vendor.is_none() {
                return Err(Error::invalid(
                    "--vendor",
                    "a SkyPilot catalog does not name its cloud: give --vendor NAME (e.g. --vendor lambda)",
                ));
            }
            skypilot::parse(&err_source, &body, opts.mode.unwrap_or(Mode::Vm), progress)?
        }
        ImportFormat::Csv => native::parse_csv(&err_source, &body, progress)?,
        ImportFormat::Json => native::parse_json(&err_source, &body)?,
    };
    let meta = SnapshotMeta {
        vendor: opts.vendor.clone(),
        create_vendor: opts.new_vendor,
        origin: Origin::File,
        source,
        captured_at: opts.captured_at.clone().unwrap_or_else(|| chrono::Utc::now().to_rfc3339()),
        confidence: opts.confidence.unwrap_or(Confidence::Medium),
        note: opts.note.clone(),
        keep_if_empty: false,
    };
    if let Some(c) = &opts.captured_at {
        chrono::DateTime::parse_from_rfc3339(c).map_err(|e| {
            Error::invalid(
                "--captured-at",
                format!("'{c}' is not an RFC 3339 time ({e}); e.g. 2026-11-30T09:00:00+08:00"),
            )
        })?;
    }
    let capture = RawCapture {
        url: name.to_string(),
        final_url: None,
        status: None,
        headers: Vec::new(),
        content_type: Some(format!("text/{}", format.as_str())),
        fetched_at: chrono::Utc::now().to_rfc3339(),
        body,
        recipe: None,
        sha256: sha,
    };
    commit(store, format.as_str(), &meta, parsed, &[capture], opts.dry_run, progress)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_and_tokens() {
        assert_eq!(memory_in("NVIDIA H100 SXM5 80GB"), Some(80));
        assert_eq!(memory_in("A100-40G"), Some(40));
        assert_eq!(memory_in("a100"), None);
    }

    #[test]
    fn compression_round_trips() {
        let body = "价格 ¥1.96/小时 ".repeat(1000).into_bytes();
        let c = compress(&body).unwrap();
        assert!(c.len() < body.len() / 10);
        assert_eq!(decompress(&c).unwrap(), body);
    }
}
