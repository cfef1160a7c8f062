// Checks that JSON Schema cannot express: names that must point at other definitions.
import { filterIndexed, sortIndexed } from './indexCoverage.js';
import { allFields, field, type Definitions } from './definitions.js';
import type { Action, Column, EntityDefinition, Grid, Menu, PageDefinition } from './generated/definitions.js';
import { entityAggregateProblems } from './aggregates.js';
import { checkDashboard } from './dashboardCheck.js';
import { formatCheck, type CheckKey, type CheckParams, type CheckProblem } from './checkMessages.js';

/** The action that serves an entity's declared aggregates (server/rest/actions/aggregate.ts). */
export const AGGREGATE_ACTION = 'aggregate';

export const FAMILY_ACTIONS = ['findById', 'listByPage', 'saveOrUpdate', 'doBatchSaveOrUpdate', 'delete', 'doBatchDelete'] as const;

/** `toolbar` is either the action list or SPEC's `{showToolbar, functionList}`. */
export function toolbarActions(g: Grid | undefined): Action[] {
  if (!g?.toolbar) return [];
  return Array.isArray(g.toolbar) ? g.toolbar : (g.toolbar.functionList ?? []);
}

/** Every action a grid can run: toolbar, row actions, operateSlot.functionList and named events. */
export function gridActions(g: Grid | undefined): Action[] {
  if (!g) return [];
  return [
    ...toolbarActions(g),
    ...(g.rowActions ?? []),
    ...(g.operateSlot?.functionList ?? []),
    ...Object.values(g.events ?? {}).filter((a): a is Action => a !== undefined),
  ];
}

/** Data columns of a grid: colGroup headers are replaced by their children. */
export function leafColumns(columns: readonly Column[]): Column[] {
  return columns.flatMap((c) => (c.children ? leafColumns(c.children) : [c]));
}

/** Broken references as English lines `where: what` (the command line, tests). */
export function crossCheck(defs: Definitions): string[] {
  return checkProblems(defs).map((p) => `${p.where}: ${formatCheck(p, 'EN')}`);
}

type PermitKind = NonNullable<EntityDefinition['permitKind']>;

type Say = (where: string, key: CheckKey, params?: CheckParams) => void;

