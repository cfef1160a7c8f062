import type { RouteQuery } from '../registry/types.js';

/** `/main/{page}?…` keeping the menuId/respId of the current route (the server binds buttons to them). */
export function pageUrl(pageName: string, params: Record<string, string | number | undefined | null>, query: RouteQuery): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  if (query.menuId) search.set('menuId', query.menuId);
  if (query.respId) search.set('respId', query.respId);
  const qs = search.toString();
  return `/main/${pageName}${qs ? `?${qs}` : ''}`;
}
