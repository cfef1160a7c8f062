// The supplier home's inquiries to quote: published inquiries it is invited to whose deadline has not
// passed, the nearest deadline first, each with where its quotation stands; a row opens the quotation
// under 询价报价.
import { useEffect, useMemo, useState } from 'react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { HomePanelProps } from '../../../runtime/registry/types';
import { WorkListCard, type WorkRow } from '../../../runtime/dashboard/WorkListCard';
import { errorText, sourcingCalls, type BidRow } from './calls';

const MENU = 'SRC_BID';
const ROWS = 5;
const QUOTE_COLOR: Record<string, string> = { NOT_QUOTED: 'orangered', DRAFT: 'orange', QUOTED: 'green', DECLINED: 'gray' };

export default function BidsHomePanel({ openInMenu }: HomePanelProps) {
  const env = useRuntimeEnv();
  const calls = useMemo(() => sourcingCalls(env), [env]);
  const [open, setOpen] = useState<BidRow[] | undefined>();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    calls.bids().then(
      (rows) => alive && setOpen(rows.filter((r) => r.canQuote).sort((a, b) => a.deadline.localeCompare(b.deadline))),
      (e: unknown) => alive && setError(errorText(e)),
    );
    return () => {
      alive = false;
    };
  }, [calls]);
  const work: WorkRow[] | undefined = open?.slice(0, ROWS).map((r) => {
    const quote = r.quoteStatus ?? 'NOT_QUOTED';
    return {
      key: r.inquiryId,
      cells: [r.inquiryNumber, r.title, env.t('sourcing.home.deadline', { time: r.deadline.slice(0, 16).replace('T', ' ') })],
      tag: { text: env.t(`sourcing.home.quote.${quote}`), color: QUOTE_COLOR[quote] },
      open: () => openInMenu(MENU, undefined, { id: r.inquiryId }),
    };
  });
  return (
    <WorkListCard
      testId="home-supplier-bids"
      title={env.t('sourcing.home.title', { count: open?.length ?? 0 })}
      rows={work}
      total={open?.length}
      error={error}
      emptyText={env.t('sourcing.home.none')}
      allLabel={env.t('sourcing.home.all')}
      onAll={() => openInMenu(MENU)}
    />
  );
}
