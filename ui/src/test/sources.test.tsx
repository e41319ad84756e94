import { describe, expect, it, beforeEach, afterEach } from 'vitest';
import { render, screen, waitFor, fireEvent, cleanup, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { mockIPC, clearMocks } from '@tauri-apps/api/mocks';
import i18n from '../i18n';
import { SourcesPage } from '../features/sources/SourcesPage';
import type { SnapshotReview, SnapshotSummary } from '../bindings';
import * as fx from './fixtures';

const summary: SnapshotSummary = {
  id: 15,
  vendor_key: 'jygpu',
  vendor: '极智算',
  vendor_en: 'JYGPU',
  origin: 'scrape',
  source: 'http://127.0.0.1:8080/pricing (recipe jygpu.toml)',
  captured_at: '2026-11-30T03:38:53Z',
  created_at: '2026-11-30T03:38:53Z',
  state: 'pending',
  reviewer: null,
  reviewed_at: null,
  review_note: null,
  note: null,
  offers: 2,
  skipped: 1,
  captures: 1,
  current: false,
};

const review: SnapshotReview = {
  snapshot: summary,
  baseline: { ...summary, id: 1, origin: 'article', state: 'approved', offers: 5, current: true },
  added: 0,
  removed: 1,
  changed: 1,
  unchanged: 0,
  diff: [
    {
      kind: 'changed',
      offer: 'GeForce RTX 4090 24GB ×1 container, dedicated',
      accelerator: 'GeForce RTX 4090 24GB',
      gpus: 1,
      region: null,
      instance_type: null,
      interruptible: false,
      old: { id: 2, price: '1.96', currency: 'CNY', billing: 'hour', basis: 'instance', from_price: false, per_gpu_hour: '1.96', per_gpu_hour_cny: '1.96', gpu_memory_gb: null, source_line: null },
      new: { id: 40, price: '2.98', currency: 'CNY', billing: 'hour', basis: 'instance', from_price: false, per_gpu_hour: '2.98', per_gpu_hour_cny: '2.98', gpu_memory_gb: null, source_line: 2 },
      change_pct: '52.04',
      flags: ['price_change'],
    },
  ],
  anomalies: [
    { code: 'price_change', message: 'per-GPU-hour price changed 52.04% (over 30%)', message_zh: '每卡时价格变化 52.04%（超过 30%）', offer: 'GeForce RTX 4090 24GB ×1 container, dedicated' },
  ],
  skips: [{ line: 3, code: 'no_price', reason: "no price ('面议')", raw: 'H20 96GB 8卡 裸金属 面议' }],
  captures: [],
  hours_per_month: 720,
};

let calls: { cmd: string; args: unknown }[] = [];

function mockCore() {
  mockIPC((cmd, args) => {
    calls.push({ cmd, args });
    switch (cmd) {
      case 'list_snapshots':
        return [summary];
      case 'review_snapshot':
        return review;
      case 'list_vendors':
        return fx.vendors;
      case 'list_accelerators':
        return fx.accelerators;
      case 'list_recipes':
        return ['lambda'];
      case 'reject_snapshot':
        return { ...summary, state: 'rejected', reviewer: (args as { reviewer: string }).reviewer };
      default:
        throw { code: 'internal', message: `unexpected ${cmd}` };
    }
  });
}

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <SourcesPage />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  calls = [];
  localStorage.clear();
  await i18n.changeLanguage('zh-CN');
});
afterEach(() => {
  cleanup();
  clearMocks();
});

describe('Sources page', () => {
  it('shows the pending capture with its diff, the change and the flag', async () => {
    mockCore();
    renderPage();
    const table = await screen.findByTestId('diff-table');
    expect(table.textContent).toContain('GeForce RTX 4090 24GB');
    expect(table.textContent).toContain('¥1.96');
    expect(table.textContent).toContain('¥2.98');
    expect(table.textContent).toContain('+52.0%');
    expect(table.textContent).toContain('变化超 30%');
    expect(screen.getByTestId('diff-counts').textContent).toContain('下架 1');
  });

  it('will not reject without a reason, then sends reviewer and reason to the core', async () => {
    mockCore();
    renderPage();
    fireEvent.click(await screen.findByTestId('reject'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('reviewer'), { target: { value: '赵六' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    expect(await within(dialog).findByText('请写明驳回原因')).toBeTruthy();
    expect(calls.some((c) => c.cmd === 'reject_snapshot')).toBe(false);
    fireEvent.change(within(dialog).getByTestId('review-note'), { target: { value: '价格非最终价' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() => expect(calls.some((c) => c.cmd === 'reject_snapshot')).toBe(true));
    expect(calls.find((c) => c.cmd === 'reject_snapshot')?.args).toEqual({ id: 15, reviewer: '赵六', note: '价格非最终价' });
  });
});
