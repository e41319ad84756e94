//! CLI faces of ingest and review: `import`, `scrape`, `review`, `export`, `enter`, `parse-price`.

use super::{print_json, ImportArgs, ReviewCommand};
use comfy_table::{presets::UTF8_FULL_CONDENSED, Cell, CellAlignment, Table};
use gpuquote::ingest::{self, native, ImportFormat, ImportOptions, ImportReport};
use gpuquote::model::{Confidence, ReviewState};
use gpuquote::price::{parse_price as parse, PriceText};
use gpuquote::{review, Error, Store};
use std::path::Path;

fn reviewer(given: Option<String>) -> String {
    given
        .or_else(|| std::env::var("USER").ok())
        .or_else(|| std::env::var("USERNAME").ok())
        .unwrap_or_default()
}

fn progress_printer(json: bool) -> impl FnMut(ingest::Progress) {
    let tty = std::io::IsTerminal::is_terminal(&std::io::stderr());
    // Machine-readable progress lines for scripts and tests: GPUQUOTE_PROGRESS=1.
    let lines = std::env::var_os("GPUQUOTE_PROGRESS").is_some();
    move |p: ingest::Progress| {
        if lines {
            eprintln!("progress {} {}/{} {}", p.stage, p.done, p.total, p.detail);
            return;
        }
        if json || !tty {
            if p.stage == "retry" {
                eprintln!("{}", p.detail);
            }
            return;
        }
        match p.stage.as_str() {
            "fetch" if p.done < p.total => {
                eprintln!("fetching {}/{}: {}", p.done + 1, p.total, p.detail)
            }
            "retry" => eprintln!("{}", p.detail),
            "read" | "write" if p.total > 0 => {
                eprint!("\r{} {:>3}%", p.stage, p.done * 100 / p.total.max(1));
                if p.done >= p.total {
                    eprintln!();
                }
            }
            _ => {}
        }
    }
}

pub(crate) fn print_report(r: &ImportReport, json: bool) -> Result<(), Error> {
    if json {
        return print_json(r);
    }
    let verb = if r.dry_run { "Would import" } else { "Imported" };
    outln!(
        "{verb} {} offers from {} ({}), skipped {} rows.",
        r.imported,
        r.source,
        r.format,
        r.skipped
    );
    for s in &r.snapshots {
        match s.id {
            Some(id) => {
                outln!(
                "  snapshot #{id}: {} ({}) — {} offers, {} — review it: gpuquote review show {id}",
                s.vendor, s.vendor_key, s.offers, s.state
            )
            }
            None => outln!(
                "  {} ({}) — {} offers (dry run: nothing stored)",
                s.vendor,
                s.vendor_key,
                s.offers
            ),
        }
    }
    if !r.skip_reasons.is_empty() {
        outln!("Skipped:");
        for k in &r.skip_reasons {
            let lines: Vec<String> = k.lines.iter().map(u32::to_string).collect();
            outln!(
                "  {:>6} × {} — {} (lines {}{})",
                k.count,
                k.code,
                k.reason,
                lines.join(", "),
                if k.count as usize > k.lines.len() { ", …" } else { "" }
            );
        }
    }
    if !r.new_accelerators.is_empty() {
        outln!(
            "New accelerators added (low confidence, specs unknown): {}",
            r.new_accelerators.join(", ")
        );
    }
    if !r.preview.is_empty() {
        let mut t = Table::new();
        t.load_preset(UTF8_FULL_CONDENSED).set_header([
            "line",
            "vendor",
            "GPU",
            "×",
            "mode",
            "billing",
            "price",
            "per GPU-h",
            "region",
            "instance type",
        ]);
        for p in r.preview.iter().take(12) {
            t.add_row([
                Cell::new(p.line),
                Cell::new(&p.vendor),
                Cell::new(&p.accelerator),
                Cell::new(p.gpus).set_alignment(CellAlignment::Right),
                Cell::new(format!("{}{}", p.mode, if p.interruptible { " (spot)" } else { "" })),
                Cell::new(p.billing.as_str()),
                Cell::new(format!(
                    "{} {}{}",
                    p.price,
                    p.currency,
                    if p.basis == gpuquote::model::PriceBasis::Gpu { "/GPU" } else { "" }
                ))
                .set_alignment(CellAlignment::Right),
                Cell::new(format!("{} {}", p.per_gpu_hour, p.currency))
                    .set_alignment(CellAlignment::Right),
                Cell::new(p.region.as_deref().unwrap_or("")),
                Cell::new(p.instance_type.as_deref().unwrap_or("")),
            ]);
        }
        outln!("{t}");
        if r.imported as usize > 12 {
            outln!("(first 12 of {} offers)", r.imported);
        }
    }
    if let Some(h) = &r.sha256 {
        outln!("Raw source kept with the snapshot, sha256 {h}");
    }
    if !r.same_source_as.is_empty() {
        let ids: Vec<String> = r.same_source_as.iter().map(|i| format!("#{i}")).collect();
        outln!(
            "Note: the same file (same SHA-256) was imported before as snapshot {}",
            ids.join(", ")
        );
    }
    Ok(())
}

