// Attachment by attachment: the file lines of a supplier's change request (srmPosSupplierChangeFile). The
// supplier writes each line's intent — ADDED, REMOVED or REPLACED; a certificate (certName: its type, as on
// the registration) or a plain attachment of the master — with the files it uploads in the line (newFileIds)
// and, for a plain attachment it removes or replaces, the master's file (oldFileIds). Submitting checks every
// line against the supplier's own master and fills what the buyer reviews (names and sizes, the current
// expiry date); approval applies them; rejection touches nothing. Files are the files module's: reached only
// through its api (filesOfRecord, claimUploads, moveFiles), never its table.
import type { AppContext } from '../../../../server/context.js';
import type { Db } from '../../../../server/db/connect.js';
import { typed } from '../../../../server/db/typed.js';
import { refuse } from '../../../../server/errors.js';
import type { Attachment, FilesApi, RecordRef } from '../../../files/api.js';
import type { SupplierTables } from '../../generated/tables.js';

const CHANGE = 'srmPosSupplierChange';
const MASTER = 'srmPosSupplierInfo';
const REGISTRATION = 'srmPosSupplierRegister';

/** The file ids of a comma-separated id column (attachment_ids, new/old file ids); anything else dropped. */
export const ids = (raw: unknown): number[] =>
  String(raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d{1,15}$/.test(s))
    .map(Number);
