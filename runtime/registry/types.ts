import type { ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { Action, EntityDefinition, PageDefinition } from '../definitions.js';
import type { RuntimeEnv } from '../env.js';
import type { DataProvider, Row } from '../data/dataProvider.js';
import type { LookupMap } from '../data/useLookups.js';
import type { ColumnModel } from '../grid/columns.js';
import type { ConfigSchema } from './registry.js';

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
}

export interface PageKindDef {
  component: ComponentType<PageProps>;
  configSchema: ConfigSchema;
}

export type EditorKind = 'input' | 'number' | 'select' | 'date' | 'datetime' | 'reference' | 'check' | 'none';

export interface CellContext {
  row: Row;
  lookups: LookupMap;
}

export interface CellTypeDef {
  align: 'left' | 'right' | 'center';
  /** Check cells draw a mark (SPEC §9: green #2eb52e when Y, grey otherwise) instead of text. */
  display: 'text' | 'check';
  format(value: unknown, column: ColumnModel, ctx: CellContext): string;
  editor: EditorKind;
  configSchema: ConfigSchema;
}

export interface WidgetDef {
  component: ComponentType<WidgetProps>;
  configSchema: ConfigSchema;
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
  /** Line grids of an edit page. */
  lines?: { add(): void; removeSelected(): void };
}

export interface ActionDef {
  run(ctx: ActionContext): Promise<void>;
  /** Whether the button needs a selection in its grid (in addition to action.needSelection). */
  needsSelection?: boolean;
  configSchema: ConfigSchema;
}
