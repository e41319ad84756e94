//! The current catalog: the latest approved snapshot of each vendor, its offers normalised to a
//! price per GPU-hour in the offer's currency and in CNY at the stored dated rate.

use crate::error::Result;
use crate::model::{
    BillingUnit, Confidence, Mode, OfferFilter, OfferSort, OfferView, Origin, PriceBasis,
    ReviewState, Tenancy, VendorView,
};
use crate::money;
use crate::names;
use crate::settings;
use crate::store::Store;
use rust_decimal::Decimal;
use std::collections::HashMap;
use std::str::FromStr;
use std::sync::Arc;

/// Id of the latest approved snapshot of each vendor that has one.
pub fn current_snapshot_ids(store: &Store) -> Result<Vec<i64>> {
    snapshot_ids(store, false)
}

/// Id of each vendor's latest approved snapshot — or, with `include_pending`, its latest
/// approved or pending one (pending prices shown only when asked, and marked).
pub fn snapshot_ids(store: &Store, include_pending: bool) -> Result<Vec<i64>> {
    let states = if include_pending { "('approved', 'pending')" } else { "('approved')" };
    let mut stmt = store.conn().prepare_cached(&format!(
        "SELECT (SELECT s.id FROM snapshots s WHERE s.vendor_id = v.id AND s.review_state IN {states}
                 ORDER BY s.captured_at DESC, s.id DESC LIMIT 1) AS sid
         FROM vendors v"
    ))?;
    let ids = stmt.query_map([], |r| r.get::<_, Option<i64>>(0))?;
    let mut out = Vec::new();
    for id in ids {
        if let Some(id) = id? {
            out.push(id);
        }
    }
    Ok(out)
}

/// Per-GPU-hour price of one offer, exact, in the offer's currency.
pub fn per_gpu_hour(
    price: Decimal,
    basis: PriceBasis,
    gpus: u32,
    billing: BillingUnit,
    hours_per_month: u32,
) -> Decimal {
    let per_gpu = match basis {
        PriceBasis::Gpu => price,
        PriceBasis::Instance => price / Decimal::from(gpus.max(1)),
    };
    per_gpu / billing.hours(hours_per_month)
}

/// A text column borrowed without allocating.
fn word<'r>(r: &'r rusqlite::Row<'_>, i: usize) -> rusqlite::Result<&'r str> {
    r.get_ref(i)?.as_str().map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, Box::new(e))
    })
}

/// Vendor and snapshot facts shared by every offer of one current snapshot.
#[derive(Debug)]
pub(crate) struct SnapshotInfo {
    pub id: i64,
    pub vendor_id: i64,
    pub vendor: Arc<str>,
    pub vendor_en: Arc<str>,
    pub vendor_key: Arc<str>,
    pub vendor_example: bool,
    pub captured_at: Arc<str>,
    pub origin: Origin,
    pub source: Arc<str>,
    pub confidence: Confidence,
    pub review_state: ReviewState,
    pub note: Option<Arc<str>>,
    /// Position in vendor order (examples last, then English name).
    pub rank: u32,
}

/// Accelerator facts an offer needs.
#[derive(Debug)]
pub(crate) struct AccInfo {
    pub id: i64,
    pub name: Arc<str>,
    pub key: Arc<str>,
    pub memory_gb: Option<u32>,
    pub fp16_tflops: Option<Decimal>,
    pub fp16_text: Option<Arc<str>>,
    pub nvlink: bool,
    pub domestic: bool,
    pub lower: String,
    /// Position in name order.
    pub rank: u32,
}

