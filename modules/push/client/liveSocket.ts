// The browser side of /srm-ws: one socket per signed-in tab, opened when the first subscriber comes,
// with a ticket from the signed getSocketTicket call (the shell's http signs it). It pings every
// heartbeat, reconnects with backoff sending the last data seq it saw (the server replays what was
// missed), and closes on logout. Frames go to the subscribers of their type; a "reset" frame (the
// server no longer has what was missed) goes to subscribers of "reset", who reload what they show.
import type { LiveUpdates } from '../../../runtime/registry/services';
import { http } from '../../../src/app/http';
import { getSession, subscribeSession } from '../../../src/app/session';

const TICKET = 'messageServer/v1/msgReceiveRestful/getSocketTicket';
const CONTROL = new Set(['hello', 'pong', 'reset']);
/** Close codes after which reconnecting is pointless (server/options.ts CLOSE). */
const SESSION_ENDED = 4401;
const MAX_BACKOFF_MS = 30_000;

interface Frame {
  type: string;
  seq: number;
  data: unknown;
}

/** The socket's state on <html data-srm-live>: browser tests wait for "open" before they publish. */
function mark(state: 'open' | 'closed'): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.srmLive = state;
}

export interface LiveSocketOptions {
  /** Reconnect delay before jitter: 1 s, 2 s, 4 s … up to 30 s. */
  backoff(attempt: number): number;
  socketUrl(ticket: string, lastSeq: number | null): string;
}

const defaults: LiveSocketOptions = {
  backoff: (attempt) => Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5),
  socketUrl: (ticket, lastSeq) => {
    const proto = globalThis.location?.protocol === 'https:' ? 'wss' : 'ws';
    return `${proto}://${globalThis.location?.host}/srm-ws?ticket=${encodeURIComponent(ticket)}${lastSeq === null ? '' : `&seq=${lastSeq}`}`;
  },
};

export class LiveSocket implements LiveUpdates {
  private readonly handlers = new Map<string, Set<(data: unknown) => void>>();
  private socket: WebSocket | null = null;
  private connecting = false;
  private lastSeq: number | null = null;
  private userId: unknown = null;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  private watching = false;

  constructor(private readonly opts: LiveSocketOptions = defaults) {}

  subscribe(type: string, handler: (data: unknown) => void): () => void {
    const set = this.handlers.get(type) ?? new Set();
    set.add(handler);
    this.handlers.set(type, set);
    this.ensure();
    return () => {
      set.delete(handler);
    };
  }

  /** Whether a socket is open now (the e2e tests and a status dot may ask). */
  get connected(): boolean {
    return this.socket?.readyState === 1;
  }

  private sessionChanged(): void {
    const session = getSession();
    if (!session) return this.shut();
    // Another user signed in in this tab: that user's seqs are not ours.
    if (session.userId !== this.userId) {
      this.shut();
      this.ensure();
    }
  }

  /** Closes the socket and forgets the position (logout). */
  private shut(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.stopHeartbeat();
    const s = this.socket;
    this.socket = null;
    this.lastSeq = null;
    this.userId = null;
    this.attempt = 0;
    s?.close(1000, 'logout');
    mark('closed');
  }

  private ensure(): void {
    if (!this.watching) {
      this.watching = true;
      subscribeSession(() => this.sessionChanged());
    }
    if (this.socket || this.connecting || this.retry || !getSession() || typeof WebSocket === 'undefined') return;
    void this.connect();
  }

  private async connect(): Promise<void> {
    const session = getSession();
    if (!session) return;
    this.connecting = true;
    // Set before the ticket call: the session object is replaced meanwhile for the same user (the shell
    // refreshes names and responsibilities after load), which must not look like another user.
    this.userId = session.userId;
    try {
      const { ticket } = (await http.api<{ ticket: string }>(TICKET, {})).data;
      // Signed out or another user signed in while the ticket came: finally starts over for whoever is here.
      if (getSession()?.userId !== session.userId || this.userId !== session.userId) return;
      const socket = new WebSocket(this.opts.socketUrl(ticket, this.lastSeq));
      this.socket = socket;
      socket.onopen = () => {
        this.attempt = 0;
        mark('open');
      };
      socket.onmessage = (e) => this.received(String(e.data));
      socket.onclose = (e) => {
        if (this.socket !== socket) return;
        this.socket = null;
        this.stopHeartbeat();
        mark('closed');
        if (e.code !== SESSION_ENDED) this.later();
      };
    } catch {
      // No ticket (network, server away): try again later. A 401 has already sent the tab to the login page.
      this.later();
    } finally {
      this.connecting = false;
      // A session change while the ticket was asked found `connecting` set and could not start a socket.
      if (!this.socket && !this.retry) this.ensure();
    }
  }

  private later(): void {
    if (!getSession() || this.retry) return;
    const delay = this.opts.backoff(this.attempt++);
    this.retry = setTimeout(() => {
      this.retry = null;
      this.ensure();
    }, delay);
  }

  private received(text: string): void {
    let frame: Frame;
    try {
      frame = JSON.parse(text) as Frame;
    } catch {
      return;
    }
    if (frame.type === 'hello') {
      // A fresh start takes the server's position; a server that forgot (seq lower than ours) resets it.
      if (this.lastSeq === null || frame.seq < this.lastSeq) this.lastSeq = frame.seq;
      this.startHeartbeat(Number((frame.data as { heartbeatMs?: number } | null)?.heartbeatMs) || 3_600_000);
      return;
    }
    if (!CONTROL.has(frame.type)) {
      if (this.lastSeq !== null && frame.seq <= this.lastSeq) return;
      this.lastSeq = frame.seq;
    }
    if (frame.type === 'pong') return;
    for (const h of [...(this.handlers.get(frame.type) ?? [])]) {
      try {
        h(frame.data);
      } catch (err) {
        console.error(`live: a "${frame.type}" subscriber failed`, err);
      }
    }
  }

  private startHeartbeat(ms: number): void {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => {
      if (this.socket?.readyState === 1) this.socket.send('{"type":"ping"}');
    }, ms);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
