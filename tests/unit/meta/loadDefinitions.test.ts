// The loader reads every module's definitions and refuses a broken one, naming the module file and
// the path in it; the module layout's own rules (case twins, page names, menu parents, button sets).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DefinitionError, loadDefinitions } from '../../../meta/load.js';
import { contractOf } from '../../../meta/contract.js';

const root = join(__dirname, '..', '..', '..');
let dir: string | undefined;

/** A copy of the definitions (schemas/meta and the modules' JSON files) to break. */
function copy(): string {
  dir = mkdtempSync(join(tmpdir(), 'srm-defs-'));
  cpSync(join(root, 'schemas'), join(dir, 'schemas'), { recursive: true });
  cpSync(join(root, 'modules'), join(dir, 'modules'), {
    recursive: true,
    filter: (src) => !src.includes('node_modules') && (!/\.[a-z]+$/.test(src) || src.endsWith('.json')),
  });
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
type MenuJson = { menuCode: string; parent?: string; buttons?: string; resources?: { resourceCode: string }[]; children?: MenuJson[] };

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('loadDefinitions', () => {
  it('loads the shipped definitions from every module', () => {
    const defs = loadDefinitions(root);
    expect(defs.entities.get('srmBaseBank')?.fields.bankCode?.unique).toBe(true);
    expect(defs.pages.get('order/requisitionEdit')?.kind).toBe('edit');
    expect(defs.sources?.get('page:order/requisitionEdit')).toBe('modules/requisition/pages/requisitionEdit.page.json');
    expect(defs.modules?.length).toBeGreaterThan(8);
  });

  it('merges the modules menus: a menu hangs under another module folder in seq order, buttons expand to named resources', () => {
    const defs = loadDefinitions(root);
    const sys = defs.menus.menus.find((m) => m.menuCode === 'SYS_SETTING')!;
    expect(sys.children!.map((c) => c.menuCode)).toEqual(['LOOKUP_TYPE', 'LOOKUP_VALUES', 'PROFILE', 'ARTICLE', 'REMINDER_SETTING', 'PASSWORD_RULE']);
    const bank = defs.menus.menus.find((m) => m.menuCode === 'BASE_DATA')!.children!.find((c) => c.menuCode === 'BANK')!;
    expect(bank.resources!.map((r) => r.resourceCode)).toEqual(['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete', 'btnExport', 'btnImport']);
    expect(bank.resources![0].name).toEqual({ CN: '新增', EN: 'Add', TH: 'เพิ่ม', VN: 'Thêm' });
    expect(JSON.stringify(defs.menus)).not.toMatch(/"buttons"|"parent"|"seq"/);
  });

  it('loads the route aliases and refuses one naming no page, one that is a page name, and a bad alias', () => {
    expect(loadDefinitions(root).pageAliases?.get('lookuptype')).toBe('base/lookupTypeList');
    const d = copy();
    edit(join(d, 'modules/admin/pages/user2.page.json'), (j) => {
      j.aliases = ['user'];
    });
    expect(problems(d)).toEqual(['page user2 alias user: alias user is the name of a page']);
    edit(join(d, 'modules/admin/pages/user2.page.json'), (j) => {
      j.aliases = ['../x'];
    });
    expect(problems(d).join('\n')).toMatch(/modules\/admin\/pages\/user2\.page\.json: \/aliases\/0 must match pattern/);
  });

  it('names the module file and the path of a schema violation', () => {
    const d = copy();
    edit(join(d, 'modules/base/entities/srmBaseBank.entity.json'), (j) => {
      (j.fields as Record<string, Record<string, unknown>>).bankCode.type = 'money';
    });
    expect(problems(d).join('\n')).toMatch(/modules\/base\/entities\/srmBaseBank\.entity\.json: \/fields\/bankCode\/type/);
  });

  it('refuses a label missing one of the four languages', () => {
    const d = copy();
    edit(join(d, 'modules/base/entities/srmBaseBank.entity.json'), (j) => {
      delete (j.label as Record<string, string>).TH;
    });
    expect(problems(d).join('\n')).toMatch(/srmBaseBank\.entity\.json: \/label/);
  });

  it('refuses a column that is not a field of the entity', () => {
    const d = copy();
    edit(join(d, 'modules/base/pages/bankList.page.json'), (j) => {
      (j.grid as { columns: { key: string }[] }).columns[0].key = 'bankKode';
    });
    expect(problems(d)).toContain('page base/bankList: /grid/columns/0/key bankKode is not a field of srmBaseBank');
  });

  it('refuses a transition button bound to another resource than the entity declares', () => {
    const d = copy();
    edit(join(d, 'modules/requisition/pages/requisitionEdit.page.json'), (j) => {
      const a = (j.actions as { name: string; resource: string }[]).find((x) => x.name === 'approve')!;
      a.resource = 'btnSave';
    });
    expect(problems(d).join('\n')).toMatch(/requisitionEdit: \/actions\/\d+\/resource must be btnApprove/);
  });

  it('refuses a menu whose page uses a resource the menu does not declare', () => {
    const d = copy();
    edit(join(d, 'modules/base/menus.json'), (j) => {
      const base = (j.menus as MenuJson[]).find((m) => m.menuCode === 'BASE_DATA')!;
      base.children![0].buttons = 'btnEdit+btnView+btnSave+btnDelete+io';
    });
    expect(problems(d).join('\n')).toMatch(/menu BANK: page base\/bankList uses resource btnAdd/);
  });

  it('refuses an unknown button set, a button given twice, and a parent that is no folder', () => {
    const d = copy();
    edit(join(d, 'modules/lookups/menus.json'), (j) => {
      const [types, values] = j.menus as MenuJson[];
      types.buttons = 'crud+btnLaunch';
      types.resources = [{ resourceCode: 'btnAdd', name: 'x' } as never];
      values.parent = 'BANK';
    });
    expect(problems(d)).toEqual(
      expect.arrayContaining([
        'modules/lookups/menus.json menu LOOKUP_TYPE: /buttons btnLaunch is neither a button set nor a standard button',
        'modules/lookups/menus.json menu LOOKUP_VALUES: /parent BANK is not a folder (DIR) of any module',
        'modules/lookups/menus.json menu LOOKUP_TYPE: btnAdd is in /buttons and /resources',
      ]),
    );
  });

  it('refuses a page defined twice, files that differ only by case, and an upper-case module folder', () => {
    const d = copy();
    writeFileSync(join(d, 'modules/base/pages/bankList2.page.json'), readFileSync(join(d, 'modules/base/pages/bankList.page.json')));
    renameSync(join(d, 'modules/base/pages/bankEdit.page.json'), join(d, 'modules/base/pages/BankEdit.page.json'));
    writeFileSync(join(d, 'modules/base/pages/bankedit.page.json'), readFileSync(join(d, 'modules/base/pages/BankEdit.page.json')));
    mkdirSync(join(d, 'modules/Extra'));
    const found = problems(d);
    expect(found).toEqual(
      expect.arrayContaining([
        'modules/base/pages/bankList2.page.json: page base/bankList defined twice (also modules/base/pages/bankList.page.json)',
        'modules/base/pages/bankedit.page.json: differs from modules/base/pages/BankEdit.page.json only by case',
        'modules/Extra: a module folder name is lower case (a-z, 0-9, -)',
      ]),
    );
  });
});

describe('tree definitions', () => {
  it('refuses a tree page without key, parent key or level key, naming the file and path', () => {
    const d = copy();
    edit(join(d, 'modules/org/pages/institution.page.json'), (p) => {
      delete (p.tree as Record<string, unknown>).levelKey;
    });
    expect(problems(d)).toEqual(expect.arrayContaining([expect.stringMatching(/institution\.page\.json: \/tree must have required property 'levelKey'/)]));
  });

  it('refuses a tree page whose keys are not the entity tree, and an entity tree with a writable level', () => {
    const d = copy();
    edit(join(d, 'modules/org/pages/institution.page.json'), (p) => {
      (p.tree as Record<string, unknown>).parentKey = 'institutionName';
    });
    edit(join(d, 'modules/org/entities/baseDepartment.entity.json'), (e) => {
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
    edit(join(d, 'modules/system/pages/redis.page.json'), (p) => {
      delete p.renderer;
    });
    expect(problems(d)).toEqual(['page redis: /renderer is required for kind custom']);
  });
});

describe('module declarations', () => {
  it('a permit field holding ids must reference the entity that declares that permitKind; one entity per kind', () => {
    const d = copy();
    edit(join(d, 'modules/org/entities/baseInstitution.entity.json'), (e) => {
      delete e.permitKind;
    });
    expect(problems(d)).toContain('entity srmPoRequisition: /listVariants/0/permits/0/permit ORG holds ids, but no entity declares permitKind ORG');
    edit(join(d, 'modules/org/entities/baseInstitution.entity.json'), (e) => {
      e.permitKind = 'CATEGORY';
    });
    expect(problems(d)).toContain('entity baseInstitution: /permitKind CATEGORY is also the permitKind of srmBasePurchaseCategory');
  });

  it('reads the modules contract.json and refuses a broken one or an endpoint declared twice', () => {
    const defs = loadDefinitions(root);
    expect(contractOf(defs).endpoints.some((e) => e.module === 'files' && e.path.endsWith('/listBaseFile'))).toBe(true);
    const d = copy();
    edit(join(d, 'modules/lookups/contract.json'), (c) => {
      (c.endpoints as unknown[]).push({ path: '/api/fileServer/v2/file/limits', summary: 'again' });
    });
    expect(problems(d)).toEqual([
      'modules/lookups/contract.json: endpoint POST /api/fileServer/v2/file/limits is also declared in modules/files/contract.json',
    ]);
    edit(join(d, 'modules/lookups/contract.json'), (c) => {
      c.paths = {};
    });
    expect(problems(d)).toEqual(['modules/lookups/contract.json: / must NOT have additional properties']);
  });
});
