// The browser side of /srm-ws with a scripted ticket call and WebSocket: the socket opens even when the
// session object is replaced (same user) or the user changes while the ticket is being asked — the
// shell refreshes the session right after load, and a tab whose socket never opened missed every frame.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';

const tickets: Array<(ticket: string) => void> = [];
vi.mock('../../../../src/app/http', () => ({
  http: { api: () => new Promise((resolve) => tickets.push((ticket) => resolve({ data: { ticket } }))) },
}));

// Fresh modules per test: a LiveSocket keeps watching the session, so one left from an earlier test
// would ask tickets of its own.
let live: typeof import('../../client/liveSocket');
let session: typeof import('../../../../src/app/session');

class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
}

const user = (userId: number) => ({
  userId,
  userName: `u${userId}`,
  userType: 'INTERNAL' as const,
  responsibilities: [],
  respId: null,
  authorizationCode: `code-${userId}`,
  secret: 's',
});

const flush = () => new Promise((r) => setTimeout(r, 0));
const options = { backoff: () => 60_000, socketUrl: (ticket: string) => `ws://test/srm-ws?ticket=${ticket}` };

beforeEach(async () => {
  vi.resetModules();
  live = await import('../../client/liveSocket');
  session = await import('../../../../src/app/session');
  FakeSocket.made = [];
  tickets.length = 0;
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

test('the session refreshed (same user) while the ticket is asked: the socket still opens', async () => {
  session.setSession(user(1) as never);
  const socket = new live.LiveSocket(options);
  socket.subscribe('notice', () => undefined);
  expect(tickets).toHaveLength(1);
  session.updateSession({ userFullName: 'Refreshed' });
  tickets[0]!('t1');
  await flush();
  expect(FakeSocket.made.map((s) => s.url)).toEqual(['ws://test/srm-ws?ticket=t1']);
  FakeSocket.made[0]!.open();
  expect(socket.connected).toBe(true);
});

test('another user signed in while the ticket is asked: no socket for the first, one for the second', async () => {
  session.setSession(user(1) as never);
  const socket = new live.LiveSocket(options);
  const got: unknown[] = [];
  socket.subscribe('notice', (d) => got.push(d));
  session.setSession(user(2) as never);
  tickets[0]!('for-user-1');
  await flush();
  expect(FakeSocket.made).toHaveLength(0);
  expect(tickets).toHaveLength(2);
  tickets[1]!('for-user-2');
  await flush();
  expect(FakeSocket.made.map((s) => s.url)).toEqual(['ws://test/srm-ws?ticket=for-user-2']);
  const ws = FakeSocket.made[0]!;
  ws.open();
  ws.onmessage?.({ data: JSON.stringify({ type: 'hello', seq: 5, data: {} }) });
  ws.onmessage?.({ data: JSON.stringify({ type: 'notice', seq: 6, data: 'n6' }) });
  expect(got).toEqual(['n6']);
});

test('signed out while the ticket is asked: nothing opens and nothing is asked again', async () => {
  session.setSession(user(1) as never);
  const socket = new live.LiveSocket(options);
  socket.subscribe('notice', () => undefined);
  session.clearSession();
  tickets[0]!('late');
  await flush();
  expect(FakeSocket.made).toHaveLength(0);
  expect(tickets).toHaveLength(1);
});
