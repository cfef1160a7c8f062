// 竞价大厅 (supplier portal): the auctions the supplier is invited to; for the chosen one its own best and
// rank, the lead price when the auction shows it, the round price of a Dutch or Japanese auction, its own
// bids, and the bid box. The server decides every bid; a refusal shows the server's reason.
import { useCallback, useEffect, useState } from 'react';
import { Button, Descriptions, InputNumber, Space, Table } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { AuctionPicker } from './AuctionPicker';
import { HallHeader } from './HallHeader';
import { AUCTION, errorText, useHall, type LiveData } from './useHall';

interface SupplierInfo extends LiveData {
  title: string;
  auctionNumber: string;
  auctionType: string;
  visibility: string;
  currencyCode: string;
  ceilingPrice: number;
  minDecrement: number;
  active: boolean;
  won: boolean | null;
  bids: { bidId: number; price: number; roundNumber: number; kind: string; serverTimeMs: number }[];
}

interface Invited {
  auctionId: number;
  auctionNumber: string;
  title: string;
  status: string;
}

const time = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

export function SupplierHall({ query }: CustomPageProps) {
  const env = useRuntimeEnv();
  const [auctions, setAuctions] = useState<Invited[]>([]);
  const [auctionId, setAuctionId] = useState<number | null>(query.id ? Number(query.id) : null);
  const [price, setPrice] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const load = useCallback(async (id: number) => (await env.api<SupplierInfo>(`${AUCTION}/getCompeteSupplierInfo`, { auctionId: id })).data, [env]);
  const hall = useHall(auctionId, load);
  const d = hall.data;

  useEffect(() => {
    void env
      .api<Invited[]>(`${AUCTION}/listByPageForCompete`, { params: {}, pageRows: 100 })
      .then((a) => {
        setAuctions(a.data);
        setAuctionId((cur) => cur ?? a.data.find((x) => x.status === 'RUNNING')?.auctionId ?? a.data[0]?.auctionId ?? null);
      })
      .catch((e: unknown) => env.notify('error', errorText(e)));
  }, [env]);

  const offer = async () => {
    if (!d || price === undefined) return;
    setBusy(true);
    try {
      await env.api(`${AUCTION}/doSupplierOfferPrice`, { auctionId: d.auctionId, price });
      env.notify('success', env.t('auctionHall.bidAccepted'));
      setPrice(undefined);
      await hall.reload();
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const rounds = d && d.auctionType !== 'ENGLISH';
  return (
    <div style={{ padding: 16 }} data-testid="supplier-hall">
      <AuctionPicker auctions={auctions} value={auctionId} onChange={setAuctionId} />
      {!d ? (
        <div>{env.t('auctionHall.none')}</div>
      ) : (
        <>
          <HallHeader
            title={`${d.auctionNumber} ${d.title}`}
            status={d.status}
            remainingMs={hall.remainingMs}
            connected={hall.connected}
            banner={hall.banner}
            extendCount={d.extendCount}
            maxExtends={d.maxExtends}
            onCloseBanner={hall.clearBanner}
          />
          <Descriptions
            column={4}
            border
            data={[
              { label: env.t('auctionHall.ownBest'), value: <span data-testid="hall-own-best">{d.ownBest ?? '-'}</span> },
              { label: env.t('auctionHall.rank'), value: <span data-testid="hall-rank">{d.rank ?? '-'}</span> },
              {
                label: env.t('auctionHall.leadPrice'),
                value: <span data-testid="hall-lead-price">{d.visibility === 'LEAD_PRICE' ? (d.leadPrice ?? '-') : env.t('auctionHall.hidden')}</span>,
              },
              { label: env.t('auctionHall.ceiling'), value: `${d.ceilingPrice} ${d.currencyCode}` },
              { label: env.t('auctionHall.minDecrement'), value: d.minDecrement },
              { label: env.t('auctionHall.endTime'), value: `${d.endTime} UTC` },
              ...(rounds ? [{ label: env.t('auctionHall.round'), value: `${d.roundNumber} / ${d.roundPrice ?? '-'}` }] : []),
              ...(d.won !== null ? [{ label: env.t('auctionHall.result'), value: env.t(d.won ? 'auctionHall.won' : 'auctionHall.lost') }] : []),
            ]}
          />
          <Space style={{ margin: '12px 0' }}>
            <span data-testid="hall-price">
              <InputNumber
                style={{ width: 200 }}
                precision={4}
                min={0}
                value={rounds ? (d.roundPrice ?? undefined) : price}
                disabled={!!rounds}
                onChange={(v) => setPrice(v)}
              />
            </span>
            <Button
              type="primary"
              loading={busy}
              disabled={d.status !== 'RUNNING' || !env.can('btnBid')}
              onClick={() => void (rounds ? offerRound() : offer())}
              data-testid="hall-bid"
            >
              {env.t(rounds ? 'auctionHall.confirmRound' : 'auctionHall.bid')}
            </Button>
          </Space>
          <Table
            rowKey="bidId"
            size="small"
            pagination={false}
            data={d.bids}
            data-testid="hall-bids"
            columns={[
              { title: env.t('auctionHall.bidTime'), dataIndex: 'serverTimeMs', render: (v: number) => `${time(v)} UTC` },
              { title: env.t('auctionHall.price'), dataIndex: 'price' },
              { title: env.t('auctionHall.round'), dataIndex: 'roundNumber' },
            ]}
          />
        </>
      )}
    </div>
  );

  async function offerRound() {
    if (!d || d.roundPrice === null) return;
    setBusy(true);
    try {
      await env.api(`${AUCTION}/doSupplierOfferPrice`, { auctionId: d.auctionId, price: d.roundPrice });
      env.notify('success', env.t('auctionHall.bidAccepted'));
      await hall.reload();
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  }
}
