// Per-entity rules run inside saveOrUpdate / delete, after the generic field checks. Generic ones come
// from the definition (entity.tree); the few that are business logic are listed here by entity name.
import type { Db } from '../db/connect.js';
import type { ActionContext } from './actionContext.js';
import { treeAfterSave, treeBeforeDelete, treeBeforeSave } from './tree.js';
import { allotBeforeSave } from '../org/allotRules.js';
import { profileBeforeSave } from '../system/profileRules.js';
import { articleBeforeSave } from '../system/articleRules.js';

/** `values` are column-keyed and already checked; a rule may add server-kept columns or refuse. */
export type BeforeSave = (ctx: ActionContext, db: Db, values: Record<string, unknown>, id: number | null) => Promise<void>;

const BEFORE_SAVE: Record<string, BeforeSave> = {
  basePositionAllot: allotBeforeSave,
  baseProfile: profileBeforeSave,
  baseArticle: articleBeforeSave,
};

export async function beforeSave(ctx: ActionContext, db: Db, values: Record<string, unknown>, id: number | null): Promise<void> {
  await BEFORE_SAVE[ctx.entity.name]?.(ctx, db, values, id);
  await treeBeforeSave(db, ctx.entity, values, id);
}

export async function afterSave(ctx: ActionContext, db: Db, id: number, mode: 'insert' | 'update'): Promise<void> {
  if (mode === 'update') await treeAfterSave(db, ctx.entity, id);
}

export async function beforeDelete(ctx: ActionContext, db: Db, id: number): Promise<void> {
  await treeBeforeDelete(db, ctx.entity, id);
}

/** Whether saving a row of `e` runs any rule besides the generic checks (then rows are saved one by one). */
export function hasSaveRules(e: { name: string; tree?: unknown }): boolean {
  return BEFORE_SAVE[e.name] !== undefined || e.tree !== undefined;
}
