// The supplier's information changes on its home: how many wait for the buyer's review and which came
// back rejected (with the buyer's reason), with a button to the changes page. Reads the supplier's own
// changes through listByPage (the row rule gives a supplier its own only).
import { Alert, Button, Card, Space } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useRuntimeEnv } from '../../../runtime/env';
import { familyPath, type Row } from '../../../runtime/data/dataProvider';
import type { EntityDefinition } from '../../../runtime/definitions';
import entityJson from '../entities/srmPosSupplierChange.entity.json';

const entity = entityJson as unknown as EntityDefinition;

export default function ChangesHomePanel() {
  const env = useRuntimeEnv();
  const [rows, setRows] = useState<Row[] | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    const page = (status: string) => env.api<Row[]>(familyPath(entity, 'listByPage'), { params: { status }, pageIndex: 1, pageRows: 20 });
    Promise.all([page('SUBMITTED'), page('REJECTED')]).then(
      ([a, b]) => alive && setRows([...a.data, ...b.data]),
      () => alive && setRows([]),
    );
    return () => {
      alive = false;
    };
    // Once per home visit: the changes page is where they move.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!rows) return null;
  const waiting = rows.filter((r) => r.status === 'SUBMITTED');
  const returned = rows.filter((r) => r.status === 'REJECTED');
  return (
    <Card
      bordered={false}
      className="srm-home-card"
      data-testid="home-supplier-changes"
      data-waiting={waiting.length}
      data-returned={returned.length}
      title={env.t('supplierChanges.title')}
      extra={
        <Button type="text" size="small" data-testid="home-supplier-changes-open" onClick={() => env.navigate('/main/supplier/myChangeList')}>
          {env.t('supplierChanges.open')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {rows.length === 0 && <Alert type="info" content={env.t('supplierChanges.none')} />}
        {waiting.length > 0 && <Alert type="info" content={env.t('supplierChanges.waiting', { count: waiting.length })} />}
        {returned.map((r) => (
          <Alert
            key={String(r.changeId)}
            type="warning"
            content={env.t('supplierChanges.returned', { number: String(r.changeNumber ?? ''), reason: String(r.rejectReason ?? '—') })}
          />
        ))}
      </Space>
    </Card>
  );
}
