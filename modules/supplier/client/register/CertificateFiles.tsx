// The files of one certificate line on the public registration page: scans of the licence or certificate
// (pdf, jpg, png), uploaded by the registration's link as soon as a draft has been saved (the link is
// what lets a visitor without an account attach files: docs/suppliers.md "Certificate files").
import { Button, Space, Tag } from '@arco-design/web-react';
import { IconUpload } from '@arco-design/web-react/icon';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadCertificateFiles, type CertFile } from './calls';

const ACCEPT = '.pdf,.jpg,.jpeg,.png';
const kb = (n: number) => `${Math.max(1, Math.round(n / 1024))} KB`;

export function CertificateFiles({
  value,
  onChange,
  token,
  index,
  onError,
}: {
  value?: CertFile[];
  onChange?: (v: CertFile[]) => void;
  token?: string;
  index: number;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const files = value ?? [];

  const pick = async (list: FileList | null) => {
    if (!token || !list || list.length === 0) return;
    setBusy(true);
    onError(null);
    try {
      const stored = await uploadCertificateFiles(token, [...list]);
      onChange?.([...files, ...stored]);
    } catch (e) {
      onError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Space wrap data-testid={`register-cert-files-${index}`}>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        data-testid={`register-cert-file-input-${index}`}
        onChange={(e) => void pick(e.target.files)}
      />
      <Button
        size="small"
        icon={<IconUpload />}
        loading={busy}
        disabled={!token}
        onClick={() => input.current?.click()}
        data-testid={`register-cert-upload-${index}`}
      >
        {t('shell.register.certAttach')}
      </Button>
      {files.map((f) => (
        <Tag key={f.id} closable onClose={() => onChange?.(files.filter((x) => x.id !== f.id))} data-testid={`register-cert-file-${index}`}>
          {f.fileName} ({kb(f.fileSize)})
        </Tag>
      ))}
    </Space>
  );
}
