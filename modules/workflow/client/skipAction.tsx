// Action type "bpmSkip" (transactionCompen's Skip, operation doSkip): asks for the reason in a dialog and
// sends {id, reason}; the server refuses an empty reason in the user's language, so nothing is skipped
// without one. The process then goes on past the failed service task.
import { Input, Modal } from '@arco-design/web-react';
import type { ActionContext, ActionDef } from '../../../runtime/registry/types';

function askReason(ctx: ActionContext): Promise<string | null> {
  const t = ctx.env.t;
  let reason = '';
  return new Promise((resolve) => {
    Modal.confirm({
      title: t('bpm.compen.skipTitle'),
      content: (
        <Input.TextArea
          data-testid="bpm-skip-reason"
          autoSize={{ minRows: 3, maxRows: 6 }}
          maxLength={2000}
          placeholder={t('bpm.compen.skipPlaceholder')}
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

export const skipAction: ActionDef = {
  async run(ctx) {
    const { env, entity, provider } = ctx;
    if (!provider) throw new Error(env.t('messages.noApi'));
    const id = ctx.record?.[entity.key];
    if (typeof id !== 'number' && typeof id !== 'string') return env.notify('warning', env.t('messages.selectFirst'));
    const reason = await askReason(ctx);
    if (reason === null) return;
    await provider.call(ctx.action.operation ?? 'doSkip', { id, reason });
    env.notify('success', env.t('bpm.compen.skipped'));
    return ctx.reload();
  },
};
