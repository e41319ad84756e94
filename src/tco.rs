//! Rent or build (租用与自建): the total cost of owning a cluster over a horizon against renting
//! the same GPU-hours, with break-even utilisation, break-even month and sensitivity.
//!
//! Depreciation is the spreading of capex over the horizon and is never added on top of it.
//! Every input may be a range; the output then has a low and a high case.

use crate::catalog::{self, Pricing, Selection};
use crate::error::{Error, Result};
use crate::model::Mode;
use crate::money;
use crate::names;
use crate::store::Store;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::str::FromStr;
use ts_rs::TS;

/// `data/tco-presets.toml`.
pub const PRESETS: &str = include_str!("../data/tco-presets.toml");

/// Hours in a year of wall-clock time (a cluster exists every hour, used or not).
pub const HOURS_PER_YEAR: u32 = 8760;

/// A low–high range of decimal strings; one element means an exact figure.
#[derive(Debug, Clone, Serialize, Deserialize, TS, PartialEq)]
#[serde(transparent)]
pub struct Range(pub Vec<String>);

/// The inputs of the model.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
pub struct TcoInput {
    /// Preset key this came from.
    #[serde(default)]
    pub key: String,
    /// Chinese name.
    #[serde(default)]
    pub name_zh: String,
    /// English name.
    #[serde(default)]
    pub name_en: String,
    /// Where the figures come from.
    #[serde(default)]
    pub source: String,
    /// Accelerator of the cluster.
    pub accelerator: String,
    /// GPUs in the cluster.
    pub gpus: u32,
    /// GPUs, CNY.
    pub gpu_capex: Range,
    /// Servers and network, CNY.
    pub servers_network_capex: Range,
    /// Storage, CNY.
    #[serde(default = "zero")]
    pub storage_capex: Range,
    /// Installation, CNY.
    #[serde(default = "zero")]
    pub installation_capex: Range,
    /// Facility (data centre, power, cooling) per year as a flat figure, CNY.
    #[serde(default)]
    pub facility_per_year: Option<Range>,
    /// Or: power draw, kW (with `pue` and `price_per_kwh`).
    #[serde(default)]
    pub power_kw: Option<Range>,
    /// Power usage effectiveness.
    #[serde(default)]
    pub pue: Option<Range>,
    /// Electricity, CNY per kWh.
    #[serde(default)]
    pub price_per_kwh: Option<Range>,
    /// Operations staff per year, CNY.
    #[serde(default = "zero")]
    pub staff_per_year: Range,
    /// Maintenance per year as a percentage of capex.
    #[serde(default = "zero")]
    pub maintenance_pct_per_year: Range,
    /// Horizon, years.
    pub horizon_years: String,
    /// Residual value at the end, percent of capex.
    #[serde(default = "zero")]
    pub residual_pct: Range,
    /// Annual cost of capital (e.g. 0.05); 0 = none.
    #[serde(default = "zero_s")]
    pub cost_of_capital: String,
    /// Rent side: GPU name.
    pub rent_gpu: String,
    /// Rent side: vendor (optional).
    #[serde(default)]
    pub rent_vendor: Option<String>,
    /// Rent side: instance mode (optional).
    #[serde(default)]
    pub rent_mode: Option<Mode>,
    /// Rent side: a given price per GPU-hour in CNY instead of a catalog offer.
    #[serde(default)]
    pub rent_per_gpu_hour: Option<String>,
    /// Free note.
    #[serde(default)]
    pub note: String,
}

fn zero() -> Range {
    Range(vec!["0".into()])
}
fn zero_s() -> String {
    "0".into()
}

#[derive(Deserialize)]
struct PresetFile {
    preset: Vec<TcoInput>,
}

