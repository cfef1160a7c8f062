// Gives every request its place in the database queue when it arrives (server/db/requestOrder.ts), so
// all its statements — in hooks, the handler, after-save work — are served in arrival order.
import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { nextTicket, runAt } from '../db/requestOrder.js';

declare module 'fastify' {
  interface FastifyRequest {
    databaseOrder: AsyncResource | null;
  }
}

export function installDatabaseOrder(app: FastifyInstance): void {
  app.decorateRequest('databaseOrder', null);
  app.addHook('onRequest', (req, _reply, done) => {
    runAt({ ticket: nextTicket() }, () => {
      req.databaseOrder = new AsyncResource('srm-database-order');
      req.databaseOrder.runInAsyncScope(done);
    });
  });
  // The body is read in the socket's own async context, and the hooks after it continue from there:
  // re-enter the request's (as @fastify/request-context does), else the place would be lost.
  app.addHook('preValidation', (req, _reply, done) => {
    if (req.databaseOrder) req.databaseOrder.runInAsyncScope(done);
    else done();
  });
}
