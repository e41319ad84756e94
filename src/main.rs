//! `gpuquote`: the command-line face of GPU Quote Desk (算力比价台). Every command calls the same
//! core functions as the desktop app and works on the same database file.

use clap::{Parser, Subcommand, ValueEnum};
use comfy_table::{presets::UTF8_FULL_CONDENSED, Cell, CellAlignment, Table};
use gpuquote::compare::{self, ModelParams, RankBy, Requirement};
use gpuquote::model::{BillingUnit, Confidence, Mode, OfferFilter, OfferSort, OfferView};
use gpuquote::quote::{self, QuoteRecord, QuoteRequest};
use gpuquote::scoring;
use gpuquote::tco::{self, Side};
use gpuquote::{catalog, money, names, paths, settings, Error, Store};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

/// `println!` that ends the program quietly when stdout is closed (`gpuquote offers | head`)
/// instead of panicking on the broken pipe.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout().lock(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

mod ingest_cmd;

#[derive(Parser)]
#[command(
    name = "gpuquote",
    version,
    about = "GPU Quote Desk (算力比价台): GPU rental prices, compared and quoted"
)]
struct Cli {
    /// Database file (default: $GPUQUOTE_DB, else the per-user data directory)
    #[arg(long, global = true, value_name = "PATH")]
    db: Option<PathBuf>,
    /// Print JSON (money as decimal strings) instead of tables
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List vendors with their current price snapshot
    Vendors,
    /// List current offers (latest approved snapshot per vendor), normalised per GPU-hour
    Offers {
        /// GPU as people name it: H100, 4090, "RTX 4090", 910B, "Ascend 910B"
        #[arg(long)]
        gpu: Option<String>,
        /// Vendor, Chinese or English name: 极智算, Lambda
        #[arg(long)]
        vendor: Option<String>,
        /// Instance mode: container | vm | bare_metal
        #[arg(long, value_parser = parse_mode)]
        mode: Option<Mode>,
        /// Billing unit: hour | day | month | year
        #[arg(long, value_parser = parse_billing)]
        billing: Option<BillingUnit>,
        /// Only domestic (信创) accelerators
        #[arg(long)]
        domestic: bool,
        /// Free-text search (vendor, GPU, region, notes)
        #[arg(long)]
        search: Option<String>,
        /// Sort order
        #[arg(long, value_enum, default_value_t = SortArg::Vendor)]
        sort: SortArg,
        /// Also show unreviewed (pending) captures newer than the approved lists, marked
        #[arg(long)]
        include_pending: bool,
    },
    /// List accelerator specs and the names they answer to
    Accelerators,
    /// From a requirement to ranked offers: list and effective cost, exclusions explained
    Recommend(Box<RecommendArgs>),
    /// Scenario presets (A/B/C) and the effective-cost parameters with their sources
    Scenarios,
    /// Rent or build: total cost of ownership, break-even utilisation, sensitivity
    Tco(Box<TcoArgs>),
    /// Quotes (报价单): draft from a requirement, list, show, issue, revise
    Quote {
        #[command(subcommand)]
        command: QuoteCommand,
    },
    /// Six-dimension vendor scorecards, evidence, weights (AHP) and tender price scores
    Score {
        /// Weight profile: A, B or C
        #[arg(long, default_value = "B", global = true)]
        profile: String,
        /// Price each vendor by its lowest current ¥/GPU-h for this GPU (adds the price score)
        #[arg(long)]
        gpu: Option<String>,
        /// Custom weights instead of the profile's: "gpu_range=0.3,network=0.2,…" (normalised)
        #[arg(long)]
        weights: Option<String>,
        /// Custom price weight (0–1) with --weights
        #[arg(long)]
        price_weight: Option<String>,
        #[command(subcommand)]
        command: Option<ScoreCommand>,
    },
    /// Import a price file as a pending snapshot: SkyPilot catalog CSV, or our CSV/JSON
    Import(Box<ImportArgs>),
    /// Scrape a vendor's pricing page(s) with its recipe; stores a pending snapshot and the raw pages
    Scrape {
        /// Vendor (key or name) whose built-in recipe to use (data/recipes/<key>.toml)
        vendor: String,
        /// A recipe file instead of the built-in one
        #[arg(long)]
        recipe: Option<PathBuf>,
        /// Fetch and read, but store nothing
        #[arg(long)]
        dry_run: bool,
    },
    /// Offline review of captures: list, show the diff and anomalies, raw source, approve, reject
    Review {
        #[command(subcommand)]
        command: ReviewCommand,
    },
    /// Export the current catalog (or one snapshot) as CSV or JSON (what `import` reads)
    Export {
        /// csv or json
        #[arg(long, value_parser = ["csv", "json"], default_value = "csv")]
        format: String,
        /// Write to FILE (default: stdout)
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// Only this vendor
        #[arg(long)]
        vendor: Option<String>,
        /// One snapshot (any state) instead of the current catalog
        #[arg(long)]
        snapshot: Option<i64>,
        /// Use pending snapshots newer than the approved lists
        #[arg(long)]
        include_pending: bool,
    },
    /// Enter offers by hand (a quote received by e-mail) as a pending snapshot
    Enter {
        /// Vendor (key or name)
        #[arg(long)]
        vendor: String,
        /// Where the price comes from (e-mail, call, PDF)
        #[arg(long)]
        source: String,
        /// GPU as named by the vendor (H100, 4090)
        #[arg(long)]
        gpu: String,
        /// GPUs per instance
        #[arg(long, default_value_t = 1)]
        gpus: u32,
        /// Instance mode: container | vm | bare_metal
        #[arg(long)]
        mode: String,
        /// Price as written: "¥1.96/小时", "84,480元/月", "$2.49/hr"
        #[arg(long)]
        price: String,
        /// Currency when the price does not name one
        #[arg(long)]
        currency: Option<String>,
        /// Billing unit when the price does not name one
        #[arg(long)]
        billing: Option<String>,
        /// Region
        #[arg(long)]
        region: Option<String>,
        /// Note
        #[arg(long)]
        note: Option<String>,
    },
    /// Read a price string the way imports and scrapes do (for checking what a vendor wrote)
    ParsePrice {
        /// e.g. "￥15,600起/月"
        text: String,
    },
    /// Database maintenance
    Db {
        #[command(subcommand)]
        command: DbCommand,
    },
    /// Show or change settings (hours per month, exchange rates)
    Settings {
        #[command(subcommand)]
        command: Option<SettingsCommand>,
    },
}