/// Shipped presets, then the user's saved ones.
pub fn presets(store: &Store) -> Result<Vec<TcoInput>> {
    let f: PresetFile = toml::from_str(PRESETS)
        .map_err(|e| Error::Data { file: "tco-presets.toml".into(), message: e.to_string() })?;
    let mut out = f.preset;
    let mut stmt = store.conn().prepare("SELECT body FROM tco_presets ORDER BY key")?;
    let rows = stmt.query_map([], |r| r.get::<_, String>(0))?;
    for body in rows {
        let body = body?;
        if let Ok(p) = serde_json::from_str::<TcoInput>(&body) {
            out.retain(|q| q.key != p.key);
            out.push(p);
        }
    }
    Ok(out)
}

/// One preset by key.
pub fn preset(store: &Store, key: &str) -> Result<TcoInput> {
    let all = presets(store)?;
    let keys: Vec<String> = all.iter().map(|p| p.key.clone()).collect();
    all.into_iter().find(|p| p.key.eq_ignore_ascii_case(key)).ok_or_else(|| Error::UnknownName {
        kind: "TCO preset",
        given: key.into(),
        suggestions: names::closest(key, &keys),
    })
}

/// Saves (or replaces) a user preset under `key`, after validating it.
pub fn save_preset(store: &mut Store, key: &str, input: &TcoInput) -> Result<()> {
    let key = key.trim();
    if key.is_empty() || key.eq_ignore_ascii_case("article") {
        return Err(Error::invalid("name", "give a preset name other than the built-in 'article'"));
    }
    Case::resolve(input, Side::Low)?;
    let mut p = input.clone();
    p.key = key.to_string();
    let body = serde_json::to_string(&p).map_err(|e| Error::invalid("preset", e.to_string()))?;
    store.write(|tx| {
        tx.execute(
            "INSERT INTO tco_presets (key, body, saved_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (key) DO UPDATE SET body = excluded.body, saved_at = excluded.saved_at",
            rusqlite::params![key, body, chrono::Utc::now().to_rfc3339()],
        )?;
        Ok(())
    })
}

/// Low or high end of every range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Every input at its low end.
    Low,
    /// Every input at its high end.
    High,
}

fn pick(field: &str, r: &Range, side: Side) -> Result<Decimal> {
    let vals: Vec<Decimal> =
        r.0.iter()
            .map(|s| {
                Decimal::from_str(s.trim())
                    .map_err(|_| Error::invalid(field, format!("'{s}' is not a number")))
            })
            .collect::<Result<_>>()?;
    let (lo, hi) = match vals.as_slice() {
        [v] => (*v, *v),
        [l, h] => (*l, *h),
        _ => return Err(Error::invalid(field, "give one value or a low–high pair")),
    };
    if lo < Decimal::ZERO || hi < Decimal::ZERO {
        return Err(Error::invalid(field, "must not be negative"));
    }
    if lo > hi {
        return Err(Error::invalid(field, format!("low {lo} is above high {hi}")));
    }
    Ok(if side == Side::Low { lo } else { hi })
}

