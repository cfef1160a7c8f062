// What other modules may use of files (types only; reached through app.modules.api('files')).
import type { Db } from '../../server/db/connect.js';
import type { FileRow, NewFile } from './server/repo.js';

export type { FileRow, NewFile };

export interface FilesApi {
  /** Serialises writers of one stored object (call inside the transaction that records it). */
  lockStorageKey(db: Db, storageKey: string): Promise<void>;
  /** Records a file already stored under `storageKey` (a generated export, an import's error file). */
  insertFile(db: Db, file: NewFile, userId: number): Promise<FileRow>;
}
