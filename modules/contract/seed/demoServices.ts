// Demo service confirmations and scores (docs/contract.md "Service confirmation and score"): on the two
// signed contracts, supplier01's October service confirmed with an A, its November one still a draft,
// supplier02's confirmed with a C — so the list shows both states and several ratings.
import type { DemoStep } from '../../../server/modules/types.js';
import { auditInsert } from '../../../server/db/typed.js';
import { setDocumentCounter } from '../../../server/rest/numbering.js';
import { con } from '../server/store.js';
import { ratingOf, totalOf } from '../server/serviceRules.js';

const ROWS = [
  {
    contract: '2026 年钢材框架协议',
    from: '2026-10-01',
    to: '2026-10-31',
    content: '10 月钢板剪切加工及配送服务',
    amount: 18500,
    scores: [95, 92, 90],
    evaluation: '交付准时，加工精度好',
    confirmed: '2026-11-05 10:00:00',
  },
  {
    contract: '2026 年钢材框架协议',
    from: '2026-11-01',
    to: '2026-11-30',
    content: '11 月钢板剪切加工及配送服务',
    amount: 21000,
    scores: [85, 70, 80],
    evaluation: null,
    confirmed: null,
  },
  {
    contract: 'Relay modules service contract',
    from: '2026-10-01',
    to: '2026-10-31',
    content: 'Relay module testing and on-site support, October',
    amount: 4200,
    scores: [70, 55, 65],
    evaluation: 'Two visits late; test reports complete',
    confirmed: '2026-11-06 16:30:00',
  },
] as const;

export const demoServices: DemoStep = {
  name: 'services',
  after: ['contract:contracts'],
  async run(db, demo) {
    const buyer = demo.ids.get('user', 'buyer01');
    for (const [i, r] of ROWS.entries()) {
      const c = await con(db).selectFrom('srm_con_contract').select(['contract_id', 'supplier_id']).where('title', '=', r.contract).executeTakeFirstOrThrow();
      const total = totalOf(r.scores[0], r.scores[1], r.scores[2]);
      await con(db)
        .insertInto('srm_con_service_confirm')
        .values({
          confirm_number: `SC-2026-${String(i + 1).padStart(6, '0')}`,
          contract_id: c.contract_id,
          supplier_id: c.supplier_id,
          period_from: r.from,
          period_to: r.to,
          service_content: r.content,
          amount: r.amount,
          quality_score: r.scores[0],
          timeliness_score: r.scores[1],
          service_score: r.scores[2],
          total_score: total,
          score_level: ratingOf(total),
          evaluation: r.evaluation,
          status: r.confirmed ? 'CONFIRMED' : 'DRAFT',
          confirmed_date: r.confirmed,
          ...auditInsert(buyer),
        })
        .execute();
    }
    await setDocumentCounter(db, 'SC', '2026', ROWS.length);
  },
};