/// One current offer, parsed but not yet formatted (what comparisons work on).
#[derive(Debug, Clone)]
pub(crate) struct Row {
    pub id: i64,
    pub snap: Arc<SnapshotInfo>,
    pub acc: Arc<AccInfo>,
    pub gpus: u32,
    pub mode: Mode,
    pub tenancy: Tenancy,
    pub interruptible: bool,
    pub billing: BillingUnit,
    pub price: Decimal,
    pub price_max: Option<Decimal>,
    pub basis: PriceBasis,
    pub currency: Arc<str>,
    pub from_price: bool,
    pub region: Option<String>,
    pub instance_type: Option<String>,
    pub fees: Option<String>,
    pub note: Option<String>,
}

impl Row {
    /// Price of the whole instance for one billing unit.
    pub fn instance_price(&self) -> Decimal {
        match self.basis {
            PriceBasis::Gpu => self.price * Decimal::from(self.gpus),
            PriceBasis::Instance => self.price,
        }
    }
}

/// Which current offers to read. `None` means no restriction.
#[derive(Default)]
pub(crate) struct Selection {
    pub vendor_ids: Option<Vec<i64>>,
    pub acc_ids: Option<Vec<i64>>,
    pub mode: Option<Mode>,
    pub billing: Option<BillingUnit>,
    pub search: Option<String>,
    pub include_pending: bool,
}

/// What normalisation needs: the convention and the current rates.
pub(crate) struct Pricing {
    pub hours_per_month: u32,
    pub rates: HashMap<String, (Decimal, String)>,
}

impl Pricing {
    pub fn load(store: &Store) -> Result<Self> {
        Ok(Pricing {
            hours_per_month: settings::hours_per_month(store)?,
            rates: settings::current_rates(store)?
                .into_iter()
                .filter_map(|r| Some((r.base, (Decimal::from_str(&r.rate).ok()?, r.as_of))))
                .collect(),
        })
    }

    /// Rate into CNY and its date (`None` date for CNY itself); `None` when no rate is stored.
    pub fn to_cny(&self, currency: &str) -> Option<(Decimal, Option<&str>)> {
        if currency == "CNY" {
            Some((Decimal::ONE, None))
        } else {
            self.rates.get(currency).map(|(r, d)| (*r, Some(d.as_str())))
        }
    }
}

pub(crate) fn accelerators(store: &Store) -> Result<HashMap<i64, Arc<AccInfo>>> {
    let mut list = names::accelerators(store)?;
    list.sort_by(|a, b| a.name.cmp(&b.name).then(a.id.cmp(&b.id)));
    Ok(list
        .into_iter()
        .enumerate()
        .map(|(rank, a)| {
            let info = AccInfo {
                id: a.id,
                lower: a.name.to_lowercase(),
                name: a.name.into(),
                key: a.key.into(),
                memory_gb: a.memory_gb,
                fp16_tflops: a.fp16_tflops.as_deref().and_then(|t| Decimal::from_str(t).ok()),
                fp16_text: a.fp16_tflops.map(Into::into),
                nvlink: a.nvlink,
                domestic: a.domestic,
                rank: rank as u32,
            };
            (a.id, Arc::new(info))
        })
        .collect())
}

