import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { dirtyAttribute, sameRecord, unsavedFields } from './unsaved.js';
import { Button, Spin } from '@arco-design/web-react';
import type Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import type { Action } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import type { Row } from '../data/dataProvider.js';
import { EntityForm } from '../form/EntityForm.js';
import { buildFormSchema, emptyRecord } from '../form/schema.js';
import type { FormContext } from '../form/widgets.js';
import { actions as actionRegistry, editAddons } from '../registry/index.js';
import type { ActionContext, PageProps } from '../registry/types.js';
import { resolveText } from '../text/resolveText.js';
import { ActionBar, visibleActions } from './ActionBar.js';
import { runAction } from './actions.js';
import { stripDisplay } from './stripDisplay.js';
import { pageUrl } from './routing.js';
import { PageRefusal, refusalOf, type Refusal } from './PageRefusal.js';
import { LineGrid } from './LineGrid.js';
import { validateLines } from './lineValidation.js';
import { TreeSection } from '../tree/TreeSection.js';
import { takenErrors, useTakenValues } from '../form/uniqueCheck.js';
import { useDataProvider, useLatest } from '../data/useDataProvider.js';

export function EditPage({ page, entity, entities, query }: PageProps) {
  const env = useRuntimeEnv();
  const provider = useDataProvider(entity);
  // The load reports through the latest environment; a new environment must not reload and lose the edits.
  const envNow = useLatest(env);
  const id = query.id;
  const readOnly = query.mode === 'view';
  const [record, setRecord] = useState<Row | null>(null);
  // The record as loaded or saved: what the user's edits are measured against.
  const [stored, setStored] = useState<Row | null>(null);
  const recordShown = useRef(false);
  const showRecord = useCallback((r: Row) => {
    recordShown.current = true;
    setRecord(r);
    setStored(r);
  }, []);
  // What the form holds now and which record that is: loading the same record again in another language
  // keeps unsaved edits.
  const shown = useLatest({ record, stored, id: query.id });
  const loadedBy = useRef<{ id: string | undefined; provider: unknown } | null>(null);
  const showLoaded = useCallback(
    (r: Row, by: unknown) => {
      const { record: now, stored: was, id: nowId } = shown.current;
      // The same record asked again by a new provider (the language changed): the fresh record, its display
      // texts in the new language, with the user's unsaved fields on top. Any other load (another record, a
      // reload after an action) shows what the server holds; a save shows what it stored (showRecord).
      const again = loadedBy.current !== null && loadedBy.current.id === nowId && loadedBy.current.provider !== by;
      const edited = again && now && was ? unsavedFields(now, was) : {};
      loadedBy.current = { id: nowId, provider: by };
      recordShown.current = true;
      setRecord({ ...r, ...edited });
      setStored(r);
    },
    [shown],
  );
  const [loading, setLoading] = useState(false);
  // A record that cannot be loaded (not found, not the user's, no permission): the page says so and
  // offers no form and no buttons but back.
  const [refused, setRefused] = useState<Refusal | null>(null);
  const [lineSelection, setLineSelection] = useState<Record<string, number[]>>({});
  const formRef = useRef<Form<Row, RJSFSchema, FormContext>>(null);

  const load = useCallback(async () => {
    if (!id) {
      const blank = emptyRecord(entity);
      setRecord((r) => r ?? blank);
      setStored((r) => r ?? blank);
      return;
    }
    setLoading(true);
    try {
      // Keys are bigint identities: send them as JSON numbers while they fit, as the list answers do.
      showLoaded(await provider.findById(/^\d{1,15}$/.test(id) ? Number(id) : id), provider);
      setLineSelection({});
      setRefused(null);
    } catch (e) {
      // A reload of a shown record (after an action) that fails keeps the form: the toast says why.
      if (recordShown.current) envNow.current.notify('error', e instanceof Error ? e.message : String(e));
      else setRefused(refusalOf(e, true));
    } finally {
      setLoading(false);
    }
  }, [id, provider, entity, envNow, showLoaded]);

  useEffect(() => {
    void load();
  }, [load]);

  // One empty object while nothing is loaded, so the memos below do not recompute on every render.
  const current = useMemo(() => record ?? {}, [record]);
  const statusField = entity.status?.field;
  // Lines follow the header's editable states (entity.status.editableIn), like the server's saveOrUpdate.
  const linesReadOnly =
    readOnly ||
    (statusField !== undefined && entity.status?.editableIn !== undefined && !entity.status.editableIn.includes(String(current[statusField] ?? '')));
  const built = useMemo(() => buildFormSchema(page, entity, env, { record: current, readOnly, entities }), [page, entity, env, current, readOnly, entities]);
  const taken = useTakenValues(page, entity, provider, current, env, !readOnly && record !== null);

  const dirty = !readOnly && record !== null && !sameRecord(record, stored);
  // After a save the lines refused, every empty required cell is marked, not only the touched ones.
  const [revealLines, setRevealLines] = useState(false);
  const validate = () => {
    const formOk = formRef.current?.validateForm() ?? true;
    const lineErrors = validateLines(page, entity, entities, current, env);
    if (lineErrors.length > 0) setRevealLines(true);
    const takenMessages = Object.values(taken);
    if (lineErrors.length > 0) env.notify('error', lineErrors.slice(0, 3).join('\n'));
    else if (takenMessages.length > 0) env.notify('error', takenMessages.join('\n'));
    else if (!formOk) env.notify('error', env.t('messages.invalidForm'));
    return formOk && lineErrors.length === 0 && takenMessages.length === 0;
  };
  // A record the pre-action save inserted: the page moves to its address once the action is done.
  const created = useRef<string | number | undefined>(undefined);
  // Unsaved edits are saved before an action acts on the record (runtime/pages/unsavedActions.ts), with
  // the page's own save button: its resource is what lets the server take the save.
  const saveEdits = async (): Promise<Row | undefined> => {
    if (!visibleActions(page.actions, current, env.can).some((a) => a.type === 'save')) {
      env.notify('warning', env.t('messages.unsavedNotSavable'));
      return undefined;
    }
    if (!validate()) return undefined;
    const isNew = current[entity.key] === undefined || current[entity.key] === null;
    const saved = await provider.saveOrUpdate(stripDisplay(current, { entity }));
    showRecord(saved);
    const key = saved[entity.key];
    if (isNew && (typeof key === 'string' || typeof key === 'number')) created.current = key;
    return saved;
  };

  const context = (action: Action, lineName?: string): ActionContext => ({
    env,
    action,
    page,
    entity,
    provider,
    query,
    record: current,
    selection: lineName
      ? (lineSelection[lineName] ?? []).map((i) => (current[lineName] as Row[] | undefined)?.[i]).filter((r): r is Row => r !== undefined)
      : [],
    reload: load,
    validate,
    applyRecord: showRecord,
    unsaved: { dirty, save: saveEdits },
    lines: lineName
      ? {
          add: () => {
            const decl = entity.lines?.find((l) => l.name === lineName);
            const lineEntity = decl ? entities[decl.entity] : undefined;
            const rows = (current[lineName] as Row[] | undefined) ?? [];
            setRecord({ ...current, [lineName]: [...rows, lineEntity ? emptyRecord(lineEntity) : {}] });
          },
          removeSelected: () => {
            const drop = new Set(lineSelection[lineName] ?? []);
            const rows = (current[lineName] as Row[] | undefined) ?? [];
            setRecord({ ...current, [lineName]: rows.filter((_, i) => !drop.has(i)) });
            setLineSelection((s) => ({ ...s, [lineName]: [] }));
          },
        }
      : undefined,
  });
  const run = async (action: Action, lineName?: string) => {
    created.current = undefined;
    await runAction(actionRegistry.get(action.type), context(action, lineName));
    if (created.current !== undefined) env.navigate(pageUrl(page.name, { id: created.current, mode: 'edit' }, query), { replace: true });
  };

  // View mode changes nothing typed: saving goes, but state transitions on the stored record (approve,
  // reject) stay — an approver holds no edit right and reaches documents only in view mode.
  const edits = (a: Action) => a.type === 'save' || a.operation === 'saveOrUpdate' || a.operation === 'doBatchSaveOrUpdate';
  // Operations an addon stands in for (a running process takes over approve / reject): not offered here.
  const [hidden, setHidden] = useState<Readonly<Record<string, readonly string[]>>>({});
  const addons = useMemo(
    () =>
      editAddons
        .names()
        .map((name) => ({ name, def: editAddons.get(name) }))
        .sort((a, b) => a.def.order - b.def.order || a.name.localeCompare(b.name)),
    [],
  );
  const hiders = useMemo(
    () =>
      Object.fromEntries(
        addons.map(({ name }) => [name, (ops: readonly string[]) => setHidden((h) => (sameList(h[name] ?? [], ops) ? h : { ...h, [name]: [...ops] }))]),
      ),
    [addons],
  );
  const hiddenOps = new Set(Object.values(hidden).flat());
  const pageActions = (readOnly ? (page.actions ?? []).filter((a) => !edits(a)) : (page.actions ?? [])).filter(
    (a) => a.operation === undefined || !hiddenOps.has(a.operation),
  );

  if (refused) {
    const backAction = (page.actions ?? []).find((a) => a.type === 'back');
    const listPage = page.listPage;
    return (
      <div className="srm-page srm-edit-page" data-page={page.name} data-load="refused">
        <h2 style={{ fontSize: 18, fontWeight: 600, margin: '0 0 12px' }}>{resolveText(page.title, env)}</h2>
        <PageRefusal
          refusal={refused}
          extra={
            <>
              {refused.kind === 'failed' && (
                <Button type="primary" data-testid="refusal-retry" onClick={() => void load()}>
                  {env.t('actions.refresh')}
                </Button>
              )}
              {backAction && listPage && (
                <Button data-testid="refusal-back" onClick={() => env.navigate(pageUrl(listPage, {}, query))}>
                  {resolveText(backAction.label, env, backAction.name)}
                </Button>
              )}
            </>
          }
        />
      </div>
    );
  }

  return (
    <div className="srm-page srm-edit-page" data-page={page.name} {...dirtyAttribute(dirty)}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 12 }}>
        <h2 style={{ fontSize: 18, fontWeight: 600, margin: 0 }}>{resolveText(page.title, env)}</h2>
        <ActionBar actions={pageActions} record={current} selectionCount={0} onRun={(a) => run(a)} />
      </div>
      {addons.map(({ name, def }) => (
        <def.component key={name} page={page} entity={entity} query={query} record={id ? stored : null} reload={load} hideOperations={hiders[name]} />
      ))}
      <Spin loading={loading} style={{ display: 'block' }}>
        {record && (
          <>
            <EntityForm
              ref={formRef}
              entityName={entity.name}
              schema={built.schema}
              uiSchema={built.uiSchema}
              formData={record}
              onChange={(data) => setRecord(data)}
              extraErrors={takenErrors(taken)}
            />
            {(page.lines ?? []).map((line) => (
              <LineGrid
                key={line.name}
                tableName={`${page.name}#${line.name}`}
                line={line}
                entity={entity}
                entities={entities}
                record={record}
                readOnly={linesReadOnly}
                selected={lineSelection[line.name] ?? []}
                onSelectionChange={(s) => setLineSelection((m) => ({ ...m, [line.name]: s }))}
                onRowsChange={(rows) => setRecord({ ...record, [line.name]: rows })}
                onRun={(a) => run(a, line.name)}
                revealProblems={revealLines}
              />
            ))}
            {/* Trees hang off the stored record: a new one shows them after its first save. */}
            {id &&
              (page.trees ?? []).map((tree) => (
                <TreeSection key={tree.name} tree={tree} provider={provider} id={/^\d{1,15}$/.test(id) ? Number(id) : id} readOnly={readOnly} />
              ))}
          </>
        )}
      </Spin>
    </div>
  );
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
