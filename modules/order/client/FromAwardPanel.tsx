// Edit-page addon on a new purchase order: make it from an effective award instead of by hand — pick an
// awarded inquiry's winner and the required date; the server writes a draft with the awarded items at the
// awarded prices and quantities (createFromAward, SourcingApi.awardedPriceItems) and the page opens it.
import { useEffect, useState } from 'react';
import { Button, Input, Select, Space } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { EditAddonProps } from '../../../runtime/registry/types';
import { ORDER, errorText } from './orderApi';

type Award = {
  sourceNumber: string;
  title: string;
  supplierId: number;
  supplierName: string | null;
  currencyCode: string;
  items: number;
  amount: number;
};

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function FromAwardPanel({ page, record }: EditAddonProps) {
  const env = useRuntimeEnv();
  const t = env.t;
  const show = page.name === 'order/poOrderEdit' && record === null && env.can('btnAdd');
  const [awards, setAwards] = useState<Award[]>([]);
  const [award, setAward] = useState<string | undefined>();
  const [requiredDate, setRequiredDate] = useState(inDays(30));
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!show) return;
    env.api<Award[]>(`${ORDER}/awardedSources`, {}).then(
      (a) => setAwards(a.data ?? []),
      () => setAwards([]),
    );
  }, [env, show]);
  if (!show || awards.length === 0) return null;
  const create = async () => {
    const a = awards.find((x) => `${x.sourceNumber}:${x.supplierId}` === award);
    if (!a) return;
    setBusy(true);
    try {
      const made = (await env.api<{ orderId: number }>(`${ORDER}/createFromAward`, { sourceNumber: a.sourceNumber, supplierId: a.supplierId, requiredDate }))
        .data;
      env.notify('success', t('po.done'));
      env.navigate(`/main/order/poOrderEdit?id=${made.orderId}&mode=edit`, { replace: true });
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="po-award" className="srm-addon-box">
      <h3 style={{ fontSize: 15, margin: '0 0 8px' }}>{t('po.award.title')}</h3>
      <Space wrap>
        <Select
          data-testid="po-award-pick"
          style={{ width: 460 }}
          showSearch
          placeholder={t('po.award.pick')}
          value={award}
          onChange={setAward}
          options={awards.map((a) => ({
            value: `${a.sourceNumber}:${a.supplierId}`,
            label: t('po.award.option', {
              number: a.sourceNumber,
              title: a.title,
              supplier: a.supplierName ?? a.supplierId,
              items: a.items,
              amount: a.amount.toFixed(2),
              currency: a.currencyCode,
            }),
          }))}
        />
        <Input
          data-testid="po-award-date"
          style={{ width: 220 }}
          addBefore={t('po.award.requiredDate')}
          placeholder="yyyy-MM-dd"
          value={requiredDate}
          onChange={setRequiredDate}
        />
        <Button type="primary" loading={busy} disabled={!award} data-testid="po-award-create" onClick={() => void create()}>
          {t('po.award.create')}
        </Button>
      </Space>
    </div>
  );
}