fn current_snapshots(
    store: &Store,
    vendor_ids: Option<&[i64]>,
    include_pending: bool,
) -> Result<Vec<Arc<SnapshotInfo>>> {
    let ids = snapshot_ids(store, include_pending)?;
    let mut stmt = store.conn().prepare_cached(
        "SELECT s.id, v.name_zh, v.name_en, v.key, v.example, s.captured_at, s.origin, s.source,
                s.confidence, s.review_state, s.note, v.id
         FROM snapshots s JOIN vendors v ON v.id = s.vendor_id WHERE s.id = ?1",
    )?;
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let (info, vendor_id) = stmt.query_row([id], |r| {
            Ok((
                SnapshotInfo {
                    id: r.get(0)?,
                    vendor: r.get::<_, String>(1)?.into(),
                    vendor_en: r.get::<_, String>(2)?.into(),
                    vendor_key: r.get::<_, String>(3)?.into(),
                    vendor_example: r.get(4)?,
                    captured_at: r.get::<_, String>(5)?.into(),
                    origin: Origin::parse(word(r, 6)?).unwrap_or(Origin::Manual),
                    source: r.get::<_, String>(7)?.into(),
                    confidence: Confidence::parse(word(r, 8)?).unwrap_or(Confidence::Low),
                    review_state: ReviewState::parse(word(r, 9)?).unwrap_or(ReviewState::Pending),
                    note: r.get::<_, Option<String>>(10)?.map(Into::into),
                    rank: 0,
                    vendor_id: r.get(11)?,
                },
                r.get::<_, i64>(11)?,
            ))
        })?;
        if vendor_ids.is_none_or(|v| v.contains(&vendor_id)) {
            out.push(info);
        }
    }
    let mut order: Vec<usize> = (0..out.len()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&out[a], &out[b]);
        (a.vendor_example, &a.vendor_en, a.id).cmp(&(b.vendor_example, &b.vendor_en, b.id))
    });
    for (rank, &i) in order.iter().enumerate() {
        out[i].rank = rank as u32;
    }
    Ok(out.into_iter().map(Arc::new).collect())
}

/// Every current offer, parsed, with the stamp of the database state it was read from.
pub(crate) struct CurrentCatalog {
    stamp: (i64, u64),
    rows: Vec<Row>,
}

/// Reads the current offers a selection allows. With the catalog cache on (desktop app), rows
/// come from the parsed catalog while the database is unchanged; otherwise from SQLite.
pub(crate) fn load_rows(store: &Store, sel: &Selection) -> Result<Vec<Row>> {
    let Some(cache) =
        store.catalog_cache.as_ref().filter(|_| sel.search.is_none() && !sel.include_pending)
    else {
        return read_rows(store, sel);
    };
    let stamp = store.change_stamp()?;
    let fresh = cache.borrow().as_ref().is_some_and(|c| c.stamp == stamp);
    if !fresh {
        let rows = read_rows(store, &Selection::default())?;
        *cache.borrow_mut() = Some(CurrentCatalog { stamp: store.change_stamp()?, rows });
    }
    let guard = cache.borrow();
    let all = guard.as_ref().map(|c| c.rows.as_slice()).unwrap_or(&[]);
    Ok(all
        .iter()
        .filter(|o| sel.vendor_ids.as_ref().is_none_or(|v| v.contains(&o.snap.vendor_id)))
        .filter(|o| sel.acc_ids.as_ref().is_none_or(|a| a.contains(&o.acc.id)))
        .filter(|o| sel.mode.is_none_or(|m| o.mode == m))
        .filter(|o| sel.billing.is_none_or(|b| o.billing == b))
        .cloned()
        .collect())
}