#[derive(clap::Args)]
struct RecommendArgs {
    /// GPU as people name it (H100, 4090, 910B)
    #[arg(long, conflicts_with_all = ["min_memory", "min_tflops"])]
    gpu: Option<String>,
    /// Minimum GPU memory per GPU, GB (instead of --gpu)
    #[arg(long, value_name = "GB")]
    min_memory: Option<u32>,
    /// Minimum dense FP16 TFLOPS per GPU (instead of --gpu)
    #[arg(long, value_name = "N")]
    min_tflops: Option<String>,
    /// GPUs needed
    #[arg(long)]
    count: Option<u32>,
    /// How long: 4h, 90d, 12w, 3mo, 1y
    #[arg(long)]
    duration: Option<String>,
    /// One uninterrupted run (prices interruptions of preemptible offers)
    #[arg(long)]
    continuous: bool,
    /// Scenario preset from the article: A (research), B (full training), C (信创)
    #[arg(long, value_parser = ["A", "B", "C", "a", "b", "c"])]
    scenario: Option<String>,
    /// Domestic (信创) accelerators only
    #[arg(long)]
    domestic: bool,
    /// Checkpoint interval, e.g. 4h (default from data/pricing.toml)
    #[arg(long)]
    checkpoint: Option<String>,
    /// Allowed instance mode (repeatable): container | vm | bare_metal
    #[arg(long = "mode", value_parser = parse_mode)]
    modes: Vec<Mode>,
    /// Dedicated tenancy only
    #[arg(long)]
    dedicated: bool,
    /// No preemptible/spot offers
    #[arg(long)]
    no_preemptible: bool,
    /// Multi-GPU jobs need NVLink-class links
    #[arg(long)]
    nvlink: bool,
    /// Preferred region (ties go to offers there)
    #[arg(long)]
    region: Option<String>,
    /// Storage to price, TB (flags vendors that do not state storage fees)
    #[arg(long, value_name = "TB")]
    storage_tb: Option<String>,
    /// Data egress to price, TB
    #[arg(long, value_name = "TB")]
    egress_tb: Option<String>,
    /// Include bring-up time (by support level) in the effective cost
    #[arg(long)]
    bring_up: bool,
    /// Rank by effective (default) or list total
    #[arg(long, value_enum, default_value_t = RankArg::Effective)]
    rank: RankArg,
    /// Expected interruptions per day of preemptible offers (default 0.2)
    #[arg(long)]
    interruptions_per_day: Option<String>,
    /// Hours to recover from an interruption (default 24)
    #[arg(long)]
    recovery_hours: Option<String>,
    /// Relative throughput of multi-GPU jobs on PCIe-only GPUs (default 0.70)
    #[arg(long)]
    pcie_throughput: Option<String>,
    /// Also consider unreviewed (pending) captures newer than the approved lists (marked)
    #[arg(long)]
    include_pending: bool,
}

#[derive(clap::Args)]
struct TcoArgs {
    /// Preset to start from (built-in: article); every flag below overrides it
    #[arg(long, default_value = "article")]
    preset: String,
    /// Which end of the input ranges the top-level figures show
    #[arg(long, value_enum, default_value_t = CaseArg::Low)]
    case: CaseArg,
    /// Utilisation of the cluster, 0 < u ≤ 1
    #[arg(long, default_value = "0.6")]
    utilization: String,
    /// List the presets and exit
    #[arg(long)]
    list_presets: bool,
    /// Save the inputs as a preset under this name
    #[arg(long, value_name = "NAME")]
    save: Option<String>,
    /// GPUs in the cluster
    #[arg(long)]
    gpus: Option<u32>,
    /// Accelerator of the cluster (name)
    #[arg(long)]
    accelerator: Option<String>,
    /// GPU purchase, CNY: amount or range (58000000, 50M-60M, 5000万-6000万)
    #[arg(long, value_name = "RANGE")]
    gpu_capex: Option<String>,
    /// Servers and network, CNY
    #[arg(long, value_name = "RANGE")]
    servers_network_capex: Option<String>,
    /// Storage, CNY
    #[arg(long, value_name = "RANGE")]
    storage_capex: Option<String>,
    /// Installation, CNY
    #[arg(long, value_name = "RANGE")]
    installation_capex: Option<String>,
    /// Facility per year, CNY (flat; or use --power-kw/--pue/--price-per-kwh)
    #[arg(long, value_name = "RANGE", conflicts_with = "power_kw")]
    facility_per_year: Option<String>,
    /// Power draw, kW
    #[arg(long, value_name = "RANGE")]
    power_kw: Option<String>,
    /// Power usage effectiveness
    #[arg(long, value_name = "RANGE")]
    pue: Option<String>,
    /// Electricity, CNY per kWh
    #[arg(long, value_name = "RANGE")]
    price_per_kwh: Option<String>,
    /// Operations staff per year, CNY
    #[arg(long, value_name = "RANGE")]
    staff_per_year: Option<String>,
    /// Maintenance per year, % of capex
    #[arg(long, value_name = "RANGE")]
    maintenance_pct: Option<String>,
    /// Horizon, years
    #[arg(long)]
    horizon_years: Option<String>,
    /// Residual value at the end, % of capex
    #[arg(long, value_name = "RANGE")]
    residual_pct: Option<String>,
    /// Yearly cost of capital, e.g. 0.05
    #[arg(long)]
    cost_of_capital: Option<String>,
    /// Rent side: GPU to rent (cheapest current non-preemptible offer)
    #[arg(long)]
    rent_gpu: Option<String>,
    /// Rent side: vendor
    #[arg(long)]
    rent_vendor: Option<String>,
    /// Rent side: instance mode
    #[arg(long, value_parser = parse_mode)]
    rent_mode: Option<Mode>,
    /// Rent side: a price per GPU-hour in CNY instead of a catalog offer
    #[arg(long)]
    rent_per_gpu_hour: Option<String>,
}

