// baseServer/v1/baseDefinitionRestful/*: drafts, publishing, versions, differences, rollback and
// export of page overlays (docs/designer-api.md). Everything but effectivePages is for designers only.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../server/context.js';
import { refuse } from '../../../server/errors.js';
import { ok } from '../../../server/http/envelope.js';
import { diffDefinitions } from '../../../meta/definitionDiff.js';
import { isFamily, type PageDefinition } from '../../../meta/definitions.js';
import { editPageOf, listPageOf } from '../../../meta/pageFromEntity.js';
import { baseServerPaths, bodyOf, designerSession, optionalString, sessionOf, stringArg, type Body } from './access.js';
import { definitionHash, hasConflict, parseContent, publishedOf, sourceOf, withoutSchema, type PageState } from '../../../server/definitions/effective.js';
import { deleteDraft, insertDraft, insertVersion, lockDefinition, overlayRowsOf, updateDraft } from './overlayRows.js';
import { PAGE_KIND, type DefinitionService } from '../../../server/definitions/service.js';
import { addToMenu } from './menuWrite.js';
import type { AdminApi } from '../../admin/api.js';

const PAGE_NAME = /^[a-z][A-Za-z0-9]*\/[a-z][A-Za-z0-9]*$/;

type VersionSpec = number | 'draft';

