// SPEC §7 lookup calls besides the family: `find` (a type's values with every language, for the admin
// screens) and `saveOrUpdateALL` (a type's values saved together, all or nothing). `delete` is the
// family's; `createLookupRedisCache` lives with cache management. The cache is dropped after a write.
import { PendingEvents } from '../../../server/events/domainEvents.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../server/context.js';
import { typed } from '../../../server/db/typed.js';
import { forbidden, refuse, unauthorized } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import type { ActionContext, DbRecord } from '../../../server/rest/actionContext.js';
import { doBatchSaveOrUpdate } from '../../../server/rest/actions/doBatchSaveOrUpdate.js';
import { rowToRecord, visibleColumnRefs } from '../../../server/rest/records.js';
import { translateDbError } from '../../../server/rest/dbErrors.js';
import type { LookupsTables } from '../generated/tables.js';

const TYPE = /^[A-Z][A-Z0-9_]{0,59}$/;

export function registerLookupAdminRoutes(server: FastifyInstance, app: AppContext): void {
  const values = app.defs.entities.get('baseLookupValues')!;
  const lookups = typed<LookupsTables>(app.db);
  const context = (req: FastifyRequest, body: Record<string, unknown>): ActionContext => {
    if (!req.session) throw unauthorized('auth.noSession');
    return { app, entity: values, session: req.session, lang: req.lang, body, events: new PendingEvents() };
  };
  const typeOf = (body: unknown): string => {
    const t = (body as { lookupType?: unknown } | null)?.lookupType;
    if (typeof t !== 'string' || !TYPE.test(t)) throw refuse('lookup.typeRequired');
    return t;
  };

  for (const p of ['/api/baseServer/v1/baseLookupValuesRestful', '/api/zuul/baseServer/v1/baseLookupValuesRestful']) {
    server.post(`${p}/find`, async (req) => {
      const ctx = context(req, {});
      if (!(await app.acl.allowed(ctx.session, values.name, 'listByPage'))) throw forbidden('auth.forbidden');
      const type = typeOf(req.body);
      const enabled = (req.body as { enabledFlag?: unknown }).enabledFlag;
      let query = lookups.selectFrom('base_lookup_values as t').where('t.lookup_type', '=', type);
      if (enabled === 'Y' || enabled === 'N') query = query.where('t.enabled_flag', '=', enabled);
      const rows = await query
        .select(visibleColumnRefs(values))
        .orderBy('t.seq_num', (ob) => ob.nullsLast())
        .orderBy('t.lookup_code')
        .limit(1000)
        .execute();
      return ok(rows.map((r) => rowToRecord(values, r)));
    });

    server.post(`${p}/saveOrUpdateALL`, async (req) => {
      const body = (req.body ?? {}) as { lookupType?: unknown; data?: unknown };
      const ctx = context(req, {});
      if (!(await app.acl.allowed(ctx.session, values.name, 'doBatchSaveOrUpdate'))) throw forbidden('auth.forbidden');
      const type = typeOf(body);
      const typeRow = await lookups.selectFrom('base_lookup_type').select('lookup_type_id as id').where('lookup_type', '=', type).executeTakeFirst();
      if (!typeRow) throw refuse('lookup.typeUnknown', { type });
      if (!Array.isArray(body.data)) throw refuse('rest.dataRequired');
      // Every value belongs to the named type, whatever the client wrote in it.
      const data = body.data.map((v) =>
        v && typeof v === 'object' && !Array.isArray(v) ? { ...(v as DbRecord), lookupType: type, lookupTypeId: typeRow.id } : v,
      );
      // What the held lookup screens edit, plus the type the server sets on every value.
      const writeScope = await app.acl.writeScope(ctx.session, values.name, 'doBatchSaveOrUpdate');
      writeScope.fields.add('lookupType').add('lookupTypeId');
      try {
        const saved = await doBatchSaveOrUpdate({ ...ctx, body: { data }, writeScope });
        await app.events.deliver(ctx.events);
        return saved;
      } catch (err) {
        throw translateDbError(err, values, req.lang) ?? err;
      } finally {
        await app.lookups.invalidate(type);
      }
    });
  }
}
