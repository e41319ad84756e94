//! Scraping a vendor's pricing page(s), described by a declarative recipe
//! (`data/recipes/<vendor>.toml`, or a file given with `--recipe`): URL, rows by CSS selector
//! (HTML tables or cards) or JSON pointer (JSON APIs), fields by selector/pointer/constant, and
//! price strings read by [`crate::price`]. The format is documented in `data/recipes/README.md`.
//!
//! Politeness and safety: only http(s); a timeout; a maximum body size; bounded redirects (also
//! only to http(s)); one request at a time with a delay between requests to the same host; a
//! clear User-Agent; retries with backoff on 429 and 5xx (honouring `Retry-After`). Every page is
//! fetched before anything is written: a failure stores nothing and names the vendor, the URL
//! and the reason. The raw responses are stored with the snapshot for offline re-parsing.

use super::native::ExportRow;
use super::{Draft, ImportReport, OnProgress, Parsed, Progress, RawCapture, Skip, SnapshotMeta};
use crate::error::{Error, Result};
use crate::model::{Confidence, Origin};
use crate::store::Store;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::io::Read;
use std::time::{Duration, Instant};

/// Recipes shipped in `data/recipes/` (vendor key, text).
pub const BUILTIN_RECIPES: &[(&str, &str)] = &[
    ("runpod", include_str!("../../data/recipes/runpod.toml")),
    ("lambda", include_str!("../../data/recipes/lambda.toml")),
];

/// The User-Agent every request carries.
pub const USER_AGENT: &str = concat!(
    "GPUQuoteDesk/",
    env!("CARGO_PKG_VERSION"),
    " (price comparison for procurement; one request at a time; +https://github.com/gpuquote)"
);

/// A scraping recipe.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recipe {
    /// Vendor key.
    pub vendor: String,
    /// Whether the selectors were checked against the live page (and when).
    #[serde(default)]
    pub verified: Option<String>,
    /// Note stored with each snapshot.
    #[serde(default)]
    pub note: Option<String>,
    /// Confidence of the captured prices.
    #[serde(default)]
    pub confidence: Option<String>,
    /// HTTP rules.
    #[serde(default)]
    pub http: HttpRules,
    /// Field values for every row of every page (`mode = "container"`, `currency = "CNY"`).
    #[serde(default)]
    pub defaults: BTreeMap<String, String>,
    /// The pages.
    pub page: Vec<PageRecipe>,
}

/// Politeness and safety limits.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HttpRules {
    /// Seconds before a request is abandoned.
    pub timeout_secs: f64,
    /// Largest body accepted.
    pub max_bytes: u64,
    /// Redirects followed at most.
    pub max_redirects: usize,
    /// Retries on 429 / 5xx.
    pub retries: u32,
    /// First backoff (doubles each retry) when the server sends no Retry-After.
    pub backoff_ms: u64,
    /// Pause between two requests to the same host.
    pub delay_ms: u64,
}

impl Default for HttpRules {
    fn default() -> Self {
        HttpRules {
            timeout_secs: 20.0,
            max_bytes: 5 * 1024 * 1024,
            max_redirects: 5,
            retries: 3,
            backoff_ms: 2000,
            delay_ms: 1500,
        }
    }
}

/// One page of a recipe.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageRecipe {
    /// http(s) URL.
    pub url: String,
    /// `html` or `json`.
    #[serde(default = "html")]
    pub format: String,
    /// Rows: a CSS selector (html) or a JSON pointer to an array (json).
    pub rows: String,
    /// Fields of a row.
    pub fields: BTreeMap<String, FieldSpec>,
    /// Field values for this page's rows.
    #[serde(default)]
    pub defaults: BTreeMap<String, String>,
}

fn html() -> String {
    "html".into()
}

/// Where a field's value comes from.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum FieldSpec {
    /// A CSS selector inside the row (html) or a JSON pointer inside the row (json).
    Path(String),
    /// The long form.
    Spec {
        /// CSS selector inside the row.
        #[serde(default)]
        selector: Option<String>,
        /// JSON pointer inside the row.
        #[serde(default)]
        pointer: Option<String>,
        /// Attribute to read instead of the text.
        #[serde(default)]
        attr: Option<String>,
        /// A constant.
        #[serde(default)]
        value: Option<String>,
        /// Used when the selector or pointer finds nothing.
        #[serde(default)]
        default: Option<String>,
    },
}