/// Reads the current offers a selection allows, through the `(snapshot_id, accelerator_id)`
/// index; vendor, snapshot and accelerator facts are read once and shared, not joined per row.
fn read_rows(store: &Store, sel: &Selection) -> Result<Vec<Row>> {
    let accs = accelerators(store)?;
    let mut acc_ids: Vec<i64> = match &sel.acc_ids {
        Some(ids) => ids.clone(),
        None => accs.keys().copied().collect(),
    };
    acc_ids.sort_unstable();
    let snapshots = current_snapshots(store, sel.vendor_ids.as_deref(), sel.include_pending)?;
    let search =
        sel.search.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_lowercase);
    // One statement text per filter combination (binding NULL into `:x IS NULL OR …` made SQLite
    // re-prepare the statement on every execution). Search runs in SQL over the offer's own text;
    // a hit on the vendor or accelerator name is bound per query as :hit. LIKE is
    // case-insensitive for ASCII, which is what names use.
    let mut sql = String::from(
        "SELECT id, gpus, mode, tenancy, interruptible, billing, price, price_max, price_basis,
                currency, from_price, region, instance_type, fees, note
         FROM offers WHERE snapshot_id = :snap AND accelerator_id = :acc",
    );
    let pattern =
        search.as_deref().map(|q| format!("%{}%", q.replace('%', "\\%").replace('_', "\\_")));
    let mut fixed: Vec<(&str, &str)> = Vec::new();
    if let Some(m) = sel.mode {
        sql.push_str(" AND mode = :mode");
        fixed.push((":mode", m.as_str()));
    }
    if let Some(b) = sel.billing {
        sql.push_str(" AND billing = :billing");
        fixed.push((":billing", b.as_str()));
    }
    if let Some(p) = &pattern {
        sql.push_str(
            " AND (:hit OR region LIKE :pat ESCAPE '\\' OR instance_type LIKE :pat ESCAPE '\\'
                  OR note LIKE :pat ESCAPE '\\')",
        );
        fixed.push((":pat", p));
    }
    sql.push_str(" ORDER BY id");
    let mut stmt = store.conn().prepare_cached(&sql)?;
    let index = |stmt: &rusqlite::CachedStatement<'_>, name: &str| -> Result<usize> {
        Ok(stmt.parameter_index(name)?.unwrap_or(0))
    };
    for (name, v) in &fixed {
        let i = index(&stmt, name)?;
        stmt.raw_bind_parameter(i, v)?;
    }
    let (i_snap, i_acc) = (index(&stmt, ":snap")?, index(&stmt, ":acc")?);
    let i_hit = if pattern.is_some() { Some(index(&stmt, ":hit")?) } else { None };
    let mut currencies: HashMap<String, Arc<str>> = HashMap::new();
    let mut out = Vec::new();
    for snap in &snapshots {
        let vendor_hit = search.as_ref().is_some_and(|q| {
            snap.vendor.to_lowercase().contains(q.as_str())
                || snap.vendor_en.to_lowercase().contains(q.as_str())
        });
        for acc_id in &acc_ids {
            let Some(acc) = accs.get(acc_id) else { continue };
            stmt.raw_bind_parameter(i_snap, snap.id)?;
            stmt.raw_bind_parameter(i_acc, acc_id)?;
            if let (Some(i), Some(q)) = (i_hit, search.as_deref()) {
                stmt.raw_bind_parameter(i, vendor_hit || acc.lower.contains(q))?;
            }
            let mut rows = stmt.raw_query();
            while let Some(r) = rows.next()? {
                let cur = word(r, 9)?;
                let currency = match currencies.get(cur) {
                    Some(c) => c.clone(),
                    None => {
                        let c: Arc<str> = cur.into();
                        currencies.insert(cur.to_string(), c.clone());
                        c
                    }
                };
                out.push(Row {
                    id: r.get(0)?,
                    snap: snap.clone(),
                    acc: acc.clone(),
                    gpus: r.get(1)?,
                    mode: Mode::parse(word(r, 2)?).unwrap_or(Mode::Container),
                    tenancy: Tenancy::parse(word(r, 3)?).unwrap_or(Tenancy::Shared),
                    interruptible: r.get(4)?,
                    billing: BillingUnit::parse(word(r, 5)?).unwrap_or(BillingUnit::Hour),
                    price: Decimal::from_str(word(r, 6)?).unwrap_or_default(),
                    price_max: r
                        .get_ref(7)?
                        .as_str_or_null()
                        .ok()
                        .flatten()
                        .and_then(|s| Decimal::from_str(s).ok()),
                    basis: PriceBasis::parse(word(r, 8)?).unwrap_or(PriceBasis::Instance),
                    currency,
                    from_price: r.get(10)?,
                    region: r.get(11)?,
                    instance_type: r.get(12)?,
                    fees: r.get(13)?,
                    note: r.get(14)?,
                });
            }
        }
    }
    Ok(out)
}

