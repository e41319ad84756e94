// Generated from the Rust types in src/ by ts-rs (src/bindings.rs). Do not edit:
// run `UPDATE_BINDINGS=1 cargo test -p gpuquote --test cli bindings` instead.

export type Mode = "container" | "vm" | "bare_metal";

export type Tenancy = "dedicated" | "shared";

export type BillingUnit = "hour" | "day" | "month" | "year";

export type PriceBasis = "instance" | "gpu";

export type Origin = "article" | "manual" | "file" | "scrape";

export type Confidence = "high" | "medium" | "low";

export type ReviewState = "pending" | "approved" | "rejected";

export type OfferSort = "vendor" | "per_gpu_hour" | "accelerator" | "captured_at";

export type Accelerator = { 
/**
 * Row id.
 */
id: number, 
/**
 * Stable key, e.g. `h100-sxm-80gb`.
 */
key: string, 
/**
 * Display name, e.g. `H100 SXM 80GB`.
 */
name: string, 
/**
 * Maker, e.g. NVIDIA, Huawei.
 */
maker: string, 
/**
 * Family shared by variants, e.g. `H100`.
 */
family: string, 
/**
 * Other names people use.
 */
aliases: Array<string>, 
/**
 * GPU memory in GB, when known.
 */
memory_gb: number | null, 
/**
 * Memory type (HBM3, GDDR6X…).
 */
memory_type: string | null, 
/**
 * Dense FP16/BF16 TFLOPS as a decimal string, when known.
 */
fp16_tflops: string | null, 
/**
 * Interconnect as stated by the source.
 */
interconnect: string | null, 
/**
 * Has a high-bandwidth GPU-to-GPU link (NVLink, HCCS, xGMI…) in its server form.
 */
nvlink: boolean, 
/**
 * Domestic (信创) accelerator.
 */
domestic: boolean, 
/**
 * Where the specs come from.
 */
source: string, 
/**
 * How solid the specs are.
 */
confidence: Confidence, };

export type VendorView = { 
/**
 * Row id.
 */
id: number, 
/**
 * Stable key, e.g. `jygpu`.
 */
key: string, 
/**
 * Chinese name.
 */
name_zh: string, 
/**
 * English name.
 */
name_en: string, 
/**
 * Website.
 */
website: string | null, 
/**
 * Home region.
 */
region: string | null, 
/**
 * An illustration from the article, not a real vendor.
 */
example: boolean, 
/**
 * Free note.
 */
note: string | null, 
/**
 * Offers in the current (latest approved) snapshot.
 */
current_offers: number, 
/**
 * Id of the current snapshot, if any.
 */
current_snapshot_id: number | null, 
/**
 * Capture time of the current snapshot.
 */
captured_at: string | null, 
/**
 * Confidence of the current snapshot.
 */
confidence: Confidence | null, 
/**
 * Source of the current snapshot.
 */
source: string | null, 
/**
 * All snapshots of this vendor, any state.
 */
snapshots: number, };

export type OfferView = { 
/**
 * Row id.
 */
id: number, 
/**
 * Snapshot the offer belongs to.
 */
snapshot_id: number, 
/**
 * Vendor display name (Chinese).
 */
vendor: string, 
/**
 * Vendor English name.
 */
vendor_en: string, 
/**
 * Vendor key.
 */
vendor_key: string, 
/**
 * Vendor is an example from the article.
 */
vendor_example: boolean, 
/**
 * Accelerator display name.
 */
accelerator: string, 
/**
 * Accelerator key.
 */
accelerator_key: string, 
/**
 * GPU memory per GPU, GB.
 */
memory_gb: number | null, 
/**
 * Dense FP16 TFLOPS per GPU.
 */
fp16_tflops: string | null, 
/**
 * Domestic (信创) accelerator.
 */
domestic: boolean, 
/**
 * GPUs per instance.
 */
gpus: number, 
/**
 * Instance mode.
 */
mode: Mode, 
/**
 * Tenancy.
 */
tenancy: Tenancy, 
/**
 * Preemptible / spot.
 */
interruptible: boolean, 
/**
 * Billing unit.
 */
billing: BillingUnit, 
/**
 * Price as listed, in `currency`, per `price_basis` per `billing` unit.
 */
price: string, 
/**
 * Upper end when the source gives a range.
 */
price_max: string | null, 
/**
 * Price per instance or per GPU.
 */
price_basis: PriceBasis, 
/**
 * ISO currency code.
 */
currency: string, 
/**
 * A "from" price (起), conditions may apply.
 */
from_price: boolean, 
/**
 * Region or zone.
 */
region: string | null, 
/**
 * Vendor's instance type name.
 */
instance_type: string | null, 
/**
 * Fees stated with the offer.
 */
fees: string | null, 
/**
 * Note on the offer.
 */
note: string | null, 
/**
 * Price of the whole instance for one billing unit.
 */
instance_price: string, 
/**
 * Price per GPU-hour in the offer's currency (2 decimals).
 */
per_gpu_hour: string, 
/**
 * Price per GPU-hour in CNY (2 decimals), when a rate is known.
 */
per_gpu_hour_cny: string | null, 
/**
 * Exact per GPU-hour in CNY, for sorting and further arithmetic.
 */
per_gpu_hour_cny_exact: string | null, 
/**
 * Rate used to convert to CNY (1 for CNY).
 */
fx_rate: string | null, 
/**
 * Date of that rate.
 */
fx_as_of: string | null, 
/**
 * Hours per month used.
 */
hours_per_month: number, 
/**
 * The normalisation in words, e.g. `84480.00 CNY/month ÷ 8 GPUs ÷ 720 h/month`.
 */
convention: string, 
/**
 * When the snapshot was captured (RFC 3339).
 */
captured_at: string, 
/**
 * Origin of the snapshot.
 */
origin: Origin, 
/**
 * Source URL or file of the snapshot.
 */
source: string, 
/**
 * Confidence of the snapshot.
 */
confidence: Confidence, 
/**
 * Review state of the snapshot.
 */
review_state: ReviewState, 
/**
 * Note on the snapshot.
 */
snapshot_note: string | null, };

