// The exportServer area: Excel export (streamed, paged, custom, background) and import (docs/excel.md).
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../server/context.js';
import { LocalFileStorage } from '../../../server/files/storage.js';
import { registerExportRoutes } from './exportRoutes.js';
import { registerImportRoutes } from './importRoutes.js';
import { failInterruptedJobs } from './jobs.js';

export async function registerExcelRoutes(server: FastifyInstance, app: AppContext): Promise<void> {
  // The same store as the file routes: finished exports and error reports are ordinary files.
  const storage = new LocalFileStorage(join(app.config.dataDir, 'files'));
  registerExportRoutes(server, app, storage);
  registerImportRoutes(server, app, storage);
  await failInterruptedJobs(app);
}
