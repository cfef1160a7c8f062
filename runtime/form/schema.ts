// Entity definition + page form → JSON Schema and uiSchema for rjsf (pure; unit-tested).
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { EntityDefinition, Field, PageDefinition } from '../definitions.js';
import type { RuntimeEnv } from '../env.js';
import { evaluateCondition, type RecordLike } from '../../meta/conditions.js';
import { fieldLabel, findField, resolveText } from '../text/resolveText.js';

export type FormField = NonNullable<PageDefinition['form']>['fields'][number];
export type WidgetName = NonNullable<FormField['widget']>;

export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
export const DATETIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$';

export function defaultWidget(field: Field | undefined): WidgetName {
  if (!field) return 'text';
  if (field.lookup) return 'lookup';
  switch (field.type) {
    case 'yn':
      return 'checkbox';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'integer':
    case 'decimal':
      return 'number';
    case 'text':
      return 'textarea';
    case 'attachments':
      return 'attachment';
    default:
      return 'text';
  }
}

function propertySchema(field: Field | undefined, widget: WidgetName, title: string, required: boolean): RJSFSchema {
  const nullable = (t: 'string' | 'number' | 'integer'): RJSFSchema['type'] => (required ? t : [t, 'null']);
  if (widget === 'checkbox' || field?.type === 'yn') return { title, type: nullable('string'), enum: required ? ['Y', 'N'] : ['Y', 'N', null] };
  if (field?.type === 'integer' || field?.type === 'decimal' || field?.type === 'id') {
    const s: RJSFSchema = { title, type: nullable(field.type === 'decimal' ? 'number' : 'integer') };
    if (field.min !== undefined) s.minimum = field.min;
    if (field.max !== undefined) s.maximum = field.max;
    return s;
  }
  const s: RJSFSchema = { title, type: nullable('string') };
  if (field?.length !== undefined) s.maxLength = field.length;
  if (required) s.minLength = 1;
  if (field?.type === 'date') s.pattern = DATE_PATTERN;
  if (field?.type === 'datetime') s.pattern = DATETIME_PATTERN;
  return s;
}

export interface BuiltForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

export interface BuildFormOptions {
  /** Current record: show/readOnly conditions are evaluated against it. */
  record: RecordLike;
  /** mode=view: everything read-only. */
  readOnly: boolean;
  /** Every entity by name: reference fields to a family then default to the `reference` widget. */
  entities?: Readonly<Record<string, EntityDefinition>>;
}

export function buildFormSchema(page: PageDefinition, entity: EntityDefinition, env: Pick<RuntimeEnv, 't' | 'language'>, opts: BuildFormOptions): BuiltForm {
  const form = page.form ?? { fields: [] };
  const properties: Record<string, RJSFSchema> = {};
  const required: string[] = [];
  const uiSchema: UiSchema = {
    'ui:submitButtonOptions': { norender: true },
    'ui:options': { columns: form.columns ?? 2 },
  };
  const order: string[] = [];
  for (const f of form.fields) {
    if (f.show !== undefined && !evaluateCondition(f.show, opts.record)) continue;
    const field = findField(entity, f.field);
    const target = field?.references ? opts.entities?.[field.references] : undefined;
    const referable = target !== undefined && (target.kind ?? 'family') === 'family';
    const widget = f.widget ?? (referable ? 'reference' : defaultWidget(field));
    const readOnly =
      opts.readOnly || widget === 'display' || field?.readOnly === true || (f.readOnly !== undefined && evaluateCondition(f.readOnly, opts.record));
    // A read-only field cannot be fixed by the user, so requiring it would only block saving.
    const isRequired = !readOnly && (f.required === true || field?.required === true);
    const title = fieldLabel(entity, f.field, env, f.label);
    properties[f.field] = propertySchema(field, widget, title, isRequired);
    if (isRequired) required.push(f.field);
    order.push(f.field);
    uiSchema[f.field] = {
      'ui:widget': widget,
      'ui:readonly': readOnly,
      'ui:placeholder': f.placeholder !== undefined ? resolveText(f.placeholder, env) : undefined,
      'ui:options': {
        span: f.span ?? 1,
        lookup: field?.lookup,
        displayKey: f.displayKey ?? (field?.references ? `${f.field}Display` : undefined),
        precision: field?.scale,
        ...(widget === 'attachment' ? { attachment: f.attachment, functionId: entity.name, businessKey: entity.key } : {}),
        ...(widget === 'reference' && referable ? { reference: target } : {}),
      },
    };
  }
  uiSchema['ui:order'] = [...order, '*'];
  return { schema: { type: 'object', properties, required }, uiSchema };
}

/** A new record: entity defaults, and the initial status of a status-bearing entity. */
export function emptyRecord(entity: EntityDefinition): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field?.default !== undefined) record[name] = field.default;
  }
  if (entity.status) record[entity.status.field] = entity.status.initial;
  for (const line of entity.lines ?? []) record[line.name] = [];
  return record;
}
