// A module's client part (modules/{area}/client/index.ts): the renderers, cells, widgets, actions and
// formatters it adds to the runtime's registries, by name, and the service slots it provides
// (./services.ts). The shell loads every module's client part and registers it; a name taken twice
// throws (registries are exact-name and refuse duplicates), and so does a slot provided twice.
import type { ComponentType } from 'react';
import { actions, cellTypes, editAddons, formatters, renderers, widgets } from './index.js';
import { registerClientServices, type ProvidedServices } from './services.js';
import type { ActionDef, CellTypeDef, CustomPageProps, EditAddonDef, FormatterDef, HeaderItemDef, HomePanelDef, WidgetDef } from './types.js';

export interface ClientModule {
  /** The module folder's name. */
  name: string;
  /** Screens of kind custom, by the `renderer` name their page definition gives. */
  renderers?: Readonly<Record<string, ComponentType<CustomPageProps>>>;
  cells?: Readonly<Record<string, CellTypeDef>>;
  widgets?: Readonly<Record<string, WidgetDef>>;
  actions?: Readonly<Record<string, ActionDef>>;
  formatters?: Readonly<Record<string, FormatterDef>>;
  /** Service slots this module provides: the endpoints (or a provider) of a platform service it owns. */
  services?: ProvidedServices;
  /** Small controls in the shell's header (a bell, a to-do badge), by name; the shell draws them by `order`. */
  headerItems?: Readonly<Record<string, HeaderItemDef>>;
  /** Panels on every edit page (a document's process and task buttons), by name; each decides where it applies. */
  editAddons?: Readonly<Record<string, EditAddonDef>>;
  /** Cards on the signed-in homes (notices), by name; the shell draws them by `order`. */
  homePanels?: Readonly<Record<string, HomePanelDef>>;
  /**
   * Pages at the shell's public addresses that a module owns (the supplier registration at `/register`),
   * by path: the shell routes the path and the guard lets it through without a session; the page is the
   * module's.
   */
  publicPages?: Readonly<Record<string, ComponentType>>;
}

export function defineClientModule<M extends ClientModule>(module: M): M {
  return module;
}

const registered = new Set<string>();

/** Registers a module's client part once (a second call for the same module does nothing). */
export function registerClientModule(module: ClientModule): void {
  if (registered.has(module.name)) return;
  registered.add(module.name);
  registerClientServices(module);
  for (const [name, component] of Object.entries(module.renderers ?? {})) renderers.register(name, { component });
  for (const [name, def] of Object.entries(module.cells ?? {})) cellTypes.register(name, def);
  for (const [name, def] of Object.entries(module.widgets ?? {})) widgets.register(name, def);
  for (const [name, def] of Object.entries(module.actions ?? {})) actions.register(name, def);
  for (const [name, def] of Object.entries(module.formatters ?? {})) formatters.register(name, def);
  for (const [name, def] of Object.entries(module.editAddons ?? {})) editAddons.register(name, def);
}
