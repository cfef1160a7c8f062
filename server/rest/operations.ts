// Registered server operations: an entity declares `operations: [{action, access}]`, the code lives
// here by entity and action name. A declared operation without code stops the server at start.
import type { FamilyAction } from './actionContext.js';
import { adminOperations } from '../admin/operations.js';
import { securityOperations } from '../auth/resetPassword.js';

const OPERATIONS: Record<string, Record<string, FamilyAction>>[] = [adminOperations, securityOperations];

export function registeredOperation(entity: string, action: string): FamilyAction {
  const found = OPERATIONS.map((m) => m[entity]?.[action]).filter((x): x is FamilyAction => x !== undefined);
  if (found.length !== 1) throw new Error(`Operation ${entity}.${action}: ${found.length === 0 ? 'declared but not registered' : 'registered twice'}`);
  return found[0];
}
