// Excel export (CONTRACT.md "Files and Excel", SPEC §7/§9): the streamed file read back with exceljs —
// sheets split at sheetMaxRow, titles per language, lookup meanings, formats, formula injection
// neutralised — plus row rules, permissions, refusals, and the background job's lifecycle and isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { BANK, MATERIAL, SUPPLIER, expectOk, expectRefusal, signIn, uniq, type Rec } from '../../../../tests/support/apiHelpers.js';
import { EXPORT, binCall, downloadFile, readXlsx } from '../../../../tests/support/excelHelpers.js';
import { sql } from 'kysely';
import { failInterruptedJobs } from '../../server/jobs.js';
import { parseExportRequest } from '../../../../server/excel/exportRequest.js';
import { exportRows } from '../../../../server/excel/exportRows.js';
import type { ActionContext } from '../../../../server/rest/actionContext.js';
import { PendingEvents } from '../../../../server/events/domainEvents.js';

const BANK_URL = '/api/srmServer/v1/srmBaseBankRestful/listByPage';

interface Job {
  jobId: number;
  fileName: string;
  jobStatus: string;
  progress: number;
  rowCount: number;
  totalRows: number | null;
  fileId: number | null;
  errorMsg: string | null;
}

for (const backend of await backends()) {
  describe(`excel export on ${backend}`, () => {
    let t: TestServer;
    let buyer: SignedClient;
    let admin: SignedClient;
    let approver: SignedClient;
    let sup1: SignedClient;
    const prefix = uniq('XB');

    beforeAll(async () => {
      t = await startTestServer(backend);
      [buyer, admin, approver, sup1] = await Promise.all([
        signIn(t.url, 'buyer01', 'CN'),
        signIn(t.url, 'admin', 'CN'),
        signIn(t.url, 'approver01', 'CN'),
        signIn(t.url, 'supplier01', 'CN'),
      ]);
      // 25 banks with one prefix: enough to split into sheets; one of them carries formula-like text.
      const data = Array.from({ length: 25 }, (_, i) => ({
        bankCode: `${prefix}-${String(i).padStart(2, '0')}`,
        bankName: i === 0 ? '=HYPERLINK("http://evil.example","x")' : i === 1 ? '+SUM(1,2)' : i === 2 ? '@cmd' : i === 3 ? '-1+2' : `Bank ${i}`,
        countryCode: i % 2 ? 'TH' : 'CN',
        enabledFlag: 'Y',
        remark: i === 4 ? '\tTabbed' : null,
      }));
      expectOk(await buyer.call(`${BANK}/doBatchSaveOrUpdate`, { data }));
    });
    afterAll(async () => t?.stop());

    const columns = [
      { key: 'bankCode' },
      { key: 'bankName' },
      { key: 'countryCode' },
      { key: 'enabledFlag' },
      { key: 'remark' },
      { key: 'lastUpdateDate' },
      { key: 'versionNum' },
    ];
    const exportBanks = (c: SignedClient, extra: Rec = {}, lang?: string) =>
      binCall(
        c,
        `${EXPORT}/exportExcel`,
        {
          requestUrl: BANK_URL,
          requestParams: { params: { bankCode: prefix }, sort: [{ field: 'bankCode', order: 'asc' }] },
          columns,
          fileName: 'banks',
          ...extra,
        },
        { lang },
      );

    it('streams every matching row into sheets of at most sheetMaxRow rows (header included), CN titles and meanings', async () => {
      const r = await exportBanks(buyer, { sheetMaxRow: 11 });
      expect(r.http).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(r.headers.get('content-disposition')).toContain("filename*=UTF-8''banks.xlsx");
      const sheets = await readXlsx(r.body);
      expect(sheets.map((s) => s.rows.length)).toEqual([11, 11, 6]);
      for (const s of sheets) expect(s.rows[0]).toEqual(['银行编码', '银行名称', '国家', '启用', '备注', '最后更新时间', '版本号']);
      const data = sheets.flatMap((s) => s.rows.slice(1));
      expect(data.map((row) => row[0])).toEqual(Array.from({ length: 25 }, (_, i) => `${prefix}-${String(i).padStart(2, '0')}`));
      expect(data[0][2]).toBe('中国');
      expect(data[1][2]).toBe('泰国');
      expect(data[5][3]).toBe('Y');
      expect(String(data[5][5])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(data[5][6]).toBe(1);
    });

    it('neutralises text Excel would run (= + - @ tab) and never writes a formula cell', async () => {
      const r = await exportBanks(buyer);
      const [sheet] = await readXlsx(r.body);
      const rows = sheet.rows.slice(1);
      expect(rows[0][1]).toBe(`'=HYPERLINK("http://evil.example","x")`);
      expect(rows[1][1]).toBe(`'+SUM(1,2)`);
      expect(rows[2][1]).toBe(`'@cmd`);
      expect(rows[3][1]).toBe(`'-1+2`);
      expect(rows[4][4]).toBe(`'\tTabbed`);
      for (const row of rows) for (const v of row) expect(typeof v === 'object' && v !== null && 'formula' in (v as object)).toBe(false);
    });

    it('titles and meanings follow SAAF-Language (TH)', async () => {
      const [sheet] = await readXlsx((await exportBanks(buyer, {}, 'TH')).body);
      expect(sheet.rows[0].slice(0, 4)).toEqual(['รหัสธนาคาร', 'ชื่อธนาคาร', 'ประเทศ', 'เปิดใช้งาน']);
      expect(sheet.rows[1][2]).toBe('จีน');
    });

    it('numbers keep numeric cells with thousands separators and the field scale', async () => {
      const code = uniq('XM');
      expectOk(
        await buyer.call(`${MATERIAL}/saveOrUpdate`, {
          materialCode: code,
          materialName: 'Export number',
          uomCode: 'KG',
          unitPrice: 1234567.5,
          enabledFlag: 'Y',
        }),
      );
      const r = await binCall(buyer, `${EXPORT}/exportExcel`, {
        requestUrl: '/api/srmServer/v1/srmBaseMaterialRestful/listByPage',
        requestParams: JSON.stringify({ materialCode: code }),
        columns: JSON.stringify([{ key: 'materialCode' }, { key: 'uomCode' }, { key: 'unitPrice' }, { key: 'unitPrice', precision: 2 }]),
      });
      expect(r.headers.get('content-disposition')).toContain("filename*=UTF-8''DefaultExportCsv.xlsx");
      const [sheet] = await readXlsx(r.body);
      expect(sheet.rows[1]).toEqual([code, '千克', 1234567.5, 1234567.5]);
      expect(sheet.formats.slice(2)).toEqual(['#,##0.0000', '#,##0.00']);
    });

    it('paged variant: pageIndex and pageRows pick one page', async () => {
      const r = await exportBanks(buyer, { pageIndex: 2, pageRows: 10 });
      const sheets = await readXlsx(r.body);
      expect(sheets).toHaveLength(1);
      expect(sheets[0].rows.slice(1).map((row) => row[0])).toEqual(Array.from({ length: 10 }, (_, i) => `${prefix}-${String(i + 10).padStart(2, '0')}`));
    });

    it('custom variant: customParams narrow the rows like list filters', async () => {
      const r = await exportBanks(buyer, { customParams: { countryCode: 'TH' } });
      const [sheet] = await readXlsx(r.body);
      expect(sheet.rows.length - 1).toBe(12);
      expect(sheet.rows.slice(1).every((row) => row[2] === '泰国')).toBe(true);
    });

    it('a supplier exports only its own company (row rules of the list)', async () => {
      const r = await binCall(sup1, `${EXPORT}/exportExcel`, {
        requestUrl: `/api/srmServer/v1/srmPosSupplierInfoRestful/listByPage`,
        requestParams: {},
        columns: [{ key: 'supplierNumber' }, { key: 'supplierName' }],
      });
      expect(r.http).toBe(200);
      const [sheet] = await readXlsx(r.body);
      expect(sheet.rows.slice(1)).toEqual([['S-0001', '华东精密钢材有限公司']]);
      const all = await readXlsx(
        (await binCall(buyer, `${EXPORT}/exportExcel`, { requestUrl: `/api/${SUPPLIER}/listByPage`, requestParams: {}, columns: [{ key: 'supplierNumber' }] }))
          .body,
      );
      expect(all[0].rows.length - 1).toBeGreaterThanOrEqual(6);
    });

    it('exports through the list action it names: a ByPermission variant keeps its permit rows only', async () => {
      const MATERIAL_URL = '/api/srmServer/v1/srmBaseMaterialRestful';
      const body = (action: string) => ({
        requestUrl: `${MATERIAL_URL}/${action}`,
        requestParams: { sort: [{ field: 'materialCode', order: 'asc' }], params: {} },
        columns: [{ key: 'materialCode' }, { key: 'categoryCode' }],
      });
      const codesOf = async (action: string) => {
        const r = await binCall(buyer, `${EXPORT}/exportExcel`, body(action));
        expect(r.http).toBe(200);
        expect(r.json).toBeUndefined();
        return (await readXlsx(r.body)).flatMap((s) => s.rows.slice(1));
      };
      // buyer01's demo permits are the categories RAW and ELEC; the plain list holds every category.
      const permitted = expectOk(
        await buyer.call<Rec[]>(`${MATERIAL}/listByPageByPermission`, { pageRows: 500, sort: [{ field: 'materialCode', order: 'asc' }] }),
      );
      const all = expectOk(await buyer.call<Rec[]>(`${MATERIAL}/listByPage`, { pageRows: 500 }));
      expect(permitted.length).toBeGreaterThan(0);
      expect(all.length).toBeGreaterThan(permitted.length);
      const rows = await codesOf('listByPageByPermission');
      expect(rows.map((r) => r[0])).toEqual(permitted.map((r) => r.materialCode));
      // Meanings in the sheet: only the two permitted categories (原材料 RAW, 电子元器件 ELEC).
      expect([...new Set(rows.map((r) => r[1]))].sort()).toEqual(['原材料', '电子元器件'].sort());
      expect((await codesOf('listByPage')).length).toBe(all.length);
      // A variant the family does not declare, or a non-list action, is refused before any byte.
      expectRefusal((await binCall(buyer, `${EXPORT}/exportExcel`, body('listByPageNoPermission'), { lang: 'EN' })).json!, 200, /is not a list action/);
      expectRefusal((await binCall(buyer, `${EXPORT}/exportExcel`, body('doBatchDelete'), { lang: 'EN' })).json!, 200, /is not a list action/);
      // The variant needs its own right: a supplier may run neither it nor the export.
      expectRefusal((await binCall(sup1, `${EXPORT}/exportExcel`, body('listByPageByPermission'))).json!, 403, '没有权限执行此操作');
    });

    it('a registered list operation (baseRespMenu.listByPageWithRoles) is exported through the operation itself', async () => {
      const url = '/api/baseServer/v1/baseRespMenuRestful/listByPageWithRoles';
      const req = parseExportRequest(t.app.ctx, { requestUrl: url, requestParams: { params: {} }, columns: [{ key: 'menuId' }, { key: 'respId' }] }, 'CN');
      expect(req.action).toBe('listByPageWithRoles');
      const session = { userId: 1 } as ActionContext['session'];
      const source = exportRows({ app: t.app.ctx, entity: req.entity, session, lang: 'CN', body: {}, events: new PendingEvents() }, req);
      const exported: Rec[] = [];
      for await (const page of source.pages()) exported.push(...page);
      const answer = await admin.call<Rec[]>('baseServer/v1/baseRespMenuRestful/listByPageWithRoles', { params: {}, pageIndex: 1, pageRows: 1000 });
      const listed = expectOk(answer);
      expect(exported.map((r) => [r.menuId, r.respId])).toEqual(listed.map((r) => [r.menuId, r.respId]));
      expect(await source.total()).toBe(answer.page?.count);
      // Its own refusals come before any byte, as listByPage's do.
      await expect(
        exportRows(
          { app: t.app.ctx, entity: req.entity, session, lang: 'EN', body: {}, events: new PendingEvents() },
          { ...req, list: { params: { nope: 1 } } },
        )
          .pages()
          .next(),
      ).rejects.toThrow();
    });

    it('the grid showcase exports its custom variant (customParams groupName G01) with lookup meanings of its own lookup', async () => {
      const r = await binCall(admin, `${EXPORT}/exportExcel`, {
        requestUrl: '/api/srmServer/v1/srmBaseGridSampleRestful/listByPage',
        requestParams: { params: {}, sort: [{ field: 'sampleCode', order: 'asc' }] },
        columns: [
          { key: 'sampleCode' },
          { key: 'lineCount', lookup: { typeCode: 'GRID_SAMPLE_LINES' } },
          { key: 'quantity', showThousandSeparator: false, precision: 2 },
        ],
        customParams: { groupName: 'G01' },
        fileName: 'gridShowcase',
      });
      expect(r.json).toBeUndefined();
      const [sheet] = await readXlsx(r.body);
      expect(sheet.rows.slice(1).map((row) => row.slice(0, 2))).toEqual([
        ['GS-0001', '0 行'],
        ['GS-0002', '1 行'],
        ['GS-0003', '2 行'],
      ]);
      expect(sheet.formats[2]).toBe('0.00');
      const tpl = await binCall(admin, 'exportServer/v1/importExcelRestful/downloadImportTemplate', { page: 'base/gridShowcaseList' });
      expect(tpl.http).toBe(200);
      expect(tpl.json).toBeUndefined();
    });

    it('refuses without the list menu or the export button (403), and bad requests with the SPEC §5 message', async () => {
      expectRefusal((await binCall(approver, `${EXPORT}/exportExcel`, { requestUrl: BANK_URL, requestParams: {}, columns })).json!, 403, '没有权限执行此操作');
      expectRefusal((await binCall(sup1, `${EXPORT}/exportExcel`, { requestUrl: BANK_URL, requestParams: {}, columns })).json!, 403, '没有权限执行此操作');
      expectRefusal((await binCall(buyer, `${EXPORT}/exportExcel`, { requestUrl: '', columns })).json!, 200, '导出的请求地址和列不能为空');
      expectRefusal(
        (await binCall(buyer, `${EXPORT}/exportExcel`, { requestUrl: BANK_URL, columns: [] }, { lang: 'EN' })).json!,
        200,
        'The export request URL and columns cannot be empty',
      );
      expectRefusal(
        (await binCall(buyer, `${EXPORT}/exportExcel`, { requestUrl: '/api/srmServer/v1/srmBaseBankRestful/delete', columns }, { lang: 'EN' })).json!,
        200,
        /is not a list action/,
      );
      expectRefusal(
        (await binCall(buyer, `${EXPORT}/exportExcel`, { requestUrl: '/api/srmServer/v1/srmNopeRestful/listByPage', columns }, { lang: 'EN' })).json!,
        200,
        /is not a known list endpoint/,
      );
      expectRefusal(
        (await binCall(buyer, `${EXPORT}/exportExcel`, { requestUrl: BANK_URL, columns: [{ key: 'passwordHash' }] }, { lang: 'TH' })).json!,
        200,
        'ส่งออกไม่ได้: ไม่รู้จักคอลัมน์ passwordHash',
      );
      expectRefusal(
        (await binCall(buyer, `${EXPORT}/exportExcel`, { requestUrl: BANK_URL, requestParams: { nope: 1 }, columns }, { lang: 'EN' })).json!,
        200,
        'Unsupported search condition: nope',
      );
    });

    it('background export: submitted message, progress to DONE, download by the owner only, jobs listed per user', async () => {
      const a = await binCall(buyer, `${EXPORT}/exportExcel`, {
        requestUrl: BANK_URL,
        requestParams: { params: { bankCode: prefix } },
        columns,
        fileName: 'bg-banks',
        backExportParam: true,
      });
      expect(a.json).toMatchObject({ status: 'S', msg: 'Excel 导出已提交后台运行，完成后可在“我的导出”中下载' });
      const jobId = (a.json!.data as { jobId: number }).jobId;
      let job: Job | undefined;
      // Until the job is no longer RUNNING (on a loaded machine that can take a while).
      await expect
        .poll(
          async () => {
            job = expectOk(await buyer.call<Job>(`${EXPORT}/findExportById`, { id: jobId }));
            return job.jobStatus;
          },
          { timeout: 20_000, interval: 100 },
        )
        .not.toBe('RUNNING');
      expect(job).toMatchObject({ jobStatus: 'DONE', progress: 100, rowCount: 25, totalRows: 25, fileName: 'bg-banks.xlsx', errorMsg: null });
      const file = await downloadFile(buyer, job!.fileId!);
      expect(file.http).toBe(200);
      const sheets = await readXlsx(file.body);
      expect(sheets[0].rows.length).toBe(26);

      // doBackExport (SPEC §7: paramsValue + fileName) starts the same kind of job.
      const second = await buyer.call<{ jobId: number }>(
        `${EXPORT}/doBackExport`,
        { paramsValue: JSON.stringify({ requestUrl: BANK_URL, requestParams: { bankCode: prefix }, columns }), fileName: 'second' },
        { lang: 'TH' },
      );
      expect(second).toMatchObject({ http: 200, status: 'S', msg: 'ส่งการส่งออก Excel ไปทำงานเบื้องหลังแล้ว ดาวน์โหลดได้ที่ การส่งออกของฉัน เมื่อเสร็จ' });
      const b = second.data;
      const list = await buyer.call<Job[]>(`${EXPORT}/listMyExports`, { pageIndex: 1, pageRows: 20 });
      expect(expectOk(list).map((j) => j.jobId)).toEqual(expect.arrayContaining([jobId, b.jobId]));

      // Another user sees none of it.
      expect(expectOk(await admin.call<Job[]>(`${EXPORT}/listMyExports`, {})).some((j) => j.jobId === jobId)).toBe(false);
      expectRefusal(await admin.call(`${EXPORT}/findExportById`, { id: jobId }, { lang: 'EN' }), 200, 'The export job does not exist');
      expect((await downloadFile(sup1, job!.fileId!)).json?.status).toBe('E');
    });

    it('a job cut off by a restart is marked failed at start-up, in the language it was asked in', async () => {
      const db = t.app.ctx.db;
      const buyerId = (await sql<{ id: number }>`select user_id as id from base_users where user_name = 'buyer01'`.execute(db)).rows[0].id;
      const ids: number[] = [];
      for (const lang of ['CN', 'TH']) {
        ids.push(
          (
            await sql<{
              id: number;
            }>`insert into srm_base_export_job (user_id, file_name, request_json, language, job_status, progress, row_count, created_by, last_updated_by)
          values (${buyerId}, ${'cut-' + lang + '.xlsx'}, '{}', ${lang}, 'RUNNING', 40, 2000, ${buyerId}, ${buyerId}) returning job_id as id`.execute(db)
          ).rows[0].id,
        );
      }
      expect(await failInterruptedJobs(t.app.ctx)).toBe(2);
      const [cn, th] = await Promise.all(ids.map(async (id) => expectOk(await buyer.call<Job>(`${EXPORT}/findExportById`, { id }))));
      expect(cn).toMatchObject({ jobStatus: 'FAILED', errorMsg: '服务已重启，导出被中断，请重新导出', fileId: null });
      expect(th).toMatchObject({ jobStatus: 'FAILED', errorMsg: 'เซิร์ฟเวอร์เริ่มใหม่ทำให้การส่งออกนี้หยุดกลางคัน โปรดส่งออกอีกครั้ง' });
      // Finished jobs are left alone.
      expect(await failInterruptedJobs(t.app.ctx)).toBe(0);
    });

    it('a background job whose request is refused never starts', async () => {
      expectRefusal(
        (await binCall(approver, `${EXPORT}/exportExcel`, { requestUrl: BANK_URL, columns, backExportParam: true })).json!,
        403,
        '没有权限执行此操作',
      );
      expect(expectOk(await approver.call<Job[]>(`${EXPORT}/listMyExports`, {}))).toEqual([]);
    });
  });
}
