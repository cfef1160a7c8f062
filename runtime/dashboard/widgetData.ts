// What a dashboard widget reads: a declared aggregate (POST .../aggregate) or a short list
// (listByPage), through the page's env, so the server applies the reader's rights and row rules.
import { useEffect, useRef, useState } from 'react';
import { useRuntimeEnv, type RuntimeEnv } from '../env.js';
import { familyPath, type Row } from '../data/dataProvider.js';
import type { EntityDefinition } from '../definitions.js';
import type { WidgetDefinition } from './types.js';

export type WidgetData = { status: 'loading' } | { status: 'ready'; rows: readonly Row[] } | { status: 'failed'; message: string };

export async function loadWidgetRows(env: Pick<RuntimeEnv, 'api'>, entity: EntityDefinition, w: WidgetDefinition): Promise<Row[]> {
  const { aggregate, params = {}, sort, pageRows = 10 } = w.source;
  const answer = aggregate
    ? await env.api<Row[]>(familyPath(entity, 'aggregate'), { name: aggregate, params })
    : await env.api<Row[]>(familyPath(entity, 'listByPage'), { params, pageIndex: 1, pageRows, ...(sort ? { sort } : {}) });
  return answer.data ?? [];
}

/** The widget's rows; loads again when the language changes (group names come back translated). */
export function useWidgetData(entity: EntityDefinition, w: WidgetDefinition): WidgetData {
  const env = useRuntimeEnv();
  const [data, setData] = useState<WidgetData>({ status: 'loading' });
  // env's identity changes with the route and resources; only the language changes the answer.
  const envRef = useRef(env);
  envRef.current = env;
  useEffect(() => {
    let alive = true;
    setData({ status: 'loading' });
    loadWidgetRows(envRef.current, entity, w).then(
      (rows) => alive && setData({ status: 'ready', rows }),
      (err: unknown) => alive && setData({ status: 'failed', message: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      alive = false;
    };
  }, [entity, w, env.language]);
  return data;
}
