// Arco widgets for rjsf; registered in the widget registry under the page definition's widget names.
import { Checkbox, DatePicker, Input, InputNumber, Select } from '@arco-design/web-react';
import type { WidgetProps } from '@rjsf/utils';
import { useRuntimeEnv } from '../env.js';
import { enabledValues, lookupMeaning } from '../data/lookupCache.js';
import { useLookups } from '../data/useLookups.js';
import { formatDate, formatNumber } from '../grid/format.js';
import type { WidgetDef } from '../registry/types.js';
import { ynChecked, ynValue } from './yn.js';

export interface FormContext {
  record: Record<string, unknown>;
}

interface SrmOptions {
  lookup?: string;
  displayKey?: string;
  precision?: number;
}

const opts = (p: WidgetProps) => p.options as SrmOptions;
const blank = (v: unknown) => v === undefined || v === null || v === '';

function TextareaWidget({ id, value, readonly, disabled, placeholder, onChange, schema }: WidgetProps) {
  return (
    <Input.TextArea
      id={id}
      value={blank(value) ? '' : String(value)}
      readOnly={readonly}
      disabled={disabled}
      placeholder={placeholder}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      autoSize={{ minRows: 2, maxRows: 6 }}
      onChange={(v) => onChange(v === '' ? undefined : v)}
    />
  );
}

function NumberWidget(p: WidgetProps) {
  const { id, value, readonly, disabled, placeholder, onChange, schema } = p;
  return (
    <InputNumber
      id={id}
      value={blank(value) ? undefined : Number(value)}
      readOnly={readonly}
      disabled={disabled}
      placeholder={placeholder}
      precision={opts(p).precision}
      min={typeof schema.minimum === 'number' ? schema.minimum : undefined}
      max={typeof schema.maximum === 'number' ? schema.maximum : undefined}
      style={{ width: '100%' }}
      onChange={(v) => onChange(v === undefined || v === null || Number.isNaN(v) ? undefined : v)}
    />
  );
}

function LookupWidget(p: WidgetProps) {
  const env = useRuntimeEnv();
  const { id, value, readonly, disabled, placeholder, onChange } = p;
  const type = opts(p).lookup ?? '';
  const values = useLookups(type ? [type] : [])[type];
  const enabled = enabledValues(values);
  // Keep a disabled current code visible (as disabled) so an old record still shows its meaning.
  const current = values?.find((v) => v.lookupCode === value && v.enabledFlag !== 'Y');
  const options = [...enabled, ...(current ? [current] : [])].map((v) => ({ label: v.meaning, value: v.lookupCode, disabled: v.enabledFlag !== 'Y' }));
  return (
    <Select
      id={id}
      value={blank(value) ? undefined : String(value)}
      disabled={disabled || readonly}
      placeholder={placeholder ?? env.t('placeholder.select')}
      allowClear
      showSearch
      options={options}
      onChange={(v: string | undefined) => onChange(v ?? undefined)}
    />
  );
}

function dateWidget(withTime: boolean) {
  return function DateWidget({ id, value, readonly, disabled, placeholder, onChange }: WidgetProps) {
    const env = useRuntimeEnv();
    return (
      <DatePicker
        inputProps={{ id }}
        style={{ width: '100%' }}
        showTime={withTime}
        format={withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD'}
        value={blank(value) ? undefined : String(value)}
        disabled={disabled || readonly}
        placeholder={placeholder ?? env.t('placeholder.date')}
        onChange={(dateString: string | undefined) => onChange(dateString ? dateString : undefined)}
      />
    );
  };
}

function CheckboxWidget({ id, value, readonly, disabled, onChange }: WidgetProps) {
  const env = useRuntimeEnv();
  let checked = false;
  let invalid = false;
  try {
    checked = ynChecked(value);
  } catch {
    invalid = true;
  }
  return (
    <div>
      <Checkbox id={id} checked={checked} disabled={disabled || readonly} onChange={(c: boolean) => onChange(ynValue(c))} />
      {invalid && (
        <span role="alert" style={{ color: '#f53f3f', fontSize: 12, marginLeft: 8 }}>
          {env.t('validation.yn')}
        </span>
      )}
    </div>
  );
}

function DisplayWidget(p: WidgetProps) {
  const { id, value, schema, registry } = p;
  const o = opts(p);
  const record = (registry.formContext as FormContext | undefined)?.record ?? {};
  const values = useLookups(o.lookup ? [o.lookup] : [])[o.lookup ?? ''];
  let text: string;
  if (o.displayKey && !blank(record[o.displayKey])) text = String(record[o.displayKey]);
  else if (o.lookup) text = lookupMeaning(values, value) ?? (blank(value) ? '' : String(value));
  else if (schema.pattern && typeof value === 'string') text = formatDate(value, value.length > 10 ? 'datetime' : 'date');
  else if (typeof value === 'number') text = formatNumber(value, { precision: o.precision });
  else text = blank(value) ? '' : String(value);
  return (
    <div
      id={id}
      className="srm-display-field"
      style={{
        minHeight: 32,
        lineHeight: '32px',
        padding: '0 12px',
        // Flat and outlined: a value to read, not a box to type in (Arco's inputs are filled grey).
        border: '1px dashed var(--color-border-2)',
        borderRadius: 2,
        color: '#1d2129',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
      }}
    >
      {text || '\u00a0'}
    </div>
  );
}

function TextWidget(p: WidgetProps) {
  const { BaseInputTemplate } = p.registry.templates;
  return <BaseInputTemplate {...p} />;
}

export const builtInWidgets: Record<string, WidgetDef> = {
  text: { component: TextWidget },
  textarea: { component: TextareaWidget },
  number: { component: NumberWidget },
  lookup: { component: LookupWidget },
  date: { component: dateWidget(false) },
  datetime: { component: dateWidget(true) },
  checkbox: { component: CheckboxWidget },
  display: { component: DisplayWidget },
};
