// Screen "redis": which cache store the server uses, what the lookup/profile caches hold, and the
// rebuild of the lookup cache (createLookupRedisCache).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Descriptions, Spin } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { resolveText } from '../../../runtime/text/resolveText';
import { cacheApi, errorText, type CacheInfo } from './cacheApi';
import { StoreBanner } from './StoreBanner';

export function CacheOverview({ page }: CustomPageProps) {
  const env = useRuntimeEnv();
  const api = useMemo(() => cacheApi(env), [env]);
  const [info, setInfo] = useState<CacheInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => api.info().then(setInfo, (e: unknown) => env.notify('error', errorText(e))), [api, env]);
  useEffect(() => void load(), [load]);

  const rebuild = async () => {
    setBusy(true);
    try {
      const r = await api.rebuild();
      env.notify('success', env.t('cacheAdmin.rebuilt', { types: r.types }));
      await load();
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="srm-page" data-page={page.name}>
      <h2 style={{ fontSize: 18, fontWeight: 600, margin: '0 0 12px' }}>{resolveText(page.title, env)}</h2>
      {!info ? (
        <Spin />
      ) : (
        <>
          <StoreBanner store={info.store} env={env} />
          <Descriptions
            border
            column={2}
            style={{ maxWidth: 640, marginBottom: 16 }}
            data={[
              { label: env.t('cacheAdmin.lookupKeys'), value: <span data-testid="cache-lookup-keys">{info.lookupKeys}</span> },
              { label: env.t('cacheAdmin.profileKeys'), value: <span data-testid="cache-profile-keys">{info.profileKeys}</span> },
            ]}
          />
          {env.can('btnRebuild') && (
            <Button type="primary" data-testid="cache-rebuild" loading={busy} onClick={() => void rebuild()}>
              {env.t('cacheAdmin.rebuild')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
