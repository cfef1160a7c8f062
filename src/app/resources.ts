// Button permissions of a menu (docs/decisions.md): asked once per menuId_respId and kept until logout
// or a responsibility switch, as the spec keeps "menu resources per menuId_respId".
import { shellClient } from '../generated/clients';
import { call } from './typedClients';

const cache = new Map<string, Promise<ReadonlySet<string>>>();

export function resourceKey(menuId: string, respId: string): string {
  return `${menuId}_${respId}`;
}

export function loadResources(menuId: string, respId: string): Promise<ReadonlySet<string>> {
  const key = resourceKey(menuId, respId);
  let entry = cache.get(key);
  if (!entry) {
    entry = shellClient(call)
      .findByRespAndMenu({
        respId: Number.isNaN(Number(respId)) ? respId : Number(respId),
        menuId: Number.isNaN(Number(menuId)) ? menuId : Number(menuId),
      })
      .then((resources) => new Set((resources ?? []).map((r) => r.resourceCode)) as ReadonlySet<string>);
    // A failed ask must not be cached: the next visit of the page asks again.
    entry.catch(() => cache.delete(key));
    cache.set(key, entry);
  }
  return entry;
}

export function clearResourceCache(): void {
  cache.clear();
}
