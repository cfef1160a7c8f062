import cn from './cn.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import th from './th.json' with { type: 'json' };
import vn from './vn.json' with { type: 'json' };
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MessageParams } from '../errors.js';
import { moduleDirs } from '../../meta/load.js';

export type Language = 'CN' | 'EN' | 'TH' | 'VN';
export const LANGUAGES: readonly Language[] = ['CN', 'EN', 'TH', 'VN'];
const root = join(import.meta.dirname, '..', '..');

/** The platform's messages plus each module's `server` section of modules/{area}/messages/{LANG}.json. */
function withModuleMessages(lang: Language, platform: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = { ...platform };
  for (const m of moduleDirs(root)) {
    const file = join(m.dir, 'messages', `${lang}.json`);
    if (!existsSync(file)) continue;
    const section = (JSON.parse(readFileSync(file, 'utf8')) as { server?: Record<string, string> }).server ?? {};
    for (const [key, text] of Object.entries(section)) {
      if (Object.hasOwn(out, key)) throw new Error(`modules/${m.name}/messages/${lang}.json: message ${key} is defined twice`);
      out[key] = text;
    }
  }
  return out;
}

export const catalogues: Record<Language, Record<string, string>> = {
  CN: withModuleMessages('CN', cn),
  EN: withModuleMessages('EN', en),
  TH: withModuleMessages('TH', th),
  VN: withModuleMessages('VN', vn),
};

export function languageOf(header: string | string[] | undefined): Language {
  const v = (Array.isArray(header) ? header[0] : header)?.toUpperCase();
  return (LANGUAGES as readonly string[]).includes(v ?? '') ? (v as Language) : 'CN';
}

export function message(lang: Language, key: string, params: MessageParams = {}): string {
  const template = (Object.hasOwn(catalogues[lang], key) ? catalogues[lang][key] : Object.hasOwn(catalogues.CN, key) ? catalogues.CN[key] : undefined) ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

/**
 * One message in every language, `{CN, EN, TH, VN}`: a message variable's per-language value
 * (docs/messages.md), so each recipient reads it in its own language.
 */
export function messageInEveryLanguage(key: string, params: MessageParams = {}): Record<Language, string> {
  return Object.fromEntries(LANGUAGES.map((l) => [l, message(l, key, params)])) as Record<Language, string>;
}
