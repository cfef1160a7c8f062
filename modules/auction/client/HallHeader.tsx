// The top of both halls: title, status, the server-synchronised countdown, the connection state and the
// extension banner.
import { Alert, Space, Tag, Typography } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import { formatRemaining } from './useHall';

interface Props {
  title: string;
  status: string;
  remainingMs: number;
  connected: boolean;
  banner: string | null;
  extendCount: number;
  maxExtends: number;
  onCloseBanner(): void;
}

export function HallHeader(p: Props) {
  const env = useRuntimeEnv();
  const running = p.status === 'RUNNING';
  return (
    <div style={{ marginBottom: 12 }}>
      <Space size="large" align="center" wrap>
        <Typography.Title heading={5} style={{ margin: 0 }}>
          {p.title}
        </Typography.Title>
        <Tag color={running ? 'green' : 'gray'} data-testid="hall-status">
          {env.t(`auctionHall.status.${p.status}`)}
        </Tag>
        <span
          data-testid="hall-countdown"
          style={{ fontSize: 28, fontVariantNumeric: 'tabular-nums', color: running && p.remainingMs < 60_000 ? '#f53f3f' : undefined }}
        >
          {running || p.status === 'PUBLISHED' ? formatRemaining(p.remainingMs) : '--:--'}
        </span>
        <span>{env.t('auctionHall.extensions', { count: p.extendCount, max: p.maxExtends })}</span>
        <Tag color={p.connected ? 'arcoblue' : 'orangered'} data-testid="hall-connection">
          {env.t(p.connected ? 'auctionHall.connected' : 'auctionHall.disconnected')}
        </Tag>
      </Space>
      {p.banner && (
        <Alert
          type="warning"
          closable
          onClose={p.onCloseBanner}
          style={{ marginTop: 8 }}
          data-testid="hall-extension-banner"
          content={env.t('auctionHall.extended', { endTime: p.banner })}
        />
      )}
    </div>
  );
}
