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
sort?: OfferSort, };

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

/** Every Tauri command of the desktop shell: its arguments and its result. */
export interface Commands {
  list_offers: { args: { filter: OfferFilter }; result: Array<OfferView> };
  list_vendors: { args: Record<string, never>; result: Array<VendorView> };
  list_accelerators: { args: Record<string, never>; result: Array<Accelerator> };
  get_settings: { args: Record<string, never>; result: Settings };
  set_hours_per_month: { args: { hours: number }; result: Settings };
  add_fx_rate: { args: { rate: FxRate }; result: Settings };
  app_info: { args: Record<string, never>; result: AppInfo };
}
