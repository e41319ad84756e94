//! Compare (需求比价): from a requirement to ranked candidates, each with its list cost on the
//! vendor's real billing units and its effective cost — the source article's three pitfalls
//! priced in as itemised adjustments — and every excluded offer with the constraint that
//! removed it.

use crate::catalog::{self, AccInfo, Pricing, Row, Selection, Viewer};
use crate::error::{Error, Result};
use crate::model::{BillingUnit, Mode, OfferView, Tenancy};
use crate::money;
use crate::names;
use crate::store::Store;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::str::FromStr;
use std::sync::Arc;
use ts_rs::TS;

/// Candidates described in full; the rest are counted in `candidates_total`.
pub const MAX_CANDIDATES: usize = 100;

/// `data/pricing.toml`.
pub const PRICING: &str = include_str!("../data/pricing.toml");
/// `data/scenarios.toml`.
pub const SCENARIOS: &str = include_str!("../data/scenarios.toml");

/// What the buyer needs. Every field is optional in the UI; a scenario fills the gaps.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct Requirement {
    /// Scenario preset `A`, `B` or `C` (DOMAIN.md).
    #[ts(optional)]
    pub scenario: Option<String>,
    /// Accelerator as people name it (`H100`, `4090`, `910B`).
    #[ts(optional)]
    pub gpu: Option<String>,
    /// Minimum GPU memory per GPU, GB (instead of a name).
    #[ts(optional)]
    pub min_memory_gb: Option<u32>,
    /// Minimum dense FP16 TFLOPS per GPU (instead of a name).
    #[ts(optional)]
    pub min_tflops: Option<String>,
    /// Domestic (信创) accelerators only.
    pub domestic: bool,
    /// GPUs needed.
    #[ts(optional)]
    pub count: Option<u32>,
    /// How long: `4h`, `90d`, `12w`, `3mo`, `1y`.
    #[ts(optional)]
    pub duration: Option<String>,
    /// One uninterrupted run (interruptions cost lost work and recovery time).
    pub continuous: bool,
    /// Checkpoint interval, e.g. `4h` (half of it is lost on average per interruption).
    #[ts(optional)]
    pub checkpoint: Option<String>,
    /// Allowed instance modes (empty = any).
    pub modes: Vec<Mode>,
    /// Dedicated tenancy only.
    pub dedicated: bool,
    /// No preemptible/spot offers.
    pub no_interruptible: bool,
    /// Multi-GPU jobs need NVLink-class GPU links.
    pub nvlink: bool,
    /// Preferred region (a soft preference: ties go to offers in it).
    #[ts(optional)]
    pub region: Option<String>,
    /// Storage to price, TB (flags vendors whose storage fee is not stated).
    #[ts(optional)]
    pub storage_tb: Option<String>,
    /// Data egress to price, TB.
    #[ts(optional)]
    pub egress_tb: Option<String>,
    /// Include bring-up time by support level in the effective cost.
    pub bring_up: bool,
    /// Rank by effective (default) or list total.
    #[ts(optional)]
    pub rank_by: Option<RankBy>,
    /// Also consider pending (unreviewed) snapshots newer than the approved lists; candidates
    /// from them are marked `review_state: pending`.
    #[serde(default)]
    #[ts(optional)]
    pub include_pending: Option<bool>,
    /// Effective-cost parameters (defaults from `data/pricing.toml`).
    #[ts(optional)]
    pub params: Option<ModelParams>,
}

/// Ranking order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum RankBy {
    /// Effective total (list plus adjustments).
    Effective,
    /// List total.
    List,
}

/// Effective-cost parameters, decimal strings.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
pub struct ModelParams {
    /// Expected interruptions per day of an interruptible offer on a continuous job.
    pub interruptions_per_day: String,
    /// Hours to recover from one interruption.
    pub recovery_hours: String,
    /// Checkpoint interval used when the requirement gives none, hours.
    pub default_checkpoint_hours: String,
    /// Relative throughput of multi-GPU jobs on PCIe-only GPUs (0–1].
    pub pcie_throughput: String,
    /// Bring-up days without dedicated support.
    pub bring_up_days_without_support: String,
    /// Bring-up days with dedicated support.
    pub bring_up_days_with_support: String,
    /// Where the defaults come from.
    pub sources: Vec<String>,
}

#[derive(Deserialize)]
struct PricingFile {
    interruption: InterruptionDefaults,
    interconnect: InterconnectDefaults,
    bring_up: BringUpDefaults,
}
#[derive(Deserialize)]
struct InterruptionDefaults {
    per_day: String,
    recovery_hours: String,
    default_checkpoint_hours: String,
    source: String,
}
#[derive(Deserialize)]
struct InterconnectDefaults {
    pcie_throughput: String,
    source: String,
}
#[derive(Deserialize)]
struct BringUpDefaults {
    days_without_support: String,
    days_with_support: String,
    source: String,
}

impl ModelParams {
    /// The shipped defaults.
    pub fn defaults() -> Result<Self> {
        let f: PricingFile = toml::from_str(PRICING)
            .map_err(|e| Error::Data { file: "pricing.toml".into(), message: e.to_string() })?;
        Ok(ModelParams {
            interruptions_per_day: f.interruption.per_day,
            recovery_hours: f.interruption.recovery_hours,
            default_checkpoint_hours: f.interruption.default_checkpoint_hours,
            pcie_throughput: f.interconnect.pcie_throughput,
            bring_up_days_without_support: f.bring_up.days_without_support,
            bring_up_days_with_support: f.bring_up.days_with_support,
            sources: vec![f.interruption.source, f.interconnect.source, f.bring_up.source],
        })
    }
}

/// A scenario preset.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
pub struct Scenario {
    /// `A`, `B`, `C`.
    pub key: String,
    /// Chinese name.
    pub name_zh: String,
    /// English name.
    pub name_en: String,
    /// Default accelerator.
    pub gpu: String,
    /// Default GPU count.
    pub count: u32,
    /// Default duration.
    pub duration: String,
    /// Continuous run.
    #[serde(default)]
    pub continuous: bool,
    /// Allowed modes.
    #[serde(default)]
    pub modes: Vec<Mode>,
    /// Dedicated only.
    #[serde(default)]
    pub dedicated: bool,
    /// No preemptible.
    #[serde(default)]
    pub no_interruptible: bool,
    /// NVLink-class links for multi-GPU.
    #[serde(default)]
    pub nvlink: bool,
    /// Domestic only.
    #[serde(default)]
    pub domestic: bool,
    /// What the article says of it.
    pub note: String,
}