export type OfferFilter = { 
/**
 * Accelerator name as people type it (`H100`, `4090`, `910B`).
 */
gpu?: string, 
/**
 * Vendor name, Chinese or English, or key.
 */
vendor?: string, 
/**
 * Instance mode.
 */
mode?: Mode, 
/**
 * Billing unit.
 */
billing?: BillingUnit, 
/**
 * Only domestic (信创) accelerators.
 */
domestic: boolean, 
/**
 * Free-text search over vendor, accelerator, region and notes.
 */
search?: string, 
/**
 * Sort order.
 */
sort?: OfferSort, 
/**
 * Also use pending (unreviewed) snapshots where newer than the approved list; their
 * offers carry `review_state: pending` and are marked wherever shown.
 */
include_pending?: boolean, };

export type FxRate = { 
/**
 * Row id (0 when not stored yet).
 */
id: number, 
/**
 * Currency converted from, e.g. USD.
 */
base: string, 
/**
 * Currency converted to, e.g. CNY.
 */
quote: string, 
/**
 * Decimal rate as a string.
 */
rate: string, 
/**
 * Date the rate applies to, `YYYY-MM-DD`.
 */
as_of: string, 
/**
 * Where it comes from.
 */
source: string, };

export type Settings = { 
/**
 * Hours in a billing month (720 or 730 usually).
 */
hours_per_month: number, 
/**
 * Current rate per currency into CNY (the newest by date).
 */
fx: Array<FxRate>, };

export type ErrorPayload = { 
/**
 * Stable code, e.g. `unknown_name`.
 */
code: string, 
/**
 * Human-readable message.
 */
message: string, };

export type AppInfo = { 
/**
 * The database file in use.
 */
db_path: string | null, 
/**
 * Its schema version.
 */
schema_version: number | null, 
/**
 * Program version.
 */
version: string, };

export type RankBy = "effective" | "list";

export type ModelParams = { 
/**
 * Expected interruptions per day of an interruptible offer on a continuous job.
 */
interruptions_per_day: string, 
/**
 * Hours to recover from one interruption.
 */
recovery_hours: string, 
/**
 * Checkpoint interval used when the requirement gives none, hours.
 */
default_checkpoint_hours: string, 
/**
 * Relative throughput of multi-GPU jobs on PCIe-only GPUs (0–1].
 */
pcie_throughput: string, 
/**
 * Bring-up days without dedicated support.
 */
bring_up_days_without_support: string, 
/**
 * Bring-up days with dedicated support.
 */
bring_up_days_with_support: string, 
/**
 * Where the defaults come from.
 */
sources: Array<string>, };

export type Requirement = { 
/**
 * Scenario preset `A`, `B` or `C` (DOMAIN.md).
 */
scenario?: string, 
/**
 * Accelerator as people name it (`H100`, `4090`, `910B`).
 */
gpu?: string, 
/**
 * Minimum GPU memory per GPU, GB (instead of a name).
 */
min_memory_gb?: number, 
/**
 * Minimum dense FP16 TFLOPS per GPU (instead of a name).
 */
min_tflops?: string, 
/**
 * Domestic (信创) accelerators only.
 */
domestic: boolean, 
/**
 * GPUs needed.
 */
count?: number, 
/**
 * How long: `4h`, `90d`, `12w`, `3mo`, `1y`.
 */
duration?: string, 
/**
 * One uninterrupted run (interruptions cost lost work and recovery time).
 */
continuous: boolean, 
/**
 * Checkpoint interval, e.g. `4h` (half of it is lost on average per interruption).
 */
checkpoint?: string, 
/**
 * Allowed instance modes (empty = any).
 */
modes: Array<Mode>, 
/**
 * Dedicated tenancy only.
 */
dedicated: boolean, 
/**
 * No preemptible/spot offers.
 */
no_interruptible: boolean, 
/**
 * Multi-GPU jobs need NVLink-class GPU links.
 */
nvlink: boolean, 
/**
 * Preferred region (a soft preference: ties go to offers in it).
 */
region?: string, 
/**
 * Storage to price, TB (flags vendors whose storage fee is not stated).
 */
storage_tb?: string, 
/**
 * Data egress to price, TB.
 */
egress_tb?: string, 
/**
 * Include bring-up time by support level in the effective cost.
 */
bring_up: boolean, 
/**
 * Rank by effective (default) or list total.
 */
rank_by?: RankBy, 
/**
 * Also consider pending (unreviewed) snapshots newer than the approved lists; candidates
 * from them are marked `review_state: pending`.
 */
include_pending?: boolean, 
/**
 * Effective-cost parameters (defaults from `data/pricing.toml`).
 */
params?: ModelParams, };

export type Scenario = { 
/**
 * `A`, `B`, `C`.
 */
key: string, 
/**
 * Chinese name.
 */
name_zh: string, 
/**
 * English name.
 */
name_en: string, 
/**
 * Default accelerator.
 */
gpu: string, 
/**
 * Default GPU count.
 */
count: number, 
/**
 * Default duration.
 */
duration: string, 
/**
 * Continuous run.
 */
continuous: boolean, 
/**
 * Allowed modes.
 */
modes: Array<Mode>, 
/**
 * Dedicated only.
 */
dedicated: boolean, 
/**
 * No preemptible.
 */
no_interruptible: boolean, 
/**
 * NVLink-class links for multi-GPU.
 */
nvlink: boolean, 
/**
 * Domestic only.
 */
domestic: boolean, 
/**
 * What the article says of it.
 */
note: string, };

