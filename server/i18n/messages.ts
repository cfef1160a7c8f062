import cn from './cn.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import th from './th.json' with { type: 'json' };
import vn from './vn.json' with { type: 'json' };
import type { MessageParams } from '../errors.js';

export type Language = 'CN' | 'EN' | 'TH' | 'VN';
export const LANGUAGES: readonly Language[] = ['CN', 'EN', 'TH', 'VN'];
export const catalogues: Record<Language, Record<string, string>> = { CN: cn, EN: en, TH: th, VN: vn };

export function languageOf(header: string | string[] | undefined): Language {
  const v = (Array.isArray(header) ? header[0] : header)?.toUpperCase();
  return (LANGUAGES as readonly string[]).includes(v ?? '') ? (v as Language) : 'CN';
}

export function message(lang: Language, key: string, params: MessageParams = {}): string {
  const template = catalogues[lang][key] ?? catalogues.CN[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
