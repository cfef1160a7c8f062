// The Kysely table types generator: the golden file of one fixed entity, the real modules' files, and
// the promise they exist for: a renamed field makes a query naming the old column fail to compile.
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDbTypes, moduleOf, moduleTablesCode, tablesFile, tablesTypeName } from '../../../generators/dbTypes.js';
import type { EntityDefinition } from '../../../meta/definitions.js';
import { loadDefinitions } from '../../../meta/load.js';
import { schemaShape } from '../../../meta/tableShape.js';

const root = join(__dirname, '..', '..', '..');
const golden = join(__dirname, 'golden', 'notes.tables.ts.txt');
const label = { CN: '备注', EN: 'Note', TH: 'หมายเหตุ', VN: 'Ghi chú' };

/** Every field type, required or not, with and without defaults. */
const note: EntityDefinition = {
  name: 'srmTestNote',
  area: 'srmServer',
  table: 'srm_test_note',
  key: 'noteId',
  label,
  fields: {
    noteId: { type: 'id' },
    noteCode: { type: 'string', length: 30, required: true, unique: true },
    body: { type: 'text' },
    amount: { type: 'decimal', precision: 18, scale: 2, required: true },
    dueDate: { type: 'date' },
    sentAt: { type: 'datetime' },
    doneFlag: { type: 'yn', default: 'N' },
    priority: { type: 'integer', default: 0, required: true },
    files: { type: 'attachments' },
    status: { type: 'string', length: 20, required: true, default: 'NEW' },
  },
};

describe('table types generator', () => {
  it('matches the golden file of a fixed entity (UPDATE_GOLDEN=1 rewrites it after an intended change)', () => {
    const out = moduleTablesCode('notes', [note]);
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(golden)) writeFileSync(golden, out);
    expect(out).toBe(readFileSync(golden, 'utf8'));
  });

  it('types keys and defaults as generated, the driver types as aliases, empty columns as null', () => {
    const out = moduleTablesCode('notes', [note]);
    expect(out).toContain('note_id: Generated<Int8>;');
    expect(out).toContain('note_code: string;');
    expect(out).toContain('body: string | null;');
    expect(out).toContain('amount: Numeric;');
    expect(out).toContain('due_date: DateText | null;');
    expect(out).toContain('sent_at: Timestamp | null;');
    expect(out).toContain('done_flag: Generated<YesNo | null>;');
    expect(out).toContain('priority: Generated<Int8>;');
    expect(out).toContain('status: Generated<string>;');
    expect(out).toContain('creation_date: Generated<Timestamp>;');
    expect(out).toContain('version_num: Generated<number>;');
    expect(out).toContain('export interface NotesTables {\n  srm_test_note: SrmTestNoteTable;\n}');
  });

  it('keeps a required column nullable while the database still holds it nullable', () => {
    const applied = schemaShape([note]);
    applied.srm_test_note.columns.note_code = { ...applied.srm_test_note.columns.note_code, notNull: false, nullableUntilDefault: true };
    expect(moduleTablesCode('notes', [note], applied)).toContain('note_code: string | null;');
  });

  it('writes one file per module that has entities, named after the module', () => {
    const defs = loadDefinitions(root);
    const files = generateDbTypes(defs);
    expect(tablesTypeName('org')).toBe('OrgTables');
    expect(tablesTypeName('purchase-order')).toBe('PurchaseOrderTables');
    expect(moduleOf(defs, 'baseJob')).toBe('org');
    const org = files.get(tablesFile('org'))!;
    expect(org).toContain('  base_job: BaseJobTable;');
    // A module's file holds its own tables only.
    expect(org).not.toContain('base_users');
    expect(files.get(tablesFile('admin'))).toContain('  base_users: BaseUsersTable;');
  });
});

// A query written against the org module's types, as module code writes it. It must compile as is; its
// expected-error lines pin what the types refuse (a misspelt column, a Date for a date, 'X' for a yn).
const QUERY = `import type { Kysely } from 'kysely';
import type { OrgTables } from './modules/org/generated/tables.js';

export async function areaOf(db: Kysely<OrgTables>, jobId: number): Promise<string | null | undefined> {
  const row = await db.selectFrom('base_job').select(['job_id', 'job_code', 'allocation_area']).where('job_id', '=', jobId).executeTakeFirst();
  const id: number | undefined = row?.job_id;
  void id;
  return row?.allocation_area;
}

export async function addJob(db: Kysely<OrgTables>): Promise<void> {
  // The key, the audit dates, the version and the defaulted flag are optional on insert.
  await db.insertInto('base_job').values({ job_code: 'J1', job_name: 'Job', allocation_area: 'North' }).execute();
  // @ts-expect-error a column the table does not have
  await db.selectFrom('base_job').select('job_cod').execute();
  // @ts-expect-error a yn column takes 'Y' or 'N' only
  await db.updateTable('base_job').set({ enabled_flag: 'X' }).execute();
  // @ts-expect-error a date column takes 'yyyy-MM-dd' text, not a Date (pg and PGlite would store different days)
  await db.updateTable('base_employee').set({ hire_date: new Date() }).execute();
}
`;

describe('a renamed field fails the typecheck', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'srm-dbtypes-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  /** The definitions (JSON only), the column types and the packages: what the generated file and the query need. */
  function copyRepo(): void {
    cpSync(join(root, 'schemas', 'meta'), join(tmp, 'schemas', 'meta'), { recursive: true });
    cpSync(join(root, 'modules'), join(tmp, 'modules'), { recursive: true, filter: (src) => statSync(src).isDirectory() || src.endsWith('.json') });
    cpSync(join(root, 'server', 'db', 'columnTypes.ts'), join(tmp, 'server', 'db', 'columnTypes.ts'));
    symlinkSync(join(root, 'node_modules'), join(tmp, 'node_modules'), 'dir');
    writeFileSync(join(tmp, 'query.ts'), QUERY);
  }

  function regenerate(): void {
    const rel = tablesFile('org');
    writeFileSync(join(tmp, rel), generateDbTypes(loadDefinitions(tmp)).get(rel)!);
  }

  /** Rewrites a JSON string value or key of the org module's definitions, as a rename in the designer would. */
  function renameInOrg(from: string, to: string): void {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const p = join(dir, n);
        return statSync(p).isDirectory() ? walk(p) : p.endsWith('.json') ? [p] : [];
      });
    for (const file of walk(join(tmp, 'modules', 'org'))) {
      const text = readFileSync(file, 'utf8');
      if (text.includes(`"${from}"`)) writeFileSync(file, text.split(`"${from}"`).join(`"${to}"`));
    }
  }

  let program: ts.Program | undefined;
  function compile(): string[] {
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
      lib: ['lib.es2022.d.ts'],
    };
    // The previous program is handed back so unchanged files (Kysely's types) are not parsed again.
    program = ts.createProgram([join(tmp, 'query.ts')], options, ts.createCompilerHost(options), program);
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }

  it('compiles against the generated types, then fails once allocationArea is renamed', { timeout: 60_000 }, () => {
    copyRepo();
    regenerate();
    expect(compile()).toEqual([]);

    renameInOrg('allocationArea', 'allocationZone');
    regenerate();
    expect(readFileSync(join(tmp, tablesFile('org')), 'utf8')).toContain('allocation_zone: string | null;');
    const errors = compile();
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.some((e) => e.includes('allocation_area'))).toBe(true);
  });
});
