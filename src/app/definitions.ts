// Page and entity definitions bundled from schemas/ (docs/decisions.md: the file path is the page name).
import type { EntityDefinition, PageDefinition } from '../../runtime/definitions';
import aliasFile from '../../schemas/pages/aliases.json';

const pageFiles = import.meta.glob<PageDefinition>('/schemas/pages/**/*.page.json', { eager: true, import: 'default' });
const entityFiles = import.meta.glob<EntityDefinition>('/schemas/entities/**/*.entity.json', {
  eager: true,
  import: 'default',
});

function indexBy<T>(files: Record<string, T>, suffix: string, key: (path: string, value: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const [path, value] of Object.entries(files)) if (path.endsWith(suffix)) map.set(key(path, value), value);
  return map;
}

// SPEC paths that open a page of another name (checked against the pages by meta/load.ts).
const pageAliases: Readonly<Record<string, string>> = aliasFile.aliases;

const pages = indexBy(pageFiles, '.page.json', (path) => path.slice('/schemas/pages/'.length, -'.page.json'.length));
const entities = indexBy(entityFiles, '.entity.json', (path) => path.slice(path.lastIndexOf('/') + 1, -'.entity.json'.length));

// Pages published in the designer (overlays over the bundled files, and new pages), fetched after login
// from baseDefinitionRestful/effectivePages: a published page renders without a rebuild.
let overlays = new Map<string, PageDefinition>();

/** The page a route name opens: the page of that name, else the one its alias names (schemas/pages/aliases.json). */
export function resolvePageName(pageName: string): string {
  if (overlays.has(pageName) || pages.has(pageName)) return pageName;
  return Object.hasOwn(pageAliases, pageName) ? pageAliases[pageName] : pageName;
}

export function findPage(pageName: string): PageDefinition | undefined {
  const name = resolvePageName(pageName);
  return overlays.get(name) ?? pages.get(name);
}

/** Replaces the designer overlays (the server's answer lists every page that differs from the bundle). */
export function applyEffectivePages(effective: Readonly<Record<string, PageDefinition>>): void {
  overlays = new Map(Object.entries(effective));
}

export function findEntity(name: string): EntityDefinition | undefined {
  return entities.get(name);
}

/** Every entity by name, for line grids and reference fields of a page. */
export const allEntities: Readonly<Record<string, EntityDefinition>> = Object.fromEntries(entities);
