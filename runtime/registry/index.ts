import { createRegistry } from './registry.js';
import type { ActionDef, CellTypeDef, PageKindDef, WidgetDef } from './types.js';

export { createRegistry } from './registry.js';
export type { Registry, ConfigSchema } from './registry.js';
export type * from './types.js';

export const pageKinds = createRegistry<PageKindDef>('page kind');
export const cellTypes = createRegistry<CellTypeDef>('cell type');
export const widgets = createRegistry<WidgetDef>('widget');
export const actions = createRegistry<ActionDef>('action');

export const registries = { pageKinds, cellTypes, widgets, actions };
