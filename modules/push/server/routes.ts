// GET /srm-ws?ticket=…&seq=… (websocket) and the signed call that gives the ticket
// (CONTRACT.md "Messages and live push"). A bad ticket is refused before the upgrade (HTTP 401, nothing
// allocated); a good one is used up and the socket joins the hub, replaying what came after `seq`.
import type { FastifyInstance } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import type { AppContext } from '../../../server/context.js';
import { unauthorized } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import { hubOf } from './hub.js';
import { issueSocketTicket, takeSocketTicket } from './tickets.js';

export const SOCKET_PATH = '/srm-ws';
export const TICKET_PATH = '/api/messageServer/v1/msgReceiveRestful/getSocketTicket';

/** `seq` from the query: a whole number ≥ 0, else none (a fresh start: no replay). */
function lastSeqOf(v: unknown): number | null {
  return typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : null;
}

export async function registerPushRoutes(server: FastifyInstance, app: AppContext): Promise<void> {
  const hub = hubOf(app);
  // One plugin per server: another module's socket path (/ws/netty) registers its route on the same one.
  if (!server.hasDecorator('websocketServer')) {
    await server.register(fastifyWebsocket, { options: { maxPayload: hub.options.maxClientFrameBytes } });
  }

  server.post(TICKET_PATH, { config: { reads: true } }, async (req) => {
    if (!req.session) throw unauthorized('auth.noSession');
    return ok({ ticket: await issueSocketTicket(app, req.session, hub.options.ticketSeconds, hub.now()), expiresIn: hub.options.ticketSeconds });
  });

  server.get(
    SOCKET_PATH,
    {
      websocket: true,
      preValidation: async (req) => {
        const query = (req.query ?? {}) as Record<string, unknown>;
        const session = await takeSocketTicket(app, query.ticket, hub.now());
        if (!session) throw unauthorized('push.badTicket');
        if (!(await app.acl.grants(session)).active) throw unauthorized('auth.accountDisabled');
        req.session = session;
      },
    },
    async (socket, req) => {
      const query = (req.query ?? {}) as Record<string, unknown>;
      await hub.attach(socket, req.session!, lastSeqOf(query.seq));
    },
  );

  server.addHook('onReady', () => hub.start());
  server.addHook('preClose', () => hub.stop());
}
