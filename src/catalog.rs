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
    let mut stmt = store.conn().prepare(
        "SELECT (SELECT s.id FROM snapshots s WHERE s.vendor_id = v.id AND s.review_state = 'approved'
                 ORDER BY s.captured_at DESC, s.id DESC LIMIT 1) AS sid
         FROM vendors v",
    )?;
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
struct SnapshotInfo {
    id: i64,
    vendor: Arc<str>,
    vendor_en: Arc<str>,
    vendor_key: Arc<str>,
    vendor_example: bool,
    captured_at: Arc<str>,
    origin: Origin,
    source: Arc<str>,
    confidence: Confidence,
    review_state: ReviewState,
    note: Option<Arc<str>>,
}

struct AccInfo {
    name: Arc<str>,
    key: Arc<str>,
    memory_gb: Option<u32>,
    fp16_tflops: Option<Arc<str>>,
    domestic: bool,
    lower: String,
}

fn current_snapshots(store: &Store, vendor_ids: Option<&[i64]>) -> Result<Vec<SnapshotInfo>> {
    let ids = current_snapshot_ids(store)?;
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
                    origin: Origin::parse(&r.get::<_, String>(6)?).unwrap_or(Origin::Manual),
                    source: r.get::<_, String>(7)?.into(),
                    confidence: Confidence::parse(&r.get::<_, String>(8)?)
                        .unwrap_or(Confidence::Low),
                    review_state: ReviewState::parse(&r.get::<_, String>(9)?)
                        .unwrap_or(ReviewState::Pending),
                    note: r.get::<_, Option<String>>(10)?.map(Into::into),
                },
                r.get::<_, i64>(11)?,
            ))
        })?;
        if vendor_ids.is_none_or(|v| v.contains(&vendor_id)) {
            out.push(info);
        }
    }
    Ok(out)
}