export type PlanLine = { 
/**
 * Billing unit.
 */
unit: BillingUnit, 
/**
 * Units bought per instance.
 */
quantity: number, 
/**
 * Price of one unit for one instance, offer currency.
 */
unit_price: string, 
/**
 * The offer billed.
 */
offer_id: number, };

export type Adjustment = { 
/**
 * `interruption`, `interconnect` or `bring_up`.
 */
kind: string, 
/**
 * Extra cost in CNY (exact decimal string).
 */
amount_cny: string, 
/**
 * Extra paid hours behind it.
 */
extra_hours: string, 
/**
 * The assumption in words, with its numbers.
 */
assumption: string, 
/**
 * The same in Chinese.
 */
assumption_zh: string, 
/**
 * The parameter that drives it and its value.
 */
parameter: string, };

export type Candidate = { 
/**
 * 1 = best.
 */
rank: number, 
/**
 * Vendor (Chinese name).
 */
vendor: string, 
/**
 * Vendor English name.
 */
vendor_en: string, 
/**
 * The offer (the one billed for the largest share of the plan).
 */
offer: OfferView, 
/**
 * Instances needed (whole instances).
 */
instances: number, 
/**
 * GPUs paid for (instances × GPUs per instance).
 */
gpus_paid: number, 
/**
 * Billing plan per instance.
 */
billing_plan: Array<PlanLine>, 
/**
 * The plan in words, e.g. `3 × month`.
 */
billing_plan_text: string, 
/**
 * Hours paid per instance by the plan.
 */
hours_billed: number, 
/**
 * List total in the offer's currency.
 */
list_total: string, 
/**
 * Currency of `list_total`.
 */
currency: string, 
/**
 * List total in CNY.
 */
list_total_cny: string, 
/**
 * Effective total in CNY (list + adjustments).
 */
effective_total_cny: string, 
/**
 * List CNY per GPU-hour (list total ÷ GPUs paid ÷ hours needed).
 */
per_gpu_hour_cny: string, 
/**
 * Effective CNY per GPU-hour of the requirement.
 */
effective_per_gpu_hour_cny: string, 
/**
 * CNY per dense FP16 PFLOP-hour, when the accelerator's TFLOPS are known.
 */
per_pflop_hour_cny: string | null, 
/**
 * CNY per GB-of-GPU-memory-hour, when memory is known.
 */
per_gb_hour_cny: string | null, 
/**
 * Adjustments, itemised.
 */
adjustments: Array<Adjustment>, 
/**
 * Fees asked for (storage, egress) that the vendor does not state.
 */
fees_unknown: boolean, 
/**
 * Things to check with the vendor.
 */
warnings: Array<string>, 
/**
 * The same in Chinese.
 */
warnings_zh: Array<string>, 
/**
 * Offer is in the preferred region.
 */
region_match: boolean, };

export type Exclusion = { 
/**
 * Vendor (Chinese name).
 */
vendor: string, 
/**
 * The offer in words.
 */
offer: string, 
/**
 * Offer id.
 */
offer_id: number, 
/**
 * The constraint that removed it.
 */
reason: string, 
/**
 * Stable code of that constraint: `mode`, `tenancy`, `interruptible`, `nvlink`, `price`,
 * `fx_rate` (the UI words it in its language).
 */
reason_code: string, };

export type RequirementSummary = { 
/**
 * Scenario used.
 */
scenario: string | null, 
/**
 * Accelerators that qualify by name/memory/compute.
 */
accelerators: Array<string>, 
/**
 * GPUs needed.
 */
count: number, 
/**
 * Duration as given.
 */
duration: string, 
/**
 * Duration in hours.
 */
hours: number, 
/**
 * Hours per month used.
 */
hours_per_month: number, 
/**
 * Continuous run.
 */
continuous: boolean, 
/**
 * Checkpoint interval, hours.
 */
checkpoint_hours: string, 
/**
 * The constraints in words.
 */
constraints: Array<string>, 
/**
 * Allowed modes (empty = any).
 */
modes: Array<Mode>, 
/**
 * Dedicated only.
 */
dedicated: boolean, 
/**
 * No preemptible.
 */
no_interruptible: boolean, 
/**
 * NVLink-class links for multi-GPU.
 */
nvlink: boolean, 
/**
 * Domestic only.
 */
domestic: boolean, 
/**
 * Preferred region.
 */
region: string | null, 
/**
 * Parameters used.
 */
params: ModelParams, 
/**
 * Ranking order used.
 */
rank_by: RankBy, 
/**
 * Rates used (`1 USD = 7.10 CNY (2026-11-09)`).
 */
rates: Array<string>, };

export type Comparison = { 
/**
 * The requirement as understood.
 */
requirement: RequirementSummary, 
/**
 * Ranked candidates (the best `MAX_CANDIDATES`).
 */
candidates: Array<Candidate>, 
/**
 * How many configurations qualified in all.
 */
candidates_total: number, 
/**
 * Offers of the qualifying accelerators that do not qualify, with reasons.
 */
excluded: Array<Exclusion>, 
/**
 * Current offers of other accelerators (not listed one by one).
 */
other_accelerator_offers: number, 
/**
 * When no candidate is left: which constraint emptied the list.
 */
empty_reason: string | null, };

export type Range = Array<string>;

export type Side = "low" | "high";

