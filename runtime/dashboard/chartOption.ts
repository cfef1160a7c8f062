// A widget definition and its rows → an echarts option (pure, so a unit test reads what a chart draws).
import type { Row } from '../data/dataProvider.js';
import type { ChartTheme } from './arcoTheme.js';
import type { WidgetDefinition } from './types.js';

export interface SeriesText {
  /** The legend/tooltip name of each value, in the user's language. */
  names: string[];
  /** Shown when a group has no value (a null group). */
  none: string;
}

/** A row's category as the user reads it: `{key}Display` (a status's meaning, a reference's name) when present. */
export function categoryOf(row: Row, key: string, none: string): string {
  const shown = row[`${key}Display`];
  const raw = shown ?? row[key];
  return raw === null || raw === undefined || raw === '' ? none : String(raw);
}

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0) || 0);

export function chartOption(w: WidgetDefinition, rows: readonly Row[], text: SeriesText, theme: ChartTheme): Record<string, unknown> {
  const category = w.category ?? '';
  const values = w.values ?? [];
  const names = rows.map((r) => categoryOf(r, category, text.none));
  const base = {
    color: theme.palette,
    backgroundColor: theme.background,
    textStyle: { color: theme.text, fontFamily: theme.fontFamily },
    animationDuration: 300,
    tooltip: { trigger: w.chart === 'pie' || w.chart === 'funnel' ? 'item' : 'axis' },
    legend: { top: 0, textStyle: { color: theme.textSecondary, fontFamily: theme.fontFamily } },
  };
  if (w.chart === 'pie' || w.chart === 'funnel') {
    const v = values[0]?.key ?? 'count';
    const data = rows.map((r, i) => ({ name: names[i], value: num(r[v]) }));
    const series =
      w.chart === 'pie'
        ? { type: 'pie', name: text.names[0], radius: ['40%', '68%'], center: ['50%', '56%'], data, label: { color: theme.text } }
        : { type: 'funnel', name: text.names[0], top: 32, bottom: 8, left: '8%', width: '58%', sort: 'descending', data, label: { color: theme.text } };
    return { ...base, series: [series] };
  }
  const axis = { axisLine: { lineStyle: { color: theme.border } }, axisLabel: { color: theme.textSecondary, fontFamily: theme.fontFamily } };
  return {
    ...base,
    grid: { top: 36, left: 8, right: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: names, ...axis },
    yAxis: { type: 'value', minInterval: 1, ...axis, splitLine: { lineStyle: { color: theme.border } } },
    series: values.map((v, i) => ({
      type: w.chart === 'line' ? 'line' : 'bar',
      name: text.names[i],
      data: rows.map((r) => num(r[v.key])),
      ...(w.chart === 'line' ? { areaStyle: { opacity: 0.12 } } : { barMaxWidth: 36 }),
    })),
  };
}
