//! `offers` over a synthetic catalog: 100 vendors × 10 snapshots × 1,000 offers = 1,000,000 offer
//! rows, of which 100,000 are current (the latest approved snapshot per vendor).
//! Run: `./dev bench` (or `cargo bench -p gpuquote --bench offers`).

use criterion::{criterion_group, criterion_main, Criterion};
use gpuquote::catalog;
use gpuquote::model::{Mode, OfferFilter, OfferSort};
use gpuquote::Store;
use rusqlite::params;
use std::hint::black_box;
use std::time::Instant;

const VENDORS: usize = 100;
const SNAPSHOTS: usize = 10;
const OFFERS_PER_SNAPSHOT: usize = 1_000;

fn synthetic(path: &std::path::Path) -> Store {
    let mut store = Store::open(path).expect("open");
    let t = Instant::now();
    store
        .write(|tx| {
            let accs: Vec<i64> = {
                let mut s = tx.prepare("SELECT id FROM accelerators ORDER BY id")?;
                let ids = s.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
                ids
            };
            let mut vend = tx.prepare(
                "INSERT INTO vendors (key, name_zh, name_en, created_at) VALUES (?1, ?2, ?3, 'bench')",
            )?;
            let mut snap = tx.prepare(
                "INSERT INTO snapshots (vendor_id, captured_at, origin, source, confidence, review_state, created_at)
                 VALUES (?1, ?2, 'file', 'synthetic', 'medium', ?3, 'bench')",
            )?;
            let mut off = tx.prepare(
                "INSERT INTO offers (snapshot_id, accelerator_id, gpus, mode, tenancy, interruptible, billing, price, currency, region)
                 VALUES (?1, ?2, ?3, ?4, 'dedicated', ?5, ?6, ?7, ?8, ?9)",
            )?;
            let modes = ["container", "vm", "bare_metal"];
            let billing = ["hour", "day", "month", "year"];
            let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
            let mut rnd = move || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            };
            for v in 0..VENDORS {
                vend.execute(params![format!("bench-{v}"), format!("合成供应商{v}"), format!("Synthetic {v}")])?;
                let vid = tx.last_insert_rowid();
                for s in 0..SNAPSHOTS {
                    // The last snapshot is pending: the current one is the 9th.
                    let state = if s == SNAPSHOTS - 1 { "pending" } else { "approved" };
                    snap.execute(params![vid, format!("2026-{:02}-01T00:00:00Z", s + 1), state])?;
                    let sid = tx.last_insert_rowid();
                    for _ in 0..OFFERS_PER_SNAPSHOT {
                        let r = rnd();
                        let gpus = [1, 2, 4, 8][(r % 4) as usize];
                        let b = billing[((r >> 8) % 4) as usize];
                        let cents = 50 + (r >> 16) % 100_000;
                        off.execute(params![
                            sid,
                            accs[((r >> 40) as usize) % accs.len()],
                            gpus,
                            modes[((r >> 4) % 3) as usize],
                            (r >> 12) % 5 == 0,
                            b,
                            format!("{}.{:02}", cents / 100, cents % 100),
                            if (r >> 20) % 3 == 0 { "USD" } else { "CNY" },
                            format!("region-{}", (r >> 24) % 20),
                        ])?;
                    }
                }
            }
            Ok(())
        })
        .expect("fill");
    eprintln!("synthetic catalog built in {:.1} s", t.elapsed().as_secs_f64());
    store
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = synthetic(&dir.path().join("bench.sqlite3"));
    let all = catalog::list_offers(&store, &OfferFilter::default()).expect("all");
    eprintln!("current offers: {}", all.len());
    let mut g = c.benchmark_group("offers_1m_rows");
    g.sample_size(20);
    let cases: Vec<(&str, OfferFilter)> = vec![
        ("gpu_h100", OfferFilter { gpu: Some("H100".into()), ..Default::default() }),
        (
            "gpu_h100_sorted_per_gpu_hour",
            OfferFilter {
                gpu: Some("H100".into()),
                sort: Some(OfferSort::PerGpuHour),
                ..Default::default()
            },
        ),
        ("vendor", OfferFilter { vendor: Some("合成供应商42".into()), ..Default::default() }),
        (
            "domestic_bare_metal",
            OfferFilter { domestic: true, mode: Some(Mode::BareMetal), ..Default::default() },
        ),
        ("search_region", OfferFilter { search: Some("region-7".into()), ..Default::default() }),
        ("all_current_100k", OfferFilter::default()),
    ];
    for (name, f) in cases {
        let n = catalog::list_offers(&store, &f).expect("query").len();
        eprintln!("{name}: {n} offers");
        g.bench_function(name, |b| {
            b.iter(|| black_box(catalog::list_offers(&store, black_box(&f)).expect("q")))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
