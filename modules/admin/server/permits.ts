// The values a user is permitted per permit kind (SPEC §6 "ByPermission" variants), as subqueries the
// platform's list variants put in their row conditions: institution ids for ORG; for CATEGORY and GROUP
// the codes, or the ids when the field references the category or group (`by: "id"`). A permit to a
// disabled category or group permits nothing, so those two join base data's tables (documented in
// docs/decisions.md "Platform services": a per-request id list through an API would cost a round trip).
import { sql, type RawBuilder } from 'kysely';
import type { Permit } from '../../../server/modules/services.js';

export const PERMITTED: Record<Permit, (userId: number, byId: boolean) => RawBuilder<unknown>> = {
  ORG: (u) => sql`select p.institution_id from base_user_org_permit p where p.user_id = ${u}`,
  CATEGORY: (u, byId) => sql`select ${sql.ref(byId ? 'c.category_id' : 'c.category_code')} from base_user_category_permit p
    join srm_base_purchase_category c on c.category_id = p.category_id where p.user_id = ${u} and c.enabled_flag = 'Y'`,
  GROUP: (u, byId) => sql`select ${sql.ref(byId ? 'g.group_id' : 'g.group_code')} from base_user_group_permit p
    join srm_base_purchase_group g on g.group_id = p.group_id where p.user_id = ${u} and g.enabled_flag = 'Y'`,
};