const FIELDS: &[&str] = &[
    "gpu",
    "gpus",
    "gpu_memory_gb",
    "price",
    "price_max",
    "mode",
    "tenancy",
    "interruptible",
    "billing",
    "currency",
    "price_basis",
    "region",
    "instance_type",
    "fees",
    "note",
];

fn recipe_err(file: &str, field: Option<&str>, message: impl Into<String>) -> Error {
    Error::Import {
        file: file.into(),
        line: None,
        field: field.map(str::to_string),
        message: message.into(),
    }
}

impl Recipe {
    /// Parses and checks a recipe (fields, selectors, pointers, URLs).
    pub fn parse(file: &str, text: &str) -> Result<Recipe> {
        let r: Recipe = toml::from_str(text).map_err(|e| {
            let line =
                e.span().map(|s| text[..s.start.min(text.len())].lines().count().max(1) as u64);
            Error::Import {
                file: file.into(),
                line,
                field: None,
                message: format!("recipe: {}", e.message()),
            }
        })?;
        if r.page.is_empty() {
            return Err(recipe_err(file, Some("page"), "a recipe needs at least one [[page]]"));
        }
        for k in r.defaults.keys() {
            check_field(file, k)?;
        }
        for (i, p) in r.page.iter().enumerate() {
            let at = |f: &str| format!("page[{i}].{f}");
            let u = reqwest::Url::parse(&p.url).map_err(|e| {
                recipe_err(file, Some(&at("url")), format!("'{}' is not a URL ({e})", p.url))
            })?;
            if !matches!(u.scheme(), "http" | "https") {
                return Err(recipe_err(
                    file,
                    Some(&at("url")),
                    format!("only http and https are fetched, not '{}'", u.scheme()),
                ));
            }
            match p.format.as_str() {
                "html" => {
                    scraper::Selector::parse(&p.rows).map_err(|e| {
                        recipe_err(
                            file,
                            Some(&at("rows")),
                            format!("CSS selector '{}': {e}", p.rows),
                        )
                    })?;
                }
                "json" => {
                    if !(p.rows.is_empty() || p.rows.starts_with('/')) {
                        return Err(recipe_err(
                            file,
                            Some(&at("rows")),
                            format!("JSON pointer '{}' must start with '/'", p.rows),
                        ));
                    }
                }
                other => {
                    return Err(recipe_err(
                        file,
                        Some(&at("format")),
                        format!("'{other}': use html or json"),
                    ))
                }
            }
            for k in p.defaults.keys() {
                check_field(file, k)?;
            }
            for (k, spec) in &p.fields {
                check_field(file, k)?;
                let path = match spec {
                    FieldSpec::Path(s) => Some(s.as_str()),
                    FieldSpec::Spec { selector, pointer, .. } => {
                        selector.as_deref().or(pointer.as_deref())
                    }
                };
                if let (Some(s), "html") = (path, p.format.as_str()) {
                    scraper::Selector::parse(s).map_err(|e| {
                        recipe_err(
                            file,
                            Some(&at(&format!("fields.{k}"))),
                            format!("CSS selector '{s}': {e}"),
                        )
                    })?;
                }
            }
            if !p.fields.contains_key("gpu") || !p.fields.contains_key("price") {
                return Err(recipe_err(
                    file,
                    Some(&at("fields")),
                    "fields 'gpu' and 'price' are required",
                ));
            }
        }
        Ok(r)
    }
}

fn check_field(file: &str, k: &str) -> Result<()> {
    if FIELDS.contains(&k) {
        Ok(())
    } else {
        Err(recipe_err(file, Some(k), format!("unknown field '{k}': use {}", FIELDS.join(", "))))
    }
}

/// The built-in recipe of a vendor key.
pub fn builtin_recipe(vendor_key: &str) -> Option<&'static str> {
    BUILTIN_RECIPES.iter().find(|(k, _)| *k == vendor_key).map(|(_, t)| *t)
}

fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Reads one fetched page with its recipe page: the rows as drafts, or skips with reasons.
pub fn extract(recipe: &Recipe, page: &PageRecipe, body: &[u8], url: &str) -> Result<Parsed> {
    let text = String::from_utf8_lossy(body);
    let mut rows: Vec<(BTreeMap<String, String>, String)> = Vec::new();
    if page.format == "json" {
        let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| Error::Import {
            file: url.into(),
            line: Some(e.line() as u64),
            field: None,
            message: format!("the response is not JSON ({e})"),
        })?;
        let arr = v.pointer(&page.rows).and_then(|a| a.as_array()).ok_or_else(|| {
            recipe_err(
                url,
                Some("rows"),
                format!("JSON pointer '{}' does not lead to an array", page.rows),
            )
        })?;
        for item in arr {
            let mut m = BTreeMap::new();
            for (k, spec) in &page.fields {
                let (ptr, value, default) = match spec {
                    FieldSpec::Path(p) => (Some(p.as_str()), None, None),
                    FieldSpec::Spec { pointer, selector, value, default, .. } => {
                        (pointer.as_deref().or(selector.as_deref()), value.clone(), default.clone())
                    }
                };
                let got = value.or_else(|| {
                    ptr.and_then(|p| item.pointer(p)).and_then(|v| match v {
                        serde_json::Value::String(s) => Some(s.clone()),
                        serde_json::Value::Number(n) => Some(n.to_string()),
                        serde_json::Value::Bool(b) => Some(b.to_string()),
                        _ => None,
                    })
                });
                if let Some(g) = got.or(default) {
                    m.insert(k.clone(), g);
                }
            }
            rows.push((m, item.to_string()));
        }
    } else {
        let doc = scraper::Html::parse_document(&text);
        let sel = scraper::Selector::parse(&page.rows).map_err(|e| {
            recipe_err(url, Some("rows"), format!("CSS selector '{}': {e}", page.rows))
        })?;
        let mut field_sels = Vec::new();
        for (k, spec) in &page.fields {
            let (path, attr, value, default) = match spec {
                FieldSpec::Path(p) => (Some(p.clone()), None, None, None),
                FieldSpec::Spec { selector, attr, value, default, .. } => {
                    (selector.clone(), attr.clone(), value.clone(), default.clone())
                }
            };
            let s =
                match &path {
                    Some(p) => Some(scraper::Selector::parse(p).map_err(|e| {
                        recipe_err(url, Some(k), format!("CSS selector '{p}': {e}"))
                    })?),
                    None => None,
                };
            field_sels.push((k.clone(), s, attr, value, default));
        }
        for el in doc.select(&sel) {
            let mut m = BTreeMap::new();
            for (k, s, attr, value, default) in &field_sels {
                let got = value.clone().or_else(|| {
                    let target = match s {
                        Some(s) => el.select(s).next(),
                        None => Some(el),
                    }?;
                    match attr {
                        Some(a) => target.value().attr(a).map(collapse),
                        None => Some(collapse(&target.text().collect::<String>())),
                    }
                    .filter(|t| !t.is_empty())
                });
                if let Some(g) = got.or_else(|| default.clone()) {
                    m.insert(k.clone(), g);
                }
            }
            // The row's text is kept only for rows that end up skipped (see below).
            let raw = if m.contains_key("gpu") && m.contains_key("price") {
                String::new()
            } else {
                collapse(&el.text().collect::<String>())
            };
            rows.push((m, raw));
        }
    }
    let mut out = Parsed::default();
    for (i, (mut m, raw)) in rows.into_iter().enumerate() {
        let line = i as u64 + 1;
        for (k, v) in recipe.defaults.iter().chain(&page.defaults) {
            m.entry(k.clone()).or_insert_with(|| v.clone());
        }
        let gpu = m.get("gpu").cloned().unwrap_or_default();
        if gpu.trim().is_empty() || !m.contains_key("price") {
            out.skips.push(Skip::new(
                line,
                "no_accelerator",
                "row has no GPU or no price cell (a header or a note row?)",
                Some(raw),
            ));
            continue;
        }
        let first_int = |s: &str| -> Option<u32> {
            let digits: String = s
                .chars()
                .skip_while(|c| !c.is_ascii_digit())
                .take_while(char::is_ascii_digit)
                .collect();
            digits.parse().ok()
        };
        let flag = |s: &str| {
            let s = s.trim().to_lowercase();
            [
                "true",
                "yes",
                "1",
                "是",
                "spot",
                "preemptible",
                "interruptible",
                "可抢占",
                "抢占式",
                "竞价",
            ]
            .iter()
            .any(|w| s.contains(w))
        };
        let row = ExportRow {
            accelerator: gpu,
            gpus: Some(m.get("gpus").and_then(|g| first_int(g)).unwrap_or(1)),
            gpu_memory_gb: m.get("gpu_memory_gb").and_then(|g| first_int(g)),
            mode: m.get("mode").cloned(),
            tenancy: m.get("tenancy").cloned(),
            interruptible: m.get("interruptible").map(|s| flag(s)),
            billing: m.get("billing").cloned(),
            price: m.get("price").cloned().unwrap_or_default(),
            price_max: m.get("price_max").cloned(),
            price_basis: m.get("price_basis").cloned(),
            currency: m.get("currency").cloned(),
            region: m.get("region").cloned(),
            instance_type: m.get("instance_type").cloned(),
            fees: m.get("fees").cloned(),
            note: m.get("note").cloned(),
            ..Default::default()
        };
        // A page states the unit in the price string; a default billing/currency must not
        // contradict it, so defaults give way to what the cell says.
        let (row, parsed) = prefer_cell(row);
        let raw = if raw.is_empty() { m_text(&m) } else { raw };
        match super::native::row_to_draft_with(url, line, "", &row, Some(parsed)) {
            Ok(Ok(d)) => out.drafts.push(d),
            Ok(Err(s)) => out.skips.push(Skip { raw: Some(raw.chars().take(300).collect()), ..s }),
            Err(Error::Import { field, message, .. }) => {
                let code = if field.as_deref() == Some("price") {
                    "unreadable_price"
                } else {
                    "unreadable_row"
                };
                let f = field.unwrap_or_default();
                out.skips.push(Skip::new(line, code, format!("{f}: {message}"), Some(raw)));
            }
            Err(e) => return Err(e),
        }
    }
    Ok(out)
}

