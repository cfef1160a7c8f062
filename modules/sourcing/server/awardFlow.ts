// The award through the workflow (issue 16 "the award through workflow"): doAward / autoAwardByMinPrice
// check the award and keep it on the inquiry as its proposal, then submit the inquiry (PUBLISHED →
// APPROVING, `doSubmit`). A bound model (demo: SRC_AWARD) takes it from there: its last approval runs
// `doApproval` (→ AWARDED), which writes the award in that same transaction; a rejection runs `doReject`
// (→ PUBLISHED) with the approver's comment kept as `awardRejectReason`. With no bound model the award takes
// effect at once, as it did before processes existed.
import type { ActionContext } from '../../../server/rest/actionContext.js';
import type { Db } from '../../../server/db/connect.js';
import type { TransitionStep } from '../../../server/modules/types.js';
import { typed } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import { runTransitionIn } from '../../../server/rest/runTransition.js';
import type { WorkflowApi } from '../../workflow/api.js';
import type { SourcingTables } from '../generated/tables.js';
import { checkAwards, decodeProposal, encodeProposal, writeAward, type Award } from './award.js';
import { inquiryState, requireOpened } from './inquiryState.js';
import { openedInCurrentRound } from './bidOpening.js';

const ENTITY = 'srmSrcInquiry';

/** Checks and keeps the award, submits it; effective at once when no process took it. */
export async function proposeAward(ctx: ActionContext, trx: Db, inquiryId: number, awards: Award[]): Promise<void> {
  await checkAwards(trx, inquiryId, awards);
  const t = typed<SourcingTables>(trx);
  await t
    .updateTable('srm_src_inquiry')
    .set({ award_proposal: encodeProposal(awards), award_proposed_by: ctx.session.userId, award_reject_reason: null })
    .where('inquiry_id', '=', inquiryId)
    .execute();
  const actor = { session: ctx.session, lang: ctx.lang, events: ctx.events };
  await runTransitionIn(ctx.app, trx, actor, ENTITY, 'doSubmit', inquiryId);
  const now = await t.selectFrom('srm_src_inquiry').select('status').where('inquiry_id', '=', inquiryId).executeTakeFirstOrThrow();
  // A model may also have gone straight to its end (then it is AWARDED already).
  if (now.status === 'APPROVING' && !(await ctx.app.modules.api<WorkflowApi>('workflow').hasRunningProcess(trx, ENTITY, inquiryId)))
    await runTransitionIn(ctx.app, trx, actor, ENTITY, 'doApproval', inquiryId);
}

/** beforeTransition: a submit needs an opened round and a proposal (only doAward / auto-award make one). */
export async function beforeAwardStep(_ctx: ActionContext, db: Db, step: TransitionStep): Promise<void> {
  if (step.action !== 'doSubmit') return;
  const state = await inquiryState(db, step.id);
  requireOpened(state);
  const row = await typed<SourcingTables>(db)
    .selectFrom('srm_src_inquiry')
    .select('award_proposal')
    .where('inquiry_id', '=', step.id)
    .executeTakeFirstOrThrow();
  if (!row.award_proposal) throw refuse('sourcing.noProposal');
}

/** afterTransition: approval writes the kept award; rejection drops it and keeps the approver's comment. */
export async function afterAwardStep(ctx: ActionContext, db: Db, step: TransitionStep): Promise<void> {
  const t = typed<SourcingTables>(db);
  if (step.action === 'doApproval') {
    const row = await t
      .selectFrom('srm_src_inquiry')
      .select(['award_proposal', 'award_proposed_by'])
      .where('inquiry_id', '=', step.id)
      .executeTakeFirstOrThrow();
    const state = await inquiryState(db, step.id);
    await writeAward(ctx, db, state, decodeProposal(row.award_proposal), Number(row.award_proposed_by ?? ctx.session.userId));
  } else if (step.action === 'doReject') {
    const comment = typeof ctx.body.comment === 'string' ? ctx.body.comment.trim().slice(0, 1000) : '';
    // Back to PUBLISHED (the transition), or to OPENED when the current round's bids were formally opened.
    const opened = await openedInCurrentRound(db, step.id);
    await t
      .updateTable('srm_src_inquiry')
      .set({ award_proposal: null, award_reject_reason: comment || null, ...(opened ? { status: 'OPENED' } : {}) })
      .where('inquiry_id', '=', step.id)
      .execute();
  }
}
