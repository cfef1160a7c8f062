// Definition Text in the designer: a string is an i18next key (shown translated), an object is per language.
import type { Text } from '../../runtime/definitions';
import { i18n } from '../i18n';

export type TextObject = { CN: string; EN: string; TH: string; VN: string };

export function textOf(text: Text | undefined, language: string): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return i18n.t(text);
  return (text as Record<string, string | undefined>)[language] ?? text.CN;
}

/** The four language values of a Text: a key is expanded to its translations so each can be edited. */
export function textObject(text: Text | undefined): TextObject {
  if (text === undefined) return { CN: '', EN: '', TH: '', VN: '' };
  if (typeof text === 'string') {
    const pick = (lng: string) => i18n.t(text, { lng });
    return { CN: pick('CN'), EN: pick('EN'), TH: pick('TH'), VN: pick('VN') };
  }
  return { CN: text.CN ?? '', EN: text.EN ?? '', TH: text.TH ?? '', VN: text.VN ?? '' };
}
