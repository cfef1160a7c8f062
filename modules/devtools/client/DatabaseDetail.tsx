// Screen "databaseDetail": one table's columns, primary key and indexes (read-only).
import { useEffect, useMemo, useState } from 'react';
import { Button, Descriptions, Result, Spin, Table, Tag } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { resolveText } from '../../../runtime/text/resolveText';
import { devtoolsApi, errorText, type ColumnRow, type TableDetail } from './devtoolsApi';
import { ScreenTitle } from './ScreenTitle';

function typeText(c: ColumnRow): string {
  if (c.length !== null) return `${c.udtName}(${c.length})`;
  if (c.dataType === 'numeric' && c.precision !== null) return `numeric(${c.precision},${c.scale ?? 0})`;
  return c.udtName;
}

export function DatabaseDetail({ page, query }: CustomPageProps) {
  const env = useRuntimeEnv();
  const api = useMemo(() => devtoolsApi(env), [env]);
  const tableName = typeof query.tableName === 'string' ? query.tableName : '';
  const [detail, setDetail] = useState<TableDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!tableName) return;
    api.table(tableName).then(setDetail, (e: unknown) => setError(errorText(e)));
  }, [api, tableName]);

  const title = `${resolveText(page.title, env)}${tableName ? ` · ${tableName}` : ''}`;
  if (!tableName || error) return <Result status="warning" title={title} subTitle={error ?? env.t('devtools.db.noTable')} />;
  if (!detail) return <Spin />;
  const pk = new Set(detail.primaryKey);
  return (
    <div className="srm-page" data-page={page.name}>
      <ScreenTitle
        extra={
          <Button type="primary" onClick={() => env.navigate(`/main/devtoolsGeneratorCode?tableName=${encodeURIComponent(tableName)}`)}>
            {env.t('devtools.gen.generate')}
          </Button>
        }
      >
        {title}
      </ScreenTitle>
      <Descriptions
        border
        column={3}
        style={{ marginBottom: 16 }}
        data={[
          { label: env.t('devtools.db.tableName'), value: detail.tableName },
          { label: env.t('devtools.db.estimatedRows'), value: `≈ ${detail.estimatedRows.toLocaleString()}` },
          { label: env.t('devtools.db.primaryKey'), value: detail.primaryKey.join(', ') || '—' },
        ]}
      />
      <Table
        data-testid="db-columns"
        rowKey="columnName"
        size="small"
        border
        pagination={false}
        data={detail.columns}
        columns={[
          { title: '#', dataIndex: 'position', width: 60 },
          {
            title: env.t('devtools.db.columnName'),
            dataIndex: 'columnName',
            render: (v: string) => (
              <span>
                {v}{' '}
                {pk.has(v) && (
                  <Tag color="arcoblue" size="small">
                    PK
                  </Tag>
                )}
              </span>
            ),
          },
          { title: env.t('devtools.db.type'), dataIndex: 'udtName', render: (_: unknown, c: ColumnRow) => typeText(c) },
          {
            title: env.t('devtools.db.nullable'),
            dataIndex: 'nullable',
            width: 100,
            render: (v: boolean) => (v ? env.t('devtools.yes') : env.t('devtools.no')),
          },
          { title: env.t('devtools.db.default'), dataIndex: 'defaultValue', ellipsis: true, render: (v: string | null) => v ?? '' },
        ]}
      />
      <h3 style={{ fontSize: 15, margin: '16px 0 8px' }}>{env.t('devtools.db.indexes')}</h3>
      <Table
        rowKey="name"
        size="small"
        border
        pagination={false}
        data={detail.indexes}
        columns={[
          { title: env.t('devtools.db.indexName'), dataIndex: 'name', width: 320 },
          { title: env.t('devtools.db.indexDefinition'), dataIndex: 'definition' },
        ]}
      />
    </div>
  );
}
