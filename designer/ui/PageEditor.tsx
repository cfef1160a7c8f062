// The page editor: loads a definition (its draft, else the effective one), edits it part by part with
// undo/redo, validates it on the server as it changes, previews it live, and saves/publishes it.
import { Alert, Badge, Button, Empty, Input, Message, Modal, Space, Spin, Tabs, Tag, Tooltip } from '@arco-design/web-react';
import { IconDownload, IconRedo, IconUndo } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageDefinition } from '../../runtime/definitions';
import { findEntity, loadedEntities } from '../../src/app/definitions';
import { announceDefinitionsChanged, designerApi, exportFileName, exportText, listLookupTypes, type DefinitionDetail, type DefinitionError } from '../api';
import { canRedo, canUndo, commit, createHistory, redo, undo, type History } from '../model/history';
import { setIn, type Path } from '../model/path';
import { go } from '../route';
import { ActionsEditor } from './ActionsEditor';
import { ColumnsEditor } from './ColumnsEditor';
import { EditorContext, errorsAt, type EditorApi } from './EditorContext';
import { FormEditor } from './FormEditor';
import { GridOptions } from './GridOptions';
import { TextInputs } from './inputs';
import { LinesEditor } from './LinesEditor';
import { Preview } from './Preview';
import { SearchEditor } from './SearchEditor';
import { textOf } from './text';
import { VersionsPanel } from './VersionsPanel';

export function PageEditor({ name, onChanged }: { name: string; onChanged(): void }) {
  const [detail, setDetail] = useState<DefinitionDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loadToken, setLoadToken] = useState(0);

  useEffect(() => {
    let alive = true;
    designerApi.get(name).then(
      (d) => alive && (setDetail(d), setLoadError(null)),
      (e: unknown) => alive && setLoadError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      alive = false;
    };
  }, [name, loadToken]);

  if (loadError) return <Alert type="error" title={name} content={loadError} data-testid="designer-load-error" />;
  if (!detail) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return (
    <LoadedEditor
      key={`${loadToken}`}
      detail={detail}
      onReload={() => {
        setLoadToken((n) => n + 1);
        onChanged();
      }}
    />
  );
}