export type TcoInput = { 
/**
 * Preset key this came from.
 */
key: string, 
/**
 * Chinese name.
 */
name_zh: string, 
/**
 * English name.
 */
name_en: string, 
/**
 * Where the figures come from.
 */
source: string, 
/**
 * Accelerator of the cluster.
 */
accelerator: string, 
/**
 * GPUs in the cluster.
 */
gpus: number, 
/**
 * GPUs, CNY.
 */
gpu_capex: Range, 
/**
 * Servers and network, CNY.
 */
servers_network_capex: Range, 
/**
 * Storage, CNY.
 */
storage_capex: Range, 
/**
 * Installation, CNY.
 */
installation_capex: Range, 
/**
 * Facility (data centre, power, cooling) per year as a flat figure, CNY.
 */
facility_per_year: Range | null, 
/**
 * Or: power draw, kW (with `pue` and `price_per_kwh`).
 */
power_kw: Range | null, 
/**
 * Power usage effectiveness.
 */
pue: Range | null, 
/**
 * Electricity, CNY per kWh.
 */
price_per_kwh: Range | null, 
/**
 * Operations staff per year, CNY.
 */
staff_per_year: Range, 
/**
 * Maintenance per year as a percentage of capex.
 */
maintenance_pct_per_year: Range, 
/**
 * Horizon, years.
 */
horizon_years: string, 
/**
 * Residual value at the end, percent of capex.
 */
residual_pct: Range, 
/**
 * Annual cost of capital (e.g. 0.05); 0 = none.
 */
cost_of_capital: string, 
/**
 * Rent side: GPU name.
 */
rent_gpu: string, 
/**
 * Rent side: vendor (optional).
 */
rent_vendor: string | null, 
/**
 * Rent side: instance mode (optional).
 */
rent_mode: Mode | null, 
/**
 * Rent side: a given price per GPU-hour in CNY instead of a catalog offer.
 */
rent_per_gpu_hour: string | null, 
/**
 * Free note.
 */
note: string, };

export type Component = { 
/**
 * `gpus`, `servers_network`, `storage`, `installation`, `facility`, `staff`, `maintenance`,
 * `residual`, `capital_cost`.
 */
item: string, 
/**
 * CNY over the horizon (capex once, opex × years, residual negative).
 */
amount_cny: string, 
/**
 * CNY per year for opex items.
 */
per_year_cny: string | null, };

export type Point = { 
/**
 * Utilisation (0–1) or rent price factor.
 */
x: string, 
/**
 * Build CNY per used GPU-hour at that utilisation, or break-even utilisation at that price.
 */
y: string, };

export type TcoCase = { 
/**
 * `low` or `high`.
 */
case: Side, 
/**
 * Build total over the horizon, CNY.
 */
build_total_cny: string, 
/**
 * Build CNY per used GPU-hour at the chosen utilisation.
 */
build_per_gpu_hour_cny: string, 
/**
 * Build CNY per GPU-hour at 100 % utilisation.
 */
build_per_gpu_hour_at_full_cny: string, 
/**
 * Rent CNY per GPU-hour.
 */
rent_per_gpu_hour_cny: string, 
/**
 * Renting the used GPU-hours over the horizon, CNY.
 */
rent_total_cny: string, 
/**
 * Utilisation at which building and renting cost the same (may exceed 1: never pays off).
 */
break_even_utilization: string, 
/**
 * First month at which cumulative renting has cost more than building, at the chosen
 * utilisation (None: not within the horizon).
 */
break_even_month: number | null, 
/**
 * Build cost lines.
 */
components: Array<Component>, 
/**
 * Build CNY per used GPU-hour over utilisation 10–100 %.
 */
by_utilization: Array<Point>, 
/**
 * Break-even utilisation over rent price × 0.5–1.5.
 */
by_rent_price: Array<Point>, 
/**
 * What the numbers say, in Chinese.
 */
conclusion_zh: string, 
/**
 * What the numbers say, in English.
 */
conclusion_en: string, };

export type TcoResult = { 
/**
 * The case the top-level figures are for.
 */
case: Side, 
/**
 * Build total, CNY (chosen case).
 */
build_total_cny: string, 
/**
 * Build per used GPU-hour at the chosen utilisation (chosen case).
 */
build_per_gpu_hour_cny: string, 
/**
 * Build per GPU-hour at 100 % (chosen case).
 */
build_per_gpu_hour_at_full_cny: string, 
/**
 * Rent per GPU-hour.
 */
rent_per_gpu_hour_cny: string, 
/**
 * Break-even utilisation (chosen case).
 */
break_even_utilization: string, 
/**
 * Chosen utilisation.
 */
utilization: string, 
/**
 * Both cases.
 */
cases: Array<TcoCase>, 
/**
 * The inputs used.
 */
input: TcoInput, 
/**
 * Assumptions in words.
 */
assumptions: Array<string>, 
/**
 * Where the rent price comes from.
 */
rent_source: string, };

export type Criterion = { 
/**
 * The fact it tests.
 */
fact: string, 
/**
 * Met when the fact equals this boolean.
 */
is: boolean | null, 
/**
 * Met when the fact is at least this number.
 */
min: number | null, 
/**
 * Met when the fact is at most this number.
 */
max: number | null, 
/**
 * Points when met.
 */
points: number, 
/**
 * Chinese description.
 */
zh: string, 
/**
 * English description.
 */
en: string, };

export type Dimension = { 
/**
 * Stable key.
 */
key: string, 
/**
 * Chinese name.
 */
name_zh: string, 
/**
 * English name.
 */
name_en: string, 
/**
 * The article's question.
 */
question: string, 
/**
 * Criteria.
 */
criteria: Array<Criterion>, };

export type Profile = { 
/**
 * `A`, `B`, `C` or a custom name.
 */
key: string, 
/**
 * Chinese name.
 */
name_zh: string, 
/**
 * English name.
 */
name_en: string, 
/**
 * Share of the total given to the price score (0–1).
 */
price_weight: string, 
/**
 * Weight per dimension key.
 */
weights: { [key in string]?: string }, };

