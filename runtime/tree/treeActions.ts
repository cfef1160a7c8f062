// Actions of a tree page; they act on the page's tree (ActionContext.tree), which only TreePage provides.
import type { ActionContext, ActionDef } from '../registry/types.js';

function treeOf(ctx: ActionContext): NonNullable<ActionContext['tree']> {
  if (!ctx.tree) throw new Error(`Action "${ctx.action.name}" (${ctx.action.type}) works only on a tree page`);
  return ctx.tree;
}

export const treeActions: Record<string, ActionDef> = {
  addRoot: { run: async (ctx) => treeOf(ctx).addRoot() },
  addChild: { run: async (ctx) => treeOf(ctx).addChild() },
  move: { run: (ctx) => treeOf(ctx).move() },
};
