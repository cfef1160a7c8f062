// findDic: a lookup type's values in the caller's language, for every signed-in screen (forms, grids,
// the shell), answered from the platform's lookup cache.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../server/context.js';
import { refuse, unauthorized } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';

const family = 'baseLookupValuesRestful';

export function registerFindDicRoute(server: FastifyInstance, app: AppContext): void {
  for (const p of [`/api/baseServer/v1/${family}`, `/api/zuul/baseServer/v1/${family}`]) {
    server.post(`${p}/findDic`, async (req) => {
      if (!req.session) throw unauthorized('auth.noSession');
      const type = (req.body as { lookupType?: unknown }).lookupType;
      if (typeof type !== 'string' || !/^[A-Z][A-Z0-9_]{0,59}$/.test(type)) throw refuse('lookup.typeRequired');
      return ok(await app.lookups.findDic(type, req.lang));
    });
  }
}
