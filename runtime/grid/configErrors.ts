// SPEC §8 errors of a misconfigured grid, found from the definition before anything is drawn. They are
// shown above the grid in the user's language (not thrown: one bad column must not take the page down).
import type { Action, Grid } from '../definitions.js';
import type { ColumnModel } from './columns.js';
import { buttonList } from './buttons.js';
import { operateActions } from './config.js';

export interface ConfigError {
  /** Runtime locale key: grid.errors.* */
  key: string;
  /** The column it concerns (absent for grid-level errors). */
  column?: string;
}

/** A named handler (linkTag.clickFun, buttonType.fun, modalConfig.fun): a grid event, else a row action. */
export function resolveHandler(grid: Grid, name: string | undefined): Action | undefined {
  if (!name) return undefined;
  return grid.events?.[name] ?? operateActions(grid).find((a) => a.name === name);
}

export function configErrors(grid: Grid, models: readonly ColumnModel[]): ConfigError[] {
  const out: ConfigError[] = [];
  // "Data loading without api raises an error" (SPEC §5).
  if (grid.isAutoRequest === true && !grid.api) out.push({ key: 'grid.errors.missingApi' });
  for (const m of models) {
    const c = m.column;
    switch (m.cellType) {
      case 'upload':
        if (!c.attachmentConfig) out.push({ key: 'grid.errors.attachmentConfig', column: m.key });
        break;
      case 'linkTag':
        if (!resolveHandler(grid, c.linkTag?.clickFun)) out.push({ key: 'grid.errors.linkHandler', column: m.key });
        break;
      case 'button':
      case 'buttons': {
        const list = buttonList(m);
        if (list.length === 0 || list.some((b) => !resolveHandler(grid, b.fun))) out.push({ key: 'grid.errors.changeHandler', column: m.key });
        break;
      }
      case 'modal':
        if (!c.modalConfig) out.push({ key: 'grid.errors.changeHandler', column: m.key });
        break;
      case 'lookup':
      case 'editlookup':
        // Nothing to choose from: neither a lookup type nor a referenced entity.
        if (!m.lookupType && !m.references && !m.displayKey) out.push({ key: 'grid.errors.changeHandler', column: m.key });
        break;
      default:
        if (c.showFormatter === undefined && m.cellType === 'slot') out.push({ key: 'grid.errors.changeHandler', column: m.key });
        break;
    }
  }
  return out;
}