#[derive(Deserialize)]
struct ScenarioFile {
    scenario: Vec<Scenario>,
}

/// The shipped scenario presets.
pub fn scenarios() -> Result<Vec<Scenario>> {
    let f: ScenarioFile = toml::from_str(SCENARIOS)
        .map_err(|e| Error::Data { file: "scenarios.toml".into(), message: e.to_string() })?;
    Ok(f.scenario)
}

/// A duration in hours with the words it was given in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hours(pub u32);

/// Parses `4h`, `90d`, `12w`, `3mo`, `1y` (also `3m`, `3 months`, `5天`, `3个月`) into whole
/// hours under the hours-per-month convention (a year is twelve months).
pub fn parse_duration(s: &str, hours_per_month: u32, field: &str) -> Result<Hours> {
    let t = s.trim().to_lowercase().replace(' ', "");
    let split = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let bad = || {
        Error::invalid(
            field,
            format!("'{s}' is not a duration: use a number and a unit, e.g. 4h, 90d, 12w, 3mo, 1y"),
        )
    };
    let n = Decimal::from_str(num).map_err(|_| bad())?;
    let per: u32 = match unit {
        "h" | "hr" | "hrs" | "hour" | "hours" | "小时" => 1,
        "d" | "day" | "days" | "天" | "日" => 24,
        "w" | "wk" | "week" | "weeks" | "周" => 168,
        "m" | "mo" | "mon" | "month" | "months" | "月" | "个月" => hours_per_month,
        "y" | "yr" | "year" | "years" | "年" => hours_per_month * 12,
        _ => return Err(bad()),
    };
    let hours = (n * Decimal::from(per)).ceil();
    if hours <= Decimal::ZERO {
        return Err(Error::invalid(field, format!("'{s}' must be longer than zero")));
    }
    let h: u32 = hours
        .to_string()
        .parse()
        .map_err(|_| Error::invalid(field, format!("'{s}' is too long (over 490,000 years)")))?;
    Ok(Hours(h))
}

/// One line of a billing plan: `quantity` × `unit` at `unit_price` per instance.
#[derive(Debug, Clone, Serialize, TS)]
pub struct PlanLine {
    /// Billing unit.
    pub unit: BillingUnit,
    /// Units bought per instance.
    pub quantity: u32,
    /// Price of one unit for one instance, offer currency.
    pub unit_price: String,
    /// The offer billed.
    #[ts(type = "number")]
    pub offer_id: i64,
}

/// An itemised effective-cost adjustment.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Adjustment {
    /// `interruption`, `interconnect` or `bring_up`.
    pub kind: String,
    /// Extra cost in CNY (exact decimal string).
    pub amount_cny: String,
    /// Extra paid hours behind it.
    pub extra_hours: String,
    /// The assumption in words, with its numbers.
    pub assumption: String,
    /// The same in Chinese.
    pub assumption_zh: String,
    /// The parameter that drives it and its value.
    pub parameter: String,
}

/// A ranked candidate.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Candidate {
    /// 1 = best.
    pub rank: u32,
    /// Vendor (Chinese name).
    pub vendor: String,
    /// Vendor English name.
    pub vendor_en: String,
    /// The offer (the one billed for the largest share of the plan).
    pub offer: OfferView,
    /// Instances needed (whole instances).
    pub instances: u32,
    /// GPUs paid for (instances × GPUs per instance).
    pub gpus_paid: u32,
    /// Billing plan per instance.
    pub billing_plan: Vec<PlanLine>,
    /// The plan in words, e.g. `3 × month`.
    pub billing_plan_text: String,
    /// Hours paid per instance by the plan.
    pub hours_billed: u32,
    /// List total in the offer's currency.
    pub list_total: String,
    /// Currency of `list_total`.
    pub currency: String,
    /// List total in CNY.
    pub list_total_cny: String,
    /// Effective total in CNY (list + adjustments).
    pub effective_total_cny: String,
    /// List CNY per GPU-hour (list total ÷ GPUs paid ÷ hours needed).
    pub per_gpu_hour_cny: String,
    /// Effective CNY per GPU-hour of the requirement.
    pub effective_per_gpu_hour_cny: String,
    /// CNY per dense FP16 PFLOP-hour, when the accelerator's TFLOPS are known.
    pub per_pflop_hour_cny: Option<String>,
    /// CNY per GB-of-GPU-memory-hour, when memory is known.
    pub per_gb_hour_cny: Option<String>,
    /// Adjustments, itemised.
    pub adjustments: Vec<Adjustment>,
    /// Fees asked for (storage, egress) that the vendor does not state.
    pub fees_unknown: bool,
    /// Things to check with the vendor.
    pub warnings: Vec<String>,
    /// The same in Chinese.
    pub warnings_zh: Vec<String>,
    /// Offer is in the preferred region.
    pub region_match: bool,
}

/// An offer that does not qualify, and why.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Exclusion {
    /// Vendor (Chinese name).
    pub vendor: String,
    /// The offer in words.
    pub offer: String,
    /// Offer id.
    #[ts(type = "number")]
    pub offer_id: i64,
    /// The constraint that removed it.
    pub reason: String,
    /// Stable code of that constraint: `mode`, `tenancy`, `interruptible`, `nvlink`, `price`,
    /// `fx_rate` (the UI words it in its language).
    pub reason_code: String,
}

/// The requirement as understood.
#[derive(Debug, Clone, Serialize, TS)]
pub struct RequirementSummary {
    /// Scenario used.
    pub scenario: Option<String>,
    /// Accelerators that qualify by name/memory/compute.
    pub accelerators: Vec<String>,
    /// GPUs needed.
    pub count: u32,
    /// Duration as given.
    pub duration: String,
    /// Duration in hours.
    pub hours: u32,
    /// Hours per month used.
    pub hours_per_month: u32,
    /// Continuous run.
    pub continuous: bool,
    /// Checkpoint interval, hours.
    pub checkpoint_hours: String,
    /// The constraints in words.
    pub constraints: Vec<String>,
    /// Allowed modes (empty = any).
    pub modes: Vec<Mode>,
    /// Dedicated only.
    pub dedicated: bool,
    /// No preemptible.
    pub no_interruptible: bool,
    /// NVLink-class links for multi-GPU.
    pub nvlink: bool,
    /// Domestic only.
    pub domestic: bool,
    /// Preferred region.
    pub region: Option<String>,
    /// Parameters used.
    pub params: ModelParams,
    /// Ranking order used.
    pub rank_by: RankBy,
    /// Rates used (`1 USD = 7.10 CNY (2026-11-09)`).
    pub rates: Vec<String>,
}

