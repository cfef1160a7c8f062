// Action type downloadFile: saves the stored file a row names in `fileId` (a finished background
// export, an import's error report) through the ordinary file download, with the user's own access.
import type { ActionDef } from '../registry/types.js';
import { saveBlob } from '../attachments/api.js';
import { EXCEL_ENDPOINTS } from './api.js';

export const downloadFileAction: ActionDef = {
  async run(ctx) {
    const id = ctx.record?.fileId;
    if ((typeof id !== 'number' && typeof id !== 'string') || !ctx.env.download) return;
    const file = await ctx.env.download(`${EXCEL_ENDPOINTS.download}?id=${encodeURIComponent(String(id))}`);
    saveBlob(file.blob, file.fileName ?? String(ctx.record?.fileName ?? 'download'));
  },
};
