// Action type notify: shows the action's label as a message, `{count}` replaced by the number of
// selected rows. Data only, for grid events that should tell the user something (the showcase's
// select / selectCancel / selectAll / selectAllCancel events).
import type { ActionDef } from '../registry/types.js';
import { resolveText } from '../text/resolveText.js';

export const notifyAction: ActionDef = {
  whenUnsaved: () => 'keep',
  async run(ctx) {
    const text = resolveText(ctx.action.label, ctx.env, ctx.action.name);
    ctx.env.notify('info', text.replace(/\{count\}/g, String(ctx.selection?.length ?? 0)));
  },
};
