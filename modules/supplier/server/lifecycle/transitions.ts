// The supplier lifecycle as data: which change leads from which supplier state to which. A change request
// (srmPosSupplierLifecycle) is checked against it when saved, when submitted and again when approved, so
// that two requests approved one after the other cannot both apply to a state that no longer holds.
import { refuse } from '../../../../server/errors.js';

export type ChangeType = 'QUALIFY' | 'FREEZE' | 'UNFREEZE' | 'BLACKLIST' | 'QUIT';

/** Supplier states a change may start from. Old rows may still say BLACKLIST (the lookup's first code). */
const FROM: Record<ChangeType, readonly string[]> = {
  QUALIFY: ['POTENTIAL', 'QUALIFIED'],
  FREEZE: ['POTENTIAL', 'QUALIFIED'],
  UNFREEZE: ['FROZEN'],
  BLACKLIST: ['POTENTIAL', 'QUALIFIED', 'FROZEN', 'QUIT'],
  QUIT: ['POTENTIAL', 'QUALIFIED', 'FROZEN'],
};

export const isChangeType = (v: unknown): v is ChangeType => typeof v === 'string' && v in FROM;

/** What the supplier is now, as far as a change is concerned (no status: a supplier typed in before the lifecycle). */
export const currentStatus = (s: string | null | undefined) => (s === 'BLACKLIST' ? 'BLACKLISTED' : (s ?? 'QUALIFIED'));

/**
 * The state the supplier ends in, or a refusal saying which states the change needs.
 * `qualifiedCategories`: how many categories the supplier is QUALIFIED for (unfreezing returns to
 * QUALIFIED when it has one, else to POTENTIAL).
 */
export function targetStatus(change: ChangeType, from: string, qualifiedCategories: number): string {
  if (!FROM[change].includes(from)) throw refuse(`lifecycle.cannot.${change}`);
  switch (change) {
    case 'QUALIFY':
      return 'QUALIFIED';
    case 'FREEZE':
      return 'FROZEN';
    case 'UNFREEZE':
      return qualifiedCategories > 0 ? 'QUALIFIED' : 'POTENTIAL';
    case 'BLACKLIST':
      return 'BLACKLISTED';
    case 'QUIT':
      return 'QUIT';
  }
}
