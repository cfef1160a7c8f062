// The public registration calls (no session: publicPaths), SPEC §2 /register and /registerInfoEdit:
// the duplicate check while typing, save as draft (the link to come back is e-mailed to the contact),
// submit, read back and withdraw by the link's token. Every call is counted per client address; saving
// and submitting also take a verification image (the sign-in page's generateRandomValidate).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../../server/context.js';
import { addressKey, PUBLIC_BODY_LIMIT } from '../../../../server/auth/rateKeys.js';
import { checkCaptcha } from '../../../../server/auth/captcha.js';
import { badRequest, refuse, tooMany } from '../../../../server/errors.js';
import { ok } from '../../../../server/http/envelope.js';
import { message, type Language } from '../../../../server/i18n/messages.js';
import { lockInTransaction, typed } from '../../../../server/db/typed.js';
import type { BaseApi } from '../../../base/api.js';
import type { SupplierTables } from '../../generated/tables.js';
import { findDuplicate, type Duplicate } from './duplicates.js';
import { checkComplete, checkDraft, parseRegister, type RegisterInput } from './input.js';
import { byToken, newToken, readRegistration, stamp, tokenHash, writeRegistration, type RegisterRow } from './store.js';
import { registrantActor } from './actor.js';
import { runTransitionIn, type InternalActor } from '../../../../server/rest/runTransition.js';
import { afterWrite } from '../../../../server/rest/afterWrite.js';
import type { WorkflowApi } from '../../../workflow/api.js';
import { describeAttachments, ownAttachments, registerCertificateUpload } from './certificateFiles.js';
import { recognizeLicence } from './recognizeRoute.js';

const ENTITY = 'srmPosSupplierRegister';

const BASE = '/api/srmServer/v1/srmPosSupplierRegisterRestful';
export const REGISTER_PATHS = {
  check: `${BASE}/validationRepeatByName`,
  saveDraft: `${BASE}/doSaveDraft`,
  register: `${BASE}/doRegister`,
  read: `${BASE}/getRegisterInfoByToken`,
  withdraw: `${BASE}/doWithdrawRegister`,
  categories: `${BASE}/getRegisterCategories`,
  upload: `${BASE}/doUploadCertificateFile`,
  recognize: `${BASE}/doRecognizeLicence`,
} as const;
export const PUBLIC_PATHS = Object.values(REGISTER_PATHS);

/** A registration with its lines and certificate attachment ids is small; 64 KB is generous. */
const BODY_LIMIT = 64 * 1024;
/** Per client address and window: checks while typing are many, writes and link reads few. */
const LIMITS = { check: { max: 60, window: 300 }, write: { max: 20, window: 600 } } as const;
/** Registrations that the registrant may still change. */
const EDITABLE = ['DRAFT', 'REJECTED', 'WITHDRAWN'];

function bodyOf(req: FastifyRequest): Record<string, unknown> {
  if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) throw badRequest('error.malformed', { detail: 'body' });
  return req.body as Record<string, unknown>;
}

async function limit(app: AppContext, req: FastifyRequest, kind: keyof typeof LIMITS): Promise<void> {
  const key = addressKey(`register-${kind}`, req.ip);
  const n = await app.cache.incr(key, LIMITS[kind].window);
  if (n > LIMITS[kind].max) throw tooMany('register.rateLimited', { seconds: Math.max(await app.cache.ttl(key), 1) });
}

function refuseDuplicate(d: Duplicate): never {
  if (d.blacklisted) throw refuse('register.blacklisted', {}, { field: d.field });
  throw refuse(d.field === 'creditCode' ? 'register.duplicateCreditCode' : 'register.duplicateName', {}, { field: d.field });
}

/** The registration of a link, refused when the link is unknown or has expired. */
async function linked(app: AppContext, token: unknown): Promise<RegisterRow> {
  const row = await byToken(app.db, token);
  if (!row) throw refuse('register.badLink');
  if (!row.tokenExpires || row.tokenExpires < stamp(new Date())) throw refuse('register.linkExpired');
  return row;
}

/** Refuses an unknown or disabled category; the chosen ones' names, kept for the review screen. */
async function checkCategories(app: AppContext, r: RegisterInput): Promise<string> {
  if (r.categoryIds.length === 0) return '';
  const known = await app.modules.api<BaseApi>('base').enabledCategories(app.db);
  const chosen = known.filter((c) => r.categoryIds.includes(c.categoryId));
  if (chosen.length !== new Set(r.categoryIds).size) throw refuse('register.unknownCategory');
  return chosen.map((c) => `${c.categoryCode} ${c.categoryName}`).join(', ');
}

/** The link to come back, e-mailed to the contact in the registrant's language; false when SMTP failed. */
async function mailLink(app: AppContext, lang: Language, r: RegisterInput, token: string, submitted: boolean): Promise<boolean> {
  // The address the registrant opened the page at is not trusted (a Host header is the caller's to
  // choose), so links start at the configured public address, or are relative without one.
  const link = `${process.env.SRM_PUBLIC_URL ?? ''}/registerInfoEdit?token=${token}`;
  const key = submitted ? 'register.mailSubmitted' : 'register.mailDraft';
  return app.mailer
    .send({
      to: r.email,
      subject: message(lang, `${key}Subject`, { company: r.companyName }),
      text: message(lang, `${key}Text`, { company: r.companyName, link }),
    })
    .then(
      () => true,
      () => false,
    );
}

/** After the write committed: the entity's cache effects, then the events (the process's task notices). */
async function committed(app: AppContext, actor: InternalActor): Promise<void> {
  const entity = app.defs.entities.get(ENTITY);
  if (entity) await afterWrite(app, entity);
  await app.events.deliver(actor.events);
}

