// The modeler's service task and boundary timer properties (CN) and the reminder rules screen (TH) in the browser: the demo
// PR_BUDGET_CHECK opens with its budget check showing the registered operation (by its label) and its
// parameter; the demo urge rules are listed in Thai and one is switched off and on again (updateStatus).
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, columnValues, eventually, expectToast, grid, openMenu } from '../../../../tests/e2e/helpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

async function switchLanguage(page: Page, lang: 'CN' | 'TH'): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId(`lang-${lang}`).click();
}

test('admin: a service task in the modeler (CN); reminder rules listed and switched (TH)', async () => {
  const { page, errors } = await chromium.signIn('admin');
  try {
    await openMenu(page, 'BPM_MODEL', /\/main\/bpm\/modelList\?/);
    await activePane(page).getByTestId('search-modelKey').fill('PR_BUDGET_CHECK');
    await activePane(page).getByTestId('search-submit').click();
    await eventually(() => columnValues(grid(page, 'modelList'), '模型编码')).toEqual(['PR_BUDGET_CHECK']);
    await activePane(page).getByTestId('row-action-edit-0').click();
    await page.waitForURL(/\/main\/bpm\/modelEdit\?.*mode=edit/);
    const form = activePane(page);
    const canvas = form.getByTestId('bpm-modeler-canvas');
    await canvas.locator('.djs-element[data-element-id=budget]').waitFor({ timeout: 30_000 });
    await canvas.locator('.djs-element[data-element-id=budget]').click();
    const props = form.getByTestId('bpm-modeler-props');
    await eventually(() => props.locator('[data-element]').getAttribute('data-element')).toBe('budget');
    await eventually(() => props.getByTestId('bpm-prop-operation').innerText()).toContain('采购申请：校验预算');
    // Arco's InputNumber puts the test id on its input or its wrapper, by version.
    const budget = props.locator('input[data-testid=bpm-prop-param-maxAmountCny], [data-testid=bpm-prop-param-maxAmountCny] input').first();
    await eventually(() => budget.inputValue()).toBe('50000');
    expect(await props.innerText()).toContain('预算上限（CNY） *');
    await shot(page, 'e2e-bpm-modeler-service-CN');

    // The boundary timer: its duration and escalation user, edited in place (read back after reselecting).
    await canvas.locator('.djs-element[data-element-id=late]').click({ force: true });
    await eventually(() => props.locator('[data-element]').getAttribute('data-element')).toBe('late');
    expect(await props.getByTestId('bpm-prop-duration').inputValue()).toBe('PT48H');
    expect(await props.getByTestId('bpm-prop-escalateTo').inputValue()).toBe('approver02');
    await props.getByTestId('bpm-prop-duration').fill('PT24H');
    await props.getByTestId('bpm-prop-duration').blur();
    await canvas.locator('.djs-element[data-element-id=budget]').click();
    await eventually(() => props.locator('[data-element]').getAttribute('data-element')).toBe('budget');
    await canvas.locator('.djs-element[data-element-id=late]').click({ force: true });
    await eventually(() => props.getByTestId('bpm-prop-duration').inputValue()).toBe('PT24H');
    await shot(page, 'e2e-bpm-modeler-timer-CN');

    await switchLanguage(page, 'TH');
    await openMenu(page, 'BPM_URGE', /\/main\/bpm\/reminderSetting\?/);
    const list = () => grid(page, 'reminderSetting');
    await activePane(page).getByTestId('search-modelKey').fill('PR_BUDGET_CHECK');
    await activePane(page).getByTestId('search-submit').click();
    await eventually(() => columnValues(list(), 'รหัสกระบวนการ')).toEqual(['PR_BUDGET_CHECK']);
    await activePane(page).getByTestId('row-action-disable-0').click();
    await expectToast(page, 'ดำเนินการสำเร็จ');
    await activePane(page).getByTestId('row-action-enable-0').waitFor();
    await shot(page, 'e2e-bpm-reminder-disabled-TH');
    await activePane(page).getByTestId('row-action-enable-0').click();
    await activePane(page).getByTestId('row-action-disable-0').waitFor();
    await activePane(page).getByTestId('search-modelKey').fill('PR_APPROVAL');
    await activePane(page).getByTestId('search-submit').click();
    await eventually(() => columnValues(list(), 'โหนด (ว่าง: ทุกขั้นตอน)')).toEqual(expect.arrayContaining(['approve01', 'approve02']));
    await shot(page, 'e2e-bpm-reminders-TH');
  } catch (e) {
    await shot(page, 'e2e-bpm-service-urge-FAILED').catch(() => undefined);
    throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${errors.join('\n')}`, { cause: e });
  }
});
