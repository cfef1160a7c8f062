// Adds a PAGE menu opening /main/{page} under a folder, its resources (button codes) and the grants to
// the chosen responsibilities (and the system administrator, who holds every menu), in one transaction.
import type { Db } from '../../../server/db/connect.js';
import { auditInsert, lockInTransaction, typed } from '../../../server/db/typed.js';
import { refuse } from '../../../server/errors.js';
import type { MenuAdded, PageMenuRequest } from '../api.js';
import type { AdminTables } from '../generated/tables.js';

/** Holds every menu (docs/decisions.md): a menu added later is granted to it as well. */
const ALL_MENUS_RESP = 'SYS_ADMIN';

export async function addPageMenu(db: Db, request: PageMenuRequest, userId: number): Promise<MenuAdded> {
  const { parentCode, menuCode, names, resources, respCodes, pageName } = request;
  return typed<AdminTables>(db)
    .transaction()
    .execute(async (trx) => {
      const parent = await trx.selectFrom('base_menu').select(['menu_id', 'level_id', 'menu_type']).where('menu_code', '=', parentCode).executeTakeFirst();
      if (!parent || parent.menu_type !== 'DIR') throw refuse('definition.unknownParentMenu', { code: parentCode.slice(0, 60) });
      await lockInTransaction(trx, `menu:${menuCode}`);
      const taken = await trx.selectFrom('base_menu').select('menu_id').where('menu_code', '=', menuCode).executeTakeFirst();
      if (taken) throw refuse('definition.menuCodeTaken', { code: menuCode });
      const wanted = [...new Set([...respCodes, ALL_MENUS_RESP])];
      const resps = await trx.selectFrom('base_responsibility').select(['resp_id', 'resp_code']).where('resp_code', 'in', wanted).execute();
      const missing = respCodes.filter((c) => !resps.some((r) => r.resp_code === c));
      if (missing.length) throw refuse('definition.unknownResponsibility', { code: missing[0].slice(0, 60) });
      const last = await trx
        .selectFrom('base_menu')
        .select((eb) => eb.fn.max('seq_num').as('seq'))
        .where('menu_parent_id', '=', parent.menu_id)
        .executeTakeFirst();
      const audit = auditInsert(userId);
      const { menu_id: menuId } = await trx
        .insertInto('base_menu')
        .values({
          menu_code: menuCode,
          menu_name: names.CN,
          menu_name_en: names.EN,
          menu_name_th: names.TH,
          menu_name_vn: names.VN,
          menu_type: 'PAGE',
          html_url: `/main/${pageName}`,
          menu_parent_id: parent.menu_id,
          level_id: (parent.level_id ?? 1) + 1,
          seq_num: Number(last?.seq ?? 0) + 10,
          ...audit,
        })
        .returning('menu_id')
        .executeTakeFirstOrThrow();
      const resourceIds: number[] = [];
      for (const r of resources) {
        const { resource_id } = await trx
          .insertInto('base_resource')
          .values({
            menu_id: menuId,
            resource_code: r.code,
            resource_name: r.names.CN,
            resource_name_en: r.names.EN,
            resource_name_th: r.names.TH,
            resource_name_vn: r.names.VN,
            ...audit,
          })
          .returning('resource_id')
          .executeTakeFirstOrThrow();
        resourceIds.push(resource_id);
      }
      for (const resp of resps) {
        await trx
          .insertInto('base_resp_menu')
          .values({ resp_id: resp.resp_id, menu_id: menuId, ...audit })
          .execute();
        for (const id of resourceIds) {
          await trx
            .insertInto('base_resp_resource')
            .values({ resp_id: resp.resp_id, resource_id: id, ...audit })
            .execute();
        }
      }
      return { menuId, resourceIds };
    });
}
