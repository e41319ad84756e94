//! Six-dimension vendor scorecards (评分卡): evidence with sources, a rubric anyone can read
//! (`data/rubric.toml`), scenario weight profiles (`data/profiles.toml`) or AHP-derived weights,
//! and the tender-style price score (综合评分法).

use crate::catalog::{self, Selection};
use crate::error::{Error, Result};
use crate::model::Mode;
use crate::money;
use crate::names;
use crate::store::Store;
use rusqlite::params;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::str::FromStr;
use ts_rs::TS;

/// `data/rubric.toml`.
pub const RUBRIC: &str = include_str!("../data/rubric.toml");
/// `data/profiles.toml`.
pub const PROFILES: &str = include_str!("../data/profiles.toml");
/// `data/evidence.toml`.
pub const EVIDENCE: &str = include_str!("../data/evidence.toml");

/// One criterion of a dimension.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
pub struct Criterion {
    /// The fact it tests.
    pub fact: String,
    /// Met when the fact equals this boolean.
    #[serde(default)]
    pub is: Option<bool>,
    /// Met when the fact is at least this number.
    #[serde(default)]
    pub min: Option<f64>,
    /// Met when the fact is at most this number.
    #[serde(default)]
    pub max: Option<f64>,
    /// Points when met.
    pub points: u32,
    /// Chinese description.
    pub zh: String,
    /// English description.
    pub en: String,
}

/// A dimension of the rubric.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
pub struct Dimension {
    /// Stable key.
    pub key: String,
    /// Chinese name.
    pub name_zh: String,
    /// English name.
    pub name_en: String,
    /// The article's question.
    pub question: String,
    /// Criteria.
    pub criteria: Vec<Criterion>,
}

#[derive(Deserialize)]
struct RubricFile {
    dimension: Vec<Dimension>,
}

/// The rubric shipped in `data/rubric.toml`.
pub fn rubric() -> Result<Vec<Dimension>> {
    let f: RubricFile = toml::from_str(RUBRIC)
        .map_err(|e| Error::Data { file: "rubric.toml".into(), message: e.to_string() })?;
    Ok(f.dimension)
}

/// A weight profile.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
pub struct Profile {
    /// `A`, `B`, `C` or a custom name.
    pub key: String,
    /// Chinese name.
    #[serde(default)]
    pub name_zh: String,
    /// English name.
    #[serde(default)]
    pub name_en: String,
    /// Share of the total given to the price score (0–1).
    pub price_weight: String,
    /// Weight per dimension key.
    pub weights: BTreeMap<String, String>,
}

#[derive(Deserialize)]
struct ProfileFile {
    profile: Vec<Profile>,
}

/// The shipped profiles.
pub fn profiles() -> Result<Vec<Profile>> {
    let f: ProfileFile = toml::from_str(PROFILES)
        .map_err(|e| Error::Data { file: "profiles.toml".into(), message: e.to_string() })?;
    Ok(f.profile)
}

/// A fact's value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum FactValue {
    /// Yes / no.
    Bool(bool),
    /// A number (hours, GB/s, a count).
    Number(f64),
    /// Free text (e.g. data location).
    Text(String),
}

impl FactValue {
    /// Parses what a user types: true/false/yes/no/是/否, a number, or text.
    pub fn parse(s: &str) -> FactValue {
        match s.trim().to_lowercase().as_str() {
            "true" | "yes" | "y" | "是" | "有" => FactValue::Bool(true),
            "false" | "no" | "n" | "否" | "无" => FactValue::Bool(false),
            t => {
                t.parse::<f64>().map(FactValue::Number).unwrap_or(FactValue::Text(s.trim().into()))
            }
        }
    }
}

/// A fact about a vendor with where it comes from.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Fact {
    /// Fact key.
    pub fact: String,
    /// Its value.
    pub value: FactValue,
    /// Source (URL, document, or "derived from snapshot #N").
    pub source: String,
    /// Date of the source.
    pub as_of: String,
    /// `derived` (from the catalog), `evidence` (entered) or `builtin` (shipped).
    pub origin: String,
    /// No source was given.
    pub unsourced: bool,
}

