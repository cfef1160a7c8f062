// The operate column as real DOM buttons in glide's sticky `rightElement`: fixed to the right edge like
// SPEC's operate column, clickable, keyboard-focusable and locatable by role/test id, while the data
// cells stay on canvas. Rows are positioned from glide's visible region so they track vertical scroll.
import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@arco-design/web-react';
import type { Action } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import { evaluateCondition } from '../../meta/conditions.js';
import type { Row } from '../data/dataProvider.js';
import { resolveText } from '../text/resolveText.js';
import { HEADER_HEIGHT, ROW_HEIGHT } from './layout.js';
import { ERROR_RED, INVALID_BG, type EditCell } from './renderers.js';
import { StripCellEditor, type StripCellEditorProps } from './StripCellEditor.js';
import { ActionIcon } from './ActionIcon.js';
import { SUMMARY_BG } from './theme.js';

/** A fixed-right data column drawn in the strip (glide 6.0.3 freezes leading columns only). */
export interface StripColumn {
  key: string;
  title: string;
  width: number;
  align: 'left' | 'center' | 'right';
  text(row: Row): string;
  /** The editor cell when this row's cell may be edited (the grid's and the column's rules), else undefined. */
  edit?(row: Row, rowIndex: number): EditCell | undefined;
  /** The value breaks the column's rules: drawn like an invalid canvas cell. */
  invalid?(row: Row): boolean;
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
  /** The clicked row of an editable grid: its editable strip cells look like input boxes. */
  activeRow?: number;
  /** A click on an editable strip cell makes its row the active one and opens the editor. */
  onActivate?(rowIndex: number): void;
  onCellEdited?(cell: EditCell): void;
  /** The grid's footer row (frozen at the bottom): the strip columns' totals by key; absent without a footer. */
  footer?: Readonly<Record<string, string>>;
}

export function visibleRowActions(actions: readonly Action[], row: Row, can: (resource: string) => boolean): Action[] {
  return actions.filter((a) => (a.resource === undefined || can(a.resource)) && evaluateCondition(a.show, row));
}