export type FactValue = boolean | number | string;

export type Fact = { 
/**
 * Fact key.
 */
fact: string, 
/**
 * Its value.
 */
value: FactValue, 
/**
 * Source (URL, document, or "derived from snapshot #N").
 */
source: string, 
/**
 * Date of the source.
 */
as_of: string, 
/**
 * `derived` (from the catalog), `evidence` (entered) or `builtin` (shipped).
 */
origin: string, 
/**
 * No source was given.
 */
unsourced: boolean, };

export type CriterionResult = { 
/**
 * Fact tested.
 */
fact: string, 
/**
 * What the criterion asks (zh).
 */
zh: string, 
/**
 * What the criterion asks (en).
 */
en: string, 
/**
 * Points available.
 */
points: number, 
/**
 * `met`, `not_met` or `unknown`.
 */
state: string, 
/**
 * Points given.
 */
awarded: number, 
/**
 * The fact behind it, when on record.
 */
evidence: Fact | null, };

export type DimensionScore = { 
/**
 * Dimension key.
 */
key: string, 
/**
 * Chinese name.
 */
name_zh: string, 
/**
 * English name.
 */
name_en: string, 
/**
 * 0–100, or None when every fact is unknown.
 */
score: number | null, 
/**
 * Criteria whose facts are unknown.
 */
unknown_criteria: number, 
/**
 * Criteria.
 */
criteria: Array<CriterionResult>, };

export type Scorecard = { 
/**
 * Vendor key.
 */
vendor_key: string, 
/**
 * Chinese name.
 */
vendor: string, 
/**
 * English name.
 */
vendor_en: string, 
/**
 * Six dimension scores.
 */
dimensions: Array<DimensionScore>, 
/**
 * Weighted technical score 0–100 over the known dimensions (weights renormalised).
 */
technical: string | null, 
/**
 * Known dimensions the technical score rests on.
 */
known_dimensions: number, 
/**
 * Price score (0–100 × price weight), when a price is known.
 */
price_score: string | null, 
/**
 * The price used for it, CNY per GPU-hour.
 */
price_used: string | null, 
/**
 * Technical × (1 − price weight) + price score.
 */
total: string | null, 
/**
 * Profile used.
 */
profile: string, };

export type WeightsUsed = { 
/**
 * Profile key.
 */
profile: string, 
/**
 * Dimension weights summing to 1.
 */
weights: { [key in string]?: string }, 
/**
 * Price weight (0–1).
 */
price_weight: string, 
/**
 * Set when the given weights did not sum to 1 and were normalised.
 */
normalised_from: string | null, };

export type Scoreboard = { 
/**
 * Weights used.
 */
weights: WeightsUsed, 
/**
 * The GPU whose lowest ¥/GPU-h priced each vendor, if any.
 */
price_basis: string | null, 
/**
 * Scorecards, best total (or technical) first.
 */
scorecards: Array<Scorecard>, };

export type Ahp = { 
/**
 * Weights (principal eigenvector, normalised), as decimal strings.
 */
weights: Array<string>, 
/**
 * Principal eigenvalue.
 */
lambda_max: string, 
/**
 * Consistency index (λmax − n) / (n − 1).
 */
ci: string, 
/**
 * Random index for n (Saaty).
 */
ri: string, 
/**
 * Consistency ratio CI / RI.
 */
cr: string, 
/**
 * CR < 0.10.
 */
consistent: boolean, };

export type PriceScore = { 
/**
 * The bid.
 */
bid: string, 
/**
 * lowest ÷ bid × weight.
 */
score: string, };

export type QuoteRequest = { 
/**
 * The requirement (as for a comparison).
 */
requirement: Requirement, 
/**
 * Recommend this vendor's best candidate instead of the overall best.
 */
vendor: string | null, 
/**
 * 经办人.
 */
requester: string, 
/**
 * Department.
 */
department: string | null, 
/**
 * Purpose.
 */
purpose: string | null, 
/**
 * VAT rate, e.g. `0.06`.
 */
tax_rate: string | null, 
/**
 * Listed prices include tax (含税, the default) or not (不含税).
 */
tax_excluded: boolean, 
/**
 * Days the quote is valid.
 */
validity_days: number | null, 
/**
 * Notes printed on the quote.
 */
notes: string | null, };

export type QuoteLine = { 
/**
 * `recommended` or `alternative`.
 */
role: string, 
/**
 * Vendor (Chinese name).
 */
vendor: string, 
/**
 * Vendor English name.
 */
vendor_en: string, 
/**
 * The offer in words.
 */
offer: string, 
/**
 * Offer id.
 */
offer_id: number, 
/**
 * Snapshot the price came from.
 */
snapshot_id: number, 
/**
 * Source of that snapshot.
 */
source: string, 
/**
 * When it was captured.
 */
captured_at: string, 
/**
 * Listed price and unit, e.g. `84480.00 CNY/month`.
 */
unit_price: string, 
/**
 * Instances.
 */
instances: number, 
/**
 * Billing plan in words.
 */
billing_plan: string, 
/**
 * List total in the offer's currency.
 */
list_total: string, 
/**
 * Its currency.
 */
currency: string, 
/**
 * List total in CNY.
 */
list_total_cny: string, 
/**
 * Effective total in CNY.
 */
effective_total_cny: string, 
/**
 * CNY per GPU-hour.
 */
per_gpu_hour_cny: string, 
/**
 * Technical score under the scenario's profile, when known.
 */
technical_score: string | null, };

