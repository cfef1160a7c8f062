// A supplier's change request, attachment by attachment, on PGlite and PostgreSQL: supplier02 asks to add a
// file, remove one, replace one (matched by its name), renew a certificate (new scan, new expiry date) and
// add a certificate; buyer01 sees each line marked with names, sizes and dates and can download every file;
// a rejection leaves the master's files as they were; the approval moves them. Another supplier's file,
// someone else's upload, an expired certificate and a second pending change are refused (EN and TH). The portal's
// picker (listMasterFiles) offers only the caller's own master files; a line naming another's is not even saved;
// files picked that way are removed and replaced on approval, and left alone on rejection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../../tests/support/testServer.js';
import { expectOk, expectRefusal, signIn, type Rec } from '../../../../tests/support/apiHelpers.js';
import { PDF, PNG, download, upload } from '../../../../tests/support/fileUpload.js';
import type { SignedClient } from '../../../../tests/support/signedClient.js';
import { typed } from '../../../../server/db/typed.js';
import type { FilesApi } from '../../../files/api.js';
import type { SupplierTables } from '../../generated/tables.js';

const CHANGE = 'srmServer/v1/srmPosSupplierChangeRestful';
const SUPPLIER = 'srmServer/v1/srmPosSupplierInfoRestful';
const dayPlus = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
const bytes = (label: string, base: Buffer) => Buffer.concat([base, Buffer.from(label)]);
/** Does `c` get the file's bytes? (A refused download answers the JSON envelope, status E.) */
const opens = async (c: SignedClient, id: number) => {
  const d = await download(c, id);
  return d.http === 200 && (d.body.subarray(0, 5).toString() === '%PDF-' || d.body[1] === 0x50);
};