/// One criterion as evaluated for a vendor.
#[derive(Debug, Clone, Serialize, TS)]
pub struct CriterionResult {
    /// Fact tested.
    pub fact: String,
    /// What the criterion asks (zh).
    pub zh: String,
    /// What the criterion asks (en).
    pub en: String,
    /// Points available.
    pub points: u32,
    /// `met`, `not_met` or `unknown`.
    pub state: String,
    /// Points given.
    pub awarded: u32,
    /// The fact behind it, when on record.
    pub evidence: Option<Fact>,
}

/// A dimension's score for a vendor.
#[derive(Debug, Clone, Serialize, TS)]
pub struct DimensionScore {
    /// Dimension key.
    pub key: String,
    /// Chinese name.
    pub name_zh: String,
    /// English name.
    pub name_en: String,
    /// 0–100, or None when every fact is unknown.
    pub score: Option<u32>,
    /// Criteria whose facts are unknown.
    pub unknown_criteria: u32,
    /// Criteria.
    pub criteria: Vec<CriterionResult>,
}

/// A vendor's scorecard.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Scorecard {
    /// Vendor key.
    pub vendor_key: String,
    /// Chinese name.
    pub vendor: String,
    /// English name.
    pub vendor_en: String,
    /// Six dimension scores.
    pub dimensions: Vec<DimensionScore>,
    /// Weighted technical score 0–100 over the known dimensions (weights renormalised).
    pub technical: Option<String>,
    /// Known dimensions the technical score rests on.
    pub known_dimensions: u32,
    /// Price score (0–100 × price weight), when a price is known.
    pub price_score: Option<String>,
    /// The price used for it, CNY per GPU-hour.
    pub price_used: Option<String>,
    /// Technical × (1 − price weight) + price score.
    pub total: Option<String>,
    /// Profile used.
    pub profile: String,
}

/// The weights actually used, after normalisation.
#[derive(Debug, Clone, Serialize, TS)]
pub struct WeightsUsed {
    /// Profile key.
    pub profile: String,
    /// Dimension weights summing to 1.
    pub weights: BTreeMap<String, String>,
    /// Price weight (0–1).
    pub price_weight: String,
    /// Set when the given weights did not sum to 1 and were normalised.
    pub normalised_from: Option<String>,
}

/// Scorecards for every vendor with a current snapshot.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Scoreboard {
    /// Weights used.
    pub weights: WeightsUsed,
    /// The GPU whose lowest ¥/GPU-h priced each vendor, if any.
    pub price_basis: Option<String>,
    /// Scorecards, best total (or technical) first.
    pub scorecards: Vec<Scorecard>,
}

/// Normalises weights to sum to 1, saying so when they did not.
pub fn normalise(profile: &Profile, dims: &[Dimension]) -> Result<WeightsUsed> {
    let mut ws = BTreeMap::new();
    let mut sum = Decimal::ZERO;
    for d in dims {
        let w = match profile.weights.get(&d.key) {
            Some(v) => Decimal::from_str(v.trim()).map_err(|_| {
                Error::invalid(format!("weights.{}", d.key), format!("'{v}' is not a number"))
            })?,
            None => Decimal::ZERO,
        };
        if w < Decimal::ZERO {
            return Err(Error::invalid(format!("weights.{}", d.key), "must not be negative"));
        }
        sum += w;
        ws.insert(d.key.clone(), w);
    }
    for k in profile.weights.keys() {
        if !dims.iter().any(|d| &d.key == k) {
            let keys: Vec<String> = dims.iter().map(|d| d.key.clone()).collect();
            return Err(Error::UnknownName {
                kind: "dimension",
                given: k.clone(),
                suggestions: names::closest(k, &keys),
            });
        }
    }
    if sum.is_zero() {
        return Err(Error::invalid("weights", "all weights are zero"));
    }
    let pw = Decimal::from_str(profile.price_weight.trim()).map_err(|_| {
        Error::invalid("price_weight", format!("'{}' is not a number", profile.price_weight))
    })?;
    if pw < Decimal::ZERO || pw > Decimal::ONE {
        return Err(Error::invalid("price_weight", "use a share between 0 and 1 (e.g. 0.30)"));
    }
    let normalised_from = (sum != Decimal::ONE).then(|| money::plain(sum.normalize()));
    Ok(WeightsUsed {
        profile: profile.key.clone(),
        weights: ws
            .into_iter()
            .map(|(k, w)| (k, money::plain(money::round(w / sum, 4).normalize())))
            .collect(),
        price_weight: money::plain(pw.normalize()),
        normalised_from,
    })
}

