// The scheduler as admin sees it, in Chinese and in Thai: the programs screen, submitting FILE_ORPHAN_SWEEP
// with its parameter drawn from the program's schema, the run's output read from the request, launching it
// again, pausing a cron request, and the scheduling errors screen with the demo failure.
import { expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { shot } from '../../../../tests/e2e/browser';
import { activePane, chromiumForFile, columnValues, eventually, expectToast, grid, openFolder, openMenu } from '../../../../tests/e2e/helpers';
import { switchLanguage } from '../../../../tests/e2e/gridHelpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

const TEXT = {
  CN: { code: '程序编码', submitted: '请求已提交', done: '操作成功', hours: '上传超过（小时）', error: '错误信息' },
  TH: { code: 'รหัสโปรแกรม', submitted: 'ส่งคำขอแล้ว', done: 'สำเร็จ', hours: 'อัปโหลดมานานกว่า (ชั่วโมง)', error: 'ข้อผิดพลาด' },
} as const;

async function chooseProgram(page: Page, code: string): Promise<void> {
  const pane = activePane(page);
  await pane.getByTestId('program-select').click();
  await page.locator('.arco-select-popup .arco-select-option', { hasText: code }).first().click();
}

const status = (page: Page) => activePane(page).getByTestId('request-status').getAttribute('data-status');

for (const lang of ['CN', 'TH'] as const) {
  test(`${lang}: admin launches a program, reads its run's output, pauses a cron request`, async () => {
    const t = TEXT[lang];
    const { page } = await chromium.signIn('admin');
    if (lang === 'TH') await switchLanguage(page, 'TH');
    await openFolder(page, 'SCHEDULER');

    await openMenu(page, 'CONCURRENT_PROGRAMS', /\/main\/concurrentPrograms\?/);
    await eventually(() => columnValues(grid(page, 'concurrentPrograms'), t.code)).toEqual(
      expect.arrayContaining(['FILE_ORPHAN_SWEEP', 'REMINDER_SEND', 'EXPORT_FAILED_CLEANUP', 'SCHEDULER_RUN_PURGE']),
    );
    await shot(page, `e2e-scheduler-programs-${lang}`);

    await openMenu(page, 'SUBMIT_REQUEST', /\/main\/submitRequest\?/);
    // Other tests on the shared server submit requests too: each demo one is looked for by its code.
    for (const code of ['REMINDER_SEND', 'FILE_ORPHAN_SWEEP']) {
      await activePane(page).getByTestId('search-programCode').fill(code);
      await activePane(page).getByTestId('search-submit').click();
      await eventually(() => columnValues(grid(page, 'submitRequest'), t.code)).toContain(code);
    }
    await shot(page, `e2e-scheduler-requests-${lang}`);

    // Submit the orphan sweep: its one parameter comes from the schema, with its default.
    await activePane(page).getByTestId('action-add').click();
    await page.waitForURL(/\/main\/submitRequestDetail\?.*mode=create/);
    await chooseProgram(page, 'FILE_ORPHAN_SWEEP');
    await eventually(() => activePane(page).getByText(t.hours).count()).toBe(1);
    const hours = activePane(page).locator('[data-testid="param-olderThanHours"] input, input[data-testid="param-olderThanHours"]');
    expect(await hours.inputValue()).toBe('24');
    await hours.fill('48');
    await shot(page, `e2e-scheduler-submit-${lang}`);
    await activePane(page).getByTestId('submit-request').click();
    await expectToast(page, t.submitted);
    await page.waitForURL(/\/main\/submitRequestDetail\?.*id=\d+.*mode=view/);
    await eventually(() => status(page), 15_000).toBe('DONE');

    // Launch it again: a second run, and its output read from the runs table.
    await activePane(page).getByTestId('request-launch').click();
    await expectToast(page, t.done);
    await eventually(async () => {
      // The view re-renders while it refreshes itself: a click that meets a re-render is tried again.
      await activePane(page)
        .getByTestId('request-refresh')
        .click({ timeout: 2000 })
        .catch(() => undefined);
      return activePane(page).locator('[data-testid^="run-status-"]').count();
    }, 15_000).toBe(2);
    await eventually(() => status(page), 15_000).toBe('DONE');
    await activePane(page).locator('[data-testid="request-runs"] .arco-table-expand-icon-cell button').last().click();
    await eventually(() => activePane(page).locator('[data-testid^="run-output-"]').last().innerText()).toContain('orphan files older than 48 h');
    await shot(page, `e2e-scheduler-request-runs-${lang}`);

    // A cron request, paused.
    await openMenu(page, 'SUBMIT_REQUEST', /\/main\/submitRequest\?/);
    await activePane(page).getByTestId('action-add').click();
    await page.waitForURL(/\/main\/submitRequestDetail\?.*mode=create/);
    await chooseProgram(page, 'REMINDER_SEND');
    await activePane(page).locator('[data-testid="cron"] input, input[data-testid="cron"]').fill('0 8 * * *');
    await activePane(page).getByTestId('submit-request').click();
    await page.waitForURL(/\/main\/submitRequestDetail\?.*id=\d+.*mode=view/);
    await eventually(() => status(page)).toBe('SCHEDULED');
    await activePane(page).getByTestId('request-pause').click();
    await eventually(() => status(page)).toBe('PAUSED');
    await eventually(() => activePane(page).getByTestId('request-launch').count()).toBe(1);
    await shot(page, `e2e-scheduler-paused-${lang}`);

    await openMenu(page, 'SCHEDULING_ERROR', /\/main\/schedulingError\?/);
    await eventually(() => columnValues(grid(page, 'schedulingError'), t.error)).toEqual(expect.arrayContaining([expect.stringContaining('ECONNREFUSED')]));
    await shot(page, `e2e-scheduler-errors-${lang}`);
  });
}
