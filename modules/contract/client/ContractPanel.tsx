// Edit-page addon on a contract (buyer's and supplier's): the PDF download, the e-signature box (what the
// built-in provider does, and who signed when), the steps that need a reason (the supplier's refusal, the
// buyer's change and termination: they stand in for the page's own buttons of those operations) and the
// kept versions.
import { useEffect, useState } from 'react';
import { Button, Descriptions, Input, Space, Tag } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { EditAddonProps } from '../../../runtime/registry/types';
import { BUYER_PAGE, CONTRACT, SUPPLIER_PAGE, downloadPdf, errorText, numberOf, type Version } from './contractApi';

const OPERATIONS = ['doRefuse', 'doChange', 'doTerminate', 'createFromAward'];
const CHANGEABLE = ['APPROVED', 'SENT', 'CONFIRMED', 'REFUSED', 'SIGNING', 'SIGNED'];
const TERMINABLE = ['APPROVED', 'SENT', 'CONFIRMED', 'SIGNING', 'SIGNED'];

export function ContractPanel({ page, record, reload, hideOperations }: EditAddonProps) {
  const env = useRuntimeEnv();
  const t = env.t;
  const onPage = page.name === BUYER_PAGE || page.name === SUPPLIER_PAGE;
  const buyer = page.name === BUYER_PAGE;
  const id = numberOf(record?.contractId);
  const status = String(record?.status ?? '');
  const [reason, setReason] = useState('');
  const [versions, setVersions] = useState<Version[]>([]);
  useEffect(() => hideOperations(onPage ? OPERATIONS : []), [onPage, hideOperations]);
  const versionNo = Number(record?.versionNo ?? 1);
  useEffect(() => {
    if (!onPage || id === null || versionNo < 2) return setVersions([]);
    env.api<Version[]>(`${CONTRACT}/findVersions`, { id }).then(
      (a) => setVersions(a.data ?? []),
      () => setVersions([]),
    );
  }, [env, onPage, id, versionNo]);
  if (!onPage || id === null) return null;
  const buttons = [
    { op: 'doRefuse', res: 'btnRefuse', show: !buyer && status === 'SENT', label: 'con.reason.refuse' },
    { op: 'doChange', res: 'btnChange', show: buyer && CHANGEABLE.includes(status), label: 'con.reason.change' },
    { op: 'doTerminate', res: 'btnTerminate', show: buyer && TERMINABLE.includes(status), label: 'con.reason.terminate' },
  ].filter((b) => b.show && env.can(b.res));
  const run = async (op: string) => {
    try {
      await env.api(`${CONTRACT}/${op}`, { id, reason });
      env.notify('success', t('con.done'));
      setReason('');
      await reload();
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };
  const pdf = async () => {
    try {
      await downloadPdf(env, id);
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };
  const side = (name: unknown, date: unknown) => (date ? `${String(name ?? '')} · ${String(date)}` : t('con.esign.notSigned'));
  return (
    <div data-testid="con-panel" style={{ marginBottom: 12 }}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button data-testid="con-pdf" onClick={() => void pdf()}>
          {t('con.pdf')}
        </Button>
        {buttons.length > 0 && (
          <Input style={{ width: 320 }} placeholder={t('con.reason.placeholder')} value={reason} onChange={setReason} data-testid="con-reason-input" />
        )}
        {buttons.map((b) => (
          <Button key={b.op} status={b.op === 'doChange' ? 'warning' : 'danger'} data-testid={`con-${b.op}`} onClick={() => void run(b.op)}>
            {t(b.label)}
          </Button>
        ))}
      </Space>
      <div data-testid="con-esign">
        <Descriptions
          size="small"
          border
          column={3}
          title={t('con.esign.title')}
          data={[
            { label: t('con.esign.supplier'), value: side(record?.supplierSignedName, record?.supplierSignedDate) },
            { label: t('con.esign.buyer'), value: side(record?.buyerSignedName, record?.buyerSignedDate) },
            { label: 'SHA-256', value: <code style={{ fontSize: 11, wordBreak: 'break-all' }}>{String(record?.documentHash ?? '—')}</code> },
          ]}
        />
      </div>
      <div style={{ fontSize: 12, color: 'var(--color-text-3)', marginTop: 4 }} data-testid="con-esign-note">
        {t('con.esign.note')}
      </div>
      {versions.length > 0 && (
        <div style={{ marginTop: 8 }} data-testid="con-versions">
          <b>{t('con.versions.title')}</b>{' '}
          {versions.map((v) => (
            <Tag key={v.contractVersionId} style={{ marginLeft: 4 }}>
              {t('con.versions.row', { version: v.versionNo, status: v.status, reason: v.changeReason ?? '' })}
            </Tag>
          ))}
        </div>
      )}
    </div>
  );
}
