// Messaging over the real API on PGlite and PostgreSQL: templates checked on save (an unknown variable
// refused in the caller's language, a script sanitised), a message fanned out to a responsibility's
// holders, the inbox (list, countUnread, doRead) kept to the caller's own messages, a recipient rule that
// resolves to nobody reported on the instance, the workflow's task event turned into a message, reminders
// sent, and the forgotten-password code visible to the administrator in the message log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, freshIp, post, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { PendingEvents } from '../../../../server/events/domainEvents.js';
import type { MessagesApi } from '../../api.js';
import { msg } from '../../server/store.js';

const TEMPLATES = 'messageServer/v1/msgTemplateRestful';
const CONFIGS = 'messageServer/v1/msgConfigRestful';
const INSTANCES = 'messageServer/v1/msgInstanceRestful';
const LOGS = 'messageServer/v1/msgLogRestful';
const DELIVERIES = 'messageServer/v1/msgDeliveryRestful';
const RECEIVE = 'messageServer/v1/msgReceiveRestful';
const REQUESTS = 'schedule/v1/scheduleRequestRestful';

for (const backend of await backends()) {
  describe(`messages on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    let buyer: SignedClient;
    let approver1: SignedClient;
    let approver2: SignedClient;
    let supplier: SignedClient;
    let api: MessagesApi;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [admin, buyer, approver1, approver2, supplier] = await Promise.all([
        signIn(t.url, 'admin'),
        signIn(t.url, 'buyer01'),
        signIn(t.url, 'approver01'),
        signIn(t.url, 'approver02'),
        signIn(t.url, 'supplier01'),
      ]);
      api = t.app.ctx.modules.api<MessagesApi>('messages');
    });
    afterAll(async () => t?.stop());

    const inbox = async (c: SignedClient, params: Rec = {}) => expectOk(await c.call<Rec[]>(`${RECEIVE}/listByPage`, { params, pageRows: 50 }));
    const unread = async (c: SignedClient) => expectOk(await c.call<{ count: number }>(`${RECEIVE}/countUnread`, {})).count;

    /** A template with one SITE text per language and the given variables. */
    const template = (code: string, variables: Rec[], subject: string, content: string) => ({
      templateCode: code,
      templateName: `test ${code}`,
      enabledFlag: 'Y',
      variables,
      contents: ['CN', 'EN', 'TH', 'VN'].map((language) => ({ channel: 'SITE', language, subject: `${subject} ${language}`, content })),
    });

    it('ships its templates in four languages, with their sources and the demo inboxes', async () => {
      const rows = expectOk(await admin.call<Rec[]>(`${TEMPLATES}/listByPage`, { params: {}, pageRows: 50 }));
      expect(rows.map((r) => r.templateCode)).toEqual(expect.arrayContaining(['WF_TASK_ASSIGNED', 'PASSWORD_RESET_CODE', 'REMINDER', 'MANUAL_NOTICE']));
      const wf = expectOk(await admin.call<Rec>(`${TEMPLATES}/findById`, { id: rows.find((r) => r.templateCode === 'WF_TASK_ASSIGNED')?.templateId }));
      const contents = wf.contents as Rec[];
      expect(contents.filter((c) => c.channel === 'SITE').map((c) => c.language)).toEqual(['CN', 'EN', 'TH', 'VN']);
      expect((wf.variables as Rec[]).map((v) => v.variableName)).toEqual(['taskName', 'documentNumber', 'processKey', 'initiatorName']);
      for (const [c, n] of [
        [buyer, 2],
        [approver1, 3],
        [supplier, 3],
      ] as const) {
        const mine = await inbox(c);
        expect(mine.length).toBeGreaterThanOrEqual(n);
        expect(mine.some((m) => m.readFlag === 'Y') && mine.some((m) => m.readFlag === 'N')).toBe(true);
        expect(Object.keys(mine[0]).sort()).toEqual(['content', 'messageId', 'readFlag', 'readTime', 'route', 'sendTime', 'sourceType', 'title']);
      }
      expect((await inbox(approver1)).find((m) => m.sourceType === 'WF_TASK_ASSIGNED')?.route).toMatch(
        /^\/main\/order\/requisitionEdit\?id=\d+&mode=view&menuCode=[A-Z_%0-9]+$/,
      );
    });

    it('refuses a template naming an undeclared variable, in the caller language, and saves nothing', async () => {
      const code = uniq('TPL').slice(0, 30);
      const body = template(
        code,
        [{ variableName: 'orderNo', variableType: 'STRING', requiredFlag: 'Y' }],
        'Order {{orderNo}}',
        'Order {{orderNo}} for {{supplierName}}',
      );
      expectRefusal(
        await admin.call(`${TEMPLATES}/saveOrUpdate`, body),
        200,
        'Unknown variable {{supplierName}} in the SITE content (CN); declared variables: orderNo',
      );
      expectRefusal(await admin.call(`${TEMPLATES}/saveOrUpdate`, body, { lang: 'TH' }), 200, /^ตัวแปร \{\{supplierName\}\} ไม่ได้ประกาศไว้/);
      expect(expectOk(await admin.call<Rec[]>(`${TEMPLATES}/listByPage`, { params: { templateCode: code } }))).toEqual([]);
      // A bad variable name and a wrong type are refused the same way.
      expectRefusal(
        await admin.call(`${TEMPLATES}/saveOrUpdate`, template(code, [{ variableName: '1st', variableType: 'STRING' }], 'x', 'y')),
        200,
        'Variable name 1st is not valid: a letter first, then letters, digits or _',
      );
    });

    it('sanitises a script out of a template and refuses values of the wrong type when sending', async () => {
      const code = uniq('TPL').slice(0, 30);
      const saved = expectOk(
        await admin.call<Rec>(
          `${TEMPLATES}/saveOrUpdate`,
          template(
            code,
            [{ variableName: 'amount', variableType: 'NUMBER', requiredFlag: 'Y' }],
            '<b>Paid</b>',
            'Paid {{amount}}<script>alert(1)</script><img src=x onerror=alert(2)> CNY',
          ),
        ),
      );
      const again = expectOk(await admin.call<Rec>(`${TEMPLATES}/findById`, { id: saved.templateId }));
      for (const c of again.contents as Rec[]) {
        expect(c.content).toBe('Paid {{amount}} CNY');
        expect(String(c.subject)).toMatch(/^Paid (CN|EN|TH|VN)$/);
      }
      await expect(
        api.send({ templateCode: code, sourceType: 'TEST', variables: { amount: 'ten' }, recipients: [{ userName: 'buyer01' }] }),
      ).rejects.toMatchObject({
        key: 'msg.badValue',
      });
      await expect(
        api.send({ templateCode: code, sourceType: 'TEST', variables: { amount: 1, other: 2 }, recipients: [{ userName: 'buyer01' }] }),
      ).rejects.toMatchObject({
        key: 'msg.undeclaredValue',
      });
      await expect(api.send({ templateCode: code, sourceType: 'TEST', variables: {}, recipients: [{ userName: 'buyer01' }] })).rejects.toMatchObject({
        key: 'msg.missingValue',
      });
      await expect(
        api.send({ templateCode: code, sourceType: 'TEST', variables: { amount: 1 }, route: 'javascript:alert(1)', recipients: [{ userName: 'buyer01' }] }),
      ).rejects.toMatchObject({ key: 'msg.badRoute' });
    });

    it("fills a per-language value in each text's own language, else CN's; refuses a malformed one", async () => {
      const code = uniq('TPL').slice(0, 30);
      expectOk(
        await admin.call(
          `${TEMPLATES}/saveOrUpdate`,
          template(code, [{ variableName: 'state', variableType: 'STRING', requiredFlag: 'Y' }], 'State {{state}}', 'The order is {{state}}'),
        ),
      );
      const state = { CN: '已批准', EN: 'approved', TH: 'อนุมัติแล้ว' };
      const send = (language?: 'CN' | 'EN' | 'TH' | 'VN') =>
        api.send({
          templateCode: code,
          sourceType: 'TEST_LOCALIZED',
          variables: { state },
          recipients: [{ userName: 'approver02' }],
          language,
          useMessageLanguage: Boolean(language),
        });
      const contents = async () => (await inbox(approver2, { sourceType: 'TEST_LOCALIZED' })).map((m) => [m.title, m.content]);
      await send(); // approver02 chose CN
      await send('TH');
      await send('VN'); // no VN text given: CN's
      expect((await contents()).reverse()).toEqual([
        ['State 已批准 CN', 'The order is 已批准'],
        ['State อนุมัติแล้ว TH', 'The order is อนุมัติแล้ว'],
        ['State 已批准 VN', 'The order is 已批准'],
      ]);
      for (const bad of [{}, { XX: 'x' }, { CN: 1 }, { CN: 'x'.repeat(2001) }, ['a']])
        await expect(
          api.send({ templateCode: code, sourceType: 'TEST_LOCALIZED', variables: { state: bad as never }, recipients: [{ userName: 'approver02' }] }),
        ).rejects.toMatchObject({ key: 'msg.badValue' });
    });

    it('fans a message out to a responsibility, each in their inbox; reading one changes only it', async () => {
      const code = uniq('TPL').slice(0, 30);
      expectOk(
        await admin.call(
          `${TEMPLATES}/saveOrUpdate`,
          template(code, [{ variableName: 'no', variableType: 'STRING', requiredFlag: 'Y' }], 'Approve {{no}}', 'Please approve {{no}}'),
        ),
      );
      const [before1, before2] = [await unread(approver1), await unread(approver2)];
      const sent = await api.send({
        templateCode: code,
        sourceType: 'TEST_FANOUT',
        variables: { no: 'PR-42' },
        recipients: [{ responsibility: 'PR_APPROVER' }],
        route: '/main/order/requisitionEdit?id=1&mode=view',
        language: 'EN',
      });
      expect(sent).toMatchObject({ status: 'SENT', recipients: 2, deliveries: 2, unresolved: [] });
      expect([await unread(approver1), await unread(approver2)]).toEqual([before1 + 1, before2 + 1]);
      const [m1] = await inbox(approver1, { sourceType: 'TEST_FANOUT' });
      const [m2] = await inbox(approver2, { sourceType: 'TEST_FANOUT' });
      // Demo users chose CN: their language wins over the message's.
      expect(m1).toMatchObject({
        title: 'Approve PR-42 CN',
        content: 'Please approve PR-42',
        readFlag: 'N',
        // The link names the menus whose screens include its page (the reader opens it with their buttons).
        route: '/main/order/requisitionEdit?id=1&mode=view&menuCode=REQUISITION',
      });
      expect(m1.sendTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

      // Another user's message: not readable, not markable, and a mixed batch changes nothing.
      expectRefusal(await approver2.call(`${RECEIVE}/findById`, { id: m1.messageId }), 200, 'No such message');
      expectRefusal(await approver2.call(`${RECEIVE}/doRead`, { ids: [m1.messageId] }), 200, 'No such message');
      expectRefusal(await approver2.call(`${RECEIVE}/doRead`, { ids: [m2.messageId, m1.messageId] }), 200, 'No such message');
      expect(await unread(approver2)).toBe(before2 + 1);
      expect((await inbox(approver1, { sourceType: 'TEST_FANOUT' }))[0].readFlag).toBe('N');
      expect(await inbox(buyer, { sourceType: 'TEST_FANOUT' })).toEqual([]);

      expect(expectOk(await approver1.call<Rec>(`${RECEIVE}/doRead`, { ids: [m1.messageId] }))).toEqual({ read: 1, unread: before1 });
      expect(expectOk(await approver1.call<Rec>(`${RECEIVE}/findById`, { id: m1.messageId }))).toMatchObject({ readFlag: 'Y', readTime: expect.any(String) });
      expect(await unread(approver2)).toBe(before2 + 1);
      expect((await inbox(approver1, { readFlag: 'N', sourceType: 'TEST_FANOUT' })).length).toBe(0);
      // Reading it again is harmless; malformed ids and filters are refused.
      expect(expectOk(await approver1.call<Rec>(`${RECEIVE}/doRead`, { ids: [m1.messageId] }))).toEqual({ read: 0, unread: before1 });
      expectRefusal(await approver1.call(`${RECEIVE}/doRead`, { ids: [] }), 200, 'ids must list 1 to 500 message ids');
      expectRefusal(await approver1.call(`${RECEIVE}/listByPage`, { params: { userId: 1 } }), 200, 'Unsupported filter userId');
      // Without a session: 401.
      const anon = await post(t.url, `/api/${RECEIVE}/countUnread`, '{}', { 'content-type': 'application/json', 'X-Forwarded-For': freshIp() });
      expect(anon.http).toBe(401);
    });

    it('reports a recipient rule that resolves to nobody on the instance instead of dropping it', async () => {
      const code = uniq('TPL').slice(0, 30);
      const tpl = expectOk(await admin.call<Rec>(`${TEMPLATES}/saveOrUpdate`, template(code, [], 'Quality alert', 'Check the lot')));
      const respCode = uniq('EMPTY').slice(0, 20);
      // A responsibility nobody holds, and a configuration that sends to it and to the document's owner.
      expectOk(
        await admin.call('baseServer/v1/baseResponsibilityRestful/saveOrUpdate', { respCode, respName: 'Nobody', userType: 'INTERNAL', enabledFlag: 'Y' }),
      );
      expectRefusal(
        await admin.call(`${CONFIGS}/saveOrUpdate`, {
          templateId: tpl.templateId,
          siteFlag: 'Y',
          enabledFlag: 'Y',
          recipients: [{ recipientType: 'USER', recipientValue: 'nobody-here' }],
        }),
        200,
        'There is no user nobody-here',
      );
      expectOk(
        await admin.call(`${CONFIGS}/saveOrUpdate`, {
          templateId: tpl.templateId,
          siteFlag: 'Y',
          mailFlag: 'N',
          smsFlag: 'N',
          enabledFlag: 'Y',
          recipients: [
            { recipientType: 'RESPONSIBILITY', recipientValue: respCode },
            { recipientType: 'OWNER', recipientValue: null },
          ],
        }),
      );
      const sent = await api.send({ templateCode: code, sourceType: 'TEST_NOBODY', variables: {}, language: 'EN' });
      expect(sent.status).toBe('NO_RECIPIENT');
      expect(sent.unresolved).toEqual([
        `Responsibility rule ${respCode}: no active user holds this responsibility`,
        'Document owner rule: the message names nobody for it',
      ]);
      const instance = expectOk(await admin.call<Rec>(`${INSTANCES}/findById`, { id: sent.instanceId }));
      expect(instance).toMatchObject({ instanceStatus: 'NO_RECIPIENT', recipientCount: 0, deliveryCount: 0, templateCode: code });
      expect(String(instance.unresolved)).toContain(respCode);
      // With an owner given, the owner gets it; the empty responsibility is still reported.
      const owned = await api.send({ templateCode: code, sourceType: 'TEST_NOBODY', variables: {}, context: { ownerId: buyer.session!.userId as number } });
      expect(owned).toMatchObject({ status: 'SENT', recipients: 1 });
      expect(owned.unresolved).toHaveLength(1);
      const deliveries = expectOk(await admin.call<Rec[]>(`${INSTANCES}/findDeliveries`, { id: owned.instanceId }));
      expect(deliveries.map((d) => [d.userName, d.channel, d.deliveryStatus])).toEqual([['buyer01', 'SITE', 'SENT']]);
      // A supplier sees none of this.
      expectRefusal(await supplier.call(`${INSTANCES}/findById`, { id: sent.instanceId }), 403, /.+/);
    });

    it('an administrator sends a message to users and a responsibility; an unknown name is reported', async () => {
      const title = uniq('Notice');
      const sent = expectOk(
        await admin.call<Rec>(`${INSTANCES}/doSendManual`, {
          userNames: 'supplier01, ghost-user',
          responsibilities: ['PR_APPROVER'],
          channels: ['SITE'],
          title,
          content: '请查收',
        }),
      );
      expect(sent).toMatchObject({ status: 'SENT', recipients: 3, deliveries: 3, unresolved: ['Named recipient ghost-user: no such user'] });
      expect((await inbox(supplier, { keyword: title }))[0]).toMatchObject({ title, content: '请查收', sourceType: 'MANUAL' });
      expectRefusal(
        await admin.call(`${INSTANCES}/doSendManual`, { channels: ['SITE'], title, content: 'x' }),
        200,
        'Name at least one user or responsibility',
      );
      expectRefusal(await buyer.call(`${INSTANCES}/doSendManual`, { userNames: 'supplier01', channels: ['SITE'], title, content: 'x' }), 403, /.+/);
    });

    it('sends a failed e-mail again on request; without SMTP it shows as not sent', async () => {
      const [failed] = expectOk(await admin.call<Rec[]>(`${DELIVERIES}/listByPage`, { params: { deliveryStatus: 'FAILED', channel: 'MAIL' } }));
      expect(failed).toMatchObject({ userName: 'buyer01', attempts: 5 });
      expectRefusal(await supplier.call(`${DELIVERIES}/doResend`, { id: failed.deliveryId }), 403, /.+/);
      const again = expectOk(await admin.call<Rec>(`${DELIVERIES}/doResend`, { id: failed.deliveryId }));
      expect(again).toMatchObject({ deliveryStatus: 'SKIPPED', attempts: 1, lastError: '未配置邮件服务器（SMTP_HOST），邮件未发送' });
      const site = expectOk(await admin.call<Rec[]>(`${DELIVERIES}/listByPage`, { params: { channel: 'SITE', userName: 'buyer01' }, pageRows: 1 }))[0];
      expectRefusal(await admin.call(`${DELIVERIES}/doResend`, { id: site.deliveryId }), 200, /^Only e-mail and SMS deliveries/);
    });

    it('turns a workflow task into a message for its assignees with the task route', async () => {
      const before = await unread(approver2);
      const events = new PendingEvents();
      events.add('workflow.taskAssigned', {
        taskId: 9001,
        instanceId: 9002,
        userIds: [approver2.session!.userId as number],
        processKey: 'PR_APPROVAL',
        taskName: '经理审批',
        entity: 'srmPoRequisition',
        documentId: 7,
        documentNumber: 'PR-2026-0077',
        route: '/main/order/requisitionEdit?id=7&mode=view&taskId=9001&processInstanceId=9002',
        initiatorId: buyer.session!.userId as number,
      });
      await t.app.ctx.events.deliver(events);
      expect(await unread(approver2)).toBe(before + 1);
      const [m] = await inbox(approver2, { sourceType: 'WF_TASK_ASSIGNED', keyword: 'PR-2026-0077' });
      expect(m).toMatchObject({
        title: '待办：经理审批 PR-2026-0077',
        content: '张采购 提交的单据 PR-2026-0077 等待您处理（经理审批）。',
        route: '/main/order/requisitionEdit?id=7&mode=view&taskId=9001&processInstanceId=9002',
      });
      // E-mail is configured for the template, SMTP is not on this server: the e-mail shows as not sent.
      const instances = expectOk(await admin.call<Rec[]>(`${INSTANCES}/listByPage`, { params: { sourceType: 'WF_TASK_ASSIGNED', title: 'PR-2026-0077' } }));
      const deliveries = expectOk(await admin.call<Rec[]>(`${INSTANCES}/findDeliveries`, { id: instances[0].instanceId }));
      expect(deliveries.map((d) => [d.channel, d.deliveryStatus])).toEqual([
        ['SITE', 'SENT'],
        ['MAIL', 'SKIPPED'],
      ]);
      expect(deliveries[1].lastError).toBe('未配置邮件服务器（SMTP_HOST），邮件未发送');
    });

    it('REMINDER_SEND sends the reminder rules through messages', async () => {
      const r = expectOk(await admin.call<Rec>(`${REQUESTS}/doSubmit`, { programCode: 'REMINDER_SEND', params: {} }));
      await expect
        .poll(async () => expectOk(await admin.call<Rec>(`${REQUESTS}/findById`, { id: r.requestId })).requestStatus, { timeout: 20_000 })
        .toBe('DONE');
      const [run] = expectOk(await admin.call<Rec[]>(`${REQUESTS}/findLog`, { id: r.requestId }));
      expect(String(run.output)).toMatch(/SENT: 3 delivery\(ies\) of 2 enabled rule\(s\) through the messages module/);
      // The SITE rule reached buyer01's inbox.
      expect((await inbox(buyer, { sourceType: 'REMINDER', keyword: '资质到期提醒' })).length).toBeGreaterThanOrEqual(2);
    });

    it('the forgotten-password code goes out through messages and the administrator reads it in the message log', async () => {
      const ip = freshIp();
      const a = await post(t.url, '/api/baseServer/v1/basePasswordService/sendEmailCode', JSON.stringify({ userName: 'designer01' }), {
        'content-type': 'application/json',
        'SAAF-Language': 'EN',
        'X-Forwarded-For': ip,
      });
      expect(a.status).toBe('S');
      let logRow: Rec | undefined;
      await expect
        .poll(
          async () => {
            logRow = expectOk(await admin.call<Rec[]>(`${LOGS}/listByPage`, { params: { address: 'designer01@srm.example.com' }, pageRows: 5 }))[0];
            return logRow?.content;
          },
          { timeout: 15_000 },
        )
        .toMatch(/your code is \d{6}/);
      // No SMTP here: the e-mail is not sent, and the log says so with the text the user would have got.
      expect(logRow).toMatchObject({ channel: 'MAIL', logStatus: 'SKIPPED', subject: 'SRM password reset code' });
      const info = expectOk(await admin.call<Rec>(`${LOGS}/getChannelInfo`, {}));
      expect(info).toEqual({ smsProvider: 'message-log', smsDelivers: false, mailConfigured: false, mailServer: null });
      // Only those who hold the log's menu read it.
      expectRefusal(await buyer.call(`${LOGS}/listByPage`, { params: {} }), 403, /.+/);
      const rows = await msg(t.app.ctx.db).selectFrom('msg_delivery').select('delivery_status').where('address', '=', 'designer01@srm.example.com').execute();
      expect(rows.map((r) => r.delivery_status)).toContain('SKIPPED');
    });
  });
}
