// Form widget "reference": a searchable Select of the referenced family's records (listByPage with the
// documented `keyword` filter), showing the record's `{field}Display` until the candidates arrive.
import { Select } from '@arco-design/web-react';
import type { WidgetProps } from '@rjsf/utils';
import type { EntityDefinition } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import { useReferenceOptions } from '../grid/useReferenceOptions.js';
import type { WidgetDef } from '../registry/types.js';
import type { FormContext } from './widgets.js';

interface ReferenceOptions {
  reference?: EntityDefinition;
  displayKey?: string;
}

function ReferenceWidget(p: WidgetProps) {
  const env = useRuntimeEnv();
  const { id, value, readonly, disabled, placeholder, onChange, registry } = p;
  const o = p.options as ReferenceOptions;
  const { options, search, loading } = useReferenceOptions(o.reference);
  const record = (registry.formContext as FormContext | undefined)?.record ?? {};
  const shown = o.displayKey ? record[o.displayKey] : undefined;
  const blank = value === undefined || value === null || value === '';
  const known = options.some((x) => x.value === value);
  const all = !blank && !known ? [{ value: value as string | number, label: typeof shown === 'string' && shown ? shown : String(value) }, ...options] : options;
  return (
    <Select
      id={id}
      data-testid={`reference-${id}`}
      value={blank ? undefined : (value as string | number)}
      disabled={disabled || readonly}
      placeholder={placeholder ?? env.t('placeholder.search')}
      allowClear
      showSearch
      filterOption={false}
      loading={loading}
      onSearch={search}
      options={all}
      onChange={(v: string | number | undefined) => onChange(v ?? undefined)}
    />
  );
}

export const referenceWidget: WidgetDef = {
  component: ReferenceWidget,
};
