// The operate column as real DOM buttons in glide's sticky `rightElement`: fixed to the right edge like
// SPEC's operate column, clickable, keyboard-focusable and locatable by role/test id, while the data
// cells stay on canvas. Rows are positioned from glide's visible region so they track vertical scroll.
import { Button } from '@arco-design/web-react';
import type { Action } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import { evaluateCondition } from '../conditions/evaluate.js';
import type { Row } from '../data/dataProvider.js';
import { resolveText } from '../text/resolveText.js';
import { HEADER_HEIGHT, ROW_HEIGHT } from './layout.js';

/** A fixed-right data column drawn in the strip (glide 6.0.3 freezes leading columns only). */
export interface StripColumn {
  key: string;
  title: string;
  width: number;
  align: 'left' | 'center' | 'right';
  text(row: Row): string;
}

export interface OperateColumnProps {
  actions: readonly Action[];
  /** Fixed-right columns shown left of the buttons. */
  columns?: readonly StripColumn[];
  title?: string;
  /** Column header height (twice HEADER_HEIGHT under column groups). */
  headerHeight?: number;
  rows: readonly Row[];
  width: number;
  firstRow: number;
  visibleRows: number;
  offsetY: number;
  onAction(action: Action, row: Row, rowIndex: number): void;
}

export function visibleRowActions(actions: readonly Action[], row: Row, can: (resource: string) => boolean): Action[] {
  return actions.filter((a) => (a.resource === undefined || can(a.resource)) && evaluateCondition(a.show, row));
}

export function OperateColumn({ actions, columns = [], title, headerHeight = HEADER_HEIGHT, rows, width, firstRow, visibleRows, offsetY, onAction }: OperateColumnProps) {
  const env = useRuntimeEnv();
  const last = Math.min(rows.length, firstRow + visibleRows + 1);
  const items: number[] = [];
  for (let r = Math.max(0, firstRow); r < last; r++) items.push(r);
  const showButtons = actions.length > 0;
  const total = columns.reduce((a, c) => a + c.width, 0) + (showButtons ? width : 0);
  const head = { height: headerHeight, lineHeight: `${headerHeight}px`, fontWeight: 600, fontSize: 13, color: '#313132', borderBottom: '1px solid #e5e6eb', background: '#f7f8fa', overflow: 'hidden', whiteSpace: 'nowrap' as const, textOverflow: 'ellipsis', padding: '0 8px', boxSizing: 'border-box' as const };
  return (
    <div className="srm-grid-operate" style={{ width: total, height: '100%', position: 'relative', background: '#fff', borderLeft: '1px solid #e5e6eb', boxShadow: '-4px 0 6px -4px rgba(0,0,0,0.12)' }}>
      <div style={{ display: 'flex' }}>
        {columns.map((c) => (
          <div key={c.key} data-testid={`fixed-head-${c.key}`} title={c.title} style={{ ...head, width: c.width, textAlign: c.align, borderRight: '1px solid #e5e6eb' }}>
            {c.title}
          </div>
        ))}
        {showButtons && (
          // 80 px cuts longer words (Thai): the full title is the hover text.
          <div title={title ?? env.t('grid.operate')} style={{ ...head, width, textAlign: 'center' }}>
            {title ?? env.t('grid.operate')}
          </div>
        )}
      </div>
      <div style={{ position: 'absolute', top: headerHeight, left: 0, right: 0, bottom: 0, overflow: 'hidden' }}>
        {items.map((r) => {
          const row = rows[r];
          return (
            <div
              key={r}
              style={{ position: 'absolute', left: 0, right: 0, top: (r - firstRow) * ROW_HEIGHT + offsetY, height: ROW_HEIGHT, display: 'flex', borderBottom: '1px solid #f2f3f5' }}
            >
              {columns.map((c) => (
                <div key={c.key} data-testid={`fixed-${c.key}-${r}`} style={{ width: c.width, lineHeight: `${ROW_HEIGHT}px`, padding: '0 8px', boxSizing: 'border-box', fontSize: 13, color: '#1d2129', textAlign: c.align, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis', borderRight: '1px solid #f2f3f5' }}>
                  {c.text(row)}
                </div>
              ))}
              {showButtons && (
                <div role="group" data-testid={`row-actions-${r}`} style={{ width, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
                  {visibleRowActions(actions, row, env.can).map((a) => (
                    <Button
                      key={a.name}
                      type="text"
                      size="mini"
                      status={a.status === 'danger' ? 'danger' : a.status === 'success' ? 'success' : undefined}
                      disabled={a.disabled !== undefined && evaluateCondition(a.disabled, row)}
                      data-testid={`row-action-${a.name}-${r}`}
                      onClick={() => onAction(a, row, r)}
                    >
                      {resolveText(a.label, env, a.name)}
                    </Button>
                  ))}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
