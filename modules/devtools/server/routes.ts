// baseServer/v1/baseDevtoolsRestful/* (database browser, code generator) and
// baseServer/v1/baseApiRegistryRestful/* (API management): designers only, read-only on the catalogue.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { join } from 'node:path';
import type { AppContext } from '../../../server/context.js';
import { auditInsert, lockInTransaction, typed } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import { message } from '../../../server/i18n/messages.js';
import { metaAjv } from '../../../meta/ajv.js';
import { checkProblems } from '../../../meta/crossCheck.js';
import { entityFromTable, entityNameOf } from '../../../meta/entityFromTable.js';
import { formatCheck } from '../../../meta/checkMessages.js';
import { schemaProblems } from '../../../server/definitions/schemaProblems.js';
import { zipStream } from '../../../server/files/zip.js';
import { Readable } from 'node:stream';
import { editPageOf, listPageOf } from '../../../meta/pageFromEntity.js';
import { buildOpenApi } from '../../../meta/openapi.js';
import type { EntityDefinition, PageDefinition } from '../../../meta/definitions.js';
import { baseServerPaths, bodyOf, designerSession, optionalString, stringArg, type Body } from './access.js';
import { listTables, tableDetail, tableMetaOf } from './catalog.js';
import { parseApiDocument } from './apiImport.js';
import type { DevtoolsTables } from '../generated/tables.js';

const root = join(new URL('.', import.meta.url).pathname, '..', '..', '..');
const TABLE = /^[a-z_][a-z0-9_$]{0,62}$/;
const MODULE = /^[a-z][a-zA-Z0-9]{0,39}$/;

function paging(body: Body): { pageIndex: number; pageRows: number } {
  const pageIndex = Number(body.pageIndex ?? 1);
  const pageRows = Number(body.pageRows ?? 20);
  if (!Number.isSafeInteger(pageIndex) || pageIndex < 1) throw refuse('rest.badPaging');
  if (!Number.isSafeInteger(pageRows) || pageRows < 1 || pageRows > 1000) throw refuse('rest.badPaging');
  return { pageIndex, pageRows };
}

function paramsOf(body: Body): Record<string, unknown> {
  return body.params && typeof body.params === 'object' && !Array.isArray(body.params) ? (body.params as Record<string, unknown>) : {};
}

const text = (v: unknown, max = 200): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');

