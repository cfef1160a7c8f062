// Save rule of watermarks: the colour is a #rrggbb value the PDF can draw, and there is one default
// watermark at most (marking one as default clears the flag on the others, in the same transaction).
import type { EntityRules } from '../../../server/modules/types.js';
import { refuse } from '../../../server/errors.js';
import { con } from './store.js';

export const watermarkRules: EntityRules = {
  async beforeSave(_ctx, _db, values) {
    if (values.color_hex !== undefined && !/^#[0-9a-fA-F]{6}$/.test(String(values.color_hex ?? ''))) throw refuse('contract.watermark.badColour');
  },
  async afterLines(_ctx, db, id) {
    const w = await con(db).selectFrom('srm_con_watermark').select('default_flag').where('watermark_id', '=', id).executeTakeFirst();
    if (w?.default_flag === 'Y')
      await con(db).updateTable('srm_con_watermark').set({ default_flag: 'N' }).where('watermark_id', '!=', id).where('default_flag', '=', 'Y').execute();
  },
};