impl RequirementSummary {
    /// The requirement in words: `8 × H100 SXM 80GB for 3mo (2160 h), scenario B; bare metal…`.
    pub fn words(&self) -> String {
        format!(
            "{} × {} for {} ({} h){}{}",
            self.count,
            self.accelerators.join(" / "),
            self.duration,
            self.hours,
            self.scenario.as_deref().map(|s| format!(", scenario {s}")).unwrap_or_default(),
            if self.constraints.is_empty() {
                String::new()
            } else {
                format!("; {}", self.constraints.join(", "))
            }
        )
    }
}

/// The answer to a requirement.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Comparison {
    /// The requirement as understood.
    pub requirement: RequirementSummary,
    /// Ranked candidates (the best `MAX_CANDIDATES`).
    pub candidates: Vec<Candidate>,
    /// How many configurations qualified in all.
    pub candidates_total: u32,
    /// Offers of the qualifying accelerators that do not qualify, with reasons.
    pub excluded: Vec<Exclusion>,
    /// Current offers of other accelerators (not listed one by one).
    pub other_accelerator_offers: u32,
    /// When no candidate is left: which constraint emptied the list.
    pub empty_reason: Option<String>,
}

/// Resolved parameters as decimals.
struct Params {
    per_day: Decimal,
    recovery: Decimal,
    checkpoint: Decimal,
    pcie: Decimal,
    bring_up_without: Decimal,
}

fn dec(field: &str, s: &str) -> Result<Decimal> {
    Decimal::from_str(s.trim())
        .map_err(|_| Error::invalid(field, format!("'{s}' is not a decimal number")))
}

/// Returns why an offer fails a constraint, or `None` when it passes.
type Check = Box<dyn Fn(&Row, u32) -> Option<String>>;

/// A partial plan: cost, (unit index, quantity) lines, hours covered.
type Partial = (Decimal, Vec<(usize, u32)>, u32);

/// A unit a family bills in: unit, price per instance, offer id.
type Unit = (BillingUnit, Decimal, i64);

/// A constraint, checked in this order; the first that fails is the reason given.
struct Constraint {
    code: &'static str,
    label: String,
    check: Check,
}

