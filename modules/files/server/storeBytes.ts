// A file a module generated itself (a signed agreement's PDF): the bytes are put in the store under their
// SHA-256 and recorded as a file of the given business record, inside the caller's transaction, so the
// record and its file commit together (an object left by a rolled-back write is swept as an orphan).
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../../../server/context.js';
import type { Db } from '../../../server/db/connect.js';
import { LocalFileStorage } from '../../../server/files/storage.js';
import { insertFile, lockStorageKey, toAttachment, type Attachment } from './repo.js';

export interface GeneratedFile {
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
  /** The record the file belongs to: whoever may read it may download the file. */
  functionId: string;
  businessId: number;
}

export async function storeBytes(app: AppContext, db: Db, file: GeneratedFile, userId: number): Promise<Attachment & { sha256: string }> {
  const storage = new LocalFileStorage(join(app.config.dataDir, 'files'));
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const staged = await storage.stagingPath();
  await writeFile(staged, file.bytes);
  await lockStorageKey(db, sha256);
  const dot = file.fileName.lastIndexOf('.');
  const row = await insertFile(
    db,
    {
      file_name: file.fileName,
      original_file_name: file.fileName,
      file_size: file.bytes.byteLength,
      suffix_name: dot > 0 ? file.fileName.slice(dot + 1).toLowerCase() : null,
      content_type: file.contentType,
      sha256,
      function_id: file.functionId,
      business_id: file.businessId,
      file_desc: null,
      path: 'generated',
      storage_key: sha256,
    },
    userId,
  );
  await storage.putStaged(sha256, staged);
  return { ...toAttachment(row), sha256 };
}
