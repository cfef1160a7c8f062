// Edit-page addon on an order (buyer's and supplier's): the revisions kept before each change — accepted
// supplier changes and the buyer's change orders — newest first, each with its reason, time and lines
// as they were (findVersions). Shown once the order has a revision to look back at.
import { useEffect, useState } from 'react';
import { Collapse, Table } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { EditAddonProps } from '../../../runtime/registry/types';
import { ORDER, numberOf } from './orderApi';

const PAGES = ['order/poOrderEdit', 'order/supplierOrderEdit'];

type KeptLine = {
  line_number: number;
  quantity: number | string;
  price: number | string;
  required_date: string;
  promised_date: string | null;
  line_status: string;
};
type Version = { revision: number; changeReason: string | null; createdAt: string; lines: KeptLine[] };

export function VersionsPanel({ page, record }: EditAddonProps) {
  const env = useRuntimeEnv();
  const t = env.t;
  const id = numberOf(record?.orderId);
  const applies = PAGES.includes(page.name) && id !== null && Number(record?.revision ?? 0) > 0;
  const [versions, setVersions] = useState<Version[]>([]);
  useEffect(() => {
    if (!applies) return;
    env.api<Version[]>(`${ORDER}/findVersions`, { id }).then(
      (a) => setVersions(a.data ?? []),
      () => setVersions([]),
    );
  }, [env, applies, id, record]);
  if (!applies || versions.length === 0) return null;
  return (
    <Collapse data-testid="po-versions" style={{ marginBottom: 16 }} bordered>
      <Collapse.Item name="versions" header={t('po.versions.title', { n: versions.length })}>
        {versions.map((v) => (
          <div key={`${v.revision}-${v.createdAt}`} data-testid={`po-version-${v.revision}`} style={{ marginBottom: 12 }}>
            <div style={{ fontWeight: 500, marginBottom: 4 }}>
              {t('po.versions.row', { revision: v.revision, time: String(v.createdAt).slice(0, 19), reason: v.changeReason ?? '' })}
            </div>
            <Table
              size="small"
              rowKey="line_number"
              pagination={false}
              data={v.lines}
              columns={[
                { title: t('po.col.line'), dataIndex: 'line_number', width: 70 },
                { title: t('po.col.quantity'), dataIndex: 'quantity', render: (q: unknown) => Number(q) },
                { title: t('po.col.price'), dataIndex: 'price', render: (q: unknown) => Number(q) },
                { title: t('po.col.requiredDate'), dataIndex: 'required_date', render: (d: unknown) => String(d ?? '').slice(0, 10) },
                { title: t('po.col.promisedDate'), dataIndex: 'promised_date', render: (d: unknown) => String(d ?? '').slice(0, 10) },
              ]}
            />
          </div>
        ))}
      </Collapse.Item>
    </Collapse>
  );
}
