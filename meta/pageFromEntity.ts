// A first list or edit page for an entity, built from its fields, for the designer's "new screen" and
// the code generator. The result is an ordinary page definition: the designer then edits it.
import { filterIndexed, sortIndexed } from './indexCoverage.js';
import type { EntityDefinition, Field } from './definitions.js';
import type { Action, Column, PageDefinition } from './generated/definitions.js';

type FormField = NonNullable<PageDefinition['form']>['fields'][number];
type SearchField = NonNullable<PageDefinition['search']>[number];
type Text = PageDefinition['title'];

export interface PagePair {
  list: string;
  edit: string;
}

/** `custom/widgetList` ↔ `custom/widgetEdit`: the two pages of one screen. */
export function pairOf(name: string): PagePair {
  const base = name.replace(/(List|Edit)$/, '');
  return { list: `${base}List`, edit: `${base}Edit` };
}

const MAX_COLUMNS = 12;
const MAX_SEARCH = 6;

function shown(entity: EntityDefinition, name: string, f: Field): boolean {
  if (name === entity.key || f.serverOnly || f.type === 'id') return false;
  return true;
}

function declared(entity: EntityDefinition): [string, Field][] {
  return Object.entries(entity.fields).filter((e): e is [string, Field] => e[1] !== undefined);
}

export function columnOf(name: string, f: Field): Column {
  if (f.references) return { key: `${name}Display`, width: 200 };
  if (f.lookup) return { key: name, width: 140, cellType: 'lookup', lookup: { typeCode: f.lookup } };
  switch (f.type) {
    case 'yn':
      return { key: name, width: 90, cellType: 'checkbox' };
    case 'date':
      return { key: name, width: 130, cellType: 'date', sortable: true };
    case 'datetime':
      return { key: name, width: 170, cellType: 'datetime', sortable: true };
    case 'integer':
    case 'decimal':
      return { key: name, width: 120, cellType: 'number', ...(f.type === 'decimal' && f.scale !== undefined ? { precision: f.scale } : {}) };
    case 'text':
      return { key: name, width: 240, ellipsis: true };
    default:
      return { key: name, width: Math.min(280, Math.max(120, (f.length ?? 60) * 2)), sortable: true };
  }
}

function searchOf(name: string, f: Field): SearchField {
  if (f.lookup) return { field: name, widget: 'lookup', lookup: f.lookup };
  if (f.type === 'yn') return { field: name, widget: 'lookup', lookup: 'YES_NO' };
  return { field: name };
}

function formFieldOf(name: string, f: Field): FormField {
  const required = f.required ? { required: true } : {};
  if (f.readOnly) return { field: name, widget: 'display' };
  if (f.references) return { field: name, widget: 'lookup', displayKey: `${name}Display`, ...required };
  if (f.lookup) return { field: name, widget: 'lookup', ...required };
  switch (f.type) {
    case 'yn':
      return { field: name, widget: 'checkbox' };
    case 'date':
      return { field: name, widget: 'date', ...required };
    case 'datetime':
      return { field: name, widget: 'datetime', ...required };
    case 'integer':
    case 'decimal':
      return { field: name, widget: 'number', ...required };
    case 'text':
      return { field: name, widget: 'textarea', span: 2, ...required };
    default:
      return { field: name, ...required };
  }
}

/** Whether a generated list offers Excel import. */
export function importable(entity: EntityDefinition): boolean {
  return (entity.lines ?? []).length === 0 && !entity.status;
}

