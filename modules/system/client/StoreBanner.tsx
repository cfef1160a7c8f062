import { Alert, Tag } from '@arco-design/web-react';
import type { RuntimeEnv } from '../../../runtime/env';
import type { StoreKind } from './cacheApi';

/** Says which store the server's cache is in (SPEC: "say so" when it is the in-memory one). */
export function StoreBanner({ store, env }: { store: StoreKind; env: RuntimeEnv }) {
  return (
    <Alert
      data-testid="cache-store"
      data-store={store}
      type={store === 'redis' ? 'success' : 'warning'}
      style={{ marginBottom: 12 }}
      title={
        <span>
          {env.t('cacheAdmin.store')}: <Tag color={store === 'redis' ? 'red' : 'orange'}>{env.t(`cacheAdmin.${store}`)}</Tag>
        </span>
      }
      content={env.t(store === 'redis' ? 'cacheAdmin.redisNote' : 'cacheAdmin.memoryNote')}
    />
  );
}