pub(crate) fn import(store: &mut Store, a: ImportArgs, json: bool) -> Result<(), Error> {
    let opts = ImportOptions {
        format: a.format.as_deref().and_then(ImportFormat::parse),
        vendor: a.vendor,
        new_vendor: a.new_vendor,
        mode: a.mode,
        captured_at: a.captured_at,
        confidence: match a.confidence.as_deref() {
            Some(c) => Some(Confidence::parse(c).ok_or_else(|| Error::Invalid {
                field: "--confidence".into(),
                message: format!("'{c}': use high, medium or low"),
            })?),
            None => None,
        },
        note: a.note,
        dry_run: a.dry_run,
    };
    let mut p = progress_printer(json);
    let r = ingest::import_file(store, &a.file, &opts, &mut p)?;
    print_report(&r, json)
}

pub(crate) fn scrape(
    store: &mut Store,
    vendor: &str,
    recipe: Option<&Path>,
    dry_run: bool,
    json: bool,
) -> Result<(), Error> {
    let (r, _, name) = ingest::scrape::load_recipe(store, vendor, recipe)?;
    if r.verified.is_none() && !json {
        eprintln!("note: recipe {name} is not marked verified against the live page; review the capture carefully");
    }
    let mut p = progress_printer(json);
    let rep = ingest::scrape::scrape(store, vendor, recipe, dry_run, &mut p)?;
    print_report(&rep, json)
}

pub(crate) fn export(
    store: &Store,
    format: &str,
    output: Option<&Path>,
    vendor: Option<String>,
    snapshot: Option<i64>,
    include_pending: bool,
) -> Result<(), Error> {
    let opts = native::ExportOptions { vendor, snapshot, include_pending };
    match output {
        Some(path) => {
            let n = native::export_to_path(store, format, path, &opts)?;
            eprintln!("wrote {n} offers to {}", path.display());
            Ok(())
        }
        None => {
            let rows = native::export_rows(store, &opts)?;
            let stdout = std::io::stdout();
            let mut lock = stdout.lock();
            if format == "json" {
                native::write_json(store, rows, &mut lock)
            } else {
                native::write_csv(&rows, &mut lock)
            }
        }
    }
}

pub(crate) fn parse_price(text: &str, json: bool) -> Result<(), Error> {
    match parse(text) {
        Ok(PriceText::Price(p)) => {
            if json {
                return print_json(&p);
            }
            outln!(
                "amount {}{}, currency {}, unit {}, {}{}",
                p.amount,
                p.max.map(|m| format!("–{m}")).unwrap_or_default(),
                p.currency.as_deref().unwrap_or("(not stated)"),
                p.unit.map(|u| u.as_str()).unwrap_or("(not stated)"),
                if p.per_gpu { "per GPU" } else { "per instance" },
                if p.from { ", a \"from\" price" } else { "" }
            );
            Ok(())
        }
        Ok(PriceText::NoPrice(w)) => {
            outln!("no price: the text says '{w}'");
            Ok(())
        }
        Err(e) => Err(Error::Invalid { field: "price".into(), message: e.to_string() }),
    }
}

