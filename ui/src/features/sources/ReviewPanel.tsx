// One snapshot under review: summary, diff against the vendor's approved list, anomalies, skipped
// rows, raw captures, and approve / reject (both ask for the reviewer; reject asks why).
import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, List, Modal, Select, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DiffOffer, DiffRow, Skip } from '../../bindings';
import { useRawCapture, useSnapshotReview, useSourceActions } from '../../api/queries';
import { ErrorNotice } from '../../ErrorNotice';
import { money } from '../../format';
import { STATE_COLOR } from './SourcesPage';

const REVIEWER_KEY = 'gpuquote.reviewer';
const KIND_COLOR: Record<string, string> = { added: 'green', removed: 'red', changed: 'orange', unchanged: 'default' };

export function ReviewPanel({ id, onDecided }: { id: number; onDecided: () => void }) {
  const { t } = useTranslation('sources');
  const { t: tc, i18n } = useTranslation('common');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const review = useSnapshotReview(id);
  const act = useSourceActions();
  const [showUnchanged, setShowUnchanged] = useState(false);
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);
  const [captureId, setCaptureId] = useState<number | null>(null);
  const raw = useRawCapture(captureId);
  const [form] = Form.useForm<{ reviewer: string; note: string }>();

  if (review.error) return <ErrorNotice error={review.error} onRetry={() => void review.refetch()} />;
  const r = review.data;
  if (!r) return <Card loading style={{ marginTop: 12 }} />;
  const s = r.snapshot;

  const price = (o: DiffOffer | null) =>
    o && (
      <span>
        {money(o.price, o.currency)}
        <Typography.Text type="secondary">
          {' '}
          /{o.basis === 'gpu' ? t('perGpu') : ''}
          {tc(`unit.${o.billing}`)}
        </Typography.Text>
        {o.from_price && <Tag style={{ marginLeft: 4 }}>{tc('fromPrice')}</Tag>}
      </span>
    );
  const perHour = (o: DiffOffer | null) =>
    o && (
      <span title={o.per_gpu_hour_cny ? `¥${o.per_gpu_hour_cny}/${tc('perGpuHour')}` : undefined}>
        {money(o.per_gpu_hour, o.currency)}
      </span>
    );

  const columns: TableColumnsType<DiffRow> = [
    {
      title: t('diff.kind'),
      dataIndex: 'kind',
      width: 80,
      render: (k: string) => <Tag color={KIND_COLOR[k]}>{t(`kind.${k}`)}</Tag>,
      filters: ['added', 'removed', 'changed', 'unchanged'].map((k) => ({ text: t(`kind.${k}`), value: k })),
      onFilter: (v, row) => row.kind === v,
    },
    {
      title: t('diff.offer'),
      key: 'offer',
      render: (_, d) => (
        <span>
          <b>{d.accelerator}</b> ×{d.gpus}
          {d.interruptible && <Tag color="orange" style={{ marginLeft: 4 }}>{tc('preemptible')}</Tag>}
          <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
            {[d.region, d.instance_type].filter(Boolean).join(' · ')}
          </Typography.Text>
        </span>
      ),
      sorter: (a, b) => a.accelerator.localeCompare(b.accelerator),
    },
    { title: t('diff.old'), key: 'old', width: 150, align: 'right', render: (_, d) => price(d.old) },
    { title: t('diff.new'), key: 'new', width: 150, align: 'right', render: (_, d) => price(d.new) },
    {
      title: t('diff.perGpuHour'),
      key: 'h',
      width: 150,
      align: 'right',
      render: (_, d) => (
        <span>
          {perHour(d.old) ?? '—'} → {perHour(d.new) ?? '—'}
        </span>
      ),
    },
    {
      title: t('diff.change'),
      dataIndex: 'change_pct',
      width: 90,
      align: 'right',
      sorter: (a, b) => Math.abs(Number(a.change_pct ?? 0)) - Math.abs(Number(b.change_pct ?? 0)),
      render: (p: string | null) =>
        p == null ? '' : (
          <span style={{ color: Number(p) > 0 ? '#cf1322' : Number(p) < 0 ? '#389e0d' : undefined, fontWeight: Math.abs(Number(p)) > 30 ? 600 : undefined }}>
            {Number(p) > 0 ? '+' : ''}
            {Number(p).toFixed(1)}%
          </span>
        ),
    },
    {
      title: t('diff.flags'),
      dataIndex: 'flags',
      width: 150,
      render: (f: string[]) => f.map((x) => <Tag color="red" key={x}>{t(`anomaly.${x}`, { defaultValue: x })}</Tag>),
    },
  ];
  const diff = r.diff.filter((d) => showUnchanged || d.kind !== 'unchanged');

  const decide = async () => {
    // Invalid fields are shown under the inputs; nothing else to do.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    localStorage.setItem(REVIEWER_KEY, v.reviewer);
    const m = decision === 'approve' ? act.approve : act.reject;
    m.mutate(
      { id, reviewer: v.reviewer, note: v.note ?? '' },
      {
        onSuccess: () => {
          setDecision(null);
          onDecided();
        },
      },
    );
  };

  const skipColumns: TableColumnsType<Skip> = [
    { title: t('skip.line'), dataIndex: 'line', width: 70 },
    { title: t('skip.code'), dataIndex: 'code', width: 150, render: (c: string) => <Tag>{t(`skipCode.${c}`, { defaultValue: c })}</Tag> },
    { title: t('skip.reason'), dataIndex: 'reason' },
    { title: t('skip.raw'), dataIndex: 'raw', ellipsis: true },
  ];

  return (
    <Card
      style={{ marginTop: 12 }}
      data-testid="review-panel"
      title={
        <Space>
          <span>
            {t('reviewTitle', { id: s.id })} · {s.vendor}
          </span>
          <Tag color={STATE_COLOR[s.state]} data-testid="review-state">
            {t(`state.${s.state}`)}
          </Tag>
        </Space>
      }
      extra={
        <Space>
          <Button type="primary" disabled={s.state !== 'pending' || s.offers === 0} onClick={() => { form.setFieldsValue({ reviewer: localStorage.getItem(REVIEWER_KEY) ?? '', note: '' }); setDecision('approve'); }} data-testid="approve">
            {t('approve')}
          </Button>
          <Button danger disabled={s.state === 'rejected'} onClick={() => { form.setFieldsValue({ reviewer: localStorage.getItem(REVIEWER_KEY) ?? '', note: '' }); setDecision('reject'); }} data-testid="reject">
            {s.state === 'approved' ? t('withdraw') : t('reject')}
          </Button>
        </Space>
      }
    >
      <Descriptions size="small" column={3} style={{ marginBottom: 8 }}>
        <Descriptions.Item label={t('col.origin')}>{t(`origin.${s.origin}`)}</Descriptions.Item>
        <Descriptions.Item label={t('col.captured')}>{s.captured_at.slice(0, 19).replace('T', ' ')}</Descriptions.Item>
        <Descriptions.Item label={t('baseline')}>
          {r.baseline ? t('baselineText', { id: r.baseline.id, date: r.baseline.captured_at.slice(0, 10), n: r.baseline.offers }) : t('noBaseline')}
        </Descriptions.Item>
        <Descriptions.Item label={t('col.source')} span={3}>
          {s.source}
        </Descriptions.Item>
        {s.reviewer && (
          <Descriptions.Item label={t('col.reviewer')} span={3}>
            {s.reviewer} · {s.reviewed_at?.slice(0, 16).replace('T', ' ')} {s.review_note ? `· ${s.review_note}` : ''}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Space style={{ marginBottom: 8 }} data-testid="diff-counts">
        <Tag color="green">{t('kind.added')} {r.added}</Tag>
        <Tag color="orange">{t('kind.changed')} {r.changed}</Tag>
        <Tag color="red">{t('kind.removed')} {r.removed}</Tag>
        <Tag>{t('kind.unchanged')} {r.unchanged}</Tag>
        <Typography.Text type="secondary">{t('hoursNote', { h: r.hours_per_month })}</Typography.Text>
      </Space>
      <Tabs
        items={[
          {
            key: 'diff',
            label: t('tab.diff'),
            children: (
              <>
                <Space style={{ marginBottom: 8 }}>
                  <Switch size="small" checked={showUnchanged} onChange={setShowUnchanged} />
                  <span>{t('showUnchanged')}</span>
                </Space>
                <Table<DiffRow>
                  data-testid="diff-table"
                  size="small"
                  rowKey={(d) => `${d.kind}-${d.new?.id ?? 0}-${d.old?.id ?? 0}`}
                  columns={columns}
                  dataSource={diff}
                  pagination={{ pageSize: 12, showSizeChanger: false }}
                  rowClassName={(d) => (d.flags.length ? 'row-flagged' : '')}
                />
              </>
            ),
          },
          {
            key: 'anomalies',
            label: `${t('tab.anomalies')} (${r.anomalies.length})`,
            children: (
              <List
                data-testid="anomalies"
                size="small"
                dataSource={r.anomalies}
                locale={{ emptyText: t('noAnomalies') }}
                renderItem={(a) => (
                  <List.Item>
                    <Tag color={a.code === 'no_baseline' ? 'default' : 'red'}>{t(`anomaly.${a.code}`, { defaultValue: a.code })}</Tag>
                    {a.offer && <b style={{ marginRight: 6 }}>{a.offer}</b>}
                    <Typography.Text type="secondary">{lang === 'en' ? a.message : a.message_zh}</Typography.Text>
                  </List.Item>
                )}
              />
            ),
          },
          {
            key: 'skips',
            label: `${t('tab.skips')} (${r.skips.length})`,
            children: <Table<Skip> size="small" rowKey={(k, i) => `${k.line}-${i}`} columns={skipColumns} dataSource={r.skips} pagination={{ pageSize: 10 }} />,
          },
          {
            key: 'raw',
            label: `${t('tab.raw')} (${r.captures.length})`,
            children: r.captures.length === 0 ? (
              <Typography.Text type="secondary">{t('noRaw')}</Typography.Text>
            ) : (
              <>
                <Select
                  style={{ minWidth: 420, marginBottom: 8 }}
                  placeholder={t('pickCapture')}
                  value={captureId ?? undefined}
                  onChange={setCaptureId}
                  options={r.captures.map((c) => ({
                    value: c.id,
                    label: `#${c.id} ${c.url}${c.status ? ` (HTTP ${c.status})` : ''} · ${(c.bytes / 1024).toFixed(1)} KB`,
                  }))}
                  data-testid="capture-select"
                />
                {raw.error && <ErrorNotice error={raw.error} />}
                {raw.data && (
                  <>
                    <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                      SHA-256 {raw.data.capture.sha256.slice(0, 16)}… {raw.data.hash_ok ? `✓ ${t('hashOk')}` : `⚠ ${t('hashBad')}`} · {raw.data.capture.fetched_at.slice(0, 19)}
                      {raw.data.capture.content_type ? ` · ${raw.data.capture.content_type}` : ''}
                    </Typography.Paragraph>
                    {!raw.data.hash_ok && <Alert type="error" title={t('hashBad')} />}
                    <pre data-testid="raw-text" style={{ maxHeight: 360, overflow: 'auto', background: '#fafafa', border: '1px solid #f0f0f0', padding: 8, fontSize: 12, whiteSpace: 'pre-wrap' }}>
                      {raw.data.text}
                    </pre>
                    {raw.data.truncated && <Typography.Text type="secondary">{t('truncated')}</Typography.Text>}
                  </>
                )}
              </>
            ),
          },
        ]}
      />
      <Modal
        open={decision != null}
        title={decision === 'approve' ? t('approveTitle', { id, vendor: s.vendor }) : t('rejectTitle', { id, vendor: s.vendor })}
        okText={decision === 'approve' ? t('approve') : s.state === 'approved' ? t('withdraw') : t('reject')}
        okButtonProps={{ danger: decision === 'reject', id: 'decision-ok' }}
        confirmLoading={act.approve.isPending || act.reject.isPending}
        onOk={() => void decide()}
        onCancel={() => setDecision(null)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{decision === 'approve' ? t('approveHint', { vendor: s.vendor }) : t('rejectHint')}</Typography.Paragraph>
        <Form form={form} layout="vertical">
          <Form.Item name="reviewer" label={t('reviewer')} rules={[{ required: true, whitespace: true, message: t('reviewerRequired') }]}>
            <Input data-testid="reviewer" />
          </Form.Item>
          <Form.Item name="note" label={t('note')} rules={decision === 'reject' ? [{ required: true, whitespace: true, message: t('noteRequired') }] : []}>
            <Input.TextArea rows={2} data-testid="review-note" />
          </Form.Item>
        </Form>
        {(act.approve.error || act.reject.error) && <ErrorNotice error={act.approve.error ?? act.reject.error} />}
      </Modal>
    </Card>
  );
}
