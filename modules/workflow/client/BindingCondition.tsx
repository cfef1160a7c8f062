// The binding's condition (bpmBinding.conditionJson) built in the designer's condition builder, as the
// modeler's branch conditions are: rows of field + operator + value in AND/OR groups, saved as the same
// condition JSON text the binding always stored (data, never script); no condition saves an empty text.
// The fields offered are the bound entity's (findConditionFields {entityName}) plus those the stored
// condition already names (a document fact such as totalAmountCny is no entity field). Read-only: one line.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@arco-design/web-react';
import type { WidgetProps } from '@rjsf/utils';
import { ConditionBuilder } from '../../../designer/ui/ConditionBuilder';
import { describeCondition } from '../../../designer/model/conditions';
import type { Condition } from '../../../runtime/definitions';
import { useRuntimeEnv } from '../../../runtime/env';
import { lendDesignerWords } from './designerWords';

const TASKS = 'bpmServer/v1/bpmTaskRestful';

export default function BindingConditionField({ value, onChange, readonly, disabled, formContext, registry }: WidgetProps) {
  const env = useRuntimeEnv();
  const { i18n } = useTranslation();
  lendDesignerWords(i18n);
  const record = ((formContext ?? registry?.formContext) as { record?: Record<string, unknown> } | undefined)?.record ?? {};
  const entityName = typeof record.entityName === 'string' ? record.entityName.trim() : '';
  const text = typeof value === 'string' ? value.trim() : '';
  const stored = useMemo(() => readStored(text), [text]);
  const [fields, setFields] = useState<string[]>([]);

  useEffect(() => {
    if (!entityName) return setFields([]);
    let alive = true;
    env.api<string[]>(`${TASKS}/findConditionFields`, { entityName }).then(
      (e) => alive && setFields(e.data ?? []),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [env, entityName]);
  const offered = useMemo(() => [...new Set([...fields, ...fieldsOf(stored.condition)])].sort(), [fields, stored]);

  if (readonly || disabled)
    return (
      <div data-testid="bpm-binding-condition-text">{stored.condition ? describeCondition(stored.condition) : text || env.t('designer.condition.none')}</div>
    );
  return (
    <div data-testid="bpm-binding-condition-field" style={{ width: '100%' }}>
      {stored.unreadable && <Alert type="warning" style={{ marginBottom: 8 }} content={env.t('bpm.binding.unreadableCondition', { text })} />}
      <ConditionBuilder
        value={stored.condition}
        fields={offered}
        testId="bpm-binding-condition"
        onChange={(next) => onChange(next === undefined ? '' : JSON.stringify(next))}
      />
    </div>
  );
}

/** The stored text as a condition; `unreadable` when it is text the builder cannot show (the builder then
 *  starts empty and an edit replaces it — the server refuses such text on save anyway). */
function readStored(text: string): { condition: Condition | undefined; unreadable: boolean } {
  if (!text) return { condition: undefined, unreadable: false };
  try {
    const parsed: unknown = JSON.parse(text);
    return isCondition(parsed, 0) ? { condition: parsed, unreadable: false } : { condition: undefined, unreadable: true };
  } catch {
    return { condition: undefined, unreadable: true };
  }
}

/** The condition format's shape (schemas/meta/condition.schema.json): a row, or and/or of conditions, or not. */
function isCondition(c: unknown, depth: number): c is Condition {
  if (depth > 20 || typeof c !== 'object' || c === null || Array.isArray(c)) return false;
  const o = c as Record<string, unknown>;
  const keys = Object.keys(o);
  if ('field' in o) return typeof o.field === 'string' && typeof o.operator === 'string' && keys.every((k) => ['field', 'operator', 'value'].includes(k));
  if (keys.length !== 1) return false;
  if ('not' in o) return isCondition(o.not, depth + 1);
  const list = o.and ?? o.or;
  return Array.isArray(list) && list.length > 0 && list.every((x) => isCondition(x, depth + 1));
}

function fieldsOf(c: Condition | undefined): string[] {
  if (c === undefined) return [];
  if ('field' in c) return [c.field];
  if ('not' in c) return fieldsOf(c.not);
  return ('and' in c ? c.and : c.or).flatMap(fieldsOf);
}
