import { field, type EntityDefinition, type Field } from '../../meta/definitions.js';
import type { Text } from '../../meta/generated/definitions.js';
import type { Language } from '../i18n/messages.js';

const AUDIT_LABELS: Record<string, Record<Language, string>> = {
  versionNum: { CN: '版本号', EN: 'Version', TH: 'เวอร์ชัน', VN: 'Phiên bản' },
};

export function textIn(text: Text | undefined, lang: Language, fallback: string): string {
  if (!text) return fallback;
  return typeof text === 'string' ? fallback : text[lang];
}

/** A field's name as the user reads it, for messages. */
export function fieldLabel(entity: EntityDefinition, name: string, lang: Language): string {
  const f: Field | undefined = field(entity, name);
  return f?.label ? textIn(f.label, lang, name) : Object.hasOwn(AUDIT_LABELS, name) ? AUDIT_LABELS[name][lang] : name;
}

export function entityLabel(entity: EntityDefinition, lang: Language): string {
  return textIn(entity.label, lang, entity.name);
}
