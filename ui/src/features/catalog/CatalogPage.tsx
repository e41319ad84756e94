import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Checkbox, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { InputRef, TableColumnsType } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../PageHeader';
import type { BillingUnit, Mode, OfferFilter, OfferView } from '../../bindings';
import { useAccelerators, useOffers, useSettings, useVendors } from '../../api/queries';
import { ErrorNotice } from '../../ErrorNotice';
import { isoDate, money } from '../../format';

const MODES: Mode[] = ['container', 'vm', 'bare_metal'];
const BILLINGS: BillingUnit[] = ['hour', 'day', 'month', 'year'];

const num = (s: string | null | undefined) => (s == null ? Number.POSITIVE_INFINITY : Number(s));

export function CatalogPage({ onCompare }: { onCompare?: () => void }) {
  const { t } = useTranslation('catalog');
  const { t: tc, i18n } = useTranslation('common');
  const en = i18n.language === 'en';
  const [filter, setFilter] = useState<OfferFilter>({ domestic: false });
  const [searchText, setSearchText] = useState('');
  const offers = useOffers(filter);
  const vendors = useVendors();
  const accelerators = useAccelerators();
  const settings = useSettings();
  const searchRef = useRef<InputRef>(null);

  // "/" focuses the search box, as in most list views.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const tag = (e.target as HTMLElement | null)?.tagName;
      if (e.key === '/' && tag !== 'INPUT' && tag !== 'TEXTAREA') {
        e.preventDefault();
        searchRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const families = useMemo(() => {
    const seen = new Map<string, boolean>();
    for (const a of accelerators.data ?? []) seen.set(a.family, a.domestic);
    return [...seen.entries()].map(([family, domestic]) => ({
      value: family,
      label: domestic ? `${family}（${tc('domestic')}）` : family,
    }));
  }, [accelerators.data, tc]);

  const data = offers.data ?? [];
  const vendorCount = new Set(data.map((o) => o.vendor_key)).size;
  const hours = settings.data?.hours_per_month ?? 720;

  const columns: TableColumnsType<OfferView> = [
    {
      title: t('col.vendor'),
      dataIndex: 'vendor',
      key: 'vendor',
      width: 120,
      sorter: (a, b) => a.vendor_en.localeCompare(b.vendor_en),
      render: (_, o) => (
        <div>
          <Space size={4} wrap>
            <span data-testid="vendor-name">{en ? o.vendor_en : o.vendor}</span>
            {o.vendor_example && <Tag color="purple">{tc('example')}</Tag>}
            {o.review_state === 'pending' && (
              <Tag color="gold" data-testid="pending-tag">
                {tc('pending')}
              </Tag>
            )}
          </Space>
          {o.region && (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {o.region}
              </Typography.Text>
            </div>
          )}
        </div>
      ),
    },
    {
      title: t('col.accelerator'),
      dataIndex: 'accelerator',
      key: 'accelerator',
      width: 150,
      sorter: (a, b) => a.accelerator.localeCompare(b.accelerator),
      render: (_, o) => (
        <Space size={4} wrap>
          <span>{o.accelerator}</span>
          {o.domestic && <Tag color="red">{tc('domestic')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('col.gpus'),
      dataIndex: 'gpus',
      key: 'gpus',
      width: 64,
      align: 'right',
      sorter: (a, b) => a.gpus - b.gpus,
      render: (g: number) => `×${g}`,
    },
    {
      title: t('col.mode'),
      key: 'mode',
      width: 122,
      render: (_, o) => (
        <Space size={4} wrap>
          <span>{tc(`mode.${o.mode}`)}</span>
          <Tag>{tc(`tenancy.${o.tenancy}`)}</Tag>
          {o.interruptible && <Tag color="orange">{tc('preemptible')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('col.billing'),
      dataIndex: 'billing',
      key: 'billing',
      width: 66,
      render: (b: BillingUnit) => tc(`billing.${b}`),
    },
    {
      title: t('col.price'),
      key: 'price',
      width: 140,
      align: 'right',
      render: (_, o) => (
        <Space size={4}>
          {o.from_price && <Tag color="gold">{tc('fromPrice')}</Tag>}
          <span className="num">
            {money(o.price, o.currency)}
            {o.price_max ? `–${money(o.price_max, o.currency)}` : ''}
            {o.price_basis === 'gpu' ? t('perGpuBasis') : ''}
          </span>
        </Space>
      ),
    },
    {
      title: t('col.perGpuHour'),
      key: 'per_gpu_hour_cny',
      width: 96,
      align: 'right',
      defaultSortOrder: undefined,
      sorter: (a, b) => num(a.per_gpu_hour_cny_exact) - num(b.per_gpu_hour_cny_exact),
      render: (_, o) => (
        <Tooltip
          title={
            <div>
              <div>{o.convention}</div>
              {o.currency !== 'CNY' && o.fx_rate && (
                <div>
                  × {o.fx_rate} CNY/{o.currency} ({o.fx_as_of})
                </div>
              )}
            </div>
          }
        >
          <div>
            <strong className="num" data-testid="per-gpu-hour-cny">
              {o.per_gpu_hour_cny ? `¥${o.per_gpu_hour_cny}` : t('noRate')}
            </strong>
            {o.currency !== 'CNY' && (
              <div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {money(o.per_gpu_hour, o.currency)}
                </Typography.Text>
              </div>
            )}
          </div>
        </Tooltip>
      ),
    },
    {
      title: t('col.source'),
      key: 'source',
      width: 120,
      ellipsis: { showTitle: false },
      render: (_, o) => (
        <Tooltip
          title={
            <div>
              <div>{t('snapshot', { id: o.snapshot_id })}</div>
              <div>{o.source}</div>
              {o.snapshot_note && <div>{o.snapshot_note}</div>}
              {o.note && <div>{o.note}</div>}
            </div>
          }
        >
          <Typography.Text type="secondary">{o.source}</Typography.Text>
        </Tooltip>
      ),
    },
    {
      title: t('col.captured'),
      dataIndex: 'captured_at',
      key: 'captured_at',
      width: 108,
      sorter: (a, b) => a.captured_at.localeCompare(b.captured_at),
      render: (d: string) => isoDate(d),
    },
    {
      title: t('col.confidence'),
      dataIndex: 'confidence',
      key: 'confidence',
      width: 84,
      filters: (['high', 'medium', 'low'] as const).map((c) => ({ text: tc(`confidence.${c}`), value: c })),
      onFilter: (v, o) => o.confidence === v,
      render: (c: OfferView['confidence']) =>
        c === 'low' ? (
          <Tooltip title={t('lowConfidence')}>
            <Tag color="orange" icon={<WarningOutlined />} data-testid="low-confidence">
              {tc(`confidence.${c}`)}
            </Tag>
          </Tooltip>
        ) : (
          <Tag color={c === 'high' ? 'green' : 'blue'}>{tc(`confidence.${c}`)}</Tag>
        ),
    },
  ];

  const usd = settings.data?.fx.find((r) => r.base === 'USD');

  return (
    <div>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          ref={searchRef}
          allowClear
          style={{ width: 260 }}
          placeholder={`${t('filters.search')}  /`}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onSearch={(v) => setFilter((f) => ({ ...f, search: v || undefined }))}
          data-testid="search"
        />
        <Select
          allowClear
          showSearch
          style={{ width: 170 }}
          placeholder={t('filters.gpu')}
          options={families}
          value={filter.gpu}
          onChange={(v) => setFilter((f) => ({ ...f, gpu: v ?? undefined }))}
          data-testid="filter-gpu"
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 170 }}
          placeholder={t('filters.vendor')}
          options={(vendors.data ?? []).map((v) => ({ value: v.key, label: en ? v.name_en : v.name_zh }))}
          value={filter.vendor}
          onChange={(v) => setFilter((f) => ({ ...f, vendor: v ?? undefined }))}
        />
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('filters.mode')}
          options={MODES.map((m) => ({ value: m, label: tc(`mode.${m}`) }))}
          value={filter.mode}
          onChange={(v) => setFilter((f) => ({ ...f, mode: v ?? undefined }))}
        />
        <Select
          allowClear
          style={{ width: 120 }}
          placeholder={t('filters.billing')}
          options={BILLINGS.map((b) => ({ value: b, label: tc(`billing.${b}`) }))}
          value={filter.billing}
          onChange={(v) => setFilter((f) => ({ ...f, billing: v ?? undefined }))}
        />
        <Checkbox
          checked={filter.domestic}
          onChange={(e) => setFilter((f) => ({ ...f, domestic: e.target.checked }))}
          data-testid="filter-domestic"
        >
          {t('filters.domesticOnly')}
        </Checkbox>
        <Tooltip title={t('filters.includePendingHint')}>
          <Checkbox
            checked={!!filter.include_pending}
            onChange={(e) => setFilter((f) => ({ ...f, include_pending: e.target.checked || undefined }))}
            data-testid="filter-pending"
          >
            {t('filters.includePending')}
          </Checkbox>
        </Tooltip>
        <Button
          onClick={() => {
            setFilter({ domestic: false });
            setSearchText('');
          }}
        >
          {t('filters.reset')}
        </Button>
        {onCompare && (
          <Button type="primary" onClick={onCompare} data-testid="to-compare">
            {t('toCompare')}
          </Button>
        )}
      </Space>
      {offers.error ? (
        <ErrorNotice error={offers.error} onRetry={() => void offers.refetch()} />
      ) : (
        <Table<OfferView>
          data-testid="catalog-table"
          rowKey="id"
          size="small"
          loading={offers.isLoading}
          columns={columns}
          dataSource={data}
          scroll={{ x: 1060 }}
          sticky
          pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: true }}
          locale={{ emptyText: t('empty') }}
          rowClassName={(o) => (o.confidence === 'low' ? 'row-low-confidence' : '')}
        />
      )}
      <div style={{ marginTop: 8 }} data-testid="catalog-footer">
        <Typography.Text strong>{t('count', { count: data.length, vendors: vendorCount })}</Typography.Text>
        <br />
        <Typography.Text type="secondary">{t('convention', { hours })}</Typography.Text>
        {usd && (
          <>
            <br />
            <Typography.Text type="secondary">
              {t('fx', { base: usd.base, rate: usd.rate, date: usd.as_of, source: usd.source })}
            </Typography.Text>
          </>
        )}
      </div>
    </div>
  );
}
