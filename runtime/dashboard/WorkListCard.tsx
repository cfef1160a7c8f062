// A home card of open work (orders to confirm, inquiries to quote, auctions to join): a title with the
// count, a few rows each opening its document, an empty text and a link to the whole list. The module
// that owns the work loads it and says what each row shows; the card only draws and reports its state.
import { Button, Card, Empty, Spin, Tag } from '@arco-design/web-react';
import type { ReactNode } from 'react';

export interface WorkRow {
  key: string | number;
  cells: readonly ReactNode[];
  /** A state to see at a glance (Arco tag colour). */
  tag?: { text: string; color?: string };
  open(): void;
}

export interface WorkListCardProps {
  testId: string;
  title: string;
  /** undefined while loading; the error text when the load failed. */
  rows: readonly WorkRow[] | undefined;
  error?: string | null;
  /** Rows beyond those shown (the title counts them all). */
  total?: number;
  emptyText: string;
  /** The link to the whole list, when there is one. */
  allLabel?: string;
  onAll?(): void;
}

export function WorkListCard({ testId, title, rows, error, total, emptyText, allLabel, onAll }: WorkListCardProps) {
  return (
    <Card
      bordered={false}
      className="srm-home-card"
      data-testid={testId}
      data-count={rows ? (total ?? rows.length) : ''}
      title={title}
      extra={
        onAll && (
          <Button type="text" size="small" data-testid={`${testId}-all`} onClick={onAll}>
            {allLabel}
          </Button>
        )
      }
    >
      {error ? (
        <div className="srm-widget-empty" role="alert">
          {error}
        </div>
      ) : !rows ? (
        <Spin />
      ) : rows.length === 0 ? (
        <Empty description={emptyText} />
      ) : (
        <table className="srm-widget-list">
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.key}
                tabIndex={0}
                className="srm-widget-row-link"
                data-testid={`${testId}-row-${row.key}`}
                onClick={row.open}
                onKeyDown={(e) => e.key === 'Enter' && row.open()}
              >
                {row.cells.map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
                {row.tag && (
                  <td>
                    <Tag size="small" color={row.tag.color}>
                      {row.tag.text}
                    </Tag>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
