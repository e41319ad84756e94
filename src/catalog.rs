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
use rusqlite::types::Value;
use rust_decimal::Decimal;
use std::collections::HashMap;
use std::str::FromStr;

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

/// Current offers matching `filter`, normalised and sorted.
pub fn list_offers(store: &Store, filter: &OfferFilter) -> Result<Vec<OfferView>> {
    let hpm = settings::hours_per_month(store)?;
    let rates: HashMap<String, (Decimal, String)> = settings::current_rates(store)?
        .into_iter()
        .filter_map(|r| Some((r.base, (Decimal::from_str(&r.rate).ok()?, r.as_of))))
        .collect();

    let mut sql = String::from(
        "SELECT o.id, o.snapshot_id, v.name_zh, v.name_en, v.key, v.example, a.name, a.key,
                a.memory_gb, a.fp16_tflops, a.domestic, o.gpus, o.mode, o.tenancy, o.interruptible,
                o.billing, o.price, o.price_max, o.price_basis, o.currency, o.from_price, o.region,
                o.instance_type, o.fees, o.note, s.captured_at, s.origin, s.source, s.confidence,
                s.review_state, s.note
         FROM offers o
         JOIN snapshots s ON s.id = o.snapshot_id
         JOIN vendors v ON v.id = s.vendor_id
         JOIN accelerators a ON a.id = o.accelerator_id
         WHERE o.snapshot_id IN (SELECT value FROM json_each(?1))",
    );
    let snaps = current_snapshot_ids(store)?;
    let mut args: Vec<Value> = vec![Value::Text(serde_json::to_string(&snaps).unwrap_or_default())];
    if let Some(g) = filter.gpu.as_deref().filter(|s| !s.trim().is_empty()) {
        let ids = names::resolve_gpu(store, g)?;
        args.push(Value::Text(serde_json::to_string(&ids).unwrap_or_default()));
        sql.push_str(&format!(
            " AND o.accelerator_id IN (SELECT value FROM json_each(?{}))",
            args.len()
        ));
    }
    if let Some(v) = filter.vendor.as_deref().filter(|s| !s.trim().is_empty()) {
        let ids = names::resolve_vendor(store, v)?;
        args.push(Value::Text(serde_json::to_string(&ids).unwrap_or_default()));
        sql.push_str(&format!(" AND v.id IN (SELECT value FROM json_each(?{}))", args.len()));
    }
    if let Some(m) = filter.mode {
        args.push(Value::Text(m.as_str().into()));
        sql.push_str(&format!(" AND o.mode = ?{}", args.len()));
    }
    if let Some(b) = filter.billing {
        args.push(Value::Text(b.as_str().into()));
        sql.push_str(&format!(" AND o.billing = ?{}", args.len()));
    }
    if filter.domestic {
        sql.push_str(" AND a.domestic = 1");
    }
    if let Some(q) = filter.search.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        args.push(Value::Text(format!("%{}%", q.replace('%', "\\%").replace('_', "\\_"))));
        let i = args.len();
        sql.push_str(&format!(
            " AND (v.name_zh LIKE ?{i} ESCAPE '\\' OR v.name_en LIKE ?{i} ESCAPE '\\'
                  OR a.name LIKE ?{i} ESCAPE '\\' OR a.family LIKE ?{i} ESCAPE '\\'
                  OR o.region LIKE ?{i} ESCAPE '\\' OR o.note LIKE ?{i} ESCAPE '\\'
                  OR o.instance_type LIKE ?{i} ESCAPE '\\')"
        ));
    }

    let mut stmt = store.conn().prepare_cached(&sql)?;
    let mut rows = stmt.query(rusqlite::params_from_iter(args))?;
    let mut out = Vec::new();
    while let Some(r) = rows.next()? {
        let price_s: String = r.get(16)?;
        let price = Decimal::from_str(&price_s).unwrap_or_default();
        let gpus: u32 = r.get(11)?;
        let billing = BillingUnit::parse(&r.get::<_, String>(15)?).unwrap_or(BillingUnit::Hour);
        let basis = PriceBasis::parse(&r.get::<_, String>(18)?).unwrap_or(PriceBasis::Instance);
        let currency: String = r.get(19)?;
        let pgh = per_gpu_hour(price, basis, gpus, billing, hpm);
        let instance_price = match basis {
            PriceBasis::Gpu => price * Decimal::from(gpus),
            PriceBasis::Instance => price,
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
        let convention = convention(&price_s, &currency, basis, gpus, billing, hpm);
        out.push(OfferView {
            id: r.get(0)?,
            snapshot_id: r.get(1)?,
            vendor: r.get(2)?,
            vendor_en: r.get(3)?,
            vendor_key: r.get(4)?,
            vendor_example: r.get(5)?,
            accelerator: r.get(6)?,
            accelerator_key: r.get(7)?,
            memory_gb: r.get(8)?,
            fp16_tflops: r.get(9)?,
            domestic: r.get(10)?,
            gpus,
            mode: Mode::parse(&r.get::<_, String>(12)?).unwrap_or(Mode::Container),
            tenancy: Tenancy::parse(&r.get::<_, String>(13)?).unwrap_or(Tenancy::Shared),
            interruptible: r.get(14)?,
            billing,
            price: money::exact(price),
            price_max: r
                .get::<_, Option<String>>(17)?
                .and_then(|s| Decimal::from_str(&s).ok())
                .map(money::exact),
            price_basis: basis,
            currency,
            from_price: r.get(20)?,
            region: r.get(21)?,
            instance_type: r.get(22)?,
            fees: r.get(23)?,
            note: r.get(24)?,
            instance_price: money::exact(instance_price),
            per_gpu_hour: money::two_dp(pgh),
            per_gpu_hour_cny: cny.map(money::two_dp),
            per_gpu_hour_cny_exact: cny.map(|d| d.round_dp(8).normalize().to_string()),
            fx_rate: fx_rate.map(|d| d.normalize().to_string()),
            fx_as_of,
            hours_per_month: hpm,
            convention,
            captured_at: r.get(25)?,
            origin: Origin::parse(&r.get::<_, String>(26)?).unwrap_or(Origin::Manual),
            source: r.get(27)?,
            confidence: Confidence::parse(&r.get::<_, String>(28)?).unwrap_or(Confidence::Low),
            review_state: ReviewState::parse(&r.get::<_, String>(29)?)
                .unwrap_or(ReviewState::Pending),
            snapshot_note: r.get(30)?,
        });
    }
    sort_offers(&mut out, filter.sort.unwrap_or(OfferSort::Vendor));
    Ok(out)
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

fn sort_offers(out: &mut [OfferView], sort: OfferSort) {
    let cny = |o: &OfferView| {
        o.per_gpu_hour_cny_exact
            .as_deref()
            .and_then(|s| Decimal::from_str(s).ok())
            .unwrap_or(Decimal::MAX)
    };
    match sort {
        OfferSort::PerGpuHour => out.sort_by_cached_key(|o| (cny(o), o.vendor.clone(), o.id)),
        OfferSort::Vendor => out.sort_by(|a, b| {
            (a.vendor_example, &a.vendor_en, &a.accelerator, a.gpus, a.id).cmp(&(
                b.vendor_example,
                &b.vendor_en,
                &b.accelerator,
                b.gpus,
                b.id,
            ))
        }),
        OfferSort::Accelerator => out.sort_by_cached_key(|o| (o.accelerator.clone(), cny(o), o.id)),
        OfferSort::CapturedAt => {
            out.sort_by(|a, b| b.captured_at.cmp(&a.captured_at).then(a.id.cmp(&b.id)))
        }
    }
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
            .find(|o| o.gpus == 8 && o.accelerator_key == "h100-sxm-80gb")
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