/// Facts about every vendor: derived from the current catalog, then evidence (newest wins).
pub fn facts(store: &Store) -> Result<HashMap<String, BTreeMap<String, Fact>>> {
    let mut out: HashMap<String, BTreeMap<String, Fact>> = HashMap::new();
    let rows = catalog::load_rows(store, &Selection::default())?;
    let mut by_vendor: HashMap<String, Vec<&catalog::Row>> = HashMap::new();
    for r in &rows {
        by_vendor.entry(r.snap.vendor_key.to_string()).or_default().push(r);
    }
    let consumer = |name: &str| name.contains("GeForce") || name.starts_with("RTX ");
    for (vendor, offers) in &by_vendor {
        let snap = &offers[0].snap;
        let src = format!("derived from price snapshot #{} ({})", snap.id, snap.source);
        let date = snap.captured_at.get(..10).unwrap_or(&snap.captured_at).to_string();
        let mut accs: Vec<&str> = offers.iter().map(|o| &*o.acc.name).collect();
        accs.sort();
        accs.dedup();
        let derived: Vec<(&str, FactValue)> = vec![
            ("offers_consumer_gpu", FactValue::Bool(offers.iter().any(|o| consumer(&o.acc.name)))),
            (
                "offers_datacenter_gpu",
                FactValue::Bool(offers.iter().any(|o| !consumer(&o.acc.name) && !o.acc.domestic)),
            ),
            ("offers_domestic_gpu", FactValue::Bool(offers.iter().any(|o| o.acc.domestic))),
            ("accelerator_models", FactValue::Number(accs.len() as f64)),
            ("offers_container", FactValue::Bool(offers.iter().any(|o| o.mode == Mode::Container))),
            (
                "offers_bare_metal",
                FactValue::Bool(offers.iter().any(|o| o.mode == Mode::BareMetal)),
            ),
            (
                "offers_nvlink_nodes",
                FactValue::Bool(offers.iter().any(|o| o.gpus >= 8 && o.acc.nvlink)),
            ),
            ("no_from_prices", FactValue::Bool(!offers.iter().any(|o| o.from_price))),
        ];
        let e = out.entry(vendor.clone()).or_default();
        for (k, v) in derived {
            e.insert(
                k.into(),
                Fact {
                    fact: k.into(),
                    value: v,
                    source: src.clone(),
                    as_of: date.clone(),
                    origin: "derived".into(),
                    unsourced: false,
                },
            );
        }
    }
    let mut stmt = store.conn().prepare(
        "SELECT v.key, e.fact, e.value, e.source, e.as_of, e.seed_key FROM evidence e
         JOIN vendors v ON v.id = e.vendor_id ORDER BY e.as_of, e.id",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
            r.get::<_, String>(3)?,
            r.get::<_, String>(4)?,
            r.get::<_, Option<String>>(5)?,
        ))
    })?;
    for row in rows {
        let (vendor, fact, value, source, as_of, seed) = row?;
        let value: FactValue = serde_json::from_str(&value).unwrap_or(FactValue::Text(value));
        out.entry(vendor).or_default().insert(
            fact.clone(),
            Fact {
                fact,
                value,
                unsourced: source.trim().is_empty(),
                source,
                as_of,
                origin: if seed.is_some() { "builtin".into() } else { "evidence".into() },
            },
        );
    }
    Ok(out)
}

