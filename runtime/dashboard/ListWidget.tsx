// A short list (the latest documents): a few rows of listByPage, each opening its record.
import { useRuntimeEnv } from '../env.js';
import { useLookups } from '../data/useLookups.js';
import { fieldLabel, findField } from '../text/index.js';
import type { Row } from '../data/dataProvider.js';
import type { DashboardWidgetProps } from './types.js';

export function ListWidget({ widget, entity, rows, open }: DashboardWidgetProps) {
  const env = useRuntimeEnv();
  const columns = widget.columns ?? [];
  const lookups = useLookups(columns.map((c) => findField(entity, c)?.lookup).filter((l): l is string => !!l));
  const shown = (row: Row, c: string): string => {
    const display = row[`${c}Display`];
    if (display !== undefined && display !== null) return String(display);
    const type = findField(entity, c)?.lookup;
    const v = row[c];
    if (type) return lookups[type]?.find((x) => x.lookupCode === v)?.meaning ?? String(v ?? '');
    return v === null || v === undefined ? '' : String(v);
  };
  if (rows.length === 0) return <div className="srm-widget-empty">{env.t('dashboard.empty')}</div>;
  return (
    <table className="srm-widget-list" data-testid={`list-${widget.name}`}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c}>{fieldLabel(entity, c, env)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr
            key={String(row[entity.key] ?? i)}
            tabIndex={open ? 0 : undefined}
            className={open ? 'srm-widget-row-link' : undefined}
            onClick={open ? () => open(row) : undefined}
            onKeyDown={open ? (e) => e.key === 'Enter' && open(row) : undefined}
          >
            {columns.map((c) => (
              <td key={c}>{shown(row, c)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
