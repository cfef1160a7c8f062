// The ERP connector on the admin screens, in CN and TH: a fake ERP on loopback refuses each document twice
// (HTTP 503) and then takes it; after buyer01 releases an order (API) the scheduler's retries deliver it.
// The interface log (系统日志 → 接口日志) lists the two failures and the success for the order, filtered by
// status too; the ERP outbox (ERP接口队列) shows the document delivered after three attempts.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, eventually, grid, gridRows, openMenu } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers';
import { PROFILE } from '../../../../tests/support/orgHelpers';
import type { SignedClient } from '../../../../tests/support/signedClient';
import { releasedOrder, worldOf } from '../api/orderHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);
const OUTBOX = 'srmServer/v1/srmPoErpOutboxRestful';

const TEXT = {
  CN: { ok: '成功', error: '失败', sent: '已送达', status: '结果', outboxStatus: '状态', attempts: '尝试次数' },
  TH: { ok: 'สำเร็จ', error: 'ล้มเหลว', sent: 'ส่งสำเร็จ', status: 'ผลลัพธ์', outboxStatus: 'สถานะ', attempts: 'จำนวนครั้งที่ส่ง' },
} as const;

async function setting(admin: SignedClient, code: string, valueType: string, value: string) {
  const found = expectOk(await admin.call<Rec[]>(`${PROFILE}/listByPage`, { params: { profileCode: code }, pageRows: 5 })).find((p) => p.profileCode === code);
  expectOk(
    await admin.call(`${PROFILE}/saveOrUpdate`, { ...(found ?? {}), profileCode: code, profileName: code, valueType, profileValue: value, enabledFlag: 'Y' }),
  );
}

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: the interface log shows an ERP push failing twice and then succeeding`, async () => {
    const t = TEXT[lang];
    const tries = new Map<string, number>();
    const erp = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const doc = String(req.headers['x-srm-delivery']);
        const n = (tries.get(doc) ?? 0) + 1;
        tries.set(doc, n);
        if (n <= 2) res.writeHead(503).end('ERP busy');
        else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((r) => erp.listen(0, '127.0.0.1', r));
    const [admin, buyer, s1, s2] = await Promise.all([
      signIn(baseUrl, 'admin'),
      signIn(baseUrl, 'buyer01'),
      signIn(baseUrl, 'supplier01'),
      signIn(baseUrl, 'supplier02'),
    ]);
    const session = await chromium.signIn('admin');
    const page = session.page;
    try {
      await setting(admin, 'SRM_ERP_URL', 'STRING', `http://127.0.0.1:${(erp.address() as AddressInfo).port}/erp`);
      await setting(admin, 'SRM_ERP_RETRY_SECONDS', 'NUMBER', '1');
      await setting(admin, 'SRM_ERP_MAX_ATTEMPTS', 'NUMBER', '5');
      const o = await releasedOrder(await worldOf(buyer, s1, s2), [7]);
      await expect
        .poll(
          async () =>
            expectOk(await admin.call<Rec[]>(`${OUTBOX}/listByPage`, { params: { documentNumber: o.orderNumber }, pageRows: 5 })).find(
              (r) => r.documentNumber === o.orderNumber,
            )?.status,
          { timeout: 60000, interval: 500 },
        )
        .toBe('SENT');

      if (lang === 'TH') await switchLanguage(page, 'TH');
      await openMenu(page, 'INTERFACE_LOG', /\/main\/log\/srmBaseInterfaceLogsList\?/);
      const pane = activePane(page);
      await pane.getByTestId('search-requestPath').fill(o.orderNumber);
      await pane.getByTestId('search-submit').click();
      const logs = grid(page, 'srmBaseInterfaceLogsList');
      await eventually(async () => (await gridRows(logs)).map((r) => r[t.status]).sort()).toEqual([t.error, t.error, t.ok].sort());
      await shot(page, `e2e-erp-interface-log-${lang}`);
      // Only the failures.
      await pane.getByTestId('search-resultStatus').click();
      await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: t.error }).first().click();
      await pane.getByTestId('search-submit').click();
      await eventually(async () => (await gridRows(logs)).map((r) => r[t.status])).toEqual([t.error, t.error]);
      await shot(page, `e2e-erp-interface-log-errors-${lang}`);

      await openMenu(page, 'ERP_OUTBOX', /\/main\/order\/erpOutboxList\?/);
      await activePane(page).getByTestId('search-documentNumber').fill(o.orderNumber);
      await activePane(page).getByTestId('search-submit').click();
      await eventually(async () => (await gridRows(grid(page, 'erpOutboxList'))).map((r) => [r[t.outboxStatus], r[t.attempts]])).toEqual([[t.sent, '3']]);
      await shot(page, `e2e-erp-outbox-${lang}`);
    } catch (e) {
      await shot(page, `e2e-erp-FAILED-${lang}`).catch(() => undefined);
      throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${session.errors.join('\n')}`, { cause: e });
    } finally {
      // The shared server's other tests run without an ERP again.
      await setting(admin, 'SRM_ERP_URL', 'STRING', '');
      await new Promise((r) => erp.close(r));
    }
  });
}
