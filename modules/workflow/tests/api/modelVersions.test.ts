// A model's version list: each published version, the latest marked current, and the instances that ran
// and still run on each (an instance keeps its version when the model is republished). Categories are a lookup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { Buyer, MODEL, TASK, bindRequisitions, bpmn, flow, userTask } from './helpers.js';

const xml = (name: string) =>
  bpmn('V', `<bpmn:startEvent id="s"/>${flow('f1', 's', 't')}${userTask('t', name, 'user', 'approver01')}${flow('f2', 't', 'e')}<bpmn:endEvent id="e"/>`);

for (const backend of await backends()) {
  describe(`model versions on ${backend}`, () => {
    let t: TestServer;
    let buyer: Buyer;
    let admin: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      const [b, w] = await Promise.all([signIn(t.url, 'buyer01'), signIn(t.url, 'admin')]);
      [buyer, admin] = [new Buyer(b), w];
    });
    afterAll(async () => t?.stop());

    it('lists versions with the current one and instances per version; buyers are refused', async () => {
      const key = uniq('V').replace('-', '_');
      const m = expectOk(await admin.call<Rec>(`${MODEL}/saveOrUpdate`, { modelKey: key, modelName: key, bpmnXml: xml('一') }));
      const versions = async () => expectOk(await admin.call<Rec[]>(`${TASK}/findModelVersions`, { modelId: m.modelId }));
      expect(await versions()).toEqual([]);
      expectOk(await admin.call(`${MODEL}/doPublish`, { id: m.modelId }));
      await bindRequisitions(admin, key);
      await buyer.submitted(10);
      await buyer.submitted(10);
      const saved = expectOk(await admin.call<Rec>(`${MODEL}/findById`, { id: m.modelId }));
      expectOk(await admin.call(`${MODEL}/saveOrUpdate`, { ...saved, bpmnXml: xml('二') }));
      expectOk(await admin.call(`${MODEL}/doPublish`, { id: m.modelId }));
      await buyer.submitted(10);
      const rows = await versions();
      expect(rows.map((r) => [r.version, r.current, r.instances, r.running])).toEqual([
        [2, true, 1, 1],
        [1, false, 2, 2],
      ]);
      expect(rows[0].publishedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect((await buyer.c.call(`${TASK}/findModelVersions`, { modelId: m.modelId })).status).toBe('E');
    });

    it('a model’s category is a code of the BPM_MODEL_CATEGORY lookup (kept by the lookup screens); another is refused', async () => {
      const key = uniq('C').replace('-', '_');
      const m = expectOk(await admin.call<Rec>(`${MODEL}/saveOrUpdate`, { modelKey: key, modelName: key, category: 'FINANCE', bpmnXml: xml('一') }));
      expect(expectOk(await admin.call<Rec>(`${MODEL}/findById`, { id: m.modelId })).category).toBe('FINANCE');
      const refused = await admin.call(`${MODEL}/saveOrUpdate`, {
        modelKey: uniq('C').replace('-', '_'),
        modelName: 'x',
        category: 'NO_SUCH',
        bpmnXml: xml('一'),
      });
      expect(refused.status).toBe('E');
      expect(refused.msg).toMatch(/NO_SUCH|category|Category/);
      const values = expectOk(await admin.call<Rec[]>('baseServer/v1/baseLookupValuesRestful/findDic', { lookupType: 'BPM_MODEL_CATEGORY' }));
      expect(values.map((v) => v.lookupCode)).toEqual(['PURCHASE', 'SUPPLIER', 'SOURCING', 'FINANCE', 'OTHER']);
    });
  });
}