/// Current offers matching `filter`, normalised and sorted.
///
/// Reads each current snapshot's offers through the `(snapshot_id, accelerator_id)` index;
/// vendor, snapshot and accelerator facts are read once, not joined per row.
pub fn list_offers(store: &Store, filter: &OfferFilter) -> Result<Vec<OfferView>> {
    let hpm = settings::hours_per_month(store)?;
    let rates: HashMap<String, (Decimal, String)> = settings::current_rates(store)?
        .into_iter()
        .filter_map(|r| Some((r.base, (Decimal::from_str(&r.rate).ok()?, r.as_of))))
        .collect();
    let accs: HashMap<i64, AccInfo> = names::accelerators(store)?
        .into_iter()
        .map(|a| {
            let info = AccInfo {
                lower: a.name.to_lowercase(),
                name: a.name.into(),
                key: a.key.into(),
                memory_gb: a.memory_gb,
                fp16_tflops: a.fp16_tflops.map(Into::into),
                domestic: a.domestic,
            };
            (a.id, info)
        })
        .collect();
    let vendor_ids = match filter.vendor.as_deref().filter(|s| !s.trim().is_empty()) {
        Some(v) => Some(names::resolve_vendor(store, v)?),
        None => None,
    };
    // Accelerators to read: all, or those the GPU name and the domestic flag allow.
    let mut acc_ids: Vec<i64> = match filter.gpu.as_deref().filter(|s| !s.trim().is_empty()) {
        Some(g) => names::resolve_gpu(store, g)?,
        None => accs.keys().copied().collect(),
    };
    if filter.domestic {
        acc_ids.retain(|id| accs.get(id).is_some_and(|a| a.domestic));
    }
    acc_ids.sort_unstable();
    let snapshots = current_snapshots(store, vendor_ids.as_deref())?;
    let search =
        filter.search.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_lowercase);

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
    if let Some(m) = filter.mode {
        sql.push_str(" AND mode = :mode");
        fixed.push((":mode", m.as_str()));
    }
    if let Some(b) = filter.billing {
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
    let fx_text: HashMap<&str, String> =
        rates.iter().map(|(c, (r, _))| (c.as_str(), r.normalize().to_string())).collect();
    // Sort ranks: vendors and accelerators are ordered once, rows then compare integers.
    let mut snap_order: Vec<usize> = (0..snapshots.len()).collect();
    snap_order.sort_by(|&a, &b| {
        let (a, b) = (&snapshots[a], &snapshots[b]);
        (a.vendor_example, &a.vendor_en, a.id).cmp(&(b.vendor_example, &b.vendor_en, b.id))
    });
    let mut vendor_rank = vec![0u32; snapshots.len()];
    for (rank, &i) in snap_order.iter().enumerate() {
        vendor_rank[i] = rank as u32;
    }
    let mut acc_order: Vec<i64> = accs.keys().copied().collect();
    acc_order.sort_by(|a, b| accs[a].name.cmp(&accs[b].name).then(a.cmp(b)));
    let acc_rank: HashMap<i64, u32> =
        acc_order.iter().enumerate().map(|(r, id)| (*id, r as u32)).collect();
    let mut keys: Vec<SortKey> = Vec::new();
    let mut conventions: HashMap<(PriceBasis, u32, BillingUnit, String), String> = HashMap::new();
    let mut out = Vec::new();
    for (snap_i, snap) in snapshots.iter().enumerate() {
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
                let region: Option<String> = r.get(11)?;
                let instance_type: Option<String> = r.get(12)?;
                let note: Option<String> = r.get(14)?;
                let price_s: String = r.get(6)?;
                let price = Decimal::from_str(&price_s).unwrap_or_default();
                let gpus: u32 = r.get(1)?;
                let billing = BillingUnit::parse(word(r, 5)?).unwrap_or(BillingUnit::Hour);
                let basis = PriceBasis::parse(word(r, 8)?).unwrap_or(PriceBasis::Instance);
                let currency: String = r.get(9)?;
                let pgh = per_gpu_hour(price, basis, gpus, billing, hpm);
                let price_text = money::exact(price);
                let instance_price = match basis {
                    PriceBasis::Gpu => money::exact(price * Decimal::from(gpus)),
                    PriceBasis::Instance => price_text.clone(),
                };
                let (fx_rate, fx_as_of) = if currency == "CNY" {
                    (Some(Decimal::ONE), None)
                } else {
                    match rates.get(&currency) {
                        Some((r, d)) => (Some(*r), Some(d.clone())),
                        None => (None, None),
                    }
                };
                let cny = fx_rate.map(|r| pgh * r);
                let id: i64 = r.get(0)?;
                keys.push(SortKey {
                    vendor: vendor_rank[snap_i],
                    accelerator: acc_rank.get(acc_id).copied().unwrap_or(u32::MAX),
                    gpus,
                    id,
                    cny: cny.unwrap_or(Decimal::MAX),
                    captured: snap_i as u32,
                });
                out.push(OfferView {
                    id,
                    snapshot_id: snap.id,
                    vendor: snap.vendor.clone(),
                    vendor_en: snap.vendor_en.clone(),
                    vendor_key: snap.vendor_key.clone(),
                    vendor_example: snap.vendor_example,
                    accelerator: acc.name.clone(),
                    accelerator_key: acc.key.clone(),
                    memory_gb: acc.memory_gb,
                    fp16_tflops: acc.fp16_tflops.clone(),
                    domestic: acc.domestic,
                    gpus,
                    mode: Mode::parse(word(r, 2)?).unwrap_or(Mode::Container),
                    tenancy: Tenancy::parse(word(r, 3)?).unwrap_or(Tenancy::Shared),
                    interruptible: r.get(4)?,
                    billing,
                    price: price_text,
                    price_max: r
                        .get::<_, Option<String>>(7)?
                        .and_then(|s| Decimal::from_str(&s).ok())
                        .map(money::exact),
                    price_basis: basis,
                    from_price: r.get(10)?,
                    region,
                    instance_type,
                    fees: r.get(13)?,
                    note,
                    instance_price,
                    per_gpu_hour: money::two_dp(pgh),
                    per_gpu_hour_cny: cny.map(money::two_dp),
                    per_gpu_hour_cny_exact: cny.map(|d| money::plain(d.round_dp(8).normalize())),
                    fx_rate: if currency == "CNY" {
                        Some("1".into())
                    } else {
                        fx_text.get(currency.as_str()).cloned()
                    },
                    fx_as_of,
                    hours_per_month: hpm,
                    convention: {
                        let key = (basis, gpus, billing, currency.clone());
                        let suffix = conventions.entry(key).or_insert_with(|| {
                            convention("", &currency, basis, gpus, billing, hpm)
                        });
                        let mut c = String::with_capacity(price_s.len() + suffix.len());
                        c.push_str(&price_s);
                        c.push_str(suffix);
                        c
                    },
                    currency,
                    captured_at: snap.captured_at.clone(),
                    origin: snap.origin,
                    source: snap.source.clone(),
                    confidence: snap.confidence,
                    review_state: snap.review_state,
                    snapshot_note: snap.note.clone(),
                });
            }
        }
    }
    let captured: Vec<&str> = snapshots.iter().map(|s| &*s.captured_at).collect();
    sort_offers(&mut out, &keys, &captured, filter.sort.unwrap_or(OfferSort::Vendor));
    Ok(out)
}

/// Precomputed sort keys of one offer (integers and one decimal, no strings).
struct SortKey {
    vendor: u32,
    accelerator: u32,
    gpus: u32,
    id: i64,
    cny: Decimal,
    captured: u32,
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

fn sort_offers(out: &mut Vec<OfferView>, keys: &[SortKey], captured: &[&str], sort: OfferSort) {
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
            let (ka, kb) = (&keys[a], &keys[b]);
            captured[kb.captured as usize]
                .cmp(captured[ka.captured as usize])
                .then(ka.id.cmp(&kb.id))
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
