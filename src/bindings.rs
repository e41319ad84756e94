//! TypeScript declarations of every type that crosses IPC, generated from the Rust types with
//! ts-rs into one file, `ui/src/bindings.ts`. A test regenerates it and fails on any drift
//! (`UPDATE_BINDINGS=1 cargo test --test cli bindings` rewrites it).

use crate::model::{
    Accelerator, BillingUnit, Confidence, Mode, OfferFilter, OfferSort, OfferView, Origin,
    PriceBasis, ReviewState, Tenancy, VendorView,
};
use crate::settings::{FxRate, Settings};
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
    out
}
