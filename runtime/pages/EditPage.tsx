import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { dirtyAttribute, sameRecord } from './unsaved.js';
import { Spin } from '@arco-design/web-react';
import type Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import type { Action } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import { createDataProvider, type Row } from '../data/dataProvider.js';
import { EntityForm } from '../form/EntityForm.js';
import { buildFormSchema, emptyRecord } from '../form/schema.js';
import type { FormContext } from '../form/widgets.js';
import { actions as actionRegistry } from '../registry/index.js';
import type { ActionContext, PageProps } from '../registry/types.js';
import { resolveText } from '../text/resolveText.js';
import { ActionBar } from './ActionBar.js';
import { runAction } from './actions.js';
import { LineGrid } from './LineGrid.js';
import { validateLines } from './lineValidation.js';
import { TreeSection } from '../tree/TreeSection.js';
import { takenErrors, useTakenValues } from '../form/uniqueCheck.js';

export function EditPage({ page, entity, entities, query }: PageProps) {
  const env = useRuntimeEnv();
  const provider = useMemo(() => createDataProvider(env, entity), [env, entity]);
  const id = query.id;
  const readOnly = query.mode === 'view';
  const [record, setRecord] = useState<Row | null>(null);
  // The record as loaded or saved: what the user's edits are measured against.
  const [stored, setStored] = useState<Row | null>(null);
  const showRecord = useCallback((r: Row) => {
    setRecord(r);
    setStored(r);
  }, []);
  const [loading, setLoading] = useState(false);
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
      showRecord(await provider.findById(/^\d{1,15}$/.test(id) ? Number(id) : id));
      setLineSelection({});
    } catch (e) {
      env.notify('error', e instanceof Error ? e.message : String(e));
    } finally {
      setLoading(false);
    }
  }, [id, provider, entity, env, showRecord]);

  useEffect(() => {
    void load();
  }, [load]);

  const current = record ?? {};
  const statusField = entity.status?.field;
  // Lines follow the header's editable states (entity.status.editableIn), like the server's saveOrUpdate.
  const linesReadOnly =
    readOnly || (statusField !== undefined && entity.status?.editableIn !== undefined && !entity.status.editableIn.includes(String(current[statusField] ?? '')));
  const built = useMemo(() => buildFormSchema(page, entity, env, { record: current, readOnly, entities }), [page, entity, env, current, readOnly, entities]);
  const taken = useTakenValues(page, entity, provider, current, env, !readOnly && record !== null);

  const context = (action: Action, lineName?: string): ActionContext => ({
    env,
    action,
    page,
    entity,
    provider,
    query,
    record: current,
    selection: lineName ? (lineSelection[lineName] ?? []).map((i) => (current[lineName] as Row[] | undefined)?.[i]).filter((r): r is Row => r !== undefined) : [],
    reload: load,
    validate: () => {
      const formOk = formRef.current?.validateForm() ?? true;
      const lineErrors = validateLines(page, entity, entities, current, env);
      const takenMessages = Object.values(taken);
      if (lineErrors.length > 0) env.notify('error', lineErrors.slice(0, 3).join('\n'));
      else if (takenMessages.length > 0) env.notify('error', takenMessages.join('\n'));
      else if (!formOk) env.notify('error', env.t('messages.invalidForm'));
      return formOk && lineErrors.length === 0 && takenMessages.length === 0;
    },
    applyRecord: showRecord,
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
  const run = (action: Action, lineName?: string) => runAction(actionRegistry.get(action.type), context(action, lineName));

  // View mode changes nothing typed: saving goes, but state transitions on the stored record (approve,
  // reject) stay — an approver holds no edit right and reaches documents only in view mode.
  const edits = (a: Action) => a.type === 'save' || a.operation === 'saveOrUpdate' || a.operation === 'doBatchSaveOrUpdate';
  const pageActions = readOnly ? (page.actions ?? []).filter((a) => !edits(a)) : page.actions;

  return (
    <div className="srm-page srm-edit-page" data-page={page.name} {...dirtyAttribute(!readOnly && record !== null && !sameRecord(record, stored))}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 12 }}>
        <h2 style={{ fontSize: 18, fontWeight: 600, margin: 0 }}>{resolveText(page.title, env)}</h2>
        <ActionBar actions={pageActions} record={current} selectionCount={0} onRun={(a) => run(a)} />
      </div>
      <Spin loading={loading} style={{ display: 'block' }}>
        {record && (
          <>
            <EntityForm ref={formRef} entityName={entity.name} schema={built.schema} uiSchema={built.uiSchema} formData={record} onChange={(data) => setRecord(data)} extraErrors={takenErrors(taken)} />
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
