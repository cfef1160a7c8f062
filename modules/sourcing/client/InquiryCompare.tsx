// Screen "inquiryCompare": the buyer's comparison by line and supplier after the deadline (price, ladder
// price at the line's quantity, converted price, rank, deviation from the last price), award quantities
// per line and supplier (a line may be split), auto-award by lowest price, and a bargaining round.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, InputNumber, Select, Space, Table, Tag } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { resolveText } from '../../../runtime/text/resolveText';
import { errorText, sourcingCalls, type Comparison, type ComparedLine, type InquiryRow, type Offer, type OfferRules } from './calls';
import { BargainPanel } from './BargainPanel';
import { QuotationFiles } from './QuotationFiles';
import { saveBlob } from '../../../runtime/attachments/api';

type Quantities = Record<string, number | undefined>;
const key = (lineId: number, supplierId: number) => `${lineId}:${supplierId}`;

export function InquiryCompare({ page, query }: CustomPageProps) {
  const env = useRuntimeEnv();
  const calls = useMemo(() => sourcingCalls(env), [env]);
  const [inquiries, setInquiries] = useState<InquiryRow[]>([]);
  const [id, setId] = useState<number | undefined>(query.id ? Number(query.id) : undefined);
  const [cmp, setCmp] = useState<Comparison | null>(null);
  const [sealed, setSealed] = useState<string | null>(null);
  const [qty, setQty] = useState<Quantities>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    calls.inquiries().then(
      (rows) => setInquiries(rows.filter((r) => r.status !== 'DRAFT' && r.status !== 'CANCELLED')),
      (e: unknown) => env.notify('error', errorText(e)),
    );
  }, [calls, env]);
  const load = useCallback(async () => {
    if (!id) return;
    setCmp(null);
    setSealed(null);
    try {
      const c = await calls.compare(id);
      setCmp(c);
      setQty({});
    } catch (e) {
      setSealed(errorText(e));
    }
  }, [calls, id]);
  useEffect(() => void load(), [load]);

  const suppliers = cmp?.suppliers ?? [];
  // Published or formally opened: the award and a bargaining round are open.
  const open = cmp?.status === 'PUBLISHED' || cmp?.status === 'OPENED';
  /** What the offer template asked for besides price and delivery days, as given. */
  const extras = (o: Offer) => {
    const asked = (f: keyof OfferRules) => cmp !== null && cmp.offerRules?.[f] !== 'HIDDEN';
    return [
      asked('freight') && o.freight !== null ? env.t('sourcing.compare.freight', { value: o.freight }) : null,
      asked('taxRate') && o.taxRate !== null ? env.t('sourcing.compare.taxRate', { value: o.taxRate }) : null,
      asked('validTo') && o.validTo ? env.t('sourcing.compare.validTo', { value: o.validTo }) : null,
      asked('attachments') && o.attachmentCount > 0 ? env.t('sourcing.compare.files', { count: o.attachmentCount }) : null,
      asked('remark') && o.remark ? env.t('sourcing.compare.remark', { value: o.remark }) : null,
    ].filter((x): x is string => x !== null);
  };
  const run = async (what: () => Promise<unknown>) => {
    setBusy(true);
    try {
      const answer = await what();
      // An award a process took waits for approval (SRC_AWARD); else it is effective at once.
      const approving = (answer as { status?: string } | undefined)?.status === 'APPROVING';
      env.notify('success', env.t(approving ? 'sourcing.compare.submitted' : 'sourcing.compare.done'));
      await load();
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const award = () =>
    run(() =>
      calls.award(
        id!,
        Object.entries(qty)
          .filter(([, q]) => q && q > 0)
          .map(([k, q]) => ({ lineId: Number(k.split(':')[0]), supplierId: Number(k.split(':')[1]), quantity: q! })),
      ),
    );
  const autoAward = async () => {
    if (await env.confirm(env.t('sourcing.compare.confirmAuto'))) await run(() => calls.autoAward(id!));
  };

  const columns = [
    { title: env.t('sourcing.compare.line'), dataIndex: 'lineNumber', width: 70 },
    { title: env.t('sourcing.compare.material'), dataIndex: 'materialIdDisplay', width: 200 },
    { title: env.t('sourcing.compare.quantity'), dataIndex: 'quantity', width: 90 },
    {
      title: env.t('sourcing.compare.history'),
      width: 140,
      render: (_: unknown, l: ComparedLine) => (l.history ? `${l.history.lowestPrice} / ${l.history.lastPrice}` : '—'),
    },
    ...suppliers.map((s) => ({
      title:
        s.quoteStatus === 'DECLINED' ? (
          <span>
            {s.supplierName}
            <div className="srm-muted" data-testid={`declined-${s.supplierId}`}>
              {s.declineReason ? env.t('sourcing.compare.declined', { reason: s.declineReason }) : env.t('sourcing.compare.declinedNoReason')}
            </div>
          </span>
        ) : (
          s.supplierName
        ),
      width: 230,
      render: (_: unknown, l: ComparedLine) => {
        const o = l.offers.find((x) => x.supplierId === s.supplierId);
        if (!o) return <span className="srm-muted">{env.t('sourcing.compare.noQuote')}</span>;
        return (
          <div data-testid={`offer-${l.lineNumber}-${s.supplierId}`}>
            <Space size={4}>
              <b>{o.convertedPrice ?? o.unitPrice}</b>
              {o.unitPrice !== o.price ? <Tag size="small">{env.t('sourcing.compare.ladder', { price: o.price })}</Tag> : null}
              {o.rank === 1 ? (
                <Tag color="green" size="small">
                  {env.t('sourcing.compare.lowest')}
                </Tag>
              ) : null}
            </Space>
            <div className="srm-muted">
              {env.t('sourcing.compare.days', { days: o.deliveryDays ?? '—' })}
              {o.deviationPercent !== null ? ` · ${env.t('sourcing.compare.deviation', { percent: o.deviationPercent })}` : ''}
            </div>
            {extras(o).length ? (
              <div className="srm-muted" data-testid={`offer-extra-${l.lineNumber}-${s.supplierId}`}>
                {extras(o).join(' · ')}
              </div>
            ) : null}
            {open ? (
              <span data-testid={`award-${l.lineNumber}-${s.supplierId}`}>
                <InputNumber
                  size="small"
                  min={0}
                  max={l.quantity}
                  style={{ width: 120 }}
                  placeholder={env.t('sourcing.compare.awardQty')}
                  value={qty[key(l.inquiryLineId, s.supplierId)]}
                  onChange={(v) => setQty((q) => ({ ...q, [key(l.inquiryLineId, s.supplierId)]: v }))}
                />
              </span>
            ) : o.proposedQuantity ? (
              <Tag color="orange" data-testid={`proposed-${l.lineNumber}-${s.supplierId}`}>
                {env.t('sourcing.compare.proposed', { quantity: o.proposedQuantity })}
              </Tag>
            ) : o.awardedQuantity > 0 ? (
              <Tag color="arcoblue">{env.t('sourcing.compare.awarded', { quantity: o.awardedQuantity })}</Tag>
            ) : null}
          </div>
        );
      },
    })),
  ];

  return (
    <div className="srm-page" data-page={page.name}>
      <h3>{resolveText(page.title, env)}</h3>
      <Space wrap style={{ marginBottom: 12 }}>
        <span data-testid="compare-inquiry">
          <Select
            style={{ width: 420 }}
            showSearch
            placeholder={env.t('sourcing.compare.choose')}
            value={id}
            onChange={(v: number) => setId(v)}
            options={inquiries.map((i) => ({ label: `${i.inquiryNumber} ${i.title}`, value: i.inquiryId }))}
          />
        </span>
        {cmp ? (
          <Button
            data-testid="compare-export"
            onClick={() =>
              void calls.exportComparison(cmp.inquiryId).then(
                (f) => saveBlob(f.blob, f.fileName ?? `${cmp.inquiryNumber}.xlsx`),
                (e: unknown) => env.notify('error', errorText(e)),
              )
            }
          >
            {env.t('sourcing.compare.export')}
          </Button>
        ) : null}
        {open ? (
          <>
            <Button type="primary" loading={busy} onClick={award} data-testid="compare-award">
              {env.t('sourcing.compare.award')}
            </Button>
            <Button loading={busy} onClick={() => void autoAward()}>
              {env.t('sourcing.compare.autoAward')}
            </Button>
          </>
        ) : null}
      </Space>
      {sealed ? <Alert type="warning" content={sealed} /> : null}
      {cmp?.status === 'APPROVING' ? <Alert type="info" data-testid="compare-approving" content={env.t('sourcing.compare.approving')} /> : null}
      {open && cmp?.awardRejectReason ? (
        <Alert type="warning" data-testid="compare-rejected" content={env.t('sourcing.compare.rejected', { reason: cmp.awardRejectReason })} />
      ) : null}
      {cmp?.missingRate ? <Alert type="info" content={env.t('sourcing.compare.missingRate')} /> : null}
      {cmp ? (
        <>
          <div style={{ margin: '8px 0' }}>
            {env.t('sourcing.compare.summary', { currency: cmp.currencyCode, deadline: cmp.deadline, round: cmp.roundNumber })}
          </div>
          <Table rowKey="inquiryLineId" columns={columns} data={cmp.lines} pagination={false} border scroll={{ x: true }} />
          <QuotationFiles cmp={cmp} />
          {open ? <BargainPanel suppliers={suppliers} busy={busy} onStart={(ids, deadline) => run(() => calls.bargain(id!, ids, deadline))} /> : null}
        </>
      ) : null}
    </div>
  );
}
