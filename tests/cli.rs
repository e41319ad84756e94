//! Integration tests: the `gpuquote` binary on real database files in temporary directories.

mod common;

use assert_cmd::Command;
use common::Env;
use predicates::prelude::*;
use serde_json::Value;
use std::path::Path;

fn file_bytes(p: &Path) -> Vec<u8> {
    std::fs::read(p).expect("read")
}

#[test]
fn bindings_are_generated_from_rust() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/src/bindings.ts");
    let fresh = gpuquote::bindings::typescript();
    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        std::fs::write(&path, &fresh).expect("write bindings");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "ui/src/bindings.ts is stale: run UPDATE_BINDINGS=1 cargo test -p gpuquote --test cli bindings"
    );
}

#[test]
fn h100_offers_show_jygpu_bare_metal_at_14_67() {
    let env = Env::new();
    let v = env.json(&["offers", "--gpu", "H100"]);
    let list = v.as_array().expect("array");
    let o = list
        .iter()
        .find(|o| o["vendor"] == "极智算" && o["mode"] == "bare_metal" && o["gpus"] == 8)
        .expect("极智算 H100 ×8 bare metal");
    assert_eq!(o["price"], "84480.00");
    assert_eq!(o["currency"], "CNY");
    assert_eq!(o["billing"], "month");
    assert_eq!(o["per_gpu_hour"], "14.67");
    assert_eq!(o["per_gpu_hour_cny"], "14.67");
    assert_eq!(o["hours_per_month"], 720);
    assert!(o["convention"].as_str().expect("convention").contains("720 h/month"));
    for key in [
        "vendor",
        "accelerator",
        "gpus",
        "mode",
        "tenancy",
        "interruptible",
        "billing",
        "price",
        "currency",
        "per_gpu_hour",
        "per_gpu_hour_cny",
        "hours_per_month",
        "captured_at",
        "source",
        "confidence",
    ] {
        assert!(o.get(key).is_some(), "missing {key}");
    }
    assert!(list.iter().all(|o| o["accelerator"].as_str().expect("name").starts_with("H100")));
}

#[test]
fn names_people_use_find_offers() {
    let env = Env::new();
    for gpu in ["4090", "RTX 4090", "910B", "Ascend 910B", "h100", "A100"] {
        let v = env.json(&["offers", "--gpu", gpu]);
        assert!(!v.as_array().expect("array").is_empty(), "{gpu}");
    }
    let zh = env.json(&["offers", "--vendor", "极智算"]);
    let en = env.json(&["offers", "--vendor", "JYGPU"]);
    assert_eq!(zh, en);
    let dom = env.json(&["offers", "--domestic"]);
    assert!(dom.as_array().expect("array").iter().all(|o| o["domestic"] == true));
    let sorted = env.json(&["offers", "--sort", "per-gpu-hour", "--mode", "bare_metal"]);
    let prices: Vec<f64> = sorted
        .as_array()
        .expect("array")
        .iter()
        .map(|o| o["per_gpu_hour_cny_exact"].as_str().expect("cny").parse().expect("num"))
        .collect();
    assert!(prices.windows(2).all(|w| w[0] <= w[1]), "{prices:?}");
}

#[test]
fn default_catalog_has_enough_vendors_and_offers() {
    let env = Env::new();
    let vendors = env.json(&["vendors"]);
    let with_offers =
        vendors.as_array().expect("array").iter().filter(|v| v["current_offers"] != 0).count();
    assert!(with_offers >= 6, "{with_offers}");
    let offers = env.json(&["offers"]);
    assert!(offers.as_array().expect("array").len() >= 15);
    // The table form says its units and sources.
    env.cmd()
        .arg("offers")
        .assert()
        .success()
        .stdout(predicate::str::contains("¥/GPU-h").and(predicate::str::contains("[1]")));
}