/// Formats rows as offers, with the conventions of `pricing`.
pub(crate) struct Viewer<'p> {
    pricing: &'p Pricing,
    conventions: HashMap<(PriceBasis, u32, BillingUnit, Arc<str>), String>,
    fx_text: HashMap<&'p str, String>,
}

impl<'p> Viewer<'p> {
    pub fn new(pricing: &'p Pricing) -> Self {
        let fx_text = pricing
            .rates
            .iter()
            .map(|(c, (r, _))| (c.as_str(), money::plain(r.normalize())))
            .collect();
        Viewer { pricing, conventions: HashMap::new(), fx_text }
    }

    /// Per GPU-hour in CNY, exact, if a rate is known.
    pub fn per_gpu_hour_cny(&self, o: &Row) -> Option<Decimal> {
        let pgh = per_gpu_hour(o.price, o.basis, o.gpus, o.billing, self.pricing.hours_per_month);
        self.pricing.to_cny(&o.currency).map(|(r, _)| pgh * r)
    }

    pub fn view(&mut self, o: Row) -> OfferView {
        let hpm = self.pricing.hours_per_month;
        let pgh = per_gpu_hour(o.price, o.basis, o.gpus, o.billing, hpm);
        let fx = self.pricing.to_cny(&o.currency);
        let cny = fx.map(|(r, _)| pgh * r);
        let price_text = money::exact(o.price);
        let instance_price = match o.basis {
            PriceBasis::Gpu => money::exact(o.instance_price()),
            PriceBasis::Instance => price_text.clone(),
        };
        let key = (o.basis, o.gpus, o.billing, o.currency.clone());
        let suffix = self
            .conventions
            .entry(key)
            .or_insert_with(|| convention("", &o.currency, o.basis, o.gpus, o.billing, hpm));
        let mut conv = String::with_capacity(price_text.len() + suffix.len());
        conv.push_str(&price_text);
        conv.push_str(suffix);
        OfferView {
            id: o.id,
            snapshot_id: o.snap.id,
            vendor: o.snap.vendor.clone(),
            vendor_en: o.snap.vendor_en.clone(),
            vendor_key: o.snap.vendor_key.clone(),
            vendor_example: o.snap.vendor_example,
            accelerator: o.acc.name.clone(),
            accelerator_key: o.acc.key.clone(),
            memory_gb: o.acc.memory_gb,
            fp16_tflops: o.acc.fp16_text.clone(),
            domestic: o.acc.domestic,
            gpus: o.gpus,
            mode: o.mode,
            tenancy: o.tenancy,
            interruptible: o.interruptible,
            billing: o.billing,
            price: price_text,
            price_max: o.price_max.map(money::exact),
            price_basis: o.basis,
            currency: o.currency.to_string(),
            from_price: o.from_price,
            region: o.region,
            instance_type: o.instance_type,
            fees: o.fees,
            note: o.note,
            instance_price,
            per_gpu_hour: money::two_dp(pgh),
            per_gpu_hour_cny: cny.map(money::two_dp),
            per_gpu_hour_cny_exact: cny.map(|d| money::plain(d.round_dp(8).normalize())),
            fx_rate: if &*o.currency == "CNY" {
                Some("1".into())
            } else {
                self.fx_text.get(&*o.currency).cloned()
            },
            fx_as_of: fx.and_then(|(_, d)| d.map(str::to_string)),
            hours_per_month: hpm,
            convention: conv,
            captured_at: o.snap.captured_at.clone(),
            origin: o.snap.origin,
            source: o.snap.source.clone(),
            confidence: o.snap.confidence,
            review_state: o.snap.review_state,
            snapshot_note: o.snap.note.clone(),
        }
    }
}