for (const backend of await backends()) {
  describe(`supplier change attachments on ${backend}`, () => {
    let t: TestServer;
    let s1: SignedClient;
    let s2: SignedClient;
    let buyer: SignedClient;
    let own = 0;
    let registerId = 0;
    let certId = 0;
    const file: Record<string, number> = {};
    const db = () => typed<SupplierTables>(t.app.ctx.db);

    /** Uploads one file as `c`, not yet of any record; answers its id. */
    const put = async (c: SignedClient, name: string, data: Buffer) => expectOk(await upload(c, [{ name, data }]))[0].id;
    const masterFiles = async () =>
      String(
        (await db().selectFrom('srm_pos_supplier_info').select('attachment_ids').where('supplier_id', '=', own).executeTakeFirstOrThrow()).attachment_ids ?? '',
      );
    /** Puts supplier02's uploads among `ids` on its master and makes them its attachments (the server's side
     *  of an approved change request; the supplier cannot write its master itself). */
    const onMaster = async (list: number[]) => {
      await t.app.ctx.modules
        .api<FilesApi>('files')
        .claimUploads(t.app.ctx.db, s2.session!.userId, { functionId: 'srmPosSupplierInfo', businessId: own }, list);
      await db()
        .updateTable('srm_pos_supplier_info')
        .set({ attachment_ids: list.join(',') })
        .where('supplier_id', '=', own)
        .execute();
    };
    const cert = async (name: string) =>
      db().selectFrom('srm_pos_supplier_register_cert').selectAll().where('register_id', '=', registerId).where('cert_name', '=', name).executeTakeFirst();

    beforeAll(async () => {
      t = await startTestServer(backend);
      [s1, s2, buyer] = await Promise.all([signIn(t.url, 'supplier01'), signIn(t.url, 'supplier02'), signIn(t.url, 'buyer01')]);
      const company = expectOk(await s2.call<Rec[]>(`${SUPPLIER}/listByPage`, { params: {}, pageRows: 5 }))[0];
      own = Number(company.supplierId);
      // supplier02's master holds two files of its own (as an approved change request leaves them: the portal's
      // 企业信息 is read-only, a supplier's save of it is refused) …
      file.manual = await put(s2, 'manual.pdf', bytes('manual v1', PDF));
      file.photo = await put(s2, 'photo.png', PNG);
      const found = expectOk(await s2.call<Rec>(`${SUPPLIER}/findById`, { id: own }));
      expectRefusal(
        await s2.call(
          `${SUPPLIER}/saveOrUpdate`,
          { supplierId: own, versionNum: found.versionNum, attachmentIds: `${file.manual},${file.photo}` },
          { lang: 'TH' },
        ),
        403,
        'คุณไม่มีสิทธิ์ดำเนินการนี้',
      );
      await onMaster([file.manual, file.photo]);
      // … and an approved registration with an ISO 9001 certificate and its scan.
      const r = await db()
        .insertInto('srm_pos_supplier_register')
        .values({
          company_name: String(company.supplierName),
          credit_code: 'T-S2-CODE',
          contact_name: 'x',
          email: 's2@example.com',
          status: 'APPROVED',
          supplier_id: own,
        })
        .returning('register_id')
        .executeTakeFirstOrThrow();
      registerId = Number(r.register_id);
      file.isoOld = await put(s2, 'iso9001-2024.pdf', bytes('iso old', PDF));
      await t.app.ctx.modules
        .api<FilesApi>('files')
        .claimUploads(t.app.ctx.db, s2.session!.userId, { functionId: 'srmPosSupplierRegister', businessId: registerId }, [file.isoOld]);
      const c = await db()
        .insertInto('srm_pos_supplier_register_cert')
        .values({
          register_id: registerId,
          line_number: 1,
          cert_name: 'ISO 9001',
          cert_number: 'Q-1',
          expiry_date: dayPlus(40),
          attachment_ids: String(file.isoOld),
        })
        .returning('register_cert_id')
        .executeTakeFirstOrThrow();
      certId = Number(c.register_cert_id);
    });
    afterAll(async () => t?.stop());

    it("another supplier's file, someone else's upload and an expired certificate are refused", async () => {
      const foreign = await put(s1, 'other.pdf', PDF);
      // Named in a line, supplier01's file is refused when the change is saved …
      expectRefusal(
        await s2.call(`${CHANGE}/saveOrUpdate`, { fileChanges: [{ changeKind: 'REMOVED', oldFileIds: String(foreign) }] }, { lang: 'EN' }),
        200,
        "Attachment change line 1: the file to remove or replace is not among your company's files",
      );
      // … and a file of its own master that left the master before the submission, when it is submitted.
      const ch = expectOk(await s2.call<Rec>(`${CHANGE}/saveOrUpdate`, { fileChanges: [{ changeKind: 'REMOVED', oldFileIds: String(file.photo) }] }));
      await db()
        .updateTable('srm_pos_supplier_info')
        .set({ attachment_ids: String(file.manual) })
        .where('supplier_id', '=', own)
        .execute();
      expectRefusal(
        await s2.call(`${CHANGE}/doSubmit`, { id: ch.changeId }, { lang: 'EN' }),
        200,
        "Attachment change line 1: the file to remove or replace is not among your company's files",
      );
      await db()
        .updateTable('srm_pos_supplier_info')
        .set({ attachment_ids: `${file.manual},${file.photo}` })
        .where('supplier_id', '=', own)
        .execute();
      const same = expectOk(await s2.call<Rec>(`${CHANGE}/findById`, { id: ch.changeId }));
      expectOk(await s2.call(`${CHANGE}/saveOrUpdate`, { ...same, fileChanges: [{ changeKind: 'ADDED', newFileIds: String(foreign) }] }));
      expectRefusal(await s2.call(`${CHANGE}/doSubmit`, { id: ch.changeId }, { lang: 'TH' }), 200, 'การเปลี่ยนไฟล์แนบบรรทัด 1: ใช้ได้เฉพาะไฟล์ที่อัปโหลดสำหรับคำขอนี้');
      // supplier01's upload stayed its own; supplier02 cannot download it.
      expect(await opens(s2, foreign)).toBe(false);
      const again = expectOk(await s2.call<Rec>(`${CHANGE}/findById`, { id: ch.changeId }));
      const scan = await put(s2, 'iso-expired.pdf', PDF);
      expectOk(
        await s2.call(`${CHANGE}/saveOrUpdate`, {
          ...again,
          fileChanges: [{ changeKind: 'REPLACED', certName: 'ISO 9001', newFileIds: String(scan), newExpiryDate: dayPlus(-1) }],
        }),
      );
      expectRefusal(await s2.call(`${CHANGE}/doSubmit`, { id: ch.changeId }, { lang: 'EN' }), 200, `Certificate “ISO 9001” expired on ${dayPlus(-1)}`);
      expectOk(await s2.call(`${CHANGE}/delete`, { id: ch.changeId }));
    });

    it("the portal's picker offers only the caller's own master files; a line naming another supplier's file is not saved", async () => {
      const offered = async (c: SignedClient, body: Rec = {}) => expectOk(await c.call<Rec[]>(`${CHANGE}/listMasterFiles`, body));
      const mine = await offered(s2);
      expect(mine.map((f) => [f.id, f.originalFileName, f.fileSize])).toEqual([
        [file.manual, 'manual.pdf', PDF.length + 'manual v1'.length],
        [file.photo, 'photo.png', PNG.length],
      ]);
      expect(mine.every((f) => /^\d{4}-\d{2}-\d{2}/.test(String(f.creationDate)))).toBe(true);
      // Asking for supplier01's master by id changes nothing: the supplier is the session's.
      const theirs = expectOk(await s1.call<Rec[]>(`${SUPPLIER}/listByPage`, { params: {}, pageRows: 5 }))[0];
      expect((await offered(s2, { supplierId: theirs.supplierId, id: theirs.supplierId })).map((f) => f.id)).toEqual([file.manual, file.photo]);
      // supplier01 is offered none of supplier02's files; an internal user is refused.
      const s1Ids = (await offered(s1)).map((f) => Number(f.id));
      expect(s1Ids.filter((id) => id === file.manual || id === file.photo)).toEqual([]);
      expectRefusal(
        await buyer.call(`${CHANGE}/listMasterFiles`, {}, { lang: 'EN' }),
        200,
        'Only the supplier itself asks for a change of its information, in the supplier portal',
      );
      // supplier01 names supplier02's file in a line: refused at save, in its language, and no change is kept.
      const count = async () =>
        Number(
          (
            await db()
              .selectFrom('srm_pos_supplier_change')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('supplier_id', '=', Number(theirs.supplierId))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      expectRefusal(
        await s1.call(`${CHANGE}/saveOrUpdate`, { fileChanges: [{ changeKind: 'REMOVED', oldFileIds: String(file.photo) }] }, { lang: 'TH' }),
        200,
        'การเปลี่ยนไฟล์แนบบรรทัด 1: ไฟล์ที่จะลบหรือแทนที่ไม่อยู่ในไฟล์ของบริษัทคุณ',
      );
      expect(await count()).toBe(before);
      // supplier02's own picks are saved with their names and sizes, before any submission.
      const ch = expectOk(
        await s2.call<Rec>(`${CHANGE}/saveOrUpdate`, {
          fileChanges: [
            { changeKind: 'REMOVED', oldFileIds: String(file.photo) },
            { changeKind: 'REPLACED', oldFileIds: String(file.manual) },
          ],
        }),
      );
      const saved = expectOk(await s2.call<Rec>(`${CHANGE}/findById`, { id: ch.changeId }));
      expect((saved.fileChanges as Rec[]).map((l) => [l.oldFileIds, l.oldFiles])).toEqual([
        [String(file.photo), `photo.png (${PNG.length} B)`],
        [String(file.manual), `manual.pdf (${PDF.length + 'manual v1'.length} B)`],
      ]);
      // Picking another supplier's file into the saved change is refused too, and the change keeps its lines.
      expectRefusal(
        await s2.call(`${CHANGE}/saveOrUpdate`, { ...saved, fileChanges: [{ changeKind: 'REMOVED', oldFileIds: String(s1Ids[0] ?? 999999) }] }, { lang: 'EN' }),
        200,
        "Attachment change line 1: the file to remove or replace is not among your company's files",
      );
      const kept = expectOk(await s2.call<Rec>(`${CHANGE}/findById`, { id: ch.changeId }));
      expect((kept.fileChanges as Rec[]).map((l) => l.oldFileIds)).toEqual([String(file.photo), String(file.manual)]);
      expectOk(await s2.call(`${CHANGE}/delete`, { id: ch.changeId }));
    });

    it('buyer01 sees added, removed and replaced files; a rejection leaves the master alone; the approval applies them', async () => {
      file.extra = await put(s2, 'extra.pdf', bytes('extra', PDF));
      file.manual2 = await put(s2, 'manual.pdf', bytes('manual v2 longer', PDF));
      file.isoNew = await put(s2, 'iso9001-2026.pdf', bytes('iso new', PDF));
      file.rohs = await put(s2, 'rohs.pdf', bytes('rohs', PDF));
      const ch = expectOk(
        await s2.call<Rec>(`${CHANGE}/saveOrUpdate`, {
          contactName: '新联系人',
          fileChanges: [
            { changeKind: 'ADDED', newFileIds: String(file.extra) },
            { changeKind: 'REMOVED', oldFileIds: String(file.photo) },
            { changeKind: 'REPLACED', newFileIds: String(file.manual2) },
            { changeKind: 'REPLACED', certName: 'iso 9001', newFileIds: String(file.isoNew), newExpiryDate: dayPlus(400) },
            { changeKind: 'ADDED', certName: 'RoHS', certNumber: 'R-7', newFileIds: String(file.rohs), newExpiryDate: dayPlus(300) },
          ],
        }),
      );
      expectOk(await s2.call(`${CHANGE}/doSubmit`, { id: ch.changeId }));
      // A second change cannot be submitted while this one waits.
      const next = expectOk(await s2.call<Rec>(`${CHANGE}/saveOrUpdate`, { fileChanges: [{ changeKind: 'REMOVED', oldFileIds: String(file.manual) }] }));
      expectRefusal(await s2.call(`${CHANGE}/doSubmit`, { id: next.changeId }, { lang: 'EN' }), 200, /^A change is already waiting for review \(CR-/);
      expectOk(await s2.call(`${CHANGE}/delete`, { id: next.changeId }));

      const seen = expectOk(await buyer.call<Rec>(`${CHANGE}/findById`, { id: ch.changeId }));
      expect((seen.differences as Rec[]).map((d) => d.fieldName)).toEqual(['contactName']);
      const lines = (seen.fileChanges as Rec[]).map((l) => [
        l.changeKind,
        l.certName ?? null,
        l.oldFiles ?? null,
        l.newFiles ?? null,
        l.oldExpiryDate ?? null,
        l.newExpiryDate ?? null,
      ]);
      expect(lines).toEqual([
        ['ADDED', null, null, 'extra.pdf (314 B)', null, null],
        ['REMOVED', null, 'photo.png (208 B)', null, null, null],
        ['REPLACED', null, 'manual.pdf (318 B)', 'manual.pdf (325 B)', null, null],
        ['REPLACED', 'ISO 9001', 'iso9001-2024.pdf (316 B)', 'iso9001-2026.pdf (316 B)', dayPlus(40), dayPlus(400)],
        ['ADDED', 'RoHS', null, 'rohs.pdf (313 B)', null, dayPlus(300)],
      ]);
      // The reviewer opens every file, old and new.
      for (const id of [file.extra, file.photo, file.manual, file.manual2, file.isoOld, file.isoNew, file.rohs]) expect(await opens(buyer, id)).toBe(true);
      // supplier01 reaches none of them.
      expect(await opens(s1, file.extra)).toBe(false);
      expect((await s1.call(`${CHANGE}/findById`, { id: ch.changeId })).status).toBe('E');

      expectOk(await buyer.call(`${CHANGE}/doReject`, { id: ch.changeId, reason: 'scan unreadable' }));
      expect(await masterFiles()).toBe(`${file.manual},${file.photo}`);
      expect(await cert('ISO 9001')).toMatchObject({ attachment_ids: String(file.isoOld) });
      expect(String((await cert('ISO 9001'))!.expiry_date).slice(0, 10)).toBe(dayPlus(40));
      expect(await cert('RoHS')).toBeUndefined();

      // Submitted again and approved: the master holds the new files, the change keeps the old ones.
      expectOk(await s2.call(`${CHANGE}/doSubmit`, { id: ch.changeId }));
      expectOk(await buyer.call(`${CHANGE}/doApproval`, { id: ch.changeId }));
      expect(await masterFiles()).toBe(`${file.extra},${file.manual2}`);
      const iso = (await cert('ISO 9001'))!;
      expect([Number(iso.register_cert_id), iso.attachment_ids, String(iso.expiry_date).slice(0, 10)]).toEqual([certId, String(file.isoNew), dayPlus(400)]);
      expect(await cert('RoHS')).toMatchObject({ cert_number: 'R-7', attachment_ids: String(file.rohs) });
      const files = t.app.ctx.modules.api<FilesApi>('files');
      const owner = async (id: number) => (await files.filesOfRecord(t.app.ctx.db, 'srmPosSupplierChange', Number(ch.changeId), [id])).length;
      expect(await Promise.all([file.photo, file.manual, file.isoOld].map(owner))).toEqual([1, 1, 1]);
      expect((await files.filesOfRecord(t.app.ctx.db, 'srmPosSupplierInfo', own, [file.extra, file.manual2])).length).toBe(2);
      expect((await files.filesOfRecord(t.app.ctx.db, 'srmPosSupplierRegister', registerId, [file.isoNew, file.rohs])).length).toBe(2);
      // supplier02 downloads its company's new file; the buyer still opens the replaced one through the change.
      expect(await opens(s2, file.manual2)).toBe(true);
      expect(await opens(buyer, file.isoOld)).toBe(true);
      // Once applied, the files are the master's and the certificate's: supplier02 uploaded them, but it may
      // neither delete nor replace them (only a next approved change does), nor attach anything there itself.
      for (const [id, lang, msg] of [
        [file.manual2, 'EN', 'You are not permitted to do this'],
        [file.isoNew, 'TH', 'คุณไม่มีสิทธิ์ดำเนินการนี้'],
        [file.rohs, 'CN', '没有权限执行此操作'],
      ] as const)
        expectRefusal(await s2.call('fileServer/v2/file/delete', { id }, { lang }), 403, msg);
      expectRefusal(
        await upload(s2, [{ name: 'sneak.pdf', data: PDF }], { functionId: 'srmPosSupplierInfo', businessId: own }),
        403,
        'You are not permitted to do this',
      );
      expectRefusal(
        await upload(s2, [{ name: 'sneak.pdf', data: PDF }], { functionId: 'srmPosSupplierRegister', businessId: registerId }),
        403,
        'You are not permitted to do this',
      );
      expect(await masterFiles()).toBe(`${file.extra},${file.manual2}`);
      expect((await files.filesOfRecord(t.app.ctx.db, 'srmPosSupplierInfo', own, [file.extra, file.manual2])).length).toBe(2);
      expect((await files.filesOfRecord(t.app.ctx.db, 'srmPosSupplierRegister', registerId, [file.isoNew, file.rohs])).length).toBe(2);
    });

    it('an approval after the master moved is refused and moves nothing', async () => {
      const a = await put(s2, 'late.pdf', PDF);
      const ch = expectOk(
        await s2.call<Rec>(`${CHANGE}/saveOrUpdate`, {
          fileChanges: [
            { changeKind: 'ADDED', newFileIds: String(a) },
            { changeKind: 'REMOVED', oldFileIds: String(file.extra) },
          ],
        }),
      );
      expectOk(await s2.call(`${CHANGE}/doSubmit`, { id: ch.changeId }));
      await db()
        .updateTable('srm_pos_supplier_info')
        .set({ attachment_ids: String(file.manual2) })
        .where('supplier_id', '=', own)
        .execute();
      expectRefusal(
        await buyer.call(`${CHANGE}/doApproval`, { id: ch.changeId }, { lang: 'EN' }),
        200,
        "The supplier's information changed after this was submitted; the supplier must submit the change again",
      );
      expect(await masterFiles()).toBe(String(file.manual2));
      expect((await t.app.ctx.modules.api<FilesApi>('files').filesOfRecord(t.app.ctx.db, 'srmPosSupplierChange', Number(ch.changeId), [a])).length).toBe(1);
    });

    it('files picked on the screen (one removed, one replaced): a rejection changes nothing, the approval removes and replaces them', async () => {
      // The change left waiting by the test before is rejected; the master holds manual v2 and a leaflet.
      const waiting = await db()
        .selectFrom('srm_pos_supplier_change')
        .select('change_id')
        .where('supplier_id', '=', own)
        .where('status', '=', 'SUBMITTED')
        .execute();
      for (const w of waiting) expectOk(await buyer.call(`${CHANGE}/doReject`, { id: Number(w.change_id), reason: 'redo' }));
      file.leaflet = await put(s2, 'leaflet.pdf', bytes('leaflet', PDF));
      await onMaster([file.manual2, file.leaflet]);
      expect(expectOk(await s2.call<Rec[]>(`${CHANGE}/listMasterFiles`, {})).map((f) => f.id)).toEqual([file.manual2, file.leaflet]);
      file.manual3 = await put(s2, 'manual-v3.pdf', bytes('manual v3', PDF));
      const ch = expectOk(
        await s2.call<Rec>(`${CHANGE}/saveOrUpdate`, {
          fileChanges: [
            { changeKind: 'REMOVED', oldFileIds: String(file.leaflet) },
            { changeKind: 'REPLACED', oldFileIds: String(file.manual2), newFileIds: String(file.manual3) },
          ],
        }),
      );
      expectOk(await s2.call(`${CHANGE}/doSubmit`, { id: ch.changeId }));
      const seen = expectOk(await buyer.call<Rec>(`${CHANGE}/findById`, { id: ch.changeId }));
      expect((seen.fileChanges as Rec[]).map((l) => [l.changeKind, l.oldFiles ?? null, l.newFiles ?? null])).toEqual([
        ['REMOVED', `leaflet.pdf (${PDF.length + 'leaflet'.length} B)`, null],
        ['REPLACED', `manual.pdf (${PDF.length + 'manual v2 longer'.length} B)`, `manual-v3.pdf (${PDF.length + 'manual v3'.length} B)`],
      ]);
      expectOk(await buyer.call(`${CHANGE}/doReject`, { id: ch.changeId, reason: 'wrong version' }));
      expect(await masterFiles()).toBe(`${file.manual2},${file.leaflet}`);
      expectOk(await s2.call(`${CHANGE}/doSubmit`, { id: ch.changeId }));
      expectOk(await buyer.call(`${CHANGE}/doApproval`, { id: ch.changeId }));
      expect(await masterFiles()).toBe(String(file.manual3));
      expect(expectOk(await s2.call<Rec[]>(`${CHANGE}/listMasterFiles`, {})).map((f) => f.originalFileName)).toEqual(['manual-v3.pdf']);
      const files = t.app.ctx.modules.api<FilesApi>('files');
      expect((await files.filesOfRecord(t.app.ctx.db, 'srmPosSupplierChange', Number(ch.changeId), [file.leaflet, file.manual2])).length).toBe(2);
    });
  });
}