/// The inputs of one case as numbers.
struct Case {
    gpus: Decimal,
    capex: Decimal,
    capex_items: Vec<(&'static str, Decimal)>,
    opex_items: Vec<(&'static str, Decimal)>,
    opex_per_year: Decimal,
    years: Decimal,
    residual: Decimal,
    rate: Decimal,
}

impl Case {
    fn resolve(i: &TcoInput, side: Side) -> Result<Case> {
        if i.gpus == 0 {
            return Err(Error::invalid("gpus", "the cluster needs at least one GPU"));
        }
        let years = Decimal::from_str(i.horizon_years.trim()).map_err(|_| {
            Error::invalid("horizon_years", format!("'{}' is not a number", i.horizon_years))
        })?;
        if years <= Decimal::ZERO {
            return Err(Error::invalid("horizon_years", "the horizon must be longer than zero"));
        }
        let capex_items = vec![
            ("gpus", pick("gpu_capex", &i.gpu_capex, side)?),
            ("servers_network", pick("servers_network_capex", &i.servers_network_capex, side)?),
            ("storage", pick("storage_capex", &i.storage_capex, side)?),
            ("installation", pick("installation_capex", &i.installation_capex, side)?),
        ];
        let capex: Decimal = capex_items.iter().map(|(_, v)| *v).sum();
        let facility = match (&i.facility_per_year, &i.power_kw) {
            (Some(f), None) => pick("facility_per_year", f, side)?,
            (None, Some(kw)) => {
                let pue = i
                    .pue
                    .as_ref()
                    .ok_or_else(|| Error::invalid("pue", "give the PUE with the power draw"))?;
                let price = i.price_per_kwh.as_ref().ok_or_else(|| {
                    Error::invalid(
                        "price_per_kwh",
                        "give the electricity price with the power draw",
                    )
                })?;
                pick("power_kw", kw, side)?
                    * pick("pue", pue, side)?
                    * pick("price_per_kwh", price, side)?
                    * Decimal::from(HOURS_PER_YEAR)
            }
            (None, None) => Decimal::ZERO,
            (Some(_), Some(_)) => {
                return Err(Error::invalid(
                    "facility_per_year",
                    "give either a flat facility figure or power kW × PUE × price, not both",
                ))
            }
        };
        let maint_pct = pick("maintenance_pct_per_year", &i.maintenance_pct_per_year, side)?;
        let opex_items = vec![
            ("facility", facility),
            ("staff", pick("staff_per_year", &i.staff_per_year, side)?),
            ("maintenance", capex * maint_pct / Decimal::from(100)),
        ];
        let opex_per_year = opex_items.iter().map(|(_, v)| *v).sum();
        let residual_pct = pick("residual_pct", &i.residual_pct, side)?;
        if residual_pct > Decimal::from(100) {
            return Err(Error::invalid("residual_pct", "a residual value above 100 % of capex"));
        }
        let rate = Decimal::from_str(i.cost_of_capital.trim()).map_err(|_| {
            Error::invalid("cost_of_capital", format!("'{}' is not a number", i.cost_of_capital))
        })?;
        if rate < Decimal::ZERO || rate >= Decimal::ONE {
            return Err(Error::invalid(
                "cost_of_capital",
                "use a yearly rate such as 0.05 (0 ≤ rate < 1)",
            ));
        }
        Ok(Case {
            gpus: Decimal::from(i.gpus),
            capex,
            capex_items,
            opex_items,
            opex_per_year,
            years,
            residual: capex * residual_pct / Decimal::from(100),
            rate,
        })
    }

    /// Capital cost over the horizon: capex less residual, plus interest when a rate is given
    /// (equivalent annual cost × years). Depreciation is this, spread — never extra.
    fn capital_cost(&self) -> Decimal {
        if self.rate.is_zero() {
            return self.capex - self.residual;
        }
        // Whole years only for the annuity (rust_decimal has no fractional powers here).
        let n = self.years.round().to_string().parse::<u32>().unwrap_or(1).max(1);
        let mut growth = Decimal::ONE;
        for _ in 0..n {
            growth *= Decimal::ONE + self.rate;
        }
        let pv_residual = self.residual / growth;
        let annuity = (self.capex - pv_residual) * self.rate * growth / (growth - Decimal::ONE);
        annuity * Decimal::from(n)
    }

    fn total(&self) -> Decimal {
        self.capital_cost() + self.opex_per_year * self.years
    }

    fn gpu_hours_full(&self) -> Decimal {
        self.gpus * self.years * Decimal::from(HOURS_PER_YEAR)
    }
}

/// A cost line of the build side.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Component {
    /// `gpus`, `servers_network`, `storage`, `installation`, `facility`, `staff`, `maintenance`,
    /// `residual`, `capital_cost`.
    pub item: String,
    /// CNY over the horizon (capex once, opex × years, residual negative).
    pub amount_cny: String,
    /// CNY per year for opex items.
    pub per_year_cny: Option<String>,
}

/// One point of a sensitivity curve.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Point {
    /// Utilisation (0–1) or rent price factor.
    pub x: String,
    /// Build CNY per used GPU-hour at that utilisation, or break-even utilisation at that price.
    pub y: String,
}

