// Review of a registration (its declared transitions, run by the workflow's SUPPLIER_REGISTER_APPROVAL or
// directly): approval creates the supplier in POTENTIAL and its first external user in the same
// transaction; after the commit the user gets a one-time password by e-mail (the first sign-in asks for a
// new one). Rejection keeps the reviewer's comment and tells the contact.
import type { AppContext } from '../../../../server/context.js';
import type { Db } from '../../../../server/db/connect.js';
import { typed } from '../../../../server/db/typed.js';
import { refuse } from '../../../../server/errors.js';
import { LANGUAGES, message, type Language } from '../../../../server/i18n/messages.js';
import type { EntityRules } from '../../../../server/modules/types.js';
import type { AdminApi } from '../../../admin/api.js';
import type { SupplierTables } from '../../generated/tables.js';

/** The responsibility a registered supplier's first user gets (the demo's supplier users have it). */
export const PORTAL_RESPONSIBILITY = 'SUPPLIER_PORTAL';

const reasonOf = (body: Record<string, unknown>) => {
  const v = body.comment ?? body.reason;
  return typeof v === 'string' && v.trim() ? v.trim().slice(0, 500) : null;
};

export const registerRules: EntityRules = {
  async beforeTransition(ctx, _db, step) {
    // A reviewer on the wire must say why; a process's rejection brings the task's comment when there is one.
    if (step.action === 'doReject' && !ctx.internal && !reasonOf(ctx.body)) throw refuse('register.rejectReasonRequired');
  },
  async afterTransition(ctx, db, step) {
    const t = typed<SupplierTables>(db);
    if (step.action === 'doReject') {
      const reason = reasonOf(ctx.body);
      await t.updateTable('srm_pos_supplier_register').set({ reject_reason: reason }).where('register_id', '=', step.id).execute();
      ctx.events.add('supplier.registrationRejected', { registerId: step.id });
      return;
    }
    if (step.action !== 'doApproval') return;
    const r = await t.selectFrom('srm_pos_supplier_register').selectAll().where('register_id', '=', step.id).executeTakeFirstOrThrow();
    const supplierNumber = `SR${String(step.id).padStart(6, '0')}`;
    const supplier = await t
      .insertInto('srm_pos_supplier_info')
      .values({
        supplier_number: supplierNumber,
        supplier_name: r.company_name,
        tax_number: r.credit_code,
        contact_name: r.contact_name,
        contact_phone: r.phone,
        email: r.email,
        address: r.address,
        legal_representative: r.legal_representative,
        supplier_status: 'POTENTIAL',
        created_by: ctx.session.userId,
        last_updated_by: ctx.session.userId,
      })
      .returning('supplier_id')
      .executeTakeFirstOrThrow();
    const supplierId = Number(supplier.supplier_id);
    const user = await ctx.app.modules.api<AdminApi>('admin').createExternalUser(db, {
      userNameBase: supplierNumber,
      fullName: r.contact_name,
      email: r.email,
      phone: r.phone,
      language: r.language_code ?? 'CN',
      supplierId,
      respCode: PORTAL_RESPONSIBILITY,
    });
    // POTENTIAL for each category it registered for: qualification makes it QUALIFIED there.
    const categoryIds = (r.category_ids ?? '').split(',').filter(Boolean).map(Number);
    if (categoryIds.length > 0) {
      await t
        .insertInto('srm_pos_supplier_category')
        .values(categoryIds.map((categoryId) => ({ supplier_id: supplierId, category_id: categoryId, status: 'POTENTIAL' })))
        .execute();
    }
    await t.updateTable('srm_pos_supplier_register').set({ supplier_id: supplierId }).where('register_id', '=', step.id).execute();
    ctx.events.add('supplier.registrationApproved', { registerId: step.id, supplierId, userId: user.userId, userName: user.userName });
  },
};

async function registration(db: Db, id: number) {
  const r = await typed<SupplierTables>(db)
    .selectFrom('srm_pos_supplier_register')
    .select(['company_name', 'email', 'language_code', 'reject_reason'])
    .where('register_id', '=', id)
    .executeTakeFirstOrThrow();
  const lang: Language = LANGUAGES.find((l) => l === r.language_code) ?? 'CN';
  return { ...r, lang };
}

/** After the approval committed: the one-time password, stored hashed, reaches the contact only by e-mail. */
export async function mailFirstPassword(payload: { registerId: number; userId: number; userName: string }, app: AppContext): Promise<void> {
  const r = await registration(app.db, payload.registerId);
  const password = await app.modules.api<AdminApi>('admin').issueInitialPassword(app.db, payload.userId);
  const vars = { company: r.company_name, userName: payload.userName, password };
  await app.mailer.send({
    to: r.email,
    subject: message(r.lang, 'register.mailApprovedSubject', vars),
    text: message(r.lang, 'register.mailApprovedText', vars),
  });
}

export async function mailRejection(payload: { registerId: number }, app: AppContext): Promise<void> {
  const r = await registration(app.db, payload.registerId);
  const vars = { company: r.company_name, reason: r.reject_reason ?? '—' };
  await app.mailer.send({
    to: r.email,
    subject: message(r.lang, 'register.mailRejectedSubject', vars),
    text: message(r.lang, 'register.mailRejectedText', vars),
  });
}
