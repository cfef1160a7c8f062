// Edit-page addon on a new purchase order: make it from a source instead of by hand — pick one (an
// effective award's winner, a contract signed by both sides) and the required date; the server writes a
// draft with the source's items at its prices and quantities and the page opens it. One panel per kind of
// source (FromAwardPanel, FromContractPanel), which says how to list, name and make from its sources.
import { useEffect, useState } from 'react';
import { Button, Input, Select, Space } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { EditAddonProps } from '../../../runtime/registry/types';
import { ORDER, errorText } from './orderApi';

export interface OrderSource<S> {
  /** Test ids and message keys: `po-{kind}-…`, `po.{kind}.…` (title, pick, requiredDate, create). */
  kind: 'award' | 'contract';
  /** The family action that lists the sources, and the one that makes a draft from one. */
  listAction: string;
  createAction: string;
  key(source: S): string;
  label(source: S, t: (key: string, options?: Record<string, unknown>) => string): string;
  createBody(source: S, requiredDate: string): Record<string, unknown>;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function MakeOrderFromPanel<S>({ page, record, source }: EditAddonProps & { source: OrderSource<S> }) {
  const env = useRuntimeEnv();
  const t = env.t;
  const { kind } = source;
  const show = page.name === 'order/poOrderEdit' && record === null && env.can('btnAdd');
  const [sources, setSources] = useState<S[]>([]);
  const [picked, setPicked] = useState<string | undefined>();
  const [requiredDate, setRequiredDate] = useState(inDays(30));
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!show) return;
    env.api<S[]>(`${ORDER}/${source.listAction}`, {}).then(
      (a) => setSources(a.data ?? []),
      () => setSources([]),
    );
  }, [env, show, source.listAction]);
  if (!show || sources.length === 0) return null;
  const create = async () => {
    const s = sources.find((x) => source.key(x) === picked);
    if (!s) return;
    setBusy(true);
    try {
      const made = (await env.api<{ orderId: number }>(`${ORDER}/${source.createAction}`, source.createBody(s, requiredDate))).data;
      env.notify('success', t('po.done'));
      env.navigate(`/main/order/poOrderEdit?id=${made.orderId}&mode=edit`, { replace: true });
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid={`po-${kind}`} className="srm-addon-box">
      <h3 style={{ fontSize: 15, margin: '0 0 8px' }}>{t(`po.${kind}.title`)}</h3>
      <Space wrap>
        <Select
          data-testid={`po-${kind}-pick`}
          style={{ width: 460 }}
          showSearch
          placeholder={t(`po.${kind}.pick`)}
          value={picked}
          onChange={setPicked}
          options={sources.map((s) => ({ value: source.key(s), label: source.label(s, t) }))}
        />
        <Input
          data-testid={`po-${kind}-date`}
          style={{ width: 220 }}
          addBefore={t(`po.${kind}.requiredDate`)}
          placeholder="yyyy-MM-dd"
          value={requiredDate}
          onChange={setRequiredDate}
        />
        <Button type="primary" loading={busy} disabled={picked === undefined} data-testid={`po-${kind}-create`} onClick={() => void create()}>
          {t(`po.${kind}.create`)}
        </Button>
      </Space>
    </div>
  );
}
