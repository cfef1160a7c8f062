// The SUPPLIER recipient rule over the real API on PGlite and PostgreSQL: a message reaches a supplier's
// contacts (its portal users, asked of the supplier module through SupplierApi), named by the call (id or
// number) or by a configuration rule (a supplier number, or the supplier the message is about); an unknown
// supplier, one without contacts or a rule without a supplier is reported on the instance; saving a rule
// with an unknown supplier number is refused in the caller's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import type { SupplierApi } from '../../../supplier/api.js';
import type { MessagesApi } from '../../api.js';
import { msg } from '../../server/store.js';

const TEMPLATES = 'messageServer/v1/msgTemplateRestful';
const CONFIGS = 'messageServer/v1/msgConfigRestful';

for (const backend of await backends()) {
  describe(`supplier recipients on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;
    let supplier1: SignedClient;
    let api: MessagesApi;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [admin, supplier1] = await Promise.all([signIn(t.url, 'admin'), signIn(t.url, 'supplier01')]);
      api = t.app.ctx.modules.api<MessagesApi>('messages');
    });
    afterAll(async () => t?.stop());

    const recipientsOf = async (instanceId: number) =>
      (await msg(t.app.ctx.db).selectFrom('msg_delivery').select('user_name').where('instance_id', '=', instanceId).orderBy('user_name').execute()).map(
        (r) => r.user_name,
      );

    /** A SITE-only template of its own. */
    async function template(): Promise<Rec> {
      const code = uniq('SUPTPL').slice(0, 30);
      const tpl = expectOk(
        await admin.call<Rec>(`${TEMPLATES}/saveOrUpdate`, {
          templateCode: code,
          templateName: `test ${code}`,
          enabledFlag: 'Y',
          variables: [],
          contents: ['CN', 'EN', 'TH', 'VN'].map((language) => ({ channel: 'SITE', language, subject: `Audit ${language}`, content: 'Audit next week' })),
        }),
      );
      return tpl;
    }

    /** A template of its own, configured with these rules. */
    async function configured(rules: Rec[]): Promise<string> {
      const tpl = await template();
      expectOk(await admin.call(`${CONFIGS}/saveOrUpdate`, { templateId: tpl.templateId, siteFlag: 'Y', enabledFlag: 'Y', recipients: rules }));
      return tpl.templateCode as string;
    }

    it('the supplier module tells its contacts by id or number, and null for an unknown supplier', async () => {
      const sup = t.app.ctx.modules.api<SupplierApi>('supplier');
      const id = supplier1.session?.supplierId ?? 0;
      const byId = await sup.supplierContacts(t.app.ctx.db, { supplierId: id });
      expect(byId).toMatchObject({ supplierId: id, userIds: [supplier1.session?.userId] });
      expect(await sup.supplierContacts(t.app.ctx.db, { supplierNumber: byId?.supplierNumber ?? '' })).toEqual(byId);
      expect(await sup.supplierContacts(t.app.ctx.db, { supplierNumber: 'NO-SUCH' })).toBeNull();
    });

    it('a message named to suppliers reaches their contacts; unknown or contact-less suppliers are reported', async () => {
      const sent = await api.send({
        templateCode: 'MANUAL_NOTICE',
        sourceType: 'MANUAL',
        variables: { title: 'Audit', content: 'Audit next week' },
        recipients: [
          { supplierId: supplier1.session?.supplierId ?? 0 },
          { supplierNumber: 'S-0002' },
          { supplierNumber: 'S-0003' },
          { supplierNumber: 'NO-SUCH' },
        ],
        channels: ['SITE'],
        language: 'EN',
      });
      expect(sent.recipients).toBe(2);
      expect(await recipientsOf(sent.instanceId)).toEqual(['supplier01', 'supplier02']);
      expect(sent.unresolved).toEqual([
        expect.stringMatching(/^Named recipient: supplier S-0003 .+ has no contact who can sign in$/),
        'Named recipient: no supplier NO-SUCH',
      ]);
    });

    it('a configuration rule reaches a supplier by number, or the supplier the message is about', async () => {
      const byNumber = await configured([{ recipientType: 'SUPPLIER', recipientValue: 'S-0002' }]);
      const a = await api.send({ templateCode: byNumber, sourceType: 'TEST_SUPPLIER', variables: {}, language: 'EN' });
      expect(await recipientsOf(a.instanceId)).toEqual(['supplier02']);

      const ofContext = await configured([{ recipientType: 'SUPPLIER', recipientValue: null }]);
      const b = await api.send({
        templateCode: ofContext,
        sourceType: 'TEST_SUPPLIER',
        variables: {},
        context: { supplierId: supplier1.session?.supplierId },
        language: 'EN',
      });
      expect(await recipientsOf(b.instanceId)).toEqual(['supplier01']);
      const c = await api.send({ templateCode: ofContext, sourceType: 'TEST_SUPPLIER', variables: {}, language: 'TH' });
      expect(c).toMatchObject({ status: 'NO_RECIPIENT', recipients: 0, unresolved: [expect.stringMatching(/^กฎผู้ติดต่อของผู้ขาย: /)] });
    });

    it('refuses saving a rule with an unknown supplier number, in the caller language', async () => {
      const tpl = await template();
      const body = { templateId: tpl.templateId, siteFlag: 'Y', enabledFlag: 'Y', recipients: [{ recipientType: 'SUPPLIER', recipientValue: 'NO-SUCH' }] };
      expectRefusal(await admin.call(`${CONFIGS}/saveOrUpdate`, body), 200, 'No supplier with number NO-SUCH');
      expectRefusal(await admin.call(`${CONFIGS}/saveOrUpdate`, body, { lang: 'TH' }), 200, 'ไม่พบผู้ขายรหัส NO-SUCH');
    });
  });
}