/// Current offers matching `filter`, normalised and sorted.
pub fn list_offers(store: &Store, filter: &OfferFilter) -> Result<Vec<OfferView>> {
    let pricing = Pricing::load(store)?;
    let mut sel = Selection {
        mode: filter.mode,
        billing: filter.billing,
        search: filter.search.clone(),
        include_pending: filter.include_pending.unwrap_or(false),
        ..Default::default()
    };
    if let Some(v) = filter.vendor.as_deref().filter(|s| !s.trim().is_empty()) {
        sel.vendor_ids = Some(names::resolve_vendor(store, v)?);
    }
    if let Some(g) = filter.gpu.as_deref().filter(|s| !s.trim().is_empty()) {
        sel.acc_ids = Some(names::resolve_gpu(store, g)?);
    }
    if filter.domestic {
        let accs = accelerators(store)?;
        let allowed: Vec<i64> = match sel.acc_ids.take() {
            Some(ids) => ids,
            None => accs.keys().copied().collect(),
        };
        sel.acc_ids = Some(
            allowed.into_iter().filter(|id| accs.get(id).is_some_and(|a| a.domestic)).collect(),
        );
    }
    let rows = load_rows(store, &sel)?;
    let mut viewer = Viewer::new(&pricing);
    let keys: Vec<SortKey> = rows
        .iter()
        .map(|o| SortKey {
            vendor: o.snap.rank,
            accelerator: o.acc.rank,
            gpus: o.gpus,
            id: o.id,
            cny: viewer.per_gpu_hour_cny(o).unwrap_or(Decimal::MAX),
        })
        .collect();
    let mut out: Vec<OfferView> = rows.into_iter().map(|o| viewer.view(o)).collect();
    sort_offers(&mut out, &keys, filter.sort.unwrap_or(OfferSort::Vendor));
    Ok(out)
}

/// Precomputed sort keys of one offer (integers and one decimal, no strings).
struct SortKey {
    vendor: u32,
    accelerator: u32,
    gpus: u32,
    id: i64,
    cny: Decimal,
}

fn convention(
    price: &str,
    currency: &str,
    basis: PriceBasis,
    gpus: u32,
    billing: BillingUnit,
    hpm: u32,
) -> String {
    let unit = match basis {
        PriceBasis::Gpu => format!("{currency} per GPU-{}", billing.as_str()),
        PriceBasis::Instance => format!("{currency} per {gpus}-GPU instance-{}", billing.as_str()),
    };
    let mut s = format!("{price} {unit}");
    if basis == PriceBasis::Instance && gpus > 1 {
        s.push_str(&format!(" ÷ {gpus} GPUs"));
    }
    match billing {
        BillingUnit::Hour => {}
        BillingUnit::Day => s.push_str(" ÷ 24 h/day"),
        BillingUnit::Month => s.push_str(&format!(" ÷ {hpm} h/month")),
        BillingUnit::Year => s.push_str(&format!(" ÷ {} h/year (12 × {hpm} h/month)", hpm * 12)),
    }
    s
}

fn sort_offers(out: &mut Vec<OfferView>, keys: &[SortKey], sort: OfferSort) {
    // Offers are large: sort a permutation of precomputed keys, then move each offer once.
    let mut idx: Vec<usize> = (0..out.len()).collect();
    match sort {
        OfferSort::PerGpuHour => idx.sort_by(|&a, &b| {
            let (a, b) = (&keys[a], &keys[b]);
            (a.cny, a.vendor, a.id).cmp(&(b.cny, b.vendor, b.id))
        }),
        OfferSort::Vendor => idx.sort_by_key(|&i| {
            let k = &keys[i];
            (k.vendor, k.accelerator, k.gpus, k.id)
        }),
        OfferSort::Accelerator => idx.sort_by(|&a, &b| {
            let (a, b) = (&keys[a], &keys[b]);
            (a.accelerator, a.cny, a.id).cmp(&(b.accelerator, b.cny, b.id))
        }),
        OfferSort::CapturedAt => idx.sort_by(|&a, &b| {
            out[b].captured_at.cmp(&out[a].captured_at).then(keys[a].id.cmp(&keys[b].id))
        }),
    }
    let mut slots: Vec<Option<OfferView>> = std::mem::take(out).into_iter().map(Some).collect();
    out.extend(idx.into_iter().filter_map(|i| slots[i].take()));
}

