//! GPU Quote Desk (算力比价台) core: the price catalog, its store, and the calculations that the
//! `gpuquote` CLI and the desktop app both call. Nothing here depends on Tauri.
#![deny(missing_docs)]
#![cfg_attr(test, allow(clippy::unwrap_used))]

pub mod bindings;
pub mod catalog;
pub mod compare;
pub mod error;
pub mod ingest;
pub mod model;
pub mod money;
pub mod names;
pub mod paths;
pub mod pdf;
pub mod price;
pub mod quote;
pub mod review;
pub mod scoring;
pub mod seed;
pub mod settings;
pub mod store;
pub mod synthetic;
pub mod tco;

pub use error::{Error, ErrorPayload, Result};
pub use store::Store;
