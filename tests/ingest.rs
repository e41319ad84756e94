//! Ingest and review, end to end: the `gpuquote` binary against real files, a real SQLite file and
//! a real HTTP server on 127.0.0.1 started by the tests (HTML table, cards, JSON API, 404, 429
//! then success, a slow server, an oversized body, a redirect loop).

mod common;

use common::Env;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

fn fixture(rel: &str) -> PathBuf {
    // Copies of ../shared/fixtures (real SkyPilot catalogs; see tests/fixtures/.../SOURCE.md).
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(rel)
}

// ---------------------------------------------------------------------------------------------
// A small real HTTP/1.1 server on 127.0.0.1.

#[derive(Clone)]
struct Server {
    port: u16,
    table_html: Arc<Mutex<String>>,
    hits_429: Arc<AtomicU32>,
    user_agents: Arc<Mutex<Vec<String>>>,
}

fn respond(s: &mut TcpStream, status: &str, headers: &[(&str, String)], body: &[u8]) {
    let mut head = format!("HTTP/1.1 {status}\r\nConnection: close\r\n");
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("content-length")) {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    let _ = s.write_all(head.as_bytes());
    let _ = s.write_all(body);
}

const TABLE: &str = r#"<html><head><meta charset="utf-8"><title>价格</title></head><body>
<table class="price"><thead><tr><th>GPU</th><th>卡数</th><th>模式</th><th>价格</th></tr></thead>
<tbody>
<tr><td>NVIDIA H100 SXM5 80GB</td><td>8卡</td><td>裸金属</td><td>84,480元/月</td></tr>
<tr><td>RTX 4090</td><td>1卡</td><td>容器</td><td>¥1.96/小时</td></tr>
<tr><td>昇腾910B</td><td>8卡</td><td>裸金属</td><td>￥15,600起/月</td></tr>
<tr><td>H20 96GB</td><td>8卡</td><td>裸金属</td><td>面议</td></tr>
</tbody></table></body></html>"#;

const CARDS: &str = r#"<html><body>
<div class="card"><h3>H100 SXM</h3><span class="vram">80 GB</span><p class="price">$2.49/hr</p></div>
<div class="card"><h3>A100 80GB SXM</h3><span class="vram">80 GB</span><p class="price">From $1.19 / GPU / hr</p></div>
<div class="card"><h3>MI300X</h3><span class="vram">192 GB</span><p class="price">2.49 USD per GPU hour</p></div>
</body></html>"#;

const API: &str = r#"{"data": {"items": [
  {"gpu": "H100", "form": "SXM", "count": 8, "price": "23.92", "unit": "hour", "region": "us-east"},
  {"gpu": "L40S", "count": 1, "price": 0.99, "unit": "hour", "region": "us-east", "spot": true}
]}}"#;

impl Server {
    fn start() -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let server = Server {
            port,
            table_html: Arc::new(Mutex::new(TABLE.to_string())),
            hits_429: Arc::new(AtomicU32::new(0)),
            user_agents: Arc::new(Mutex::new(Vec::new())),
        };
        let s = server.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let s = s.clone();
                std::thread::spawn(move || s.handle(stream));
            }
        });
        server
    }

    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    fn handle(&self, mut stream: TcpStream) {
        let mut reader = BufReader::new(stream.try_clone().expect("clone"));
        let mut first = String::new();
        if reader.read_line(&mut first).is_err() {
            return;
        }
        loop {
            let mut h = String::new();
            if reader.read_line(&mut h).is_err() || h == "\r\n" || h.is_empty() {
                break;
            }
            if let Some(ua) =
                h.strip_prefix("user-agent: ").or_else(|| h.strip_prefix("User-Agent: "))
            {
                self.user_agents.lock().expect("lock").push(ua.trim().to_string());
            }
        }
        let path = first.split_whitespace().nth(1).unwrap_or("/").to_string();
        let html = [("Content-Type", "text/html; charset=utf-8".to_string())];
        match path.as_str() {
            "/table.html" => {
                let body = self.table_html.lock().expect("lock").clone();
                respond(&mut stream, "200 OK", &html, body.as_bytes())
            }
            "/cards.html" => respond(&mut stream, "200 OK", &html, CARDS.as_bytes()),
            "/api.json" => respond(
                &mut stream,
                "200 OK",
                &[("Content-Type", "application/json".into())],
                API.as_bytes(),
            ),
            "/flaky.html" => {
                if self.hits_429.fetch_add(1, Ordering::SeqCst) < 2 {
                    respond(
                        &mut stream,
                        "429 Too Many Requests",
                        &[("Retry-After", "0".into())],
                        b"slow down",
                    )
                } else {
                    respond(&mut stream, "200 OK", &html, TABLE.as_bytes())
                }
            }
            "/slow.html" => {
                std::thread::sleep(Duration::from_secs(3));
                respond(&mut stream, "200 OK", &html, TABLE.as_bytes())
            }
            "/big.html" => {
                // No Content-Length: the client must stop reading at its limit.
                let _ = stream.write_all(
                    b"HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Type: text/html\r\n\r\n",
                );
                let chunk = vec![b'x'; 64 * 1024];
                for _ in 0..64 {
                    if stream.write_all(&chunk).is_err() {
                        return;
                    }
                }
            }
            "/loop.html" => {
                respond(&mut stream, "302 Found", &[("Location", self.url("/loop.html"))], b"")
            }
            "/file-redirect.html" => {
                respond(&mut stream, "302 Found", &[("Location", "file:///etc/passwd".into())], b"")
            }
            _ => respond(&mut stream, "404 Not Found", &html, b"<h1>not here</h1>"),
        }
    }
}

