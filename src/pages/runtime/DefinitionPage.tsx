import { Button, Result, Spin } from '@arco-design/web-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RuntimeEnvContext, type Language } from '../../../runtime/env';
import { startFirstListPage } from '../../../runtime/data/firstListPage';
import { createEnv, withMenuContext } from '../../app/createEnv';
import { loadPageDefinitions, pageSummary, peekPageDefinitions, type PageDefinitions } from '../../app/definitions';
import { useEffectivePages } from '../../app/effectivePages';
import { loadResources } from '../../app/resources';
import { useRuntime } from '../../app/runtimeModule';
import { useSession } from '../../app/session';
import { resolveText } from '../../app/text';
import { NotFoundContent } from '../misc/NotFound';
import { PageErrorBoundary } from './PageErrorBoundary';

const NONE: ReadonlySet<string> = new Set();

type ResourcesState = { status: 'loading' } | { status: 'ready'; codes: ReadonlySet<string> };

type DefinitionsState = { status: 'loading' } | { status: 'ready'; defs: PageDefinitions } | { status: 'missing' } | { status: 'failed'; error: Error };

function peekState(pageName: string): DefinitionsState {
  const defs = peekPageDefinitions(pageName);
  return defs ? { status: 'ready', defs } : defs === null ? { status: 'missing' } : { status: 'loading' };
}

const sameState = (a: DefinitionsState, b: DefinitionsState) => a.status === b.status && (a.status !== 'ready' || a.defs === (b as typeof a).defs);

/**
 * The page's definitions: at once when its modules are loaded, else after loading them (docs/runtime.md
 * "Definitions by module"). Asks again when the designer's published pages change, and on `retry`.
 */
function usePageDefinitions(pageName: string, generation: number, attempt: number): DefinitionsState {
  const key = `${generation}/${attempt}/${pageName}`;
  const [state, setState] = useState<{ key: string; value: DefinitionsState }>(() => ({ key, value: peekState(pageName) }));
  useEffect(() => {
    const now = peekState(pageName);
    setState((s) => (s.key === key && sameState(s.value, now) ? s : { key, value: now }));
    if (now.status !== 'loading') return;
    let alive = true;
    loadPageDefinitions(pageName).then(
      (defs) => alive && setState({ key, value: defs ? { status: 'ready', defs } : { status: 'missing' } }),
      (error: unknown) => alive && setState({ key, value: { status: 'failed', error: error instanceof Error ? error : new Error(String(error)) } }),
    );
    return () => {
      alive = false;
    };
  }, [key, pageName]);
  return state.key === key ? state.value : peekState(pageName);
}

export function DefinitionPage({ pageName, params }: { pageName: string; params: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const navigate = useNavigate();
  const session = useSession();
  const runtime = useRuntime();
  const effective = useEffectivePages();
  const [attempt, setAttempt] = useState(0);
  const definitions = usePageDefinitions(pageName, effective.generation, attempt);
  const page = definitions.status === 'ready' ? definitions.defs.page : undefined;
  const entity = definitions.status === 'ready' ? definitions.defs.entity : undefined;
  const entities = definitions.status === 'ready' ? definitions.defs.entities : undefined;
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

  // A list page's first page is asked as soon as the page's definitions are known: with its permissions and
  // before the page draws, not after (runtime/data/firstListPage.ts). Started while rendering so that the
  // list page mounting in this same render gets it; once per page opened (a later language change is the
  // list page's own reload).
  const api = env.api;
  const firstPage = useMemo(() => (page && entity ? startFirstListPage(page, entity, { api }) : undefined), [page, entity, api]);

  if (definitions.status === 'failed') {
    // A definitions chunk did not load (network): the next open of the page, or this button, tries again.
    const summary = pageSummary(pageName);
    return (
      <Result
        status="error"
        data-testid="page-definitions-failed"
        title={summary ? resolveText(summary.title, t, language) : t('shell.page.definitionsFailedTitle')}
        subTitle={t('shell.page.definitionsFailed', { message: definitions.error.message })}
        extra={
          <Button type="primary" data-testid="page-definitions-retry" onClick={() => setAttempt((n) => n + 1)}>
            {t('shell.page.retry')}
          </Button>
        }
      />
    );
  }
  // An unknown name may still be a page published in the designer: wait for the published pages first.
  if (definitions.status === 'loading' || (definitions.status === 'missing' && !effective.ready)) {
    return <Spin className="srm-page-loading" tip={t('shell.page.loading')} />;
  }
  if (!page || !entities) return <NotFoundContent />;
  const title = resolveText(page.title, t, language);
  // Custom and dashboard pages have no entity of their own (a dashboard's widgets name theirs).
  const entityless = page.kind === 'custom' || page.kind === 'dashboard';
  if (!entity && !entityless) {
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
          {entity && !entityless ? (
            <PageRenderer page={page} entity={entity} entities={entities} query={params} firstPage={firstPage} />
          ) : (
            <CustomPageRenderer page={page} entities={entities} query={params} />
          )}
        </div>
      </PageErrorBoundary>
    </RuntimeEnvContext.Provider>
  );
}
