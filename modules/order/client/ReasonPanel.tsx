// Edit-page addon on the buyer's order: the steps that need a reason (refuse the supplier's changes, close,
// cancel) take it here and stand in for the page's own buttons of those operations.
import { useEffect, useState } from 'react';
import { Button, Input, Space } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { EditAddonProps } from '../../../runtime/registry/types';
import { ORDER, errorText, numberOf } from './orderApi';

const LIVE = ['RELEASED', 'CHANGE_PENDING', 'CONFIRMED'];
const OPERATIONS = ['doBuyerRejectChange', 'doClose', 'doCancel', 'doRevise', 'createFromRequisition'];

export function ReasonPanel({ page, record, reload, hideOperations }: EditAddonProps) {
  const env = useRuntimeEnv();
  const t = env.t;
  const id = numberOf(record?.orderId);
  const status = String(record?.status ?? '');
  const onPage = page.name === 'order/poOrderEdit';
  const [reason, setReason] = useState('');
  useEffect(() => hideOperations(onPage ? OPERATIONS : []), [onPage, hideOperations]);
  const buttons = [
    { op: 'doBuyerRejectChange', res: 'btnBuyerConfirm', show: status === 'CHANGE_PENDING', label: 'po.reason.refuseChanges' },
    { op: 'doClose', res: 'btnClose', show: LIVE.includes(status), label: 'po.reason.close' },
    { op: 'doCancel', res: 'btnCancel', show: !['CLOSED', 'CANCELLED', 'SUBMITTED'].includes(status), label: 'po.reason.cancel' },
  ].filter((b) => b.show && env.can(b.res));
  if (!onPage || id === null || buttons.length === 0) return null;
  const run = async (op: string) => {
    try {
      await env.api(`${ORDER}/${op}`, { id, reason });
      env.notify('success', t('po.done'));
      setReason('');
      await reload();
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };
  return (
    <Space style={{ marginBottom: 12 }} data-testid="po-reason">
      <Input style={{ width: 320 }} placeholder={t('po.reason.placeholder')} value={reason} onChange={setReason} data-testid="po-reason-input" />
      {buttons.map((b) => (
        <Button key={b.op} status={b.op === 'doBuyerRejectChange' ? 'warning' : 'danger'} data-testid={`po-${b.op}`} onClick={() => void run(b.op)}>
          {t(b.label)}
        </Button>
      ))}
    </Space>
  );
}
