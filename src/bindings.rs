//! TypeScript declarations of every type that crosses IPC, generated from the Rust types with
//! ts-rs into one file, `ui/src/bindings.ts`. A test regenerates it and fails on any drift
//! (`UPDATE_BINDINGS=1 cargo test --test cli bindings` rewrites it).

use crate::compare::{
    Adjustment, Candidate, Comparison, Exclusion, ModelParams, PlanLine, RankBy, Requirement,
    RequirementSummary, Scenario,
};
use crate::ingest::manual::ManualEntry;
use crate::ingest::native::ExportRow;
use crate::ingest::{
    CreatedSnapshot, ImportFormat, ImportReport, PreviewOffer, Progress, Skip, SkipCount,
};
use crate::model::{
    Accelerator, BillingUnit, Confidence, Mode, OfferFilter, OfferSort, OfferView, Origin,
    PriceBasis, ReviewState, Tenancy, VendorView,
};
use crate::price::ParsedPrice;
use crate::quote::{QuoteContent, QuoteLine, QuoteRecord, QuoteRequest, QuoteSettings};
use crate::review::{
    Anomaly, CaptureInfo, DiffOffer, DiffRow, RawView, SnapshotReview, SnapshotSummary,
};
use crate::scoring::{
    Ahp, Criterion, CriterionResult, Dimension, DimensionScore, Fact, FactValue, PriceScore,
    Profile, Scoreboard, Scorecard, WeightsUsed,
};
use crate::settings::{AppInfo, FxRate, Settings};
use crate::tco::{Component, Point, Range, Side, TcoCase, TcoInput, TcoResult};
use crate::ErrorPayload;
use ts_rs::TS;

/// The full text of `ui/src/bindings.ts`.
pub fn typescript() -> String {
    let decls = [
        Mode::decl(),
        Tenancy::decl(),
        BillingUnit::decl(),
        PriceBasis::decl(),
        Origin::decl(),
        Confidence::decl(),
        ReviewState::decl(),
        OfferSort::decl(),
        Accelerator::decl(),
        VendorView::decl(),
        OfferView::decl(),
        OfferFilter::decl(),
        FxRate::decl(),
        Settings::decl(),
        ErrorPayload::decl(),
        AppInfo::decl(),
        RankBy::decl(),
        ModelParams::decl(),
        Requirement::decl(),
        Scenario::decl(),
        PlanLine::decl(),
        Adjustment::decl(),
        Candidate::decl(),
        Exclusion::decl(),
        RequirementSummary::decl(),
        Comparison::decl(),
        Range::decl(),
        Side::decl(),
        TcoInput::decl(),
        Component::decl(),
        Point::decl(),
        TcoCase::decl(),
        TcoResult::decl(),
        Criterion::decl(),
        Dimension::decl(),
        Profile::decl(),
        FactValue::decl(),
        Fact::decl(),
        CriterionResult::decl(),
        DimensionScore::decl(),
        Scorecard::decl(),
        WeightsUsed::decl(),
        Scoreboard::decl(),
        Ahp::decl(),
        PriceScore::decl(),
        QuoteRequest::decl(),
        QuoteLine::decl(),
        QuoteContent::decl(),
        QuoteRecord::decl(),
        QuoteSettings::decl(),
        ParsedPrice::decl(),
        ImportFormat::decl(),
        Skip::decl(),
        SkipCount::decl(),
        CreatedSnapshot::decl(),
        PreviewOffer::decl(),
        ImportReport::decl(),
        Progress::decl(),
        ExportRow::decl(),
        ManualEntry::decl(),
        SnapshotSummary::decl(),
        DiffOffer::decl(),
        DiffRow::decl(),
        Anomaly::decl(),
        CaptureInfo::decl(),
        SnapshotReview::decl(),
        RawView::decl(),
    ];
    let mut out = String::from(
        "// Generated from the Rust types in src/ by ts-rs (src/bindings.rs). Do not edit:\n\
         // run `UPDATE_BINDINGS=1 cargo test -p gpuquote --test cli bindings` instead.\n",
    );
    for d in decls {
        out.push('\n');
        out.push_str("export ");
        out.push_str(&d);
        out.push('\n');
    }
    out.push_str(COMMANDS_TS);
    out
}

/// The desktop commands: name, arguments and result, so the UI has one typed `call()` and never
/// spells a command's types by hand. `src-tauri` registers exactly these names.
const COMMANDS_TS: &str = "
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
";

/// Names of the commands in [`COMMANDS_TS`], for the shell's test.
pub fn command_names() -> Vec<&'static str> {
    // Entries are `  name: { args…` at two spaces of indentation (one or more lines each).
    COMMANDS_TS
        .lines()
        .filter_map(|l| l.strip_prefix("  "))
        .filter(|l| !l.starts_with(' '))
        .filter_map(|l| l.split_once(": {"))
        .map(|(name, _)| name)
        .collect()
}