/// Compares the current catalog against a requirement.
pub fn recommend(store: &Store, req: &Requirement) -> Result<Comparison> {
    let pricing = Pricing::load(store)?;
    let hpm = pricing.hours_per_month;
    let mut req = req.clone();
    let scenario = match req.scenario.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(key) => {
            let all = scenarios()?;
            let sc =
                all.into_iter().find(|s| s.key.eq_ignore_ascii_case(key)).ok_or_else(|| {
                    Error::invalid("scenario", format!("'{key}' is not a scenario: use A, B or C"))
                })?;
            apply_scenario(&mut req, &sc);
            Some(sc)
        }
        None => None,
    };

    // Validate the requirement, naming the field.
    let count =
        req.count.ok_or_else(|| Error::invalid("count", "give how many GPUs (--count N)"))?;
    if count == 0 {
        return Err(Error::invalid("count", "must be at least 1 GPU"));
    }
    let duration_text = req
        .duration
        .clone()
        .ok_or_else(|| Error::invalid("duration", "give how long (--duration 3mo)"))?;
    let Hours(hours) = parse_duration(&duration_text, hpm, "duration")?;
    let defaults = ModelParams::defaults()?;
    let mp = req.params.clone().unwrap_or(defaults);
    let checkpoint = match req.checkpoint.as_deref().filter(|s| !s.trim().is_empty()) {
        Some(c) => Decimal::from(parse_duration(c, hpm, "checkpoint")?.0),
        None => dec("params.default_checkpoint_hours", &mp.default_checkpoint_hours)?,
    };
    let p = Params {
        per_day: dec("params.interruptions_per_day", &mp.interruptions_per_day)?,
        recovery: dec("params.recovery_hours", &mp.recovery_hours)?,
        checkpoint,
        pcie: dec("params.pcie_throughput", &mp.pcie_throughput)?,
        bring_up_without: dec(
            "params.bring_up_days_without_support",
            &mp.bring_up_days_without_support,
        )?,
    };
    if p.pcie <= Decimal::ZERO || p.pcie > Decimal::ONE {
        return Err(Error::invalid(
            "params.pcie_throughput",
            format!("{} must be in (0, 1]", p.pcie),
        ));
    }
    for (field, v) in [
        ("params.interruptions_per_day", p.per_day),
        ("params.recovery_hours", p.recovery),
        ("params.bring_up_days_without_support", p.bring_up_without),
    ] {
        if v < Decimal::ZERO {
            return Err(Error::invalid(field, format!("{v} must not be negative")));
        }
    }
    let storage_tb = opt_dec("storage_tb", req.storage_tb.as_deref())?;
    let egress_tb = opt_dec("egress_tb", req.egress_tb.as_deref())?;
    let min_tflops = opt_dec("min_tflops", req.min_tflops.as_deref())?;
    let by_name = req.gpu.as_deref().map(str::trim).filter(|s| !s.is_empty());
    if by_name.is_some() && (req.min_memory_gb.is_some() || min_tflops.is_some()) {
        return Err(Error::invalid(
            "gpu",
            "give either a GPU name or minimum memory/compute, not both",
        ));
    }
    if by_name.is_none() && req.min_memory_gb.is_none() && min_tflops.is_none() {
        return Err(Error::invalid(
            "gpu",
            "give a GPU (--gpu H100) or --min-memory / --min-tflops",
        ));
    }

    // Which accelerators qualify.
    let accs = catalog::accelerators(store)?;
    let mut acc_ids: Vec<i64> = match by_name {
        Some(g) => names::resolve_gpu(store, g)?,
        None => accs
            .values()
            .filter(|a| req.min_memory_gb.is_none_or(|m| a.memory_gb.is_some_and(|g| g >= m)))
            .filter(|a| min_tflops.is_none_or(|t| a.fp16_tflops.is_some_and(|f| f >= t)))
            .map(|a| a.id)
            .collect(),
    };
    if req.domestic {
        let before = acc_ids.len();
        acc_ids.retain(|id| accs.get(id).is_some_and(|a| a.domestic));
        if acc_ids.is_empty() && before > 0 {
            let what = by_name.unwrap_or("the accelerators that meet the memory/compute minimum");
            return Err(Error::invalid(
                "domestic",
                format!(
                    "contradictory: domestic only (信创), but {what} is not a domestic accelerator"
                ),
            ));
        }
    }
    if acc_ids.is_empty() {
        return Err(Error::invalid(
            "gpu",
            "no accelerator has that much memory/compute: lower --min-memory or --min-tflops",
        ));
    }
    let mut acc_names: Vec<String> =
        acc_ids.iter().filter_map(|id| accs.get(id)).map(|a| a.name.to_string()).collect();
    acc_names.sort();

    let sc_name = scenario.as_ref().map(|s| format!("scenario {}", s.key));
    let who = |what: &str| match &sc_name {
        Some(s) => format!("{s} requires {what}"),
        None => format!("the requirement asks for {what}"),
    };
    let mut constraints: Vec<Constraint> = Vec::new();
    if !req.modes.is_empty() {
        let modes = req.modes.clone();
        let names: Vec<&str> = modes.iter().map(|m| mode_words(*m)).collect();
        let want = who(&names.join(" or "));
        constraints.push(Constraint {
            code: "mode",
            label: format!("instance mode {}", names.join("/")),
            check: Box::new(move |o, _| {
                (!modes.contains(&o.mode)).then(|| format!("{}: {want}", describe_kind(o)))
            }),
        });
    }
    if req.dedicated {
        let want = who("dedicated tenancy");
        constraints.push(Constraint {
            code: "tenancy",
            label: "dedicated tenancy".into(),
            check: Box::new(move |o, _| {
                (o.tenancy == Tenancy::Shared).then(|| format!("{}: {want}", describe_kind(o)))
            }),
        });
    }
    if req.no_interruptible {
        let want = who("uninterrupted runs");
        constraints.push(Constraint {
            code: "interruptible",
            label: "not preemptible".into(),
            check: Box::new(move |o, _| {
                o.interruptible.then(|| format!("preemptible/spot instance: {want}"))
            }),
        });
    }
    if req.nvlink && count > 1 {
        let want = who(&format!("NVLink-class GPU links for a {count}-GPU job"));
        constraints.push(Constraint {
            code: "nvlink",
            label: "NVLink-class links".into(),
            check: Box::new(move |o, _| {
                (!o.acc.nvlink).then(|| format!("{} has PCIe links only: {want}", o.acc.name))
            }),
        });
    }
    constraints.push(Constraint {
        code: "price",
        label: "a price".into(),
        check: Box::new(|o, _| {
            (o.price <= Decimal::ZERO).then(|| "no price stated (面议)".to_string())
        }),
    });
    let rates = pricing.rates.clone();
    constraints.push(Constraint {
        code: "fx_rate",
        label: "an exchange rate".into(),
        check: Box::new(move |o, _| {
            (&*o.currency != "CNY" && !rates.contains_key(&*o.currency))
                .then(|| format!("no {}→CNY exchange rate stored: add one in Settings", o.currency))
        }),
    });

    // Read the current offers of the qualifying accelerators.
    let rows = catalog::load_rows(
        store,
        &Selection {
            acc_ids: Some(acc_ids.clone()),
            include_pending: req.include_pending.unwrap_or(false),
            ..Default::default()
        },
    )?;
    // Offers of the other accelerators, counted through the (snapshot_id, accelerator_id) index.
    let mut total_current: u32 = 0;
    {
        let mut count =
            store.conn().prepare_cached("SELECT count(*) FROM offers WHERE snapshot_id = ?1")?;
        for sid in catalog::snapshot_ids(store, req.include_pending.unwrap_or(false))? {
            total_current += count.query_row([sid], |r| r.get::<_, u32>(0))?;
        }
    }
    let other = total_current.saturating_sub(rows.len() as u32);

    let mut excluded: Vec<Exclusion> = Vec::new();
    let mut survivors_after: Vec<usize> = vec![0; constraints.len()];
    let mut kept: Vec<Row> = Vec::new();
    'rows: for o in rows {
        for (i, c) in constraints.iter().enumerate() {
            if let Some(reason) = (c.check)(&o, count) {
                excluded.push(Exclusion {
                    vendor: o.snap.vendor.to_string(),
                    offer: describe(&o),
                    offer_id: o.id,
                    reason,
                    reason_code: c.code.to_string(),
                });
                continue 'rows;
            }
            survivors_after[i] += 1;
        }
        kept.push(o);
    }

    // Group offers of one configuration (vendor snapshot, GPU, instance shape, region) so that a
    // plan can combine their billing units.
    // Sorting by the key and cutting runs allocates nothing per offer (a map keyed by owned
    // strings was a third of the comparison on a large catalog).
    fn family_key(o: &Row) -> (i64, i64, u32, Mode, Tenancy, bool, Option<&str>, &str) {
        (
            o.snap.id,
            o.acc.id,
            o.gpus,
            o.mode,
            o.tenancy,
            o.interruptible,
            o.region.as_deref(),
            &o.currency,
        )
    }
    kept.sort_by(|a, b| family_key(a).cmp(&family_key(b)));
    let mut families: Vec<Vec<Row>> = Vec::new();
    for o in kept {
        match families.last_mut() {
            Some(f) if family_key(&f[0]) == family_key(&o) => f.push(o),
            _ => families.push(vec![o]),
        }
    }

    // Rank every configuration on its totals, then describe only the best `MAX_CANDIDATES`.
    let mut viewer = Viewer::new(&pricing);
    let rank_by = req.rank_by.unwrap_or(RankBy::Effective);
    let region = req.region.as_deref().map(str::to_lowercase);
    let in_region = |offers: &[Row]| {
        region.as_deref().is_some_and(|r| {
            offers.iter().any(|o| o.region.as_deref().is_some_and(|x| x.to_lowercase().contains(r)))
        })
    };
    let mut ranked: Vec<(Decimal, bool, i64, usize)> = Vec::with_capacity(families.len());
    for (i, offers) in families.iter().enumerate() {
        let (eff, list, _) =
            price_family(offers, count, hours, &req, &p, &pricing, &mut viewer, hpm, false)?;
        let key = match rank_by {
            RankBy::Effective => eff,
            RankBy::List => list,
        };
        ranked.push((key, !in_region(offers), offers[0].id, i));
    }
    ranked.sort();
    let candidates_total = ranked.len() as u32;
    let mut candidates: Vec<Candidate> = Vec::new();
    for (rank, (_, _, _, i)) in ranked.into_iter().take(MAX_CANDIDATES).enumerate() {
        if let (_, _, Some(mut c)) =
            price_family(&families[i], count, hours, &req, &p, &pricing, &mut viewer, hpm, true)?
        {
            c.rank = rank as u32 + 1;
            candidates.push(c);
        }
    }

    let empty_reason = if candidates.is_empty() {
        let available = survivors_after.len();
        let first_empty = (0..available).find(|&i| survivors_after[i] == 0);
        Some(match (excluded.len(), first_empty) {
            (0, _) => format!(
                "no current offer of {} at all: import or scrape a price list for it",
                acc_names.join(" / ")
            ),
            (n, Some(i)) => format!(
                "the constraint '{}' removed the last of {n} offers of {}",
                constraints[i].label,
                acc_names.join(" / ")
            ),
            (n, None) => format!("all {n} offers were excluded"),
        })
    } else {
        None
    };

    let mut rate_words: Vec<String> = pricing
        .rates
        .iter()
        .map(|(c, (r, d))| format!("1 {c} = {} CNY ({d})", money::plain(r.normalize())))
        .collect();
    rate_words.sort();
    let mut constraint_words: Vec<String> = Vec::new();
    if req.domestic {
        constraint_words.push("domestic (信创) accelerators only".into());
    }
    constraint_words
        .extend(constraints.iter().take(constraints.len() - 2).map(|c| c.label.clone()));
    if req.continuous {
        constraint_words.push("continuous run".into());
    }
    if let Some(r) = &req.region {
        constraint_words.push(format!("prefers region {r}"));
    }
    Ok(Comparison {
        requirement: RequirementSummary {
            scenario: scenario.map(|s| s.key),
            accelerators: acc_names,
            count,
            duration: duration_text,
            hours,
            hours_per_month: hpm,
            continuous: req.continuous,
            checkpoint_hours: money::plain(p.checkpoint.normalize()),
            constraints: constraint_words,
            modes: req.modes.clone(),
            dedicated: req.dedicated,
            no_interruptible: req.no_interruptible,
            nvlink: req.nvlink && count > 1,
            domestic: req.domestic,
            region: req.region.clone(),
            params: mp,
            rank_by,
            rates: rate_words,
        },
        candidates,
        candidates_total,
        excluded,
        other_accelerator_offers: other,
        empty_reason,
    })
    .map(|mut c| {
        let _ = (&storage_tb, &egress_tb);
        c.candidates.iter_mut().for_each(|cand| {
            if (storage_tb.is_some() || egress_tb.is_some()) && cand.offer.fees.is_none() {
                cand.fees_unknown = true;
                cand.warnings.push(
                    "storage/egress fees are not stated by this vendor: ask before comparing totals"
                        .into(),
                );
                cand.warnings_zh.push("该供应商未标明存储/流量费用：比较总价前请询价".into());
            }
        });
        c
    })
}

