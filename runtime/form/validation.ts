// Ajv's messages in the user's language. Validation itself: precompiledValidator.ts (no schema compiled at runtime).
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import type { RuntimeEnv } from '../env.js';

const KNOWN = new Set([
  'required',
  'maxLength',
  'minLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'pattern',
  'format',
  'type',
  'enum',
]);

function propertyName(error: RJSFValidationError): string {
  if (error.name === 'required' && error.params && typeof error.params.missingProperty === 'string') return error.params.missingProperty;
  return (error.property ?? '').replace(/^\./, '').replace(/^\['(.*)'\]$/, '$1');
}

/** Replace Ajv's English messages with the runtime locale's, naming the field by its label. */
export function localizeErrors(errors: RJSFValidationError[], schema: RJSFSchema, env: Pick<RuntimeEnv, 't'>): RJSFValidationError[] {
  return errors.map((error) => {
    const name = propertyName(error);
    const prop = schema.properties?.[name];
    const label = (typeof prop === 'object' && typeof prop.title === 'string' ? prop.title : undefined) ?? name;
    const enumValues = typeof prop === 'object' ? prop.enum : undefined;
    let key = KNOWN.has(error.name ?? '') ? `validation.${error.name}` : 'validation.invalid';
    // A YN field only knows Y and N: SPEC §8's checkbox message.
    if (error.name === 'enum' && Array.isArray(enumValues) && enumValues.includes('Y') && enumValues.includes('N')) key = 'validation.yn';
    const limit = error.params?.limit ?? error.params?.comparison;
    const message = env.t(key, { label, limit });
    return { ...error, message, stack: `${label}: ${message}` };
  });
}
