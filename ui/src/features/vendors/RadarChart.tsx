import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { RadarChart as Radar } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ComposeOption } from 'echarts/core';
import type { RadarSeriesOption } from 'echarts/charts';
import type { LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { useTranslation } from 'react-i18next';
import type { Scorecard } from '../../bindings';

echarts.use([Radar, LegendComponent, TooltipComponent, CanvasRenderer]);

type Option = ComposeOption<RadarSeriesOption | LegendComponentOption | TooltipComponentOption>;
const COLORS = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96'];

/** Six dimensions of up to four vendors; an unknown dimension is drawn at 0 and named in the
 * tooltip as unknown (the table says so too). */
export function VendorRadar({ cards }: { cards: Scorecard[] }) {
  const { t, i18n } = useTranslation('vendors');
  const en = i18n.language === 'en';
  const dims = cards[0]?.dimensions ?? [];
  const option: Option = {
    animation: false,
    color: COLORS,
    tooltip: {},
    legend: { bottom: 0, data: cards.map((c) => (en ? c.vendor_en : c.vendor)) },
    radar: {
      radius: '65%',
      indicator: dims.map((d) => ({ name: en ? d.name_en : d.name_zh, max: 100 })),
    },
    series: [
      {
        type: 'radar',
        data: cards.map((c) => ({
          name: en ? c.vendor_en : c.vendor,
          value: c.dimensions.map((d) => d.score ?? 0),
          tooltip: {
            formatter: () =>
              `${en ? c.vendor_en : c.vendor}<br/>` +
              c.dimensions.map((d) => `${en ? d.name_en : d.name_zh}: ${d.score ?? t('unknown')}`).join('<br/>'),
          },
        })),
        areaStyle: { opacity: 0.08 },
      },
    ],
  };
  return (
    <div data-testid="vendor-radar">
      <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 360 }} />
    </div>
  );
}