fn table_recipe(env: &Env, url: &str, extra_http: &str) -> PathBuf {
    let text = format!(
        r#"vendor = "jygpu"
confidence = "medium"
note = "test recipe"
[http]
timeout_secs = 1.0
max_bytes = 1000000
retries = 3
backoff_ms = 10
delay_ms = 0
{extra_http}
[defaults]
tenancy = "dedicated"
[[page]]
url = "{url}"
format = "html"
rows = "table.price tbody tr"
[page.fields]
gpu = "td:nth-child(1)"
gpus = "td:nth-child(2)"
mode = "td:nth-child(3)"
price = "td:nth-child(4)"
"#
    );
    let p = env.path("jygpu.toml");
    std::fs::write(&p, text).expect("write recipe");
    p
}

// ---------------------------------------------------------------------------------------------

#[test]
fn skypilot_lambda_import_review_approve_offers() {
    let env = Env::new();
    let file = fixture("skypilot-catalog-v8/lambda/vms.csv");
    let before = {
        env.ok(&["vendors"]);
        env.counts()
    };
    let r = env.json(&[
        "import",
        file.to_str().expect("path"),
        "--format",
        "skypilot",
        "--vendor",
        "lambda",
    ]);
    assert_eq!(r["imported"], 374, "{r}");
    assert_eq!(r["skipped"], 34);
    assert_eq!(r["skip_reasons"][0]["code"], "no_accelerator");
    assert_eq!(r["skip_reasons"][0]["count"], 34);
    assert_eq!(r["skip_reasons"][0]["lines"][0], 2, "the first CPU row is line 2 (CRLF file)");
    let sid = r["snapshots"][0]["id"].as_i64().expect("id");
    assert_eq!(r["snapshots"][0]["state"], "pending");
    let after = env.counts();
    assert_eq!((after.0 - before.0, after.1 - before.1, after.2 - before.2), (1, 374, 1));

    // Pending: not in offers until approved (unless asked, and then marked).
    let offers = env.json(&["offers", "--vendor", "lambda"]);
    assert_eq!(offers.as_array().expect("list").len(), 3);
    let pending = env.json(&["offers", "--vendor", "lambda", "--include-pending"]);
    assert_eq!(pending.as_array().expect("list").len(), 374);
    assert_eq!(pending[0]["review_state"], "pending");
    let text = env.ok(&["offers", "--vendor", "lambda", "--include-pending"]);
    assert!(text.contains("[PENDING review]"), "{text}");

    let show = env.json(&["review", "show", &sid.to_string()]);
    assert_eq!(show["baseline"]["vendor_key"], "lambda");
    assert!(show["captures"][0]["sha256"].as_str().expect("sha").starts_with("036573ed"));
    let out = env.ok(&[
        "review",
        "approve",
        &sid.to_string(),
        "--reviewer",
        "李四",
        "--note",
        "checked against lambda.ai",
    ]);
    assert!(out.contains("now Lambda's current price list"), "{out}");

    let offers = env.json(&["offers", "--vendor", "lambda", "--gpu", "H100"]);
    let list = offers.as_array().expect("list");
    // 17 regions × (1, 2, 4, 8 × SXM5) + 17 × 1 PCIe.
    assert_eq!(list.len(), 17 * 5);
    let sxm8 = list
        .iter()
        .find(|o| o["instance_type"] == "gpu_8x_h100_sxm5" && o["region"] == "us-east-1")
        .expect("8x sxm");
    assert_eq!(sxm8["price"], "31.92");
    assert_eq!(sxm8["per_gpu_hour"], "3.99", "instance price ÷ 8 GPUs");
    assert_eq!(sxm8["accelerator"], "H100 SXM 80GB");
    assert_eq!(sxm8["review_state"], "approved");
    let pcie = list.iter().find(|o| o["instance_type"] == "gpu_1x_h100_pcie").expect("pcie");
    assert_eq!(pcie["accelerator"], "H100 PCIe 80GB");
    assert_eq!(pcie["per_gpu_hour"], "3.29");
    // A100 40 GB is not one of the built-in A100 80GB variants: added as its own accelerator.
    let a100 = env.json(&["offers", "--vendor", "lambda", "--search", "gpu_8x_a100"]);
    assert!(a100
        .as_array()
        .expect("l")
        .iter()
        .any(|o| o["accelerator"] == "A100 40GB" && o["per_gpu_hour"] == "1.99"));
    // Approving twice is refused.
    let e = env.fail(&["review", "approve", &sid.to_string(), "--reviewer", "x"]);
    assert!(e.contains("already approved"), "{e}");
}

