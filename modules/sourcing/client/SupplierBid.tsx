// Screen "supplierBid" (supplier portal 询价报价): the inquiries this supplier is invited to, and quoting
// on one of them (price and delivery days per line; save as draft or submit; revise until the deadline).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, InputNumber, Space, Table, Tag } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { resolveText } from '../../../runtime/text/resolveText';
import { errorText, sourcingCalls, type BidDetail, type BidRow } from './calls';

type Entry = { price?: number; deliveryDays?: number };

export function SupplierBid({ page, query }: CustomPageProps) {
  const env = useRuntimeEnv();
  const calls = useMemo(() => sourcingCalls(env), [env]);
  const [rows, setRows] = useState<BidRow[]>([]);
  const [detail, setDetail] = useState<BidDetail | null>(null);
  const [entries, setEntries] = useState<Record<number, Entry>>({});
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
          (d.quotation?.lines ?? []).map((l) => [l.inquiryLineId, { price: l.price ?? undefined, deliveryDays: l.deliveryDays ?? undefined }]),
        ),
      );
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };
  const send = async (submit: boolean) => {
    if (!detail) return;
    setBusy(true);
    try {
      const lines = detail.lines
        .filter((l) => entries[l.inquiryLineId]?.price !== undefined)
        .map((l) => ({ lineId: l.inquiryLineId, price: entries[l.inquiryLineId].price!, deliveryDays: entries[l.inquiryLineId].deliveryDays }));
      await calls.offer(detail.inquiryId, lines, submit);
      env.notify('success', env.t(submit ? 'sourcing.bid.submitted' : 'sourcing.bid.saved'));
      await open(detail.inquiryId);
      await load();
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const set = (lineId: number, patch: Entry) => setEntries((e) => ({ ...e, [lineId]: { ...e[lineId], ...patch } }));

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
      title: env.t('sourcing.bid.price', { currency: detail?.currencyCode ?? '' }),
      width: 150,
      render: (_: unknown, l: BidDetail['lines'][number]) => (
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
    {
      title: env.t('sourcing.bid.deliveryDays'),
      width: 120,
      render: (_: unknown, l: BidDetail['lines'][number]) => (
        <InputNumber
          min={0}
          precision={0}
          disabled={!detail?.canQuote}
          value={entries[l.inquiryLineId]?.deliveryDays}
          onChange={(v) => set(l.inquiryLineId, { deliveryDays: v })}
        />
      ),
    },
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
          <Table rowKey="inquiryLineId" columns={lineColumns} data={detail.lines} pagination={false} border />
          {detail.canQuote ? (
            <Space style={{ marginTop: 12 }}>
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
    </div>
  );
}
