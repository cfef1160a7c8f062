// Demo e-signature accounts (docs/contract.md "E-signature accounts"): buyer01's own (active), an old
// disabled one of approver01, and each demo supplier's company account, so the buyers' list shows both
// owners and both states and each supplier finds its own in the portal. No images: the PDF then prints the
// built-in provider's drawn seal; uploading an image to an account makes its signatures print that image.
import type { DemoStep } from '../../../server/modules/types.js';
import { auditInsert } from '../../../server/db/typed.js';
import { con } from '../server/store.js';

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
    for (const r of rows)
      await con(db)
        .insertInto('esign_account')
        .values({ ...r, provider: 'BUILTIN', ...auditInsert(admin) })
        .execute();
  },
};