/// The result for one case.
#[derive(Debug, Clone, Serialize, TS)]
pub struct TcoCase {
    /// `low` or `high`.
    pub case: Side,
    /// Build total over the horizon, CNY.
    pub build_total_cny: String,
    /// Build CNY per used GPU-hour at the chosen utilisation.
    pub build_per_gpu_hour_cny: String,
    /// Build CNY per GPU-hour at 100 % utilisation.
    pub build_per_gpu_hour_at_full_cny: String,
    /// Rent CNY per GPU-hour.
    pub rent_per_gpu_hour_cny: String,
    /// Renting the used GPU-hours over the horizon, CNY.
    pub rent_total_cny: String,
    /// Utilisation at which building and renting cost the same (may exceed 1: never pays off).
    pub break_even_utilization: String,
    /// First month at which cumulative renting has cost more than building, at the chosen
    /// utilisation (None: not within the horizon).
    pub break_even_month: Option<u32>,
    /// Build cost lines.
    pub components: Vec<Component>,
    /// Build CNY per used GPU-hour over utilisation 10–100 %.
    pub by_utilization: Vec<Point>,
    /// Break-even utilisation over rent price × 0.5–1.5.
    pub by_rent_price: Vec<Point>,
    /// What the numbers say, in Chinese.
    pub conclusion_zh: String,
    /// What the numbers say, in English.
    pub conclusion_en: String,
}

/// The full answer: both cases, the chosen one on top.
#[derive(Debug, Clone, Serialize, TS)]
pub struct TcoResult {
    /// The case the top-level figures are for.
    pub case: Side,
    /// Build total, CNY (chosen case).
    pub build_total_cny: String,
    /// Build per used GPU-hour at the chosen utilisation (chosen case).
    pub build_per_gpu_hour_cny: String,
    /// Build per GPU-hour at 100 % (chosen case).
    pub build_per_gpu_hour_at_full_cny: String,
    /// Rent per GPU-hour.
    pub rent_per_gpu_hour_cny: String,
    /// Break-even utilisation (chosen case).
    pub break_even_utilization: String,
    /// Chosen utilisation.
    pub utilization: String,
    /// Both cases.
    pub cases: Vec<TcoCase>,
    /// The inputs used.
    pub input: TcoInput,
    /// Assumptions in words.
    pub assumptions: Vec<String>,
    /// Where the rent price comes from.
    pub rent_source: String,
}

/// Runs the model on `input` at `utilization` (0 < u ≤ 1).
pub fn run(store: &Store, input: &TcoInput, utilization: &str, case: Side) -> Result<TcoResult> {
    let u = Decimal::from_str(utilization.trim()).map_err(|_| {
        Error::invalid("utilization", format!("'{utilization}' is not a number such as 0.6"))
    })?;
    if u <= Decimal::ZERO || u > Decimal::ONE {
        return Err(Error::invalid(
            "utilization",
            format!("{u} is outside (0, 1]: use e.g. 0.6 for 60 %"),
        ));
    }
    let (rent, rent_source) = rent_price(store, input)?;
    let mut cases = Vec::new();
    for side in [Side::Low, Side::High] {
        cases.push(run_case(input, side, u, rent)?);
    }
    let chosen = cases.iter().find(|c| c.case == case).cloned().unwrap_or_else(|| cases[0].clone());
    let hpm = crate::settings::hours_per_month(store)?;
    Ok(TcoResult {
        case,
        build_total_cny: chosen.build_total_cny.clone(),
        build_per_gpu_hour_cny: chosen.build_per_gpu_hour_cny.clone(),
        build_per_gpu_hour_at_full_cny: chosen.build_per_gpu_hour_at_full_cny.clone(),
        rent_per_gpu_hour_cny: chosen.rent_per_gpu_hour_cny.clone(),
        break_even_utilization: chosen.break_even_utilization.clone(),
        utilization: money::plain(u.normalize()),
        cases,
        input: input.clone(),
        assumptions: vec![
            format!("{HOURS_PER_YEAR} hours a year: a cluster exists every hour, used or not"),
            "depreciation = capex spread over the horizon; it is not added to capex".into(),
            format!(
                "rent is paid only for the GPU-hours used, at {} CNY/GPU-h ({rent_source}; monthly prices at {hpm} h/month)",
                money::two_dp(rent)
            ),
            "break-even utilisation = build total ÷ (GPU-hours at 100 % × rent per GPU-hour)".into(),
            "break-even month: capex paid at month 0, opex monthly, residual only at the end".into(),
            if input.cost_of_capital.trim() == "0" {
                "no cost of capital".into()
            } else {
                format!("cost of capital {} a year (equivalent annual cost)", input.cost_of_capital)
            },
        ],
        rent_source,
    })
}