export function OperateColumn({
  actions,
  columns = [],
  title,
  headerHeight = HEADER_HEIGHT,
  rows,
  width,
  firstRow,
  visibleRows,
  offsetY,
  onAction,
  activeRow,
  onActivate,
  onCellEdited,
  footer,
}: OperateColumnProps) {
  const env = useRuntimeEnv();
  const [editing, setEditing] = useState<Omit<StripCellEditorProps, 'onDone'> | null>(null);
  // Glide reports its visible rows when they change; a report made while the grid was being laid out
  // (zero height) would leave the strip short of rows until the next scroll, so the strip also fills its
  // own height. Rows drawn below the fold are clipped.
  const body = useRef<HTMLDivElement>(null);
  const [bodyRows, setBodyRows] = useState(0);
  useLayoutEffect(() => {
    const el = body.current;
    if (!el) return;
    const measure = () => setBodyRows(Math.ceil(el.clientHeight / ROW_HEIGHT));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const last = Math.min(rows.length, firstRow + Math.max(visibleRows, bodyRows) + 1);
  const items: number[] = [];
  for (let r = Math.max(0, firstRow); r < last; r++) items.push(r);
  const showButtons = actions.length > 0;
  const total = columns.reduce((a, c) => a + c.width, 0) + (showButtons ? width : 0);
  const head = {
    height: headerHeight,
    lineHeight: `${headerHeight}px`,
    fontWeight: 600,
    fontSize: 13,
    color: '#313132',
    borderBottom: '1px solid #e5e6eb',
    background: '#f7f8fa',
    overflow: 'hidden',
    whiteSpace: 'nowrap' as const,
    textOverflow: 'ellipsis',
    padding: '0 8px',
    boxSizing: 'border-box' as const,
  };
  return (
    <div
      className="srm-grid-operate"
      style={{
        width: total,
        height: '100%',
        position: 'relative',
        background: '#fff',
        borderLeft: '1px solid #e5e6eb',
        boxShadow: '-4px 0 6px -4px rgba(0,0,0,0.12)',
      }}
    >
      <div style={{ display: 'flex' }}>
        {columns.map((c) => (
          <div
            key={c.key}
            data-testid={`fixed-head-${c.key}`}
            title={c.title}
            style={{ ...head, width: c.width, textAlign: c.align, borderRight: '1px solid #e5e6eb' }}
          >
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
      <div ref={body} style={{ position: 'absolute', top: headerHeight, left: 0, right: 0, bottom: footer ? ROW_HEIGHT : 0, overflow: 'hidden' }}>
        {items.map((r) => {
          const row = rows[r];
          return (
            <div
              key={r}
              style={{
                position: 'absolute',
                left: 0,
                right: 0,
                top: (r - firstRow) * ROW_HEIGHT + offsetY,
                height: ROW_HEIGHT,
                display: 'flex',
                borderBottom: '1px solid #f2f3f5',
              }}
            >
              {columns.map((c) => {
                const edit = c.edit?.(row, r);
                const invalid = c.invalid?.(row) === true;
                const box = edit !== undefined && activeRow === r;
                return (
                  <div
                    key={c.key}
                    data-testid={`fixed-${c.key}-${r}`}
                    data-editable={edit !== undefined ? 'true' : undefined}
                    data-invalid={invalid ? 'true' : undefined}
                    onClick={
                      edit
                        ? (e) => {
                            const rect = e.currentTarget.getBoundingClientRect();
                            onActivate?.(r);
                            setEditing({ cell: edit, anchor: { left: rect.left, top: rect.top, width: rect.width, height: rect.height } });
                          }
                        : undefined
                    }
                    style={{
                      width: c.width,
                      lineHeight: `${ROW_HEIGHT}px`,
                      padding: '0 8px',
                      boxSizing: 'border-box',
                      fontSize: 13,
                      color: '#1d2129',
                      textAlign: c.align,
                      overflow: 'hidden',
                      whiteSpace: 'nowrap',
                      textOverflow: 'ellipsis',
                      borderRight: '1px solid #f2f3f5',
                      cursor: edit ? 'text' : undefined,
                      background: invalid ? INVALID_BG : undefined,
                    }}
                  >
                    {box ? (
                      // An input box like the canvas draws on the active row's editable cells.
                      <div
                        style={{
                          margin: '4px -5px',
                          lineHeight: `${ROW_HEIGHT - 10}px`,
                          padding: '0 4px',
                          border: `1px solid ${invalid ? ERROR_RED : '#c9cdd4'}`,
                          borderRadius: 2,
                          background: invalid ? INVALID_BG : '#fff',
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                        }}
                      >
                        {c.text(row) || '\u00a0'}
                      </div>
                    ) : (
                      c.text(row)
                    )}
                  </div>
                );
              })}
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
                      <ActionIcon iconClass={a.iconClass} />
                      {resolveText(a.label, env, a.name)}
                    </Button>
                  ))}
                </div>
              )}
            </div>
          );
        })}
      </div>
      {footer && (
        <div
          data-testid="fixed-footer"
          style={{
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: 0,
            height: ROW_HEIGHT,
            display: 'flex',
            background: SUMMARY_BG,
            borderTop: '1px solid #e5e6eb',
            fontWeight: 600,
            fontSize: 13,
          }}
        >
          {columns.map((c) => (
            <div
              key={c.key}
              data-testid={`fixed-footer-${c.key}`}
              style={{
                width: c.width,
                lineHeight: `${ROW_HEIGHT}px`,
                padding: '0 8px',
                boxSizing: 'border-box',
                textAlign: 'right',
                overflow: 'hidden',
                whiteSpace: 'nowrap',
                borderRight: '1px solid #f2f3f5',
              }}
            >
              {footer[c.key] ?? ''}
            </div>
          ))}
        </div>
      )}
      {editing && (
        <StripCellEditor
          // A fresh editor per cell: its "done" state never carries over to the next cell.
          key={`${editing.cell.data.key}-${editing.cell.data.row}`}
          {...editing}
          onDone={(cell) => {
            setEditing(null);
            if (cell) onCellEdited?.(cell);
          }}
        />
      )}
    </div>
  );
}
