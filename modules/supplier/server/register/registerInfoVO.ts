// getRegisterInfoVOById (CONTRACT.md "Supplier lifecycle", internal; SPEC §7): a registration as the review
// screen opens it — the record with its categories, bank accounts and certificates (their files' ids) — under
// the same permission and row rules as findById, which it is.
import { findById } from '../../../../server/rest/actions/findById.js';
import type { FamilyAction } from '../../../../server/rest/actionContext.js';

export const getRegisterInfoVOById: FamilyAction = (ctx) => findById(ctx);