#[test]
fn unknown_names_suggest_closest() {
    let env = Env::new();
    env.cmd().args(["offers", "--gpu", "H10O"]).assert().failure().stderr(
        predicate::str::contains("unknown GPU 'H10O'").and(predicate::str::contains("H100")),
    );
    env.cmd()
        .args(["offers", "--vendor", "极致算"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("did you mean: 极智算"));
    env.cmd()
        .args(["offers", "--mode", "metal-box"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("container, vm or bare_metal"));
}

#[test]
fn a_file_that_is_not_sqlite_is_refused_and_untouched() {
    let env = Env::new();
    let content = b"name,price\nH100,84480\nthis is a CSV, not a database\n".repeat(20);
    std::fs::write(env.db(), &content).expect("write");
    env.cmd()
        .arg("offers")
        .assert()
        .failure()
        .stderr(predicate::str::contains("not a GPU Quote Desk database"));
    assert_eq!(file_bytes(&env.db()), content);
}

#[test]
fn a_newer_schema_is_refused_and_untouched() {
    let env = Env::new();
    {
        let conn = rusqlite::Connection::open(env.db()).expect("open");
        conn.execute_batch("CREATE TABLE future (x); PRAGMA user_version = 99;").expect("init");
    }
    let before = file_bytes(&env.db());
    env.cmd()
        .arg("vendors")
        .assert()
        .failure()
        .stderr(predicate::str::contains("schema version 99 is newer"));
    assert_eq!(file_bytes(&env.db()), before);
    assert!(!env.path("catalog.sqlite3-wal").exists());
}

#[test]
fn check_and_backup() {
    let env = Env::new();
    env.cmd().args(["db", "check"]).assert().success().stdout(
        predicate::str::contains("integrity: ok").and(predicate::str::contains(format!(
            "schema version: {}",
            gpuquote::store::SCHEMA_VERSION
        ))),
    );
    let backup = env.path("backup.sqlite3");
    env.cmd().args(["db", "backup"]).arg(&backup).assert().success();
    // The copy is a complete database with the same offers.
    let mut c = Command::cargo_bin("gpuquote").expect("binary");
    let out = c.arg("--db").arg(&backup).args(["offers", "--json"]).output().expect("run");
    let copy: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(copy, env.json(&["offers"]));
    // Never overwrites.
    env.cmd()
        .args(["db", "backup"])
        .arg(&backup)
        .assert()
        .failure()
        .stderr(predicate::str::contains("already exists"));
}

#[test]
fn database_path_comes_from_the_environment() {
    let env = Env::new();
    let p = env.path("from-env.sqlite3");
    let mut c = Command::cargo_bin("gpuquote").expect("binary");
    c.env("GPUQUOTE_DB", &p)
        .args(["db", "path"])
        .assert()
        .success()
        .stdout(predicate::str::contains("from-env.sqlite3"));
    let mut c = Command::cargo_bin("gpuquote").expect("binary");
    c.env("GPUQUOTE_DB", &p).arg("vendors").assert().success();
    assert!(p.exists());
}

#[test]
fn settings_change_the_normalisation_and_are_validated() {
    let env = Env::new();
    env.cmd().args(["settings", "set-hours", "730"]).assert().success();
    let v = env.json(&["offers", "--gpu", "H100", "--vendor", "极智算"]);
    assert_eq!(v[0]["per_gpu_hour"], "14.47");
    assert_eq!(v[0]["hours_per_month"], 730);
    env.cmd()
        .args(["settings", "set-hours", "100"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("hours_per_month"));
    env.cmd()
        .args(["settings", "set-fx", "USD", "7.25", "--date", "2026-11-28"])
        .assert()
        .success();
    let v = env.json(&["offers", "--vendor", "Lambda", "--gpu", "A100"]);
    // 2.79 × 7.25 = 20.2275
    assert_eq!(v[0]["per_gpu_hour_cny"], "20.23");
    assert_eq!(v[0]["fx_as_of"], "2026-11-28");
    env.cmd()
        .args(["settings", "set-fx", "USD", "seven", "--date", "2026-11-28"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("rate"));
}

#[test]
fn recommend_h100_x8_three_months() {
    let env = Env::new();
    let v = env.json(&["recommend", "--gpu", "H100", "--count", "8", "--duration", "3mo"]);
    let best = &v["candidates"][0];
    assert_eq!(best["vendor"], "极智算");
    assert_eq!(best["list_total_cny"], "253440.00");
    assert_eq!(best["billing_plan"][0]["unit"], "month");
    assert_eq!(best["billing_plan"][0]["quantity"], 3);
    for key in [
        "vendor",
        "offer",
        "instances",
        "billing_plan",
        "list_total",
        "list_total_cny",
        "effective_total_cny",
        "per_gpu_hour_cny",
        "adjustments",
    ] {
        assert!(best.get(key).is_some(), "missing {key}");
    }
    assert!(v.get("requirement").is_some() && v.get("excluded").is_some());
}

#[test]
fn recommend_scenario_b_256_h100() {
    let env = Env::new();
    let v = env.json(&[
        "recommend",
        "--scenario",
        "B",
        "--gpu",
        "H100",
        "--count",
        "256",
        "--duration",
        "3mo",
    ]);
    let best = &v["candidates"][0];
    assert_eq!(best["vendor"], "极智算");
    assert_eq!(best["instances"], 32);
    assert_eq!(best["list_total_cny"], "8110080.00");
    let reasons: Vec<&str> = v["excluded"]
        .as_array()
        .expect("excluded")
        .iter()
        .map(|e| e["reason"].as_str().expect("r"))
        .collect();
    assert!(reasons.iter().any(|r| r.contains("container instance: scenario B")), "{reasons:?}");
    assert!(reasons.iter().any(|r| r.starts_with("shared")), "{reasons:?}");
    // The table form says why, too.
    env.cmd()
        .args(["recommend", "--scenario", "B", "--count", "256", "--duration", "3mo"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("¥8,110,080.00").and(predicate::str::contains("Excluded")),
        );
}

#[test]
fn recommend_prices_interruptions_of_preemptible_offers() {
    let env = Env::new();
    let v = env.json(&["recommend", "--gpu", "4090", "--count", "1", "--duration", "4h"]);
    let jy =
        v["candidates"].as_array().expect("c").iter().find(|c| c["vendor"] == "极智算").cloned();
    assert_eq!(jy.expect("极智算")["list_total_cny"], "7.84");
    let v = env.json(&[
        "recommend",
        "--gpu",
        "RTX 4090",
        "--count",
        "1",
        "--duration",
        "5d",
        "--continuous",
    ]);
    let cands = v["candidates"].as_array().expect("c");
    let a = cands.iter().find(|c| c["vendor"] == "示例平台A").expect("A");
    let jy = cands.iter().find(|c| c["vendor"] == "极智算").expect("jy");
    let num = |x: &Value| x.as_str().expect("s").parse::<f64>().expect("n");
    assert!(num(&a["list_total_cny"]) < num(&jy["list_total_cny"]));
    let adj = &a["adjustments"][0];
    assert_eq!(adj["kind"], "interruption");
    assert!(num(&adj["amount_cny"]) > 0.0);
    assert!(adj["assumption"].as_str().expect("a").contains("expected interruptions"));
}

#[test]
fn recommend_bad_input_names_the_field() {
    let env = Env::new();
    for (args, want) in [
        (vec!["--gpu", "H100", "--count", "0", "--duration", "1mo"], "count"),
        (vec!["--gpu", "H100", "--count", "8", "--duration", "two weeks"], "duration"),
        (vec!["--gpu", "H1OO", "--count", "8", "--duration", "1mo"], "did you mean: H100"),
        (vec!["--scenario", "C", "--gpu", "H100"], "contradictory"),
        (
            vec!["--gpu", "H100", "--count", "8", "--duration", "1mo", "--pcie-throughput", "1.5"],
            "pcie_throughput",
        ),
    ] {
        env.cmd()
            .arg("recommend")
            .args(&args)
            .assert()
            .failure()
            .stderr(predicate::str::contains(want));
    }
    // An impossible requirement is not an error: it says which constraint emptied the list.
    env.cmd()
        .args([
            "recommend",
            "--gpu",
            "910B",
            "--count",
            "8",
            "--duration",
            "1mo",
            "--mode",
            "container",
        ])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("No candidate").and(predicate::str::contains("instance mode")),
        );
}

#[test]
fn an_older_schema_is_migrated_in_place_keeping_its_data() {
    let env = Env::new();
    {
        // A database as the first release wrote it: schema 1, with a user setting.
        let conn = rusqlite::Connection::open(env.db()).expect("open");
        conn.execute_batch(gpuquote::store::MIGRATIONS[0]).expect("v1");
        conn.execute_batch(
            "PRAGMA user_version = 1; INSERT INTO settings (key, value) VALUES ('hours_per_month', '730');",
        )
        .expect("init");
    }
    env.cmd().args(["db", "check"]).assert().success().stdout(predicate::str::contains(format!(
        "schema version: {}",
        gpuquote::store::SCHEMA_VERSION
    )));
    let v = env.json(&["settings"]);
    assert_eq!(v["hours_per_month"], 730);
}

#[test]
fn tco_article_preset_at_60_percent() {
    let env = Env::new();
    let low = env.json(&["tco", "--preset", "article", "--case", "low", "--utilization", "0.6"]);
    assert_eq!(low["build_total_cny"], "73000000.00");
    assert_eq!(low["build_per_gpu_hour_cny"], "18.08");
    assert_eq!(low["build_per_gpu_hour_at_full_cny"], "10.85");
    assert_eq!(low["rent_per_gpu_hour_cny"], "14.67");
    assert_eq!(low["break_even_utilization"], "0.7398");
    assert!(low["assumptions"].as_array().is_some_and(|a| !a.is_empty()));
    let high = env.json(&["tco", "--preset", "article", "--case", "high", "--utilization", "0.6"]);
    assert_eq!(high["build_total_cny"], "96000000.00");
    assert_eq!(high["build_per_gpu_hour_cny"], "23.78");
    assert_eq!(high["break_even_utilization"], "0.9729");
    // Every input has a flag; ranges in the units people use.
    let v = env.json(&[
        "tco",
        "--gpu-capex",
        "5000万-6000万",
        "--staff-per-year",
        "2.5M",
        "--utilization",
        "1",
        "--case",
        "low",
    ]);
    // 58 M + 3 × (3 M + 2.5 M) = 74.5 M
    assert_eq!(v["build_total_cny"], "74500000.00");
}

#[test]
fn tco_bad_input_names_the_input_and_presets_can_be_saved() {
    let env = Env::new();
    for (args, want) in [
        (vec!["--utilization", "1.5"], "utilization"),
        (vec!["--utilization", "0"], "utilization"),
        (vec!["--horizon-years", "0"], "horizon_years"),
        (vec!["--gpu-capex", "60M-50M"], "gpu_capex"),
        (vec!["--staff-per-year=-1"], "staff_per_year"),
        (vec!["--preset", "artcle"], "did you mean: article"),
    ] {
        env.cmd().arg("tco").args(&args).assert().failure().stderr(predicate::str::contains(want));
    }
    env.cmd()
        .args(["tco", "--gpus", "64", "--gpu-capex", "13M-15M", "--save", "small"])
        .assert()
        .success();
    let v = env.json(&["tco", "--preset", "small", "--case", "low"]);
    assert_eq!(v["input"]["gpus"], 64);
    assert_eq!(v["input"]["gpu_capex"][0], "13000000");
}

#[test]
fn score_explain_weights_and_price() {
    let env = Env::new();
    env.cmd().args(["score", "explain", "极智算"]).assert().success().stdout(
        predicate::str::contains("价格表就是最终价格")
            .and(predicate::str::contains("offers_consumer_gpu = true"))
            .and(predicate::str::contains("offers_domestic_gpu = true"))
            .and(predicate::str::contains("offers_bare_metal = true"))
            .and(predicate::str::contains("support_sla_hours = unknown")),
    );
    let w = env.json(&["score", "weights", "--ahp", "1,3,5;1/3,1,3;1/5,1/3,1"]);
    assert_eq!(w["weights"], serde_json::json!(["0.6370", "0.2583", "0.1047"]));
    assert!(w["cr"].as_str().expect("cr").starts_with("0.033"));
    let p = env.json(&["score", "price", "--bids", "84480,92000,78000", "--weight", "30"]);
    let scores: Vec<&str> =
        p.as_array().expect("a").iter().map(|x| x["score"].as_str().expect("s")).collect();
    assert_eq!(scores, vec!["27.70", "25.43", "30.00"]);
    // Bad matrices name the cell; inconsistent ones are refused with an explanation.
    env.cmd()
        .args(["score", "weights", "--ahp", "1,3;1/2,1"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("ahp[2,1]"));
    env.cmd()
        .args(["score", "weights", "--ahp", "1,9,1/9;1/9,1,9;9,1/9,1"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("consistency ratio"));
}

#[test]
fn score_evidence_changes_the_scorecard_and_unknown_stays_unknown() {
    let env = Env::new();
    let before = env.json(&["score", "--profile", "B"]);
    let jy = |v: &Value| {
        v["scorecards"]
            .as_array()
            .expect("a")
            .iter()
            .find(|c| c["vendor_key"] == "jygpu")
            .cloned()
            .expect("jygpu")
    };
    let support = |c: &Value| {
        c["dimensions"]
            .as_array()
            .expect("d")
            .iter()
            .find(|d| d["key"] == "support")
            .cloned()
            .expect("support")
    };
    assert_eq!(support(&jy(&before))["score"], Value::Null);
    env.cmd()
        .args([
            "score",
            "evidence",
            "极智算",
            "support_sla_hours",
            "2",
            "--source",
            "sales e-mail 2026-11-20",
            "--date",
            "2026-11-20",
        ])
        .assert()
        .success();
    env.cmd()
        .args(["score", "evidence", "极智算", "dedicated_advisor", "yes"])
        .assert()
        .success()
        .stdout(predicate::str::contains("unsourced"));
    let after = env.json(&["score", "--profile", "B"]);
    assert_eq!(support(&jy(&after))["score"], 100);
    env.cmd()
        .args(["score", "evidence", "极智算", "sla_hours", "2"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("did you mean"));
}

#[test]
fn score_custom_weights_are_normalised_and_checked() {
    let env = Env::new();
    env.cmd()
        .args(["score", "--weights", "gpu_range=1,network=1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("summed to 2: normalised"));
    env.cmd()
        .args(["score", "--weights", "gpu_rnge=1"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("did you mean: gpu_range"));
}

#[test]
fn quote_lifecycle_on_the_cli() {
    let env = Env::new();
    let out = env
        .cmd()
        .args([
            "quote",
            "new",
            "--gpu",
            "H100",
            "--count",
            "8",
            "--duration",
            "3mo",
            "--vendor",
            "极智算",
        ])
        .args(["--requester", "张三", "--tax-rate", "0.06", "--tax-included"])
        .output()
        .expect("run");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let number = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert!(number.starts_with("Q-") && number.ends_with("-0001"), "{number}");
    env.cmd().args(["quote", "show", &number]).assert().success().stdout(
        predicate::str::contains("¥253,440.00")
            .and(predicate::str::contains("贰拾伍万叁仟肆佰肆拾元整"))
            .and(predicate::str::contains("¥239,094.34"))
            .and(predicate::str::contains("¥14,345.66"))
            .and(predicate::str::contains("审批人")),
    );
    let issued = env.json(&["quote", "issue", &number]);
    assert_eq!(issued["status"], "issued");
    let hash = issued["content_hash"].as_str().expect("hash").to_string();
    env.cmd()
        .args(["quote", "edit", &number, "--notes", "改价"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("frozen"));
    let v2 = env.json(&["quote", "revise", &number]);
    assert_eq!((v2["version"].as_u64(), v2["status"].as_str()), (Some(2), Some("draft")));
    let v1 = env.json(&["quote", "show", &number, "--version", "1"]);
    assert_eq!(v1["content_hash"], hash.as_str());
    env.cmd()
        .args([
            "quote",
            "new",
            "--gpu",
            "H100",
            "--count",
            "8",
            "--duration",
            "3mo",
            "--requester",
            " ",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("requester"));
}

fn run_tool(tool: &str, args: &[&str]) -> String {
    let out = std::process::Command::new(tool).args(args).output().expect(
        "pdftotext/pdffonts/pdftoppm (poppler-utils) and qpdf are needed: ./dev deps installs them",
    );
    assert!(out.status.success(), "{tool} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn quote_pdf_read_by_real_readers() {
    let env = Env::new();
    let notes = "本报价单仅用于内部审批，请在签字前核对价格来源与采集时间。".repeat(12);
    let out = env
        .cmd()
        .args([
            "quote",
            "new",
            "--gpu",
            "H100",
            "--count",
            "8",
            "--duration",
            "3mo",
            "--vendor",
            "极智算",
        ])
        .args(["--requester", "张三", "--tax-rate", "0.06", "--tax-included", "--notes", &notes])
        .output()
        .expect("run");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let number = String::from_utf8_lossy(&out.stdout).trim().to_string();
    env.cmd().args(["quote", "issue", &number]).assert().success();
    let pdf = env.path("q.pdf");
    let p = pdf.to_str().expect("path");
    env.cmd().args(["quote", "pdf", &number, "-o", p, "--lang", "zh"]).assert().success();
    let text = run_tool("pdftotext", &[p, "-"]);
    for want in [
        "报价单",
        "¥253,440.00",
        "贰拾伍万叁仟肆佰肆拾元整",
        "¥239,094.34",
        "¥14,345.66",
        "经办人",
        "部门负责人",
        "财务",
        "审批人",
        "第 1 页 / 共 2 页",
    ] {
        // pdftotext drops the spaces between CJK characters.
        assert!(
            text.replace(' ', "").contains(&want.replace(' ', "")),
            "pdftotext lacks {want}:\n{text}"
        );
    }
    assert!(run_tool("qpdf", &["--check", p]).contains("No syntax or stream encoding errors"));
    let fonts = run_tool("pdffonts", &[p]);
    let row = fonts.lines().find(|l| l.contains("NotoSansSC")).expect("font listed");
    assert!(row.contains("yes yes yes"), "embedded, subset, unicode: {row}");
    assert!(std::fs::metadata(&pdf).expect("pdf").len() < 300 * 1024);
    let png = env.path("page");
    run_tool("pdftoppm", &["-r", "40", "-png", p, png.to_str().expect("png")]);
    assert!(env.path("page-1.png").exists() && env.path("page-2.png").exists());
    // The issued v1's PDF does not change after a revision: same hash printed.
    let v1_text = text.clone();
    env.cmd().args(["quote", "revise", &number]).assert().success();
    env.cmd()
        .args(["quote", "pdf", &number, "-o", p, "--version", "1", "--lang", "zh"])
        .assert()
        .success();
    let again = run_tool("pdftotext", &[p, "-"]);
    let hash_line = |t: &str| {
        t.lines()
            .find(|l| l.contains("SHA-256"))
            .map(|l| l.split('·').next().unwrap_or("").trim().to_string())
    };
    assert_eq!(hash_line(&again), hash_line(&v1_text));
    // A character the font lacks is named, not drawn as a box.
    env.cmd().args(["quote", "edit", &number, "--notes", "emoji 🚀"]).assert().success();
    env.cmd()
        .args(["quote", "pdf", &number, "-o", p])
        .assert()
        .failure()
        .stderr(predicate::str::contains("U+1F680"));
}

#[test]
fn quote_prefix_and_stale_days_are_settings() {
    let env = Env::new();
    env.cmd()
        .args(["settings", "set-quote", "--prefix", "BJ-Q", "--stale-days", "3650"])
        .assert()
        .success();
    let v = env.json(&[
        "quote",
        "new",
        "--gpu",
        "4090",
        "--count",
        "1",
        "--duration",
        "4h",
        "--requester",
        "李四",
    ]);
    assert!(v["number"].as_str().expect("n").starts_with("BJ-Q-"));
    assert!(v["content"]["warnings"]
        .as_array()
        .expect("w")
        .iter()
        .all(|w| !w.as_str().unwrap_or("").contains("older than")));
    env.cmd()
        .args(["settings", "set-quote", "--prefix", "Q Q"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("quote_prefix"));
}

#[test]
fn company_name_is_printed_on_quotes_and_glyph_checked() {
    let env = Env::new();
    env.cmd()
        .args(["settings", "set-quote", "--company", "北京某某科技有限公司"])
        .assert()
        .success();
    let v = env.json(&[
        "quote",
        "new",
        "--gpu",
        "4090",
        "--count",
        "1",
        "--duration",
        "4h",
        "--requester",
        "李四",
    ]);
    assert_eq!(v["content"]["company"], "北京某某科技有限公司");
    env.cmd()
        .args(["settings", "set-quote", "--company", "🚀 Inc"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("U+1F680"));
}
