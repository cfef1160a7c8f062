// A supplier's change of its own information (srmPosSupplierChange): the supplier fills in only what
// changes; submitting compares it with the master field by field and keeps the differences as the
// change's lines (what the buyer reviews); approval writes them to the master, unless the master has
// moved since (then the supplier submits again). One change per supplier waits at a time. Its attachment
// lines (certificates and plain attachments added, removed, replaced) are fileChanges.ts's.
import type { Db } from '../../../../server/db/connect.js';
import { typed } from '../../../../server/db/typed.js';
import { refuse } from '../../../../server/errors.js';
import type { EntityRules } from '../../../../server/modules/types.js';
import type { SupplierTables } from '../../generated/tables.js';
import { applyFileLines, hasFileLines, prepareFileLines } from './fileChanges.js';
import { describePickedFiles } from './masterFiles.js';

/** The master's fields a supplier may ask to change (column names, the same on both tables). */
const FIELDS = ['supplier_name', 'tax_number', 'contact_name', 'contact_phone', 'email', 'address'] as const;
type Field = (typeof FIELDS)[number];
const CODE: Record<Field, string> = {
  supplier_name: 'supplierName',
  tax_number: 'taxNumber',
  contact_name: 'contactName',
  contact_phone: 'contactPhone',
  email: 'email',
  address: 'address',
};

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : String(v));
const reasonOf = (body: Record<string, unknown>) => {
  const v = text(body.comment ?? body.reason);
  return v ? v.slice(0, 500) : null;
};

async function changeRow(db: Db, id: number) {
  return typed<SupplierTables>(db).selectFrom('srm_pos_supplier_change').selectAll().where('change_id', '=', id).executeTakeFirstOrThrow();
}

async function master(db: Db, supplierId: number) {
  return typed<SupplierTables>(db).selectFrom('srm_pos_supplier_info').select(FIELDS).where('supplier_id', '=', supplierId).executeTakeFirstOrThrow();
}

/** The fields the change asks for that differ from the master now. */
async function differences(db: Db, id: number) {
  const c = await changeRow(db, id);
  const m = await master(db, Number(c.supplier_id));
  return FIELDS.filter((f) => text(c[f]) !== '' && text(c[f]) !== text(m[f])).map((f) => ({ field: f, oldValue: text(m[f]), newValue: text(c[f]) }));
}

export const changeRules: EntityRules = {
  async beforeSave(ctx, db, values, id) {
    // Only a supplier's own user asks; the change is always of its own company.
    if (ctx.session.userType !== 'EXTERNAL' || !ctx.session.supplierId) throw refuse('change.supplierOnly');
    if (id === null) values.supplier_id = ctx.session.supplierId;
  },
  async afterLines(ctx, db, id) {
    // A file line names only the supplier's own master files; the supplier sees their names once saved.
    await describePickedFiles(ctx, db, id);
  },
  async beforeTransition(ctx, db, step) {
    if (step.action === 'doReject' && !ctx.internal && !reasonOf(ctx.body)) throw refuse('change.rejectReasonRequired');
    const t = typed<SupplierTables>(db);
    const c = await changeRow(db, step.id);
    if (step.action === 'doSubmit') {
      const diff = await differences(db, step.id);
      if (diff.length === 0 && !(await hasFileLines(db, step.id))) throw refuse('change.nothingChanged');
      const pending = await t
        .selectFrom('srm_pos_supplier_change')
        .select('change_number')
        .where('supplier_id', '=', c.supplier_id)
        .where('status', '=', 'SUBMITTED')
        .where('change_id', '!=', step.id)
        .executeTakeFirst();
      if (pending) throw refuse('change.pending', { number: pending.change_number ?? '' });
      await t.deleteFrom('srm_pos_supplier_change_line').where('change_id', '=', step.id).execute();
      if (diff.length)
        await t
          .insertInto('srm_pos_supplier_change_line')
          .values(diff.map((d, i) => ({ change_id: step.id, line_number: i + 1, field_name: CODE[d.field], old_value: d.oldValue, new_value: d.newValue })))
          .execute();
      await prepareFileLines(ctx.app, db, step.id, Number(c.supplier_id), ctx.session.userId, new Date().toISOString().slice(0, 10));
    }
    if (step.action === 'doApproval') {
      // What the buyer saw must still be what the master holds.
      const lines = await t.selectFrom('srm_pos_supplier_change_line').selectAll().where('change_id', '=', step.id).execute();
      const m = await master(db, Number(c.supplier_id));
      const byCode = new Map(FIELDS.map((f) => [CODE[f], f]));
      if (lines.some((l) => text(m[byCode.get(l.field_name)!]) !== text(l.old_value))) throw refuse('change.masterChanged');
      const set: Partial<Record<Field, string>> = {};
      for (const l of lines) set[byCode.get(l.field_name)!] = text(l.new_value);
      await t
        .updateTable('srm_pos_supplier_info')
        .set({ ...set, last_updated_by: ctx.session.userId })
        .where('supplier_id', '=', Number(c.supplier_id))
        .execute();
      await applyFileLines(ctx.app, db, step.id, Number(c.supplier_id), ctx.session.userId);
    }
  },
  async afterTransition(ctx, db, step) {
    if (step.action !== 'doReject') return;
    await typed<SupplierTables>(db)
      .updateTable('srm_pos_supplier_change')
      .set({ reject_reason: reasonOf(ctx.body) })
      .where('change_id', '=', step.id)
      .execute();
  },
};
