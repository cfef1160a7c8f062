// Demo auctions in every state (buyer01's; supplier01 and supplier02 invited): a draft, a scheduled
// one (published, starting tomorrow), one running now with bids from both suppliers, one paused by the
// buyer, one ended waiting for the award, one cancelled, and one ended and awarded by lowest price with
// its price items in the price library (written through the sourcing demo's shared writer, the function
// SourcingApi.recordPriceItems is). Written with the module's tables; the hash chain is built as the
// engine does.
import { auditInsert, typed } from '../../../server/db/typed.js';
import type { DemoStep } from '../../../server/modules/types.js';
import { setDocumentCounter } from '../../../server/rest/numbering.js';
import type { AuctionTables } from '../generated/tables.js';
import { appendLog } from '../server/chain.js';
import { textOf } from '../server/clock.js';
import { unitPrices } from '../server/awardPrices.js';
import type { SourcingApi } from '../../sourcing/api.js';

const HOUR = 3_600_000;

interface DemoAuction {
  title: string;
  status: string;
  startOffsetH: number;
  endOffsetH: number;
  ceiling: number;
  visibility: 'RANK' | 'LEAD_PRICE';
  /** [supplier index, price, minutes after the start] */
  bids: [number, number, number][];
  /** PAUSED: the time left when the buyer paused it. */
  pausedRemainingMin?: number;
}

const AUCTIONS: DemoAuction[] = [
  { title: '2027 年度冷轧钢板竞价', status: 'DRAFT', startOffsetH: 48, endOffsetH: 49, ceiling: 5200, visibility: 'RANK', bids: [] },
  { title: '包装纸箱年度竞价', status: 'PUBLISHED', startOffsetH: 24, endOffsetH: 25, ceiling: 12.5, visibility: 'LEAD_PRICE', bids: [] },
  {
    title: '铝型材 6063 在线竞价',
    status: 'RUNNING',
    startOffsetH: -1,
    endOffsetH: 6,
    ceiling: 21000,
    visibility: 'LEAD_PRICE',
    bids: [
      [0, 20800, 5],
      [1, 20650, 9],
      [0, 20500, 14],
      [1, 20480, 20],
    ],
  },
  {
    title: '电子元器件备件竞价（暂停中）',
    status: 'PAUSED',
    startOffsetH: -2,
    endOffsetH: 3,
    ceiling: 15000,
    visibility: 'RANK',
    pausedRemainingMin: 45,
    bids: [
      [0, 14900, 4],
      [1, 14700, 12],
    ],
  },
  {
    title: '叉车租赁服务竞价（待定标）',
    status: 'ENDED',
    startOffsetH: -6,
    endOffsetH: -5,
    ceiling: 36000,
    visibility: 'LEAD_PRICE',
    bids: [
      [0, 35800, 6],
      [1, 35500, 18],
      [0, 35200, 40],
    ],
  },
  { title: '办公家具竞价（已取消）', status: 'CANCELLED', startOffsetH: 20, endOffsetH: 21, ceiling: 48000, visibility: 'RANK', bids: [] },
  {
    title: '劳保用品季度竞价',
    status: 'AWARDED',
    startOffsetH: -50,
    endOffsetH: -49,
    ceiling: 86000,
    visibility: 'RANK',
    bids: [
      [1, 85000, 3],
      [0, 84200, 10],
      [1, 83900, 30],
      [0, 83500, 55],
    ],
  },
];