/// Every vendor with its current snapshot at a glance.
pub fn list_vendors(store: &Store) -> Result<Vec<VendorView>> {
    let mut stmt = store.conn().prepare(
        "SELECT v.id, v.key, v.name_zh, v.name_en, v.website, v.region, v.example, v.note,
                cur.id, cur.captured_at, cur.confidence, cur.source,
                (SELECT count(*) FROM offers o WHERE o.snapshot_id = cur.id),
                (SELECT count(*) FROM snapshots s WHERE s.vendor_id = v.id)
         FROM vendors v
         LEFT JOIN snapshots cur ON cur.id = (SELECT s.id FROM snapshots s WHERE s.vendor_id = v.id
              AND s.review_state = 'approved' ORDER BY s.captured_at DESC, s.id DESC LIMIT 1)
         ORDER BY v.example, v.name_en",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok(VendorView {
            id: r.get(0)?,
            key: r.get(1)?,
            name_zh: r.get(2)?,
            name_en: r.get(3)?,
            website: r.get(4)?,
            region: r.get(5)?,
            example: r.get(6)?,
            note: r.get(7)?,
            current_snapshot_id: r.get(8)?,
            captured_at: r.get(9)?,
            confidence: r.get::<_, Option<String>>(10)?.and_then(|c| Confidence::parse(&c)),
            source: r.get(11)?,
            current_offers: r.get(12)?,
            snapshots: r.get(13)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offers(store: &Store, f: OfferFilter) -> Vec<OfferView> {
        list_offers(store, &f).expect("offers")
    }

    #[test]
    fn h100_bare_metal_month_is_14_67_per_gpu_hour_at_720() {
        let store = Store::open_in_memory().expect("open");
        let list = offers(
            &store,
            OfferFilter {
                gpu: Some("H100".into()),
                vendor: Some("极智算".into()),
                ..Default::default()
            },
        );
        let o = list.iter().find(|o| o.mode == Mode::BareMetal).expect("jygpu h100");
        assert_eq!((o.price.as_str(), o.currency.as_str(), o.gpus), ("84480.00", "CNY", 8));
        assert_eq!(o.per_gpu_hour, "14.67");
        assert_eq!(o.per_gpu_hour_cny.as_deref(), Some("14.67"));
        assert!(o.convention.contains("÷ 8 GPUs ÷ 720 h/month"), "{}", o.convention);
    }

    #[test]
    fn hours_per_month_setting_changes_the_normalisation() {
        let mut store = Store::open_in_memory().expect("open");
        settings::set_hours_per_month(&mut store, 730).expect("set");
        let list = offers(
            &store,
            OfferFilter {
                gpu: Some("H100".into()),
                vendor: Some("jygpu".into()),
                ..Default::default()
            },
        );
        // 84480 / 8 / 730 = 14.4657…
        assert_eq!(list[0].per_gpu_hour, "14.47");
    }

    #[test]
    fn usd_per_gpu_price_converts_at_the_stored_rate() {
        let store = Store::open_in_memory().expect("open");
        let list =
            offers(&store, OfferFilter { vendor: Some("Lambda".into()), ..Default::default() });
        let o = list
            .iter()
            .find(|o| o.gpus == 8 && &*o.accelerator_key == "h100-sxm-80gb")
            .expect("lambda 8x");
        assert_eq!((o.per_gpu_hour.as_str(), o.instance_price.as_str()), ("3.99", "31.92"));
        // 3.99 × 7.10 = 28.329
        assert_eq!(o.per_gpu_hour_cny.as_deref(), Some("28.33"));
        assert_eq!(o.fx_as_of.as_deref(), Some("2026-11-09"));
    }

    #[test]
    fn filters_and_sort() {
        let store = Store::open_in_memory().expect("open");
        let dom = offers(&store, OfferFilter { domestic: true, ..Default::default() });
        assert!(!dom.is_empty() && dom.iter().all(|o| o.domestic));
        let bm = offers(&store, OfferFilter { mode: Some(Mode::BareMetal), ..Default::default() });
        assert!(!bm.is_empty() && bm.iter().all(|o| o.mode == Mode::BareMetal));
        let sorted =
            offers(&store, OfferFilter { sort: Some(OfferSort::PerGpuHour), ..Default::default() });
        let keys: Vec<Decimal> = sorted
            .iter()
            .filter_map(|o| {
                o.per_gpu_hour_cny_exact.as_deref().and_then(|s| Decimal::from_str(s).ok())
            })
            .collect();
        assert!(keys.windows(2).all(|w| w[0] <= w[1]));
        let found =
            offers(&store, OfferFilter { search: Some("四川".into()), ..Default::default() });
        assert_eq!(found.len(), 1);
    }

    #[test]
    fn the_catalog_cache_sees_every_change() {
        let mut store = Store::open_in_memory().expect("open");
        store.enable_catalog_cache();
        let f = OfferFilter { gpu: Some("H100".into()), ..Default::default() };
        let before = offers(&store, f.clone());
        assert_eq!(offers(&store, f.clone()).len(), before.len());
        store
            .conn()
            .execute(
                "UPDATE snapshots SET review_state = 'rejected' WHERE seed_key = 'jygpu-2026-07'",
                [],
            )
            .expect("reject");
        let after = offers(&store, f.clone());
        assert_eq!(after.len(), before.len() - 1);
        assert!(after.iter().all(|o| &*o.vendor_key != "jygpu"));
        // Same answers as without the cache.
        let mut plain = Store::open_in_memory().expect("open");
        plain
            .conn()
            .execute(
                "UPDATE snapshots SET review_state = 'rejected' WHERE seed_key = 'jygpu-2026-07'",
                [],
            )
            .expect("reject");
        let ids = |v: &[OfferView]| v.iter().map(|o| o.id).collect::<Vec<_>>();
        assert_eq!(ids(&after), ids(&offers(&plain, f)));
        let _ = &mut plain;
    }

    #[test]
    fn only_the_latest_approved_snapshot_counts() {
        let mut store = Store::open_in_memory().expect("open");
        let before =
            offers(&store, OfferFilter { vendor: Some("jygpu".into()), ..Default::default() })
                .len();
        // A newer pending capture with one offer does not replace the approved list…
        store
            .write(|tx| {
                tx.execute(
                    "INSERT INTO snapshots (vendor_id, captured_at, origin, source, confidence, created_at)
                     SELECT id, '2026-12-01T00:00:00Z', 'manual', 'test', 'high', 'now' FROM vendors WHERE key = 'jygpu'",
                    [],
                )?;
                let sid = tx.last_insert_rowid();
                tx.execute(
                    "INSERT INTO offers (snapshot_id, accelerator_id, gpus, mode, tenancy, billing, price, currency)
                     SELECT ?1, id, 1, 'container', 'dedicated', 'hour', '2.10', 'CNY' FROM accelerators WHERE key = 'rtx-4090-24gb'",
                    [sid],
                )?;
                Ok(())
            })
            .expect("insert");
        assert_eq!(
            offers(&store, OfferFilter { vendor: Some("jygpu".into()), ..Default::default() })
                .len(),
            before
        );
        // …until it is approved.
        store
            .conn()
            .execute("UPDATE snapshots SET review_state = 'approved' WHERE source = 'test'", [])
            .expect("approve");
        let now =
            offers(&store, OfferFilter { vendor: Some("jygpu".into()), ..Default::default() });
        assert_eq!(now.len(), 1);
        assert_eq!(now[0].price, "2.10");
    }
}