/// Records a fact about a vendor (a new row; the history is kept). A missing source is accepted
/// and the fact is marked unsourced.
pub fn add_evidence(
    store: &mut Store,
    vendor: &str,
    fact: &str,
    value: &str,
    source: &str,
    as_of: &str,
) -> Result<Fact> {
    let dims = rubric()?;
    let known: Vec<String> =
        dims.iter().flat_map(|d| d.criteria.iter().map(|c| c.fact.clone())).collect();
    if !known.iter().any(|k| k == fact) {
        return Err(Error::UnknownName {
            kind: "fact",
            given: fact.into(),
            suggestions: names::closest(fact, &known),
        });
    }
    let ids = names::resolve_vendor(store, vendor)?;
    let date = chrono::NaiveDate::parse_from_str(as_of.trim(), "%Y-%m-%d")
        .map_err(|_| Error::invalid("date", format!("'{as_of}' is not a date YYYY-MM-DD")))?;
    let v = FactValue::parse(value);
    let json = serde_json::to_string(&v).map_err(|e| Error::invalid("value", e.to_string()))?;
    store.write(|tx| {
        tx.execute(
            "INSERT INTO evidence (vendor_id, fact, value, source, as_of, entered_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![ids[0], fact, json, source.trim(), date.to_string(), chrono::Utc::now().to_rfc3339()],
        )?;
        Ok(())
    })?;
    Ok(Fact {
        fact: fact.into(),
        value: v,
        source: source.trim().into(),
        as_of: date.to_string(),
        origin: "evidence".into(),
        unsourced: source.trim().is_empty(),
    })
}

/// Seeds the shipped evidence (idempotent by seed key; never touches user rows).
pub(crate) fn seed_evidence(tx: &rusqlite::Transaction<'_>, now: &str) -> Result<()> {
    #[derive(Deserialize)]
    struct File {
        evidence: Vec<Row>,
    }
    #[derive(Deserialize)]
    struct Row {
        vendor: String,
        fact: String,
        value: toml::Value,
        source: String,
        as_of: String,
    }
    let f: File = toml::from_str(EVIDENCE)
        .map_err(|e| Error::Data { file: "evidence.toml".into(), message: e.to_string() })?;
    for e in f.evidence {
        let v = match e.value {
            toml::Value::Boolean(b) => FactValue::Bool(b),
            toml::Value::Integer(i) => FactValue::Number(i as f64),
            toml::Value::Float(x) => FactValue::Number(x),
            other => FactValue::Text(other.to_string()),
        };
        let json = serde_json::to_string(&v).map_err(|err| Error::Data {
            file: "evidence.toml".into(),
            message: err.to_string(),
        })?;
        tx.execute(
            "INSERT OR IGNORE INTO evidence (vendor_id, fact, value, source, as_of, seed_key, entered_at)
             SELECT id, ?2, ?3, ?4, ?5, ?6, ?7 FROM vendors WHERE key = ?1",
            params![e.vendor, e.fact, json, e.source, e.as_of, format!("{}:{}:{}", e.vendor, e.fact, e.as_of), now],
        )?;
    }
    Ok(())
}

fn evaluate(c: &Criterion, f: Option<&Fact>) -> &'static str {
    let Some(f) = f else { return "unknown" };
    let met = match (&f.value, c.is, c.min, c.max) {
        (FactValue::Bool(b), Some(want), _, _) => *b == want,
        (FactValue::Number(n), _, Some(min), _) => *n >= min,
        (FactValue::Number(n), _, _, Some(max)) => *n <= max,
        (FactValue::Text(t), Some(true), _, _) => !t.is_empty(),
        _ => false,
    };
    if met {
        "met"
    } else {
        "not_met"
    }
}

/// Scores one vendor on the rubric.
fn card(dims: &[Dimension], facts: Option<&BTreeMap<String, Fact>>) -> Vec<DimensionScore> {
    dims.iter()
        .map(|d| {
            let criteria: Vec<CriterionResult> = d
                .criteria
                .iter()
                .map(|c| {
                    let f = facts.and_then(|m| m.get(&c.fact));
                    let state = evaluate(c, f);
                    CriterionResult {
                        fact: c.fact.clone(),
                        zh: c.zh.clone(),
                        en: c.en.clone(),
                        points: c.points,
                        state: state.into(),
                        awarded: if state == "met" { c.points } else { 0 },
                        evidence: f.cloned(),
                    }
                })
                .collect();
            let unknown = criteria.iter().filter(|c| c.state == "unknown").count() as u32;
            let score = (unknown < criteria.len() as u32)
                .then(|| criteria.iter().map(|c| c.awarded).sum::<u32>().min(100));
            DimensionScore {
                key: d.key.clone(),
                name_zh: d.name_zh.clone(),
                name_en: d.name_en.clone(),
                score,
                unknown_criteria: unknown,
                criteria,
            }
        })
        .collect()
}

