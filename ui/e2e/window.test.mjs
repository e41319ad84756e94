// Real-window test: the desktop binary started under Xvfb and driven through tauri-driver and
// WebKitWebDriver (plain WebDriver over HTTP), reading Catalog rows that came from a real
// database file — seeded by the app itself, with a setting changed beforehand by the CLI.
// Usage: xvfb-run -a node e2e/window.test.mjs
import { spawn, execFileSync, execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { promisify } from 'node:util';
import { mkdtempSync, mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import assert from 'node:assert/strict';

const root = resolve(import.meta.dirname, '..', '..');
const app = process.env.GPUQUOTE_DESKTOP_BIN ?? join(root, 'target', 'debug', 'gpuquote-desktop');
const cli = process.env.GPUQUOTE_BIN ?? join(root, 'target', 'debug', 'gpuquote');
const driver =
  process.env.TAURI_DRIVER ??
  [join(root, '.ci', 'tools', 'bin', 'tauri-driver'), '/var/cache/gpuquote/tools/bin/tauri-driver'].find(existsSync);
assert.ok(driver, 'tauri-driver not found: set TAURI_DRIVER or run .ci/run');
assert.ok(existsSync(app), `desktop binary missing: ${app}`);
const artifacts = join(root, 'artifacts');
mkdirSync(artifacts, { recursive: true });

// The CLI and the app share this file: the CLI sets 730 h/month first, the app must show it.
const tmp = mkdtempSync(join(tmpdir(), 'gq-window-'));
const db = join(tmp, 'catalog.sqlite3');
execFileSync(cli, ['--db', db, 'settings', 'set-hours', '730']);

// A real scrape by the CLI of a vendor page served on 127.0.0.1: 极智算 raised the 4090 price,
// changed the H100, dropped the 910B and says 面议 for the H20. It lands as a pending snapshot
// that the window must show as a diff against the approved list.
let page = `<table class="price"><tbody>
<tr><td>NVIDIA H100 SXM5 80GB</td><td>8卡</td><td>裸金属</td><td>92,000元/月</td></tr>
<tr><td>RTX 4090</td><td>1卡</td><td>容器</td><td>¥2.98/小时</td></tr>
<tr><td>H20 96GB</td><td>8卡</td><td>裸金属</td><td>面议</td></tr>
</tbody></table>`;
const http = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(page);
});
await new Promise((r) => http.listen(0, '127.0.0.1', r));
const recipe = join(tmp, 'jygpu.toml');
writeFileSync(
  recipe,
  `vendor = "jygpu"\n[http]\ndelay_ms = 0\n[[page]]\nurl = "http://127.0.0.1:${http.address().port}/pricing"\nrows = "table.price tbody tr"\n[page.fields]\ngpu = "td:nth-child(1)"\ngpus = "td:nth-child(2)"\nmode = "td:nth-child(3)"\nprice = "td:nth-child(4)"\n`,
);
const scraped = JSON.parse((await promisify(execFile)(cli, ['--db', db, 'scrape', 'jygpu', '--recipe', recipe, '--json'])).stdout);
assert.equal(scraped.imported, 2);
const scrapedId = scraped.snapshots[0].id;

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
const base = 'http://127.0.0.1:4444';
const td = spawn(driver, ['--native-driver', '/usr/bin/WebKitWebDriver'], {
  env: { ...process.env, GPUQUOTE_DB: db },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => td.kill('SIGTERM');
process.on('exit', stop);

async function wd(method, path, body) {
  const r = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  const j = await r.json();
  if (!r.ok) throw new Error(`${method} ${path}: ${JSON.stringify(j)}`);
  return j.value;
}

async function until(what, f, ms = 20000) {
  const t0 = Date.now();
  for (;;) {
    try {
      const v = await f();
      if (v) return v;
    } catch {}
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let session;
try {
  await until('tauri-driver', async () => (await fetch(base + '/status')).ok);
  const t0 = performance.now();
  session = (await wd('POST', '/session', {
    capabilities: { alwaysMatch: { 'tauri:options': { application: app } } },
  })).sessionId;
  const tSession = performance.now() - t0;
  const s = `/session/${session}`;
  const rowsSel = { using: 'css selector', value: '[data-testid="catalog-table"] tbody tr.ant-table-row' };
  const rows = await until('catalog rows', async () => {
    const els = await wd('POST', `${s}/elements`, rowsSel);
    return els.length >= 15 ? els : null;
  });
  const tRows = performance.now() - t0;
  const title = await wd('GET', `${s}/title`);
  assert.equal(title, '算力比价台 — GPU Quote Desk');
  const texts = await Promise.all(rows.map((r) => wd('GET', `${s}/element/${r[ELEMENT]}/text`)));
  const firstCells = await Promise.all(
    rows.map((r) => wd('POST', `${s}/element/${r[ELEMENT]}/element`, { using: 'css selector', value: '[data-testid="vendor-name"]' })),
  );
  const vendorNames = await Promise.all(firstCells.map((c) => wd('GET', `${s}/element/${c[ELEMENT]}/text`)));
  const vendors = new Set(vendorNames.map((t) => t.split('\n')[0].trim()));
  assert.ok(texts.length >= 15, `${texts.length} rows`);
  assert.ok(vendors.size >= 6, `${vendors.size} vendors`);
  const h100 = texts.find((t) => t.includes('极智算') && t.includes('H100') && t.includes('¥84,480.00'));
  assert.ok(h100, 'the 极智算 H100 ×8 row');
  // 84,480 / 8 / 730 = 14.47: the app reads the file the CLI wrote.
  assert.match(h100, /¥14\.47/);
  const footer = await wd('POST', `${s}/element`, { using: 'css selector', value: '[data-testid="catalog-footer"]' });
  assert.match(await wd('GET', `${s}/element/${footer[ELEMENT]}/text`), /730/);
  // Let WebKit paint the settled page before the screenshot.
  await new Promise((r) => setTimeout(r, 500));
  const png = await wd('GET', `${s}/screenshot`);
  writeFileSync(join(artifacts, 'window-catalog-zh.png'), Buffer.from(png, 'base64'));
  // Compare: scenario B, 256 × H100 for 3 months, against the real core.
  const click = async (using, value) => {
    const el = await until(value, async () => wd('POST', `${s}/element`, { using, value }));
    await wd('POST', `${s}/element/${el[ELEMENT]}/click`, {});
  };
  await click('xpath', "//li[contains(@class,'ant-menu-item')][.//*[contains(text(),'需求比价')]]");
  await click('xpath', "//label[contains(@class,'ant-radio-button-wrapper')][.//*[starts-with(normalize-space(.),'B：')]]");
  await click('css selector', '[data-testid="compare-submit"]');
  const candRows = await until('candidates', async () => {
    const els = await wd('POST', `${s}/elements`, {
      using: 'css selector',
      value: '[data-testid="candidates-table"] tbody tr.ant-table-row',
    });
    return els.length > 0 ? els : null;
  });
  const first = await wd('GET', `${s}/element/${candRows[0][ELEMENT]}/text`);
  assert.match(first, /极智算/);
  assert.match(first, /¥8,110,080\.00/);
  const excludedText = await wd('GET', `${s}/element/${(await wd('POST', `${s}/element`, { using: 'css selector', value: '[data-testid="excluded-table"]' }))[ELEMENT]}/text`);
  assert.match(excludedText, /实例模式不符（场景 B 要求：裸金属）/);
  await new Promise((r) => setTimeout(r, 800));
  writeFileSync(join(artifacts, 'window-compare-zh.png'), Buffer.from(await wd('GET', `${s}/screenshot`), 'base64'));

  // 生成报价单 from this comparison: the real core numbers and freezes it; the Quotes page shows it.
  await click('css selector', '[data-testid="create-quote"]');
  const requester = await until('requester field', async () =>
    wd('POST', `${s}/element`, { using: 'css selector', value: '[data-testid="quote-requester"]' }),
  );
  await wd('POST', `${s}/element/${requester[ELEMENT]}/value`, { text: '张三' });
  await click('xpath', "//div[contains(@class,'ant-modal-footer')]//button[contains(@class,'ant-btn-primary')]");
  const upper = await until('quote detail', async () => {
    const el = await wd('POST', `${s}/element`, { using: 'css selector', value: '[data-testid="quote-upper"]' });
    return wd('GET', `${s}/element/${el[ELEMENT]}/text`);
  });
  assert.match(upper, /捌佰壹拾壹万零捌拾元整/);
  await new Promise((r) => setTimeout(r, 600));
  writeFileSync(join(artifacts, 'window-quotes-zh.png'), Buffer.from(await wd('GET', `${s}/screenshot`), 'base64'));
  // The PDF's own pages, previewed in the app (SVG rendered by the core).
  // (a success toast may still cover the toolbar: click through the DOM)
  await until('preview button', async () =>
    wd('POST', `${s}/execute/sync`, {
      script: "const b = document.querySelector('[data-testid=\"quote-preview\"]'); if (b) b.click(); return !!b;",
      args: [],
    }),
  );
  await until('preview pages', async () => {
    const imgs = await wd('POST', `${s}/elements`, { using: 'css selector', value: '[data-testid="pdf-preview"] svg' });
    return imgs.length > 0 ? imgs : null;
  });
  await new Promise((r) => setTimeout(r, 1200));
  writeFileSync(join(artifacts, 'window-quote-preview-zh.png'), Buffer.from(await wd('GET', `${s}/screenshot`), 'base64'));
  await wd('POST', `${s}/execute/sync`, {
    script: "document.querySelectorAll('.ant-modal-close').forEach((b) => b.click()); return true;",
    args: [],
  });
  await new Promise((r) => setTimeout(r, 500));

  // Vendors, against the real core: scorecards and the radar.
  await click('xpath', "//li[contains(@class,'ant-menu-item')][.//*[contains(text(),'供应商评估')]]");
  const cardRows = await until('scorecards', async () => {
    const els = await wd('POST', `${s}/elements`, {
      using: 'css selector',
      value: '[data-testid="scorecard-table"] tbody tr.ant-table-row',
    });
    return els.length >= 6 ? els : null;
  });
  assert.match(await wd('GET', `${s}/element/${cardRows[0][ELEMENT]}/text`), /极智算/);
  await until('radar', async () => (await wd('POST', `${s}/elements`, { using: 'css selector', value: '[data-testid="vendor-radar"] canvas' })).length > 0);
  await new Promise((r) => setTimeout(r, 800));
  writeFileSync(join(artifacts, 'window-vendors-zh.png'), Buffer.from(await wd('GET', `${s}/screenshot`), 'base64'));

  // Rent or build, against the real core: the article preset at 60 %.
  await click('xpath', "//li[contains(@class,'ant-menu-item')][.//*[contains(text(),'租用还是自建')]]");
  const total = await until('TCO result', async () => {
    const el = await wd('POST', `${s}/element`, { using: 'css selector', value: '[data-testid="tco-build-total"]' });
    const text = await wd('GET', `${s}/element/${el[ELEMENT]}/text`);
    return text.includes('¥') ? text : null;
  });
  assert.match(total, /¥73,000,000\.00/);
  await new Promise((r) => setTimeout(r, 800));
  writeFileSync(join(artifacts, 'window-tco-zh.png'), Buffer.from(await wd('GET', `${s}/screenshot`), 'base64'));

  // Sources: the pending scrape, its diff against the approved 极智算 list, approved in the window.
  await click('xpath', "//li[contains(@class,'ant-menu-item')][.//*[contains(text(),'价格采集与审核')]]");
  const diffRows = await until('review diff', async () => {
    const els = await wd('POST', `${s}/elements`, { using: 'css selector', value: '[data-testid="diff-table"] tbody tr.ant-table-row' });
    return els.length >= 2 ? els : null;
  });
  const diffText = (await Promise.all(diffRows.map((r) => wd('GET', `${s}/element/${r[ELEMENT]}/text`)))).join('\n');
  assert.match(diffText, /GeForce RTX 4090 24GB[\s\S]*¥1\.96[\s\S]*¥2\.98[\s\S]*\+52\.0%/);
  assert.match(diffText, /变化超 30%/);
  assert.match(diffText, /下架/);
  const panel = await wd('POST', `${s}/element`, { using: 'css selector', value: '[data-testid="review-panel"]' });
  assert.match(await wd('GET', `${s}/element/${panel[ELEMENT]}/text`), new RegExp(`价格快照 #${scrapedId}`));
  await new Promise((r) => setTimeout(r, 800));
  writeFileSync(join(artifacts, 'window-review-diff-zh.png'), Buffer.from(await wd('GET', `${s}/screenshot`), 'base64'));
  await click('css selector', '[data-testid="approve"]');
  const reviewer = await until('reviewer field', async () => wd('POST', `${s}/element`, { using: 'css selector', value: '[data-testid="reviewer"]' }));
  assert.ok(reviewer);
  // CJK text typed through WebKitWebDriver can arrive twice (input-method composition): set the
  // value the way React expects instead.
  await wd('POST', `${s}/execute/sync`, {
    script:
      "const el = document.querySelector('[data-testid=\"reviewer\"]');" +
      "Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(el, arguments[0]);" +
      "el.dispatchEvent(new Event('input', { bubbles: true })); return el.value;",
    args: ['王五'],
  });
  await click('css selector', '#decision-ok');
  await until('approved', async () => {
    const st = await wd('POST', `${s}/element`, { using: 'css selector', value: '[data-testid="review-state"]' });
    return (await wd('GET', `${s}/element/${st[ELEMENT]}/text`)).includes('已通过');
  });
  const reviewed = JSON.parse(execFileSync(cli, ['--db', db, 'review', 'list', '--state', 'approved', '--vendor', 'jygpu', '--json'], { encoding: 'utf8' }));
  assert.equal(reviewed[0].id, scrapedId);
  assert.equal(reviewed[0].reviewer, '王五');
  assert.equal(reviewed[0].current, true);
  await new Promise((r) => setTimeout(r, 600));
  writeFileSync(join(artifacts, 'window-review-approved-zh.png'), Buffer.from(await wd('GET', `${s}/screenshot`), 'base64'));

  // The app's own scrape (the Tauri command, reqwest inside the app) with a recipe file: the
  // vendor lowered the H100 price; the capture appears as a new pending snapshot.
  page = page.replace('92,000元/月', '80,000元/月');
  const res = await wd('POST', `${s}/execute/async`, {
    script:
      'const done = arguments[arguments.length - 1];' +
      "window.__TAURI_INTERNALS__.invoke('scrape_vendor', { vendor: '', recipe: arguments[0] })" +
      '.then((r) => done(JSON.stringify(r)), (e) => done("ERR " + JSON.stringify(e)));',
    args: [recipe],
  });
  assert.ok(!res.startsWith('ERR'), res);
  const appScrape = JSON.parse(res);
  assert.equal(appScrape.imported, 2);
  const appReview = JSON.parse(execFileSync(cli, ['--db', db, 'review', 'show', String(appScrape.snapshots[0].id), '--json'], { encoding: 'utf8' }));
  assert.equal(appReview.baseline.id, scrapedId);
  const h100Change = appReview.diff.find((d) => d.kind === 'changed');
  assert.equal(h100Change.change_pct, '-13.04');

  console.log(
    `window test passed: ${texts.length} rows from ${vendors.size} vendors; session ready ${tSession.toFixed(0)} ms, ` +
      `catalog rows visible ${tRows.toFixed(0)} ms after launch; screenshots artifacts/window-{catalog,compare,quotes,quote-preview,vendors,tco,review-diff,review-approved}-zh.png`,
  );
} catch (e) {
  // Keep what the window showed when it failed.
  if (session) {
    const png = await wd('GET', `/session/${session}/screenshot`).catch(() => null);
    if (png) writeFileSync(join(artifacts, 'window-failure.png'), Buffer.from(png, 'base64'));
  }
  throw e;
} finally {
  if (session) await wd('DELETE', `/session/${session}`).catch(() => {});
  stop();
  http.close();
}
