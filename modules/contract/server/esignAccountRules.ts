// Save rule of e-signature accounts (esignAccountRestful): an account belongs to one user or one supplier.
// A supplier's portal user only ever keeps its own company's account (the row rule reads and updates only
// its rows; here the owner is forced to its supplier, whatever the body says). Staff name the owner: a user
// account needs its user, a supplier account its supplier. One active account per owner, so the stamp the
// built-in provider prints is never a guess between two.
import type { EntityRules } from '../../../server/modules/types.js';
import { refuse } from '../../../server/errors.js';
import { con } from './store.js';

export const esignAccountRules: EntityRules = {
  async beforeSave(ctx, db, values, id) {
    const stored = id === null ? undefined : await con(db).selectFrom('esign_account').selectAll().where('account_id', '=', id).executeTakeFirst();
    const merged = { ...stored, ...values } as Record<string, unknown>;
    if (ctx.session.userType === 'EXTERNAL') {
      values.owner_type = 'SUPPLIER';
      values.user_id = null;
      merged.owner_type = 'SUPPLIER';
      merged.user_id = null;
    } else if (merged.owner_type === 'SUPPLIER') {
      if (merged.supplier_id === null || merged.supplier_id === undefined) throw refuse('esign.account.supplierRequired');
      values.user_id = null;
      merged.user_id = null;
    } else {
      if (merged.user_id === null || merged.user_id === undefined) throw refuse('esign.account.userRequired');
      values.supplier_id = null;
      merged.supplier_id = null;
    }
    if ((merged.status ?? 'ACTIVE') !== 'ACTIVE') return;
    let q = con(db).selectFrom('esign_account').select('account_name').where('status', '=', 'ACTIVE').where('owner_type', '=', String(merged.owner_type));
    q = merged.owner_type === 'SUPPLIER' ? q.where('supplier_id', '=', Number(merged.supplier_id)) : q.where('user_id', '=', Number(merged.user_id));
    if (id !== null) q = q.where('account_id', '!=', id);
    const other = await q.executeTakeFirst();
    if (other) throw refuse('esign.account.oneActive', { name: other.account_name ?? '' });
  },
};
