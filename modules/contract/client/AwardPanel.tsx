// Edit-page addon on a new contract: make it from an award instead of by hand — pick an awarded inquiry's
// winner and a template; the server fills the items, the source and the text (createFromAward) and the
// page opens the new draft.
import { useEffect, useState } from 'react';
import { Button, Select, Space } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { EditAddonProps } from '../../../runtime/registry/types';
import { BUYER_PAGE, CONTRACT, TEMPLATE, errorText } from './contractApi';

type Award = { inquiryId: number; inquiryNumber: string; title: string; supplierId: number; supplierName: string | null; amount: number; currencyCode: string };
type Template = { templateId: number; templateCode: string; templateName: string };

export function AwardPanel({ page, record }: EditAddonProps) {
  const env = useRuntimeEnv();
  const t = env.t;
  const show = page.name === BUYER_PAGE && record === null && env.can('btnAdd');
  const [awards, setAwards] = useState<Award[]>([]);
  const [templates, setTemplates] = useState<Template[]>([]);
  const [award, setAward] = useState<string | undefined>();
  const [templateId, setTemplateId] = useState<number | undefined>();
  useEffect(() => {
    if (!show) return;
    env.api<Award[]>(`${CONTRACT}/awardedInquiries`, {}).then(
      (a) => setAwards(a.data ?? []),
      () => setAwards([]),
    );
    env.api<Template[]>(`${TEMPLATE}/listByPage`, { params: { enabledFlag: 'Y' }, pageIndex: 1, pageRows: 100 }).then(
      (a) => setTemplates(a.data ?? []),
      () => setTemplates([]),
    );
  }, [env, show]);
  if (!show || awards.length === 0) return null;
  const create = async () => {
    const a = awards.find((x) => `${x.inquiryId}:${x.supplierId}` === award);
    if (!a || templateId === undefined) return;
    try {
      const made = (await env.api<{ contractId: number }>(`${CONTRACT}/createFromAward`, { inquiryId: a.inquiryId, supplierId: a.supplierId, templateId }))
        .data;
      env.notify('success', t('con.done'));
      env.navigate(`/main/contract/contractEdit?id=${made.contractId}&mode=edit`, { replace: true });
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };
  return (
    <div data-testid="con-award" className="srm-addon-box">
      <h3 style={{ fontSize: 15, margin: '0 0 8px' }}>{t('con.award.title')}</h3>
      <Space wrap>
        <Select
          data-testid="con-award-pick"
          style={{ width: 420 }}
          placeholder={t('con.award.pick')}
          value={award}
          onChange={setAward}
          options={awards.map((a) => ({
            value: `${a.inquiryId}:${a.supplierId}`,
            label: `${a.inquiryNumber} ${a.title} · ${a.supplierName ?? a.supplierId} · ${a.amount.toFixed(2)} ${a.currencyCode}`,
          }))}
        />
        <Select
          data-testid="con-award-template"
          style={{ width: 260 }}
          placeholder={t('con.award.template')}
          value={templateId}
          onChange={setTemplateId}
          options={templates.map((x) => ({ value: x.templateId, label: `${x.templateCode} ${x.templateName}` }))}
        />
        <Button type="primary" disabled={!award || templateId === undefined} data-testid="con-award-create" onClick={() => void create()}>
          {t('con.award.create')}
        </Button>
      </Space>
    </div>
  );
}
