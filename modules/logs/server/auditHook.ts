// One hook writes the operation log (every state-changing call) and the interface log (every call by
// an external system) for all routes, so no action has to remember to log itself.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InsertObject } from 'kysely';
import type { AppContext } from '../../../server/context.js';
import { dbNow, typed } from '../../../server/db/typed.js';
import { unzuul } from '../../../server/auth/verifySignature.js';
import type { LogsTables } from '../generated/tables.js';
import { documentLabelOf } from './recentDocuments.js';
import { LogBatch } from './logBatch.js';

/** The web app's own appId (runtime/http/client.ts); any other appId is an external system. */
export const WEB_APP_ID = 'srm-web';

/** Hand-written routes that do not declare `config.reads`: actions named like this only read (or check). */
const READ_VERB = /^(find|get|list|query|count|check|validate|export|preview|download|generate|effective|diff|database)/i;

interface Outcome {
  status: 'S' | 'E';
  msg: string;
  data: unknown;
}

declare module 'fastify' {
  interface FastifyRequest {
    auditOutcome: Outcome | null;
    auditStart: number;
  }
}

/** Public calls worth an operation-log row: sign-in, sign-out, forgotten password. */
const PUBLIC_LOGGED = /^\/api\/baseServer\/v1\/(baseLoginService|basePasswordService)\//;

const cut = (s: string | null | undefined, n: number) => (s == null ? null : s.length > n ? s.slice(0, n) : s);

/** `/api/srmServer/v1/srmBaseBankRestful/saveOrUpdate` → family `srmBaseBank`, action `saveOrUpdate`. */
export function routeParts(path: string): { entityName: string | null; actionName: string } {
  const parts = unzuul(path).split('/').filter(Boolean);
  const actionName = parts[parts.length - 1] ?? '';
  const family = parts.length >= 2 ? parts[parts.length - 2] : '';
  return { entityName: family.replace(/(Restful|Service)$/, '') || null, actionName };
}

/** A route's own declaration wins (every family action declares it from its entity definition). */
export function isStateChanging(method: string, path: string, declaredReads?: boolean): boolean {
  if (method !== 'POST' || !path.startsWith('/api/')) return false;
  if (declaredReads !== undefined) return !declaredReads;
  return !READ_VERB.test(routeParts(path).actionName);
}

function recordIdOf(ctx: AppContext, entityName: string | null, body: unknown, data: unknown): string | null {
  const key = entityName ? ctx.defs.entities.get(entityName)?.key : undefined;
  const fromData = key && data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>)[key] : undefined;
  const b = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const id = fromData ?? b.id ?? (key ? b[key] : undefined) ?? b.ids;
  if (id === undefined || id === null) return null;
  return cut(Array.isArray(id) ? id.join(',') : String(id), 100);
}

function userNameOf(req: FastifyRequest): string | null {
  if (req.session) return req.session.userName;
  const b = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  return typeof b.userName === 'string' ? cut(b.userName.trim(), 60) : null;
}

type OperateRow = InsertObject<LogsTables, 'base_user_operate_log'>;
type InterfaceRow = InsertObject<LogsTables, 'srm_base_interface_logs'>;

/** The operation and interface rows of one server, written in groups (logBatch.ts). */
interface AuditWriters {
  operate: LogBatch<OperateRow>;
  iface: LogBatch<InterfaceRow>;
}

function writersOf(ctx: AppContext, log: FastifyInstance['log']): AuditWriters {
  const failed = (err: unknown) => log.error({ err }, 'audit log write failed');
  return {
    operate: new LogBatch<OperateRow>((rows) => typed<LogsTables>(ctx.db).insertInto('base_user_operate_log').values(rows).execute(), failed),
    iface: new LogBatch<InterfaceRow>((rows) => typed<LogsTables>(ctx.db).insertInto('srm_base_interface_logs').values(rows).execute(), failed),
  };
}

function write(ctx: AppContext, writers: AuditWriters, req: FastifyRequest, reply: FastifyReply): void {
  const path = req.url.split('?')[0];
  if (!path.startsWith('/api/')) return;
  const duration = Math.round(performance.now() - req.auditStart);
  const outcome = req.auditOutcome;
  const status = outcome?.status ?? (reply.statusCode < 400 ? 'S' : 'E');
  const msg = cut(outcome?.msg ?? null, 500);
  const { entityName, actionName } = routeParts(path);
  // Without a session only the public sign-in calls are logged: anonymous junk must not fill the table.
  if (isStateChanging(req.method, path, req.routeOptions.config?.reads) && (req.session || PUBLIC_LOGGED.test(unzuul(path)))) {
    writers.operate.add({
      user_id: req.session?.userId ?? null,
      user_name: userNameOf(req),
      action_name: cut(actionName, 100),
      entity_name: cut(entityName, 100),
      record_id: recordIdOf(ctx, entityName, req.body, outcome?.data),
      document_label: status === 'S' && entityName ? documentLabelOf(ctx.defs.entities.get(entityName), outcome?.data) : null,
      request_path: cut(path, 300),
      ip_address: cut(req.ip, 64),
      result_status: status,
      result_msg: msg,
      duration_ms: duration,
      operate_time: dbNow(),
    });
  }
  const appId = req.headers.appid;
  const app = Array.isArray(appId) ? appId[0] : appId;
  if (app && app !== WEB_APP_ID) {
    writers.iface.add({
      app_id: cut(app, 100),
      user_name: userNameOf(req),
      request_path: cut(path, 300),
      http_method: req.method,
      http_status: reply.statusCode,
      result_status: status,
      result_msg: msg,
      duration_ms: duration,
      ip_address: cut(req.ip, 64),
      request_time: dbNow(),
    });
  }
}

export function installAuditHook(server: FastifyInstance, ctx: AppContext): void {
  server.decorateRequest('auditOutcome', null);
  server.decorateRequest('auditStart', 0);
  server.addHook('onRequest', async (req) => {
    req.auditStart = performance.now();
  });
  server.addHook('onSend', async (req, _reply, payload) => {
    const path = req.url.split('?')[0];
    const wanted = isStateChanging(req.method, path) || (req.headers.appid !== undefined && req.headers.appid !== WEB_APP_ID);
    if (wanted && typeof payload === 'string' && payload.startsWith('{')) {
      try {
        const p = JSON.parse(payload) as Partial<Outcome>;
        if (p.status === 'S' || p.status === 'E') req.auditOutcome = { status: p.status, msg: String(p.msg ?? ''), data: p.data };
      } catch {
        // Not an envelope: the HTTP status decides the result.
      }
    }
    return payload;
  });
  const writers = writersOf(ctx, server.log);
  server.addHook('onResponse', async (req, reply) => {
    // Never delays nor fails the answer; a lost log line is reported in the server log.
    try {
      write(ctx, writers, req, reply);
    } catch (err) {
      req.log.error({ err }, 'audit log write failed');
    }
  });
  // The rows still gathering are written before the database closes (app.close closes the server first).
  server.addHook('onClose', async () => {
    await writers.operate.settled();
    await writers.iface.settled();
  });
}