fn rent_price(store: &Store, input: &TcoInput) -> Result<(Decimal, String)> {
    if let Some(p) = input.rent_per_gpu_hour.as_deref().filter(|s| !s.trim().is_empty()) {
        let d = Decimal::from_str(p.trim())
            .map_err(|_| Error::invalid("rent_per_gpu_hour", format!("'{p}' is not a number")))?;
        if d <= Decimal::ZERO {
            return Err(Error::invalid("rent_per_gpu_hour", "must be greater than zero"));
        }
        return Ok((d, "given".into()));
    }
    let pricing = Pricing::load(store)?;
    let mut sel = Selection {
        acc_ids: Some(names::resolve_gpu(store, &input.rent_gpu)?),
        mode: input.rent_mode,
        ..Default::default()
    };
    if let Some(v) = input.rent_vendor.as_deref().filter(|s| !s.trim().is_empty()) {
        sel.vendor_ids = Some(names::resolve_vendor(store, v)?);
    }
    let rows = catalog::load_rows(store, &sel)?;
    let viewer = catalog::Viewer::new(&pricing);
    let best = rows
        .iter()
        // Owning a cluster compares with dedicated, uninterrupted capacity.
        .filter(|o| !o.interruptible && o.tenancy == crate::model::Tenancy::Dedicated)
        .filter_map(|o| viewer.per_gpu_hour_cny(o).map(|p| (p, o)))
        .min_by(|a, b| a.0.cmp(&b.0))
        .ok_or_else(|| {
            Error::invalid(
                "rent",
                format!(
                    "no current dedicated, non-preemptible offer of {}{} to rent: give --rent-per-gpu-hour",
                    input.rent_gpu,
                    input.rent_vendor.as_deref().map(|v| format!(" from {v}")).unwrap_or_default()
                ),
            )
        })?;
    let o = best.1;
    Ok((
        best.0,
        format!(
            "{} {} ×{} {} {} {}/{}, snapshot #{} captured {}",
            o.snap.vendor,
            o.acc.name,
            o.gpus,
            o.mode,
            money::exact(o.price),
            o.currency,
            o.billing,
            o.snap.id,
            o.snap.captured_at.get(..10).unwrap_or(&o.snap.captured_at)
        ),
    ))
}

/// A share as a percentage with one decimal (`0.7398` → `74.0%`).
fn pct(d: Decimal) -> String {
    let mut v = money::round(d * Decimal::from(100), 1);
    v.rescale(1);
    format!("{}%", money::plain(v))
}

