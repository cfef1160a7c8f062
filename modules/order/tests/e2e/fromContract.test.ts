// A new purchase order made from a signed contract, in CN and TH: buyer01 opens a new order, picks
// supplier01's signed contract in the contract panel and a required date; the draft opens with the
// contract's items at the agreed prices (createFromContract through ContractApi.signedContracts).
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chooseOption, chromiumForFile, eventually, expectToast, openMenu } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { expectOk, signIn } from '../../../../tests/support/apiHelpers';
import { ORDER, worldOf, type Order } from '../api/orderHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const TEXT = {
  CN: { draft: '拟定', done: '操作成功', title: '从已签署的合同创建订单' },
  TH: { draft: 'ฉบับร่าง', done: 'สำเร็จ', title: 'สร้างใบสั่งซื้อจากสัญญาที่ลงนามแล้ว' },
} as const;

type Signed = { contractId: number; contractNumber: string; supplierId: number; items: number; amount: number };

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: buyer01 makes an order from supplier01's signed contract`, async () => {
    const t = TEXT[lang];
    const [buyerApi, s1, s2] = await Promise.all([signIn(baseUrl, 'buyer01'), signIn(baseUrl, 'supplier01'), signIn(baseUrl, 'supplier02')]);
    const w = await worldOf(buyerApi, s1, s2);
    const contract = expectOk(await w.buyer.call<Signed[]>(`${ORDER}/signedContracts`, { supplierId: w.supplier1 }))[0];
    expect(contract).toBeDefined();

    const buyer = await chromium.signIn('buyer01');
    const page = buyer.page;
    try {
      if (lang === 'TH') await switchLanguage(page, 'TH');
      await openMenu(page, 'PO_ORDER', /\/main\/order\/poOrderList\?/);
      await activePane(page).getByTestId('action-add').click();
      const panel = activePane(page).getByTestId('po-contract');
      await panel.waitFor({ state: 'visible' });
      await expect.poll(() => panel.innerText()).toContain(t.title);
      await chooseOption(page, panel.getByTestId('po-contract-pick'), contract.contractNumber);
      await panel.locator('[data-testid=po-contract-date] input, input[data-testid=po-contract-date]').first().fill('2027-05-20');
      await shot(page, `e2e-order-from-contract-${lang}`);
      await panel.getByTestId('po-contract-create').click();
      await expectToast(page, t.done);
      await page.waitForURL(/\/main\/order\/poOrderEdit\?id=\d+/);
      const orderId = Number(new URL(page.url()).searchParams.get('id'));
      await eventually(() => activePane(page).locator('#root_status').innerText()).toBe(t.draft);
      await shot(page, `e2e-order-from-contract-draft-${lang}`);
      const made = expectOk(await w.buyer.call<Order & { title: string }>(`${ORDER}/findById`, { id: orderId }));
      expect(made).toMatchObject({ status: 'DRAFT', supplierId: w.supplier1, title: contract.contractNumber });
      expect(made.lines).toHaveLength(contract.items);
      expect(made.totalAmount).toBeCloseTo(contract.amount, 2);
      expect(made.lines.every((l) => l.requiredDate === '2027-05-20')).toBe(true);
    } catch (e) {
      await shot(page, `e2e-order-from-contract-FAILED-${lang}`).catch(() => undefined);
      throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${buyer.errors.join('\n')}`, { cause: e });
    }
  });
}
