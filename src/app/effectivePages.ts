// Loads the designer's published pages after login and whenever a designer publishes (another tab of the
// same browser says so on the "srm-definitions" channel). Pages render once the first answer is in, so a
// reload of a tab showing a new page does not flash "not found".
import { useSyncExternalStore } from 'react';
import type { PageDefinition } from '../../runtime/definitions';
import { applyEffectivePages } from './definitions';
import { http } from './http';

export const DEFINITIONS_CHANNEL = 'srm-definitions';

type State = 'idle' | 'loading' | 'ready';
let state: State = 'idle';
let generation = 0;
const listeners = new Set<() => void>();

function set(next: State): void {
  state = next;
  generation++;
  for (const l of listeners) l();
}

/** Fetches the effective pages; a failure leaves the bundled ones (the app still works). */
export async function loadEffectivePages(): Promise<void> {
  if (state === 'idle') set('loading');
  try {
    const answer = await http.api<{ pages: Record<string, PageDefinition> }>('baseServer/v1/baseDefinitionRestful/effectivePages', {});
    applyEffectivePages(answer.data?.pages ?? {});
  } catch {
    // Keep whatever was applied before.
  } finally {
    set('ready');
  }
}

let channel: BroadcastChannel | null = null;

/** Listens for "definitions changed" from the designer (same browser) and refetches. */
export function watchDefinitionChanges(): () => void {
  if (typeof BroadcastChannel === 'undefined' || channel) return () => undefined;
  channel = new BroadcastChannel(DEFINITIONS_CHANNEL);
  channel.onmessage = (e: MessageEvent<{ type?: string }>) => {
    if (e.data?.type === 'srm:definitions-changed') void loadEffectivePages();
  };
  return () => {
    channel?.close();
    channel = null;
  };
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Re-renders on every load; `ready` is false until the first answer (or failure) after sign-in. */
export function useEffectivePages(): { ready: boolean; generation: number } {
  const g = useSyncExternalStore(subscribe, () => generation);
  return { ready: state === 'ready', generation: g };
}
