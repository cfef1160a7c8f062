// The supplier home's auctions: those it is invited to that are running or about to start (ended ones
// are for the hall's history), running first, then by start; a row opens the live hall on that auction.
// Running or not is read from the times the server sent; the hall itself follows the server clock.
import { useEffect, useState } from 'react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { HomePanelProps } from '../../../runtime/registry/types';
import { WorkListCard, type WorkRow } from '../../../runtime/dashboard/WorkListCard';

const AUCTION = 'srmServer/v1/srmSrcAuctionRestful';
const MENU = 'SUPPLIER_AUCTION_HALL';
const ROWS = 5;
const OPEN = new Set(['PUBLISHED', 'RUNNING', 'PAUSED']);

interface Invited {
  auctionId: number;
  auctionNumber: string;
  title: string;
  status: string;
  startTime: string;
  endTime: string;
}

const ms = (time: string) => new Date(time.includes('T') ? time : `${time.replace(' ', 'T')}Z`).getTime();

export default function AuctionsHomePanel({ openInMenu }: HomePanelProps) {
  const env = useRuntimeEnv();
  const [rows, setRows] = useState<(Invited & { running: boolean })[] | undefined>();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    env.api<Invited[]>(`${AUCTION}/listByPageForCompete`, { params: {}, pageRows: 100 }).then(
      (a) => {
        if (!alive) return;
        const now = Date.now();
        const open = a.data
          .filter((r) => OPEN.has(r.status) && ms(r.endTime) > now)
          .map((r) => ({ ...r, running: r.status !== 'PUBLISHED' || ms(r.startTime) <= now }))
          .sort((x, y) => Number(y.running) - Number(x.running) || x.startTime.localeCompare(y.startTime));
        setRows(open);
      },
      (e: unknown) => alive && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      alive = false;
    };
    // Once per home visit: the hall is where they move.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const work: WorkRow[] | undefined = rows?.slice(0, ROWS).map((r) => ({
    key: r.auctionId,
    cells: [
      r.auctionNumber,
      r.title,
      r.running
        ? env.t('auctionHall.home.ends', { time: r.endTime.slice(0, 16).replace('T', ' ') })
        : env.t('auctionHall.home.starts', { time: r.startTime.slice(0, 16).replace('T', ' ') }),
    ],
    tag:
      r.status === 'PAUSED'
        ? { text: env.t('auctionHall.home.paused'), color: 'gray' }
        : r.running
          ? { text: env.t('auctionHall.home.running'), color: 'green' }
          : { text: env.t('auctionHall.home.upcoming'), color: 'arcoblue' },
    open: () => openInMenu(MENU, undefined, { id: r.auctionId }),
  }));
  return (
    <WorkListCard
      testId="home-supplier-auctions"
      title={env.t('auctionHall.home.title', { count: rows?.length ?? 0 })}
      rows={work}
      total={rows?.length}
      error={error}
      emptyText={env.t('auctionHall.home.none')}
      allLabel={env.t('auctionHall.home.all')}
      onAll={() => openInMenu(MENU)}
    />
  );
}
