// Actions started over unsaved edits (issue 18: a submit used to act on the last saved version and the
// typed changes were gone). A form page hands its edits to every action as `ctx.unsaved`; before the
// action runs, its policy (ActionDef.whenUnsaved, default `save`) decides: save first and act on the
// saved record, ask before dropping them, or keep them as they are. Never drop work silently.
import type { ActionContext, ActionDef } from '../registry/types.js';

/** The context the action runs in, or null when it must not run (the save failed or the user stayed). */
export async function settleUnsaved(def: ActionDef, ctx: ActionContext): Promise<ActionContext | null> {
  if (!ctx.unsaved?.dirty) return ctx;
  const policy = def.whenUnsaved?.(ctx) ?? 'save';
  if (policy === 'keep') return ctx;
  if (policy === 'ask') return (await ctx.env.confirm(ctx.env.t('confirm.discardUnsaved'))) ? ctx : null;
  // Save then act: a refused save throws (runAction shows it) and an invalid form answers undefined
  // (the form shows its messages): either way the action does not run.
  const saved = await ctx.unsaved.save();
  return saved ? { ...ctx, record: saved, unsaved: { ...ctx.unsaved, dirty: false } } : null;
}
