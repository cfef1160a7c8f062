// What a save may write, derived from the shipped page definitions (server/acl/writeScope.ts): the
// screens that grant a save button and what each of them edits.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../../meta/load.js';
import { buildBindings } from '../../../server/acl/bindings.js';
import { limitToScope, pageScope } from '../../../server/acl/writeScope.js';

const defs = loadDefinitions(join(__dirname, '..', '..', '..'));
const bindings = buildBindings(defs);
const scopeOf = (entity: string, menu: string, action = 'saveOrUpdate') =>
  bindings
    .get(entity)
    ?.get(action)
    ?.find((b) => b.menuCode === menu)?.writes;

describe('write scopes', () => {
  it('user authorisation writes the three permit lines only; the users screen writes the user and its responsibilities', () => {
    const auth = scopeOf('baseUsers', 'USER_AUTHORISATION')!;
    expect([...auth.fields]).toEqual([]);
    expect([...auth.lines.keys()].sort()).toEqual(['categoryPermits', 'groupPermits', 'orgPermits']);
    const users = scopeOf('baseUsers', 'USER')!;
    expect([...users.fields]).toEqual(expect.arrayContaining(['userName', 'userType', 'supplierId', 'enabledFlag', 'passwordHash']));
    expect([...users.lines.keys()]).toEqual(['responsibilities']);
    expect([...users.lines.get('responsibilities')!].sort()).toEqual(['endDate', 'respId', 'startDate']);
    // The batch save of the same button has the same scope.
    expect(scopeOf('baseUsers', 'USER', 'doBatchSaveOrUpdate')).toEqual(users);
  });

  it("the assignment screen writes a responsibility's users only; the responsibility screen its fields and roles", () => {
    const assign = scopeOf('baseResponsibility', 'USER_RESPONSIBILITY')!;
    expect([...assign.fields]).toEqual([]);
    expect([...assign.lines.keys()]).toEqual(['users']);
    const resp = scopeOf('baseResponsibility', 'RESPONSIBILITY')!;
    expect([...resp.fields]).toEqual(expect.arrayContaining(['respCode', 'respName', 'userType', 'enabledFlag']));
    expect([...resp.lines.keys()]).toEqual(['roles']);
  });

  it('display widgets are not written; a tree page writes its parent; an inline-edit grid its editable columns', () => {
    const company = pageScope(defs, defs.pages.get('supplier/myCompanyEdit')!);
    expect(company.fields.has('supplierName')).toBe(false);
    // The supplier's own company screen shows only its attachments as a widget, and it grants no save at all:
    // the master, files included, changes through an approved change request (docs/suppliers.md); buyers save
    // it on the supplier list.
    expect([...company.fields]).toEqual(['attachmentIds']);
    expect(scopeOf('srmPosSupplierInfo', 'MY_COMPANY')).toBeUndefined();
    expect(scopeOf('srmPosSupplierInfo', 'MY_COMPANY', 'doBatchSaveOrUpdate')).toBeUndefined();
    expect(scopeOf('srmPosSupplierInfo', 'SUPPLIER_LIST')!.fields.has('attachmentIds')).toBe(true);
    const menus = pageScope(defs, defs.pages.get('systemsetting/menuFunction')!);
    expect(menus.fields.has('menuParentId')).toBe(true);
    const showcase = pageScope(defs, defs.pages.get('base/gridShowcaseList')!);
    expect(showcase.fields.has('sampleName')).toBe(true);
    // A link cell shows the code, it does not edit it.
    expect(showcase.fields.has('sampleCode')).toBe(false);
  });

  it('limitToScope keeps key, versionNum, scoped fields and scoped lines with their own key, drops the rest', () => {
    const users = defs.entities.get('baseUsers')!;
    const scope = scopeOf('baseUsers', 'USER_AUTHORISATION')!;
    const out = limitToScope(
      defs,
      users,
      {
        userId: 7,
        versionNum: 3,
        userType: 'EXTERNAL',
        passwordHash: 'x',
        responsibilities: [{ respId: 1 }],
        orgPermits: [{ orgPermitId: 5, institutionId: 9, userId: 8, createdBy: 1 }, 'junk'],
      },
      scope,
    );
    const lineKey = defs.entities.get('baseUserOrgPermit')!.key;
    expect(out).toEqual({ userId: 7, versionNum: 3, orgPermits: [{ ...(lineKey === 'orgPermitId' ? { orgPermitId: 5 } : {}), institutionId: 9 }, 'junk'] });
  });
});