function LoadedEditor({ detail, onReload }: { detail: DefinitionDetail; onReload(): void }) {
  const { t, i18n } = useTranslation();
  const name = detail.name;
  const initial = detail.draft ?? detail.effective;
  const [history, setHistory] = useState<History<PageDefinition>>(() => createHistory(initial));
  const [saved, setSaved] = useState<PageDefinition>(initial);
  const [draftVersionNum, setDraftVersionNum] = useState<number | null>(detail.draftVersionNum);
  const [errors, setErrors] = useState<DefinitionError[]>([]);
  const [busy, setBusy] = useState(false);
  const [publishOpen, setPublishOpen] = useState(false);
  const [comment, setComment] = useState('');
  const [tab, setTab] = useState(initial.kind === 'edit' ? 'form' : 'columns');
  const [lookupTypes, setLookupTypes] = useState<string[]>([]);
  const def = history.present;
  // Every module's definitions are loaded before the designer shows (DesignerApp).
  const allEntities = loadedEntities();
  const entity = def.entity ? findEntity(def.entity) : undefined;
  const dirty = def !== saved;

  useEffect(() => {
    listLookupTypes().then(
      (rows) => setLookupTypes(rows.map((r) => r.lookupType)),
      () => setLookupTypes([]),
    );
  }, []);

  // Server validation of the candidate, shortly after each change (meta-schema + cross-checks).
  useEffect(() => {
    let alive = true;
    const timer = setTimeout(() => {
      designerApi.validate(name, def).then(
        (answer) => alive && setErrors(answer.errors ?? []),
        () => undefined,
      );
    }, 400);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [name, def]);

  const set = useCallback((path: Path, value: unknown, mergeKey?: string) => {
    setHistory((h) => commit(h, setIn(h.present, path, value), { mergeKey }));
  }, []);

  const doUndo = useCallback(() => setHistory((h) => undo(h)), []);
  const doRedo = useCallback(() => setHistory((h) => redo(h)), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        doUndo();
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        doRedo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [doUndo, doRedo]);

  // Leaving with unsaved edits asks first (the browser's own dialog).
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (dirtyRef.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const api: EditorApi = useMemo(
    () => ({ def, set, errors, entity, entities: allEntities, lookupTypes }),
    [def, set, errors, entity, allEntities, lookupTypes],
  );

  const saveDraft = async (): Promise<boolean> => {
    setBusy(true);
    try {
      const answer = await designerApi.saveDraft(name, def, draftVersionNum);
      setDraftVersionNum(answer.draftVersionNum);
      setErrors(answer.errors ?? []);
      setSaved(def);
      Message.success(answer.errors?.length ? t('designer.saved.withErrors', { count: answer.errors.length }) : t('designer.saved.ok'));
      return true;
    } catch (e) {
      Message.error(e instanceof Error ? e.message : String(e));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const publish = async () => {
    if (dirty || draftVersionNum === null) {
      if (!(await saveDraft())) return;
    }
    setBusy(true);
    try {
      const answer = await designerApi.publish(name, comment);
      Message.success(t('designer.published', { version: answer.version }));
      setPublishOpen(false);
      setComment('');
      announceDefinitionsChanged();
      onReload();
    } catch (e) {
      Message.error(e instanceof Error ? e.message : String(e));
      const data = (e as { envelope?: { data?: { errors?: DefinitionError[] } } }).envelope?.data;
      if (data?.errors) setErrors(data.errors);
    } finally {
      setBusy(false);
    }
  };

  const exportFile = () => {
    const blob = new Blob([exportText(def)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = exportFileName(name);
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const resolveConflict = async (keep: 'overlay' | 'shipped') => {
    setBusy(true);
    try {
      await designerApi.resolveConflict(name, keep);
      Message.success(t('designer.conflict.resolved'));
      announceDefinitionsChanged();
      onReload();
    } catch (e) {
      Message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const tabErrors = (path: Path) => errorsAt(errors, path).length;
  const tabTitle = (key: string, path: Path) => {
    const n = tabErrors(path);
    return (
      <span data-testid={`designer-tab-${key}`}>
        {t(`designer.tabs.${key}`)}
        {n > 0 && <Badge count={n} dotStyle={{ background: '#f53f3f' }} style={{ marginLeft: 6 }} />}
      </span>
    );
  };
  const isList = def.kind === 'list';
  // Edit pages have a form, lines and buttons; tree/custom pages are edited as JSON here.
  const isForm = def.kind === 'edit';

  return (
    <EditorContext.Provider value={api}>
      <div className="designer-editor" data-testid="designer-editor" data-page={name} data-dirty={dirty ? 'Y' : 'N'}>
        <div className="designer-toolbar designer-editor-bar">
          <Button size="small" onClick={() => go({ screen: 'list' })}>
            {t('designer.back')}
          </Button>
          <div className="designer-editor-name">
            <strong>{textOf(def.title, i18n.language)}</strong>
            <code>{name}</code>
            <Tag size="small">{def.kind}</Tag>
            <Tag size="small" color="arcoblue">
              {def.entity}
            </Tag>
            {detail.publishedVersion !== null && <Tag size="small" color="green" data-testid="designer-published-version">{`v${detail.publishedVersion}`}</Tag>}
            {draftVersionNum !== null && (
              <Tag size="small" color="orange">
                {t('designer.badge.draft')}
              </Tag>
            )}
            {dirty && (
              <Tag size="small" color="red" data-testid="designer-unsaved">
                {t('designer.badge.unsaved')}
              </Tag>
            )}
          </div>
          <span className="designer-header-space" />
          <Tooltip content="Ctrl+Z">
            <Button
              size="small"
              icon={<IconUndo />}
              disabled={!canUndo(history)}
              onClick={doUndo}
              data-testid="designer-undo"
              aria-label={t('designer.undo')}
            />
          </Tooltip>
          <Tooltip content="Ctrl+Shift+Z">
            <Button
              size="small"
              icon={<IconRedo />}
              disabled={!canRedo(history)}
              onClick={doRedo}
              data-testid="designer-redo"
              aria-label={t('designer.redo')}
            />
          </Tooltip>
          <Button size="small" icon={<IconDownload />} onClick={exportFile} data-testid="designer-export">
            {t('designer.export')}
          </Button>
          <Button size="small" loading={busy} onClick={() => void saveDraft()} data-testid="designer-save-draft">
            {t('designer.saveDraft')}
          </Button>
          <Button size="small" type="primary" loading={busy} onClick={() => setPublishOpen(true)} data-testid="designer-publish">
            {t('designer.publish')}
          </Button>
        </div>
        {detail.conflict && (
          <Alert
            type="warning"
            className="designer-conflict"
            data-testid="designer-conflict"
            title={t('designer.conflict.title')}
            content={t('designer.conflict.text')}
            action={
              <Space>
                <Button size="mini" onClick={() => void resolveConflict('overlay')} data-testid="designer-keep-overlay">
                  {t('designer.conflict.keepOverlay')}
                </Button>
                <Button size="mini" status="warning" onClick={() => void resolveConflict('shipped')} data-testid="designer-keep-shipped">
                  {t('designer.conflict.keepShipped')}
                </Button>
              </Space>
            }
          />
        )}
        {errors.length > 0 && (
          <Alert
            type="error"
            className="designer-errors"
            data-testid="designer-errors"
            title={t('designer.errors.title', { count: errors.length })}
            content={
              <ul>
                {errors.slice(0, 8).map((e, i) => (
                  <li key={i}>{e.message}</li>
                ))}
              </ul>
            }
          />
        )}
        <div className="designer-split">
          <section className="designer-pane designer-edit-pane">
            <Tabs activeTab={tab} onChange={setTab} size="small" lazyload destroyOnHide>
              <Tabs.TabPane key="page" title={tabTitle('page', ['title'])}>
                <div className="designer-form-block">
                  <label className="designer-label">{t('designer.page.title')}</label>
                  <TextInputs path={['title']} testId="page-title" />
                  <label className="designer-label">{isList ? t('designer.page.editPage') : t('designer.page.listPage')}</label>
                  <code>{isList ? (def.editPage ?? '—') : (def.listPage ?? '—')}</code>
                </div>
              </Tabs.TabPane>
              {isList && (
                <Tabs.TabPane key="columns" title={tabTitle('columns', ['grid', 'columns'])}>
                  <ColumnsEditor gridPath={['grid']} entity={entity} testId="columns" />
                </Tabs.TabPane>
              )}
              {isList && (
                <Tabs.TabPane key="grid" title={tabTitle('grid', ['grid'])}>
                  <GridOptions gridPath={['grid']} entity={entity} testId="grid-options" />
                </Tabs.TabPane>
              )}
              {isList && (
                <Tabs.TabPane key="search" title={tabTitle('search', ['search'])}>
                  <SearchEditor entity={entity} />
                </Tabs.TabPane>
              )}
              {isList && (
                <Tabs.TabPane key="actions" title={tabTitle('actions', ['grid', 'toolbar'])}>
                  <h4 className="designer-section">{t('designer.actions.toolbar')}</h4>
                  <ActionsEditor path={['grid', 'toolbar']} entity={entity} testId="toolbar" />
                  <h4 className="designer-section">{t('designer.actions.rowActions')}</h4>
                  <ActionsEditor path={['grid', 'rowActions']} entity={entity} testId="row-actions" />
                </Tabs.TabPane>
              )}
              {isForm && (
                <Tabs.TabPane key="form" title={tabTitle('form', ['form'])}>
                  <FormEditor entity={entity} />
                </Tabs.TabPane>
              )}
              {isForm && (
                <Tabs.TabPane key="lines" title={tabTitle('lines', ['lines'])}>
                  <LinesEditor />
                </Tabs.TabPane>
              )}
              {isForm && (
                <Tabs.TabPane key="actions" title={tabTitle('actions', ['actions'])}>
                  <ActionsEditor path={['actions']} entity={entity} testId="page-actions" />
                </Tabs.TabPane>
              )}
              <Tabs.TabPane key="versions" title={<span data-testid="designer-tab-versions">{t('designer.tabs.versions')}</span>}>
                <VersionsPanel
                  name={name}
                  hasShipped={detail.shipped !== null}
                  onChanged={() => {
                    announceDefinitionsChanged();
                    onReload();
                  }}
                  onLoad={(content) => setHistory((h) => commit(h, content))}
                />
              </Tabs.TabPane>
              <Tabs.TabPane key="json" title={<span data-testid="designer-tab-json">{t('designer.tabs.json')}</span>}>
                <pre className="designer-json" data-testid="designer-json">
                  {JSON.stringify(def, null, 2)}
                </pre>
              </Tabs.TabPane>
            </Tabs>
          </section>
          <section className="designer-pane designer-preview-pane">
            <div className="designer-pane-title">{t('designer.preview.title')}</div>
            {entity ? (
              <Preview page={def} entity={entity} entities={allEntities} />
            ) : (
              <Empty description={t('designer.preview.noEntity', { entity: def.entity })} />
            )}
          </section>
        </div>
        <Modal
          visible={publishOpen}
          title={t('designer.publishTitle')}
          onCancel={() => setPublishOpen(false)}
          onOk={() => void publish()}
          confirmLoading={busy}
          okText={t('designer.publish')}
          cancelText={t('designer.cancel')}
          okButtonProps={{ 'data-testid': 'designer-publish-ok' } as Record<string, string>}
        >
          <Input.TextArea placeholder={t('designer.publishComment')} value={comment} onChange={setComment} data-testid="designer-publish-comment" />
          {errors.length > 0 && <Alert type="warning" style={{ marginTop: 8 }} content={t('designer.errors.cannotPublish', { count: errors.length })} />}
        </Modal>
      </div>
    </EditorContext.Provider>
  );
}
