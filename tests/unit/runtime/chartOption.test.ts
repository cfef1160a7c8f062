// What a dashboard chart hands echarts: categories shown by their display text, one series per value,
// Arco's palette and font, and pie/funnel slices named like the axis would be.
import { describe, expect, it } from 'vitest';
import { chartOption } from '../../../runtime/dashboard/chartOption.js';
import type { WidgetDefinition } from '../../../runtime/dashboard/types.js';
import type { ChartTheme } from '../../../runtime/dashboard/arcoTheme.js';

const theme: ChartTheme = {
  palette: ['rgb(22,93,255)', 'rgb(0,180,42)'],
  text: '#111',
  textSecondary: '#666',
  border: '#ddd',
  background: 'transparent',
  fontFamily: 'Noto Sans',
};
const rows = [
  { status: 'DRAFT', statusDisplay: 'ฉบับร่าง', count: 3 },
  { status: null, count: 1 },
];
const widget = (chart: WidgetDefinition['chart']): WidgetDefinition => ({
  name: 'w',
  type: 'chart',
  title: 'x',
  chart,
  source: { entity: 'srmPoRequisition', aggregate: 'byStatus' },
  category: 'status',
  values: [{ key: 'count' }],
});
const text = { names: ['จำนวน'], none: '(ไม่มี)' };

describe('chartOption', () => {
  it('draws bars and lines on a category axis named by display texts', () => {
    const bar = chartOption(widget('bar'), rows, text, theme) as {
      xAxis: { data: string[] };
      series: { type: string; name: string; data: number[] }[];
      color: string[];
      textStyle: { fontFamily: string };
    };
    expect(bar.xAxis.data).toEqual(['ฉบับร่าง', '(ไม่มี)']);
    expect(bar.series).toEqual([expect.objectContaining({ type: 'bar', name: 'จำนวน', data: [3, 1] })]);
    expect(bar.color).toEqual(theme.palette);
    expect(bar.textStyle.fontFamily).toBe('Noto Sans');
    const line = chartOption(widget('line'), rows, text, theme) as { series: { type: string }[] };
    expect(line.series[0].type).toBe('line');
  });

  it('draws pie and funnel slices by name', () => {
    for (const kind of ['pie', 'funnel'] as const) {
      const o = chartOption(widget(kind), rows, text, theme) as { series: { type: string; data: { name: string; value: number }[] }[] };
      expect(o.series[0].type).toBe(kind);
      expect(o.series[0].data).toEqual([
        { name: 'ฉบับร่าง', value: 3 },
        { name: '(ไม่มี)', value: 1 },
      ]);
    }
  });
});
