// The auction chooser at the top of both halls: number, title and status of each auction one may watch.
import { Select, Space } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';

export interface PickableAuction {
  auctionId: number;
  auctionNumber: string;
  title: string;
  status: string;
}

export function AuctionPicker({ auctions, value, onChange }: { auctions: readonly PickableAuction[]; value: number | null; onChange(id: number): void }) {
  const env = useRuntimeEnv();
  return (
    <Space style={{ marginBottom: 12 }}>
      <span>{env.t('auctionHall.choose')}</span>
      <Select style={{ width: 420 }} value={value ?? undefined} onChange={(v: number) => onChange(v)} data-testid="hall-auction-select">
        {auctions.map((a) => (
          <Select.Option key={a.auctionId} value={a.auctionId}>
            {`${a.auctionNumber} ${a.title} (${env.t(`auctionHall.status.${a.status}`)})`}
          </Select.Option>
        ))}
      </Select>
    </Space>
  );
}