/** Broken references as data, to be told in any language (`formatCheck`). */
export function checkProblems(defs: Definitions): CheckProblem[] {
  const problems: CheckProblem[] = [];
  const tell: Say = (where, key, params = {}) => problems.push({ where, key, params });
  const say = (where: string, text: string) => tell(where, 'entityText', { text });

  // The entity whose ids a permit kind grants (user authorisation): the one that declares that permitKind.
  const permitEntity = new Map<PermitKind, string>();
  for (const e of defs.entities.values()) {
    if (!e.permitKind) continue;
    const other = permitEntity.get(e.permitKind);
    if (other) say(`entity ${e.name}`, `/permitKind ${e.permitKind} is also the permitKind of ${other}`);
    else permitEntity.set(e.permitKind, e.name);
  }

  for (const e of defs.entities.values()) {
    const at = `entity ${e.name}`;
    if (e.fields[e.key]?.type !== 'id') say(at, `/key "${e.key}" must be a field of type id`);
    for (const [name, f] of allFields(e)) {
      if (f.references && !defs.entities.has(f.references)) say(at, `/fields/${name}/references names unknown entity ${f.references}`);
      if (f.fills && !f.references) say(at, `/fields/${name}/fills needs references`);
      for (const [own, theirs] of Object.entries(f.fills ?? {})) {
        const target = f.references ? defs.entities.get(f.references) : undefined;
        if (!e.fields[own] || own === e.key) say(at, `/fields/${name}/fills ${own} is not a writable field of ${e.name}`);
        if (target && (!theirs || !target.fields[theirs] || target.fields[theirs]?.serverOnly))
          say(at, `/fields/${name}/fills/${own} ${theirs} is not a field of ${target.name}`);
      }
      if (f.type === 'id' && name !== e.key) say(at, `/fields/${name} only the key may be of type id`);
      if (f.writeOnly && (!f.serverOnly || f.type !== 'string')) say(at, `/fields/${name} writeOnly needs serverOnly and type string`);
    }
    for (const [i, v] of (e.listVariants ?? []).entries()) {
      for (const [j, p] of v.permits.entries()) {
        const f = e.fields[p.field];
        // The permitted values are ids of the permit's entity (ORG, by id) or codes: the field must hold the same.
        const byId = p.permit === 'ORG' || p.by === 'id';
        const target = byId ? permitEntity.get(p.permit) : undefined;
        if (!f) say(at, `/listVariants/${i}/permits/${j}/field ${p.field} is not a field`);
        else if (byId && !target) say(at, `/listVariants/${i}/permits/${j}/permit ${p.permit} holds ids, but no entity declares permitKind ${p.permit}`);
        else if (target && f.references !== target) say(at, `/listVariants/${i}/permits/${j}/field ${p.field} must reference ${target}`);
        else if (!byId && f.type !== 'string') say(at, `/listVariants/${i}/permits/${j}/field ${p.field} must be a string (a code)`);
      }
    }
    for (const [i, l] of (e.lines ?? []).entries()) {
      const le = defs.entities.get(l.entity);
      if (!le) say(at, `/lines/${i}/entity unknown entity ${l.entity}`);
      else if (le.kind === 'system') say(at, `/lines/${i}/entity ${l.entity} must have kind "line" or "family"`);
      else if (!le.fields[l.foreignKey]) say(at, `/lines/${i}/foreignKey ${l.foreignKey} is not a field of ${l.entity}`);
      for (const [lineField, headerField] of Object.entries(l.fromHeader ?? {})) {
        if (!headerField) continue;
        if (le && !le.fields[lineField]) say(at, `/lines/${i}/fromHeader ${lineField} is not a field of ${l.entity}`);
        if (!e.fields[headerField]) say(at, `/lines/${i}/fromHeader/${lineField} ${headerField} is not a field`);
      }
    }
    for (const problem of entityAggregateProblems(e)) say(at, problem);
    if (e.status && !e.fields[e.status.field]) say(at, `/status/field ${e.status.field} is not a field`);
    if (e.ownership && !e.fields[e.ownership.field]) say(at, `/ownership/field ${e.ownership.field} is not a field`);
    for (const d of e.display ?? []) if (!e.fields[d]) say(at, `/display ${d} is not a field`);
    for (const s of e.defaultSort ?? []) if (!field(e, s.field)) say(at, `/defaultSort ${s.field} is not a field`);
    (e.indexes ?? []).forEach((ix, i) =>
      ix.fields.forEach((f, j) => {
        if (!e.fields[f]) say(at, `/indexes/${i}/fields/${j} ${f} is not a field`);
      }),
    );
    if (e.tree) {
      const parent = e.fields[e.tree.parent];
      const level = e.fields[e.tree.level];
      if (!parent) say(at, `/tree/parent ${e.tree.parent} is not a field`);
      else if (parent.references !== e.name) say(at, `/tree/parent ${e.tree.parent} must reference ${e.name}`);
      if (!level) say(at, `/tree/level ${e.tree.level} is not a field`);
      else if (level.type !== 'integer' || level.readOnly !== true) say(at, `/tree/level ${e.tree.level} must be a readOnly integer (the server keeps it)`);
    }
  }

  for (const p of defs.pages.values()) checkPage(defs, p, tell);
  checkMenus(defs, defs.menus.menus, tell, new Set());
  for (const [alias, page] of defs.pageAliases ?? []) {
    const at = `page ${page} alias ${alias}`;
    if (defs.pages.has(alias)) tell(at, 'aliasIsPage', { alias });
    if (!defs.pages.has(page)) tell(at, 'unknownPage', { path: `/aliases`, page });
  }
  return problems;
}

