// The migration runner's order and its reading of an old database's records, without a database.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BASELINE_FILE, LEGACY_MIGRATIONS, legacyAdoption, migrationFiles, type MigrationSources } from '../../../server/db/migrate.js';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A repository with these files: `{folder}/{file}` relative to it. */
function repo(files: string[]): string {
  root = mkdtempSync(join(tmpdir(), 'srm-migrate-'));
  for (const f of files) {
    mkdirSync(join(root, f, '..'), { recursive: true });
    writeFileSync(join(root, f), '');
  }
  return root;
}

const sources = (r: string, modules: { name: string; dependsOn?: string[] }[]): MigrationSources => ({
  platformDir: join(r, 'server', 'migrations'),
  modules: modules.map((m) => ({ ...m, dir: join(r, 'modules', m.name, 'migrations') })),
});

describe('migration runner order', () => {
  it("runs the platform's files first, then all modules' by stamp, dependencies first on equal stamps", () => {
    const r = repo([
      `server/migrations/${BASELINE_FILE}`,
      'server/migrations/20270101000000_numbering_by_org.sql',
      `modules/aaa/migrations/${BASELINE_FILE}`,
      'modules/aaa/migrations/20270301000000_alter_aaa.sql',
      'modules/aaa/migrations/snapshot.json',
      `modules/base/migrations/${BASELINE_FILE}`,
      'modules/base/migrations/20270201000000_create_base_x.sql',
      'modules/base/migrations/20270201000000_manual_fill_base_x.sql',
      'modules/empty/entities/x.entity.json',
    ]);
    const files = migrationFiles(sources(r, [{ name: 'aaa', dependsOn: ['base'] }, { name: 'base' }, { name: 'empty' }]));
    expect(files.map((f) => f.name)).toEqual([
      `platform/${BASELINE_FILE}`,
      'platform/20270101000000_numbering_by_org.sql',
      `base/${BASELINE_FILE}`,
      `aaa/${BASELINE_FILE}`,
      'base/20270201000000_create_base_x.sql',
      'base/20270201000000_manual_fill_base_x.sql',
      'aaa/20270301000000_alter_aaa.sql',
    ]);
  });

  it('refuses a misnamed file and a module that takes the platform name', () => {
    const r = repo(['modules/base/migrations/0019_entities.sql', 'modules/base/migrations/20270101000000_Add-Thing.sql', 'modules/platform/migrations/x']);
    expect(() => migrationFiles(sources(r, [{ name: 'base' }, { name: 'platform' }]))).toThrow(
      /0019_entities\.sql: not a migration name[\s\S]*20270101000000_Add-Thing\.sql: not a migration name[\s\S]*module platform: the name is taken/,
    );
  });
});

describe('an old database of numbered migrations', () => {
  const r = () =>
    repo([`server/migrations/${BASELINE_FILE}`, `modules/base/migrations/${BASELINE_FILE}`, 'modules/base/migrations/20990101000000_alter_x.sql']);

  it('is none of that when it recorded no numbered name', () => {
    const files = migrationFiles(sources(r(), [{ name: 'base' }]));
    expect(legacyAdoption(new Set(), files)).toEqual([]);
    expect(legacyAdoption(new Set([`base/${BASELINE_FILE}`]), files)).toEqual([]);
  });

  it('adopts the baselines (only those not recorded yet) when the whole sequence is recorded', () => {
    const files = migrationFiles(sources(r(), [{ name: 'base' }]));
    expect(legacyAdoption(new Set(LEGACY_MIGRATIONS), files)).toEqual([`platform/${BASELINE_FILE}`, `base/${BASELINE_FILE}`]);
    expect(legacyAdoption(new Set([...LEGACY_MIGRATIONS, `platform/${BASELINE_FILE}`, `base/${BASELINE_FILE}`]), files)).toEqual([]);
  });

  it('refuses part of the sequence, naming the release that finishes it, and numbered names it does not know', () => {
    const files = migrationFiles(sources(r(), [{ name: 'base' }]));
    expect(() => legacyAdoption(new Set(LEGACY_MIGRATIONS.slice(0, 5)), files)).toThrow(
      /only up to 0005_entities\.sql \(missing 0006_entities\.sql, .*0018_entities\.sql\)\. Start the release of commit 6964eab/,
    );
    expect(() => legacyAdoption(new Set([...LEGACY_MIGRATIONS, '0019_entities.sql']), files)).toThrow(/does not know \(0019_entities\.sql\)/);
  });
});
