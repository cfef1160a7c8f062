// Rules run inside saveOrUpdate / delete / transitions, after the generic field checks: the generic ones
// from the definition (entity.tree), then those the entity's module registered (server/modules).
import type { Db } from '../db/connect.js';
import type { ActionContext } from './actionContext.js';
import { treeAfterSave, treeBeforeDelete, treeBeforeSave } from './tree.js';
import type { TransitionStep } from '../modules/types.js';

const rulesOf = (ctx: ActionContext) => ctx.app.modules.rulesOf(ctx.entity.name);

export async function beforeSave(ctx: ActionContext, db: Db, values: Record<string, unknown>, id: number | null): Promise<void> {
  for (const r of rulesOf(ctx)) await r.beforeSave?.(ctx, db, values, id);
  await treeBeforeSave(db, ctx.entity, values, id);
}

export async function afterSave(ctx: ActionContext, db: Db, id: number, mode: 'insert' | 'update'): Promise<void> {
  if (mode === 'update') await treeAfterSave(db, ctx.entity, id);
  for (const r of rulesOf(ctx)) await r.afterSave?.(ctx, db, id, mode);
}

/** After the header and its lines are written (both modes), still inside the save's transaction. */
export async function afterLines(ctx: ActionContext, db: Db, id: number): Promise<void> {
  for (const r of rulesOf(ctx)) await r.afterLines?.(ctx, db, id);
}

export async function beforeDelete(ctx: ActionContext, db: Db, id: number): Promise<void> {
  for (const r of rulesOf(ctx)) await r.beforeDelete?.(ctx, db, id);
  await treeBeforeDelete(db, ctx.entity, id);
}

export async function beforeTransition(ctx: ActionContext, db: Db, step: TransitionStep): Promise<void> {
  for (const r of rulesOf(ctx)) await r.beforeTransition?.(ctx, db, step);
  for (const h of ctx.app.modules.transitionHooks) await h.before?.(ctx, db, step);
}

export async function afterTransition(ctx: ActionContext, db: Db, step: TransitionStep & { previous: string }): Promise<void> {
  for (const r of rulesOf(ctx)) await r.afterTransition?.(ctx, db, step);
  for (const h of ctx.app.modules.transitionHooks) await h.after?.(ctx, db, step);
}

/** Whether saving a row of `e` runs any rule besides the generic checks (then rows are saved one by one). */
export function hasSaveRules(modules: { rulesOf(entity: string): readonly object[] }, e: { name: string; tree?: unknown }): boolean {
  return modules.rulesOf(e.name).length > 0 || e.tree !== undefined;
}
