// Arco templates for rjsf (the ideas of @rjsf/antd): label + required asterisk + inline error, a
// column grid for the object, no submit button (saving is a page action).
import type { ReactNode } from 'react';
import { Button, Grid, Input } from '@arco-design/web-react';
import type {
  ArrayFieldTemplateProps,
  BaseInputTemplateProps,
  DescriptionFieldProps,
  FieldErrorProps,
  FieldTemplateProps,
  ObjectFieldTemplateProps,
  TemplatesType,
  TitleFieldProps,
} from '@rjsf/utils';

const ERROR_RED = '#f53f3f';

export function FieldTemplate({
  id,
  label,
  required,
  rawErrors,
  children,
  hidden,
  displayLabel,
  schema,
  classNames,
  description,
  rawDescription,
  help,
  readonly,
  disabled,
  uiSchema,
}: FieldTemplateProps) {
  if (hidden) return <div style={{ display: 'none' }}>{children}</div>;
  if (schema.type === 'object' || schema.type === 'array') return children;
  const errors = (rawErrors ?? []).filter(Boolean);
  // Read-only fields must not look editable (issue 18): `data-readonly` gives them the flat, outlined
  // look of src/styles/forms.css instead of Arco's filled input box.
  const fixed = readonly === true || disabled === true || uiSchema?.['ui:widget'] === 'display';
  return (
    <div
      className={`srm-form-field ${classNames ?? ''}`}
      data-field={id.replace(/^root_/, '')}
      data-readonly={fixed ? 'true' : undefined}
      style={{ marginBottom: 16 }}
    >
      {displayLabel !== false && (
        <label htmlFor={id} style={{ display: 'block', marginBottom: 4, fontSize: 13, color: '#4e5969' }}>
          {required && <span style={{ color: ERROR_RED, marginRight: 2 }}>*</span>}
          {label}
        </label>
      )}
      {displayLabel !== false && rawDescription ? description : null}
      {children}
      {help}
      {errors.length > 0 && (
        <div role="alert" className="srm-form-error" style={{ color: ERROR_RED, fontSize: 12, marginTop: 2 }}>
          {errors.join('; ')}
        </div>
      )}
    </div>
  );
}

export function ObjectFieldTemplate({ properties, uiSchema }: ObjectFieldTemplateProps) {
  const options = (uiSchema?.['ui:options'] ?? {}) as { columns?: number };
  const columns = Math.max(1, options.columns ?? 2);
  return (
    <Grid.Row gutter={24}>
      {properties
        .filter((p) => !p.hidden)
        .map((p) => {
          const fieldUi = (uiSchema?.[p.name] ?? {}) as { 'ui:options'?: { span?: number } };
          const span = Math.min(columns, fieldUi['ui:options']?.span ?? 1);
          return (
            <Grid.Col key={p.name} span={Math.round((24 / columns) * span)}>
              {p.content}
            </Grid.Col>
          );
        })}
    </Grid.Row>
  );
}

export function ArrayFieldTemplate({ items, canAdd, onAddClick, disabled, readonly, title }: ArrayFieldTemplateProps) {
  return (
    <fieldset className="srm-form-array" style={{ border: 'none', padding: 0 }}>
      {title && <legend style={{ fontWeight: 600 }}>{title}</legend>}
      {items}
      {canAdd && !disabled && !readonly && (
        <Button size="small" onClick={onAddClick}>
          +
        </Button>
      )}
    </fieldset>
  );
}

export function BaseInputTemplate({
  id,
  value,
  readonly,
  disabled,
  placeholder,
  onChange,
  onBlur,
  onFocus,
  autofocus,
  schema,
  options,
}: BaseInputTemplateProps) {
  return (
    <Input
      id={id}
      value={value === null || value === undefined ? '' : String(value)}
      readOnly={readonly}
      disabled={disabled}
      placeholder={placeholder}
      autoFocus={autofocus}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      onChange={(v) => onChange(v === '' ? (options.emptyValue ?? undefined) : v)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

const Nothing = (): ReactNode => null;

export function DescriptionFieldTemplate({ description }: DescriptionFieldProps) {
  return description ? <div style={{ color: '#86909c', fontSize: 12 }}>{description}</div> : null;
}

export function TitleFieldTemplate({ title }: TitleFieldProps) {
  return title ? <div style={{ fontWeight: 600, marginBottom: 8 }}>{title}</div> : null;
}

// Errors are shown by FieldTemplate from rawErrors; the default list would repeat them.
export function FieldErrorTemplate(_props: FieldErrorProps) {
  return null;
}

export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  BaseInputTemplate,
  DescriptionFieldTemplate,
  TitleFieldTemplate,
  FieldErrorTemplate,
  ErrorListTemplate: Nothing,
  ButtonTemplates: { SubmitButton: Nothing } as unknown as TemplatesType['ButtonTemplates'],
};
