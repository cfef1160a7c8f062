// Edit-page addon on an agreement (buyer's and supplier's pages): once signed, who signed when, the SHA-256
// the server recorded of the PDF, and the link that downloads the signed PDF (a file of the agreement: the
// files module checks that the caller may read the agreement).
import { Button, Descriptions } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../../runtime/env';
import type { EditAddonProps } from '../../../../runtime/registry/types';
import { downloadAttachment, saveBlob } from '../../../../runtime/attachments/api';

const PAGES = ['supplier/agreementEdit', 'supplier/myAgreementEdit'];

export function AgreementPdfPanel({ page, record }: EditAddonProps) {
  const env = useRuntimeEnv();
  const t = env.t;
  const fileId = Number(record?.pdfFileId ?? 0);
  if (!PAGES.includes(page.name) || !record || !record.signedAt) return null;
  const download = async () => {
    try {
      const d = await downloadAttachment(env, { id: fileId, fileSize: 0 });
      saveBlob(d.blob, d.fileName ?? `${String(record.agreementNumber ?? 'agreement')}-signed.pdf`);
    } catch (e) {
      env.notify('error', e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <div data-testid="agreement-pdf" style={{ marginBottom: 12 }}>
      <Descriptions
        size="small"
        border
        column={3}
        title={t('supplierAgr.pdf.title')}
        data={[
          { label: t('supplierAgr.pdf.signer'), value: String(record.signedBy ?? '') },
          { label: t('supplierAgr.pdf.time'), value: String(record.signedAt ?? '') },
          { label: 'SHA-256', value: <code style={{ fontSize: 11, wordBreak: 'break-all' }}>{String(record.documentSha256 ?? '—')}</code> },
        ]}
      />
      {fileId > 0 && (
        <Button type="text" data-testid="agreement-pdf-link" onClick={() => void download()} style={{ marginTop: 4, paddingLeft: 0 }}>
          {t('supplierAgr.pdf.download')}
        </Button>
      )}
    </div>
  );
}
