import { useMemo, useState } from 'react';
import {
  Alert, Button, Card, Checkbox, Col, Collapse, Descriptions, Form, Input, InputNumber, Radio, Row,
  Modal, Select, Space, Switch, Table, Tag, Tooltip, Typography, message,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../PageHeader';
import type { Candidate, Comparison, Exclusion, Mode, Requirement } from '../../bindings';
import { useAccelerators, useComparison, useModelDefaults, useQuoteActions, useScenarios } from '../../api/queries';
import { ErrorNotice } from '../../ErrorNotice';
import { isoDate, money } from '../../format';
import { CompareChart } from './CompareChart';

const MODES: Mode[] = ['container', 'vm', 'bare_metal'];
export const SELECTION_KEY = 'gpuquote.compare.selection';

type FormValues = {
  scenario: string;
  by: 'name' | 'spec';
  gpu?: string;
  min_memory_gb?: number | null;
  min_tflops?: number | null;
  count: number;
  duration: string;
  continuous: boolean;
  checkpoint?: string;
  modes: Mode[];
  dedicated: boolean;
  no_interruptible: boolean;
  nvlink: boolean;
  domestic: boolean;
  region?: string;
  bring_up: boolean;
  include_pending?: boolean;
  rank_by: 'effective' | 'list';
  interruptions_per_day?: string;
  recovery_hours?: string;
  pcie_throughput?: string;
};

const INITIAL: FormValues = {
  scenario: '',
  by: 'name',
  gpu: 'H100',
  count: 8,
  duration: '3mo',
  continuous: false,
  modes: [],
  dedicated: false,
  no_interruptible: false,
  nvlink: false,
  domestic: false,
  bring_up: false,
  rank_by: 'effective',
};

export function ComparePage({ onQuote }: { onQuote?: () => void }) {
  const { t } = useTranslation('compare');
  const { t: tc, i18n } = useTranslation('common');
  const en = i18n.language === 'en';
  const [form] = Form.useForm<FormValues>();
  const [requirement, setRequirement] = useState<Requirement | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [msg, ctx] = message.useMessage();
  const scenarios = useScenarios();
  const defaults = useModelDefaults();
  const accelerators = useAccelerators();
  const result = useComparison(requirement);
  const by = Form.useWatch('by', form);
  const { t: tq } = useTranslation('quotes');
  const quoteActions = useQuoteActions();
  const [quoteOpen, setQuoteOpen] = useState(false);
  const [quoteForm] = Form.useForm<{ requester: string; department?: string; purpose?: string; tax_rate: string; tax_included: boolean; validity_days: number; notes?: string }>();

  const families = useMemo(
    () => [...new Set((accelerators.data ?? []).map((a) => a.family))].map((f) => ({ value: f, label: f })),
    [accelerators.data],
  );

  const applyScenario = (key: string) => {
    const sc = scenarios.data?.find((s) => s.key === key);
    if (!sc) {
      form.setFieldsValue({ ...INITIAL, scenario: '' });
      return;
    }
    form.setFieldsValue({
      scenario: key,
      by: 'name',
      gpu: sc.gpu,
      count: sc.count,
      duration: sc.duration,
      continuous: sc.continuous,
      modes: sc.modes,
      dedicated: sc.dedicated,
      no_interruptible: sc.no_interruptible,
      nvlink: sc.nvlink,
      domestic: sc.domestic,
    });
  };

  const submit = (v: FormValues) => {
    const d = defaults.data;
    const custom = v.interruptions_per_day || v.recovery_hours || v.pcie_throughput;
    setSelected([]);
    setRequirement({
      scenario: v.scenario || undefined,
      gpu: v.by === 'name' ? v.gpu : undefined,
      min_memory_gb: v.by === 'spec' ? (v.min_memory_gb ?? undefined) : undefined,
      min_tflops: v.by === 'spec' && v.min_tflops != null ? String(v.min_tflops) : undefined,
      domestic: v.domestic,
      count: v.count,
      duration: v.duration,
      continuous: v.continuous,
      checkpoint: v.checkpoint || undefined,
      modes: v.modes,
      dedicated: v.dedicated,
      no_interruptible: v.no_interruptible,
      nvlink: v.nvlink,
      region: v.region || undefined,
      bring_up: v.bring_up,
      include_pending: v.include_pending || undefined,
      rank_by: v.rank_by,
      params:
        custom && d
          ? {
              ...d,
              interruptions_per_day: v.interruptions_per_day || d.interruptions_per_day,
              recovery_hours: v.recovery_hours || d.recovery_hours,
              pcie_throughput: v.pcie_throughput || d.pcie_throughput,
            }
          : undefined,
    });
  };

  const saveSelection = () => {
    const c = result.data;
    if (!c) return;
    const chosen = c.candidates.filter((x) => selected.includes(x.offer.id));
    localStorage.setItem(
      SELECTION_KEY,
      JSON.stringify({ saved_at: new Date().toISOString(), requirement, candidates: chosen }),
    );
    void msg.success(t('selectionSaved', { count: chosen.length }));
  };

  const columns: TableColumnsType<Candidate> = [
    { title: t('col.rank'), dataIndex: 'rank', width: 56, align: 'right' },
    {
      title: t('col.vendor'),
      key: 'vendor',
      width: 110,
      render: (_, c) => (
        <span data-testid="candidate-vendor">
          {en ? c.vendor_en : c.vendor}
          {c.offer.review_state === 'pending' && <Tag color="gold">{tc('pending')}</Tag>}
        </span>
      ),
    },
    {
      title: t('col.offer'),
      key: 'offer',
      width: 230,
      render: (_, c) => (
        <Space size={4} wrap>
          <span>
            {c.offer.accelerator} ×{c.offer.gpus}
          </span>
          <Tag>{tc(`mode.${c.offer.mode}`)}</Tag>
          <Tag>{tc(`tenancy.${c.offer.tenancy}`)}</Tag>
          {c.offer.interruptible && <Tag color="orange">{tc('preemptible')}</Tag>}
          {c.offer.region && <Typography.Text type="secondary">{c.offer.region}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('col.instances'), dataIndex: 'instances', width: 70, align: 'right' },
    {
      title: t('col.plan'),
      key: 'plan',
      width: 150,
      render: (_, c) => {
        const plan = c.billing_plan.map((l) => `${l.quantity} × ${tc(`unit.${l.unit}`)}`).join(' + ');
        return c.instances > 1 ? t('instancesPlan', { count: c.instances, plan }) : plan;
      },
    },
    {
      title: t('col.listTotal'),
      key: 'list',
      width: 130,
      align: 'right',
      render: (_, c) => <span className="num">{money(c.list_total, c.currency)}</span>,
    },
    {
      title: t('col.listCny'),
      key: 'listCny',
      width: 130,
      align: 'right',
      sorter: (a, b) => Number(a.list_total_cny) - Number(b.list_total_cny),
      render: (_, c) => <span className="num">{money(c.list_total_cny, 'CNY')}</span>,
    },
    {
      title: t('col.effectiveCny'),
      key: 'eff',
      width: 130,
      align: 'right',
      sorter: (a, b) => Number(a.effective_total_cny) - Number(b.effective_total_cny),
      render: (_, c) => (
        <strong className="num" data-testid="effective-total">
          {money(c.effective_total_cny, 'CNY')}
        </strong>
      ),
    },
    {
      title: t('col.perGpuHour'),
      key: 'pgh',
      width: 90,
      align: 'right',
      render: (_, c) => <span className="num">¥{c.per_gpu_hour_cny}</span>,
    },
    {
      title: t('col.notes'),
      key: 'notes',
      width: 70,
      render: (_, c) =>
        c.warnings.length > 0 ? (
          <Tooltip title={(en ? c.warnings : c.warnings_zh).map((w) => <div key={w}>{w}</div>)}>
            <Tag color="orange" icon={<WarningOutlined />}>
              {c.warnings.length}
            </Tag>
          </Tooltip>
        ) : null,
    },
  ];

  const c = result.data;
  const modeWords = (modes: Mode[]) => modes.map((m) => tc(`mode.${m}`)).join(' / ');
  const requirementTags = (r: Comparison['requirement']) => {
    const tags: string[] = [];
    if (r.modes.length > 0) tags.push(t('tag.modes', { modes: modeWords(r.modes) }));
    if (r.dedicated) tags.push(t('tag.dedicated'));
    if (r.no_interruptible) tags.push(t('tag.no_interruptible'));
    if (r.nvlink) tags.push(t('tag.nvlink'));
    if (r.domestic) tags.push(t('tag.domestic'));
    if (r.continuous) tags.push(t('tag.continuous'));
    if (r.region) tags.push(t('tag.region', { region: r.region }));
    return tags;
  };
  const reasonWords = (e: Exclusion) => {
    const r = c?.requirement;
    const who = r?.scenario ? t('reason.who_scenario', { key: r.scenario }) : t('reason.who_req');
    return t(`reason.${e.reason_code}`, { who, modes: modeWords(r?.modes ?? []), defaultValue: e.reason });
  };
  return (
    <div>
      {ctx}
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Form<FormValues> form={form} layout="vertical" initialValues={INITIAL} onFinish={submit} data-testid="requirement-form">
          <Form.Item name="scenario" label={t('scenario.label')} style={{ marginBottom: 8 }}>
            <Radio.Group
              optionType="button"
              onChange={(e) => applyScenario(e.target.value)}
              options={[
                { value: '', label: t('scenario.none') },
                ...(scenarios.data ?? []).map((s) => ({
                  value: s.key,
                  label: <Tooltip title={s.note}>{en ? s.name_en : s.name_zh}</Tooltip>,
                })),
              ]}
            />
          </Form.Item>
          <Row gutter={12}>
            <Col>
              <Form.Item name="by" label={t('form.by')}>
                <Radio.Group options={[{ value: 'name', label: t('form.byName') }, { value: 'spec', label: t('form.bySpec') }]} />
              </Form.Item>
            </Col>
            {by !== 'spec' ? (
              <Col>
                <Form.Item name="gpu" label={t('form.gpu')} rules={[{ required: true }]}>
                  <Select showSearch style={{ width: 170 }} options={families} data-testid="compare-gpu" />
                </Form.Item>
              </Col>
            ) : (
              <>
                <Col>
                  <Form.Item name="min_memory_gb" label={t('form.minMemory')}>
                    <InputNumber min={1} style={{ width: 120 }} />
                  </Form.Item>
                </Col>
                <Col>
                  <Form.Item name="min_tflops" label={t('form.minTflops')}>
                    <InputNumber min={1} style={{ width: 140 }} />
                  </Form.Item>
                </Col>
              </>
            )}
            <Col>
              <Form.Item name="count" label={t('form.count')} rules={[{ required: true }]}>
                <InputNumber min={1} max={100000} style={{ width: 100 }} data-testid="compare-count" />
              </Form.Item>
            </Col>
            <Col>
              <Form.Item name="duration" label={t('form.duration')} tooltip={t('form.durationHelp')} rules={[{ required: true }]}>
                <Input style={{ width: 100 }} data-testid="compare-duration" />
              </Form.Item>
            </Col>
            <Col>
              <Form.Item name="checkpoint" label={t('form.checkpoint')}>
                <Input style={{ width: 90 }} placeholder={`${defaults.data?.default_checkpoint_hours ?? 4}h`} />
              </Form.Item>
            </Col>
            <Col>
              <Form.Item name="region" label={t('form.region')}>
                <Input style={{ width: 120 }} />
              </Form.Item>
            </Col>
            <Col>
              <Form.Item name="rank_by" label={t('form.rankBy')}>
                <Radio.Group
                  optionType="button"
                  options={[
                    { value: 'effective', label: t('form.rankEffective') },
                    { value: 'list', label: t('form.rankList') },
                  ]}
                />
              </Form.Item>
            </Col>
          </Row>
          <Space wrap size="large" style={{ marginBottom: 8 }}>
            <Form.Item name="modes" label={t('form.modes')} style={{ marginBottom: 0 }}>
              <Checkbox.Group options={MODES.map((m) => ({ value: m, label: tc(`mode.${m}`) }))} />
            </Form.Item>
            <Form.Item name="continuous" valuePropName="checked" style={{ marginBottom: 0 }}>
              <Checkbox data-testid="compare-continuous">{t('form.continuous')}</Checkbox>
            </Form.Item>
            <Form.Item name="dedicated" valuePropName="checked" style={{ marginBottom: 0 }}>
              <Checkbox>{t('form.dedicated')}</Checkbox>
            </Form.Item>
            <Form.Item name="no_interruptible" valuePropName="checked" style={{ marginBottom: 0 }}>
              <Checkbox>{t('form.noPreemptible')}</Checkbox>
            </Form.Item>
            <Form.Item name="nvlink" valuePropName="checked" style={{ marginBottom: 0 }}>
              <Checkbox>{t('form.nvlink')}</Checkbox>
            </Form.Item>
            <Form.Item name="domestic" valuePropName="checked" style={{ marginBottom: 0 }}>
              <Checkbox>{t('form.domestic')}</Checkbox>
            </Form.Item>
            <Form.Item name="bring_up" valuePropName="checked" label={t('form.bringUp')} style={{ marginBottom: 0 }}>
              <Switch size="small" />
            </Form.Item>
            <Form.Item name="include_pending" valuePropName="checked" tooltip={t('form.includePendingHint')} style={{ marginBottom: 0 }}>
              <Checkbox data-testid="compare-pending">{t('form.includePending')}</Checkbox>
            </Form.Item>
          </Space>
          <Collapse
            size="small"
            ghost
            items={[
              {
                key: 'adv',
                label: t('form.advanced'),
                children: (
                  <Space wrap>
                    <Form.Item name="interruptions_per_day" label={t('form.interruptionsPerDay')}>
                      <Input style={{ width: 100 }} placeholder={defaults.data?.interruptions_per_day} />
                    </Form.Item>
                    <Form.Item name="recovery_hours" label={t('form.recoveryHours')}>
                      <Input style={{ width: 100 }} placeholder={defaults.data?.recovery_hours} />
                    </Form.Item>
                    <Form.Item name="pcie_throughput" label={t('form.pcieThroughput')}>
                      <Input style={{ width: 100 }} placeholder={defaults.data?.pcie_throughput} />
                    </Form.Item>
                  </Space>
                ),
              },
            ]}
          />
          <Button type="primary" htmlType="submit" loading={result.isFetching} data-testid="compare-submit">
            {t('form.submit')}
          </Button>
        </Form>
      </Card>

      {result.error && <ErrorNotice error={result.error} />}
      <Modal
        open={quoteOpen}
        title={tq('create.title')}
        okText={tq('create.ok')}
        confirmLoading={quoteActions.create.isPending}
        onCancel={() => setQuoteOpen(false)}
        onOk={() => quoteForm.submit()}
      >
        <Form
          form={quoteForm}
          layout="vertical"
          initialValues={{ tax_rate: '0.06', tax_included: true, validity_days: 15 }}
          onFinish={(v) =>
            c &&
            requirement &&
            quoteActions.create.mutate(
              {
                requirement,
                vendor: quoteVendor(c, selected),
                requester: v.requester,
                department: v.department ?? null,
                purpose: v.purpose ?? null,
                tax_rate: v.tax_rate,
                tax_excluded: !v.tax_included,
                validity_days: v.validity_days,
                notes: v.notes ?? null,
              },
              {
                onSuccess: (q) => {
                  setQuoteOpen(false);
                  void msg.success(tq('create.created', { number: q.number }));
                  onQuote?.();
                },
              },
            )
          }
        >
          {c && <Typography.Paragraph>{tq('create.vendor')}: {quoteVendor(c, selected)}</Typography.Paragraph>}
          <Form.Item name="requester" label={tq('create.requester')} rules={[{ required: true }]}>
            <Input data-testid="quote-requester" />
          </Form.Item>
          <Form.Item name="department" label={tq('create.department')}>
            <Input />
          </Form.Item>
          <Form.Item name="purpose" label={tq('create.purpose')}>
            <Input />
          </Form.Item>
          <Space>
            <Form.Item name="tax_rate" label={tq('create.taxRate')}>
              <Input style={{ width: 80 }} />
            </Form.Item>
            <Form.Item name="tax_included" label={tq('create.taxIncluded')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="validity_days" label={tq('create.validity')}>
              <InputNumber min={1} max={365} />
            </Form.Item>
          </Space>
          <Form.Item name="notes" label={tq('create.notes')}>
            <Input.TextArea rows={2} />
          </Form.Item>
          {quoteActions.create.error && <ErrorNotice error={quoteActions.create.error} />}
        </Form>
      </Modal>
      {c && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={tc('nav.compare')}>
              <span data-testid="compare-summary">
                {t('summary', {
                  count: c.requirement.count,
                  gpus: c.requirement.accelerators.join(' / '),
                  duration: c.requirement.duration,
                  hours: c.requirement.hours,
                  hpm: c.requirement.hours_per_month,
                })}
              </span>
              {requirementTags(c.requirement).map((x) => (
                <Tag key={x} style={{ marginLeft: 6 }}>
                  {x}
                </Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label="FX">{t('rates', { rates: c.requirement.rates.join('；') })}</Descriptions.Item>
          </Descriptions>
          {c.empty_reason && <Alert type="warning" showIcon title={t('empty', { reason: c.empty_reason })} data-testid="compare-empty" />}
          {c.candidates.length > 0 && (
            <>
              <Table<Candidate>
                data-testid="candidates-table"
                rowKey={(x) => x.offer.id}
                size="small"
                columns={columns}
                dataSource={c.candidates}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                scroll={{ x: 1150 }}
                rowSelection={{
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected((keys as number[]).slice(0, 4)),
                }}
                expandable={{
                  expandedRowRender: (x) => <CandidateDetail c={x} />,
                }}
              />
              <Space>
                <Typography.Text type="secondary">{t('select')}</Typography.Text>
                <Button disabled={selected.length === 0} onClick={saveSelection} data-testid="save-selection">
                  {t('saveSelection')}
                </Button>
                <Tooltip title={c.candidates.some((x) => x.offer.review_state === 'pending') ? t('pendingNoQuote') : undefined}>
                  <Button
                    type="primary"
                    disabled={c.candidates.some((x) => x.offer.review_state === 'pending')}
                    onClick={() => setQuoteOpen(true)}
                    data-testid="create-quote"
                  >
                    {tq('create.button')}
                  </Button>
                </Tooltip>
              </Space>
              <Card size="small" title={t('chart.title')}>
                <CompareChart candidates={c.candidates} />
              </Card>
            </>
          )}
          {c.excluded.length > 0 && (
            <Card size="small" title={t('excluded', { count: c.excluded.length })}>
              <Table<Exclusion>
                data-testid="excluded-table"
                rowKey="offer_id"
                size="small"
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={c.excluded}
                columns={[
                  { title: t('col.vendor'), dataIndex: 'vendor', width: 110 },
                  { title: t('col.offer'), dataIndex: 'offer' },
                  {
                    title: t('excludedReason'),
                    key: 'reason',
                    render: (_, e) => (
                      <Tooltip title={e.reason}>
                        <span data-testid="excluded-reason">{reasonWords(e)}</span>
                      </Tooltip>
                    ),
                  },
                ]}
              />
            </Card>
          )}
          {c.other_accelerator_offers > 0 && (
            <Typography.Text type="secondary">{t('otherAccelerators', { count: c.other_accelerator_offers })}</Typography.Text>
          )}
        </Space>
      )}
    </div>
  );
}

/** The vendor to recommend: the first ticked candidate, else the best. */
function quoteVendor(c: Comparison, selected: number[]): string | null {
  const pick = c.candidates.find((x) => selected.includes(x.offer.id)) ?? c.candidates[0];
  return pick ? pick.offer.vendor_key : null;
}

function CandidateDetail({ c }: { c: Candidate }) {
  const { t, i18n } = useTranslation('compare');
  const en = i18n.language === 'en';
  return (
    <div style={{ padding: '4px 8px' }}>
      <Typography.Text strong>{t('adjustments')}</Typography.Text>
      {c.adjustments.length === 0 ? (
        <div>
          <Typography.Text type="secondary">{t('noAdjustments')}</Typography.Text>
        </div>
      ) : (
        <Table
          size="small"
          pagination={false}
          rowKey="kind"
          dataSource={c.adjustments}
          data-testid="adjustments-table"
          columns={[
            { title: '', dataIndex: 'kind', width: 100, render: (k: string) => t(`kind.${k}`) },
            {
              title: '¥',
              dataIndex: 'amount_cny',
              width: 110,
              align: 'right',
              render: (a: string) => <span className="num">+{money(a, 'CNY')}</span>,
            },
            { title: '', key: 'assumption', render: (_, a) => (en ? a.assumption : a.assumption_zh) },
            { title: t('parameter'), dataIndex: 'parameter', width: 260 },
          ]}
        />
      )}
      {(en ? c.warnings : c.warnings_zh).map((w) => (
        <Alert key={w} type="warning" showIcon title={w} style={{ marginTop: 6 }} />
      ))}
      <div style={{ marginTop: 6 }}>
        <Typography.Text type="secondary">
          {t('source', { source: c.offer.source, date: isoDate(c.offer.captured_at) })} · {c.offer.convention}
          {c.per_pflop_hour_cny && ` · ¥${c.per_pflop_hour_cny}/PFLOP·h`}
          {c.per_gb_hour_cny && ` · ¥${c.per_gb_hour_cny}/GB·h`}
        </Typography.Text>
      </div>
    </div>
  );
}
