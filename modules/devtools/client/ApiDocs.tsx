// Screen "apiDocs": the server's own OpenAPI document (/api/openapi.json), operations grouped by area
// (the tag), each with its request schema, example and answer schema.
import { useEffect, useMemo, useState } from 'react';
import { Collapse, Empty, Input, Spin, Tag } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { resolveText } from '../../../runtime/text/resolveText';
import { errorText } from './devtoolsApi';
import { ScreenTitle } from './ScreenTitle';

type Obj = Record<string, unknown>;

interface Operation {
  method: string;
  path: string;
  summary: string;
  request?: unknown;
  example?: unknown;
  response?: unknown;
}

interface OpenApi {
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, Obj>>;
  components?: { schemas?: Record<string, unknown> };
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Replaces `$ref`s to components by the schema they name (once, so recursive schemas stay finite). */
function inline(schema: unknown, components: Record<string, unknown>, seen: Set<string> = new Set()): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inline(s, components, seen));
  if (!isObj(schema)) return schema;
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  if (ref?.startsWith('#/components/schemas/')) {
    const name = ref.slice('#/components/schemas/'.length);
    if (seen.has(name) || !components[name]) return schema;
    return inline(components[name], components, new Set([...seen, name]));
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inline(v, components, seen)]));
}

function content(body: unknown): { schema?: unknown; example?: unknown } {
  if (!isObj(body) || !isObj(body.content)) return {};
  const first = Object.values(body.content)[0];
  return isObj(first) ? { schema: first.schema, example: first.example } : {};
}

function operationsOf(doc: OpenApi): Map<string, Operation[]> {
  const components = doc.components?.schemas ?? {};
  const byArea = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const area = path.split('/')[2] ?? '';
      const req = content(op.requestBody);
      const ok = isObj(op.responses) ? (op.responses['200'] as unknown) : undefined;
      const list = byArea.get(area) ?? [];
      list.push({
        method: method.toUpperCase(),
        path,
        summary: typeof op.summary === 'string' ? op.summary : '',
        request: inline(req.schema, components),
        example: req.example,
        response: inline(content(ok).schema, components),
      });
      byArea.set(area, list);
    }
  }
  return byArea;
}

const Code = ({ value }: { value: unknown }) => (
  <pre style={{ fontSize: 12, maxHeight: 320, overflow: 'auto', background: 'var(--color-fill-2)', padding: 8, margin: '4px 0 8px' }}>
    {JSON.stringify(value, null, 2)}
  </pre>
);

export function ApiDocs({ page }: CustomPageProps) {
  const env = useRuntimeEnv();
  const [doc, setDoc] = useState<OpenApi | null>(null);
  const [filter, setFilter] = useState('');
  useEffect(() => {
    fetch('/api/openapi.json')
      .then((r) => r.json() as Promise<OpenApi>)
      .then(setDoc, (e: unknown) => env.notify('error', errorText(e)));
  }, [env]);
  const areas = useMemo(() => (doc ? operationsOf(doc) : new Map<string, Operation[]>()), [doc]);
  const needle = filter.trim().toLowerCase();

  if (!doc) return <Spin />;
  const shown = [...areas.entries()]
    .map(([area, ops]) => [area, ops.filter((o) => !needle || `${o.path} ${o.summary}`.toLowerCase().includes(needle))] as const)
    .filter(([, ops]) => ops.length > 0);
  return (
    <div className="srm-page" data-page={page.name}>
      <ScreenTitle extra={<span style={{ color: 'var(--color-text-3)' }}>{`${doc.info?.title ?? ''} ${doc.info?.version ?? ''}`}</span>}>
        {resolveText(page.title, env)}
      </ScreenTitle>
      <p style={{ color: 'var(--color-text-2)', marginTop: 0 }}>{doc.info?.description}</p>
      <Input
        data-testid="docs-search"
        allowClear
        style={{ width: 360, marginBottom: 12 }}
        placeholder={env.t('devtools.api.searchPlaceholder')}
        value={filter}
        onChange={setFilter}
      />
      {shown.length === 0 && <Empty />}
      <Collapse data-testid="docs-areas" bordered defaultActiveKey={[]}>
        {shown.map(([area, ops]) => (
          <Collapse.Item
            key={area}
            name={area}
            header={
              <span>
                <b>{area}</b> <Tag size="small">{ops.length}</Tag>
              </span>
            }
          >
            <Collapse bordered={false}>
              {ops.map((o) => (
                <Collapse.Item
                  key={`${o.method} ${o.path}`}
                  name={`${o.method} ${o.path}`}
                  header={
                    <span>
                      <Tag color={o.method === 'GET' ? 'green' : 'arcoblue'} size="small">
                        {o.method}
                      </Tag>{' '}
                      <code>{o.path}</code> <span style={{ color: 'var(--color-text-3)' }}>{o.summary}</span>
                    </span>
                  }
                >
                  {o.request !== undefined && (
                    <>
                      <b>{env.t('devtools.api.requestSchema')}</b>
                      <Code value={o.request} />
                    </>
                  )}
                  {o.example !== undefined && (
                    <>
                      <b>{env.t('devtools.api.example')}</b>
                      <Code value={o.example} />
                    </>
                  )}
                  {o.response !== undefined && (
                    <>
                      <b>{env.t('devtools.api.responseSchema')}</b>
                      <Code value={o.response} />
                    </>
                  )}
                </Collapse.Item>
              ))}
            </Collapse>
          </Collapse.Item>
        ))}
      </Collapse>
    </div>
  );
}
