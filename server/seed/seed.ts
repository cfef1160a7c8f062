// Seeds in one transaction: the product rows every start (shipped menus, each module's lookups.json,
// messageTemplates.json and seed.product), then on the first start the demo company (each module's demo steps) or, with
// SRM_DEMO=0, what a bare installation needs (the modules' seed.bare: the first administrator).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/connect.js';
import type { Definitions } from '../../meta/definitions.js';
import type { ServerConfig } from '../config.js';
import { moduleDirs } from '../../meta/load.js';
import type { LookupTypeSeed, MessageTemplateSeed, ProcessModelSeed } from '../modules/types.js';
import type { ModuleRegistry } from '../modules/registry.js';
import { runDemoSteps, type DemoResult } from './demoSteps.js';

/** Returns the demo user names when demo data was created on this start (to print them once), and the demo
 *  parts that wait for the modules' APIs (DemoContext.later: the caller runs them once the APIs start). */
export async function seed(db: Db, defs: Definitions, config: ServerConfig, root: string, registry: ModuleRegistry): Promise<DemoResult> {
  // Menus belong to the module owning the security model, lookups to the lookups module (modules/services.ts).
  const access = registry.service('access');
  const lookups = registry.service('lookups');
  const modules = registry.modules;
  return db.transaction().execute(async (trx) => {
    await access.seedMenus(trx, defs);
    // Each module ships the lookup types its fields use (modules/{area}/lookups.json).
    for (const m of moduleDirs(root)) {
      const file = join(m.dir, 'lookups.json');
      if (existsSync(file)) await lookups.seed(trx, (JSON.parse(readFileSync(file, 'utf8')) as { lookupTypes: LookupTypeSeed[] }).lookupTypes);
    }
    // Each module ships the message templates its events send (modules/{area}/messageTemplates.json);
    // without a messaging module nothing could send them, so they wait.
    const templates = registry.optionalService('messageTemplates');
    for (const m of moduleDirs(root)) {
      const file = join(m.dir, 'messageTemplates.json');
      if (templates && existsSync(file))
        await templates.seed(trx, m.name, (JSON.parse(readFileSync(file, 'utf8')) as { templates: MessageTemplateSeed[] }).templates);
    }
    for (const m of modules) await m.seed?.product?.(trx);
    // The security model's own table says whether anyone was ever set up: then the first start is over.
    if (await access.anyUser(trx)) return { users: [], later: [] };
    if (config.demo) {
      // The demo company also gets the demo and sample screens (menus marked `demo`).
      await access.seedMenus(trx, defs, { demo: true });
      // The demo company's process models: each module's processes/{KEY}.bpmn with {KEY}.json beside it.
      const processes = registry.optionalService('processModels');
      for (const m of moduleDirs(root)) {
        const models = processModelsOf(join(m.dir, 'processes'));
        if (processes && models.length) await processes.seedDemo(trx, m.name, models);
      }
      return runDemoSteps(
        trx,
        modules,
        {
          password: config.demoPassword,
          lookups: (types) => lookups.seed(trx, types),
          grant: (resp, menu, codes) => access.grantMenu(trx, resp, menu, codes),
        },
        processes,
      );
    }
    for (const m of modules) await m.seed?.bare?.(trx, config);
    return { users: [], later: [] };
  });
}

/** The models of one module's processes/ folder: {KEY}.json (name, category, description, entity) + {KEY}.bpmn. */
function processModelsOf(dir: string): ProcessModelSeed[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const key = f.slice(0, -'.json'.length);
      const meta = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Omit<ProcessModelSeed, 'key' | 'xml'>;
      return { ...meta, key, xml: readFileSync(join(dir, `${key}.bpmn`), 'utf8') };
    });
}
