// An administrator builds an organisation: in the tree page adds a child organisation, renames it and
// moves it under another node; then creates a department, a job, a position and an employee through
// their list/edit pages (reference pickers), and allots the position. Screenshots in CN and TH.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import {
  activePane,
  chooseOption,
  chromiumForFile,
  eventually,
  expectToast,
  openMenu,
  pickMoveTarget,
  uniqueSuffix,
  showMenuItem,
} from '../../../../tests/e2e/helpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);
const SAVED = '保存成功';

/** Picks a record in a reference select (search by text, click the option). */
async function pickReference(page: Page, field: string, search: string, option: string | RegExp): Promise<void> {
  const pane = activePane(page);
  const select = pane.locator(`.arco-select:has(#root_${field}), [data-testid="reference-root_${field}"]`).first();
  // On a loaded machine a click can land while the popup is still re-rendering and pick nothing (CI:
  // the position's department stayed empty, the save was refused): pick again until the select shows it.
  await eventually(async () => {
    if (!(await select.innerText()).match(option)) await chooseOption(page, select, search, option);
    return (await select.innerText()).match(option) !== null;
  }, 45_000).toBe(true);
}

async function addRecord(
  page: Page,
  menu: string,
  listPath: RegExp,
  fill: (pane: ReturnType<typeof activePane>) => Promise<void>,
  screenshot: string,
): Promise<void> {
  await openMenu(page, menu, listPath);
  await activePane(page).getByTestId('action-add').click();
  await page.waitForURL(/mode=create/);
  await fill(activePane(page));
  await shot(page, screenshot);
  await activePane(page).getByTestId('action-save').click();
  await expectToast(page, SAVED);
  await page.waitForURL(/id=\d+.*mode=edit/);
}

