// Service confirmation and score (SPEC §2 "service confirmation and score"): the buyer confirms a service
// delivered under a signed contract for a period and scores it on quality, timeliness and service (0–100
// each). The server keeps the supplier (the contract's), the total (the mean, two decimals) and the rating
// (A ≥ 90, B ≥ 75, C ≥ 60, else D); the confirmation is then final (doConfirm; the status's editableIn keeps it from edits and deletion).
// A supplier reads its own scores in the portal (ownership: never another supplier's), and only confirmed
// ones: a draft is the buyer's work in progress (the row rule below, on every read path).
import { sql } from 'kysely';
import type { EntityRules } from '../../../server/modules/types.js';
import { refuse } from '../../../server/errors.js';
import { con } from './store.js';

export const ratingOf = (total: number): string => (total >= 90 ? 'A' : total >= 75 ? 'B' : total >= 60 ? 'C' : 'D');

/** The mean of the three scores, rounded to two decimals. */
export const totalOf = (quality: number, timeliness: number, service: number): number => Math.round(((quality + timeliness + service) / 3) * 100) / 100;

export const serviceConfirmRules: EntityRules = {
  readFilter: (ctx) => (ctx.session.userType === 'EXTERNAL' ? sql`t.status = 'CONFIRMED'` : null),
  // Checked on the row as written (an update may send only some fields); a refusal undoes the write.
  async afterLines(_ctx, db, id) {
    const row = await con(db).selectFrom('srm_con_service_confirm').selectAll().where('service_confirm_id', '=', id).executeTakeFirstOrThrow();
    const contract = await con(db)
      .selectFrom('srm_con_contract')
      .select(['status', 'supplier_id', 'contract_number'])
      .where('contract_id', '=', row.contract_id)
      .executeTakeFirst();
    if (!contract) throw refuse('contract.service.contractUnknown');
    if (contract.status !== 'SIGNED') throw refuse('contract.service.notSigned', { contract: contract.contract_number ?? '' });
    if (String(row.period_to) < String(row.period_from)) throw refuse('contract.service.periodOrder');
    const total = totalOf(Number(row.quality_score), Number(row.timeliness_score), Number(row.service_score));
    await con(db)
      .updateTable('srm_con_service_confirm')
      .set({ supplier_id: contract.supplier_id, total_score: total, score_level: ratingOf(total) })
      .where('service_confirm_id', '=', id)
      .execute();
  },
};
