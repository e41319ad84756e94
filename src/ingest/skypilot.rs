//! SkyPilot catalog CSV (`catalogs/v7|v8/<cloud>/vms.csv`): one row per instance type and region,
//! prices in USD per instance-hour, `SpotPrice` for the interruptible price, `GpuInfo` as JSON or
//! a Python literal. Columns are found by header name, never by position.

use super::{Draft, OnProgress, Parsed, Progress, Skip};
use crate::error::{Error, Result};
use crate::model::{BillingUnit, Mode, PriceBasis, Tenancy};
use rust_decimal::Decimal;
use std::str::FromStr;

struct Cols {
    instance: usize,
    acc: usize,
    count: usize,
    price: Option<usize>,
    spot: Option<usize>,
    region: Option<usize>,
    zone: Option<usize>,
    gpu_info: Option<usize>,
}

/// Reads a SkyPilot catalog. `mode` is the instance mode of every offer (clouds rent VMs).
pub fn parse(file: &str, body: &[u8], mode: Mode, progress: OnProgress<'_>) -> Result<Parsed> {
    let err = |line: Option<u64>, field: Option<&str>, message: String| Error::Import {
        file: file.to_string(),
        line,
        field: field.map(str::to_string),
        message,
    };
    let body = body.strip_prefix("\u{feff}".as_bytes()).unwrap_or(body);
    let mut rdr = csv::ReaderBuilder::new().flexible(false).from_reader(body);
    let headers = rdr
        .headers()
        .map_err(|e| err(Some(1), None, format!("cannot read the header row: {e}")))?
        .clone();
    let find = |name: &str| headers.iter().position(|h| h.trim().eq_ignore_ascii_case(name));
    let need = |name: &str| {
        find(name).ok_or_else(|| {
            err(
                Some(1),
                Some(name),
                format!(
                    "column '{name}' is missing (found: {}); is this a SkyPilot vms.csv?",
                    headers.iter().collect::<Vec<_>>().join(", ")
                ),
            )
        })
    };
    let cols = Cols {
        instance: need("InstanceType")?,
        acc: need("AcceleratorName")?,
        count: need("AcceleratorCount")?,
        price: find("Price"),
        spot: find("SpotPrice"),
        region: find("Region"),
        zone: find("AvailabilityZone"),
        gpu_info: find("GpuInfo"),
    };
    if cols.price.is_none() && cols.spot.is_none() {
        return Err(err(
            Some(1),
            Some("Price"),
            "neither 'Price' nor 'SpotPrice' column is present".into(),
        ));
    }
    let total = body.len() as u64;
    let mut out = Parsed::default();
    let mut rec = csv::StringRecord::new();
    let mut n = 0u64;
    let mut lines = super::Lines::new(body);
    let mut info_cache: std::collections::HashMap<String, GpuFacts> =
        std::collections::HashMap::new();
    loop {
        match rdr.read_record(&mut rec) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                let line = e.position().map(|p| lines.line_of(p.byte()));
                return Err(err(line, None, format!("malformed CSV: {e}")));
            }
        }
        n += 1;
        let line = rec.position().map(|p| lines.line_of(p.byte())).unwrap_or(n + 1);
        if n % 20_000 == 0 {
            let done = rec.position().map(|p| p.byte()).unwrap_or(0);
            progress(Progress { stage: "read".into(), done, total, detail: file.into() });
        }
        let get = |i: usize| rec.get(i).map(str::trim).unwrap_or("");
        let raw = || Some(rec.iter().collect::<Vec<_>>().join(","));
        let acc = get(cols.acc);
        if acc.is_empty() {
            out.skips.push(Skip::new(
                line,
                "no_accelerator",
                "CPU-only instance (no accelerator)",
                raw(),
            ));
            continue;
        }
        let count_text = get(cols.count);
        let count = f64::from_str(count_text).map_err(|_| {
            err(Some(line), Some("AcceleratorCount"), format!("'{count_text}' is not a number"))
        })?;
        if count <= 0.0 {
            out.skips.push(Skip::new(
                line,
                "no_accelerator",
                format!("accelerator count {count_text}"),
                raw(),
            ));
            continue;
        }
        if count.fract() != 0.0 {
            out.skips.push(Skip::new(
                line,
                "fractional_gpus",
                format!("fractional GPU count {count_text} (a share of one GPU is not comparable per GPU)"),
                raw(),
            ));
            continue;
        }
        let money = |col: Option<usize>, field: &str| -> Result<Option<Decimal>> {
            let Some(i) = col else { return Ok(None) };
            let t = get(i);
            if t.is_empty() || t.eq_ignore_ascii_case("nan") {
                return Ok(None);
            }
            let d =
                Decimal::from_str(t).or_else(|_| Decimal::from_scientific(t)).map_err(|_| {
                    err(
                        Some(line),
                        Some(field),
                        format!("'{t}' is not a price (USD per instance-hour)"),
                    )
                })?;
            if d < Decimal::ZERO {
                return Err(err(Some(line), Some(field), format!("negative price {t}")));
            }
            Ok((!d.is_zero()).then_some(d))
        };
        let price = money(cols.price, "Price")?;
        let spot = money(cols.spot, "SpotPrice")?;
        if price.is_none() && spot.is_none() {
            out.skips.push(Skip::new(
                line,
                "no_price",
                "no price (Price and SpotPrice empty)",
                raw(),
            ));
            continue;
        }
        let (memory, maker, note) = match cols.gpu_info.map(get).filter(|s| !s.is_empty()) {
            // The same GpuInfo repeats for every region of an instance type: read it once.
            Some(text) => {
                if !info_cache.contains_key(text) {
                    let facts = gpu_facts(text).map_err(|m| err(Some(line), Some("GpuInfo"), m))?;
                    info_cache.insert(text.to_string(), facts);
                }
                info_cache.get(text).map(|f| gpu_info_of(f, count as u32)).unwrap_or_default()
            }
            None => (None, None, None),
        };
        let region = cols.region.map(get).filter(|s| !s.is_empty()).map(|r| {
            match cols.zone.map(get).filter(|z| !z.is_empty()) {
                Some(z) => format!("{r} ({z})"),
                None => r.to_string(),
            }
        });
        let instance = get(cols.instance).to_string();
        let base = Draft {
            line,
            vendor: None,
            gpu: acc.to_string(),
            maker,
            gpu_memory_gb: memory,
            hint: instance.clone(),
            gpus: count as u32,
            mode,
            tenancy: Tenancy::Dedicated,
            interruptible: false,
            billing: BillingUnit::Hour,
            price: Decimal::ZERO,
            price_max: None,
            basis: PriceBasis::Instance,
            currency: "USD".into(),
            from_price: false,
            region,
            instance_type: Some(instance),
            fees: None,
            note,
        };
        if let Some(p) = price {
            out.drafts.push(Draft { price: p, ..base.clone() });
        }
        if let Some(p) = spot {
            out.drafts.push(Draft { price: p, interruptible: true, ..base });
        }
    }
    Ok(out)
}

