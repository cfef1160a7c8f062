// Demo rows of srmBaseGridSample for the grid showcase (menu 组件示例 / Component samples): every field
// type filled, groups of three rows for the row merge, one urgentFlag with a wrong value for the §8
// checkbox error, and enough rows for three pages. Also the demo lookup GRID_SAMPLE_LINES: numeric codes
// 0–6 (lookup.numberFlag writes them into the integer lineCount) with 6 disabled (lookup.filterFlag).
import type { Db } from '../../../server/db/connect.js';
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { DemoContext, DemoStep } from '../../../server/modules/types.js';
import type { SamplesTables } from '../generated/tables.js';

const NAMES = [
  '冷轧钢板',
  'Aluminium profile 6063',
  'ABS 塑料粒子',
  'แผ่นเหล็กรีดเย็น',
  'Ống thép không gỉ',
  '贴片电阻 10kΩ 0603 1% 高精度长名称示例',
  'Packaging carton',
  '轴承 6204-2RS',
];
const UOMS = ['KG', 'PCS', 'M', 'SET'];
const CATEGORIES = ['RAW', 'ELEC', 'PACK', 'MRO'];
const COUNTRIES = ['CN', 'TH', 'VN', 'US'];
const PRIORITIES = ['H', 'M', 'L'];
export const GRID_SAMPLE_ROWS = 45;

const LINE_WORDS = { CN: '行', EN: 'lines', TH: 'บรรทัด', VN: 'dòng' };

function seedLineLookup(demo: DemoContext): Promise<void> {
  return demo.lookups([
    {
      lookupType: 'GRID_SAMPLE_LINES',
      meaning: '示例行数',
      systemCode: 'BASE',
      values: Array.from({ length: 7 }, (_, n) => ({
        lookupCode: String(n),
        meaning: `${n} ${LINE_WORDS.CN}`,
        meaningEn: `${n} ${LINE_WORDS.EN}`,
        meaningTh: `${n} ${LINE_WORDS.TH}`,
        meaningVn: `${n} ${LINE_WORDS.VN}`,
        seqNum: n * 10,
        enabledFlag: n === 6 ? ('N' as const) : ('Y' as const),
      })),
    },
  ]);
}

async function seedGridSamples(db: Db, userId: number, materialIds: readonly number[]): Promise<void> {
  for (let i = 0; i < GRID_SAMPLE_ROWS; i++) {
    const n = i + 1;
    const day = String((i % 27) + 1).padStart(2, '0');
    const group = `G${String(Math.floor(i / 3) + 1).padStart(2, '0')}`;
    const quantity = 10 * n + (i % 4) * 0.25;
    const price = Number((1.5 * ((i % 9) + 1) + 1000 * (i % 5 === 0 ? 1 : 0)).toFixed(4));
    await typed<SamplesTables>(db)
      .insertInto('srm_base_grid_sample')
      .values({
        sample_code: `GS-${String(n).padStart(4, '0')}`,
        sample_name: `${NAMES[i % NAMES.length]} #${n}`,
        group_name: group,
        description: `第 ${n} 行的说明 / description of row ${n}`,
        website: `https://example.com/samples/${n}`,
        email: `sample${n}@example.com`,
        phone: `+86 138 0000 ${String(1000 + n)}`,
        secret_code: `pw-${n}`,
        quantity,
        unit_price: price,
        amount: Number((quantity * price).toFixed(2)),
        tax_rate: [0.13, 0.09, 0.07, 0.1][i % 4],
        uom_code: UOMS[i % 4],
        category_code: CATEGORIES[i % 4],
        country_code: COUNTRIES[i % 4],
        material_id: materialIds[i % materialIds.length] ?? null,
        start_date: `2026-11-${day}`,
        end_date: `2026-12-${day}`,
        plan_start: `2026-11-${day} 08:30:00`,
        plan_end: `2026-11-${day} 17:45:00`,
        delivery_date: `2026-12-${day}`,
        check_time: `2026-11-${day} 10:${String(i % 60).padStart(2, '0')}:00`,
        fiscal_year: '2026',
        fiscal_month: `2026-${String((i % 12) + 1).padStart(2, '0')}`,
        daily_time: `${String(8 + (i % 10)).padStart(2, '0')}:00:00`,
        enabled_flag: i % 5 === 4 ? 'N' : 'Y',
        urgent_flag: i === 2 ? 'X' : i % 2 === 0 ? 'Y' : 'N',
        priority: PRIORITIES[i % 3],
        line_count: i % 7,
        progress: ((i * 7) % 100) / 100,
        remark: `remark ${n}`,
        ...auditInsert(userId),
      })
      .execute();
  }
}

const grid: DemoStep = {
  name: 'grid',
  after: ['base:data'],
  async run(db, demo) {
    await seedLineLookup(demo);
    await seedGridSamples(db, demo.ids.get('user', 'buyer01'), demo.ids.all('material'));
  },
};

export const samplesDemo: readonly DemoStep[] = [grid];
