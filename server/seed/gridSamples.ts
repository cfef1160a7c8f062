// Demo rows of srmBaseGridSample for the grid showcase (menu 组件示例 / Component samples): every field
// type filled, groups of three rows for the row merge, one urgentFlag with a wrong value for the §8
// checkbox error, and enough rows for three pages. Also the demo lookup GRID_SAMPLE_LINES: numeric codes
// 0–6 (lookup.numberFlag writes them into the integer lineCount) with 6 disabled (lookup.filterFlag).
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

const NAMES = ['冷轧钢板', 'Aluminium profile 6063', 'ABS 塑料粒子', 'แผ่นเหล็กรีดเย็น', 'Ống thép không gỉ', '贴片电阻 10kΩ 0603 1% 高精度长名称示例', 'Packaging carton', '轴承 6204-2RS'];
const UOMS = ['KG', 'PCS', 'M', 'SET'];
const CATEGORIES = ['RAW', 'ELEC', 'PACK', 'MRO'];
const COUNTRIES = ['CN', 'TH', 'VN', 'US'];
const PRIORITIES = ['H', 'M', 'L'];
export const GRID_SAMPLE_ROWS = 45;

const LINE_WORDS = { CN: '行', EN: 'lines', TH: 'บรรทัด', VN: 'dòng' };

async function seedLineLookup(db: Db): Promise<void> {
  await sql`insert into base_lookup_type (lookup_type, meaning, system_code) values ('GRID_SAMPLE_LINES', '示例行数', 'BASE')
    on conflict (lookup_type) do nothing`.execute(db);
  const typeId = (await sql<{ id: number }>`select lookup_type_id as id from base_lookup_type where lookup_type = 'GRID_SAMPLE_LINES'`.execute(db)).rows[0].id;
  for (let n = 0; n <= 6; n++) {
    await sql`insert into base_lookup_values (lookup_type_id, lookup_type, lookup_code, meaning, meaning_en, meaning_th, meaning_vn, seq_num, system_code, enabled_flag)
      values (${typeId}, 'GRID_SAMPLE_LINES', ${String(n)}, ${`${n} ${LINE_WORDS.CN}`}, ${`${n} ${LINE_WORDS.EN}`}, ${`${n} ${LINE_WORDS.TH}`}, ${`${n} ${LINE_WORDS.VN}`}, ${n * 10}, 'BASE', ${n === 6 ? 'N' : 'Y'})
      on conflict (lookup_type, lookup_code) do nothing`.execute(db);
  }
}

export async function seedGridSamples(db: Db, userId: number, materialIds: readonly number[]): Promise<void> {
  await seedLineLookup(db);
  for (let i = 0; i < GRID_SAMPLE_ROWS; i++) {
    const n = i + 1;
    const day = String((i % 27) + 1).padStart(2, '0');
    const group = `G${String(Math.floor(i / 3) + 1).padStart(2, '0')}`;
    const quantity = 10 * n + (i % 4) * 0.25;
    const price = Number((1.5 * ((i % 9) + 1) + 1000 * (i % 5 === 0 ? 1 : 0)).toFixed(4));
    await sql`insert into srm_base_grid_sample (sample_code, sample_name, group_name, description, website, email, phone, secret_code,
        quantity, unit_price, amount, tax_rate, uom_code, category_code, country_code, material_id, start_date, end_date, plan_start, plan_end,
        delivery_date, check_time, fiscal_year, fiscal_month, daily_time, enabled_flag, urgent_flag, priority, line_count, progress, remark,
        created_by, last_updated_by)
      values (${`GS-${String(n).padStart(4, '0')}`}, ${`${NAMES[i % NAMES.length]} #${n}`}, ${group}, ${`第 ${n} 行的说明 / description of row ${n}`},
        ${`https://example.com/samples/${n}`}, ${`sample${n}@example.com`}, ${`+86 138 0000 ${String(1000 + n)}`}, ${`pw-${n}`},
        ${quantity}, ${price}, ${Number((quantity * price).toFixed(2))}, ${[0.13, 0.09, 0.07, 0.1][i % 4]}, ${UOMS[i % 4]}, ${CATEGORIES[i % 4]}, ${COUNTRIES[i % 4]},
        ${materialIds[i % materialIds.length] ?? null}, ${`2026-11-${day}`}, ${`2026-12-${day}`}, ${`2026-11-${day} 08:30:00`}, ${`2026-11-${day} 17:45:00`},
        ${`2026-12-${day}`}, ${`2026-11-${day} 10:${String(i % 60).padStart(2, '0')}:00`}, '2026', ${`2026-${String((i % 12) + 1).padStart(2, '0')}`},
        ${`${String(8 + (i % 10)).padStart(2, '0')}:00:00`}, ${i % 5 === 4 ? 'N' : 'Y'}, ${i === 2 ? 'X' : i % 2 === 0 ? 'Y' : 'N'}, ${PRIORITIES[i % 3]},
        ${i % 7}, ${((i * 7) % 100) / 100}, ${`remark ${n}`}, ${userId}, ${userId})`.execute(db);
  }
}
