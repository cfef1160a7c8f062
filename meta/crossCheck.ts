// Checks that JSON Schema cannot express: names that must point at other definitions.
import { allFields, field, type Definitions } from './definitions.js';
import type { Action, Column, EntityDefinition, Grid, Menu, PageDefinition } from './generated/definitions.js';

export const FAMILY_ACTIONS = ['findById', 'listByPage', 'saveOrUpdate', 'doBatchSaveOrUpdate', 'delete', 'doBatchDelete'] as const;

/** `toolbar` is either the action list or SPEC's `{showToolbar, functionList}`. */
export function toolbarActions(g: Grid | undefined): Action[] {
  if (!g?.toolbar) return [];
  return Array.isArray(g.toolbar) ? g.toolbar : (g.toolbar.functionList ?? []);
}

/** Every action a grid can run: toolbar, row actions, operateSlot.functionList and named events. */
export function gridActions(g: Grid | undefined): Action[] {
  if (!g) return [];
  return [...toolbarActions(g), ...(g.rowActions ?? []), ...(g.operateSlot?.functionList ?? []), ...Object.values(g.events ?? {}).filter((a): a is Action => a !== undefined)];
}

/** Data columns of a grid: colGroup headers are replaced by their children. */
export function leafColumns(columns: readonly Column[]): Column[] {
  return columns.flatMap((c) => (c.children ? leafColumns(c.children) : [c]));
}

export function crossCheck(defs: Definitions): string[] {
  const problems: string[] = [];
  const say = (where: string, what: string) => problems.push(`${where}: ${what}`);

  for (const e of defs.entities.values()) {
    const at = `entity ${e.name}`;
    if (e.fields[e.key]?.type !== 'id') say(at, `/key "${e.key}" must be a field of type id`);
    for (const [name, f] of allFields(e)) {
      if (f.references && !defs.entities.has(f.references)) say(at, `/fields/${name}/references names unknown entity ${f.references}`);
      if (f.type === 'id' && name !== e.key) say(at, `/fields/${name} only the key may be of type id`);
      if (f.writeOnly && (!f.serverOnly || f.type !== 'string')) say(at, `/fields/${name} writeOnly needs serverOnly and type string`);
    }
    for (const [i, v] of (e.listVariants ?? []).entries()) {
      for (const [j, p] of v.permits.entries()) if (!e.fields[p.field]) say(at, `/listVariants/${i}/permits/${j}/field ${p.field} is not a field`);
    }
    for (const [i, l] of (e.lines ?? []).entries()) {
      const le = defs.entities.get(l.entity);
      if (!le) say(at, `/lines/${i}/entity unknown entity ${l.entity}`);
      else if (le.kind !== 'line') say(at, `/lines/${i}/entity ${l.entity} must have kind "line"`);
      else if (!le.fields[l.foreignKey]) say(at, `/lines/${i}/foreignKey ${l.foreignKey} is not a field of ${l.entity}`);
    }
    if (e.status && !e.fields[e.status.field]) say(at, `/status/field ${e.status.field} is not a field`);
    if (e.ownership && !e.fields[e.ownership.field]) say(at, `/ownership/field ${e.ownership.field} is not a field`);
    for (const d of e.display ?? []) if (!e.fields[d]) say(at, `/display ${d} is not a field`);
    for (const s of e.defaultSort ?? []) if (!field(e, s.field)) say(at, `/defaultSort ${s.field} is not a field`);
    if (e.tree) {
      const parent = e.fields[e.tree.parent];
      const level = e.fields[e.tree.level];
      if (!parent) say(at, `/tree/parent ${e.tree.parent} is not a field`);
      else if (parent.references !== e.name) say(at, `/tree/parent ${e.tree.parent} must reference ${e.name}`);
      if (!level) say(at, `/tree/level ${e.tree.level} is not a field`);
      else if (level.type !== 'integer' || level.readOnly !== true) say(at, `/tree/level ${e.tree.level} must be a readOnly integer (the server keeps it)`);
    }
  }

  for (const p of defs.pages.values()) checkPage(defs, p, say);
  checkMenus(defs, defs.menus.menus, say, new Set());
  return problems;
}

