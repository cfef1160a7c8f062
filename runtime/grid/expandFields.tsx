// The built-in expand renderer `fields`: the listed fields of the row as label: value pairs.
import type { ComponentProps } from 'react';
import type { ExpandDef } from '../registry/types.js';
import { useRuntimeEnv } from '../env.js';
import { fieldLabel } from '../text/resolveText.js';

function plain(v: unknown): string {
  if (v === null || v === undefined) return '';
  return Array.isArray(v) ? v.join(' ~ ') : String(v);
}

// A named component (not an inline arrow in the object literal), so React and the hooks rules see a
// component calling useRuntimeEnv.
function FieldsExpand({ row, fields, entity }: ComponentProps<ExpandDef['component']>) {
  const env = useRuntimeEnv();
  const keys = fields.length ? fields : Object.keys(entity.fields);
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '2px 12px', margin: 0, fontSize: 13 }}>
      {keys.map((k) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt style={{ color: '#86909c' }}>{fieldLabel(entity, k, env)}</dt>
          <dd style={{ margin: 0 }} data-field={k}>
            {plain(row[`${k}Display`] ?? row[k])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export const fieldsExpand: ExpandDef = {
  component: FieldsExpand,
};
