//! GPU Quote Desk desktop shell: opens the shared database and exposes the core as Tauri
//! commands. Each command is a line or two around a core function; errors cross as
//! `{code, message}`.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use gpuquote::compare::{self, Comparison, ModelParams, Requirement, Scenario};
use gpuquote::ingest::manual::{self, ManualEntry};
use gpuquote::ingest::{self, native, scrape, ImportFormat, ImportOptions, ImportReport};
use gpuquote::model::ReviewState;
use gpuquote::model::{Accelerator, OfferFilter, OfferView, VendorView};
use gpuquote::price::{self, ParsedPrice};
use gpuquote::quote::{self, QuoteRecord, QuoteRequest, QuoteSettings};
use gpuquote::review::{self, RawView, SnapshotReview, SnapshotSummary};
use gpuquote::scoring::{self, Ahp, Dimension, Fact, Profile, Scoreboard};
use gpuquote::settings::{AppInfo, FxRate, Settings};
use gpuquote::tco::{self, Side, TcoInput, TcoResult};
use gpuquote::{catalog, names, paths, settings, ErrorPayload, Store};
use std::path::PathBuf;
use std::sync::Mutex;
use tauri::Emitter;

struct AppState {
    db_path: Option<PathBuf>,
    store: Mutex<Result<Store, ErrorPayload>>,
}

type CmdResult<T> = Result<T, ErrorPayload>;

impl AppState {
    fn open() -> Self {
        match paths::resolve_db_path(None) {
            Ok(p) => {
                let store = Store::open(&p).map_err(|e| e.payload()).map(|mut s| {
                    s.enable_catalog_cache();
                    s
                });
                if let Err(e) = &store {
                    tracing::error!(code = %e.code, "{}", e.message);
                }
                AppState { db_path: Some(p), store: Mutex::new(store) }
            }
            Err(e) => AppState { db_path: None, store: Mutex::new(Err(e.payload())) },
        }
    }

    /// Runs a core function on the open store (or returns why the store could not be opened).
    fn with<T>(&self, f: impl FnOnce(&mut Store) -> gpuquote::Result<T>) -> CmdResult<T> {
        let mut guard = self.store.lock().map_err(|_| ErrorPayload {
            code: "internal".into(),
            message: "the database lock was poisoned by an earlier failure; restart the app".into(),
        })?;
        match guard.as_mut() {
            Ok(store) => f(store).map_err(|e| e.payload()),
            Err(e) => Err(e.clone()),
        }
    }
}

#[tauri::command(async)]
fn list_offers(
    state: tauri::State<'_, AppState>,
    filter: OfferFilter,
) -> CmdResult<Vec<OfferView>> {
    state.with(|s| catalog::list_offers(s, &filter))
}

#[tauri::command(async)]
fn list_vendors(state: tauri::State<'_, AppState>) -> CmdResult<Vec<VendorView>> {
    state.with(|s| catalog::list_vendors(s))
}

#[tauri::command(async)]
fn list_accelerators(state: tauri::State<'_, AppState>) -> CmdResult<Vec<Accelerator>> {
    state.with(|s| names::accelerators(s))
}

#[tauri::command(async)]
fn get_settings(state: tauri::State<'_, AppState>) -> CmdResult<Settings> {
    state.with(|s| settings::get(s))
}

#[tauri::command(async)]
fn set_hours_per_month(state: tauri::State<'_, AppState>, hours: u32) -> CmdResult<Settings> {
    state.with(|s| settings::set_hours_per_month(s, hours).and_then(|_| settings::get(s)))
}

#[tauri::command(async)]
fn add_fx_rate(state: tauri::State<'_, AppState>, rate: FxRate) -> CmdResult<Settings> {
    state.with(|s| {
        settings::add_rate(s, &rate.base, &rate.rate, &rate.as_of, &rate.source)
            .and_then(|_| settings::get(s))
    })
}