test('admin builds an organisation tree, a department, job, position and employee, and allots the position', async () => {
  const s = uniqueSuffix();
  const { page } = await chromium.signIn('admin');

  // --- The organisation tree: seeded group with its companies.
  await openMenu(page, 'INSTITUTION', /\/main\/institution\?/);
  const tree = activePane(page).getByTestId('tree-institution');
  await eventually(() => tree.innerText()).toContain('示范制造集团有限公司');
  await tree.getByText('示范制造集团有限公司', { exact: true }).click();
  await eventually(() => activePane(page).locator('#root_institutionCode').inputValue()).toBe('HQ');
  await shot(page, 'e2e-org-tree-CN');

  // Add a child under the group.
  await activePane(page).getByTestId('action-addChild').click();
  await eventually(() => activePane(page).getByTestId('tree-form-title').innerText()).toBe('在「示范制造集团有限公司」下新增子节点');
  await activePane(page).locator('#root_institutionCode').fill(`E2E-${s}`);
  await activePane(page).locator('#root_institutionName').fill(`测试分公司${s}`);
  await activePane(page).getByTestId('action-save').click();
  await expectToast(page, SAVED);
  await page.waitForURL(/\/main\/institution\?.*id=\d+/);
  const id = new URL(page.url()).searchParams.get('id')!;
  const node = activePane(page).getByTestId(`tree-node-${id}`);
  await eventually(() => node.innerText()).toBe(`测试分公司${s}`);
  await eventually(() => activePane(page).locator('#root_levelNum').innerText()).toBe('2');

  // Rename it.
  await activePane(page).locator('#root_institutionName').fill(`华南分公司${s}`);
  await activePane(page).getByTestId('action-save').click();
  await expectToast(page, SAVED);
  await eventually(() => node.innerText()).toBe(`华南分公司${s}`);

  // Move it under the Suzhou plant (level 3 → the node becomes level 4).
  await pickMoveTarget(page, '苏州', '苏州一厂');
  await shot(page, 'e2e-org-tree-move-CN');
  await page.locator('.arco-modal:visible .arco-btn-primary').click();
  await expectToast(page, '已移动');
  await eventually(() => activePane(page).locator('#root_parentInstitutionId').innerText()).toBe('HQ-EAST-P1 苏州一厂');
  await eventually(() => activePane(page).locator('#root_levelNum').innerText()).toBe('4');
  // The node now sits inside the plant's subtree.
  const plant = tree.locator('.arco-tree-node', { hasText: '苏州一厂' }).first();
  await expect.poll(async () => (await plant.getAttribute('class')) ?? '').toMatch(/arco-tree-node/);
  await eventually(() => node.isVisible()).toBe(true);
  await shot(page, 'e2e-org-tree-moved-CN');

  // --- Department of the new organisation.
  await addRecord(
    page,
    'DEPARTMENT',
    /\/main\/department\?/,
    async (f) => {
      await f.locator('#root_departmentCode').fill(`D-${s}`);
      await f.locator('#root_departmentName').fill(`采购二部${s}`);
      await pickReference(page, 'institutionId', `华南分公司${s}`, `华南分公司${s}`);
    },
    'e2e-org-department-CN',
  );

  // --- Job and position in that department.
  await addRecord(
    page,
    'JOB',
    /\/main\/job\?/,
    async (f) => {
      await f.locator('#root_jobCode').fill(`J-${s}`);
      await f.locator('#root_jobName').fill(`区域采购${s}`);
      await pickReference(page, 'departmentId', `D-${s}`, `采购二部${s}`);
      await f.locator('#root_allocationArea').fill('广州,深圳');
    },
    'e2e-org-job-CN',
  );
  await addRecord(
    page,
    'POSITION',
    /\/main\/position\?/,
    async (f) => {
      await f.locator('#root_positionCode').fill(`P-${s}`);
      await f.locator('#root_positionName').fill(`区域采购专员${s}`);
      await pickReference(page, 'departmentId', `D-${s}`, `采购二部${s}`);
      await pickReference(page, 'jobId', `J-${s}`, `区域采购${s}`);
    },
    'e2e-org-position-CN',
  );

  // --- An employee, then the allotment of the position.
  await addRecord(
    page,
    'EMPLOYEE',
    /\/main\/employee\?/,
    async (f) => {
      await f.locator('#root_employeeNumber').fill(`E-${s}`);
      await f.locator('#root_employeeName').fill(`王测试${s}`);
      await pickReference(page, 'institutionId', `华南分公司${s}`, `华南分公司${s}`);
      await pickReference(page, 'departmentId', `D-${s}`, `采购二部${s}`);
    },
    'e2e-org-employee-CN',
  );
  await addRecord(
    page,
    'POSITION_ALLOT',
    /\/main\/positionAllot\?/,
    async () => {
      await pickReference(page, 'employeeId', `E-${s}`, `王测试${s}`);
      await pickReference(page, 'positionId', `P-${s}`, `区域采购专员${s}`);
    },
    'e2e-org-allot-CN',
  );
  // Department and organisation were taken from the position by the server.
  await eventually(() => activePane(page).locator('#root_departmentId').innerText()).toBe(`D-${s} 采购二部${s}`);
  await eventually(() => activePane(page).locator('#root_institutionId').innerText()).toBe(`E2E-${s} 华南分公司${s}`);
  await shot(page, 'e2e-org-allot-saved-CN');

  // --- Staff inquiry finds the employee by the organisation.
  await openMenu(page, 'STAFF_INQUIRY', /\/main\/staffInquiry\?/);
  await chooseOption(page, activePane(page).locator('[data-testid="search-institutionId"]'), `华南分公司${s}`);
  await activePane(page).getByTestId('search-submit').click();
  await eventually(async () =>
    (await activePane(page).getByTestId('grid-staffInquiry').locator('table[role=grid] tbody tr').allInnerTexts()).join('|'),
  ).toContain(`王测试${s}`);
  await shot(page, 'e2e-org-staff-inquiry-CN');
});

test('the organisation screens in Thai', async () => {
  const { page } = await chromium.signIn('admin');
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-TH').click();
  await showMenuItem(page, 'INSTITUTION');
  await eventually(() => page.getByTestId('menu-INSTITUTION').innerText()).toBe('โครงสร้างองค์กร');
  await openMenu(page, 'INSTITUTION', /\/main\/institution\?/);
  const pane = activePane(page);
  await eventually(() => pane.locator('h2').first().innerText()).toBe('โครงสร้างองค์กร');
  await pane.getByTestId('tree-institution').getByText('示范制造集团有限公司', { exact: true }).click();
  await eventually(() => pane.getByTestId('action-addChild').innerText()).toBe('เพิ่มระดับย่อย');
  await eventually(() => pane.getByTestId('action-move').innerText()).toBe('ย้าย');
  await shot(page, 'e2e-org-tree-TH');
  await openMenu(page, 'POSITION_ALLOT', /\/main\/positionAllot\?/);
  await eventually(() => activePane(page).locator('h2').first().innerText()).toBe('การจัดสรรตำแหน่ง');
  await shot(page, 'e2e-org-allot-list-TH');
  await openMenu(page, 'POSITION_LEVEL_TREE', /\/main\/positionLevelTree\?/);
  await eventually(() => activePane(page).getByTestId('tree-positionLevelTree').innerText()).toContain('管理序列');
  await shot(page, 'e2e-org-level-tree-TH');
});
