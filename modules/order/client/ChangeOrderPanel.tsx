// Edit-page addon on the buyer's released / confirmed order: the change order. Its own form lists the
// order's live lines with their current quantity, required date and price beside the new values, a box to
// take a line off (not one already received: the server also refuses one on a delivery note, in the user's
// language), and new lines (material, quantity, required date, price; an empty price takes the library's).
// With a reason it is sent as one doRevise — the server keeps the order as it was (a version), raises the
// revision and sends the changed and new lines back to the supplier to confirm again. Stands in for the
// page's own "Change order" button (ReasonPanel hides it).
import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Input, InputNumber, Table } from '@arco-design/web-react';
import { MaterialSelect } from './MaterialSelect';
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
type NewLine = { key: number; materialId?: number; quantity?: number; requiredDate: string; price?: number };

/** The new lines as doRevise takes them (a row without a material is not sent; the server checks the rest). */
export function addedLines(rows: readonly NewLine[]) {
  return rows
    .filter((r) => r.materialId !== undefined)
    .map((r) => ({ materialId: r.materialId, quantity: r.quantity, requiredDate: r.requiredDate, ...(r.price === undefined ? {} : { price: r.price }) }));
}

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
  const [removed, setRemoved] = useState<number[]>([]);
  const [added, setAdded] = useState<NewLine[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setChanges({});
    setReason('');
    setRemoved([]);
    setAdded([]);
  }, [record]);
  if (!applies) return null;
  const set = (lineId: number, patch: Change) => setChanges((c) => ({ ...c, [lineId]: { ...c[lineId], ...patch } }));
  const diff = changedLines(
    lines.filter((l) => !removed.includes(l.orderLineId)),
    changes,
  );
  const additions = addedLines(added);
  const count = diff.length + additions.length + removed.length;
  const setNew = (key: number, patch: Partial<NewLine>) => setAdded((rows) => rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const submit = async () => {
    setBusy(true);
    try {
      await env.api(`${ORDER}/doRevise`, { id, reason, lines: diff, addLines: additions, removeLineIds: removed });
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
          {
            title: t('po.change.remove'),
            width: 80,
            render: (_: unknown, l: Line) => (
              <Checkbox
                data-testid={`po-change-remove-${l.lineNumber}`}
                disabled={Number(l.receivedQuantity) > 0}
                checked={removed.includes(l.orderLineId)}
                onChange={(on: boolean) => setRemoved((r) => (on ? [...r, l.orderLineId] : r.filter((x) => x !== l.orderLineId)))}
              />
            ),
          },
        ]}
      />
      {added.length > 0 && (
        <Table
          style={{ marginTop: 8 }}
          rowKey="key"
          pagination={false}
          data={added}
          data-testid="po-change-new-lines"
          columns={[
            { title: t('po.change.newLine'), width: 70, render: (_: unknown, _r: NewLine, i: number) => `+${i + 1}` },
            {
              title: t('po.col.material'),
              render: (_: unknown, r: NewLine, i: number) => (
                <MaterialSelect testId={`po-change-new-material-${i + 1}`} value={r.materialId} onChange={(v) => setNew(r.key, { materialId: v })} />
              ),
            },
            {
              title: t('po.col.quantity'),
              width: 130,
              render: (_: unknown, r: NewLine, i: number) => (
                <InputNumber
                  data-testid={`po-change-new-qty-${i + 1}`}
                  min={0}
                  value={r.quantity}
                  onChange={(v) => setNew(r.key, { quantity: v ?? undefined })}
                />
              ),
            },
            {
              title: t('po.col.requiredDate'),
              width: 140,
              render: (_: unknown, r: NewLine, i: number) => (
                <Input
                  data-testid={`po-change-new-date-${i + 1}`}
                  placeholder="yyyy-MM-dd"
                  value={r.requiredDate}
                  onChange={(v) => setNew(r.key, { requiredDate: v })}
                />
              ),
            },
            {
              title: t('po.col.price'),
              width: 130,
              render: (_: unknown, r: NewLine, i: number) => (
                <InputNumber data-testid={`po-change-new-price-${i + 1}`} min={0} value={r.price} onChange={(v) => setNew(r.key, { price: v ?? undefined })} />
              ),
            },
            {
              title: '',
              width: 80,
              render: (_: unknown, r: NewLine) => (
                <Button size="mini" onClick={() => setAdded((rows) => rows.filter((x) => x.key !== r.key))}>
                  {t('po.change.drop')}
                </Button>
              ),
            },
          ]}
        />
      )}
      <div style={{ marginTop: 8 }}>
        <Button
          data-testid="po-change-add"
          size="small"
          onClick={() => setAdded((rows) => [...rows, { key: Date.now() + rows.length, requiredDate: lines[0]?.requiredDate ?? '' }])}
        >
          {t('po.change.addLine')}
        </Button>
      </div>
      <div style={{ display: 'flex', gap: 8, marginTop: 8, alignItems: 'center' }}>
        <Input style={{ width: 360 }} placeholder={t('po.reason.placeholder')} value={reason} onChange={setReason} data-testid="po-change-reason" />
        <Button type="primary" loading={busy} disabled={count === 0} data-testid="po-change-submit" onClick={() => void submit()}>
          {t('po.change.submit', { n: count })}
        </Button>
        <Button onClick={() => setOpen(false)}>{t('po.change.close')}</Button>
      </div>
    </div>
  );
}
