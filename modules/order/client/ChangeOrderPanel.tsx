// Edit-page addon on the buyer's released / confirmed order: the change order. Its own form lists the
// order's live lines with their current quantity, required date and price beside the new values; with a
// reason it is sent as one doRevise — the server keeps the order as it was (a version), raises the
// revision and sends the changed lines back to the supplier to confirm again. Stands in for the page's
// own "Change order" button (ReasonPanel hides it).
import { useEffect, useMemo, useState } from 'react';
import { Button, Input, InputNumber, Table } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { EditAddonProps } from '../../../runtime/registry/types';
import { ORDER, errorText, numberOf } from './orderApi';

const LIVE = ['RELEASED', 'CHANGE_PENDING', 'CONFIRMED'];
const ENDED = ['CLOSED', 'CANCELLED'];

type Line = {
  orderLineId: number;
  lineNumber: number;
  materialIdDisplay?: string;
  quantity: number;
  receivedQuantity: number;
  requiredDate: string;
  price: number;
  lineStatus: string;
};
type Change = { quantity?: number; requiredDate?: string; price?: number };

/** Only what differs from the line as it is: an unchanged line is not sent (the supplier keeps its answer). */
export function changedLines(lines: readonly Line[], changes: Record<number, Change>) {
  return lines.flatMap((l) => {
    const c = changes[l.orderLineId] ?? {};
    const diff: Change & { lineId: number } = { lineId: l.orderLineId };
    if (c.quantity !== undefined && c.quantity !== Number(l.quantity)) diff.quantity = c.quantity;
    if (c.requiredDate && c.requiredDate !== l.requiredDate) diff.requiredDate = c.requiredDate;
    if (c.price !== undefined && c.price !== Number(l.price)) diff.price = c.price;
    return Object.keys(diff).length > 1 ? [diff] : [];
  });
}

export function ChangeOrderPanel({ page, record, reload }: EditAddonProps) {
  const env = useRuntimeEnv();
  const t = env.t;
  const id = numberOf(record?.orderId);
  const applies = page.name === 'order/poOrderEdit' && id !== null && LIVE.includes(String(record?.status ?? '')) && env.can('btnRevise');
  const lines = useMemo(() => ((record?.lines as Line[] | undefined) ?? []).filter((l) => !ENDED.includes(l.lineStatus)), [record]);
  const [open, setOpen] = useState(false);
  const [changes, setChanges] = useState<Record<number, Change>>({});
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setChanges({});
    setReason('');
  }, [record]);
  if (!applies) return null;
  const set = (lineId: number, patch: Change) => setChanges((c) => ({ ...c, [lineId]: { ...c[lineId], ...patch } }));
  const diff = changedLines(lines, changes);
  const submit = async () => {
    setBusy(true);
    try {
      await env.api(`${ORDER}/doRevise`, { id, reason, lines: diff });
      env.notify('success', t('po.change.sent'));
      setOpen(false);
      await reload();
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };
  if (!open)
    return (
      <div style={{ marginBottom: 12 }}>
        <Button data-testid="po-change-open" onClick={() => setOpen(true)}>
          {t('po.change.open', { revision: Number(record?.revision ?? 0) + 1 })}
        </Button>
      </div>
    );
  return (
    <div data-testid="po-change" className="srm-addon-box">
      <h3 style={{ fontSize: 15, margin: '0 0 4px' }}>{t('po.change.title', { revision: Number(record?.revision ?? 0) + 1 })}</h3>
      <p style={{ margin: '0 0 8px', color: 'var(--color-text-2)' }}>{t('po.change.hint')}</p>
      <Table
        rowKey="orderLineId"
        pagination={false}
        data={lines}
        columns={[
          { title: t('po.col.line'), dataIndex: 'lineNumber', width: 70 },
          { title: t('po.col.material'), dataIndex: 'materialIdDisplay' },
          { title: t('po.col.quantity'), dataIndex: 'quantity', width: 90 },
          { title: t('po.col.receivedQty'), dataIndex: 'receivedQuantity', width: 90 },
          {
            title: t('po.col.newQuantity'),
            width: 130,
            render: (_: unknown, l: Line) => (
              <InputNumber
                data-testid={`po-change-qty-${l.lineNumber}`}
                min={0}
                value={changes[l.orderLineId]?.quantity ?? Number(l.quantity)}
                onChange={(v) => set(l.orderLineId, { quantity: v ?? undefined })}
              />
            ),
          },
          { title: t('po.col.requiredDate'), dataIndex: 'requiredDate', width: 110 },
          {
            title: t('po.col.newDate'),
            width: 140,
            render: (_: unknown, l: Line) => (
              <Input
                data-testid={`po-change-date-${l.lineNumber}`}
                placeholder="yyyy-MM-dd"
                value={changes[l.orderLineId]?.requiredDate ?? l.requiredDate}
                onChange={(v) => set(l.orderLineId, { requiredDate: v })}
              />
            ),
          },
          { title: t('po.col.price'), dataIndex: 'price', width: 90 },
          {
            title: t('po.col.newPrice'),
            width: 130,
            render: (_: unknown, l: Line) => (
              <InputNumber
                data-testid={`po-change-price-${l.lineNumber}`}
                min={0}
                value={changes[l.orderLineId]?.price ?? Number(l.price)}
                onChange={(v) => set(l.orderLineId, { price: v ?? undefined })}
              />
            ),
          },
        ]}
      />
      <div style={{ display: 'flex', gap: 8, marginTop: 8, alignItems: 'center' }}>
        <Input style={{ width: 360 }} placeholder={t('po.reason.placeholder')} value={reason} onChange={setReason} data-testid="po-change-reason" />
        <Button type="primary" loading={busy} disabled={diff.length === 0} data-testid="po-change-submit" onClick={() => void submit()}>
          {t('po.change.submit', { n: diff.length })}
        </Button>
        <Button onClick={() => setOpen(false)}>{t('po.change.close')}</Button>
      </div>
    </div>
  );
}
