import { createRegistry } from './registry.js';
import type { DashboardWidgetDef } from '../dashboard/types.js';
import type { ActionDef, CellTypeDef, EditAddonDef, ExpandDef, FormatterDef, PageKindDef, RendererDef, WidgetDef } from './types.js';

export { createRegistry } from './registry.js';
export type { Registry } from './registry.js';
export type * from './types.js';

export const pageKinds = createRegistry<PageKindDef>('page kind');
export const cellTypes = createRegistry<CellTypeDef>('cell type');
export const widgets = createRegistry<WidgetDef>('widget');
export const actions = createRegistry<ActionDef>('action');
export const formatters = createRegistry<FormatterDef>('formatter');
export const expandRenderers = createRegistry<ExpandDef>('expand renderer');

/** Screens of kind custom, registered by the app (src/) under the name a page's `renderer` gives. */
export const renderers = createRegistry<RendererDef>('renderer');

/** Panels modules add to every edit page (EditAddonDef), by name. */
export const editAddons = createRegistry<EditAddonDef>('edit addon');

/** What draws a dashboard widget (a page's `widgets[].type`): chart, stat, list. */
export const dashboardWidgets = createRegistry<DashboardWidgetDef>('dashboard widget');

export const registries = { pageKinds, cellTypes, widgets, actions, formatters, expandRenderers, renderers, editAddons, dashboardWidgets };
