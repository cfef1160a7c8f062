// Edit-page addon of the process model page: the model's published versions (which one new instances
// start, when each was published, how many instances ran and still run on it). Draws nothing elsewhere.
import { useEffect, useMemo, useState } from 'react';
import { Table, Tag } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { EditAddonProps } from '../../../runtime/registry/types';
import { bpmApi, errorText, type ModelVersion } from './bpmApi';

const boxStyle = { border: '1px solid var(--color-border-2)', borderRadius: 4, padding: '10px 12px', marginBottom: 12 };

export function ModelVersions({ entity, record }: EditAddonProps) {
  const env = useRuntimeEnv();
  const api = useMemo(() => bpmApi(env), [env]);
  const [rows, setRows] = useState<ModelVersion[] | null>(null);
  const modelId = entity.name === 'bpmModel' && record ? Number(record.modelId) : 0;
  const version = record?.version;
  useEffect(() => {
    if (!modelId) return;
    api.modelVersions(modelId).then(setRows, (e: unknown) => env.notify('error', errorText(e)));
  }, [api, env, modelId, version]);
  if (!modelId || !rows) return null;
  const t = env.t;
  return (
    <div data-testid="bpm-model-versions" style={boxStyle}>
      <div style={{ fontWeight: 600, marginBottom: 8 }}>{t('bpm.modeler.versions')}</div>
      <Table
        size="small"
        rowKey="version"
        pagination={false}
        data={rows}
        noDataElement={t('bpm.versions.none')}
        columns={[
          {
            title: t('bpm.versions.version'),
            dataIndex: 'version',
            width: 110,
            render: (v: number, r: ModelVersion) => (
              <span data-testid={`bpm-version-${v}`}>
                v{v} {r.current && <Tag color="green">{t('bpm.versions.current')}</Tag>}
              </span>
            ),
          },
          { title: t('bpm.versions.publishedAt'), dataIndex: 'publishedAt', width: 180 },
          { title: t('bpm.versions.instances'), dataIndex: 'instances', width: 120 },
          { title: t('bpm.versions.running'), dataIndex: 'running', width: 120 },
        ]}
      />
    </div>
  );
}
