// The order-lines board (Kanban): the lines of live orders in one column per line state (to confirm, change
// requested, refused, confirmed), each card with its order, line, dates and received / open quantities.
// Overdue confirmed lines (promised date passed, still open) are marked. A card opens its order.
import { useEffect, useState } from 'react';
import { Input, Tag } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { ORDER, errorText } from './orderApi';

interface BoardLine {
  orderLineId: number;
  orderId: number;
  orderNumber: string;
  lineNumber: number;
  quantity: number;
  receivedQuantity: number;
  openQuantity: number;
  requiredDate: string;
  promisedDate: string | null;
  proposedDate: string | null;
  lineStatus: string;
}

const COLUMNS = ['OPEN', 'CHANGE_REQUESTED', 'REJECTED', 'CONFIRMED'] as const;
const COLORS: Record<string, string> = { OPEN: 'arcoblue', CHANGE_REQUESTED: 'orange', REJECTED: 'red', CONFIRMED: 'green' };

export function LineBoard({ page }: CustomPageProps) {
  const env = useRuntimeEnv();
  const t = env.t;
  const [lines, setLines] = useState<BoardLine[]>([]);
  const [filter, setFilter] = useState('');
  useEffect(() => {
    env.api<BoardLine[]>(`${ORDER}/listOpenLines`, { params: { orderNumber: filter } }).then(
      (e) => setLines(e.data ?? []),
      (e: unknown) => env.notify('error', errorText(e)),
    );
  }, [env, filter]);
  const today = new Date().toISOString().slice(0, 10);
  return (
    <div className="srm-page" data-page={page.name} data-testid="po-board">
      <Input.Search style={{ width: 280, marginBottom: 12 }} placeholder={t('po.board.search')} onSearch={setFilter} searchButton />
      <div style={{ display: 'grid', gridTemplateColumns: `repeat(${COLUMNS.length}, 1fr)`, gap: 12 }}>
        {COLUMNS.map((state) => {
          const cards = lines.filter((l) => l.lineStatus === state);
          return (
            <div key={state} data-testid={`po-board-${state}`} style={{ background: 'var(--color-fill-2)', borderRadius: 4, padding: 8, minHeight: 200 }}>
              <div style={{ fontWeight: 600, marginBottom: 8 }}>
                <Tag color={COLORS[state]}>{t(`po.board.state.${state}`)}</Tag> {cards.length}
              </div>
              {cards.map((l) => {
                const late = state === 'CONFIRMED' && (l.promisedDate ?? l.requiredDate) < today;
                return (
                  <div
                    key={l.orderLineId}
                    role="button"
                    tabIndex={0}
                    onClick={() => env.navigate(`/main/order/poOrderEdit?id=${l.orderId}&mode=view`)}
                    onKeyDown={(e) => e.key === 'Enter' && env.navigate(`/main/order/poOrderEdit?id=${l.orderId}&mode=view`)}
                    style={{
                      background: 'var(--color-bg-2)',
                      borderRadius: 4,
                      padding: 8,
                      marginBottom: 8,
                      cursor: 'pointer',
                      border: late ? '1px solid rgb(var(--red-6))' : undefined,
                    }}
                  >
                    <div style={{ fontWeight: 600 }}>
                      {l.orderNumber} / {l.lineNumber} {late && <Tag color="red">{t('po.board.late')}</Tag>}
                    </div>
                    <div>{t('po.board.dates', { required: l.requiredDate, promised: l.proposedDate ?? l.promisedDate ?? '-' })}</div>
                    <div>{t('po.board.quantities', { quantity: l.quantity, received: l.receivedQuantity, open: l.openQuantity })}</div>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
