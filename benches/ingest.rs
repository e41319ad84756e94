//! Ingest speed: importing a 100,000-row file (our CSV, and a SkyPilot catalog) into a real
//! SQLite file in one transaction, and reading a 1 MB pricing page with a recipe.
//! Run: `cargo bench -p gpuquote --bench ingest`.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use gpuquote::ingest::scrape::{self, Recipe};
use gpuquote::ingest::{self, ImportFormat, ImportOptions};
use gpuquote::price;
use gpuquote::Store;
use std::hint::black_box;
use std::time::Duration;

const ROWS: u32 = 100_000;

fn our_csv() -> Vec<u8> {
    let gpus = ["H100", "RTX 4090", "A100 80GB", "昇腾910B", "L40S", "H200 SXM"];
    let mut s = String::from(
        "vendor,accelerator,gpus,mode,billing,price,currency,region,instance_type,note\n",
    );
    for i in 0..ROWS {
        let g = gpus[(i % gpus.len() as u32) as usize];
        s.push_str(&format!(
            "jygpu,{g},{},{},{},{}.{:02},CNY,region-{},type-{i},row {i}\n",
            [1, 2, 4, 8][(i % 4) as usize],
            ["container", "vm", "bare_metal"][(i % 3) as usize],
            ["hour", "month"][(i % 2) as usize],
            1 + i % 90_000,
            i % 100,
            i % 37
        ));
    }
    s.into_bytes()
}

fn skypilot_csv() -> Vec<u8> {
    let mut s = String::from("InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n");
    for i in 0..ROWS {
        let n = [1, 2, 4, 8][(i % 4) as usize];
        s.push_str(&format!(
            "gpu_{n}x_h100_sxm5_{i},H100,{n}.0,{},{},{}.{:02},region-{},\"{{'Gpus': [{{'Name': 'H100', 'Manufacturer': 'NVIDIA', 'Count': {n}.0, 'MemoryInfo': {{'SizeInMiB': 81920}}}}], 'TotalGpuMemoryInMiB': {}}}\",{}\n",
            n * 26,
            n * 225,
            3 * n + i % 7,
            i % 100,
            i % 53,
            81920 * n,
            if i % 3 == 0 { format!("{}.5", n) } else { String::new() }
        ));
    }
    s.into_bytes()
}

fn page_1mb() -> (Recipe, Vec<u8>) {
    let mut html = String::from("<html><head><meta charset=utf-8><title>价格</title></head><body><table class=\"price\"><tbody>\n");
    let rows = [
        ("NVIDIA H100 SXM5 80GB", "8卡", "裸金属", "84,480元/月"),
        ("RTX 4090", "1卡", "容器", "¥1.96/小时"),
        ("昇腾910B", "8卡", "裸金属", "￥15,600起/月"),
        ("H20 96GB", "8卡", "裸金属", "面议"),
    ];
    let mut i = 0;
    while html.len() < 1_000_000 {
        let (g, n, m, p) = rows[i % rows.len()];
        html.push_str(&format!(
            "<tr class=\"r{i}\"><td>{g}</td><td>{n}</td><td>{m}</td><td>{p}</td><td><a href=\"/buy?id={i}\">立即购买</a> <span class=\"note\">库存充足 · 区域 {}</span></td></tr>\n",
            i % 9
        ));
        i += 1;
    }
    html.push_str("</tbody></table></body></html>");
    let recipe = Recipe::parse(
        "bench.toml",
        r#"vendor = "jygpu"
[[page]]
url = "https://example.com/pricing"
rows = "table.price tbody tr"
[page.fields]
gpu = "td:nth-child(1)"
gpus = "td:nth-child(2)"
mode = "td:nth-child(3)"
price = "td:nth-child(4)"
"#,
    )
    .expect("recipe");
    (recipe, html.into_bytes())
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("tmp");
    let mut n = 0;
    let mut fresh = || {
        n += 1;
        Store::open(&dir.path().join(format!("bench-{n}.sqlite3"))).expect("store")
    };
    let csv = our_csv();
    eprintln!("our CSV: {} rows, {:.1} MB", ROWS, csv.len() as f64 / 1e6);
    let opts = ImportOptions { format: Some(ImportFormat::Csv), ..Default::default() };
    let mut g = c.benchmark_group("import");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    g.bench_function("csv_100k_rows_into_sqlite_file", |b| {
        b.iter_batched(
            &mut fresh,
            |mut store| {
                let r =
                    ingest::import_bytes(&mut store, "bench.csv", csv.clone(), &opts, &mut |_| {})
                        .expect("import");
                assert_eq!(r.imported, ROWS);
                store
            },
            BatchSize::PerIteration,
        )
    });
    let sky = skypilot_csv();
    eprintln!("SkyPilot CSV: {} rows, {:.1} MB", ROWS, sky.len() as f64 / 1e6);
    let sky_opts = ImportOptions {
        format: Some(ImportFormat::Skypilot),
        vendor: Some("lambda".into()),
        ..opts.clone()
    };
    g.bench_function("skypilot_100k_rows_into_sqlite_file", |b| {
        b.iter_batched(
            &mut fresh,
            |mut store| {
                let r = ingest::import_bytes(
                    &mut store,
                    "vms.csv",
                    sky.clone(),
                    &sky_opts,
                    &mut |_| {},
                )
                .expect("import");
                assert!(r.imported >= ROWS);
                store
            },
            BatchSize::PerIteration,
        )
    });
    g.finish();

    let (recipe, page) = page_1mb();
    eprintln!("pricing page: {:.2} MB", page.len() as f64 / 1e6);
    let mut g = c.benchmark_group("scrape");
    g.sample_size(20);
    g.bench_function("parse_1mb_pricing_page", |b| {
        b.iter(|| {
            let p = scrape::extract(&recipe, &recipe.page[0], black_box(&page), "bench")
                .expect("parse");
            black_box(p.drafts.len())
        })
    });
    g.finish();

    let samples = [
        "¥1.96/小时",
        "84,480元/月",
        "￥15,600起/月",
        "$2.49/hr",
        "2.49 USD per GPU hour",
        "１．９６元／卡时",
        "$2.00 - $2.50 / hr",
        "面议",
    ];
    c.bench_function("parse_price_8_strings", |b| {
        b.iter(|| {
            for s in samples {
                black_box(price::parse_price(black_box(s)).ok());
            }
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
