import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DefinitionError, loadDefinitions } from '../../../meta/load.js';

const schemas = join(__dirname, '..', '..', '..', 'schemas');
let dir: string | undefined;

function copy(): string {
  dir = mkdtempSync(join(tmpdir(), 'srm-defs-'));
  cpSync(schemas, dir, { recursive: true });
  return dir;
}
function edit(file: string, change: (json: Record<string, unknown>) => void): void {
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(json);
  writeFileSync(file, JSON.stringify(json));
}
function problems(d: string): string[] {
  try {
    loadDefinitions(d);
  } catch (e) {
    if (e instanceof DefinitionError) return e.problems;
    throw e;
  }
  return [];
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('loadDefinitions', () => {
  it('loads the shipped definitions', () => {
    const defs = loadDefinitions(schemas);
    expect(defs.entities.get('srmBaseBank')?.fields.bankCode?.unique).toBe(true);
    expect(defs.pages.get('order/requisitionEdit')?.kind).toBe('edit');
  });

  it('loads the route aliases and refuses one naming no page, one that is a page name, and a bad alias', () => {
    expect(loadDefinitions(schemas).pageAliases?.get('lookuptype')).toBe('base/lookupTypeList');
    const d = copy();
    edit(join(d, 'pages/aliases.json'), (j) => {
      j.aliases = { resp: 'systemsetting/responsibilty', user: 'user2' };
    });
    expect(problems(d)).toEqual([
      'pages/aliases.json resp: /aliases/resp unknown page systemsetting/responsibilty',
      'pages/aliases.json user: alias user is the name of a page',
    ]);
    edit(join(d, 'pages/aliases.json'), (j) => {
      j.aliases = { '../x': 'user' };
    });
    expect(problems(d).join('\n')).toMatch(/pages\/aliases\.json: \/aliases must match pattern|property name must be valid/);
  });

  it('names the file and the path of a schema violation', () => {
    const d = copy();
    edit(join(d, 'entities/base/srmBaseBank.entity.json'), (j) => {
      (j.fields as Record<string, Record<string, unknown>>).bankCode.type = 'money';
    });
    expect(problems(d).join('\n')).toMatch(/entities\/base\/srmBaseBank\.entity\.json: \/fields\/bankCode\/type/);
  });

  it('refuses a label missing one of the four languages', () => {
    const d = copy();
    edit(join(d, 'entities/base/srmBaseBank.entity.json'), (j) => {
      delete (j.label as Record<string, string>).TH;
    });
    expect(problems(d).join('\n')).toMatch(/srmBaseBank\.entity\.json: \/label/);
  });

  it('refuses a column that is not a field of the entity', () => {
    const d = copy();
    edit(join(d, 'pages/base/bankList.page.json'), (j) => {
      (j.grid as { columns: { key: string }[] }).columns[0].key = 'bankKode';
    });
    expect(problems(d)).toContain('page base/bankList: /grid/columns/0/key bankKode is not a field of srmBaseBank');
  });

  it('refuses a transition button bound to another resource than the entity declares', () => {
    const d = copy();
    edit(join(d, 'pages/order/requisitionEdit.page.json'), (j) => {
      const a = (j.actions as { name: string; resource: string }[]).find((x) => x.name === 'approve')!;
      a.resource = 'btnSave';
    });
    expect(problems(d).join('\n')).toMatch(/requisitionEdit: \/actions\/\d+\/resource must be btnApprove/);
  });

  it('refuses a menu whose page uses a resource the menu does not declare', () => {
    const d = copy();
    edit(join(d, 'menus/menus.json'), (j) => {
      const base = (j.menus as { menuCode: string; children: { menuCode: string; resources: unknown[] }[] }[]).find((m) => m.menuCode === 'BASE_DATA')!;
      base.children[0].resources = base.children[0].resources.slice(1);
    });
    expect(problems(d).join('\n')).toMatch(/menu BANK: page base\/bankList uses resource btnAdd/);
  });
});

describe('tree definitions', () => {
  it('refuses a tree page without key, parent key or level key, naming the file and path', () => {
    const d = copy();
    edit(join(d, 'pages', 'institution.page.json'), (p) => {
      delete (p.tree as Record<string, unknown>).levelKey;
    });
    expect(problems(d)).toEqual(expect.arrayContaining([expect.stringMatching(/institution\.page\.json: \/tree must have required property 'levelKey'/)]));
  });

  it('refuses a tree page whose keys are not the entity tree, and an entity tree with a writable level', () => {
    const d = copy();
    edit(join(d, 'pages', 'institution.page.json'), (p) => {
      (p.tree as Record<string, unknown>).parentKey = 'institutionName';
    });
    edit(join(d, 'entities', 'org', 'baseDepartment.entity.json'), (e) => {
      const fields = e.fields as Record<string, Record<string, unknown>>;
      delete fields.levelNum.readOnly;
    });
    expect(problems(d)).toEqual(
      expect.arrayContaining([
        'page institution: /tree/parentKey institutionName must be parentInstitutionId, the parent field of baseInstitution',
        'entity baseDepartment: /tree/level levelNum must be a readOnly integer (the server keeps it)',
      ]),
    );
  });

  it('refuses a custom page without a renderer', () => {
    const d = copy();
    edit(join(d, 'pages', 'redis.page.json'), (p) => {
      delete p.renderer;
    });
    expect(problems(d)).toEqual(['page redis: /renderer is required for kind custom']);
  });
});
