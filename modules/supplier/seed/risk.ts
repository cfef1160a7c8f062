// Demo company, business risk: signals the business-information service reported (as SUPPLIER_RISK_SCAN
// stores them: type RISK, one per signal id, with level and points) for two suppliers, one of them closed
// since, and every supplier's risk score from its open warnings (certificates and questionnaires included).
// Nothing is pushed for the demo; the service itself is configured by SRM_RISK_URL (empty in the demo).
import { typed } from '../../../server/db/typed.js';
import type { DemoStep } from '../../../server/modules/types.js';
import type { SupplierTables } from '../generated/tables.js';
import type { RiskLevel } from '../server/risk/connector.js';
import { pointsOf, refreshScores } from '../server/risk/score.js';
import { scanBlacklistHits } from '../server/warnings/blacklistScan.js';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const stamp = (offset: number) => `${day(offset)} 06:00:00`;

const SIGNALS: [supplier: string, id: string, level: RiskLevel, title: string, daysAgo: number, closed: boolean][] = [
  ['S-0003', 'DEMO-LAWSUIT-0003', 'HIGH', '买卖合同纠纷被诉，标的 186 万元', 12, false],
  ['S-0003', 'DEMO-ABNORMAL-0003', 'LOW', '年报逾期，列入经营异常名录', 40, false],
  ['S-0005', 'DEMO-PENALTY-0005', 'MEDIUM', '环保行政处罚：废水超标排放', 25, false],
  ['S-0005', 'DEMO-EXEC-0005', 'MEDIUM', '被列为被执行人（已履行）', 90, true],
];

export const risk: DemoStep = {
  name: 'risk',
  after: ['supplier:suppliers', 'supplier:warnings', 'supplier:qualification'],
  async run(db) {
    const t = typed<SupplierTables>(db);
    for (const [num, id, level, title, daysAgo, closed] of SIGNALS) {
      const s = await t.selectFrom('srm_pos_supplier_info').select('supplier_id').where('supplier_number', '=', num).executeTakeFirstOrThrow();
      await t
        .insertInto('srm_pos_supplier_warning')
        .values({
          supplier_id: s.supplier_id,
          warning_type: 'RISK',
          subject: title,
          due_date: day(-daysAgo),
          risk_level: level,
          points: pointsOf('RISK', level),
          signal_id: id,
          status: closed ? 'CLOSED' : 'OPEN',
          pushed_date: stamp(-daysAgo + 1),
          closed_date: closed ? stamp(-3) : null,
        })
        .execute();
    }
    await scanBlacklistHits(db, stamp(0));
    await refreshScores(db);
  },
};
