// Reads every definition from disk and refuses a broken one loudly, naming the file and the path in it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createMetaAjv } from './ajv.js';
import { crossCheck } from './crossCheck.js';
import type { Definitions, EntityDefinition, MenusDefinition, PageAliasesDefinition, PageDefinition } from './definitions.js';

export class DefinitionError extends Error {
  constructor(readonly problems: string[]) {
    super(`Broken definitions:\n  ${problems.join('\n  ')}`);
    this.name = 'DefinitionError';
  }
}

function walk(dir: string, suffix: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p, suffix));
    else if (name.endsWith(suffix)) out.push(p);
  }
  return out;
}

export function loadDefinitions(schemasDir: string): Definitions {
  const ajv = createMetaAjv(join(schemasDir, 'meta'));
  const problems: string[] = [];
  const read = <T>(file: string, schemaId: string): T | undefined => {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      problems.push(`${relative(schemasDir, file)}: not JSON (${(e as Error).message})`);
      return undefined;
    }
    const validate = ajv.getSchema(schemaId);
    if (!validate) throw new Error(`meta schema ${schemaId} missing`);
    if (!validate(json)) {
      for (const err of validate.errors ?? []) {
        problems.push(`${relative(schemasDir, file)}: ${err.instancePath || '/'} ${err.message ?? ''}`.trim());
      }
      return undefined;
    }
    return json as T;
  };

  const entities = new Map<string, EntityDefinition>();
  for (const file of walk(join(schemasDir, 'entities'), '.entity.json')) {
    const e = read<EntityDefinition>(file, 'srm:meta/entity');
    if (!e) continue;
    if (entities.has(e.name)) problems.push(`${relative(schemasDir, file)}: entity ${e.name} defined twice`);
    entities.set(e.name, e);
  }
  const pages = new Map<string, PageDefinition>();
  for (const file of walk(join(schemasDir, 'pages'), '.page.json')) {
    const p = read<PageDefinition>(file, 'srm:meta/page');
    if (!p) continue;
    const expected = relative(join(schemasDir, 'pages'), file).replace(/\.page\.json$/, '').split('\\').join('/');
    if (p.name !== expected) problems.push(`${relative(schemasDir, file)}: /name must be "${expected}" (the file path)`);
    pages.set(p.name, p);
  }
  const menus = read<MenusDefinition>(join(schemasDir, 'menus', 'menus.json'), 'srm:meta/menus') ?? { menus: [] };

  const aliasFile = read<PageAliasesDefinition>(join(schemasDir, 'pages', 'aliases.json'), 'srm:meta/pageAliases') ?? { aliases: {} };
  const pageAliases = new Map(Object.entries(aliasFile.aliases));

  const defs: Definitions = { entities, pages, menus, pageAliases };
  if (problems.length === 0) problems.push(...crossCheck(defs));
  if (problems.length > 0) throw new DefinitionError(problems);
  return defs;
}
