// Which menu and resource each family action needs, derived once from the page and menu definitions.
import { boundPages, declaredOperations, gridActions, pageActions } from '../../meta/crossCheck.js';
import type { Definitions } from '../../meta/definitions.js';
import type { Action, Menu, PageDefinition } from '../../meta/generated/definitions.js';
import { emptyScope, mergeScope, pageScope, type WriteScope } from './writeScope.js';
import { pickerColumns } from './pickerReads.js';

/** Pseudo actions of a family checked for the exportServer calls (not routes of the family itself). */
export const EXPORT_ACTION = 'exportExcel';
export const IMPORT_ACTION = 'importExcel';

/**
 * Pseudo action: a save that inserts (a record without its key) also needs a create button of the same
 * menu: 新增 (openEdit create), a tree's add root/child, an editable list's add row. A screen without one
 * (user authorisation, the supplier's own company) only updates.
 */
export const INSERT_ACTION = 'insert';

export const READ_ACTIONS = new Set(['findById', 'listByPage']);

export interface Binding {
  menuCode: string;
  /** null: holding the menu is enough (reads). */
  resource: string | null;
  /** Save actions: what the screens whose button this is may write (writeScope.ts). */
  writes?: WriteScope;
  /** Reads: a picker's read, cut to these columns (pickerReads.ts). Absent: the whole record. */
  columns?: Set<string>;
}

export const SAVE_ACTIONS = new Set(['saveOrUpdate', 'doBatchSaveOrUpdate']);

/** entity name → action → the (menu, resource) pairs any one of which allows it. */
export type BindingIndex = Map<string, Map<string, Binding[]>>;

/** The page's own create buttons (not those of its line grids: lines are part of the header's save). */
function createActions(p: PageDefinition): Action[] {
  return [...gridActions(p.grid), ...(p.actions ?? [])].filter(
    (a) => (a.type === 'openEdit' && a.mode === 'create') || a.type === 'addRoot' || a.type === 'addChild' || (a.type === 'addLine' && p.grid?.isEdit === true),
  );
}

function flatten(menus: Menu[]): Menu[] {
  return menus.flatMap((m) => [m, ...flatten(m.children ?? [])]);
}

export function buildBindings(defs: Definitions): BindingIndex {
  const index: BindingIndex = new Map();
  const add = (entity: string, action: string, b: Binding) => {
    let byAction = index.get(entity);
    if (!byAction) index.set(entity, (byAction = new Map()));
    const list = byAction.get(action) ?? [];
    const same = list.find((x) => x.menuCode === b.menuCode && x.resource === b.resource);
    // The same button on a list and its edit page: the union of what both screens write.
    if (!same) list.push(b.writes ? { ...b, writes: mergeScope(emptyScope(), b.writes) } : b);
    else if (b.writes) same.writes = mergeScope(same.writes ?? emptyScope(), b.writes);
    // A menu that shows the entity itself reads it whole; two pickers of it read the union of their columns.
    if (same && same.columns) {
      if (!b.columns) delete same.columns;
      else for (const c of b.columns) same.columns.add(c);
    }
    byAction.set(action, list);
  };
  for (const menu of flatten(defs.menus.menus)) {
    const page = menu.page ? defs.pages.get(menu.page) : undefined;
    if (menu.menuType !== 'PAGE' || !page) continue;
    for (const p of boundPages(defs, page)) {
      // A dashboard's menu lets its holder read what its widgets read (the list and the aggregates).
      for (const w of p.kind === 'dashboard' ? (p.widgets ?? []) : []) {
        const we = defs.entities.get(w.source.entity);
        if (we) for (const read of [...READ_ACTIONS, ...declaredOperations(we, 'read')]) add(we.name, read, { menuCode: menu.menuCode, resource: null });
      }
      const entity = p.entity ? defs.entities.get(p.entity) : undefined;
      if (!entity) continue;
      for (const read of [...READ_ACTIONS, ...declaredOperations(entity, 'read')]) add(entity.name, read, { menuCode: menu.menuCode, resource: null });
      // A screen that edits references may list and show their targets as a picker does (pick a material on a line).
      const withLines = [entity, ...(entity.lines ?? []).flatMap((l) => defs.entities.get(l.entity) ?? [])];
      for (const [target, columns] of pickerColumns(defs, withLines)) {
        for (const read of READ_ACTIONS) add(target, read, { menuCode: menu.menuCode, resource: null, columns: new Set(columns) });
      }
      // Excel (docs/excel.md): a list grid that shows Export/Import binds them to the menu's btnExport/btnImport.
      if (p.grid?.isShowExport) add(entity.name, EXPORT_ACTION, { menuCode: menu.menuCode, resource: 'btnExport' });
      if (p.grid?.isShowImport) add(entity.name, IMPORT_ACTION, { menuCode: menu.menuCode, resource: 'btnImport' });
      const writes = pageScope(defs, p);
      for (const a of createActions(p)) if (a.resource) add(entity.name, INSERT_ACTION, { menuCode: menu.menuCode, resource: a.resource });
      for (const a of pageActions(p)) {
        if (!a.operation || !a.resource) continue;
        const save = SAVE_ACTIONS.has(a.operation);
        add(entity.name, a.operation, { menuCode: menu.menuCode, resource: a.resource, ...(save ? { writes } : {}) });
        // One save button stands for both save calls.
        if (a.operation === 'saveOrUpdate') add(entity.name, 'doBatchSaveOrUpdate', { menuCode: menu.menuCode, resource: a.resource, writes });
      }
    }
  }
  return index;
}
