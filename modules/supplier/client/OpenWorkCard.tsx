// A card of the supplier home listing the supplier's own documents that wait for it (status SENT): one line
// per document with its number, title and date, and a button that opens it. The row rules give the supplier
// only its own documents. Used by the questionnaires and agreements cards.
import { Alert, Button, Card, List } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { Row } from '../../../runtime/data/dataProvider';

export interface OpenWorkCardProps {
  /** The family's list call. */
  list: string;
  /** `home-{name}` on the card, `home-{item}-{number}` on each line. */
  name: string;
  item: string;
  /** Message keys: `{prefix}.title`, `.none`, `.open`, and `{prefix}.{rowKey}` for a line ({number}, {title}, {date}). */
  prefix: string;
  rowKey: string;
  fields: { key: string; number: string; date: string };
  open(row: Row): void;
}

export function OpenWorkCard({ list, name, item, prefix, rowKey, fields, open }: OpenWorkCardProps) {
  const env = useRuntimeEnv();
  const t = env.t;
  const [rows, setRows] = useState<Row[] | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    env.api<Row[]>(list, { params: { status: 'SENT' }, pageIndex: 1, pageRows: 20 }).then(
      (a) => alive && setRows(a.data),
      () => alive && setRows([]),
    );
    return () => {
      alive = false;
    };
    // Once per home visit: the documents' own menu is where they move.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!rows) return null;
  return (
    <Card bordered={false} className="srm-home-card" data-testid={`home-${name}`} data-open={rows.length} title={t(`${prefix}.title`)}>
      {rows.length === 0 && <Alert type="info" content={t(`${prefix}.none`)} />}
      {rows.length > 0 && (
        <List
          size="small"
          dataSource={rows}
          render={(r) => (
            <List.Item
              key={String(r[fields.key])}
              data-testid={`home-${item}-${String(r[fields.number])}`}
              extra={
                <Button type="text" size="small" onClick={() => open(r)}>
                  {t(`${prefix}.open`)}
                </Button>
              }
            >
              {t(`${prefix}.${rowKey}`, {
                number: String(r[fields.number] ?? ''),
                title: String(r.title ?? ''),
                date: String(r[fields.date] ?? '').slice(0, 10),
              })}
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
