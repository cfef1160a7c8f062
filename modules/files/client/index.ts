// The file service's endpoints (docs/files.md), provided to the runtime's attachments (widget, upload
// cell, previews, downloads): service slot `attachments`.
import { defineClientModule } from '../../../runtime/registry/clientModule';

const FILE = 'fileServer/v2/file';
const LARGE = 'largeFileServer/v1/largeFile';

export default defineClientModule({
  name: 'files',
  services: {
    attachments: {
      upload: `${FILE}/upload`,
      limits: `${FILE}/limits`,
      imageUpload: 'fileServer/v2/images/upload',
      list: 'fileServer/v1/baseFileRestful/listBaseFile',
      download: `${FILE}/download`,
      getFileUrl: `${FILE}/getFileUrl`,
      batchDelete: `${FILE}/batchDelete`,
      largeInit: `${LARGE}/init`,
      largeUpload: `${LARGE}/upload`,
      largeComplete: `${LARGE}/complete`,
      largeDownload: `${LARGE}/download`,
      preview: `${FILE}/preview`,
    },
  },
});
