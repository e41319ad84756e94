// Browser test: the built UI in Debian's Chromium (playwright-core), with the Tauri IPC mocked by
// data the real core produced (`gpuquote offers --json` on a fresh database).
// Usage: node e2e/browser.test.mjs  (expects ui/dist built and the gpuquote binary built)
import { chromium } from 'playwright-core';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import assert from 'node:assert/strict';

const root = resolve(import.meta.dirname, '..', '..');
const bin = process.env.GPUQUOTE_BIN ?? join(root, 'target', 'debug', 'gpuquote');
const chromiumPath = process.env.CHROMIUM ?? ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find(existsSync);
const artifacts = join(root, 'artifacts');
mkdirSync(artifacts, { recursive: true });

const db = join(mkdtempSync(join(tmpdir(), 'gq-browser-')), 'catalog.sqlite3');
const core = (...args) => JSON.parse(execFileSync(bin, ['--db', db, ...args, '--json'], { encoding: 'utf8' }));
// A real SkyPilot catalog imported by the core: the Sources page reviews it.
const lambdaCsv = join(root, 'tests', 'fixtures', 'skypilot-catalog-v8', 'lambda', 'vms.csv');
const imported = core('import', lambdaCsv, '--vendor', 'lambda');
const sid = imported.snapshots[0].id;
const data = {
  snapshots: core('review', 'list', '--state', 'pending'),
  review: core('review', 'show', String(sid)),
  importPreview: core('import', lambdaCsv, '--vendor', 'lambda', '--dry-run'),
  offers: core('offers'),
  domestic: core('offers', '--domestic'),
  vendors: core('vendors'),
  accelerators: core('accelerators'),
  settings: core('settings'),
  scenarios: core('scenarios'),
  comparisonB: core('recommend', '--scenario', 'B', '--count', '256', '--duration', '3mo'),
  tcoPresets: core('tco', '--list-presets'),
  tco: core('tco', '--preset', 'article', '--utilization', '0.6'),
  profiles: core('score', 'profiles'),
  rubric: core('score', 'rubric'),
  scoreboard: core('score', '--profile', 'B', '--gpu', 'H100'),
  ahp: core('score', 'weights', '--ahp', '1,3,5;1/3,1,3;1/5,1/3,1'),
};

