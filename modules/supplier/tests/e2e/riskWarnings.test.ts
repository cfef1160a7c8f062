// Business risk on the buyer's screens, in CN and TH: the warning list (供应商预警) shows a demo RISK signal
// with its type, level and points, the supplier list shows the supplier's risk score, and the supplier's
// screen shows the score with its reasons in the reader's words.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, shot } from '../../../../tests/e2e/browser';
import { activePane, columnValues, eventually, grid, gridRows, loggedIn, openMenu, type Session } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';

const baseUrl = inject('baseUrl');
let browser: Browser;
const sessions: Session[] = [];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const s of sessions) await s.context.close().catch(() => undefined);
  await browser?.close();
});

const SIGNAL = '买卖合同纠纷被诉';
const CASES = {
  CN: { type: '企业风险信号', level: '高', score: '风险评分' },
  TH: { type: 'สัญญาณความเสี่ยงทางธุรกิจ', level: 'สูง', score: 'คะแนนความเสี่ยง' },
} as const;

for (const lang of ['CN', 'TH'] as const) {
  describe(`business risk in ${lang}`, () => {
    it('buyer01 sees a risk signal with its level and points, and the supplier’s score', async () => {
      const c = CASES[lang];
      const session = await loggedIn(browser, baseUrl, 'buyer01');
      sessions.push(session);
      const { page } = session;
      if (lang !== 'CN') await switchLanguage(page, lang);

      await openMenu(page, 'SUPPLIER_WARNING', /\/main\/supplier\/supplierWarningList/);
      await activePane(page).getByTestId('search-subject').fill(SIGNAL);
      await activePane(page).getByTestId('search-submit').click();
      const list = grid(page, 'supplierWarningList');
      await eventually(async () => (await gridRows(list)).map((r) => Object.values(r)).filter((v) => v.some((x) => x.includes(SIGNAL)))).toEqual([
        expect.arrayContaining([c.type, c.level, '30']),
      ]);
      await shot(page, `supplier-risk-warnings-${lang.toLowerCase()}`);

      await openMenu(page, 'SUPPLIER_LIST', /\/main\/supplier\/supplierList/);
      await activePane(page).getByTestId('search-supplierNumber').fill('S-0003');
      await activePane(page).getByTestId('search-submit').click();
      const suppliers = grid(page, 'supplierList');
      const scores = async () => (await columnValues(suppliers, c.score)).filter((v) => v.trim() !== '');
      await eventually(async () => (await scores()).length).toBe(1);
      expect(Number((await scores())[0])).toBeGreaterThanOrEqual(35);
      await shot(page, `supplier-risk-score-${lang.toLowerCase()}`);

      // The supplier's own screen: the score and its reasons, named in the reader's language.
      await activePane(page).getByTestId('row-action-view-0').click();
      await page.waitForURL(/\/main\/supplier\/supplierEdit\?/);
      const risk = activePane(page).getByTestId('supplier-risk');
      await risk.waitFor({ state: 'visible' });
      expect(Number(await risk.getAttribute('data-score'))).toBeGreaterThanOrEqual(35);
      const high = risk.getByTestId('supplier-risk-reason-RISK-HIGH');
      await eventually(() => high.innerText()).toContain(c.type);
      const reason = await high.innerText();
      expect(reason).toContain(c.level);
      expect(reason).toContain('+30');
      expect(reason).not.toContain('RISK');
      await shot(page, `supplier-risk-reasons-${lang.toLowerCase()}`);
    });
  });
}
