// The checks of a dashboard page (kind "dashboard") that JSON Schema cannot express: each widget reads an
// entity that exists, an aggregate it declares, and keys its answer has.
import { BUCKET_KEY, measureKey } from './aggregates.js';
import { allFields, type Definitions } from './definitions.js';
import type { CheckKey, CheckParams } from './checkMessages.js';
import type { PageDefinition } from './generated/definitions.js';

type Say = (where: string, key: CheckKey, params?: CheckParams) => void;
type Widget = NonNullable<PageDefinition['widgets']>[number];

/** The keys a widget's source answers: an aggregate's group keys and measures, or the entity's fields. */
function sourceKeys(defs: Definitions, w: Widget): { groups: string[]; values: string[] } | undefined {
  const e = defs.entities.get(w.source.entity);
  if (!e) return undefined;
  if (w.source.aggregate) {
    const a = (e.aggregates ?? []).find((x) => x.name === w.source.aggregate);
    if (!a) return undefined;
    return { groups: [...(a.groupBy ?? []), ...(a.bucket ? [BUCKET_KEY] : [])], values: a.measures.map(measureKey) };
  }
  const fields = allFields(e).filter(([, f]) => !f.serverOnly);
  return { groups: fields.map(([n]) => n), values: fields.filter(([, f]) => f.type === 'integer' || f.type === 'decimal').map(([n]) => n) };
}

export function checkDashboard(defs: Definitions, p: PageDefinition, at: string, say: Say): void {
  if (!p.widgets) return say(at, 'widgetNeeds', { path: '/widgets', type: 'dashboard' });
  const names = new Set<string>();
  for (const [i, w] of p.widgets.entries()) {
    const path = `/widgets/${i}`;
    if (names.has(w.name)) say(at, 'widgetNameTwice', { path: `${path}/name`, name: w.name });
    names.add(w.name);
    const e = defs.entities.get(w.source.entity);
    if (!e) {
      say(at, 'unknownEntity', { path: `${path}/source/entity`, entity: w.source.entity });
      continue;
    }
    if (w.source.aggregate && !(e.aggregates ?? []).some((a) => a.name === w.source.aggregate)) {
      say(at, 'widgetUnknownAggregate', { path: `${path}/source/aggregate`, aggregate: w.source.aggregate, entity: e.name });
      continue;
    }
    const keys = sourceKeys(defs, w)!;
    const check = (key: string, allowed: string[], where: string) => {
      if (!allowed.includes(key)) say(at, 'widgetUnknownKey', { path: where, key, allowed: allowed.join(', ') || '—' });
    };
    if (w.type === 'chart') {
      if (!w.chart) say(at, 'widgetNeeds', { path: `${path}/chart`, type: w.type });
      if (!w.category) say(at, 'widgetNeeds', { path: `${path}/category`, type: w.type });
      else check(w.category, keys.groups, `${path}/category`);
    }
    if (w.type === 'chart' || w.type === 'stat') {
      if (!w.values) say(at, 'widgetNeeds', { path: `${path}/values`, type: w.type });
      for (const [j, v] of (w.values ?? []).entries()) check(v.key, keys.values, `${path}/values/${j}/key`);
    }
    if (w.type === 'list') {
      if (w.source.aggregate) say(at, 'widgetUnknownAggregate', { path: `${path}/source/aggregate`, aggregate: w.source.aggregate, entity: e.name });
      if (!w.columns) say(at, 'widgetNeeds', { path: `${path}/columns`, type: w.type });
      for (const [j, c] of (w.columns ?? []).entries()) check(c, keys.groups, `${path}/columns/${j}`);
    }
    if (w.openPage && !defs.pages.has(w.openPage)) say(at, 'unknownPage', { path: `${path}/openPage`, page: w.openPage });
  }
}
