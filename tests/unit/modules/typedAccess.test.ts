// Hand-written module code reaches module tables through the generated Kysely types (docs/decisions.md
// "Typed database access"), so a renamed field fails `npm run typecheck` (tests/unit/generators/dbTypes.test.ts
// shows the types do fail). Checked here on the files: no raw `sql` template names a module's table, and
// every hand-written module file is part of the typechecked program.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../../meta/load.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** Module server code and seeds (tests and generated files aside). */
function moduleSources(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir)).flatMap((name) => {
      const rel = `${dir}/${name}`;
      if (name === 'tests' || name === 'generated' || name === 'node_modules') return [];
      if (statSync(join(ROOT, rel)).isDirectory()) return walk(rel);
      return /\.ts$/.test(name) ? [rel] : [];
    });
  return walk('modules').filter((f) => /^modules\/[^/]+\/(server|seed)\//.test(f));
}

/**
 * Files that still write module tables in raw `sql` (not converted yet; the list only shrinks: a listed
 * file that no longer does fails too, so it must leave the list).
 */
const STILL_RAW = new Set([
  // Permit subqueries handed to the platform's ACL as RawBuilder (server/modules/services.ts PERMITTED).
  'modules/admin/server/permits.ts',
  // Sealed-quote row rules handed to the platform's reads as RawBuilder (EntityRules.readFilter).
  'modules/sourcing/server/sealed.ts',
  'modules/excel/server/jobs.ts',
  'modules/files/server/routes.ts',
  'modules/requisition/server/approval.ts',
]);

/**
 * The SQL text of every `sql` tagged template of a file: its literal parts, each `${…}` left as `$`
 * (a value, a lock key); a template nested in a value is a template of its own.
 */
function sqlTemplates(text: string): string[] {
  const out: string[] = [];
  const open = /\bsql(?:<[^`;]*?>)?`/g;
  for (let m = open.exec(text); m; m = open.exec(text)) {
    const start = m.index + m[0].length;
    let sqlText = '';
    let depth = 0;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (depth === 0 && c === '`') break;
      if (c === '$' && text[i + 1] === '{') {
        if (depth === 0) sqlText += '$';
        depth++;
        i++;
      } else if (c === '{' && depth > 0) depth++;
      else if (c === '}' && depth > 0) depth--;
      else if (depth === 0) sqlText += c === '\\' ? text[++i] : c;
      else if (c === '`') i = text.indexOf('`', i + 1); // a plain template inside a value
    }
    out.push(sqlText);
    open.lastIndex = start;
  }
  return out;
}

const tables = [...new Set([...loadDefinitions(ROOT).entities.values()].map((e) => e.table))];
const files = moduleSources();

function rawTableSql(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return sqlTemplates(text).flatMap((t) => tables.filter((table) => new RegExp(`\\b${table}\\b`).test(t)));
}

describe('typed database access in module code', () => {
  it('finds the files and tables to check (a check that finds nothing fails)', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(tables).toContain('base_users');
    expect(sqlTemplates('x = sql<{ n: number }>`select ${sql`a`} from base_users where k = ${`t:${k}`}`;')).toEqual([
      'select $ from base_users where k = $',
      'a',
    ]);
  });

  it('names no module table in a raw sql template outside the listed files', () => {
    const offenders = files.filter((f) => !STILL_RAW.has(f)).flatMap((f) => rawTableSql(f).map((t) => `${f}: ${t}`));
    expect(offenders).toEqual([]);
  });

  it('lists only files that still do', () => {
    expect([...STILL_RAW].filter((f) => rawTableSql(f).length === 0)).toEqual([]);
  });

  it('typechecks every module server and seed file (npm run typecheck reaches them)', () => {
    const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), (p) => ts.sys.readFile(p));
    const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
    const checked = new Set(parsed.fileNames.map((f) => relative(ROOT, f).split('\\').join('/')));
    expect(files.filter((f) => !checked.has(f))).toEqual([]);
  });
});
