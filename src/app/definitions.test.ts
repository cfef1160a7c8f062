// The definitions loader: route aliases (SPEC §2 paths of administration screens whose pages have other
// names), loading by module (a page's module, then the modules of the entities it needs), unknown pages,
// the designer's published pages winning over shipped ones, and a failed chunk tried again.
import { describe, expect, it, vi } from 'vitest';
import type { EntityDefinition, PageDefinition } from '../../runtime/definitions';
import {
  createDefinitionStore,
  loadAllDefinitions,
  loadPageDefinitions,
  loadedEntities,
  pageSummary,
  resolvePageName,
  type DefinitionIndex,
  type ModuleDefinitions,
} from './definitions';

describe('route aliases (shipped definitions)', () => {
  it.each([
    ['resp', 'systemsetting/responsibility'],
    ['responsibility/respSave', 'systemsetting/respSave'],
    ['lookup', 'base/lookupValuesList'],
    ['lookuptype', 'base/lookupTypeList'],
    ['lookupTypeEdit', 'base/lookupTypeEdit'],
  ])('/main/%s opens %s', async (path, page) => {
    expect(resolvePageName(path)).toBe(page);
    expect((await loadPageDefinitions(path))?.page.name).toBe(page);
  });

  it('leaves page names and unknown paths alone; names of Object.prototype are no pages', async () => {
    expect((await loadPageDefinitions('systemsetting/respSave'))?.page.name).toBe('systemsetting/respSave');
    for (const name of ['nowhere', 'toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(resolvePageName(name)).toBe(name);
      expect(pageSummary(name)).toBeUndefined();
      expect(await loadPageDefinitions(name)).toBeUndefined();
    }
  });

  it('gives kind and title from the index', () => {
    expect(pageSummary('base/bankList')).toMatchObject({ kind: 'list', title: { EN: 'Banks' } });
    expect(pageSummary('resp')?.kind).toBe('list');
  });

  it('loads a requisition with its lines, the material and organisation targets, from three modules', async () => {
    const defs = await loadPageDefinitions('order/requisitionEdit');
    expect(defs?.entity?.name).toBe('srmPoRequisition');
    expect(Object.keys(defs!.entities)).toEqual(expect.arrayContaining(['srmPoRequisition', 'srmPoRequisitionLine', 'srmBaseMaterial', 'baseInstitution']));
    // Only what the page needs: no administration entity.
    expect(defs!.entities.baseUsers).toBeUndefined();
  });

  it('loads every module for the designer', async () => {
    await loadAllDefinitions();
    expect(Object.keys(loadedEntities())).toEqual(expect.arrayContaining(['srmBaseBank', 'baseUsers', 'srmPoRequisitionLine', 'baseDefinitionOverlay']));
  });
});

// A made-up product: module a holds the header page and entity; its lines (b) have lines of their own (c)
// and reference a material (d); the header references a user (c), who references an organisation (e).
const entity = (name: string, more: Partial<EntityDefinition> = {}) => ({ name, key: 'id', fields: {}, ...more }) as unknown as EntityDefinition;
const page = (name: string, more: Partial<PageDefinition> = {}) => ({ name, kind: 'edit', title: name, ...more }) as unknown as PageDefinition;
const CHUNKS: Record<string, ModuleDefinitions> = {
  a: {
    pages: { 'a/headEdit': page('a/headEdit', { entity: 'head' }), 'a/custom': page('a/custom', { kind: 'custom' }) },
    entities: {
      head: entity('head', { lines: [{ name: 'lines', entity: 'line', foreignKey: 'headId' }], fields: { buyer: { type: 'integer', references: 'user' } } }),
    },
  },
  b: {
    pages: {},
    entities: {
      line: entity('line', {
        lines: [{ name: 'parts', entity: 'part', foreignKey: 'lineId' }],
        fields: { material: { type: 'integer', references: 'material' } },
      }),
    },
  },
  c: { pages: {}, entities: { part: entity('part'), user: entity('user', { fields: { org: { type: 'integer', references: 'org' } } }) } },
  d: { pages: { 'd/materialList': page('d/materialList', { kind: 'list', entity: 'material' }) }, entities: { material: entity('material') } },
  e: { pages: {}, entities: { org: entity('org') } },
};
const INDEX: DefinitionIndex = {
  pages: {
    'a/headEdit': { module: 'a', kind: 'edit', title: 'a/headEdit' },
    'a/custom': { module: 'a', kind: 'custom', title: 'a/custom' },
    'd/materialList': { module: 'd', kind: 'list', title: { CN: '物料', EN: 'Materials', TH: 'วัสดุ', VN: 'Vật tư' } },
  },
  aliases: { head: 'a/headEdit' },
  entityModules: { head: 'a', line: 'b', part: 'c', user: 'c', material: 'd', org: 'e' },
};

function fixture(fail: Partial<Record<string, number>> = {}) {
  const failures = { ...fail };
  const loads = vi.fn(async (module: string) => {
    await new Promise((r) => setTimeout(r, 1));
    if (failures[module]) {
      failures[module]!--;
      throw new TypeError(`Failed to fetch dynamically imported module: /assets/definitions-${module}.js`);
    }
    return CHUNKS[module];
  });
  const loaders = Object.fromEntries(Object.keys(CHUNKS).map((m) => [m, () => loads(m)]));
  const modulesLoaded = () => loads.mock.calls.map(([m]) => m).sort();
  return { store: createDefinitionStore(INDEX, loaders), loads, modulesLoaded };
}

describe('loading by module', () => {
  it('loads the page module, then its entities: lines to any depth, reference targets without their own references', async () => {
    const { store, modulesLoaded } = fixture();
    expect(store.peekPageDefinitions('a/headEdit')).toBeUndefined();
    const defs = await store.loadPageDefinitions('head');
    expect(defs?.page.name).toBe('a/headEdit');
    expect(defs?.entity?.name).toBe('head');
    expect(Object.keys(defs!.entities).sort()).toEqual(['head', 'line', 'material', 'part', 'user']);
    // The organisation is a target of a target: module e is not loaded.
    expect(modulesLoaded()).toEqual(['a', 'b', 'c', 'd']);
    // Loaded: answered at once, the same object each time.
    expect(store.peekPageDefinitions('a/headEdit')).toBe(defs);
    expect(await store.loadPageDefinitions('a/headEdit')).toBe(defs);
    expect(store.findEntity('org')).toBeUndefined();
  });

  it('loads a module once for pages opened together', async () => {
    const { store, loads } = fixture();
    await Promise.all([store.loadPageDefinitions('a/headEdit'), store.loadPageDefinitions('a/custom'), store.loadPageDefinitions('d/materialList')]);
    expect(loads).toHaveBeenCalledTimes(4);
  });

  it('answers undefined for an unknown page without loading anything; null from peek', async () => {
    const { store, loads } = fixture();
    for (const name of ['nowhere', 'toString', '__proto__', 'valueOf']) {
      expect(await store.loadPageDefinitions(name)).toBeUndefined();
      expect(store.peekPageDefinitions(name)).toBeNull();
      expect(store.pageSummary(name)).toBeUndefined();
    }
    expect(loads).not.toHaveBeenCalled();
  });

  it('lets published pages win over shipped ones, and new published pages open', async () => {
    const { store, modulesLoaded } = fixture();
    const shipped = await store.loadPageDefinitions('d/materialList');
    store.applyEffectivePages({
      'd/materialList': page('d/materialList', { kind: 'list', entity: 'org', title: 'Organisations' }),
      'x/new': page('x/new', { kind: 'list', entity: 'user' }),
    });
    const overlaid = await store.loadPageDefinitions('d/materialList');
    expect(overlaid?.page.title).toBe('Organisations');
    expect(overlaid?.entity?.name).toBe('org');
    expect(store.pageSummary('d/materialList')?.title).toBe('Organisations');
    expect((await store.loadPageDefinitions('x/new'))?.entity?.name).toBe('user');
    expect(store.resolvePageName('x/new')).toBe('x/new');
    expect(modulesLoaded()).toEqual(['c', 'd', 'e']);
    // Withdrawn: the shipped page again.
    store.applyEffectivePages({});
    expect((await store.loadPageDefinitions('d/materialList'))?.page).toBe(shipped?.page);
    expect(await store.loadPageDefinitions('x/new')).toBeUndefined();
  });

  it('answers a page whose entity no module holds, with the entity missing', async () => {
    const { store } = fixture();
    store.applyEffectivePages({ 'x/broken': page('x/broken', { kind: 'list', entity: 'gone' }) });
    const defs = await store.loadPageDefinitions('x/broken');
    expect(defs?.entity).toBeUndefined();
    expect(defs?.entities).toEqual({});
  });

  it('rejects when a chunk fails to load and loads it on the next call', async () => {
    const { store, loads } = fixture({ b: 1 });
    await expect(store.loadPageDefinitions('a/headEdit')).rejects.toThrow(/definitions-b/);
    const defs = await store.loadPageDefinitions('a/headEdit');
    expect(Object.keys(defs!.entities)).toContain('line');
    expect(loads.mock.calls.filter(([m]) => m === 'b')).toHaveLength(2);
    expect(loads.mock.calls.filter(([m]) => m === 'a')).toHaveLength(1);
  });

  it('loads every module on demand of the designer', async () => {
    const { store } = fixture();
    await store.loadAllDefinitions();
    expect(Object.keys(store.loadedEntities()).sort()).toEqual(['head', 'line', 'material', 'org', 'part', 'user']);
    expect(store.loadedEntities()).toBe(store.loadedEntities());
  });
});