const idList = (list: number[]) => (list.length ? list.join(',') : null);
/** A date column as yyyy-MM-dd (a driver may hand a Date or text), or null. */
export const day = (v: unknown) => (v === null || v === undefined || v === '' ? null : (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10));
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** "scan.pdf (12.3 KB)", one per file: what the reviewer reads beside the preview. */
export function describeFiles(files: Attachment[]): string | null {
  if (!files.length) return null;
  const size = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} B`);
  return files
    .map((f) => `${f.fileName} (${size(f.fileSize)})`)
    .join('; ')
    .slice(0, 1000);
}

const filesApi = (app: AppContext) => app.modules.api<FilesApi>('files');

/** The supplier's approved registration: where its certificates (and their scans) are kept. */
export async function registrationOf(db: Db, supplierId: number) {
  return typed<SupplierTables>(db)
    .selectFrom('srm_pos_supplier_register')
    .select('register_id')
    .where('supplier_id', '=', supplierId)
    .where('status', '=', 'APPROVED')
    .orderBy('register_id', 'desc')
    .executeTakeFirst();
}

async function certificates(db: Db, registerId: number | undefined) {
  if (registerId === undefined) return [];
  return typed<SupplierTables>(db).selectFrom('srm_pos_supplier_register_cert').selectAll().where('register_id', '=', registerId).execute();
}

async function fileLines(db: Db, changeId: number) {
  return typed<SupplierTables>(db).selectFrom('srm_pos_supplier_change_file').selectAll().where('change_id', '=', changeId).orderBy('line_number').execute();
}

export async function hasFileLines(db: Db, changeId: number): Promise<boolean> {
  return (await fileLines(db, changeId)).length > 0;
}

/**
 * At submission: every line checked against the caller's own master (anything else refused, so no other
 * supplier's file is reached), its new files bound to the change, and what the reviewer sees filled in.
 */
export async function prepareFileLines(app: AppContext, db: Db, changeId: number, supplierId: number, userId: number, today: string): Promise<void> {
  const files = filesApi(app);
  const t = typed<SupplierTables>(db);
  const change: RecordRef = { functionId: CHANGE, businessId: changeId };
  const master = await t.selectFrom('srm_pos_supplier_info').select('attachment_ids').where('supplier_id', '=', supplierId).executeTakeFirstOrThrow();
  const masterIds = ids(master.attachment_ids);
  const registration = await registrationOf(db, supplierId);
  const certs = await certificates(db, registration ? Number(registration.register_id) : undefined);
  const touched = new Set<string>();
  for (const [i, line] of (await fileLines(db, changeId)).entries()) {
    const n = i + 1; // as the reviewer counts the grid's rows
    const kind = line.change_kind;
    if (kind !== 'ADDED' && kind !== 'REMOVED' && kind !== 'REPLACED') throw refuse('change.fileKind', { line: n });
    // New files: the supplier's uploads in this line (bound to the change now) or already the change's.
    const asked = ids(line.new_file_ids);
    await files.claimUploads(db, userId, change, asked);
    const fresh = await files.filesOfRecord(db, CHANGE, changeId, asked);
    if (fresh.length !== asked.length) throw refuse('change.fileNotYours', { line: n });
    if (kind === 'REMOVED' && fresh.length) throw refuse('change.fileRemoveHasNew', { line: n });
    if (kind !== 'REMOVED' && !fresh.length && !(line.cert_name && kind === 'REPLACED' && line.new_expiry_date))
      throw refuse('change.fileNewRequired', { line: n });
    const newExpiry = day(line.new_expiry_date);
    if (newExpiry && newExpiry < today) throw refuse('register.certExpired', { cert: line.cert_name ?? '', date: newExpiry });
    let old: Attachment[] = [];
    let certId: number | null = null;
    let oldExpiry: string | null = null;
    let certName = (line.cert_name ?? '').trim();
    if (certName) {
      const cert = certs.find((c) => same(c.cert_name, certName));
      certName = cert?.cert_name ?? certName; // as the master spells it
      if (kind === 'ADDED') {
        if (cert) throw refuse('change.certExists', { cert: certName });
        if (!registration) throw refuse('change.noCertificates');
        if (!newExpiry) throw refuse('change.certExpiryRequired', { cert: certName });
      } else {
        if (!cert) throw refuse('change.certUnknown', { cert: certName });
        certId = Number(cert.register_cert_id);
        oldExpiry = day(cert.expiry_date);
        old = await files.filesOfRecord(db, REGISTRATION, Number(registration!.register_id), ids(cert.attachment_ids));
      }
      if (touched.has(`c:${certName.toLowerCase()}`)) throw refuse('change.fileTwice', { line: n });
      touched.add(`c:${certName.toLowerCase()}`);
    } else if (kind !== 'ADDED') {
      // A plain attachment: the master's file named, or (replacing) the master's file of the new one's name.
      let oldIds = ids(line.old_file_ids);
      if (!oldIds.length && kind === 'REPLACED') {
        const named = (await files.filesOfRecord(db, MASTER, supplierId, masterIds)).filter((f) => fresh.some((x) => same(x.fileName, f.fileName)));
        oldIds = named.map((f) => f.id);
      }
      old = await files.filesOfRecord(
        db,
        MASTER,
        supplierId,
        oldIds.filter((id) => masterIds.includes(id)),
      );
      if (!old.length || old.length !== oldIds.length) throw refuse('change.fileNotOnMaster', { line: n });
      for (const f of old) {
        if (touched.has(`f:${f.id}`)) throw refuse('change.fileTwice', { line: n });
        touched.add(`f:${f.id}`);
      }
    }
    await t
      .updateTable('srm_pos_supplier_change_file')
      .set({
        cert_name: certName || null,
        cert_id: certId,
        old_expiry_date: oldExpiry,
        new_expiry_date: certName ? newExpiry : null,
        cert_number: certName ? line.cert_number : null,
        old_file_ids: idList(old.map((f) => f.id)),
        old_files: describeFiles(old),
        new_file_ids: idList(fresh.map((f) => f.id)),
        new_files: describeFiles(fresh),
      })
      .where('change_file_id', '=', line.change_file_id)
      .execute();
  }
}

/**
 * At approval: what the buyer saw is applied to the master — new files move from the change to the supplier
 * (plain attachments) or its registration (certificates); the files they replace or remove move to the change,
 * which keeps them as its history. Refused when the master no longer holds what the line says it replaces.
 */
export async function applyFileLines(app: AppContext, db: Db, changeId: number, supplierId: number, userId: number): Promise<void> {
  const lines = await fileLines(db, changeId);
  if (!lines.length) return;
  const files = filesApi(app);
  const t = typed<SupplierTables>(db);
  const change: RecordRef = { functionId: CHANGE, businessId: changeId };
  const masterRef: RecordRef = { functionId: MASTER, businessId: supplierId };
  const master = await t.selectFrom('srm_pos_supplier_info').select('attachment_ids').where('supplier_id', '=', supplierId).executeTakeFirstOrThrow();
  let masterIds = ids(master.attachment_ids);
  const registration = await registrationOf(db, supplierId);
  const regRef: RecordRef | null = registration ? { functionId: REGISTRATION, businessId: Number(registration.register_id) } : null;
  const certs = await certificates(db, registration ? Number(registration.register_id) : undefined);
  const moved = (list: Attachment[], want: number[]) => list.length === want.length;
  for (const line of lines) {
    const oldIds = ids(line.old_file_ids);
    const newIds = ids(line.new_file_ids);
    if (!line.cert_name) {
      if (oldIds.some((id) => !masterIds.includes(id))) throw refuse('change.masterChanged');
      if (!moved(await files.moveFiles(db, masterRef, change, oldIds, userId), oldIds)) throw refuse('change.masterChanged');
      if (!moved(await files.moveFiles(db, change, masterRef, newIds, userId), newIds)) throw refuse('change.masterChanged');
      masterIds = [...masterIds.filter((id) => !oldIds.includes(id)), ...newIds];
      continue;
    }
    if (!regRef) throw refuse('change.noCertificates');
    const cert = certs.find((c) => same(c.cert_name, line.cert_name ?? ''));
    if (line.change_kind === 'ADDED') {
      if (cert) throw refuse('change.masterChanged');
      if (!moved(await files.moveFiles(db, change, regRef, newIds, userId), newIds)) throw refuse('change.masterChanged');
      const next = await t
        .selectFrom('srm_pos_supplier_register_cert')
        .select((eb) => eb.fn.max('line_number').as('n'))
        .where('register_id', '=', regRef.businessId)
        .executeTakeFirst();
      await t
        .insertInto('srm_pos_supplier_register_cert')
        .values({
          register_id: regRef.businessId,
          line_number: Number(next?.n ?? 0) + 1,
          cert_name: line.cert_name,
          cert_number: line.cert_number,
          expiry_date: day(line.new_expiry_date)!,
          attachment_ids: idList(newIds),
          created_by: userId,
          last_updated_by: userId,
        })
        .execute();
      continue;
    }
    // The certificate must still be the one the buyer saw: same line, same expiry, same files.
    if (!cert || Number(cert.register_cert_id) !== Number(line.cert_id) || day(cert.expiry_date) !== day(line.old_expiry_date))
      throw refuse('change.masterChanged');
    const certIds = ids(cert.attachment_ids);
    if (oldIds.some((id) => !certIds.includes(id))) throw refuse('change.masterChanged');
    if (line.change_kind === 'REMOVED') {
      await files.moveFiles(db, regRef, change, certIds, userId);
      await t.deleteFrom('srm_pos_supplier_register_cert').where('register_cert_id', '=', cert.register_cert_id).execute();
      continue;
    }
    // REPLACED: a new scan replaces the old ones; a new expiry date (or number) replaces the old one.
    let kept = certIds;
    if (newIds.length) {
      await files.moveFiles(db, regRef, change, certIds, userId);
      if (!moved(await files.moveFiles(db, change, regRef, newIds, userId), newIds)) throw refuse('change.masterChanged');
      kept = newIds;
    }
    await t
      .updateTable('srm_pos_supplier_register_cert')
      .set({
        expiry_date: day(line.new_expiry_date) ?? day(cert.expiry_date)!,
        cert_number: line.cert_number || cert.cert_number,
        attachment_ids: idList(kept),
        last_updated_by: userId,
      })
      .where('register_cert_id', '=', cert.register_cert_id)
      .execute();
  }
  await t
    .updateTable('srm_pos_supplier_info')
    .set({ attachment_ids: idList(masterIds) })
    .where('supplier_id', '=', supplierId)
    .execute();
}
