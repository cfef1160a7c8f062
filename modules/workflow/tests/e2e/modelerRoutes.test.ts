// The modeler saves a model that then routes a requisition (issue 13, browser, CN and TH). The administrator
// draws a new model in bpmn-js (CN): the starting diagram's start event, a task appended from the context
// pad and turned into a user task, an end event; the properties panel names the step and its assignee rule
// (user approver02). Saved and published from the model page, then bound (in Thai) to requisitions with a
// condition that holds only for this test's own requisition (its unique title), ahead of PR_APPROVAL.
// buyer01's requisition with that title goes to approver02 at once (PR_APPROVAL would ask approver01
// first), approver02 approves from the Thai to-do list and the requisition is approved; a requisition with
// another title still runs PR_APPROVAL. The binding is deleted at the end: the shared server's other tests
// see only PR_APPROVAL.
import type { Page } from 'playwright-core';
import { afterAll, expect, inject, test } from 'vitest';
import { shot } from '../../../../tests/e2e/browser';
import {
  activePane,
  chooseOption,
  chromiumForFile,
  confirmDialog,
  eventually,
  expectToast,
  openMenu,
  uniqueSuffix,
  type Session,
} from '../../../../tests/e2e/helpers';
import { MATERIAL, PR, expectOk, signIn, type Rec } from '../../../../tests/support/apiHelpers';
import { BINDING, INSTANCE } from '../api/helpers';

const baseUrl = inject('baseUrl');
const chromium = chromiumForFile(baseUrl);

async function switchLanguage(page: Page, lang: 'CN' | 'TH'): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId(`lang-${lang}`).click();
}

/** The model's bindings (this test's own key): removed at the end whatever happened. */
let modelKey = '';
afterAll(async () => {
  if (!modelKey) return;
  const admin = await signIn(baseUrl, 'admin');
  const mine = expectOk(await admin.call<Rec[]>(`${BINDING}/listByPage`, { params: { modelKey }, pageRows: 100 }));
  for (const b of mine) expectOk(await admin.call(`${BINDING}/delete`, { id: b.bindingId }));
});

/** A submitted requisition of buyer01 (100 CNY) with `title`; its number and id. */
async function submitted(title: string): Promise<{ number: string; id: number }> {
  const buyer = await signIn(baseUrl, 'buyer01');
  const material = expectOk(await buyer.call<Rec[]>(`${MATERIAL}/listByPage`, { params: {}, pageRows: 1 }))[0];
  const draft = expectOk(
    await buyer.call<Rec>(`${PR}/saveOrUpdate`, {
      title,
      requestDate: '2026-11-22',
      currencyCode: 'CNY',
      lines: [{ materialId: material.materialId, quantity: 10, unitPrice: 10, needByDate: '2026-12-31' }],
    }),
  );
  expectOk(await buyer.call(`${PR}/doSubmit`, { id: draft.requisitionId, versionNum: draft.versionNum }));
  return { number: String(draft.requisitionNumber), id: Number(draft.requisitionId) };
}

/** The model key of the process a requisition runs (monitoring's list, as the administrator). */
async function processOf(documentNumber: string): Promise<string[]> {
  const admin = await signIn(baseUrl, 'admin');
  const rows = expectOk(await admin.call<Rec[]>(`${INSTANCE}/listByPage`, { params: { documentNumber }, pageRows: 10 }));
  return rows.map((r) => String(r.modelKey));
}

