// Screen "supplierBid" (supplier portal 询价报价): the inquiries this supplier is invited to, and quoting
// on one of them: per line the price and the fields the inquiry's offer template asks for (required ones
// marked *; hidden ones not shown), the quote's files when asked; save as draft or submit; revise or
// decline until the deadline. The server enforces the template (its message is shown as it comes).
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, DatePicker, Input, InputNumber, Modal, Space, Table, Tag } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { resolveText } from '../../../runtime/text/resolveText';
import { AttachmentWidget } from '../../../runtime/attachments/AttachmentWidget';
import { errorText, sourcingCalls, type BidDetail, type BidRow, type OfferLineInput, type OfferRules } from './calls';
import { laddersText, parseLadders } from './ladderText';

type Entry = { price?: number; deliveryDays?: number; ladders?: string; validTo?: string; freight?: number; taxRate?: number; remark?: string };
type Line = BidDetail['lines'][number];

export function SupplierBid({ page, query }: CustomPageProps) {
  const env = useRuntimeEnv();
  const calls = useMemo(() => sourcingCalls(env), [env]);
  const [rows, setRows] = useState<BidRow[]>([]);
  const [detail, setDetail] = useState<BidDetail | null>(null);
  const [entries, setEntries] = useState<Record<number, Entry>>({});
  const [files, setFiles] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => calls.bids().then(setRows, (e: unknown) => env.notify('error', errorText(e))), [calls, env]);
  useEffect(() => void load(), [load]);
  // Opened from the home's card with ?id=: that inquiry's quotation straight away.
  const linked = query.id ? Number(query.id) : null;
  useEffect(() => {
    if (linked) void open(linked);
    // Once per link; open reads the latest calls.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linked]);

  const open = async (id: number) => {
    try {
      const d = await calls.bid(id);
      setDetail(d);
      setEntries(
        Object.fromEntries(
          (d.quotation?.lines ?? []).map((l) => [
            l.inquiryLineId,
            {
              price: l.price ?? undefined,
              deliveryDays: l.deliveryDays ?? undefined,
              ladders: laddersText(l.ladderPrices),
              validTo: l.validTo ?? undefined,
              freight: l.freight ?? undefined,
              taxRate: l.taxRate ?? undefined,
              remark: l.remark ?? undefined,
            },
          ]),
        ),
      );
      setFiles(d.quotation?.attachmentIds ?? undefined);
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };
  const send = async (submit: boolean) => {
    if (!detail) return;
    setBusy(true);
    try {
      const lines: OfferLineInput[] = [];
      for (const l of detail.lines.filter((x) => entries[x.inquiryLineId]?.price !== undefined && entries[x.inquiryLineId]?.price !== null)) {
        const e = entries[l.inquiryLineId];
        const ladders = parseLadders(e.ladders);
        if (ladders === null) throw new Error(env.t('sourcing.bid.badLadder', { line: l.lineNumber ?? '' }));
        lines.push({
          lineId: l.inquiryLineId,
          price: e.price!,
          deliveryDays: e.deliveryDays ?? undefined,
          ...(ladders.length ? { ladders } : {}),
          ...(e.validTo ? { validTo: e.validTo } : {}),
          ...(e.freight !== undefined && e.freight !== null ? { freight: e.freight } : {}),
          ...(e.taxRate !== undefined && e.taxRate !== null ? { taxRate: e.taxRate } : {}),
          ...(e.remark?.trim() ? { remark: e.remark.trim() } : {}),
        });
      }
      await calls.offer(detail.inquiryId, lines, submit, detail.offerRules.attachments === 'HIDDEN' ? undefined : (files ?? ''));
      env.notify('success', env.t(submit ? 'sourcing.bid.submitted' : 'sourcing.bid.saved'));
      await open(detail.inquiryId);
      await load();
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };
  // Declining asks why (the buyer reads it on the comparison): a dialog with the reason, required here.
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const decline = async () => {
    if (!detail) return;
    if (!reason.trim()) {
      env.notify('error', env.t('sourcing.bid.declineReasonRequired'));
      return;
    }
    setDeclining(false);
    setBusy(true);
    try {
      await calls.decline(detail.inquiryId, reason.trim());
      setReason('');
      env.notify('success', env.t('sourcing.bid.declined'));
      await open(detail.inquiryId);
      await load();
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const set = (lineId: number, patch: Entry) => setEntries((e) => ({ ...e, [lineId]: { ...e[lineId], ...patch } }));
  const rules: OfferRules | undefined = detail?.offerRules;
  const shown = (f: keyof OfferRules) => rules !== undefined && rules[f] !== 'HIDDEN';
  const title = (f: keyof OfferRules, label: string) => (
    <span data-testid={`bid-col-${f}`} data-mode={rules?.[f]}>
      {label}
      {rules?.[f] === 'REQUIRED' ? <span style={{ color: 'rgb(var(--danger-6))' }}> *</span> : null}
    </span>
  );
  const disabled = !detail?.canQuote;
  // A field the offer template asks for is a column (its title marks a required one); a hidden one is none.
  const FIELD_LABEL: Record<Exclude<keyof OfferRules, 'attachments'>, string> = {
    deliveryDays: 'sourcing.bid.deliveryDays',
    ladders: 'sourcing.bid.ladders',
    validTo: 'sourcing.bid.validTo',
    freight: 'sourcing.bid.freight',
    taxRate: 'sourcing.bid.taxRate',
    remark: 'sourcing.bid.remark',
  };
  const optional = (f: keyof typeof FIELD_LABEL, width: number, render: (_: unknown, l: Line) => ReactNode) =>
    shown(f) ? [{ title: title(f, env.t(FIELD_LABEL[f])), width, render }] : [];
  const numberCell = (field: 'deliveryDays' | 'freight' | 'taxRate', testId: string, limits: { precision: number; max?: number }) => (_: unknown, l: Line) => (
    <span data-testid={`bid-${testId}-${l.lineNumber}`}>
      <InputNumber min={0} {...limits} disabled={disabled} value={entries[l.inquiryLineId]?.[field]} onChange={(v) => set(l.inquiryLineId, { [field]: v })} />
    </span>
  );

  const listColumns = [
    { title: env.t('sourcing.bid.number'), dataIndex: 'inquiryNumber', width: 170 },
    { title: env.t('sourcing.bid.title'), dataIndex: 'title', width: 240 },
    { title: env.t('sourcing.bid.deadline'), dataIndex: 'deadline', width: 170 },
    { title: env.t('sourcing.bid.round'), dataIndex: 'roundNumber', width: 70 },
    { title: env.t('sourcing.bid.myStatus'), width: 130, render: (_: unknown, r: BidRow) => env.t(`sourcing.bid.quote.${r.quoteStatus ?? 'NOT_QUOTED'}`) },
    {
      title: env.t('sourcing.bid.result'),
      width: 110,
      render: (_: unknown, r: BidRow) => (r.awardResult ? <Tag>{env.t(`sourcing.bid.award.${r.awardResult}`)}</Tag> : ''),
    },
    {
      title: env.t('sourcing.bid.operate'),
      width: 100,
      render: (_: unknown, r: BidRow) => (
        <Button size="mini" type="text" onClick={() => void open(r.inquiryId)} data-testid={`bid-open-${r.inquiryNumber}`}>
          {env.t(r.canQuote ? 'sourcing.bid.quoteNow' : 'sourcing.bid.view')}
        </Button>
      ),
    },
  ];
  const lineColumns = [
    { title: env.t('sourcing.compare.line'), dataIndex: 'lineNumber', width: 70 },
    { title: env.t('sourcing.compare.material'), dataIndex: 'materialIdDisplay', width: 220 },
    { title: env.t('sourcing.compare.quantity'), dataIndex: 'quantity', width: 100 },
    { title: env.t('sourcing.bid.requiredDate'), dataIndex: 'requiredDate', width: 120 },
    {
      title: (
        <span>
          {env.t('sourcing.bid.price', { currency: detail?.currencyCode ?? '' })}
          <span style={{ color: 'rgb(var(--danger-6))' }}> *</span>
        </span>
      ),
      width: 150,
      render: (_: unknown, l: Line) => (
        <span data-testid={`bid-price-${l.lineNumber}`}>
          <InputNumber
            min={0}
            precision={4}
            disabled={!detail?.canQuote}
            value={entries[l.inquiryLineId]?.price}
            onChange={(v) => set(l.inquiryLineId, { price: v })}
          />
        </span>
      ),
    },
    ...optional('deliveryDays', 120, numberCell('deliveryDays', 'days', { precision: 0 })),
    ...optional('ladders', 220, (_: unknown, l: Line) => (
      <Input
        data-testid={`bid-ladders-${l.lineNumber}`}
        disabled={disabled}
        placeholder={env.t('sourcing.bid.laddersHint')}
        value={entries[l.inquiryLineId]?.ladders}
        onChange={(v) => set(l.inquiryLineId, { ladders: v })}
      />
    )),
    ...optional('validTo', 160, (_: unknown, l: Line) => (
      <span data-testid={`bid-validTo-${l.lineNumber}`}>
        <DatePicker
          disabled={disabled}
          format="YYYY-MM-DD"
          value={entries[l.inquiryLineId]?.validTo}
          onChange={(v: string) => set(l.inquiryLineId, { validTo: v || undefined })}
        />
      </span>
    )),
    ...optional('freight', 130, numberCell('freight', 'freight', { precision: 2 })),
    ...optional('taxRate', 120, numberCell('taxRate', 'taxRate', { precision: 2, max: 100 })),
    ...optional('remark', 200, (_: unknown, l: Line) => (
      <Input
        data-testid={`bid-remark-${l.lineNumber}`}
        maxLength={500}
        disabled={disabled}
        value={entries[l.inquiryLineId]?.remark}
        onChange={(v) => set(l.inquiryLineId, { remark: v })}
      />
    )),
  ];

  return (
    <div className="srm-page" data-page={page.name}>
      <h3>{resolveText(page.title, env)}</h3>
      <Table rowKey="inquiryId" columns={listColumns} data={rows} pagination={false} border />
      {detail ? (
        <div style={{ marginTop: 16 }} data-testid="bid-detail">
          <h4>
            {detail.inquiryNumber} {detail.title}
          </h4>
          <div>{env.t('sourcing.bid.deadlineAt', { deadline: detail.deadline, now: detail.serverTime })}</div>
          {detail.terms ? <Alert type="info" content={detail.terms} style={{ margin: '8px 0' }} /> : null}
          {!detail.canQuote ? <Alert type="warning" content={env.t('sourcing.bid.closed')} style={{ margin: '8px 0' }} /> : null}
          <div className="srm-muted" style={{ margin: '4px 0' }} data-testid="bid-template-hint">
            {env.t('sourcing.bid.template')}
          </div>
          <Table rowKey="inquiryLineId" columns={lineColumns} data={detail.lines} pagination={false} border scroll={{ x: true }} />
          {shown('attachments') ? (
            <div style={{ marginTop: 12 }} data-testid="bid-files">
              {title('attachments', env.t('sourcing.bid.attachments'))}
              <AttachmentWidget name="quoteFiles" value={files} onChange={setFiles} readOnly={disabled} />
            </div>
          ) : null}
          {detail.canQuote ? (
            <Space style={{ marginTop: 12 }}>
              <Button status="warning" loading={busy} onClick={() => setDeclining(true)} data-testid="bid-decline">
                {env.t('sourcing.bid.decline')}
              </Button>
              <Button loading={busy} onClick={() => void send(false)}>
                {env.t('sourcing.bid.saveDraft')}
              </Button>
              <Button type="primary" loading={busy} onClick={() => void send(true)} data-testid="bid-submit">
                {env.t('sourcing.bid.submit')}
              </Button>
            </Space>
          ) : null}
        </div>
      ) : null}
      <Modal
        title={env.t('sourcing.bid.declineTitle')}
        visible={declining}
        onOk={() => void decline()}
        onCancel={() => setDeclining(false)}
        okButtonProps={{ status: 'warning' }}
        data-testid="bid-decline-dialog"
      >
        <p>{env.t('sourcing.bid.confirmDecline')}</p>
        <Input.TextArea
          data-testid="bid-decline-reason"
          placeholder={env.t('sourcing.bid.declineReason')}
          maxLength={500}
          value={reason}
          onChange={setReason}
          autoSize={{ minRows: 3 }}
        />
      </Modal>
    </div>
  );
}
