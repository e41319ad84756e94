import { describe, expect, it, beforeEach, afterEach } from 'vitest';
import { render, screen, waitFor, fireEvent, cleanup } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { mockIPC, clearMocks } from '@tauri-apps/api/mocks';
import i18n from '../i18n';
import App from '../App';
import { resources } from '../i18n';
import * as fx from './fixtures';

function renderApp() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <App />
    </QueryClientProvider>,
  );
}

let calls: { cmd: string; args: unknown }[] = [];

beforeEach(async () => {
  calls = [];
  await i18n.changeLanguage('zh-CN');
});
afterEach(() => {
  cleanup();
  clearMocks();
});

function mockCore(listOffers: (args: unknown) => unknown = () => fx.offers) {
  mockIPC((cmd, args) => {
    calls.push({ cmd, args });
    switch (cmd) {
      case 'list_offers':
        return listOffers(args);
      case 'list_vendors':
        return fx.vendors;
      case 'list_accelerators':
        return fx.accelerators;
      case 'get_settings':
        return fx.settings;
      case 'app_info':
        return { db_path: '/tmp/x.sqlite3', schema_version: 1, version: '0.1.0' };
      default:
        throw { code: 'internal', message: `unexpected ${cmd}` };
    }
  });
}

describe('Catalog page', () => {
  it('shows offers with ¥ per GPU-hour, units and a visible low-confidence mark', async () => {
    mockCore();
    renderApp();
    await screen.findByText('H100 SXM 80GB');
    expect(screen.getByText('¥84,480.00')).toBeTruthy();
    expect(screen.getAllByTestId('per-gpu-hour-cny').map((e) => e.textContent)).toEqual(['¥14.67', '¥5.15']);
    expect(screen.getAllByTestId('low-confidence')).toHaveLength(1);
    expect(screen.getByTestId('catalog-footer').textContent).toContain('包月按 720 小时');
    expect(screen.getByTestId('catalog-footer').textContent).toContain('1 USD = 7.10 元');
  });

  it('sends the domestic filter to the core', async () => {
    mockCore();
    renderApp();
    await screen.findByText('H100 SXM 80GB');
    fireEvent.click(screen.getByText('仅信创'));
    await waitFor(() =>
      expect(calls.some((c) => c.cmd === 'list_offers' && (c.args as { filter: { domestic: boolean } }).filter.domestic)).toBe(true),
    );
  });

  it('shows a core error as a readable message', async () => {
    mockCore(() => {
      throw { code: 'schema_too_new', message: 'x.sqlite3: database schema version 9 is newer' };
    });
    renderApp();
    const err = await screen.findByTestId('error');
    expect(err.textContent).toContain('数据库版本过新');
    expect(err.textContent).toContain('schema version 9');
  });

  it('switches to English', async () => {
    mockCore();
    renderApp();
    await screen.findByText('H100 SXM 80GB');
    fireEvent.click(screen.getByText('EN'));
    expect((await screen.findAllByText('¥/GPU-h')).length).toBeGreaterThan(0);
    expect(screen.getByText('JYGPU')).toBeTruthy();
  });
});

describe('translations', () => {
  const keys = (o: object, p = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`]));
  it('zh-CN and en have the same keys on every page', () => {
    for (const ns of Object.keys(resources['zh-CN']) as (keyof (typeof resources)['zh-CN'])[]) {
      expect(keys(resources.en[ns]).sort()).toEqual(keys(resources['zh-CN'][ns]).sort());
    }
  });
});
