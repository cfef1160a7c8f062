// The assignee rules other modules answer, in the browser (admin): the modeler's properties panel offers the
// initiator's department head (no value: a hint says whom it reaches, CN and TH) and the purchase-group
// leader (the document's group field, purchaseGroupId to start with); the department's head (TH) and the
// purchase group's leader (CN) are users picked on their edit screens (demo: 采购部 → approver01, G01 →
// approver02). Nothing is saved: the shared server's PR_APPROVAL stays as it is.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';
import { openModelForEdit } from './modelerSteps';
import { activePane, chooseOption, chromiumForFile, eventually, openMenu } from '../../../../tests/e2e/helpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

/** Opens the edit page of the list's first row after searching `code` (the list page's code search). */
async function editByCode(page: Page, menu: string, list: RegExp, search: string, code: string, edit: RegExp, codeField: string): Promise<void> {
  await openMenu(page, menu, list);
  await activePane(page).getByTestId(search).fill(code);
  await activePane(page).getByTestId('search-submit').click();
  await activePane(page).getByTestId('row-action-edit-0').click();
  await page.waitForURL(edit);
  await eventually(() => activePane(page).locator(`#root_${codeField}`).inputValue()).toBe(code);
}

test('admin: the modeler offers the department-head and group-leader rules (CN, TH); heads and leaders are users on their screens', async () => {
  const { page, errors } = await chromium.signIn('admin');
  try {
    const { form, canvas } = await openModelForEdit(page, 'PR_APPROVAL', 'approve01');
    await canvas.locator('.djs-element[data-element-id=approve01]').click();
    const props = form.getByTestId('bpm-modeler-props');
    await eventually(() => props.locator('[data-element]').getAttribute('data-element')).toBe('approve01');
    const rule = props.getByTestId('bpm-prop-assigneeType');

    // The purchase-group leader reads the document's group field; the department head takes no value.
    await chooseOption(page, rule, '', '采购组组长');
    await eventually(() => props.getByTestId('bpm-prop-assignee').inputValue()).toBe('purchaseGroupId');
    expect(await props.getByTestId('bpm-prop-assignee').getAttribute('placeholder')).toContain('采购组');
    await shot(page, 'e2e-bpm-rule-groupLeader-CN');
    await chooseOption(page, rule, '', '发起人部门负责人');
    await eventually(() => props.getByTestId('bpm-prop-assignee').count()).toBe(0);
    expect(await props.getByTestId('bpm-prop-assigneeHint').innerText()).toContain('上级部门负责人');
    await shot(page, 'e2e-bpm-rule-deptHead-CN');

    await switchLanguage(page, 'TH');
    await eventually(() => rule.innerText()).toContain('หัวหน้าแผนกของผู้เริ่ม');
    // The panel draws again in the new language; the hint follows once it has.
    await eventually(
      async () => ((await props.getByTestId('bpm-prop-assigneeHint').count()) ? props.getByTestId('bpm-prop-assigneeHint').innerText() : ''),
      30_000,
    ).toContain('หัวหน้าแผนกระดับบน');
    await shot(page, 'e2e-bpm-rule-deptHead-TH');

    // The department's head, in Thai: a user (demo: 采购部 is headed by approver01).
    await editByCode(page, 'DEPARTMENT', /\/main\/department\?/, 'search-departmentCode', 'D-PUR', /\/main\/DepartmentDetail\?.*mode=edit/, 'departmentCode');
    await eventually(() => activePane(page).getByTestId('reference-root_headUserId').innerText()).toContain('approver01');
    await shot(page, 'e2e-org-department-head-TH');

    // The purchase group's leader, in Chinese (demo: G01 is led by approver02).
    await switchLanguage(page, 'CN');
    await editByCode(
      page,
      'PURCHASE_GROUP',
      /\/main\/base\/purchaseGroupList\?/,
      'search-groupCode',
      'G01',
      /\/main\/base\/purchaseGroupEdit\?.*mode=edit/,
      'groupCode',
    );
    await eventually(() => activePane(page).getByTestId('reference-root_leaderUserId').innerText()).toContain('approver02');
    expect(await activePane(page).innerText()).toContain('采购组组长');
    await shot(page, 'e2e-base-group-leader-CN');
  } catch (e) {
    await shot(page, 'e2e-bpm-rules-FAILED').catch(() => undefined);
    throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${errors.join('\n')}`, { cause: e });
  }
});
