// 价格采集与审核 (Sources): every capture — scraped page, imported file, typed-in quote — lands as
// a pending snapshot; review shows its diff against the vendor's approved list, anomaly flags,
// skipped rows and the raw source, and the reviewer approves or rejects it.
import { useEffect, useMemo, useState } from 'react';
import { Button, Dropdown, Input, Progress, Segmented, Space, Table, Tag, Typography, message } from 'antd';
import type { TableColumnsType } from 'antd';
import { CloudDownloadOutlined, EditOutlined, ExportOutlined, ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { open as openDialog, save } from '@tauri-apps/plugin-dialog';
import type { Progress as IngestProgress, ReviewState, SnapshotSummary } from '../../bindings';
import { useRecipes, useSnapshots, useSourceActions, useVendors } from '../../api/queries';
import { ErrorNotice } from '../../ErrorNotice';
import { PageHeader } from '../../PageHeader';
import { ReviewPanel } from './ReviewPanel';
import { ImportModal } from './ImportModal';
import { ManualEntryModal } from './ManualEntryModal';
import { onIngestProgress } from './progress';

export const STATE_COLOR: Record<string, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

export function SourcesPage() {
  const { t } = useTranslation('sources');
  const [state, setState] = useState<ReviewState | 'all'>('pending');
  const snapshots = useSnapshots(state === 'all' ? null : state);
  const vendors = useVendors();
  const recipes = useRecipes();
  const act = useSourceActions();
  const [selected, setSelected] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [importOpen, setImportOpen] = useState(false);
  const [entryOpen, setEntryOpen] = useState(false);
  const [scrapeProgress, setScrapeProgress] = useState<IngestProgress | null>(null);
  const [msg, ctx] = message.useMessage();

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (snapshots.data ?? []).filter(
      (s) => !q || [s.vendor, s.vendor_en, s.vendor_key, s.source].some((x) => x.toLowerCase().includes(q)),
    );
  }, [snapshots.data, search]);
  const current = selected ?? rows[0]?.id ?? null;

  useEffect(() => {
    if (!act.scrape.isPending) return;
    return onIngestProgress(setScrapeProgress);
  }, [act.scrape.isPending]);

  const vendorName = (key: string) => {
    const v = (vendors.data ?? []).find((x) => x.key === key);
    return v ? `${v.name_zh}` : key;
  };

  const scrape = async (key: string) => {
    let recipe: string | null = null;
    if (key === '__file') {
      const p = await openDialog({ multiple: false, filters: [{ name: 'Recipe (TOML)', extensions: ['toml'] }] }).catch(() => null);
      if (typeof p !== 'string') return;
      recipe = p;
    }
    setScrapeProgress(null);
    act.scrape.mutate(
      { vendor: recipe ? '' : key, recipe },
      {
        onSuccess: (r) => {
          const id = r.snapshots[0]?.id ?? null;
          setState('pending');
          setSelected(id);
          void msg.success(t('scrapeDone', { vendor: r.snapshots[0]?.vendor ?? vendorName(key), offers: r.imported, skipped: r.skipped }));
        },
      },
    );
  };

  const exportCatalog = async () => {
    const path = await save({ defaultPath: 'gpuquote-catalog.csv', filters: [{ name: 'CSV', extensions: ['csv'] }, { name: 'JSON', extensions: ['json'] }] }).catch(() => null);
    if (!path) return;
    const format = path.toLowerCase().endsWith('.json') ? 'json' : 'csv';
    act.exportCatalog.mutate(
      { format, path },
      { onSuccess: (n) => void msg.success(t('exported', { n, path })) },
    );
  };

  const columns: TableColumnsType<SnapshotSummary> = [
    { title: '#', dataIndex: 'id', width: 56 },
    {
      title: t('col.vendor'),
      key: 'vendor',
      width: 130,
      render: (_, s) => (
        <span data-testid="snapshot-vendor">
          {s.vendor}
          {s.current && (
            <Tag color="blue" style={{ marginLeft: 6 }}>
              {t('current')}
            </Tag>
          )}
        </span>
      ),
    },
    { title: t('col.origin'), dataIndex: 'origin', width: 90, render: (o: string) => <Tag>{t(`origin.${o}`)}</Tag> },
    {
      title: t('col.state'),
      dataIndex: 'state',
      width: 90,
      render: (s: string) => <Tag color={STATE_COLOR[s]}>{t(`state.${s}`)}</Tag>,
    },
    { title: t('col.offers'), dataIndex: 'offers', width: 80, align: 'right' },
    { title: t('col.skipped'), dataIndex: 'skipped', width: 80, align: 'right' },
    { title: t('col.captured'), dataIndex: 'captured_at', width: 150, render: (c: string) => c.slice(0, 16).replace('T', ' ') },
    { title: t('col.source'), dataIndex: 'source', ellipsis: true },
    { title: t('col.reviewer'), dataIndex: 'reviewer', width: 110, ellipsis: true },
  ];

  return (
    <div>
      {ctx}
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<ReviewState | 'all'>
          value={state}
          onChange={(v) => {
            setState(v);
            setSelected(null);
          }}
          options={(['pending', 'approved', 'rejected', 'all'] as const).map((v) => ({ value: v, label: t(`state.${v}`) }))}
          data-testid="state-filter"
        />
        <Input.Search allowClear placeholder={t('search')} style={{ width: 220 }} onChange={(e) => setSearch(e.target.value)} />
        <Button icon={<ImportOutlined />} type="primary" onClick={() => setImportOpen(true)} data-testid="open-import">
          {t('import')}
        </Button>
        <Dropdown
          menu={{
            items: [
              ...(recipes.data ?? []).map((k) => ({ key: k, label: vendorName(k) })),
              { type: 'divider' as const },
              { key: '__file', label: t('scrapeFromFile') },
            ],
            onClick: (e) => void scrape(e.key),
          }}
          disabled={act.scrape.isPending}
        >
          <Button icon={<CloudDownloadOutlined />} loading={act.scrape.isPending} data-testid="open-scrape">
            {t('scrape')}
          </Button>
        </Dropdown>
        <Button icon={<EditOutlined />} onClick={() => setEntryOpen(true)} data-testid="open-entry">
          {t('enter')}
        </Button>
        <Button icon={<ExportOutlined />} onClick={() => void exportCatalog()} loading={act.exportCatalog.isPending}>
          {t('export')}
        </Button>
      </Space>
      {act.scrape.isPending && scrapeProgress && (
        <div style={{ maxWidth: 520, marginBottom: 8 }}>
          <Typography.Text type="secondary">
            {t(`progress.${scrapeProgress.stage}`, { defaultValue: scrapeProgress.stage })} {scrapeProgress.detail}
          </Typography.Text>
          <Progress percent={scrapeProgress.total ? Math.round((100 * scrapeProgress.done) / scrapeProgress.total) : 0} size="small" />
        </div>
      )}
      {act.scrape.error && <ErrorNotice error={act.scrape.error} />}
      {act.exportCatalog.error && <ErrorNotice error={act.exportCatalog.error} />}
      {snapshots.error && <ErrorNotice error={snapshots.error} onRetry={() => void snapshots.refetch()} />}
      <Table<SnapshotSummary>
        data-testid="snapshots-table"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={snapshots.isLoading}
        pagination={{ pageSize: 8, showSizeChanger: false }}
        onRow={(r) => ({ onClick: () => setSelected(r.id), style: { cursor: 'pointer' } })}
        rowClassName={(r) => (r.id === current ? 'ant-table-row-selected' : '')}
        locale={{ emptyText: t(state === 'pending' ? 'emptyPending' : 'empty') }}
      />
      {current != null && <ReviewPanel id={current} onDecided={() => setSelected(current)} />}
      <ImportModal
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={(id) => {
          setImportOpen(false);
          setState('pending');
          setSelected(id);
        }}
      />
      <ManualEntryModal
        open={entryOpen}
        onClose={() => setEntryOpen(false)}
        onSaved={(id) => {
          setEntryOpen(false);
          setState('pending');
          setSelected(id);
        }}
      />
    </div>
  );
}
