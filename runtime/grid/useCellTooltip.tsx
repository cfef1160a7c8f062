// The grid's hover text: a column's tooltip (full text of an ellipsed cell) or, in an editable grid,
// the message of an invalid cell, as DOM next to the hovered cell (the canvas cannot host it).
import { useCallback, useState } from 'react';
import type { GridMouseEventArgs } from '@glideapps/glide-data-grid';
import type { Row } from '../data/dataProvider.js';
import type { LookupMap } from '../data/useLookups.js';
import { useRuntimeEnv } from '../env.js';
import { cellTypes } from '../registry/index.js';
import { displayText, visibleProblem } from './cells.js';
import type { ProblemGate } from './touchedCells.js';
import type { ColumnModel } from './columns.js';
import { problemMessage } from './problemMessage.js';

export interface Tip {
  x: number;
  y: number;
  text: string;
  error: boolean;
}

interface TooltipSource {
  modelAt(col: number): ColumnModel | undefined;
  rows: readonly Row[];
  editable: boolean;
  lookups: LookupMap;
  problemShown?: ProblemGate;
}

export function useCellTooltip({ modelAt, rows, editable, lookups, problemShown }: TooltipSource) {
  const env = useRuntimeEnv();
  const [tip, setTip] = useState<Tip | null>(null);
  const onItemHovered = useCallback(
    (args: GridMouseEventArgs) => {
      if (args.kind !== 'cell') return setTip(null);
      const [col, row] = args.location;
      const model = modelAt(col);
      if (!model || row >= rows.length) return setTip(null);
      const record = rows[row];
      const type = cellTypes.get(model.cellType);
      const problem = editable ? visibleProblem(model, type, record, problemShown) : undefined;
      const at = { x: args.bounds.x, y: args.bounds.y + args.bounds.height };
      if (problem) return setTip({ ...at, text: problemMessage(model, problem, env), error: true });
      if (model.tooltip) {
        const full = displayText(model, type, record, lookups, env.language);
        return setTip(full ? { ...at, text: full, error: false } : null);
      }
      setTip(null);
    },
    [modelAt, rows, editable, env, lookups, problemShown],
  );
  return { tip, setTip, onItemHovered };
}

export function CellTooltip({ name, tip }: { name: string; tip: Tip }) {
  return (
    <div
      data-testid={`grid-tooltip-${name}`}
      role="tooltip"
      style={{
        position: 'fixed',
        left: tip.x,
        top: tip.y + 2,
        zIndex: 1040,
        maxWidth: 360,
        padding: '4px 8px',
        borderRadius: 2,
        fontSize: 12,
        color: '#fff',
        background: tip.error ? '#f53f3f' : 'rgba(29,33,41,0.9)',
        pointerEvents: 'none',
        whiteSpace: 'pre-wrap',
      }}
    >
      {tip.text}
    </div>
  );
}