function checkPage(defs: Definitions, p: PageDefinition, say: (where: string, what: string) => void): void {
  const at = `page ${p.name}`;
  if (p.kind === 'custom') {
    if (!p.renderer) say(at, '/renderer is required for kind custom');
    if (p.entity && !defs.entities.has(p.entity)) say(at, `/entity unknown entity ${p.entity}`);
    return;
  }
  if (p.renderer) say(at, '/renderer is only for kind custom');
  const e = p.entity ? defs.entities.get(p.entity) : undefined;
  if (!e) return say(at, `/entity unknown entity ${p.entity ?? '(none)'}`);
  const isColumn = (key: string) => {
    if (field(e, key)) return true;
    const base = key.endsWith('Display') ? key.slice(0, -'Display'.length) : '';
    return !!base && !!e.fields[base]?.references;
  };
  const operations = new Set<string>([...FAMILY_ACTIONS, ...(e.status?.transitions.map((t) => t.action) ?? []), ...declaredOperations(e, 'write')]);
  const checkActions = (actions: Action[] | undefined, path: string) => {
    for (const [i, a] of (actions ?? []).entries()) {
      if (a.operation && !operations.has(a.operation)) say(at, `${path}/${i}/operation ${a.operation} is not an action of ${e.name}`);
      const t = e.status?.transitions.find((x) => x.action === a.operation);
      if (t && a.resource !== t.resource) say(at, `${path}/${i}/resource must be ${t.resource}, the resource ${e.name} declares for ${t.action}`);
      if ((a.type === 'operation' || a.type === 'save') && !a.resource) say(at, `${path}/${i} calls the server and needs a resource`);
    }
  };
  const checkGrid = (g: Grid | undefined, path: string, entityName: string) => {
    if (!g) return;
    const ge = defs.entities.get(entityName);
    // Keys of columns that show no field (buttons, computed values, group headers, the operate column).
    const virtual = new Set(['button', 'buttons', 'compute', 'colGroup', 'tableOperate', 'viewSlot']);
    for (const [i, c] of leafColumns(g.columns).entries()) {
      if (virtual.has(c.cellType ?? c.editType ?? '')) continue;
      const ok = ge === e ? isColumn(c.key) : !!ge && (!!field(ge, c.key) || !!ge.fields[c.key.replace(/Display$/, '')]?.references);
      if (!ok) say(at, `${path}/columns/${i}/key ${c.key} is not a field of ${entityName}`);
      if (c.modalConfig && !defs.entities.has(c.modalConfig.entity)) say(at, `${path}/columns/${i}/modalConfig/entity unknown entity ${c.modalConfig.entity}`);
    }
    for (const f of g.mergeFields ?? []) if (ge && !field(ge, f)) say(at, `${path}/mergeFields ${f} is not a field of ${entityName}`);
    checkActions(toolbarActions(g), `${path}/toolbar`);
    checkActions(g.rowActions, `${path}/rowActions`);
    checkActions(g.operateSlot?.functionList, `${path}/operateSlot/functionList`);
    const listActions = new Set(['listByPage', ...(ge?.listVariants ?? []).map((v) => v.action)]);
    if (g.api && !listActions.has(g.api)) say(at, `${path}/api ${g.api} is not a list action of ${entityName}`);
    for (const [i, k] of (g.keyFields ?? []).entries()) {
      if (ge && !field(ge, k)) say(at, `${path}/keyFields/${i} ${k} is not a field of ${entityName}`);
    }
    for (const [name, a] of Object.entries(g.events ?? {})) checkActions(a ? [a] : undefined, `${path}/events/${name}`);
  };
  checkGrid(p.grid, '/grid', e.name);
  for (const [i, s] of (p.search ?? []).entries()) {
    const base = s.field.replace(/(From|To)$/, '');
    const f = field(e, s.field) ?? (base !== s.field && field(e, base)?.filter === 'range' ? field(e, base) : undefined);
    if (!f && !(s.field === 'keyword' && e.display)) say(at, `/search/${i}/field ${s.field} is not a filter of ${e.name}`);
    else if (f?.filter === 'none') say(at, `/search/${i}/field ${s.field} has filter none`);
  }
  for (const [i, f] of (p.form?.fields ?? []).entries()) {
    if (!isColumn(f.field)) say(at, `/form/fields/${i}/field ${f.field} is not a field of ${e.name}`);
  }
  for (const [i, l] of (p.lines ?? []).entries()) {
    const decl = e.lines?.find((x) => x.name === l.name);
    if (!decl) say(at, `/lines/${i}/name ${l.name} is not in ${e.name}.lines`);
    else checkGrid(l.grid, `/lines/${i}/grid`, decl.entity);
  }
  checkActions(p.actions, '/actions');
  for (const [i, t] of (p.trees ?? []).entries()) {
    if (!declaredOperations(e, 'read').includes(t.load)) say(at, `/trees/${i}/load ${t.load} is not a read operation of ${e.name}`);
    if (!declaredOperations(e, 'write').includes(t.save)) say(at, `/trees/${i}/save ${t.save} is not a write operation of ${e.name}`);
  }
  if (p.kind === 'tree') checkTree(e, p, say);
  if (p.editPage && !defs.pages.has(p.editPage)) say(at, `/editPage unknown page ${p.editPage}`);
  if (p.listPage && !defs.pages.has(p.listPage)) say(at, `/listPage unknown page ${p.listPage}`);
}

