// System data: typed profiles (and the server's getProfile), articles with their HTML sanitised on
// save and a publish state, reminder rules, and the lookup calls find / saveOrUpdateALL / delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { DATETIME, expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { ARTICLE, LOOKUP_VALUES, PROFILE, REMINDER } from '../../../../tests/support/orgHelpers.js';

for (const backend of await backends()) {
  describe(`profiles, articles, reminders, lookups on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = await signIn(t.url, 'admin', 'EN');
    });
    afterAll(async () => t?.stop());

    it('checks a profile value against its type and serves it typed to the server', async () => {
      const code = uniq('P').replace('-', '_');
      for (const [type, bad] of [
        ['NUMBER', '12a'],
        ['BOOLEAN', 'yes'],
        ['DATE', '2026-13-45'],
        ['JSON', '{bad'],
      ]) {
        expectRefusal(
          await admin.call(`${PROFILE}/saveOrUpdate`, { profileCode: `${code}_${type}`, profileName: 'x', valueType: type, profileValue: bad }),
          200,
          `The value does not match the value type ${type}`,
        );
      }
      const p = expectOk(
        await admin.call<Rec>(`${PROFILE}/saveOrUpdate`, { profileCode: code, profileName: 'Limit', valueType: 'NUMBER', profileValue: '42.5' }),
      );
      expect(await t.app.ctx.profiles.getProfile(code, 0)).toBe(42.5);
      // Changing only the type is checked against the stored value.
      expectRefusal(await admin.call(`${PROFILE}/saveOrUpdate`, { ...p, valueType: 'BOOLEAN' }), 200, 'The value does not match the value type BOOLEAN');
      expectOk(await admin.call(`${PROFILE}/saveOrUpdate`, { ...p, profileValue: '7' }));
      expect(await t.app.ctx.profiles.getProfile(code, 0)).toBe(7);
      expect(await t.app.ctx.profiles.getProfile('SUPPLIER_SELF_REGISTER', false)).toBe(true);
      expect(await t.app.ctx.profiles.getProfile('EXPORT_LIMITS', null)).toEqual({ sheetMaxRow: 50000, pageRows: 20000 });
      expect(await t.app.ctx.profiles.getProfile('NO_SUCH_PROFILE', 'fallback')).toBe('fallback');
    });

    it('sanitises article HTML on save: scripts, handlers and javascript: links never stored', async () => {
      const html =
        '<h2 onclick="alert(1)">Title</h2><p>Safe <b>bold</b> <a href="javascript:alert(1)">x</a> <a href="https://example.com">ok</a></p>' +
        '<script>alert("xss")</script><img src="x" onerror="alert(1)"><iframe src="https://evil"></iframe><svg><script>1</script></svg><style>p{}</style>';
      const a = expectOk(await admin.call<Rec>(`${ARTICLE}/saveOrUpdate`, { title: 'XSS test', category: 'NEWS', content: html, status: 'PUBLISHED' }));
      expect(a.status).toBe('DRAFT');
      const stored = String(a.content);
      expect(stored).not.toMatch(/script|onclick|onerror|javascript:|iframe|svg|style/i);
      expect(stored).toContain('<h2>Title</h2>');
      expect(stored).toContain('<b>bold</b>');
      expect(stored).toContain('href="https://example.com"');
      const again = expectOk(await admin.call<Rec>(`${ARTICLE}/findById`, { id: a.articleId }));
      expect(again.content).toBe(stored);
    });

    it('publishes and withdraws; a published article cannot be edited', async () => {
      const a = expectOk(await admin.call<Rec>(`${ARTICLE}/saveOrUpdate`, { title: 'Notice', category: 'POLICY', content: '<p>hi</p>' }));
      const p = expectOk(await admin.call<Rec>(`${ARTICLE}/doPublish`, { id: a.articleId, versionNum: a.versionNum }));
      expect(p.status).toBe('PUBLISHED');
      expect(p.publishDate).toMatch(DATETIME);
      expectRefusal(await admin.call(`${ARTICLE}/saveOrUpdate`, { ...p, title: 'changed' }), 200, /cannot be (changed|edited|modified)|not editable|status/i);
      expect(expectOk(await admin.call<Rec>(`${ARTICLE}/findById`, { id: a.articleId })).title).toBe('Notice');
      const w = expectOk(await admin.call<Rec>(`${ARTICLE}/doWithdraw`, { id: a.articleId, versionNum: p.versionNum }));
      expect(w.status).toBe('DRAFT');
    });

    it('reminder rules: required fields, channel from the lookup, days in range', async () => {
      expectRefusal(
        await admin.call(`${REMINDER}/saveOrUpdate`, {
          reminderName: 'x',
          businessType: 'CONTRACT_EXPIRY',
          daysBefore: 400,
          recipients: 'admin',
          channel: 'MAIL',
        }),
        200,
        /Days before/,
      );
      expectRefusal(
        await admin.call(`${REMINDER}/saveOrUpdate`, {
          reminderName: 'x',
          businessType: 'CONTRACT_EXPIRY',
          daysBefore: 5,
          recipients: 'admin',
          channel: 'PIGEON',
        }),
        200,
        /Channel/,
      );
      const r = expectOk(
        await admin.call<Rec>(`${REMINDER}/saveOrUpdate`, {
          reminderName: 'Delivery',
          businessType: 'DELIVERY_DUE',
          daysBefore: 3,
          recipients: 'buyer01',
          channel: 'SMS',
        }),
      );
      expect(r.enabledFlag).toBe('Y');
    });

    it('lookups: saveOrUpdateALL saves a type together (all or nothing), find answers every language, the cache follows', async () => {
      const values = (await admin.call<Rec[]>(`${LOOKUP_VALUES}/find`, { lookupType: 'REMINDER_CHANNEL' })).data;
      expect(values.map((v) => v.lookupCode)).toEqual(['MAIL', 'SMS', 'SITE']);
      expect(values[0]).toMatchObject({ meaning: '邮件', meaningEn: 'E-mail', meaningTh: 'อีเมล', meaningVn: 'Email', enabledFlag: 'Y', seqNum: 10 });
      // Prime the findDic cache, then change a meaning and add a value in one call.
      const before = expectOk(await admin.call<Rec[]>(`${LOOKUP_VALUES}/findDic`, { lookupType: 'REMINDER_CHANNEL' }));
      expect(before.map((v) => v.meaning)).toEqual(['E-mail', 'SMS', 'In-app message']);
      const site = values[2];
      const saved = expectOk(
        await admin.call<Rec[]>(`${LOOKUP_VALUES}/saveOrUpdateALL`, {
          lookupType: 'REMINDER_CHANNEL',
          data: [
            { ...site, meaningEn: 'Portal message', lookupType: 'OTHER' },
            { lookupCode: 'WECHAT', meaning: '微信', meaningEn: 'WeChat', seqNum: 40, enabledFlag: 'N', parentLookupValuesId: site.lookupValuesId },
          ],
        }),
      );
      expect(saved.map((v) => [v.lookupType, v.lookupCode])).toEqual([
        ['REMINDER_CHANNEL', 'SITE'],
        ['REMINDER_CHANNEL', 'WECHAT'],
      ]);
      const after = expectOk(await admin.call<Rec[]>(`${LOOKUP_VALUES}/findDic`, { lookupType: 'REMINDER_CHANNEL' }));
      expect(after.map((v) => [v.lookupCode, v.meaning, v.enabledFlag])).toEqual([
        ['MAIL', 'E-mail', 'Y'],
        ['SMS', 'SMS', 'Y'],
        ['SITE', 'Portal message', 'Y'],
        ['WECHAT', 'WeChat', 'N'],
      ]);
      expect(after[3].parentLookupValuesId).toBe(site.lookupValuesId);
      // All or nothing: a duplicate code in the batch rolls back the good row before it.
      expectRefusal(
        await admin.call(`${LOOKUP_VALUES}/saveOrUpdateALL`, {
          lookupType: 'REMINDER_CHANNEL',
          data: [
            { lookupCode: 'FAX', meaning: '传真' },
            { lookupCode: 'MAIL', meaning: 'dup' },
          ],
        }),
        200,
        'Record 2: A record with the same values already exists',
      );
      expect(expectOk(await admin.call<Rec[]>(`${LOOKUP_VALUES}/find`, { lookupType: 'REMINDER_CHANNEL' })).map((v) => v.lookupCode)).not.toContain('FAX');
      expectRefusal(
        await admin.call(`${LOOKUP_VALUES}/saveOrUpdateALL`, { lookupType: 'NO_SUCH_TYPE', data: [] }),
        200,
        'Lookup type NO_SUCH_TYPE does not exist',
      );
      expectRefusal(await admin.call(`${LOOKUP_VALUES}/find`, { lookupType: 'bad type; drop' }), 200, 'lookupType is missing');
      // delete is the family's; the cache drops the value.
      const wechat = saved[1];
      expectOk(await admin.call(`${LOOKUP_VALUES}/delete`, { id: wechat.lookupValuesId }));
      expect(expectOk(await admin.call<Rec[]>(`${LOOKUP_VALUES}/findDic`, { lookupType: 'REMINDER_CHANNEL' })).map((v) => v.lookupCode)).toEqual([
        'MAIL',
        'SMS',
        'SITE',
      ]);
    });

    it('only the administrator: buyer and supplier are refused with 403', async () => {
      for (const user of ['buyer01', 'supplier01']) {
        const c = await signIn(t.url, user, 'EN');
        for (const family of [PROFILE, ARTICLE, REMINDER]) {
          expectRefusal(await c.call(`${family}/listByPage`, { params: {}, pageIndex: 1, pageRows: 20 }), 403, 'You are not permitted to do this');
        }
        expectRefusal(
          await c.call(`${LOOKUP_VALUES}/saveOrUpdateALL`, { lookupType: 'SEX', data: [{ lookupCode: 'X', meaning: 'x' }] }),
          403,
          'You are not permitted to do this',
        );
        expectRefusal(await c.call(`${LOOKUP_VALUES}/find`, { lookupType: 'SEX' }), 403, 'You are not permitted to do this');
      }
      expect(expectOk(await admin.call<Rec[]>(`${LOOKUP_VALUES}/find`, { lookupType: 'SEX' })).map((v) => v.lookupCode)).toEqual(['M', 'F']);
    });
  });
}
