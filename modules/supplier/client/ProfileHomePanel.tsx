// The supplier's own company on its home: which profile fields are still empty (contact, tax number,
// address, documents), with a button to the company page (read-only: what is missing is asked for through a
// change request, its hint's button) — the supplier's open work besides its tasks and notices. Reads its own
// row through listByPage (the row rule gives a supplier its company only).
import { Alert, Button, Card, Tag } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useRuntimeEnv } from '../../../runtime/env';
import { familyPath, type Row } from '../../../runtime/data/dataProvider';
import { fieldLabel } from '../../../runtime/text/resolveText';
import type { EntityDefinition } from '../../../runtime/definitions';
import entityJson from '../entities/srmPosSupplierInfo.entity.json';

const entity = entityJson as unknown as EntityDefinition;
/** What a buyer needs to work with the company; empty ones are the supplier's to-do. */
const WANTED = ['contactName', 'contactPhone', 'email', 'taxNumber', 'address', 'attachmentIds'] as const;

export default function ProfileHomePanel() {
  const env = useRuntimeEnv();
  const [row, setRow] = useState<Row | null | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    env.api<Row[]>(familyPath(entity, 'listByPage'), { params: {}, pageIndex: 1, pageRows: 1 }).then(
      (a) => alive && setRow(a.data[0] ?? null),
      () => alive && setRow(null),
    );
    return () => {
      alive = false;
    };
    // Once per home visit: the company page is where it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!row) return null;
  const missing = WANTED.filter((f) => row[f] === null || row[f] === undefined || String(row[f]).trim() === '');
  return (
    <Card
      bordered={false}
      className="srm-home-card"
      data-testid="home-supplier-profile"
      data-missing={missing.join(',')}
      title={env.t('supplierHome.title')}
      extra={
        <Button type="text" size="small" data-testid="home-supplier-profile-open" onClick={() => env.navigate('/main/supplier/myCompanyList')}>
          {env.t('supplierHome.open')}
        </Button>
      }
    >
      {missing.length === 0 ? (
        <Alert type="success" content={env.t('supplierHome.complete')} />
      ) : (
        <Alert
          type="warning"
          content={
            <span>
              {env.t('supplierHome.missing', { count: missing.length })}{' '}
              {missing.map((f) => (
                <Tag key={f} color="orangered" style={{ marginInlineEnd: 4 }}>
                  {fieldLabel(entity, f, env)}
                </Tag>
              ))}
            </span>
          }
        />
      )}
    </Card>
  );
}
