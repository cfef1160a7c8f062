// Supplier agreements (quality, integrity, framework; issue 15): the buyer drafts one for a supplier and
// sends it (doSend: the text's variables are filled from the supplier and fixed); the supplier signs it in
// the portal (doSign: the server prints the PDF, keeps it through the files module as a file of the
// agreement and records signer, time and the PDF's SHA-256) or refuses it with a reason (doRefuse). A
// supplier never sees drafts; the ownership rule keeps it to its own agreements ("does not exist").
import { sql } from 'kysely';
import type { ActionContext } from '../../../../server/rest/actionContext.js';
import type { Db } from '../../../../server/db/connect.js';
import { refuse } from '../../../../server/errors.js';
import type { EntityRules } from '../../../../server/modules/types.js';
import { findRow } from '../../../../server/rest/read.js';
import { statusLabel } from '../../../../server/rest/statusLabel.js';
import type { FilesApi } from '../../../files/api.js';
import type { ContractApi, SealImage } from '../../../contract/api.js';
import { sup } from '../qualification/engine.js';
import { renderAgreementPdf } from './pdf.js';

export const AGREEMENT_ENTITY = 'srmPosAgreement';
const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v ?? '')).slice(0, 10);
const stampOf = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/** The text with its variables filled: {{companyName}}, {{creditCode}}, {{date}} (the day it is sent), {{validFrom}}, {{validTo}}. */
export function fillVariables(text: string, v: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => v[name] ?? all);
}

/** The agreement as the caller may see it (ownership, no drafts for a supplier), locked for the step. */
async function locked(ctx: ActionContext, db: Db, id: number) {
  await findRow(ctx, db, id);
  return sup(db).selectFrom('srm_pos_agreement').selectAll().where('agreement_id', '=', id).forUpdate().executeTakeFirstOrThrow();
}
type AgreementRow = Awaited<ReturnType<typeof locked>>;

async function expectSent(ctx: ActionContext, db: Db, a: AgreementRow) {
  if (a.status !== 'SENT') throw refuse('rest.badTransition', { status: await statusLabel(ctx, a.status, db) });
}

async function supplierOf(db: Db, supplierId: number) {
  const s = await sup(db).selectFrom('srm_pos_supplier_info').select(['supplier_name', 'tax_number']).where('supplier_id', '=', supplierId).executeTakeFirst();
  if (!s) throw refuse('lifecycle.noSupplier');
  return s;
}

async function send(db: Db, a: AgreementRow) {
  const today = new Date().toISOString().slice(0, 10);
  if (day(a.valid_to) < today) throw refuse('agreement.expiredBeforeSent', { date: day(a.valid_to) });
  const s = await supplierOf(db, a.supplier_id);
  const content = fillVariables(a.content, {
    companyName: s.supplier_name,
    creditCode: s.tax_number ?? '',
    date: today,
    validFrom: day(a.valid_from),
    validTo: day(a.valid_to),
  });
  await sup(db).updateTable('srm_pos_agreement').set({ content, refuse_reason: null }).where('agreement_id', '=', a.agreement_id).execute();
}

/**
 * The signer's seal image: its own e-signature account's, else its supplier's (the contract module keeps the
 * accounts). Asked only when that module runs: it depends on this one, so this one cannot declare it.
 */
async function sealOf(ctx: ActionContext, db: Db, supplierId: number): Promise<SealImage | null> {
  if (!ctx.app.modules.hasApi('contract')) return null;
  return ctx.app.modules.api<ContractApi>('contract').sealImage(db, { signerId: ctx.session.userId, supplierId: Number(supplierId) });
}

async function sign(ctx: ActionContext, db: Db, a: AgreementRow) {
  // The supplier signs for itself; a buyer who could reach the step is refused.
  if (ctx.session.userType !== 'EXTERNAL') throw refuse('agreement.supplierSigns');
  const s = await supplierOf(db, a.supplier_id);
  const signedAt = stampOf(new Date());
  const bytes = await renderAgreementPdf(
    {
      agreementNumber: a.agreement_number ?? '',
      agreementType: a.agreement_type,
      title: a.title,
      content: a.content,
      validFrom: day(a.valid_from),
      validTo: day(a.valid_to),
      supplierName: s.supplier_name,
      creditCode: s.tax_number ?? '',
      signerName: ctx.session.userName,
      signedAt,
    },
    ctx.lang,
    (await ctx.app.lookups.findDic('AGREEMENT_TYPE', ctx.lang)).find((v) => v.lookupCode === a.agreement_type)?.meaning ?? a.agreement_type,
    await sealOf(ctx, db, a.supplier_id),
  );
  const file = await ctx.app.modules.api<FilesApi>('files').storeBytes(
    db,
    {
      bytes,
      fileName: `${a.agreement_number ?? a.agreement_id}-signed.pdf`,
      contentType: 'application/pdf',
      functionId: AGREEMENT_ENTITY,
      businessId: a.agreement_id,
    },
    ctx.session.userId,
  );
  await sup(db)
    .updateTable('srm_pos_agreement')
    .set({ signed_by: ctx.session.userName, signed_at: signedAt, document_sha256: file.sha256, pdf_file_id: file.id })
    .where('agreement_id', '=', a.agreement_id)
    .execute();
}

async function refuseIt(ctx: ActionContext, db: Db, a: AgreementRow) {
  const reason = typeof ctx.body.reason === 'string' ? ctx.body.reason.trim() : '';
  if (!reason) throw refuse('agreement.reasonRequired');
  if (reason.length > 500) throw refuse('agreement.reasonTooLong', { max: 500 });
  await sup(db).updateTable('srm_pos_agreement').set({ refuse_reason: reason }).where('agreement_id', '=', a.agreement_id).execute();
}

export const agreementRules: EntityRules = {
  // Drafts are the buyer's work in progress: a supplier's user does not see them on any path.
  readFilter: (ctx) => (ctx.session.userType === 'EXTERNAL' ? sql`t.status <> 'DRAFT'` : null),
  async beforeSave(_ctx, db, values) {
    const from = values.valid_from === undefined ? undefined : day(values.valid_from);
    const to = values.valid_to === undefined ? undefined : day(values.valid_to);
    if (from && to && to < from) throw refuse('agreement.badValidity');
    if (typeof values.supplier_id === 'number') await supplierOf(db, values.supplier_id);
  },
  async beforeTransition(ctx, db, step) {
    const a = await locked(ctx, db, step.id);
    if (step.action === 'doSend') return send(db, a);
    await expectSent(ctx, db, a);
    if (step.action === 'doSign') return sign(ctx, db, a);
    if (step.action === 'doRefuse') return refuseIt(ctx, db, a);
  },
  async afterTransition(ctx, db, step) {
    const a = await sup(db)
      .selectFrom('srm_pos_agreement')
      .select(['agreement_id', 'supplier_id', 'created_by'])
      .where('agreement_id', '=', step.id)
      .executeTakeFirstOrThrow();
    if (step.action === 'doSend') ctx.events.add('supplier.agreementSent', { agreementId: a.agreement_id, supplierId: a.supplier_id });
    else
      ctx.events.add('supplier.agreementAnswered', {
        agreementId: a.agreement_id,
        supplierId: a.supplier_id,
        buyerId: Number(a.created_by ?? 0),
        status: step.to === 'SIGNED' ? 'SIGNED' : 'REFUSED',
      });
  },
};