#[tauri::command(async)]
fn app_info(state: tauri::State<'_, AppState>) -> AppInfo {
    AppInfo {
        db_path: state.db_path.as_ref().map(|p| p.display().to_string()),
        schema_version: state.with(|s| s.schema_version()).ok(),
        version: env!("CARGO_PKG_VERSION").to_string(),
    }
}

#[tauri::command(async)]
fn recommend(state: tauri::State<'_, AppState>, requirement: Requirement) -> CmdResult<Comparison> {
    state.with(|s| compare::recommend(s, &requirement))
}

#[tauri::command(async)]
fn list_scenarios() -> CmdResult<Vec<Scenario>> {
    compare::scenarios().map_err(|e| e.payload())
}

#[tauri::command(async)]
fn model_defaults() -> CmdResult<ModelParams> {
    ModelParams::defaults().map_err(|e| e.payload())
}

#[tauri::command(async)]
fn tco_presets(state: tauri::State<'_, AppState>) -> CmdResult<Vec<TcoInput>> {
    state.with(|s| tco::presets(s))
}

#[tauri::command(async)]
fn run_tco(
    state: tauri::State<'_, AppState>,
    input: TcoInput,
    utilization: String,
    case: Side,
) -> CmdResult<TcoResult> {
    state.with(|s| tco::run(s, &input, &utilization, case))
}

#[tauri::command(async)]
fn save_tco_preset(
    state: tauri::State<'_, AppState>,
    name: String,
    input: TcoInput,
) -> CmdResult<Vec<TcoInput>> {
    state.with(|s| tco::save_preset(s, &name, &input).and_then(|_| tco::presets(s)))
}

#[tauri::command(async)]
fn score_board(
    state: tauri::State<'_, AppState>,
    profile: Profile,
    price_gpu: Option<String>,
) -> CmdResult<Scoreboard> {
    state.with(|s| scoring::score(s, &profile, price_gpu.as_deref()))
}

#[tauri::command(async)]
fn list_profiles() -> CmdResult<Vec<Profile>> {
    scoring::profiles().map_err(|e| e.payload())
}

#[tauri::command(async)]
fn rubric() -> CmdResult<Vec<Dimension>> {
    scoring::rubric().map_err(|e| e.payload())
}

#[tauri::command(async)]
fn ahp_weights(matrix: String) -> CmdResult<Ahp> {
    scoring::ahp(&matrix).map_err(|e| e.payload())
}

#[tauri::command(async)]
fn add_evidence(
    state: tauri::State<'_, AppState>,
    vendor: String,
    fact: String,
    value: String,
    source: String,
    as_of: String,
) -> CmdResult<Fact> {
    state.with(|s| scoring::add_evidence(s, &vendor, &fact, &value, &source, &as_of))
}

#[tauri::command(async)]
fn get_quote_settings(state: tauri::State<'_, AppState>) -> CmdResult<QuoteSettings> {
    state.with(|s| quote::quote_settings(s))
}

#[tauri::command(async)]
fn set_quote_settings(
    state: tauri::State<'_, AppState>,
    settings: QuoteSettings,
) -> CmdResult<QuoteSettings> {
    state.with(|s| {
        quote::set_quote_settings(
            s,
            Some(&settings.prefix),
            Some(settings.stale_days),
            Some(&settings.company),
        )
        .and_then(|_| quote::quote_settings(s))
    })
}

#[tauri::command(async)]
fn list_quotes(state: tauri::State<'_, AppState>) -> CmdResult<Vec<QuoteRecord>> {
    state.with(|s| quote::list(s))
}

#[tauri::command(async)]
fn create_quote(
    state: tauri::State<'_, AppState>,
    request: QuoteRequest,
) -> CmdResult<QuoteRecord> {
    state.with(|s| quote::new_quote(s, &request))
}

#[tauri::command(async)]
fn edit_quote(
    state: tauri::State<'_, AppState>,
    number: String,
    requester: String,
    department: String,
    purpose: String,
    notes: String,
) -> CmdResult<QuoteRecord> {
    state.with(|s| {
        quote::edit(s, &number, Some(requester), Some(department), Some(purpose), Some(notes))
    })
}