/** Draft (submit false) or submission: the shared body of doSaveDraft and doRegister. */
async function save(app: AppContext, req: FastifyRequest, submit: boolean) {
  await limit(app, req, 'write');
  const body = bodyOf(req);
  if (!(await checkCaptcha(app.cache, body.validateKey, body.validateCode))) throw refuse('register.badValidateCode', {}, { needValidate: true });
  const existing = body.token === undefined || body.token === null || body.token === '' ? null : await linked(app, body.token);
  if (existing && !EDITABLE.includes(existing.status)) throw refuse('register.notEditable');
  // Certificate files are the registration's own (uploaded by its link); any other id is dropped.
  const input = await ownAttachments(app, app.db, existing?.registerId ?? null, parseRegister(body));
  if (submit) checkComplete(input, stamp(new Date()).slice(0, 10));
  else checkDraft(input);
  const categoryNames = await checkCategories(app, input);
  const token = existing ? String(body.token) : newToken();
  const lang = req.lang;
  const actor = await registrantActor(app, lang);
  const registerId = await app.db.transaction().execute(async (db) => {
    const trx = typed<SupplierTables>(db);
    // A submission holds its name and code: the check runs inside the write, under one lock for all
    // submissions (they are rare), so two submissions of one company cannot both pass.
    if (submit) {
      await lockInTransaction(trx, 'supplier-register-submit');
      const d = await findDuplicate(trx, input.companyName, input.creditCode, existing?.registerId ?? null);
      if (d) refuseDuplicate(d);
    }
    const id = await writeRegistration(trx, existing?.registerId ?? null, input, {
      status: existing?.status ?? 'DRAFT',
      language: lang,
      categoryNames,
      ...(existing ? {} : { tokenHash: tokenHash(token) }),
    });
    // The declared transition, so that the workflow's binding starts the review process.
    if (submit) await runTransitionIn(app, db, actor, ENTITY, 'doSubmit', id);
    return id;
  });
  await committed(app, actor);
  const mailed = await mailLink(app, lang, input, token, submit);
  return ok({ registerId, status: submit ? 'SUBMITTED' : 'DRAFT', token, mailed });
}

export function registerPublicRoutes(server: FastifyInstance, app: AppContext): void {
  const tiny = { bodyLimit: PUBLIC_BODY_LIMIT };
  server.post(REGISTER_PATHS.check, tiny, async (req) => {
    await limit(app, req, 'check');
    const body = bodyOf(req);
    const companyName = typeof body.companyName === 'string' ? body.companyName.trim().slice(0, 200) : '';
    const creditCode = typeof body.creditCode === 'string' ? body.creditCode.trim().slice(0, 40) : '';
    const own = body.token ? await byToken(app.db, body.token) : null;
    const d = await findDuplicate(typed<SupplierTables>(app.db), companyName, creditCode, own?.registerId ?? null);
    const lang = req.lang;
    const key = d?.blacklisted ? 'register.blacklisted' : d?.field === 'creditCode' ? 'register.duplicateCreditCode' : 'register.duplicateName';
    return ok({ exists: d !== null, ...(d ? { field: d.field, message: message(lang, key) } : {}) });
  });
  // The categories the form offers (enabled purchase categories); counted like the checks.
  server.post(REGISTER_PATHS.categories, tiny, async (req) => {
    await limit(app, req, 'check');
    return ok(await app.modules.api<BaseApi>('base').enabledCategories(app.db));
  });
  server.post(REGISTER_PATHS.saveDraft, { bodyLimit: BODY_LIMIT }, async (req) => save(app, req, false));
  server.post(REGISTER_PATHS.register, { bodyLimit: BODY_LIMIT }, async (req) => save(app, req, true));
  server.post(REGISTER_PATHS.read, tiny, async (req) => {
    await limit(app, req, 'write');
    const row = await linked(app, bodyOf(req).token);
    const r = await readRegistration(app.db, row.registerId);
    const certificates = [];
    for (const c of r.certificates) certificates.push({ ...c, attachments: await describeAttachments(app, app.db, row.registerId, c.attachmentIds) });
    return ok({ ...r, certificates });
  });
  registerCertificateUpload(server, app, REGISTER_PATHS.upload, {
    limit: (req) => limit(app, req, 'write'),
    linked: (token) => linked(app, token),
    editable: EDITABLE,
  });
  // The licence scan the registrant uploaded, read by the recognition service: suggestions, nothing stored.
  server.post(REGISTER_PATHS.recognize, tiny, async (req) => {
    await limit(app, req, 'write');
    const body = bodyOf(req);
    const row = await linked(app, body.token);
    if (!EDITABLE.includes(row.status)) throw refuse('register.notEditable');
    return recognizeLicence(app, row.registerId, body.fileId);
  });
  server.post(REGISTER_PATHS.withdraw, tiny, async (req) => {
    await limit(app, req, 'write');
    const row = await linked(app, bodyOf(req).token);
    // Before review only: once approved or rejected there is nothing to take back.
    if (row.status !== 'SUBMITTED') throw refuse('register.notWithdrawable');
    const actor = await registrantActor(app, req.lang);
    await app.db.transaction().execute(async (db) => {
      // The guarded transition refuses a registration reviewed meanwhile; the review process stops with it.
      await runTransitionIn(app, db, actor, ENTITY, 'doWithdraw', row.registerId);
      await app.modules.api<WorkflowApi>('workflow').withdrawProcess(db, actor, ENTITY, row.registerId, 'withdrawn by the registrant');
    });
    await committed(app, actor);
    return ok({ registerId: row.registerId, status: 'WITHDRAWN' });
  });
}
