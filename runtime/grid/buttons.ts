// button/buttons cells: the buttonType entries that show for a record, with their labels and state.
import type { Row } from '../data/dataProvider.js';
import { evaluateCondition } from '../../meta/conditions.js';
import type { ColumnModel } from './columns.js';
import { iconPath } from './icons.js';

export interface ResolvedButton {
  label: string;
  disabled: boolean;
  fun: string | undefined;
  /** buttonType.iconClass as an outline (icons.ts), drawn before the label. */
  icon?: string;
}

export function buttonList(model: ColumnModel) {
  const b = model.column.buttonType;
  return b === undefined ? [] : Array.isArray(b) ? b : [b];
}

export function cellButtons(model: ColumnModel, row: Row, text: (t: unknown) => string): ResolvedButton[] {
  return buttonList(model)
    .filter((b) => b.show === undefined || evaluateCondition(b.show, row))
    .map((b) => {
      const count = b.detailCount ? row[b.detailCount] : undefined;
      const title = b.title === undefined ? model.title : text(b.title);
      return {
        label: count === undefined || count === null ? title : `${title}(${String(count)})`,
        disabled: b.disabled !== undefined && evaluateCondition(b.disabled, row),
        fun: b.fun,
        ...(iconPath(b.iconClass) ? { icon: iconPath(b.iconClass) } : {}),
      };
    });
}
