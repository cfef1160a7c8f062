// The quotations' files on the buyer's comparison: after the deadline each opened offer names its
// quotation's files, and the buyer previews or downloads them here. The rule is the comparison's (the same
// permission, the same seal): a file is served only when it belongs to an offer the comparison opens, so
// before the deadline neither its name nor its bytes reach the buyer. The buyer holds no grant on the
// quotation family itself (a supplier's record): this route, not the files module's download, serves them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../server/context.js';
import type { Db } from '../../../server/db/connect.js';
import { forbidden, refuse } from '../../../server/errors.js';
import type { ActionContext } from '../../../server/rest/actionContext.js';
import { actionContext } from '../../../server/rest/registerFamilies.js';
import { findRow, parseId } from '../../../server/rest/read.js';
import type { FilesApi } from '../../files/api.js';
import { inquiryState, requireOpened } from './inquiryState.js';
import { openedOffers, type OfferLine } from './offers.js';

/** What the comparison shows of a quotation's file. */
export interface OfferFile {
  fileId: number;
  fileName: string;
  fileSize: number;
  contentType: string | null;
}

/** A file larger than this is not served whole from memory here (quotation files are documents). */
const MAX_FILE_BYTES = 200 * 1024 * 1024;

/** Decided or in approval the offers stay open to read; else only once the round's deadline passed. */
export async function requireComparable(db: Db, id: number): Promise<void> {
  const state = await inquiryState(db, id);
  if (!['AWARDED', 'CLOSED', 'APPROVING'].includes(state.status)) requireOpened(state);
}

/** The caller's context for the inquiry in the body, refused unless the caller may open its comparison. */
export async function comparisonCaller(app: AppContext, req: FastifyRequest): Promise<{ ctx: ActionContext; id: number }> {
  const entity = app.defs.entities.get('srmSrcInquiry')!;
  const ctx = actionContext(app, entity, req);
  if (!(await app.acl.allowed(ctx.session, entity.name, 'sourceSummary'))) throw forbidden('auth.forbidden');
  const id = parseId(ctx, ctx.body.id);
  await findRow(ctx, app.db, id);
  return { ctx, id };
}

/** Each opened offer's quotation → its files (files another record holds are left out by the files module). */
export async function filesOfOffers(ctx: ActionContext, db: Db, offers: readonly OfferLine[]): Promise<Map<number, OfferFile[]>> {
  const out = new Map<number, OfferFile[]>();
  if (!ctx.app.modules.hasApi('files')) return out;
  const files = ctx.app.modules.api<FilesApi>('files');
  for (const o of offers) {
    if (out.has(o.quotationId) || !o.attachmentIds.length) continue;
    const rows = await files.filesOfRecord(db, 'srmSrcQuotation', o.quotationId, o.attachmentIds);
    out.set(
      o.quotationId,
      rows.map((a) => ({ fileId: Number(a.fileId), fileName: a.originalFileName ?? a.fileName, fileSize: a.fileSize, contentType: a.contentType })),
    );
  }
  return out;
}

export function registerQuotationFileRoute(server: FastifyInstance, app: AppContext): void {
  // downloadQuotationFile {id, fileId}: the bytes of one opened quotation's file (inline: the screen previews
  // an image or PDF from the same bytes).
  server.post('/api/srmServer/v1/srmSrcInquiryRestful/downloadQuotationFile', { config: { reads: true } }, async (req, reply) => {
    const { ctx, id } = await comparisonCaller(app, req);
    const fileId = Number(ctx.body.fileId);
    await requireComparable(app.db, id);
    const offer = Number.isSafeInteger(fileId) ? (await openedOffers(app.db, id)).find((o) => o.attachmentIds.includes(fileId)) : undefined;
    if (!offer || !app.modules.hasApi('files')) throw refuse('sourcing.quotationFileNotFound');
    const [hit] = await app.modules.api<FilesApi>('files').bytesOfRecordFiles(app.db, 'srmSrcQuotation', offer.quotationId, [fileId], MAX_FILE_BYTES);
    if (!hit) throw refuse('sourcing.quotationFileNotFound');
    const name = hit.file.originalFileName ?? hit.file.fileName;
    return reply
      .type(hit.file.contentType ?? 'application/octet-stream')
      .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(hit.bytes);
  });
}
