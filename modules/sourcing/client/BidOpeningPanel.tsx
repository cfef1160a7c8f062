// Edit-page addon on a published inquiry: the 开标 button once the round's deadline has passed (the server
// clock decides; it refuses an early call with the reason) and the opening record of each round: who opened
// when, and per invited supplier quoted / declined / no answer, lines quoted and the total.
import { useEffect, useMemo, useState } from 'react';
import { Button, Table, Tag } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { EditAddonProps } from '../../../runtime/registry/types';
import { errorText, sourcingCalls, type BidOpening } from './calls';

const RESULT_COLOR: Record<string, string> = { QUOTED: 'green', DECLINED: 'orange', NO_ANSWER: 'gray' };
const SHOWN = ['PUBLISHED', 'OPENED', 'APPROVING', 'AWARDED', 'CLOSED'];

function openingsOf(text: unknown): BidOpening[] {
  if (typeof text !== 'string' || !text) return [];
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? (v as BidOpening[]) : [];
  } catch {
    return [];
  }
}

/** Timestamps are the server's UTC text `yyyy-MM-dd HH:mm:ss`. */
const passed = (deadline: unknown, now: number) => typeof deadline === 'string' && new Date(`${deadline.replace(' ', 'T')}Z`).getTime() <= now;

export function BidOpeningPanel({ page, record, reload }: EditAddonProps) {
  const env = useRuntimeEnv();
  const t = env.t;
  const calls = useMemo(() => sourcingCalls(env), [env]);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const status = record ? String(record.status) : '';
  const waiting = status === 'PUBLISHED';
  // The button appears when the deadline passes while the page is open.
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(timer);
  }, [waiting]);
  if (page.name !== 'sourcing/inquiryEdit' || !record || !SHOWN.includes(status)) return null;
  const openings = openingsOf(record.bidOpeningRecord);
  const round = Number(record.roundNumber ?? 1);
  const canOpen = waiting && env.can('btnOpenBids') && !openings.some((o) => o.roundNumber === round);
  if (!canOpen && openings.length === 0 && !waiting) return null;
  const open = async () => {
    if (!(await env.confirm(t('sourcing.opening.confirm')))) return;
    setBusy(true);
    try {
      await calls.openBids(Number(record.inquiryId));
      env.notify('success', t('sourcing.opening.opened'));
      await reload();
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="src-bid-opening" className="srm-addon-box">
      <h3 style={{ fontSize: 15, margin: '0 0 8px' }}>{t('sourcing.opening.title')}</h3>
      {canOpen ? (
        passed(record.deadline, now) ? (
          <Button type="primary" loading={busy} data-testid="src-open-bids" onClick={() => void open()} style={{ marginBottom: 8 }}>
            {t('sourcing.opening.open')}
          </Button>
        ) : (
          <div className="srm-muted" data-testid="src-opening-wait">
            {t('sourcing.opening.notYet', { deadline: String(record.deadline) })}
          </div>
        )
      ) : null}
      {openings.length === 0 && !canOpen ? <div className="srm-muted">{t('sourcing.opening.none')}</div> : null}
      {openings.map((o) => (
        <div key={o.roundNumber} data-testid={`src-opening-round-${o.roundNumber}`} style={{ marginBottom: 8 }}>
          <div style={{ margin: '4px 0' }}>{t('sourcing.opening.round', { round: o.roundNumber, at: o.openedAt, by: o.openedByName })}</div>
          <Table
            size="small"
            rowKey="supplierId"
            pagination={false}
            data={o.suppliers}
            columns={[
              { title: t('sourcing.opening.supplier'), dataIndex: 'supplierName' },
              {
                title: t('sourcing.opening.result'),
                width: 140,
                render: (_: unknown, s: BidOpening['suppliers'][number]) => (
                  <Tag color={RESULT_COLOR[s.result]} data-testid={`opening-result-${o.roundNumber}-${s.supplierId}`}>
                    {t(`sourcing.opening.results.${s.result}`)}
                  </Tag>
                ),
              },
              {
                title: t('sourcing.opening.lines'),
                width: 120,
                render: (_: unknown, s: BidOpening['suppliers'][number]) => `${s.linesQuoted} / ${s.lineCount}`,
              },
              {
                title: t('sourcing.opening.total'),
                width: 160,
                render: (_: unknown, s: BidOpening['suppliers'][number]) => (s.total === null ? '—' : `${s.total} ${s.currencyCode ?? ''}`),
              },
            ]}
          />
        </div>
      ))}
    </div>
  );
}
