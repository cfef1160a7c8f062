// Edit-page addon on the supplier's order: while the order waits for confirmation, each open line is
// answered here (accept; change the promised date or the quantity; refuse with a comment) and sent as one
// doSupplierConfirm. It stands in for the page's own Confirm button.
import { useEffect, useMemo, useState } from 'react';
import { Button, Input, InputNumber, Select, Table } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { EditAddonProps } from '../../../runtime/registry/types';
import { ORDER, errorText, numberOf, type OrderLine } from './orderApi';

type Answer = { action: 'ACCEPT' | 'CHANGE' | 'REJECT'; promisedDate?: string; quantity?: number; comment?: string };

export function SupplierConfirmPanel({ page, record, reload, hideOperations }: EditAddonProps) {
  const env = useRuntimeEnv();
  const t = env.t;
  const id = numberOf(record?.orderId);
  const applies = page.name === 'order/supplierOrderEdit' && record?.status === 'RELEASED' && id !== null && env.can('btnConfirm');
  const lines = useMemo(() => ((record?.lines as OrderLine[] | undefined) ?? []).filter((l) => l.lineStatus === 'OPEN'), [record]);
  const [answers, setAnswers] = useState<Record<number, Answer>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => hideOperations(applies ? ['doSupplierConfirm'] : []), [applies, hideOperations]);
  useEffect(() => setAnswers(Object.fromEntries(lines.map((l) => [l.orderLineId, { action: 'ACCEPT' as const }]))), [lines]);
  if (!applies) return null;
  const set = (lineId: number, patch: Partial<Answer>) => setAnswers((a) => ({ ...a, [lineId]: { ...a[lineId], ...patch } }));
  const submit = async () => {
    setBusy(true);
    try {
      await env.api(`${ORDER}/doSupplierConfirm`, { id, lines: lines.map((l) => ({ lineId: l.orderLineId, ...answers[l.orderLineId] })) });
      env.notify('success', t('po.confirm.sent'));
      await reload();
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="srm-po-confirm srm-addon-box" data-testid="po-confirm">
      <h3 style={{ fontSize: 15, margin: '0 0 8px' }}>{t('po.confirm.title')}</h3>
      <Table
        rowKey="orderLineId"
        pagination={false}
        data={lines}
        columns={[
          { title: t('po.col.line'), dataIndex: 'lineNumber', width: 70 },
          { title: t('po.col.material'), dataIndex: 'materialIdDisplay' },
          { title: t('po.col.quantity'), dataIndex: 'quantity', width: 100 },
          { title: t('po.col.requiredDate'), dataIndex: 'requiredDate', width: 120 },
          {
            title: t('po.col.answer'),
            width: 150,
            render: (_: unknown, l: OrderLine) => (
              <Select
                data-testid={`po-answer-${l.lineNumber}`}
                value={answers[l.orderLineId]?.action}
                onChange={(v: Answer['action']) => set(l.orderLineId, { action: v })}
                options={(['ACCEPT', 'CHANGE', 'REJECT'] as const).map((a) => ({ value: a, label: t(`po.answer.${a}`) }))}
              />
            ),
          },
          {
            title: t('po.col.promisedDate'),
            width: 150,
            render: (_: unknown, l: OrderLine) => (
              <Input
                data-testid={`po-date-${l.lineNumber}`}
                placeholder="yyyy-MM-dd"
                value={answers[l.orderLineId]?.promisedDate ?? ''}
                onChange={(v) => set(l.orderLineId, { promisedDate: v || undefined })}
              />
            ),
          },
          {
            title: t('po.col.newQuantity'),
            width: 130,
            render: (_: unknown, l: OrderLine) => (
              <InputNumber min={0} value={answers[l.orderLineId]?.quantity} onChange={(v) => set(l.orderLineId, { quantity: v ?? undefined })} />
            ),
          },
          {
            title: t('po.col.comment'),
            render: (_: unknown, l: OrderLine) => (
              <Input value={answers[l.orderLineId]?.comment ?? ''} onChange={(v) => set(l.orderLineId, { comment: v || undefined })} />
            ),
          },
        ]}
      />
      <Button type="primary" loading={busy} style={{ marginTop: 8 }} data-testid="po-confirm-submit" onClick={() => void submit()}>
        {t('po.confirm.submit')}
      </Button>
    </div>
  );
}
