import { forwardRef, useMemo } from 'react';
import { withTheme } from '@rjsf/core';
import type Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, RegistryWidgetsType, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useRuntimeEnv } from '../env.js';
import { widgets as widgetRegistry } from '../registry/index.js';
import { templates } from './templates.js';
import { localizeErrors } from './validation.js';
import { formValidatorFor } from './validators.js';
import type { FormContext } from './widgets.js';

export type Record_ = Record<string, unknown>;

const ThemedForm = withTheme<Record_, RJSFSchema, FormContext>({ templates });

export interface EntityFormProps {
  /** Its precompiled validator checks field types and limits. */
  entityName: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formData: Record_;
  onChange(data: Record_): void;
  /** Errors found outside the schema (a value already taken), shown under their fields. */
  extraErrors?: ErrorSchema;
}

/** The rjsf form in the Arco theme; widgets come from the widget registry (registerBuiltIns). */
export const EntityForm = forwardRef<Form<Record_, RJSFSchema, FormContext>, EntityFormProps>(function EntityForm(
  { entityName, schema, uiSchema, formData, onChange, extraErrors },
  ref,
) {
  const env = useRuntimeEnv();
  const widgets = useMemo<RegistryWidgetsType>(() => Object.fromEntries(widgetRegistry.names().map((n) => [n, widgetRegistry.get(n).component])), []);
  const formContext = useMemo<FormContext>(() => ({ record: formData }), [formData]);
  return (
    <ThemedForm
      ref={ref}
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      formContext={formContext}
      widgets={widgets}
      validator={formValidatorFor(entityName)}
      showErrorList={false}
      noHtml5Validate
      omitExtraData={false}
      extraErrors={extraErrors}
      transformErrors={(errors) => localizeErrors(errors, schema, env)}
      onChange={(e: IChangeEvent<Record_, RJSFSchema, FormContext>) => onChange(e.formData ?? formData)}
    />
  );
});
