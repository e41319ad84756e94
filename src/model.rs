//! The domain model: accelerators, vendors, snapshots and offers (names from DOMAIN.md).

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use ts_rs::TS;

/// Declares a closed set of words stored as text: serde names, `as_str`, parsing with synonyms
/// (English and Chinese), and the list of all values for error messages.
macro_rules! word_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $var:ident = $s:literal $(| $alt:literal)*),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
        #[serde(rename_all = "snake_case")]
        pub enum $name { $($(#[$vm])* #[doc = $s] #[serde(rename = $s)] $var),+ }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$var),+];
            /// The stored / JSON word.
            pub fn as_str(self) -> &'static str { match self { $($name::$var => $s),+ } }
            /// Parses the stored word or a synonym people type (case-insensitive).
            pub fn parse(s: &str) -> Option<Self> {
                // Fast path: the stored word itself (every row read from the database).
                match s { $($s => return Some($name::$var),)+ _ => {} }
                let n = s.trim().to_lowercase().replace(['-', ' '], "_");
                $( if n == $s $(|| n == $alt)* { return Some($name::$var); } )+
                None
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str(self.as_str()) }
        }
    };
}

word_enum!(
    /// How an instance is delivered.
    Mode { Container = "container" | "容器" | "容器实例", Vm = "vm" | "云主机" | "virtual_machine", BareMetal = "bare_metal" | "baremetal" | "裸金属" | "metal" }
);
word_enum!(
    /// Whether the hardware is the customer's alone.
    Tenancy { Dedicated = "dedicated" | "独占", Shared = "shared" | "共享" }
);
word_enum!(
    /// The unit a price is billed in.
    BillingUnit { Hour = "hour" | "hourly" | "h" | "按小时" | "小时", Day = "day" | "daily" | "d" | "按天" | "天", Month = "month" | "monthly" | "mo" | "包月" | "月", Year = "year" | "yearly" | "y" | "包年" | "年" }
);
word_enum!(
    /// Whether a price is per instance (the default) or per GPU in the instance.
    PriceBasis { Instance = "instance", Gpu = "gpu" | "per_gpu" }
);
word_enum!(
    /// Where a snapshot came from.
    Origin { Article = "article", Manual = "manual", File = "file", Scrape = "scrape" }
);
word_enum!(
    /// How far a figure can be trusted.
    Confidence { High = "high" | "高", Medium = "medium" | "中", Low = "low" | "低" }
);
word_enum!(
    /// Review state of a snapshot.
    ReviewState { Pending = "pending" | "待审核", Approved = "approved" | "已通过", Rejected = "rejected" | "已驳回" }
);

impl BillingUnit {
    /// Hours in one billing unit under the given hours-per-month convention
    /// (a year is twelve such months, so the convention stays consistent).
    pub fn hours(self, hours_per_month: u32) -> Decimal {
        match self {
            BillingUnit::Hour => Decimal::ONE,
            BillingUnit::Day => Decimal::from(24),
            BillingUnit::Month => Decimal::from(hours_per_month),
            BillingUnit::Year => Decimal::from(hours_per_month) * Decimal::from(12),
        }
    }
}

/// A GPU/NPU model with its specs.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Accelerator {
    /// Row id.
    #[ts(type = "number")]
    pub id: i64,
    /// Stable key, e.g. `h100-sxm-80gb`.
    pub key: String,
    /// Display name, e.g. `H100 SXM 80GB`.
    pub name: String,
    /// Maker, e.g. NVIDIA, Huawei.
    pub maker: String,
    /// Family shared by variants, e.g. `H100`.
    pub family: String,
    /// Other names people use.
    pub aliases: Vec<String>,
    /// GPU memory in GB, when known.
    pub memory_gb: Option<u32>,
    /// Memory type (HBM3, GDDR6X…).
    pub memory_type: Option<String>,
    /// Dense FP16/BF16 TFLOPS as a decimal string, when known.
    pub fp16_tflops: Option<String>,
    /// Interconnect as stated by the source.
    pub interconnect: Option<String>,
    /// Has a high-bandwidth GPU-to-GPU link (NVLink, HCCS, xGMI…) in its server form.
    pub nvlink: bool,
    /// Domestic (信创) accelerator.
    pub domestic: bool,
    /// Where the specs come from.
    pub source: String,
    /// How solid the specs are.
    pub confidence: Confidence,
}

/// A rental platform, with its current catalog at a glance.
#[derive(Debug, Clone, Serialize, TS)]
pub struct VendorView {
    /// Row id.
    #[ts(type = "number")]
    pub id: i64,
    /// Stable key, e.g. `jygpu`.
    pub key: String,
    /// Chinese name.
    pub name_zh: String,
    /// English name.
    pub name_en: String,
    /// Website.
    pub website: Option<String>,
    /// Home region.
    pub region: Option<String>,
    /// An illustration from the article, not a real vendor.
    pub example: bool,
    /// Free note.
    pub note: Option<String>,
    /// Offers in the current (latest approved) snapshot.
    pub current_offers: u32,
    /// Id of the current snapshot, if any.
    #[ts(type = "number | null")]
    pub current_snapshot_id: Option<i64>,
    /// Capture time of the current snapshot.
    pub captured_at: Option<String>,
    /// Confidence of the current snapshot.
    pub confidence: Option<Confidence>,
    /// Source of the current snapshot.
    pub source: Option<String>,
    /// All snapshots of this vendor, any state.
    pub snapshots: u32,
}

