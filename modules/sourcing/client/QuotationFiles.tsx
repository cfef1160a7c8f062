// The quotations' files on the comparison (after the deadline: the server names them only then): per
// supplier, each file with preview (images, PDF and text open in a new tab from the same bytes) and download.
import { Button, Space } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import { saveBlob } from '../../../runtime/attachments/api';
import { errorText, sourcingCalls, type Comparison, type OfferFile } from './calls';

/** What a browser shows by itself; other files are downloaded only. */
const PREVIEWABLE = /^(image\/|application\/pdf|text\/plain)/;

/** Each supplier's files once (a quotation's files come with every line it quoted). */
function filesBySupplier(cmp: Comparison): Map<number, OfferFile[]> {
  const out = new Map<number, OfferFile[]>();
  for (const line of cmp.lines) for (const o of line.offers) if (o.attachments?.length && !out.has(o.supplierId)) out.set(o.supplierId, o.attachments);
  return out;
}

export function QuotationFiles({ cmp }: { cmp: Comparison }) {
  const env = useRuntimeEnv();
  const calls = sourcingCalls(env);
  const bySupplier = filesBySupplier(cmp);
  if (!bySupplier.size) return null;
  const open = (f: OfferFile, preview: boolean) =>
    void calls.quotationFile(cmp.inquiryId, f.fileId).then(
      (r) => {
        if (!preview) return saveBlob(r.blob, f.fileName);
        const url = URL.createObjectURL(r.blob);
        window.open(url, '_blank', 'noopener');
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      },
      (e: unknown) => env.notify('error', errorText(e)),
    );
  return (
    <div style={{ marginTop: 12 }} data-testid="compare-files">
      <b>{env.t('sourcing.compare.filesTitle')}</b>
      {cmp.suppliers
        .filter((s) => bySupplier.has(s.supplierId))
        .map((s) => (
          <div key={s.supplierId} data-testid={`offer-files-${s.supplierId}`}>
            <span>{s.supplierName}: </span>
            {bySupplier.get(s.supplierId)!.map((f) => (
              <Space key={f.fileId} size={2} style={{ marginRight: 12 }}>
                <span data-testid={`offer-file-${f.fileId}`}>{f.fileName}</span>
                {PREVIEWABLE.test(f.contentType ?? '') ? (
                  <Button type="text" size="mini" onClick={() => open(f, true)} data-testid={`offer-file-preview-${f.fileId}`}>
                    {env.t('sourcing.compare.preview')}
                  </Button>
                ) : null}
                <Button type="text" size="mini" onClick={() => open(f, false)} data-testid={`offer-file-download-${f.fileId}`}>
                  {env.t('sourcing.compare.download')}
                </Button>
              </Space>
            ))}
          </div>
        ))}
    </div>
  );
}