/** SPEC §5: a tree needs key, parent key and level key; here they must also be the entity's tree. */
function checkTree(e: EntityDefinition, p: PageDefinition, say: (where: string, what: string) => void): void {
  const at = `page ${p.name}`;
  const t = p.tree;
  if (!t) return say(at, '/tree is required for kind tree (key, parentKey, levelKey)');
  if (!p.form) say(at, '/form is required for kind tree (the selected node is edited in it)');
  if (t.key !== e.key) say(at, `/tree/key ${t.key} must be the key of ${e.name} (${e.key})`);
  if (!e.tree) say(at, `/tree entity ${e.name} declares no tree (parent, level)`);
  else {
    if (t.parentKey !== e.tree.parent) say(at, `/tree/parentKey ${t.parentKey} must be ${e.tree.parent}, the parent field of ${e.name}`);
    if (t.levelKey !== e.tree.level) say(at, `/tree/levelKey ${t.levelKey} must be ${e.tree.level}, the level field of ${e.name}`);
  }
  for (const f of [...(t.titleFields ?? []), ...(t.orderField ? [t.orderField] : [])]) if (!field(e, f)) say(at, `/tree ${f} is not a field of ${e.name}`);
  if (!t.titleFields && !e.display) say(at, `/tree/titleFields needed: ${e.name} declares no display fields`);
}

function checkMenus(defs: Definitions, menus: Menu[], say: (where: string, what: string) => void, codes: Set<string>): void {
  for (const m of menus) {
    const at = `menus.json menu ${m.menuCode}`;
    if (codes.has(m.menuCode)) say(at, 'menuCode used twice');
    codes.add(m.menuCode);
    if (m.menuType === 'PAGE' && m.url && !m.page) {
      // An app of its own (the designer): no page to bind, its own routes check the menu.
    } else if (m.menuType === 'PAGE') {
      const page = m.page ? defs.pages.get(m.page) : undefined;
      if (!page) say(at, `/page unknown page ${m.page ?? '(none)'}`);
      else {
        const held = new Set((m.resources ?? []).map((r) => r.resourceCode));
        for (const p of boundPages(defs, page)) {
          for (const a of pageActions(p)) {
            if (a.resource && !held.has(a.resource)) say(at, `page ${p.name} uses resource ${a.resource} that the menu does not declare`);
          }
          if (p.grid?.isShowExport && !held.has('btnExport')) say(at, `page ${p.name} shows Export but the menu does not declare resource btnExport`);
          if (p.grid?.isShowImport && !held.has('btnImport')) say(at, `page ${p.name} shows Import but the menu does not declare resource btnImport`);
        }
      }
    }
    checkMenus(defs, m.children ?? [], say, codes);
  }
}

/** A menu's page and the edit page it opens: both are reached through that menu. */
export function boundPages(defs: Definitions, page: PageDefinition): PageDefinition[] {
  const edit = page.editPage ? defs.pages.get(page.editPage) : undefined;
  return edit ? [page, edit] : [page];
}

/** Operations an entity declares besides the generic actions (entity `operations`). */
export function declaredOperations(e: EntityDefinition, access: 'read' | 'write'): string[] {
  const variants = access === 'read' ? (e.listVariants ?? []).map((v) => v.action) : [];
  return [...(e.operations ?? []).filter((o) => o.access === access).map((o) => o.action), ...variants];
}

export function pageActions(p: PageDefinition): Action[] {
  return [
    // A tree's save button is a page button like any other: it needs its resource.
    ...(p.trees ?? []).map((t): Action => ({ name: `tree-${t.name}-save`, type: 'operation', operation: t.save, resource: t.resource })),
    ...gridActions(p.grid),
    ...(p.actions ?? []),
    ...(p.lines ?? []).flatMap((l) => gridActions(l.grid)),
  ];
}