const auctions: DemoStep = {
  name: 'auctions',
  after: ['base:data', 'admin:users', 'supplier:suppliers', 'sourcing:priceWriter'],
  async run(db, demo) {
    const t = typed<AuctionTables>(db);
    const buyer = demo.ids.get('user', 'buyer01');
    const users = [demo.ids.get('user', 'supplier01'), demo.ids.get('user', 'supplier02')];
    const suppliers = [demo.ids.get('supplier', 'S-0001'), demo.ids.get('supplier', 'S-0002')];
    const materials = demo.ids.all('material');
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    for (const [i, d] of AUCTIONS.entries()) {
      const startMs = now + d.startOffsetH * HOUR;
      const endMs = now + d.endOffsetH * HOUR;
      const best = new Map<number, { price: number; count: number; at: number }>();
      for (const [s, price, min] of d.bids) best.set(s, { price, count: (best.get(s)?.count ?? 0) + 1, at: startMs + min * 60_000 });
      const ranked = [...best.entries()].sort((a, b) => a[1].price - b[1].price);
      const winner = d.status === 'AWARDED' ? ranked[0] : undefined;
      const { auction_id: id } = await t
        .insertInto('srm_src_auction')
        .values({
          auction_number: `AU-2026-${String(i + 1).padStart(6, '0')}`,
          title: d.title,
          status: d.status,
          auction_type: 'ENGLISH',
          visibility: d.visibility,
          currency_code: 'CNY',
          start_time: textOf(startMs),
          end_time: textOf(endMs),
          extend_window_seconds: 60,
          extend_seconds: 120,
          max_extends: 5,
          min_decrement: d.ceiling > 1000 ? 50 : 0.1,
          ceiling_price: d.ceiling,
          bid_count: d.bids.length,
          best_price: ranked[0]?.[1].price ?? null,
          awarded_supplier_id: winner ? suppliers[winner[0]] : null,
          awarded_price: winner?.[1].price ?? null,
          awarded_date: winner ? textOf(endMs + HOUR) : null,
          paused_remaining_ms: d.pausedRemainingMin === undefined ? null : d.pausedRemainingMin * 60_000,
          ...auditInsert(buyer),
        })
        .returning('auction_id')
        .executeTakeFirstOrThrow();
      const auctionId = Number(id);
      for (let l = 0; l < 2; l++)
        await t
          .insertInto('srm_src_auction_line')
          .values({
            auction_id: auctionId,
            line_number: (l + 1) * 10,
            material_id: materials[(i * 2 + l) % materials.length],
            quantity: (l + 1) * 100,
            ...auditInsert(buyer),
          })
          .execute();
      for (const [s, supplierId] of suppliers.entries()) {
        const b = best.get(s);
        await t
          .insertInto('srm_src_auction_supplier')
          .values({
            auction_id: auctionId,
            supplier_id: supplierId,
            best_price: b?.price ?? null,
            bid_count: b?.count ?? 0,
            last_bid_ms: b?.at ?? null,
            ...auditInsert(buyer),
          })
          .execute();
      }
      if (d.status === 'DRAFT') continue;
      if (d.status === 'CANCELLED') {
        await appendLog(db, auctionId, buyer, 'PUBLISH', { startTime: textOf(startMs), endTime: textOf(endMs), type: 'ENGLISH', ceiling: d.ceiling });
        await appendLog(db, auctionId, buyer, 'CANCEL', { from: 'PUBLISHED' });
        continue;
      }
      await appendLog(db, auctionId, buyer, 'PUBLISH', { startTime: textOf(startMs), endTime: textOf(endMs), type: 'ENGLISH', ceiling: d.ceiling });
      if (d.bids.length) await appendLog(db, auctionId, buyer, 'START', { at: textOf(startMs) });
      for (const [s, price, min] of d.bids) {
        const at = startMs + min * 60_000;
        const { bid_id: bidId } = await t
          .insertInto('srm_src_auction_bid')
          .values({
            auction_id: auctionId,
            supplier_id: suppliers[s],
            user_id: users[s],
            price,
            round_number: 0,
            bid_kind: 'BID',
            server_time_ms: at,
            ...auditInsert(users[s]),
          })
          .returning('bid_id')
          .executeTakeFirstOrThrow();
        await appendLog(db, auctionId, users[s], 'BID', { supplierId: suppliers[s], price, kind: 'BID', round: 0, serverTimeMs: at }, Number(bidId));
      }
      if (d.status === 'PAUSED')
        await appendLog(db, auctionId, buyer, 'PAUSE', {
          at: startMs + 30 * 60_000,
          remainingMs: (d.pausedRemainingMin ?? 0) * 60_000,
          reason: '供应商网络故障',
        });
      if (d.status === 'ENDED' || winner)
        await appendLog(db, auctionId, buyer, 'END', { at: textOf(endMs), bestPrice: ranked[0]?.[1].price ?? null, bids: d.bids.length });
      if (winner) {
        await appendLog(db, auctionId, buyer, 'AWARD', { supplierId: suppliers[winner[0]], price: winner[1].price, rank: 1, reason: null });
        // The award's price items, split over the lines as the award does (no library price: by quantity).
        const lines = [0, 1].map((l) => ({ materialId: materials[(i * 2 + l) % materials.length], quantity: (l + 1) * 100 }));
        const prices = unitPrices(winner[1].price, lines, new Map());
        const validFrom = textOf(endMs + HOUR).slice(0, 10);
        const validTo = textOf(endMs + HOUR + 364 * 24 * HOUR).slice(0, 10);
        await demo.shared<SourcingApi['recordPriceItems']>('sourcing.recordPriceItems')(
          db,
          lines.map((l, n) => ({
            supplierId: suppliers[winner[0]],
            materialId: l.materialId,
            price: prices[n],
            currencyCode: 'CNY',
            quantity: l.quantity,
            validFrom,
            validTo,
            sourceType: 'AUCTION',
            sourceId: auctionId,
            sourceNumber: `AU-2026-${String(i + 1).padStart(6, '0')}`,
          })),
          buyer,
        );
      }
    }
    await setDocumentCounter(db, 'AU', '2026', AUCTIONS.length);
  },
};

const grants: DemoStep = {
  name: 'grants',
  after: ['admin:users'],
  async run(_db, demo) {
    await demo.grant('BUYER', 'AUCTION_LIST', ['btnAdd', 'btnEdit', 'btnView', 'btnSave', 'btnDelete', 'btnPublish', 'btnCancel']);
    await demo.grant('BUYER', 'AUCTION_HALL', ['btnPause', 'btnExtend', 'btnCloseAuction', 'btnTurn', 'btnAward']);
    await demo.grant('SUPPLIER_PORTAL', 'SUPPLIER_AUCTION_HALL', ['btnBid']);
  },
};

export const auctionDemo: readonly DemoStep[] = [auctions, grants];
