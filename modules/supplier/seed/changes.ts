// Demo company, information changes: supplier01's company (S-0001) has asked to change its contact
// phone and address, waiting for buyer01's review; supplier02's (S-0002) had its e-mail change approved.
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { DemoStep } from '../../../server/modules/types.js';
import { setDocumentCounter } from '../../../server/rest/numbering.js';
import type { SupplierTables } from '../generated/tables.js';

const CHANGES: [
  supplier: string,
  status: 'SUBMITTED' | 'APPROVED',
  date: string,
  diff: [field: string, column: 'contact_phone' | 'address' | 'email', value: string][],
][] = [
  [
    'S-0001',
    'SUBMITTED',
    '2026-11-24 10:15:00',
    [
      ['contactPhone', 'contact_phone', '021-5888-0199'],
      ['address', 'address', '上海市嘉定区安亭镇墨玉路 888 号'],
    ],
  ],
  ['S-0002', 'APPROVED', '2026-10-08 09:00:00', [['email', 'email', 'sales@siam-ec.example.com']]],
];

export const changes: DemoStep = {
  name: 'changes',
  after: ['supplier:suppliers', 'admin:users'],
  async run(db, demo) {
    const t = typed<SupplierTables>(db);
    const buyer = demo.ids.get('user', 'buyer01');
    for (const [i, [number, status, date, diff]] of CHANGES.entries()) {
      const supplierId = demo.ids.get('supplier', number);
      const s = await t.selectFrom('srm_pos_supplier_info').selectAll().where('supplier_id', '=', supplierId).executeTakeFirstOrThrow();
      const proposed = Object.fromEntries(diff.map(([, column, value]) => [column, value]));
      const c = await t
        .insertInto('srm_pos_supplier_change')
        .values({
          change_number: `CR-2026-${String(i + 1).padStart(6, '0')}`,
          supplier_id: supplierId,
          ...proposed,
          status,
          submitted_date: date,
          approved_by: status === 'APPROVED' ? buyer : null,
          approved_date: status === 'APPROVED' ? date : null,
        })
        .returning('change_id')
        .executeTakeFirstOrThrow();
      // An approved change's old value is what the master held before it.
      const before: Record<string, string> = status === 'APPROVED' ? { email: 'contact@siam-ec.example.com' } : {};
      await t
        .insertInto('srm_pos_supplier_change_line')
        .values(
          diff.map(([field, column, value], l) => ({
            change_id: c.change_id,
            line_number: l + 1,
            field_name: field,
            old_value: before[field] ?? s[column] ?? '',
            new_value: value,
            ...auditInsert(buyer),
          })),
        )
        .execute();
      if (status === 'APPROVED') await t.updateTable('srm_pos_supplier_info').set(proposed).where('supplier_id', '=', supplierId).execute();
    }
    await setDocumentCounter(db, 'CR', '2026', CHANGES.length);
  },
};
