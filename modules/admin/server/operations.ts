// The registered operations of the administration families (entity `operations`): permit trees of
// responsibilities and roles, and the menu privileges list. Access is checked by registerFamilies like any family action.
import { ok } from '../../../server/http/envelope.js';
import type { FamilyAction } from '../../../server/rest/actionContext.js';
import { findRow, parseId } from '../../../server/rest/read.js';
import { listMenuPrivileges } from './menuPrivileges.js';
import { permitTree, RESP_PERMITS, ROLE_PERMITS, savePermits, type PermitTables } from './permitTree.js';

function treeOf(tables: PermitTables): FamilyAction {
  return async (ctx) => {
    const id = parseId(ctx, ctx.body.id);
    await findRow(ctx, ctx.app.db, id);
    return ok(await permitTree(ctx.app.db, tables, id, ctx.lang));
  };
}

function saveOf(tables: PermitTables): FamilyAction {
  return async (ctx) =>
    // All or nothing: the owner's permits are replaced in one transaction, or not at all.
    ctx.app.db.transaction().execute(async (trx) => {
      const id = parseId(ctx, ctx.body.id);
      await findRow(ctx, trx, id);
      const counts = await savePermits(trx, tables, id, ctx.body.checked, ctx.session.userId);
      return ok(counts);
    });
}

export const adminOperations: Record<string, Record<string, FamilyAction>> = {
  baseResponsibility: { findMenuTree: treeOf(RESP_PERMITS), saveRespMenus: saveOf(RESP_PERMITS) },
  baseRole: { findMenuTree: treeOf(ROLE_PERMITS), saveRoleMenus: saveOf(ROLE_PERMITS) },
  baseRespMenu: { listByPageWithRoles: listMenuPrivileges },
};