export function registerDevtoolsRoutes(server: FastifyInstance, app: AppContext): void {
  const ajv = metaAjv(join(root, 'schemas', 'meta'));
  const devtools = typed<DevtoolsTables>(app.db);
  const tools = (action: string, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => {
    for (const p of baseServerPaths('baseDevtoolsRestful')) server.post(`${p}/${action}`, handler);
  };
  const registry = (action: string, handler: (req: FastifyRequest) => Promise<unknown>) => {
    for (const p of baseServerPaths('baseApiRegistryRestful')) server.post(`${p}/${action}`, handler);
  };

  tools('databaseList', async (req) => {
    await designerSession(app, req);
    const body = bodyOf(req);
    const { pageIndex, pageRows } = paging(body);
    const { rows, count } = await listTables(app.db, text(paramsOf(body).tableName, 63), pageIndex, pageRows);
    return ok(rows, '', { count, curIndex: pageIndex, pageRows });
  });

  const detailOf = async (body: Body) => {
    const tableName = stringArg(body, 'tableName', 63);
    if (!TABLE.test(tableName)) throw refuse('devtools.badTable');
    const d = await tableDetail(app.db, tableName);
    if (!d) throw refuse('devtools.unknownTable', { table: tableName });
    return d;
  };

  tools('databaseDetail', async (req) => {
    await designerSession(app, req);
    return ok(await detailOf(bodyOf(req)));
  });

  const generate = async (req: FastifyRequest) => {
    const body = bodyOf(req);
    const detail = await detailOf(body);
    const entityName = optionalString(body, 'entityName', 60) ?? entityNameOf(detail.tableName);
    if (!/^(srm|base)[A-Z][A-Za-z0-9]*$/.test(entityName)) throw refuse('devtools.badEntityName', { name: entityName });
    const module = optionalString(body, 'module', 40) ?? 'custom';
    if (!MODULE.test(module)) throw refuse('devtools.badModule', { module });
    const entity = entityFromTable(tableMetaOf(detail), { entityName });
    const base = entityName.replace(/^(srm(Base|Pos|Po)?|base)(?=[A-Z])/, '').replace(/^./, (c) => c.toLowerCase()) || entityName;
    const list = listPageOf(entity, `${module}/${base}List`);
    const edit = editPageOf(entity, `${module}/${base}Edit`, app.defs.entities);
    const errors: { path: string; message: string }[] = [];
    const check = (schemaId: string, what: string, value: unknown) => {
      const v = ajv.getSchema(schemaId)!;
      if (!v(value)) for (const p of schemaProblems(v.errors ?? [], value, req.lang)) errors.push({ path: `${what}${p.path}`, message: p.message });
    };
    check('srm:meta/entity', 'entity', entity);
    check('srm:meta/page', 'list', list);
    check('srm:meta/page', 'edit', edit);
    if (errors.length === 0) {
      const entities = new Map<string, EntityDefinition>(app.defs.entities);
      entities.set(entity.name, entity);
      const pages = new Map<string, PageDefinition>(app.defs.pages);
      pages.set(list.name, list);
      pages.set(edit.name, edit);
      const mine = [`entity ${entity.name}`, `page ${list.name}`, `page ${edit.name}`];
      for (const p of checkProblems({ entities, pages, menus: { menus: [] } })) {
        if (mine.includes(p.where))
          errors.push({ path: p.where, message: message(req.lang, 'definition.checkError', { detail: `${p.where}: ${formatCheck(p, req.lang)}` }) });
      }
    }
    const file = (dir: string, name: string, kind: 'entity' | 'page', content: object) => ({
      fileName: `modules/${module}/${dir}/${name}.${kind}.json`,
      content: { $schema: `../../../schemas/meta/${kind}.schema.json`, ...content },
    });
    return {
      entity: file('entities', entity.name, 'entity', entity),
      list: file('pages', `${base}List`, 'page', list),
      edit: file('pages', `${base}Edit`, 'page', edit),
      errors,
    };
  };

  tools('generateFromTable', async (req) => {
    await designerSession(app, req);
    return ok(await generate(req));
  });

  // One of the three files, or `all`: one zip holding them at the paths an implementer commits.
  tools('downloadGenerated', async (req, reply) => {
    await designerSession(app, req);
    const which = bodyOf(req).file;
    if (which !== 'entity' && which !== 'list' && which !== 'edit' && which !== 'all') throw refuse('devtools.badFile');
    const g = await generate(req);
    if (g.errors.length) throw refuse('devtools.invalidGenerated', { detail: g.errors[0].message }, { errors: g.errors });
    if (which === 'all') {
      const entries = [g.entity, g.list, g.edit].map((f) => {
        const bytes = Buffer.from(JSON.stringify(f.content, null, 2) + '\n');
        return { name: f.fileName, size: bytes.length, open: () => Readable.from([bytes]) };
      });
      return reply
        .header('Content-Type', 'application/zip')
        .header(
          'Content-Disposition',
          `attachment; filename="${g.entity.fileName
            .split('/')
            .pop()!
            .replace(/\.entity\.json$/, '')}.zip"`,
        )
        .send(zipStream(entries));
    }
    const f = g[which];
    return reply
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${f.fileName.split('/').pop()}"`)
      .send(JSON.stringify(f.content, null, 2) + '\n');
  });

  registry('listEndpoints', async (req) => {
    await designerSession(app, req);
    const body = bodyOf(req);
    const { pageIndex, pageRows } = paging(body);
    const params = paramsOf(body);
    const keyword = text(params.keyword).toLowerCase();
    const area = text(params.area);
    const doc = buildOpenApi(app.defs, app.config.version) as { paths: Record<string, Record<string, { summary?: string }>> };
    const all = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => {
        const parts = path.split('/');
        return { method: method.toUpperCase(), path, summary: op.summary ?? '', area: parts[2] ?? '', family: parts[4] ?? '' };
      }),
    );
    const rows = all.filter((r) => (!area || r.area === area) && (!keyword || `${r.path} ${r.summary}`.toLowerCase().includes(keyword)));
    return ok(rows.slice((pageIndex - 1) * pageRows, pageIndex * pageRows), '', { count: rows.length, curIndex: pageIndex, pageRows });
  });

  registry('importDocument', async (req) => {
    const session = await designerSession(app, req);
    const body = bodyOf(req);
    const source = stringArg(body, 'source', 200);
    const { apis } = parseApiDocument(body.document);
    await devtools.transaction().execute(async (trx) => {
      await lockInTransaction(trx, `apiRegistry:${source}`);
      await trx.deleteFrom('base_api_registry').where('api_source', '=', source).execute();
      for (const a of apis) {
        await trx
          .insertInto('base_api_registry')
          .values({
            api_source: source,
            http_method: a.method,
            api_path: a.path,
            summary: a.summary,
            request_schema: a.requestSchema,
            response_schema: a.responseSchema,
            ...auditInsert(session.userId),
          })
          .execute();
      }
    });
    return ok({ imported: apis.length, source });
  });

  registry('listRegistered', async (req) => {
    await designerSession(app, req);
    const body = bodyOf(req);
    const { pageIndex, pageRows } = paging(body);
    const params = paramsOf(body);
    const source = text(params.source);
    const keyword = text(params.keyword);
    let query = devtools.selectFrom('base_api_registry');
    if (source) query = query.where('api_source', '=', source);
    if (keyword) query = query.where((eb) => eb.or([eb('api_path', 'ilike', `%${keyword}%`), eb('summary', 'ilike', `%${keyword}%`)]));
    const { n: count } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    // creation_date reads as 'yyyy-MM-dd HH:mm:ss' already (server/db/typeParsers.ts).
    const rows = await query
      .select([
        'api_id as apiId',
        'api_source as source',
        'http_method as method',
        'api_path as path',
        'summary',
        'request_schema as requestSchema',
        'response_schema as responseSchema',
        'creation_date as creationDate',
      ])
      .orderBy('api_source')
      .orderBy('api_path')
      .orderBy('http_method')
      .limit(pageRows)
      .offset((pageIndex - 1) * pageRows)
      .execute();
    return ok(rows, '', { count, curIndex: pageIndex, pageRows });
  });

  registry('deleteSource', async (req) => {
    await designerSession(app, req);
    const source = stringArg(bodyOf(req), 'source', 200);
    await devtools.deleteFrom('base_api_registry').where('api_source', '=', source).execute();
    return ok(null);
  });
}
