// Action type "bpmPublish" (the model pages' Publish, operation doPublish): on the edit page the model is
// saved first (what is published is what the modeler shows); a refused model's problems go to the modeler,
// which marks each element with its reason, and the message lists them.
import { ApiError } from '../../../runtime/env';
import type { ActionDef } from '../../../runtime/registry/types';
import { resolveText } from '../../../runtime/text/resolveText';
import { setProblems, type Problem } from './problems';
import { REASSIGN_EVENT } from './bpmApi';

export const publishAction: ActionDef = {
  async run(ctx) {
    const { env, entity } = ctx;
    const provider = ctx.provider;
    if (!provider) throw new Error(env.t('messages.noApi'));
    const id = ctx.record?.[entity.key];
    if (typeof id !== 'number' && typeof id !== 'string') return env.notify('warning', env.t('messages.selectFirst'));
    if (ctx.action.confirm && !(await env.confirm(resolveText(ctx.action.confirm, env, '')))) return;
    if (ctx.page.kind === 'edit' && ctx.validate && ctx.record) {
      if (!ctx.validate()) return;
      // The runtime is loaded once a page runs an action: no need to pull it into the header's chunk.
      const { stripDisplay } = await import('../../../runtime/pages/actions');
      const saved = await provider.saveOrUpdate(stripDisplay(ctx.record, ctx));
      ctx.applyRecord?.(saved);
    }
    try {
      const answer = await provider.call<{ version: number }>('doPublish', { id });
      setProblems(String(id), []);
      env.notify('success', env.t('bpm.modeler.publishedOk', { version: answer.data?.version ?? '' }));
    } catch (e) {
      const data = e instanceof ApiError ? e.envelope?.data : undefined;
      if (Array.isArray(data)) setProblems(String(id), data as Problem[]);
      throw e;
    }
    return ctx.reload();
  },
};

/** Action type "bpmReassign" (the monitoring instance page's Reassign, operation doReassign): the process
 *  panel above the instance asks which open task and to whom. */
export const reassignAction: ActionDef = {
  async run() {
    window.dispatchEvent(new CustomEvent(REASSIGN_EVENT));
  },
};
