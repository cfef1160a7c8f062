// Demo inquiries in every state, by buyer01 to supplier01 (S-0001) and supplier02 (S-0002): a draft, one
// published and open that supplier01 has quoted, one past its deadline with two quotes ready to compare,
// one awarded (split) with its price items, one cancelled, one whose award waits for approval (SRC_AWARD,
// approver01's open task) and one whose award approver01 rejected with a comment (demoAwardProcesses.ts
// writes their processes). Deadlines are relative to the seeding time.
import { sql, type RawBuilder } from 'kysely';
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { Db } from '../../../server/db/connect.js';
import type { DemoStep } from '../../../server/modules/types.js';
import { setDocumentCounter } from '../../../server/rest/numbering.js';
import type { SourcingTables } from '../generated/tables.js';
import type { OfferRules } from '../server/offerRules.js';
import type { BidOpening } from '../server/bidOpening.js';

type State = 'DRAFT' | 'OPEN' | 'TO_COMPARE' | 'AWARDED' | 'CANCELLED' | 'APPROVING' | 'AWARD_REJECTED' | 'OPENED';
type Template = 'STANDARD' | 'LADDER' | 'FULL';
interface DemoInquiry {
  title: string;
  state: State;
  /** The offer template (its rules copied onto the published inquiry); the quotes fill what it asks. */
  template: Template;
  days: number;
  /** [material index, quantity] */
  lines: [number, number][];
  /** Per supplier (S-0001, S-0002): a price per line, or null for no quote. */
  prices: [number[] | null, number[] | null];
}

const INQUIRIES: DemoInquiry[] = [
  {
    title: '2027年第一季度钢材询价',
    template: 'LADDER',
    state: 'DRAFT',
    days: 14,
    lines: [
      [0, 500],
      [1, 200],
    ],
    prices: [null, null],
  },
  {
    title: '电子元器件年度询价',
    template: 'STANDARD',
    state: 'OPEN',
    days: 7,
    lines: [
      [2, 1000],
      [3, 300],
    ],
    prices: [[12.8, 45], null],
  },
  {
    title: '包装材料询价（待比价）',
    template: 'FULL',
    state: 'TO_COMPARE',
    days: -1,
    lines: [
      [4, 2000],
      [5, 800],
    ],
    prices: [
      [3.2, 7.5],
      [3.05, 7.9],
    ],
  },
  {
    title: '机械配件询价（已定标）',
    template: 'STANDARD',
    state: 'AWARDED',
    days: -20,
    lines: [
      [6, 120],
      [7, 60],
    ],
    prices: [
      [88, 150],
      [92, 139],
    ],
  },
  { title: '办公设备询价（已取消）', template: 'STANDARD', state: 'CANCELLED', days: 5, lines: [[8, 10]], prices: [null, null] },
  {
    title: '紧固件询价（定标审批中）',
    template: 'STANDARD',
    state: 'APPROVING',
    days: -2,
    lines: [
      [9, 5000],
      [10, 3000],
    ],
    prices: [
      [0.42, 1.15],
      [0.39, 1.2],
    ],
  },
  {
    title: '劳保用品询价（定标被驳回）',
    template: 'STANDARD',
    state: 'AWARD_REJECTED',
    days: -3,
    lines: [
      [11, 600],
      [12, 400],
    ],
    prices: [
      [18.5, 26],
      [19.2, 24.8],
    ],
  },
  {
    title: '五金工具询价（已开标）',
    template: 'LADDER',
    state: 'OPENED',
    days: -1,
    lines: [
      [13, 240],
      [14, 120],
    ],
    prices: [[56, 132], null],
  },
];

/** The approver's comment on the rejected demo award (shown on the comparison). */
export const DEMO_AWARD_REJECTION = '拆分比例不合理，请按最低价重新定标';

const STATUS: Record<State, string> = {
  DRAFT: 'DRAFT',
  OPEN: 'PUBLISHED',
  TO_COMPARE: 'PUBLISHED',
  AWARDED: 'AWARDED',
  CANCELLED: 'CANCELLED',
  APPROVING: 'APPROVING',
  AWARD_REJECTED: 'PUBLISHED',
  OPENED: 'OPENED',
};

/** What demoAwardProcesses.ts needs of the inquiries whose award went through SRC_AWARD. */
export interface DemoAwardDocument {
  id: number;
  number: string;
  title: string;
  state: 'AWARDED' | 'APPROVING' | 'AWARD_REJECTED';
  days: number;
}
const at = (days: number): RawBuilder<string> => sql<string>`localtimestamp(0) + make_interval(days => ${days})`;

/** What a quote fills besides price and delivery days, by the template's rules. */
function extras(template: Template, quantity: number, price: number, i: number) {
  if (template === 'LADDER')
    return {
      ladder_prices: JSON.stringify([{ fromQuantity: Math.ceil(quantity / 2), price: Math.round(price * 0.95 * 100) / 100 }]),
      valid_to: sql<string>`current_date + 90`,
    };
  if (template === 'FULL') return { valid_to: sql<string>`current_date + 120`, freight: 200 + i * 80, tax_rate: 13, remark: i === 0 ? '含包装' : null };
  return {};
}