export function listPageOf(entity: EntityDefinition, name: string, title?: Text): PageDefinition {
  const fields = declared(entity).filter(([n, f]) => shown(entity, n, f) && f.type !== 'attachments');
  const filtered = fields.filter(([, f]) => f.filter !== undefined && f.filter !== 'none');
  // Only what an index serves is offered (docs/decisions.md "Keyset paging"): the definition check refuses the rest.
  const search = (filtered.length ? filtered : fields.filter(([, f]) => f.type === 'string' && f.filter !== 'none').slice(0, 3))
    .filter(([n]) => filterIndexed(entity, n))
    .slice(0, MAX_SEARCH)
    .map(([n, f]) => searchOf(n, f));
  const lastUpdate: Column = { key: 'lastUpdateDate', width: 170, cellType: 'datetime', sortable: true };
  const columns = [...fields.slice(0, MAX_COLUMNS).map(([n, f]) => columnOf(n, f)), lastUpdate].map(({ sortable, ...c }): Column =>
    sortable && sortIndexed(entity, c.key) ? { ...c, sortable } : c,
  );
  const toolbar: Action[] = [
    { name: 'add', type: 'openEdit', mode: 'create', label: 'actions.add', resource: 'btnAdd', status: 'primary' },
    { name: 'refresh', type: 'refresh', label: 'actions.refresh' },
  ];
  const rowActions: Action[] = [
    { name: 'edit', type: 'openEdit', mode: 'edit', label: 'actions.edit', resource: 'btnEdit' },
    { name: 'view', type: 'openEdit', mode: 'view', label: 'actions.view', resource: 'btnView' },
    { name: 'delete', type: 'operation', operation: 'delete', label: 'actions.delete', resource: 'btnDelete', confirm: 'confirm.delete', status: 'danger' },
  ];
  return {
    name,
    kind: 'list',
    entity: entity.name,
    title: title ?? entity.label,
    ...(search.length ? { search } : {}),
    // Excel (docs/excel.md): every generated list exports; a plain record without lines or a workflow
    // also imports (an import saves whole records through saveOne, which has no lines to fill).
    grid: {
      pageSize: 20,
      selection: true,
      showIndex: true,
      columns: columns as [Column, ...Column[]],
      toolbar,
      rowActions,
      operateWidth: 180,
      isShowExport: true,
      ...(importable(entity) ? { isShowImport: true } : {}),
    },
    editPage: pairOf(name).edit,
  };
}

export function editPageOf(entity: EntityDefinition, name: string, lineEntities: ReadonlyMap<string, EntityDefinition>, title?: Text): PageDefinition {
  const fields = declared(entity).filter(([n, f]) => shown(entity, n, f) && f.type !== 'attachments');
  const lines = (entity.lines ?? []).flatMap((l) => {
    const le = lineEntities.get(l.entity);
    if (!le) return [];
    const columns: Column[] = declared(le)
      .filter(([n, f]) => shown(le, n, f) && n !== l.foreignKey && f.type !== 'attachments')
      .slice(0, MAX_COLUMNS)
      .map(([n, f]) => ({ ...columnOf(n, f), ...(f.references ? { key: n, cellType: 'lookup' as const, displayKey: `${n}Display` } : {}) }));
    if (columns.length === 0) return [];
    return [
      {
        name: l.name,
        title: le.label,
        grid: {
          isEdit: true,
          showIndex: true,
          selection: true,
          columns: columns as [Column, ...Column[]],
          toolbar: [
            { name: 'addLine', type: 'addLine', label: 'actions.addLine', resource: 'btnSave' },
            {
              name: 'deleteLines',
              type: 'deleteLines',
              label: 'actions.deleteLines',
              resource: 'btnSave',
              needSelection: true,
              confirm: 'confirm.deleteLines',
            },
          ] as Action[],
        },
      },
    ];
  });
  return {
    name,
    kind: 'edit',
    entity: entity.name,
    title: title ?? entity.label,
    listPage: pairOf(name).list,
    form: { columns: 2, fields: fields.map(([n, f]) => formFieldOf(n, f)) },
    ...(lines.length ? { lines } : {}),
    actions: [
      { name: 'save', type: 'save', operation: 'saveOrUpdate', label: 'actions.save', resource: 'btnSave', status: 'primary' },
      { name: 'back', type: 'back', label: 'actions.back' },
    ],
  };
}
