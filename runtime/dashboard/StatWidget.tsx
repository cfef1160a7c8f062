// A KPI number: the first value summed over the answer's rows (an aggregate narrowed by params).
import { useRuntimeEnv } from '../env.js';
import { formatNumber } from '../grid/format.js';
import type { DashboardWidgetProps } from './types.js';

export function StatWidget({ widget, rows, open }: DashboardWidgetProps) {
  const env = useRuntimeEnv();
  const key = widget.values?.[0]?.key ?? 'count';
  const total = rows.reduce((s, r) => s + (Number(r[key]) || 0), 0);
  const value = <span className="srm-stat-value">{formatNumber(total, { precision: Number.isInteger(total) ? 0 : 2 })}</span>;
  return (
    <div className="srm-stat" data-testid={`stat-${widget.name}`} data-value={total}>
      {open ? (
        <button type="button" className="srm-stat-link" onClick={() => open()} aria-label={env.t('dashboard.open')}>
          {value}
        </button>
      ) : (
        value
      )}
    </div>
  );
}
