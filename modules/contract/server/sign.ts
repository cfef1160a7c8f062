// doSign {id}: one side signs a contract the supplier confirmed. The caller's side follows from who they are
// (a portal user signs for its supplier, staff for the buyer); each side signs once; the second signature
// must be over the same document (same SHA-256) as the first. Both signed: SIGNED.
import { ok } from '../../../server/http/envelope.js';
import { refuse } from '../../../server/errors.js';
import { auditInsert, auditUpdate } from '../../../server/db/typed.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { loadRecord, parseId } from '../../../server/rest/read.js';
import { con, expectState, lockedContract, sideOf } from './store.js';
import { documentText, providerOf } from './esign.js';

const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

export const doSign: FamilyAction = async (ctx) => {
  const id = parseId(ctx, ctx.body.id);
  return ctx.app.db.transaction().execute(async (db) => {
    const c = await lockedContract(ctx, db, id);
    expectState(c, ['CONFIRMED', 'SIGNING'], 'contract.sign.wrongState');
    const side = sideOf(ctx);
    if ((side === 'BUYER' ? c.buyer_signed_date : c.supplier_signed_date) !== null) throw refuse('contract.sign.already');
    const record = await loadRecord(ctx, db, id);
    const document = documentText(record, (record.lines as Record<string, unknown>[]) ?? []);
    const provider = providerOf();
    if (c.document_hash && !provider.verify(document, c.document_hash)) throw refuse('contract.sign.changed');
    const signed = await provider.sign({ document, signerId: ctx.session.userId, signerName: ctx.session.userName, side });
    const at = stamp(signed.signedAt);
    const userId = ctx.session.userId;
    await con(db)
      .insertInto('esign_sign')
      .values({
        document_type: 'CONTRACT',
        document_id: id,
        document_number: c.contract_number,
        version_no: c.version_no ?? 1,
        supplier_id: c.supplier_id,
        sign_side: side,
        signer_id: userId,
        signer_name: ctx.session.userName,
        sign_date: at,
        document_hash: signed.documentHash,
        provider: signed.provider,
        ...auditInsert(userId),
      })
      .execute();
    const other = side === 'BUYER' ? c.supplier_signed_date : c.buyer_signed_date;
    const status = other !== null ? 'SIGNED' : 'SIGNING';
    const mine =
      side === 'BUYER'
        ? { buyer_signed_name: ctx.session.userName, buyer_signed_date: at }
        : { supplier_signed_name: ctx.session.userName, supplier_signed_date: at };
    await con(db)
      .updateTable('srm_con_contract')
      .set({ ...mine, status, document_hash: signed.documentHash, ...auditUpdate(userId) })
      .where('contract_id', '=', id)
      .execute();
    ctx.events.add('contract.signed', {
      contractId: id,
      contractNumber: c.contract_number ?? '',
      supplierId: Number(c.supplier_id),
      buyerId: Number(c.created_by ?? 0),
      side,
      complete: status === 'SIGNED',
    });
    return ok(await loadRecord(ctx, db, id));
  });
};
