// Form widget for a write-only secret (an initial password): typed, sent once, never shown back.
import { Input } from '@arco-design/web-react';
import type { WidgetProps } from '@rjsf/utils';
import type { WidgetDef } from '../registry/types.js';

function PasswordWidget({ id, value, readonly, disabled, placeholder, onChange, schema }: WidgetProps) {
  return (
    <Input.Password
      id={id}
      value={value === undefined || value === null ? '' : String(value)}
      readOnly={readonly}
      disabled={disabled}
      placeholder={placeholder}
      autoComplete="new-password"
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      onChange={(v) => onChange(v === '' ? undefined : v)}
    />
  );
}

export const passwordWidgets: Record<string, WidgetDef> = {
  password: { component: PasswordWidget },
};