/// Memory per GPU (GB), maker and a note on inconsistencies.
type GpuInfo = (Option<u32>, Option<String>, Option<String>);

/// What a `GpuInfo` cell states: memory per GPU and in all (MiB), maker.
#[derive(Clone)]
struct GpuFacts {
    mib: Option<f64>,
    total_mib: Option<f64>,
    maker: Option<String>,
}

/// Reads a `GpuInfo` cell (JSON or a Python literal with single quotes, True/False/None).
fn gpu_facts(text: &str) -> std::result::Result<GpuFacts, String> {
    let v: serde_json::Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(_) => serde_json::from_str(&python_to_json(text))
            .map_err(|e| format!("GpuInfo is neither JSON nor a Python literal ({e})"))?,
    };
    let gpu = v.get("Gpus").and_then(|g| g.get(0));
    Ok(GpuFacts {
        mib: gpu
            .and_then(|g| g.get("MemoryInfo"))
            .and_then(|m| m.get("SizeInMiB"))
            .and_then(serde_json::Value::as_f64),
        total_mib: v.get("TotalGpuMemoryInMiB").and_then(serde_json::Value::as_f64),
        maker: gpu.and_then(|g| g.get("Manufacturer")).and_then(|m| m.as_str()).map(str::to_string),
    })
}

/// Memory per GPU (GB), maker and a note when the stated total contradicts `count` GPUs.
fn gpu_info_of(f: &GpuFacts, count: u32) -> GpuInfo {
    let memory = f.mib.filter(|m| *m > 0.0).map(|m| (m / 1024.0).round() as u32);
    let note = match (f.mib, f.total_mib) {
        (Some(m), Some(t)) if count > 1 && (t - m * count as f64).abs() > 1.0 => Some(format!(
            "source GpuInfo: TotalGpuMemoryInMiB {t} ≠ {count} × {m} MiB (per-GPU memory used)"
        )),
        _ => None,
    };
    (memory, f.maker.clone(), note)
}

