// Per-user message settings (msgUser) over the real API on PGlite and PostgreSQL: each user reads and
// changes only their own settings, a mandatory source cannot be switched off (refused in the caller's
// language, nothing saved), the fan-out leaves out what a recipient switched off and says so on the
// instance, and administrators list everyone's settings on the msgUser screen's family.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import type { MessagesApi } from '../../api.js';
import { msg } from '../../server/store.js';

const MINE = 'messageServer/v1/msgUserRestful';
const SETTINGS = 'messageServer/v1/msgUserSettingRestful';

interface Pref {
  sourceCode: string;
  sourceName: string;
  optional: boolean;
  channels: { channel: string; enabled: boolean }[];
}

for (const backend of await backends()) {
  describe(`message settings on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    let approver1: SignedClient;
    let approver2: SignedClient;
    let api: MessagesApi;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [admin, approver1, approver2] = await Promise.all([signIn(t.url, 'admin'), signIn(t.url, 'approver01'), signIn(t.url, 'approver02')]);
      api = t.app.ctx.modules.api<MessagesApi>('messages');
    });
    afterAll(async () => t?.stop());

    const mine = async (c: SignedClient, lang = 'EN') => expectOk(await c.call<Pref[]>(`${MINE}/findMine`, {}, { lang }));
    const task = (userNames: string[]) =>
      api.send({
        sourceType: 'WF_TASK_ASSIGNED',
        variables: { taskName: 'Approve', documentNumber: 'PR-PREF-1', processKey: 'PR_APPROVAL', initiatorName: 'buyer01' },
        recipients: userNames.map((userName) => ({ userName })),
        language: 'EN',
      });

    it('lists every enabled source with its channels, the mandatory ones locked on, in the caller language', async () => {
      const prefs = await mine(approver2);
      const wf = prefs.find((p) => p.sourceCode === 'WF_TASK_ASSIGNED');
      expect(wf).toMatchObject({ sourceName: 'Workflow task assigned', optional: true });
      expect(wf?.channels).toEqual([
        { channel: 'SITE', enabled: true },
        { channel: 'MAIL', enabled: true },
      ]);
      const reset = prefs.find((p) => p.sourceCode === 'PASSWORD_RESET');
      expect(reset?.optional).toBe(false);
      expect(reset?.channels.every((c) => c.enabled)).toBe(true);
      expect((await mine(approver2, 'TH')).find((p) => p.sourceCode === 'WF_TASK_ASSIGNED')?.sourceName).toBe('มอบหมายงานในเวิร์กโฟลว์');
    });

    it('refuses switching off a mandatory source, an unknown source or a bad body, and saves nothing', async () => {
      const before = await mine(approver2);
      expectRefusal(
        await approver2.call(`${MINE}/saveMine`, {
          settings: [
            { sourceCode: 'WF_TASK_ASSIGNED', channel: 'SITE', enabled: false },
            { sourceCode: 'PASSWORD_RESET', channel: 'MAIL', enabled: false },
          ],
        }),
        200,
        '"Forgotten password" is a mandatory message and cannot be switched off',
      );
      expectRefusal(
        await approver2.call(`${MINE}/saveMine`, { settings: [{ sourceCode: 'PASSWORD_RESET', channel: 'SMS', enabled: false }] }, { lang: 'TH' }),
        200,
        '"ลืมรหัสผ่าน" เป็นข้อความที่ต้องรับ ปิดไม่ได้',
      );
      expectRefusal(
        await approver2.call(`${MINE}/saveMine`, { settings: [{ sourceCode: 'NO_SUCH', channel: 'SITE', enabled: false }] }),
        200,
        /No message source NO_SUCH/,
      );
      expectRefusal(await approver2.call(`${MINE}/saveMine`, { settings: 'all' }), 200, /settings must list/);
      expect(await mine(approver2)).toEqual(before);
    });

    it('leaves out of the fan-out what a recipient switched off, and reports it on the instance', async () => {
      const saved = expectOk(
        await approver2.call<Pref[]>(`${MINE}/saveMine`, { settings: [{ sourceCode: 'WF_TASK_ASSIGNED', channel: 'SITE', enabled: false }] }),
      );
      expect(saved.find((p) => p.sourceCode === 'WF_TASK_ASSIGNED')?.channels).toEqual([
        { channel: 'SITE', enabled: false },
        { channel: 'MAIL', enabled: true },
      ]);
      // Another user's settings are untouched.
      expect((await mine(approver1)).find((p) => p.sourceCode === 'WF_TASK_ASSIGNED')?.channels.every((c) => c.enabled)).toBe(true);

      const sent = await task(['approver01', 'approver02']);
      expect(sent.recipients).toBe(2);
      const rows = await msg(t.app.ctx.db)
        .selectFrom('msg_delivery')
        .select(['user_name', 'channel'])
        .where('instance_id', '=', sent.instanceId)
        .orderBy('user_name')
        .orderBy('channel')
        .execute();
      expect(rows.map((r) => `${r.user_name}:${r.channel}`)).toEqual(['approver01:MAIL', 'approver01:SITE', 'approver02:MAIL']);

      // Both channels off: approver02 is no recipient at all, and the instance says why.
      await approver2.call(`${MINE}/saveMine`, { settings: [{ sourceCode: 'WF_TASK_ASSIGNED', channel: 'MAIL', enabled: false }] });
      const none = await task(['approver02']);
      expect(none).toMatchObject({ status: 'NO_RECIPIENT', recipients: 0, deliveries: 0 });
      expect(none.unresolved).toEqual(['1 recipient(s) switched this message off in their message settings']);

      // A mandatory source ignores what a stored row says (the flag decides, not the row).
      await msg(t.app.ctx.db)
        .insertInto('msg_user_setting')
        .values({
          user_id: approver2.session?.userId ?? 0,
          user_name: 'approver02',
          source_code: 'PASSWORD_RESET',
          channel: 'MAIL',
          enabled_flag: 'N',
          created_by: 0,
          last_updated_by: 0,
        })
        .execute();
      expect((await mine(approver2)).find((p) => p.sourceCode === 'PASSWORD_RESET')?.channels.every((c) => c.enabled)).toBe(true);

      // Switched back on: received again.
      await approver2.call(`${MINE}/saveMine`, {
        settings: [
          { sourceCode: 'WF_TASK_ASSIGNED', channel: 'SITE', enabled: true },
          { sourceCode: 'WF_TASK_ASSIGNED', channel: 'MAIL', enabled: true },
        ],
      });
      expect((await task(['approver02'])).deliveries).toBe(2);
    });

    it('lists every user’s settings for the administrator (msgUser), not for a user without the menu', async () => {
      await approver1.call(`${MINE}/saveMine`, { settings: [{ sourceCode: 'REMINDER', channel: 'SMS', enabled: false }] });
      const rows = expectOk(await admin.call<Rec[]>(`${SETTINGS}/listByPage`, { params: { userName: 'approver' }, pageRows: 50 }));
      expect(rows).toEqual(
        expect.arrayContaining([expect.objectContaining({ userName: 'approver01', sourceCode: 'REMINDER', channel: 'SMS', enabledFlag: 'N' })]),
      );
      expect(rows.some((r) => r.userName === 'approver02' && r.sourceCode === 'WF_TASK_ASSIGNED')).toBe(true);
      const refused = await approver1.call(`${SETTINGS}/listByPage`, { params: {}, pageRows: 50 });
      expect(refused.status).not.toBe('S');
    });
  });
}