#[derive(Subcommand)]
enum QuoteCommand {
    /// Draft a quote: the requirement as for `recommend`, the recommended offer and alternatives
    New {
        #[command(flatten)]
        requirement: Box<RecommendArgs>,
        /// Recommend this vendor's best candidate (default: the overall best)
        #[arg(long)]
        vendor: Option<String>,
        /// 经办人
        #[arg(long)]
        requester: String,
        /// Department
        #[arg(long)]
        department: Option<String>,
        /// Purpose
        #[arg(long)]
        purpose: Option<String>,
        /// VAT rate
        #[arg(long, default_value = "0.06")]
        tax_rate: String,
        /// Listed prices include tax (default)
        #[arg(long, conflicts_with = "tax_excluded")]
        tax_included: bool,
        /// Listed prices exclude tax: tax is added
        #[arg(long)]
        tax_excluded: bool,
        /// Days the quote is valid
        #[arg(long, default_value_t = 15)]
        validity_days: i64,
        /// Notes printed on the quote
        #[arg(long)]
        notes: Option<String>,
    },
    /// List quotes
    List,
    /// Show a quote (latest version, or --version N)
    Show {
        /// Quote number, e.g. Q-2026-0001
        number: String,
        /// Version
        #[arg(long)]
        version: Option<u32>,
    },
    /// Change a draft's free fields (refused once issued)
    Edit {
        /// Quote number
        number: String,
        /// 经办人
        #[arg(long)]
        requester: Option<String>,
        /// Department
        #[arg(long)]
        department: Option<String>,
        /// Purpose
        #[arg(long)]
        purpose: Option<String>,
        /// Notes
        #[arg(long)]
        notes: Option<String>,
    },
    /// Issue the latest draft: freeze it and record its SHA-256
    Issue {
        /// Quote number
        number: String,
    },
    /// Make the next version as a draft; earlier versions stay as they are
    Revise {
        /// Quote number
        number: String,
    },
    /// Write the quote as a PDF (A4; Chinese, English or both)
    Pdf {
        /// Quote number
        number: String,
        /// Output file
        #[arg(short, long)]
        output: PathBuf,
        /// Language: zh, en or both
        #[arg(long, default_value = "zh")]
        lang: String,
        /// Version (default: latest)
        #[arg(long)]
        version: Option<u32>,
    },
    /// Record approval of an issued quote
    Approve {
        /// Quote number
        number: String,
    },
    /// Record rejection of an issued quote
    Reject {
        /// Quote number
        number: String,
    },
}

#[derive(Subcommand)]
enum ScoreCommand {
    /// Every criterion for one vendor: its points and the fact and source behind it
    Explain {
        /// Vendor, Chinese or English name
        vendor: String,
    },
    /// Weights from an AHP pairwise-comparison matrix, with the consistency ratio
    Weights {
        /// Rows separated by ';', cells by ',': "1,3,5;1/3,1,3;1/5,1/3,1"
        #[arg(long)]
        ahp: String,
    },
    /// Tender-style price scores: lowest ÷ price × weight
    Price {
        /// Prices, comma-separated: 84480,92000,78000
        #[arg(long, value_delimiter = ',')]
        bids: Vec<String>,
        /// Price weight in points (e.g. 30)
        #[arg(long)]
        weight: String,
    },
    /// Record a fact about a vendor with its source
    Evidence {
        /// Vendor
        vendor: String,
        /// Fact key (see `gpuquote score rubric`)
        fact: String,
        /// Value: true/false, a number, or text
        value: String,
        /// Where it comes from (URL, document, e-mail)
        #[arg(long, default_value = "")]
        source: String,
        /// Date of the source, YYYY-MM-DD (default: today)
        #[arg(long)]
        date: Option<String>,
    },
    /// The rubric: dimensions, criteria, points and the facts they test
    Rubric,
    /// The weight profiles (A/B/C)
    Profiles,
}

#[derive(Clone, Copy, ValueEnum)]
enum CaseArg {
    Low,
    High,
}

#[derive(Clone, Copy, ValueEnum)]
enum RankArg {
    Effective,
    List,
}

#[derive(clap::Args)]
struct ImportArgs {
    /// The file
    file: PathBuf,
    /// skypilot | csv | json (default: detected from the content)
    #[arg(long, value_parser = ["skypilot", "csv", "json"])]
    format: Option<String>,
    /// Vendor of the whole file (required for SkyPilot catalogs)
    #[arg(long)]
    vendor: Option<String>,
    /// Create the vendor when it is not known
    #[arg(long)]
    new_vendor: bool,
    /// Instance mode of SkyPilot rows (default vm)
    #[arg(long, value_parser = parse_mode)]
    mode: Option<Mode>,
    /// Capture time, RFC 3339 (default: now)
    #[arg(long)]
    captured_at: Option<String>,
    /// high | medium | low (default medium)
    #[arg(long)]
    confidence: Option<String>,
    /// Note stored with the snapshot
    #[arg(long)]
    note: Option<String>,
    /// Read and check everything, show what would be imported, store nothing
    #[arg(long)]
    dry_run: bool,
}

