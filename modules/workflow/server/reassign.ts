// bpmInstanceRestful/doReassign {id, taskId, userId, comment}: an administrator (monitoring) hands an open
// task of a running instance to another user, whoever holds it now; recorded as REASSIGN in the history.
import { ok } from '../../../server/http/envelope.js';
import { refuse } from '../../../server/errors.js';
import { parseId } from '../../../server/rest/read.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { MAX_COMMENT, transferTask } from './tasks.js';

export const doReassign: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const taskId = parseId(ctx, ctx.body.taskId);
  const userId = parseId(ctx, ctx.body.userId);
  const comment = ctx.body.comment;
  if (comment !== undefined && comment !== null && (typeof comment !== 'string' || comment.length > MAX_COMMENT))
    throw refuse('bpm.badComment', { max: MAX_COMMENT });
  const actor = { session: ctx.session, lang: ctx.lang, events: ctx.events };
  const answer = await transferTask(ctx.app, actor, taskId, userId, (comment as string | null | undefined) || null, { instanceId: id });
  return ok(answer);
};