fn opt_dec(field: &str, s: Option<&str>) -> Result<Option<Decimal>> {
    match s.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(v) => {
            let d = dec(field, v)?;
            if d < Decimal::ZERO {
                return Err(Error::invalid(field, format!("{d} must not be negative")));
            }
            Ok(Some(d))
        }
    }
}

/// Fills what the scenario decides and the user left open; its constraints always apply.
fn apply_scenario(req: &mut Requirement, sc: &Scenario) {
    if req.gpu.is_none() && req.min_memory_gb.is_none() && req.min_tflops.is_none() {
        req.gpu = Some(sc.gpu.clone());
    }
    req.count = req.count.or(Some(sc.count));
    if req.duration.as_deref().is_none_or(|d| d.trim().is_empty()) {
        req.duration = Some(sc.duration.clone());
    }
    req.continuous |= sc.continuous;
    if !sc.modes.is_empty() {
        req.modes = if req.modes.is_empty() {
            sc.modes.clone()
        } else {
            req.modes.iter().copied().filter(|m| sc.modes.contains(m)).collect()
        };
        if req.modes.is_empty() {
            req.modes = sc.modes.clone();
        }
    }
    req.dedicated |= sc.dedicated;
    req.no_interruptible |= sc.no_interruptible;
    req.nvlink |= sc.nvlink;
    req.domestic |= sc.domestic;
}

fn mode_words(m: Mode) -> &'static str {
    match m {
        Mode::Container => "container instances",
        Mode::Vm => "VMs",
        Mode::BareMetal => "bare metal",
    }
}

fn describe_kind(o: &Row) -> String {
    let mode = match o.mode {
        Mode::Container => "container instance",
        Mode::Vm => "VM",
        Mode::BareMetal => "bare-metal instance",
    };
    let tenancy = match o.tenancy {
        Tenancy::Dedicated => "dedicated",
        Tenancy::Shared => "shared",
    };
    format!("{tenancy} {mode}")
}

/// An offer in words: `H100 SXM 80GB ×8 bare_metal, dedicated, 84480.00 CNY/month`.
fn describe(o: &Row) -> String {
    let mut s = format!(
        "{} ×{} {}, {}{}, {} {}{}/{}",
        o.acc.name,
        o.gpus,
        o.mode,
        o.tenancy,
        if o.interruptible { ", preemptible" } else { "" },
        money::exact(o.price),
        o.currency,
        if o.basis == crate::model::PriceBasis::Gpu { " per GPU" } else { "" },
        o.billing
    );
    if let Some(r) = &o.region {
        s.push_str(&format!(" ({r})"));
    }
    s
}

