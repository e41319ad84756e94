import { useMemo, useState } from 'react';
import { Button, Card, Col, Descriptions, Form, Input, Modal, Popconfirm, Row, Segmented, Select, Space, Table, Tag, Typography, message } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { save } from '@tauri-apps/plugin-dialog';
import type { QuoteLine, QuoteRecord } from '../../bindings';
import { useQuoteActions, useQuotePreview, useQuotes } from '../../api/queries';
import { ErrorNotice } from '../../ErrorNotice';
import { PageHeader } from '../../PageHeader';
import { money } from '../../format';

const STATUS_COLOR: Record<string, string> = { draft: 'default', issued: 'blue', approved: 'green', rejected: 'red', expired: 'orange' };

export function QuotesPage() {
  const { t } = useTranslation('quotes');
  const quotes = useQuotes();
  const act = useQuoteActions();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | undefined>();
  const [selected, setSelected] = useState<number | null>(null);
  const [lang, setLang] = useState('zh');
  const [msg, ctx] = message.useMessage();
  const [editing, setEditing] = useState(false);
  const [previewAsk, setPreviewAsk] = useState<{ number: string; version: number; lang: string } | null>(null);
  const preview = useQuotePreview(previewAsk);
  const [editForm] = Form.useForm<{ requester: string; department: string; purpose: string; notes: string }>();

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (quotes.data ?? []).filter(
      (r) =>
        (!status || r.status === status) &&
        (!q ||
          r.number.toLowerCase().includes(q) ||
          r.content.requester.toLowerCase().includes(q) ||
          r.content.lines.some((l) => l.vendor.toLowerCase().includes(q) || l.vendor_en.toLowerCase().includes(q))),
    );
  }, [quotes.data, search, status]);
  const current = rows.find((r) => r.id === selected) ?? rows[0];
  const latest = (r: QuoteRecord) => (quotes.data ?? []).filter((x) => x.number === r.number).every((x) => x.version <= r.version);
  const err = act.issue.error ?? act.revise.error ?? act.decide.error ?? act.exportPdf.error;

  const columns: TableColumnsType<QuoteRecord> = [
    { title: t('col.number'), dataIndex: 'number', width: 130 },
    { title: t('col.version'), dataIndex: 'version', width: 50, render: (v: number) => `v${v}` },
    {
      title: t('col.status'),
      dataIndex: 'status',
      width: 90,
      render: (s: string) => <Tag color={STATUS_COLOR[s]}>{t(`status.${s}`)}</Tag>,
    },
    { title: t('col.date'), key: 'date', width: 100, render: (_, r) => r.content.date },
    { title: t('col.requester'), key: 'req', width: 90, render: (_, r) => r.content.requester },
    { title: t('col.vendor'), key: 'vendor', render: (_, r) => r.content.lines[0]?.vendor },
    { title: t('col.total'), key: 'total', align: 'right', render: (_, r) => money(r.content.total_cny, 'CNY') },
  ];

  return (
    <div>
      {ctx}
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Space style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('search')} style={{ width: 260 }} onSearch={setSearch} onChange={(e) => setSearch(e.target.value)} />
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('col.status')}
          value={status}
          onChange={setStatus}
          options={['draft', 'issued', 'approved', 'rejected', 'expired'].map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
      </Space>
      {quotes.error && <ErrorNotice error={quotes.error} />}
      {err && <ErrorNotice error={err} />}
      <Row gutter={16}>
        <Col span={10}>
          <Table<QuoteRecord>
            data-testid="quotes-table"
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={rows}
            locale={{ emptyText: t('empty') }}
            pagination={{ pageSize: 15, hideOnSinglePage: true }}
            onRow={(r) => ({ onClick: () => setSelected(r.id), style: { cursor: 'pointer' } })}
            rowClassName={(r) => (current && r.id === current.id ? 'ant-table-row-selected' : '')}
          />
        </Col>
        <Col span={14}>
          {current && (
            <Card
              size="small"
              data-testid="quote-detail"
              title={
                <Space>
                  <span>
                    {t('title')} {current.number} v{current.version}
                  </span>
                  <Tag color={STATUS_COLOR[current.status]}>{t(`status.${current.status}`)}</Tag>
                </Space>
              }
              extra={
                <Space wrap>
                  {current.status === 'draft' && (
                    <Button
                      size="small"
                      onClick={() => {
                        editForm.setFieldsValue({
                          requester: current.content.requester,
                          department: current.content.department,
                          purpose: current.content.purpose,
                          notes: current.content.notes,
                        });
                        setEditing(true);
                      }}
                    >
                      {t('edit')}
                    </Button>
                  )}
                  {current.status === 'draft' && (
                    <Popconfirm title={t('issueConfirm')} onConfirm={() => act.issue.mutate(current.number)}>
                      <Button type="primary" size="small" data-testid="quote-issue">
                        {t('issue')}
                      </Button>
                    </Popconfirm>
                  )}
                  {current.status !== 'draft' && latest(current) && (
                    <Button size="small" onClick={() => act.revise.mutate(current.number)}>
                      {t('revise')}
                    </Button>
                  )}
                  {current.status === 'issued' && (
                    <>
                      <Button size="small" onClick={() => act.decide.mutate({ number: current.number, approve: true })}>
                        {t('approve')}
                      </Button>
                      <Button size="small" danger onClick={() => act.decide.mutate({ number: current.number, approve: false })}>
                        {t('reject')}
                      </Button>
                    </>
                  )}
                  <Segmented size="small" value={lang} onChange={(v) => setLang(v as string)} options={['zh', 'en', 'both']} />
                  <Button
                    size="small"
                    data-testid="quote-preview"
                    onClick={() => setPreviewAsk({ number: current.number, version: current.version, lang })}
                  >
                    {t('preview')}
                  </Button>
                  <Button
                    size="small"
                    loading={act.exportPdf.isPending}
                    onClick={async () => {
                      // Save dialog; without one (e.g. an automated test) the core writes to Downloads.
                      let path: string | null = null;
                      try {
                        path = await save({
                          defaultPath: `${current.number}-v${current.version}.pdf`,
                          filters: [{ name: 'PDF', extensions: ['pdf'] }],
                        });
                        if (path === null) return;
                      } catch {
                        path = null;
                      }
                      act.exportPdf.mutate(
                        { number: current.number, version: current.version, lang, path },
                        { onSuccess: (p) => void msg.success(t('exported', { path: p })) },
                      );
                    }}
                  >
                    {t('export')}
                  </Button>
                </Space>
              }
            >
              <QuoteView q={current} />
              <Modal
                open={previewAsk !== null}
                title={t('previewTitle')}
                width={720}
                footer={null}
                onCancel={() => setPreviewAsk(null)}
              >
                {preview.error && <ErrorNotice error={preview.error} />}
                <div style={{ maxHeight: '75vh', overflow: 'auto', background: '#f0f0f0', padding: 8 }} data-testid="pdf-preview">
                  {(preview.data ?? []).map((svg, i) => (
                    // The core's SVG of each PDF page, inline so its embedded font applies (CSP
                    // forbids scripts; the SVG holds only shapes and text).
                    <div
                      key={i}
                      className="pdf-page"
                      style={{ background: '#fff', marginBottom: 8, boxShadow: '0 1px 4px rgba(0,0,0,.2)' }}
                      dangerouslySetInnerHTML={{ __html: svg }}
                    />
                  ))}
                </div>
              </Modal>
              <Modal
                open={editing}
                title={`${t('edit')} ${current.number} v${current.version}`}
                okText={t('save')}
                confirmLoading={act.edit.isPending}
                onCancel={() => setEditing(false)}
                onOk={() => editForm.submit()}
              >
                <Form
                  form={editForm}
                  layout="vertical"
                  onFinish={(v) =>
                    act.edit.mutate({ number: current.number, ...v }, { onSuccess: () => setEditing(false) })
                  }
                >
                  <Form.Item name="requester" label={t('create.requester')} rules={[{ required: true }]}>
                    <Input />
                  </Form.Item>
                  <Form.Item name="department" label={t('create.department')}>
                    <Input />
                  </Form.Item>
                  <Form.Item name="purpose" label={t('create.purpose')}>
                    <Input />
                  </Form.Item>
                  <Form.Item name="notes" label={t('create.notes')}>
                    <Input.TextArea rows={3} />
                  </Form.Item>
                  {act.edit.error && <ErrorNotice error={act.edit.error} />}
                </Form>
              </Modal>
            </Card>
          )}
        </Col>
      </Row>
    </div>
  );
}