async function quoteOf(db: Db, buyer: number, inquiryId: number, supplierId: number, lineIds: number[], prices: number[], days: number, d: DemoInquiry) {
  const t = typed<SourcingTables>(db);
  const q = await t
    .insertInto('srm_src_quotation')
    .values({
      inquiry_id: inquiryId,
      supplier_id: supplierId,
      round_number: 1,
      status: 'SUBMITTED',
      currency_code: 'CNY',
      valid_to: sql<string>`current_date + 180`,
      tax_rate: 13,
      submitted_date: at(days - 1),
      ...auditInsert(buyer),
    })
    .returning('quotation_id')
    .executeTakeFirstOrThrow();
  await t
    .insertInto('srm_src_quotation_line')
    .values(
      lineIds.map((id, i) => ({
        quotation_id: q.quotation_id,
        inquiry_line_id: id,
        price: prices[i],
        delivery_days: 15 + i * 5,
        ...extras(d.template, d.lines[i][1], prices[i], i),
        ...auditInsert(buyer),
      })),
    )
    .execute();
  return q.quotation_id;
}

export const demoInquiries: DemoStep = {
  name: 'inquiries',
  after: ['base:data', 'admin:users', 'supplier:suppliers', 'supplier:categories', 'sourcing:offerTemplates'],
  async run(db, demo) {
    const t = typed<SourcingTables>(db);
    const buyer = demo.ids.get('user', 'buyer01');
    const materials = demo.ids.all('material');
    const category = demo.ids.all('purchaseCategory')[0];
    const suppliers = [demo.ids.get('supplier', 'S-0001'), demo.ids.get('supplier', 'S-0002')];
    const processed: DemoAwardDocument[] = [];
    const templates = demo.shared<Record<Template, { id: number; rules: OfferRules }>>('sourcing.offerTemplates');
    for (const [i, d] of INQUIRIES.entries()) {
      const status = STATUS[d.state];
      const published = d.state !== 'DRAFT';
      const number = `RFQ-2026-${String(i + 1).padStart(6, '0')}`;
      const { inquiry_id: id } = await t
        .insertInto('srm_src_inquiry')
        .values({
          inquiry_number: number,
          title: d.title,
          status,
          category_id: category,
          currency_code: 'CNY',
          deadline: at(d.days),
          round_number: 1,
          terms: '含税含运费到厂价；付款方式：月结60天。Prices include VAT and delivery to our plant; payment 60 days.',
          offer_template_id: templates[d.template].id,
          offer_rules: published ? JSON.stringify(templates[d.template].rules) : null,
          published_date: published ? at(Math.min(d.days, 0) - 3) : null,
          awarded_date: d.state === 'AWARDED' ? at(d.days + 1) : null,
          awarded_by: d.state === 'AWARDED' ? buyer : null,
          ...auditInsert(buyer),
        })
        .returning('inquiry_id')
        .executeTakeFirstOrThrow();
      const lineIds: number[] = [];
      for (const [n, [m, quantity]] of d.lines.entries()) {
        const row = await t
          .insertInto('srm_src_inquiry_line')
          .values({
            inquiry_id: id,
            line_number: (n + 1) * 10,
            material_id: materials[m % materials.length],
            quantity,
            required_date: '2027-01-31',
            ...auditInsert(buyer),
          })
          .returning('inquiry_line_id')
          .executeTakeFirstOrThrow();
        lineIds.push(row.inquiry_line_id);
      }
      for (const [s, supplierId] of suppliers.entries()) {
        const prices = d.prices[s];
        await t
          .insertInto('srm_src_inquiry_supplier')
          .values({
            inquiry_id: id,
            supplier_id: supplierId,
            quote_status: published ? (prices ? 'QUOTED' : 'NOT_QUOTED') : null,
            quoted_date: prices ? at(d.days - 1) : null,
            round_number: published ? 1 : null,
            ...auditInsert(buyer),
          })
          .execute();
        if (prices) await quoteOf(db, buyer, id, supplierId, lineIds, prices, d.days, d);
      }
      if (d.state === 'OPENED') await opening(db, demo.ids.get('user', 'buyer01'), id, d, suppliers, lineIds);
      if (d.state === 'AWARDED') await award(db, buyer, id, lineIds, d, suppliers, materials);
      if (d.state === 'APPROVING' || d.state === 'AWARD_REJECTED') await proposal(db, buyer, id, lineIds, d, suppliers);
      if (d.state === 'AWARDED' || d.state === 'APPROVING' || d.state === 'AWARD_REJECTED')
        processed.push({ id, number, title: d.title, state: d.state, days: d.days });
    }
    await setDocumentCounter(db, 'RFQ', '2026', INQUIRIES.length);
    demo.share('sourcing.awardDocuments', processed);
  },
};

