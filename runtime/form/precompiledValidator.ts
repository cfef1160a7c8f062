// An rjsf validator that never compiles a schema: field types and limits come from the entity's
// precompiled Ajv function (src/generated/validators.js, injected with registerValidators), and what the
// form adds on top — which fields it shows and which of them are required for this record — is checked
// here against the form schema. No new Function at runtime, so a CSP without 'unsafe-eval' holds.
import {
  createErrorHandler,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';

/** The shape of an Ajv standalone validate function. */
export interface PrecompiledValidate {
  (data: unknown): boolean;
  errors?: { instancePath: string; schemaPath: string; keyword: string; params: Record<string, unknown>; message?: string }[] | null;
}

type FormData = Record<string, unknown>;

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function requiredErrors(schema: RJSFSchema, data: FormData): RJSFValidationError[] {
  return (schema.required ?? [])
    .filter((name) => blank(data[name]))
    .map((name) => ({
      name: 'required',
      property: `.${name}`,
      params: { missingProperty: name },
      message: `must have required property '${name}'`,
      stack: `must have required property '${name}'`,
      schemaPath: '#/required',
    }));
}

function fieldErrors(validate: PrecompiledValidate | undefined, schema: RJSFSchema, data: FormData): RJSFValidationError[] {
  if (!validate || validate(data)) return [];
  const shown = schema.properties ?? {};
  const out: RJSFValidationError[] = [];
  for (const e of validate.errors ?? []) {
    // Top-level fields only: line arrays are checked by their grids (lineValidation.ts).
    const name = e.instancePath.split('/')[1];
    if (!name || e.instancePath !== `/${name}` || !(name in shown)) continue;
    // An empty value is the required check's business, not a type error.
    if (blank(data[name])) continue;
    out.push({
      name: e.keyword,
      property: `.${name}`,
      params: e.params,
      message: e.message ?? e.keyword,
      stack: `.${name} ${e.message ?? ''}`.trim(),
      schemaPath: e.schemaPath,
    });
  }
  return out;
}

/** A type/enum/required check of one (non-recursive) schema, for rjsf's option matching; our forms use no oneOf/anyOf. */
function matches(schema: RJSFSchema, value: unknown): boolean {
  if (schema.const !== undefined && schema.const !== value) return false;
  if (schema.enum && !schema.enum.includes(value as never)) return false;
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length > 0) {
    const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    const ok = types.some(
      (t) => t === actual || (t === 'integer' && typeof value === 'number' && Number.isInteger(value)) || (t === 'number' && actual === 'number'),
    );
    if (!ok) return false;
  }
  if (schema.required && value && typeof value === 'object') return schema.required.every((k) => k in (value as object));
  return true;
}

export function createPrecompiledFormValidator(validate: PrecompiledValidate | undefined): ValidatorType<FormData, RJSFSchema> {
  const rawErrors = (schema: RJSFSchema, formData: FormData | undefined) => {
    const data = formData ?? {};
    return [...requiredErrors(schema, data), ...fieldErrors(validate, schema, data)];
  };
  return {
    validateFormData(
      formData: FormData | undefined,
      schema: RJSFSchema,
      customValidate?: CustomValidator<FormData, RJSFSchema>,
      transformErrors?: ErrorTransformer<FormData, RJSFSchema>,
      uiSchema?: UiSchema<FormData, RJSFSchema>,
    ): ValidationData<FormData> {
      let errors = rawErrors(schema, formData);
      if (transformErrors) errors = transformErrors(errors, uiSchema);
      let result: ValidationData<FormData> = { errors, errorSchema: toErrorSchema<FormData>(errors) };
      if (customValidate) {
        const handler = customValidate(formData, createErrorHandler<FormData>(formData ?? {}), uiSchema);
        result = validationDataMerge<FormData>(result, unwrapErrorHandler<FormData>(handler));
      }
      return result;
    },
    isValid(schema: RJSFSchema, formData: FormData | undefined): boolean {
      return matches(schema, formData);
    },
    rawValidation<Result = RJSFValidationError>(schema: RJSFSchema, formData?: FormData): { errors?: Result[]; validationError?: Error } {
      const errors = rawErrors(schema, formData);
      return errors.length ? { errors: errors as unknown as Result[] } : {};
    },
  };
}
