//! `offers` over a synthetic catalog: 100 vendors × 10 snapshots × 1,000 offers = 1,000,000 offer
//! rows, of which 100,000 are current (the latest approved snapshot per vendor).
//! Run: `./dev bench` (or `cargo bench -p gpuquote --bench offers`).

use criterion::{criterion_group, criterion_main, Criterion};
use gpuquote::catalog;
use gpuquote::compare::{self, Requirement};
use gpuquote::model::{Mode, OfferFilter, OfferSort};
use gpuquote::Store;
use std::hint::black_box;
use std::time::Instant;

const VENDORS: usize = 100;
const SNAPSHOTS: usize = 10;
const OFFERS_PER_SNAPSHOT: usize = 1_000;

fn synthetic(path: &std::path::Path) -> Store {
    let mut store = Store::open(path).expect("open");
    let t = Instant::now();
    gpuquote::synthetic::fill(&mut store, VENDORS, SNAPSHOTS, OFFERS_PER_SNAPSHOT).expect("fill");
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

    let reqs: Vec<(&str, Requirement)> = vec![
        (
            "h100_x8_3mo",
            Requirement {
                gpu: Some("H100".into()),
                count: Some(8),
                duration: Some("3mo".into()),
                ..Default::default()
            },
        ),
        (
            "scenario_b_256",
            Requirement { scenario: Some("B".into()), count: Some(256), ..Default::default() },
        ),
        (
            "min_memory_90_x1_5d_continuous",
            Requirement {
                min_memory_gb: Some(90),
                count: Some(1),
                duration: Some("5d".into()),
                continuous: true,
                ..Default::default()
            },
        ),
    ];
    // As the CLI runs it (a fresh process reads from SQLite), then as the desktop app does
    // (the parsed catalog is kept while the database is unchanged).
    let mut store = store;
    for group in ["recommend_1m_rows", "recommend_1m_rows_app_cache"] {
        if group.ends_with("cache") {
            store.enable_catalog_cache();
        }
        let mut g = c.benchmark_group(group);
        g.sample_size(20);
        for (name, r) in &reqs {
            let out = compare::recommend(&store, r).expect("recommend");
            eprintln!(
                "{name}: {} of {} candidates, {} excluded",
                out.candidates.len(),
                out.candidates_total,
                out.excluded.len()
            );
            g.bench_function(*name, |b| {
                b.iter(|| black_box(compare::recommend(&store, black_box(r)).expect("r")))
            });
        }
        g.finish();
    }
    let gpu = OfferFilter { gpu: Some("H100".into()), ..Default::default() };
    let mut g = c.benchmark_group("offers_1m_rows_app_cache");
    g.sample_size(20);
    g.bench_function("gpu_h100", |b| {
        b.iter(|| black_box(catalog::list_offers(&store, black_box(&gpu)).expect("q")))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
