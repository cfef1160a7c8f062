// Product data every installation needs: the shipped menus with their resources and the base lookups.
// Only what is missing is added, so an administrator's edits survive an upgrade.
import { readFileSync } from 'node:fs';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Definitions } from '../../meta/definitions.js';
import type { Menu, Text } from '../../meta/generated/definitions.js';

interface LookupSeed {
  lookupTypes: {
    lookupType: string;
    meaning: string;
    systemCode: string;
    values: { lookupCode: string; meaning: string; meaningEn: string; meaningTh: string; meaningVn: string; seqNum: number }[];
  }[];
}

const names = (t: Text, fallback: string) =>
  typeof t === 'string' ? { cn: fallback, en: fallback, th: fallback, vn: fallback } : { cn: t.CN, en: t.EN, th: t.TH, vn: t.VN };

export async function seedMenus(db: Db, defs: Definitions): Promise<void> {
  const walk = async (menus: Menu[], parentId: number | null, level: number) => {
    for (const [i, m] of menus.entries()) {
      const n = names(m.name, m.menuCode);
      const added = await sql`insert into base_menu (menu_code, menu_name, menu_name_en, menu_name_th, menu_name_vn, menu_type, html_url, image_link, menu_parent_id, level_id, seq_num)
        values (${m.menuCode}, ${n.cn}, ${n.en}, ${n.th}, ${n.vn}, ${m.menuType}, ${m.page ? `/main/${m.page}` : (m.url ?? null)}, ${m.imageLink ?? null}, ${parentId}, ${level}, ${(i + 1) * 10})
        on conflict (menu_code) do nothing returning menu_id`.execute(db);
      const id = (await sql<{ menu_id: number }>`select menu_id from base_menu where menu_code = ${m.menuCode}`.execute(db)).rows[0].menu_id;
      // A menu shipped by an upgrade goes to the system administrator (who holds every shipped menu).
      if (added.rows.length) await grantToSysAdmin(db, id, sql`base_resp_menu`, sql`menu_id`);
      for (const r of m.resources ?? []) {
        const rn = names(r.name, r.resourceCode);
        const res = await sql<{ resource_id: number }>`insert into base_resource (menu_id, resource_code, resource_name, resource_name_en, resource_name_th, resource_name_vn)
          values (${id}, ${r.resourceCode}, ${rn.cn}, ${rn.en}, ${rn.th}, ${rn.vn})
          on conflict (menu_id, resource_code) do nothing returning resource_id`.execute(db);
        if (res.rows.length) await grantToSysAdmin(db, res.rows[0].resource_id, sql`base_resp_resource`, sql`resource_id`);
        // Resources shipped before their names were translated get the shipped translations once.
        else await sql`update base_resource set resource_name_en = ${rn.en}, resource_name_th = ${rn.th}, resource_name_vn = ${rn.vn}
          where menu_id = ${id} and resource_code = ${r.resourceCode} and resource_name_en is null and resource_name_th is null and resource_name_vn is null`.execute(db);
      }
      await walk(m.children ?? [], id, level + 1);
    }
  };
  await walk(defs.menus.menus, null, 1);
}

async function grantToSysAdmin(db: Db, id: number, table: RawBuilder<unknown>, column: RawBuilder<unknown>): Promise<void> {
  await sql`insert into ${table} (resp_id, ${column}) select r.resp_id, ${id}::bigint from base_responsibility r where r.resp_code = 'SYS_ADMIN'`.execute(db);
}

export async function seedLookups(db: Db, file: string): Promise<void> {
  const seed = JSON.parse(readFileSync(file, 'utf8')) as LookupSeed;
  for (const t of seed.lookupTypes) {
    await sql`insert into base_lookup_type (lookup_type, meaning, system_code) values (${t.lookupType}, ${t.meaning}, ${t.systemCode})
      on conflict (lookup_type) do nothing`.execute(db);
    const typeId = (await sql<{ id: number }>`select lookup_type_id as id from base_lookup_type where lookup_type = ${t.lookupType}`.execute(db)).rows[0].id;
    for (const v of t.values) {
      await sql`insert into base_lookup_values (lookup_type_id, lookup_type, lookup_code, meaning, meaning_en, meaning_th, meaning_vn, seq_num, system_code)
        values (${typeId}, ${t.lookupType}, ${v.lookupCode}, ${v.meaning}, ${v.meaningEn}, ${v.meaningTh}, ${v.meaningVn}, ${v.seqNum}, ${t.systemCode})
        on conflict (lookup_type, lookup_code) do nothing`.execute(db);
    }
  }
}