#[test]
fn nebius_spot_prices_become_preemptible_offers() {
    let env = Env::new();
    let file = fixture("skypilot-catalog-v8/nebius/vms.csv");
    let r = env.json(&["import", file.to_str().expect("path"), "--vendor", "nebius"]);
    assert_eq!(r["format"], "skypilot", "detected from the header");
    assert_eq!(r["skipped"], 40);
    let sid = r["snapshots"][0]["id"].as_i64().expect("id").to_string();
    env.ok(&["review", "approve", &sid, "--reviewer", "r"]);
    let offers = env.json(&["offers", "--vendor", "nebius", "--gpu", "H200"]);
    let list = offers.as_array().expect("l");
    let spot8 = list
        .iter()
        .find(|o| o["gpus"] == 8 && o["interruptible"] == true && o["region"] == "eu-north1")
        .expect("spot");
    assert_eq!(spot8["price"], "11.60");
    assert_eq!(spot8["per_gpu_hour"], "1.45");
    assert!(list
        .iter()
        .any(|o| o["gpus"] == 8 && o["interruptible"] == false && o["per_gpu_hour"] == "3.50"));
}

#[test]
fn malformed_files_name_line_and_field_and_change_nothing() {
    let env = Env::new();
    env.ok(&["vendors"]);
    let before = env.counts();
    let bad = env.path("bad.csv");
    std::fs::write(
        &bad,
        "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\r\ngpu_8x,H100,8,31.92,us\r\ngpu_1x,H100,1,3.x9,us\r\n",
    )
    .expect("write");
    let e = env.fail(&["import", bad.to_str().expect("p"), "--vendor", "lambda"]);
    assert!(
        e.contains("bad.csv, line 3, field 'Price'")
            && e.contains("'3.x9'")
            && e.contains("Nothing was imported"),
        "{e}"
    );
    assert_eq!(env.counts(), before);

    let ours = env.path("ours.csv");
    std::fs::write(&ours, "vendor,accelerator,gpus,mode,price\njygpu,H100,8,bare_metal,84480元/月\njygpu,H100,8,bare_metal,84480 per fortnight\n").expect("w");
    let e = env.fail(&["import", ours.to_str().expect("p")]);
    assert!(e.contains("ours.csv, line 3, field 'price'") && e.contains("fortnight"), "{e}");
    assert_eq!(env.counts(), before);

    let json = env.path("x.json");
    std::fs::write(&json, r#"{"offers": [{"vendor": "jygpu", "accelerator": "H100", "gpus": 8, "mode": "bare_metal", "price": "84480", "currency": "CNY", "billing": "fortnight"}]}"#).expect("w");
    let e = env.fail(&["import", json.to_str().expect("p")]);
    assert!(e.contains("field 'offers[0].billing'") && e.contains("fortnight"), "{e}");
    let e = env.fail(&[
        "import",
        fixture("skypilot-catalog-v8/SOURCE.md").to_str().expect("p"),
        "--format",
        "skypilot",
        "--vendor",
        "lambda",
    ]);
    assert!(e.contains("line 1") && e.contains("InstanceType"), "{e}");
    let e =
        env.fail(&["import", fixture("skypilot-catalog-v8/lambda/vms.csv").to_str().expect("p")]);
    assert!(e.contains("--vendor"), "{e}");
    let e = env.fail(&[
        "import",
        fixture("skypilot-catalog-v8/lambda/vms.csv").to_str().expect("p"),
        "--vendor",
        "lamdba",
    ]);
    assert!(e.contains("did you mean") && e.contains("Lambda"), "{e}");
    assert_eq!(env.counts(), before);
    // Offers stay append-only and checked after the schema-6 rebuild of the table.
    let c = rusqlite::Connection::open(env.db()).expect("open");
    let e = c.execute("UPDATE offers SET price = '1'", []).expect_err("append-only").to_string();
    assert!(e.contains("append-only"), "{e}");
    let e = c
        .execute(
            "INSERT INTO offers (snapshot_id, accelerator_id, gpus, mode, tenancy, billing, price, currency)
             VALUES (1, 1, 1, 'boat', 'dedicated', 'hour', '1', 'CNY')",
            [],
        )
        .expect_err("check")
        .to_string();
    assert!(e.contains("CHECK"), "{e}");
}

#[test]
fn export_then_import_moves_a_catalog_between_laptops() {
    let a = Env::new();
    a.ok(&[
        "enter",
        "--vendor",
        "jygpu",
        "--source",
        "e-mail from sales 2026-11-28",
        "--gpu",
        "H100",
        "--gpus",
        "8",
        "--mode",
        "bare_metal",
        "--price",
        "80,000元/月",
        "--note",
        "=HYPERLINK(\"http://x\")",
    ]);
    let csv = a.path("catalog.csv");
    let pending = a.json(&["review", "list", "--state", "pending"]);
    let sid = pending[0]["id"].as_i64().expect("id").to_string();
    // The typed price keeps its formula text; the export neutralises it for spreadsheets.
    a.ok(&["review", "approve", &sid, "--reviewer", "r"]);
    a.ok(&["export", "--format", "csv", "-o", csv.to_str().expect("p")]);
    let text = std::fs::read_to_string(&csv).expect("read");
    assert!(text.starts_with("vendor,vendor_name_zh,"), "{}", &text[..80]);
    assert!(text.contains(",'=HYPERLINK") || !text.contains(",=HYPERLINK"), "formula neutralised");
    assert!(!text.contains(",=") && !text.contains(",+") && !text.contains(",@"));
    let rows = text.lines().count() - 1;

    let b = Env::new();
    let r = b.json(&["import", csv.to_str().expect("p")]);
    assert_eq!(r["format"], "csv");
    assert_eq!(r["imported"].as_u64().expect("n") as usize, rows);
    assert_eq!(r["snapshots"].as_array().expect("s").len(), 14, "one pending snapshot per vendor");
    // JSON too.
    let json = a.path("catalog.json");
    a.ok(&["export", "--format", "json", "-o", json.to_str().expect("p")]);
    let r = b.json(&["import", json.to_str().expect("p"), "--dry-run"]);
    assert_eq!(r["imported"].as_u64().expect("n") as usize, rows);
    assert_eq!(r["dry_run"], true);
    assert!(r["snapshots"][0]["id"].is_null());
}

#[test]
fn scrape_a_table_page_store_raw_diff_against_previous_approve() {
    let server = Server::start();
    let env = Env::new();
    let recipe = table_recipe(&env, &server.url("/table.html"), "");
    let r = env.json(&["scrape", "jygpu", "--recipe", recipe.to_str().expect("p")]);
    assert_eq!(r["imported"], 3, "{r}");
    assert_eq!(r["skipped"], 1, "面议 has no price");
    assert_eq!(r["skip_reasons"][0]["code"], "no_price");
    let first = r["snapshots"][0]["id"].as_i64().expect("id");
    assert!(server.user_agents.lock().expect("l").iter().all(|ua| ua.starts_with("GPUQuoteDesk/")));
    let show = env.json(&["review", "show", &first.to_string()]);
    assert_eq!(show["baseline"]["id"], 1, "compared with the built-in 极智算 list");
    assert_eq!(show["unchanged"], 2, "84,480/month H100 ×8 and ¥1.96/h 4090 are unchanged");
    assert!(show["anomalies"].as_array().expect("a").iter().any(|a| a["code"] == "price_missing"));
    // Raw page stored and shown as fetched.
    let cap = show["captures"][0]["id"].as_i64().expect("cap").to_string();
    let raw = env.ok(&["review", "raw", &cap]);
    assert!(raw.contains("84,480元/月") && raw.contains("<table class=\"price\">"));
    env.ok(&["review", "approve", &first.to_string(), "--reviewer", "王五"]);

    // The vendor raises the H100 price by 50 % and drops the 910B row.
    {
        let mut page = server.table_html.lock().expect("l");
        *page = TABLE.replace("84,480元/月", "126,720元/月").replace(
            "<tr><td>昇腾910B</td><td>8卡</td><td>裸金属</td><td>￥15,600起/月</td></tr>",
            "",
        );
    }
    let r = env.json(&["scrape", "jygpu", "--recipe", recipe.to_str().expect("p")]);
    let second = r["snapshots"][0]["id"].as_i64().expect("id");
    let show = env.json(&["review", "show", &second.to_string()]);
    assert_eq!(show["baseline"]["id"], first);
    assert_eq!(
        (show["changed"].as_u64(), show["removed"].as_u64(), show["unchanged"].as_u64()),
        (Some(1), Some(1), Some(1))
    );
    let changed = show["diff"]
        .as_array()
        .expect("d")
        .iter()
        .find(|d| d["kind"] == "changed")
        .expect("changed");
    assert_eq!(changed["change_pct"], "50.00");
    assert_eq!(changed["old"]["per_gpu_hour"], "14.67");
    assert_eq!(changed["new"]["per_gpu_hour"], "22.00");
    assert!(changed["flags"].as_array().expect("f").iter().any(|f| f == "price_change"));
    let text = env.ok(&["review", "show", &second.to_string()]);
    assert!(text.contains("50.00%") && text.contains("[price_change]"), "{text}");
    env.ok(&["review", "approve", &second.to_string(), "--reviewer", "王五"]);
    let h100 = env.json(&["offers", "--vendor", "极智算", "--gpu", "H100"]);
    assert_eq!(h100[0]["per_gpu_hour"], "22.00");
    // Offline re-parse of the stored page with the stored recipe gives the same offers.
    let r = env.json(&["review", "reparse", &second.to_string()]);
    assert_eq!(r["imported"], 2);
}

#[test]
fn scrape_cards_and_a_json_api() {
    let server = Server::start();
    let env = Env::new();
    let cards = env.path("cards.toml");
    std::fs::write(
        &cards,
        format!(
            r#"vendor = "runpod"
[http]
delay_ms = 0
[defaults]
mode = "container"
gpus = "1"
[[page]]
url = "{}"
rows = "div.card"
[page.fields]
gpu = "h3"
gpu_memory_gb = ".vram"
price = ".price"
"#,
            server.url("/cards.html")
        ),
    )
    .expect("w");
    let r = env.json(&["scrape", "runpod", "--recipe", cards.to_str().expect("p")]);
    assert_eq!(r["imported"], 3, "{r}");
    let p = &r["preview"];
    assert_eq!(p[0]["accelerator"], "H100 SXM 80GB");
    assert_eq!(p[1]["basis"], "gpu");
    assert_eq!(p[2]["accelerator"], "Instinct MI300X 192GB");
    assert_eq!(p[2]["per_gpu_hour"], "2.49");

    let api = env.path("api.toml");
    std::fs::write(
        &api,
        format!(
            r#"vendor = "coreweave"
[http]
delay_ms = 0
[defaults]
mode = "vm"
currency = "USD"
[[page]]
url = "{}"
format = "json"
rows = "/data/items"
[page.fields]
gpu = "/gpu"
gpus = "/count"
price = "/price"
billing = "/unit"
region = "/region"
interruptible = {{ pointer = "/spot", default = "false" }}
"#,
            server.url("/api.json")
        ),
    )
    .expect("w");
    let r = env.json(&["scrape", "coreweave", "--recipe", api.to_str().expect("p")]);
    assert_eq!(r["imported"], 2, "{r}");
    assert_eq!(r["preview"][0]["per_gpu_hour"], "2.99");
    assert_eq!(r["preview"][1]["interruptible"], true);
}

#[test]
fn network_failures_store_nothing_and_say_why() {
    let server = Server::start();
    let env = Env::new();
    env.ok(&["vendors"]);
    let before = env.counts();
    for (path, expect) in [
        ("/missing.html", "HTTP 404 Not Found"),
        ("/slow.html", "timeout"),
        ("/big.html", "over the limit"),
        ("/loop.html", "redirect"),
        ("/file-redirect.html", "non-http(s)"),
    ] {
        let recipe = table_recipe(&env, &server.url(path), "");
        let e = env.fail(&["scrape", "jygpu", "--recipe", recipe.to_str().expect("p")]);
        assert!(
            e.contains("scrape of jygpu failed at") && e.contains(path) && e.contains(expect),
            "{path}: {e}"
        );
        assert!(e.contains("Nothing was stored"), "{e}");
        assert_eq!(env.counts(), before, "{path}");
    }
    // 429 twice, then success: retried with backoff.
    let recipe = table_recipe(&env, &server.url("/flaky.html"), "");
    let r = env.json(&["scrape", "jygpu", "--recipe", recipe.to_str().expect("p")]);
    assert_eq!(r["imported"], 3);
    assert_eq!(server.hits_429.load(Ordering::SeqCst), 3);
    // Out of retries: said so.
    server.hits_429.store(0, Ordering::SeqCst);
    let recipe =
        table_recipe(&env, &server.url("/flaky.html"), "").to_str().expect("p").to_string();
    let text = std::fs::read_to_string(&recipe).expect("r").replace("retries = 3", "retries = 1");
    std::fs::write(&recipe, text).expect("w");
    let e = env.fail(&["scrape", "jygpu", "--recipe", &recipe]);
    assert!(e.contains("HTTP 429") && e.contains("after 2 attempts"), "{e}");
    // Only http(s) URLs; a dead port.
    let bad = env.path("bad.toml");
    std::fs::write(&bad, "vendor = \"jygpu\"\n[[page]]\nurl = \"file:///etc/passwd\"\nrows = \"tr\"\n[page.fields]\ngpu = \"td\"\nprice = \"td\"\n").expect("w");
    let e = env.fail(&["scrape", "jygpu", "--recipe", bad.to_str().expect("p")]);
    assert!(e.contains("only http and https"), "{e}");
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let dead = listener.local_addr().expect("a").port();
    drop(listener);
    let recipe = table_recipe(&env, &format!("http://127.0.0.1:{dead}/x.html"), "");
    let e = env.fail(&["scrape", "jygpu", "--recipe", recipe.to_str().expect("p")]);
    assert!(e.contains("cannot connect"), "{e}");
}

#[test]
fn review_reject_needs_a_note_and_pending_stays_out_of_recommend() {
    let env = Env::new();
    env.ok(&[
        "enter",
        "--vendor",
        "jygpu",
        "--source",
        "call",
        "--gpu",
        "H100",
        "--gpus",
        "8",
        "--mode",
        "bare_metal",
        "--price",
        "¥42,240/月",
    ]);
    let sid = env.json(&["review", "list", "--state", "pending"])[0]["id"]
        .as_i64()
        .expect("id")
        .to_string();
    let r = env.json(&["recommend", "--gpu", "H100", "--count", "8", "--duration", "1mo"]);
    assert_eq!(r["candidates"][0]["list_total"], "84480.00", "the approved price");
    let r = env.json(&[
        "recommend",
        "--gpu",
        "H100",
        "--count",
        "8",
        "--duration",
        "1mo",
        "--include-pending",
    ]);
    assert_eq!(r["candidates"][0]["list_total"], "42240.00");
    assert_eq!(r["candidates"][0]["offer"]["review_state"], "pending");
    let e = env.fail(&[
        "quote",
        "new",
        "--gpu",
        "H100",
        "--count",
        "8",
        "--duration",
        "1mo",
        "--include-pending",
        "--requester",
        "张三",
    ]);
    assert!(e.contains("approved prices only"), "{e}");
    let e = env.fail(&["review", "reject", &sid, "--note", " "]);
    assert!(e.contains("say why"), "{e}");
    let out =
        env.ok(&["review", "reject", &sid, "--note", "not a final price", "--reviewer", "赵六"]);
    assert!(out.contains("rejected by 赵六"), "{out}");
    let l = env.json(&["review", "list", "--state", "rejected"]);
    assert_eq!(l[0]["review_note"], "not a final price");
}

#[test]
fn review_flags_memory_duplicates_unit_changes_and_big_moves() {
    let env = Env::new();
    let f = env.path("jy.csv");
    std::fs::write(
        &f,
        "vendor,accelerator,gpu_memory_gb,gpus,mode,billing,price,currency,region\n\
         jygpu,h100-sxm-80gb,40,8,bare_metal,month,84480,CNY,\n\
         jygpu,RTX 4090,,1,container,hour,¥1.96/小时,,\n\
         jygpu,RTX 4090,,1,container,hour,¥1.98/小时,,\n\
         jygpu,昇腾910B,,8,bare_metal,hour,¥40/小时,,华为专区\n",
    )
    .expect("w");
    let r = env.json(&["import", f.to_str().expect("p")]);
    let sid = r["snapshots"][0]["id"].as_i64().expect("id").to_string();
    let show = env.json(&["review", "show", &sid]);
    let codes: Vec<&str> = show["anomalies"]
        .as_array()
        .expect("a")
        .iter()
        .filter_map(|a| a["code"].as_str())
        .collect();
    assert!(codes.contains(&"memory_mismatch"), "{codes:?}");
    assert!(codes.contains(&"duplicate"), "{codes:?}");
    assert!(codes.contains(&"unit_changed"), "910B month → hour: {codes:?}");
    let mem = show["anomalies"]
        .as_array()
        .expect("a")
        .iter()
        .find(|a| a["code"] == "memory_mismatch")
        .expect("m");
    assert!(mem["message"].as_str().expect("s").contains("40 GB"), "{mem}");
    // The built-in 910B 华为专区 offer is ¥15,600/month from (2.71/GPU-h); ¥40/h for 8 GPUs is 5.00.
    let b910 = show["diff"]
        .as_array()
        .expect("d")
        .iter()
        .find(|d| d["region"] == "华为专区")
        .expect("910B");
    assert!(b910["flags"].as_array().expect("f").iter().any(|f| f == "price_change"), "{b910}");
}

#[test]
fn kill_9_during_a_200k_row_import_leaves_the_database_as_it_was() {
    let env = Env::new();
    env.ok(&["vendors"]);
    let before = env.counts();
    let big = env.path("big.csv");
    {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&big).expect("create"));
        writeln!(f, "vendor,accelerator,gpus,mode,billing,price,currency,region,instance_type")
            .expect("w");
        for i in 0..200_000u32 {
            writeln!(
                f,
                "jygpu,H100,8,bare_metal,month,{}.00,CNY,r{},t{}",
                80_000 + i % 9_000,
                i % 97,
                i
            )
            .expect("w");
        }
    }
    let bin = assert_cmd::cargo::cargo_bin("gpuquote");
    // Kill the import while it is writing rows inside its transaction: the progress lines say
    // how many of the 200,000 offers have been inserted.
    let mut child = std::process::Command::new(&bin)
        .args(["--db", env.db().to_str().expect("p"), "import", big.to_str().expect("p"), "--json"])
        .env("GPUQUOTE_PROGRESS", "1")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    let stderr = child.stderr.take().expect("stderr");
    let mut seen = String::new();
    for line in BufReader::new(stderr).lines() {
        let line = line.expect("line");
        seen = line.clone();
        if let Some(rest) = line.strip_prefix("progress write ") {
            let done: u64 = rest.split('/').next().and_then(|d| d.parse().ok()).unwrap_or(0);
            if done >= 100_000 {
                break;
            }
        }
    }
    assert!(
        child.try_wait().expect("wait").is_none(),
        "the import ended before it could be killed ({seen})"
    );
    // SIGKILL: no destructor, no rollback by the program — SQLite's journal must undo it.
    child.kill().expect("kill -9");
    let _ = child.wait();
    assert!(seen.starts_with("progress write 1"), "killed mid-write: {seen}");
    let check = env.ok(&["db", "check"]);
    assert!(check.contains("ok"), "{check}");
    assert_eq!(env.counts(), before, "no part of the import may remain");
    // The same import run to the end holds every row.
    let r = env.json(&["import", big.to_str().expect("p")]);
    assert_eq!(r["imported"], 200_000);
    assert_eq!(env.counts().1 - before.1, 200_000);
}