export function registerDefinitionRoutes(server: FastifyInstance, app: AppContext, service: DefinitionService): void {
  const route = (action: string, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => {
    for (const p of baseServerPaths('baseDefinitionRestful')) server.post(`${p}/${action}`, handler);
  };

  const kindOf = (body: Body): string => {
    const kind = body.kind ?? PAGE_KIND;
    if (kind !== PAGE_KIND) throw refuse('definition.unknownKind', { kind: String(kind).slice(0, 40) });
    return PAGE_KIND;
  };
  const nameOf = (body: Body, key = 'name'): string => {
    const name = stringArg(body, key);
    if (!PAGE_NAME.test(name)) throw refuse('definition.badName', { name: name.slice(0, 100) });
    return name;
  };
  const existing = (name: string): PageState => {
    const s = service.state(name);
    if (!s || (!s.shipped && !s.current && !s.draft)) throw refuse('definition.unknown', { name });
    return s;
  };
  const versionOf = (body: Body, key: string): VersionSpec => {
    const v = body[key];
    if (v === 'draft') return 'draft';
    const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw refuse('definition.badVersion', { version: String(v).slice(0, 20) });
    return n;
  };
  /** The content of a version: 0 = shipped, "draft", or a published number. */
  const contentAt = async (s: PageState, v: VersionSpec): Promise<PageDefinition | null> => {
    if (v === 'draft') {
      if (!s.draft) throw refuse('definition.noDraft', { name: s.name });
      return parseContent(s.draft);
    }
    if (v === 0) {
      if (!s.shipped) throw refuse('definition.noShipped', { name: s.name });
      return s.shipped;
    }
    const row = (await overlayRowsOf(app.db, PAGE_KIND, s.name)).find((r) => r.status === 'PUBLISHED' && r.version === v);
    if (!row) throw refuse('definition.noVersion', { name: s.name, version: v });
    return row.shippedFlag === 'Y' ? s.shipped : parseContent(row);
  };
  const contentArg = (body: Body): unknown => {
    const c = typeof body.content === 'string' ? safeParse(body.content) : body.content;
    if (!c || typeof c !== 'object' || Array.isArray(c)) throw refuse('definition.contentRequired');
    return withoutSchema(c as object);
  };
  const effective = (s: PageState): PageDefinition | null => (service.isBroken(s.name) ? s.shipped : (publishedOf(s) ?? s.shipped));

  route('effectivePages', async (req) => {
    sessionOf(req);
    await service.catchUp();
    const pages: Record<string, PageDefinition> = {};
    for (const s of service.allStates()) {
      const p = publishedOf(s);
      if (p && !service.isBroken(s.name)) pages[s.name] = p;
    }
    return ok({ pages });
  });

  route('listDefinitions', async (req) => {
    await designerSession(app, req);
    kindOf(bodyOf(req));
    await service.catchUp();
    const rows = service.allStates().flatMap((s) => {
      const p = effective(s) ?? parseContent(s.draft);
      if (!p) return [];
      return [
        {
          kind: PAGE_KIND,
          name: s.name,
          entity: p.entity,
          title: p.title,
          pageKind: p.kind,
          source: sourceOf(s),
          publishedVersion: s.current?.version ?? null,
          hasDraft: !!s.draft,
          conflict: hasConflict(s),
        },
      ];
    });
    return ok(rows);
  });

  route('getDefinition', async (req) => {
    await designerSession(app, req);
    const body = bodyOf(req);
    kindOf(body);
    const s = existing(nameOf(body));
    const eff = effective(s) ?? parseContent(s.draft);
    return ok({
      kind: PAGE_KIND,
      name: s.name,
      shipped: s.shipped,
      published: publishedOf(s),
      draft: parseContent(s.draft),
      effective: eff,
      publishedVersion: s.current?.version ?? null,
      draftVersionNum: s.draft?.versionNum ?? null,
      conflict: hasConflict(s) ? { shippedNow: s.shipped, shippedAtOverlay: s.current?.shippedHash ?? null } : null,
      broken: service.isBroken(s.name),
    });
  });

  route('validateDefinition', async (req) => {
    await designerSession(app, req);
    const body = bodyOf(req);
    kindOf(body);
    const name = nameOf(body);
    return ok({ errors: await service.validate(name, contentArg(body), req.lang) });
  });

  route('saveDraft', async (req) => {
    const session = await designerSession(app, req);
    const body = bodyOf(req);
    const kind = kindOf(body);
    const name = nameOf(body);
    const content = contentArg(body);
    const s = service.state(name);
    if (!s) throw refuse('definition.unknown', { name });
    const errors = await service.validate(name, content, req.lang);
    const expected = body.draftVersionNum;
    const text = JSON.stringify(content);
    const versionNum = await app.db.transaction().execute(async (trx) => {
      await lockDefinition(trx, kind, name);
      const draft = (await overlayRowsOf(trx, kind, name)).find((r) => r.status === 'DRAFT');
      if (!draft) return insertDraft(trx, kind, name, text, session.userId);
      if (typeof expected !== 'number') throw refuse('definition.staleDraft', { name });
      const v = await updateDraft(trx, kind, name, text, session.userId, expected);
      if (v === null) throw refuse('definition.staleDraft', { name });
      return v;
    });
    await service.reload();
    return ok({ draftVersionNum: versionNum, errors });
  });

  route('discardDraft', async (req) => {
    await designerSession(app, req);
    const body = bodyOf(req);
    const kind = kindOf(body);
    const name = nameOf(body);
    await deleteDraft(app.db, kind, name);
    await service.reload();
    return ok(null);
  });

  route('createPage', async (req) => {
    const session = await designerSession(app, req);
    const body = bodyOf(req);
    const name = nameOf(body);
    const entityName = stringArg(body, 'entity');
    const pageKind = body.kind;
    if (pageKind !== 'list' && pageKind !== 'edit') throw refuse('definition.badPageKind');
    const entity = service.shipped.entities.get(entityName);
    if (!entity || !isFamily(entity)) throw refuse('definition.unknownEntity', { entity: entityName.slice(0, 100) });
    if (pageKind === 'list' && !name.endsWith('List')) throw refuse('definition.listName', { name });
    if (pageKind === 'edit' && !name.endsWith('Edit')) throw refuse('definition.editName', { name });
    const s = service.state(name);
    if (s && (s.shipped || s.current || s.draft)) throw refuse('definition.exists', { name });
    const title =
      body.title && typeof body.title === 'object'
        ? (body.title as PageDefinition['title'])
        : typeof body.title === 'string' && body.title
          ? body.title
          : undefined;
    const content = pageKind === 'list' ? listPageOf(entity, name, title) : editPageOf(entity, name, service.shipped.entities, title);
    const draftVersionNum = await app.db.transaction().execute(async (trx) => {
      await lockDefinition(trx, PAGE_KIND, name);
      if ((await overlayRowsOf(trx, PAGE_KIND, name)).length) throw refuse('definition.exists', { name });
      return insertDraft(trx, PAGE_KIND, name, JSON.stringify(content), session.userId);
    });
    await service.reload();
    return ok({ name, draftVersionNum, content, errors: await service.validate(name, content, req.lang) });
  });

  route('publish', async (req) => {
    const session = await designerSession(app, req);
    const body = bodyOf(req);
    const kind = kindOf(body);
    const name = nameOf(body);
    const comment = optionalString(body, 'comment');
    const s = existing(name);
    const draft = parseContent(s.draft);
    if (!draft) throw refuse('definition.noDraft', { name });
    // A new list/edit pair refers to each other: the partner's pending draft goes live in the same step.
    const together = [name];
    for (const partner of [draft.editPage, draft.listPage]) {
      if (partner && !app.defs.pages.has(partner) && service.state(partner)?.draft) together.push(partner);
    }
    for (const n of together) {
      const content = parseContent(service.state(n)!.draft);
      const errors = await service.validate(n, content, req.lang);
      if (errors.length) throw refuse('definition.invalidDraft', { name: n, detail: errors[0].message }, { errors });
    }
    const versions = await app.db.transaction().execute(async (trx) => {
      const out: Record<string, number> = {};
      for (const n of together) {
        await lockDefinition(trx, kind, n);
        const row = (await overlayRowsOf(trx, kind, n)).find((r) => r.status === 'DRAFT');
        if (!row) throw refuse('definition.noDraft', { name: n });
        out[n] = await insertVersion(trx, {
          kind,
          name: n,
          content: row.content,
          shippedFlag: 'N',
          shippedHash: definitionHash(service.state(n)?.shipped),
          comment,
          userId: session.userId,
        });
        await deleteDraft(trx, kind, n);
      }
      return out;
    });
    await service.changed();
    return ok({ version: versions[name], published: versions, errors: [] });
  });

  route('listVersions', async (req) => {
    await designerSession(app, req);
    const body = bodyOf(req);
    const kind = kindOf(body);
    const s = existing(nameOf(body));
    const rows = (await overlayRowsOf(app.db, kind, s.name)).filter((r) => r.status === 'PUBLISHED');
    // The authors' names are administration's: asked through its API, not read from its table.
    const names = await app.modules.api<AdminApi>('admin').userNames(rows.flatMap((r) => (r.createdBy === null ? [] : [r.createdBy])));
    const current = s.current?.version ?? null;
    const list = rows
      .map((r) => ({
        version: r.version,
        comment: r.comment,
        createdBy: r.createdBy,
        createdByName: (r.createdBy !== null ? names.get(r.createdBy) : undefined) ?? null,
        creationDate: r.creationDate,
        current: r.version === current,
        backToShipped: r.shippedFlag === 'Y',
      }))
      .reverse();
    if (s.shipped)
      list.push({ version: 0, comment: null, createdBy: null, createdByName: null, creationDate: '', current: current === null, backToShipped: true });
    return ok(list);
  });

  route('getVersion', async (req) => {
    await designerSession(app, req);
    const body = bodyOf(req);
    kindOf(body);
    const s = existing(nameOf(body));
    return ok(await contentAt(s, versionOf(body, 'version')));
  });

  route('diff', async (req) => {
    await designerSession(app, req);
    const body = bodyOf(req);
    kindOf(body);
    const s = existing(nameOf(body));
    const from = await contentAt(s, versionOf(body, 'from'));
    const to = await contentAt(s, versionOf(body, 'to'));
    return ok(diffDefinitions(from ? withoutSchema(from) : null, to ? withoutSchema(to) : null));
  });

  const republish = async (req: FastifyRequest, name: string, v: { content: PageDefinition | null; back: boolean; comment: string | null }) => {
    const session = sessionOf(req);
    const s = existing(name);
    if (!v.back && v.content) {
      const errors = await service.validate(name, v.content, req.lang);
      if (errors.length) throw refuse('definition.invalidDraft', { name, detail: errors[0].message }, { errors });
    }
    const version = await app.db.transaction().execute(async (trx) => {
      await lockDefinition(trx, PAGE_KIND, name);
      return insertVersion(trx, {
        kind: PAGE_KIND,
        name,
        content: v.back ? null : JSON.stringify(withoutSchema(v.content!)),
        shippedFlag: v.back ? 'Y' : 'N',
        shippedHash: definitionHash(s.shipped),
        comment: v.comment,
        userId: session.userId,
      });
    });
    await service.changed();
    return ok({ version });
  };

  route('rollback', async (req) => {
    await designerSession(app, req);
    const body = bodyOf(req);
    kindOf(body);
    const s = existing(nameOf(body));
    const target = versionOf(body, 'version');
    if (target === 'draft') throw refuse('definition.badVersion', { version: 'draft' });
    const comment = optionalString(body, 'comment');
    if (target === 0) return republish(req, s.name, { content: null, back: true, comment });
    const row = (await overlayRowsOf(app.db, PAGE_KIND, s.name)).find((r) => r.status === 'PUBLISHED' && r.version === target);
    if (!row) throw refuse('definition.noVersion', { name: s.name, version: target });
    return republish(req, s.name, { content: parseContent(row), back: row.shippedFlag === 'Y', comment });
  });

  route('resolveConflict', async (req) => {
    await designerSession(app, req);
    const body = bodyOf(req);
    kindOf(body);
    const s = existing(nameOf(body));
    const keep = body.keep;
    if (keep !== 'overlay' && keep !== 'shipped') throw refuse('definition.badKeep');
    if (!hasConflict(s)) throw refuse('definition.noConflict', { name: s.name });
    const comment = optionalString(body, 'comment');
    if (keep === 'shipped') return republish(req, s.name, { content: null, back: true, comment });
    return republish(req, s.name, { content: publishedOf(s), back: false, comment });
  });

  route('exportDefinition', async (req, reply) => {
    await designerSession(app, req);
    const body = bodyOf(req);
    kindOf(body);
    const s = existing(nameOf(body));
    const content =
      body.version === undefined || body.version === null ? (effective(s) ?? parseContent(s.draft)) : await contentAt(s, versionOf(body, 'version'));
    if (!content) throw refuse('definition.unknown', { name: s.name });
    const file = `${s.name.split('/')[1]}.page.json`;
    const text = JSON.stringify({ $schema: '../../../schemas/meta/page.schema.json', ...withoutSchema(content) }, null, 2) + '\n';
    return reply.header('Content-Type', 'application/json; charset=utf-8').header('Content-Disposition', `attachment; filename="${file}"`).send(text);
  });

  route('addToMenu', async (req) => {
    const session = await designerSession(app, req);
    const body = bodyOf(req);
    const pageName = nameOf(body, 'pageName');
    if (!app.defs.pages.has(pageName)) throw refuse('definition.notPublished', { name: pageName });
    const result = await addToMenu(app.modules.api<AdminApi>('admin'), body, pageName, session.userId);
    await service.changed();
    return ok(result);
  });
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw refuse('definition.contentNotJson');
  }
}
