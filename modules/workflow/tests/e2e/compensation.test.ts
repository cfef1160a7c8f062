// The compensation screen (transactionCompen) in the browser, CN and TH. Two requisitions in US dollars
// dated before any USD rate go through a budget-check model: requisition.checkBudget cannot convert them to
// CNY and each waits FAILED. In CN the administrator finds one, sees the reason, retries (refused again,
// the rate is still missing), then — once the rate is kept — retries with success; in TH the other is
// retried from the Thai screen. The requisition binding is switched to the test's model only while the two
// are submitted, by their titles (the shared server's other tests keep PR_APPROVAL), and the demo's own FAILED
// row shows. A refused retry's new attempt shows without searching again.
import type { Page } from 'playwright-core';
import { afterAll, expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import {
  activePane,
  chromiumForFile,
  columnValues,
  confirmDialog,
  eventually,
  expectToast,
  grid,
  noDialog,
  openMenu,
  uniqueSuffix,
} from '../../../../tests/e2e/helpers';
import { expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { BINDING, bpmn, flow, publishModel, userTask } from '../api/helpers.js';
import { MATERIAL, PR } from '../../../../tests/support/apiHelpers.js';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);
const RATES = 'srmServer/v1/srmBaseExchangeRateRestful';
const DAY = '2019-03-07';

async function switchLanguage(page: Page, lang: 'CN' | 'TH'): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId(`lang-${lang}`).click();
}

/** Two submitted USD requisitions parked FAILED at the budget check. The test's model is bound only to
 *  their two titles (priority 1, ahead of PR_APPROVAL) and unbound at once: the shared server's other tests'
 *  requisitions keep running PR_APPROVAL all along. */
async function twoFailedRequisitions(): Promise<string[]> {
  const admin = await signIn(baseUrl, 'admin');
  const buyer = await signIn(baseUrl, 'buyer01');
  const xml = bpmn(
    `BUDGET_E2E`,
    `<bpmn:startEvent id="s"/>${flow('f1', 's', 'svc')}<bpmn:serviceTask id="svc" name="预算校验" srm:operation="requisition.checkBudget" srm:params='{"maxAmountCny":1000000}'/>${flow('f2', 'svc', 't')}${userTask('t', '采购经理审批', 'user', 'approver01')}${flow('f3', 't', 'e')}<bpmn:endEvent id="e"/>`,
  );
  const key = await publishModel(admin, xml);
  const material = expectOk(await buyer.call<Rec[]>(`${MATERIAL}/listByPage`, { params: {}, pageRows: 1 }))[0].materialId;
  const titles = [`E2E budget ${uniqueSuffix()}`, `E2E budget ${uniqueSuffix()}`];
  const condition = JSON.stringify({ field: 'title', operator: 'in', value: titles });
  const mine = expectOk(
    await admin.call<Rec>(`${BINDING}/saveOrUpdate`, {
      entityName: 'srmPoRequisition',
      modelKey: key,
      conditionJson: condition,
      priority: 1,
      enabledFlag: 'Y',
    }),
  );
  const numbers: string[] = [];
  try {
    for (const title of titles) {
      const r = expectOk(
        await buyer.call<Rec>(`${PR}/saveOrUpdate`, {
          title,
          requestDate: DAY,
          currencyCode: 'USD',
          lines: [{ materialId: material, quantity: 10, unitPrice: 12, needByDate: '2026-12-31' }],
        }),
      );
      expectOk(await buyer.call(`${PR}/doSubmit`, { id: r.requisitionId, versionNum: r.versionNum }));
      numbers.push(String(r.requisitionNumber));
    }
  } finally {
    expectOk(await admin.call(`${BINDING}/delete`, { id: mine.bindingId }));
  }
  return numbers;
}

let rateId: number | undefined;
afterAll(async () => {
  // The old-dated rate is this test's own: other tests' documents are dated within the demo's rates.
  if (rateId) await (await signIn(baseUrl, 'admin')).call(`${RATES}/delete`, { id: rateId });
});

test('admin: a failed service task is retried from the compensation screen (CN), and in Thai (TH)', async () => {
  const [first, second] = await twoFailedRequisitions();
  const { page, errors } = await chromium.signIn('admin');
  const search = async (documentNumber: string) => {
    await activePane(page).getByTestId('search-documentNumber').fill(documentNumber);
    await activePane(page).getByTestId('search-submit').click();
  };
  const retry = async (ok: string) => {
    await activePane(page).getByTestId('row-action-retry-0').click();
    await confirmDialog(page).getByRole('button', { name: ok }).click();
    await noDialog(page);
  };
  try {
    await openMenu(page, 'BPM_COMPEN', /\/main\/bpm\/transactionCompen\?/);
    const list = () => grid(page, 'transactionCompen');
    // The demo's parked budget check is there too.
    await eventually(() => columnValues(list(), '单据编号')).toContain('PR-2026-000009');
    await search(first);
    await eventually(() => columnValues(list(), '状态')).toEqual(['失败待处理']);
    expect((await columnValues(list(), '错误信息'))[0]).toMatch(/没有到 CNY 的汇率/);
    await retry('确定');
    await expectToast(page, /重试仍失败：.*没有到 CNY 的汇率/);
    // The refused retry counted its attempt: the list shows it by itself (reloadAfterRefusal).
    await eventually(() => columnValues(list(), '尝试次数')).toEqual(['2']);
    await shot(page, 'e2e-bpm-compensation-CN');

    const admin = await signIn(baseUrl, 'admin');
    rateId = Number(
      expectOk(await admin.call<Rec>(`${RATES}/saveOrUpdate`, { fromCurrency: 'USD', toCurrency: 'CNY', rateDate: DAY, rate: 6.9, enabledFlag: 'Y' }))
        .exchangeRateId,
    );
    await retry('确定');
    await expectToast(page, '操作成功');
    await eventually(() => columnValues(list(), '状态')).toEqual(['重试成功']);
    await shot(page, 'e2e-bpm-compensation-retried-CN');

    await switchLanguage(page, 'TH');
    await search(second);
    await eventually(() => columnValues(list(), 'สถานะ')).toEqual(['ล้มเหลว รอดำเนินการ']);
    await retry('ตกลง');
    await expectToast(page, 'ดำเนินการสำเร็จ');
    await eventually(() => columnValues(list(), 'สถานะ')).toEqual(['ลองใหม่สำเร็จ']);
    await shot(page, 'e2e-bpm-compensation-TH');
  } catch (e) {
    await shot(page, 'e2e-bpm-compensation-FAILED').catch(() => undefined);
    throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${errors.join('\n')}`, { cause: e });
  }
});