function checkPage(defs: Definitions, p: PageDefinition, say: Say): void {
  const at = `page ${p.name}`;
  if (p.kind === 'custom') {
    if (!p.renderer) say(at, 'customNeedsRenderer', { path: '/renderer' });
    if (p.entity && !defs.entities.has(p.entity)) say(at, 'unknownEntity', { path: '/entity', entity: p.entity });
    return;
  }
  if (p.renderer) say(at, 'rendererOnlyCustom', { path: '/renderer' });
  // A dashboard has no entity of its own: each widget names what it reads.
  if (p.kind === 'dashboard') return checkDashboard(defs, p, at, say);
  const e = p.entity ? defs.entities.get(p.entity) : undefined;
  if (!e) return say(at, 'unknownEntity', { path: '/entity', entity: p.entity ?? '(none)' });
  const isColumn = (key: string) => {
    if (field(e, key)) return true;
    const base = key.endsWith('Display') ? key.slice(0, -'Display'.length) : '';
    return !!base && !!e.fields[base]?.references;
  };
  const operations = new Set<string>([...FAMILY_ACTIONS, ...(e.status?.transitions.map((t) => t.action) ?? []), ...declaredOperations(e, 'write')]);
  const checkActions = (actions: Action[] | undefined, path: string) => {
    for (const [i, a] of (actions ?? []).entries()) {
      if (a.operation && !operations.has(a.operation)) say(at, 'notAnAction', { path: `${path}/${i}/operation`, operation: a.operation, entity: e.name });
      const t = e.status?.transitions.find((x) => x.action === a.operation);
      if (t && a.resource !== t.resource)
        say(at, 'transitionResource', { path: `${path}/${i}/resource`, resource: t.resource, entity: e.name, action: t.action });
      if ((a.type === 'operation' || a.type === 'save') && !a.resource) say(at, 'needsResource', { path: `${path}/${i}` });
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
      if (!ok) say(at, 'notAField', { path: `${path}/columns/${i}/key`, field: c.key, entity: entityName });
      if (c.modalConfig && !defs.entities.has(c.modalConfig.entity))
        say(at, 'unknownEntity', { path: `${path}/columns/${i}/modalConfig/entity`, entity: c.modalConfig.entity });
      // A file picker cell calls a read operation the named family declares (attachmentConfig.pickFrom).
      const pick = c.attachmentConfig?.pickFrom;
      const pickEntity = pick ? defs.entities.get(pick.entity) : undefined;
      if (pick && !pickEntity) say(at, 'unknownEntity', { path: `${path}/columns/${i}/attachmentConfig/pickFrom/entity`, entity: pick.entity });
      if (pick && pickEntity && !declaredOperations(pickEntity, 'read').includes(pick.operation))
        say(at, 'notAReadOperation', { path: `${path}/columns/${i}/attachmentConfig/pickFrom/operation`, operation: pick.operation, entity: pick.entity });
      // A type cell whose choices a read operation of the named family answers (optionsFrom).
      const from = c.optionsFrom;
      const fromEntity = from ? defs.entities.get(from.entity) : undefined;
      if (from && !fromEntity) say(at, 'unknownEntity', { path: `${path}/columns/${i}/optionsFrom/entity`, entity: from.entity });
      if (from && fromEntity && !declaredOperations(fromEntity, 'read').includes(from.operation))
        say(at, 'notAReadOperation', { path: `${path}/columns/${i}/optionsFrom/operation`, operation: from.operation, entity: from.entity });
    }
    for (const f of g.mergeFields ?? []) if (ge && !field(ge, f)) say(at, 'notAField', { path: `${path}/mergeFields`, field: f, entity: entityName });
    checkActions(toolbarActions(g), `${path}/toolbar`);
    checkActions(g.rowActions, `${path}/rowActions`);
    checkActions(g.operateSlot?.functionList, `${path}/operateSlot/functionList`);
    // A declared read operation named listByPage… answers listByPage's shape too (listByPageWithRoles of a responsibility's menus).
    const listOperations = ge ? declaredOperations(ge, 'read').filter((a) => a.startsWith('listByPage')) : [];
    const listActions = new Set(['listByPage', ...listOperations]);
    if (g.api && !listActions.has(g.api)) say(at, 'notAListAction', { path: `${path}/api`, api: g.api, entity: entityName });
    for (const [i, k] of (g.keyFields ?? []).entries()) {
      if (ge && !field(ge, k)) say(at, 'notAField', { path: `${path}/keyFields/${i}`, field: k, entity: entityName });
    }
    for (const [name, a] of Object.entries(g.events ?? {})) checkActions(a ? [a] : undefined, `${path}/events/${name}`);
  };
  checkGrid(p.grid, '/grid', e.name);
  // The list's own grid is sorted by the server (line grids sort the lines they hold).
  for (const [i, c] of leafColumns(p.grid?.columns ?? []).entries()) {
    if (c.sortable && field(e, c.key) && !sortIndexed(e, c.key))
      say(at, 'sortNotIndexed', { path: `/grid/columns/${i}/sortable`, field: c.key, entity: e.name });
  }
  for (const [i, s] of (p.search ?? []).entries()) {
    const base = s.field.replace(/(From|To)$/, '');
    const name = field(e, s.field) ? s.field : base;
    const f = field(e, s.field) ?? (base !== s.field && field(e, base)?.filter === 'range' ? field(e, base) : undefined);
    if (!f && !(s.field === 'keyword' && e.display)) say(at, 'notAFilter', { path: `/search/${i}/field`, field: s.field, entity: e.name });
    else if (f?.filter === 'none') say(at, 'filterNone', { path: `/search/${i}/field`, field: s.field });
    else if (!filterIndexed(e, name)) say(at, 'filterNotIndexed', { path: `/search/${i}/field`, field: name, entity: e.name });
  }
  for (const [i, f] of (p.form?.fields ?? []).entries()) {
    if (!isColumn(f.field)) say(at, 'notAField', { path: `/form/fields/${i}/field`, field: f.field, entity: e.name });
  }
  for (const [i, l] of (p.lines ?? []).entries()) {
    const decl = e.lines?.find((x) => x.name === l.name);
    if (!decl) say(at, 'notALine', { path: `/lines/${i}/name`, name: l.name, entity: e.name });
    else checkGrid(l.grid, `/lines/${i}/grid`, decl.entity);
  }
  checkActions(p.actions, '/actions');
  for (const [i, t] of (p.trees ?? []).entries()) {
    if (!declaredOperations(e, 'read').includes(t.load)) say(at, 'notReadOperation', { path: `/trees/${i}/load`, operation: t.load, entity: e.name });
    if (!declaredOperations(e, 'write').includes(t.save)) say(at, 'notWriteOperation', { path: `/trees/${i}/save`, operation: t.save, entity: e.name });
  }
  if (p.kind === 'tree') checkTree(e, p, say);
  if (p.editPage && !defs.pages.has(p.editPage)) say(at, 'unknownPage', { path: '/editPage', page: p.editPage });
  if (p.listPage && !defs.pages.has(p.listPage)) say(at, 'unknownPage', { path: '/listPage', page: p.listPage });
  for (const [i, sub] of (p.subPages ?? []).entries()) if (!defs.pages.has(sub.page)) say(at, 'unknownPage', { path: `/subPages/${i}/page`, page: sub.page });
}

