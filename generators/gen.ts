// `npm run gen` writes every generated file; `npm run gen:check` fails when any is stale.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadDefinitions, moduleDirs } from '../meta/load.js';
import { buildOpenApi } from '../meta/openapi.js';
import { entityJsonSchema } from '../meta/familySchemas.js';
import { isFamily } from '../meta/definitions.js';
import { schemaShape, type SchemaShape } from '../meta/tableShape.js';
import { generateMetaTypes } from './metaTypes.js';
import { generateClients } from './clients.js';
import { generateDbTypes, tablesFile } from './dbTypes.js';
import { generateValidators, generateValidatorTypes } from './validators.js';
import {
  entitiesByModule,
  migrationStamps,
  migrationWhat,
  moduleMigrationsDir,
  moduleSnapshotFile,
  nextStamp,
  planModules,
  readSnapshot,
} from './migrations.js';
import { repoRoot } from './paths.js';
import { generateDefinitionChunks, orphanDefinitionChunks } from './definitionChunks.js';

const check = process.argv.includes('--check');
/** Standalone JSON Schemas per family: record, line entities, params, each operation's request and answer. */
const JSON_SCHEMA_DIR = 'meta/generated/jsonschema';

async function main(): Promise<void> {
  const defs = loadDefinitions(repoRoot);
  const outputs = new Map<string, string>();
  outputs.set('meta/generated/definitions.ts', await generateMetaTypes());
  outputs.set('src/generated/clients.ts', await generateClients(defs));
  outputs.set('src/generated/validators.js', generateValidators(defs));
  outputs.set('src/generated/validators.d.ts', generateValidatorTypes());
  outputs.set('meta/generated/openapi.json', JSON.stringify(buildOpenApi(defs, '1'), null, 2) + '\n');
  for (const e of defs.entities.values()) {
    if (isFamily(e)) outputs.set(`${JSON_SCHEMA_DIR}/${e.name}.schema.json`, JSON.stringify(entityJsonSchema(defs, e), null, 2) + '\n');
  }
  // The browser loads definitions by module: an index and one chunk file per module (generators/definitionChunks.ts).
  for (const [rel, content] of generateDefinitionChunks(defs)) outputs.set(rel, content);

  // Migrations per module: only the module's own tables, against the module's own snapshot.
  const byModule = entitiesByModule(defs);
  const shapes = new Map([...byModule].map(([m, es]) => [m, schemaShape(es)]));
  const snapshots = new Map([...byModule.keys()].map((m) => [m, readSnapshot(repoRoot, m)]));
  const plans = planModules(shapes, snapshots);
  const problems = plans.flatMap((p) =>
    p.problems.length
      ? [
          ...p.problems.map((x) => `modules/${p.module}: ${x}`),
          `  → write it by hand: ${moduleMigrationsDir(p.module)}/${check ? '{YYYYMMDDHHMMSS}' : nextStamp(new Date(), migrationStamps(repoRoot, p.module))}_manual_{what}.sql, ` +
            `and record the shape it leaves in ${moduleSnapshotFile(p.module)} (docs/howto.md, "Add an entity")`,
        ]
      : [],
  );
  if (problems.length) {
    console.error(`Migration cannot be generated:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  // Typed database access per module; nullability as the database holds it once the migrations ran.
  const applied = Object.assign({}, ...plans.map((p) => p.applied)) as SchemaShape;
  for (const [rel, content] of generateDbTypes(defs, applied)) outputs.set(rel, content);

  const stale: string[] = [];
  // A module's table types whose entities are all gone are stale too.
  for (const m of moduleDirs(repoRoot)) {
    const rel = tablesFile(m.name);
    if (outputs.has(rel) || !existsSync(join(repoRoot, rel))) continue;
    stale.push(`${rel} (the module has no entities any more)`);
    if (!check) rmSync(join(repoRoot, rel));
  }
  // A schema file whose family is gone is stale too.
  const schemaDir = join(repoRoot, JSON_SCHEMA_DIR);
  for (const f of existsSync(schemaDir) ? readdirSync(schemaDir) : []) {
    const rel = `${JSON_SCHEMA_DIR}/${f}`;
    if (outputs.has(rel)) continue;
    stale.push(`${rel} (no such family any more)`);
    if (!check) rmSync(join(schemaDir, f));
  }
  for (const rel of orphanDefinitionChunks(repoRoot, defs.modules ?? [], outputs)) {
    stale.push(`${rel} (the module has no definitions any more)`);
    if (!check) rmSync(join(repoRoot, rel));
  }
  for (const [rel, content] of outputs) {
    const p = join(repoRoot, rel);
    const old = existsSync(p) ? readFileSync(p, 'utf8') : undefined;
    if (old === content) continue;
    stale.push(rel);
    if (!check) {
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, content);
    }
  }
  for (const plan of plans) {
    const dir = moduleMigrationsDir(plan.module);
    for (const m of plan.movedIn) stale.push(`${moduleSnapshotFile(plan.module)} (table ${m.table} moved here from module ${m.from})`);
    if (plan.statements.length) {
      // gen:check names no clock time, so its output is the same on every run.
      const stamp = check ? '{YYYYMMDDHHMMSS}' : nextStamp(new Date(), migrationStamps(repoRoot, plan.module));
      const rel = join(dir, `${stamp}_${migrationWhat(plan)}.sql`);
      stale.push(`${rel} (new migration: ${plan.statements.length} statements)`);
      if (!check) {
        mkdirSync(join(repoRoot, dir), { recursive: true });
        writeFileSync(
          join(repoRoot, rel),
          `-- Generated by \`npm run gen\` from the entity definitions of module ${plan.module}. Do not edit.\n\n${plan.statements.join('\n\n')}\n`,
        );
      }
    }
    if (plan.snapshotChanged) {
      if (!plan.statements.length && !plan.movedIn.length) stale.push(`${moduleSnapshotFile(plan.module)} (differs from the shape as applied)`);
      if (!check) {
        mkdirSync(join(repoRoot, dir), { recursive: true });
        writeFileSync(join(repoRoot, moduleSnapshotFile(plan.module)), JSON.stringify(plan.applied, null, 2) + '\n');
      }
    }
  }
  if (check && stale.length) {
    console.error(`Generated files are stale; run \`npm run gen\`:\n  ${stale.join('\n  ')}`);
    process.exit(1);
  }
  console.log(stale.length ? `wrote:\n  ${stale.join('\n  ')}` : 'generated files are fresh');
}

await main();