#[tauri::command(async)]
fn issue_quote(state: tauri::State<'_, AppState>, number: String) -> CmdResult<QuoteRecord> {
    state.with(|s| quote::issue(s, &number))
}

#[tauri::command(async)]
fn revise_quote(state: tauri::State<'_, AppState>, number: String) -> CmdResult<QuoteRecord> {
    state.with(|s| quote::revise(s, &number))
}

#[tauri::command(async)]
fn decide_quote(
    state: tauri::State<'_, AppState>,
    number: String,
    approve: bool,
) -> CmdResult<QuoteRecord> {
    state.with(|s| quote::decide(s, &number, approve))
}

/// The quote's PDF pages as SVG, for the preview.
#[tauri::command(async)]
fn preview_quote(
    state: tauri::State<'_, AppState>,
    number: String,
    version: u32,
    lang: String,
) -> CmdResult<Vec<String>> {
    state.with(|s| quote::preview(s, &number, Some(version), &lang))
}

/// Writes the quote's PDF to `path` (chosen in the save dialog) or, without one, into the
/// user's Downloads folder; returns the path written.
#[tauri::command(async)]
fn export_quote_pdf(
    state: tauri::State<'_, AppState>,
    number: String,
    version: u32,
    lang: String,
    path: Option<String>,
) -> CmdResult<String> {
    state.with(|s| quote::export_pdf(s, &number, Some(version), &lang, path.map(Into::into)))
}

fn forward_progress(app: &tauri::AppHandle) -> impl FnMut(ingest::Progress) + '_ {
    move |p| {
        let _ = app.emit("ingest-progress", p);
    }
}

/// Imports (or, with `dry_run`, previews) a file as pending snapshot(s); progress goes to the
/// window as `ingest-progress` events.
#[allow(clippy::too_many_arguments)]
#[tauri::command(async)]
fn import_file(
    app: tauri::AppHandle,
    state: tauri::State<'_, AppState>,
    path: String,
    format: Option<ImportFormat>,
    vendor: Option<String>,
    new_vendor: bool,
    dry_run: bool,
) -> CmdResult<ImportReport> {
    let opts = ImportOptions {
        format,
        vendor: vendor.filter(|v| !v.trim().is_empty()),
        new_vendor,
        dry_run,
        ..Default::default()
    };
    let mut progress = forward_progress(&app);
    state.with(|s| ingest::import_file(s, std::path::Path::new(&path), &opts, &mut progress))
}

/// Scrapes a vendor with its built-in recipe (or a recipe file): the pages are fetched without holding the
/// database, then stored as one pending snapshot.
#[tauri::command(async)]
fn scrape_vendor(
    app: tauri::AppHandle,
    state: tauri::State<'_, AppState>,
    vendor: String,
    recipe: Option<String>,
) -> CmdResult<ImportReport> {
    let file = recipe.map(std::path::PathBuf::from);
    let (recipe, text, name) = state.with(|s| scrape::load_recipe(s, &vendor, file.as_deref()))?;
    // reqwest's blocking client runs its own runtime: it must not be created or dropped on one of
    // Tauri's async workers, so the fetch runs on a plain thread of its own.
    let captures = std::thread::scope(|sc| {
        sc.spawn(|| {
            let mut progress = forward_progress(&app);
            scrape::fetch_all(&recipe, &text, &mut progress)
        })
        .join()
    })
    .map_err(|_| ErrorPayload {
        code: "internal".into(),
        message: "the scrape thread failed".into(),
    })?
    .map_err(|e| e.payload())?;
    let mut progress = forward_progress(&app);
    state.with(|s| scrape::store_scrape(s, &recipe, &name, captures, None, false, &mut progress))
}

#[tauri::command(async)]
fn list_recipes() -> Vec<String> {
    scrape::BUILTIN_RECIPES.iter().map(|(k, _)| k.to_string()).collect()
}

#[tauri::command(async)]
fn list_snapshots(
    state: tauri::State<'_, AppState>,
    state_filter: Option<ReviewState>,
) -> CmdResult<Vec<SnapshotSummary>> {
    state.with(|s| review::list(s, state_filter, None))
}

