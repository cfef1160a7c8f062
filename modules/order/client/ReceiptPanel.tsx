// Edit-page addon on the buyer's new goods receipt: scan (or type) a label's barcode, the shipped note it
// names comes up with its lines; the received and rejected quantities are posted as one saveOrUpdate.
import { useState } from 'react';
import { Button, Input, InputNumber, Table } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { EditAddonProps } from '../../../runtime/registry/types';
import { DELIVERY, RECEIPT, errorText, type Delivery, type DeliveryLine } from './orderApi';

type Row = DeliveryLine & { receive: number | undefined; rejected: number | undefined };

export function ReceiptPanel({ page, record }: EditAddonProps) {
  const env = useRuntimeEnv();
  const t = env.t;
  const [barcode, setBarcode] = useState('');
  const [note, setNote] = useState<Delivery | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  if (page.name !== 'order/poReceiptEdit' || record !== null) return null;
  const find = async () => {
    try {
      const d = (await env.api<Delivery>(`${DELIVERY}/findByBarcode`, { barcode })).data;
      setNote(d);
      setRows(d.lines.map((l) => ({ ...l, receive: l.quantity, rejected: 0 })));
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };
  const post = async () => {
    try {
      const lines = rows
        .filter((r) => (r.receive ?? 0) > 0)
        .map((r) => ({ deliveryLineId: r.deliveryLineId, quantity: r.receive, rejectedQuantity: r.rejected ?? 0 }));
      const saved = (
        await env.api<{ receiptId: number }>(`${RECEIPT}/saveOrUpdate`, {
          deliveryId: note!.deliveryId,
          receiptDate: new Date().toISOString().slice(0, 10),
          lines,
        })
      ).data;
      env.notify('success', t('po.done'));
      env.navigate(`/main/order/poReceiptEdit?id=${saved.receiptId}&mode=view`, { replace: true });
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };
  const set = (id: number, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.deliveryLineId === id ? { ...r, ...patch } : r)));
  return (
    <div data-testid="po-receive" className="srm-addon-box">
      <h3 style={{ fontSize: 15, margin: '0 0 8px' }}>{t('po.receipt.title')}</h3>
      <Input.Search
        data-testid="po-barcode"
        style={{ width: 360 }}
        placeholder={t('po.receipt.scan')}
        value={barcode}
        onChange={setBarcode}
        onSearch={() => void find()}
        searchButton
      />
      {note && (
        <>
          <p data-testid="po-receive-note">
            {note.deliveryNumber} · {note.supplierIdDisplay ?? ''}
          </p>
          <Table
            rowKey="deliveryLineId"
            pagination={false}
            data={rows}
            columns={[
              { title: t('po.col.line'), dataIndex: 'lineNumber', width: 70 },
              { title: t('po.col.material'), dataIndex: 'materialIdDisplay' },
              { title: t('po.col.shipped'), dataIndex: 'quantity', width: 110 },
              {
                title: t('po.col.received'),
                width: 140,
                render: (_: unknown, r: Row) => (
                  <InputNumber
                    data-testid={`po-receive-${r.lineNumber}`}
                    min={0}
                    value={r.receive}
                    onChange={(v) => set(r.deliveryLineId, { receive: v ?? undefined })}
                  />
                ),
              },
              {
                title: t('po.col.rejected'),
                width: 140,
                render: (_: unknown, r: Row) => (
                  <InputNumber
                    data-testid={`po-reject-${r.lineNumber}`}
                    min={0}
                    value={r.rejected}
                    onChange={(v) => set(r.deliveryLineId, { rejected: v ?? undefined })}
                  />
                ),
              },
            ]}
          />
          <Button type="primary" style={{ marginTop: 8 }} data-testid="po-receive-post" onClick={() => void post()}>
            {t('po.receipt.post')}
          </Button>
        </>
      )}
    </div>
  );
}
