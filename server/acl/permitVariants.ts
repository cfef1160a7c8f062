// ByPermission list variants (SPEC §6): listByPage restricted to the rows whose permit fields hold
// values the caller is permitted through user authorisation (organisation, purchase category and
// purchase group permits). A user without any permit of a kind sees no rows in such a variant. The
// permitted values come from the module owning the permits (services.ts AccessData.permitted).
import { sql, type RawBuilder } from 'kysely';
import { columnName, type EntityDefinition } from '../../meta/definitions.js';
import type { ActionContext, FamilyAction } from '../rest/actionContext.js';
import { listWith } from '../rest/actions/listByPage.js';

type Variant = NonNullable<EntityDefinition['listVariants']>[number];

/** The variant's row conditions for this caller (also read by the Excel export of the variant). */
export function variantConditions(v: Variant, ctx: Pick<ActionContext, 'app' | 'session'>): RawBuilder<unknown>[] {
  const access = ctx.app.modules.service('access');
  return v.permits.map((p) => sql`${sql.ref(`t.${columnName(p.field)}`)} in (${access.permitted(p.permit, ctx.session.userId, p.by === 'id')})`);
}

export function listVariantAction(v: Variant): FamilyAction {
  return (ctx) => listWith(ctx, variantConditions(v, ctx), v.action);
}
