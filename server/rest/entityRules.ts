// Per-entity rules run inside saveOrUpdate / delete, after the generic field checks. Generic ones come
// from the definition (entity.tree); the few that are business logic are listed here by entity name.
import type { Db } from '../db/connect.js';
import type { ActionContext } from './actionContext.js';
import { treeAfterSave, treeBeforeDelete, treeBeforeSave } from './tree.js';
import { allotBeforeSave } from '../org/allotRules.js';
import { profileBeforeSave } from '../system/profileRules.js';
import { articleBeforeSave } from '../system/articleRules.js';
import { assertResponsibilityUserTypes } from '../acl/respUserType.js';

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

/** After the header and its lines are written (both modes), still inside the save's transaction. */
export type AfterLines = (ctx: ActionContext, db: Db, id: number) => Promise<void>;

const AFTER_LINES: Record<string, AfterLines> = {
  baseUsers: (ctx, db, id) => assertResponsibilityUserTypes(ctx, db, 'user', id),
  baseResponsibility: (ctx, db, id) => assertResponsibilityUserTypes(ctx, db, 'resp', id),
};

export async function afterLines(ctx: ActionContext, db: Db, id: number): Promise<void> {
  await AFTER_LINES[ctx.entity.name]?.(ctx, db, id);
}

export async function beforeDelete(ctx: ActionContext, db: Db, id: number): Promise<void> {
  await treeBeforeDelete(db, ctx.entity, id);
}

/** Whether saving a row of `e` runs any rule besides the generic checks (then rows are saved one by one). */
export function hasSaveRules(e: { name: string; tree?: unknown }): boolean {
  return BEFORE_SAVE[e.name] !== undefined || AFTER_LINES[e.name] !== undefined || e.tree !== undefined;
}