export type QuoteContent = { 
/**
 * `Q-2026-0007`.
 */
number: string, 
/**
 * 1, 2, …
 */
version: number, 
/**
 * Date created, YYYY-MM-DD.
 */
date: string, 
/**
 * Valid until, YYYY-MM-DD.
 */
valid_until: string, 
/**
 * 经办人.
 */
requester: string, 
/**
 * Department.
 */
department: string, 
/**
 * Purpose.
 */
purpose: string, 
/**
 * The requirement in words.
 */
requirement: string, 
/**
 * Recommended line first, then alternatives.
 */
lines: Array<QuoteLine>, 
/**
 * VAT rate.
 */
tax_rate: string, 
/**
 * Prices include tax.
 */
tax_included: boolean, 
/**
 * Net of the recommended total, CNY.
 */
net_cny: string, 
/**
 * Tax, CNY.
 */
tax_cny: string, 
/**
 * Gross total, CNY.
 */
total_cny: string, 
/**
 * The total in Chinese uppercase.
 */
total_uppercase: string, 
/**
 * Assumptions (hours per month, rates and dates, parameters).
 */
assumptions: Array<string>, 
/**
 * Prices older than the staleness limit, and other things to check.
 */
warnings: Array<string>, 
/**
 * Weight profile of the scores.
 */
score_profile: string | null, 
/**
 * Rent-or-build summary (not included by the CLI yet).
 */
rent_or_build: string | null, 
/**
 * Notes.
 */
notes: string, 
/**
 * Approval roles, in order.
 */
approvals: Array<string>, 
/**
 * Company printed on the quote (setting `company_name`), frozen with it.
 */
company: string, };

export type QuoteRecord = { 
/**
 * Row id.
 */
id: number, 
/**
 * Number.
 */
number: string, 
/**
 * Version.
 */
version: number, 
/**
 * `draft`, `issued`, `approved`, `rejected`, or `expired` (issued and past its date).
 */
status: string, 
/**
 * SHA-256 of the canonical content (set when issued).
 */
content_hash: string | null, 
/**
 * Created.
 */
created_at: string, 
/**
 * Issued.
 */
issued_at: string | null, 
/**
 * The content.
 */
content: QuoteContent, };

export type QuoteSettings = { 
/**
 * Number prefix.
 */
prefix: string, 
/**
 * Stale-price days.
 */
stale_days: number, 
/**
 * Company name printed on quotes.
 */
company: string, };

export type ParsedPrice = { 
/**
 * The amount (the lower end of a range).
 */
amount: string, 
/**
 * The upper end of a range (`2.00-2.50`).
 */
max: string | null, 
/**
 * ISO currency (`CNY`, `USD`, `EUR`, `HKD`) when the string names one.
 */
currency: string | null, 
/**
 * Billing unit when the string names one.
 */
unit: BillingUnit | null, 
/**
 * The price is per GPU (`/卡时`, `per GPU hour`, `每卡`).
 */
per_gpu: boolean, 
/**
 * A "from" price (`起`, `from`, `starting at`, `低至`).
 */
from: boolean, };

export type ImportFormat = "skypilot" | "csv" | "json";

export type Skip = { 
/**
 * Line or row number.
 */
line: number | null, 
/**
 * Stable code: `no_accelerator`, `no_price`, `unreadable_price`, `unknown_gpu`,
 * `ambiguous_gpu`, `fractional_gpus`, `no_unit`, `no_currency`.
 */
code: string, 
/**
 * The reason in words.
 */
reason: string, 
/**
 * The row as the source had it (shortened).
 */
raw: string | null, };

export type SkipCount = { 
/**
 * Code.
 */
code: string, 
/**
 * Reason of the first such row.
 */
reason: string, 
/**
 * How many rows.
 */
count: number, 
/**
 * First lines (up to 5).
 */
lines: Array<number>, };

export type CreatedSnapshot = { 
/**
 * Snapshot id (`None` in a dry run).
 */
id: number | null, 
/**
 * Vendor key.
 */
vendor_key: string, 
/**
 * Vendor name (zh).
 */
vendor: string, 
/**
 * Offers in it.
 */
offers: number, 
/**
 * Review state (always pending).
 */
state: ReviewState, };

export type PreviewOffer = { 
/**
 * Line in the source.
 */
line: number, 
/**
 * Vendor (zh).
 */
vendor: string, 
/**
 * Accelerator name it resolved to.
 */
accelerator: string, 
/**
 * GPUs per instance.
 */
gpus: number, 
/**
 * Mode.
 */
mode: Mode, 
/**
 * Preemptible.
 */
interruptible: boolean, 
/**
 * Billing unit.
 */
billing: BillingUnit, 
/**
 * Price as stored.
 */
price: string, 
/**
 * Currency.
 */
currency: string, 
/**
 * Per instance or per GPU.
 */
basis: PriceBasis, 
/**
 * Per GPU-hour in the offer's currency at the hours-per-month setting.
 */
per_gpu_hour: string, 
/**
 * Region.
 */
region: string | null, 
/**
 * Instance type.
 */
instance_type: string | null, };

export type ImportReport = { 
/**
 * Format read.
 */
format: string, 
/**
 * File or URL.
 */
source: string, 
/**
 * True when nothing was written (preview).
 */
dry_run: boolean, 
/**
 * Snapshots created (pending), one per vendor.
 */
snapshots: Array<CreatedSnapshot>, 
/**
 * Offers imported.
 */
imported: number, 
/**
 * Rows skipped.
 */
skipped: number, 
/**
 * Skips by reason.
 */
skip_reasons: Array<SkipCount>, 
/**
 * Accelerators that were not known and were added (low confidence, from the source).
 */
new_accelerators: Array<string>, 
/**
 * The first offers as stored (up to 50).
 */
preview: Array<PreviewOffer>, 
/**
 * SHA-256 of the raw source.
 */
sha256: string | null, 
/**
 * Snapshots already holding a capture with the same SHA-256 (the same file imported before).
 */
same_source_as: Array<number>, };

