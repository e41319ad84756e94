// Enter a price received by e-mail or phone: the price string is read live by the same parser as
// imports and scrapes, and the entry is validated by the core before it is stored (pending).
import { useEffect, useState } from 'react';
import { AutoComplete, Form, Input, InputNumber, Modal, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ParsedPrice } from '../../bindings';
import { call, toAppError } from '../../api/call';
import { useAccelerators, useSourceActions, useVendors } from '../../api/queries';
import { ErrorNotice } from '../../ErrorNotice';

type Values = { vendor: string; source: string; gpu: string; gpus: number; mode: string; price: string; currency?: string; billing?: string; region?: string; note?: string };

export function ManualEntryModal({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: (id: number | null) => void }) {
  const { t } = useTranslation('sources');
  const { t: tc } = useTranslation('common');
  const vendors = useVendors();
  const accs = useAccelerators();
  const act = useSourceActions();
  const [form] = Form.useForm<Values>();
  const priceText = Form.useWatch('price', form);
  const [parsed, setParsed] = useState<ParsedPrice | null>(null);
  const [parseError, setParseError] = useState<string | null>(null);

  useEffect(() => {
    if (!priceText?.trim()) {
      setParsed(null);
      setParseError(null);
      return;
    }
    const h = setTimeout(() => {
      call('parse_price', { text: priceText })
        .then((p) => {
          setParsed(p);
          setParseError(null);
        })
        .catch((e) => {
          setParsed(null);
          setParseError(toAppError(e).message);
        });
    }, 200);
    return () => clearTimeout(h);
  }, [priceText]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    act.enter.mutate(
      {
        vendor: v.vendor,
        source: v.source,
        note: v.note,
        dry_run: false,
        offers: [
          {
            vendor: '',
            accelerator: v.gpu,
            gpus: v.gpus,
            mode: v.mode,
            price: v.price,
            currency: v.currency || undefined,
            billing: v.billing || undefined,
            region: v.region || undefined,
            note: v.note || undefined,
          },
        ],
      },
      { onSuccess: (r) => onSaved(r.snapshots[0]?.id ?? null) },
    );
  };

  const gpuOptions = (accs.data ?? []).map((a) => ({ value: a.name }));

  return (
    <Modal open={open} title={t('enterTitle')} onCancel={onClose} onOk={() => void submit()} okText={t('enterSave')} confirmLoading={act.enter.isPending} destroyOnHidden width={640}>
      <Typography.Paragraph type="secondary">{t('enterHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ gpus: 1, mode: 'container' }}>
        <Space wrap>
          <Form.Item name="vendor" label={t('col.vendor')} rules={[{ required: true }]}>
            <Select style={{ width: 200 }} showSearch optionFilterProp="label" options={(vendors.data ?? []).map((v) => ({ value: v.key, label: `${v.name_zh} / ${v.name_en}` }))} />
          </Form.Item>
          <Form.Item name="source" label={t('enterSource')} rules={[{ required: true, whitespace: true, message: t('enterSourceRequired') }]}>
            <Input style={{ width: 320 }} placeholder={t('enterSourcePlaceholder')} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="gpu" label="GPU" rules={[{ required: true }]}>
            <AutoComplete style={{ width: 220 }} options={gpuOptions} filterOption={(i, o) => (o?.value ?? '').toLowerCase().includes(i.toLowerCase())} />
          </Form.Item>
          <Form.Item name="gpus" label={t('gpus')} rules={[{ required: true }]}>
            <InputNumber min={1} max={1024} />
          </Form.Item>
          <Form.Item name="mode" label={t('mode')} rules={[{ required: true }]}>
            <Select style={{ width: 130 }} options={['container', 'vm', 'bare_metal'].map((m) => ({ value: m, label: tc(`mode.${m}`) }))} />
          </Form.Item>
        </Space>
        <Form.Item
          name="price"
          label={t('priceText')}
          rules={[{ required: true }]}
          extra={
            parseError ? (
              <Typography.Text type="danger">{parseError}</Typography.Text>
            ) : parsed ? (
              <Space size={4} wrap data-testid="parsed-price">
                <Tag>{parsed.amount}{parsed.max ? `–${parsed.max}` : ''}</Tag>
                <Tag>{parsed.currency ?? t('notStated')}</Tag>
                <Tag>{parsed.unit ? tc(`billing.${parsed.unit}`) : t('notStated')}</Tag>
                {parsed.per_gpu && <Tag>{t('perGpu')}</Tag>}
                {parsed.from && <Tag color="orange">{tc('fromPrice')}</Tag>}
              </Space>
            ) : (
              t('priceExamples')
            )
          }
        >
          <Input placeholder="¥1.96/小时 · 84,480元/月 · $2.49/hr" data-testid="entry-price" />
        </Form.Item>
        <Space wrap>
          <Form.Item name="currency" label={t('currencyIfMissing')}>
            <Select allowClear style={{ width: 120 }} options={['CNY', 'USD', 'EUR', 'HKD'].map((c) => ({ value: c }))} />
          </Form.Item>
          <Form.Item name="billing" label={t('billingIfMissing')}>
            <Select allowClear style={{ width: 120 }} options={['hour', 'day', 'month', 'year'].map((b) => ({ value: b, label: tc(`billing.${b}`) }))} />
          </Form.Item>
          <Form.Item name="region" label={t('region')}>
            <Input style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Form.Item name="note" label={t('note')}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
      {act.enter.error && <ErrorNotice error={act.enter.error} />}
    </Modal>
  );
}
