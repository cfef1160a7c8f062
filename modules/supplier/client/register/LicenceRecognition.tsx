// Business-licence recognition on the public registration page: the registrant uploads the licence scan (by
// the draft's link, like a certificate file), the recognition service reads it (doRecognizeLicence) and the
// fields it found are offered as suggestions. A field the registrant left empty is ticked; one it already
// typed differently is not (never overwritten without asking). "Use the ticked values" fills the form; the
// licence expiry goes on the business-licence certificate line with the scan attached.
import { Alert, Button, Checkbox, Space, Table } from '@arco-design/web-react';
import { IconScan } from '@arco-design/web-react/icon';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recognizeLicence, uploadCertificateFiles, type CertFile, type LicenceSuggestions } from './calls';

type Field = keyof LicenceSuggestions;
const FIELDS: Field[] = ['companyName', 'creditCode', 'legalRepresentative', 'address', 'licenceExpiry'];
const LABELS: Record<Field, string> = {
  companyName: 'shell.register.companyName',
  creditCode: 'shell.register.creditCode',
  legalRepresentative: 'shell.register.legalRepresentative',
  address: 'shell.register.address',
  licenceExpiry: 'shell.register.ocrLicenceExpiry',
};

export interface LicenceChoice {
  values: Partial<LicenceSuggestions>;
  scan: CertFile;
}

export function LicenceRecognition({
  token,
  current,
  onApply,
  onError,
}: {
  token?: string;
  /** The form's value of a field now (for the comparison and the default ticks). */
  current: (f: Field) => string;
  onApply: (c: LicenceChoice) => void;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<{ s: LicenceSuggestions; scan: CertFile } | null>(null);
  const [ticked, setTicked] = useState<Set<Field>>(new Set());

  const pick = async (list: FileList | null) => {
    if (!token || !list || list.length === 0) return;
    setBusy(true);
    onError(null);
    try {
      const [scan] = await uploadCertificateFiles(token, [list[0]]);
      const { suggestions } = await recognizeLicence(token, scan.id);
      setFound({ s: suggestions, scan });
      setTicked(new Set(FIELDS.filter((f) => suggestions[f] && !current(f).trim())));
    } catch (e) {
      onError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const rows = found ? FIELDS.filter((f) => found.s[f]).map((f) => ({ f, suggested: found.s[f], typed: current(f) })) : [];
  return (
    <div data-testid="register-ocr" style={{ marginBottom: 12 }}>
      <input ref={input} type="file" accept=".jpg,.jpeg,.png,.pdf" hidden data-testid="register-ocr-input" onChange={(e) => void pick(e.target.files)} />
      <Space>
        <Button icon={<IconScan />} loading={busy} disabled={!token} onClick={() => input.current?.click()} data-testid="register-ocr-upload">
          {t('shell.register.ocrButton')}
        </Button>
        <span className="srm-muted">{t(token ? 'shell.register.ocrHint' : 'shell.register.ocrAfterDraft')}</span>
      </Space>
      {found && (
        <Alert
          style={{ marginTop: 8 }}
          type="info"
          title={t('shell.register.ocrFound')}
          content={
            <div data-testid="register-ocr-suggestions">
              <Table
                size="small"
                pagination={false}
                rowKey="f"
                data={rows}
                columns={[
                  {
                    title: '',
                    width: 40,
                    render: (_: unknown, r: (typeof rows)[number]) => (
                      <Checkbox
                        data-testid={`register-ocr-tick-${r.f}`}
                        checked={ticked.has(r.f)}
                        onChange={(on: boolean) => setTicked((s) => (on ? new Set([...s, r.f]) : new Set([...s].filter((x) => x !== r.f))))}
                      />
                    ),
                  },
                  { title: t('shell.register.ocrField'), render: (_: unknown, r: (typeof rows)[number]) => t(LABELS[r.f]) },
                  { title: t('shell.register.ocrSuggested'), dataIndex: 'suggested' },
                  { title: t('shell.register.ocrTyped'), dataIndex: 'typed' },
                ]}
              />
              <Space style={{ marginTop: 8 }}>
                <Button
                  type="primary"
                  size="small"
                  data-testid="register-ocr-apply"
                  disabled={ticked.size === 0}
                  onClick={() => {
                    onApply({ values: Object.fromEntries([...ticked].map((f) => [f, found.s[f]])), scan: found.scan });
                    setFound(null);
                  }}
                >
                  {t('shell.register.ocrApply')}
                </Button>
                <Button size="small" onClick={() => setFound(null)} data-testid="register-ocr-dismiss">
                  {t('shell.register.ocrDismiss')}
                </Button>
              </Space>
            </div>
          }
        />
      )}
    </div>
  );
}
