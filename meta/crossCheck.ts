// Checks that JSON Schema cannot express: names that must point at other definitions.
import { allFields, field, type Definitions } from './definitions.js';
import type { Action, Grid, Menu, PageDefinition } from './generated/definitions.js';

export const FAMILY_ACTIONS = ['findById', 'listByPage', 'saveOrUpdate', 'doBatchSaveOrUpdate', 'delete', 'doBatchDelete'] as const;

export function crossCheck(defs: Definitions): string[] {
  const problems: string[] = [];
  const say = (where: string, what: string) => problems.push(`${where}: ${what}`);

  for (const e of defs.entities.values()) {
    const at = `entity ${e.name}`;
    if (e.fields[e.key]?.type !== 'id') say(at, `/key "${e.key}" must be a field of type id`);
    for (const [name, f] of allFields(e)) {
      if (f.references && !defs.entities.has(f.references)) say(at, `/fields/${name}/references names unknown entity ${f.references}`);
      if (f.type === 'id' && name !== e.key) say(at, `/fields/${name} only the key may be of type id`);
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
  }

  for (const p of defs.pages.values()) checkPage(defs, p, say);
  checkMenus(defs, defs.menus.menus, say, new Set());
  return problems;
}

function checkPage(defs: Definitions, p: PageDefinition, say: (where: string, what: string) => void): void {
  const at = `page ${p.name}`;
  const e = defs.entities.get(p.entity);
  if (!e) return say(at, `/entity unknown entity ${p.entity}`);
  const isColumn = (key: string) => {
    if (field(e, key)) return true;
    const base = key.endsWith('Display') ? key.slice(0, -'Display'.length) : '';
    return !!base && !!e.fields[base]?.references;
  };
  const operations = new Set<string>([...FAMILY_ACTIONS, ...(e.status?.transitions.map((t) => t.action) ?? [])]);
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
    for (const [i, c] of g.columns.entries()) {
      const ok = ge === e ? isColumn(c.key) : !!ge && (!!field(ge, c.key) || !!ge.fields[c.key.replace(/Display$/, '')]?.references);
      if (!ok) say(at, `${path}/columns/${i}/key ${c.key} is not a field of ${entityName}`);
    }
    checkActions(g.toolbar, `${path}/toolbar`);
    checkActions(g.rowActions, `${path}/rowActions`);
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
  if (p.editPage && !defs.pages.has(p.editPage)) say(at, `/editPage unknown page ${p.editPage}`);
  if (p.listPage && !defs.pages.has(p.listPage)) say(at, `/listPage unknown page ${p.listPage}`);
}

function checkMenus(defs: Definitions, menus: Menu[], say: (where: string, what: string) => void, codes: Set<string>): void {
  for (const m of menus) {
    const at = `menus.json menu ${m.menuCode}`;
    if (codes.has(m.menuCode)) say(at, 'menuCode used twice');
    codes.add(m.menuCode);
    if (m.menuType === 'PAGE') {
      const page = m.page ? defs.pages.get(m.page) : undefined;
      if (!page) say(at, `/page unknown page ${m.page ?? '(none)'}`);
      else {
        const held = new Set((m.resources ?? []).map((r) => r.resourceCode));
        for (const p of boundPages(defs, page)) {
          for (const a of pageActions(p)) {
            if (a.resource && !held.has(a.resource)) say(at, `page ${p.name} uses resource ${a.resource} that the menu does not declare`);
          }
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

export function pageActions(p: PageDefinition): Action[] {
  return [
    ...(p.grid?.toolbar ?? []),
    ...(p.grid?.rowActions ?? []),
    ...(p.actions ?? []),
    ...(p.lines ?? []).flatMap((l) => [...(l.grid.toolbar ?? []), ...(l.grid.rowActions ?? [])]),
  ];
}