/// The row's fields in words, for a skipped row's record.
fn m_text(m: &BTreeMap<String, String>) -> String {
    m.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
}

/// Reads the price cell once; defaults for unit, currency and basis give way to what it says.
fn prefer_cell(
    mut row: ExportRow,
) -> (ExportRow, std::result::Result<crate::price::PriceText, crate::price::PriceError>) {
    let parsed = crate::price::parse_price(row.price.trim());
    if let Ok(crate::price::PriceText::Price(p)) = &parsed {
        if p.unit.is_some() {
            row.billing = None;
        }
        if p.currency.is_some() {
            row.currency = None;
        }
        if p.per_gpu {
            row.price_basis = None;
        }
    }
    (row, parsed)
}

/// Fetches every page of a recipe, politely; nothing is written.
pub fn fetch_all(
    recipe: &Recipe,
    recipe_text: &str,
    progress: OnProgress<'_>,
) -> Result<Vec<RawCapture>> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let rules = &recipe.http;
    let max_redirects = rules.max_redirects;
    let client = reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs_f64(rules.timeout_secs.max(0.1)))
        .connect_timeout(Duration::from_secs_f64(rules.timeout_secs.clamp(0.1, 10.0)))
        .user_agent(USER_AGENT)
        .redirect(reqwest::redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() >= max_redirects {
                attempt.error(format!("more than {max_redirects} redirects (a redirect loop?)"))
            } else if !matches!(attempt.url().scheme(), "http" | "https") {
                attempt.error("redirect to a non-http(s) URL")
            } else {
                attempt.follow()
            }
        }))
        .build()
        .map_err(|e| Error::Network {
            vendor: recipe.vendor.clone(),
            url: String::new(),
            message: e.to_string(),
        })?;
    let mut last: HashMap<String, Instant> = HashMap::new();
    let mut out = Vec::new();
    let n = recipe.page.len() as u64;
    for (i, page) in recipe.page.iter().enumerate() {
        progress(Progress {
            stage: "fetch".into(),
            done: i as u64,
            total: n,
            detail: page.url.clone(),
        });
        let fail = |message: String| Error::Network {
            vendor: recipe.vendor.clone(),
            url: page.url.clone(),
            message,
        };
        let url = reqwest::Url::parse(&page.url).map_err(|e| fail(e.to_string()))?;
        let host = url.host_str().unwrap_or("").to_string();
        let mut attempt = 0u32;
        let capture = loop {
            if let Some(t) = last.get(&host) {
                let wait = Duration::from_millis(rules.delay_ms).saturating_sub(t.elapsed());
                std::thread::sleep(wait);
            }
            last.insert(host.clone(), Instant::now());
            let fetched_at = chrono::Utc::now().to_rfc3339();
            let resp = client.get(url.clone()).send().map_err(|e| fail(describe(&e, rules)))?;
            let status = resp.status();
            if (status.as_u16() == 429 || status.is_server_error()) && attempt < rules.retries {
                let wait = resp
                    .headers()
                    .get(reqwest::header::RETRY_AFTER)
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.trim().parse::<u64>().ok())
                    .map(|s| Duration::from_secs(s.min(60)))
                    .unwrap_or_else(|| {
                        Duration::from_millis(rules.backoff_ms.saturating_mul(1 << attempt.min(10)))
                    });
                attempt += 1;
                progress(Progress {
                    stage: "retry".into(),
                    done: i as u64,
                    total: n,
                    detail: format!(
                        "{} → HTTP {status}; retry {attempt} in {:.1}s",
                        page.url,
                        wait.as_secs_f64()
                    ),
                });
                std::thread::sleep(wait);
                continue;
            }
            if !status.is_success() {
                let location = resp
                    .headers()
                    .get(reqwest::header::LOCATION)
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("")
                    .to_string();
                let redirect_hint = format!(
                    ": redirected to '{location}', a non-http(s) URL, which is not followed"
                );
                let hint = match status.as_u16() {
                    300..=399 => redirect_hint.as_str(),
                    404 | 410 => ": the page has moved; update the recipe's url",
                    401 | 403 => ": the site refuses automated access; enter the prices by hand or import a file",
                    429 => ": still rate-limited after the retries; try again later",
                    _ if status.is_server_error() => ": the vendor's server failed after the retries; try again later",
                    _ => "",
                };
                let tries = if attempt > 0 {
                    format!(" after {} attempts", attempt + 1)
                } else {
                    String::new()
                };
                break Err(fail(format!("HTTP {status}{tries}{hint}")));
            }
            if let Some(len) = resp.content_length() {
                if len > rules.max_bytes {
                    break Err(fail(format!(
                        "the body is {len} bytes, over the limit of {} (http.max_bytes)",
                        rules.max_bytes
                    )));
                }
            }
            let headers: Vec<(String, String)> = resp
                .headers()
                .iter()
                .map(|(k, v)| (k.to_string(), String::from_utf8_lossy(v.as_bytes()).to_string()))
                .collect();
            let content_type = resp
                .headers()
                .get(reqwest::header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string);
            let final_url = resp.url().to_string();
            let mut body = Vec::new();
            resp.take(rules.max_bytes + 1)
                .read_to_end(&mut body)
                .map_err(|e| fail(format!("reading the body: {e}")))?;
            if body.len() as u64 > rules.max_bytes {
                break Err(fail(format!(
                    "the body is over the limit of {} bytes (http.max_bytes)",
                    rules.max_bytes
                )));
            }
            let sha256 = super::sha256_hex(&body);
            break Ok(RawCapture {
                url: page.url.clone(),
                final_url: (final_url != page.url).then_some(final_url),
                status: Some(status.as_u16()),
                headers,
                content_type,
                fetched_at,
                body,
                recipe: Some(recipe_text.to_string()),
                sha256,
            });
        }?;
        out.push(capture);
    }
    progress(Progress { stage: "fetch".into(), done: n, total: n, detail: String::new() });
    Ok(out)
}

