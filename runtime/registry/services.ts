// Service slots: services the runtime (and the shell) call, whose endpoints belong to a module. The
// platform declares the slot and its type here; a module's client part provides it
// (`defineClientModule({ services: { … } })`), so no platform file names a module's family. A slot used
// before any module provided it throws an error that says which slot and where it is provided.
// The shell adds slots of its own by augmenting `ServiceSlots` (src/app/password.ts: `account`).
import type { AttachmentEndpoints } from '../attachments/api.js';
import type { LookupValuesService } from '../data/lookupCache.js';
import type { TableSettingsService } from '../data/tableConfigProvider.js';

export interface ServiceSlots {
  /** File calls of CONTRACT.md "Files and Excel" (attachments widget, upload cell, previews). */
  attachments: AttachmentEndpoints;
  /** The values of a lookup type, meanings in the request language (lookup cells, selects, search). */
  lookupValues: LookupValuesService;
  /** The signed-in user's table settings (grid column settings). */
  tableSettings: TableSettingsService;
  /** Live frames from the server (/srm-ws, CONTRACT.md "Messages and live push"). */
  live: LiveUpdates;
}

/** Frames `{type, seq, data}` pushed to this user; reconnects and replays what was missed on its own. */
export interface LiveUpdates {
  /** Calls `handler` with each frame's `data` of `type` ("message", "task", …); returns the unsubscribe. */
  subscribe(type: string, handler: (data: unknown) => void): () => void;
}

export type ServiceSlot = keyof ServiceSlots;
export type ProvidedServices = { readonly [K in ServiceSlot]?: ServiceSlots[K] };

const provided = new Map<ServiceSlot, { by: string; service: unknown }>();
const modules = new Set<string>();

/** Fills a slot; `by` names the provider (a module) in errors. A slot filled twice throws, as registries do. */
export function provideService<K extends ServiceSlot>(slot: K, service: ServiceSlots[K], by: string): void {
  const other = provided.get(slot);
  if (other) throw new Error(`service slot "${slot}" is provided twice (by ${other.by} and by ${by})`);
  provided.set(slot, { by, service });
}

/** The service in a slot; a slot nobody provides throws (a developer error: no module declares it, or it was used before the client modules were registered). */
export function service<K extends ServiceSlot>(slot: K): ServiceSlots[K] {
  const hit = provided.get(slot);
  if (!hit) {
    const known = [...provided.keys()].sort().join(', ') || 'none';
    throw new Error(
      `No module provides the service slot "${slot}" (provided: ${known}). A module's client/index.ts provides it under ` +
        `services, and the app registers the client modules (loadRuntime / loadClientServices) before the runtime calls it.`,
    );
  }
  return hit.service as ServiceSlots[K];
}

export function hasService(slot: ServiceSlot): boolean {
  return provided.has(slot);
}

/** The services a client module declares, once per module name (a second call for the same module does nothing). */
export function registerClientServices(module: { name: string; services?: ProvidedServices }): void {
  if (modules.has(module.name)) return;
  modules.add(module.name);
  for (const [slot, value] of Object.entries(module.services ?? {}) as [ServiceSlot, ServiceSlots[ServiceSlot]][]) {
    if (value !== undefined) provideService(slot, value, `module ${module.name}`);
  }
}
