//! Arbitrary bytes imported as our CSV or a SkyPilot catalog (dry run, in memory): an error or a
//! report, never a panic.
#![no_main]
use gpuquote::ingest::{self, ImportFormat, ImportOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(mut store) = gpuquote::Store::open_in_memory() else { return };
    for format in [ImportFormat::Csv, ImportFormat::Skypilot] {
        let opts = ImportOptions {
            format: Some(format),
            vendor: Some("lambda".into()),
            dry_run: true,
            ..Default::default()
        };
        let _ = ingest::import_bytes(&mut store, "fuzz.csv", data.to_vec(), &opts, &mut |_| {});
    }
});
