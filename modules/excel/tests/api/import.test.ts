// Excel import (SPEC §7): the template generated from the columns, every row validated with the
// entity's rules, all saved in one transaction or nothing with a per-row error report; oversized,
// zip-bomb and non-xlsx uploads refused with a clear message.
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { BANK, expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { IMPORT, binCall, downloadFile, makeXlsx, readXlsx, uploadImport } from '../../../../tests/support/excelHelpers.js';

Object.assign(process.env, { SRM_IMPORT_MAX_BYTES: '300000' });

interface ImportResult {
  total: number;
  saved: number;
  errorCount: number;
  reportFileId: number | null;
  rows: { row: number; errors: string[] }[];
}

/** A zip built by hand: each entry deflated (method 8), with a correct central directory. */
function zip(entries: { name: string; data: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const comp = deflateRawSync(e.data);
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(comp.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, comp);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(comp.length, 20);
    c.writeUInt32LE(e.data.length, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    central.push(c, name);
    offset += 30 + name.length + comp.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cd, end]);
}

for (const backend of await backends()) {
  describe(`excel import on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let approver: SignedClient;
    let sup1: SignedClient;

    beforeAll(async () => {
      t = await startTestServer(backend);
      [buyer, approver, sup1] = await Promise.all([signIn(t.url, 'buyer01', 'CN'), signIn(t.url, 'approver01', 'CN'), signIn(t.url, 'supplier01', 'CN')]);
    });
    afterAll(async () => t?.stop());

    const banksLike = async (code: string) => expectOk(await buyer.call<Rec[]>(`${BANK}/listByPage`, { params: { bankCode: code }, pageRows: 100 }));
    const importBanks = (c: SignedClient, data: Buffer, lang?: string, name = 'banks.xlsx') =>
      uploadImport<ImportResult>(c, { name, data }, { entity: 'srmBaseBank' }, lang);

    it('downloads a template: titles in the language, required marked *, a hidden key row', async () => {
      const r = await binCall(buyer, `${IMPORT}/downloadImportTemplate`, { page: 'base/bankList' });
      expect(r.http).toBe(200);
      expect(r.headers.get('content-type')).toContain('spreadsheetml');
      const [sheet] = await readXlsx(r.body);
      expect(sheet.rows[0]).toEqual(['银行编码 *', '银行名称 *', 'SWIFT代码', '国家', '启用', '备注']);
      expect(sheet.rows[1]).toEqual(['bankCode', 'bankName', 'swiftCode', 'countryCode', 'enabledFlag', 'remark']);
      const th = await readXlsx((await binCall(buyer, `${IMPORT}/downloadImportTemplate`, { entity: 'srmBaseBank' }, { lang: 'TH' })).body);
      expect(th[0].rows[0].slice(0, 2)).toEqual(['รหัสธนาคาร *', 'ชื่อธนาคาร *']);
    });

    it('imports a filled template: codes or meanings for lookups, all rows saved', async () => {
      const p = uniq('IB');
      const file = await makeXlsx(
        [
          ['银行编码 *', '银行名称 *', 'SWIFT代码', '国家', '启用', '备注'],
          ['bankCode', 'bankName', 'swiftCode', 'countryCode', 'enabledFlag', 'remark'],
          [`${p}-1`, 'Import one', 'AAAA', 'CN', 'Y', `'=kept as text`],
          [`${p}-2`, 'Import two', null, '泰国', '是', null],
          [`${p}-3`, 'Import three', null, 'Vietnam', 'No', 12345],
        ],
        true,
      );
      const a = await importBanks(buyer, file);
      expect(a).toMatchObject({ http: 200, status: 'S', msg: '已导入 3 行', data: { total: 3, saved: 3, errorCount: 0 } });
      const saved = await banksLike(p);
      expect(saved.map((b) => [b.bankCode, b.countryCode, b.enabledFlag, b.remark])).toEqual([
        [`${p}-1`, 'CN', 'Y', '=kept as text'],
        [`${p}-2`, 'TH', 'Y', null],
        [`${p}-3`, 'VN', 'N', '12345'],
      ]);
    });

    it('reads a file headed by titles only (an export in English) the same way', async () => {
      const p = uniq('IE');
      const file = await makeXlsx([
        ['Bank code', 'Bank name', 'Country', 'Last updated'],
        [`${p}-1`, 'From export', 'Japan', '2026-01-01 00:00:00'],
      ]);
      expectOk({ ...(await importBanks(buyer, file, 'EN')), msg: '' });
      expect((await banksLike(p)).map((b) => b.countryCode)).toEqual(['JP']);
    });

    it('one bad row saves nothing and gives a per-row error report', async () => {
      const p = uniq('IX');
      expectOk(await buyer.call(`${BANK}/saveOrUpdate`, { bankCode: `${p}-OLD`, bankName: 'Stored' }));
      const file = await makeXlsx([
        ['bankCode', 'bankName', 'countryCode', 'enabledFlag'],
        [`${p}-1`, 'Good', 'CN', 'Y'],
        [`${p}-2`, null, 'CN', 'Y'],
        [`${p}-3`, 'Bad country', 'XX', 'Y'],
        [`${p}-1`, 'Repeat', 'CN', 'maybe'],
        [`${p}-OLD`, 'Already there', 'CN', 'Y'],
        ['x'.repeat(60), 'Too long code', 'CN', 'Y'],
      ]);
      const a = await importBanks(buyer, file, 'EN');
      expectRefusal(a, 200, '5 rows have errors and nothing was saved; download the error report, correct it and import again');
      const d = a.data;
      expect(d).toMatchObject({ total: 6, saved: 0, errorCount: 5 });
      expect(d.rows.map((r) => r.row)).toEqual([3, 4, 5, 6, 7]);
      expect(d.rows[0].errors).toEqual(['Bank name is required']);
      expect(d.rows[1].errors.join()).toMatch(/Country/);
      expect(d.rows[2].errors).toEqual(expect.arrayContaining(['Bank code repeats row 2']));
      expect(d.rows[3].errors).toEqual(['Bank code already exists']);
      expect(d.rows[4].errors.join()).toMatch(/at most 30 characters/);
      expect((await banksLike(p)).map((b) => b.bankCode)).toEqual([`${p}-OLD`]);

      const report = await downloadFile(buyer, d.reportFileId!);
      expect(report.http).toBe(200);
      const [sheet] = await readXlsx(report.body);
      expect(sheet.rows[0]).toEqual(['bankCode', 'bankName', 'countryCode', 'enabledFlag', 'Errors']);
      expect(sheet.rows[1]).toEqual([`${p}-1`, 'Good', 'CN', 'Y']);
      expect(sheet.rows[2]).toEqual([`${p}-2`, undefined, 'CN', 'Y', 'Bank name is required']);
      // The report is the importer's own file.
      expect((await downloadFile(sup1, d.reportFileId!)).json?.status).toBe('E');

      // Corrected, the same file saves every row.
      const fixed = await makeXlsx([
        ['bankCode', 'bankName', 'countryCode'],
        [`${p}-1`, 'Good', 'CN'],
        [`${p}-2`, 'Now named', 'CN'],
      ]);
      expect((await importBanks(buyer, fixed)).status).toBe('S');
      expect((await banksLike(p)).length).toBe(3);
    });

    it('refuses non-xlsx content, oversized files and zip bombs with a clear message', async () => {
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
      expectRefusal(await importBanks(buyer, png, 'EN'), 200, 'Only Excel .xlsx files can be imported (the content is not xlsx)');
      expectRefusal(await importBanks(buyer, Buffer.from('a,b\n1,2\n'), 'TH', 'banks.csv'), 200, 'นำเข้าได้เฉพาะไฟล์ Excel .xlsx เท่านั้น (เนื้อหาไม่ใช่ xlsx)');
      expectRefusal(
        await importBanks(buyer, zip([{ name: 'hello.txt', data: Buffer.from('hi') }]), 'EN'),
        200,
        'Only Excel .xlsx files can be imported (the content is not xlsx)',
      );
      const big = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(400_000, 7)]);
      expectRefusal(await importBanks(buyer, big, 'EN'), 200, 'The file exceeds the import limit of 0.29 MB');
      const bomb = zip([
        { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
        { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
        { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024, 0x20) },
      ]);
      expect(bomb.length).toBeLessThan(300_000);
      expectRefusal(await importBanks(buyer, bomb, 'CN'), 200, /^文件解压后过大或压缩比异常，已拒绝/);
      expectRefusal(
        await importBanks(
          buyer,
          await makeXlsx([
            ['bankCode', 'nope'],
            ['A', 'B'],
          ]),
          'EN',
        ),
        200,
        'Unrecognised column title: nope',
      );
      expectRefusal(await importBanks(buyer, await makeXlsx([['bankCode', 'bankName']]), 'EN'), 200, 'The file has no data rows');
    });

    it("needs the menu's import button: others get 403 and nothing is read", async () => {
      const file = await makeXlsx([
        ['bankCode', 'bankName'],
        ['NOPE-1', 'x'],
      ]);
      expectRefusal(await importBanks(approver, file), 403, '没有权限执行此操作');
      expectRefusal(await importBanks(sup1, file), 403, '没有权限执行此操作');
      expectRefusal((await binCall(approver, `${IMPORT}/downloadImportTemplate`, { entity: 'srmBaseBank' })).json!, 403, '没有权限执行此操作');
      expectRefusal(await uploadImport(buyer, { name: 'x.xlsx', data: file }, { entity: 'srmNope' }, 'EN'), 200, 'Cannot import: unknown target srmNope');
    });
  });
}
