// Steps the modeler's browser tests share (helpers only, no test here).
import type { Locator, Page } from 'playwright-core';
import { activePane, columnValues, eventually, grid, openMenu } from '../../../../tests/e2e/helpers';

/**
 * Opens model `modelKey` from 流程模型 for editing and waits until bpmn-js has drawn element `elementId`.
 * Returns the edit page's pane and the modeler's canvas.
 */
export async function openModelForEdit(page: Page, modelKey: string, elementId: string): Promise<{ form: Locator; canvas: Locator }> {
  await openMenu(page, 'BPM_MODEL', /\/main\/bpm\/modelList\?/);
  await activePane(page).getByTestId('search-modelKey').fill(modelKey);
  await activePane(page).getByTestId('search-submit').click();
  await eventually(() => columnValues(grid(page, 'modelList'), '模型编码')).toEqual([modelKey]);
  await activePane(page).getByTestId('row-action-edit-0').click();
  await page.waitForURL(/\/main\/bpm\/modelEdit\?.*mode=edit/);
  const form = activePane(page);
  const canvas = form.getByTestId('bpm-modeler-canvas');
  await canvas.locator(`.djs-element[data-element-id=${elementId}]`).waitFor({ timeout: 30_000 });
  return { form, canvas };
}