fn run_case(input: &TcoInput, side: Side, u: Decimal, rent: Decimal) -> Result<TcoCase> {
    let c = Case::resolve(input, side)?;
    let total = c.total();
    let full = c.gpu_hours_full();
    let at_full = total / full;
    let per_used = at_full / u;
    let break_even = total / (full * rent);
    let rent_total = full * u * rent;
    // Break-even month: capex at month 0; opex and rent monthly.
    let months = (c.years * Decimal::from(12)).ceil().to_string().parse::<u32>().unwrap_or(0);
    let month_hours = Decimal::from(HOURS_PER_YEAR) / Decimal::from(12);
    let rent_month = c.gpus * month_hours * u * rent;
    let opex_month = c.opex_per_year / Decimal::from(12);
    let mut break_even_month = None;
    for m in 1..=months {
        let md = Decimal::from(m);
        let mut build = c.capex + opex_month * md;
        if m == months {
            build -= c.residual;
        }
        if rent_month * md >= build {
            break_even_month = Some(m);
            break;
        }
    }
    let mut components: Vec<Component> = c
        .capex_items
        .iter()
        .map(|(k, v)| Component {
            item: k.to_string(),
            amount_cny: money::exact(money::round(*v, 2)),
            per_year_cny: None,
        })
        .collect();
    components.extend(c.opex_items.iter().map(|(k, v)| Component {
        item: k.to_string(),
        amount_cny: money::exact(money::round(*v * c.years, 2)),
        per_year_cny: Some(money::exact(money::round(*v, 2))),
    }));
    if !c.residual.is_zero() {
        components.push(Component {
            item: "residual".into(),
            amount_cny: money::exact(money::round(-c.residual, 2)),
            per_year_cny: None,
        });
    }
    let interest = c.capital_cost() - (c.capex - c.residual);
    if !interest.is_zero() {
        components.push(Component {
            item: "capital_cost".into(),
            amount_cny: money::exact(money::round(interest, 2)),
            per_year_cny: None,
        });
    }
    let by_utilization = (1..=10)
        .map(|k| {
            let x = Decimal::from(k) / Decimal::from(10);
            Point { x: money::plain(x.normalize()), y: money::two_dp(at_full / x) }
        })
        .collect();
    let by_rent_price = (0..=10)
        .map(|k| {
            let f = Decimal::new(5, 1) + Decimal::from(k) / Decimal::from(10);
            Point {
                x: money::plain(f.normalize()),
                y: money::plain(money::round(total / (full * rent * f), 4).normalize()),
            }
        })
        .collect();
    let (zh, en) = conclusion(u, per_used, rent, break_even, break_even_month, c.years);
    Ok(TcoCase {
        case: side,
        build_total_cny: money::exact(money::round(total, 2)),
        build_per_gpu_hour_cny: money::two_dp(per_used),
        build_per_gpu_hour_at_full_cny: money::two_dp(at_full),
        rent_per_gpu_hour_cny: money::two_dp(rent),
        rent_total_cny: money::exact(money::round(rent_total, 2)),
        break_even_utilization: money::plain(money::round(break_even, 4).normalize()),
        break_even_month,
        components,
        by_utilization,
        by_rent_price,
        conclusion_zh: zh,
        conclusion_en: en,
    })
}