pub(crate) fn review(store: &mut Store, cmd: ReviewCommand, json: bool) -> Result<(), Error> {
    match cmd {
        ReviewCommand::List { state, vendor } => {
            let state = match state.as_deref() {
                Some(s) => Some(ReviewState::parse(s).ok_or_else(|| Error::Invalid {
                    field: "--state".into(),
                    message: format!("'{s}': use pending, approved or rejected"),
                })?),
                None => None,
            };
            let list = review::list(store, state, vendor.as_deref())?;
            if json {
                return print_json(&list);
            }
            let mut t = Table::new();
            t.load_preset(UTF8_FULL_CONDENSED).set_header([
                "#", "vendor", "origin", "state", "offers", "skipped", "captured", "source",
                "reviewer",
            ]);
            for s in &list {
                t.add_row([
                    Cell::new(s.id),
                    Cell::new(&s.vendor),
                    Cell::new(s.origin.as_str()),
                    Cell::new(format!("{}{}", s.state, if s.current { " (current)" } else { "" })),
                    Cell::new(s.offers).set_alignment(CellAlignment::Right),
                    Cell::new(s.skipped).set_alignment(CellAlignment::Right),
                    Cell::new(s.captured_at.get(..16).unwrap_or(&s.captured_at)),
                    Cell::new(s.source.chars().take(60).collect::<String>()),
                    Cell::new(s.reviewer.as_deref().unwrap_or("")),
                ]);
            }
            outln!("{t}");
            Ok(())
        }
        ReviewCommand::Show { id, all } => {
            let r = review::show(store, id)?;
            if json {
                return print_json(&r);
            }
            let s = &r.snapshot;
            outln!(
                "Snapshot #{} — {} ({}) — {} — {}",
                s.id,
                s.vendor,
                s.vendor_key,
                s.origin,
                s.state
            );
            outln!("Source: {}", s.source);
            outln!("Captured {}; {} offers, {} rows skipped", s.captured_at, s.offers, s.skipped);
            match &r.baseline {
                Some(b) => outln!(
                    "Compared with approved snapshot #{} (captured {}, {} offers)",
                    b.id,
                    b.captured_at,
                    b.offers
                ),
                None => outln!("No approved snapshot of this vendor to compare with."),
            }
            outln!(
                "Diff: {} added, {} removed, {} changed, {} unchanged",
                r.added,
                r.removed,
                r.changed,
                r.unchanged
            );
            let mut t = Table::new();
            t.load_preset(UTF8_FULL_CONDENSED).set_header([
                "",
                "offer",
                "old",
                "new",
                "per GPU-h old → new",
                "change",
                "flags",
            ]);
            let price = |o: &Option<review::DiffOffer>| {
                o.as_ref()
                    .map(|o| {
                        format!(
                            "{} {}/{}{}{}",
                            o.price,
                            o.currency,
                            if o.basis == gpuquote::model::PriceBasis::Gpu { "GPU/" } else { "" },
                            o.billing,
                            if o.from_price { " from" } else { "" }
                        )
                    })
                    .unwrap_or_default()
            };
            let mut shown = 0;
            for d in r.diff.iter().filter(|d| all || d.kind != "unchanged") {
                shown += 1;
                if shown > 200 {
                    break;
                }
                let sign = match d.kind.as_str() {
                    "added" => "+",
                    "removed" => "-",
                    "changed" => "~",
                    _ => "=",
                };
                t.add_row([
                    Cell::new(sign),
                    Cell::new(&d.offer),
                    Cell::new(price(&d.old)),
                    Cell::new(price(&d.new)),
                    Cell::new(format!(
                        "{} → {}",
                        d.old.as_ref().map(|o| o.per_gpu_hour.as_str()).unwrap_or("—"),
                        d.new.as_ref().map(|o| o.per_gpu_hour.as_str()).unwrap_or("—")
                    )),
                    Cell::new(d.change_pct.as_deref().map(|p| format!("{p}%")).unwrap_or_default())
                        .set_alignment(CellAlignment::Right),
                    Cell::new(d.flags.join(", ")),
                ]);
            }
            if shown > 0 {
                outln!("{t}");
            }
            if !r.anomalies.is_empty() {
                outln!("Anomalies:");
                for a in &r.anomalies {
                    outln!(
                        "  [{}] {}{}",
                        a.code,
                        a.offer.as_deref().map(|o| format!("{o}: ")).unwrap_or_default(),
                        a.message
                    );
                }
            }
            if !r.skips.is_empty() {
                outln!("Skipped rows ({}):", r.skips.len());
                for k in r.skips.iter().take(10) {
                    outln!(
                        "  line {}: {} — {}",
                        k.line.map(|l| l.to_string()).unwrap_or_default(),
                        k.code,
                        k.reason
                    );
                }
                if r.skips.len() > 10 {
                    outln!("  … {} more (--json for all)", r.skips.len() - 10);
                }
            }
            for c in &r.captures {
                outln!(
                    "Raw capture #{}: {}{} — {} bytes ({} stored), sha256 {} — `gpuquote review raw {}`",
                    c.id,
                    c.url,
                    c.status.map(|s| format!(" (HTTP {s})")).unwrap_or_default(),
                    c.bytes,
                    c.stored_bytes,
                    &c.sha256[..16.min(c.sha256.len())],
                    c.id
                );
            }
            Ok(())
        }
        ReviewCommand::Raw { capture, max_chars } => {
            let r = review::raw(store, capture, max_chars)?;
            if json {
                return print_json(&r);
            }
            if !r.hash_ok {
                eprintln!("warning: capture #{capture} no longer matches its SHA-256");
            }
            outln!("{}", r.text);
            if r.truncated {
                eprintln!("(cut at {max_chars} characters; --max-chars N for more)");
            }
            Ok(())
        }
        ReviewCommand::Approve { id, reviewer: who, note } => {
            let s = review::approve(store, id, &reviewer(who), note.as_deref())?;
            if json {
                return print_json(&s);
            }
            outln!(
                "Snapshot #{id} approved by {}{}",
                s.reviewer.as_deref().unwrap_or(""),
                if s.current {
                    format!(": it is now {}'s current price list", s.vendor)
                } else {
                    " (a newer approved list stays current)".into()
                }
            );
            Ok(())
        }
        ReviewCommand::Reject { id, note, reviewer: who } => {
            let s = review::reject(store, id, &reviewer(who), &note)?;
            if json {
                return print_json(&s);
            }
            outln!("Snapshot #{id} rejected by {}: {}", s.reviewer.as_deref().unwrap_or(""), note);
            Ok(())
        }
        ReviewCommand::Reparse { id, recipe } => {
            let r = review::reparse(store, id, recipe.as_deref(), false)?;
            print_report(&r, json)
        }
    }
}