#[cfg(test)]
fn gpu_info(text: &str, count: u32) -> std::result::Result<GpuInfo, String> {
    Ok(gpu_info_of(&gpu_facts(text)?, count))
}

/// Python literal → JSON: quotes swapped outside strings, True/False/None mapped.
fn python_to_json(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut in_str: Option<char> = None;
    let mut chars = s.chars().peekable();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match word.as_str() {
            "True" => out.push_str("true"),
            "False" => out.push_str("false"),
            "None" => out.push_str("null"),
            w => out.push_str(w),
        }
        word.clear();
    };
    while let Some(c) = chars.next() {
        match in_str {
            Some(q) => {
                if c == '\\' {
                    if let Some(n) = chars.next() {
                        if n == '\'' {
                            out.push('\'');
                        } else {
                            out.push('\\');
                            out.push(n);
                        }
                    }
                } else if c == q {
                    out.push('"');
                    in_str = None;
                } else if c == '"' {
                    out.push_str("\\\"");
                } else {
                    out.push(c);
                }
            }
            None => {
                if c.is_alphanumeric() || c == '_' {
                    word.push(c);
                    continue;
                }
                flush(&mut word, &mut out);
                if c == '\'' || c == '"' {
                    in_str = Some(c);
                    out.push('"');
                } else {
                    out.push(c);
                }
            }
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_literals_read() {
        let (m, maker, note) = gpu_info(
            "{'Gpus': [{'Name': 'V100', 'Manufacturer': 'NVIDIA', 'Count': 8.0, 'MemoryInfo': {'SizeInMiB': 16384}}], 'TotalGpuMemoryInMiB': 16384}",
            8,
        )
        .unwrap();
        assert_eq!((m, maker.as_deref()), (Some(16), Some("NVIDIA")));
        assert!(note.unwrap().contains("≠ 8 × 16384"));
        let (m, ..) = gpu_info(r#"{"Gpus": [{"Name": "H100", "MemoryInfo": {"SizeInMiB": 81920}}], "Flag": True, "X": None}"#, 1)
            .or_else(|_| gpu_info(&python_to_json(r#"{"Gpus": [{"Name": "H100", "MemoryInfo": {"SizeInMiB": 81920}}], "Flag": True, "X": None}"#), 1))
            .unwrap();
        assert_eq!(m, Some(80));
        assert_eq!(python_to_json("{'a': 'it\\'s', 'b': True}"), r#"{"a": "it's", "b": true}"#);
    }

    #[test]
    fn columns_by_name_in_any_order() {
        let csv = "Price,Region,AcceleratorCount,AcceleratorName,InstanceType,SpotPrice\n\
                   31.92,us-east-1,8,H100,gpu_8x_h100_sxm5,\n\
                   ,us-east-1,,,cpu_4x,\n\
                   0.5,us-east-1,0.25,T4,g4ad.xlarge,\n\
                   2.0,us-west-2,1,L4,g6.xlarge,0.8\n";
        let p = parse("t.csv", csv.as_bytes(), Mode::Vm, &mut |_| {}).unwrap();
        let crlf = csv.replace('\n', "\r\n");
        let q = parse("t.csv", crlf.as_bytes(), Mode::Vm, &mut |_| {}).unwrap();
        assert_eq!(q.skips[0].line, Some(3), "CRLF line numbers");
        assert_eq!(q.drafts[0].line, 2);
        assert_eq!(p.drafts.len(), 3);
        assert_eq!(p.drafts[0].price.to_string(), "31.92");
        assert!(p.drafts[2].interruptible);
        assert_eq!(p.skips.len(), 2);
        assert_eq!(p.skips[0].line, Some(3));
        let bad = "InstanceType,AcceleratorName,AcceleratorCount,Price\nx,H100,8,abc\n";
        let e = parse("bad.csv", bad.as_bytes(), Mode::Vm, &mut |_| {}).unwrap_err().to_string();
        assert!(e.contains("bad.csv, line 2, field 'Price'") && e.contains("'abc'"), "{e}");
        let e = parse("x.csv", b"a,b\n1,2\n", Mode::Vm, &mut |_| {}).unwrap_err().to_string();
        assert!(e.contains("column 'InstanceType' is missing"), "{e}");
    }
}
