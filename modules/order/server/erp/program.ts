// PO_ERP_PUSH (scheduler program), the after-commit subscribers that start it, and "retry now"
// (srmPoErpOutboxRestful/doRetry {id}): an administrator pushes a waiting or failed document at once.
import type { AppContext } from '../../../../server/context.js';
import type { DomainEvents } from '../../../../server/events/domainEvents.js';
import { ok } from '../../../../server/http/envelope.js';
import { refuse } from '../../../../server/errors.js';
import type { ScheduledProgram } from '../../../../server/modules/types.js';
import type { FamilyAction } from '../../../../server/rest/actionContext.js';
import { findRow, parseId } from '../../../../server/rest/read.js';
import { po } from '../store.js';
import { attemptErp, ERP_PROGRAM, pushBy, runDueErp } from './outbox.js';

export const erpProgram: ScheduledProgram = {
  code: ERP_PROGRAM,
  names: {
    CN: '推送订单与收货到ERP',
    EN: 'Push orders and receipts to the ERP',
    TH: 'ส่งใบสั่งซื้อและการรับสินค้าไปยัง ERP',
    VN: 'Gửi đơn hàng và phiếu nhận hàng sang ERP',
  },
  async run(app, _params, run) {
    await runDueErp(app, run);
  },
};

/** Released orders and posted receipts wait in the outbox: a push run is asked for once they are committed. */
export const erpSubscribers = {
  'order.released': async (_e: DomainEvents['order.released'], app: AppContext) => pushBy(app, new Date()),
  'receipt.posted': async (_e: DomainEvents['receipt.posted'], app: AppContext) => pushBy(app, new Date()),
};

export const doRetry: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  const row = await findRow(ctx, ctx.app.db, id);
  if (row.status === 'SENT') throw refuse('erp.alreadySent', { document: String(row.document_number ?? id) });
  if (row.status === 'SENDING') throw refuse('erp.sending', { document: String(row.document_number ?? id) });
  const status = await attemptErp(ctx.app, id, ctx.session.userName);
  const after = await po(ctx.app.db)
    .selectFrom('srm_po_erp_outbox')
    .select(['status', 'attempts', 'last_http_status', 'last_error'])
    .where('outbox_id', '=', id)
    .executeTakeFirstOrThrow();
  if (status === 'PENDING') throw refuse('erp.notConfigured');
  return ok({ outboxId: id, status: after.status, attempts: after.attempts, lastHttpStatus: after.last_http_status, lastError: after.last_error });
};
