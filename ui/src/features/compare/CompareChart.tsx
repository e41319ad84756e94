import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { useTranslation } from 'react-i18next';
import type { Candidate } from '../../bindings';
import { groupDecimal } from '../../format';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

type Option = ComposeOption<BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

/** List vs effective total per candidate (the best ten), in CNY. */
export function CompareChart({ candidates }: { candidates: Candidate[] }) {
  const { t, i18n } = useTranslation('compare');
  const top = candidates.slice(0, 10);
  const en = i18n.language === 'en';
  const labels = top.map((c) => `#${c.rank} ${en ? c.vendor_en : c.vendor}`);
  const option: Option = {
    animation: false,
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v) => `¥${groupDecimal(Number(v).toFixed(2))}`,
    },
    legend: { top: 0, data: [t('chart.list'), t('chart.effective')] },
    grid: { left: 8, right: 24, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'value', axisLabel: { formatter: (v: number) => `¥${groupDecimal(String(v), 0)}` } },
    yAxis: { type: 'category', data: labels, inverse: true },
    series: [
      { name: t('chart.list'), type: 'bar', data: top.map((c) => Number(c.list_total_cny)), itemStyle: { color: '#91caff' } },
      { name: t('chart.effective'), type: 'bar', data: top.map((c) => Number(c.effective_total_cny)), itemStyle: { color: '#1677ff' } },
    ],
  };
  return (
    <div data-testid="compare-chart">
      <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: Math.max(180, 48 * top.length + 60) }} />
    </div>
  );
}