fn conclusion(
    u: Decimal,
    per_used: Decimal,
    rent: Decimal,
    break_even: Decimal,
    month: Option<u32>,
    years: Decimal,
) -> (String, String) {
    let up = pct(u);
    let be = pct(break_even);
    let (b, r) = (money::two_dp(per_used), money::two_dp(rent));
    let y = money::plain(years.normalize());
    if per_used > rent {
        let never = break_even > Decimal::ONE;
        let zh = format!(
            "在 {up} 利用率下，自建每卡时 ¥{b}，高于租用的 ¥{r}：租用更省。{}",
            if never {
                format!("即使 100% 利用率，自建（盈亏平衡需 {be}）在 {y} 年内也不如租用。")
            } else {
                format!("利用率需达到 {be} 以上，自建才比租用便宜。")
            }
        );
        let en = format!(
            "At {up} utilisation, building costs ¥{b} per GPU-hour against ¥{r} to rent: renting is cheaper. {}",
            if never {
                format!("Even at 100 % utilisation building never pays off within {y} years (break-even would need {be}).")
            } else {
                format!("Building only wins above {be} utilisation.")
            }
        );
        (zh, en)
    } else {
        let m = month.map(|m| format!("第 {m} 个月")).unwrap_or_else(|| "期内".into());
        let zh = format!(
            "在 {up} 利用率下，自建每卡时 ¥{b}，低于租用的 ¥{r}：自建更省，累计成本在{m}追平租用；利用率低于 {be} 时租用更省。"
        );
        let en = format!(
            "At {up} utilisation, building costs ¥{b} per GPU-hour against ¥{r} to rent: building is cheaper{}; below {be} utilisation renting wins.",
            month.map(|m| format!(", catching up with cumulative rent in month {m}")).unwrap_or_default()
        );
        (zh, en)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn article(store: &Store) -> TcoInput {
        preset(store, "article").expect("article")
    }

    #[test]
    fn article_case_at_60_percent() {
        let store = Store::open_in_memory().expect("open");
        let r = run(&store, &article(&store), "0.6", Side::Low).expect("run");
        let low = &r.cases[0];
        let high = &r.cases[1];
        // 58 M capex + 3 × 5 M opex = 73 M; 72 M + 3 × 8 M = 96 M.
        assert_eq!(low.build_total_cny, "73000000.00");
        assert_eq!(high.build_total_cny, "96000000.00");
        // 73 M / (256 × 26,280 h) = 10.85; at 60 % 18.08.
        assert_eq!(low.build_per_gpu_hour_at_full_cny, "10.85");
        assert_eq!(low.build_per_gpu_hour_cny, "18.08");
        assert_eq!(high.build_per_gpu_hour_at_full_cny, "14.27");
        assert_eq!(high.build_per_gpu_hour_cny, "23.78");
        assert_eq!(low.rent_per_gpu_hour_cny, "14.67");
        // 73 M / (6,727,680 × 14.6667) = 0.7398; 96 M → 0.9729.
        assert_eq!(low.break_even_utilization, "0.7398");
        assert_eq!(high.break_even_utilization, "0.9729");
        assert!(low.conclusion_zh.contains("租用更省"), "{}", low.conclusion_zh);
        assert!(low.break_even_month.is_none());
    }

    #[test]
    fn break_even_month_when_building_wins() {
        let store = Store::open_in_memory().expect("open");
        let r = run(&store, &article(&store), "0.9", Side::Low).expect("run");
        let low = &r.cases[0];
        assert!(low.conclusion_en.contains("building is cheaper"), "{}", low.conclusion_en);
        let m = low.break_even_month.expect("month");
        assert!(m > 1 && m <= 36, "{m}");
    }

    #[test]
    fn power_based_facility_and_capital_cost() {
        let store = Store::open_in_memory().expect("open");
        let mut i = article(&store);
        i.facility_per_year = None;
        i.power_kw = Some(Range(vec!["300".into()]));
        i.pue = Some(Range(vec!["1.3".into()]));
        i.price_per_kwh = Some(Range(vec!["0.8".into()]));
        let r = run(&store, &i, "1", Side::Low).expect("run");
        let fac = r.cases[0].components.iter().find(|c| c.item == "facility").expect("facility");
        // 300 kW × 1.3 × 0.8 ¥/kWh × 8760 h = 2,733,120 a year.
        assert_eq!(fac.per_year_cny.as_deref(), Some("2733120.00"));
        i.cost_of_capital = "0.05".into();
        let with_interest = run(&store, &i, "1", Side::Low).expect("run");
        assert!(with_interest.cases[0].components.iter().any(|c| c.item == "capital_cost"));
    }

    #[test]
    fn bad_inputs_name_the_input() {
        let store = Store::open_in_memory().expect("open");
        let a = article(&store);
        for (u, want) in [("0", "utilization"), ("1.2", "utilization"), ("x", "utilization")] {
            let e = run(&store, &a, u, Side::Low).unwrap_err().to_string();
            assert!(e.starts_with(want), "{e}");
        }
        let mut i = a.clone();
        i.horizon_years = "0".into();
        assert!(run(&store, &i, "0.6", Side::Low)
            .unwrap_err()
            .to_string()
            .starts_with("horizon_years"));
        let mut i = a.clone();
        i.gpu_capex = Range(vec!["60000000".into(), "50000000".into()]);
        let e = run(&store, &i, "0.6", Side::Low).unwrap_err().to_string();
        assert!(e.starts_with("gpu_capex") && e.contains("above"), "{e}");
        let mut i = a;
        i.staff_per_year = Range(vec!["-1".into()]);
        assert!(run(&store, &i, "0.6", Side::Low)
            .unwrap_err()
            .to_string()
            .starts_with("staff_per_year"));
    }
}

/// Parses what people type for an amount or a range: `58000000`, `50M-60M`, `5000万–6000万`,
/// `1.2亿`, `300k` (a dash, en dash or `~` between low and high).
pub fn parse_range(field: &str, s: &str) -> Result<Range> {
    let t = s.trim().replace([',', '，', ' '], "");
    let parts: Vec<&str> = t.split(['–', '~', '～', '—']).collect();
    let parts: Vec<&str> = if parts.len() == 1 {
        // A plain '-' separates a range unless it is a leading minus.
        match t.get(1..).and_then(|rest| rest.find('-')) {
            Some(i) => vec![&t[..i + 1], &t[i + 2..]],
            None => parts,
        }
    } else {
        parts
    };
    if parts.is_empty() || parts.len() > 2 || parts.iter().any(|p| p.is_empty()) {
        return Err(Error::invalid(
            field,
            format!("'{s}' is not an amount or a low-high range such as 50M-60M"),
        ));
    }
    let one = |p: &str| -> Result<String> {
        let (num, mult) = if let Some(n) = p.strip_suffix('亿') {
            (n, Decimal::from(100_000_000))
        } else if let Some(n) = p.strip_suffix('万') {
            (n, Decimal::from(10_000))
        } else if let Some(n) = p.strip_suffix(['M', 'm']) {
            (n, Decimal::from(1_000_000))
        } else if let Some(n) = p.strip_suffix(['K', 'k']) {
            (n, Decimal::from(1_000))
        } else if let Some(n) = p.strip_suffix('%') {
            (n, Decimal::ONE)
        } else {
            (p, Decimal::ONE)
        };
        let d = Decimal::from_str(num)
            .map_err(|_| Error::invalid(field, format!("'{p}' is not a number (in '{s}')")))?;
        Ok(money::plain((d * mult).normalize()))
    };
    Ok(Range(parts.iter().map(|p| one(p)).collect::<Result<_>>()?))
}

#[cfg(test)]
mod range_tests {
    use super::*;

    #[test]
    fn ranges_people_type() {
        let r = |s: &str| parse_range("x", s).expect(s).0;
        assert_eq!(r("58000000"), vec!["58000000"]);
        assert_eq!(r("50M-60M"), vec!["50000000", "60000000"]);
        assert_eq!(r("5000万–6000万"), vec!["50000000", "60000000"]);
        assert_eq!(r("1.2亿"), vec!["120000000"]);
        assert_eq!(r("300k ~ 500k"), vec!["300000", "500000"]);
        assert_eq!(r("3,000,000-5,000,000"), vec!["3000000", "5000000"]);
        assert_eq!(r("-5"), vec!["-5"]);
        for bad in ["", "abc", "1-2-3", "5M-", "x万"] {
            assert!(parse_range("x", bad).is_err(), "{bad}");
        }
    }
}
