import { useEffect, useState } from 'react';
import {
  Alert, Button, Card, Col, Descriptions, Form, Input, InputNumber, Radio, Row, Segmented, Select, Slider,
  Space, Statistic, Table, Typography, message,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../PageHeader';
import type { Range, Side, TcoInput } from '../../bindings';
import { useSaveTcoPreset, useTco, useTcoPresets } from '../../api/queries';
import { ErrorNotice } from '../../ErrorNotice';
import { money } from '../../format';
import { SensitivityChart, TcoChart } from './TcoChart';

type Pair = { low?: string; high?: string };
type FormValues = {
  gpus: number;
  accelerator: string;
  gpu_capex: Pair;
  servers_network_capex: Pair;
  storage_capex: Pair;
  installation_capex: Pair;
  facility_mode: 'flat' | 'power';
  facility_per_year: Pair;
  power_kw: Pair;
  pue: Pair;
  price_per_kwh: Pair;
  staff_per_year: Pair;
  maintenance_pct_per_year: Pair;
  horizon_years: string;
  residual_pct: Pair;
  cost_of_capital: string;
  rent_gpu: string;
  rent_vendor?: string;
  rent_per_gpu_hour?: string;
};

const toPair = (r?: Range | null): Pair => (r ? { low: r[0], high: r[1] ?? r[0] } : {});
const toRange = (p?: Pair): Range => {
  const low = (p?.low ?? '').trim() || '0';
  const high = (p?.high ?? '').trim();
  return high && high !== low ? [low, high] : [low];
};

function toForm(p: TcoInput): FormValues {
  return {
    gpus: p.gpus,
    accelerator: p.accelerator,
    gpu_capex: toPair(p.gpu_capex),
    servers_network_capex: toPair(p.servers_network_capex),
    storage_capex: toPair(p.storage_capex),
    installation_capex: toPair(p.installation_capex),
    facility_mode: p.power_kw ? 'power' : 'flat',
    facility_per_year: toPair(p.facility_per_year),
    power_kw: toPair(p.power_kw),
    pue: toPair(p.pue),
    price_per_kwh: toPair(p.price_per_kwh),
    staff_per_year: toPair(p.staff_per_year),
    maintenance_pct_per_year: toPair(p.maintenance_pct_per_year),
    horizon_years: p.horizon_years,
    residual_pct: toPair(p.residual_pct),
    cost_of_capital: p.cost_of_capital,
    rent_gpu: p.rent_gpu,
    rent_vendor: p.rent_vendor ?? undefined,
    rent_per_gpu_hour: p.rent_per_gpu_hour ?? undefined,
  };
}

function toInput(base: TcoInput, v: FormValues): TcoInput {
  const power = v.facility_mode === 'power';
  return {
    ...base,
    gpus: v.gpus,
    accelerator: v.accelerator,
    gpu_capex: toRange(v.gpu_capex),
    servers_network_capex: toRange(v.servers_network_capex),
    storage_capex: toRange(v.storage_capex),
    installation_capex: toRange(v.installation_capex),
    facility_per_year: power ? null : toRange(v.facility_per_year),
    power_kw: power ? toRange(v.power_kw) : null,
    pue: power ? toRange(v.pue) : null,
    price_per_kwh: power ? toRange(v.price_per_kwh) : null,
    staff_per_year: toRange(v.staff_per_year),
    maintenance_pct_per_year: toRange(v.maintenance_pct_per_year),
    horizon_years: v.horizon_years,
    residual_pct: toRange(v.residual_pct),
    cost_of_capital: v.cost_of_capital || '0',
    rent_gpu: v.rent_gpu,
    rent_vendor: v.rent_vendor || null,
    rent_per_gpu_hour: v.rent_per_gpu_hour || null,
  };
}

function RangeField({ name, label }: { name: keyof FormValues; label: string }) {
  const { t } = useTranslation('tco');
  return (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      <Space.Compact>
        <Form.Item name={[name, 'low']} noStyle>
          <Input style={{ width: 120 }} placeholder={t('low')} data-testid={`${name}-low`} />
        </Form.Item>
        <Form.Item name={[name, 'high']} noStyle>
          <Input style={{ width: 120 }} placeholder={t('high')} data-testid={`${name}-high`} />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

export function TcoPage() {
  const { t, i18n } = useTranslation('tco');
  const en = i18n.language === 'en';
  const presets = useTcoPresets();
  const save = useSaveTcoPreset();
  const [form] = Form.useForm<FormValues>();
  const [presetKey, setPresetKey] = useState('article');
  const [utilization, setUtilization] = useState(60);
  const [side, setSide] = useState<Side>('low');
  const [ask, setAsk] = useState<{ input: TcoInput; utilization: string; case: Side } | null>(null);
  const [saveName, setSaveName] = useState('');
  const [msg, ctx] = message.useMessage();
  const facilityMode = Form.useWatch('facility_mode', form);
  const base = presets.data?.find((p) => p.key === presetKey);
  const result = useTco(ask);

  const runWith = (u = utilization, s = side) => {
    if (!base) return;
    setAsk({ input: toInput(base, form.getFieldsValue(true)), utilization: (u / 100).toFixed(2), case: s });
  };

  useEffect(() => {
    if (base) {
      form.setFieldsValue(toForm(base));
      runWith();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base?.key, presets.data]);

  const r = result.data;
  const chosen = r?.cases.find((c) => c.case === side);
  const pct = (s: string) => `${(Number(s) * 100).toFixed(1)}%`;

  return (
    <div>
      {ctx}
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Row gutter={16} wrap={false}>
        <Col flex="380px">
          <Card size="small">
            <Form<FormValues> form={form} layout="vertical" size="small" onFinish={() => runWith()}>
              <Form.Item label={t('preset')}>
                <Select
                  value={presetKey}
                  onChange={setPresetKey}
                  options={(presets.data ?? []).map((p) => ({ value: p.key, label: (en ? p.name_en : p.name_zh) || p.key }))}
                  data-testid="tco-preset"
                />
              </Form.Item>
              <Typography.Text strong>{t('build')}</Typography.Text>
              <Space>
                <Form.Item name="gpus" label={t('gpus')} style={{ marginBottom: 8 }}>
                  <InputNumber min={1} />
                </Form.Item>
                <Form.Item name="accelerator" label={t('accelerator')} style={{ marginBottom: 8 }}>
                  <Input style={{ width: 120 }} />
                </Form.Item>
                <Form.Item name="horizon_years" label={t('horizon')} style={{ marginBottom: 8 }}>
                  <Input style={{ width: 70 }} />
                </Form.Item>
              </Space>
              <RangeField name="gpu_capex" label={t('gpuCapex')} />
              <RangeField name="servers_network_capex" label={t('serversCapex')} />
              <RangeField name="storage_capex" label={t('storageCapex')} />
              <RangeField name="installation_capex" label={t('installationCapex')} />
              <Form.Item name="facility_mode" label={t('facilityMode')} style={{ marginBottom: 8 }}>
                <Radio.Group options={[{ value: 'flat', label: t('facilityFlat') }, { value: 'power', label: t('facilityPower') }]} />
              </Form.Item>
              {facilityMode === 'power' ? (
                <>
                  <RangeField name="power_kw" label={t('powerKw')} />
                  <RangeField name="pue" label={t('pue')} />
                  <RangeField name="price_per_kwh" label={t('pricePerKwh')} />
                </>
              ) : (
                <RangeField name="facility_per_year" label={t('facility')} />
              )}
              <RangeField name="staff_per_year" label={t('staff')} />
              <RangeField name="maintenance_pct_per_year" label={t('maintenance')} />
              <RangeField name="residual_pct" label={t('residual')} />
              <Form.Item name="cost_of_capital" label={t('costOfCapital')} style={{ marginBottom: 8 }}>
                <Input style={{ width: 100 }} />
              </Form.Item>
              <Typography.Text strong>{t('rent')}</Typography.Text>
              <Space wrap>
                <Form.Item name="rent_gpu" label={t('rentGpu')} style={{ marginBottom: 8 }}>
                  <Input style={{ width: 100 }} />
                </Form.Item>
                <Form.Item name="rent_vendor" label={t('rentVendor')} style={{ marginBottom: 8 }}>
                  <Input style={{ width: 110 }} />
                </Form.Item>
                <Form.Item name="rent_per_gpu_hour" label={t('rentPrice')} style={{ marginBottom: 8 }}>
                  <Input style={{ width: 90 }} />
                </Form.Item>
              </Space>
              <Space>
                <Button type="primary" htmlType="submit" loading={result.isFetching} data-testid="tco-run">
                  {t('run')}
                </Button>
                <Input placeholder={t('saveName')} value={saveName} onChange={(e) => setSaveName(e.target.value)} style={{ width: 130 }} />
                <Button
                  disabled={!saveName.trim() || !base}
                  onClick={() =>
                    base &&
                    save.mutate(
                      { name: saveName.trim(), input: toInput(base, form.getFieldsValue(true)) },
                      { onSuccess: () => void msg.success(t('saved')) },
                    )
                  }
                >
                  {t('save')}
                </Button>
              </Space>
              {save.error && <ErrorNotice error={save.error} />}
            </Form>
          </Card>
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Space wrap style={{ marginBottom: 8 }}>
            <Typography.Text>{t('utilization')}</Typography.Text>
            <Slider
              style={{ width: 260 }}
              min={10}
              max={100}
              value={utilization}
              onChange={setUtilization}
              onChangeComplete={(u) => runWith(u)}
              tooltip={{ formatter: (v) => `${v}%` }}
            />
            <Typography.Text strong>{utilization}%</Typography.Text>
            <Segmented<Side>
              value={side}
              onChange={(s) => {
                setSide(s);
                runWith(utilization, s);
              }}
              options={[
                { value: 'low', label: t('caseLow') },
                { value: 'high', label: t('caseHigh') },
              ]}
            />
          </Space>
          {result.error && <ErrorNotice error={result.error} />}
          {r && chosen && (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Row gutter={12}>
                <Col span={7}>
                  <Statistic title={t('buildTotal')} value={money(chosen.build_total_cny, 'CNY')} styles={{ content: { fontSize: 20 } }} data-testid="tco-build-total" />
                </Col>
                <Col span={4}>
                  <Statistic title={t('buildPerGpuHour', { u: `${utilization}%` })} value={`¥${chosen.build_per_gpu_hour_cny}`} styles={{ content: { fontSize: 20 } }} />
                </Col>
                <Col span={4}>
                  <Statistic title={t('buildAtFull')} value={`¥${chosen.build_per_gpu_hour_at_full_cny}`} styles={{ content: { fontSize: 20 } }} />
                </Col>
                <Col span={4}>
                  <Statistic title={t('rentPerGpuHour')} value={`¥${chosen.rent_per_gpu_hour_cny}`} styles={{ content: { fontSize: 20 } }} />
                </Col>
                <Col span={5}>
                  <Statistic
                    title={t('breakEven')}
                    value={`${pct(r.cases[0].break_even_utilization)} – ${pct(r.cases[1].break_even_utilization)}`}
                    styles={{ content: { fontSize: 20 } }}
                    data-testid="tco-break-even"
                  />
                </Col>
              </Row>
              <Alert type="info" showIcon title={en ? chosen.conclusion_en : chosen.conclusion_zh} data-testid="tco-conclusion" />
              <Card size="small" title={t('chartTitle')}>
                <TcoChart r={r} />
              </Card>
              <Row gutter={12}>
                <Col span={12}>
                  <Card size="small" title={t('sensTitle')}>
                    <SensitivityChart r={r} />
                  </Card>
                </Col>
                <Col span={12}>
                  <Card size="small" title={t('components')}>
                    <Table
                      size="small"
                      pagination={false}
                      rowKey="item"
                      dataSource={chosen.components}
                      columns={[
                        { title: t('item'), dataIndex: 'item', render: (i: string) => t(`items.${i}`, { defaultValue: i }) },
                        { title: t('amount'), dataIndex: 'amount_cny', align: 'right', render: (a: string) => money(a, 'CNY') },
                        { title: t('perYear'), dataIndex: 'per_year_cny', align: 'right', render: (a: string | null) => (a ? money(a, 'CNY') : '') },
                      ]}
                    />
                    <Descriptions size="small" column={1} style={{ marginTop: 8 }}>
                      <Descriptions.Item label={t('breakEvenMonth')}>
                        {chosen.break_even_month ?? t('never')}
                      </Descriptions.Item>
                    </Descriptions>
                  </Card>
                </Col>
              </Row>
              <Card size="small" title={t('assumptions')}>
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {r.assumptions.map((a) => (
                    <li key={a}>
                      <Typography.Text type="secondary">{a}</Typography.Text>
                    </li>
                  ))}
                  {r.input.note && (
                    <li>
                      <Typography.Text type="secondary">{r.input.note}</Typography.Text>
                    </li>
                  )}
                </ul>
              </Card>
            </Space>
          )}
        </Col>
      </Row>
    </div>
  );
}
