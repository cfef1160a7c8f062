// Live preview: the runtime renders the definition being edited with the real signed API (real data).
// Only reading calls go out; a button that would change data says so instead (the designer is not the
// place to change business records by accident).
import { Alert, Spin } from '@arco-design/web-react';
import { Component, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDefinition, PageDefinition } from '../../runtime/definitions';
import { ApiError, RuntimeEnvContext, type Envelope, type Language, type RuntimeEnv } from '../../runtime/env';
import { resolveText } from '../../runtime/text/resolveText';
import { confirmDialog, notify } from '../../src/app/createEnv';
import { http } from '../../src/app/http';
import { useRuntime } from '../../src/app/runtimeModule';

const READ_ACTIONS = new Set(['listByPage', 'findById', 'findDic', 'findByRespAndMenu', 'getCurrentUser', 'limits', 'findByIds']);

const actionOf = (path: string) => path.split('?')[0].split('/').filter(Boolean).pop() ?? '';

/** Calls that answer a list (listByPage, listMine, …): an empty one is a fair preview of rows one may not read. */
export function isListCall(path: string): boolean {
  return actionOf(path).startsWith('list');
}

export function isReadCall(path: string): boolean {
  const action = actionOf(path);
  return READ_ACTIONS.has(action) || action.startsWith('find') || action.startsWith('list') || action.startsWith('get');
}

class PreviewBoundary extends Component<{ children: ReactNode; fallback(error: Error): ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

export function Preview({
  page,
  entity,
  entities,
}: {
  page: PageDefinition;
  entity: EntityDefinition | undefined;
  entities: Readonly<Record<string, EntityDefinition>>;
}) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  // Typing in a title should not reload the grid on every key: the preview follows 300 ms later.
  const [shown, setShown] = useState(page);
  useEffect(() => {
    const timer = setTimeout(() => setShown(page), 300);
    return () => clearTimeout(timer);
  }, [page]);
  const [forbidden, setForbidden] = useState(false);
  const env = useMemo<RuntimeEnv>(
    () => ({
      api: <T,>(path: string, body?: unknown): Promise<Envelope<T>> => {
        if (!isReadCall(path)) return Promise.reject(new ApiError(t('designer.preview.readOnly'), 200));
        if (!isListCall(path)) return http.api(path, body);
        // A designer may shape a screen whose data they may not read: the preview then shows the layout
        // with no rows and says why once, instead of a no-permission page or a toast per call.
        return http.api<T>(path, body).catch((e: unknown): Envelope<T> => {
          if (!(e instanceof ApiError) || e.httpStatus !== 403) throw e;
          setForbidden(true);
          return { status: 'S', msg: '', data: [] as never, page: { count: 0, curIndex: 1, pageRows: 0 } };
        });
      },
      notify,
      confirm: (message) => confirmDialog(message, t),
      navigate: (to) => notify('info', t('designer.preview.navigate', { to })),
      t: (key, options) => t(key, options ?? {}),
      language: i18n.language as Language,
      can: () => true,
      download: (path, options) => http.download(path, options),
    }),
    [t, i18n.language],
  );
  const key = useMemo(() => JSON.stringify(shown), [shown]);

  if (!entity) return <Alert type="warning" content={t('designer.preview.noEntity', { entity: page.entity })} />;
  if (runtime.status === 'loading') return <Spin />;
  if (runtime.status === 'failed') return <Alert type="error" content={runtime.error.message} />;
  const { PageRenderer } = runtime.module;
  return (
    <div className="designer-preview" data-testid="designer-preview">
      {forbidden && (
        <Alert
          type="info"
          className="designer-preview-note"
          data-testid="designer-preview-forbidden"
          content={t('designer.preview.forbidden', { entity: resolveText(entity.label, env, entity.name) })}
        />
      )}
      <RuntimeEnvContext.Provider value={env}>
        <PreviewBoundary
          key={key}
          fallback={(error) => <Alert type="error" title={t('designer.preview.failed')} content={error.message} data-testid="designer-preview-error" />}
        >
          <PageRenderer page={shown} entity={entity} entities={entities} query={{}} />
        </PreviewBoundary>
      </RuntimeEnvContext.Provider>
    </div>
  );
}
