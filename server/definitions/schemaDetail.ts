// Ajv's error words are English; the designer shows a definition's format errors in the user's
// language, so the common keywords get their own messages (anything rarer keeps Ajv's text).
import type { ErrorObject } from 'ajv';
import { message, type Language } from '../i18n/messages.js';

const list = (v: unknown) => (Array.isArray(v) ? v.map(String).join(', ') : String(v));

export function schemaDetail(e: ErrorObject, lang: Language): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return message(lang, 'schema.required', { name: String(p.missingProperty) });
    case 'additionalProperties':
      return message(lang, 'schema.additionalProperty', { name: String(p.additionalProperty) });
    case 'type':
      return message(lang, 'schema.type', { type: list(p.type) });
    case 'enum':
      return message(lang, 'schema.enum', { values: list(p.allowedValues) });
    case 'const':
      return message(lang, 'schema.const', { value: JSON.stringify(p.allowedValue) });
    case 'minimum':
    case 'exclusiveMinimum':
      return message(lang, 'schema.minimum', { limit: String(p.limit) });
    case 'maximum':
    case 'exclusiveMaximum':
      return message(lang, 'schema.maximum', { limit: String(p.limit) });
    case 'minLength':
      return message(lang, 'schema.minLength', { limit: String(p.limit) });
    case 'maxLength':
      return message(lang, 'schema.maxLength', { limit: String(p.limit) });
    case 'minItems':
      return message(lang, 'schema.minItems', { limit: String(p.limit) });
    case 'pattern':
      return message(lang, 'schema.pattern', { pattern: String(p.pattern) });
    case 'oneOf':
    case 'anyOf':
      return message(lang, 'schema.oneOf');
    default:
      return e.message ?? e.keyword;
  }
}