/// Scores every vendor with a current snapshot under a profile; when `price_gpu` is given, each
/// vendor's lowest current ¥/GPU-h for that GPU is its bid for the price score.
pub fn score(store: &Store, profile: &Profile, price_gpu: Option<&str>) -> Result<Scoreboard> {
    let dims = rubric()?;
    let w = normalise(profile, &dims)?;
    let facts = facts(store)?;
    let vendors = catalog::list_vendors(store)?;
    let mut bids: HashMap<String, Decimal> = HashMap::new();
    if let Some(g) = price_gpu {
        let pricing = catalog::Pricing::load(store)?;
        let viewer = catalog::Viewer::new(&pricing);
        let rows = catalog::load_rows(
            store,
            &Selection { acc_ids: Some(names::resolve_gpu(store, g)?), ..Default::default() },
        )?;
        for r in rows.iter().filter(|r| !r.interruptible) {
            if let Some(p) = viewer.per_gpu_hour_cny(r) {
                let e = bids.entry(r.snap.vendor_key.to_string()).or_insert(p);
                if p < *e {
                    *e = p;
                }
            }
        }
    }
    let lowest = bids.values().min().copied();
    let pw = Decimal::from_str(&w.price_weight).unwrap_or_default();
    let mut cards: Vec<Scorecard> = Vec::new();
    for v in vendors.iter().filter(|v| v.current_snapshot_id.is_some()) {
        let dims_scored = card(&dims, facts.get(&v.key));
        let mut num = Decimal::ZERO;
        let mut den = Decimal::ZERO;
        let mut known = 0;
        for d in &dims_scored {
            if let Some(s) = d.score {
                let wi = w
                    .weights
                    .get(&d.key)
                    .and_then(|x| Decimal::from_str(x).ok())
                    .unwrap_or_default();
                num += wi * Decimal::from(s);
                den += wi;
                known += 1;
            }
        }
        let technical = (!den.is_zero()).then(|| num / den);
        let bid = bids.get(&v.key).copied();
        let price_score = match (bid, lowest) {
            (Some(b), Some(l)) if !b.is_zero() => Some(l / b * pw * Decimal::from(100)),
            _ => None,
        };
        let total = match (technical, price_score) {
            (Some(t), Some(p)) => Some(t * (Decimal::ONE - pw) + p),
            (Some(t), None) if price_gpu.is_none() => Some(t),
            _ => None,
        };
        cards.push(Scorecard {
            vendor_key: v.key.clone(),
            vendor: v.name_zh.clone(),
            vendor_en: v.name_en.clone(),
            dimensions: dims_scored,
            technical: technical.map(money::two_dp),
            known_dimensions: known,
            price_score: price_score.map(money::two_dp),
            price_used: bid.map(money::two_dp),
            total: total.map(money::two_dp),
            profile: w.profile.clone(),
        });
    }
    cards.sort_by(|a, b| {
        let k = |c: &Scorecard| c.total.as_deref().and_then(|t| Decimal::from_str(t).ok());
        k(b).cmp(&k(a)).then(a.vendor_en.cmp(&b.vendor_en))
    });
    Ok(Scoreboard { weights: w, price_basis: price_gpu.map(str::to_string), scorecards: cards })
}

/// Resolves a profile: a shipped key (A/B/C).
pub fn profile(key: &str) -> Result<Profile> {
    let all = profiles()?;
    let keys: Vec<String> = all.iter().map(|p| p.key.clone()).collect();
    all.into_iter().find(|p| p.key.eq_ignore_ascii_case(key.trim())).ok_or_else(|| {
        Error::UnknownName {
            kind: "profile",
            given: key.into(),
            suggestions: names::closest(key, &keys),
        }
    })
}

/// The result of an AHP pairwise comparison.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Ahp {
    /// Weights (principal eigenvector, normalised), as decimal strings.
    pub weights: Vec<String>,
    /// Principal eigenvalue.
    pub lambda_max: String,
    /// Consistency index (λmax − n) / (n − 1).
    pub ci: String,
    /// Random index for n (Saaty).
    pub ri: String,
    /// Consistency ratio CI / RI.
    pub cr: String,
    /// CR < 0.10.
    pub consistent: bool,
}

/// Saaty's random consistency index for n = 1…10.
const RANDOM_INDEX: [f64; 11] = [0.0, 0.0, 0.0, 0.58, 0.90, 1.12, 1.24, 1.32, 1.41, 1.45, 1.49];

