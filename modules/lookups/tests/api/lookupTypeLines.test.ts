// lookupTypeEdit: a lookup type and its values as header/lines (baseLookupType lines "values", the
// values' type code copied from the header by the server), saved in one transaction; every save drops the
// lookup cache, so findDic answers the new meanings at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';

const TYPE = 'baseServer/v1/baseLookupTypeRestful';
const VALUES = 'baseServer/v1/baseLookupValuesRestful';

for (const backend of await backends()) {
  describe(`lookup type with its values on ${backend}`, () => {
    let t: TestServer;
    let admin: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      admin = await signIn(t.url, 'admin');
    });
    afterAll(async () => t?.stop());

    const dic = async (type: string) =>
      expectOk(await admin.call<Rec[]>(`${VALUES}/findDic`, { lookupType: type }, { lang: 'EN' })).map((v) => `${v.lookupCode}=${v.meaning}`);
    const find = (id: unknown) => admin.call<Rec & { values: Rec[] }>(`${TYPE}/findById`, { id });

    it('answers a shipped type with its values as lines', async () => {
      const type = expectOk(await admin.call<Rec[]>(`${TYPE}/listByPage`, { params: { lookupType: 'REMINDER_CHANNEL' } }))[0];
      const rec = expectOk(await find(type.lookupTypeId));
      expect(rec.values.map((v) => v.lookupCode)).toEqual(['MAIL', 'SMS', 'SITE']);
      expect(rec.values.every((v) => v.lookupType === 'REMINDER_CHANNEL' && v.lookupTypeId === type.lookupTypeId)).toBe(true);
    });

    it('saves a type with its values in one call, and findDic follows every change', async () => {
      const code = uniq('LT').replace('-', '_');
      const created = expectOk(
        await admin.call<Rec & { values: Rec[] }>(`${TYPE}/saveOrUpdate`, {
          lookupType: code,
          meaning: 'Test type',
          // A line never sets its type: the server copies the header's code (and key).
          values: [
            { lookupCode: 'A', meaning: '甲', meaningEn: 'Alpha', seqNum: 10, lookupType: 'OTHER', lookupTypeId: 1 },
            { lookupCode: 'B', meaning: '乙', meaningEn: 'Beta', seqNum: 20 },
          ],
        }),
      );
      expect(created.values.map((v) => [v.lookupType, v.lookupTypeId, v.lookupCode])).toEqual([
        [code, created.lookupTypeId, 'A'],
        [code, created.lookupTypeId, 'B'],
      ]);
      expect(await dic(code)).toEqual(['A=Alpha', 'B=Beta']);

      // Edit one meaning, drop B, add C: the cached answer changes at once.
      const [a] = created.values;
      const edited = expectOk(
        await admin.call<Rec & { values: Rec[] }>(`${TYPE}/saveOrUpdate`, {
          lookupTypeId: created.lookupTypeId,
          versionNum: created.versionNum,
          values: [
            { ...a, meaningEn: 'Alpha 2' },
            { lookupCode: 'C', meaning: '丙', meaningEn: 'Gamma', seqNum: 30 },
          ],
        }),
      );
      expect(edited.values.map((v) => v.lookupCode)).toEqual(['A', 'C']);
      expect(await dic(code)).toEqual(['A=Alpha 2', 'C=Gamma']);

      // Renaming the type carries every value with it (also lines not sent).
      const renamed = `${code}_X`;
      const moved = expectOk(
        await admin.call<Rec & { values: Rec[] }>(`${TYPE}/saveOrUpdate`, {
          lookupTypeId: created.lookupTypeId,
          versionNum: edited.versionNum,
          lookupType: renamed,
        }),
      );
      expect(moved.values.map((v) => v.lookupType)).toEqual([renamed, renamed]);
      expect(await dic(renamed)).toEqual(['A=Alpha 2', 'C=Gamma']);
      expect(await dic(code)).toEqual([]);
    });

    it('is all or nothing: a bad value refuses the whole save and changes nothing', async () => {
      const code = uniq('LT').replace('-', '_');
      const created = expectOk(
        await admin.call<Rec & { values: Rec[] }>(`${TYPE}/saveOrUpdate`, { lookupType: code, meaning: 'Before', values: [{ lookupCode: 'A', meaning: 'a' }] }),
      );
      expect(await dic(code)).toEqual(['A=a']);
      const bad = await admin.call(
        `${TYPE}/saveOrUpdate`,
        {
          lookupTypeId: created.lookupTypeId,
          versionNum: created.versionNum,
          meaning: 'After',
          values: [{ ...created.values[0], meaning: 'a2' }, { lookupCode: 'B' }],
        },
        { lang: 'EN' },
      );
      expectRefusal(bad, 200, /Line 2/);
      const again = expectOk(await find(created.lookupTypeId));
      expect([again.meaning, again.versionNum, again.values.map((v) => v.meaning)]).toEqual(['Before', created.versionNum, ['a']]);
      // A code twice in one type is refused by the database's unique rule, also all or nothing.
      const dup = await admin.call(
        `${TYPE}/saveOrUpdate`,
        { lookupTypeId: created.lookupTypeId, versionNum: created.versionNum, values: [...created.values, { lookupCode: 'A', meaning: 'again' }] },
        { lang: 'EN' },
      );
      expect(dup.status).toBe('E');
      expect(expectOk(await find(created.lookupTypeId)).values.map((v) => v.lookupCode)).toEqual(['A']);
      expect(await dic(code)).toEqual(['A=a']);
    });

    it('refuses the save to users without the lookup screens', async () => {
      const type = expectOk(await admin.call<Rec[]>(`${TYPE}/listByPage`, { params: { lookupType: 'SEX' } }))[0];
      const rec = expectOk(await find(type.lookupTypeId));
      const buyer = await signIn(t.url, 'buyer01');
      expectRefusal(
        await buyer.call(`${TYPE}/saveOrUpdate`, { ...rec, values: [...rec.values, { lookupCode: 'X', meaning: 'x' }] }, { lang: 'EN' }),
        403,
        'You are not permitted to do this',
      );
      expect(expectOk(await find(type.lookupTypeId)).values).toHaveLength(rec.values.length);
    });
  });
}
