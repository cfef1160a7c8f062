// The shipped menus with their buttons, seeded on every start: only what is missing is added, so an
// administrator's edits survive an upgrade; a newly shipped menu goes to the system administrator.
// Menus marked `demo` (samples, showcases) are added only when the demo data is seeded.
import type { Db } from '../../../server/db/connect.js';
import { typed } from '../../../server/db/typed.js';
import type { Definitions } from '../../../meta/definitions.js';
import type { Menu, Text } from '../../../meta/generated/definitions.js';
import type { AdminTables } from '../generated/tables.js';

const names = (t: Text, fallback: string) =>
  typeof t === 'string' ? { cn: fallback, en: fallback, th: fallback, vn: fallback } : { cn: t.CN, en: t.EN, th: t.TH, vn: t.VN };

export async function seedMenus(db: Db, defs: Definitions, options: { demo?: boolean } = {}): Promise<void> {
  const admin = typed<AdminTables>(db);
  const walk = async (menus: Menu[], parentId: number | null, level: number) => {
    for (const [i, m] of menus.entries()) {
      // Demo and sample screens come with the demo data only (issue 18): a real installation never shows them.
      if (m.demo === true && options.demo !== true) continue;
      const n = names(m.name, m.menuCode);
      const added = await admin
        .insertInto('base_menu')
        .values({
          menu_code: m.menuCode,
          menu_name: n.cn,
          menu_name_en: n.en,
          menu_name_th: n.th,
          menu_name_vn: n.vn,
          menu_type: m.menuType,
          html_url: m.page ? `/main/${m.page}` : (m.url ?? null),
          image_link: m.imageLink ?? null,
          menu_parent_id: parentId,
          level_id: level,
          seq_num: (i + 1) * 10,
        })
        .onConflict((oc) => oc.column('menu_code').doNothing())
        .returning('menu_id')
        .execute();
      const { menu_id: id } = await admin.selectFrom('base_menu').select('menu_id').where('menu_code', '=', m.menuCode).executeTakeFirstOrThrow();
      // A menu shipped by an upgrade goes to the system administrator (who holds every shipped menu).
      if (added.length) await grantToSysAdmin(db, 'menu', id);
      for (const r of m.resources ?? []) {
        const rn = names(r.name, r.resourceCode);
        const res = await admin
          .insertInto('base_resource')
          .values({
            menu_id: id,
            resource_code: r.resourceCode,
            resource_name: rn.cn,
            resource_name_en: rn.en,
            resource_name_th: rn.th,
            resource_name_vn: rn.vn,
          })
          .onConflict((oc) => oc.columns(['menu_id', 'resource_code']).doNothing())
          .returning('resource_id')
          .execute();
        if (res.length) await grantToSysAdmin(db, 'resource', res[0].resource_id);
        // Resources shipped before their names were translated get the shipped translations once.
        else
          await admin
            .updateTable('base_resource')
            .set({ resource_name_en: rn.en, resource_name_th: rn.th, resource_name_vn: rn.vn })
            .where('menu_id', '=', id)
            .where('resource_code', '=', r.resourceCode)
            .where('resource_name_en', 'is', null)
            .where('resource_name_th', 'is', null)
            .where('resource_name_vn', 'is', null)
            .execute();
      }
      await walk(m.children ?? [], id, level + 1);
    }
  };
  await walk(defs.menus.menus, null, 1);
}

async function grantToSysAdmin(db: Db, what: 'menu' | 'resource', id: number): Promise<void> {
  const admin = typed<AdminTables>(db);
  const sysAdmin = admin.selectFrom('base_responsibility as r').where('r.resp_code', '=', 'SYS_ADMIN');
  if (what === 'menu')
    await admin
      .insertInto('base_resp_menu')
      .columns(['resp_id', 'menu_id'])
      .expression(sysAdmin.select((eb) => ['r.resp_id', eb.cast<number>(eb.val(id), 'bigint').as('menu_id')]))
      .execute();
  else
    await admin
      .insertInto('base_resp_resource')
      .columns(['resp_id', 'resource_id'])
      .expression(sysAdmin.select((eb) => ['r.resp_id', eb.cast<number>(eb.val(id), 'bigint').as('resource_id')]))
      .execute();
}

/** A responsibility (by code) gets a menu (by code) and the named buttons of it; what it has is kept. */
export async function grantMenu(db: Db, respCode: string, menuCode: string, resourceCodes: readonly string[]): Promise<void> {
  const admin = typed<AdminTables>(db);
  const found = await admin
    .selectFrom(['base_responsibility as r', 'base_menu as m'])
    .select(['r.resp_id', 'm.menu_id'])
    .where('r.resp_code', '=', respCode)
    .where('m.menu_code', '=', menuCode)
    .execute();
  if (found.length !== 1) throw new Error(`demo data: no responsibility ${respCode} or menu ${menuCode}`);
  const { resp_id, menu_id } = found[0];
  await admin
    .insertInto('base_resp_menu')
    .values({ resp_id, menu_id })
    .onConflict((oc) => oc.columns(['resp_id', 'menu_id']).doNothing())
    .execute();
  if (resourceCodes.length === 0) return;
  await admin
    .insertInto('base_resp_resource')
    .columns(['resp_id', 'resource_id'])
    .expression((eb) =>
      eb
        .selectFrom('base_resource')
        .select((eb) => [eb.cast<number>(eb.val(resp_id), 'bigint').as('resp_id'), 'resource_id'])
        .where('menu_id', '=', menu_id)
        .where('resource_code', 'in', [...resourceCodes]),
    )
    .onConflict((oc) => oc.columns(['resp_id', 'resource_id']).doNothing())
    .execute();
}
