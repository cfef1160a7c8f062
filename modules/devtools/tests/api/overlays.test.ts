// Page overlays through baseDefinitionRestful: drafts, publish, versions, diff, rollback (also back to
// the shipped file), new pages and menus, conflicts after an upgrade, and permissions that follow the
// effective definitions. Only designers may call these; effectivePages is for every signed-in user.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { signedHeaders, type SignedClient } from '../../../../tests/support/signedClient.js';
import { BANK, expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import type { PageDefinition } from '../../../../meta/definitions.js';
import type { Action } from '../../../../meta/generated/definitions.js';

const DEF = 'baseServer/v1/baseDefinitionRestful';

interface Definition {
  shipped: PageDefinition | null;
  published: PageDefinition | null;
  draft: PageDefinition | null;
  effective: PageDefinition;
  publishedVersion: number | null;
  draftVersionNum: number | null;
  conflict: null | { shippedNow: PageDefinition; shippedAtOverlay: string };
}
interface Problem {
  path: string;
  message: string;
}

for (const backend of await backends()) {
  describe(`designer overlays on ${backend}`, () => {
    let t: TestServer;
    let designer: SignedClient;
    let admin: SignedClient;
    let buyer: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [designer, admin, buyer] = await Promise.all([signIn(t.url, 'designer01', 'EN'), signIn(t.url, 'admin', 'EN'), signIn(t.url, 'buyer01', 'EN')]);
    });
    afterAll(async () => t?.stop());

    const get = async (name: string) => expectOk(await designer.call<Definition>(`${DEF}/getDefinition`, { kind: 'page', name }));
    const saveDraft = (name: string, content: unknown, draftVersionNum?: number | null) =>
      designer.call<{ draftVersionNum: number; errors: Problem[] }>(`${DEF}/saveDraft`, {
        kind: 'page',
        name,
        content,
        draftVersionNum: draftVersionNum ?? undefined,
      });

    it('refuses everyone but designers (403), and answers effectivePages to any signed-in user', async () => {
      for (const action of ['listDefinitions', 'getDefinition', 'saveDraft', 'publish', 'rollback', 'createPage', 'addToMenu']) {
        expectRefusal(await buyer.call(`${DEF}/${action}`, { kind: 'page', name: 'base/bankList' }), 403, 'You are not permitted to do this');
      }
      // Which overlays exist depends on the tests that ran before: look at a page no test here changes.
      const untouched = 'base/bankEdit';
      const eff = expectOk(await buyer.call<{ pages: Rec }>(`${DEF}/effectivePages`, {}));
      expect(eff).toEqual({ pages: expect.any(Object) });
      expect(eff.pages[untouched]).toBeUndefined();
      const list = expectOk(await admin.call<{ name: string; source: string }[]>(`${DEF}/listDefinitions`, { kind: 'page' }));
      expect(list.find((d) => d.name === untouched)).toMatchObject({ source: 'shipped', publishedVersion: null, hasDraft: false, conflict: false });
    });

    it('saves a draft (optimistic lock), publishes versions 1 and 2, lists and diffs them, rolls back and back to shipped', async () => {
      const name = 'base/exchangeRateList';
      const shipped = (await get(name)).shipped!;
      const v1 = structuredClone(shipped);
      v1.grid!.columns[0].width = 333;
      const d1 = expectOk(await saveDraft(name, v1));
      expect(d1.errors).toEqual([]);
      // A second save must name the draft version it read.
      expectRefusal(await saveDraft(name, v1, d1.draftVersionNum + 5), 200, `The draft of ${name} was changed by someone else; reopen it before saving`);
      expectRefusal(await saveDraft(name, v1), 200, `The draft of ${name} was changed by someone else; reopen it before saving`);
      expect(expectOk(await designer.call<{ version: number }>(`${DEF}/publish`, { kind: 'page', name, comment: 'wider first column' })).version).toBe(1);
      let def = await get(name);
      expect(def).toMatchObject({ publishedVersion: 1, draft: null, conflict: null });
      expect(def.effective.grid!.columns[0].width).toBe(333);
      // Every signed-in user now gets the overlay.
      const eff = expectOk(await buyer.call<{ pages: Record<string, PageDefinition> }>(`${DEF}/effectivePages`, {}));
      expect(eff.pages[name].grid!.columns[0].width).toBe(333);

      const v2 = structuredClone(v1);
      v2.grid!.columns[1].width = 99;
      expectOk(await saveDraft(name, v2));
      expect(expectOk(await designer.call(`${DEF}/diff`, { kind: 'page', name, from: 1, to: 'draft' }))).toEqual([
        { path: 'grid.columns[1].width', op: 'change', before: shipped.grid!.columns[1].width, after: 99 },
      ]);
      expect(expectOk(await designer.call<{ version: number }>(`${DEF}/publish`, { kind: 'page', name })).version).toBe(2);
      const versions = expectOk(
        await designer.call<{ version: number; current: boolean; comment: string | null; createdByName: string }[]>(`${DEF}/listVersions`, {
          kind: 'page',
          name,
        }),
      );
      expect(versions.map((v) => [v.version, v.current])).toEqual([
        [2, true],
        [1, false],
        [0, false],
      ]);
      expect(versions[1]).toMatchObject({ comment: 'wider first column', createdByName: '陈设计' });
      expect(expectOk(await designer.call(`${DEF}/diff`, { kind: 'page', name, from: 0, to: 2 }))).toEqual([
        { path: 'grid.columns[0].width', op: 'change', before: shipped.grid!.columns[0].width, after: 333 },
        { path: 'grid.columns[1].width', op: 'change', before: shipped.grid!.columns[1].width, after: 99 },
      ]);
      expect(expectOk(await designer.call<PageDefinition>(`${DEF}/getVersion`, { kind: 'page', name, version: 1 })).grid!.columns[1].width).toBe(
        shipped.grid!.columns[1].width,
      );

      // Roll back to 1: a NEW version 3 with the content of 1.
      expect(expectOk(await designer.call<{ version: number }>(`${DEF}/rollback`, { kind: 'page', name, version: 1 })).version).toBe(3);
      def = await get(name);
      expect(def.publishedVersion).toBe(3);
      expect(def.effective.grid!.columns[1].width).toBe(shipped.grid!.columns[1].width);
      // Back to shipped: version 4 retires the overlay; the SPA gets nothing for this page any more.
      expect(expectOk(await designer.call<{ version: number }>(`${DEF}/rollback`, { kind: 'page', name, version: 0 })).version).toBe(4);
      def = await get(name);
      expect(def).toMatchObject({ publishedVersion: 4, published: null });
      expect(def.effective).toEqual(shipped);
      expect(expectOk(await buyer.call<{ pages: Rec }>(`${DEF}/effectivePages`, {})).pages[name]).toBeUndefined();
    });

    it('keeps an invalid draft but refuses to publish it, with the errors in the request language', async () => {
      const name = 'base/materialList';
      const bad = structuredClone((await get(name)).shipped!);
      bad.grid!.columns.push({ key: 'noSuchField', width: 100 });
      const grid = bad.grid as unknown as Rec;
      grid.bogus = 1;
      const saved = expectOk(await saveDraft(name, bad));
      expect(saved.errors).toEqual([{ path: '/grid', message: 'Page › Table: the property bogus is not allowed' }]);
      delete grid.bogus;
      const again = expectOk(await saveDraft(name, bad, saved.draftVersionNum));
      expect(again.errors).toEqual([
        {
          path: '/grid/columns/7/key',
          message: 'Reference check failed: Page › Table › Column 8 "noSuchField" › Field noSuchField is not a field of srmBaseMaterial',
        },
      ]);
      const cn = expectOk(await designer.call<{ errors: Problem[] }>(`${DEF}/validateDefinition`, { kind: 'page', name, content: bad }, { lang: 'CN' }));
      expect(cn.errors[0].message).toBe('引用检查未通过：页面 › 表格 › 第 8 列「noSuchField」 › 字段 noSuchField 不是 srmBaseMaterial 的字段');
      const th = expectOk(await designer.call<{ errors: Problem[] }>(`${DEF}/validateDefinition`, { kind: 'page', name, content: bad }, { lang: 'TH' }));
      expect(th.errors[0]).toMatchObject({ path: '/grid/columns/7/key' });
      expect(th.errors[0].message).toContain('noSuchField ไม่ใช่ฟิลด์ของ srmBaseMaterial');
      const vnFormat = expectOk(
        await designer.call<{ errors: Problem[] }>(
          `${DEF}/validateDefinition`,
          { kind: 'page', name, content: { ...bad, grid: { ...bad.grid, bogus: 1 } } },
          { lang: 'VN' },
        ),
      );
      expect(vnFormat.errors[0].message).toContain('không cho phép thuộc tính bogus');
      const refused = await designer.call<{ errors: Problem[] }>(`${DEF}/publish`, { kind: 'page', name });
      expectRefusal(refused, 200, `The draft of ${name} has errors and cannot be published: ${again.errors[0].message}`);
      expect(refused.data.errors).toEqual(again.errors);
      const def = await get(name);
      expect(def.publishedVersion).toBeNull();
      expect(def.draft!.grid!.columns.at(-1)!.key).toBe('noSuchField');
      expectOk(await designer.call(`${DEF}/discardDraft`, { kind: 'page', name }));
      expect((await get(name)).draft).toBeNull();
    });

    it('a published button with a new resource allows its family action to that resource holders only; rollback restores', async () => {
      const name = 'base/bankList';
      const probe = (c: SignedClient) => c.call(`${BANK}/doBatchDelete`, { ids: [] });
      expect((await probe(buyer)).http).toBe(200); // buyer holds BANK:btnDelete
      const page = structuredClone((await get(name)).shipped!);
      const toolbar = (page.grid!.toolbar as Action[]).filter((a) => a.operation !== 'doBatchDelete');
      page.grid!.toolbar = toolbar;
      page.grid!.rowActions = page.grid!.rowActions!.filter((a) => a.operation !== 'delete');
      toolbar.push({ name: 'purge', type: 'operation', operation: 'doBatchDelete', label: 'actions.batchDelete', resource: 'btnPurge', needSelection: true });
      expectOk(await saveDraft(name, page));
      // The menu does not have that resource yet.
      expectRefusal(
        await designer.call(`${DEF}/publish`, { kind: 'page', name }),
        200,
        /page base\/bankList uses resource btnPurge that the menu does not declare/,
      );
      const db = t.app.ctx.db;
      await sql`insert into base_resource (menu_id, resource_code, resource_name) select menu_id, 'btnPurge', '清除' from base_menu where menu_code = 'BANK'`.execute(
        db,
      );
      await sql`insert into base_resp_resource (resp_id, resource_id) select r.resp_id, res.resource_id from base_responsibility r, base_resource res
        where r.resp_code = 'SYS_ADMIN' and res.resource_code = 'btnPurge'`.execute(db);
      t.app.ctx.acl.forget();
      expectOk(await designer.call(`${DEF}/publish`, { kind: 'page', name }));
      expect((await probe(admin)).http).toBe(200);
      expectRefusal(await probe(buyer), 403, /./);
      expectRefusal(await buyer.call(`${BANK}/delete`, { id: 1 }), 403, /./);
      expectOk(await designer.call(`${DEF}/rollback`, { kind: 'page', name, version: 0 }));
      expect((await probe(buyer)).http).toBe(200);
    });

    it('reports a conflict when the shipped file changed under an overlay, keeps the overlay effective, and resolves it either way', async () => {
      const name = 'base/lookupTypeList';
      const page = structuredClone((await get(name)).shipped!);
      page.grid!.columns[0].width = 222;
      expectOk(await saveDraft(name, page));
      expectOk(await designer.call(`${DEF}/publish`, { kind: 'page', name }));
      expect((await get(name)).conflict).toBeNull();
      // Simulate an upgrade that changed the shipped file: the hash recorded with the overlay no longer matches.
      await sql`update base_definition_overlay set shipped_hash = 'older' where def_name = ${name} and overlay_status = 'PUBLISHED'`.execute(t.app.ctx.db);
      await t.app.definitions.reload();
      let def = await get(name);
      expect(def.conflict).toEqual({ shippedNow: def.shipped, shippedAtOverlay: 'older' });
      expect(def.effective.grid!.columns[0].width).toBe(222);
      const listed = expectOk(await designer.call<{ name: string; conflict: boolean }[]>(`${DEF}/listDefinitions`, {}));
      expect(listed.find((d) => d.name === name)!.conflict).toBe(true);
      expectOk(await designer.call(`${DEF}/resolveConflict`, { kind: 'page', name, keep: 'overlay' }));
      def = await get(name);
      expect(def).toMatchObject({ conflict: null, publishedVersion: 2 });
      expect(def.effective.grid!.columns[0].width).toBe(222);
      await sql`update base_definition_overlay set shipped_hash = 'older' where def_name = ${name} and overlay_version = 2`.execute(t.app.ctx.db);
      await t.app.definitions.reload();
      expectOk(await designer.call(`${DEF}/resolveConflict`, { kind: 'page', name, keep: 'shipped' }));
      def = await get(name);
      expect(def).toMatchObject({ conflict: null, publishedVersion: 3, published: null });
      expect(def.effective).toEqual(def.shipped);
      expectRefusal(await designer.call(`${DEF}/resolveConflict`, { kind: 'page', name, keep: 'shipped' }), 200, `Page ${name} has no conflict`);
    });

    it('creates a new list/edit pair from an entity, publishes both, puts them in a menu for the buyer, and exports a file', async () => {
      const list = expectOk(
        await designer.call<{ content: PageDefinition; errors: Problem[] }>(`${DEF}/createPage`, {
          name: 'custom/rateList',
          entity: 'srmBaseExchangeRate',
          kind: 'list',
        }),
      );
      expect(list.content).toMatchObject({ name: 'custom/rateList', kind: 'list', entity: 'srmBaseExchangeRate', editPage: 'custom/rateEdit' });
      expect(list.errors).toEqual([{ path: '/editPage', message: 'Reference check failed: Page › Edit page unknown page custom/rateEdit' }]);
      const edit = expectOk(
        await designer.call<{ content: PageDefinition; errors: Problem[] }>(`${DEF}/createPage`, {
          name: 'custom/rateEdit',
          entity: 'srmBaseExchangeRate',
          kind: 'edit',
        }),
      );
      expect(edit.errors).toEqual([]);
      expectRefusal(
        await designer.call(`${DEF}/createPage`, { name: 'custom/rateList', entity: 'srmBaseExchangeRate', kind: 'list' }),
        200,
        'Page custom/rateList already exists',
      );
      expectRefusal(
        await designer.call(`${DEF}/addToMenu`, { pageName: 'custom/rateList' }),
        200,
        'Page custom/rateList is not published yet; publish it before adding it to a menu',
      );
      const pub = expectOk(await designer.call<{ published: Record<string, number> }>(`${DEF}/publish`, { kind: 'page', name: 'custom/rateList' }));
      expect(pub.published).toEqual({ 'custom/rateList': 1, 'custom/rateEdit': 1 });
      expect(
        expectOk(await designer.call<{ name: string; source: string }[]>(`${DEF}/listDefinitions`, {})).find((d) => d.name === 'custom/rateList')!.source,
      ).toBe('new');

      const names = (cn: string) => ({ CN: cn, EN: 'Rates 2', TH: 'อัตรา 2', VN: 'Tỷ giá 2' });
      const menu = {
        pageName: 'custom/rateList',
        parentMenuCode: 'SYS_SETTING',
        menuCode: 'CUSTOM_RATES',
        names: names('汇率二'),
        resources: ['btnAdd', 'btnEdit', 'btnView', 'btnDelete', 'btnSave'].map((resourceCode) => ({ resourceCode, names: names(resourceCode) })),
        grantRespCodes: ['BUYER'],
      };
      expectRefusal(await designer.call(`${DEF}/addToMenu`, { ...menu, grantRespCodes: ['NOPE'] }), 200, 'Responsibility NOPE does not exist');
      expectRefusal(
        await designer.call(`${DEF}/addToMenu`, { ...menu, names: { CN: 'x' } }),
        200,
        'CUSTOM_RATES needs a name in all four languages (CN, EN, TH, VN)',
      );
      const added = expectOk(await designer.call<{ menuId: number; resourceIds: number[] }>(`${DEF}/addToMenu`, menu));
      expect(added.resourceIds).toHaveLength(5);
      expectRefusal(await designer.call(`${DEF}/addToMenu`, menu), 200, 'Menu code CUSTOM_RATES is already used');
      // The buyer sees the menu (fresh grants) and may use the page's actions through it.
      const buyer2 = await signIn(t.url, 'buyer01', 'EN');
      const respId = buyer2.session!.responsibilities[0].respId;
      const tree = expectOk(
        await buyer2.call<{ menuCode: string; children: { menuCode: string; htmlUrl: string }[] }[]>('baseServer/v1/baseMenuRestful/findMenuByResp', {
          respId,
        }),
      );
      expect(tree.flatMap((m) => m.children ?? []).find((m) => m.menuCode === 'CUSTOM_RATES')).toMatchObject({ htmlUrl: '/main/custom/rateList' });
      const eff = expectOk(await buyer2.call<{ pages: Record<string, PageDefinition> }>(`${DEF}/effectivePages`, {}));
      expect(Object.keys(eff.pages).sort()).toEqual(['custom/rateEdit', 'custom/rateList']);

      const path = `/api/${DEF}/exportDefinition`;
      const body = JSON.stringify({ kind: 'page', name: 'custom/rateList' });
      const res = await fetch(t.url + path, { method: 'POST', body, headers: signedHeaders(designer.session!, path, body, { lang: 'EN' }) });
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="rateList.page.json"');
      const file = (await res.json()) as Rec;
      expect(file).toMatchObject({ $schema: '../../../schemas/meta/page.schema.json', name: 'custom/rateList', entity: 'srmBaseExchangeRate' });
    });
  });
}
