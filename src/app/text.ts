// Resolves a definition Text (docs/decisions.md): a key goes through i18next, an object is picked by language.
import type { TFunction } from 'i18next';
import type { Text } from '../../runtime/definitions';
import type { Language } from '../../runtime/env';

export function resolveText(text: Text | undefined, t: TFunction, language: Language): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return t(text);
  return text[language] ?? text.CN;
}