/// The cheapest way to pay for `hours` hours per instance with the billing units on offer.
/// Returns (cost per instance, lines, hours billed).
fn plan(units: &[Unit], hours: u32, hpm: u32) -> (Decimal, Vec<PlanLine>, u32) {
    if let [(unit, price, id)] = units {
        // One billing unit: whole units covering the hours.
        let uh = unit_hours(*unit, hpm);
        let q = hours.max(1).div_ceil(uh);
        let line =
            PlanLine { unit: *unit, quantity: q, unit_price: money::exact(*price), offer_id: *id };
        return (*price * Decimal::from(q), vec![line], q * uh);
    }
    // Units from longest to shortest; try every count of each longer unit, the shortest covers
    // the rest. Small: a few hundred combinations for multi-year terms.
    let mut units: Vec<Unit> = units.to_vec();
    units.sort_by_key(|u| std::cmp::Reverse(unit_hours(u.0, hpm)));
    fn go(units: &[Unit], rem: u32, hpm: u32) -> (Decimal, Vec<(usize, u32)>, u32) {
        let (unit, price, _) = units[0];
        let uh = unit_hours(unit, hpm);
        let max = rem.div_ceil(uh);
        if units.len() == 1 {
            return (price * Decimal::from(max), vec![(0, max)], max * uh);
        }
        let mut best: Option<Partial> = None;
        for k in (0..=max).rev() {
            let covered = k * uh;
            let (rest_cost, rest_lines, rest_hours) = if covered >= rem {
                (Decimal::ZERO, vec![], 0)
            } else {
                go(&units[1..], rem - covered, hpm)
            };
            let cost = price * Decimal::from(k) + rest_cost;
            let better = match &best {
                None => true,
                Some((c, _, h)) => cost < *c || (cost == *c && covered + rest_hours < *h),
            };
            if better {
                let mut lines = vec![(0, k)];
                lines.extend(rest_lines.into_iter().map(|(i, q)| (i + 1, q)));
                best = Some((cost, lines, covered + rest_hours));
            }
        }
        best.unwrap_or((Decimal::ZERO, vec![], 0))
    }
    let (cost, lines, billed) = go(&units, hours.max(1), hpm);
    let lines = lines
        .into_iter()
        .filter(|(_, q)| *q > 0)
        .map(|(i, q)| PlanLine {
            unit: units[i].0,
            quantity: q,
            unit_price: money::exact(units[i].1),
            offer_id: units[i].2,
        })
        .collect();
    (cost, lines, billed)
}

fn unit_hours(u: BillingUnit, hpm: u32) -> u32 {
    match u {
        BillingUnit::Hour => 1,
        BillingUnit::Day => 24,
        BillingUnit::Month => hpm,
        BillingUnit::Year => hpm * 12,
    }
}

