// A dashboard widget as the page definition declares it, and what a registered widget component gets.
import type { ComponentType } from 'react';
import type { EntityDefinition, PageDefinition } from '../definitions.js';
import type { Row } from '../data/dataProvider.js';

export type WidgetDefinition = NonNullable<PageDefinition['widgets']>[number];

export interface DashboardWidgetProps {
  widget: WidgetDefinition;
  /** The entity the widget reads (its labels, lookups, family path). */
  entity: EntityDefinition;
  /** The answer's rows (aggregate groups or list rows), already loaded. */
  rows: readonly Row[];
  /** Opens the widget's `openPage` (for a row: with its key as id). */
  open?(row?: Row): void;
}

/** A widget kind (`type` in a page's widgets): chart, stat, list, or one an app registers. */
export interface DashboardWidgetDef {
  component: ComponentType<DashboardWidgetProps>;
}
