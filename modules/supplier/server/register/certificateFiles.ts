// Certificate files of a public registration (issue 15: "certificates (attachments with expiry dates)").
// The registrant has no session, so the files module's upload cannot take them; this route takes them
// by the registration's link token instead and stores them through the files module as files of the
// registration (functionId srmPosSupplierRegister, businessId its id), uploaded by the registrant actor.
// Whoever may open the registration on the review screen may then see and download them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { AppContext } from '../../../../server/context.js';
import { refuse } from '../../../../server/errors.js';
import { ok } from '../../../../server/http/envelope.js';
import type { Db } from '../../../../server/db/connect.js';
import type { Attachment, FilesApi } from '../../../files/api.js';
import type { RegisterInput } from './input.js';
import { registrantActor } from './actor.js';

export const REGISTER_ENTITY = 'srmPosSupplierRegister';
/** Scans and photos of licences and certificates. */
export const CERT_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;
/** A certificate scan is small; a public page should not take more (SRM_REGISTER_FILE_MAX_BYTES overrides). */
export const CERT_MAX_BYTES = Number(process.env.SRM_REGISTER_FILE_MAX_BYTES ?? 10 * 1024 * 1024);
/** Files one registration may hold in all. */
export const CERT_MAX_FILES = 40;

const files = (app: AppContext) => app.modules.api<FilesApi>('files');

const ids = (s: string | null) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter((x) => /^\d{1,15}$/.test(x))
    .map(Number);

/**
 * Keeps of each certificate's attachment ids only the files of this registration (null for a new one):
 * a registrant cannot make the reviewer's screen list someone else's file.
 */
export async function ownAttachments(app: AppContext, db: Db, registerId: number | null, r: RegisterInput): Promise<RegisterInput> {
  const certificates = [];
  for (const c of r.certificates) {
    const own = registerId === null ? [] : await files(app).filesOfRecord(db, REGISTER_ENTITY, registerId, ids(c.attachmentIds));
    certificates.push({ ...c, attachmentIds: own.length ? own.map((f) => f.id).join(',') : null });
  }
  return { ...r, certificates };
}

/** Name and size of each certificate file, for the public page (which cannot call the files module). */
export async function describeAttachments(
  app: AppContext,
  db: Db,
  registerId: number,
  attachmentIds: string | null,
): Promise<Pick<Attachment, 'id' | 'fileName' | 'fileSize'>[]> {
  const own = await files(app).filesOfRecord(db, REGISTER_ENTITY, registerId, ids(attachmentIds));
  return own.map((f) => ({ id: f.id, fileName: f.fileName, fileSize: f.fileSize }));
}

/**
 * POST `path` (multipart: `token`, then one or more `files`): stores the files as the registration's and
 * answers `[{id, fileName, fileSize}]`; the page puts the ids on a certificate line and saves. `linked`
 * refuses an unknown or expired link, `editable` a registration under review.
 */
export function registerCertificateUpload(
  server: FastifyInstance,
  app: AppContext,
  path: string,
  guard: {
    limit: (req: FastifyRequest) => Promise<void>;
    linked: (token: unknown) => Promise<{ registerId: number; status: string }>;
    editable: readonly string[];
  },
): void {
  server.register(async (f) => {
    await f.register(fastifyMultipart, { throwFileSizeLimit: false });
    f.post(path, { config: { streamBody: ['multipart'] } }, async (req) => {
      await guard.limit(req);
      if (!req.isMultipart()) throw refuse('file.noFile');
      const actor = await registrantActor(app, req.lang);
      const stored = await files(app).receiveDelegated(
        req,
        async (fields) => {
          const row = await guard.linked(fields.token);
          if (!guard.editable.includes(row.status)) throw refuse('register.notEditable');
          return { functionId: REGISTER_ENTITY, businessId: row.registerId, userId: actor.session.userId, allowed: CERT_EXTENSIONS, maxFiles: CERT_MAX_FILES };
        },
        { maxFileBytes: CERT_MAX_BYTES, maxFiles: 5, allowedExtensions: CERT_EXTENSIONS },
      );
      return ok(stored.map((a) => ({ id: a.id, fileName: a.fileName, fileSize: a.fileSize })));
    });
  });
}