#[allow(clippy::too_many_arguments)]
fn price_family(
    offers: &[Row],
    count: u32,
    hours: u32,
    req: &Requirement,
    p: &Params,
    pricing: &Pricing,
    viewer: &mut Viewer<'_>,
    hpm: u32,
    detail: bool,
) -> Result<(Decimal, Decimal, Option<Candidate>)> {
    // Cheapest offer per billing unit.
    let mut units: Vec<Unit> = Vec::with_capacity(offers.len().min(4));
    for o in offers {
        let price = o.instance_price();
        match units.iter_mut().find(|u| u.0 == o.billing) {
            Some(u) if price < u.1 => *u = (o.billing, price, o.id),
            Some(_) => {}
            None => units.push((o.billing, price, o.id)),
        }
    }
    let first = &offers[0];
    let acc: &Arc<AccInfo> = &first.acc;
    let (rate, _) = pricing.to_cny(&first.currency).unwrap_or((Decimal::ONE, None));
    let gpus = first.gpus.max(1);
    let instances = count.div_ceil(gpus);
    let n = Decimal::from(instances);
    // The cost alone (no plan lines) when only ranking: one unit is a multiplication.
    let cost_only = |h: u32| -> Decimal {
        match units.as_slice() {
            [(unit, price, _)] => {
                *price * Decimal::from(h.max(1).div_ceil(unit_hours(*unit, hpm))) * n
            }
            _ => plan(&units, h, hpm).0 * n,
        }
    };
    let (list_total, lines, billed) = if detail {
        let (c, lines, billed) = plan(&units, hours, hpm);
        (c * n, lines, billed)
    } else {
        (cost_only(hours), Vec::new(), 0)
    };
    let list_cny = list_total * rate;

    // Effective cost: the same plan for the longer time the job really occupies.
    let mut adjustments = Vec::new();
    let mut eff_hours = Decimal::from(hours);
    let mut prev_cost = list_total;
    let mut push = |kind: &str,
                    extra: Decimal,
                    words: (String, String),
                    parameter: String,
                    eff_hours: Decimal| {
        let (assumption, assumption_zh) = words;
        let h = eff_hours.ceil().to_string().parse::<u32>().unwrap_or(u32::MAX);
        let c = cost_only(h);
        let amount = (c - prev_cost) * rate;
        prev_cost = c;
        adjustments.push(Adjustment {
            kind: kind.into(),
            amount_cny: money::exact(money::round(amount, 2)),
            extra_hours: money::plain(money::round(extra, 2).normalize()),
            assumption,
            assumption_zh,
            parameter,
        });
    };
    if count > 1 && !acc.nvlink {
        let longer = Decimal::from(hours) / p.pcie;
        let extra = longer - Decimal::from(hours);
        eff_hours += extra;
        push(
            "interconnect",
            extra,
            {
                let pct = money::plain((p.pcie * Decimal::from(100)).normalize());
                let longer = money::plain(money::round(longer, 1).normalize());
                (
                    format!(
                        "{} has PCIe links only: a {count}-GPU job runs at {pct}% of NVLink throughput, so {hours} h become {longer} h",
                        acc.name
                    ),
                    format!(
                        "{} 仅有 PCIe 互联：{count} 卡任务的吞吐按 NVLink 的 {pct}% 计，{hours} 小时的工作需 {longer} 小时",
                        acc.name
                    ),
                )
            },
            format!("pcie_throughput = {}", money::plain(p.pcie.normalize())),
            eff_hours,
        );
    }
    if first.interruptible && req.continuous {
        let expected = p.per_day * eff_hours / Decimal::from(24);
        let per = p.recovery + p.checkpoint / Decimal::from(2);
        let extra = expected * per;
        eff_hours += extra;
        push(
            "interruption",
            extra,
            {
                let n = money::plain(money::round(expected, 2).normalize());
                let rate = money::plain(p.per_day.normalize());
                let days = money::plain(
                    money::round(eff_hours_before(eff_hours, extra) / Decimal::from(24), 2)
                        .normalize(),
                );
                let rec = money::plain(p.recovery.normalize());
                let ck = money::plain(p.checkpoint.normalize());
                let x = money::plain(money::round(extra, 2).normalize());
                (
                    format!(
                        "preemptible on a continuous job: {n} expected interruptions ({rate} per day × {days} days) × ({rec} h recovery + half of the {ck} h checkpoint interval) = {x} extra paid hours"
                    ),
                    format!(
                        "可抢占实例跑连续任务：预计中断 {n} 次（每天 {rate} 次 × {days} 天）×（恢复 {rec} 小时 + 检查点间隔 {ck} 小时的一半）= 多付 {x} 小时"
                    ),
                )
            },
            format!(
                "interruptions_per_day = {}, recovery_hours = {}, checkpoint = {} h",
                money::plain(p.per_day.normalize()),
                money::plain(p.recovery.normalize()),
                money::plain(p.checkpoint.normalize())
            ),
            eff_hours,
        );
    }
    if req.bring_up {
        let days = p.bring_up_without;
        let extra = days * Decimal::from(24);
        eff_hours += extra;
        push(
            "bring_up",
            extra,
            {
                let d = money::plain(days.normalize());
                (
                    format!(
                        "{d} days of bring-up before useful work (support level not on record for {}: assumed without dedicated support)",
                        first.snap.vendor
                    ),
                    format!(
                        "开始有效工作前部署调试 {d} 天（未记录 {} 的技术支持水平：按无专属支持计）",
                        first.snap.vendor
                    ),
                )
            },
            format!("bring_up_days_without_support = {}", money::plain(days.normalize())),
            eff_hours,
        );
    }
    let eff_cny = prev_cost * rate;
    if !detail {
        return Ok((eff_cny, list_cny, None));
    }
    let gpus_paid = instances * gpus;
    let gpu_hours = Decimal::from(gpus_paid) * Decimal::from(hours);
    let per_gpu_hour = list_cny / gpu_hours;
    let eff_per_gpu_hour = eff_cny / (Decimal::from(count) * Decimal::from(hours));
    let per_pflop = acc
        .fp16_tflops
        .filter(|t| !t.is_zero())
        .map(|t| money::two_dp(per_gpu_hour / (t / Decimal::from(1000))));
    let per_gb = acc.memory_gb.filter(|m| *m > 0).map(|m| {
        let v = per_gpu_hour / Decimal::from(m);
        money::plain(money::round(v, 4).normalize())
    });
    // The offer billed for the largest share represents the candidate.
    let main_id = lines
        .iter()
        .max_by_key(|l| l.quantity * unit_hours(l.unit, hpm))
        .map(|l| l.offer_id)
        .unwrap_or(first.id);
    let main = offers.iter().find(|o| o.id == main_id).unwrap_or(first).clone();
    let mut warnings = Vec::new();
    let mut warnings_zh = Vec::new();
    if main.from_price {
        warnings.push("a 'from' price (起): conditions may apply; confirm the final price".into());
        warnings_zh.push("“起”价：可能附带条件，请向供应商确认最终价格".into());
    }
    if instances > 1 && main.mode == Mode::BareMetal && req.nvlink {
        warnings.push(format!(
            "{instances} nodes: InfiniBand between nodes is not on record for {} — confirm inter-node bandwidth",
            main.snap.vendor
        ));
        warnings_zh.push(format!(
            "{instances} 个节点：未记录 {} 节点间是否有 InfiniBand，请确认节点间带宽",
            main.snap.vendor
        ));
    }
    if main.snap.confidence == crate::model::Confidence::Low {
        warnings.push("low-confidence price (secondary source): verify before quoting".into());
        warnings_zh.push("价格可信度低（二手来源）：报价前请核实".into());
    }
    let region_match = req.region.as_deref().is_some_and(|r| {
        main.region.as_deref().is_some_and(|mr| mr.to_lowercase().contains(&r.to_lowercase()))
    });
    let plan_text = lines
        .iter()
        .map(|l| format!("{} × {}", l.quantity, l.unit))
        .collect::<Vec<_>>()
        .join(" + ");
    let currency = main.currency.to_string();
    let vendor = main.snap.vendor.to_string();
    let vendor_en = main.snap.vendor_en.to_string();
    let offer = viewer.view(main);
    Ok((
        eff_cny,
        list_cny,
        Some(Candidate {
            rank: 0,
            vendor,
            vendor_en,
            offer,
            instances,
            gpus_paid,
            billing_plan: lines,
            billing_plan_text: if instances > 1 {
                format!("{instances} instances × ({plan_text})")
            } else {
                plan_text
            },
            hours_billed: billed,
            list_total: money::exact(money::round(list_total, 2)),
            currency,
            list_total_cny: money::exact(money::round(list_cny, 2)),
            effective_total_cny: money::exact(money::round(eff_cny, 2)),
            per_gpu_hour_cny: money::two_dp(per_gpu_hour),
            effective_per_gpu_hour_cny: money::two_dp(eff_per_gpu_hour),
            per_pflop_hour_cny: per_pflop,
            per_gb_hour_cny: per_gb,
            adjustments,
            fees_unknown: false,
            warnings,
            warnings_zh,
            region_match,
        }),
    ))
}

