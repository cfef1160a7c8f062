// FILE_ORPHAN_SWEEP: uploads no business record ever claimed (business_id still empty) older than N hours
// are deleted, and their stored content when no other row uses it (same content-address lock as a delete).
import { join } from 'node:path';
import { sql } from 'kysely';
import { LocalFileStorage } from '../../../server/files/storage.js';
import type { ScheduledProgram } from '../../../server/modules/types.js';
import { lockStorageKey, storageKeyInUse } from './repo.js';
import { typed } from '../../../server/db/typed.js';
import type { FilesTables } from '../generated/tables.js';

const BATCH = 500;

export const orphanSweep: ScheduledProgram = {
  code: 'FILE_ORPHAN_SWEEP',
  names: { CN: '清理孤立文件', EN: 'Sweep orphan files', TH: 'ล้างไฟล์ที่ไม่มีเจ้าของ', VN: 'Dọn tệp mồ côi' },
  paramsSchema: {
    type: 'object',
    properties: {
      olderThanHours: {
        type: 'integer',
        minimum: 1,
        maximum: 24 * 365,
        default: 24,
        title: { CN: '上传超过（小时）', EN: 'Uploaded more than (hours) ago', TH: 'อัปโหลดมานานกว่า (ชั่วโมง)', VN: 'Tải lên quá (giờ)' },
      },
    },
    required: ['olderThanHours'],
  },
  timeoutMs: 30 * 60_000,
  retry: { limit: 1, delayMs: 5 * 60_000 },
  async run(app, params, run) {
    const hours = Number(params.olderThanHours ?? 24);
    const storage = new LocalFileStorage(join(app.config.dataDir, 'files'));
    let rows = 0;
    let objects = 0;
    for (;;) {
      run?.signal.throwIfAborted();
      const files = typed<FilesTables>(app.db);
      const batch = await files
        .deleteFrom('base_file')
        .where(
          'file_id',
          'in',
          files
            .selectFrom('base_file')
            .select('file_id')
            .where('business_id', 'is', null)
            .where('creation_date', '<', sql<string>`localtimestamp(0) - make_interval(hours => ${hours})`)
            .orderBy('file_id')
            .limit(BATCH),
        )
        .returning(['file_id', 'storage_key'])
        .execute();
      rows += batch.length;
      for (const key of new Set(batch.map((r) => r.storage_key))) {
        await app.db.transaction().execute(async (trx) => {
          await lockStorageKey(trx, key);
          if (!(await storageKeyInUse(trx, key))) {
            await storage.delete(key);
            objects++;
          }
        });
      }
      if (batch.length < BATCH) break;
    }
    run?.log(`orphan files older than ${hours} h: ${rows} deleted, ${objects} stored object(s) removed`);
  },
};
