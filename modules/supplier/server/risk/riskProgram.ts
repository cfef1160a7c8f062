// SUPPLIER_RISK_SCAN (scheduler, e.g. daily by cron; 调度管理 → 提交请求 runs it now): asks the
// business-information service about every active supplier (riskScan.ts), refreshes every supplier's risk
// score and pushes the new RISK warnings to the buyers through warningPush. With SRM_RISK_URL empty it
// does nothing and says so in the run's log. A failed question never fails the run: it is in the
// interface log and asked again next run.
import type { ScheduledProgram } from '../../../../server/modules/types.js';
import { warningPush } from '../warnings/certificateProgram.js';
import { riskConnector } from './connector.js';
import { scanRisk } from './riskScan.js';
import { refreshScores } from './score.js';

export const RISK_PROGRAM = 'SUPPLIER_RISK_SCAN';

const stampOf = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

export const riskScanProgram: ScheduledProgram = {
  code: RISK_PROGRAM,
  names: {
    CN: '供应商企业风险扫描',
    EN: 'Supplier business risk scan',
    TH: 'ตรวจสอบความเสี่ยงทางธุรกิจของผู้จัดจำหน่าย',
    VN: 'Quét rủi ro doanh nghiệp của nhà cung cấp',
  },
  async run(app, _params, run) {
    const connector = await riskConnector(app);
    if (connector.target === null) {
      run?.log('SRM_RISK_URL is not configured: no supplier was checked');
      return;
    }
    const r = await scanRisk(app, connector, stampOf(new Date()), run?.signal);
    await refreshScores(app.db);
    for (const f of r.failed) run?.log(`${f.supplierNumber}: ${f.message} (asked again next run)`);
    run?.log(`asked ${r.asked}, failed ${r.failed.length}, opened ${r.opened.length}, closed ${r.closed}`);
    for (const w of r.opened) {
      run?.signal.throwIfAborted();
      await warningPush(app, w);
    }
  },
};