fn describe(e: &reqwest::Error, rules: &HttpRules) -> String {
    if e.is_timeout() {
        format!("no complete response within {}s (timeout; http.timeout_secs)", rules.timeout_secs)
    } else if e.is_redirect() {
        let mut s = e.to_string();
        let mut src = std::error::Error::source(e);
        while let Some(inner) = src {
            s = format!("{s}: {inner}");
            src = inner.source();
        }
        format!("redirects: {s}")
    } else if e.is_connect() {
        "cannot connect (offline, or the host is down)".to_string()
    } else {
        let mut s = e.to_string();
        let mut src = std::error::Error::source(e);
        while let Some(inner) = src {
            s = format!("{s}: {inner}");
            src = inner.source();
        }
        s
    }
}

/// Reads captured pages with a recipe (used after a fetch and when re-parsing offline).
pub fn parse_captures(recipe: &Recipe, captures: &[RawCapture]) -> Result<Parsed> {
    let mut all = Parsed::default();
    let mut offset = 0u64;
    for (page, cap) in recipe.page.iter().zip(captures) {
        let p = extract(recipe, page, &cap.body, &cap.url)?;
        let n = (p.drafts.len() + p.skips.len()) as u64;
        all.drafts.extend(p.drafts.into_iter().map(|d| Draft { line: d.line + offset, ..d }));
        all.skips.extend(
            p.skips.into_iter().map(|s| Skip { line: s.line.map(|l| l + offset as u32), ..s }),
        );
        offset += n;
    }
    Ok(all)
}

