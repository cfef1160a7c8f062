// Screen "devtoolsGeneratorCode": an entity definition plus list/edit pages generated from a table,
// checked by the meta-schemas on the server, shown and saved as files for implementers.
import { useMemo, useState } from 'react';
import { Alert, Button, Input, Space, Tabs } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { resolveText } from '../../../runtime/text/resolveText';
import { devtoolsApi, errorText, saveJson, type Generated } from './devtoolsApi';
import { ScreenTitle } from './ScreenTitle';
import { saveBlob } from '../../../runtime/attachments/api';

const FILES = ['entity', 'list', 'edit'] as const;

export function GeneratorCode({ page, query }: CustomPageProps) {
  const env = useRuntimeEnv();
  const api = useMemo(() => devtoolsApi(env), [env]);
  const [tableName, setTableName] = useState(typeof query.tableName === 'string' ? query.tableName : '');
  const [entityName, setEntityName] = useState('');
  const [module, setModule] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Generated | null>(null);

  const generate = async () => {
    setBusy(true);
    try {
      setResult(await api.generate(tableName.trim(), entityName.trim(), module.trim()));
    } catch (e) {
      setResult(null);
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const valid = result !== null && result.errors.length === 0;
  const downloadAll = async () => {
    try {
      const file = await api.downloadAll(tableName.trim(), entityName.trim(), module.trim());
      saveBlob(file.blob, file.fileName ?? 'generated.zip');
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };

  return (
    <div className="srm-page" data-page={page.name}>
      <ScreenTitle>{resolveText(page.title, env)}</ScreenTitle>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input data-testid="gen-table" addBefore={env.t('devtools.db.tableName')} style={{ width: 320 }} value={tableName} onChange={setTableName} />
        <Input
          data-testid="gen-entity"
          addBefore={env.t('devtools.gen.entityName')}
          placeholder="srmWidget"
          style={{ width: 300 }}
          value={entityName}
          onChange={setEntityName}
        />
        <Input
          data-testid="gen-module"
          addBefore={env.t('devtools.gen.module')}
          placeholder="custom"
          style={{ width: 220 }}
          value={module}
          onChange={setModule}
        />
        <Button type="primary" data-testid="gen-run" loading={busy} disabled={!tableName.trim()} onClick={() => void generate()}>
          {env.t('devtools.gen.generate')}
        </Button>
        <Button type="outline" onClick={() => env.navigate('/main/databaseList')}>
          {env.t('devtools.gen.browse')}
        </Button>
      </Space>
      {result && result.errors.length > 0 && (
        <Alert
          type="error"
          style={{ marginBottom: 12 }}
          title={env.t('devtools.gen.invalid')}
          content={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {result.errors.map((e, i) => (
                <li key={i}>{e.message}</li>
              ))}
            </ul>
          }
        />
      )}
      {valid && <Alert type="success" style={{ marginBottom: 12 }} content={env.t('devtools.gen.valid')} />}
      {result && (
        <>
          {valid && (
            <Space style={{ marginBottom: 12 }}>
              <Button type="primary" data-testid="gen-download-all" onClick={() => void downloadAll()}>
                {env.t('devtools.gen.downloadAll')}
              </Button>
              {FILES.map((f) => (
                <Button key={f} data-testid={`gen-download-${f}`} onClick={() => saveJson(result[f].fileName, result[f].content)}>
                  {env.t('devtools.gen.download', { file: result[f].fileName.split('/').pop() })}
                </Button>
              ))}
            </Space>
          )}
          <Tabs defaultActiveTab="entity">
            {FILES.map((f) => (
              <Tabs.TabPane key={f} title={env.t(`devtools.gen.${f}`)}>
                <div style={{ color: 'var(--color-text-3)', marginBottom: 6 }}>{result[f].fileName}</div>
                <pre
                  data-testid={`gen-file-${f}`}
                  className="srm-devtools-code"
                  style={{ maxHeight: 480, overflow: 'auto', background: 'var(--color-fill-2)', padding: 12, margin: 0, fontSize: 12 }}
                >
                  {JSON.stringify(result[f].content, null, 2)}
                </pre>
              </Tabs.TabPane>
            ))}
          </Tabs>
        </>
      )}
    </div>
  );
}
