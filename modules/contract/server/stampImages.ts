// The image the built-in provider stamps for a signature: the signer's own active account's image, else (a
// supplier's signature) its supplier's active account's image; none: the drawn red seal (pdf.ts). PNG and
// JPEG are embedded as they are (another type, or an image too large, falls back to the drawn seal).
import type { PDFDocument, PDFImage } from 'pdf-lib';
import type { AppContext } from '../../../server/context.js';
import type { Db } from '../../../server/db/connect.js';
import type { SealImage } from '../api.js';
import type { FilesApi } from '../../files/api.js';
import { con } from './store.js';

const MAX_BYTES = 2 * 1024 * 1024;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

async function accountImage(app: AppContext, db: Db, accountId: number, fileIds: string | null): Promise<SealImage | null> {
  const ids = (fileIds ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  if (!ids.length || !app.modules.hasApi('files')) return null;
  const files = await app.modules.api<FilesApi>('files').bytesOfRecordFiles(db, 'esignAccount', accountId, ids, MAX_BYTES);
  for (const { bytes } of files) {
    if (bytes.subarray(0, 4).equals(PNG)) return { bytes, format: 'png' };
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return { bytes, format: 'jpg' };
  }
  return null;
}

/** The image bytes of a signer's seal (ContractApi.sealImage): user `signerId`'s own active account's, else
 *  supplier `supplierId`'s active account's; null when neither has a PNG or JPEG. */
export async function sealImageOf(app: AppContext, db: Db, signerId: number | null, supplierId: number | null): Promise<SealImage | null> {
  const active = con(db).selectFrom('esign_account').select(['account_id', 'signature_image']).where('status', '=', 'ACTIVE');
  const mine = signerId === null ? undefined : await active.where('owner_type', '=', 'USER').where('user_id', '=', signerId).executeTakeFirst();
  const image = mine ? await accountImage(app, db, mine.account_id, mine.signature_image) : null;
  if (image || supplierId === null) return image;
  const company = await active.where('owner_type', '=', 'SUPPLIER').where('supplier_id', '=', supplierId).executeTakeFirst();
  return company ? accountImage(app, db, company.account_id, company.signature_image) : null;
}

/** The stamp image of a signer (user `signerId`, for supplier `supplierId` when it signed for a supplier). */
export async function stampImageOf(app: AppContext, pdf: PDFDocument, signerId: number | null, supplierId: number | null): Promise<PDFImage | null> {
  const seal = await sealImageOf(app, app.db, signerId, supplierId);
  if (!seal) return null;
  return seal.format === 'png' ? pdf.embedPng(seal.bytes) : pdf.embedJpg(seal.bytes);
}
