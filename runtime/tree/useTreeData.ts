// Loads a tree page's nodes through the entity's listByPage: the whole tree page by page (capped), or
// lazily level by level (roots: levelKey = 1; children: parentKey = the node's key).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EntityDefinition, TreeConfig } from '../definitions.js';
import type { RuntimeEnv } from '../env.js';
import type { DataProvider, Row } from '../data/dataProvider.js';
import { buildTree, type TreeNode } from './buildTree.js';

const PAGE_ROWS = 1000;

export interface TreeData {
  nodes: TreeNode[];
  /** Rows loaded so far (all: the whole tree; lazy: every expanded level). */
  rows: Row[];
  loading: boolean;
  /** A whole-tree load stopped at maxNodes. */
  truncated: boolean;
  reload(): Promise<void>;
  /** Lazy mode: load a node's children (no-op when loaded). */
  loadChildren(key: string): Promise<void>;
  loaded: ReadonlySet<string>;
}

export function titleFieldsOf(config: TreeConfig, entity: EntityDefinition): string[] {
  return config.titleFields ?? entity.display ?? [config.key];
}

export function useTreeData(env: RuntimeEnv, provider: DataProvider, entity: EntityDefinition, config: TreeConfig): TreeData {
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(true);
  const [truncated, setTruncated] = useState(false);
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(new Set());
  const seq = useRef(0);
  const lazy = config.load === 'lazy';
  const max = config.maxNodes ?? 5000;

  const fetchAll = useCallback(
    async (params: Record<string, unknown>): Promise<{ rows: Row[]; truncated: boolean }> => {
      const sort = [{ field: config.levelKey, order: 'asc' as const }, ...(config.orderField ? [{ field: config.orderField, order: 'asc' as const }] : [])];
      const out: Row[] = [];
      for (let pageIndex = 1; ; pageIndex++) {
        const res = await provider.list({ params, pageIndex, pageRows: PAGE_ROWS, sort });
        out.push(...res.rows);
        if (out.length >= max) return { rows: out.slice(0, max), truncated: true };
        if (res.rows.length < PAGE_ROWS) return { rows: out, truncated: false };
      }
    },
    [provider, max, config.levelKey, config.orderField],
  );

  const reload = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      if (lazy) {
        // Keep what was expanded: reload the roots and every level already opened.
        const opened = [...loaded];
        const roots = await fetchAll({ [config.levelKey]: 1 });
        const more = await Promise.all(opened.map((k) => fetchAll({ [config.parentKey]: /^\d{1,15}$/.test(k) ? Number(k) : k })));
        if (mine !== seq.current) return;
        setRows([...roots.rows, ...more.flatMap((m) => m.rows)]);
        setTruncated(roots.truncated || more.some((m) => m.truncated));
      } else {
        const all = await fetchAll({});
        if (mine !== seq.current) return;
        setRows(all.rows);
        setTruncated(all.truncated);
      }
    } catch (e) {
      if (mine !== seq.current) return;
      setRows([]);
      env.notify('error', e instanceof Error ? e.message : String(e));
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [lazy, loaded, fetchAll, config.levelKey, config.parentKey, env]);

  const loadChildren = useCallback(
    async (key: string) => {
      if (!lazy || loaded.has(key)) return;
      try {
        const res = await fetchAll({ [config.parentKey]: /^\d{1,15}$/.test(key) ? Number(key) : key });
        setRows((old) => {
          const have = new Set(old.map((r) => String(r[config.key])));
          return [...old, ...res.rows.filter((r) => !have.has(String(r[config.key])))];
        });
        setLoaded((s) => new Set([...s, key]));
      } catch (e) {
        env.notify('error', e instanceof Error ? e.message : String(e));
      }
    },
    [lazy, loaded, fetchAll, config.parentKey, config.key, env],
  );

  // Only on mount and when the entity's provider changes; later reloads are explicit (after a save).
  // `reload` changes with every expanded level, so the effect calls the latest one through a ref.
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => {
    void reloadRef.current();
  }, [provider]);

  const language = env.language;
  const nodes = useMemo(
    () =>
      buildTree(rows, config, {
        titleFields: titleFieldsOf(config, entity),
        localTitleFields: config.titleFieldsByLanguage?.[language],
        orderField: config.orderField,
      }),
    [rows, config, entity, language],
  );
  return { nodes, rows, loading, truncated, reload, loadChildren, loaded };
}
