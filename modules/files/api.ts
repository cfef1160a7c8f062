// What other modules may use of files (types only; reached through app.modules.api('files')).
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../server/db/connect.js';
import type { Attachment, FileRow, NewFile } from './server/repo.js';
import type { DelegatedLimits, DelegatedResolve, DelegatedTarget } from './server/routes.js';
import type { GeneratedFile } from './server/storeBytes.js';
import type { RecordRef } from './server/rebind.js';
import type { ReadShare } from './server/readShares.js';

export type { Attachment, DelegatedLimits, DelegatedResolve, DelegatedTarget, FileRow, GeneratedFile, NewFile, ReadShare, RecordRef };

export interface FilesApi {
  /** Serialises writers of one stored object (call inside the transaction that records it). */
  lockStorageKey(db: Db, storageKey: string): Promise<void>;
  /** Records a file already stored under `storageKey` (a generated export, an import's error file). */
  insertFile(db: Db, file: NewFile, userId: number): Promise<FileRow>;
  /**
   * Receives a multipart upload (parts `files`, any fields) for a record the calling module has authorised
   * its own way (a public page's link): `resolve` gets the form fields once the files are checked and
   * staged and names the record, the uploader and narrower limits (or throws to refuse; nothing is kept).
   * Same sniffing, names and limits as the upload endpoint; `limits` narrows them while the body streams. The route must accept multipart bodies.
   */
  receiveDelegated(req: FastifyRequest, resolve: DelegatedResolve, limits?: DelegatedLimits): Promise<Attachment[]>;
  /** The files among `ids` that belong to record `businessId` of `functionId`, in the order asked. */
  filesOfRecord(db: Db, functionId: string, businessId: number, ids: number[]): Promise<Attachment[]>;
  /**
   * Stores bytes a module made itself (a rendered PDF) as a file of record `businessId` of `functionId`, inside
   * the caller's transaction; answers the attachment and the SHA-256 of the bytes. Downloads follow the record's
   * read permission and row rule, like any attachment of it.
   */
  storeBytes(db: Db, file: GeneratedFile, userId: number): Promise<Attachment & { sha256: string }>;
  /** The bytes of stored files (`ids` of `functionId`'s record `businessId` only), smallest first, at most
   *  `maxBytes` each: a module printing an image its record holds (a signature account's stamp). */
  bytesOfRecordFiles(db: Db, functionId: string, businessId: number, ids: number[], maxBytes: number): Promise<{ file: Attachment; bytes: Buffer }[]>;
  /** Moves the files among `ids` that belong to record `from` onto record `to` (inside the caller's transaction);
   *  answers the moved ones. Files elsewhere are left alone: a module moves only what its record holds. */
  moveFiles(db: Db, from: RecordRef, to: RecordRef, ids: number[], userId: number): Promise<Attachment[]>;
  /** Binds to record `to` the files among `ids` that user `uploadedBy` uploaded and no record holds yet
   *  (uploads a module's line names, which the platform's claim of attachments fields does not reach). */
  claimUploads(db: Db, uploadedBy: number, to: RecordRef, ids: number[]): Promise<Attachment[]>;
  /** Lets users who may not open a record of `functionId` read (list, download, preview) its files when `share`
   *  says so for the record: a module showing a record's files elsewhere. Attach and delete are unchanged. */
  shareRead(functionId: string, share: ReadShare): void;
  /** Files of `functionId`'s records are deleted only by users who may edit the record, their uploaders no
   *  longer (a record whose files change only through the module's own decisions, such as an approval). */
  editorsOnly(functionId: string): void;
}
