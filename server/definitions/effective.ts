// Shipped definition + overlay rows → the state of each page: what is effective, what is drafted,
// and whether an upgrade changed the shipped file under a published overlay (a conflict).
import { createHash } from 'node:crypto';
import type { PageDefinition } from '../../meta/definitions.js';
import type { OverlayRow } from '../modules/services.js';

export interface PageState {
  name: string;
  shipped: PageDefinition | null;
  /** The highest published version, if any. */
  current: OverlayRow | null;
  draft: OverlayRow | null;
}

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v)
        .filter((k) => k !== '$schema')
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}

/** SHA-256 of the definition's JSON with sorted keys and without `$schema`; null for no definition. */
export function definitionHash(def: unknown): string | null {
  if (def === null || def === undefined) return null;
  return createHash('sha256')
    .update(JSON.stringify(canonical(def)))
    .digest('hex');
}

/** The definition without its editor hint `$schema`, as stored and answered. */
export function withoutSchema<T extends object>(def: T): T {
  const copy = { ...def } as Record<string, unknown>;
  delete copy.$schema;
  return copy as T;
}

export function parseContent(row: OverlayRow | null): PageDefinition | null {
  if (!row?.content) return null;
  try {
    return JSON.parse(row.content) as PageDefinition;
  } catch {
    return null;
  }
}

export function pageStates(shipped: ReadonlyMap<string, PageDefinition>, rows: readonly OverlayRow[]): Map<string, PageState> {
  const states = new Map<string, PageState>();
  const stateOf = (name: string) => {
    let s = states.get(name);
    if (!s) states.set(name, (s = { name, shipped: shipped.get(name) ?? null, current: null, draft: null }));
    return s;
  };
  for (const name of shipped.keys()) stateOf(name);
  for (const r of rows) {
    const s = stateOf(r.name);
    if (r.status === 'DRAFT') s.draft = r;
    else if (!s.current || (r.version ?? 0) > (s.current.version ?? 0)) s.current = r;
  }
  return states;
}

/** True while a published overlay is effective over a shipped file that changed since it was published. */
export function hasConflict(s: PageState): boolean {
  if (!s.current || s.current.shippedFlag === 'Y') return false;
  return s.current.shippedHash !== definitionHash(s.shipped);
}

/** The published overlay's content, or null when the shipped file (or nothing) is effective. */
export function publishedOf(s: PageState): PageDefinition | null {
  if (!s.current || s.current.shippedFlag === 'Y') return null;
  return parseContent(s.current);
}

export function effectiveOf(s: PageState): PageDefinition | null {
  return publishedOf(s) ?? s.shipped;
}

export function sourceOf(s: PageState): 'shipped' | 'overlay' | 'new' {
  if (!s.shipped) return 'new';
  return publishedOf(s) ? 'overlay' : 'shipped';
}
