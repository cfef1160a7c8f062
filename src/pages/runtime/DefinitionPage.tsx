import { Result, Spin } from '@arco-design/web-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RuntimeEnvContext, type Language } from '../../../runtime/env';
import { createEnv, withMenuContext } from '../../app/createEnv';
import { allEntities, findEntity, findPage } from '../../app/definitions';
import { useEffectivePages } from '../../app/effectivePages';
import { loadResources } from '../../app/resources';
import { useRuntime } from '../../app/runtimeModule';
import { useSession } from '../../app/session';
import { resolveText } from '../../app/text';
import { NotFoundContent } from '../misc/NotFound';
import { PageErrorBoundary } from './PageErrorBoundary';

const NONE: ReadonlySet<string> = new Set();

type ResourcesState = { status: 'loading' } | { status: 'ready'; codes: ReadonlySet<string> };

export function DefinitionPage({ pageName, params }: { pageName: string; params: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const navigate = useNavigate();
  const session = useSession();
  const runtime = useRuntime();
  const effective = useEffectivePages();
  const page = findPage(pageName);
  const entity = page?.entity ? findEntity(page.entity) : undefined;
  // The spec's convention: a missing menuId/respId is -1, which holds no buttons.
  const menuId = params.menuId ?? '-1';
  const respId = params.respId ?? String(session?.respId ?? -1);
  const [resources, setResources] = useState<ResourcesState>({ status: 'loading' });

  useEffect(() => {
    if (menuId === '-1') {
      setResources({ status: 'ready', codes: NONE });
      return;
    }
    let alive = true;
    loadResources(menuId, respId).then(
      (codes) => alive && setResources({ status: 'ready', codes }),
      // Without the list the page still opens, read-only: every can() answers false.
      () => alive && setResources({ status: 'ready', codes: NONE }),
    );
    return () => {
      alive = false;
    };
  }, [menuId, respId]);

  const env = useMemo(
    () =>
      createEnv({
        t,
        language,
        resources: resources.status === 'ready' ? resources.codes : NONE,
        navigate: (to, options) => navigate(withMenuContext(to, params), options),
      }),
    [t, language, resources, navigate, params],
  );

  if (!page && !effective.ready) return <Spin className="srm-page-loading" tip={t('shell.page.loading')} />;
  if (!page) return <NotFoundContent />;
  const title = resolveText(page.title, t, language);
  if (!entity && page.kind !== 'custom') {
    return <Result status="error" title={title} subTitle={t('shell.page.entityMissing', { entity: page.entity ?? '' })} />;
  }
  if (runtime.status === 'loading' || resources.status === 'loading') {
    return <Spin className="srm-page-loading" tip={t('shell.page.loading')} />;
  }
  if (runtime.status === 'failed') {
    return <Result status="error" title={title} subTitle={t('shell.page.runtimeFailed', { message: runtime.error.message })} />;
  }
  const { PageRenderer, CustomPageRenderer } = runtime.module;
  return (
    <RuntimeEnvContext.Provider value={env}>
      <PageErrorBoundary title={t('shell.page.failed', { title })}>
        <div className="srm-page-surface">
          {entity && page.kind !== 'custom' ? (
            <PageRenderer page={page} entity={entity} entities={allEntities} query={params} />
          ) : (
            <CustomPageRenderer page={page} entities={allEntities} query={params} />
          )}
        </div>
      </PageErrorBoundary>
    </RuntimeEnvContext.Provider>
  );
}
