// Import a file: pick it, pick (or detect) the format and the vendor, preview what would be
// imported (a dry run through the core), then import with a progress bar.
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Descriptions, Form, Input, Modal, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { open as openDialog } from '@tauri-apps/plugin-dialog';
import type { ImportFormat, ImportReport, PreviewOffer, Progress as IngestProgress } from '../../bindings';
import { useSourceActions, useVendors } from '../../api/queries';
import { ErrorNotice } from '../../ErrorNotice';
import { money } from '../../format';
import { onIngestProgress } from './progress';

export function ImportModal({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: (id: number | null) => void }) {
  const { t } = useTranslation('sources');
  const { t: tc } = useTranslation('common');
  const vendors = useVendors();
  const act = useSourceActions();
  const [path, setPath] = useState('');
  const [format, setFormat] = useState<ImportFormat | 'auto'>('auto');
  const [vendor, setVendor] = useState<string | undefined>();
  const [newVendor, setNewVendor] = useState(false);
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const [progress, setProgress] = useState<IngestProgress | null>(null);
  const busy = act.importFile.isPending;

  useEffect(() => {
    if (!busy) return;
    return onIngestProgress(setProgress);
  }, [busy]);
  useEffect(() => setPreview(null), [path, format, vendor, newVendor]);

  const args = (dryRun: boolean) => ({
    path,
    format: format === 'auto' ? null : format,
    vendor: vendor ?? null,
    newVendor,
    dryRun,
  });
  const pick = async () => {
    const p = await openDialog({
      multiple: false,
      filters: [{ name: 'CSV / JSON', extensions: ['csv', 'json'] }],
    }).catch(() => null);
    if (typeof p === 'string') setPath(p);
  };
  const run = (dryRun: boolean) => {
    setProgress(null);
    act.importFile.mutate(args(dryRun), {
      onSuccess: (r) => {
        if (r.dry_run) setPreview(r);
        else onImported(r.snapshots[0]?.id ?? null);
      },
    });
  };

  const cols = [
    { title: t('skip.line'), dataIndex: 'line', width: 60 },
    { title: t('col.vendor'), dataIndex: 'vendor', width: 90 },
    { title: 'GPU', key: 'gpu', render: (_: unknown, p: PreviewOffer) => `${p.accelerator} ×${p.gpus}` },
    { title: t('mode'), key: 'mode', width: 90, render: (_: unknown, p: PreviewOffer) => <>{tc(`mode.${p.mode}`)}{p.interruptible && <Tag color="orange">{tc('preemptible')}</Tag>}</> },
    { title: t('diff.new'), key: 'price', align: 'right' as const, render: (_: unknown, p: PreviewOffer) => `${money(p.price, p.currency)}/${p.basis === 'gpu' ? t('perGpu') : ''}${tc(`unit.${p.billing}`)}` },
    { title: tc('perGpuHour'), key: 'h', align: 'right' as const, render: (_: unknown, p: PreviewOffer) => money(p.per_gpu_hour, p.currency) },
    { title: t('region'), dataIndex: 'region', ellipsis: true },
  ];

  return (
    <Modal
      open={open}
      width={860}
      title={t('importTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button onClick={() => run(true)} disabled={!path || busy} data-testid="import-preview">
            {t('preview')}
          </Button>
          <Button type="primary" onClick={() => run(false)} disabled={!preview || busy} loading={busy && !preview?.dry_run} data-testid="import-commit">
            {t('importCommit', { n: preview?.imported ?? 0 })}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('file')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Input value={path} onChange={(e) => setPath(e.target.value)} placeholder="/path/to/vms.csv" data-testid="import-path" />
            <Button onClick={() => void pick()}>{t('browse')}</Button>
          </Space.Compact>
        </Form.Item>
        <Space wrap>
          <Form.Item label={t('format')}>
            <Select<ImportFormat | 'auto'>
              style={{ width: 200 }}
              value={format}
              onChange={setFormat}
              options={[
                { value: 'auto', label: t('formatAuto') },
                { value: 'skypilot', label: 'SkyPilot catalog (vms.csv)' },
                { value: 'csv', label: t('formatCsv') },
                { value: 'json', label: t('formatJson') },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('col.vendor')} tooltip={t('vendorHint')}>
            <Select
              style={{ width: 200 }}
              allowClear
              showSearch
              value={vendor}
              onChange={setVendor}
              optionFilterProp="label"
              options={(vendors.data ?? []).map((v) => ({ value: v.key, label: `${v.name_zh} / ${v.name_en}` }))}
              data-testid="import-vendor"
            />
          </Form.Item>
          <Form.Item label=" ">
            <Checkbox checked={newVendor} onChange={(e) => setNewVendor(e.target.checked)}>
              {t('newVendor')}
            </Checkbox>
          </Form.Item>
        </Space>
      </Form>
      {busy && (
        <Progress
          data-testid="import-progress"
          percent={progress && progress.total ? Math.round((100 * progress.done) / progress.total) : 5}
          status="active"
          format={() => (progress ? t(`progress.${progress.stage}`, { defaultValue: progress.stage }) : t('progress.read'))}
        />
      )}
      {act.importFile.error && <ErrorNotice error={act.importFile.error} />}
      {preview && (
        <div data-testid="import-report">
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 8 }}
            title={t('previewSummary', { imported: preview.imported, skipped: preview.skipped, format: preview.format, snapshots: preview.snapshots.length })}
            description={
              preview.same_source_as.length > 0 ? t('sameSource', { ids: preview.same_source_as.map((i) => `#${i}`).join(', ') }) : undefined
            }
          />
          <Descriptions size="small" column={1}>
            {preview.skip_reasons.map((k) => (
              <Descriptions.Item key={k.code} label={t(`skipCode.${k.code}`, { defaultValue: k.code })}>
                {k.count} × {k.reason}{' '}
                <Typography.Text type="secondary">
                  ({t('lines')} {k.lines.join(', ')}
                  {k.count > k.lines.length ? ', …' : ''})
                </Typography.Text>
              </Descriptions.Item>
            ))}
            {preview.new_accelerators.length > 0 && (
              <Descriptions.Item label={t('newAccelerators')}>{preview.new_accelerators.join(', ')}</Descriptions.Item>
            )}
          </Descriptions>
          <Table<PreviewOffer> size="small" rowKey={(p) => `${p.line}-${p.accelerator}-${p.interruptible}`} columns={cols} dataSource={preview.preview} pagination={{ pageSize: 8 }} />
        </div>
      )}
    </Modal>
  );
}
