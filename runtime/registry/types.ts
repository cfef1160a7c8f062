import type { ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { Action, EntityDefinition, Grid, PageDefinition } from '../definitions.js';
import type { RuntimeEnv } from '../env.js';
import type { DataProvider, Row } from '../data/dataProvider.js';
import type { LookupMap } from '../data/useLookups.js';
import type { ColumnModel } from '../grid/columns.js';
import type { RowEdit } from '../grid/rowEdits.js';
import type { FirstListPage } from '../data/firstListPage.js';

/** Query of a /main/{page} route; menuId/respId are carried to every page opened from it. */
export interface RouteQuery {
  menuId?: string;
  respId?: string;
  id?: string;
  mode?: string;
  [key: string]: string | undefined;
}

export interface PageProps {
  page: PageDefinition;
  entity: EntityDefinition;
  /** Every entity by name (line entities, reference targets). */
  entities: Readonly<Record<string, EntityDefinition>>;
  query: RouteQuery;
  /** A list page's first page, already asked by the shell when it opened the page (data/firstListPage.ts). */
  firstPage?: FirstListPage;
}

/** Props of a registered renderer (page kind custom): no entity of its own. */
export interface CustomPageProps {
  page: PageDefinition;
  entities: Readonly<Record<string, EntityDefinition>>;
  query: RouteQuery;
}

/**
 * A control a module adds to the shell's header (SPEC §1 messaging: the bell; workflow: the to-do badge).
 * It reaches the server and the router through `useRuntimeEnv()` like a page; the shell provides the env.
 */
export interface HeaderItemDef {
  /** Left to right: lower first; the shell's own switchers and user menu come after every item. */
  order: number;
  component: ComponentType;
}

/** What an edit-page addon gets: the page, the stored record (null until loaded) and the page's hooks. */
export interface EditAddonProps {
  page: PageDefinition;
  entity: EntityDefinition;
  query: RouteQuery;
  /** The record as loaded or saved (what the server holds), null until loaded or for a new record. */
  record: Row | null;
  /** Loads the record again (after the addon changed it on the server). */
  reload(): Promise<void>;
  /** The page's own buttons (by operation) the addon stands in for while it shows: hidden from the page's bar. */
  hideOperations(operations: readonly string[]): void;
}

/**
 * A panel a module adds to every edit page (workflow: a document's process, its task buttons and history),
 * drawn between the title and the form; it draws nothing where it does not apply.
 */
export interface EditAddonDef {
  /** Top to bottom: lower first. */
  order: number;
  component: ComponentType<EditAddonProps>;
}

/** A card a module adds to the signed-in homes (SPEC §2 inHome / exHome: the supplier's notices). Like a
 *  header item it reaches the server through `useRuntimeEnv()`; the shell draws the cards by `order`. */
export interface HomePanelDef {
  order: number;
  /** The homes that show it: the internal home (`in`), the external (supplier) home (`ex`). */
  homes: readonly ('in' | 'ex')[];
  /**
   * Shown only to a user holding one of these menus (by code): a card whose data the user may not read is
   * left out up front instead of being found out by a refused call.
   */
  menus?: readonly string[];
  /** The card: a component, or a dashboard page definition by name (widgets as data, drawn by the shell). */
  component?: ComponentType<HomePanelProps>;
  page?: string;
}

/** What the home gives a card: cards belong to no menu, so opening a document goes through the menu it
 *  belongs to (its buttons are that menu's). */
export interface HomePanelProps {
  /** Opens `pageName` (default: the menu's own page) with `params` under the menu `menuCode`; nothing when the
   *  user does not hold that menu. */
  openInMenu(menuCode: string, pageName?: string, params?: Readonly<Record<string, string | number>>): void;
  /** The menu code of a held menu that opens `listPage` (`/main/{listPage}`), if the user holds one. */
  menuOfPage(listPage: string): string | undefined;
}

export interface RendererDef {
  component: ComponentType<CustomPageProps>;
}

export interface PageKindDef {
  component: ComponentType<PageProps>;
}

/**
 * How a cell edits. Overlay editors (Arco components in glide's overlay): input, textarea, password,
 * number, select (lookup values), editlookup (lookup values or free text), options (column.options),
 * date, datetime, year, month, time, daterange, datetimerange, reference (search of the target family).
 * Click editors (no overlay): check (toggles true/false value), modal (record picker dialog), upload
 * (attachment dialog). none: read-only.
 */
export type EditorKind =
  | 'input'
  | 'textarea'
  | 'password'
  | 'number'
  | 'select'
  | 'editlookup'
  | 'options'
  | 'date'
  | 'datetime'
  | 'year'
  | 'month'
  | 'time'
  | 'daterange'
  | 'datetimerange'
  | 'reference'
  | 'check'
  | 'modal'
  | 'upload'
  | 'none';

/** How a cell draws: text, the Y/N check mark, a link (#1a1aff), buttons, or a showIcon icon. */
export type CellDisplay = 'text' | 'check' | 'link' | 'buttons' | 'icon';

export interface CellContext {
  row: Row;
  lookups: LookupMap;
}

export interface CellTypeDef {
  align: 'left' | 'right' | 'center';
  /** Check cells draw a mark (SPEC §9: green #2eb52e when Y, grey otherwise) instead of text. */
  display: CellDisplay;
  format(value: unknown, column: ColumnModel, ctx: CellContext): string;
  editor: EditorKind;
  /** A message key (runtime locale) when the value is not acceptable for this type; checked in editable grids. */
  check?(value: unknown, column: ColumnModel): string | undefined;
}

/** A named display formatter (column.showFormatter {name, args}): data in the definition, code here. */
export interface FormatterDef {
  format(value: unknown, args: Readonly<Record<string, unknown>>, ctx: CellContext & { language: string }): string;
}

/** An expand renderer (grid.expand.component): draws a row's details under the grid. */
export interface ExpandDef {
  component: ComponentType<{ row: Row; rowIndex: number; fields: readonly string[]; entity: EntityDefinition }>;
}

export interface WidgetDef {
  component: ComponentType<WidgetProps>;
}

/** What a running action may touch; pages fill in what they have. */
export interface ActionContext {
  env: RuntimeEnv;
  action: Action;
  page: PageDefinition;
  entity: EntityDefinition;
  provider: DataProvider | undefined;
  query: RouteQuery;
  /** The row of a row action, or the edit page's current record. */
  record?: Row;
  /** Selected rows of the grid the toolbar belongs to. */
  selection?: Row[];
  reload(): Promise<void>;
  /** Edit page: validate the form (shows its errors); false stops save/transition. */
  validate?(): boolean;
  /** Edit page: take the server's answer as the new form state. */
  applyRecord?(record: Row): void;
  /** List page whose grid edits in place (isEdit): the rows edited since the last load. */
  edits?: {
    grid: Grid;
    rows: RowEdit[];
    rowNumberOf(index: number): number;
    /** Mark every empty required cell of the grid (a save its cell rules stopped). */
    reveal?(): void;
  };
  /** Line grids of an edit page. */
  lines?: { add(): void; removeSelected(): void };
  /**
   * A form page's edits the user has not saved yet (docs/runtime.md "Unsaved edits and actions"). An
   * action started while `dirty` saves them first or asks (runAction), so nothing typed is dropped.
   */
  unsaved?: UnsavedEdits;
  /** Tree page: the selected node and what its buttons do. */
  tree?: {
    selected?: { key: string; title: string; leaf: boolean };
    addRoot(): void;
    addChild(): void;
    move(): Promise<void>;
  };
}

export interface UnsavedEdits {
  dirty: boolean;
  /**
   * Validates and saves the current record; answers the saved record (with its new version), or
   * undefined when it was not saved (the form shows why). A refused save throws like any call.
   */
  save(): Promise<Row | undefined>;
}

/**
 * What an action does with a form's unsaved edits: `save` them first and act on the saved record (a
 * transition, print, export: the default), `ask` before they are dropped (back, refresh), or `keep`
 * them as they are (the save itself, line edits, a delete the user confirms anyway).
 */
export type UnsavedPolicy = 'save' | 'ask' | 'keep';

export interface ActionDef {
  run(ctx: ActionContext): Promise<void>;
  /** Unsaved edits on the page when the action starts (default `save`). */
  whenUnsaved?(ctx: ActionContext): UnsavedPolicy;
  /** Whether the button needs a selection in its grid (in addition to action.needSelection). */
  needsSelection?: boolean;
}
