import { useEffect, useMemo, useState } from 'react';
import {
  Alert, Button, Card, Col, Collapse, DatePicker, Form, Input, InputNumber, Row, Select, Space, Table, Tabs, Tag, Tooltip,
  Typography, message,
} from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DimensionScore, Profile, Scorecard } from '../../bindings';
import { useAccelerators, useAddEvidence, useAhp, useProfiles, useRubric, useScoreboard, useVendors } from '../../api/queries';
import { ErrorNotice } from '../../ErrorNotice';
import { PageHeader } from '../../PageHeader';
import { VendorRadar } from './RadarChart';

type EvidenceForm = { vendor: string; fact: string; value: string; source: string; date: Dayjs };

export function VendorsPage() {
  const { t, i18n } = useTranslation('vendors');
  const en = i18n.language === 'en';
  const profiles = useProfiles();
  const rubric = useRubric();
  const vendors = useVendors();
  const accelerators = useAccelerators();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [priceGpu, setPriceGpu] = useState<string | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [matrix, setMatrix] = useState('');
  const ahp = useAhp(matrix);
  const board = useScoreboard(profile, priceGpu);
  const addEvidence = useAddEvidence();
  const [form] = Form.useForm<EvidenceForm>();
  const [msg, ctx] = message.useMessage();

  useEffect(() => {
    if (!profile && profiles.data?.length) setProfile(profiles.data.find((p) => p.key === 'B') ?? profiles.data[0]);
  }, [profiles.data, profile]);
  useEffect(() => {
    // Default radar: the three best.
    if (board.data && picked.length === 0) setPicked(board.data.scorecards.slice(0, 3).map((c) => c.vendor_key));
  }, [board.data, picked.length]);

  const dims = rubric.data ?? [];
  const facts = useMemo(
    () => dims.flatMap((d) => d.criteria.map((c) => ({ value: c.fact, label: `${en ? c.en : c.zh} (${c.fact})` }))),
    [dims, en],
  );
  const families = useMemo(
    () => [...new Set((accelerators.data ?? []).map((a) => a.family))].map((f) => ({ value: f, label: f })),
    [accelerators.data],
  );

  const scoreCell = (d?: DimensionScore) =>
    d?.score == null ? <Tag>{t('unknown')}</Tag> : <span className="num">{d.score}</span>;

  const columns: TableColumnsType<Scorecard> = [
    { title: t('col.vendor'), key: 'vendor', width: 120, render: (_, c) => (en ? c.vendor_en : c.vendor) },
    ...dims.map((d) => ({
      title: en ? d.name_en : d.name_zh,
      key: d.key,
      width: 90,
      align: 'right' as const,
      render: (_: unknown, c: Scorecard) => scoreCell(c.dimensions.find((x) => x.key === d.key)),
    })),
    {
      title: t('col.technical'),
      key: 'technical',
      width: 110,
      align: 'right',
      render: (_, c) =>
        c.technical ? (
          <Tooltip title={t('col.known', { n: c.known_dimensions })}>
            <span className="num">
              {c.technical} <Typography.Text type="secondary">({c.known_dimensions}/6)</Typography.Text>
            </span>
          </Tooltip>
        ) : (
          <Tag>{t('unknown')}</Tag>
        ),
    },
    { title: t('col.price'), dataIndex: 'price_score', width: 80, align: 'right', render: (p: string | null) => p ?? '—' },
    {
      title: t('col.total'),
      dataIndex: 'total',
      width: 80,
      align: 'right',
      render: (p: string | null) => <strong data-testid="score-total">{p ?? '—'}</strong>,
    },
  ];

  const b = board.data;
  const radarCards = (b?.scorecards ?? []).filter((c) => picked.includes(c.vendor_key)).slice(0, 4);

  return (
    <div>
      {ctx}
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text>{t('profile')}</Typography.Text>
        <Select
          style={{ width: 220 }}
          value={profile?.key}
          onChange={(k) => setProfile(profiles.data?.find((p) => p.key === k) ?? null)}
          options={(profiles.data ?? []).map((p) => ({ value: p.key, label: en ? p.name_en : p.name_zh }))}
          data-testid="profile-select"
        />
        <Typography.Text>{t('priceGpu')}</Typography.Text>
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('none')}
          value={priceGpu ?? undefined}
          onChange={(v) => setPriceGpu(v ?? null)}
          options={families}
        />
      </Space>
      {board.error && <ErrorNotice error={board.error} />}
      {b?.weights.normalised_from && <Alert type="info" showIcon title={t('weights.normalised', { sum: b.weights.normalised_from })} />}
      <Row gutter={16}>
        <Col span={15}>
          <Table<Scorecard>
            data-testid="scorecard-table"
            size="small"
            rowKey="vendor_key"
            columns={columns}
            dataSource={b?.scorecards ?? []}
            pagination={false}
            scroll={{ x: 900 }}
            rowSelection={{ selectedRowKeys: picked, onChange: (k) => setPicked((k as string[]).slice(0, 4)) }}
            expandable={{ expandedRowRender: (c) => <Breakdown c={c} /> }}
          />
        </Col>
        <Col span={9}>
          <Card size="small" title={t('radar')}>
            {radarCards.length > 0 && <VendorRadar cards={radarCards} />}
          </Card>
        </Col>
      </Row>
      <Collapse
        size="small"
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'rubric',
            label: t('rubric'),
            children: (
              <Row gutter={[16, 8]} data-testid="rubric">
                {dims.map((d) => (
                  <Col span={8} key={d.key}>
                    <Typography.Text strong>{en ? d.name_en : d.name_zh}</Typography.Text>
                    <div>
                      <Typography.Text type="secondary">{d.question}</Typography.Text>
                    </div>
                    <ul style={{ margin: 0, paddingLeft: 18 }}>
                      {d.criteria.map((c) => (
                        <li key={c.fact}>
                          {c.points} {t('points')} · {en ? c.en : c.zh}
                        </li>
                      ))}
                    </ul>
                  </Col>
                ))}
              </Row>
            ),
          },
        ]}
      />
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col span={12}>
          <Card size="small" title={t('weights.title')}>
            <Tabs
              items={[
                {
                  key: 'direct',
                  label: t('weights.direct'),
                  children: profile && (
                    <Space wrap>
                      {dims.map((d) => (
                        <Space key={d.key} direction="vertical" size={0}>
                          <Typography.Text type="secondary">{en ? d.name_en : d.name_zh}</Typography.Text>
                          <InputNumber
                            min={0}
                            max={1}
                            step={0.05}
                            value={Number(profile.weights[d.key] ?? 0)}
                            onChange={(v) =>
                              setProfile({ ...profile, key: 'custom', weights: { ...profile.weights, [d.key]: String(v ?? 0) } })
                            }
                          />
                        </Space>
                      ))}
                      <Space direction="vertical" size={0}>
                        <Typography.Text type="secondary">{t('weights.price')}</Typography.Text>
                        <InputNumber
                          min={0}
                          max={1}
                          step={0.05}
                          value={Number(profile.price_weight)}
                          onChange={(v) => setProfile({ ...profile, key: 'custom', price_weight: String(v ?? 0) })}
                        />
                      </Space>
                    </Space>
                  ),
                },
                {
                  key: 'ahp',
                  label: t('weights.ahp'),
                  children: (
                    <Space direction="vertical" style={{ width: '100%' }}>
                      <Typography.Text type="secondary">{t('weights.matrix')}</Typography.Text>
                      <Input.TextArea
                        rows={3}
                        value={matrix}
                        placeholder="1,3,5,3,3,5;1/3,1,3,1,1,3;1/5,1/3,1,1/3,1/3,1;1/3,1,3,1,1,3;1/3,1,3,1,1,3;1/5,1/3,1,1/3,1/3,1"
                        onChange={(e) => setMatrix(e.target.value)}
                        data-testid="ahp-matrix"
                      />
                      {ahp.error && <ErrorNotice error={ahp.error} />}
                      {ahp.data && (
                        <Space wrap>
                          <Tag color={ahp.data.consistent ? 'green' : 'red'} data-testid="ahp-cr">
                            {t('weights.cr', { cr: ahp.data.cr })}
                          </Tag>
                          <Typography.Text>{ahp.data.weights.join(' · ')}</Typography.Text>
                          <Button
                            size="small"
                            disabled={!profile || ahp.data.weights.length !== dims.length}
                            onClick={() =>
                              profile &&
                              setProfile({
                                ...profile,
                                key: 'AHP',
                                weights: Object.fromEntries(dims.map((d, i) => [d.key, ahp.data!.weights[i]])),
                              })
                            }
                          >
                            {t('weights.apply')}
                          </Button>
                        </Space>
                      )}
                    </Space>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" title={t('evidence.title')}>
            <Form<EvidenceForm>
              form={form}
              layout="vertical"
              size="small"
              initialValues={{ date: dayjs(), source: '' }}
              onFinish={(v) =>
                addEvidence.mutate(
                  { vendor: v.vendor, fact: v.fact, value: v.value, source: v.source ?? '', asOf: v.date.format('YYYY-MM-DD') },
                  { onSuccess: () => void msg.success(t('evidence.saved')) },
                )
              }
            >
              <Space wrap>
                <Form.Item name="vendor" label={t('evidence.vendor')} rules={[{ required: true }]}>
                  <Select
                    style={{ width: 140 }}
                    showSearch
                    optionFilterProp="label"
                    options={(vendors.data ?? []).map((v) => ({ value: v.key, label: en ? v.name_en : v.name_zh }))}
                  />
                </Form.Item>
                <Form.Item name="fact" label={t('evidence.fact')} rules={[{ required: true }]}>
                  <Select style={{ width: 260 }} showSearch optionFilterProp="label" options={facts} />
                </Form.Item>
                <Form.Item name="value" label={t('evidence.value')} rules={[{ required: true }]}>
                  <Input style={{ width: 120 }} />
                </Form.Item>
                <Form.Item name="source" label={t('evidence.source')}>
                  <Input style={{ width: 220 }} />
                </Form.Item>
                <Form.Item name="date" label={t('evidence.date')} rules={[{ required: true }]}>
                  <DatePicker />
                </Form.Item>
              </Space>
              <Button htmlType="submit" loading={addEvidence.isPending}>
                {t('evidence.add')}
              </Button>
              {addEvidence.error && <ErrorNotice error={addEvidence.error} />}
            </Form>
          </Card>
        </Col>
      </Row>
    </div>
  );
}

function Breakdown({ c }: { c: Scorecard }) {
  const { t, i18n } = useTranslation('vendors');
  const en = i18n.language === 'en';
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {c.dimensions.map((d) => (
        <div key={d.key}>
          <Typography.Text strong>
            {en ? d.name_en : d.name_zh}: {d.score ?? t('unknown')}
          </Typography.Text>
          <ul style={{ margin: '2px 0 6px', paddingLeft: 18 }}>
            {d.criteria.map((x) => (
              <li key={x.fact}>
                <Tag color={x.state === 'met' ? 'green' : x.state === 'unknown' ? 'default' : 'red'}>{t(`state.${x.state}`)}</Tag>
                {x.awarded}/{x.points} · {en ? x.en : x.zh}
                {x.evidence && (
                  <Typography.Text type="secondary">
                    {' '}
                    — {t(`origin.${x.evidence.origin}`)}, {x.evidence.as_of}: {x.evidence.source || <Tag color="orange">{t('unsourced')}</Tag>}
                  </Typography.Text>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </Space>
  );
}