/// Loads the recipe for a vendor: a file, or the built-in one.
pub fn load_recipe(
    store: &Store,
    vendor: &str,
    file: Option<&std::path::Path>,
) -> Result<(Recipe, String, String)> {
    let (name, text) = match file {
        Some(p) => (
            p.display().to_string(),
            std::fs::read_to_string(p)
                .map_err(|source| Error::Io { path: p.display().to_string(), source })?,
        ),
        None => {
            let ids = crate::names::resolve_vendor(store, vendor)?;
            let key: String =
                store
                    .conn()
                    .query_row("SELECT key FROM vendors WHERE id = ?1", [ids[0]], |r| r.get(0))?;
            let text = builtin_recipe(&key).ok_or_else(|| {
                Error::invalid(
                    "recipe",
                    format!(
                        "no recipe for '{key}': write one (see data/recipes/README.md) and pass --recipe FILE; built-in recipes: {}",
                        BUILTIN_RECIPES.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
                    ),
                )
            })?;
            (format!("data/recipes/{key}.toml"), text.to_string())
        }
    };
    let recipe = Recipe::parse(&name, &text)?;
    Ok((recipe, text, name))
}

/// Scrapes a vendor: fetch every page, read them, store one pending snapshot with the raw pages.
pub fn scrape(
    store: &mut Store,
    vendor: &str,
    recipe_file: Option<&std::path::Path>,
    dry_run: bool,
    progress: OnProgress<'_>,
) -> Result<ImportReport> {
    let (recipe, text, name) = load_recipe(store, vendor, recipe_file)?;
    // The vendor must exist before any request is made.
    crate::names::resolve_vendor(store, &recipe.vendor)?;
    let captures = fetch_all(&recipe, &text, progress)?;
    store_scrape(store, &recipe, &name, captures, None, dry_run, progress)
}

/// Writes fetched (or re-read) captures as a pending snapshot.
pub fn store_scrape(
    store: &mut Store,
    recipe: &Recipe,
    recipe_name: &str,
    captures: Vec<RawCapture>,
    reparsed_from: Option<i64>,
    dry_run: bool,
    progress: OnProgress<'_>,
) -> Result<ImportReport> {
    let parsed = parse_captures(recipe, &captures)?;
    let urls: Vec<&str> = captures.iter().map(|c| c.url.as_str()).collect();
    let mut note = recipe.note.clone().unwrap_or_default();
    if let Some(from) = reparsed_from {
        note = format!("re-parsed offline from snapshot #{from}. {note}");
    }
    let meta = SnapshotMeta {
        vendor: Some(recipe.vendor.clone()),
        create_vendor: false,
        origin: Origin::Scrape,
        source: format!("{} (recipe {recipe_name})", urls.join(" + ")),
        captured_at: captures
            .first()
            .map(|c| c.fetched_at.clone())
            .unwrap_or_else(|| chrono::Utc::now().to_rfc3339()),
        confidence: recipe
            .confidence
            .as_deref()
            .and_then(Confidence::parse)
            .unwrap_or(Confidence::Medium),
        note: Some(note.trim().to_string()).filter(|s| !s.is_empty()),
        keep_if_empty: true,
    };
    super::commit(store, "scrape", &meta, parsed, &captures, dry_run, progress)
}
