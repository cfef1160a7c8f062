// Button permissions of a menu (docs/decisions.md): asked once per menuId_respId and kept until logout
// or a responsibility switch, as the spec keeps "menu resources per menuId_respId".
import { http } from './http';

export interface MenuResource {
  resourceCode: string;
  resourceName: string;
  resIcon?: string;
}

const cache = new Map<string, Promise<ReadonlySet<string>>>();

export function resourceKey(menuId: string, respId: string): string {
  return `${menuId}_${respId}`;
}

export function loadResources(menuId: string, respId: string): Promise<ReadonlySet<string>> {
  const key = resourceKey(menuId, respId);
  let entry = cache.get(key);
  if (!entry) {
    entry = http
      .api<MenuResource[]>('baseServer/v1/baseResourceRestful/findByRespAndMenu', {
        respId: Number.isNaN(Number(respId)) ? respId : Number(respId),
        menuId: Number.isNaN(Number(menuId)) ? menuId : Number(menuId),
      })
      .then((answer) => new Set((answer.data ?? []).map((r) => r.resourceCode)) as ReadonlySet<string>);
    // A failed ask must not be cached: the next visit of the page asks again.
    entry.catch(() => cache.delete(key));
    cache.set(key, entry);
  }
  return entry;
}

export function clearResourceCache(): void {
  cache.clear();
}