fn cell(s: &str, i: usize, j: usize) -> Result<f64> {
    let t = s.trim();
    let bad = || {
        Error::invalid(
            format!("ahp[{},{}]", i + 1, j + 1),
            format!("'{t}' is not a positive number or fraction such as 3 or 1/3"),
        )
    };
    let v = match t.split_once('/') {
        Some((a, b)) => {
            let (a, b): (f64, f64) =
                (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
            if b == 0.0 {
                return Err(bad());
            }
            a / b
        }
        None => t.parse().map_err(|_| bad())?,
    };
    if !(v.is_finite() && v > 0.0) {
        return Err(Error::invalid(
            format!("ahp[{},{}]", i + 1, j + 1),
            format!("{t} must be positive"),
        ));
    }
    Ok(v)
}

/// Parses `"1,3,5;1/3,1,3;1/5,1/3,1"` (rows split by `;`) and returns the AHP weights and
/// consistency. Refuses non-square, non-positive or non-reciprocal matrices naming the cell, and
/// CR ≥ 0.10 with an explanation.
pub fn ahp(matrix: &str) -> Result<Ahp> {
    let rows: Vec<Vec<&str>> = matrix.split(';').map(|r| r.split(',').collect()).collect();
    let n = rows.len();
    if !(2..=10).contains(&n) {
        return Err(Error::invalid("ahp", format!("{n} rows: compare 2 to 10 criteria")));
    }
    let mut a = vec![vec![0.0; n]; n];
    for (i, r) in rows.iter().enumerate() {
        if r.len() != n {
            return Err(Error::invalid(
                format!("ahp row {}", i + 1),
                format!("has {} cells, the matrix needs {n} (it must be square)", r.len()),
            ));
        }
        for (j, c) in r.iter().enumerate() {
            a[i][j] = cell(c, i, j)?;
        }
    }
    for i in 0..n {
        if (a[i][i] - 1.0).abs() > 1e-9 {
            return Err(Error::invalid(
                format!("ahp[{},{}]", i + 1, i + 1),
                "the diagonal must be 1",
            ));
        }
        for j in (i + 1)..n {
            if (a[i][j] * a[j][i] - 1.0).abs() > 0.01 {
                return Err(Error::invalid(
                    format!("ahp[{},{}]", j + 1, i + 1),
                    format!(
                        "must be the reciprocal of ahp[{},{}] (1/{}), not {}",
                        i + 1,
                        j + 1,
                        rows[i][j].trim(),
                        rows[j][i].trim()
                    ),
                ));
            }
        }
    }
    // Principal eigenvector by power iteration.
    let mut w = vec![1.0 / n as f64; n];
    for _ in 0..1000 {
        let mut next: Vec<f64> = (0..n).map(|i| (0..n).map(|j| a[i][j] * w[j]).sum()).collect();
        let s: f64 = next.iter().sum();
        next.iter_mut().for_each(|x| *x /= s);
        let delta: f64 = next.iter().zip(&w).map(|(x, y)| (x - y).abs()).sum();
        w = next;
        if delta < 1e-12 {
            break;
        }
    }
    let aw: Vec<f64> = (0..n).map(|i| (0..n).map(|j| a[i][j] * w[j]).sum()).collect();
    let lambda = aw.iter().zip(&w).map(|(x, y)| x / y).sum::<f64>() / n as f64;
    let ci = if n > 1 { (lambda - n as f64) / (n as f64 - 1.0) } else { 0.0 };
    let ri = RANDOM_INDEX[n];
    let cr = if ri > 0.0 { ci / ri } else { 0.0 };
    let f = |x: f64| format!("{x:.4}");
    if cr >= 0.10 {
        return Err(Error::invalid(
            "ahp",
            format!(
                "consistency ratio {:.3} ≥ 0.10: the comparisons contradict each other (e.g. A > B and B > C but C ≥ A); revise the judgments that disagree most",
                cr
            ),
        ));
    }
    Ok(Ahp {
        weights: w.into_iter().map(f).collect(),
        lambda_max: f(lambda),
        ci: f(ci),
        ri: format!("{ri:.2}"),
        cr: f(cr),
        consistent: true,
    })
}

/// One tender-style price score.
#[derive(Debug, Clone, Serialize, TS)]
pub struct PriceScore {
    /// The bid.
    pub bid: String,
    /// lowest ÷ bid × weight.
    pub score: String,
}

/// 综合评分法: price score = lowest compliant price ÷ this price × price weight (points).
pub fn price_scores(bids: &[String], weight: &str) -> Result<Vec<PriceScore>> {
    let w = Decimal::from_str(weight.trim())
        .map_err(|_| Error::invalid("weight", format!("'{weight}' is not a number")))?;
    if w <= Decimal::ZERO || w > Decimal::from(100) {
        return Err(Error::invalid("weight", "use the price weight in points, 0–100 (e.g. 30)"));
    }
    let ds: Vec<Decimal> = bids
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let d = Decimal::from_str(b.trim()).map_err(|_| {
                Error::invalid(format!("bids[{}]", i + 1), format!("'{b}' is not a price"))
            })?;
            if d <= Decimal::ZERO {
                return Err(Error::invalid(
                    format!("bids[{}]", i + 1),
                    "a price must be greater than zero",
                ));
            }
            Ok(d)
        })
        .collect::<Result<_>>()?;
    let low = ds
        .iter()
        .min()
        .copied()
        .ok_or_else(|| Error::invalid("bids", "give at least one price"))?;
    Ok(ds
        .iter()
        .map(|b| PriceScore {
            bid: money::plain(b.normalize()),
            score: money::two_dp(low / *b * w),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ahp_example_weights_and_consistency() {
        let r = ahp("1,3,5;1/3,1,3;1/5,1/3,1").expect("ahp");
        assert_eq!(r.weights, vec!["0.6370", "0.2583", "0.1047"]);
        assert_eq!(&r.cr[..5], "0.033");
    }

    #[test]
    fn ahp_bad_matrices_name_the_cell() {
        assert!(ahp("1,3;1/3").unwrap_err().to_string().contains("row 2"));
        assert!(ahp("1,-3;1/3,1").unwrap_err().to_string().contains("ahp[1,2]"));
        assert!(ahp("1,3;1/2,1").unwrap_err().to_string().contains("ahp[2,1]"));
        assert!(ahp("1,9,1/9;1/9,1,9;9,1/9,1")
            .unwrap_err()
            .to_string()
            .contains("consistency ratio"));
    }

    #[test]
    fn price_scores_as_tenders_do() {
        let s =
            price_scores(&["84480".into(), "92000".into(), "78000".into()], "30").expect("scores");
        let v: Vec<&str> = s.iter().map(|p| p.score.as_str()).collect();
        assert_eq!(v, vec!["27.70", "25.43", "30.00"]);
        assert!(price_scores(&["0".into()], "30").is_err());
    }

    #[test]
    fn jygpu_scorecard_uses_catalog_and_article_facts() {
        let store = Store::open_in_memory().expect("open");
        let b = score(&store, &profile("B").expect("B"), None).expect("score");
        let jy = b.scorecards.iter().find(|c| c.vendor_key == "jygpu").expect("jygpu");
        let d = |k: &str| jy.dimensions.iter().find(|d| d.key == k).expect(k);
        // 4090 + H100/H20 + 910B + 4 models = 100; container + bare metal = 80 (switching unknown).
        assert_eq!(d("gpu_range").score, Some(100));
        assert_eq!(d("instance_modes").score, Some(80));
        let pt = d("price_transparency");
        let final_prices = pt.criteria.iter().find(|c| c.fact == "final_prices").expect("final");
        assert_eq!(final_prices.state, "met");
        assert!(final_prices
            .evidence
            .as_ref()
            .is_some_and(|e| e.source.contains("价格表就是最终价格")));
        // No facts on record for support: unknown, not zero.
        assert_eq!(d("support").score, None);
        assert!(jy.known_dimensions < 6);
    }

    #[test]
    fn weights_are_normalised_and_said_so() {
        let dims = rubric().expect("rubric");
        let mut p = profile("A").expect("A");
        p.weights.insert("network".into(), "1.05".into());
        let w = normalise(&p, &dims).expect("w");
        assert!(w.normalised_from.is_some());
        let sum: Decimal = w.weights.values().map(|x| Decimal::from_str(x).expect("d")).sum();
        assert!((sum - Decimal::ONE).abs() < Decimal::new(1, 3));
    }
}
