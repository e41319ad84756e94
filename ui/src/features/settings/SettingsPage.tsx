import { useEffect, useState } from 'react';
import { Button, Card, DatePicker, Descriptions, Form, Input, InputNumber, Space, Table, Typography, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../PageHeader';
import type { FxRate, QuoteSettings } from '../../bindings';
import { useAddFxRate, useAppInfo, useQuoteSettings, useSetHours, useSetQuoteSettings, useSettings } from '../../api/queries';
import { ErrorNotice } from '../../ErrorNotice';

type FxForm = { base: string; rate: string; as_of: Dayjs; source: string };

export function SettingsPage() {
  const { t } = useTranslation('settings');
  const settings = useSettings();
  const info = useAppInfo();
  const setHours = useSetHours();
  const addRate = useAddFxRate();
  const [hours, setHoursValue] = useState<number | null>(null);
  const [form] = Form.useForm<FxForm>();
  const [msg, ctx] = message.useMessage();
  const quoteSettings = useQuoteSettings();
  const setQuoteSettings = useSetQuoteSettings();
  const [qform] = Form.useForm<QuoteSettings>();
  useEffect(() => {
    if (quoteSettings.data) qform.setFieldsValue(quoteSettings.data);
  }, [quoteSettings.data, qform]);

  useEffect(() => {
    if (settings.data) setHoursValue(settings.data.hours_per_month);
  }, [settings.data]);

  if (settings.error) return <ErrorNotice error={settings.error} onRetry={() => void settings.refetch()} />;

  return (
    <div style={{ maxWidth: 820 }}>
      {ctx}
      <PageHeader title={t('title')} />
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card title={t('hours.label')}>
          <Typography.Paragraph type="secondary">{t('hours.help')}</Typography.Paragraph>
          <Space>
            <InputNumber
              min={672}
              max={744}
              step={1}
              value={hours}
              onChange={(v) => setHoursValue(v)}
              addonAfter="h"
              data-testid="hours-input"
            />
            <Button
              type="primary"
              loading={setHours.isPending}
              disabled={hours == null || hours === settings.data?.hours_per_month}
              onClick={() =>
                hours != null &&
                setHours.mutate(hours, { onSuccess: () => void msg.success(t('saved')) })
              }
            >
              {t('hours.save')}
            </Button>
          </Space>
          {setHours.error && <ErrorNotice error={setHours.error} />}
        </Card>

        <Card title={t('fx.title')}>
          <Typography.Paragraph type="secondary">{t('fx.help')}</Typography.Paragraph>
          <Table<FxRate>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={settings.data?.fx ?? []}
            columns={[
              { title: t('fx.base'), dataIndex: 'base' },
              { title: t('fx.rate'), dataIndex: 'rate', align: 'right' },
              { title: t('fx.date'), dataIndex: 'as_of' },
              { title: t('fx.source'), dataIndex: 'source' },
            ]}
          />
          <Form<FxForm>
            form={form}
            layout="inline"
            style={{ marginTop: 16, rowGap: 8 }}
            initialValues={{ base: 'USD', as_of: dayjs(), source: '' }}
            onFinish={(v) =>
              addRate.mutate(
                { id: 0, base: v.base, quote: 'CNY', rate: v.rate, as_of: v.as_of.format('YYYY-MM-DD'), source: v.source ?? '' },
                { onSuccess: () => void msg.success(t('saved')) },
              )
            }
          >
            <Form.Item name="base" label={t('fx.base')} rules={[{ required: true, pattern: /^[A-Za-z]{3}$/ }]}>
              <Input style={{ width: 70 }} maxLength={3} />
            </Form.Item>
            <Form.Item name="rate" label={t('fx.rate')} rules={[{ required: true, pattern: /^\d+(\.\d+)?$/ }]}>
              <Input style={{ width: 100 }} placeholder="7.10" data-testid="fx-rate" />
            </Form.Item>
            <Form.Item name="as_of" label={t('fx.date')} rules={[{ required: true }]}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="source" label={t('fx.source')}>
              <Input style={{ width: 200 }} />
            </Form.Item>
            <Form.Item>
              <Button htmlType="submit" loading={addRate.isPending}>
                {t('fx.add')}
              </Button>
            </Form.Item>
          </Form>
          {addRate.error && <ErrorNotice error={addRate.error} />}
        </Card>

        <Card title={t('quotes.title')}>
          <Form<QuoteSettings>
            form={qform}
            layout="inline"
            style={{ rowGap: 8 }}
            onFinish={(v) => setQuoteSettings.mutate(v, { onSuccess: () => void msg.success(t('saved')) })}
          >
            <Form.Item name="company" label={t('quotes.company')}>
              <Input style={{ width: 240 }} />
            </Form.Item>
            <Form.Item name="prefix" label={t('quotes.prefix')} rules={[{ required: true }]}>
              <Input style={{ width: 90 }} />
            </Form.Item>
            <Form.Item name="stale_days" label={t('quotes.staleDays')} rules={[{ required: true }]}>
              <InputNumber min={1} max={3650} />
            </Form.Item>
            <Form.Item>
              <Button htmlType="submit" loading={setQuoteSettings.isPending}>
                {t('quotes.save')}
              </Button>
            </Form.Item>
          </Form>
          {setQuoteSettings.error && <ErrorNotice error={setQuoteSettings.error} />}
        </Card>

        <Card title={t('data.title')}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('data.path')}>
              <Typography.Text copyable data-testid="db-path">
                {info.data?.db_path ?? '—'}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('data.schema')}>{info.data?.schema_version ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('data.version')}>{info.data?.version ?? '—'}</Descriptions.Item>
          </Descriptions>
          <Typography.Text type="secondary">{t('data.backup')}</Typography.Text>
        </Card>
      </Space>
    </div>
  );
}