test('admin draws and publishes a model in the modeler (CN), binds it (TH); it routes buyer01’s requisition to approver02 (TH)', async () => {
  const suffix = uniqueSuffix();
  modelKey = `E2E_ROUTE_${suffix}`.replace(/[^A-Za-z0-9_]/g, '_');
  const title = `E2E 建模路由 ${suffix}`;
  const stepName = `E2E 总监审批 ${suffix}`;

  let current: Session = await chromium.signIn('admin');
  let page = current.page;
  try {
    // A new model, drawn in the modeler.
    await openMenu(page, 'BPM_MODEL', /\/main\/bpm\/modelList\?/);
    await activePane(page).getByTestId('action-add').click();
    await page.waitForURL(/\/main\/bpm\/modelEdit\?.*mode=create/);
    const form = activePane(page);
    await form.locator('#root_modelKey').fill(modelKey);
    await form.locator('#root_modelName').fill(`E2E 路由模型 ${suffix}`);
    const canvas = form.getByTestId('bpm-modeler-canvas');
    const props = form.getByTestId('bpm-modeler-props');
    await canvas.locator('.djs-element[data-element-id=start]').waitFor({ timeout: 30_000 });
    const selected = () => props.locator('[data-element]');
    /** Clicks an element of the diagram (once: a second click would edit its label); the panel shows it. */
    const select = async (id: string) => {
      await canvas.locator(`.djs-element[data-element-id="${id}"]`).click();
      await eventually(() => selected().getAttribute('data-element')).toBe(id);
    };
    /** The context pad's entry `action` of element `id`; answers the element the panel then shows. */
    const contextPad = async (id: string, action: string, type: string) => {
      await select(id);
      await canvas.locator(`.djs-context-pad .entry[data-action="${action}"]`).click();
      await eventually(() => selected().getAttribute('data-type')).toBe(type);
      const created = (await selected().getAttribute('data-element'))!;
      // An appended element opens its label's editor: a click on the empty canvas closes it.
      await canvas.click({ position: { x: 560, y: 20 } });
      await eventually(() => selected().count()).toBe(0);
      return created;
    };
    // start → (context pad) a task, replaced by a user task (the replace menu) → an end event.
    const taskId = await contextPad('start', 'append.append-task', 'bpmn:Task');
    await select(taskId);
    await canvas.locator('.djs-context-pad .entry[data-action="replace"]').click();
    await page.locator('.djs-popup [data-id="replace-with-user-task"]').click();
    await eventually(() => selected().getAttribute('data-type')).toBe('bpmn:UserTask');
    const userTaskId = (await selected().getAttribute('data-element'))!;
    await canvas.click({ position: { x: 560, y: 20 } });
    await contextPad(userTaskId, 'append.end-event', 'bpmn:EndEvent');
    // The user task's properties: its name and assignee rule.
    await select(userTaskId);
    await props.getByTestId('bpm-prop-name').fill(stepName);
    await props.getByTestId('bpm-prop-name').blur();
    await props.getByTestId('bpm-prop-assigneeType').click();
    await page.locator('.arco-select-popup .arco-select-option', { hasText: '指定用户' }).click();
    await props.getByTestId('bpm-prop-assignee').fill('approver02');
    await props.getByTestId('bpm-prop-assignee').blur();
    // What the panel wrote is on the diagram (the task's label).
    const label = async () => ((await canvas.locator(`.djs-element[data-element-id="${userTaskId}"]`).textContent()) ?? '').replace(/\s+/g, '');
    await eventually(label).toBe(stepName.replace(/\s+/g, ''));
    await shot(page, 'e2e-bpm-modeler-drawn-CN');

    await form.getByTestId('action-save').click();
    await expectToast(page, '保存成功');
    await page.waitForURL(/\/main\/bpm\/modelEdit\?.*id=\d+.*mode=edit/);
    const saved = activePane(page);
    await eventually(() => saved.locator('#root_status').innerText()).toBe('草稿');
    await saved.getByTestId('bpm-modeler-canvas').locator(`.djs-element[data-element-id="${userTaskId}"]`).waitFor({ timeout: 30_000 });
    await saved.getByTestId('action-publish').click();
    await confirmDialog(page).getByRole('button', { name: '确定' }).click();
    await expectToast(page, '已发布为第 1 版');
    await eventually(() => saved.locator('#root_status').innerText()).toBe('已发布');
    await eventually(async () => (await saved.getByTestId('bpm-version-1').innerText()).replace(/\s+/g, ' ')).toBe('v1 当前');
    await shot(page, 'e2e-bpm-modeler-published-CN');

    // The binding, in Thai: requisitions whose title is this test's own, before PR_APPROVAL (priority 10).
    await switchLanguage(page, 'TH');
    await openMenu(page, 'BPM_BINDING', /\/main\/bpm\/bindingList\?/);
    await activePane(page).getByTestId('action-add').click();
    await page.waitForURL(/\/main\/bpm\/bindingEdit\?.*mode=create/);
    const binding = activePane(page);
    await binding.locator('#root_entityName').fill('srmPoRequisition');
    await binding.locator('#root_modelKey').fill(modelKey);
    await binding.locator('#root_priority').fill('1');
    // The condition in the designer's condition builder (the requisition's fields offered), never typed JSON.
    const cond = binding.getByTestId('bpm-binding-condition');
    await cond.getByTestId('bpm-binding-condition-add-row').click();
    await chooseOption(page, cond.getByTestId('bpm-binding-condition-row-0-field'), 'title');
    await cond.getByTestId('bpm-binding-condition-row-0-value').fill(title);
    await binding.getByTestId('action-save').click();
    await expectToast(page, 'บันทึกสำเร็จ');
    await page.waitForURL(/\/main\/bpm\/bindingEdit\?.*id=\d+.*mode=edit/);
    // Saved as the condition data the binding always stored; the saved binding shows it in the builder again.
    const api = await signIn(baseUrl, 'admin');
    const [saved1] = expectOk(await api.call<Rec[]>(`${BINDING}/listByPage`, { params: { modelKey }, pageRows: 10 }));
    expect(JSON.parse(String(saved1.conditionJson))).toEqual({ field: 'title', operator: 'eq', value: title });
    await eventually(() => activePane(page).getByTestId('bpm-binding-condition-row-0-value').inputValue()).toBe(title);
    await shot(page, 'e2e-bpm-binding-TH');

    // buyer01's requisition with that title runs the drawn model; another one still runs PR_APPROVAL.
    const mine = await submitted(title);
    const other = await submitted(`E2E 其他 ${suffix}`);
    expect(await processOf(mine.number)).toEqual([modelKey]);
    expect(await processOf(other.number)).toEqual(['PR_APPROVAL']);

    // approver02, in Thai: the drawn step is on the to-do list; approving it approves the requisition.
    current = await chromium.signIn('approver02');
    page = current.page;
    await switchLanguage(page, 'TH');
    await openMenu(page, 'MY_TODO', /\/main\/myUpcoming/);
    const todo = activePane(page);
    await todo.getByTestId('bpm-search-documentNumber').fill(mine.number);
    await todo.getByTestId('bpm-search-submit').click();
    const rows = todo.locator('[data-testid=bpm-table-todo] tbody tr.arco-table-tr');
    await eventually(() => rows.allInnerTexts()).toEqual([expect.stringContaining(mine.number)]);
    expect(await rows.first().innerText()).toContain(stepName);
    await shot(page, 'e2e-bpm-routed-todo-TH');
    await todo.getByTestId('bpm-open-0').click();
    await page.waitForURL(/\/main\/order\/requisitionEdit\?.*taskId=\d+/);
    const doc = activePane(page);
    await eventually(() => doc.locator('#root_requisitionNumber').innerText()).toBe(mine.number);
    await eventually(() => doc.getByTestId('bpm-task-approve').innerText()).toBe('อนุมัติ');
    await doc.getByTestId('bpm-task-approve').click();
    await page.getByTestId('bpm-dialog-comment').fill('อนุมัติตามโมเดลใหม่');
    await page.getByTestId('bpm-dialog-ok').click();
    await expectToast(page, 'อนุมัติแล้ว');
    await eventually(() => doc.getByTestId('bpm-panel-state').innerText()).toBe('อนุมัติแล้ว');
    await eventually(() => doc.locator('#root_status').innerText()).toBe('อนุมัติแล้ว');
    await shot(page, 'e2e-bpm-routed-approved-TH');
    // The other requisition waits at PR_APPROVAL's first step, approver01's.
    const approver01 = await signIn(baseUrl, 'approver01');
    const todos = expectOk(await approver01.call<Rec[]>('bpmServer/v1/bpmTaskRestful/findTodoTasks', { params: { documentNumber: other.number } }));
    expect(todos.map((t) => t.documentNumber)).toEqual([other.number]);
  } catch (e) {
    await shot(page, 'e2e-bpm-modeler-routes-FAILED').catch(() => undefined);
    throw new Error(`${e instanceof Error ? e.message : String(e)}\nbrowser errors:\n${current.errors.join('\n')}`, { cause: e });
  }
});
