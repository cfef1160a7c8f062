// Action type "rejectWithReason" (the review pages' Reject of a status change or an information change):
// asks for the reason in a dialog and sends it with the transition ({id, reason}); the server refuses an
// empty one with its own message, so nothing is rejected without a reason.
import { Input, Modal } from '@arco-design/web-react';
import type { ActionContext, ActionDef } from '../../../runtime/registry/types';

function askReason(ctx: ActionContext): Promise<string | null> {
  const t = ctx.env.t;
  let reason = '';
  return new Promise((resolve) => {
    Modal.confirm({
      title: t('supplierReject.title'),
      content: (
        <Input.TextArea
          data-testid="reject-reason"
          autoSize={{ minRows: 3, maxRows: 6 }}
          maxLength={500}
          placeholder={t('supplierReject.placeholder')}
          onChange={(v) => (reason = v)}
        />
      ),
      okText: t('shell.confirm.ok'),
      cancelText: t('shell.confirm.cancel'),
      onOk: () => resolve(reason.trim()),
      onCancel: () => resolve(null),
    });
  });
}

export const rejectWithReasonAction: ActionDef = {
  async run(ctx) {
    const { env, entity, provider } = ctx;
    if (!provider) throw new Error(env.t('messages.noApi'));
    const id = ctx.record?.[entity.key];
    if (typeof id !== 'number' && typeof id !== 'string') return env.notify('warning', env.t('messages.selectFirst'));
    const reason = await askReason(ctx);
    if (reason === null) return;
    await provider.call(ctx.action.operation ?? 'doReject', { id, reason });
    env.notify('success', env.t('supplierReject.done'));
    return ctx.reload();
  },
};
