// The supplier home's card of agreements still to sign (SENT): each with its validity and a button to read
// and sign it (opened in 我的协议's menu, whose buttons sign and refuse). The row rule gives the supplier only its own agreements, never drafts.
import { Alert, Button, Card, List } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useRuntimeEnv } from '../../../../runtime/env';
import type { Row } from '../../../../runtime/data/dataProvider';
import type { HomePanelProps } from '../../../../runtime/registry/types';

const LIST = 'srmServer/v1/srmPosAgreementRestful/listByPage';

export default function AgreementsHomePanel({ openInMenu }: HomePanelProps) {
  const env = useRuntimeEnv();
  const t = env.t;
  const [rows, setRows] = useState<Row[] | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    env.api<Row[]>(LIST, { params: { status: 'SENT' }, pageIndex: 1, pageRows: 20 }).then(
      (a) => alive && setRows(a.data),
      () => alive && setRows([]),
    );
    return () => {
      alive = false;
    };
    // Once per home visit: 我的协议 is where they are signed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!rows) return null;
  return (
    <Card bordered={false} className="srm-home-card" data-testid="home-agreements" data-open={rows.length} title={t('supplierAgr.home.title')}>
      {rows.length === 0 && <Alert type="info" content={t('supplierAgr.home.none')} />}
      {rows.length > 0 && (
        <List
          size="small"
          dataSource={rows}
          render={(r) => (
            <List.Item
              key={String(r.agreementId)}
              data-testid={`home-agreement-${String(r.agreementNumber)}`}
              extra={
                <Button
                  type="text"
                  size="small"
                  onClick={() => openInMenu('MY_AGREEMENT', 'supplier/myAgreementEdit', { id: String(r.agreementId), mode: 'view' })}
                >
                  {t('supplierAgr.home.open')}
                </Button>
              }
            >
              {t('supplierAgr.home.row', { number: String(r.agreementNumber ?? ''), title: String(r.title ?? ''), date: String(r.validTo ?? '').slice(0, 10) })}
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
