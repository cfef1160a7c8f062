// Demo company, base data: purchase categories and groups, banks, materials, exchange rates and
// currencies, kept by buyer01.
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { BaseTables } from '../generated/tables.js';
import type { DemoStep } from '../../../server/modules/types.js';
import { BANKS, MATERIALS } from './demoData.js';

const data: DemoStep = {
  name: 'data',
  after: ['admin:users'],
  async run(db, demo) {
    const buyer = demo.ids.get('user', 'buyer01');
    const t = typed<BaseTables>(db);
    const categories: [string, string][] = [
      ['RAW', '原材料'],
      ['ELEC', '电子元器件'],
      ['PACK', '包装材料'],
      ['MRO', '辅料及MRO'],
    ];
    for (const [code, name] of categories) {
      const row = await t
        .insertInto('srm_base_purchase_category')
        .values({ category_code: code, category_name: name })
        .returning('category_id')
        .executeTakeFirstOrThrow();
      demo.ids.set('purchaseCategory', code, row.category_id);
    }
    // Leaders are users (the workflow's assignee rule "groupLeader"): 赵经理 leads production, 李审批 indirect.
    for (const [code, name, leader] of [
      ['G01', '生产物料采购组', 'approver02'],
      ['G02', '间接物料采购组', 'approver01'],
    ]) {
      const row = await t
        .insertInto('srm_base_purchase_group')
        .values({ group_code: code, group_name: name, leader_user_id: demo.ids.get('user', leader) })
        .returning('group_id')
        .executeTakeFirstOrThrow();
      demo.ids.set('purchaseGroup', code, row.group_id);
    }
    for (const [code, name, swift, country] of BANKS) {
      await t
        .insertInto('srm_base_bank')
        .values({ bank_code: code, bank_name: name, swift_code: swift, country_code: country, ...auditInsert(buyer) })
        .execute();
    }
    for (const [i, [name, spec, uom, cat, price]] of MATERIALS.entries()) {
      const code = `M-${String(i + 1).padStart(4, '0')}`;
      const row = await t
        .insertInto('srm_base_material')
        .values({ material_code: code, material_name: name, specification: spec, uom_code: uom, category_code: cat, unit_price: price, ...auditInsert(buyer) })
        .returning('material_id')
        .executeTakeFirstOrThrow();
      demo.ids.set('material', code, row.material_id);
    }
    demo.share(
      'base.materialUnits',
      MATERIALS.map((m) => m[2]),
    );
    const rates: [string, number][] = [
      ['USD', 7.1],
      ['EUR', 7.72],
      ['THB', 0.198],
      ['VND', 0.00028],
    ];
    for (let d = 0; d < 5; d++) {
      for (const [cur, rate] of rates) {
        const day = `2026-11-${String(17 + d).padStart(2, '0')}`;
        await t
          .insertInto('srm_base_exchange_rate')
          .values({ from_currency: cur, to_currency: 'CNY', rate_date: day, rate: +(rate * (1 + (d - 2) * 0.002)).toFixed(6), ...auditInsert(buyer) })
          .execute();
      }
    }
    // Currencies have no shipped page: the designer's end-to-end test builds their screen (symbol empty on two rows).
    const currencies: [string, string, string | null, number][] = [
      ['CNY', '人民币', '¥', 1200000],
      ['USD', 'US Dollar', '$', 350000],
      ['EUR', 'Euro', '€', 120000.5],
      ['THB', 'Thai Baht', null, 80000],
      ['VND', 'Vietnamese Dong', null, 0.25],
    ];
    for (const [code, name, symbol, volume] of currencies) {
      await t
        .insertInto('srm_base_currency')
        .values({ currency_code: code, currency_name: name, symbol, decimal_places: code === 'VND' ? 0 : 2, monthly_volume: volume, ...auditInsert(buyer) })
        .execute();
    }
  },
};

export const baseDemo: readonly DemoStep[] = [data];
