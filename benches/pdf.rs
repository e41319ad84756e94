//! PDF generation in-process (font parsed once, as in the app): a two-page 报价单.
//! Run: `cargo bench -p gpuquote --bench pdf`.

use criterion::{criterion_group, criterion_main, Criterion};
use gpuquote::compare::Requirement;
use gpuquote::pdf::{self, Lang};
use gpuquote::quote::{self, QuoteRequest};
use gpuquote::Store;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut store = Store::open_in_memory().expect("store");
    let req = QuoteRequest {
        requirement: Requirement {
            gpu: Some("H100".into()),
            count: Some(8),
            duration: Some("3mo".into()),
            ..Default::default()
        },
        vendor: Some("极智算".into()),
        requester: "张三".into(),
        notes: Some("本报价单仅用于内部审批，请在签字前核对价格来源与采集时间。".repeat(12)),
        ..Default::default()
    };
    let q = quote::new_quote(&mut store, &req).expect("quote");
    let q = quote::issue(&mut store, &q.number).expect("issue");
    pdf::font().expect("font parsed once, before timing");
    let now = chrono::Utc::now();
    let bytes = pdf::quote_pdf(&q, Lang::Both, now).expect("pdf");
    eprintln!("PDF size: {} bytes", bytes.len());
    c.bench_function("quote_pdf_two_pages_both_languages", |b| {
        b.iter(|| black_box(pdf::quote_pdf(black_box(&q), Lang::Both, now).expect("pdf")))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