function QuoteView({ q }: { q: QuoteRecord }) {
  const { t } = useTranslation('quotes');
  const c = q.content;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t('col.date')}>{c.date}</Descriptions.Item>
        <Descriptions.Item label={t('validUntil')}>{c.valid_until}</Descriptions.Item>
        <Descriptions.Item label={t('col.requester')}>{c.requester}</Descriptions.Item>
        <Descriptions.Item label={t('department')}>{c.department}</Descriptions.Item>
        <Descriptions.Item label={t('requirement')} span={2}>
          {c.requirement}
        </Descriptions.Item>
      </Descriptions>
      <Table<QuoteLine>
        size="small"
        pagination={false}
        rowKey="offer_id"
        dataSource={c.lines}
        columns={[
          { title: '', dataIndex: 'role', width: 60, render: (r: string) => (r === 'recommended' ? <Tag color="blue">{t('recommended')}</Tag> : <Tag>{t('alternative')}</Tag>) },
          { title: t('col.vendor'), dataIndex: 'vendor', width: 80 },
          { title: '', key: 'offer', render: (_, l) => `${l.offer} · ${l.unit_price}` },
          { title: '', dataIndex: 'billing_plan', width: 120 },
          { title: '¥', key: 'cny', align: 'right', width: 110, render: (_, l) => money(l.list_total_cny, 'CNY') },
        ]}
      />
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label={t('net')}>{money(c.net_cny, 'CNY')}</Descriptions.Item>
        <Descriptions.Item label={`${t('tax')} ${c.tax_rate}`}>{money(c.tax_cny, 'CNY')}</Descriptions.Item>
        <Descriptions.Item label={t('total')}>
          <strong data-testid="quote-total">{money(c.total_cny, 'CNY')}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('upper')} span={3}>
          <span data-testid="quote-upper">人民币{c.total_uppercase}</span>
        </Descriptions.Item>
      </Descriptions>
      {q.content_hash && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('hash')}: {q.content_hash}
        </Typography.Text>
      )}
      {c.rent_or_build && <Typography.Text type="secondary">{c.rent_or_build}</Typography.Text>}
      <Typography.Text strong>{t('assumptions')}</Typography.Text>
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {c.assumptions.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
      {c.warnings.length > 0 && (
        <>
          <Typography.Text strong>{t('warnings')}</Typography.Text>
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {c.warnings.map((a) => (
              <li key={a}>
                <Typography.Text type="warning">{a}</Typography.Text>
              </li>
            ))}
          </ul>
        </>
      )}
    </Space>
  );
}
