// Demo e-signature accounts (docs/contract.md "E-signature accounts"): buyer01's own (active), an old
// disabled one of approver01, and each demo supplier's company account, so the buyers' list shows both
// owners and both states and each supplier finds its own in the portal. The active ones get an image drawn
// by the late step esignAccountImages (sealImages.ts: buyer01's signature, each company's round seal), stored
// through the files module's API, so the demo's signed contracts print them; approver01's disabled one has
// none (its signature would print the built-in drawn seal).
import type { DemoStep } from '../../../server/modules/types.js';
import { auditInsert } from '../../../server/db/typed.js';
import type { FilesApi } from '../../files/api.js';
import { con } from '../server/store.js';
import { companySealPng, signaturePng } from './sealImages.js';

/** The picture of each demo account, by account name (null: none). */
const PICTURES: Record<string, (() => Buffer) | null> = {
  'buyer01 签章': () => signaturePng('张采购'),
  'approver01 旧签章': null,
  '华东精密钢材 公章': () => companySealPng('华东精密钢材有限公司', '合同专用章'),
  'Siam Electronic company seal': () => companySealPng('SIAM ELECTRONIC CO., LTD.', 'ตราประทับบริษัท'),
};

export const demoAccounts: DemoStep = {
  name: 'esignAccounts',
  after: ['admin:users', 'supplier:suppliers'],
  async run(db, demo) {
    const admin = demo.ids.get('user', 'buyer01');
    const rows = [
      { account_name: 'buyer01 签章', owner_type: 'USER', user_id: demo.ids.get('user', 'buyer01'), supplier_id: null, status: 'ACTIVE' },
      { account_name: 'approver01 旧签章', owner_type: 'USER', user_id: demo.ids.get('user', 'approver01'), supplier_id: null, status: 'DISABLED' },
      { account_name: '华东精密钢材 公章', owner_type: 'SUPPLIER', user_id: null, supplier_id: demo.ids.get('supplier', 'S-0001'), status: 'ACTIVE' },
      {
        account_name: 'Siam Electronic company seal',
        owner_type: 'SUPPLIER',
        user_id: null,
        supplier_id: demo.ids.get('supplier', 'S-0002'),
        status: 'ACTIVE',
      },
    ];
    for (const r of rows) {
      const { account_id } = await con(db)
        .insertInto('esign_account')
        .values({ ...r, provider: 'BUILTIN', ...auditInsert(admin) })
        .returning('account_id')
        .executeTakeFirstOrThrow();
      demo.ids.set('esignAccount', r.account_name, account_id);
    }
  },
};

/** The active demo accounts' pictures, drawn now and stored through the files module (a late step: its API). */
export const demoAccountImages: DemoStep = {
  name: 'esignAccountImages',
  after: ['contract:esignAccounts'],
  late: true,
  async run(db, demo) {
    const admin = demo.ids.get('user', 'buyer01');
    const files = demo.api<FilesApi>('files');
    for (const [name, draw] of Object.entries(PICTURES)) {
      if (!draw) continue;
      const accountId = demo.ids.get('esignAccount', name);
      const file = await files.storeBytes(
        db,
        { bytes: draw(), fileName: `esign-${accountId}.png`, contentType: 'image/png', functionId: 'esignAccount', businessId: accountId },
        admin,
      );
      await con(db)
        .updateTable('esign_account')
        .set({ signature_image: String(file.id) })
        .where('account_id', '=', accountId)
        .execute();
    }
  },
};