fn eff_hours_before(after: Decimal, extra: Decimal) -> Decimal {
    after - extra
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(gpu: &str, count: u32, duration: &str) -> Requirement {
        Requirement {
            gpu: Some(gpu.into()),
            count: Some(count),
            duration: Some(duration.into()),
            ..Default::default()
        }
    }

    fn run(r: &Requirement) -> Comparison {
        let store = Store::open_in_memory().expect("open");
        recommend(&store, r).expect("recommend")
    }

    #[test]
    fn durations_parse_under_the_convention() {
        assert_eq!(parse_duration("4h", 720, "d").expect("4h"), Hours(4));
        assert_eq!(parse_duration("90d", 720, "d").expect("90d"), Hours(2160));
        assert_eq!(parse_duration("12w", 720, "d").expect("12w"), Hours(2016));
        assert_eq!(parse_duration("3mo", 720, "d").expect("3mo"), Hours(2160));
        assert_eq!(parse_duration("3mo", 730, "d").expect("3mo"), Hours(2190));
        assert_eq!(parse_duration("1.5h", 720, "d").expect("1.5h"), Hours(2));
        assert_eq!(parse_duration("3个月", 720, "d").expect("zh"), Hours(2160));
        for bad in ["", "3", "h", "-1d", "0h", "3 parsecs"] {
            assert!(parse_duration(bad, 720, "duration").is_err(), "{bad}");
        }
    }

    #[test]
    fn plan_mixes_units_when_cheaper() {
        // 40 days with a monthly (100) and an hourly (0.2) price: 1 month + 240 h (148) beats
        // 2 months (200).
        let units = [
            (BillingUnit::Month, Decimal::from(100), 1),
            (BillingUnit::Hour, Decimal::new(2, 1), 2),
        ];
        let (cost, lines, billed) = plan(&units, 960, 720);
        assert_eq!(cost, Decimal::from(148));
        assert_eq!(lines.len(), 2);
        assert_eq!((lines[0].unit, lines[0].quantity), (BillingUnit::Month, 1));
        assert_eq!((lines[1].unit, lines[1].quantity), (BillingUnit::Hour, 240));
        assert_eq!(billed, 960);
        // With an expensive hourly price, two months win.
        let units =
            [(BillingUnit::Month, Decimal::from(100), 1), (BillingUnit::Hour, Decimal::ONE, 2)];
        let (cost, lines, _) = plan(&units, 960, 720);
        assert_eq!(cost, Decimal::from(200));
        assert_eq!((lines[0].unit, lines[0].quantity), (BillingUnit::Month, 2));
    }

    #[test]
    fn h100_x8_three_months_is_253440_on_monthly_billing() {
        let c = run(&req("H100", 8, "3mo"));
        let best = c.candidates.iter().find(|c| c.vendor == "极智算").expect("极智算");
        assert_eq!(best.rank, 1);
        assert_eq!(best.list_total_cny, "253440.00");
        assert_eq!(best.billing_plan_text, "3 × month");
        assert_eq!(best.instances, 1);
        assert_eq!(best.per_gpu_hour_cny, "14.67");
    }

    #[test]
    fn scenario_b_256_h100_is_32_nodes_and_excludes_containers_and_shared() {
        let mut r = req("H100", 256, "3mo");
        r.scenario = Some("B".into());
        let c = run(&r);
        let best = &c.candidates[0];
        assert_eq!(best.vendor, "极智算");
        assert_eq!(best.instances, 32);
        assert_eq!(best.list_total_cny, "8110080.00");
        assert!(c
            .candidates
            .iter()
            .all(|c| c.offer.mode == Mode::BareMetal && !c.offer.interruptible));
        assert!(c
            .excluded
            .iter()
            .any(|e| e.reason.contains("container instance") && e.reason.contains("scenario B")));
        assert!(c.excluded.iter().any(|e| e.reason.starts_with("shared")));
        assert!(c.excluded.iter().any(|e| e.reason.contains("preemptible")));
    }

    #[test]
    fn preemptible_is_cheaper_listed_but_pays_for_interruptions() {
        let c = run(&req("4090", 1, "4h"));
        let jy = c.candidates.iter().find(|c| c.vendor == "极智算").expect("极智算");
        assert_eq!(jy.list_total_cny, "7.84");

        let mut r = req("RTX 4090", 1, "5d");
        r.continuous = true;
        let c = run(&r);
        let a = c.candidates.iter().find(|c| c.vendor == "示例平台A").expect("platform A");
        let jy = c.candidates.iter().find(|c| c.vendor == "极智算").expect("极智算");
        assert!(
            dec("a", &a.list_total_cny).expect("a") < dec("jy", &jy.list_total_cny).expect("jy")
        );
        let adj = a.adjustments.iter().find(|a| a.kind == "interruption").expect("interruption");
        // 0.2/day × 5 days = 1 interruption × (24 h + 4 h / 2) = 26 h × ¥1.50 = ¥39.00
        assert_eq!(adj.amount_cny, "39.00");
        assert_eq!(a.effective_total_cny, "219.00");
        assert!(adj.assumption.contains("26 extra paid hours"), "{}", adj.assumption);
        assert!(jy.adjustments.is_empty());
    }

    #[test]
    fn pcie_only_multi_gpu_jobs_run_longer() {
        let c = run(&req("4090", 2, "10h"));
        let jy = c.candidates.iter().find(|c| c.vendor == "极智算").expect("极智算");
        let adj = jy.adjustments.iter().find(|a| a.kind == "interconnect").expect("interconnect");
        // 10 h / 0.70 = 14.29 h → 15 whole hours billed: 5 extra h × 2 instances × ¥1.96
        assert_eq!(adj.amount_cny, "19.60");
        assert_eq!(jy.list_total_cny, "39.20");
        assert_eq!(jy.effective_total_cny, "58.80");
    }

    #[test]
    fn impossible_and_contradictory_requirements_say_why() {
        let mut r = req("910B", 8, "1mo");
        r.modes = vec![Mode::Container];
        let c = run(&r);
        assert!(c.candidates.is_empty());
        assert!(
            c.empty_reason.as_deref().is_some_and(|e| e.contains("instance mode")),
            "{:?}",
            c.empty_reason
        );

        let store = Store::open_in_memory().expect("open");
        let mut r = req("H100", 8, "1mo");
        r.scenario = Some("C".into());
        let e = recommend(&store, &r).unwrap_err().to_string();
        assert!(e.contains("contradictory"), "{e}");
        let e = recommend(&store, &req("H100", 0, "1mo")).unwrap_err().to_string();
        assert!(e.starts_with("count"), "{e}");
        let e = recommend(&store, &req("H100", 8, "soon")).unwrap_err().to_string();
        assert!(e.starts_with("duration"), "{e}");
        let e = recommend(&store, &req("H10", 8, "1mo")).unwrap_err().to_string();
        assert!(e.contains("did you mean"), "{e}");
    }

    #[test]
    fn by_memory_and_compute() {
        let c = run(&Requirement {
            min_memory_gb: Some(90),
            count: Some(1),
            duration: Some("10h".into()),
            ..Default::default()
        });
        assert!(c.requirement.accelerators.iter().any(|a| a.starts_with("H20 ")));
        assert!(c.candidates.iter().all(|c| c.offer.memory_gb.is_some_and(|m| m >= 90)));
        assert!(c
            .candidates
            .iter()
            .any(|c| c.per_pflop_hour_cny.is_some() && c.per_gb_hour_cny.is_some()));
    }
}
