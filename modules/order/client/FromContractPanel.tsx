// Edit-page addon on a new purchase order: make it from a contract signed by both sides — pick the contract and
// the required date; the server writes a draft with the contract's items at the agreed prices and quantities
// (createFromContract, ContractApi.signedContracts) and the page opens it.
import { useEffect, useState } from 'react';
import { Button, Input, Select, Space } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { EditAddonProps } from '../../../runtime/registry/types';
import { ORDER, errorText } from './orderApi';

type Signed = {
  contractId: number;
  contractNumber: string;
  title: string;
  supplierName: string | null;
  supplierId: number;
  currencyCode: string;
  endDate: string | null;
  items: number;
  amount: number;
};

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function FromContractPanel({ page, record }: EditAddonProps) {
  const env = useRuntimeEnv();
  const t = env.t;
  const show = page.name === 'order/poOrderEdit' && record === null && env.can('btnAdd');
  const [contracts, setContracts] = useState<Signed[]>([]);
  const [contractId, setContractId] = useState<number | undefined>();
  const [requiredDate, setRequiredDate] = useState(inDays(30));
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!show) return;
    env.api<Signed[]>(`${ORDER}/signedContracts`, {}).then(
      (a) => setContracts(a.data ?? []),
      () => setContracts([]),
    );
  }, [env, show]);
  if (!show || contracts.length === 0) return null;
  const create = async () => {
    if (contractId === undefined) return;
    setBusy(true);
    try {
      const made = (await env.api<{ orderId: number }>(`${ORDER}/createFromContract`, { contractId, requiredDate })).data;
      env.notify('success', t('po.done'));
      env.navigate(`/main/order/poOrderEdit?id=${made.orderId}&mode=edit`, { replace: true });
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="po-contract" className="srm-addon-box">
      <h3 style={{ fontSize: 15, margin: '0 0 8px' }}>{t('po.contract.title')}</h3>
      <Space wrap>
        <Select
          data-testid="po-contract-pick"
          style={{ width: 460 }}
          showSearch
          placeholder={t('po.contract.pick')}
          value={contractId}
          onChange={setContractId}
          options={contracts.map((c) => ({
            value: c.contractId,
            label: t('po.contract.option', {
              number: c.contractNumber,
              title: c.title,
              supplier: c.supplierName ?? c.supplierId,
              items: c.items,
              amount: c.amount.toFixed(2),
              currency: c.currencyCode,
              until: c.endDate ? t('po.contract.until', { end: c.endDate }) : '',
            }),
          }))}
        />
        <Input
          data-testid="po-contract-date"
          style={{ width: 220 }}
          addBefore={t('po.contract.requiredDate')}
          placeholder="yyyy-MM-dd"
          value={requiredDate}
          onChange={setRequiredDate}
        />
        <Button type="primary" loading={busy} disabled={contractId === undefined} data-testid="po-contract-create" onClick={() => void create()}>
          {t('po.contract.create')}
        </Button>
      </Space>
    </div>
  );
}