/** Line 1 split 70/30 % between the two suppliers, line 2 to the cheaper one; price items for each. */
async function award(db: Db, buyer: number, id: number, lineIds: number[], d: DemoInquiry, suppliers: number[], materials: number[]) {
  const t = typed<SourcingTables>(db);
  const [q1, q2] = d.lines.map(([, qty]) => qty);
  const awards: [line: number, supplier: number, quantity: number][] = [
    [0, 0, q1 * 0.7],
    [0, 1, q1 * 0.3],
    [1, d.prices[0]![1] <= d.prices[1]![1] ? 0 : 1, q2],
  ];
  for (const [l, s, quantity] of awards) {
    const supplierId = suppliers[s];
    await t
      .updateTable('srm_src_quotation_line')
      .set({ awarded_quantity: quantity })
      .where('inquiry_line_id', '=', lineIds[l])
      .where('quotation_id', 'in', t.selectFrom('srm_src_quotation').select('quotation_id').where('supplier_id', '=', supplierId).where('inquiry_id', '=', id))
      .execute();
    await t
      .insertInto('srm_price_item')
      .values({
        supplier_id: supplierId,
        material_id: materials[d.lines[l][0] % materials.length],
        price: d.prices[s]![l],
        currency_code: 'CNY',
        quantity,
        valid_from: sql<string>`current_date - 19`,
        valid_to: sql<string>`current_date + 160`,
        source_inquiry_id: id,
        source_inquiry_line_id: lineIds[l],
        ...auditInsert(buyer),
      })
      .execute();
  }
  for (const [l, qty] of [q1, q2].entries())
    await t.updateTable('srm_src_inquiry_line').set({ awarded_quantity: qty }).where('inquiry_line_id', '=', lineIds[l]).execute();
  await t.updateTable('srm_src_inquiry_supplier').set({ award_result: 'WON' }).where('inquiry_id', '=', id).execute();
}

/** The award in approval (each line to its cheaper supplier, line 1 split 60/40) or, rejected, only the
 *  approver's comment (the proposal is dropped on rejection). */
async function proposal(db: Db, buyer: number, id: number, lineIds: number[], d: DemoInquiry, suppliers: number[]) {
  const [q1, q2] = d.lines.map(([, qty]) => qty);
  const cheaper = (l: number) => (d.prices[0]![l] <= d.prices[1]![l] ? 0 : 1);
  const awards = [
    [lineIds[0], suppliers[cheaper(0)], q1 * 0.6],
    [lineIds[0], suppliers[1 - cheaper(0)], q1 * 0.4],
    [lineIds[1], suppliers[cheaper(1)], q2],
  ];
  const rejected = d.state === 'AWARD_REJECTED';
  await typed<SourcingTables>(db)
    .updateTable('srm_src_inquiry')
    .set({
      award_proposal: rejected ? null : JSON.stringify(awards),
      award_proposed_by: buyer,
      award_reject_reason: rejected ? DEMO_AWARD_REJECTION : null,
    })
    .where('inquiry_id', '=', id)
    .execute();
}

/** buyer01 opened the bids an hour after the deadline: supplier01 quoted both lines, supplier02 did not answer. */
async function opening(db: Db, buyer: number, id: number, d: DemoInquiry, suppliers: number[], lineIds: number[]) {
  const t = typed<SourcingTables>(db);
  const row = await t
    .selectFrom('srm_src_inquiry')
    .select([
      sql<string>`to_char(deadline + interval '1 hour', 'YYYY-MM-DD HH24:MI:SS')`.as('opened_at'),
      sql<string>`to_char(deadline, 'YYYY-MM-DD HH24:MI:SS')`.as('deadline_text'),
    ])
    .where('inquiry_id', '=', id)
    .executeTakeFirstOrThrow();
  // The names as the opening recorded them (supplier module's demo, S-0001 and S-0002).
  const names = ['华东精密钢材有限公司', 'Siam Electronic Components Co., Ltd.'];
  const record: BidOpening = {
    roundNumber: 1,
    openedAt: row.opened_at,
    openedBy: buyer,
    openedByName: 'buyer01',
    deadline: row.deadline_text,
    suppliers: suppliers.map((supplierId, s) => {
      const prices = d.prices[s];
      // The ladder (from half the quantity, 95 %) applies at the quantity asked.
      const total = prices ? prices.reduce((sum, p, i) => sum + (Math.round(p * 0.95 * 100) / 100) * d.lines[i][1], 0) : null;
      return {
        supplierId,
        supplierName: names[s],
        result: prices ? 'QUOTED' : 'NO_ANSWER',
        linesQuoted: prices ? lineIds.length : 0,
        lineCount: lineIds.length,
        total: total === null ? null : Math.round(total * 100) / 100,
        currencyCode: prices ? 'CNY' : null,
        submittedDate: null,
      };
    }),
  };
  await t
    .updateTable('srm_src_inquiry')
    .set({ bid_opened_date: row.opened_at, bid_opened_by: buyer, bid_opening_record: JSON.stringify([record]) })
    .where('inquiry_id', '=', id)
    .execute();
}
