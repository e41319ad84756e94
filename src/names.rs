//! Resolving the names people type — `H100`, `RTX 4090`, `Ascend 910B`, `极智算`, `jygpu` — to
//! catalog rows, and suggesting the closest known names when nothing matches.

use crate::error::{Error, Result};
use crate::model::{Accelerator, Confidence};
use crate::store::Store;

/// Full-width ASCII (Ａ..ｚ, ０..９, ／, ．) as its half-width form; other characters unchanged.
pub fn half_width(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        _ => c,
    }
}

/// Normalises a name for matching: case, spaces, hyphens, underscores and full-width forms are
/// ignored, and a leading maker or product-line word (NVIDIA, GeForce, Huawei) is dropped.
pub fn normalize(s: &str) -> String {
    let mut out: String = s
        .chars()
        .map(half_width)
        .filter(|c| !c.is_whitespace() && !matches!(c, '-' | '_' | '·' | '.'))
        .flat_map(char::to_lowercase)
        .collect();
    for prefix in ["nvidia", "geforce", "huawei", "华为"] {
        if let Some(rest) = out.strip_prefix(prefix) {
            if !rest.is_empty() {
                out = rest.to_string();
            }
        }
    }
    out
}

/// All accelerators in the store.
pub fn accelerators(store: &Store) -> Result<Vec<Accelerator>> {
    accelerators_conn(store.conn())
}

/// All accelerators, read through any connection (or transaction).
pub fn accelerators_conn(conn: &rusqlite::Connection) -> Result<Vec<Accelerator>> {
    let mut stmt = conn.prepare(
        "SELECT id, key, name, maker, family, aliases, memory_gb, memory_type, fp16_tflops,
         interconnect, nvlink, domestic, source, confidence FROM accelerators ORDER BY maker, name",
    )?;
    let rows = stmt.query_map([], |r| {
        let aliases: String = r.get(5)?;
        let confidence: String = r.get(13)?;
        Ok(Accelerator {
            id: r.get(0)?,
            key: r.get(1)?,
            name: r.get(2)?,
            maker: r.get(3)?,
            family: r.get(4)?,
            aliases: serde_json::from_str(&aliases).unwrap_or_default(),
            memory_gb: r.get(6)?,
            memory_type: r.get(7)?,
            fp16_tflops: r.get(8)?,
            interconnect: r.get(9)?,
            nvlink: r.get(10)?,
            domestic: r.get(11)?,
            source: r.get(12)?,
            confidence: Confidence::parse(&confidence).unwrap_or(Confidence::Low),
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Accelerator ids matching `given` (a family name such as `H100` matches all its variants).
pub fn resolve_gpu(store: &Store, given: &str) -> Result<Vec<i64>> {
    let accs = accelerators(store)?;
    let n = normalize(given);
    let mut ids: Vec<i64> = accs
        .iter()
        .filter(|a| {
            std::iter::once(&a.key)
                .chain([&a.name, &a.family])
                .chain(a.aliases.iter())
                .any(|name| normalize(name) == n)
        })
        .map(|a| a.id)
        .collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() || n.is_empty() {
        let names: Vec<String> = accs
            .iter()
            .flat_map(|a| {
                std::iter::once(a.family.clone()).chain([a.name.clone()]).chain(a.aliases.clone())
            })
            .collect();
        return Err(Error::UnknownName {
            kind: "GPU",
            given: given.to_string(),
            suggestions: closest(given, &names),
        });
    }
    Ok(ids)
}

/// Vendor ids matching `given` by key, Chinese or English name.
pub fn resolve_vendor(store: &Store, given: &str) -> Result<Vec<i64>> {
    resolve_vendor_conn(store.conn(), given)
}

/// [`resolve_vendor`] through any connection (or transaction).
pub fn resolve_vendor_conn(conn: &rusqlite::Connection, given: &str) -> Result<Vec<i64>> {
    let mut stmt = conn.prepare_cached("SELECT id, key, name_zh, name_en FROM vendors")?;
    let rows: Vec<(i64, String, String, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let n = normalize(given);
    let ids: Vec<i64> = rows
        .iter()
        .filter(|(_, k, zh, en)| !n.is_empty() && [k, zh, en].iter().any(|s| normalize(s) == n))
        .map(|(id, ..)| *id)
        .collect();
    if ids.is_empty() {
        let names: Vec<String> =
            rows.iter().flat_map(|(_, _, zh, en)| [zh.clone(), en.clone()]).collect();
        return Err(Error::UnknownName {
            kind: "vendor",
            given: given.to_string(),
            suggestions: closest(given, &names),
        });
    }
    Ok(ids)
}

/// Up to three known names closest to `given`, best first, without repeats.
pub fn closest(given: &str, names: &[String]) -> Vec<String> {
    let g = normalize(given);
    let mut scored: Vec<(f64, &String)> = names
        .iter()
        .map(|name| {
            let m = normalize(name);
            let mut s = strsim::jaro_winkler(&g, &m);
            if !g.is_empty() && (m.contains(&g) || g.contains(&m)) {
                s += 0.2;
            }
            (s, name)
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut out: Vec<String> = Vec::new();
    for (score, name) in scored {
        if out.len() == 3 || score < 0.6 {
            break;
        }
        if !out.iter().any(|o| normalize(o) == normalize(name)) {
            out.push(name.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_ignores_case_space_and_maker() {
        assert_eq!(normalize("RTX 4090"), normalize("rtx-4090"));
        assert_eq!(normalize("NVIDIA GeForce RTX 4090"), "rtx4090");
        assert_eq!(normalize("Ｈ１００"), "h100");
        assert_eq!(normalize("Huawei Ascend 910B"), "ascend910b");
    }

    #[test]
    fn names_people_use_resolve() {
        let store = Store::open_in_memory().expect("open");
        for name in
            ["H100", "4090", "RTX 4090", "910B", "Ascend 910B", "昇腾910B", "h100 sxm", "A100"]
        {
            assert!(!resolve_gpu(&store, name).expect(name).is_empty(), "{name}");
        }
        // A family name covers both variants.
        assert_eq!(resolve_gpu(&store, "H100").expect("h100").len(), 2);
        for name in ["极智算", "jygpu", "JYGPU", "Lambda", "亚马逊云科技", "AWS"] {
            assert_eq!(resolve_vendor(&store, name).expect(name).len(), 1, "{name}");
        }
    }

    #[test]
    fn unknown_names_suggest_the_closest() {
        let store = Store::open_in_memory().expect("open");
        let err = resolve_gpu(&store, "H1000").unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("did you mean") && msg.contains("H100"), "{msg}");
        let msg = resolve_vendor(&store, "极智").unwrap_err().to_string();
        assert!(msg.contains("极智算"), "{msg}");
        let msg = resolve_vendor(&store, "lamda").unwrap_err().to_string();
        assert!(msg.contains("Lambda"), "{msg}");
    }
}
