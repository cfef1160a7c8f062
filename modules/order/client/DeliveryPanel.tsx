// Edit-page addon on the supplier's delivery note. A new note starts here from a confirmed order: its open
// lines with the quantity to ship (the open quantity proposed) and batch numbers, carrier, waybill and
// expected arrival; saved as one saveOrUpdate. A saved note prints its labels (PDF with barcodes).
import { useEffect, useState } from 'react';
import { Button, Input, InputNumber, Select, Space, Table } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { EditAddonProps } from '../../../runtime/registry/types';
import { saveBase64 } from '../../../runtime/attachments/api';
import { DELIVERY, errorText, numberOf, orderApi, type Order, type OrderLine } from './orderApi';

type Row = OrderLine & { ship: number | undefined; batch: string };

export function DeliveryPanel({ page, record }: EditAddonProps) {
  const env = useRuntimeEnv();
  const t = env.t;
  const onPage = page.name === 'order/deliveryEdit';
  const deliveryId = numberOf(record?.deliveryId);
  const [orders, setOrders] = useState<Order[]>([]);
  const [orderId, setOrderId] = useState<number | undefined>();
  const [rows, setRows] = useState<Row[]>([]);
  const [head, setHead] = useState({ carrier: '', waybillNumber: '', expectedArrival: '' });
  useEffect(() => {
    if (onPage && record === null)
      orderApi(env)
        .confirmedOrders()
        .then(setOrders, (e: unknown) => env.notify('error', errorText(e)));
  }, [env, onPage, record]);
  useEffect(() => {
    if (orderId === undefined) return;
    orderApi(env)
      .order(orderId)
      .then(
        (o) => setRows(o.lines.filter((l) => l.lineStatus === 'CONFIRMED' && l.openQuantity > 0).map((l) => ({ ...l, ship: l.openQuantity, batch: '' }))),
        (e: unknown) => env.notify('error', errorText(e)),
      );
  }, [env, orderId]);
  if (!onPage) return null;
  if (deliveryId !== null) {
    const print = async () => {
      try {
        const pdf = (await env.api<{ base64: string; fileName: string }>(`${DELIVERY}/getLabelPdf`, { id: deliveryId })).data;
        saveBase64(pdf.base64, pdf.fileName, 'application/pdf');
      } catch (e) {
        env.notify('error', errorText(e));
      }
    };
    return (
      <Button style={{ marginBottom: 12 }} data-testid="po-labels" onClick={() => void print()}>
        {t('po.delivery.labels')}
      </Button>
    );
  }
  if (record !== null) return null;
  const save = async () => {
    try {
      const lines = rows.filter((r) => (r.ship ?? 0) > 0).map((r) => ({ orderLineId: r.orderLineId, quantity: r.ship, batchNumber: r.batch || null }));
      const saved = (await env.api<{ deliveryId: number }>(`${DELIVERY}/saveOrUpdate`, { orderId, ...head, lines })).data;
      env.notify('success', t('po.done'));
      env.navigate(`/main/order/deliveryEdit?id=${saved.deliveryId}&mode=edit`, { replace: true });
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };
  const set = (id: number, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.orderLineId === id ? { ...r, ...patch } : r)));
  return (
    <div data-testid="po-delivery-new" className="srm-addon-box">
      <h3 style={{ fontSize: 15, margin: '0 0 8px' }}>{t('po.delivery.title')}</h3>
      <Space wrap>
        <Select
          data-testid="po-delivery-order"
          style={{ width: 260 }}
          placeholder={t('po.delivery.pickOrder')}
          value={orderId}
          onChange={setOrderId}
          options={orders.map((o) => ({ value: o.orderId, label: o.orderNumber }))}
        />
        <Input style={{ width: 160 }} placeholder={t('po.delivery.carrier')} value={head.carrier} onChange={(v) => setHead({ ...head, carrier: v })} />
        <Input
          style={{ width: 180 }}
          placeholder={t('po.delivery.waybill')}
          value={head.waybillNumber}
          onChange={(v) => setHead({ ...head, waybillNumber: v })}
        />
        <Input
          data-testid="po-delivery-eta"
          style={{ width: 160 }}
          placeholder={t('po.delivery.eta')}
          value={head.expectedArrival}
          onChange={(v) => setHead({ ...head, expectedArrival: v })}
        />
      </Space>
      <Table
        style={{ marginTop: 8 }}
        rowKey="orderLineId"
        pagination={false}
        data={rows}
        columns={[
          { title: t('po.col.line'), dataIndex: 'lineNumber', width: 70 },
          { title: t('po.col.material'), dataIndex: 'materialIdDisplay' },
          { title: t('po.col.open'), dataIndex: 'openQuantity', width: 110 },
          {
            title: t('po.col.ship'),
            width: 140,
            render: (_: unknown, r: Row) => (
              <InputNumber data-testid={`po-ship-${r.lineNumber}`} min={0} value={r.ship} onChange={(v) => set(r.orderLineId, { ship: v ?? undefined })} />
            ),
          },
          {
            title: t('po.col.batch'),
            width: 160,
            render: (_: unknown, r: Row) => <Input value={r.batch} onChange={(v) => set(r.orderLineId, { batch: v })} />,
          },
        ]}
      />
      <Button type="primary" style={{ marginTop: 8 }} disabled={orderId === undefined} data-testid="po-delivery-save" onClick={() => void save()}>
        {t('po.delivery.create')}
      </Button>
    </div>
  );
}