const port = 4173;
const server = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort'], {
  cwd: join(root, 'ui'),
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
// npx starts vite as a child: stop the whole process group.
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
};
process.on('exit', stop);

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/`);
      if (r.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('vite preview did not start');
}

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  await waitForServer();
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const external = [];
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.hostname !== '127.0.0.1' && u.protocol.startsWith('http')) external.push(r.url());
  });
  await page.addInitScript((d) => {
    window.__calls = [];
    window.__TAURI_INTERNALS__ = {
      metadata: { currentWindow: { label: 'main' }, currentWebview: { windowLabel: 'main', label: 'main' } },
      transformCallback: () => 0,
      invoke: async (cmd, args) => {
        window.__calls.push({ cmd, args });
        switch (cmd) {
          case 'list_offers':
            return args.filter.domestic ? d.domestic : d.offers;
          case 'list_vendors': return d.vendors;
          case 'list_accelerators': return d.accelerators;
          case 'get_settings': return d.settings;
          case 'list_scenarios': return d.scenarios.scenarios;
          case 'model_defaults': return d.scenarios.params;
          case 'recommend': return d.comparisonB;
          case 'tco_presets': return d.tcoPresets;
          case 'run_tco': return d.tco;
          case 'list_profiles': return d.profiles;
          case 'rubric': return d.rubric;
          case 'score_board': return d.scoreboard;
          case 'ahp_weights': return d.ahp;
          case 'get_quote_settings': return { prefix: 'Q', stale_days: 30, company: '' };
          case 'app_info': return { db_path: '/mock/catalog.sqlite3', schema_version: 1, version: 'test' };
          case 'list_snapshots': return d.snapshots;
          case 'review_snapshot': return d.review;
          case 'list_recipes': return ['lambda', 'runpod'];
          case 'import_file': return d.importPreview;
          default: throw { code: 'internal', message: `unknown command ${cmd}` };
        }
      },
    };
  }, data);
  await page.goto(`http://127.0.0.1:${port}/`);
  const rows = page.locator('[data-testid="catalog-table"] tbody tr.ant-table-row');
  await rows.first().waitFor();
  const n = await rows.count();
  assert.equal(n, data.offers.length, 'every offer is a row');
  assert.ok(n >= 15, `at least 15 offers, got ${n}`);
  const text = await page.locator('[data-testid="catalog-table"]').innerText();
  assert.match(text, /极智算/);
  assert.match(text, /¥84,480\.00/);
  assert.match(text, /¥14\.67/);
  assert.ok((await page.locator('[data-testid="low-confidence"]').count()) > 0, 'low confidence marked');
  await page.screenshot({ path: join(artifacts, 'browser-catalog-zh.png'), fullPage: false });

  // Sorting by ¥/GPU-h puts the cheapest first.
  await page.locator('th', { hasText: '¥/卡时' }).first().click();
  const firstPrice = await rows.first().locator('[data-testid="per-gpu-hour-cny"]').innerText();
  const all = data.offers.map((o) => Number(o.per_gpu_hour_cny_exact)).sort((a, b) => a - b);
  assert.equal(firstPrice, `¥${all[0].toFixed(2)}`);

  // Domestic filter goes to the core and narrows the table.
  await page.getByText('仅信创').click();
  await page.waitForFunction(
    (k) => document.querySelectorAll('[data-testid="catalog-table"] tbody tr.ant-table-row').length === k,
    data.domestic.length,
  );
  const calls = await page.evaluate(() => window.__calls.filter((c) => c.cmd === 'list_offers'));
  assert.ok(calls.some((c) => c.args.filter.domestic === true));

  // English.
  await page.getByText('EN', { exact: true }).click();
  await page.locator('th', { hasText: '¥/GPU-h' }).first().waitFor();
  // Compare page: scenario B (the IPC answers with the real core's comparison).
  page.setDefaultTimeout(15000);
  await page.getByText('中文', { exact: true }).click();
  await page.locator('li.ant-menu-item', { hasText: '需求比价' }).click();
  await page.locator('label.ant-radio-button-wrapper', { hasText: 'B：' }).click();
  await page.locator('[data-testid="compare-submit"]').click();
  const cand = page.locator('[data-testid="candidates-table"] tbody tr.ant-table-row');
  await cand.first().waitFor().catch(async (e) => {
    await page.screenshot({ path: join(artifacts, 'browser-failure.png'), fullPage: true });
    console.error('page errors:', errors);
    throw e;
  });
  assert.equal(await cand.count(), data.comparisonB.candidates.length);
  assert.match(await cand.first().innerText(), /极智算[\s\S]*¥8,110,080\.00/);
  const req = await page.evaluate(() => window.__calls.filter((c) => c.cmd === 'recommend').at(-1).args.requirement);
  assert.equal(req.scenario, 'B');
  assert.equal(req.count, 256);
  await page.locator('[data-testid="compare-chart"] canvas').first().waitFor();
  await page.screenshot({ path: join(artifacts, 'browser-compare-zh.png'), fullPage: true });
  // Rent or build: the article preset (the IPC answers with the real core's result at 60 %).
  await page.locator('li.ant-menu-item', { hasText: '租用还是自建' }).click();
  await page.locator('[data-testid="tco-chart"] canvas').first().waitFor();
  assert.match(await page.locator('[data-testid="tco-build-total"]').innerText(), /¥73,000,000\.00/);
  assert.match(await page.locator('[data-testid="tco-break-even"]').innerText(), /74\.0% – 97\.3%/);
  assert.match(await page.locator('[data-testid="tco-conclusion"]').innerText(), /租用更省/);
  const runCall = await page.evaluate(() => window.__calls.filter((c) => c.cmd === 'run_tco').at(-1).args);
  assert.equal(runCall.utilization, '0.60');
  assert.deepEqual(runCall.input.gpu_capex, ['50000000', '60000000']);
  await page.screenshot({ path: join(artifacts, 'browser-tco-zh.png'), fullPage: true });
  // Vendors: scorecards and the radar of the three best (IPC answered by `gpuquote score`).
  await page.locator('li.ant-menu-item', { hasText: '供应商评估' }).click();
  await page.locator('[data-testid="vendor-radar"] canvas').first().waitFor();
  const cards = page.locator('[data-testid="scorecard-table"] tbody tr.ant-table-row');
  assert.equal(await cards.count(), data.scoreboard.scorecards.length);
  assert.match(await cards.first().innerText(), /极智算/);
  assert.ok((await page.getByText('未知').count()) > 0, 'unknown dimensions shown as unknown');
  await page.screenshot({ path: join(artifacts, 'browser-vendors-zh.png'), fullPage: true });
  await page.locator('li.ant-menu-item', { hasText: '设置' }).click();
  await page.locator('[data-testid="hours-input"]').waitFor();
  assert.match(await page.locator('body').innerText(), /每月小时数[\s\S]*USD[\s\S]*7\.1/);
  await page.screenshot({ path: join(artifacts, 'browser-settings-zh.png'), fullPage: true });
  // Sources: the imported Lambda catalog pending review, its diff against the built-in list.
  await page.locator('li.ant-menu-item', { hasText: '价格采集与审核' }).click();
  await page.locator('[data-testid="diff-table"] tbody tr.ant-table-row').first().waitFor();
  assert.match(await page.locator('[data-testid="snapshots-table"]').innerText(), /Lambda[\s\S]*待审核[\s\S]*374/);
  assert.match(await page.locator('[data-testid="diff-counts"]').innerText(), new RegExp(`新增 ${data.review.added}`));
  await page.screenshot({ path: join(artifacts, 'browser-sources-zh.png'), fullPage: true });
  await page.locator('[data-testid="open-import"]').click();
  await page.locator('[data-testid="import-path"]').fill(lambdaCsv);
  await page.locator('[data-testid="import-vendor"]').click();
  await page.locator('.ant-select-item-option', { hasText: 'Lambda' }).first().click();
  await page.locator('[data-testid="import-preview"]').click();
  await page.locator('[data-testid="import-report"]').waitFor();
  assert.match(await page.locator('[data-testid="import-report"]').innerText(), /将导入 374 条在售规格[\s\S]*跳过 34 行[\s\S]*无加速卡/);
  await page.locator('.ant-modal-title').click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(artifacts, 'browser-import-zh.png'), fullPage: false });
  const importCall = await page.evaluate(() => window.__calls.filter((c) => c.cmd === 'import_file').at(-1).args);
  assert.equal(importCall.dryRun, true);
  assert.equal(importCall.vendor, 'lambda');
  assert.ok(await page.locator('[data-testid="import-commit"]').isEnabled(), 'import enabled after a preview');
  assert.deepEqual(errors, [], 'no page errors');
  assert.deepEqual(external, [], 'no request leaves the machine');
  console.log(`browser test passed: ${n} offers, ${data.domestic.length} domestic; screenshot artifacts/browser-catalog-zh.png`);
} finally {
  await browser.close();
  stop();
}
process.exit(0);