/** SPEC §5: a tree needs key, parent key and level key; here they must also be the entity's tree. */
function checkTree(e: EntityDefinition, p: PageDefinition, say: Say): void {
  const at = `page ${p.name}`;
  const t = p.tree;
  if (!t) return say(at, 'treeRequired', { path: '/tree' });
  if (!p.form) say(at, 'treeFormRequired', { path: '/form' });
  if (t.key !== e.key) say(at, 'treeKey', { path: '/tree/key', value: t.key, entity: e.name, expected: e.key });
  if (!e.tree) say(at, 'treeEntity', { path: '/tree', entity: e.name });
  else {
    if (t.parentKey !== e.tree.parent) say(at, 'treeParentKey', { path: '/tree/parentKey', value: t.parentKey, expected: e.tree.parent, entity: e.name });
    if (t.levelKey !== e.tree.level) say(at, 'treeLevelKey', { path: '/tree/levelKey', value: t.levelKey, expected: e.tree.level, entity: e.name });
  }
  const localTitles = Object.values(t.titleFieldsByLanguage ?? {}).flat();
  for (const f of [...(t.titleFields ?? []), ...localTitles, ...(t.orderField ? [t.orderField] : [])])
    if (!field(e, f)) say(at, 'notAField', { path: '/tree', field: f, entity: e.name });
  if (!t.titleFields && !e.display) say(at, 'treeTitleFields', { path: '/tree/titleFields', entity: e.name });
}

function checkMenus(defs: Definitions, menus: Menu[], say: Say, codes: Set<string>): void {
  for (const m of menus) {
    const at = `menus.json menu ${m.menuCode}`;
    if (codes.has(m.menuCode)) say(at, 'menuCodeTwice', { menu: m.menuCode });
    codes.add(m.menuCode);
    if (m.menuType === 'PAGE' && m.url && !m.page) {
      // An app of its own (the designer): no page to bind, its own routes check the menu.
    } else if (m.menuType === 'PAGE') {
      const page = m.page ? defs.pages.get(m.page) : undefined;
      if (!page) say(at, 'unknownPage', { path: '/page', page: m.page ?? '(none)' });
      else {
        const held = new Set((m.resources ?? []).map((r) => r.resourceCode));
        for (const p of boundPages(defs, page)) {
          for (const a of pageActions(p)) {
            if (a.resource && !held.has(a.resource)) say(at, 'menuResourceMissing', { page: p.name, resource: a.resource });
          }
          if (p.grid?.isShowExport && !held.has('btnExport')) say(at, 'menuExportMissing', { page: p.name });
          if (p.grid?.isShowImport && !held.has('btnImport')) say(at, 'menuImportMissing', { page: p.name });
        }
      }
    }
    checkMenus(defs, m.children ?? [], say, codes);
  }
}

/** A menu's page, the edit page it opens and its sub pages (permit lists): all are reached through that menu. */
export function boundPages(defs: Definitions, page: PageDefinition): PageDefinition[] {
  const out = [page];
  for (const name of [page.editPage, ...(page.subPages ?? []).map((s) => s.page)]) {
    const p = name ? defs.pages.get(name) : undefined;
    if (p && !out.includes(p)) out.push(p);
  }
  return out;
}

/** Operations an entity declares besides the generic actions (entity `operations`). */
export function declaredOperations(e: EntityDefinition, access: 'read' | 'write'): string[] {
  const variants = access === 'read' ? (e.listVariants ?? []).map((v) => v.action) : [];
  // An entity with aggregates serves them at one read action, bound to a menu like listByPage.
  if (access === 'read' && e.aggregates?.length) variants.push(AGGREGATE_ACTION);
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
