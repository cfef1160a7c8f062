// Edit-page addon on the supplier's own company screen (supplier/myCompanyEdit): its certificates, read-only —
// type, number, expiry date, the days left (or how long ago it expired) and the scans for preview and download.
// They are its approved registration's lines (server/changes/myCertificates.ts); a renewal, a new certificate or
// a removal goes through a change request (the hint above, 申请信息变更), whose certificate line offers these
// types to choose from.
import { useEffect, useState } from 'react';
import { Card, Table, Tag } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import { familyPath } from '../../../runtime/data/dataProvider';
import { AttachmentWidget } from '../../../runtime/attachments/AttachmentWidget';
import type { EditAddonProps } from '../../../runtime/registry/types';

const PAGES = ['supplier/myCompanyEdit'];
/** The warning window of the certificate check (SUPPLIER_CERT_EXPIRY's default daysAhead). */
const SOON_DAYS = 30;

interface Certificate {
  certId: number;
  certName: string;
  certNumber: string | null;
  expiryDate: string | null;
  daysLeft: number | null;
  expired: boolean;
  files: { id: number }[];
}

export function CertificatesPanel({ page, entity, record }: EditAddonProps) {
  const env = useRuntimeEnv();
  const shown = PAGES.includes(page.name) && record !== null;
  const [certs, setCerts] = useState<Certificate[] | null>(null);
  useEffect(() => {
    if (!shown) return undefined;
    let live = true;
    env
      .api<Certificate[]>(familyPath(entity, 'listMyCertificates'), {})
      .then((a) => live && setCerts(Array.isArray(a.data) ? a.data : []))
      .catch((e: unknown) => {
        if (!live) return;
        setCerts([]);
        env.notify('error', e instanceof Error && e.message ? e.message : env.t('messages.loadFailed'));
      });
    return () => {
      live = false;
    };
  }, [env, entity, shown]);
  if (!shown) return null;
  const t = env.t;
  const state = (c: Certificate) => {
    if (c.daysLeft === null) return <span>-</span>;
    if (c.expired) return <Tag color="red">{t('supplierCerts.expired', { days: -c.daysLeft })}</Tag>;
    if (c.daysLeft === 0) return <Tag color="orangered">{t('supplierCerts.today')}</Tag>;
    return <Tag color={c.daysLeft <= SOON_DAYS ? 'orange' : 'green'}>{t('supplierCerts.left', { days: c.daysLeft })}</Tag>;
  };
  const columns = [
    { title: t('supplierCerts.certName'), dataIndex: 'certName' },
    { title: t('supplierCerts.certNumber'), dataIndex: 'certNumber', width: 200 },
    { title: t('supplierCerts.expiryDate'), dataIndex: 'expiryDate', width: 120 },
    {
      title: t('supplierCerts.status'),
      width: 150,
      render: (_: unknown, c: Certificate, i: number) => <span data-testid={`supplier-cert-state-${i}`}>{state(c)}</span>,
    },
    {
      title: t('supplierCerts.files'),
      width: 120,
      render: (_: unknown, c: Certificate, i: number) => (
        <AttachmentWidget name={`supplierCert-${i}`} value={c.files.map((f) => f.id).join(',')} onChange={() => undefined} readOnly />
      ),
    },
  ];
  return (
    <Card
      size="small"
      title={t('supplierCerts.title')}
      style={{ marginBottom: 12 }}
      data-testid="supplier-certificates"
      data-loaded={certs ? 'Y' : 'N'}
      data-count={certs?.length ?? 0}
    >
      <Table
        size="small"
        rowKey={(c: Certificate) => String(c.certId)}
        columns={columns}
        data={certs ?? []}
        loading={certs === null}
        pagination={false}
        noDataElement={<span data-testid="supplier-certificates-none">{t('supplierCerts.none')}</span>}
      />
    </Card>
  );
}
