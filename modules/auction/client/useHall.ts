// The hall's clock and live state, shared by the supplier's and the buyer's screens: the countdown runs on
// the offset between the server's time (from the last answer or frame) and the browser's, so a wrong
// browser clock never shows a wrong end; frames of this auction (type "auction" on /srm-ws) replace what
// is shown when their log number is newer; the socket state comes from the shell's live socket.
import { useCallback, useEffect, useRef, useState } from 'react';
import { hasService, service } from '../../../runtime/registry/services';

export interface LiveData {
  auctionId: number;
  status: string;
  endTime: string;
  endTimeMs: number;
  serverTime: number;
  logSeq: number;
  extendCount: number;
  maxExtends: number;
  roundNumber: number;
  roundPrice: number | null;
  event?: string;
  rank?: number | null;
  ownBest?: number | null;
  leadPrice?: number | null;
}

/** Loads the auction through `load`, follows its frames, ticks every 250 ms. */
export function useHall<T extends LiveData>(auctionId: number | null, load: (id: number) => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(Date.now());
  const [banner, setBanner] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const seq = useRef(0);

  const reload = useCallback(async () => {
    if (!auctionId) return;
    const d = await load(auctionId);
    seq.current = d.logSeq;
    setOffset(d.serverTime - Date.now());
    setData(d);
  }, [auctionId, load]);

  useEffect(() => {
    setData(null);
    void reload().catch(() => undefined);
  }, [reload]);

  useEffect(() => {
    if (!auctionId || !hasService('live')) return;
    const off = service('live').subscribe('auction', (raw) => {
      const f = raw as LiveData;
      if (f.auctionId !== auctionId || f.logSeq < seq.current) return;
      seq.current = f.logSeq;
      setOffset(f.serverTime - Date.now());
      if (f.event === 'extend' || f.event === 'manualExtend') setBanner(f.endTime);
      // The frame has the clock and rank; the rest (bid history) is read again.
      setData((d) => (d ? { ...d, ...f } : d));
      void reload().catch(() => undefined);
    });
    const onReset = service('live').subscribe('reset', () => void reload().catch(() => undefined));
    return () => {
      off();
      onReset();
    };
  }, [auctionId, reload]);

  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
      setConnected(document.documentElement.dataset.srmLive === 'open');
    }, 250);
    return () => clearInterval(timer);
  }, []);

  const serverNow = now + offset;
  const remainingMs = data ? Math.max(0, data.endTimeMs - serverNow) : 0;
  return { data, reload, remainingMs, banner, clearBanner: () => setBanner(null), connected, serverNow };
}

export function formatRemaining(ms: number): string {
  const s = Math.ceil(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${h > 0 ? `${h}:` : ''}${pad(m)}:${pad(s % 60)}`;
}

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
export const AUCTION = 'srmServer/v1/srmSrcAuctionRestful';
