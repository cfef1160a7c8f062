// ByPermission list variants (SPEC §6): listByPage restricted to the rows whose permit fields hold
// values the caller is permitted through user authorisation (organisation, purchase category and
// purchase group permits). A user without any permit of a kind sees no rows in such a variant.
import { sql, type RawBuilder } from 'kysely';
import { columnName, type EntityDefinition } from '../../meta/definitions.js';
import type { FamilyAction } from '../rest/actionContext.js';
import { listWith } from '../rest/actions/listByPage.js';

type Variant = NonNullable<EntityDefinition['listVariants']>[number];
type Permit = Variant['permits'][number]['permit'];

/**
 * The values a user is permitted, per permit kind (a subquery): institution ids for ORG; for CATEGORY
 * and GROUP the codes, or the ids when the field references the category or group (`by: "id"`).
 */
const PERMITTED: Record<Permit, (userId: number, byId: boolean) => RawBuilder<unknown>> = {
  ORG: (u) => sql`select p.institution_id from base_user_org_permit p where p.user_id = ${u}`,
  CATEGORY: (u, byId) => sql`select ${sql.ref(byId ? 'c.category_id' : 'c.category_code')} from base_user_category_permit p
    join srm_base_purchase_category c on c.category_id = p.category_id where p.user_id = ${u} and c.enabled_flag = 'Y'`,
  GROUP: (u, byId) => sql`select ${sql.ref(byId ? 'g.group_id' : 'g.group_code')} from base_user_group_permit p
    join srm_base_purchase_group g on g.group_id = p.group_id where p.user_id = ${u} and g.enabled_flag = 'Y'`,
};

/** The variant's row conditions for this caller (also read by the Excel export of the variant). */
export function variantConditions(v: Variant, userId: number): RawBuilder<unknown>[] {
  return v.permits.map((p) => sql`${sql.ref(`t.${columnName(p.field)}`)} in (${PERMITTED[p.permit](userId, p.by === 'id')})`);
}

export function listVariantAction(v: Variant): FamilyAction {
  return (ctx) => listWith(ctx, variantConditions(v, ctx.session.userId));
}
