// Files: attachments of any record, large resumable uploads, previews and downloads. The storage and
// transfer engine is the platform's (server/files); this module owns the file records, serves the
// screens' calls, and lets a saved record claim the files its attachments fields list.
import { defineModule } from '../../server/modules/types.js';
import { bytesOfRecordFiles, receiveDelegated, registerFileRoutes } from './server/routes.js';
import { claimAttachments } from './server/claim.js';
import { filesOfRecord, insertFile, lockStorageKey } from './server/repo.js';
import type { FilesApi } from './api.js';
import { orphanSweep } from './server/orphanSweep.js';
import { storeBytes } from './server/storeBytes.js';
import { claimUploads, moveFiles } from './server/rebind.js';
import { shareRead } from './server/readShares.js';
import { editorsOnly } from './server/editorsOnly.js';

export default defineModule({
  name: 'files',
  provides: { fileRecords: { claim: claimAttachments } },
  api: ({ app }): FilesApi => ({
    insertFile,
    lockStorageKey,
    filesOfRecord,
    receiveDelegated: (req, resolve, limits) => receiveDelegated(app, req, resolve, limits),
    storeBytes: (db, file, userId) => storeBytes(app, db, file, userId),
    bytesOfRecordFiles: (db, functionId, businessId, ids, maxBytes) => bytesOfRecordFiles(app, db, functionId, businessId, ids, maxBytes),
    moveFiles,
    claimUploads,
    shareRead: (functionId, share) => shareRead(app, functionId, share),
    editorsOnly: (functionId) => editorsOnly(app, functionId),
  }),
  routes: (server, { app }) => registerFileRoutes(server, app),
  programs: [orphanSweep],
});