#[derive(Subcommand)]
enum ReviewCommand {
    /// Snapshots, newest first
    List {
        /// pending | approved | rejected
        #[arg(long)]
        state: Option<String>,
        /// Only this vendor
        #[arg(long)]
        vendor: Option<String>,
    },
    /// The diff against the vendor's approved list, anomalies, skipped rows, raw captures
    Show {
        /// Snapshot id
        id: i64,
        /// Show unchanged offers too
        #[arg(long)]
        all: bool,
    },
    /// Print a stored raw capture (page or file) as text
    Raw {
        /// Capture id (see `review show`)
        capture: i64,
        /// At most this many characters
        #[arg(long, default_value_t = 20000)]
        max_chars: usize,
    },
    /// Approve a pending snapshot: it becomes the vendor's current list
    Approve {
        /// Snapshot id
        id: i64,
        /// Reviewer name (default: $USER)
        #[arg(long)]
        reviewer: Option<String>,
        /// Note
        #[arg(long)]
        note: Option<String>,
    },
    /// Reject a pending snapshot (or withdraw an approved one)
    Reject {
        /// Snapshot id
        id: i64,
        /// Why (required)
        #[arg(long)]
        note: String,
        /// Reviewer name (default: $USER)
        #[arg(long)]
        reviewer: Option<String>,
    },
    /// Re-read a scrape's stored raw pages offline (with its recipe, or an improved one)
    Reparse {
        /// Snapshot id
        id: i64,
        /// Recipe file (default: the one stored with the capture)
        #[arg(long)]
        recipe: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
enum DbCommand {
    /// Integrity check and schema version
    Check,
    /// Write a consistent copy of the database to PATH (never overwrites)
    Backup {
        /// Destination file
        path: PathBuf,
    },
    /// Print the database path in use
    Path,
}

#[derive(Subcommand)]
enum SettingsCommand {
    /// Show settings
    Show,
    /// Hours per month used to normalise monthly prices (720 = 30 days, 730 = calendar average)
    SetHours {
        /// Hours (672–744)
        hours: u32,
    },
    /// Quote numbering prefix (Q → Q-2026-0001) and days after which a price is stale on a quote
    SetQuote {
        /// Number prefix, e.g. Q or BJ-Q
        #[arg(long)]
        prefix: Option<String>,
        /// Flag prices older than this many days
        #[arg(long)]
        stale_days: Option<i64>,
        /// Company name printed at the top of quotes
        #[arg(long)]
        company: Option<String>,
    },
    /// Record a dated exchange rate: 1 CURRENCY = RATE CNY
    SetFx {
        /// Currency, e.g. USD
        currency: String,
        /// Rate into CNY, e.g. 7.10
        rate: String,
        /// Date the rate applies to, YYYY-MM-DD (default: today)
        #[arg(long)]
        date: Option<String>,
        /// Where the rate comes from
        #[arg(long, default_value = "")]
        source: String,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum SortArg {
    Vendor,
    PerGpuHour,
    Accelerator,
    CapturedAt,
}

fn parse_mode(s: &str) -> Result<Mode, String> {
    Mode::parse(s).ok_or_else(|| format!("unknown mode '{s}': use container, vm or bare_metal"))
}

fn parse_billing(s: &str) -> Result<BillingUnit, String> {
    BillingUnit::parse(s)
        .ok_or_else(|| format!("unknown billing unit '{s}': use hour, day, month or year"))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn print_json<T: serde::Serialize>(v: &T) -> Result<(), Error> {
    let s = serde_json::to_string_pretty(v)
        .map_err(|e| Error::Invalid { field: "json".into(), message: e.to_string() })?;
    outln!("{s}");
    Ok(())
}

fn run(cli: Cli) -> Result<(), Error> {
    let path = paths::resolve_db_path(cli.db)?;
    if let Command::Db { command: DbCommand::Path } = cli.command {
        outln!("{}", path.display());
        return Ok(());
    }
    let mut store = Store::open(&path)?;
    match cli.command {
        Command::Vendors => vendors(&store, cli.json),
        Command::Offers { gpu, vendor, mode, billing, domestic, search, sort, include_pending } => {
            let sort = match sort {
                SortArg::Vendor => OfferSort::Vendor,
                SortArg::PerGpuHour => OfferSort::PerGpuHour,
                SortArg::Accelerator => OfferSort::Accelerator,
                SortArg::CapturedAt => OfferSort::CapturedAt,
            };
            let filter = OfferFilter {
                gpu,
                vendor,
                mode,
                billing,
                domestic,
                search,
                sort: Some(sort),
                include_pending: Some(include_pending),
            };
            let list = catalog::list_offers(&store, &filter)?;
            if cli.json {
                print_json(&list)
            } else {
                offers_table(&store, &list)
            }
        }
        Command::Accelerators => accelerators(&store, cli.json),
        Command::Import(a) => ingest_cmd::import(&mut store, *a, cli.json),
        Command::Scrape { vendor, recipe, dry_run } => {
            ingest_cmd::scrape(&mut store, &vendor, recipe.as_deref(), dry_run, cli.json)
        }
        Command::Review { command } => ingest_cmd::review(&mut store, command, cli.json),
        Command::Export { format, output, vendor, snapshot, include_pending } => {
            ingest_cmd::export(
                &store,
                &format,
                output.as_deref(),
                vendor,
                snapshot,
                include_pending,
            )
        }
        Command::Enter {
            vendor,
            source,
            gpu,
            gpus,
            mode,
            price,
            currency,
            billing,
            region,
            note,
        } => {
            let row = gpuquote::ingest::native::ExportRow {
                accelerator: gpu,
                gpus: Some(gpus),
                mode: Some(mode),
                price,
                currency,
                billing,
                region,
                note,
                ..Default::default()
            };
            let entry = gpuquote::ingest::manual::ManualEntry {
                vendor,
                source,
                note: None,
                offers: vec![row],
                dry_run: false,
            };
            let r = gpuquote::ingest::manual::add(&mut store, &entry)?;
            ingest_cmd::print_report(&r, cli.json)
        }
        Command::ParsePrice { text } => ingest_cmd::parse_price(&text, cli.json),
        Command::Recommend(a) => recommend(&store, *a, cli.json),
        Command::Tco(a) => tco_cmd(&mut store, *a, cli.json),
        Command::Quote { command } => quote_cmd(&mut store, command, cli.json),
        Command::Score { profile, gpu, weights, price_weight, command } => {
            let mut p = scoring::profile(&profile)?;
            if let Some(w) = weights {
                p.key = "custom".into();
                p.weights = w
                    .split(',')
                    .filter(|kv| !kv.trim().is_empty())
                    .map(|kv| {
                        kv.split_once('=')
                            .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                            .ok_or_else(|| Error::Invalid {
                                field: "weights".into(),
                                message: format!("'{kv}' is not dimension=weight"),
                            })
                    })
                    .collect::<Result<_, _>>()?;
            }
            if let Some(pw) = price_weight {
                p.price_weight = pw;
            }
            score_cmd(&mut store, p, gpu, command, cli.json)
        }
        Command::Scenarios => {
            let list = compare::scenarios()?;
            let params = ModelParams::defaults()?;
            if cli.json {
                return print_json(&serde_json::json!({ "scenarios": list, "params": params }));
            }
            for sc in &list {
                outln!(
                    "{} — {} / {}\n    preset: --gpu {} --count {} --duration {}{}; {}",
                    sc.key,
                    sc.name_zh,
                    sc.name_en,
                    sc.gpu,
                    sc.count,
                    sc.duration,
                    if sc.continuous { " --continuous" } else { "" },
                    sc.note
                );
            }
            outln!(
                "Effective-cost parameters: {} interruptions/day, {} h recovery, {} h default checkpoint, PCIe throughput {}, bring-up {} days without support / {} with.",
                params.interruptions_per_day,
                params.recovery_hours,
                params.default_checkpoint_hours,
                params.pcie_throughput,
                params.bring_up_days_without_support,
                params.bring_up_days_with_support
            );
            for src in &params.sources {
                outln!("  source: {src}");
            }
            Ok(())
        }
        Command::Db { command } => match command {
            DbCommand::Check => {
                let c = store.check()?;
                if cli.json {
                    print_json(&c)?;
                } else {
                    outln!("database: {}", path.display());
                    outln!("integrity: {}", c.integrity.join("; "));
                    outln!("foreign key violations: {}", c.foreign_key_violations);
                    outln!(
                        "schema version: {} (this program knows up to {})",
                        c.schema_version,
                        c.supported_schema_version
                    );
                    outln!(
                        "rows: {} vendors, {} accelerators, {} snapshots, {} offers",
                        c.vendors,
                        c.accelerators,
                        c.snapshots,
                        c.offers
                    );
                    outln!(
                        "{}",
                        if c.ok {
                            "OK"
                        } else {
                            "PROBLEMS FOUND: restore from a backup (gpuquote db backup)"
                        }
                    );
                }
                if c.ok {
                    Ok(())
                } else {
                    Err(Error::Invalid {
                        field: path.display().to_string(),
                        message: "integrity check failed".into(),
                    })
                }
            }
            DbCommand::Backup { path: dest } => {
                store.backup(&dest)?;
                outln!("backup written to {}", dest.display());
                Ok(())
            }
            DbCommand::Path => Ok(()),
        },
        Command::Settings { command } => {
            match command.unwrap_or(SettingsCommand::Show) {
                SettingsCommand::Show => {}
                SettingsCommand::SetHours { hours } => {
                    settings::set_hours_per_month(&mut store, hours)?
                }
                SettingsCommand::SetQuote { prefix, stale_days, company } => {
                    quote::set_quote_settings(
                        &mut store,
                        prefix.as_deref(),
                        stale_days,
                        company.as_deref(),
                    )?
                }
                SettingsCommand::SetFx { currency, rate, date, source } => {
                    let date =
                        date.unwrap_or_else(|| chrono::Local::now().date_naive().to_string());
                    settings::add_rate(&mut store, &currency, &rate, &date, &source)?;
                }
            }
            let s = settings::get(&store)?;
            if cli.json {
                return print_json(&s);
            }
            outln!(
                "hours per month: {} (monthly price ÷ GPUs ÷ {} = per GPU-hour)",
                s.hours_per_month,
                s.hours_per_month
            );
            for r in &s.fx {
                outln!("1 {} = {} {} (as of {}; {})", r.base, r.rate, r.quote, r.as_of, r.source);
            }
            Ok(())
        }
    }
}

fn confidence_label(c: Confidence) -> String {
    match c {
        Confidence::High => "high".into(),
        Confidence::Medium => "medium".into(),
        Confidence::Low => "LOW ⚠".into(),
    }
}

fn vendors(store: &Store, json: bool) -> Result<(), Error> {
    let list = catalog::list_vendors(store)?;
    if json {
        return print_json(&list);
    }
    let mut t = Table::new();
    t.load_preset(UTF8_FULL_CONDENSED).set_header([
        "供应商",
        "Vendor",
        "offers",
        "captured",
        "confidence",
        "source",
    ]);
    for v in &list {
        let name = if v.example { format!("{} (example)", v.name_zh) } else { v.name_zh.clone() };
        t.add_row([
            Cell::new(name),
            Cell::new(&v.name_en),
            Cell::new(v.current_offers).set_alignment(CellAlignment::Right),
            Cell::new(v.captured_at.as_deref().map(|d| d.get(..10).unwrap_or(d)).unwrap_or("—")),
            Cell::new(v.confidence.map(confidence_label).unwrap_or_else(|| "—".into())),
            Cell::new(truncate(v.source.as_deref().unwrap_or("no approved snapshot"), 60)),
        ]);
    }
    outln!("{t}");
    outln!("{} vendors", list.len());
    Ok(())
}

fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(n - 1).collect::<String>())
    }
}

fn offers_table(store: &Store, list: &[OfferView]) -> Result<(), Error> {
    let hpm = settings::hours_per_month(store)?;
    let mut sources: BTreeMap<i64, (usize, &OfferView)> = BTreeMap::new();
    for o in list {
        let n = sources.len() + 1;
        sources.entry(o.snapshot_id).or_insert((n, o));
    }
    let mut t = Table::new();
    t.load_preset(UTF8_FULL_CONDENSED).set_header([
        "供应商 Vendor",
        "GPU",
        "×",
        "mode",
        "tenancy",
        "billing",
        "price",
        "per GPU-h",
        "¥/GPU-h",
        "region",
        "captured",
        "confidence",
        "src",
    ]);
    for o in list {
        let mut flags = Vec::new();
        if o.interruptible {
            flags.push("preemptible");
        }
        if o.from_price {
            flags.push("from");
        }
        let price = match &o.price_max {
            Some(max) => format!("{}–{} {}", o.price, max, o.currency),
            None => format!("{} {}", o.price, o.currency),
        };
        let basis = if o.price_basis == gpuquote::model::PriceBasis::Gpu { "/GPU" } else { "" };
        t.add_row([
            Cell::new(format!(
                "{}{}{}",
                o.vendor,
                if o.vendor_example { " (example)" } else { "" },
                if o.review_state == gpuquote::model::ReviewState::Pending {
                    " [PENDING review]"
                } else {
                    ""
                }
            )),
            Cell::new(&o.accelerator),
            Cell::new(o.gpus).set_alignment(CellAlignment::Right),
            Cell::new(o.mode.as_str()),
            Cell::new(if flags.is_empty() {
                o.tenancy.as_str().to_string()
            } else {
                format!("{} ({})", o.tenancy, flags.join(", "))
            }),
            Cell::new(o.billing.as_str()),
            Cell::new(format!("{price}{basis}")).set_alignment(CellAlignment::Right),
            Cell::new(format!("{} {}", o.per_gpu_hour, o.currency))
                .set_alignment(CellAlignment::Right),
            Cell::new(
                o.per_gpu_hour_cny
                    .as_deref()
                    .map(|s| format!("¥{s}"))
                    .unwrap_or_else(|| "no rate".into()),
            )
            .set_alignment(CellAlignment::Right),
            Cell::new(o.region.as_deref().unwrap_or("")),
            Cell::new(o.captured_at.get(..10).unwrap_or(&o.captured_at)),
            Cell::new(confidence_label(o.confidence)),
            Cell::new(format!("[{}]", sources.get(&o.snapshot_id).map(|s| s.0).unwrap_or(0))),
        ]);
    }
    outln!("{t}");
    outln!(
        "{} offers. Per GPU-hour = instance price ÷ GPUs ÷ hours in the billing unit (hour 1, day 24, month {hpm}, year {}).",
        list.len(),
        hpm * 12
    );
    for r in settings::current_rates(store)? {
        outln!("¥ at 1 {} = {} CNY, rate of {} ({}).", r.base, r.rate, r.as_of, r.source);
    }
    let mut by_n: Vec<_> = sources.values().collect();
    by_n.sort_by_key(|s| s.0);
    for (n, o) in by_n {
        outln!("[{n}] {} — snapshot #{} ({}), {}", o.vendor, o.snapshot_id, o.origin, o.source);
    }
    Ok(())
}

fn accelerators(store: &Store, json: bool) -> Result<(), Error> {
    let list = names::accelerators(store)?;
    if json {
        return print_json(&list);
    }
    let mut t = Table::new();
    t.load_preset(UTF8_FULL_CONDENSED).set_header([
        "accelerator",
        "maker",
        "GB",
        "FP16 dense TFLOPS",
        "domestic",
        "confidence",
        "also called",
    ]);
    for a in &list {
        t.add_row([
            Cell::new(&a.name),
            Cell::new(&a.maker),
            Cell::new(a.memory_gb.map(|m| m.to_string()).unwrap_or_else(|| "unknown".into())),
            Cell::new(a.fp16_tflops.as_deref().unwrap_or("unknown")),
            Cell::new(if a.domestic { "信创" } else { "" }),
            Cell::new(confidence_label(a.confidence)),
            Cell::new(a.aliases.join(", ")),
        ]);
    }
    outln!("{t}");
    Ok(())
}

/// The requirement the recommend flags describe.
fn requirement(a: RecommendArgs) -> Result<Requirement, Error> {
    let mut params = ModelParams::defaults()?;
    let overridden = a.interruptions_per_day.is_some()
        || a.recovery_hours.is_some()
        || a.pcie_throughput.is_some();
    if let Some(v) = a.interruptions_per_day {
        params.interruptions_per_day = v;
    }
    if let Some(v) = a.recovery_hours {
        params.recovery_hours = v;
    }
    if let Some(v) = a.pcie_throughput {
        params.pcie_throughput = v;
    }
    let req = Requirement {
        scenario: a.scenario.map(|s| s.to_uppercase()),
        gpu: a.gpu,
        min_memory_gb: a.min_memory,
        min_tflops: a.min_tflops,
        domestic: a.domestic,
        count: a.count,
        duration: a.duration,
        continuous: a.continuous,
        checkpoint: a.checkpoint,
        modes: a.modes,
        dedicated: a.dedicated,
        no_interruptible: a.no_preemptible,
        nvlink: a.nvlink,
        region: a.region,
        storage_tb: a.storage_tb,
        egress_tb: a.egress_tb,
        bring_up: a.bring_up,
        include_pending: a.include_pending.then_some(true),
        rank_by: Some(match a.rank {
            RankArg::Effective => RankBy::Effective,
            RankArg::List => RankBy::List,
        }),
        params: overridden.then_some(params),
    };
    Ok(req)
}

fn recommend(store: &Store, a: RecommendArgs, json: bool) -> Result<(), Error> {
    let req = requirement(a)?;
    let c = compare::recommend(store, &req)?;
    if json {
        return print_json(&c);
    }
    let r = &c.requirement;
    outln!("Requirement: {} — {} h/month", r.words(), r.hours_per_month);
    let mut t = Table::new();
    t.load_preset(UTF8_FULL_CONDENSED).set_header([
        "#",
        "供应商 Vendor",
        "offer",
        "instances",
        "billing plan",
        "list total",
        "list ¥",
        "effective ¥",
        "¥/GPU-h",
    ]);
    for cand in &c.candidates {
        let o = &cand.offer;
        t.add_row([
            Cell::new(cand.rank),
            Cell::new(&cand.vendor),
            Cell::new(o.describe()),
            Cell::new(cand.instances).set_alignment(CellAlignment::Right),
            Cell::new(&cand.billing_plan_text),
            Cell::new(money::display(dec(&cand.list_total), &cand.currency))
                .set_alignment(CellAlignment::Right),
            Cell::new(money::display(dec(&cand.list_total_cny), "CNY"))
                .set_alignment(CellAlignment::Right),
            Cell::new(money::display(dec(&cand.effective_total_cny), "CNY"))
                .set_alignment(CellAlignment::Right),
            Cell::new(format!("¥{}", cand.per_gpu_hour_cny)).set_alignment(CellAlignment::Right),
        ]);
    }
    if !c.candidates.is_empty() {
        outln!("{t}");
    }
    for cand in &c.candidates {
        for adj in &cand.adjustments {
            outln!(
                "  #{} {} +{} {}: {} [{}]",
                cand.rank,
                cand.vendor,
                money::display(dec(&adj.amount_cny), "CNY"),
                adj.kind,
                adj.assumption,
                adj.parameter
            );
        }
        for w in &cand.warnings {
            outln!("  #{} {} ⚠ {w}", cand.rank, cand.vendor);
        }
    }
    if let Some(reason) = &c.empty_reason {
        outln!("No candidate: {reason}.");
    }
    if !c.excluded.is_empty() {
        outln!("Excluded ({}):", c.excluded.len());
        for e in &c.excluded {
            outln!("  - {} {} — {}", e.vendor, e.offer, e.reason);
        }
    }
    if c.other_accelerator_offers > 0 {
        outln!(
            "({} current offers of other accelerators not considered.)",
            c.other_accelerator_offers
        );
    }
    outln!(
        "Ranked by {} total. Rates: {}.",
        match r.rank_by {
            RankBy::Effective => "effective",
            RankBy::List => "list",
        },
        r.rates.join("; ")
    );
    Ok(())
}

fn dec(s: &str) -> rust_decimal::Decimal {
    s.parse().unwrap_or_default()
}

fn tco_cmd(store: &mut Store, a: TcoArgs, json: bool) -> Result<(), Error> {
    if a.list_presets {
        let list = tco::presets(store)?;
        if json {
            return print_json(&list);
        }
        for p in &list {
            outln!("{} — {} / {}", p.key, p.name_zh, p.name_en);
        }
        return Ok(());
    }
    let mut i = tco::preset(store, &a.preset)?;
    let r = |field: &str, v: &Option<String>| {
        v.as_deref().map(|s| tco::parse_range(field, s)).transpose()
    };
    if let Some(g) = a.gpus {
        i.gpus = g;
    }
    if let Some(acc) = a.accelerator {
        i.accelerator = acc;
    }
    if let Some(v) = r("gpu_capex", &a.gpu_capex)? {
        i.gpu_capex = v;
    }
    if let Some(v) = r("servers_network_capex", &a.servers_network_capex)? {
        i.servers_network_capex = v;
    }
    if let Some(v) = r("storage_capex", &a.storage_capex)? {
        i.storage_capex = v;
    }
    if let Some(v) = r("installation_capex", &a.installation_capex)? {
        i.installation_capex = v;
    }
    if let Some(v) = r("facility_per_year", &a.facility_per_year)? {
        i.facility_per_year = Some(v);
        i.power_kw = None;
    }
    if let Some(v) = r("power_kw", &a.power_kw)? {
        i.power_kw = Some(v);
        i.facility_per_year = None;
    }
    if let Some(v) = r("pue", &a.pue)? {
        i.pue = Some(v);
    }
    if let Some(v) = r("price_per_kwh", &a.price_per_kwh)? {
        i.price_per_kwh = Some(v);
    }
    if let Some(v) = r("staff_per_year", &a.staff_per_year)? {
        i.staff_per_year = v;
    }
    if let Some(v) = r("maintenance_pct_per_year", &a.maintenance_pct)? {
        i.maintenance_pct_per_year = v;
    }
    if let Some(v) = a.horizon_years {
        i.horizon_years = v;
    }
    if let Some(v) = r("residual_pct", &a.residual_pct)? {
        i.residual_pct = v;
    }
    if let Some(v) = a.cost_of_capital {
        i.cost_of_capital = v;
    }
    if let Some(v) = a.rent_gpu {
        // The preset's vendor and mode were chosen for its GPU: a new GPU starts from any offer.
        i.rent_gpu = v;
        i.rent_vendor = None;
        i.rent_mode = None;
    }
    if let Some(v) = a.rent_vendor {
        i.rent_vendor = Some(v);
    }
    if let Some(v) = a.rent_mode {
        i.rent_mode = Some(v);
    }
    if let Some(v) = a.rent_per_gpu_hour {
        i.rent_per_gpu_hour = Some(v);
    }
    let side = match a.case {
        CaseArg::Low => Side::Low,
        CaseArg::High => Side::High,
    };
    let res = tco::run(store, &i, &a.utilization, side)?;
    if let Some(name) = &a.save {
        tco::save_preset(store, name, &i)?;
    }
    if json {
        return print_json(&res);
    }
    outln!("{} ({})", i.name_en, i.source);
    outln!("Utilisation {}; rent: {}", res.utilization, res.rent_source);
    let mut t = Table::new();
    t.load_preset(UTF8_FULL_CONDENSED).set_header(["", "low case", "high case"]);
    let row = |label: &str, f: &dyn Fn(&tco::TcoCase) -> String| {
        [label.to_string(), f(&res.cases[0]), f(&res.cases[1])]
    };
    let money_cny = |s: &str| money::display(dec(s), "CNY");
    for cells in [
        row("build total over the horizon", &|c| money_cny(&c.build_total_cny)),
        row("build ¥/GPU-h at 100 %", &|c| format!("¥{}", c.build_per_gpu_hour_at_full_cny)),
        row(&format!("build ¥/GPU-h at {}", res.utilization), &|c| {
            format!("¥{}", c.build_per_gpu_hour_cny)
        }),
        row("rent ¥/GPU-h", &|c| format!("¥{}", c.rent_per_gpu_hour_cny)),
        row("rent total for the used GPU-hours", &|c| money_cny(&c.rent_total_cny)),
        row("break-even utilisation", &|c| {
            let v = dec(&c.break_even_utilization) * rust_decimal::Decimal::from(100);
            format!("{}%", money::round(v, 1))
        }),
        row("break-even month", &|c| {
            c.break_even_month.map(|m| m.to_string()).unwrap_or_else(|| "—".into())
        }),
    ] {
        t.add_row(cells);
    }
    outln!("{t}");
    for c in &res.cases {
        let parts: Vec<String> = c
            .components
            .iter()
            .map(|x| format!("{} {}", x.item, money_cny(&x.amount_cny)))
            .collect();
        outln!("{:?} case: {}", c.case, parts.join(", "));
    }
    for c in &res.cases {
        outln!("{:?}: {}", c.case, c.conclusion_en);
        outln!("{:?}: {}", c.case, c.conclusion_zh);
    }
    for a in &res.assumptions {
        outln!("- {a}");
    }
    if !i.note.is_empty() {
        outln!("Note: {}", i.note);
    }
    if let Some(name) = &a.save {
        outln!("saved as preset '{name}'");
    }
    Ok(())
}

fn score_cmd(
    store: &mut Store,
    profile: scoring::Profile,
    gpu: Option<String>,
    command: Option<ScoreCommand>,
    json: bool,
) -> Result<(), Error> {
    match command {
        None => {
            let board = scoring::score(store, &profile, gpu.as_deref())?;
            if json {
                return print_json(&board);
            }
            let mut t = Table::new();
            let mut header = vec!["供应商 Vendor".to_string()];
            if let Some(c) = board.scorecards.first() {
                header.extend(c.dimensions.iter().map(|d| d.name_en.clone()));
            }
            header.extend(["technical".into(), "price".into(), "total".into()]);
            t.load_preset(UTF8_FULL_CONDENSED).set_header(header);
            for c in &board.scorecards {
                let mut row = vec![c.vendor.clone()];
                row.extend(
                    c.dimensions.iter().map(|d| {
                        d.score.map(|s| s.to_string()).unwrap_or_else(|| "unknown".into())
                    }),
                );
                row.push(
                    c.technical
                        .clone()
                        .map(|t| format!("{t} ({}/6)", c.known_dimensions))
                        .unwrap_or_else(|| "unknown".into()),
                );
                row.push(c.price_score.clone().unwrap_or_else(|| "—".into()));
                row.push(c.total.clone().unwrap_or_else(|| "—".into()));
                t.add_row(row);
            }
            outln!("{t}");
            let w = &board.weights;
            outln!(
                "Profile {}: weights {}; price weight {}{}.",
                w.profile,
                w.weights.iter().map(|(k, v)| format!("{k} {v}")).collect::<Vec<_>>().join(", "),
                w.price_weight,
                w.normalised_from
                    .as_deref()
                    .map(|s| format!(" (weights summed to {s}: normalised)"))
                    .unwrap_or_default()
            );
            outln!("Technical = weighted mean of the known dimensions; unknown dimensions are left out, not zero.");
            if let Some(g) = &board.price_basis {
                outln!("Price score = lowest ¥/GPU-h for {g} ÷ the vendor's × price weight × 100; total = technical × (1 − price weight) + price score.");
            }
            Ok(())
        }
        Some(ScoreCommand::Explain { vendor }) => {
            let ids = names::resolve_vendor(store, &vendor)?;
            let board = scoring::score(store, &profile, gpu.as_deref())?;
            let vendors = catalog::list_vendors(store)?;
            let key =
                vendors.iter().find(|v| v.id == ids[0]).map(|v| v.key.clone()).unwrap_or_default();
            let card =
                board.scorecards.into_iter().find(|c| c.vendor_key == key).ok_or_else(|| {
                    Error::Invalid {
                        field: "vendor".into(),
                        message: format!("{vendor} has no approved price snapshot to score"),
                    }
                })?;
            if json {
                return print_json(&card);
            }
            outln!("{} ({}) — profile {}", card.vendor, card.vendor_en, card.profile);
            for d in &card.dimensions {
                outln!(
                    "{} / {}: {}",
                    d.name_zh,
                    d.name_en,
                    d.score
                        .map(|s| format!("{s}/100"))
                        .unwrap_or_else(|| "unknown (no fact on record)".into())
                );
                for c in &d.criteria {
                    let fact = match &c.evidence {
                        Some(f) => format!(
                            "{} = {} [{}{}; {}, {}]",
                            c.fact,
                            serde_json::to_string(&f.value).unwrap_or_default(),
                            f.origin,
                            if f.unsourced { ", UNSOURCED" } else { "" },
                            f.as_of,
                            f.source
                        ),
                        None => format!("{} = unknown", c.fact),
                    };
                    outln!(
                        "  [{:>7}] {:>3}/{:<3} {} — {}",
                        c.state,
                        c.awarded,
                        c.points,
                        c.en,
                        fact
                    );
                }
            }
            outln!(
                "Technical {} over {}/6 known dimensions.",
                card.technical.as_deref().unwrap_or("unknown"),
                card.known_dimensions
            );
            Ok(())
        }
        Some(ScoreCommand::Weights { ahp }) => {
            let r = scoring::ahp(&ahp)?;
            if json {
                return print_json(&r);
            }
            outln!("weights: {}", r.weights.join(", "));
            outln!(
                "λmax {}, CI {}, RI {}, CR {} (consistent: CR < 0.10)",
                r.lambda_max,
                r.ci,
                r.ri,
                r.cr
            );
            Ok(())
        }
        Some(ScoreCommand::Price { bids, weight }) => {
            let s = scoring::price_scores(&bids, &weight)?;
            if json {
                return print_json(&s);
            }
            for p in &s {
                outln!("{} → {}", p.bid, p.score);
            }
            Ok(())
        }
        Some(ScoreCommand::Evidence { vendor, fact, value, source, date }) => {
            let date = date.unwrap_or_else(|| chrono::Local::now().date_naive().to_string());
            let f = scoring::add_evidence(store, &vendor, &fact, &value, &source, &date)?;
            if json {
                return print_json(&f);
            }
            outln!(
                "recorded {} = {} for {vendor} ({}){}",
                f.fact,
                serde_json::to_string(&f.value).unwrap_or_default(),
                f.as_of,
                if f.unsourced { " — no source given: marked unsourced" } else { "" }
            );
            Ok(())
        }
        Some(ScoreCommand::Profiles) => {
            let list = scoring::profiles()?;
            if json {
                return print_json(&list);
            }
            for p in &list {
                outln!(
                    "{} — {}: {}; price weight {}",
                    p.key,
                    p.name_zh,
                    p.weights
                        .iter()
                        .map(|(k, v)| format!("{k} {v}"))
                        .collect::<Vec<_>>()
                        .join(", "),
                    p.price_weight
                );
            }
            Ok(())
        }
        Some(ScoreCommand::Rubric) => {
            let dims = scoring::rubric()?;
            if json {
                return print_json(&dims);
            }
            for d in &dims {
                outln!("{} / {} — {}", d.name_zh, d.name_en, d.question);
                for c in &d.criteria {
                    outln!("  {:>3} pts  {} ({})  [{}]", c.points, c.zh, c.en, c.fact);
                }
            }
            Ok(())
        }
    }
}

fn quote_cmd(store: &mut Store, command: QuoteCommand, json: bool) -> Result<(), Error> {
    let q = match command {
        QuoteCommand::New {
            requirement: r,
            vendor,
            requester,
            department,
            purpose,
            tax_rate,
            tax_included: _,
            tax_excluded,
            validity_days,
            notes,
        } => {
            let req = QuoteRequest {
                requirement: requirement(*r)?,
                vendor,
                requester,
                department,
                purpose,
                tax_rate: Some(tax_rate),
                tax_excluded,
                validity_days: Some(validity_days),
                notes,
            };
            let q = quote::new_quote(store, &req)?;
            if json {
                return print_json(&q);
            }
            outln!("{}", q.number);
            return Ok(());
        }
        QuoteCommand::List => {
            let list = quote::list(store)?;
            if json {
                return print_json(&list);
            }
            let mut t = Table::new();
            t.load_preset(UTF8_FULL_CONDENSED).set_header([
                "number",
                "v",
                "status",
                "date",
                "requester",
                "recommended",
                "total ¥",
            ]);
            for q in &list {
                t.add_row([
                    q.number.clone(),
                    q.version.to_string(),
                    q.status.clone(),
                    q.content.date.clone(),
                    q.content.requester.clone(),
                    q.content.lines.first().map(|l| l.vendor.clone()).unwrap_or_default(),
                    money::display(dec(&q.content.total_cny), "CNY"),
                ]);
            }
            outln!("{t}");
            return Ok(());
        }
        QuoteCommand::Show { number, version } => quote::show(store, &number, version)?,
        QuoteCommand::Edit { number, requester, department, purpose, notes } => {
            quote::edit(store, &number, requester, department, purpose, notes)?
        }
        QuoteCommand::Issue { number } => quote::issue(store, &number)?,
        QuoteCommand::Revise { number } => quote::revise(store, &number)?,
        QuoteCommand::Pdf { number, output, lang, version } => {
            let q = quote::show(store, &number, version)?;
            let bytes = gpuquote::pdf::quote_pdf(
                &q,
                gpuquote::pdf::Lang::parse(&lang)?,
                chrono::Utc::now(),
            )?;
            std::fs::write(&output, &bytes)
                .map_err(|source| Error::Io { path: output.display().to_string(), source })?;
            outln!(
                "{} v{} → {} ({} KB)",
                q.number,
                q.version,
                output.display(),
                bytes.len() / 1024
            );
            return Ok(());
        }
        QuoteCommand::Approve { number } => quote::decide(store, &number, true)?,
        QuoteCommand::Reject { number } => quote::decide(store, &number, false)?,
    };
    if json {
        return print_json(&q);
    }
    print_quote(&q);
    Ok(())
}

fn print_quote(q: &QuoteRecord) {
    let c = &q.content;
    outln!("报价单 / Quotation {} v{} — {}", q.number, q.version, q.status);
    if let Some(h) = &q.content_hash {
        outln!("content SHA-256 {h}");
    }
    outln!(
        "日期 {}  有效期至 {}  经办人 {}  部门 {}  用途 {}",
        c.date,
        c.valid_until,
        c.requester,
        c.department,
        c.purpose
    );
    outln!("算力需求: {}", c.requirement);
    let mut t = Table::new();
    t.load_preset(UTF8_FULL_CONDENSED).set_header([
        "",
        "供应商",
        "在售规格",
        "单价",
        "计费方案",
        "标价总额",
        "¥",
        "有效成本 ¥",
        "来源 (快照, 采集)",
    ]);
    for l in &c.lines {
        t.add_row([
            if l.role == "recommended" { "推荐".to_string() } else { "备选".to_string() },
            l.vendor.clone(),
            l.offer.clone(),
            l.unit_price.clone(),
            l.billing_plan.clone(),
            money::display(dec(&l.list_total), &l.currency),
            money::display(dec(&l.list_total_cny), "CNY"),
            money::display(dec(&l.effective_total_cny), "CNY"),
            format!("#{} {}", l.snapshot_id, l.captured_at.get(..10).unwrap_or(&l.captured_at)),
        ]);
    }
    outln!("{t}");
    outln!(
        "税率 {}（{}）: 不含税 {}  税额 {}  合计 {}",
        c.tax_rate,
        if c.tax_included { "含税" } else { "不含税" },
        money::display(dec(&c.net_cny), "CNY"),
        money::display(dec(&c.tax_cny), "CNY"),
        money::display(dec(&c.total_cny), "CNY")
    );
    outln!("合计（大写）: 人民币{}", c.total_uppercase);
    for a in &c.assumptions {
        outln!("- {a}");
    }
    for w in &c.warnings {
        outln!("⚠ {w}");
    }
    if !c.notes.is_empty() {
        outln!("备注: {}", c.notes);
    }
    outln!(
        "{}",
        c.approvals
            .iter()
            .map(|r| format!("{r}: ________ 日期: ________"))
            .collect::<Vec<_>>()
            .join("   ")
    );
}
