// Live push, client side: provides the `live` service slot (runtime/registry/services.ts) with the tab's
// one socket. Other modules' controls (the message bell, the to-do badge) call
// `service('live').subscribe('message', …)`. The socket code (and the shell's http it signs with) loads
// on the first subscription, so registering this module costs nothing.
import { defineClientModule } from '../../../runtime/registry/clientModule';
import type { LiveUpdates } from '../../../runtime/registry/services';
import type { LiveSocket } from './liveSocket';

let socket: Promise<LiveSocket> | null = null;

const live: LiveUpdates = {
  subscribe(type, handler) {
    let off: (() => void) | null = null;
    let cancelled = false;
    socket ??= import('./liveSocket').then((m) => new m.LiveSocket());
    void socket.then((s) => {
      if (!cancelled) off = s.subscribe(type, handler);
    });
    return () => {
      cancelled = true;
      off?.();
    };
  },
};

export default defineClientModule({ name: 'push', services: { live } });
