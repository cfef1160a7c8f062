// The supplier home's open orders: released orders waiting for its line-by-line confirmation, and those
// whose changes wait for the buyer. Reads its own orders through listByPage (the row rule gives a supplier
// its own only); each row opens the order under 我的订单, where the confirm buttons live.
import { useEffect, useState } from 'react';
import { useRuntimeEnv } from '../../../runtime/env';
import { familyPath, type Row } from '../../../runtime/data/dataProvider';
import type { EntityDefinition } from '../../../runtime/definitions';
import type { HomePanelProps } from '../../../runtime/registry/types';
import { WorkListCard, type WorkRow } from '../../../runtime/dashboard/WorkListCard';
import entityJson from '../entities/srmPoOrder.entity.json';

const entity = entityJson as unknown as EntityDefinition;
const MENU = 'MY_ORDERS';
const ROWS = 5;
const AMOUNT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export default function OrdersHomePanel({ openInMenu }: HomePanelProps) {
  const env = useRuntimeEnv();
  const [rows, setRows] = useState<Row[] | undefined>();
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    const page = (status: string) => env.api<Row[]>(familyPath(entity, 'listByPage'), { params: { status }, pageIndex: 1, pageRows: ROWS });
    Promise.all([page('RELEASED'), page('CHANGE_PENDING')]).then(
      ([released, pending]) => {
        if (!alive) return;
        setRows([...released.data, ...pending.data].slice(0, ROWS));
        setTotal((released.page?.count ?? released.data.length) + (pending.page?.count ?? pending.data.length));
      },
      (e: unknown) => alive && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      alive = false;
    };
    // Once per home visit: the orders page is where they move.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const work: WorkRow[] | undefined = rows?.map((r) => ({
    key: String(r.orderId),
    cells: [String(r.orderNumber ?? ''), String(r.title ?? ''), `${AMOUNT.format(Number(r.totalAmount ?? 0))} ${String(r.currencyCode ?? '')}`],
    tag: r.status === 'RELEASED' ? { text: env.t('po.home.toConfirm'), color: 'orangered' } : { text: env.t('po.home.changePending'), color: 'arcoblue' },
    open: () => openInMenu(MENU, 'order/supplierOrderEdit', { id: Number(r.orderId), mode: 'view' }),
  }));
  return (
    <WorkListCard
      testId="home-supplier-orders"
      title={env.t('po.home.title', { count: total })}
      rows={work}
      total={total}
      error={error}
      emptyText={env.t('po.home.none')}
      allLabel={env.t('po.home.all')}
      onAll={() => openInMenu(MENU)}
    />
  );
}
