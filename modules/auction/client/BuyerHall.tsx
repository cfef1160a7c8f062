// 竞价大厅（采购方）: every bid of the chosen auction live, the board (each supplier's best, rank and
// bids), and the buyer's controls: pause / resume, extend with a reason, close early, next round (Dutch,
// Japanese), award by lowest price; the log can be verified here.
import { useCallback, useEffect, useState } from 'react';
import { Button, Input, InputNumber, Modal, Space, Table, Tag } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { AuctionPicker } from './AuctionPicker';
import { HallHeader } from './HallHeader';
import { AUCTION, errorText, useHall, type LiveData } from './useHall';

interface Board {
  supplierId: number;
  supplierName: string | null;
  rank: number | null;
  bestPrice: number | null;
  bidCount: number;
  active: boolean;
}

interface BuyerInfo extends LiveData {
  title: string;
  auctionNumber: string;
  auctionType: string;
  currencyCode: string;
  bidCount: number;
  awardedSupplierId: number | null;
  awardedPrice: number | null;
  board: Board[];
  bids: { bidId: number; supplierName: string | null; price: number; roundNumber: number; serverTimeMs: number }[];
}

interface Row {
  auctionId: number;
  auctionNumber: string;
  title: string;
  status: string;
}

const time = (ms: number) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');

export function BuyerHall({ query }: CustomPageProps) {
  const env = useRuntimeEnv();
  const [rows, setRows] = useState<Row[]>([]);
  const [auctionId, setAuctionId] = useState<number | null>(query.id ? Number(query.id) : null);
  const [ask, setAsk] = useState<null | { op: string; seconds?: boolean }>(null);
  const [reason, setReason] = useState('');
  const [seconds, setSeconds] = useState<number | undefined>(300);
  const load = useCallback(async (id: number) => (await env.api<BuyerInfo>(`${AUCTION}/getCompeteHallInfo`, { auctionId: id })).data, [env]);
  const hall = useHall(auctionId, load);
  const d = hall.data;

  useEffect(() => {
    void env
      .api<Row[]>(`${AUCTION}/listByPage`, { params: {}, pageRows: 100 })
      .then((a) => {
        const open = a.data.filter((r) => r.status !== 'DRAFT');
        setRows(open);
        setAuctionId((cur) => cur ?? open.find((x) => x.status === 'RUNNING')?.auctionId ?? open[0]?.auctionId ?? null);
      })
      .catch((e: unknown) => env.notify('error', errorText(e)));
  }, [env]);

  const run = async (op: string, body: Record<string, unknown> = {}) => {
    if (!d) return;
    try {
      const a = await env.api<unknown>(`${AUCTION}/${op}`, { auctionId: d.auctionId, id: d.auctionId, ...body });
      if (op === 'doVerifyLog') {
        const v = a.data as { valid: boolean; entries: number; brokenAt: number | null };
        env.notify(v.valid ? 'success' : 'error', env.t(v.valid ? 'auctionHall.logValid' : 'auctionHall.logBroken', { entries: v.entries, at: v.brokenAt }));
      } else env.notify('success', env.t('auctionHall.done'));
      await hall.reload();
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };

  const button = (op: string, label: string, resource: string, states: string[], needsReason?: { seconds?: boolean }) =>
    d && states.includes(d.status) && env.can(resource) ? (
      <Button key={op} data-testid={`hall-${op}`} onClick={() => (needsReason ? (setReason(''), setAsk({ op, ...needsReason })) : void run(op))}>
        {env.t(label)}
      </Button>
    ) : null;

  return (
    <div style={{ padding: 16 }} data-testid="buyer-hall">
      <AuctionPicker auctions={rows} value={auctionId} onChange={setAuctionId} />
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
          <Space wrap style={{ marginBottom: 12 }}>
            {button('doPause', 'auctionHall.pause', 'btnPause', ['RUNNING'], {})}
            {button('doResume', 'auctionHall.resume', 'btnPause', ['PAUSED'])}
            {button('doExtend', 'auctionHall.extend', 'btnExtend', ['PUBLISHED', 'RUNNING', 'PAUSED'], { seconds: true })}
            {button('doClose', 'auctionHall.close', 'btnCloseAuction', ['RUNNING', 'PAUSED'], {})}
            {d.auctionType !== 'ENGLISH' && button('doCompeteHallTurnProcess', 'auctionHall.nextRound', 'btnTurn', ['RUNNING'])}
            {button('autoAwardByMinPrice', 'auctionHall.autoAward', 'btnAward', ['ENDED'])}
            <Button onClick={() => void run('doVerifyLog')} data-testid="hall-verify">
              {env.t('auctionHall.verify')}
            </Button>
            <span data-testid="hall-lead">
              {env.t('auctionHall.leadPrice')}: {d.leadPrice ?? '-'} {d.currencyCode}
            </span>
            {d.awardedSupplierId !== null && (
              <Tag color="green" data-testid="hall-awarded">
                {env.t('auctionHall.awardedTo', { name: d.board.find((b) => b.supplierId === d.awardedSupplierId)?.supplierName ?? '', price: d.awardedPrice })}
              </Tag>
            )}
          </Space>
          <Table
            rowKey="supplierId"
            size="small"
            pagination={false}
            data={d.board}
            data-testid="hall-board"
            columns={[
              { title: env.t('auctionHall.rank'), dataIndex: 'rank', render: (v: number | null) => v ?? '-' },
              { title: env.t('auctionHall.supplier'), dataIndex: 'supplierName' },
              { title: env.t('auctionHall.bestPrice'), dataIndex: 'bestPrice', render: (v: number | null) => v ?? '-' },
              { title: env.t('auctionHall.bidCount'), dataIndex: 'bidCount' },
            ]}
          />
          <Table
            style={{ marginTop: 12 }}
            rowKey="bidId"
            size="small"
            pagination={{ pageSize: 20 }}
            data={d.bids}
            data-testid="hall-bids"
            columns={[
              { title: env.t('auctionHall.bidTime'), dataIndex: 'serverTimeMs', render: (v: number) => `${time(v)} UTC` },
              { title: env.t('auctionHall.supplier'), dataIndex: 'supplierName' },
              { title: env.t('auctionHall.price'), dataIndex: 'price' },
              { title: env.t('auctionHall.round'), dataIndex: 'roundNumber' },
            ]}
          />
        </>
      )}
      <Modal
        visible={ask !== null}
        title={env.t('auctionHall.reasonTitle')}
        onCancel={() => setAsk(null)}
        onOk={() => {
          const op = ask?.op;
          setAsk(null);
          if (op) void run(op, { reason, ...(ask?.seconds ? { seconds } : {}) });
        }}
      >
        {ask?.seconds && (
          <InputNumber min={1} max={86400} value={seconds} onChange={(v) => setSeconds(v)} suffix={env.t('auctionHall.seconds')} style={{ marginBottom: 8 }} />
        )}
        <Input.TextArea value={reason} onChange={setReason} placeholder={env.t('auctionHall.reason')} data-testid="hall-reason" />
      </Modal>
    </div>
  );
}
