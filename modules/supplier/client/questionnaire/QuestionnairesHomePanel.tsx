// The supplier home's card of questionnaires still to answer (qualification and surveys): each with its due
// date and a button to answer it. Reads the supplier's own questionnaires (the row rule gives it only its own).
import { Alert, Button, Card, List } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useRuntimeEnv } from '../../../../runtime/env';
import type { Row } from '../../../../runtime/data/dataProvider';

const LIST = 'srmServer/v1/srmPosQuestionnaireRestful/listByPage';

export default function QuestionnairesHomePanel() {
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
    // Once per home visit: 我的问卷 is where they move.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!rows) return null;
  return (
    <Card bordered={false} className="srm-home-card" data-testid="home-questionnaires" data-open={rows.length} title={t('supplierQn.home.title')}>
      {rows.length === 0 && <Alert type="info" content={t('supplierQn.home.none')} />}
      {rows.length > 0 && (
        <List
          size="small"
          dataSource={rows}
          render={(r) => (
            <List.Item
              key={String(r.questionnaireId)}
              data-testid={`home-questionnaire-${String(r.questionnaireNumber)}`}
              extra={
                <Button type="text" size="small" onClick={() => env.navigate(`/main/supplier/myQuestionnaireEdit?id=${String(r.questionnaireId)}&mode=edit`)}>
                  {t('supplierQn.home.open')}
                </Button>
              }
            >
              {t('supplierQn.home.due', {
                number: String(r.questionnaireNumber ?? ''),
                title: String(r.title ?? ''),
                date: String(r.dueDate ?? '').slice(0, 10),
              })}
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