#[tauri::command(async)]
fn review_snapshot(state: tauri::State<'_, AppState>, id: i64) -> CmdResult<SnapshotReview> {
    state.with(|s| review::show(s, id))
}

#[tauri::command(async)]
fn raw_capture(state: tauri::State<'_, AppState>, id: i64) -> CmdResult<RawView> {
    state.with(|s| review::raw(s, id, 200_000))
}

#[tauri::command(async)]
fn approve_snapshot(
    state: tauri::State<'_, AppState>,
    id: i64,
    reviewer: String,
    note: String,
) -> CmdResult<SnapshotSummary> {
    let note = Some(note.as_str()).filter(|n| !n.trim().is_empty());
    state.with(|s| review::approve(s, id, &reviewer, note))
}

#[tauri::command(async)]
fn reject_snapshot(
    state: tauri::State<'_, AppState>,
    id: i64,
    reviewer: String,
    note: String,
) -> CmdResult<SnapshotSummary> {
    state.with(|s| review::reject(s, id, &reviewer, &note))
}

#[tauri::command(async)]
fn enter_offers(state: tauri::State<'_, AppState>, entry: ManualEntry) -> CmdResult<ImportReport> {
    state.with(|s| manual::add(s, &entry))
}

#[tauri::command(async)]
fn parse_price(text: String) -> CmdResult<ParsedPrice> {
    match price::parse_price(&text) {
        Ok(price::PriceText::Price(p)) => Ok(p),
        Ok(price::PriceText::NoPrice(w)) => Err(ErrorPayload {
            code: "no_price".into(),
            message: format!("no price: the text says '{w}'"),
        }),
        Err(e) => Err(ErrorPayload { code: "invalid_input".into(), message: e.to_string() }),
    }
}

#[tauri::command(async)]
fn export_catalog(
    state: tauri::State<'_, AppState>,
    format: String,
    path: String,
) -> CmdResult<usize> {
    let opts = native::ExportOptions::default();
    state.with(|s| native::export_to_path(s, &format, std::path::Path::new(&path), &opts))
}

/// Registers the commands; the names must be those of `gpuquote::bindings::command_names()`.
macro_rules! commands {
    ($($name:ident),+ $(,)?) => {
        /// Command names as registered, for the test against the generated bindings.
        #[cfg(test)]
        const REGISTERED: &[&str] = &[$(stringify!($name)),+];
        fn handler() -> impl Fn(tauri::ipc::Invoke) -> bool + Send + Sync + 'static {
            tauri::generate_handler![$($name),+]
        }
    };
}
commands!(
    list_offers,
    list_vendors,
    list_accelerators,
    get_settings,
    set_hours_per_month,
    add_fx_rate,
    app_info,
    recommend,
    list_scenarios,
    model_defaults,
    tco_presets,
    run_tco,
    save_tco_preset,
    score_board,
    list_profiles,
    rubric,
    ahp_weights,
    add_evidence,
    list_quotes,
    get_quote_settings,
    set_quote_settings,
    create_quote,
    edit_quote,
    issue_quote,
    revise_quote,
    decide_quote,
    preview_quote,
    export_quote_pdf,
    import_file,
    scrape_vendor,
    list_recipes,
    list_snapshots,
    review_snapshot,
    raw_capture,
    approve_snapshot,
    reject_snapshot,
    enter_offers,
    parse_price,
    export_catalog
);

fn main() {
    let result = tauri::Builder::default()
        .plugin(tauri_plugin_dialog::init())
        .manage(AppState::open())
        .invoke_handler(handler())
        .run(tauri::generate_context!());
    if let Err(e) = result {
        eprintln!("GPU Quote Desk could not start: {e}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn registered_commands_match_the_generated_bindings() {
        let mut registered: Vec<&str> = super::REGISTERED.to_vec();
        let mut generated = gpuquote::bindings::command_names();
        registered.sort_unstable();
        generated.sort_unstable();
        assert_eq!(registered, generated);
    }
}
