// The process modeler in the browser (admin, CN): PR_APPROVAL opens in bpmn-js with the properties panel
// showing what the engine reads (approver01's assignee rule, the large-amount branch's condition); a new
// model is saved with the modeler's starting diagram (its version list says not published), and publishing it is refused with each broken
// element marked and named next to it.
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { openModelForEdit } from './modelerSteps';
import { activePane, chromiumForFile, confirmDialog, eventually, expectToast, uniqueSuffix } from '../../../../tests/e2e/helpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

test('admin: the modeler shows PR_APPROVAL with its properties; a broken new model is refused on its elements', async () => {
  const { page, errors } = await chromium.signIn('admin');
  try {
    const { form, canvas } = await openModelForEdit(page, 'PR_APPROVAL', 'approve01');
    // The version list above the form: version 1, the current one.
    await eventually(async () => (await form.getByTestId('bpm-version-1').innerText()).replace(/\s+/g, ' ')).toBe('v1 当前');
    await shot(page, 'e2e-bpm-model-versions');

    // A user task: its assignee rule and names.
    await canvas.locator('.djs-element[data-element-id=approve01]').click();
    const props = form.getByTestId('bpm-modeler-props');
    await eventually(() => props.locator('[data-element]').getAttribute('data-element')).toBe('approve01');
    expect(await props.getByTestId('bpm-prop-assignee').inputValue()).toBe('approver01');
    expect(await props.getByTestId('bpm-prop-name').inputValue()).toBe('采购经理审批');
    await shot(page, 'e2e-bpm-modeler-usertask');

    // The large-amount branch: a condition row built by the designer's condition builder.
    await canvas.locator('.djs-element[data-element-id=large]').click({ force: true });
    await eventually(() => props.locator('[data-element]').getAttribute('data-element')).toBe('large');
    await props.getByTestId('bpm-prop-condition-row-0').waitFor();
    expect(await props.getByTestId('bpm-prop-condition-row-0-value').inputValue()).toBe('100000');
    await shot(page, 'e2e-bpm-modeler-condition');

    // A new model: the modeler's starting diagram (a start event alone) is saved, and refused on publish.
    await page.getByTestId('action-back').click();
    await page.waitForURL(/\/main\/bpm\/modelList\?/);
    await activePane(page).getByTestId('action-add').click();
    await page.waitForURL(/\/main\/bpm\/modelEdit\?.*mode=create/);
    const created = activePane(page);
    const key = `E2E_${uniqueSuffix()}`;
    await created.locator('#root_modelKey').fill(key);
    await created.locator('#root_modelName').fill(`E2E 模型 ${key}`);
    await created.getByTestId('bpm-modeler-canvas').locator('.djs-element[data-element-id=start]').waitFor({ timeout: 30_000 });
    await created.getByTestId('action-save').click();
    await expectToast(page, '保存成功');
    await page.waitForURL(/\/main\/bpm\/modelEdit\?.*id=\d+.*mode=edit/);
    const saved = activePane(page);
    // The saved record loaded (the canvas draws its starting diagram before that).
    await eventually(() => saved.locator('#root_status').innerText()).toBe('草稿');
    await saved.getByTestId('bpm-modeler-canvas').locator('.djs-element[data-element-id=start]').waitFor({ timeout: 30_000 });
    await saved.getByTestId('action-publish').click();
    await confirmDialog(page).getByRole('button', { name: '确定' }).click();
    const problems = saved.getByTestId('bpm-modeler-problems');
    await problems.waitFor();
    expect(await problems.innerText()).toContain('start');
    // Next to the element, in the user's language.
    const badge = saved.locator('.srm-bpmn-problem-badge[data-problem=start]');
    await badge.waitFor();
    expect(await badge.innerText()).toBe('节点没有离开的连线');
    expect(await saved.locator('.djs-element.srm-bpm-problem[data-element-id=start]').count()).toBe(1);
    await shot(page, 'e2e-bpm-modeler-problems');
  } catch (e) {
    await shot(page, 'e2e-bpm-modeler-FAILED').catch(() => undefined);
    throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${errors.join('\n')}`, { cause: e });
  }
});
