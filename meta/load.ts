// Reads every definition from disk and refuses a broken one loudly, naming the file and the path in it.
// Definitions live in the modules (modules/{area}/entities, pages, menus.json, contract.json); the meta schemas that
// check them in schemas/meta. The loader knows the folder convention, never a module by name.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { metaAjv } from './ajv.js';
import { crossCheck } from './crossCheck.js';
import type { Definitions, EntityDefinition, MenusDefinition, PageDefinition } from './definitions.js';
import { mergeContracts } from './contract.js';
import type { ModuleContract } from './generated/definitions.js';
import { mergeModuleMenus, type ModuleMenus } from './mergeMenus.js';

export class DefinitionError extends Error {
  constructor(readonly problems: string[]) {
    super(`Broken definitions:\n  ${problems.join('\n  ')}`);
    this.name = 'DefinitionError';
  }
}

/** A module folder name: lower case, so that no two differ only by case (case-insensitive file systems). */
export const MODULE_NAME = /^[a-z][a-z0-9-]*$/;

/** The module folders under `root/modules`, sorted; `generated` holds generated files, not a module. */
export function moduleDirs(root: string): { name: string; dir: string }[] {
  const base = join(root, 'modules');
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .filter((n) => n !== 'generated' && !n.startsWith('.') && statSync(join(base, n)).isDirectory())
    .sort()
    .map((name) => ({ name, dir: join(base, name) }));
}

function files(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) return files(p, suffix);
      return name.endsWith(suffix) ? [p] : [];
    });
}

/** `root`: the repository (or a copy of it): schemas/meta and modules/. */
export function loadDefinitions(root: string): Definitions {
  const ajv = metaAjv(join(root, 'schemas', 'meta'));
  const problems: string[] = [];
  const rel = (file: string) => relative(root, file).split('\\').join('/');
  const read = <T>(file: string, schemaId: string): T | undefined => {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      problems.push(`${rel(file)}: not JSON (${(e as Error).message})`);
      return undefined;
    }
    const validate = ajv.getSchema(schemaId);
    if (!validate) throw new Error(`meta schema ${schemaId} missing`);
    if (!validate(json)) {
      for (const err of validate.errors ?? []) problems.push(`${rel(file)}: ${err.instancePath || '/'} ${err.message ?? ''}`.trim());
      return undefined;
    }
    return json as T;
  };

  const modules = moduleDirs(root);
  const entities = new Map<string, EntityDefinition>();
  const pages = new Map<string, PageDefinition>();
  const sources = new Map<string, string>();
  const moduleMenus: ModuleMenus[] = [];
  const contracts: { module: string; file: string; contract: ModuleContract }[] = [];
  const lowerPaths = new Map<string, string>();
  for (const m of modules) {
    if (!MODULE_NAME.test(m.name)) problems.push(`modules/${m.name}: a module folder name is lower case (a-z, 0-9, -)`);
    for (const file of files(m.dir, '.json')) {
      const key = rel(file).toLowerCase();
      const twin = lowerPaths.get(key);
      if (twin) problems.push(`${rel(file)}: differs from ${twin} only by case`);
      lowerPaths.set(key, rel(file));
    }
    for (const file of files(join(m.dir, 'entities'), '.entity.json')) {
      const e = read<EntityDefinition>(file, 'srm:meta/entity');
      if (!e) continue;
      if (entities.has(e.name)) problems.push(`${rel(file)}: entity ${e.name} defined twice (also ${sources.get(`entity:${e.name}`)})`);
      entities.set(e.name, e);
      sources.set(`entity:${e.name}`, rel(file));
    }
    for (const file of files(join(m.dir, 'pages'), '.page.json')) {
      const p = read<PageDefinition>(file, 'srm:meta/page');
      if (!p) continue;
      if (pages.has(p.name)) problems.push(`${rel(file)}: page ${p.name} defined twice (also ${sources.get(`page:${p.name}`)})`);
      pages.set(p.name, p);
      sources.set(`page:${p.name}`, rel(file));
    }
    const menuFile = join(m.dir, 'menus.json');
    if (existsSync(menuFile)) {
      const menus = read<MenusDefinition>(menuFile, 'srm:meta/menus');
      if (menus) moduleMenus.push({ module: m.name, file: rel(menuFile), menus: menus.menus });
    }
    const contractFile = join(m.dir, 'contract.json');
    if (existsSync(contractFile)) {
      const contract = read<ModuleContract>(contractFile, 'srm:meta/contract');
      if (contract) contracts.push({ module: m.name, file: rel(contractFile), contract });
    }
  }
  const merged = mergeModuleMenus(moduleMenus);
  problems.push(...merged.problems);
  const contract = mergeContracts(contracts);
  problems.push(...contract.problems);

  const pageAliases = new Map<string, string>();
  for (const p of pages.values()) {
    for (const alias of p.aliases ?? []) {
      const other = pageAliases.get(alias);
      if (other) problems.push(`${sources.get(`page:${p.name}`)}: alias ${alias} is also an alias of ${other}`);
      pageAliases.set(alias, p.name);
    }
  }

  const defs = {
    entities,
    pages,
    menus: { menus: merged.menus },
    pageAliases,
    sources,
    modules: modules.map((m) => m.name),
    contract: contract.contract,
  } satisfies Definitions;
  if (problems.length === 0) problems.push(...crossCheck(defs));
  if (problems.length > 0) throw new DefinitionError(problems);
  return defs;
}
