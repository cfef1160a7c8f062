import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../support/testServer.js';

for (const backend of await backends()) {
  describe(`smoke on ${backend}`, () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer(backend);
    });
    afterAll(async () => t?.stop());

    it('answers health with the backend in use', async () => {
      const res = await fetch(`${t.url}/api/health`);
      const body = (await res.json()) as { data: { db: string; cache: string } };
      expect(body.data.db).toBe(backend);
      expect(body.data.cache).toBe(backend === 'postgres' ? 'redis' : 'memory');
    });

    it('lets buyer01 list banks, create one, and refuses a duplicate code in Thai', async () => {
      const c = await t.login('buyer01');
      const list = await c.call<unknown[]>('srmServer/v1/srmBaseBankRestful/listByPage', { params: {}, pageIndex: 1, pageRows: 5 });
      expect(list.status).toBe('S');
      expect(list.data).toHaveLength(5);
      expect(list.page?.count).toBeGreaterThan(5);
      const saved = await c.call<{ bankId: number; versionNum: number }>('srmServer/v1/srmBaseBankRestful/saveOrUpdate', {
        bankCode: 'T-1',
        bankName: 'Test bank',
      });
      expect(saved.status).toBe('S');
      expect(saved.data.versionNum).toBe(1);
      const dup = await c.call('srmServer/v1/srmBaseBankRestful/saveOrUpdate', { bankCode: 'T-1', bankName: 'Again' }, { lang: 'TH' });
      expect(dup.status).toBe('E');
      expect(dup.msg).toContain('มีอยู่แล้ว');
    });
  });
}
