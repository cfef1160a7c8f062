// The modules whose definition chunks a page needs, from the definitions on disk: the page's own module
// and the modules of the entities it needs (src/app/definitionNeeds.ts, the rule the loader follows).
import type { Definitions } from '../../meta/definitions.js';
import { entityNeeds } from '../../src/app/definitionNeeds.js';

const moduleOfSource = (path: string | undefined) => (path?.startsWith('modules/') ? path.split('/')[1] : undefined);

export function modulesForPage(defs: Definitions, pageName: string): string[] {
  const name = defs.pages.has(pageName) ? pageName : (defs.pageAliases?.get(pageName) ?? pageName);
  const page = defs.pages.get(name);
  if (!page) throw new Error(`no page ${pageName}`);
  const modules = new Set([moduleOfSource(defs.sources?.get(`page:${name}`))]);
  const { found, missing } = entityNeeds(page, (n) => defs.entities.get(n));
  if (missing.length) throw new Error(`page ${name} names unknown entities: ${missing.join(', ')}`);
  for (const entity of found.keys()) modules.add(moduleOfSource(defs.sources?.get(`entity:${entity}`)));
  return [...modules].filter((m): m is string => m !== undefined).sort();
}