export type Progress = { 
/**
 * Stage: `read`, `write`, `fetch`.
 */
stage: string, 
/**
 * Units done.
 */
done: number, 
/**
 * Units in all (0 when unknown).
 */
total: number, 
/**
 * Detail (URL, file).
 */
detail: string, };

export type ExportRow = { 
/**
 * Vendor key.
 */
vendor: string, 
/**
 * Vendor name (zh).
 */
vendor_name_zh?: string, 
/**
 * Vendor name (en).
 */
vendor_name_en?: string, 
/**
 * Snapshot id on the exporting machine.
 */
snapshot_id?: bigint, 
/**
 * Capture time.
 */
captured_at?: string, 
/**
 * Review state on the exporting machine.
 */
review_state?: string, 
/**
 * Snapshot source.
 */
source?: string, 
/**
 * Accelerator key (or a name people use).
 */
accelerator: string, 
/**
 * Accelerator name.
 */
accelerator_name?: string, 
/**
 * Memory per GPU (GB) as the source stated it.
 */
gpu_memory_gb?: number, 
/**
 * GPUs in the instance.
 */
gpus?: number, 
/**
 * Mode word.
 */
mode?: string, 
/**
 * Tenancy word.
 */
tenancy?: string, 
/**
 * Preemptible.
 */
interruptible?: boolean, 
/**
 * Billing unit word.
 */
billing?: string, 
/**
 * Price: a decimal, or a price string (`¥1.96/小时`).
 */
price: string, 
/**
 * Upper end of a range.
 */
price_max?: string, 
/**
 * `instance` or `gpu`.
 */
price_basis?: string, 
/**
 * ISO currency.
 */
currency?: string, 
/**
 * "From" price.
 */
from_price?: boolean, 
/**
 * Region.
 */
region?: string, 
/**
 * Instance type.
 */
instance_type?: string, 
/**
 * Fees in words.
 */
fees?: string, 
/**
 * Note.
 */
note?: string, 
/**
 * Computed on export: per GPU-hour in the offer's currency.
 */
per_gpu_hour?: string, 
/**
 * Computed on export: per GPU-hour in CNY at the stored rate.
 */
per_gpu_hour_cny?: string, 
/**
 * Computed on export: the hours-per-month convention used.
 */
hours_per_month?: number, };

export type ManualEntry = { 
/**
 * Vendor key or name.
 */
vendor: string, 
/**
 * Where the prices come from (e-mail, call, PDF quote), required.
 */
source: string, 
/**
 * Note for the snapshot.
 */
note?: string, 
/**
 * The offers (fields as in our CSV; price may be a price string such as `¥1.96/小时`).
 */
offers: Array<ExportRow>, 
/**
 * Validate only.
 */
dry_run: boolean, };

export type SnapshotSummary = { 
/**
 * Snapshot id.
 */
id: number, 
/**
 * Vendor key.
 */
vendor_key: string, 
/**
 * Vendor (zh).
 */
vendor: string, 
/**
 * Vendor (en).
 */
vendor_en: string, 
/**
 * Where it came from.
 */
origin: Origin, 
/**
 * Source (URL, file, e-mail).
 */
source: string, 
/**
 * Capture time.
 */
captured_at: string, 
/**
 * When it was stored.
 */
created_at: string, 
/**
 * Review state.
 */
state: ReviewState, 
/**
 * Reviewer.
 */
reviewer: string | null, 
/**
 * When reviewed.
 */
reviewed_at: string | null, 
/**
 * Review note.
 */
review_note: string | null, 
/**
 * Snapshot note.
 */
note: string | null, 
/**
 * Offers in it.
 */
offers: number, 
/**
 * Rows skipped when it was read.
 */
skipped: number, 
/**
 * Raw captures stored.
 */
captures: number, 
/**
 * Whether it is the vendor's current list.
 */
current: boolean, };

export type DiffOffer = { 
/**
 * Offer id.
 */
id: number, 
/**
 * Price as stored.
 */
price: string, 
/**
 * Currency.
 */
currency: string, 
/**
 * Billing unit.
 */
billing: BillingUnit, 
/**
 * Per instance or per GPU.
 */
basis: PriceBasis, 
/**
 * "From" price.
 */
from_price: boolean, 
/**
 * Per GPU-hour in the offer's currency.
 */
per_gpu_hour: string, 
/**
 * Per GPU-hour in CNY (when a rate is stored).
 */
per_gpu_hour_cny: string | null, 
/**
 * Memory per GPU stated by the source.
 */
gpu_memory_gb: number | null, 
/**
 * Line or row in the source.
 */
source_line: number | null, };

export type DiffRow = { 
/**
 * `added`, `removed`, `changed` or `unchanged`.
 */
kind: string, 
/**
 * The configuration in words (`H100 SXM 80GB ×8 vm, dedicated (us-east-1) gpu_8x_h100_sxm5`).
 */
offer: string, 
/**
 * Accelerator name.
 */
accelerator: string, 
/**
 * GPUs.
 */
gpus: number, 
/**
 * Region.
 */
region: string | null, 
/**
 * Instance type.
 */
instance_type: string | null, 
/**
 * Preemptible.
 */
interruptible: boolean, 
/**
 * In the approved list.
 */
old: DiffOffer | null, 
/**
 * In this capture.
 */
new: DiffOffer | null, 
/**
 * Change of the per-GPU-hour price, percent (new vs old), two decimals.
 */
change_pct: string | null, 
/**
 * Anomaly codes on this line.
 */
flags: Array<string>, };

