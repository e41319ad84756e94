import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, MarkPointComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ComposeOption } from 'echarts/core';
import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { useTranslation } from 'react-i18next';
import type { TcoResult } from '../../bindings';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, MarkLineComponent, MarkPointComponent, CanvasRenderer]);

type Option = ComposeOption<LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

/** Build cost per used GPU-hour (low and high case) against utilisation, the rent line, and the
 * break-even utilisation of each case marked where the curves cross the rent line. */
export function TcoChart({ r }: { r: TcoResult }) {
  const { t } = useTranslation('tco');
  const [low, high] = r.cases;
  const rent = Number(low.rent_per_gpu_hour_cny);
  // A fine grid of utilisation from 10 % to 100 % (1 % steps) computed from the 100 % cost.
  const us = Array.from({ length: 91 }, (_, i) => (10 + i) / 100);
  const curve = (atFull: string) => us.map((u) => [u * 100, Number((Number(atFull) / u).toFixed(2))]);
  const be = (c: typeof low) => Number(c.break_even_utilization) * 100;
  const mark = (c: typeof low, name: string) =>
    be(c) <= 100
      ? [{ name, coord: [Number(be(c).toFixed(1)), rent], value: `${be(c).toFixed(1)}%` }]
      : [];
  // One build curve (low or high case) with its break-even pin on the rent line.
  const buildSeries = (name: string, c: typeof low, color: string): LineSeriesOption => ({
    name,
    type: 'line',
    showSymbol: false,
    data: curve(c.build_per_gpu_hour_at_full_cny),
    lineStyle: { color },
    itemStyle: { color },
    markPoint: { symbolSize: 44, data: mark(c, name), label: { formatter: '{c}', fontSize: 10 } },
  });
  const option: Option = {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (v) => `¥${Number(v).toFixed(2)}` },
    legend: { top: 0, data: [t('chartBuildLow'), t('chartBuildHigh'), t('chartRent')] },
    grid: { left: 8, right: 32, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'value', min: 10, max: 100, name: '%', axisLabel: { formatter: '{value}%' } },
    yAxis: { type: 'value', name: '¥/GPU-h', min: 0, max: Math.ceil(Math.max(rent * 3, Number(high.build_per_gpu_hour_at_full_cny) * 2.5)) },
    series: [
      buildSeries(t('chartBuildLow'), low, '#52c41a'),
      buildSeries(t('chartBuildHigh'), high, '#fa8c16'),
      {
        name: t('chartRent'),
        type: 'line',
        showSymbol: false,
        data: us.map((u) => [u * 100, rent]),
        lineStyle: { color: '#1677ff', type: 'dashed', width: 2 },
        itemStyle: { color: '#1677ff' },
        markLine: {
          symbol: 'none',
          data: [{ xAxis: Number(r.utilization) * 100, name: t('utilization') }],
          label: { formatter: `${t('utilization')} ${(Number(r.utilization) * 100).toFixed(0)}%` },
          lineStyle: { color: '#999' },
        },
      },
    ],
  };
  return (
    <div data-testid="tco-chart">
      <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 340 }} />
    </div>
  );
}

/** Break-even utilisation as the rent price moves ±50 %. */
export function SensitivityChart({ r }: { r: TcoResult }) {
  const { t } = useTranslation('tco');
  const option: Option = {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${Number(v).toFixed(1)}%` },
    legend: { top: 0, data: [t('chartBuildLow'), t('chartBuildHigh')] },
    grid: { left: 8, right: 32, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'category', name: t('sensX'), data: r.cases[0].by_rent_price.map((p) => `×${p.x}`) },
    yAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
    series: r.cases.map((c, i) => ({
      name: i === 0 ? t('chartBuildLow') : t('chartBuildHigh'),
      type: 'line' as const,
      data: c.by_rent_price.map((p) => Number((Number(p.y) * 100).toFixed(1))),
      lineStyle: { color: i === 0 ? '#52c41a' : '#fa8c16' },
      itemStyle: { color: i === 0 ? '#52c41a' : '#fa8c16' },
      markLine: i === 0 ? { symbol: 'none', data: [{ yAxis: 100 }], lineStyle: { color: '#999' } } : undefined,
    })),
  };
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 240 }} />;
}
