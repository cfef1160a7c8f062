// An action that needs a reason before it runs (reject a change, skip a failed step, …): a dialog asks for
// it and the operation is called with {id, reason}. The server refuses an empty reason in the user's
// language, so nothing happens without one; a module only names its texts, its operation and its limit.
import { createElement } from 'react';
import { Input, Modal } from '@arco-design/web-react';
import type { ActionContext, ActionDef } from '../registry/types.js';

export interface ReasonActionOptions {
  /** The operation called when the action names none. */
  operation: string;
  /** i18n keys: the dialog's title, the text box's placeholder, the success toast. */
  titleKey: string;
  placeholderKey: string;
  doneKey: string;
  maxLength: number;
  /** The text box's test id. */
  testId: string;
}

function askReason(ctx: ActionContext, o: ReasonActionOptions): Promise<string | null> {
  const t = ctx.env.t;
  let reason = '';
  return new Promise((resolve) => {
    Modal.confirm({
      title: t(o.titleKey),
      content: createElement(Input.TextArea, {
        'data-testid': o.testId,
        autoSize: { minRows: 3, maxRows: 6 },
        maxLength: o.maxLength,
        placeholder: t(o.placeholderKey),
        onChange: (v: string) => (reason = v),
      } as Parameters<typeof Input.TextArea>[0]),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: () => resolve(reason.trim()),
      onCancel: () => resolve(null),
    });
  });
}

export function reasonAction(o: ReasonActionOptions): ActionDef {
  return {
    async run(ctx) {
      const { env, entity, provider } = ctx;
      if (!provider) throw new Error(env.t('messages.noApi'));
      const id = ctx.record?.[entity.key];
      if (typeof id !== 'number' && typeof id !== 'string') return env.notify('warning', env.t('messages.selectFirst'));
      const reason = await askReason(ctx, o);
      if (reason === null) return;
      await provider.call(ctx.action.operation ?? o.operation, { id, reason });
      env.notify('success', env.t(o.doneKey));
      return ctx.reload();
    },
  };
}