export type Anomaly = { 
/**
 * `price_change`, `unit_changed`, `price_missing`, `duplicate`, `memory_mismatch`,
 * `new_accelerator`, `no_offers`, `no_baseline`.
 */
code: string, 
/**
 * In words (en).
 */
message: string, 
/**
 * In words (zh).
 */
message_zh: string, 
/**
 * Offer concerned (in words), when one.
 */
offer: string | null, };

export type CaptureInfo = { 
/**
 * Capture id.
 */
id: number, 
/**
 * URL or file.
 */
url: string, 
/**
 * After redirects.
 */
final_url: string | null, 
/**
 * HTTP status.
 */
status: number | null, 
/**
 * Content type.
 */
content_type: string | null, 
/**
 * Fetched at.
 */
fetched_at: string, 
/**
 * Bytes (uncompressed).
 */
bytes: number, 
/**
 * Stored (compressed) bytes.
 */
stored_bytes: number, 
/**
 * SHA-256 of the body.
 */
sha256: string, 
/**
 * Whether a recipe is stored with it (re-parse possible).
 */
has_recipe: boolean, };

export type SnapshotReview = { 
/**
 * The snapshot.
 */
snapshot: SnapshotSummary, 
/**
 * The vendor's approved snapshot it is compared with.
 */
baseline: SnapshotSummary | null, 
/**
 * Counts: added, removed, changed, unchanged.
 */
added: number, 
/**
 * Removed.
 */
removed: number, 
/**
 * Changed.
 */
changed: number, 
/**
 * Unchanged.
 */
unchanged: number, 
/**
 * The diff, changed first.
 */
diff: Array<DiffRow>, 
/**
 * Anomalies.
 */
anomalies: Array<Anomaly>, 
/**
 * Rows skipped when reading.
 */
skips: Array<Skip>, 
/**
 * Raw captures.
 */
captures: Array<CaptureInfo>, 
/**
 * Hours per month used for the per-GPU-hour figures.
 */
hours_per_month: number, };

export type RawView = { 
/**
 * The capture.
 */
capture: CaptureInfo, 
/**
 * Headers.
 */
headers: Array<[string, string]>, 
/**
 * Body as text (lossy UTF-8), cut at `max_chars`.
 */
text: string, 
/**
 * Whether the text was cut.
 */
truncated: boolean, 
/**
 * Whether the stored body still matches its SHA-256.
 */
hash_ok: boolean, };

/** Every Tauri command of the desktop shell: its arguments and its result. */
export interface Commands {
  list_offers: { args: { filter: OfferFilter }; result: Array<OfferView> };
  list_vendors: { args: Record<string, never>; result: Array<VendorView> };
  list_accelerators: { args: Record<string, never>; result: Array<Accelerator> };
  get_settings: { args: Record<string, never>; result: Settings };
  set_hours_per_month: { args: { hours: number }; result: Settings };
  add_fx_rate: { args: { rate: FxRate }; result: Settings };
  app_info: { args: Record<string, never>; result: AppInfo };
  recommend: { args: { requirement: Requirement }; result: Comparison };
  list_scenarios: { args: Record<string, never>; result: Array<Scenario> };
  model_defaults: { args: Record<string, never>; result: ModelParams };
  tco_presets: { args: Record<string, never>; result: Array<TcoInput> };
  run_tco: { args: { input: TcoInput; utilization: string; case: Side }; result: TcoResult };
  save_tco_preset: { args: { name: string; input: TcoInput }; result: Array<TcoInput> };
  score_board: { args: { profile: Profile; priceGpu: string | null }; result: Scoreboard };
  list_profiles: { args: Record<string, never>; result: Array<Profile> };
  rubric: { args: Record<string, never>; result: Array<Dimension> };
  ahp_weights: { args: { matrix: string }; result: Ahp };
  list_quotes: { args: Record<string, never>; result: Array<QuoteRecord> };
  get_quote_settings: { args: Record<string, never>; result: QuoteSettings };
  set_quote_settings: { args: { settings: QuoteSettings }; result: QuoteSettings };
  create_quote: { args: { request: QuoteRequest }; result: QuoteRecord };
  issue_quote: { args: { number: string }; result: QuoteRecord };
  edit_quote: {
    args: { number: string; requester: string; department: string; purpose: string; notes: string };
    result: QuoteRecord;
  };
  revise_quote: { args: { number: string }; result: QuoteRecord };
  decide_quote: { args: { number: string; approve: boolean }; result: QuoteRecord };
  preview_quote: { args: { number: string; version: number; lang: string }; result: Array<string> };
  export_quote_pdf: {
    args: { number: string; version: number; lang: string; path: string | null };
    result: string;
  };
  add_evidence: {
    args: { vendor: string; fact: string; value: string; source: string; asOf: string };
    result: Fact;
  };
  import_file: {
    args: {
      path: string;
      format: ImportFormat | null;
      vendor: string | null;
      newVendor: boolean;
      dryRun: boolean;
    };
    result: ImportReport;
  };
  scrape_vendor: { args: { vendor: string; recipe: string | null }; result: ImportReport };
  list_recipes: { args: Record<string, never>; result: Array<string> };
  list_snapshots: { args: { stateFilter: ReviewState | null }; result: Array<SnapshotSummary> };
  review_snapshot: { args: { id: number }; result: SnapshotReview };
  raw_capture: { args: { id: number }; result: RawView };
  approve_snapshot: { args: { id: number; reviewer: string; note: string }; result: SnapshotSummary };
  reject_snapshot: { args: { id: number; reviewer: string; note: string }; result: SnapshotSummary };
  enter_offers: { args: { entry: ManualEntry }; result: ImportReport };
  parse_price: { args: { text: string }; result: ParsedPrice };
  export_catalog: { args: { format: string; path: string }; result: number };
}
