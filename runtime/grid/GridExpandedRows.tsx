// The rows a user expanded (grid.expand), drawn under the canvas in row order with the registered
// expand renderer ("fields" unless the grid names another).
import type { EntityDefinition, Grid } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import type { Row } from '../data/dataProvider.js';
import { expandRenderers } from '../registry/index.js';

export interface GridExpandedRowsProps {
  name: string;
  expand: NonNullable<Grid['expand']>;
  expanded: ReadonlySet<number>;
  rows: readonly Row[];
  entity: EntityDefinition;
}

export function GridExpandedRows({ name, expand, expanded, rows, entity }: GridExpandedRowsProps) {
  const env = useRuntimeEnv();
  const Body = expandRenderers.get(expand.component ?? 'fields').component;
  return (
    <div
      className="srm-grid-expand"
      data-testid={`grid-expand-${name}`}
      style={{ border: '1px solid #e5e6eb', borderTop: 'none', padding: 8, background: '#fafbfc' }}
    >
      {[...expanded]
        .sort((a, b) => a - b)
        .filter((r) => r < rows.length)
        .map((r) => (
          <div key={r} data-testid={`grid-expand-${name}-${r}`} style={{ marginBottom: 6 }}>
            <div style={{ fontWeight: 600, fontSize: 13, marginBottom: 4 }}>{env.t('grid.details', { index: r + 1 })}</div>
            <Body row={rows[r]} rowIndex={r} fields={expand.fields ?? []} entity={entity} />
          </div>
        ))}
    </div>
  );
}
