// Built-in action types (one generic action per kind, NocoBase style). Side effects only through env.
import { ApiError } from '../env.js';
import type { Row, RowKey } from '../data/dataProvider.js';
import type { ActionContext, ActionDef } from '../registry/types.js';
import { resolveText } from '../text/resolveText.js';
import { pageUrl } from './routing.js';
import { saveRows } from './saveRowsAction.js';
import { stripDisplay } from './stripDisplay.js';
import { resultViews } from './actionResults.js';
import { settleUnsaved } from './unsavedActions.js';

export { stripDisplay } from './stripDisplay.js';

function keyOf(ctx: ActionContext, row: Row | undefined): RowKey | undefined {
  const v = row?.[ctx.entity.key];
  return typeof v === 'string' || typeof v === 'number' ? v : undefined;
}

function requireProvider(ctx: ActionContext) {
  if (!ctx.provider) throw new Error(ctx.env.t('messages.noApi'));
  return ctx.provider;
}

async function confirmed(ctx: ActionContext, fallbackKey: string, vars?: Record<string, unknown>): Promise<boolean> {
  const text = ctx.action.confirm ?? (fallbackKey ? fallbackKey : undefined);
  if (text === undefined) return true;
  return ctx.env.confirm(resolveText(text, ctx.env, '', vars));
}

function selectionKeys(ctx: ActionContext): RowKey[] {
  return (ctx.selection ?? []).map((r) => keyOf(ctx, r)).filter((k): k is RowKey => k !== undefined);
}

const openEdit: ActionDef = {
  whenUnsaved: () => 'ask',
  async run(ctx) {
    const target = ctx.page.editPage;
    if (!target) throw new Error(`Page "${ctx.page.name}" has no editPage for action "${ctx.action.name}"`);
    const id = ctx.action.mode === 'create' ? undefined : keyOf(ctx, ctx.record);
    const mode = ctx.action.mode ?? (id === undefined ? 'create' : 'edit');
    ctx.env.navigate(pageUrl(target, { id, mode }, ctx.query));
  },
};

const operation: ActionDef = {
  // A delete is confirmed anyway and takes the edits with the record; anything else acts on what was typed.
  whenUnsaved: (ctx) => (ctx.action.operation === 'delete' || ctx.action.operation === 'doBatchDelete' ? 'keep' : 'save'),
  async run(ctx) {
    const op = ctx.action.operation;
    if (!op) throw new Error(`Action "${ctx.action.name}" has no operation`);
    const provider = requireProvider(ctx);
    const { env } = ctx;
    if (op === 'doBatchDelete') {
      const ids = selectionKeys(ctx);
      if (ids.length === 0) return env.notify('warning', env.t('messages.selectFirst'));
      if (!(await confirmed(ctx, 'confirm.batchDelete', { count: ids.length }))) return;
      const rows = (ctx.selection ?? []).filter((r) => keyOf(ctx, r) !== undefined);
      await provider.batchRemove(
        ids,
        rows.map((r) => r.versionNum),
      );
      env.notify('success', env.t('messages.deleted'));
      return ctx.reload();
    }
    const id = keyOf(ctx, ctx.record);
    if (id === undefined) return env.notify('warning', env.t('messages.selectFirst'));
    if (op === 'delete') {
      if (!(await confirmed(ctx, 'confirm.delete'))) return;
      await provider.remove(id, ctx.record?.versionNum);
      env.notify('success', env.t('messages.deleted'));
      if (ctx.page.kind === 'edit' && ctx.page.listPage) return env.navigate(pageUrl(ctx.page.listPage, {}, ctx.query));
      return ctx.reload();
    }
    if (!(await confirmed(ctx, ''))) return;
    const result = await provider.transition(op, id, ctx.record?.versionNum);
    // A button naming a result view shows the answer there (a reset's password); else "done" and the record.
    const view = ctx.action.result ? resultViews[ctx.action.result] : undefined;
    if (view) view(env, result);
    else {
      env.notify('success', env.t('messages.done'));
      if (result && typeof result === 'object') ctx.applyRecord?.(result);
    }
    return ctx.reload();
  },
};

const save: ActionDef = {
  whenUnsaved: () => 'keep',
  async run(ctx) {
    const provider = requireProvider(ctx);
    const { env } = ctx;
    if (ctx.validate && !ctx.validate()) return;
    const record = ctx.record ?? {};
    const isNew = keyOf(ctx, record) === undefined;
    const saved = await provider.saveOrUpdate(stripDisplay(record, ctx));
    env.notify('success', env.t('messages.saved'));
    const newId = keyOf(ctx, saved);
    if (isNew && newId !== undefined) {
      env.navigate(pageUrl(ctx.page.name, { id: newId, mode: 'edit' }, ctx.query), { replace: true });
      return;
    }
    if (saved && typeof saved === 'object') ctx.applyRecord?.(saved);
    return ctx.reload();
  },
};

const back: ActionDef = {
  whenUnsaved: () => 'ask',
  async run(ctx) {
    if (!ctx.page.listPage) throw new Error(`Page "${ctx.page.name}" has no listPage for action "${ctx.action.name}"`);
    ctx.env.navigate(pageUrl(ctx.page.listPage, {}, ctx.query));
  },
};

const refresh: ActionDef = {
  whenUnsaved: () => 'ask',
  run: (ctx) => ctx.reload(),
};

const addLine: ActionDef = {
  whenUnsaved: () => 'keep',
  async run(ctx) {
    ctx.lines?.add();
  },
};

const deleteLines: ActionDef = {
  whenUnsaved: () => 'keep',
  needsSelection: true,
  async run(ctx) {
    if ((ctx.selection ?? []).length === 0) return ctx.env.notify('warning', ctx.env.t('messages.selectFirst'));
    if (!(await confirmed(ctx, 'confirm.deleteLines'))) return;
    ctx.lines?.removeSelected();
  },
};

export const builtInActions: Record<string, ActionDef> = { openEdit, operation, save, saveRows, back, refresh, addLine, deleteLines };

/**
 * Run an action; unsaved edits are saved first or asked about (unsavedActions.ts); a refused call
 * (status E, stale version…) is shown and nothing else changes — unless the action says
 * `reloadAfterRefusal`: the server's refusal may itself have been recorded (a failed retry's attempt) or
 * mean that someone else acted first, so the page shows the current data again.
 */
export async function runAction(def: ActionDef, ctx: ActionContext): Promise<void> {
  try {
    const settled = await settleUnsaved(def, ctx);
    if (settled) await def.run(settled);
  } catch (e) {
    const message = e instanceof ApiError || e instanceof Error ? e.message : String(e);
    ctx.env.notify('error', message);
    if (ctx.action.reloadAfterRefusal && e instanceof ApiError) await ctx.reload().catch(() => undefined);
  }
}
