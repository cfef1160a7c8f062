// The chart widget (line, bar, pie, funnel) on echarts, loaded as its own chunk on first use. The theme
// follows Arco (arcoTheme.ts); the chart resizes with its container and redraws when the language or the
// theme changes. The echarts instance is reachable from the container (`echarts.getInstanceByDom`), which
// the browser tests use to read the drawn series.
import { useEffect, useRef, useState } from 'react';
import { useRuntimeEnv } from '../env.js';
import { resolveText } from '../text/index.js';
import { readChartTheme, watchTheme } from './arcoTheme.js';
import { chartOption } from './chartOption.js';
import { whenIdle } from './whenIdle.js';
import type { DashboardWidgetProps } from './types.js';

type Echarts = typeof import('./echartsCore.js').echarts;
type Chart = ReturnType<Echarts['init']>;

let loading: Promise<Echarts> | undefined;
const loadEcharts = () => (loading ??= import('./echartsCore.js').then((m) => m.echarts));

export function ChartWidget({ widget, rows, open }: DashboardWidgetProps) {
  const env = useRuntimeEnv();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    let resize: ResizeObserver | undefined;
    // echarts (its chunk, then its first draw) waits for an idle moment: see whenIdle.ts.
    const cancel = whenIdle(() =>
      loadEcharts().then(
        (echarts) => {
          if (!alive || !box.current) return;
          chart.current = echarts.init(box.current, undefined, { renderer: 'canvas' });
          resize = new ResizeObserver(() => chart.current?.resize());
          resize.observe(box.current);
          setReady(true);
        },
        () => alive && setFailed(true),
      ),
    );
    return () => {
      alive = false;
      cancel();
      resize?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  const [themeTick, setThemeTick] = useState(0);
  useEffect(() => watchTheme(() => setThemeTick((n) => n + 1)), []);

  useEffect(() => {
    const c = chart.current;
    if (!ready || !c) return;
    const names = (widget.values ?? []).map((v) => resolveText(v.label, env, v.key));
    c.setOption(chartOption(widget, rows, { names, none: env.t('dashboard.none') }, readChartTheme()), true);
    // What echarts holds now (its own model, not our option): the browser tests read it.
    const series = (c.getOption().series ?? []) as { data?: unknown[] }[];
    box.current?.setAttribute('data-series', JSON.stringify(series.map((x) => (x.data ?? []).length)));
    c.off('click');
    if (open) c.on('click', () => open());
  }, [ready, widget, rows, env, open, themeTick]);

  if (failed) return <div className="srm-widget-empty">{env.t('dashboard.failed')}</div>;
  return (
    <div
      ref={box}
      className="srm-chart"
      data-testid={`chart-${widget.name}`}
      data-chart={widget.chart}
      data-ready={ready ? 'true' : 'false'}
      style={{ height: widget.height ?? 280 }}
    />
  );
}