/// One offer of the current catalog, with its normalised price and where it came from.
///
/// Money is a decimal string; `per_gpu_hour` is in the offer's currency, `per_gpu_hour_cny` at
/// the stored rate `fx_rate` dated `fx_as_of`.
#[derive(Debug, Clone, Serialize, TS)]
pub struct OfferView {
    /// Row id.
    #[ts(type = "number")]
    pub id: i64,
    /// Snapshot the offer belongs to.
    #[ts(type = "number")]
    pub snapshot_id: i64,
    /// Vendor display name (Chinese).
    pub vendor: Arc<str>,
    /// Vendor English name.
    pub vendor_en: Arc<str>,
    /// Vendor key.
    pub vendor_key: Arc<str>,
    /// Vendor is an example from the article.
    pub vendor_example: bool,
    /// Accelerator display name.
    pub accelerator: Arc<str>,
    /// Accelerator key.
    pub accelerator_key: Arc<str>,
    /// GPU memory per GPU, GB.
    pub memory_gb: Option<u32>,
    /// Dense FP16 TFLOPS per GPU.
    pub fp16_tflops: Option<Arc<str>>,
    /// Domestic (信创) accelerator.
    pub domestic: bool,
    /// GPUs per instance.
    pub gpus: u32,
    /// Instance mode.
    pub mode: Mode,
    /// Tenancy.
    pub tenancy: Tenancy,
    /// Preemptible / spot.
    pub interruptible: bool,
    /// Billing unit.
    pub billing: BillingUnit,
    /// Price as listed, in `currency`, per `price_basis` per `billing` unit.
    pub price: String,
    /// Upper end when the source gives a range.
    pub price_max: Option<String>,
    /// Price per instance or per GPU.
    pub price_basis: PriceBasis,
    /// ISO currency code.
    pub currency: String,
    /// A "from" price (起), conditions may apply.
    pub from_price: bool,
    /// Region or zone.
    pub region: Option<String>,
    /// Vendor's instance type name.
    pub instance_type: Option<String>,
    /// Fees stated with the offer.
    pub fees: Option<String>,
    /// Note on the offer.
    pub note: Option<String>,
    /// Price of the whole instance for one billing unit.
    pub instance_price: String,
    /// Price per GPU-hour in the offer's currency (2 decimals).
    pub per_gpu_hour: String,
    /// Price per GPU-hour in CNY (2 decimals), when a rate is known.
    pub per_gpu_hour_cny: Option<String>,
    /// Exact per GPU-hour in CNY, for sorting and further arithmetic.
    pub per_gpu_hour_cny_exact: Option<String>,
    /// Rate used to convert to CNY (1 for CNY).
    pub fx_rate: Option<String>,
    /// Date of that rate.
    pub fx_as_of: Option<String>,
    /// Hours per month used.
    pub hours_per_month: u32,
    /// The normalisation in words, e.g. `84480.00 CNY/month ÷ 8 GPUs ÷ 720 h/month`.
    pub convention: String,
    /// When the snapshot was captured (RFC 3339).
    pub captured_at: Arc<str>,
    /// Origin of the snapshot.
    pub origin: Origin,
    /// Source URL or file of the snapshot.
    pub source: Arc<str>,
    /// Confidence of the snapshot.
    pub confidence: Confidence,
    /// Review state of the snapshot.
    pub review_state: ReviewState,
    /// Note on the snapshot.
    pub snapshot_note: Option<Arc<str>>,
}

impl OfferView {
    /// The offer in words: `H100 SXM 80GB ×8 bare_metal, dedicated (四川一区)`.
    pub fn describe(&self) -> String {
        format!(
            "{} ×{} {}, {}{}{}",
            self.accelerator,
            self.gpus,
            self.mode,
            self.tenancy,
            if self.interruptible { ", preemptible" } else { "" },
            self.region.as_deref().map(|r| format!(" ({r})")).unwrap_or_default()
        )
    }
}

/// What the caller wants from the catalog.
#[derive(Debug, Clone, Default, Deserialize, TS)]
#[serde(default)]
pub struct OfferFilter {
    /// Accelerator name as people type it (`H100`, `4090`, `910B`).
    #[ts(optional)]
    pub gpu: Option<String>,
    /// Vendor name, Chinese or English, or key.
    #[ts(optional)]
    pub vendor: Option<String>,
    /// Instance mode.
    #[ts(optional)]
    pub mode: Option<Mode>,
    /// Billing unit.
    #[ts(optional)]
    pub billing: Option<BillingUnit>,
    /// Only domestic (信创) accelerators.
    pub domestic: bool,
    /// Free-text search over vendor, accelerator, region and notes.
    #[ts(optional)]
    pub search: Option<String>,
    /// Sort order.
    #[ts(optional)]
    pub sort: Option<OfferSort>,
    /// Also use pending (unreviewed) snapshots where newer than the approved list; their
    /// offers carry `review_state: pending` and are marked wherever shown.
    #[ts(optional)]
    pub include_pending: Option<bool>,
}

word_enum!(
    /// Orders for the offers listing.
    OfferSort { Vendor = "vendor", PerGpuHour = "per_gpu_hour" | "price" | "per_gpu_hour_cny", Accelerator = "accelerator" | "gpu", CapturedAt = "captured_at" | "date" }
);
