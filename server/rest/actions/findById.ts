import { ok } from '../../http/envelope.js';
import type { FamilyAction } from '../actionContext.js';
import { loadRecord, parseId } from '../read.js';

export const findById: FamilyAction = async (ctx) => ok(await loadRecord(ctx, ctx.app.db, parseId(ctx, ctx.body.id)));
