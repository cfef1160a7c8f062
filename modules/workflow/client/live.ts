// "task" frames pushed to this user (the live service slot, when a module provides it): a task of theirs
// was assigned or closed.
import { hasService, service } from '../../../runtime/registry/services';

/** Calls `handler` on every pushed task frame; without the live service, never. Returns the unsubscribe. */
export function onLiveTasks(handler: (data: unknown) => void): () => void {
  if (!hasService('live')) return () => undefined;
  return service('live').subscribe('task', handler);
}

export const hasLive = (): boolean => hasService('live');
